# 슬래시 명령, 규칙, 판, 채널 메시지의 글 (한국어).

## /윷: 슬래시 명령의 대답.
cmd-already-running-link = 이 채널에는 이미 판이 있어요: { $link }
cmd-challenge-names = 2대2는 짝과 두 번째 상대를 함께 골라 주세요. 1대1은 상대만 고르면 돼요.
cmd-joined = 참가했어요.
cmd-left = 판에서 나갔어요.
cmd-started = 판을 시작했어요.
cmd-stopped = 판을 끝냈어요.
cmd-defaults = 이 서버의 새 판: **{ $preset }** 규칙, 집안 규칙: { $house }, 한 수에 { $seconds }초. 점수 시즌: **{ $seasons }**.
cmd-defaults-no-house = 없음
cmd-season-monthly = 한 달마다
cmd-season-quarterly = 석 달마다
cmd-season-off = 없음
cmd-settings-not-admin = 서버 관리 권한이 있는 사람만 바꿀 수 있어요. 바뀐 것은 없어요.
cmd-settings-bad-house-rules = 그 집안 규칙은 쓸 수 없어요: { $why }. `/윷 규칙 옵션:True`에 모든 옵션이 있어요. 바뀐 것은 없어요.
cmd-saved = 저장했어요.
cmd-rules-this-game = 이 채널의 판
cmd-rules-also-plays = **이 채널의 판은 이것도 따라요:**
cmd-stats-none = { $who } 님은 아직 이 서버에서 끝낸 판이 없어요.
cmd-seasons-none-yet = 아직 없어요
cmd-no-such-season = 이 서버에는 { $season } 시즌이 없어요. 시즌: { $known }.
cmd-needs-server = 게임은 윷봇이 들어와 있는 서버에서만 할 수 있어요. 서버 관리자에게 윷봇 추가를 부탁해 주세요. `/yut rules`, `/yut help`, `/yut fortune`은 어디서나 쓸 수 있어요.
cmd-help = **윷봇**은 이 채널에서 윷놀이를 열어요.
    `/윷 새판` 판 열기 (방식, 자리, 규칙, 집안 규칙, 말, 시간, 승수, 봇)
    `/윷 도전 상대:@x` (2대2: `짝:` `상대2:`도) 이름을 댄 모두가 수락하면 시작하는 판; 한 판 더는 함께한 모두에게 물어요
    `/윷 참가` · `/윷 나가기` 자리에 앉거나 일어나기 · `/윷 시작` 시작 (방장, 또는 자리가 다 차면 누구나) · `/윷 끝내기` 판 끝내기 (방장이나 관리자)
    `/윷 판보기` 판을 새 메시지로 다시 보기
    `/윷 규칙` 규칙 요약 (`옵션:True`: 집안 규칙 모두)
    `/윷 전적 [사람]` 방식별 점수와 순위, 전적, 연승, 최근 판, 시간 초과와 나간 판 · `/윷 순위 [방식] [시즌]` 점수 순위
    `/윷 설정` 이 서버의 새 판 기본값과 점수 시즌 (한 달, 석 달 또는 끄기; 바꾸려면 서버 관리 권한)
    { "*" }*점수**: 1대1, 2대2, 개인전은 서버와 시즌마다 따로 매겨요. 사람이 한 명이라도 둔 판은 끝나면 점수에 들어가요. 봇은 난이도마다 정해진 점수로 셈해서(어려움을 이기면 쉬움을 이길 때보다 더 올라요), 봇끼리만 둔 판은 넣지 않아요. 처음엔 1000이고 첫 10판은 잠정이에요. 진행 중인 판에서 나가면(`/윷 나가기`) 진 것으로 치고, 시간 초과와 나간 판은 전적에 남아요. 한 바퀴 동안 아무도 두지 않은 판(모두 자리 비움)은 그만두고 점수와 전적에 넣지 않아요. 끝내기로 멈춘 판도 점수에 넣지 않아요.
    대기실에서는 방장이 메뉴에서 방식(2인, 3인, 4인, 2대2 팀전)과 규칙도 바꿀 수 있어요.
    판 아래 버튼으로 둬요: 던지기, 결과 고르기, 말 고르기 (버튼 번호가 판의 번호와 같아요).
    `/윷 다시보기` 끝난 판의 움직이는 다시 보기와 기록 · `/윷 지난판` 이 서버의 최근 판 · `/윷 윷점` 오늘의 윷점
    `/윷 게임목록` 이 서버에서 진행 중인 게임 · `/윷 알림` 내 차례 알림 방법 (채널에서 부르기, 개인 메시지, 둘 다, 없음) · `/윷 팔로우 플레이어:@x` 그 사람의 게임이 시작하고 끝날 때 개인 메시지 (판의 팔로우 버튼: 그 판이 끝날 때)
    공정한 던지기: 판이 시작할 때 비밀 던지기 시드의 SHA-256을, 끝날 때 시드 자체를 판에 보여 줘요. `/윷 검증`(판 번호, 또는 `/윷 다시보기`가 주는 기록)으로 모든 던지기가 그 시드에서 나왔는지 확인할 수 있어요.

## /윷 규칙: 규칙마다 요약, 집안 규칙 옵션.
rules-basics = **윷놀이 하는 법**
    • 윷을 던져요: 도 1, 개 2, 걸 3, 윷 4, 모 5칸. 윷이나 모가 나오면 한 번 더 던져요.
    • 나온 결과마다 말 하나를 움직여요: 새 말을 올리거나 판 위의 말을 옮겨요. 버튼의 번호가 판의 번호와 같아요.
    • 모서리(모, 뒷모)나 가운데(방)에 멈추면 지름길로 가요.
    • 상대 말이 있는 곳에 서면 잡아서 판 밖으로 보내고 한 번 더 던져요.
    • 내 말이 있는 곳에 서면 업어서 함께 움직여요.
    • 말을 모두 먼저 내보내는 쪽이 이겨요.
rules-standard = **기본 규칙** (흔히 쓰는 규칙)
    • 빽도: 한 칸 뒤로 (도에서 빽도면 참먹이로 가요). 판 위에 말이 없으면 버려요.
    • 말은 넷. 참먹이를 지나야 나요.
    • 잡아서 얻은 한 번 더는 가지고 있는 결과를 다 쓴 뒤에 던져요.
    • 누가 먼저 할지는 무작위로 정해요.
rules-boardgame = **보드게임 규칙** (시판 윷놀이 판)
    • 기본과 같지만, 잡으면 바로 한 번 더 던져요.
    • 빽도는 갈림길에서 어느 쪽으로든 뒤로 갈 수 있어요.
    • 한 번씩 던져서 가장 높은 사람이 먼저 해요.
rules-yunnori = **윷놀이 규칙** (윷이 반반으로 나와요)
    • 판 위에 말이 없을 때 빽도는 도로 쳐요. 첫 칸에서 빽도면 판 밖으로 나가요.
    • 방에서는 곧장 집으로, 찌모 지름길도 있어요.
    • 대각선 길은 바로 나가고, 잡으면 바로 한 번 더 던져요.
rules-nyout = **윷 옛 규칙**
    • 빽도가 없어요.
    • 말 수는 편 수에 따라 달라요.
    • 모서리에서 지름길과 바깥길 중에 골라요. 업을지 말지도 골라요.
    • 한 번씩 던져서 먼저 할 사람을 정해요.
rules-options-head = **집안 규칙**: `/윷 새판 집안규칙:`(서버 기본값은 `/윷 설정`)에 `이름=값`으로 적어요 (예: `backdo=off finish=exact`: 빽도 없이, 골인은 딱 맞게). 값 (지금: { $preset }):
rules-opt-flat-p = 윷가락이 엎어질 확률
rules-opt-backdo = 빽도 쓰기
rules-opt-seoul = 서울 표시: 도 또는 방으로
rules-opt-busan = 부산 표시: 도 또는 뒷모로
rules-opt-nak-p = 낙이 날 확률
rules-opt-finish = 말이 나는 법
rules-opt-diagonal-exit = 대각선이 참먹이를 거치는지
rules-opt-center-pass = 모에서 방을 지나면
rules-opt-jjimo-shortcut = 찌모에서도 지름길
rules-opt-shortcut = 지름길을 꼭 타는지
rules-opt-backdo-from-first = 도에서 빽도면
rules-opt-backdo-no-piece = 판에 말이 없을 때 빽도
rules-opt-backdo-path = 갈림길에서 빽도
rules-opt-throw-flow = 나올 때마다 바로 쓰기
rules-opt-capture-bonus = 잡으면 한 번 더
rules-opt-bonus-throw-chains = 그 던지기의 윷·모도 또
rules-opt-backdo-capture-bonus = 빽도로 잡아도 한 번 더
rules-opt-yut-mo-capture-bonus = 윷·모로 잡아도 한 번 더
rules-opt-stacking = 업기
rules-opt-pieces = 말 수
rules-opt-first-player = 먼저 하는 사람
rules-opt-first-to = 승부에 필요한 승 수

## 판: 자리, 봇, 판에 알리는 말, 집안 규칙 오류.
table-bot-name = 🤖 봇 { $seat } ({ $level })
table-level-easy = 쉬움
table-level-normal = 보통
table-level-master = 어려움
table-level-random = 무작위
table-level-reference = 기준
table-hint-throw = 먼저 윷을 던지세요
table-hint-pick = 결과와 말을 고르세요
table-back = 🙋 { $name } 님이 돌아와 다시 직접 둬요.
table-stopped = ⏹️ { $name } 님이 판을 끝냈어요.
table-lobby-closed = ⌛ 마지막 변경 뒤 { $minutes }분 동안 시작하지 않아 대기실을 닫았어요. `/윷 새판`으로 새 판을 열 수 있어요.
table-timed-out = ⏰ { $name } 님 시간이 다 되어 봇이 대신 두었어요.
table-abandoned = 🛑 한 바퀴가 도는 동안 아무도 두지 않아(모두 자리 비움) 판을 그만두었어요. 이 판은 점수와 전적에 넣지 않아요.
table-left = 🚪 { $name } 님이 판을 떠났어요. 봇(보통)이 그 자리를 이어 둬요.
table-rules-unknown-preset = "{ $preset }"{ JOSA($preset, "이라는/라는") } 규칙 묶음은 없어요
table-rules-unknown-option = "{ $option }"{ JOSA($option, "이라는/라는") } 옵션은 없어요
table-rules-bad-value = { $option }에는 { $value }{ JOSA($value, "을/를") } 쓸 수 없어요 (쓸 수 있는 값: { $expected })
table-rules-not-a-pair = "{ $text }"{ JOSA($text, "은/는") } 이름=값 꼴이 아니에요
table-house-rules-refusal = 그 집안 규칙은 쓸 수 없어요: { $why }. `이름=값`으로 적어 주세요 (예: `backdo=off finish=exact`). `/윷 규칙 옵션:True`에 모든 옵션이 있어요. 판은 열리지 않았어요.

## 채널 메시지, 버튼의 대답, 오류.
send-ping = { $mention } 님 차례예요!{ $due }
send-missing-permissions = 이 채널에서 판을 보여 줄 권한이 없어요 (채널 보기, 메시지 보내기, 파일 첨부, 메시지 기록 보기). 관리자에게 알려 주세요.
router-missing-permissions = 이 채널에서 판을 고칠 권한이 없어요 (채널 보기, 메시지 보내기, 파일 첨부, 메시지 기록 보기). 관리자에게 알려 주세요.
error-command = 죄송해요, 저희 쪽에 문제가 생겼어요. 다시 해 주세요. 계속 그러면 봇 운영자에게 이 참조 번호를 알려 주세요: `{ $reference }`.

# `/yut web`: a person's own seat on the web.
cmd-web-seat = { $game }번 게임의 내 자리, 브라우저에서: { $link }
    이 링크는 나만의 것입니다: 여는 사람은 누구든 나로서 두게 됩니다. 디스코드의 버튼도 그대로 쓸 수 있어요.
cmd-web-no-seat = 이 채널의 게임에 내 자리가 없습니다: 대기실이 열려 있을 때 `/yut join`으로 앉으세요.
cmd-web-off = 이 서버는 웹에 아무것도 보여 주지 않거나(`/yut settings web:`), 봇이 웹 페이지를 열지 않았습니다.
activity-not-set-up = 이 봇에는 디스코드 안의 보드가 설정되어 있지 않아요. 운영자가 애플리케이션의 클라이언트 시크릿(`DISCORD_CLIENT_SECRET`)과 웹 주소(`WEB_ADDR`)를 설정해야 해요. 게임 메시지의 버튼은 평소처럼 작동해요.
cmd-stats-events = 🏆 대회: { $events }
cmd-stats-event-place = { $name } ({ $of }명 중 { $rank }위)
