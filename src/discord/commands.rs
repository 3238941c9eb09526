//! The `/yut` slash command and its subcommands, localized for English, Korean and Spanish
//! (their names, descriptions, options and choices for Discord's registration in the text
//! catalog, `reg-*`, filled in by `localize`; every answer there too, `cmd-*`). Each one
//! translates to a service call; the rules live in `table` and `game`.

mod challenge;
mod choices;
mod games;
mod info;
mod localize;
mod new;
mod ratings;
mod reach;
mod replays;
mod settings;
mod table;
pub use challenge::*;
pub use choices::*;
pub use games::*;
pub use info::*;
pub use localize::{for_guild, localize, localize_with};
pub use new::*;
pub use ratings::*;
pub use reach::*;
pub use replays::*;
pub use settings::*;
pub use table::*;

use super::wire;
use super::{rules_text, Context, Error};
use poise::CreateReply;
use serenity::all::{Mentionable, User};
use yut_ai::Level;
use yut_game::{Preset, Rules};
use yut_rating::season::SeasonLength;
use yut_rating::ModeFamily;
use yut_service::{Invitee, Problem, Update};
use yut_table::open::{rules_error, GameRequest, Pieces};
use yut_table::{Actor, Command, Lang, View};
use yut_text::{say, word};

fn lang(ctx: &Context<'_>) -> Lang {
    ctx.locale().map_or(Lang::En, Lang::from_locale)
}

fn actor(ctx: &Context<'_>) -> Actor {
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    super::router::actor_of(ctx.author(), member).speaking(lang(ctx))
}

/// Can the command's channel hold a thread for a game: a text or announcement channel, not a
/// thread itself (unknown: try, and play in the channel if Discord refuses)?
fn can_thread(ctx: &Context<'_>) -> bool {
    use serenity::all::ChannelType;
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .channel
            .as_ref()
            .is_none_or(|c| matches!(c.kind, ChannelType::Text | ChannelType::News)),
        poise::Context::Prefix(_) => false,
    }
}

async fn private(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(wire::no_mentions()),
    )
    .await?;
    Ok(())
}

fn link(guild: u64, channel: u64, message: u64) -> String {
    super::notify::board_link(guild, channel, Some(message))
}

/// Is the command from where the bot may not post, so that its game lives in the answer's
/// own message and goes on through interaction tokens ([`super::hosted`])?
fn hosted(ctx: &Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => super::hosted::is_hosted(
            a.interaction.guild_id,
            &a.interaction.authorizing_integration_owners,
        ),
        poise::Context::Prefix(_) => false,
    }
}

/// A hosted game's board is this command's answer: its token is the game's freshest.
fn keep_if_hosted(ctx: &Context<'_>, game: i64) {
    if let (true, poise::Context::Application(a)) = (hosted(ctx), ctx) {
        ctx.data()
            .boards
            .hosted
            .keep_token(game, &a.interaction.token);
    }
}

/// The channel already has a game, with a link to its board.
/// Answer `/yut new` or `/yut challenge`: post the lobby (and tell the writer which message
/// shows it), or say privately why no game opened, with a link to the running game where its
/// actor knows its message (a lobby opened a moment ago may not have one yet: then no link).
pub(crate) async fn post_opened(
    ctx: Context<'_>,
    lang: Lang,
    guild: u64,
    channel: u64,
    opened: Result<View, Problem>,
) -> Result<(), Error> {
    let view = match opened {
        Ok(v) => v,
        Err(Problem::AlreadyRunning {
            message_id: Some(m),
        }) => return private(ctx, already_running(lang, link(guild, channel, m))).await,
        Err(p) => return private(ctx, p.message(lang)).await,
    };
    let handle = ctx.send(wire::reply(&view)).await?;
    if let Some(game) = view.game {
        keep_if_hosted(&ctx, game);
    }
    let message = handle.message().await?;
    if let Some(game) = view.game {
        ctx.data()
            .poster
            .posted(game, channel, message.id.get())
            .await;
    }
    Ok(())
}

fn already_running(lang: Lang, link: String) -> String {
    say(lang, "cmd-already-running-link", &[("link", link.into())])
}

/// Every top-level command, as the code declares it (before [`localize`]).
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![yut(), challenge_member()]
}

/// Does the command come from a server that has Yutbot (installed to the server, not only to
/// the person's account)? Games, ratings and settings need it: elsewhere the command is
/// refused (the error handler says why, privately).
pub fn bot_in_server(ctx: &Context<'_>) -> bool {
    use serenity::all::AuthorizingIntegrationOwner;
    let Some(guild) = ctx.guild_id() else {
        return false;
    };
    match ctx {
        poise::Context::Application(a) => {
            let owners = &a.interaction.authorizing_integration_owners.0;
            // (An interaction without the field predates user installs: a server install.)
            owners.is_empty()
                || owners
                    .iter()
                    .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(Some(g)) if *g == guild))
        }
        poise::Context::Prefix(_) => true,
    }
}

/// The check of every command that needs Yutbot in the server ([`bot_in_server`]).
pub async fn in_server(ctx: Context<'_>) -> Result<bool, Error> {
    Ok(bot_in_server(&ctx))
}

// `/yut`, the one top-level command: its names and descriptions for Discord are
// `reg-yut*` in `assets/locales/*/registration.ftl`.
//
// Installed to a server (where games are played) or to a person's own account (then `rules`,
// `help` and `fortune` work in DMs, group DMs and servers without the bot; the rest say
// privately that a game needs Yutbot in the server: [`in_server`]).
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    subcommands(
        "new",
        "challenge",
        "join",
        "leave",
        "start",
        "stop",
        "board",
        "games",
        "web",
        "notify",
        "follow",
        "rules",
        "stats",
        "leaderboard",
        "settings",
        "replay",
        "history",
        "verify",
        "fortune",
        "event",
        "event_team",
        "event_admin",
        "help"
    ),
    subcommand_required
)]
pub async fn yut(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

// `/yut event`: its names and descriptions for Discord are `reg-event*` in
// `assets/locales/*/registration.ftl`.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn event(
    ctx: Context<'_>,
    #[max_length = 60] name: String,
    format: Option<EventFormatChoice>,
    mode: Option<Mode>,
    #[min = 1]
    #[max = 15]
    rounds: Option<u32>,
    #[min = 1]
    #[max = 7]
    best_of: Option<u32>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 300]
    seconds: Option<u32>,
    check_in: Option<bool>,
    #[min = 1]
    #[max = 1440]
    no_show: Option<u32>,
    #[min = 2]
    #[max = 1024]
    cap: Option<u32>,
    rated: Option<bool>,
    #[min = 0]
    #[max = 10080]
    round_length: Option<u32>,
) -> Result<(), Error> {
    let spec = super::events::Asked {
        name,
        format: format.map(EventFormatChoice::format),
        teams: matches!(mode, Some(Mode::Teams)),
        rounds,
        best_of,
        preset: preset.map(|p| p.preset().word().to_string()),
        seconds,
        check_in,
        no_show,
        cap,
        rated,
        round_minutes: round_length,
    };
    super::events::open(ctx, spec).await
}

// `/yut event-team`: sign up for the channel's 2v2 event with a partner (`reg-event-team*`).
#[poise::command(slash_command, rename = "event-team")]
pub async fn event_team(
    ctx: Context<'_>,
    partner: serenity::all::User,
    #[max_length = 40] name: String,
) -> Result<(), Error> {
    super::events::team(ctx, partner, name).await
}

// `/yut event-admin`: an admin steers the channel's event (`reg-event-admin*`).
#[poise::command(slash_command, rename = "event-admin")]
pub async fn event_admin(
    ctx: Context<'_>,
    action: super::events::EventActionChoice,
    member: Option<serenity::all::User>,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    super::events::admin(ctx, action, member, reason).await
}
