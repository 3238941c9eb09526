//! The table's commands: join, leave, start, stop, board.

use super::*;

/// A table command from a slash command: apply, show the board, confirm privately in one
/// response (acknowledged first only if the service is slow).
pub(crate) async fn table_command(
    ctx: Context<'_>,
    cmd: Command,
    done: String,
) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    let channel = ctx.channel_id().get();
    let me = actor(&ctx);
    let work = data.service.command(channel, &me, cmd);
    tokio::pin!(work);
    let result = match tokio::time::timeout(crate::discord::router::ANSWER_WITHIN, &mut work).await
    {
        Ok(r) => r,
        Err(_) => {
            ctx.defer_ephemeral().await?;
            work.await
        }
    };
    match result {
        Ok(view) => {
            // The answer first: showing the board may wait for the channel's writer, and the
            // command must be answered within Discord's 3 s.
            let answered = private(ctx, done).await;
            if let Some(game) = view.game {
                show(ctx, game, channel, view).await;
            }
            answered
        }
        Err(p) => private(ctx, p.message(lang)).await,
    }
}

/// Edit the game's live message (or repost it) with the view.
pub(crate) async fn show(ctx: Context<'_>, game: i64, channel: u64, view: View) {
    let data = ctx.data();
    let message_id = data.service.message_of(game).await;
    let (open, lang) = (view.open_thread.clone(), view.lang);
    let Some(update) = Update::of_view(view, channel, message_id) else {
        return;
    };
    data.poster.show(&update).await;
    // `/yut start` in a server that plays each game in a thread: open it from the lobby.
    if let (Some(name), Some(lobby)) = (open, message_id) {
        let perms = match ctx {
            poise::Context::Application(a) => a.interaction.app_permissions,
            poise::Context::Prefix(_) => None,
        };
        data.poster
            .open_thread(game, channel, lobby, &name, lang, perms)
            .await;
    }
}

/// Take a seat in this channel's game.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "참가"),
    name_localized("es-ES", "unirse"),
    name_localized("es-419", "unirse"),
    description_localized("ko", "이 채널의 판에 참가해요"),
    description_localized("es-ES", "Siéntate en la partida de este canal"),
    description_localized("es-419", "Siéntate en la partida de este canal")
)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Join, word(l, "cmd-joined")).await
}

/// Leave this channel's game (a bot takes your seat if it has started).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "나가기"),
    name_localized("es-ES", "salir"),
    name_localized("es-419", "salir"),
    description_localized("ko", "판에서 나가요 (시작한 판이면 봇이 대신해요)"),
    description_localized(
        "es-ES",
        "Sal de la partida (si ya empezó, un bot juega en tu asiento)"
    ),
    description_localized(
        "es-419",
        "Sal de la partida (si ya empezó, un bot juega en tu asiento)"
    )
)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    // The table decides: a lobby seat is given up, a running game's seat goes to a bot.
    table_command(ctx, Command::Leave, word(l, "cmd-left")).await
}

/// Start the game.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "시작"),
    name_localized("es-ES", "empezar"),
    name_localized("es-419", "empezar"),
    description_localized("ko", "판을 시작해요"),
    description_localized("es-ES", "Empieza la partida"),
    description_localized("es-419", "Empieza la partida")
)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Start, word(l, "cmd-started")).await
}

/// Stop the game (host or moderator).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "끝내기"),
    name_localized("es-ES", "terminar"),
    name_localized("es-419", "terminar"),
    description_localized("ko", "판을 끝내요 (방장이나 관리자)"),
    description_localized("es-ES", "Termina la partida (anfitrión o moderador)"),
    description_localized("es-419", "Termina la partida (anfitrión o moderador)")
)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Stop, word(l, "cmd-stopped")).await
}

/// Show the board again as a new message.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "판보기"),
    name_localized("es-ES", "tablero"),
    name_localized("es-419", "tablero"),
    description_localized("ko", "판을 새 메시지로 다시 보여 줘요"),
    description_localized("es-ES", "Vuelve a mostrar el tablero en un mensaje nuevo"),
    description_localized("es-419", "Vuelve a mostrar el tablero en un mensaje nuevo")
)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let channel = ctx.channel_id().get();
    let view = match data.service.board(channel).await {
        Ok(v) => v,
        Err(p) => return private(ctx, p.message(lang(&ctx))).await,
    };
    let handle = ctx.send(send::reply(&view)).await?;
    if let Some(game) = view.game {
        // Under the game's show lock, so no board update lands on the old message after its
        // buttons are cleared.
        let _shown = data.poster.lock(game).await;
        let old = data.service.message_of(game).await;
        let message = handle.message().await?;
        data.poster.posted(game, channel, message.id.get()).await;
        if let Some(old) = old.filter(|&o| o != message.id.get()) {
            data.poster.strip_buttons(channel, old);
        }
    }
    Ok(())
}
