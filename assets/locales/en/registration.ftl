# The slash commands' texts for Discord's registration (English): names, descriptions,
# options and choices of `/yut` and its subcommands, read by `localize`
# (src/discord/commands/localize.rs) when the bot starts.
#
# Keys: `reg-CMD` the name of a command, `reg-CMD-desc` its description; `reg-CMD-OPTION` and
# `reg-CMD-OPTION-desc` an option's (`_` in the code's name is `-` in the key);
# `reg-choice-LIST-CHOICE` a choice's label, shared by every option that offers the list.
# The English names are the code's own (Discord sends them back and the bot reads its options by
# them): change them in the code, not here. Discord allows names of 1 to 32 lowercase letters,
# digits, `-` or `_` with no spaces, descriptions of 1 to 100 characters, choices of 1 to 100.

## /yut
reg-yut = yut
reg-yut-desc = Yut Nori (윷놀이).

## /yut new
reg-new = new
reg-new-desc = Open a new game in this channel.
reg-new-mode = mode
reg-new-mode-desc = Free for all or 2v2 teams
reg-new-seats = seats
reg-new-seats-desc = Seats for free for all (2 to 4)
reg-new-preset = preset
reg-new-preset-desc = Rule preset
reg-new-house-rules = house_rules
reg-new-house-rules-desc = House rules on top of the preset, e.g. backdo=off finish=exact (/yut rules options)
reg-new-pieces = pieces
reg-new-pieces-desc = Pieces per side
reg-new-seconds = seconds
reg-new-seconds-desc = Seconds per action (10 to 300)
reg-new-match-length = match_length
reg-new-match-length-desc = Wins needed to take the match (1 to 9)
reg-new-bots = bots
reg-new-bots-desc = Bots to seat at once (0 to 3)
reg-new-bot-level = bot_level
reg-new-bot-level-desc = Strength of those bots

## /yut challenge
reg-challenge = challenge
reg-challenge-desc = Challenge someone (1v1), or two others with a partner (2v2)
reg-challenge-opponent = opponent
reg-challenge-opponent-desc = Who you challenge
reg-challenge-partner = partner
reg-challenge-partner-desc = 2v2: your partner (then also name a second opponent)
reg-challenge-opponent2 = opponent2
reg-challenge-opponent2-desc = 2v2: the second opponent
reg-challenge-preset = preset
reg-challenge-preset-desc = Rule preset
reg-challenge-house-rules = house_rules
reg-challenge-house-rules-desc = House rules on top of the preset, e.g. backdo=off finish=exact (/yut rules options)

## /yut join
reg-join = join
reg-join-desc = Take a seat in this channel's game.

## /yut leave
reg-leave = leave
reg-leave-desc = Leave this channel's game (a bot takes your seat if it has started).

## /yut start
reg-start = start
reg-start-desc = Start the game.

## /yut stop
reg-stop = stop
reg-stop-desc = Stop the game (host or moderator).

## /yut board
reg-board = board
reg-board-desc = Show the board again as a new message.

## /yut rules
reg-rules = rules
reg-rules-desc = A short summary of the rules.
reg-rules-preset = preset
reg-rules-preset-desc = Rule preset (default: this channel's game, else standard)
reg-rules-options = options
reg-rules-options-desc = List every house-rule option for /yut new instead

## /yut stats
reg-stats = stats
reg-stats-desc = Someone's record and ratings in this server.
reg-stats-user = user
reg-stats-user-desc = Whose record (default: yours)

## /yut leaderboard
reg-leaderboard = leaderboard
reg-leaderboard-desc = The best players in this server, by rating.
reg-leaderboard-mode = mode
reg-leaderboard-mode-desc = Which mode (default: all three)
reg-leaderboard-season = season
reg-leaderboard-season-desc = A past season, e.g. 2026-11 or 2026-Q3 (default: this one)

## /yut settings
reg-settings = settings
reg-settings-desc = This server's defaults for `/yut new` (changing them needs Manage Server).
reg-settings-preset = preset
reg-settings-preset-desc = Default rule preset
reg-settings-house-rules = house_rules
reg-settings-house-rules-desc = Default house rules, e.g. backdo=off finish=exact (none: clear)
reg-settings-seconds = seconds
reg-settings-seconds-desc = Default seconds per action (10 to 300)
reg-settings-seasons = seasons
reg-settings-seasons-desc = Rating seasons: at each end the standings are archived and ratings softly reset
reg-settings-threads = threads
reg-settings-threads-desc = Play each game in a thread of its own (needs Create Public Threads)
reg-settings-web = web
reg-settings-web-desc = What this server shows on the web: live pages and replays, nothing, or the standings too
reg-settings-web-revoke = web_revoke
reg-settings-web-revoke-desc = New web links for this server: every link given before stops working
reg-settings-reset = reset
reg-settings-reset-desc = Forget every default

## /yut replay
reg-replay = replay
reg-replay-desc = The replay of a finished game (default: this channel's last), with its record.
reg-replay-game = game
reg-replay-game-desc = The game's number (default: this channel's last finished game)

## /yut verify
reg-verify = verify
reg-verify-desc = Check a game's throws: a record attached, or a finished game by number.
reg-verify-game = game
reg-verify-game-desc = The number of a finished game of this server
reg-verify-record = record
reg-verify-record-desc = A game record (the .json file /yut replay gives)

## /yut history
reg-history = history
reg-history-desc = The last games in this server, with buttons to their replays.
reg-history-user = user
reg-history-user-desc = Only games this person played

## /yut fortune
reg-fortune = fortune
reg-fortune-desc = 윷점: today's yut fortune, three throws read against 64 omens (one per person per day).

## /yut help
reg-help = help
reg-help-desc = How to use the bot.

## Choices.
reg-choice-mode-solo = Free for all
reg-choice-mode-teams = 2v2 teams
reg-choice-family-1v1 = 1v1
reg-choice-family-teams = 2v2 teams
reg-choice-family-ffa = Free for all (3-4 players)
reg-choice-season-monthly = Monthly
reg-choice-season-quarterly = Quarterly
reg-choice-season-off = Off (one season for ever)
reg-choice-web-off = Nothing
reg-choice-web-links = Live pages and replays (default)
reg-choice-web-standings = Live pages, replays and the standings page
reg-choice-preset-standard = Standard
reg-choice-preset-boardgame = Board game
reg-choice-preset-yunnori = Yunnori
reg-choice-preset-nyout = Nyout (old rules)
reg-choice-pieces-2 = 2 pieces
reg-choice-pieces-3 = 3 pieces
reg-choice-pieces-4 = 4 pieces
reg-choice-pieces-auto = By number of sides
reg-choice-level-easy = Easy
reg-choice-level-normal = Normal
reg-choice-level-master = Master


## `/yut games`.
reg-games = games
reg-games-desc = The games and open lobbies of this server, with links, players and whose turn it is.
reg-games-page = page
reg-games-page-desc = Which page of the list (10 games a page).

## `/yut web`.
reg-web = web
reg-web-desc = Play this channel's game in a browser: a private link to your own seat.
## The member context menu (a user command).
reg-menu-challenge-member = Challenge to Yut Nori

## `/yut notify`.
reg-notify = notify
reg-notify-desc = How you hear that it is your turn: a ping in the channel, a direct message, both or none.
reg-notify-mode = mode
reg-notify-mode-desc = Where your turn reminders go
reg-notify-half-time = half_time
reg-notify-half-time-desc = Only once half of your time for the action has gone (not if you act quickly)
reg-choice-notify-channel = A ping in the game's channel (default)
reg-choice-notify-dm = A direct message with a link to the board
reg-choice-notify-both = Both
reg-choice-notify-none = None

## `/yut follow`.
reg-follow = follow
reg-follow-desc = Follow a player: a direct message when their games start and end. Lists and removes what you follow.
reg-follow-player = player
reg-follow-player-desc = The person to follow (again: stop following them)
reg-follow-remove = remove
reg-follow-remove-desc = Stop following the one with this number in your list
reg-event = event
reg-event-desc = Open a tournament here: members join, the bot pairs each round (admins).
reg-event-name = name
reg-event-name-desc = The event's name
reg-event-rounds = rounds
reg-event-rounds-desc = How many rounds (1 to 15; default 5)
reg-event-format = format
reg-event-format-desc = Swiss (default), single or double elimination, round robin, or free-for-all tables
reg-event-mode = mode
reg-event-mode-desc = One person per entrant (default) or 2v2 teams
reg-event-best-of = best_of
reg-event-best-of-desc = Games per match in elimination and round robin (1 to 7; default 1)
reg-event-preset = preset
reg-event-preset-desc = Rule preset of its games (default: the server's rules)
reg-event-seconds = seconds
reg-event-seconds-desc = Seconds per action in its games (10 to 300)
reg-event-check-in = check_in
reg-event-check-in-desc = Entrants must check in before the first round
reg-event-no-show = no_show
reg-event-no-show-desc = Minutes a side may take to show up in its game before it forfeits (default 5)
reg-event-cap = cap
reg-event-cap-desc = The most entrants taken
reg-event-rated = rated
reg-event-rated-desc = Its games count for the season's ratings (default: yes)
reg-event-team = event-team
reg-event-team-desc = Sign up for this channel's 2v2 event with a partner, who accepts
reg-event-team-partner = partner
reg-event-team-partner-desc = Your partner
reg-event-team-name = name
reg-event-team-name-desc = Your team's name
reg-event-admin = event-admin
reg-event-admin-desc = Steer this channel's event: pause, resume, a result, a disqualification (admins)
reg-event-admin-action = action
reg-event-admin-action-desc = What to do
reg-event-admin-member = member
reg-event-admin-member-desc = A result: the winner (or a member of the winning team); who is disqualified
reg-event-admin-reason = reason
reg-event-admin-reason-desc = Why, for the event's log
reg-choice-event-swiss = Swiss
reg-choice-event-single = Single elimination
reg-choice-event-double = Double elimination
reg-choice-event-robin = Round robin
reg-choice-event-pause = Pause
reg-choice-event-resume = Resume
reg-choice-event-result = Set a result
reg-choice-event-disqualify = Disqualify
reg-choice-event-cancel = Call off
reg-choice-event-tables = Free-for-all tables (3-4 a game)
reg-event-round-length = round_length
reg-event-round-length-desc = Minutes from one round to the next (e.g. 1440: a round a day; default: at once)
