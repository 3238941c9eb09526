# Yutbot's texts in English. Every key is in every language (tests/it/catalog.rs checks it).
# Variables: $whose, $name, $names, $why, $taken, $wanted.

## Refusals: a command that changes nothing, answered privately.
refusal-not-your-turn = It's { $whose }'s turn right now. Please wait for yours.
refusal-not-seated = You're not playing in this game.
refusal-already-seated = You already have a seat.
refusal-full = Every seat is taken.
refusal-team-full = That team is full.
refusal-not-in-lobby = The game has already started.
refusal-not-playing = The game is not running.
refusal-not-finished = The game is not over yet.
refusal-need-players = Not enough players yet: fill the seats (or add bots) first.
refusal-not-host-yet = Only the host can start before every seat is filled.
refusal-not-host = Only the host or a moderator can do that.
refusal-no-bot = There is no bot to remove.
refusal-illegal = That move isn't possible: { $why }.
refusal-no-moves = That result has no legal move.
refusal-not-due = Nothing is due yet.
refusal-already-auto = The bot is already playing this turn for you.
refusal-not-away = You're already playing your own turns.
refusal-bad-settings = Those settings won't work: { $why }.
refusal-seats-taken = { $taken } seats are taken, more than { $wanted }: remove a bot or ask someone to leave first.
refusal-not-invited = This invitation is for the players named on it.
refusal-already-accepted = You have already accepted.
refusal-invite-over = This invitation is no longer open.
refusal-waiting-for = The game starts when everyone asked has accepted: waiting for { $names }.

## Problems: why a click or a command did nothing.
problem-stale = That board is out of date: use the buttons on the latest one.
problem-no-game = There's no game in this channel. Start one with /yut new.
problem-bad-button = That button isn't one of mine.
problem-already-running = This channel already has a game.
problem-storage = Sorry, I couldn't save that, so nothing changed. Please try again.
problem-moved = That board has moved to a newer message: use the buttons there.
problem-elsewhere = This game is moving to another instance of the bot. Please try again in a few seconds.
problem-settings = I couldn't reach this server's settings (a database error). No game was opened and nothing was changed; please try again.

## Invitations: a rematch or a challenge waiting for its answers.
names-and = { $first } and { $last }
team-name = Team { $team }
seat-host = host
invite-rematch-line = 🔁 **Rematch**: { $host } asks everyone who played to play again.
invite-challenge-line = ⚔️ **Challenge**: { $mine } { $count ->
        [one] challenges
       *[other] challenge
    } { $theirs }.
invite-chances = 📊 Chance to win, from the ratings: { $list }
invite-declined-seat = ✖️ { $name } declined: a Normal bot takes the seat.
invite-asked = { $names }: press **Accept** to play, or **Decline**.
invite-how-challenge = It starts when everyone named has accepted; one refusal calls it off. Unanswered, it lapses:
invite-how-rematch = It starts when everyone has accepted; the host can start now with Normal bots in the seats of the others. Unanswered, it lapses:
invite-lapsed-challenge = ⌛ The challenge lapsed: { $names } did not answer within { $minutes } minutes.
invite-lapsed-challenge-nobody = ⌛ The challenge lapsed: nobody started it within { $minutes } minutes.
invite-lapsed-rematch = ⌛ The rematch lapsed: { $names } did not answer within { $minutes } minutes.
invite-lapsed-rematch-nobody = ⌛ The rematch lapsed: nobody started it within { $minutes } minutes.
invite-declined-challenge = ✖️ { $name } declined the challenge.
invite-called-off = ⏹️ { $name } called it off.
invite-over = The invitation was called off.
button-watch-live = 👀 Watch live
button-play-on-board = 🎲 Play on the board
button-replay-web = 🎞️ Replay on the web
button-accept = ✅ Accept
button-decline = Decline
button-start-now = Start now (bots for the others)
button-call-off = Call it off

## Challenges that cannot be made.
challenge-yourself = You can't challenge yourself: name someone else.
challenge-bot = { $name } is a bot account. To play against my bots, open a game with `/yut new bots:1`.
challenge-not-member = { $name } is not a member of this server.
challenge-twice = { $name } is named twice: each seat needs its own player.
challenge-in-game = { $name } is already in this channel's game: finish it first, or challenge in another channel.

## 윷점, the yut fortune.
fortune-title = 🎋 **{ $name }'s yut fortune for today**: { $throws } ({ $marks })
fortune-again = -# One fortune a day: throw again tomorrow.

## The 64 omens, by the three throws (도 1, 개 2, 걸 3, 윷 4).
omen-1-1-1 = A seed sleeps under snow; spring already knows its name.
omen-1-1-2 = Small steps on a long road still reach the village.
omen-1-1-3 = A quiet start; a friend's word turns it bright by summer.
omen-1-1-4 = The slow ox ploughs the deepest furrow.
omen-1-2-1 = Mend the fence first, and the garden keeps its fruit.
omen-1-2-2 = Two hands carry what one could not: ask for help.
omen-1-2-3 = A letter long awaited arrives with good news.
omen-1-2-4 = The kettle sings before the guests knock.
omen-1-3-1 = A door you thought was shut opens at a touch.
omen-1-3-2 = Rain on the roof, rice in the jar: a calm, full year.
omen-1-3-3 = The path climbs, but the view pays for every step.
omen-1-3-4 = A late bloom is still a bloom; yours comes in autumn.
omen-1-4-1 = Luck comes in by the back gate: keep it unlatched.
omen-1-4-2 = An old tool, well sharpened, cuts better than a new one.
omen-1-4-3 = Count your coins twice and spend them once.
omen-1-4-4 = From little to much: the year ends richer than it began.
omen-2-1-1 = Two magpies on the gate: visitors and gifts.
omen-2-1-2 = A tangle of threads; be patient and each comes free.
omen-2-1-3 = Share your rice cake and the plate comes back fuller.
omen-2-1-4 = A brisk wind fills the sail: set out without delay.
omen-2-2-1 = Keep your word small and your deeds large.
omen-2-2-2 = A pair of cranes: a bond grows stronger this year.
omen-2-2-3 = What you lend in spring returns with interest in winter.
omen-2-2-4 = Laughter in the house keeps the cold outside.
omen-2-3-1 = Watch the river before you cross; a stone bridge lies upstream.
omen-2-3-2 = A neighbour's lamp lights your way home.
omen-2-3-3 = Plant in the right season and the harvest plants itself.
omen-2-3-4 = A new skill learned now feeds you for many years.
omen-2-4-1 = The well is deep: draw slowly and the water stays clear.
omen-2-4-2 = Old friends at the table, new plans on the road.
omen-2-4-3 = A small worry flies off like chaff in the wind.
omen-2-4-4 = The sun rises twice for you: once at dawn, once in your heart.
omen-3-1-1 = Rest the tired horse and it will run the whole road.
omen-3-1-2 = A gift given without asking is remembered longest.
omen-3-1-3 = Clouds gather but pass; carry an umbrella, not a fear.
omen-3-1-4 = A sudden chance in early summer: take it with both hands.
omen-3-2-1 = Speak gently at home and the house grows warm.
omen-3-2-2 = Two roads meet; the one with the willow tree is yours.
omen-3-2-3 = The pot you watched so long finally boils.
omen-3-2-4 = A kind deed done in secret comes back in daylight.
omen-3-3-1 = A full moon over the fields: plenty and peace.
omen-3-3-2 = Your name is spoken well in rooms you have not entered.
omen-3-3-3 = Three good omens in a row: the year smiles on you.
omen-3-3-4 = Climb the hill at dawn and you see the whole year ahead.
omen-3-4-1 = Tie the boat well before the storm; the storm will be short.
omen-3-4-2 = A stranger becomes a friend over a cup of tea.
omen-3-4-3 = Sow kindness in the east; reap it in the west.
omen-3-4-4 = Every piece comes home: what you started, you finish.
omen-4-1-1 = A strong start; steady the pace and it lasts all year.
omen-4-1-2 = The tiger sleeps: this is the time to cross the mountain.
omen-4-1-3 = Fortune knocks twice; open the door the second time too.
omen-4-1-4 = Run, but look back once: someone wants to run with you.
omen-4-2-1 = A bright year with one cloudy week: wait it out.
omen-4-2-2 = What you build with a partner stands for a long time.
omen-4-2-3 = The storehouse fills faster than you can count.
omen-4-2-4 = Good news travels far: expect a call from afar.
omen-4-3-1 = Great strength, gentle hands: you carry others this year.
omen-4-3-2 = The dragon lifts from the pond: a rise in your fortunes.
omen-4-3-3 = The wind is at your back on every road.
omen-4-3-4 = A feast at year's end, and you are the reason for it.
omen-4-4-1 = High flight, soft landing: dare the big thing.
omen-4-4-2 = Two great throws: luck doubled, so share half.
omen-4-4-3 = Golden fields as far as you can see.
omen-4-4-4 = Yut, yut, yut: the best of years. Throw your hat in the air!
