# view texts (es): el mensaje de la partida (crates/table/src/view.rs).
# $who: el nombre de un asiento tal como lo pide la frase; $side: el nombre de un bando
# (un jugador o un equipo).

## Las casillas del tablero (como en la imagen; "casilla Geol" no se confunde con una tirada).
view-point-0 = Cham
view-point-1 = casilla Do
view-point-2 = casilla Gae
view-point-3 = casilla Geol
view-point-4 = casilla Yut
view-point-5 = Mo
view-point-6 = casilla Dwit-do
view-point-7 = casilla Dwit-gae
view-point-8 = casilla Dwit-geol
view-point-9 = casilla Dwit-yut
view-point-10 = Dwitmo
view-point-11 = casilla Jji-do
view-point-12 = casilla Jji-gae
view-point-13 = casilla Jji-geol
view-point-14 = casilla Jji-yut
view-point-15 = Jjimo
view-point-16 = casilla Nal-do
view-point-17 = casilla Nal-gae
view-point-18 = casilla Nal-geol
view-point-19 = casilla Nal-yut
view-point-20 = casilla Mo-do
view-point-21 = casilla Mo-gae
view-point-22 = Bang
view-point-23 = casilla Sok-yut
view-point-24 = casilla Sok-mo
view-point-25 = casilla Dwitmo-do
view-point-26 = casilla Dwitmo-gae
view-point-27 = casilla Saryeo
view-point-28 = casilla Anjji

## Los resultados de las tiradas, como en sus botones.
view-chip-do = 도 Do +1
view-chip-gae = 개 Gae +2
view-chip-geol = 걸 Geol +3
view-chip-yut = 윷 Yut +4
view-chip-mo = 모 Mo +5
view-chip-backdo = 빽도 Back-do -1
view-chip-seoul = 서울 Seoul +1
view-chip-busan = 부산 Busan +1

## Los conjuntos de reglas, por nombre.
view-preset-standard = estándar
view-preset-boardgame = de juego de mesa
view-preset-yunnori = yunnori
view-preset-nyout = nyout

## Un movimiento en palabras, en su botón.
view-move = { $from } → { $to }
view-move-stack = { $from } → { $to } (apilar)
view-move-beside = { $from } → { $to } (al lado)
view-move-new = Ficha nueva
view-move-home = Meta
view-move-off = Fuera del tablero
view-dest-home = meta
view-dest-off = fuera del tablero

## Botones.
view-button-leave-game = Abandonar la partida
view-button-stop = Terminar la partida
view-button-join = Unirme
view-button-leave = Salir
view-button-add-bot = + Bot ({ $level })
view-button-remove-bot = − Bot
view-button-rules = Reglas { $preset }
view-button-fill = Llenar asientos libres (bots { $level })
view-menu-bot-level = Nivel de los bots: { $level }
view-button-start = Empezar
view-button-cancel = Cancelar
view-button-back-in = 🙋 He vuelto
view-button-throw = 🎲 Lanzar los palitos
view-button-reselect = ↩ Volver
view-button-more = Más movimientos…
view-button-autoplay = 🤖 Que el bot juegue mi turno
view-button-rematch = Revancha
view-button-reopen = Abrir la sala otra vez

## La cabecera y la sala de espera.
view-mode-teams = equipos 2 contra 2
view-mode-seats = { $seats } jugadores
view-first-to = gana quien llegue primero a { $wins }
view-header = **Yut Nori** · { $mode } · reglas { $rules } · { $seconds } s por jugada{ $series }
view-team-joiner = {" y "}
view-lobby-help = Pulsa **Unirme** para sentarte. El anfitrión elige el modo (2, 3 o 4 jugadores, o equipos 2 contra 2) y las reglas, y puede empezar con dos jugadores o más; cuando todos los asientos están ocupados, cualquiera puede empezar.
view-lobby-closes = Si nadie empieza la partida, la sala se cierra sola:

## Lo que ha pasado.
view-starts = 🎬 La partida empieza con **{ $who }**.
view-nak = nada (los palitos cayeron fuera de la esterilla: 낙)
view-thrown = 🎲 { $who } sacó **{ $what }**
view-thrown-again = 🎲 { $who } sacó **{ $what }**: ¡vuelve a lanzar!
view-entered = ➕ { $who } metió una ficha con { $chip }: → { $to }
view-moved = ➡️ { $who } movió con { $chip }: { $from } → { $to }
view-moved-stack = ➡️ { $who } movió { $count } fichas juntas con { $chip }: { $from } → { $to }
view-stacked = 🧺 { $count } fichas apiladas en { $at }.
view-captured = 💥 ¡{ $who } capturó { $count } { $count ->
        [one] ficha
       *[other] fichas
    } de { $victim } en { $at }!
view-finished = 🏁 { $side }: { $count } { $count ->
        [one] ficha llegó
       *[other] fichas llegaron
    } a la meta.
view-sent-back = ↩️ { $count } { $count ->
        [one] ficha retrocedió
       *[other] fichas retrocedieron
    } fuera del tablero.
view-discarded = 🗑️ { $who } no tenía ningún movimiento legal con { $list }: { $count ->
        [one] descartado
       *[other] descartados
    }.
view-bonus-later = ✨ Tirada extra después de los resultados guardados.
view-bonus = ✨ ¡Tirada extra!
view-won = 🏆 ¡**{ $side }** gana!

## El tablero en palabras (el texto alternativo de la imagen).
view-alt-board = Tablero de yut nori.
view-alt-side = { $side }: { $waiting } esperando, { $home } en la meta.
view-alt-side-board = { $side }: { $waiting } esperando, { $home } en la meta; en el tablero: { $spots }.
view-alt-held = Resultados guardados: { $list }.
view-alt-acting = Le toca a { $who }.
view-alt-won = Ganó { $side }.
view-alt-last = Última jugada: { $who } jugó { $chip } → { $to }.
view-alt-captured = { $count } { $count ->
        [one] ficha
       *[other] fichas
    } de { $victim } { $count ->
        [one] capturada
       *[other] capturadas
    }.
# Dónde está una ficha: los pasos que le faltan para la meta, y el nombre que la imagen
# escribe allí si escribe uno.
view-alt-steps = { $steps } { $steps ->
        [one] paso
       *[other] pasos
    } de la meta
view-alt-labelled = { $where } ({ $label })
view-alt-stack = una pila de { $count } a { $where }

## De quién es el turno y qué hacer.
view-doing-throw = lanza los palitos
view-doing-move = mueve una ficha con { $chip } (los botones numerados coinciden con el tablero)
# The same while the computer moves (no buttons to match).
view-doing-moving = mueve una ficha con { $chip }
view-doing-pick = elige qué resultado usar
view-turn = ▶️ { $who }: { $doing }.
view-turn-away = ▶️ { $who } (ausente: juega el bot): { $doing }.
view-to-spend = Resultados por usar: { $list }

## El final de una partida.
view-stopped = La partida se terminó.
view-final-ranking = Clasificación final:
view-ranking-line = { $place }. { $side } — { $home } en la meta
view-match = Serie: { $score }
view-match-won = 🏆 ¡{ $side } gana la serie!

## `/yut games`: the server's games.
games-none = No hay ninguna partida en este servidor. Abre una con `/yut new`.
games-head = { $count ->
    [one] Una partida en este servidor
   *[other] { $count } partidas en este servidor
} (página { $page } de { $pages }):
games-lobby = sala, { $taken } de { $seats } asientos ocupados
games-home = 🏠 { $home } de { $pieces } fichas en casa
games-more = Más: `/yut games page:{ $next }`
