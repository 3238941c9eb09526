# web texts (en): the browser's pages (assets/web/*.html and *.js, crates/web). The pages get
# every web- key of their language as a dictionary (/assets/words/<lang>), with the level and
# preset names; a variable reaches the page as {name} and the page fills it in, so these texts
# use no selectors.

## Every page.
web-page-title = Yut Nori
web-new-game = New game

## The new-game page (assets/web/index.html, new.js).
web-language = Language
web-players = Players
web-teams = 2v2 teams (seats 1 and 3 against 2 and 4)
web-rules = Rules
web-house = House rules (optional)
web-seconds = Seconds per action
web-start = Start
web-games = Games on this computer
web-none = None yet.
web-seat = Seat { $n }
web-person = Person
web-empty = Empty
web-bot = Bot: { $level }
web-name = Name
web-name-of = Name of seat { $n }
web-default-name = Player { $n }
web-playing = playing
web-finished = over

## A game's page (assets/web/game.html, play.js).
web-game-title = Yut Nori · game #{ $game }
web-log = What happened
web-seat-counts = waiting { $waiting } · home { $home }
web-pool = Throws held: { $list }
web-live = live
web-reconnecting = reconnecting…
web-seconds-left = { $seconds } s left
web-again = Play again
web-failed = Could not reach the game; nothing changed.
# The seed line of a finished game's board, in the browser (Discord's says which command checks it).
web-seed-line = -# 🎲 Throw seed: `{ $seed }` (its SHA-256 is the commitment shown at the start; the replay page checks every throw)

## A replay's page (assets/web/replay.html, replay.js, crates/web/src/replay.rs).
web-replay-title = Replay of game #{ $game }
web-first = First step
web-previous = Previous step
web-play = Play
web-pause = Pause
web-next = Next step
web-last = Last step
web-scrub = Step of the game
web-speed = Speed
web-capture = Next capture
web-turning = Turning point
web-decisions = Costliest decisions
web-no-decisions = None: every choice was as good as the Master bot's.
web-record = Download the record
web-step = Step { $at } of { $last }
web-step-start = Start
web-chance = chance to win
web-commitment = Commitment (SHA-256 of the seed, shown when the game began): { $hex }
web-seed = Seed: { $hex }
web-seed-matches = This page checked it too: the seed's SHA-256 is the commitment shown when the game began.
web-seed-differs = This page found that the seed's SHA-256 is NOT the commitment.
web-verified = 🔒 Record checked: the seed matches its commitment and all { $throws } throws come from it.
web-not-verified = ❌ Record not verified: { $why }

## What a page or a request is refused with (crates/web).
web-error-no-game = There is no such game here.
web-error-starting = Starting up; try again in a moment.
web-error-too-many = Too many live pages open from your address; close some and reload.
web-error-off = This server does not show its games on the web.
web-error-bad-link = This link is not valid (or was revoked).
web-error-no-standings = This server does not show its standings on the web.
web-error-no-player = No games recorded for this player here.
web-error-players = A game has 2 to 4 players.
web-error-teams = 2v2 teams need 4 players.
web-error-name = A name is 1 to 32 characters.
web-error-bot = A bot is Easy, Normal or Master.
web-error-person = At least one person plays.
web-error-preset = There is no such set of rules.
web-error-button = That is not a button of this game.
web-standings-title = Yut Nori · standings
web-activity-unavailable = The board inside Discord is not set up on this bot.
web-activity-signed-out = Your session here has ended: reconnect, or open the Activity again.
web-activity-sign-in-failed = Discord did not confirm who you are. Close the Activity and open it again.
web-activity-not-participant = You are not in this Activity: join it from Discord first.
web-activity-no-game = No game in this channel yet: start one with `/yut new`, and it shows here at once.
web-activity-connecting = Connecting to Discord…
web-activity-signing-in = Signing in…
web-activity-loading = Loading the game…
web-activity-outside = This is Yut Nori's Discord Activity: start it from a Discord channel (the rocket button, Activities).
web-activity-no-discord = Discord did not answer this page.
web-activity-refused = The game server refused to sign you in: { $why }
web-activity-unreachable = Could not reach the game server.
web-activity-reconnect = Reconnect
web-activity-failed = Could not start the game: { $why }
web-toss-nak = Off the mat: no result
