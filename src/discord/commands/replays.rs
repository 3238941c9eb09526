//! `/yut replay` and `/yut history`.

use super::*;

// `/yut replay`: its names and descriptions for Discord are `reg-replay*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command, check = "in_server")]
pub async fn replay(ctx: Context<'_>, #[min = 1] game: Option<i64>) -> Result<(), Error> {
    crate::discord::after::replay_command(ctx, game, lang(&ctx)).await
}

// `/yut verify`: its names and descriptions for Discord are `reg-verify*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command, check = "in_server")]
pub async fn verify(
    ctx: Context<'_>,
    #[min = 1] game: Option<i64>,
    record: Option<serenity::all::Attachment>,
) -> Result<(), Error> {
    crate::discord::after::verify_command(ctx, game, record, lang(&ctx)).await
}

// `/yut history`: its names and descriptions for Discord are `reg-history*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command, check = "in_server")]
pub async fn history(ctx: Context<'_>, user: Option<User>) -> Result<(), Error> {
    crate::discord::after::history_command(ctx, user.map(|u| u.id.get()), lang(&ctx)).await
}
