# view texts (ko): 판 메시지 (crates/table/src/view.rs).
# $who: 자리 이름 (사람이면 "님"까지); $side: 문장에서 부르는 편 이름.
# 앞말에 따라 바뀌는 조사는 JOSA로: { $who }{ JOSA($who, "이/가") } (crates/text/src/korean.rs).

## 말판의 자리.
view-point-0 = 참먹이
view-point-1 = 도
view-point-2 = 개
view-point-3 = 걸
view-point-4 = 윷
view-point-5 = 모
view-point-6 = 뒷도
view-point-7 = 뒷개
view-point-8 = 뒷걸
view-point-9 = 뒷윷
view-point-10 = 뒷모
view-point-11 = 찌도
view-point-12 = 찌개
view-point-13 = 찌걸
view-point-14 = 찌윷
view-point-15 = 찌모
view-point-16 = 날도
view-point-17 = 날개
view-point-18 = 날걸
view-point-19 = 날윷
view-point-20 = 모도
view-point-21 = 모개
view-point-22 = 방
view-point-23 = 속윷
view-point-24 = 속모
view-point-25 = 뒷모도
view-point-26 = 뒷모개
view-point-27 = 사려
view-point-28 = 안찌

## 윷 결과 (버튼에 쓰는 이름).
view-chip-do = 도 1
view-chip-gae = 개 2
view-chip-geol = 걸 3
view-chip-yut = 윷 4
view-chip-mo = 모 5
view-chip-backdo = 빽도 -1
view-chip-seoul = 서울 1
view-chip-busan = 부산 1

## 규칙 묶음 (한국어 명령 메뉴의 이름).
view-preset-standard = 기본
view-preset-boardgame = 보드게임
view-preset-yunnori = 윷놀이
view-preset-nyout = 옛

## 수를 말로 (버튼).
view-move = { $from } → { $to }
view-move-stack = { $from } → { $to } (업기)
view-move-beside = { $from } → { $to } (따로)
view-move-new = 새 말
view-move-home = 골인
view-move-off = 판 밖
view-dest-home = 골인
view-dest-off = 판 밖

## 버튼.
view-button-leave-game = 그만하기
view-button-stop = 판 끝내기
view-button-join = 참가
view-button-leave = 나가기
view-button-add-bot = + 봇 ({ $level })
view-button-remove-bot = − 봇
view-button-rules = { $preset } 규칙
view-button-fill = 빈자리 채우기 ({ $level } 봇)
view-menu-bot-level = 봇 난이도: { $level }
view-button-start = 시작
view-button-cancel = 취소
view-button-back-in = 🙋 제가 둘게요
view-button-throw = 🎲 윷 던지기
view-button-reselect = ↩ 다시 고르기
view-button-more = 다른 수…
view-button-autoplay = 🤖 봇이 대신 두기
view-button-rematch = 한 판 더
view-button-reopen = 대기실 다시 열기

## 머리말과 대기실.
view-mode-teams = 2대2 팀전
view-mode-seats = { $seats }인
view-first-to = { $wins }승 먼저
view-header = **윷놀이** · { $mode } · { $rules } 규칙 · 한 수에 { $seconds }초{ $series }
view-team-joiner = {", "}
view-lobby-help = **참가**를 눌러 자리에 앉으세요. 방장은 방식(2인, 3인, 4인, 2대2 팀전)과 규칙을 고를 수 있고 둘 이상 모이면 시작할 수 있어요. 자리가 다 차면 누구나 시작할 수 있어요.
view-lobby-closes = 시작하지 않은 대기실은 저절로 닫혀요:

## 일어난 일.
view-starts = 🎬 **{ $who }**부터 시작해요.
view-nak = 낙 (무효)
view-thrown = 🎲 { $who }: **{ $what }**
view-thrown-again = 🎲 { $who }: **{ $what }** — 한 번 더!
view-entered = ➕ { $who }{ JOSA($who, "이/가") } { $chip }{ JOSA($chip, "으로/로") } 새 말을 올렸어요: → { $to }
view-moved = ➡️ { $who }: { $chip } { $from } → { $to }
view-moved-stack = ➡️ { $who } ×{ $count }: { $chip } { $from } → { $to }
view-stacked = 🧺 { $at }에서 { $count }동을 업었어요.
view-captured = 💥 { $who }{ JOSA($who, "이/가") } { $at }에서 { $victim } 말 { $count }개를 잡았어요!
view-finished = 🏁 { $side } 말 { $count }개가 골인했어요.
view-sent-back = ↩️ 말 { $count }개가 판 밖으로 물러났어요.
view-discarded = 🗑️ { $who }: { $list }{ JOSA($list, "으로/로") } 움직일 말이 없어 { $count ->
        [1] 버려졌어요
       *[other] 모두 버려졌어요
    }.
view-bonus-later = ✨ 남은 결과를 쓰고 한 번 더 던져요.
view-bonus = ✨ 한 번 더 던져요!
view-won = 🏆 **{ $side }** 승리!

## 말로 옮긴 판 (그림의 대체 텍스트).
view-alt-board = 윷판.
view-alt-side = { $side }: 대기 { $waiting }, 골인 { $home }.
view-alt-side-board = { $side }: 대기 { $waiting }, 골인 { $home }; 판 위: { $spots }.
view-alt-held = 남은 결과: { $list }.
view-alt-acting = { $who } 차례.
view-alt-won = 우승: { $side }.
view-alt-last = 마지막 수: { $who }, { $chip } → { $to }.
view-alt-captured = 잡힌 말: { $victim } { $count }개.
# 말이 선 곳: 골인까지 남은 칸, 그림에 이름이 적힌 자리면 그 이름.
view-alt-steps = 골인까지 { $steps }칸
view-alt-labelled = { $where } ({ $label })
view-alt-stack = 업힌 말 { $count }개: { $where }

## 누구 차례이고 무엇을 할지.
view-doing-throw = 윷을 던질 차례
view-doing-move = { $chip }{ JOSA($chip, "으로/로") } 움직일 말 고르기 (버튼 번호가 판의 표시와 같아요)
# The same while the computer moves (no buttons to match).
view-doing-moving = { $chip }{ JOSA($chip, "으로/로") } 말 옮기기
view-doing-pick = 쓸 결과 고르기
view-turn = ▶️ { $who }: { $doing }.
view-turn-away = ▶️ { $who } (자리 비움: 봇이 둬요): { $doing }.
view-to-spend = 쓸 결과: { $list }

## 판이 끝나면.
view-stopped = 판을 끝냈어요.
view-final-ranking = 최종 순위:
view-ranking-line = { $place }. { $side } — 골인 { $home }
view-match = 승부: { $score }
view-match-won = 🏆 { $side }{ JOSA($side, "이/가") } 승부에서 이겼어요!

## `/yut games`: the server's games.
games-none = 이 서버에서 진행 중인 게임이 없어요. `/yut new`로 열어 보세요.
games-head = { $count ->
   *[other] 이 서버의 게임 { $count }판
} ({ $pages }쪽 중 { $page }쪽):
games-lobby = 대기실, { $seats }자리 중 { $taken }자리 찼어요
games-home = 🏠 말 { $pieces }개 중 { $home }개 났어요
games-more = 더 보기: `/yut games page:{ $next }`
