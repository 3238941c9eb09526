//! The Activity's Discord side (the board inside Discord, issue 48): launching it, from the
//! application's Entry Point command and from a board's "Play on the board" button, both
//! answered with LAUNCH_ACTIVITY; and who is who for its page: the OAuth2 code the page got
//! from Discord's client exchanged at Discord's token endpoint, the user read from
//! `/users/@me`, and the user checked against the instance's participants
//! (`/applications/{app}/activity-instances/{instance}`). The page and its pushes are the web
//! side's (`yut_web::watch::activity`).

use super::Data;
use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse, Http,
};
use std::sync::Arc;
use std::time::Duration;
use yut_table::Lang;
use yut_web::watch::activity::{ActivityConfig, Denied, Identity, Verify};

/// The application's OAuth2 client, needed for the Activity (`DISCORD_CLIENT_ID`,
/// `DISCORD_CLIENT_SECRET`).
#[derive(Clone)]
pub struct ActivityKeys {
    pub client_id: u64,
    pub client_secret: String,
}

impl std::fmt::Debug for ActivityKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivityKeys")
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

/// How long a page's session lasts before it signs in again (Discord's client does that
/// without asking the person).
pub const SESSION_LIFE: Duration = Duration::from_secs(6 * 3600);
/// How long one call to Discord may take while a page signs in.
const CALL_TIMEOUT: Duration = Duration::from_secs(8);

/// The Activity's settings for the web side, where the bot has them.
pub fn config(keys: &ActivityKeys, options: &super::Options) -> ActivityConfig {
    let (token, api_url) = (options.token.as_str(), options.api_url.as_deref());
    let client = reqwest::Client::builder()
        .timeout(CALL_TIMEOUT)
        .build()
        .expect("an HTTP client");
    let api = format!("{}/api/v10", api_url.unwrap_or("https://discord.com"));
    let keys = keys.clone();
    let bot = format!("Bot {}", token.trim_start_matches("Bot "));
    let client_id = keys.client_id;
    let verify: Verify = Arc::new(move |code, instance| {
        let (client, api, keys, bot) = (client.clone(), api.clone(), keys.clone(), bot.clone());
        Box::pin(async move { identify(&client, &api, &keys, &bot, &code, &instance).await })
    });
    ActivityConfig {
        client_id,
        verify,
        session_life: SESSION_LIFE,
        // `/yut new` without options: the server's defaults, in the Activity's channel
        // (never a thread: the Activity is there).
        lobby: yut_table::open::GameRequest::plain(
            Lang::En,
            options.turn_seconds,
            options.bot_delay_ms,
        ),
    }
}

#[derive(serde::Deserialize)]
struct Token {
    access_token: String,
}

#[derive(serde::Deserialize)]
struct Me {
    id: String,
    username: String,
    global_name: Option<String>,
    locale: Option<String>,
}

#[derive(serde::Deserialize)]
struct Instance {
    location: Option<Location>,
    #[serde(default)]
    users: Vec<String>,
}

#[derive(serde::Deserialize)]
struct Location {
    channel_id: String,
    guild_id: Option<String>,
}

fn unreachable(what: &str, e: impl std::fmt::Display) -> Denied {
    Denied::Unreachable(format!("{what}: {e}"))
}

/// An answer's JSON body.
async fn json<T: serde::de::DeserializeOwned>(
    r: reqwest::Response,
    what: &str,
) -> Result<T, Denied> {
    let body = r.bytes().await.map_err(|e| unreachable(what, e))?;
    serde_json::from_slice(&body).map_err(|e| unreachable(what, e))
}

/// The code exchanged, the user read, the instance checked.
async fn identify(
    client: &reqwest::Client,
    api: &str,
    keys: &ActivityKeys,
    bot: &str,
    code: &str,
    instance: &str,
) -> Result<Identity, Denied> {
    let r = client
        .post(format!("{api}/oauth2/token"))
        .form(&[
            ("client_id", keys.client_id.to_string().as_str()),
            ("client_secret", keys.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ])
        .send()
        .await
        .map_err(|e| unreachable("the token endpoint", e))?;
    match r.status().as_u16() {
        200 => {}
        // invalid_grant and its kin: the code is not (or no longer) good.
        400 | 401 | 403 => return Err(Denied::BadCode),
        s => return Err(unreachable("the token endpoint", format!("status {s}"))),
    }
    let token: Token = json(r, "the token endpoint's answer").await?;
    let r = client
        .get(format!("{api}/users/@me"))
        .bearer_auth(&token.access_token)
        .send()
        .await
        .map_err(|e| unreachable("/users/@me", e))?;
    if r.status().as_u16() == 401 {
        return Err(Denied::BadCode);
    }
    let me: Me = json(
        r.error_for_status()
            .map_err(|e| unreachable("/users/@me", e))?,
        "/users/@me's answer",
    )
    .await?;
    let user: u64 = me
        .id
        .parse()
        .map_err(|e| unreachable("/users/@me's id", e))?;
    let r = client
        .get(format!(
            "{api}/applications/{}/activity-instances/{instance}",
            keys.client_id
        ))
        .header("authorization", bot)
        .send()
        .await
        .map_err(|e| unreachable("the activity instance", e))?;
    // An instance that is not running (or never was) has no participants.
    if r.status().as_u16() == 404 {
        return Err(Denied::NotParticipant);
    }
    let inst: Instance = json(
        r.error_for_status()
            .map_err(|e| unreachable("the activity instance", e))?,
        "the activity instance's answer",
    )
    .await?;
    if !inst.users.contains(&me.id) {
        return Err(Denied::NotParticipant);
    }
    let location = inst
        .location
        .ok_or_else(|| unreachable("the activity instance", "no location"))?;
    let channel = location
        .channel_id
        .parse()
        .map_err(|_| unreachable("the activity instance", "no channel"))?;
    let guild = location.guild_id.and_then(|g| g.parse().ok());
    Ok(Identity {
        user,
        name: me.global_name.unwrap_or(me.username),
        locale: me.locale,
        access_token: token.access_token,
        channel,
        guild,
    })
}

/// Open the Activity for whoever pressed the board's button or ran the Entry Point command,
/// or tell them privately why it cannot open here.
async fn launch(http: &Http, data: &Data, answer: impl AsyncAnswer, locale: &str) -> bool {
    let set_up = data
        .options
        .web
        .as_ref()
        .is_some_and(|w| w.activity.is_some());
    let response = if set_up {
        CreateInteractionResponse::LaunchActivity
    } else {
        CreateInteractionResponse::Message(super::wire::private_message(yut_text::say(
            Lang::from_locale(locale),
            "activity-not-set-up",
            &[],
        )))
    };
    answer.send(http, response).await
}

/// An interaction that can be answered (a click, a command).
/// (True when the Activity was launched.)
trait AsyncAnswer {
    async fn send(self, http: &Http, r: CreateInteractionResponse) -> bool;
}

fn launched(r: &CreateInteractionResponse) -> bool {
    matches!(r, CreateInteractionResponse::LaunchActivity)
}

impl AsyncAnswer for &ComponentInteraction {
    async fn send(self, http: &Http, r: CreateInteractionResponse) -> bool {
        let launching = launched(&r);
        match self.create_response(http, r).await {
            Ok(()) => launching,
            Err(e) => {
                tracing::warn!(channel = self.channel_id.get(), error = %e, "answering the board's button failed");
                false
            }
        }
    }
}

impl AsyncAnswer for &CommandInteraction {
    async fn send(self, http: &Http, r: CreateInteractionResponse) -> bool {
        let launching = launched(&r);
        match self.create_response(http, r).await {
            Ok(()) => launching,
            Err(e) => {
                tracing::warn!(channel = self.channel_id.get(), error = %e, "answering the Entry Point command failed");
                false
            }
        }
    }
}

/// The board's "Play on the board" button.
pub async fn clicked(ctx: &Context, data: &Data, c: &ComponentInteraction) {
    launch(&ctx.http, data, c, &c.locale).await;
}

/// The application's Entry Point command (handled by the app). Launched where the bot
/// cannot post (a group DM, a server without Yutbot: [`super::hosted`]) in a channel
/// without a game, it opens the lobby there as `/yut new` does, as the launch's follow-up
/// (its answer launches the Activity and makes no message): the page finds it, and the
/// game goes on through the interactions' tokens like any group-DM game. (In a server
/// with Yutbot the page opens the lobby: `yut_web::watch::activity`.)
pub async fn entry_point(ctx: &Context, data: &Data, c: &CommandInteraction) {
    let launched = launch(&ctx.http, data, c, &c.locale).await;
    if launched && super::hosted::is_hosted(c.guild_id, &c.authorizing_integration_owners) {
        open_hosted(&ctx.http, data, c).await;
    }
}

async fn open_hosted(http: &Http, data: &Data, c: &CommandInteraction) {
    let channel = c.channel_id.get();
    if data
        .service
        .table(channel)
        .await
        .is_some_and(|t| t.status.is_active())
    {
        return;
    }
    let lang = Lang::from_locale(&c.locale);
    let guild = c.guild_id.map_or(0, |g| g.get());
    let request = yut_table::open::GameRequest::plain(
        lang,
        data.options.turn_seconds,
        data.options.bot_delay_ms,
    );
    let actor = super::wire::actor_of(&c.user, c.member.as_deref()).speaking(lang);
    let view = match data
        .service
        .create_game(guild, channel, &actor, &request)
        .await
    {
        Ok(v) => v,
        Err(p) => {
            tracing::info!(channel, problem = ?p, "the Entry Point's launch opened no lobby here");
            return;
        }
    };
    let Some(game) = view.game else { return };
    match c
        .create_followup(http, super::wire::followup_message(&view))
        .await
    {
        Ok(m) => {
            data.boards
                .hosted
                .keep_board_token(game, &c.token, m.id.get());
            data.poster.posted(game, channel, m.id.get()).await;
        }
        Err(e) => {
            tracing::warn!(game, channel, error = %e, "the lobby opened by the Entry Point could not be shown");
        }
    }
}
