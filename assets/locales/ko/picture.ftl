# picture texts (ko)

## 판 그림 (crates/render, crates/table/src/paint.rs).

picture-level-easy = 쉬움
picture-level-normal = 보통
picture-level-master = 어려움
picture-player = { $n }번 선수
picture-bot = 봇 { $n }
picture-ordinal = { $n }위
picture-turn-throw = ▶ 던지기
picture-turn-move = ▶ 이동
picture-away = 자리 비움
picture-captured = 잡았다 { $count }×
picture-finished = +{ $count } 골인
picture-pool-empty = 남은 결과 없음
# 한글 이름이 위에 크게 있으니 칸 수만.
picture-chip-do = { $steps }
picture-chip-gae = { $steps }
picture-chip-geol = { $steps }
picture-chip-yut = { $steps }
picture-chip-mo = { $steps }
picture-chip-backdo = { $steps }
picture-chip-seoul = { $steps }
picture-chip-busan = { $steps }
picture-toss-void = 무효
# Over the last throw's sticks: who threw them.
picture-threw = { $name } 던짐
picture-winner = 🏆 { $names } 승리!
picture-home-count = { $home }/{ $pieces } 골인
picture-home-mark = 골인
picture-start-finish = 출발 · 도착
picture-station-mo = 모
picture-station-dwitmo = 뒷모
picture-station-jjimo = 찌모
picture-station-bang = 방

## 대회 그림: 순위표, 대진표, 시상대 (crates/render/src/event).

picture-event-place = 순위
picture-event-name = 선수
picture-event-points = 승점
picture-event-record = 전적
picture-event-more = 외 { $n }명
picture-event-upper = 승자조
picture-event-lower = 패자조
picture-event-grand-final = 최종 결승
picture-event-grand-final-reset = 최종 결승 2차전
picture-event-round = { $n }라운드
# 단판 토너먼트의 라운드: 남은 선수 수로 (32강, 16강, 8강, 4강, 결승).
picture-event-round-of = { $players ->
        [2] 결승
       *[other] { $players }강
    }
picture-event-winner = 우승
picture-event-tbd = 미정
picture-event-live = 경기 중
