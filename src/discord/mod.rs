//! The Discord layer: slash commands, button routing and View → message. It translates and
//! nothing more; the game lives in `table`.

pub mod activity;
pub mod after;
pub mod boards;
pub mod commands;
pub mod events;
pub mod follow;
pub mod hosted;
pub mod notify;
pub mod router;
pub mod rules_text;
pub mod send;
pub mod settings;
pub mod wire;
pub mod writer;

use boards::Boards;
use send::Poster;
use serenity::all::{ClientBuilder, GatewayIntents, GuildId, HttpBuilder, ShardManager};
pub use settings::{default_instance, parse_shards, ConfigError, Options, Settings, WebOptions};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use yut_service::Service;

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What the commands share.
#[derive(Clone)]
pub struct Data {
    pub service: Service,
    pub poster: Arc<Poster>,
    /// Shows boards and reminds turns, in channels and hosted games (over `poster`).
    pub boards: Arc<Boards>,
    pub options: Arc<Options>,
    /// What each server shows on the web (WEB_ADDR set), told when `/yut settings` changes it.
    pub web: Option<yut_web::policy::Policies>,
}

/// Discord allows one IDENTIFY per 5 s (per `max_concurrency` bucket) across every process of
/// a bot; a little margin on top.
const IDENTIFY_GAP_MS: i64 = 5_500;

/// Why the bot could not start.
#[derive(Debug, Error)]
pub enum StartError {
    /// The database at DATABASE_URL cannot be opened (exit code 2: a setting to fix).
    #[error("cannot open the database at DATABASE_URL ({url}): {error}")]
    Database {
        url: String,
        error: yut_service::StoreError,
    },
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<serenity::Error> for StartError {
    fn from(e: serenity::Error) -> Self {
        StartError::Other(e.into())
    }
}

/// A URL with its password (if any) hidden, for messages and logs.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let cred = &url[s + 3..at];
            match cred.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// The Discord edge of a running bot: the gateway's clients, the poster, the pumps.
pub struct Edge {
    /// What writes to Discord (for the operators' metrics).
    pub poster: Arc<Poster>,
    managers: Managers,
    clients: Vec<tokio::task::JoinHandle<()>>,
    /// What each shard's client ended with.
    ended: tokio::sync::mpsc::UnboundedReceiver<Result<(), serenity::Error>>,
    pump: tokio::task::JoinHandle<()>,
    gateway: tokio::task::JoinHandle<()>,
}

impl Edge {
    /// Disconnect from the gateway (the service stops after this, then [`Edge::finish`]).
    pub async fn disconnect(&self) {
        self.gateway.abort();
        // A shard still waiting for its IDENTIFY slot never connects.
        let managers: Vec<_> = self.managers.lock().await.values().cloned().collect();
        for m in managers {
            m.shutdown_all().await;
        }
    }

    /// Once the service has stopped: stop the pump and wait (up to 5 s) for the clients.
    pub async fn finish(self) {
        self.pump.abort();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        for c in self.clients {
            let abort = c.abort_handle();
            if tokio::time::timeout_at(deadline, c).await.is_err() {
                abort.abort();
            }
        }
    }

    /// Wait until a shard's client stops by itself (a fatal gateway error).
    pub async fn wait(&mut self) -> Result<(), Error> {
        match self.ended.recv().await {
            Some(Ok(())) | None => Ok(()),
            Some(Err(e)) => Err(e.into()),
        }
    }
}

/// Connect the Discord edge to a started service: wait until this process holds the leases of
/// all its shards (another live process with an overlapping range keeps them until it stops
/// or its leases expire), then for each shard's IDENTIFY slot. `updates` and `events` are the
/// service's; `web` what each server shows on the web (WEB_ADDR set).
pub async fn connect(
    options: Arc<Options>,
    service: Service,
    updates: tokio::sync::mpsc::UnboundedReceiver<yut_service::Update>,
    events: tokio::sync::mpsc::UnboundedReceiver<yut_service::GameEvent>,
    web: Option<yut_web::policy::Policies>,
) -> Result<Edge, StartError> {
    let shards = options.shards;
    while !service.wait_for_shards(Duration::from_secs(30)).await {
        tracing::warn!(
            first = shards.first,
            last = shards.last,
            count = shards.count,
            "still waiting for the leases of this process's shards (held by another process)"
        );
    }
    tracing::info!(games = service.running(), first = shards.first, last = shards.last, count = shards.count, instance = %options.instance, "game service started");
    let make_http = || {
        let mut http = HttpBuilder::new(&options.token);
        if let Some(url) = &options.api_url {
            // serenity's rate limiter builds URLs without the proxy: rate limits are then the
            // proxy's job (or the stand-in's).
            http = http.proxy(url.clone()).ratelimiter_disabled(true);
        }
        http.build()
    };
    let http = Arc::new(make_http());
    if let Some(url) = &options.api_url {
        tracing::info!(api = %url, "sending REST calls to DISCORD_API_URL");
        // serenity falls back to Discord's own gateway when GET /gateway fails: fail clearly
        // instead of leaving the configured server behind.
        http.get_gateway()
            .await
            .map_err(|e| anyhow::anyhow!("DISCORD_API_URL {url}: GET /gateway failed: {e}"))?;
    }
    let concurrency = match http.get_bot_gateway().await {
        Ok(g) => g.session_start_limit.max_concurrency.max(1) as u32,
        Err(e) => {
            tracing::warn!(error = %e, "GET /gateway/bot failed; assuming max_concurrency 1");
            1
        }
    };
    let poster = Arc::new(Poster::new(
        http.clone(),
        service.clone(),
        options.api_url.clone(),
    ));
    let boards = Arc::new(Boards::new(
        poster.clone(),
        options.config.interaction_token_life,
    ));
    // The games shown through interaction tokens (group DMs), before their boards are shown.
    boards.hosted.load(service.hosted_tokens().await);
    // Turn pings that games over left in view (a stop or a kill before their deletion).
    tokio::spawn({
        let boards = boards.clone();
        async move { boards.sweep_pings().await }
    });
    tokio::spawn(hosted::hold_sweep(boards.hosted.clone()));
    let data = Data {
        service: service.clone(),
        poster: poster.clone(),
        boards: boards.clone(),
        options: options.clone(),
        web,
    };
    events::follow_news(data.clone());
    let pump = tokio::spawn(boards::pump(boards.clone(), updates));
    tokio::spawn(follow::pump(poster.clone(), events));
    let identify = Identify {
        service: service.clone(),
        concurrency,
    };

    // One gateway client per shard, each started in its own IDENTIFY slot. The slots are
    // shared through the database by every process of the bot and are 5.5 s apart, measured
    // from when a shard starts connecting. (serenity spaces the shards of one client by 5 s
    // from the end of one connection's handshake to the start of the next, so two IDENTIFYs
    // could reach Discord a little under 5 s apart.)
    let managers: Managers = Arc::default();
    let (ended_tx, ended) = tokio::sync::mpsc::unbounded_channel();
    let mut clients = Vec::new();
    for (i, shard) in (shards.first..=shards.last).enumerate() {
        let at = identify.reserve(shard).await;
        let data = data.clone();
        let http = make_http();
        let managers = managers.clone();
        let ended_tx = ended_tx.clone();
        let identify = identify.clone();
        let dev_guild = options.dev_guild;
        clients.push(tokio::spawn(async move {
            identify.wait_until(at, shard).await;
            let result = async {
                let mut client = ClientBuilder::new_with_http(http, GatewayIntents::empty())
                    .framework(framework(data, i == 0, dev_guild))
                    .await?;
                managers
                    .lock()
                    .await
                    .insert(shard, client.shard_manager.clone());
                // One shard of `count` (0 of 1 is what `Client::start` runs).
                client.start_shard(shard, shards.count).await
            }
            .await;
            let _ = ended_tx.send(result);
        }));
    }
    let gateway = tokio::spawn(follow_leases(
        service.held_shards(),
        managers.clone(),
        identify,
        boards,
    ));
    Ok(Edge {
        poster,
        managers,
        clients,
        ended,
        pump,
        gateway,
    })
}

/// The gateway client of each shard this process runs, once it is built.
type Managers = Arc<tokio::sync::Mutex<std::collections::BTreeMap<u32, Arc<ShardManager>>>>;

/// Every command the bot registers with Discord, its texts from the catalog
/// (`tests/it/registration.rs` holds their registration to a fixture).
pub fn registered_commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = commands::all();
    commands::localize(&mut commands);
    commands
}

/// The payload of `PUT /applications/{id}/commands`: poise's, with the context menus' names
/// localized (poise leaves them in English).
pub fn registration(commands: &[poise::Command<Data, Error>]) -> Vec<serenity::all::CreateCommand> {
    let mut out = Vec::new();
    for c in commands {
        out.extend(c.create_as_slash_command());
        if let Some(mut menu) = c.create_as_context_menu_command() {
            let mut names: Vec<_> = c.name_localizations.iter().collect();
            names.sort();
            for (locale, name) in names {
                menu = menu.name_localized(locale.clone(), name.clone());
            }
            out.push(menu);
        }
    }
    out
}

/// The payload of a guild's registration (`DEV_GUILD_ID`): [`registration`] without what
/// Discord documents for global commands only (`commands::for_guild`).
pub fn guild_registration() -> Vec<serenity::all::CreateCommand> {
    let mut commands = registered_commands();
    commands::for_guild(&mut commands);
    registration(&commands)
}

/// The application's Entry Point command as Discord has it now (made by Discord when
/// Activities are enabled in the developer portal), to send along with a global bulk
/// overwrite: Discord refuses one that leaves it out (400, code 50240), and the whole
/// registration would fail. None when there is none, or it could not be read (then the
/// overwrite is tried without it, and a refusal is logged with its reason).
async fn kept_entry_point(http: &serenity::all::Http) -> Option<serenity::all::CreateCommand> {
    let now = match http.get_global_commands_with_localizations().await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the registered commands back; registering without an Entry Point command");
            return None;
        }
    };
    let e = now
        .into_iter()
        .find(|c| c.kind == serenity::all::CommandType::PrimaryEntryPoint)?;
    tracing::info!(name = %e.name, "keeping the application's Entry Point command in the registration");
    Some(entry_point_of(&e))
}

/// An Entry Point command as read back, to register again as it was, with the bot as its
/// handler (`APP_HANDLER`): the bot answers it with LAUNCH_ACTIVITY where the Activity is set
/// up, else with a private line saying why (`activity::entry_point`).
pub fn entry_point_of(e: &serenity::all::Command) -> serenity::all::CreateCommand {
    use serenity::all::{CommandType, CreateCommand, EntryPointHandlerType};
    let mut c = CreateCommand::new(e.name.clone())
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::AppHandler)
        .description(e.description.clone())
        .integration_types(e.integration_types.clone())
        .nsfw(e.nsfw);
    if let Some(contexts) = &e.contexts {
        c = c.contexts(contexts.clone());
    }
    let sorted = |m: &Option<std::collections::HashMap<String, String>>| {
        let mut v: Vec<(String, String)> = m.clone().unwrap_or_default().into_iter().collect();
        v.sort();
        v
    };
    for (locale, name) in sorted(&e.name_localizations) {
        c = c.name_localized(locale, name);
    }
    for (locale, d) in sorted(&e.description_localizations) {
        c = c.description_localized(locale, d);
    }
    c
}

/// The poise framework of one shard's client; the first shard of the range registers the
/// commands.
fn framework(data: Data, register: bool, dev_guild: Option<u64>) -> poise::Framework<Data, Error> {
    let options = poise::FrameworkOptions {
        commands: registered_commands(),
        event_handler: |ctx, event, _framework, data| Box::pin(router::on_event(ctx, event, data)),
        on_error: |error| Box::pin(on_error(error)),
        ..Default::default()
    };
    poise::Framework::builder()
        .options(options)
        // Owners are not used; skip the start-up call that fetches them.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                // Boards shown through interaction tokens need the application's id.
                data.poster.http.set_application_id(ready.application.id);
                if register {
                    match dev_guild {
                        Some(g) => {
                            let commands = guild_registration();
                            GuildId::new(g).set_commands(ctx, commands).await?;
                        }
                        None => {
                            let mut commands = registration(&framework.options().commands);
                            commands.extend(kept_entry_point(&ctx.http).await);
                            serenity::all::Command::set_global_commands(ctx, commands).await?;
                        }
                    }
                    tracing::info!(user = %ready.user.name, guild = ?dev_guild, "connected; commands registered");
                } else {
                    tracing::info!(user = %ready.user.name, shard = ctx.shard_id.0, "connected");
                }
                Ok(data)
            })
        })
        .build()
}

/// The IDENTIFY budget: Discord allows one IDENTIFY per 5 s per `max_concurrency` bucket,
/// across every process of the bot. Each shard's (re)connection takes a slot from the
/// database first.
#[derive(Clone)]
struct Identify {
    service: Service,
    concurrency: u32,
}

impl Identify {
    /// Reserve the next slot of `shard`'s bucket: when it may start connecting (ms).
    async fn reserve(&self, shard: u32) -> i64 {
        let now = self.service.now_ms();
        match self
            .service
            .reserve_identify(shard % self.concurrency, 1, IDENTIFY_GAP_MS)
            .await
        {
            Ok(at) => at,
            Err(e) => {
                tracing::warn!(error = %e, shard, "cannot reserve an IDENTIFY slot; identifying now");
                now
            }
        }
    }

    async fn wait_until(&self, at: i64, shard: u32) {
        let wait = at - self.service.now_ms();
        if wait > 0 {
            tracing::info!(
                wait_ms = wait,
                shard,
                "waiting for this shard's IDENTIFY slot (5.5 s after the bot's previous one)"
            );
            tokio::time::sleep(Duration::from_millis(wait as u64)).await;
        }
    }
}

/// Keep the gateway in step with the leases: a shard whose games another process took over is
/// disconnected (so Discord sends its servers' interactions to the new holder), and connected
/// again, in an IDENTIFY slot, if this process takes it back.
async fn follow_leases(
    mut held: tokio::sync::watch::Receiver<std::collections::BTreeSet<u32>>,
    managers: Managers,
    identify: Identify,
    boards: Arc<Boards>,
) {
    let mut last = held.borrow_and_update().clone();
    while held.changed().await.is_ok() {
        let now = held.borrow_and_update().clone();
        for &lost in last.difference(&now) {
            tracing::warn!(
                shard = lost,
                "disconnecting this shard: another process drives its games"
            );
            let manager = managers.lock().await.get(&lost).cloned();
            if let Some(m) = manager {
                m.shutdown(serenity::all::ShardId(lost), 1000).await;
            }
        }
        for &back in now.difference(&last) {
            let manager = managers.lock().await.get(&back).cloned();
            // A shard whose client is not built yet connects in its own slot.
            let Some(m) = manager else { continue };
            tracing::info!(
                shard = back,
                "connecting this shard again: its lease is ours"
            );
            let at = identify.reserve(back).await;
            identify.wait_until(at, back).await;
            m.restart(serenity::all::ShardId(back)).await;
        }
        if now.difference(&last).next().is_some() {
            // Shards taken (back): the pings their games over left in view go.
            boards.sweep_pings().await;
        }
        last = now;
    }
}

/// What a person reads when a command failed on our side: sorry, try again, and the
/// reference of the log line that says what happened.
pub fn failure_text(lang: yut_text::Lang, reference: &str) -> String {
    yut_text::say(lang, "error-command", &[("reference", reference.into())])
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            // A reference the person can give the operator, who finds it in the log.
            let reference = format!("{:08x}", rand::random::<u32>());
            tracing::error!(command = %ctx.command().qualified_name, channel = ctx.channel_id().get(), reference = %reference, error = %error, "command failed");
            let lang = ctx
                .locale()
                .map_or(yut_text::Lang::En, yut_text::Lang::from_locale);
            let text = failure_text(lang, &reference);
            let _ = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await;
        }
        // A game's command where Yutbot is not in the server (a DM, a group DM, a server where
        // only the person installed it): said privately, with what works there.
        poise::FrameworkError::CommandCheckFailed {
            ctx, error: None, ..
        }
        | poise::FrameworkError::GuildOnly { ctx, .. } => {
            let lang = ctx
                .locale()
                .map_or(yut_text::Lang::En, yut_text::Lang::from_locale);
            let text = yut_text::word(lang, "cmd-needs-server");
            let _ = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "handling an error failed");
            }
        }
    }
}
