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

# The event's message, kept current.
event-title = 🏆 **{ $name }** · Swiss · { $rounds } rounds
event-sign-up = Sign-ups are open: press **Join**. An admin starts the first round.
event-round = Round { $round } of { $rounds } is being played: each game is in its thread below.
event-finished = The event is over. Champion: **{ $name }**!
event-cancelled = The event was called off.
event-entrants = Entrants ({ $count }): { $names }
event-no-entrants = No entrants yet.
event-button-join = Join
event-button-leave = Leave
event-button-start = Start round 1
event-button-cancel = Call off
event-not-admin = Only a server admin (Manage Server) can start or call off an event.
event-pairing = **{ $event }** · round { $round } · game { $game }: <@{ $first }> vs <@{ $second }>
event-bye = **{ $event }** · round { $round }: <@{ $who }> sits this round out (a bye: one point).
event-thread = { $event } R{ $round } · { $first } vs { $second }
event-standings-subtitle = Round { $round } of { $rounds } · { $count } entrants
event-points = { $points ->
    [one] 1 point
   *[other] { $points } points
}

# The standings picture's tie-break columns.
tiebreak-buchholz = Buchholz
tiebreak-pieces = Pieces home
