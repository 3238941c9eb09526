# standings texts (en)

## /yut leaderboard and /yut stats (crates/table/src/standings.rs).
standings-all-families = All families
standings-family-1v1 = 1v1
standings-family-teams = 2v2 teams
standings-family-ffa = free-for-all
standings-season = season { $season }
standings-season-all-time = season all time
standings-leaderboard-title = **Leaderboard** · { $season }
standings-ranked-row = { $place }. **{ $name }** { $rating } — { $games } { $games ->
        [one] game
       *[other] games
    }, { $percent }% won
standings-provisional = *Provisional (fewer than 10 rated games):* { $list }
standings-provisional-more = and { $more } more
standings-no-games = No rated games yet.
standings-other-seasons = Other seasons: { $list }
standings-place-provisional = provisional, { $games } rated { $games ->
        [one] game
       *[other] games
    }
standings-place-rank = #{ $rank } of { $of }
standings-place-none = no game this season yet
standings-family-line = { $family }: **{ $rating }** ({ $place }) · this season { $games } { $games ->
        [one] game
       *[other] games
    }, { $percent }% won
standings-streak-won = { $n } won in a row
standings-streak-lost = { $n } lost in a row
standings-streak-none = none
standings-card-games = Games: { $games } · won { $wins } ({ $percent }%) · streak: { $streak } (best { $best } won in a row)
standings-card-conduct = Time-outs: { $timeouts } · games left: { $leaves }
standings-recent-title = Last games:

## After a game: replay, analysis, review, history (crates/service/src/after.rs, crates/table/src/after.rs).
after-button-replay = 🎞️ Replay
after-button-analysis = 📈 Analysis
after-button-review = 🔍 My game review
after-button-fair = 🎲 Fair throws
# "Fair throws", answered privately ($game: the game's number).
after-fair = 🎲 **Fair throws**, game #{ $game }: before the first throw I picked a secret seed and showed its fingerprint, SHA-256 `{ $commitment }`. Every throw comes from that seed, so once the game has begun no throw can be changed, not even by me.
after-fair-later = When the game ends I show the seed: its SHA-256 must be that fingerprint, and `/yut verify game:{ $game }` then checks every throw.
after-fair-seed = The seed: `{ $seed }`. Its SHA-256 is that fingerprint; `/yut verify game:{ $game }` plays every throw again from it.
after-fair-none = This game began before throws were committed, so its throws cannot be checked.
# /yut verify, answered privately.
after-verified = ✅ **Verified**: the seed matches its commitment and all { $throws } throws come from it.
after-not-verified = ❌ **Not verified**: `{ $why }`
after-verify-how = Attach a game record (the `.json` file that comes with `/yut replay`) as `record`, or give the number of a finished game of this server as `game`.
after-verify-download = Sorry, I could not read the attached file. Please try again.
after-commitment = -# 🎲 Throws committed: SHA-256 `{ $commitment }` (the seed is shown when the game ends)
after-seed = -# 🎲 Throw seed: `{ $seed }` (its SHA-256 is the commitment shown at the start; check every throw with `/yut verify`)
after-no-such-game = There is no game with that number.
after-no-finished-game = No game has finished in this channel yet, so there is nothing to replay.
after-other-server = That game was played in another server.
after-running = That game is still running: its replay comes when it is over.
after-not-started = That game was stopped before it began.
after-broken = Sorry, that game's record could not be replayed.
after-storage = Sorry, I couldn't read the game. Please try again.
after-replay-seed = -# 🎲 Throw seed `{ $seed }` (SHA-256 `{ $commitment }`): check every throw with `/yut verify` and the attached record.
after-history-empty = No finished games here yet.
after-history-title = **Last games**

## The words of the replay, the chart and the review (crates/replay/src/words.rs).
replay-chart-title = Chance to win after each action (Master)
replay-chance-axis = chance to win
replay-actions-axis = actions
replay-turning-point = turning point
# The chart's turning point when it came on the losing side's turn.
replay-decisive-mistake = decisive mistake
# Alt texts (for screen readers) of the replay GIF, the chart and a review's pictures.
replay-gif-alt = Animated replay of game #{ $game }: { $players }; { $winner } won after { $actions } actions.
replay-chart-alt = Chance-to-win chart of game #{ $game }: { $leader } led { $share }% of the turns and { $winner } won. { $turning }.
replay-review-alt = Decision { $n } of the review (action { $action }): the board before the move; { $lost ->
        [one] { $lost } point
       *[other] { $lost } points
    } of chance given away.
replay-capture = capture
replay-stack = stack
replay-backdo = Back-Do
replay-review-title = Your costliest decisions
replay-nothing-to-review = Master found no decision of yours that gave away win chance. Well played!
replay-not-playing = You did not play in that game, so there is nothing of yours to review.
replay-played = you played
replay-master = Master would play
replay-lost = chance lost
replay-action = action
replay-points = points
replay-thinned = a long game: only some of its actions are shown
replay-caption = 🎞️ Replay of game #{ $game } · { $actions ->
        [one] { $actions } action
       *[other] { $actions } actions
    } · { $seconds } s
