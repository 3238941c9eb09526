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
event-paused = El evento está en pausa: un administrador lo reanudará.
event-needs-partner = Es un evento 2v2: inscríbete en pareja con `/yut event-team`, nombrando a tu compañero.
event-not-teams = En este evento cada participante juega solo: pulsa **Unirse**.
event-no-invite = No tienes ninguna invitación de equipo pendiente.
event-same-person = Tu compañero tiene que ser otra persona.
event-no-check-in = Este evento no tiene el registro de llegada abierto.
event-too-many = Un todos contra todos admite como máximo 12 participantes.
event-needs-places = El resultado de una mesa es su orden de llegada, no un solo ganador.

# El mensaje del evento, siempre al día.
event-title = 🏆 **{ $name }** · { $format }
event-sign-up = Inscripciones abiertas: pulsa **Unirme**. Un administrador empieza la primera ronda.
event-round = Se juega la ronda { $round } de { $rounds }: cada partida está en su hilo, abajo.
event-finished = El evento terminó. Campeón: **{ $name }**!
event-cancelled = El evento se suspendió.
event-entrants = Participantes ({ $count }): { $names }
event-no-entrants = Todavía no hay participantes.
event-button-join = Unirme
event-button-leave = Salir
event-button-start = Empezar
event-button-cancel = Suspender
event-not-admin = Solo un administrador del servidor (Gestionar servidor) puede empezar o suspender un evento.
event-pairing = **{ $event }** · ronda { $round } · partida { $game }: { $first } contra { $second }
event-bye = **{ $event }** · ronda { $round }: { $who } descansa esta ronda (un descanso).
event-thread = { $event } R{ $round } · { $first } contra { $second }
event-standings-subtitle = Ronda { $round } de { $rounds } · { $count } participantes
event-points = { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}

# Las columnas de desempate de la clasificación.
tiebreak-buchholz = Buchholz
tiebreak-pieces = Fichas en casa
event-format-swiss = suizo, { $rounds } rondas
event-format-single = eliminación simple
event-format-double = eliminación doble
event-format-robin = todos contra todos
event-format-tables = mesas libres, { $rounds } rondas
event-best-of = al mejor de { $games }
event-mode-teams = equipos 2v2
event-unrated = sin clasificación
event-sign-up-teams = Inscripciones abiertas: un equipo se inscribe con `/yut event-team`, nombrando al compañero, que acepta. Un administrador empieza la primera ronda.
event-paused-line = ⏸️ En pausa por un administrador: las partidas en juego siguen; la próxima ronda espera.
event-checked-in = Presentes: { $count } de { $total } (quien no confirme antes de la primera ronda queda fuera).
event-button-check-in = Confirmar presencia
event-button-page = Página del evento
event-log-bot = el bot
event-log-result = Ronda { $round }: { $by } dio la partida a { $who }
event-log-no-show = Ronda { $round }: { $who } no se presentó y pierde por abandono
event-log-disqualified = Ronda { $round }: { $by } descalificó a { $who }
event-log-not-checked-in = <@{ $who }> no confirmó su presencia y queda fuera
event-log-paused = Ronda { $round }: { $by } pausó el evento
event-log-resumed = Ronda { $round }: { $by } reanudó el evento
event-log-cancelled = Ronda { $round }: { $by } suspendió el evento
event-partner-bot = El compañero tiene que ser una persona, no un bot.
event-invitation = <@{ $partner }>, <@{ $captain }> te invita a jugar **{ $event }** en su equipo **{ $team }**.
event-button-accept = Aceptar
event-button-decline = Rechazar
event-invitation-accepted = El equipo **{ $team }** está dentro: <@{ $partner }> aceptó.
event-invitation-declined = <@{ $partner }> rechazó la invitación al equipo **{ $team }**.
event-admin-needs-member = Indica de qué miembro se trata (la opción `member`).
event-admin-done = Hecho. En el registro del evento: { $line }
event-bracket-bye = (descanso)
event-bracket-subtitle = Ronda { $round } · { $count } participantes
event-next-round-at = ⏳ La ronda terminó: la siguiente empieza { $at }.
