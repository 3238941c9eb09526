# Los textos de Yutbot en español. Cada clave está en todos los idiomas (tests/it/catalog.rs).

## Rechazos: una orden que no cambia nada, contestada en privado.
refusal-not-your-turn = Ahora le toca a { $whose }. Espera tu turno, por favor.
refusal-not-seated = No juegas en esta partida.
refusal-already-seated = Ya tienes un asiento.
refusal-full = Todos los asientos están ocupados.
refusal-team-full = Ese equipo está completo.
refusal-not-in-lobby = La partida ya ha empezado.
refusal-not-playing = La partida no está en curso.
refusal-not-finished = La partida todavía no ha terminado.
refusal-need-players = Aún faltan jugadores: llena los asientos (o añade bots) primero.
refusal-not-host-yet = Solo el anfitrión puede empezar antes de que se llenen todos los asientos.
refusal-not-host = Solo el anfitrión o un moderador puede hacer eso.
refusal-no-bot = No hay ningún bot que quitar.
refusal-illegal = Ese movimiento no es posible: { $why }.
refusal-no-moves = Ese resultado no tiene ningún movimiento legal.
refusal-not-due = Todavía no toca nada.
refusal-already-auto = El bot ya está jugando este turno por ti.
refusal-not-away = Ya estás jugando tus propios turnos.
refusal-bad-settings = Esa configuración no funciona: { $why }.
refusal-seats-taken = Hay { $taken } asientos ocupados, más de { $wanted }: quita un bot o pide a alguien que salga primero.
refusal-not-invited = Esta invitación es para los jugadores que nombra.
refusal-already-accepted = Ya has aceptado.
refusal-invite-over = Esta invitación ya no está abierta.
refusal-waiting-for = La partida empieza cuando todos los invitados hayan aceptado: falta { $names }.

## Problemas: por qué un botón o una orden no hizo nada.
problem-stale = Ese tablero está desactualizado: usa los botones del más reciente.
problem-no-game = No hay ninguna partida en este canal. Empieza una con /yut nueva.
problem-bad-button = Ese botón no es mío.
problem-already-running = Este canal ya tiene una partida.
problem-storage = Lo siento, no pude guardarlo, así que nada ha cambiado. Inténtalo de nuevo.
problem-moved = Ese tablero se ha movido a un mensaje más nuevo: usa los botones de allí.
problem-elsewhere = Esta partida se está pasando a otra instancia del bot. Inténtalo de nuevo en unos segundos.
problem-settings = No pude leer la configuración de este servidor (un error de la base de datos). No se abrió ninguna partida y nada ha cambiado; inténtalo de nuevo.

## Invitaciones: una revancha o un desafío que espera respuesta.
names-and = { $first } y { $last }
team-name = Equipo { $team }
seat-host = anfitrión
invite-rematch-line = 🔁 **Revancha**: { $host } pide a todos los que jugaron que jueguen otra vez.
invite-challenge-line = ⚔️ **Desafío**: { $mine } { $count ->
        [one] desafía
       *[other] desafían
    } a { $theirs }.
invite-chances = 📊 Probabilidad de ganar, según las puntuaciones: { $list }
invite-declined-seat = ✖️ { $name } no aceptó: un bot Normal ocupa su asiento.
invite-asked = { $names }: pulsa **Aceptar** para jugar, o **Rechazar**.
invite-how-challenge = Empieza cuando todos los nombrados hayan aceptado; un solo rechazo lo cancela. Sin respuesta, caduca:
invite-how-rematch = Empieza cuando todos hayan aceptado; el anfitrión puede empezar ya con bots Normales en los asientos de los demás. Sin respuesta, caduca:
invite-lapsed-challenge = ⌛ El desafío caducó: { $names } no respondió en { $minutes } minutos.
invite-lapsed-challenge-nobody = ⌛ El desafío caducó: nadie lo empezó en { $minutes } minutos.
invite-lapsed-rematch = ⌛ La revancha caducó: { $names } no respondió en { $minutes } minutos.
invite-lapsed-rematch-nobody = ⌛ La revancha caducó: nadie la empezó en { $minutes } minutos.
invite-declined-challenge = ✖️ { $name } rechazó el desafío.
invite-called-off = ⏹️ { $name } lo canceló.
invite-over = La invitación se canceló.
button-watch-live = 👀 Ver en directo
button-play-on-board = 🎲 Jugar en el tablero
button-replay-web = 🎞️ Repetición en la web
button-accept = ✅ Aceptar
button-decline = Rechazar
button-start-now = Empezar ya (bots para los demás)
button-call-off = Cancelar

## Desafíos que no se pueden hacer.
challenge-yourself = No puedes desafiarte a ti mismo: elige a otra persona.
challenge-bot = { $name } es una cuenta de bot. Para jugar contra mis bots, abre una partida con `/yut nueva bots:1`.
challenge-not-member = { $name } no es miembro de este servidor.
challenge-twice = { $name } aparece dos veces: cada asiento necesita su propio jugador.
challenge-in-game = { $name } ya está en la partida de este canal: termínala primero o desafía en otro canal.

## 윷점, la fortuna del yut.
fortune-title = 🎋 **La fortuna del yut de { $name } para hoy**: { $throws } ({ $marks })
fortune-again = -# Una fortuna al día: vuelve a lanzar mañana.

## Los 64 augurios, por las tres tiradas (도 1, 개 2, 걸 3, 윷 4).
omen-1-1-1 = Una semilla duerme bajo la nieve; la primavera ya sabe su nombre.
omen-1-1-2 = Pasos pequeños en un camino largo también llegan al pueblo.
omen-1-1-3 = Un comienzo tranquilo; la palabra de un amigo lo ilumina antes del verano.
omen-1-1-4 = El buey lento abre el surco más hondo.
omen-1-2-1 = Arregla primero la cerca y el huerto guardará su fruta.
omen-1-2-2 = Dos manos llevan lo que una no podía: pide ayuda.
omen-1-2-3 = Llega por fin una carta muy esperada, con buenas noticias.
omen-1-2-4 = La tetera canta antes de que llamen los invitados.
omen-1-3-1 = Una puerta que creías cerrada se abre con tocarla.
omen-1-3-2 = Lluvia en el tejado, arroz en la tinaja: un año sereno y lleno.
omen-1-3-3 = El camino sube, pero la vista paga cada paso.
omen-1-3-4 = Una flor tardía sigue siendo flor; la tuya se abre en otoño.
omen-1-4-1 = La suerte entra por la puerta de atrás: no le eches el cerrojo.
omen-1-4-2 = Una herramienta vieja y bien afilada corta mejor que una nueva.
omen-1-4-3 = Cuenta tus monedas dos veces y gástalas una.
omen-1-4-4 = De poco a mucho: el año acaba más rico de lo que empezó.
omen-2-1-1 = Dos urracas en la puerta: visitas y regalos.
omen-2-1-2 = Un ovillo enredado; con paciencia cada hilo se suelta.
omen-2-1-3 = Comparte tu pastel de arroz y el plato vuelve más lleno.
omen-2-1-4 = Un viento vivo llena la vela: parte sin demora.
omen-2-2-1 = Que tus palabras sean pequeñas y tus obras grandes.
omen-2-2-2 = Una pareja de grullas: un lazo se hace más fuerte este año.
omen-2-2-3 = Lo que prestas en primavera vuelve con intereses en invierno.
omen-2-2-4 = La risa en casa deja el frío fuera.
omen-2-3-1 = Mira el río antes de cruzar; río arriba hay un puente de piedra.
omen-2-3-2 = La lámpara de un vecino alumbra tu camino a casa.
omen-2-3-3 = Siembra en su estación y la cosecha se siembra sola.
omen-2-3-4 = Un oficio aprendido ahora te dará de comer muchos años.
omen-2-4-1 = El pozo es hondo: saca el agua despacio y seguirá clara.
omen-2-4-2 = Viejos amigos a la mesa, planes nuevos en el camino.
omen-2-4-3 = Una preocupación pequeña se va volando como paja al viento.
omen-2-4-4 = El sol sale dos veces para ti: una al alba y otra en tu corazón.
omen-3-1-1 = Deja descansar al caballo cansado y correrá todo el camino.
omen-3-1-2 = El regalo que se da sin pedirlo es el que más se recuerda.
omen-3-1-3 = Se juntan nubes pero pasan; lleva paraguas, no miedo.
omen-3-1-4 = Una oportunidad repentina a principios del verano: tómala con las dos manos.
omen-3-2-1 = Habla con dulzura en casa y la casa se vuelve cálida.
omen-3-2-2 = Dos caminos se cruzan; el del sauce es el tuyo.
omen-3-2-3 = La olla que tanto vigilaste por fin hierve.
omen-3-2-4 = Un bien hecho en secreto vuelve a plena luz.
omen-3-3-1 = Luna llena sobre los campos: abundancia y paz.
omen-3-3-2 = Hablan bien de ti en salas donde aún no has entrado.
omen-3-3-3 = Tres buenos augurios seguidos: el año te sonríe.
omen-3-3-4 = Sube la colina al alba y verás todo el año por delante.
omen-3-4-1 = Amarra bien la barca antes de la tormenta; la tormenta será corta.
omen-3-4-2 = Un desconocido se vuelve amigo ante una taza de té.
omen-3-4-3 = Siembra bondad en el este; cósechala en el oeste.
omen-3-4-4 = Todas las fichas llegan a casa: lo que empiezas, lo terminas.
omen-4-1-1 = Un comienzo fuerte; si mantienes el paso, dura todo el año.
omen-4-1-2 = El tigre duerme: es el momento de cruzar la montaña.
omen-4-1-3 = La fortuna llama dos veces; abre la puerta también la segunda.
omen-4-1-4 = Corre, pero mira atrás una vez: alguien quiere correr contigo.
omen-4-2-1 = Un año luminoso con una semana nublada: espera a que pase.
omen-4-2-2 = Lo que construyes con un compañero dura mucho tiempo.
omen-4-2-3 = El granero se llena más rápido de lo que puedes contar.
omen-4-2-4 = Las buenas noticias viajan lejos: espera una llamada desde lejos.
omen-4-3-1 = Gran fuerza, manos suaves: este año llevas a otros a cuestas.
omen-4-3-2 = El dragón sale del estanque: tu fortuna sube.
omen-4-3-3 = El viento sopla a tu favor en todos los caminos.
omen-4-3-4 = Un banquete al final del año, y tú eres el motivo.
omen-4-4-1 = Vuelo alto, aterrizaje suave: atrévete con lo grande.
omen-4-4-2 = Dos grandes tiradas: suerte doble, así que comparte la mitad.
omen-4-4-3 = Campos dorados hasta donde alcanza la vista.
omen-4-4-4 = ¡Yut, yut, yut! El mejor de los años. ¡Lanza el sombrero al aire!
