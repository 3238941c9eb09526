# thread texts (es): a game played in a thread of its own (the server's `threads` setting).
# $players: the seats' names; $thread: a link to the thread (<#id>); $winner: the winning
# side as a sentence names it.

thread-name = Yut: { $players }
thread-versus = { " " }contra{ " " }
view-opening-thread = 🧵 Abriendo un hilo para esta partida…
thread-moved = 🧵 Esta partida se juega en su propio hilo: { $thread }
thread-result = 🏆 { $winner } ganó la partida jugada en { $thread }.
thread-no-result = ⏹️ La partida jugada en { $thread } terminó sin ganador.
table-no-thread = ⚠️ Se juega aquí: para dar a cada partida su propio hilo necesito los permisos Crear hilos públicos y Enviar mensajes en hilos en este canal.
refusal-opening-thread = Un momento: se está abriendo el hilo de la partida.
cmd-settings-threads-on = cada partida en su propio hilo
cmd-settings-threads-off = partidas en el canal
cmd-defaults-threads = Dónde se juegan las partidas: **{ $threads }**.
cmd-settings-web-off = nada
cmd-settings-web-links = directos y repeticiones
cmd-settings-web-standings = directos, repeticiones y la clasificación
cmd-defaults-web = En la web: **{ $web }**.
cmd-settings-web-revoked = Ningún enlace web dado antes funciona ya; los tableros reciben enlaces nuevos.
cmd-settings-standings-link = La página de clasificación: { $url }
cmd-settings-no-web = (Este bot no sirve páginas web: su operador no ha configurado `WEB_ADDR`.)
