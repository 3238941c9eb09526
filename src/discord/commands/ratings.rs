//! `/yut stats` and `/yut leaderboard`.

use super::*;

/// Someone's record and ratings in this server.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "전적"),
    name_localized("es-ES", "estadísticas"),
    name_localized("es-419", "estadísticas"),
    description_localized("ko", "이 서버에서의 전적과 점수"),
    description_localized("es-ES", "El historial y las puntuaciones de alguien en este servidor"),
    description_localized(
        "es-419",
        "El historial y las puntuaciones de alguien en este servidor"
    )
)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"]
    #[description_localized("ko", "누구의 전적 (기본: 나)")]
    #[description_localized("es-ES", "De quién (por defecto: tú)")]
    #[description_localized("es-419", "De quién (por defecto: tú)")]
    #[name_localized("ko", "사람")]
    #[name_localized("es-ES", "usuario")]
    #[name_localized("es-419", "usuario")]
    user: Option<User>,
) -> Result<(), Error> {
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

/// The best players in this server, by rating.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "순위"),
    name_localized("es-ES", "clasificación"),
    name_localized("es-419", "clasificación"),
    description_localized("ko", "이 서버의 점수 순위"),
    description_localized("es-ES", "Los mejores jugadores de este servidor, por puntuación"),
    description_localized("es-419", "Los mejores jugadores de este servidor, por puntuación")
)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which mode (default: all three)"]
    #[description_localized("ko", "어떤 방식 (기본: 셋 다)")]
    #[description_localized("es-ES", "Qué modo (por defecto: los tres)")]
    #[description_localized("es-419", "Qué modo (por defecto: los tres)")]
    #[name_localized("ko", "방식")]
    #[name_localized("es-ES", "modo")]
    #[name_localized("es-419", "modo")]
    mode: Option<FamilyChoice>,
    #[description = "A past season, e.g. 2026-11 or 2026-Q3 (default: this one)"]
    #[description_localized("ko", "지난 시즌, 예: 2026-11, 2026-Q3 (기본: 이번 시즌)")]
    #[description_localized(
        "es-ES",
        "Una temporada pasada, p. ej. 2026-11 o 2026-Q3 (por defecto: la actual)"
    )]
    #[description_localized(
        "es-419",
        "Una temporada pasada, p. ej. 2026-11 o 2026-Q3 (por defecto: la actual)"
    )]
    #[name_localized("ko", "시즌")]
    #[name_localized("es-ES", "temporada")]
    #[name_localized("es-419", "temporada")]
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
            .allowed_mentions(send::no_mentions()),
    )
    .await?;
    Ok(())
}
