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
    let svc = &ctx.data().service;
    let places = svc
        .event_places(guild.get(), user.id.get())
        .await
        .unwrap_or_else(|p| {
            tracing::warn!(problem = ?p, "could not read a player's events");
            Vec::new()
        });
    let mut text = match svc.card(guild.get(), user.id.get()).await? {
        None if !places.is_empty() => format!("**{}**\n", user.name),
        None => say(
            lang,
            "cmd-stats-none",
            &[("who", user.mention().to_string().into())],
        ),
        Some(card) => yut_table::standings::card_text(&card, guild.get(), lang),
    };
    if !places.is_empty() {
        text.push_str(&events_line(&places, lang));
    }
    private(ctx, text).await
}

/// The card's line of the events a person played (the newest first): a medal for the podium.
fn events_line(places: &[yut_service::EventPlace], lang: yut_table::Lang) -> String {
    let items: Vec<String> = places
        .iter()
        .map(|p| {
            let medal = match p.rank {
                1 => "🥇 ",
                2 => "🥈 ",
                3 => "🥉 ",
                _ => "",
            };
            format!(
                "{medal}{}",
                say(
                    lang,
                    "cmd-stats-event-place",
                    &[
                        ("name", p.name.clone().into()),
                        ("rank", p.rank.into()),
                        ("of", p.of.into()),
                    ],
                )
            )
        })
        .collect();
    format!(
        "\n{}",
        say(
            lang,
            "cmd-stats-events",
            &[("events", items.join(" · ").into())]
        )
    )
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
