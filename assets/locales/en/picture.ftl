# picture texts (en)

## The board picture (crates/render, crates/table/src/paint.rs).

# Bot levels, after 🤖 in a seat's panel.
picture-level-easy = Easy
picture-level-normal = Normal
picture-level-master = Master
# A seat without a name, and a bot's name.
picture-player = Player { $n }
picture-bot = Bot { $n }
# A place in the final ranking.
picture-ordinal = { $n }{ $n ->
        [1] st
        [2] nd
        [3] rd
       *[other] th
    }
# The pill of the seat to act.
picture-turn-throw = ▶ throw
picture-turn-move = ▶ move
picture-away = away
# The last move's marks.
picture-captured = captured { $count }×
picture-finished = +{ $count } home
# The lower box of the column: the results held.
picture-pool-empty = no results held
# A throw's small label under its Korean name ($steps: 1, 2, … −1).
picture-chip-do = do { $steps }
picture-chip-gae = gae { $steps }
picture-chip-geol = geol { $steps }
picture-chip-yut = yut { $steps }
picture-chip-mo = mo { $steps }
picture-chip-backdo = backdo { $steps }
picture-chip-seoul = seoul { $steps }
picture-chip-busan = busan { $steps }
# A throw with a stick off the mat (under 낙).
picture-toss-void = void
# Over the last throw's sticks: who threw them.
picture-threw = { $name } threw
# The winner's banner ($count: seats on the winning side).
picture-winner = 🏆 { $names } { $count ->
        [one] wins
       *[other] win
    }!
picture-home-count = { $home }/{ $pieces } home
# The board: the home ring (on the web page), the start point, the stations.
picture-home-mark = HOME
picture-start-finish = START · FINISH
picture-station-mo = Mo
picture-station-dwitmo = Dwitmo
picture-station-jjimo = Jjimo
picture-station-bang = Bang

## Community events' pictures: standings, bracket, podium (crates/render/src/event).

# The standings' column heads ("#": the place).
picture-event-place = #
picture-event-name = Name
picture-event-points = Points
picture-event-record = Record
# Under the standings: entrants not shown.
picture-event-more = and { $n } more
# The bracket's parts, a round's head, a single elimination's round by its players left.
picture-event-upper = Upper bracket
picture-event-lower = Lower bracket
picture-event-grand-final = Grand final
# The second grand final, played if the lower bracket's champion won the first.
picture-event-grand-final-reset = Grand final 2
picture-event-round = Round { $n }
picture-event-round-of = { $players ->
        [2] Final
        [4] Semifinals
        [8] Quarterfinals
       *[other] Round of { $players }
    }
# Over the champion's name.
picture-event-winner = Winner
# A place in a match not decided yet.
picture-event-tbd = TBD
# A match being played now.
picture-event-live = live
