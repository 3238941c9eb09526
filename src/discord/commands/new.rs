//! `/yut new`: open a game in this channel (in a server with Yutbot, or anywhere through a
//! person's own install: then the game lives in the command's answer, [`super::super::hosted`]).

use super::*;

// `/yut new`: its names and descriptions for Discord are `reg-new*` in
// `assets/locales/*/registration.ftl`.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn new(
    ctx: Context<'_>,
    mode: Option<Mode>,
    #[min = 2]
    #[max = 4]
    seats: Option<u8>,
    preset: Option<PresetChoice>,
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
    pieces: Option<PiecesChoice>,
    #[min = 10]
    #[max = 300]
    seconds: Option<u32>,
    #[min = 1]
    #[max = 9]
    match_length: Option<u8>,
    #[min = 0]
    #[max = 3]
    bots: Option<u8>,
    bot_level: Option<LevelChoice>,
) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    // Outside any server (a group DM) the game belongs to no server: guild 0, unrated.
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let channel = ctx.channel_id().get();
    let request = GameRequest {
        preset: preset.map(|p| p.preset()),
        house_rules,
        pieces: pieces.map(|p| match p {
            PiecesChoice::Two => Pieces::N(2),
            PiecesChoice::Three => Pieces::N(3),
            PiecesChoice::Four => Pieces::N(4),
            PiecesChoice::Auto => Pieces::Auto,
        }),
        first_to: match_length,
        teams: matches!(mode, Some(Mode::Teams)),
        seats,
        turn_seconds: seconds,
        lang,
        bots: bots.unwrap_or(0),
        level: match bot_level.unwrap_or(LevelChoice::Normal) {
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Normal => Level::Normal,
            LevelChoice::Master => Level::Master,
        },
        default_turn_seconds: data.options.turn_seconds,
        bot_delay_ms: data.options.bot_delay_ms,
        can_thread: can_thread(&ctx) && !hosted(&ctx),
    };
    let me = actor(&ctx);
    let created = data
        .service
        .create_game(guild, channel, &me, &request)
        .await;
    post_opened(ctx, lang, guild, channel, created).await
}
