//! `/yut games`: the server's running games and open lobbies, privately, a page at a time.

use super::*;

// `/yut games [page]`: its names and descriptions for Discord are `reg-games*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command, check = "in_server")]
pub async fn games(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id().map(|g| g.get()) else {
        return Ok(());
    };
    let text = games_text(&ctx.data().service, guild, lang, page.unwrap_or(1) as usize).await;
    private(ctx, text).await
}

/// The page's text: each game with a link to its board (to its channel while the board is not
/// posted yet).
pub async fn games_text(
    service: &yut_service::Service,
    guild: u64,
    lang: Lang,
    page: usize,
) -> String {
    let games = service.games_in(guild).await;
    let listed: Vec<yut_table::view::Listed<'_>> = games
        .iter()
        .map(|(t, message)| {
            // (A game played in a thread has the thread as its channel.)
            let channel = t.channel;
            let link = match message {
                Some(m) => link(guild, channel, *m),
                None => format!("https://discord.com/channels/{guild}/{channel}"),
            };
            yut_table::view::Listed { table: t, link }
        })
        .collect();
    yut_table::view::games_page(lang, &listed, page)
}

// `/yut web`: its names and descriptions for Discord are `reg-web*` in
// `assets/locales/*/registration.ftl`. A link to the person's own seat in this channel's game,
// played in a browser (the live board with the buttons, pressed as on the message), privately:
// the link is theirs alone.
#[poise::command(slash_command, check = "in_server")]
pub async fn web(ctx: Context<'_>) -> Result<(), Error> {
    let lang = lang(&ctx);
    let service = &ctx.data().service;
    let user = ctx.author().id.get();
    let text = match service.table(ctx.channel_id().get()).await {
        None => Problem::NoGame.message(lang),
        Some(t) if !t.status.is_active() || t.seat_of(user).is_none() => {
            say(lang, "cmd-web-no-seat", &[])
        }
        Some(t) => match service.seat_link(&t, user) {
            Some(link) => say(
                lang,
                "cmd-web-seat",
                &[("game", t.id.to_string().into()), ("link", link.into())],
            ),
            None => say(lang, "cmd-web-off", &[]),
        },
    };
    private(ctx, text).await
}
