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
