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

## Imágenes de los torneos: clasificación, cuadro, podio (crates/render/src/event).

picture-event-place = #
picture-event-name = Nombre
picture-event-points = Puntos
picture-event-record = Balance
picture-event-more = y { $n } más
picture-event-upper = Cuadro superior
picture-event-lower = Cuadro inferior
picture-event-grand-final = Gran final
picture-event-grand-final-reset = Gran final 2
picture-event-round = Ronda { $n }
picture-event-round-of = { $players ->
        [2] Final
        [4] Semifinales
        [8] Cuartos de final
        [16] Octavos de final
        [32] Dieciseisavos de final
       *[other] Ronda de { $players }
    }
picture-event-winner = Campeón
picture-event-tbd = Por definir
picture-event-live = en juego
