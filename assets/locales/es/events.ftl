# Eventos de la comunidad (issue 49): lo que un evento no puede hacer ahora, dicho en privado.
event-none = No existe ese evento.
event-closed = Las inscripciones están cerradas: el evento ya empezó o terminó.
event-already-in = Ya estás inscrito.
event-not-in = No participas en este evento.
event-full = El evento está completo.
event-too-few = Hacen falta al menos dos participantes para emparejar una ronda.
event-round-not-done = La ronda aún tiene partidas en juego.
event-not-now = Eso no se puede hacer en esta fase del evento.
event-no-such-game = Esa partida no es de esta ronda.
event-decided = El resultado de esa partida ya está registrado.
event-not-in-game = El ganador debe ser uno de los dos jugadores de la partida.

# El mensaje del evento, siempre al día.
event-title = 🏆 **{ $name }** · suizo · { $rounds } rondas
event-sign-up = Inscripciones abiertas: pulsa **Unirme**. Un administrador empieza la primera ronda.
event-round = Se juega la ronda { $round } de { $rounds }: cada partida está en su hilo, abajo.
event-finished = El evento terminó. Campeón: **{ $name }**!
event-cancelled = El evento se suspendió.
event-entrants = Participantes ({ $count }): { $names }
event-no-entrants = Todavía no hay participantes.
event-button-join = Unirme
event-button-leave = Salir
event-button-start = Empezar la ronda 1
event-button-cancel = Suspender
event-not-admin = Solo un administrador del servidor (Gestionar servidor) puede empezar o suspender un evento.
event-pairing = **{ $event }** · ronda { $round } · partida { $game }: <@{ $first }> contra <@{ $second }>
event-bye = **{ $event }** · ronda { $round }: <@{ $who }> descansa esta ronda (un descanso: un punto).
event-thread = { $event } R{ $round } · { $first } contra { $second }
event-standings-subtitle = Ronda { $round } de { $rounds } · { $count } participantes
event-points = { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}

# Las columnas de desempate de la clasificación.
tiebreak-buchholz = Buchholz
tiebreak-pieces = Fichas en casa
