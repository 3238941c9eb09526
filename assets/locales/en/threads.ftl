# thread texts (en): a game played in a thread of its own (the server's `threads` setting).
# $players: the seats' names; $thread: a link to the thread (<#id>); $winner: the winning
# side as a sentence names it.

thread-name = Yut: { $players }
thread-versus = { " " }vs{ " " }
view-opening-thread = 🧵 Opening a thread for this game…
thread-moved = 🧵 This game is played in its own thread: { $thread }
thread-result = 🏆 { $winner } won the game played in { $thread }.
thread-no-result = ⏹️ The game played in { $thread } ended without a winner.
table-no-thread = ⚠️ Playing here: to give each game its own thread I need the Create Public Threads and Send Messages in Threads permissions in this channel.
refusal-opening-thread = One moment: the game's thread is being opened.
cmd-settings-threads-on = each game in a thread of its own
cmd-settings-threads-off = games in the channel
cmd-defaults-threads = Where games are played: **{ $threads }**.
cmd-settings-web-off = nothing
cmd-settings-web-links = live pages and replays
cmd-settings-web-standings = live pages, replays and the standings page
cmd-defaults-web = On the web: **{ $web }**.
cmd-settings-web-revoked = Every web link given before no longer works; boards get new ones.
cmd-settings-standings-link = The standings page: { $url }
cmd-settings-no-web = (This bot serves no web pages: its operator has not set `WEB_ADDR`.)
