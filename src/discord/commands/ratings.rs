//! `/yut stats` and `/yut leaderboard`.

use super::*;

// `/yut stats`: its names and descriptions for Discord are `reg-stats*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command, check = "in_server")]
pub async fn stats(ctx: Context<'_>, user: Option<User>) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let user = user.as_ref().unwrap_or_else(|| ctx.author());
    let text = match ctx.data().service.card(guild.get(), user.id.get()).await? {
        None => say(
            lang,
            "cmd-stats-none",
            &[("who", user.mention().to_string().into())],
        ),
        Some(card) => yut_table::standings::card_text(&card, guild.get(), lang),
    };
    private(ctx, text).await
}

/// Seasons a server has standings in, for the season option.
pub(crate) async fn complete_season(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let Some(guild) = ctx.guild_id() else {
        return Vec::new();
    };
    ctx.data()
        .service
        .seasons(guild.get())
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|s| s.starts_with(partial.trim()))
        .take(25)
        .collect()
}

// `/yut leaderboard`: its names and descriptions for Discord are `reg-leaderboard*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command, check = "in_server")]
pub async fn leaderboard(
    ctx: Context<'_>,
    mode: Option<FamilyChoice>,
    #[max_length = 20]
    #[autocomplete = "complete_season"]
    season: Option<String>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let service = &ctx.data().service;
    let seasons = service.seasons(guild.get()).await?;
    let season = season
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    if let Some(s) = &season {
        if !seasons.contains(s) {
            let known = if seasons.is_empty() {
                word(lang, "cmd-seasons-none-yet")
            } else {
                seasons.join(", ")
            };
            let text = say(
                lang,
                "cmd-no-such-season",
                &[("season", format!("{s:?}").into()), ("known", known.into())],
            );
            return private(ctx, text).await;
        }
    }
    let families: Vec<ModeFamily> = match mode {
        Some(m) => vec![m.family()],
        None => ModeFamily::ALL.to_vec(),
    };
    let mut boards = Vec::new();
    for f in families {
        boards.push(service.standings(guild.get(), f, season.clone()).await?);
    }
    let text = yut_table::standings::leaderboard_text(&boards, &seasons, lang);
    ctx.send(
        CreateReply::default()
            .content(text)
            .allowed_mentions(wire::no_mentions()),
    )
    .await?;
    Ok(())
}
