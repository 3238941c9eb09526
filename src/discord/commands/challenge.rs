//! `/yut challenge`: a 1v1 or 2v2 challenge with held seats.

use super::*;

// `/yut challenge`: its names and descriptions for Discord are `reg-challenge*` in
// `assets/locales/*/registration.ftl`.
//
// The people named accept or decline with buttons; the game starts when all have accepted.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    opponent: User,
    partner: Option<User>,
    opponent2: Option<User>,
    preset: Option<PresetChoice>,
    #[max_length = 400]
    #[autocomplete = "complete_house_rules"]
    house_rules: Option<String>,
) -> Result<(), Error> {
    let named: Vec<&User> = match (&partner, &opponent2) {
        (None, None) => vec![&opponent],
        (Some(p), Some(o2)) => vec![p, &opponent, o2],
        _ => return private(ctx, word(lang(&ctx), "cmd-challenge-names")).await,
    };
    open_challenge(ctx, &named, preset.map(|p| p.preset()), house_rules).await
}

// "Challenge to Yut Nori" on a member (a user command, right click or long press): the same
// challenge as `/yut challenge opponent:@them`, with the server's rules. Its names are
// `reg-menu-challenge-member` in `assets/locales/*/registration.ftl`.
#[poise::command(
    context_menu_command = "Challenge to Yut Nori",
    check = "in_server",
    install_context = "Guild",
    interaction_context = "Guild"
)]
pub async fn challenge_member(ctx: Context<'_>, opponent: User) -> Result<(), Error> {
    open_challenge(ctx, &[&opponent], None, None).await
}

/// Open a challenge to the people `named` (one opponent, or partner, opponent, opponent 2).
async fn open_challenge(
    ctx: Context<'_>,
    named: &[&User],
    preset: Option<Preset>,
    house_rules: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data();
    let lang = lang(&ctx);
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let channel = ctx.channel_id().get();
    // In a group DM there are no members to check: everyone named is asked.
    let anyone = ctx.guild_id().is_none();
    // The interaction carries the members of the server among the users named.
    let resolved = match ctx {
        poise::Context::Application(a) => Some(&a.interaction.data.resolved),
        poise::Context::Prefix(_) => None,
    };
    let invitees: Vec<Invitee> = named
        .iter()
        .map(|u| {
            let member = resolved.and_then(|r| r.members.get(&u.id));
            Invitee {
                user: u.id.get(),
                name: member
                    .and_then(|m| m.nick.clone())
                    .unwrap_or_else(|| u.display_name().to_string()),
                bot: u.bot,
                member: member.is_some() || anyone,
            }
        })
        .collect();
    let request = GameRequest {
        preset,
        house_rules,
        pieces: None,
        first_to: None,
        teams: invitees.len() == 3,
        seats: None,
        turn_seconds: None,
        lang,
        bots: 0,
        level: Level::Normal,
        default_turn_seconds: data.options.turn_seconds,
        bot_delay_ms: data.options.bot_delay_ms,
        can_thread: can_thread(&ctx) && !hosted(&ctx),
    };
    let me = actor(&ctx);
    let opened = data
        .service
        .challenge(guild, channel, &me, &request, &invitees)
        .await;
    post_opened(ctx, lang, guild, channel, opened).await
}
