## Turn reminders (`/yut notify`) and following (`/yut follow`, the Follow button).

notify-dm-turn = 🎲 Your turn at Yut Nori{ $due }: { $link }
notify-now = Your turn reminders: **{ $mode }**{ $half }.
notify-saved = Saved. Your turn reminders: **{ $mode }**{ $half }.
notify-half = , only once half of your time for the action has gone
notify-mode-channel = a ping in the game's channel
notify-mode-dm = a direct message with a link to the board (a ping in the channel if I cannot send it)
notify-mode-both = a ping in the channel and a direct message
notify-mode-none = none
follow-button = Follow
follow-game-on = You follow this game: I'll send you a direct message when it ends. Press Follow again to stop; `/yut follow` lists what you follow.
follow-game-off = You no longer follow this game.
follow-game-over = This game is over: there is nothing left to follow.
follow-player-on = You follow { $name }: I'll send you a direct message when each of their games starts and ends.
follow-player-off = You no longer follow { $name }.
follow-bot = A bot has no games of its own to follow.
follow-self = You're told about your own games on their boards already.
follow-full = You follow { $max } games and players already: remove one first (`/yut follow remove:` and its number).
follow-removed = You no longer follow { $what }.
follow-no-such = Your list has no number { $number }. `/yut follow` shows it.
follow-list-empty = You follow nothing yet. Press Follow on a board, or use `/yut follow player:`.
follow-list-head = You follow (remove one with `/yut follow remove:` and its number):
follow-item-game = game #{ $game }
follow-item-player = { $name }
follow-dm-started = ▶️ { $who } started a game of Yut Nori: { $players }. { $link }
follow-dm-ended = 🏁 Game over: { $players }. **{ $winner }** won. { $link }
follow-dm-ended-none = 🏁 Game over without a result: { $players }. { $link }
follow-why-game = (You follow this game; it's off your list now.)
follow-why-player = (You follow { $name }: `/yut follow` to stop.)

## Games where the bot is not a member (a group DM, a server without Yutbot): the board lives in
## the command's message, which Discord lets the bot update for 15 minutes after the last click.
table-held = Paused: I can update this board for 15 minutes after the last click, and nobody has clicked since. Press Continue (or play) to go on; nothing was lost.
view-button-continue = ▶️ Continue
