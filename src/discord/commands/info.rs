//! `/yut rules`, `/yut fortune` and `/yut help`.

use super::*;

/// A short summary of the rules.
#[poise::command(
    slash_command,
    name_localized("ko", "규칙"),
    name_localized("es-ES", "reglas"),
    name_localized("es-419", "reglas"),
    description_localized("ko", "규칙을 간단히 알려 줘요"),
    description_localized("es-ES", "Un resumen breve de las reglas"),
    description_localized("es-419", "Un resumen breve de las reglas")
)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Rule preset (default: this channel's game, else standard)"]
    #[description_localized("ko", "규칙 (기본: 이 채널의 판, 없으면 기본 규칙)")]
    #[description_localized(
        "es-ES",
        "Reglas base (por defecto: las de la partida del canal; si no hay, estándar)"
    )]
    #[description_localized(
        "es-419",
        "Reglas base (por defecto: las de la partida del canal; si no hay, estándar)"
    )]
    #[name_localized("ko", "규칙")]
    #[name_localized("es-ES", "reglas")]
    #[name_localized("es-419", "reglas")]
    preset: Option<PresetChoice>,
    #[description = "List every house-rule option for /yut new instead"]
    #[description_localized("ko", "/윷 새판에 쓸 수 있는 집안 규칙 옵션을 모두 보기")]
    #[description_localized(
        "es-ES",
        "Ver en su lugar todas las opciones de reglas caseras para /yut nueva"
    )]
    #[description_localized(
        "es-419",
        "Ver en su lugar todas las opciones de reglas caseras para /yut nueva"
    )]
    #[name_localized("ko", "옵션")]
    #[name_localized("es-ES", "opciones")]
    #[name_localized("es-419", "opciones")]
    options: Option<bool>,
) -> Result<(), Error> {
    let lang = lang(&ctx);
    // Without a preset: the rules of this channel's game, if there is one.
    let game = match preset {
        Some(_) => None,
        None => ctx.data().service.table(ctx.channel_id().get()).await,
    };
    let p = match (preset, &game) {
        (Some(p), _) => p.preset(),
        (None, Some(t)) => Preset::from_word(&t.settings.preset).unwrap_or(Preset::Standard),
        (None, None) => Preset::Standard,
    };
    let mut text = match (options == Some(true), &game) {
        (true, Some(t)) => {
            let now = word(lang, "cmd-rules-this-game");
            return private(ctx, rules_text::options_of(&t.settings.rules, &now, lang)).await;
        }
        (true, None) => rules_text::options(p, lang),
        (false, _) => rules_text::summary(p, lang),
    };
    if let Some(t) = &game {
        let house = yut_table::view::house_rules(t);
        if !house.is_empty() {
            let head = word(lang, "cmd-rules-also-plays");
            text = format!("{text}\n\n{head} `{}`", house.join(" "));
        }
    }
    private(ctx, text).await
}

/// 윷점: today's yut fortune, three throws read against 64 omens (one per person per day).
#[poise::command(
    slash_command,
    guild_only,
    name_localized("ko", "윷점"),
    name_localized("es-ES", "fortuna"),
    name_localized("es-419", "fortuna"),
    description_localized("ko", "오늘의 윷점: 세 번 던져 64가지 점괘 중 하나를 읽어요"),
    description_localized(
        "es-ES",
        "윷점: tu fortuna del yut de hoy, tres tiradas leídas entre 64 augurios"
    ),
    description_localized(
        "es-419",
        "윷점: tu fortuna del yut de hoy, tres tiradas leídas entre 64 augurios"
    )
)]
pub async fn fortune(ctx: Context<'_>) -> Result<(), Error> {
    let lang = lang(&ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let day = yut_table::fortune::day_of(ctx.data().service.now_ms(), lang);
    let f = yut_table::fortune::cast(guild.get(), ctx.author().id.get(), day);
    let Actor::User { name, .. } = actor(&ctx) else {
        return Ok(());
    };
    ctx.send(
        CreateReply::default()
            .content(yut_table::fortune::text(&f, &name, lang))
            .allowed_mentions(send::no_mentions()),
    )
    .await?;
    Ok(())
}

/// How to use the bot.
#[poise::command(
    slash_command,
    name_localized("ko", "도움말"),
    name_localized("es-ES", "ayuda"),
    name_localized("es-419", "ayuda"),
    description_localized("ko", "사용법"),
    description_localized("es-ES", "Cómo usar el bot"),
    description_localized("es-419", "Cómo usar el bot")
)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = word(lang(&ctx), "cmd-help");
    private(ctx, text).await
}
