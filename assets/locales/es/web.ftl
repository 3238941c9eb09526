# web texts (es): las páginas del navegador (assets/web, crates/web). See en/web.ftl.

## Every page.
web-page-title = Yut Nori
web-new-game = Nueva partida

## The new-game page.
web-language = Idioma
web-players = Jugadores
web-teams = Equipos 2 contra 2 (asientos 1 y 3 contra 2 y 4)
web-rules = Reglas
web-house = Reglas de la casa (opcional)
web-seconds = Segundos por acción
web-start = Empezar
web-games = Partidas en este ordenador
web-none = Ninguna todavía.
web-seat = Asiento { $n }
web-person = Persona
web-empty = Vacío
web-bot = Bot: { $level }
web-name = Nombre
web-name-of = Nombre del asiento { $n }
web-default-name = Jugador { $n }
web-playing = en juego
web-finished = terminada

## A game's page.
web-game-title = Yut Nori · partida #{ $game }
web-log = Lo que pasó
web-seat-counts = esperan { $waiting } · en casa { $home }
web-pool = Tiradas por usar: { $list }
web-live = en directo
web-reconnecting = reconectando…
web-seconds-left = { $seconds } s restantes
web-again = Jugar otra vez
web-failed = No se pudo contactar con la partida; nada cambió.
web-seed-line = -# 🎲 Semilla de las tiradas: `{ $seed }` (su SHA-256 es el compromiso mostrado al principio; la página de la repetición comprueba cada tirada)

## A replay's page.
web-replay-title = Repetición de la partida #{ $game }
web-first = Primer paso
web-previous = Paso anterior
web-play = Reproducir
web-pause = Pausa
web-next = Paso siguiente
web-last = Último paso
web-scrub = Paso de la partida
web-speed = Velocidad
web-capture = Siguiente captura
web-turning = Momento decisivo
web-decisions = Decisiones más costosas
web-no-decisions = Ninguna: cada elección fue tan buena como la del bot Maestro.
web-record = Descargar el registro
web-step = Paso { $at } de { $last }
web-step-start = Inicio
web-chance = probabilidad de ganar
web-commitment = Compromiso (SHA-256 de la semilla, mostrado al empezar): { $hex }
web-seed = Semilla: { $hex }
web-seed-matches = Esta página también lo comprobó: el SHA-256 de la semilla es el compromiso mostrado al empezar.
web-seed-differs = Esta página vio que el SHA-256 de la semilla NO es el compromiso.
web-verified = 🔒 Registro comprobado: la semilla corresponde a su compromiso y las { $throws } tiradas salen de ella.
web-not-verified = ❌ Registro no verificado: { $why }

## Refusals.
web-error-no-game = Aquí no hay ninguna partida así.
web-error-starting = Arrancando; inténtalo de nuevo en un momento.
web-error-too-many = Demasiadas páginas en directo abiertas desde tu dirección; cierra algunas y recarga.
web-error-off = Este servidor no muestra sus partidas en la web.
web-error-bad-link = Este enlace no es válido (o fue revocado).
web-error-no-standings = Este servidor no muestra su clasificación en la web.
web-error-no-player = Aquí no hay partidas registradas de este jugador.
web-error-players = Una partida tiene de 2 a 4 jugadores.
web-error-teams = Los equipos 2 contra 2 necesitan 4 jugadores.
web-error-name = Un nombre tiene de 1 a 32 caracteres.
web-error-bot = Un bot es Fácil, Normal o Maestro.
web-error-person = Al menos una persona juega.
web-error-preset = No existe ese conjunto de reglas.
web-error-button = Ese no es un botón de esta partida.
web-standings-title = Yut Nori · clasificación
web-activity-unavailable = El tablero dentro de Discord no está configurado en este bot.
web-activity-signed-out = Tu sesión aquí ha terminado: reconecta o abre la Actividad de nuevo.
web-activity-sign-in-failed = Discord no confirmó quién eres. Cierra la Actividad y ábrela de nuevo.
web-activity-not-participant = No estás en esta Actividad: únete desde Discord primero.
web-activity-no-game = Todavía no hay partida en este canal: empieza una con `/yut new` y aparecerá aquí al momento.
web-activity-connecting = Conectando con Discord…
web-activity-signing-in = Iniciando sesión…
web-activity-loading = Cargando la partida…
web-activity-outside = Esta es la Actividad de Discord de Yut Nori: iníciala desde un canal de Discord (el botón del cohete, Actividades).
web-activity-no-discord = Discord no respondió a esta página.
web-activity-refused = El servidor de la partida rechazó tu inicio de sesión: { $why }
web-activity-unreachable = No se pudo conectar con el servidor de la partida.
web-activity-reconnect = Reconectar
web-activity-failed = No se pudo iniciar la partida: { $why }
web-toss-nak = Fuera del tapete: sin resultado
