# 윷봇의 한국어 문구. 모든 키가 모든 언어에 있어요 (tests/it/catalog.rs).

## 거절: 아무것도 바꾸지 않은 명령에 조용히 답해요.
refusal-not-your-turn = 지금은 { $whose } 님 차례예요. 잠시만 기다려 주세요.
refusal-not-seated = 이 판에 참가하지 않으셨어요.
refusal-already-seated = 이미 자리에 앉아 있어요.
refusal-full = 자리가 모두 찼어요.
refusal-team-full = 그 편은 자리가 찼어요.
refusal-not-in-lobby = 이미 시작한 판이에요.
refusal-not-playing = 진행 중인 판이 아니에요.
refusal-not-finished = 아직 판이 끝나지 않았어요.
refusal-need-players = 아직 인원이 모자라요. 자리를 채우거나 봇을 넣어 주세요.
refusal-not-host-yet = 자리가 다 차기 전에는 방장만 시작할 수 있어요.
refusal-not-host = 방장이나 관리자만 할 수 있어요.
refusal-no-bot = 뺄 봇이 없어요.
refusal-illegal = 그렇게는 못 움직여요: { $why }.
refusal-no-moves = 그 결과로는 움직일 수 있는 말이 없어요.
refusal-not-due = 아직 때가 아니에요.
refusal-already-auto = 이번 차례는 이미 봇이 대신 두고 있어요.
refusal-not-away = 이미 직접 두고 있어요.
refusal-bad-settings = 그 설정으로는 할 수 없어요: { $why }.
refusal-seats-taken = 이미 { $taken }명이 앉아 있어 { $wanted }인으로 바꿀 수 없어요. 봇을 빼거나 누군가 나간 뒤에 바꿔 주세요.
refusal-not-invited = 이 초대는 이름이 적힌 사람들에게 온 거예요.
refusal-already-accepted = 이미 수락했어요.
refusal-invite-over = 이 초대는 이미 끝났어요.
refusal-waiting-for = 초대받은 사람이 모두 수락해야 시작해요. 아직 { $names } 님의 답을 기다리고 있어요.

## 문제: 누른 버튼이나 명령이 아무것도 하지 않은 까닭.
problem-stale = 지난 판 화면이에요. 가장 최근 화면의 버튼을 눌러 주세요.
problem-no-game = 이 채널에는 진행 중인 판이 없어요. `/윷 새판`으로 시작하세요.
problem-bad-button = 알 수 없는 버튼이에요.
problem-already-running = 이 채널에는 이미 판이 있어요.
problem-storage = 죄송해요, 저장하지 못해서 아무것도 바뀌지 않았어요. 다시 해 주세요.
problem-moved = 판이 새 메시지로 옮겨졌어요. 거기 있는 버튼을 눌러 주세요.
problem-elsewhere = 이 판을 봇의 다른 인스턴스로 옮기는 중이에요. 몇 초 뒤에 다시 해 주세요.
problem-settings = 이 서버의 설정을 다루지 못했어요 (데이터베이스 오류). 판은 열리지 않았고 바뀐 것도 없어요. 다시 해 주세요.

## 초대: 답을 기다리는 한 판 더나 도전.
names-and = { $first }, { $last }
team-name = { $team }팀
seat-host = 방장
invite-rematch-line = 🔁 **한 판 더**: { $host } 님이 함께한 모두에게 한 판 더 하자고 해요.
invite-challenge-line = ⚔️ **도전**: { $mine } 님이 { $theirs } 님에게 도전해요.
invite-chances = 📊 레이팅으로 본 승리 확률: { $list }
invite-declined-seat = ✖️ { $name } 님이 거절해서 보통 봇이 대신 앉았어요.
invite-asked = { $names } 님, **수락**을 누르면 함께 두고 **거절**하면 빠져요.
invite-how-challenge = 이름이 적힌 모두가 수락하면 시작하고, 한 명이라도 거절하면 취소돼요. 답이 없으면 닫혀요:
invite-how-rematch = 모두 수락하면 시작해요. 방장은 나머지 자리에 보통 봇을 앉히고 바로 시작할 수도 있어요. 답이 없으면 닫혀요:
invite-lapsed-challenge = ⌛ { $names } 님이 { $minutes }분 안에 답하지 않아 도전 초대가 닫혔어요.
invite-lapsed-challenge-nobody = ⌛ { $minutes }분 안에 시작하지 않아 도전 초대가 닫혔어요.
invite-lapsed-rematch = ⌛ { $names } 님이 { $minutes }분 안에 답하지 않아 한 판 더 초대가 닫혔어요.
invite-lapsed-rematch-nobody = ⌛ { $minutes }분 안에 시작하지 않아 한 판 더 초대가 닫혔어요.
invite-declined-challenge = ✖️ { $name } 님이 도전을 거절했어요.
invite-called-off = ⏹️ { $name } 님이 취소했어요.
invite-over = 초대를 취소했어요.
button-watch-live = 👀 실시간 관전
button-replay-web = 🎞️ 웹에서 다시 보기
button-accept = ✅ 수락
button-decline = 거절
button-start-now = 지금 시작 (나머지는 봇)
button-call-off = 취소

## 할 수 없는 도전.
challenge-yourself = 자기 자신에게는 도전할 수 없어요. 다른 사람을 골라 주세요.
challenge-bot = { $name }{ JOSA($name, "은/는") } 봇 계정이에요. 제 봇과 두려면 `/윷 새판 봇:1`로 판을 여세요.
challenge-not-member = { $name } 님은 이 서버의 멤버가 아니에요.
challenge-twice = { $name } 님을 두 번 골랐어요. 자리마다 다른 사람이 필요해요.
challenge-in-game = { $name } 님은 이미 이 채널의 판에 있어요. 그 판을 끝내거나 다른 채널에서 도전해 주세요.

## 윷점.
fortune-title = 🎋 **{ $name } 님의 오늘 윷점**: { $throws } ({ $marks })
fortune-again = -# 윷점은 하루에 한 번이에요. 내일 또 던져 보세요.

## 64가지 점괘 (도 1, 개 2, 걸 3, 윷 4).
omen-1-1-1 = 눈 밑에 잠든 씨앗, 봄은 벌써 그 이름을 알아요.
omen-1-1-2 = 긴 길도 작은 걸음이 모이면 마을에 닿아요.
omen-1-1-3 = 조용한 출발이지만 여름쯤 벗의 한마디가 환하게 바꿔요.
omen-1-1-4 = 느린 소가 가장 깊은 고랑을 갈아요.
omen-1-2-1 = 울타리를 먼저 고치면 뜰의 열매가 남아요.
omen-1-2-2 = 한 손으로 못 들 것도 두 손이면 들려요. 도움을 청하세요.
omen-1-2-3 = 오래 기다린 편지가 좋은 소식을 안고 와요.
omen-1-2-4 = 손님이 문을 두드리기 전에 주전자가 먼저 노래해요.
omen-1-3-1 = 닫힌 줄 알았던 문이 살짝 밀자 열려요.
omen-1-3-2 = 지붕엔 비, 독엔 쌀. 고요하고 넉넉한 해예요.
omen-1-3-3 = 길은 오르막이지만 풍경이 걸음마다 값을 치러 줘요.
omen-1-3-4 = 늦게 핀 꽃도 꽃이에요. 당신의 꽃은 가을에 펴요.
omen-1-4-1 = 복이 뒷문으로 들어와요. 빗장을 걸지 마세요.
omen-1-4-2 = 잘 간 헌 연장이 새 연장보다 잘 들어요.
omen-1-4-3 = 돈은 두 번 세고 한 번만 쓰세요.
omen-1-4-4 = 적게 시작해 많이 거둬요. 한 해 끝이 시작보다 넉넉해요.
omen-2-1-1 = 대문에 까치 두 마리, 손님과 선물이 와요.
omen-2-1-2 = 실이 엉켰어도 차분히 풀면 한 올씩 풀려요.
omen-2-1-3 = 떡을 나누면 접시가 더 채워져 돌아와요.
omen-2-1-4 = 바람이 돛을 채워요. 미루지 말고 떠나세요.
omen-2-2-1 = 말은 작게, 일은 크게 하세요.
omen-2-2-2 = 학 한 쌍이 날아요. 올해는 인연이 더 단단해져요.
omen-2-2-3 = 봄에 빌려준 것이 겨울에 이자를 붙여 돌아와요.
omen-2-2-4 = 집 안의 웃음이 추위를 문밖에 세워 둬요.
omen-2-3-1 = 건너기 전에 강을 살피세요. 위쪽에 돌다리가 있어요.
omen-2-3-2 = 이웃의 등불이 집에 가는 길을 밝혀요.
omen-2-3-3 = 제철에 심으면 거둠은 저절로 따라와요.
omen-2-3-4 = 지금 익힌 솜씨가 여러 해를 먹여 살려요.
omen-2-4-1 = 우물은 깊어요. 천천히 길으면 물이 맑아요.
omen-2-4-2 = 밥상엔 옛 벗, 길 위엔 새 계획이 있어요.
omen-2-4-3 = 작은 걱정은 바람에 겨처럼 날아가요.
omen-2-4-4 = 해가 두 번 떠요. 새벽에 한 번, 마음에 한 번.
omen-3-1-1 = 지친 말을 쉬게 하면 길 끝까지 달려요.
omen-3-1-2 = 묻지 않고 준 선물이 가장 오래 기억돼요.
omen-3-1-3 = 구름은 모였다 흩어져요. 걱정 말고 우산만 챙기세요.
omen-3-1-4 = 초여름에 뜻밖의 기회가 와요. 두 손으로 잡으세요.
omen-3-2-1 = 집에서 말을 부드럽게 하면 집이 따뜻해져요.
omen-3-2-2 = 두 길이 만나요. 버드나무가 선 길이 당신 길이에요.
omen-3-2-3 = 오래 지켜본 솥이 드디어 끓어요.
omen-3-2-4 = 몰래 한 선행이 한낮에 돌아와요.
omen-3-3-1 = 들판 위에 보름달, 풍년과 평안이에요.
omen-3-3-2 = 들어가 보지 않은 방에서도 당신 이름이 좋게 불려요.
omen-3-3-3 = 좋은 징조가 셋 연달아, 한 해가 당신에게 웃어요.
omen-3-3-4 = 새벽에 언덕에 오르면 한 해가 다 내려다보여요.
omen-3-4-1 = 폭풍 전에 배를 잘 매세요. 폭풍은 짧아요.
omen-3-4-2 = 차 한 잔에 낯선 이가 벗이 돼요.
omen-3-4-3 = 동쪽에 친절을 뿌리면 서쪽에서 거둬요.
omen-3-4-4 = 말이 모두 골인해요. 시작한 일을 끝까지 해내요.
omen-4-1-1 = 힘찬 출발이에요. 걸음을 고르면 한 해 내내 가요.
omen-4-1-2 = 호랑이가 자요. 지금이 산을 넘을 때예요.
omen-4-1-3 = 복이 두 번 두드려요. 두 번째에도 문을 여세요.
omen-4-1-4 = 달리되 한 번은 돌아보세요. 함께 뛰고 싶은 이가 있어요.
omen-4-2-1 = 밝은 해에 흐린 한 주가 있어요. 기다리면 지나가요.
omen-4-2-2 = 짝과 함께 지은 것은 오래 서 있어요.
omen-4-2-3 = 곳간이 세는 것보다 빨리 차요.
omen-4-2-4 = 좋은 소식이 멀리 가요. 먼 곳에서 연락이 와요.
omen-4-3-1 = 큰 힘, 부드러운 손. 올해는 남을 업어 줘요.
omen-4-3-2 = 용이 못에서 솟아요. 운이 올라가요.
omen-4-3-3 = 어느 길에서나 바람이 등을 밀어 줘요.
omen-4-3-4 = 해 끝에 잔치가 열려요. 그 까닭이 바로 당신이에요.
omen-4-4-1 = 높이 날고 사뿐히 내려요. 큰일에 도전하세요.
omen-4-4-2 = 큰 윷이 둘, 복이 곱절이니 반은 나누세요.
omen-4-4-3 = 보이는 끝까지 황금 들판이에요.
omen-4-4-4 = 윷, 윷, 윷! 더없이 좋은 해예요. 모자를 하늘로 던지세요!
