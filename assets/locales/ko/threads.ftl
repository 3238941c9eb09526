# thread texts (ko): a game played in a thread of its own (the server's `threads` setting).
# $players: the seats' names; $thread: a link to the thread (<#id>); $winner: the winning
# side as a sentence names it.

thread-name = 윷놀이: { $players }
thread-versus = { " " }대{ " " }
view-opening-thread = 🧵 이 판의 스레드를 여는 중이에요…
thread-moved = 🧵 이 판은 스레드에서 이어져요: { $thread }
thread-result = 🏆 { $winner }{ JOSA($winner, "이/가") } { $thread }에서 열린 판을 이겼어요.
thread-no-result = ⏹️ { $thread }에서 열린 판이 승자 없이 끝났어요.
table-no-thread = ⚠️ 여기서 둬요: 판마다 스레드를 열려면 이 채널에서 공개 스레드 만들기와 스레드에서 메시지 보내기 권한이 필요해요.
refusal-opening-thread = 잠깐만요, 이 판의 스레드를 여는 중이에요.
cmd-settings-threads-on = 판마다 스레드 따로
cmd-settings-threads-off = 채널에서 바로
cmd-defaults-threads = 판을 두는 곳: **{ $threads }**.
cmd-settings-web-off = 보이지 않음
cmd-settings-web-links = 실시간 관전과 다시 보기
cmd-settings-web-standings = 실시간 관전, 다시 보기와 순위표
cmd-defaults-web = 웹에 보이는 것: **{ $web }**.
cmd-settings-web-revoked = 전에 준 웹 링크는 이제 열리지 않아요. 판에는 새 링크가 붙어요.
cmd-settings-standings-link = 순위표 페이지: { $url }
cmd-settings-no-web = (이 봇은 웹 페이지를 열어 두지 않았어요: 운영자가 `WEB_ADDR`를 설정하지 않았어요.)
