# 커뮤니티 대회 (issue 49): 지금 할 수 없는 일, 본인에게만 알려요.
event-none = 그런 대회는 없어요.
event-closed = 참가 신청이 마감됐어요. 대회가 이미 시작했거나 끝났어요.
event-already-in = 이미 참가 신청을 하셨어요.
event-not-in = 이 대회의 참가자가 아니에요.
event-full = 대회 정원이 다 찼어요.
event-too-few = 대진을 짜려면 참가자가 두 명 이상 있어야 해요.
event-round-not-done = 이번 라운드에 아직 진행 중인 판이 있어요.
event-not-now = 대회의 지금 단계에서는 할 수 없어요.
event-no-such-game = 그 판은 이번 라운드의 대진이 아니에요.
event-decided = 그 판의 결과는 이미 들어왔어요.
event-not-in-game = 승자는 그 판의 두 선수 중 한 명이어야 해요.

# 대회 메시지 (늘 최신으로 고쳐요).
event-title = 🏆 **{ $name }** · 스위스 방식 · { $rounds }라운드
event-sign-up = 참가 신청을 받고 있어요. **참가**를 누르세요. 관리자가 1라운드를 시작해요.
event-round = { $rounds }라운드 중 { $round }라운드 진행 중: 각 판은 아래 스레드에서 열려요.
event-finished = 대회가 끝났어요. 우승: **{ $name }**!
event-cancelled = 대회가 취소됐어요.
event-entrants = 참가자 ({ $count }명): { $names }
event-no-entrants = 아직 참가자가 없어요.
event-button-join = 참가
event-button-leave = 나가기
event-button-start = 1라운드 시작
event-button-cancel = 대회 취소
event-not-admin = 대회 시작과 취소는 서버 관리자(서버 관리 권한)만 할 수 있어요.
event-pairing = **{ $event }** · { $round }라운드 · { $game }번째 판: <@{ $first }> 대 <@{ $second }>
event-bye = **{ $event }** · { $round }라운드: <@{ $who }> 님은 이번 라운드를 쉬어요 (부전승: 1점).
event-thread = { $event } { $round }R · { $first } 대 { $second }
event-standings-subtitle = { $rounds }라운드 중 { $round }라운드 · 참가자 { $count }명
event-points = { $points }점

# 순위표 그림의 동점 기준 열.
tiebreak-buchholz = 부흐홀츠
tiebreak-pieces = 들어온 말
