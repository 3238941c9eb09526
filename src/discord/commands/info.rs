//! `/yut rules`, `/yut fortune` and `/yut help`.

use super::*;

// `/yut rules`: its names and descriptions for Discord are `reg-rules*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    preset: Option<PresetChoice>,
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

// `/yut fortune`: its names and descriptions for Discord are `reg-fortune*` in
// `assets/locales/*/registration.ftl`.
//
// Anywhere: outside a server (a DM, a group DM) the day's fortune is the person's own
// (server 0).
#[poise::command(slash_command)]
pub async fn fortune(ctx: Context<'_>) -> Result<(), Error> {
    let lang = lang(&ctx);
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let day = yut_table::fortune::day_of(ctx.data().service.now_ms(), lang);
    let f = yut_table::fortune::cast(guild, ctx.author().id.get(), day);
    let Actor::User { name, .. } = actor(&ctx) else {
        return Ok(());
    };
    ctx.send(
        CreateReply::default()
            .content(yut_table::fortune::text(&f, &name, lang))
            .allowed_mentions(wire::no_mentions()),
    )
    .await?;
    Ok(())
}

// `/yut help`: its names and descriptions for Discord are `reg-help*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = word(lang(&ctx), "cmd-help");
    private(ctx, text).await
}
