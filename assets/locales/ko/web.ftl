# web texts (ko): 브라우저 페이지 (assets/web, crates/web). See en/web.ftl.

## Every page.
web-page-title = 윷놀이
web-new-game = 새 게임

## The new-game page.
web-language = 언어
web-players = 참가자
web-teams = 2대2 팀전 (1·3번 자리 대 2·4번 자리)
web-rules = 규칙
web-house = 집안 규칙 (선택)
web-seconds = 한 수에 걸리는 초
web-start = 시작
web-games = 이 컴퓨터의 게임
web-none = 아직 없어요.
web-seat = { $n }번 자리
web-person = 사람
web-empty = 비움
web-bot = 봇: { $level }
web-name = 이름
web-name-of = { $n }번 자리 이름
web-default-name = 참가자 { $n }
web-playing = 진행 중
web-finished = 끝남

## A game's page.
web-game-title = 윷놀이 · { $game }번 게임
web-log = 지나온 수
web-seat-counts = 대기 { $waiting } · 완주 { $home }
web-pool = 남은 결과: { $list }
web-live = 실시간
web-reconnecting = 다시 연결하는 중…
web-seconds-left = { $seconds }초 남음
web-again = 다시 하기
web-failed = 게임에 닿지 못했어요. 바뀐 것은 없어요.
web-seed-line = -# 🎲 던지기 시드: `{ $seed }` (SHA-256이 처음에 보인 약속값이에요. 다시보기 페이지가 모든 던지기를 확인해요)

## A replay's page.
web-replay-title = { $game }번 게임 다시보기
web-first = 처음으로
web-previous = 이전 수
web-play = 재생
web-pause = 일시 정지
web-next = 다음 수
web-last = 마지막으로
web-scrub = 게임의 수
web-speed = 속도
web-capture = 다음 잡기
web-turning = 승부처
web-decisions = 가장 아까운 선택
web-no-decisions = 없음: 모든 선택이 어려움 봇만큼 좋았어요.
web-record = 기록 내려받기
web-step = { $last }수 중 { $at }수
web-step-start = 시작
web-chance = 이길 확률
web-commitment = 약속값 (게임 시작 때 보인 시드의 SHA-256): { $hex }
web-seed = 시드: { $hex }
web-seed-matches = 이 페이지도 확인했어요: 시드의 SHA-256이 게임 시작 때 보인 약속값과 같아요.
web-seed-differs = 이 페이지 확인 결과: 시드의 SHA-256이 약속값과 달라요.
web-verified = 🔒 기록 확인: 시드가 약속값과 맞고, { $throws }번의 던지기가 모두 시드에서 나왔어요.
web-not-verified = ❌ 기록을 확인하지 못했어요: { $why }

## Refusals.
web-error-no-game = 여기에는 그런 게임이 없어요.
web-error-starting = 시작하는 중이에요. 잠시 뒤에 다시 해 주세요.
web-error-too-many = 이 주소에서 실시간 페이지를 너무 많이 열었어요. 몇 개를 닫고 다시 불러오세요.
web-error-off = 이 서버는 게임을 웹에 보여 주지 않아요.
web-error-bad-link = 올바르지 않은 링크예요 (또는 취소된 링크예요).
web-error-no-standings = 이 서버는 순위를 웹에 보여 주지 않아요.
web-error-no-player = 여기에는 이 참가자의 게임 기록이 없어요.
web-error-players = 게임은 2명에서 4명까지 해요.
web-error-teams = 2대2 팀전은 4명이 필요해요.
web-error-name = 이름은 1자에서 32자까지예요.
web-error-bot = 봇은 쉬움, 보통, 어려움 중 하나예요.
web-error-person = 사람이 적어도 한 명 있어야 해요.
web-error-preset = 그런 규칙 묶음은 없어요.
web-error-button = 이 게임의 버튼이 아니에요.
web-standings-title = 윷놀이 · 순위
web-activity-unavailable = 이 봇에는 디스코드 안의 보드가 설정되어 있지 않아요.
web-activity-signed-out = 여기 세션이 끝났어요. 다시 연결하거나 액티비티를 다시 열어 주세요.
web-activity-sign-in-failed = 디스코드가 누구인지 확인해 주지 않았어요. 액티비티를 닫고 다시 열어 주세요.
web-activity-not-participant = 이 액티비티에 참여하고 있지 않아요. 먼저 디스코드에서 참여해 주세요.
web-activity-no-game = 이 채널에는 아직 게임이 없어요. `/yut new`로 시작하면 바로 여기에 보여요.
web-activity-connecting = 디스코드에 연결하는 중…
web-activity-signing-in = 로그인하는 중…
web-activity-loading = 게임을 불러오는 중…
web-activity-outside = 윷놀이 디스코드 액티비티예요. 디스코드 채널에서 시작해 주세요(로켓 버튼, 액티비티).
web-activity-no-discord = 디스코드가 이 페이지에 응답하지 않았어요.
web-activity-refused = 게임 서버가 로그인을 거절했어요: { $why }
web-activity-unreachable = 게임 서버에 연결할 수 없어요.
web-activity-reconnect = 다시 연결
web-activity-failed = 게임을 시작할 수 없어요: { $why }
web-toss-nak = 낙: 무효
