# standings texts (ko)

## /yut leaderboard, /yut stats (crates/table/src/standings.rs).
standings-all-families = 모든 방식
standings-family-1v1 = 1대1
standings-family-teams = 2대2 팀전
standings-family-ffa = 개인전
standings-season = 시즌 { $season }
standings-season-all-time = 시즌 전체
standings-leaderboard-title = **순위** · { $season }
standings-ranked-row = { $place }. **{ $name }** { $rating } — { $games }판, 승률 { $percent }%
standings-provisional = *잠정 (점수 매긴 판 10판 미만):* { $list }
standings-provisional-more = 외 { $more }명
standings-no-games = 아직 점수를 매긴 판이 없어요.
standings-other-seasons = 다른 시즌: { $list }
standings-place-provisional = 잠정, 점수 매긴 판 { $games }판
standings-place-rank = { $of }명 중 { $rank }위
standings-place-none = 이번 시즌에는 아직 판이 없어요
standings-family-line = { $family }: **{ $rating }** ({ $place }) · 이번 시즌 { $games }판, 승률 { $percent }%
standings-streak-won = { $n }연승
standings-streak-lost = { $n }연패
standings-streak-none = 없음
standings-card-games = 전체 { $games }판 · { $wins }승 (승률 { $percent }%) · 연속: { $streak } (최고 { $best }연승)
standings-card-conduct = 시간 초과: { $timeouts } · 중간에 나간 판: { $leaves }
standings-recent-title = 최근 판:

## 판이 끝난 뒤: 다시 보기, 분석, 돌아보기, 기록 (crates/service/src/after.rs, crates/table/src/after.rs).
after-button-replay = 🎞️ 다시 보기
after-button-analysis = 📈 분석
after-button-review = 🔍 내 수 돌아보기
after-button-fair = 🎲 공정한 던지기
# "공정한 던지기" 버튼의 비공개 답($game: 판 번호).
after-fair = 🎲 **공정한 던지기** (#{ $game }번 판): 첫 던지기 전에 비밀 시드를 정하고 그 지문(SHA-256 `{ $commitment }`)을 보여 드렸어요. 모든 던지기는 이 시드에서 나오니, 판이 시작된 뒤에는 저도 던지기를 바꿀 수 없어요.
after-fair-later = 판이 끝나면 시드를 공개해요. 시드의 SHA-256이 위 지문과 같아야 하고, `/윷 검증 판:{ $game }`{ JOSA($game, "으로/로") } 모든 던지기를 확인할 수 있어요.
after-fair-seed = 시드: `{ $seed }`. 이 시드의 SHA-256이 위 지문이에요. `/윷 검증 판:{ $game }`{ JOSA($game, "으로/로") } 모든 던지기를 다시 확인할 수 있어요.
after-fair-none = 이 판은 던지기 약속값이 생기기 전에 시작해서 던지기를 확인할 수 없어요.
# /윷 검증의 비공개 답.
after-verified = ✅ **검증 완료**: 시드가 약속값과 맞고, 던지기 { $throws }번이 모두 이 시드에서 나왔어요.
after-not-verified = ❌ **검증 실패**: `{ $why }`
after-verify-how = `기록`에 판 기록 파일(`/윷 다시보기`가 주는 `.json` 파일)을 붙이거나, `판`에 이 서버에서 끝난 판 번호를 적어 주세요.
after-verify-download = 죄송해요, 붙인 파일을 읽지 못했어요. 다시 시도해 주세요.
after-commitment = -# 🎲 던지기 약속값: SHA-256 `{ $commitment }` (시드는 판이 끝나면 공개해요)
after-seed = -# 🎲 던지기 시드: `{ $seed }` (SHA-256이 처음에 보인 약속값이에요. `/윷 검증`으로 모든 던지기를 확인할 수 있어요)
after-no-such-game = 그 번호의 판이 없어요.
after-no-finished-game = 이 채널에는 아직 끝난 판이 없어요.
after-other-server = 다른 서버에서 한 판이에요.
after-running = 아직 진행 중인 판이에요. 끝난 뒤에 다시 볼 수 있어요.
after-not-started = 시작하기 전에 끝난 판이에요.
after-broken = 죄송해요, 그 판의 기록을 다시 재생하지 못했어요.
after-storage = 죄송해요, 판을 읽지 못했어요. 다시 해 주세요.
after-replay-seed = -# 🎲 던지기 시드 `{ $seed }` (SHA-256 `{ $commitment }`): 첨부한 기록을 `/윷 검증`에 붙이면 모든 던지기를 확인할 수 있어요.
after-history-empty = 아직 끝난 판이 없어요.
after-history-title = **최근 판**

## 다시 보기, 그래프, 돌아보기의 낱말 (crates/replay/src/words.rs).
replay-chart-title = 매 수마다 이길 확률 (어려움 봇 추정)
replay-chance-axis = 이길 확률
replay-actions-axis = 수
replay-turning-point = 승부처
# The chart's turning point when it came on the losing side's turn.
replay-decisive-mistake = 결정적 실수
# 다시보기 GIF, 그래프, 복기 그림의 대체 텍스트(화면 낭독기용).
replay-gif-alt = #{ $game }번 판 다시보기 애니메이션: { $players }. { $actions }수 끝에 { $winner } 승리.
replay-chart-alt = #{ $game }번 판 승률 그래프: { $leader }{ JOSA($leader, "이/가") } 차례의 { $share }%에서 앞섰고 { $winner } 승리. { $turning }.
replay-review-alt = 복기 { $n }번째 결정({ $action }수): 말을 옮기기 전의 판. 승률 { $lost }점을 잃었어요.
replay-capture = 잡기
replay-stack = 업기
replay-backdo = 빽도
replay-review-title = 가장 아까웠던 선택
replay-nothing-to-review = 이길 확률을 잃은 선택이 없었어요. 잘 두셨어요!
replay-not-playing = 그 판에 참가하지 않아서 돌아볼 수가 없어요.
replay-played = 둔 수
replay-master = 어려움 봇의 수
replay-lost = 잃은 확률
replay-action = 수
replay-points = %p
replay-thinned = 긴 판이라 일부 수만 보여요
replay-caption = 🎞️ 다시 보기: #{ $game }번 판 · { $actions }수 · { $seconds }초
