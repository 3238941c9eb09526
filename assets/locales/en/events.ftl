# Community events (issue 49): what an event cannot do now, said privately.
event-none = There is no such event.
event-closed = Sign-ups are closed: the event has started or is over.
event-already-in = You are signed up already.
event-not-in = You are not in this event.
event-full = The event is full.
event-too-few = At least two entrants are needed to pair a round.
event-round-not-done = The round still has games being played.
event-not-now = That cannot be done at this stage of the event.
event-no-such-game = That game is not part of this round.
event-decided = That game's result is in already.
event-not-in-game = The winner must be one of the game's two players.
