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
event-paused = The event is paused: an admin resumes it.
event-needs-partner = This is a 2v2 event: sign up as a pair with `/yut event-team`, naming your partner.
event-not-teams = This event is for one person per entrant: press **Join**.
event-no-invite = No team invitation is waiting for you.
event-same-person = Your partner must be someone else.
event-no-check-in = Check-in is not open for this event.
event-too-many = A round robin takes at most 12 entrants.
event-needs-places = A table's result is its finishing order, not one winner.

# The event's message, kept current.
event-title = 🏆 **{ $name }** · { $format }
event-sign-up = Sign-ups are open: press **Join**. An admin starts the first round.
event-round = Round { $round } of { $rounds } is being played: each game is in its thread below.
event-finished = The event is over. Champion: **{ $name }**!
event-cancelled = The event was called off.
event-entrants = Entrants ({ $count }): { $names }
event-no-entrants = No entrants yet.
event-button-join = Join
event-button-leave = Leave
event-button-start = Start
event-button-cancel = Call off
event-not-admin = Only a server admin (Manage Server) can start or call off an event.
event-pairing = **{ $event }** · round { $round } · game { $game }: { $first } vs { $second }
event-bye = **{ $event }** · round { $round }: { $who } sits this round out (a bye).
event-thread = { $event } R{ $round } · { $first } vs { $second }
event-standings-subtitle = Round { $round } of { $rounds } · { $count } entrants
event-points = { $points ->
    [one] 1 point
   *[other] { $points } points
}

# The standings picture's tie-break columns.
tiebreak-buchholz = Buchholz
tiebreak-pieces = Pieces home
event-format-swiss = Swiss, { $rounds } rounds
event-format-single = single elimination
event-format-double = double elimination
event-format-robin = round robin
event-format-tables = free-for-all tables, { $rounds } rounds
event-best-of = best of { $games }
event-mode-teams = 2v2 teams
event-unrated = unrated
event-sign-up-teams = Sign-ups are open: a team signs up with `/yut event-team`, naming the partner, who accepts. An admin starts the first round.
event-paused-line = ⏸️ Paused by an admin: games being played go on; the next round waits.
event-checked-in = Checked in: { $count } of { $total } (who has not when the first round starts is left out).
event-button-check-in = Check in
event-button-page = Event page
event-log-bot = the bot
event-log-result = Round { $round }: { $by } gave the game to { $who }
event-log-no-show = Round { $round }: { $who } never showed up and forfeits
event-log-disqualified = Round { $round }: { $by } disqualified { $who }
event-log-not-checked-in = <@{ $who }> did not check in and is left out
event-log-paused = Round { $round }: { $by } paused the event
event-log-resumed = Round { $round }: { $by } resumed the event
event-log-cancelled = Round { $round }: { $by } called the event off
event-partner-bot = A partner must be a person, not a bot.
event-invitation = <@{ $partner }>, <@{ $captain }> asks you to play **{ $event }** with them as team **{ $team }**.
event-button-accept = Accept
event-button-decline = Decline
event-invitation-accepted = Team **{ $team }** is in: <@{ $partner }> accepted.
event-invitation-declined = <@{ $partner }> declined the invitation to team **{ $team }**.
event-admin-needs-member = Name the member this is about (the `member` option).
event-admin-done = Done. In the event's log: { $line }
event-bracket-bye = (bye)
event-bracket-subtitle = Round { $round } · { $count } entrants
event-next-round-at = ⏳ The round is complete: the next one starts { $at }.
