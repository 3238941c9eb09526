# picture texts (es)

## La imagen del tablero (crates/render, crates/table/src/paint.rs). Textos cortos: van dibujados.

picture-level-easy = Fácil
picture-level-normal = Normal
picture-level-master = Maestro
picture-player = Jugador { $n }
picture-bot = Bot { $n }
picture-ordinal = { $n }.º
picture-turn-throw = ▶ lanza
picture-turn-move = ▶ mueve
picture-away = ausente
picture-captured = capturó { $count }×
picture-finished = +{ $count } a meta
picture-pool-empty = sin resultados
picture-chip-do = do { $steps }
picture-chip-gae = gae { $steps }
picture-chip-geol = geol { $steps }
picture-chip-yut = yut { $steps }
picture-chip-mo = mo { $steps }
picture-chip-backdo = back-do { $steps }
picture-chip-seoul = seúl { $steps }
picture-chip-busan = busan { $steps }
picture-toss-void = nula
# Over the last throw's sticks: who threw them.
picture-threw = lanzó { $name }
picture-winner = 🏆 ¡{ $names } { $count ->
        [one] gana
       *[other] ganan
    }!
picture-home-count = { $home }/{ $pieces } en meta
picture-home-mark = META
picture-start-finish = SALIDA · META
picture-station-mo = Mo
picture-station-dwitmo = Dwitmo
picture-station-jjimo = Jjimo
picture-station-bang = Bang
