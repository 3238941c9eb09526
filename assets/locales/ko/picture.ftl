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
