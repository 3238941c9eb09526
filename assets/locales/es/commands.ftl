# Textos de las órdenes de barra, las reglas, la mesa y los mensajes del canal (español).

## /yut: respuestas de las órdenes de barra.
cmd-already-running-link = Este canal ya tiene una partida: { $link }
cmd-challenge-names = Para 2 contra 2 nombra a tu compañero y a un segundo rival; para 1 contra 1, solo al rival.
cmd-joined = Te has unido.
cmd-left = Has salido de la partida.
cmd-started = Empieza la partida.
cmd-stopped = La partida se ha terminado.
cmd-defaults = Partidas nuevas en este servidor: reglas **{ $preset }**; reglas caseras: { $house }; { $seconds } s por acción. Temporadas de puntuación: **{ $seasons }**.
cmd-defaults-no-house = ninguna
cmd-season-monthly = mensuales
cmd-season-quarterly = trimestrales
cmd-season-off = desactivadas
cmd-settings-not-admin = Solo los miembros con el permiso Gestionar servidor pueden cambiar esto. No se ha cambiado nada.
cmd-settings-bad-house-rules = Esas reglas caseras no se pueden usar: { $why }. `/yut reglas opciones:True` muestra todas las opciones. No se ha cambiado nada.
cmd-saved = Guardado.
cmd-rules-this-game = la partida de este canal
cmd-rules-also-plays = **La partida de este canal también se juega con:**
cmd-stats-none = { $who } aún no ha terminado ninguna partida aquí.
cmd-seasons-none-yet = ninguna todavía
cmd-no-such-season = No hay ninguna temporada { $season } en este servidor. Temporadas: { $known }.
cmd-needs-server = Para jugar, Yutbot tiene que estar en el servidor: pide a un administrador que lo añada. `/yut rules`, `/yut help` y `/yut fortune` funcionan en cualquier parte.
cmd-help = **Yutbot** juega al Yut Nori (윷놀이) en este canal.
    `/yut nueva` abre una partida (modo, asientos, reglas, reglas caseras, fichas, segundos, victorias, bots)
    `/yut desafiar rival:@x` (2c2: también `compañero:` `rival2:`) empieza cuando todos los nombrados aceptan; la revancha pregunta a quienes jugaron
    `/yut unirse` · `/yut salir` toma o deja un asiento · `/yut empezar` (el anfitrión, o cualquiera con todo lleno) · `/yut terminar` (anfitrión o moderador)
    `/yut tablero` el tablero en un mensaje nuevo
    `/yut reglas` resumen de reglas (`opciones:True`: reglas caseras)
    `/yut estadísticas [usuario]` puntuación, puesto, historial y rachas · `/yut clasificación [modo] [temporada]` la tabla
    `/yut ajustes` valores del servidor para partidas nuevas y temporadas (mensuales, trimestrales o ninguna; cambiar: Gestionar servidor)
    { "*" }*Puntuaciones**: 1c1, 2c2 y todos contra todos aparte, por servidor y temporada; los bots valen la puntuación fija de su nivel. No puntúan: solo bots, partidas detenidas, abandonadas (todos ausentes una ronda) ni las de grupos de MD. Empiezas con 1000, provisional 10 partidas. Salir de una partida en curso es derrota; tiempos agotados y abandonos constan en tu historial.
    En la sala de espera el anfitrión cambia con sus menús el modo (2, 3, 4 jugadores o 2c2) y las reglas.
    Juega con los botones bajo el tablero: lanza, elige resultado y movimiento (los números son los del tablero).
    `/yut repetición` repetición animada de una partida terminada, con su registro · `/yut historial` las últimas partidas · `/yut fortuna` el 윷점 de hoy
    `/yut partidas` las partidas en curso aquí · `/yut avisos` cómo te enteras de que te toca (mención, mensaje directo, ambos o nada) · `/yut seguir jugador:@x` un MD cuando sus partidas empiecen y terminen (Seguir en un tablero: al terminar esa)
    Tiradas justas: el SHA-256 de la semilla secreta al empezar, la semilla al acabar; `/yut verificar` comprueba cada tirada.

## /yut reglas: el resumen de cada conjunto de reglas y las opciones de reglas caseras.
rules-basics = **Cómo se juega al Yut Nori**
    • Lanza los cuatro palitos: 도 Do 1, 개 Gae 2, 걸 Geol 3, 윷 Yut 4, 모 Mo 5 pasos. Yut y Mo dan otra tirada.
    • Gasta cada resultado en una ficha: mete una nueva o mueve una del tablero. Los botones numerados coinciden con los números del tablero.
    • Si te detienes en una esquina (모, 뒷모) o en el centro (방), tomas el atajo que cruza el tablero.
    • Cae sobre una ficha rival para capturarla (vuelve fuera del tablero) y tira otra vez.
    • Cae sobre una ficha tuya para apilarlas: desde entonces se mueven juntas.
    • Gana el primer bando que lleve todas sus fichas a la meta.
rules-standard = **Reglas estándar** (reglas caseras comunes en Corea)
    • 빽도 Back-do: un paso atrás (desde 도 Do salta al punto final, 참먹이); sin fichas en el tablero se descarta.
    • Cuatro fichas cada uno. Una ficha llega a la meta al pasar el punto final.
    • La tirada extra de una captura va después de los resultados que aún tienes.
    • Quién empieza se sortea al azar.
rules-boardgame = **Reglas de juego de mesa** (como vienen impresas en las cajas)
    • Como las estándar, pero la tirada extra de una captura va enseguida.
    • 빽도 Back-do puede retroceder por cualquiera de los dos caminos en un cruce.
    • Todos tiran una vez para decidir quién empieza; empieza la tirada más alta.
rules-yunnori = **Reglas Yunnori** (los palitos caen planos la mitad de las veces)
    • 빽도 Back-do sin fichas en el tablero cuenta como 도 Do; desde el primer punto sale del tablero.
    • Desde el centro una ficha va directa a la meta; atajo 찌모 desde la esquina cercana.
    • Las diagonales salen del tablero directamente; la tirada extra de una captura va enseguida.
rules-nyout = **Reglas Nyout** (tradición más antigua)
    • Sin 빽도 Back-do.
    • Las fichas por bando dependen del número de bandos.
    • En una esquina eliges el atajo o el camino exterior; apilar sobre tu propia ficha es opcional.
    • Todos tiran una vez para decidir quién empieza.
rules-options-head = **Reglas caseras** para `/yut nueva reglas_caseras:` (o los valores del servidor, `/yut ajustes`) como `nombre=valor`, p. ej. `backdo=off finish=exact` (sin Back-Do, llegada exacta). Valores (ahora: { $preset }):
rules-opt-flat-p = probabilidad de que un palito caiga plano
rules-opt-backdo = 빽도 en juego
rules-opt-seoul = marca 서울: 도 o hacia 방
rules-opt-busan = marca 부산: 도 o hacia 뒷모
rules-opt-nak-p = probabilidad de tirada nula (낙)
rules-opt-finish = cómo llega una ficha a la meta
rules-opt-diagonal-exit = las diagonales pasan por 참먹이 o salen directamente
rules-opt-center-pass = al pasar 방 desde 모: recto o a la meta
rules-opt-jjimo-shortcut = atajo también desde 찌모
rules-opt-shortcut = ¿las estaciones obligan al atajo?
rules-opt-backdo-from-first = 빽도 desde 도 va a
rules-opt-backdo-no-piece = 빽도 sin fichas fuera
rules-opt-backdo-path = 빽도 en un cruce
rules-opt-throw-flow = ¿gastar cada resultado al momento?
rules-opt-capture-bonus = la tirada extra de una captura
rules-opt-bonus-throw-chains = 윷/모 en esa tirada vuelve a tirar
rules-opt-backdo-capture-bonus = capturar con 빽도 da tirada
rules-opt-yut-mo-capture-bonus = capturar con 윷/모 da tirada
rules-opt-stacking = apilar fichas propias
rules-opt-pieces = fichas por bando
rules-opt-first-player = quién empieza
rules-opt-first-to = victorias para ganar el encuentro

## La mesa: asientos, bots, avisos en el tablero, errores de reglas caseras.
table-bot-name = 🤖 Bot { $seat } ({ $level })
table-level-easy = Fácil
table-level-normal = Normal
table-level-master = Maestro
table-level-random = Aleatorio
table-level-reference = Referencia
table-hint-throw = lanza primero
table-hint-pick = elige un resultado y una ficha
table-back = 🙋 { $name } ha vuelto y juega otra vez sus propios turnos.
table-stopped = ⏹️ { $name } terminó la partida.
table-lobby-closed = ⌛ La sala de espera se cerró: nadie la empezó en los { $minutes } minutos siguientes a su último cambio. `/yut nueva` abre otra.
table-timed-out = ⏰ { $name } se quedó sin tiempo; el bot jugó en su lugar.
table-abandoned = 🛑 Partida abandonada: nadie ha jugado durante una ronda entera de turnos (todos están ausentes). Termina aquí, sin puntuar y sin contar en el historial de nadie.
table-left = 🚪 { $name } dejó la partida; un bot (Normal) juega en su asiento.
table-rules-unknown-preset = no existe el conjunto de reglas "{ $preset }" (se espera uno de: `standard`, `boardgame`, `yunnori`, `nyout`)
table-rules-unknown-option = no existe la opción "{ $option }"
table-rules-bad-value = opción { $option }: { $value } no está permitido (se espera { $expected })
table-rules-not-a-pair = "{ $text }" no tiene la forma nombre=valor
table-house-rules-refusal = Esas reglas caseras no se pueden usar: { $why }. Escríbelas como `nombre=valor`, p. ej. `backdo=off finish=exact`; `/yut reglas opciones:True` muestra todas las opciones. No se abrió ninguna partida.

## Mensajes en el canal, respuestas a los botones, errores.
send-ping = { $mention } ¡te toca!{ $due }
send-missing-permissions = No puedo mostrar el tablero aquí: me faltan permisos en este canal (Ver canal, Enviar mensajes, Adjuntar archivos, Leer el historial de mensajes). Pide ayuda a un moderador.
router-missing-permissions = No puedo actualizar el tablero aquí: me faltan permisos en este canal (Ver canal, Enviar mensajes, Adjuntar archivos, Leer el historial de mensajes). Pide ayuda a un moderador.
error-command = Lo siento, algo salió mal de nuestro lado. Inténtalo de nuevo. Si sigue pasando, da a quien opera el bot esta referencia: `{ $reference }`.

# `/yut web`: a person's own seat on the web.
cmd-web-seat = Tu asiento en la partida #{ $game }, en un navegador: { $link }
    Este enlace es solo tuyo: quien lo abra juega como tú. Tus botones aquí en Discord siguen funcionando.
cmd-web-no-seat = No tienes asiento en la partida de este canal: `/yut join` te sienta mientras la sala está abierta.
cmd-web-off = Este servidor no muestra nada en la web (`/yut settings web:`), o el bot no sirve páginas web.
activity-not-set-up = El tablero dentro de Discord no está configurado en este bot: quien lo opera debe darle el secreto de cliente de la aplicación (`DISCORD_CLIENT_SECRET`) y una dirección web (`WEB_ADDR`). Los botones del mensaje de la partida funcionan como siempre.
cmd-stats-events = 🏆 Eventos: { $events }
cmd-stats-event-place = { $name } ({ $rank }.º de { $of })
