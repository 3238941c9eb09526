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
