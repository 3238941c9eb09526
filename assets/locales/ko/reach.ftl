## Turn reminders (`/yut notify`) and following (`/yut follow`, the Follow button).

notify-dm-turn = 🎲 윷놀이 내 차례예요{ $due }: { $link }
notify-now = 차례 알림: **{ $mode }**{ $half }.
notify-saved = 저장했어요. 차례 알림: **{ $mode }**{ $half }.
notify-half = , 행동 시간의 절반이 지났을 때만
notify-mode-channel = 게임 채널에서 부르기
notify-mode-dm = 판 링크가 담긴 개인 메시지 (보낼 수 없으면 채널에서 부르기)
notify-mode-both = 채널에서 부르기와 개인 메시지
notify-mode-none = 없음
follow-button = 팔로우
follow-game-on = 이 판을 팔로우해요: 끝나면 개인 메시지를 보낼게요. 그만하려면 팔로우를 다시 누르세요. `/yut follow`로 목록을 볼 수 있어요.
follow-game-off = 이 판을 더 이상 팔로우하지 않아요.
follow-game-over = 이미 끝난 판이라 팔로우할 게 없어요.
follow-player-on = { $name } 님을 팔로우해요: 그 사람의 게임이 시작하고 끝날 때마다 개인 메시지를 보낼게요.
follow-player-off = { $name } 님을 더 이상 팔로우하지 않아요.
follow-bot = 봇은 팔로우할 자기 게임이 없어요.
follow-self = 내 게임 소식은 이미 판에서 알려 드려요.
follow-full = 이미 게임과 플레이어 { $max }개를 팔로우하고 있어요: 먼저 하나를 지워 주세요 (`/yut follow remove:` 와 번호).
follow-removed = { $what } 팔로우를 해제했어요.
follow-no-such = 목록에 { $number }번이 없어요. `/yut follow`로 목록을 볼 수 있어요.
follow-list-empty = 아직 팔로우하는 게 없어요. 판에서 팔로우를 누르거나 `/yut follow player:`를 써 보세요.
follow-list-head = 팔로우 목록 (`/yut follow remove:` 와 번호로 해제):
follow-item-game = { $game }번 판
follow-item-player = { $name }
follow-dm-started = ▶️ { $who } 님이 윷놀이를 시작했어요: { $players }. { $link }
follow-dm-ended = 🏁 게임 끝: { $players }. **{ $winner }** 승리. { $link }
follow-dm-ended-none = 🏁 결과 없이 끝났어요: { $players }. { $link }
follow-why-game = (이 판을 팔로우했어요. 이제 목록에서 빠졌어요.)
follow-why-player = ({ $name } 님을 팔로우하고 있어요. 그만하려면 `/yut follow`.)

## Games where the bot is not a member (a group DM, a server without Yutbot): the board lives in
## the command's message, which Discord lets the bot update for 15 minutes after the last click.
table-held = 잠시 멈췄어요: 마지막 클릭 뒤 15분 동안만 이 판을 고칠 수 있는데, 그동안 아무도 누르지 않았어요. 계속하기(또는 다음 수)를 누르면 이어서 둬요. 잃은 건 없어요.
view-button-continue = ▶️ 계속하기
