# view texts (en): the game message (crates/table/src/view.rs).
# $who: a seat's name as the sentence needs it (in Korean with 님, or with its subject
# particle); $side: a side's name as a sentence names it (a player, or a team).

## The points of the board (as on the picture; "spots" so "Geol spot" is not read as a throw).
view-point-0 = Cham
view-point-1 = Do spot
view-point-2 = Gae spot
view-point-3 = Geol spot
view-point-4 = Yut spot
view-point-5 = Mo
view-point-6 = Dwit-do spot
view-point-7 = Dwit-gae spot
view-point-8 = Dwit-geol spot
view-point-9 = Dwit-yut spot
view-point-10 = Dwitmo
view-point-11 = Jji-do spot
view-point-12 = Jji-gae spot
view-point-13 = Jji-geol spot
view-point-14 = Jji-yut spot
view-point-15 = Jjimo
view-point-16 = Nal-do spot
view-point-17 = Nal-gae spot
view-point-18 = Nal-geol spot
view-point-19 = Nal-yut spot
view-point-20 = Mo-do spot
view-point-21 = Mo-gae spot
view-point-22 = Bang
view-point-23 = Sok-yut spot
view-point-24 = Sok-mo spot
view-point-25 = Dwitmo-do spot
view-point-26 = Dwitmo-gae spot
view-point-27 = Saryeo spot
view-point-28 = Anjji spot

## The throws' results, as on their buttons.
view-chip-do = 도 Do +1
view-chip-gae = 개 Gae +2
view-chip-geol = 걸 Geol +3
view-chip-yut = 윷 Yut +4
view-chip-mo = 모 Mo +5
view-chip-backdo = 빽도 Back-do -1
view-chip-seoul = 서울 Seoul +1
view-chip-busan = 부산 Busan +1

## The presets, by name.
view-preset-standard = standard
view-preset-boardgame = boardgame
view-preset-yunnori = yunnori
view-preset-nyout = nyout

## A move in words, on its button.
view-move = { $from } → { $to }
view-move-stack = { $from } → { $to } (stack)
view-move-beside = { $from } → { $to } (beside)
view-move-new = New piece
view-move-home = Home
view-move-off = Off the board
view-dest-home = home
view-dest-off = off the board

## Buttons.
view-button-leave-game = Leave game
view-button-stop = Stop
view-button-join = Join
view-button-leave = Leave
view-button-add-bot = + Bot ({ $level })
view-button-remove-bot = − Bot
view-button-rules = { $preset } rules
view-button-fill = Fill empty seats ({ $level } bots)
view-menu-bot-level = Bot level: { $level }
view-button-start = Start
view-button-cancel = Cancel
view-button-back-in = 🙋 I'm back
view-button-throw = 🎲 Throw the sticks
view-button-reselect = ↩ Back
view-button-more = More moves…
view-button-autoplay = 🤖 Bot plays my turn
view-button-rematch = Rematch
view-button-reopen = Open the lobby again

## The header and the lobby.
view-mode-teams = 2v2 teams
view-mode-seats = { $seats } players
view-first-to = first to { $wins } wins
view-header = **Yut Nori** · { $mode } · { $rules } rules · { $seconds } s per action{ $series }
view-team-joiner = {" & "}
view-lobby-help = Press **Join** to take a seat. The host picks the mode (2, 3 or 4 players, or 2v2 teams) and the rules, and can start with two or more players; anyone can start once every seat is filled.
view-lobby-closes = A lobby nobody starts closes by itself:

## What happened.
view-starts = 🎬 The game starts with **{ $who }**.
view-nak = nothing (the sticks left the mat: 낙)
view-thrown = 🎲 { $who } threw **{ $what }**
view-thrown-again = 🎲 { $who } threw **{ $what }** — throw again!
view-entered = ➕ { $who } entered a piece with { $chip }: → { $to }
view-moved = ➡️ { $who } moved with { $chip }: { $from } → { $to }
view-moved-stack = ➡️ { $who } moved ×{ $count } with { $chip }: { $from } → { $to }
view-stacked = 🧺 Stacked ×{ $count } on { $at }.
view-captured = 💥 { $who } captured { $count } of { $victim }'s pieces on { $at }!
view-finished = 🏁 { $count } of { $side }'s pieces reached home.
view-sent-back = ↩️ { $count } { $count ->
        [one] piece
       *[other] pieces
    } stepped back off the board.
view-discarded = 🗑️ { $who } had no legal move for { $list }: { $count ->
        [one] discarded
       *[other] all discarded
    }.
view-bonus-later = ✨ Bonus throw after the held results.
view-bonus = ✨ Bonus throw!
view-won = 🏆 **{ $side }** wins!

## The board in words (the picture's alt text).
view-alt-board = Yut Nori board.
view-alt-side = { $side }: { $waiting } waiting, { $home } home.
view-alt-side-board = { $side }: { $waiting } waiting, { $home } home; on the board: { $spots }.
view-alt-held = Results held: { $list }.
view-alt-acting = { $who } to act.
view-alt-won = Winner: { $side }.
view-alt-last = Last move: { $who } played { $chip } → { $to }.
view-alt-captured = { $count } of { $victim }'s pieces sent back.
# Where a piece stands: its steps from home, and the picture's label there if it has one.
view-alt-steps = { $steps } { $steps ->
        [one] step
       *[other] steps
    } from home
view-alt-labelled = { $where } ({ $label })
view-alt-stack = a stack of { $count } at { $where }

## Whose turn, and what to do.
view-doing-throw = throw the sticks
view-doing-move = move a piece with { $chip } (the numbered buttons match the board)
# The same while the computer moves (no buttons to match).
view-doing-moving = move a piece with { $chip }
view-doing-pick = pick a result to spend
view-turn = ▶️ { $who }: { $doing }.
view-turn-away = ▶️ { $who } (away: the bot plays): { $doing }.
view-to-spend = Results to spend: { $list }

## The end of a game.
view-stopped = The game was stopped.
view-final-ranking = Final ranking:
view-ranking-line = { $place }. { $side } — { $home } home
view-match = Match: { $score }
view-match-won = 🏆 { $side } wins the match!

## `/yut games`: the server's games.
games-none = No game is running in this server. Open one with `/yut new`.
games-head = { $count ->
    [one] One game in this server
   *[other] { $count } games in this server
} (page { $page } of { $pages }):
games-lobby = lobby, { $taken } of { $seats } seats taken
games-home = 🏠 { $home } of { $pieces } pieces home
games-more = More: `/yut games page:{ $next }`
