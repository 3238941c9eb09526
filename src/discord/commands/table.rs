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
    let result = match tokio::time::timeout(crate::discord::wire::ANSWER_WITHIN, &mut work).await {
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
    data.boards.show(&update).await;
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

// `/yut join`: its names and descriptions for Discord are `reg-join*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Join, word(l, "cmd-joined")).await
}

// `/yut leave`: its names and descriptions for Discord are `reg-leave*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    // The table decides: a lobby seat is given up, a running game's seat goes to a bot.
    table_command(ctx, Command::Leave, word(l, "cmd-left")).await
}

// `/yut start`: its names and descriptions for Discord are `reg-start*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Start, word(l, "cmd-started")).await
}

// `/yut stop`: its names and descriptions for Discord are `reg-stop*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    let l = lang(&ctx);
    table_command(ctx, Command::Stop, word(l, "cmd-stopped")).await
}

// `/yut board`: its names and descriptions for Discord are `reg-board*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let channel = ctx.channel_id().get();
    let view = match data.service.board(channel).await {
        Ok(v) => v,
        Err(p) => return private(ctx, p.message(lang(&ctx))).await,
    };
    let handle = ctx.send(wire::reply(&view)).await?;
    if let Some(game) = view.game {
        // Under the game's show lock, so no board update lands on the old message after its
        // buttons are cleared.
        let _shown = data.poster.lock(game).await;
        let old = data.service.message_of(game).await;
        let message = handle.message().await?;
        data.poster.posted(game, channel, message.id.get()).await;
        if hosted(&ctx) {
            // The new board is this command's answer: the game goes on through its token
            // (the old board's buttons answer that it moved).
            keep_if_hosted(&ctx, game);
        } else if let Some(old) = old.filter(|&o| o != message.id.get()) {
            data.poster.strip_buttons(channel, old);
        }
    }
    Ok(())
}
