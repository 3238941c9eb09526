# standings texts (es)

## /yut clasificación y /yut estadísticas (crates/table/src/standings.rs).
standings-all-families = Todas las modalidades
standings-family-1v1 = 1 contra 1
standings-family-teams = 2 contra 2 por equipos
standings-family-ffa = todos contra todos
standings-season = temporada { $season }
standings-season-all-time = de todos los tiempos
standings-leaderboard-title = **Clasificación** · { $season }
standings-ranked-row = { $place }. **{ $name }** { $rating } — { $games } { $games ->
        [one] partida
       *[other] partidas
    }, { $percent }% de victorias
standings-provisional = *Provisionales (menos de 10 partidas puntuadas):* { $list }
standings-provisional-more = y { $more } más
standings-no-games = Todavía no hay partidas puntuadas.
standings-other-seasons = Otras temporadas: { $list }
standings-place-provisional = provisional, { $games } { $games ->
        [one] partida puntuada
       *[other] partidas puntuadas
    }
standings-place-rank = puesto { $rank } de { $of }
standings-place-none = aún sin partidas esta temporada
standings-family-line = { $family }: **{ $rating }** ({ $place }) · esta temporada { $games } { $games ->
        [one] partida
       *[other] partidas
    }, { $percent }% de victorias
standings-streak-won = { $n } { $n ->
        [one] victoria
       *[other] victorias seguidas
    }
standings-streak-lost = { $n } { $n ->
        [one] derrota
       *[other] derrotas seguidas
    }
standings-streak-none = ninguna
standings-card-games = Partidas: { $games } · victorias: { $wins } ({ $percent }%) · racha: { $streak } (mejor racha: { $best } { $best ->
        [one] victoria
       *[other] victorias seguidas
    })
standings-card-conduct = Tiempos agotados: { $timeouts } · partidas abandonadas: { $leaves }
standings-recent-title = Últimas partidas:

## Después de una partida: repetición, análisis, revisión, historial (crates/service/src/after.rs, crates/table/src/after.rs).
after-button-replay = 🎞️ Repetición
after-button-analysis = 📈 Análisis
after-button-review = 🔍 Revisar mi partida
after-button-fair = 🎲 Tiradas justas
# Respuesta privada de «Tiradas justas» ($game: el número de la partida).
after-fair = 🎲 **Tiradas justas**, partida #{ $game }: antes de la primera tirada elegí una semilla secreta y mostré su huella, SHA-256 `{ $commitment }`. Cada tirada sale de esa semilla: una vez empezada la partida nadie puede cambiar una tirada, ni siquiera yo.
after-fair-later = Al terminar la partida muestro la semilla: su SHA-256 debe ser esa huella, y `/yut verificar partida:{ $game }` comprueba entonces cada tirada.
after-fair-seed = La semilla: `{ $seed }`. Su SHA-256 es esa huella; `/yut verificar partida:{ $game }` repite cada tirada a partir de ella.
after-fair-none = Esta partida empezó antes de que las tiradas se comprometieran, así que no se pueden comprobar.
# /yut verificar, respuesta privada.
after-verified = ✅ **Verificado**: la semilla coincide con su compromiso y las { $throws } tiradas salen de ella.
after-not-verified = ❌ **No verificado**: `{ $why }`
after-verify-how = Adjunta el registro de una partida (el archivo `.json` que acompaña a `/yut repetición`) en `registro`, o indica en `partida` el número de una partida terminada de este servidor.
after-verify-download = Lo siento, no pude leer el archivo adjunto. Inténtalo de nuevo.
after-commitment = -# 🎲 Compromiso de las tiradas: SHA-256 `{ $commitment }` (la semilla se revela cuando termina la partida)
after-seed = -# 🎲 Semilla de las tiradas: `{ $seed }` (su SHA-256 es el compromiso mostrado al principio; comprueba cada tirada con `/yut verificar`)
after-no-such-game = No hay ninguna partida con ese número.
after-no-finished-game = Todavía no ha terminado ninguna partida en este canal, así que no hay nada que repetir.
after-other-server = Esa partida se jugó en otro servidor.
after-running = Esa partida sigue en curso: podrás ver la repetición cuando termine.
after-not-started = Esa partida se detuvo antes de empezar.
after-broken = Lo siento, no pude reproducir el registro de esa partida.
after-storage = Lo siento, no pude leer la partida. Inténtalo de nuevo.
after-replay-seed = -# 🎲 Semilla de las tiradas `{ $seed }` (SHA-256 `{ $commitment }`): comprueba cada tirada con `/yut verificar` y el registro adjunto.
after-history-empty = Aquí todavía no hay partidas terminadas.
after-history-title = **Últimas partidas**

## Las palabras de la repetición, la gráfica y la revisión (crates/replay/src/words.rs).
replay-chart-title = Probabilidad de ganar por acción (Maestro)
replay-chance-axis = probabilidad de ganar
replay-actions-axis = acciones
replay-turning-point = momento decisivo
# The chart's turning point when it came on the losing side's turn.
replay-decisive-mistake = error decisivo
# Textos alternativos (para lectores de pantalla) de la repetición, la gráfica y la revisión.
replay-gif-alt = Repetición animada de la partida #{ $game }: { $players }; ganó { $winner } tras { $actions } acciones.
replay-chart-alt = Gráfica de la probabilidad de ganar de la partida #{ $game }: { $leader } iba por delante en el { $share }% de los turnos y ganó { $winner }. { $turning }.
replay-review-alt = Decisión { $n } de la revisión (acción { $action }): el tablero antes de mover; { $lost ->
        [one] { $lost } punto de probabilidad perdido
       *[other] { $lost } puntos de probabilidad perdidos
    }.
replay-capture = captura
replay-stack = apilamiento
replay-backdo = back-do
replay-review-title = Tus decisiones más costosas
replay-nothing-to-review = Maestro no encontró ninguna decisión tuya que te costara probabilidad de ganar. ¡Bien jugado!
replay-not-playing = No jugaste en esa partida, así que no hay nada tuyo que revisar.
replay-played = jugaste
replay-master = Maestro jugaría
replay-lost = probabilidad perdida
replay-action = acción
replay-points = puntos
replay-thinned = una partida larga: solo se muestran algunas de sus acciones
replay-caption = 🎞️ Repetición de la partida #{ $game } · { $actions ->
        [one] { $actions } acción
       *[other] { $actions } acciones
    } · { $seconds } s
