# Texts of the slash commands, the rules, the table, the channel messages (English).

## /yut: answers of the slash commands.
cmd-already-running-link = This channel already has a game: { $link }
cmd-challenge-names = For 2v2 name both your partner and a second opponent; for 1v1 name only the opponent.
cmd-joined = You joined.
cmd-left = You left the game.
cmd-started = The game starts.
cmd-stopped = The game was stopped.
cmd-defaults = New games in this server: **{ $preset }** rules; house rules: { $house }; { $seconds } s per action. Rating seasons: **{ $seasons }**.
cmd-defaults-no-house = none
cmd-season-monthly = monthly
cmd-season-quarterly = quarterly
cmd-season-off = off
cmd-settings-not-admin = Only members with the Manage Server permission can change these. Nothing was changed.
cmd-settings-bad-house-rules = Those house rules can't be used: { $why }. `/yut rules options:True` lists every option. Nothing was changed.
cmd-saved = Saved.
cmd-rules-this-game = this channel's game
cmd-rules-also-plays = **This channel's game also plays with:**
cmd-stats-none = { $who } has not finished a game here yet.
cmd-seasons-none-yet = none yet
cmd-no-such-season = There is no season { $season } in this server. Seasons: { $known }.
cmd-needs-server = A game needs Yutbot in the server: ask an admin of the server to add it. `/yut rules`, `/yut help` and `/yut fortune` work anywhere.
cmd-help = **Yutbot** plays Yut Nori (윷놀이) in this channel.
    `/yut new` open a game (mode, seats, rules, house rules, pieces, seconds, match length, bots)
    `/yut challenge opponent:@x` (2v2: also `partner:` `opponent2:`) a game that starts when everyone named accepts; a rematch asks everyone who played
    `/yut join` · `/yut leave` take or give up a seat · `/yut start` start (the host, or anyone once every seat is filled) · `/yut stop` stop (host or moderator)
    `/yut board` show the board again as a new message
    `/yut rules` the rules in short (`options:True`: every house rule)
    `/yut stats [user]` rating and place per mode, record, streaks, last games, time-outs and leaves · `/yut leaderboard [mode] [season]` the standings by rating
    `/yut settings` this server's defaults for new games and rating seasons (monthly, quarterly or off; Manage Server to change)
    { "*" }*Ratings**: 1v1, 2v2 and free-for-all apart, per server and season; bots count at their level's fixed rating. Not rated: bots alone, stopped games, games abandoned (everyone away for a round), games in group DMs. New players show 1000, provisional for 10 games. Leaving a running game counts as a loss; time-outs and leaves are on your record.
    In the lobby the host can also switch the mode (2, 3, 4 players or 2v2 teams) and the rules with its menus.
    Play with the buttons under the board: throw, pick a result, pick a move (the numbers match the board).
    `/yut replay` the animated replay of a finished game, with its record · `/yut history` the last games here · `/yut fortune` today's 윷점
    `/yut games` the games running here · `/yut notify` how you hear it is your turn (a ping, a DM, both or none) · `/yut follow player:@x` a DM when their games start and end (Follow on a board: when that game ends)
    Fair throws: the SHA-256 of a secret throw seed at the start, the seed at the end; `/yut verify` checks every throw against it.

## /yut rules: the summary of each preset, and the house-rule options.
rules-basics = **How to play Yut Nori**
    • Throw the four sticks: 도 Do 1, 개 Gae 2, 걸 Geol 3, 윷 Yut 4, 모 Mo 5 steps. Yut and Mo give another throw.
    • Spend each result on a piece: enter a new one or move one on the board. The numbered buttons match the numbers on the board.
    • Stopping on a corner (모, 뒷모) or the centre (방) takes the shortcut across the board.
    • Land on an opponent to capture it (it goes back off the board) and throw again.
    • Land on your own piece to stack: they move together from then on.
    • The first side to bring every piece home wins.
rules-standard = **Standard rules** (house rules common in Korea)
    • 빽도 Back-do: one step back (from 도 Do it jumps to the finish point, 참먹이); with no piece on the board it is discarded.
    • Four pieces each. A piece goes home by passing the finish point.
    • A capture's extra throw comes after the results you still hold.
    • Who starts is drawn at random.
rules-boardgame = **Board-game rules** (as printed in boxed sets)
    • Like standard, but a capture's extra throw comes at once.
    • 빽도 Back-do may take either way back at a junction.
    • Everyone throws once to decide who starts; the highest throw begins.
rules-yunnori = **Yunnori rules** (sticks land flat half the time)
    • 빽도 Back-do with no piece on the board counts as 도 Do; from the first point it steps off the board.
    • From the centre a piece goes straight home; 찌모 shortcut from the near corner.
    • Diagonal paths leave the board directly; a capture's extra throw comes at once.
rules-nyout = **Nyout rules** (older tradition)
    • No 빽도 Back-do.
    • Pieces per side depend on the number of sides.
    • At a corner you choose the shortcut or the outer path; stacking onto your own piece is your choice.
    • Everyone throws once to decide who starts.
rules-options-head = **House rules** for `/yut new house_rules:` (or a server's defaults, `/yut settings`) as `name=value`, e.g. `backdo=off finish=exact`. Values (now: { $preset }):
rules-opt-flat-p = chance a stick lands flat
rules-opt-backdo = 빽도 in play
rules-opt-seoul = 서울 mark: 도 or onto 방
rules-opt-busan = 부산 mark: 도 or onto 뒷모
rules-opt-nak-p = chance a throw is void (낙)
rules-opt-finish = how a piece goes home
rules-opt-diagonal-exit = diagonals go via 참먹이 or leave directly
rules-opt-center-pass = passing 방 from 모: straight on or home
rules-opt-jjimo-shortcut = shortcut from 찌모 too
rules-opt-shortcut = stations force the shortcut?
rules-opt-backdo-from-first = 빽도 from 도 goes
rules-opt-backdo-no-piece = 빽도 with no piece out
rules-opt-backdo-path = 빽도 at a junction
rules-opt-throw-flow = spend each result at once?
rules-opt-capture-bonus = a capture's extra throw
rules-opt-bonus-throw-chains = 윷/모 on that throw throws again
rules-opt-backdo-capture-bonus = 빽도 capture earns a throw
rules-opt-yut-mo-capture-bonus = 윷/모 capture earns a throw
rules-opt-stacking = stacking own pieces
rules-opt-pieces = pieces per side
rules-opt-first-player = who starts
rules-opt-first-to = wins to take the match

## The table: seats, bots, notices on the board, house-rule errors.
table-bot-name = 🤖 Bot { $seat } ({ $level })
table-level-easy = Easy
table-level-normal = Normal
table-level-master = Master
table-level-random = Random
table-level-reference = Reference
table-hint-throw = throw first
table-hint-pick = pick a result and a piece
table-back = 🙋 { $name } is back and plays their own turns again.
table-stopped = ⏹️ { $name } stopped the game.
table-lobby-closed = ⌛ The lobby closed: nobody started it within { $minutes } minutes of its last change. `/yut new` opens a new one.
table-timed-out = ⏰ { $name } ran out of time; the bot played for them.
table-abandoned = 🛑 Game abandoned: nobody has played for a whole round of turns (everyone is away). It ends here, unrated and not counted in anyone's record.
table-left = 🚪 { $name } left the game; a bot (Normal) plays their seat.
table-rules-unknown-preset = unknown preset "{ $preset }" (expected one of: `standard`, `boardgame`, `yunnori`, `nyout`)
table-rules-unknown-option = unknown option "{ $option }"
table-rules-bad-value = option { $option }: { $value } is not allowed (expected { $expected })
table-rules-not-a-pair = "{ $text }" is not name=value
table-house-rules-refusal = Those house rules can't be used: { $why }. Write them as `name=value`, e.g. `backdo=off finish=exact`; `/yut rules options:True` lists every option. No game was opened.

## Messages in the channel, answers to clicks, errors.
send-ping = { $mention } your turn!{ $due }
send-missing-permissions = I can't show the game board here: I'm missing permissions in this channel (View Channel, Send Messages, Attach Files, Read Message History). Please ask a moderator.
router-missing-permissions = I can't update the board here: I'm missing permissions in this channel (View Channel, Send Messages, Attach Files, Read Message History). Please ask a moderator.
error-command = Sorry, something went wrong on our side. Please try again. If it keeps happening, give the bot's operator this reference: `{ $reference }`.

# `/yut web`: a person's own seat on the web.
cmd-web-seat = Your seat in game #{ $game }, in a browser: { $link }
    This link is yours alone: whoever opens it plays as you. Your buttons here on Discord keep working too.
cmd-web-no-seat = You have no seat in this channel's game: `/yut join` takes one while the lobby is open.
cmd-web-off = This server shows nothing on the web (`/yut settings web:`), or the bot serves no web pages.
activity-not-set-up = The board inside Discord is not set up on this bot: its operator has to give it the application's client secret (`DISCORD_CLIENT_SECRET`) and a web address (`WEB_ADDR`). The buttons on the game's message work as always.
cmd-stats-events = 🏆 Events: { $events }
cmd-stats-event-place = { $name } ({ $rank } of { $of })
