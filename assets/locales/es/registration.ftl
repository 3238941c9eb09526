# Textos de los comandos de barra para el registro en Discord (español, para es-ES y es-419):
# nombres, descripciones, opciones y opciones fijas de `/yut` y sus subcomandos. Las claves se
# explican en en/registration.ftl. Nombres: hasta 32 caracteres, sin espacios; descripciones y
# opciones fijas: hasta 100.

## /yut
reg-yut = yut
reg-yut-desc = Yut Nori (윷놀이)

## /yut nueva
reg-new = nueva
reg-new-desc = Abre una partida nueva en este canal
reg-new-mode = modo
reg-new-mode-desc = Todos contra todos o equipos 2 contra 2
reg-new-seats = asientos
reg-new-seats-desc = Asientos en todos contra todos (2 a 4)
reg-new-preset = reglas
reg-new-preset-desc = Reglas base
reg-new-house-rules = reglas_caseras
reg-new-house-rules-desc = Reglas caseras sobre las reglas base, p. ej. backdo=off finish=exact (/yut reglas opciones)
reg-new-pieces = fichas
reg-new-pieces-desc = Fichas por bando
reg-new-seconds = segundos
reg-new-seconds-desc = Segundos por acción (10 a 300)
reg-new-match-length = victorias
reg-new-match-length-desc = Victorias necesarias para ganar el encuentro (1 a 9)
reg-new-bots = bots
reg-new-bots-desc = Bots que se sientan desde el principio (0 a 3)
reg-new-bot-level = nivel_bots
reg-new-bot-level-desc = Nivel de esos bots

## /yut desafiar
reg-challenge = desafiar
reg-challenge-desc = Desafía a alguien (1 contra 1), o a dos con un compañero (2 contra 2)
reg-challenge-opponent = rival
reg-challenge-opponent-desc = A quién desafías
reg-challenge-partner = compañero
reg-challenge-partner-desc = 2 contra 2: tu compañero (elige también a un segundo rival)
reg-challenge-opponent2 = rival2
reg-challenge-opponent2-desc = 2 contra 2: el segundo rival
reg-challenge-preset = reglas
reg-challenge-preset-desc = Reglas base
reg-challenge-house-rules = reglas_caseras
reg-challenge-house-rules-desc = Reglas caseras sobre las reglas base, p. ej. backdo=off finish=exact (/yut reglas opciones)

## /yut unirse
reg-join = unirse
reg-join-desc = Siéntate en la partida de este canal

## /yut salir
reg-leave = salir
reg-leave-desc = Sal de la partida (si ya empezó, un bot juega en tu asiento)

## /yut empezar
reg-start = empezar
reg-start-desc = Empieza la partida

## /yut terminar
reg-stop = terminar
reg-stop-desc = Termina la partida (anfitrión o moderador)

## /yut tablero
reg-board = tablero
reg-board-desc = Vuelve a mostrar el tablero en un mensaje nuevo

## /yut reglas
reg-rules = reglas
reg-rules-desc = Un resumen breve de las reglas
reg-rules-preset = reglas
reg-rules-preset-desc = Reglas base (por defecto: las de la partida del canal; si no hay, estándar)
reg-rules-options = opciones
reg-rules-options-desc = Ver en su lugar todas las opciones de reglas caseras para /yut nueva

## /yut estadísticas
reg-stats = estadísticas
reg-stats-desc = El historial y las puntuaciones de alguien en este servidor
reg-stats-user = usuario
reg-stats-user-desc = De quién (por defecto: tú)

## /yut clasificación
reg-leaderboard = clasificación
reg-leaderboard-desc = Los mejores jugadores de este servidor, por puntuación
reg-leaderboard-mode = modo
reg-leaderboard-mode-desc = Qué modo (por defecto: los tres)
reg-leaderboard-season = temporada
reg-leaderboard-season-desc = Una temporada pasada, p. ej. 2026-11 o 2026-Q3 (por defecto: la actual)

## /yut ajustes
reg-settings = ajustes
reg-settings-desc = Valores por defecto de este servidor para /yut nueva (cambiarlos: Gestionar servidor)
reg-settings-preset = reglas
reg-settings-preset-desc = Reglas base por defecto
reg-settings-house-rules = reglas_caseras
reg-settings-house-rules-desc = Reglas caseras por defecto, p. ej. backdo=off finish=exact (none: borrarlas)
reg-settings-seconds = segundos
reg-settings-seconds-desc = Segundos por acción por defecto (10 a 300)
reg-settings-seasons = temporadas
reg-settings-seasons-desc = Temporadas: al final de cada una se archiva la clasificación y las puntuaciones se suavizan
reg-settings-threads = hilos
reg-settings-threads-desc = Jugar cada partida en su propio hilo (requiere Crear hilos públicos)
reg-settings-web = web
reg-settings-web-desc = Lo que muestra este servidor en la web: directos y repeticiones, nada, o también la clasificación
reg-settings-web-revoke = web_revocar
reg-settings-web-revoke-desc = Enlaces web nuevos para este servidor: ningún enlace dado antes vuelve a funcionar
reg-settings-reset = restablecer
reg-settings-reset-desc = Olvidar todos los valores por defecto

## /yut repetición
reg-replay = repetición
reg-replay-desc = La repetición de una partida terminada (por defecto: la última de este canal), con su registro
reg-replay-game = partida
reg-replay-game-desc = El número de la partida (por defecto: la última terminada en este canal)

## /yut verify
reg-verify = verificar
reg-verify-desc = Comprueba las tiradas de una partida: un registro adjunto o una partida terminada por número
reg-verify-game = partida
reg-verify-game-desc = El número de una partida terminada de este servidor
reg-verify-record = registro
reg-verify-record-desc = El registro de una partida (el archivo .json de /yut repetición)

## /yut historial
reg-history = historial
reg-history-desc = Las últimas partidas de este servidor, con botones para sus repeticiones
reg-history-user = usuario
reg-history-user-desc = Solo las partidas que jugó esta persona

## /yut fortuna
reg-fortune = fortuna
reg-fortune-desc = 윷점: tu fortuna del yut de hoy, tres tiradas leídas entre 64 augurios

## /yut ayuda
reg-help = ayuda
reg-help-desc = Cómo usar el bot

## Opciones fijas.
reg-choice-mode-solo = Todos contra todos
reg-choice-mode-teams = Equipos 2 contra 2
reg-choice-family-1v1 = 1 contra 1
reg-choice-family-teams = Equipos 2 contra 2
reg-choice-family-ffa = Todos contra todos (3-4 jugadores)
reg-choice-season-monthly = Mensual
reg-choice-season-quarterly = Trimestral
reg-choice-season-off = Desactivadas (una sola temporada)
reg-choice-web-off = Nada
reg-choice-web-links = Directos y repeticiones (por defecto)
reg-choice-web-standings = Directos, repeticiones y la clasificación
reg-choice-preset-standard = Estándar
reg-choice-preset-boardgame = Juego de mesa
reg-choice-preset-yunnori = Yunnori
reg-choice-preset-nyout = Nyout (reglas antiguas)
reg-choice-pieces-2 = 2 fichas
reg-choice-pieces-3 = 3 fichas
reg-choice-pieces-4 = 4 fichas
reg-choice-pieces-auto = Según el número de bandos
reg-choice-level-easy = Fácil
reg-choice-level-normal = Normal
reg-choice-level-master = Maestro


## `/yut games`.
reg-games = partidas
reg-games-desc = Las partidas y salas abiertas de este servidor, con enlaces, jugadores y a quién le toca.
reg-games-page = página
reg-games-page-desc = Qué página de la lista (10 partidas por página).

## `/yut web`.
reg-web = web
reg-web-desc = Juega la partida de este canal en un navegador: un enlace privado a tu asiento.
## The member context menu (a user command).
reg-menu-challenge-member = Desafiar a Yut Nori

## `/yut notify`.
reg-notify = avisos
reg-notify-desc = Cómo te enteras de que te toca: una mención en el canal, un mensaje directo, ambos o nada.
reg-notify-mode = modo
reg-notify-mode-desc = Adónde van los avisos de tu turno
reg-notify-half-time = a_mitad
reg-notify-half-time-desc = Solo cuando haya pasado la mitad de tu tiempo para la acción (no si juegas rápido)
reg-choice-notify-channel = Una mención en el canal de la partida (por defecto)
reg-choice-notify-dm = Un mensaje directo con un enlace al tablero
reg-choice-notify-both = Ambos
reg-choice-notify-none = Nada

## `/yut follow`.
reg-follow = seguir
reg-follow-desc = Sigue a alguien: un mensaje directo cuando empiecen y terminen sus partidas. Lista y quita.
reg-follow-player = jugador
reg-follow-player-desc = La persona a seguir (otra vez: dejar de seguirla)
reg-follow-remove = quitar
reg-follow-remove-desc = Deja de seguir lo que tiene este número en tu lista
reg-event = evento
reg-event-desc = Abre un torneo aquí: los miembros se unen y el bot empareja cada ronda (admins).
reg-event-name = nombre
reg-event-name-desc = El nombre del evento
reg-event-rounds = rondas
reg-event-rounds-desc = Cuántas rondas (de 1 a 15; 5 por defecto)
reg-event-format = formato
reg-event-format-desc = Suizo (por defecto), eliminación simple o doble, liga o mesas libres
reg-event-mode = modo
reg-event-mode-desc = Una persona por participante (por defecto) o equipos 2v2
reg-event-best-of = al_mejor_de
reg-event-best-of-desc = Partidas por enfrentamiento en eliminación y liga (1 a 7; 1 por defecto)
reg-event-preset = reglas
reg-event-preset-desc = Reglas de sus partidas (por defecto: las del servidor)
reg-event-seconds = segundos
reg-event-seconds-desc = Segundos por acción en sus partidas (10 a 300)
reg-event-check-in = presencia
reg-event-check-in-desc = Los participantes confirman su presencia antes de la primera ronda
reg-event-no-show = ausencia
reg-event-no-show-desc = Minutos para presentarse a su partida antes de perderla (5 por defecto)
reg-event-cap = cupo
reg-event-cap-desc = El máximo de participantes
reg-event-rated = clasificada
reg-event-rated-desc = Sus partidas cuentan para la clasificación de la temporada (por defecto: sí)
reg-event-team = evento-equipo
reg-event-team-desc = Inscríbete en el evento 2v2 de este canal con un compañero, que acepta
reg-event-team-partner = companero
reg-event-team-partner-desc = Tu compañero
reg-event-team-name = nombre
reg-event-team-name-desc = El nombre de tu equipo
reg-event-admin = evento-admin
reg-event-admin-desc = Dirige el evento de este canal: pausa, reanudar, un resultado, una descalificación (admins)
reg-event-admin-action = accion
reg-event-admin-action-desc = Qué hacer
reg-event-admin-member = miembro
reg-event-admin-member-desc = Un resultado: el ganador (o alguien del equipo ganador); a quién se descalifica
reg-event-admin-reason = motivo
reg-event-admin-reason-desc = Por qué, para el registro del evento
reg-choice-event-swiss = Suizo
reg-choice-event-single = Eliminación simple
reg-choice-event-double = Eliminación doble
reg-choice-event-robin = Todos contra todos
reg-choice-event-pause = Pausar
reg-choice-event-resume = Reanudar
reg-choice-event-result = Fijar un resultado
reg-choice-event-disqualify = Descalificar
reg-choice-event-cancel = Suspender
reg-choice-event-tables = Mesas libres (3 o 4 por partida)
reg-event-round-length = duracion_ronda
reg-event-round-length-desc = Minutos de una ronda a la siguiente (p. ej. 1440: una al día; por defecto: enseguida)
