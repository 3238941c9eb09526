## Turn reminders (`/yut notify`) and following (`/yut follow`, the Follow button).

notify-dm-turn = 🎲 Te toca en Yut Nori{ $due }: { $link }
notify-now = Tus avisos de turno: **{ $mode }**{ $half }.
notify-saved = Guardado. Tus avisos de turno: **{ $mode }**{ $half }.
notify-half = , solo cuando haya pasado la mitad de tu tiempo para la acción
notify-mode-channel = una mención en el canal de la partida
notify-mode-dm = un mensaje directo con un enlace al tablero (una mención en el canal si no puedo enviarlo)
notify-mode-both = una mención en el canal y un mensaje directo
notify-mode-none = ninguno
follow-button = Seguir
follow-game-on = Sigues esta partida: te enviaré un mensaje directo cuando termine. Pulsa Seguir otra vez para dejarla; `/yut follow` muestra lo que sigues.
follow-game-off = Ya no sigues esta partida.
follow-game-over = Esta partida ya terminó: no queda nada que seguir.
follow-player-on = Sigues a { $name }: te enviaré un mensaje directo cuando cada una de sus partidas empiece y termine.
follow-player-off = Ya no sigues a { $name }.
follow-bot = Un bot no tiene partidas propias que seguir.
follow-self = De tus propias partidas ya te enteras en sus tableros.
follow-full = Ya sigues { $max } partidas y jugadores: quita uno primero (`/yut follow remove:` y su número).
follow-removed = Ya no sigues { $what }.
follow-no-such = Tu lista no tiene el número { $number }. `/yut follow` la muestra.
follow-list-empty = Aún no sigues nada. Pulsa Seguir en un tablero o usa `/yut follow player:`.
follow-list-head = Sigues (quita uno con `/yut follow remove:` y su número):
follow-item-game = la partida #{ $game }
follow-item-player = { $name }
follow-dm-started = ▶️ { $who } empezó una partida de Yut Nori: { $players }. { $link }
follow-dm-ended = 🏁 Fin de la partida: { $players }. Ganó **{ $winner }**. { $link }
follow-dm-ended-none = 🏁 La partida terminó sin resultado: { $players }. { $link }
follow-why-game = (Seguías esta partida; ya no está en tu lista.)
follow-why-player = (Sigues a { $name }: `/yut follow` para dejarlo.)

## Games where the bot is not a member (a group DM, a server without Yutbot): the board lives in
## the command's message, which Discord lets the bot update for 15 minutes after the last click.
table-held = En pausa: solo puedo actualizar este tablero durante 15 minutos después del último clic, y nadie ha pulsado desde entonces. Pulsa Continuar (o juega) para seguir; no se ha perdido nada.
view-button-continue = ▶️ Continuar
