//! The Discord layer: slash commands, button routing and View → message. It translates and
//! nothing more; the game lives in `table`.

pub mod after;
pub mod commands;
pub mod router;
pub mod rules_text;
pub mod send;
pub mod writer;

use crate::store::{ShardSet, Store};
use crate::table::paint::RenderPainter;
use crate::table::service::{Clock, Config, LeaseConfig, Service};
use send::Poster;
use serenity::all::{ClientBuilder, GatewayIntents, GuildId, HttpBuilder, ShardManager};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What the commands share.
#[derive(Clone)]
pub struct Data {
    pub service: Service,
    pub poster: Arc<Poster>,
    pub options: Arc<Options>,
}

/// Start-up settings (from the environment in production).
#[derive(Debug, Clone)]
pub struct Options {
    pub token: String,
    /// Register commands to this server at once (else globally, which takes a while).
    pub dev_guild: Option<u64>,
    pub database_url: String,
    /// Default seconds per action for `/yut new`.
    pub turn_seconds: u32,
    /// Send every REST call to this base URL instead of Discord's.
    pub api_url: Option<String>,
    /// Pacing of bot moves, in ms.
    pub bot_delay_ms: u32,
    /// Seed of the service's game seeds.
    pub seed: u64,
    /// Service tuning (update gap, repost age).
    pub config: Config,
    /// The gateway shards this process runs (and whose servers' games it drives).
    pub shards: ShardSet,
    /// This process's name in the database's leases: an instance restarted under the same
    /// name takes its shards back at once; another waits for their leases to expire.
    pub instance: String,
}

/// Discord allows one IDENTIFY per 5 s (per `max_concurrency` bucket) across every process of
/// a bot; a little margin on top.
const IDENTIFY_GAP_MS: i64 = 5_500;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("DISCORD_TOKEN is not set: put the bot token from Discord's developer portal in the environment or in .env (see .env.example)")]
    MissingToken,
    #[error("{name} is not valid: {why}")]
    Bad { name: &'static str, why: String },
}

/// Read a shard range `A-B` (or one shard `A`) of `count` shards.
pub fn parse_shards(range: Option<&str>, count: Option<&str>) -> Result<ShardSet, ConfigError> {
    let count =
        match count {
            Some(c) => c
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=u16::MAX as u32).contains(n))
                .ok_or_else(|| ConfigError::Bad {
                    name: "SHARD_COUNT",
                    why: format!("{c:?} is not a whole number of shards (1 or more)"),
                })?,
            None if range.is_some() => return Err(ConfigError::Bad {
                name: "SHARDS",
                why: "a shard range needs SHARD_COUNT (--shard-count), the total number of shards"
                    .into(),
            }),
            None => 1,
        };
    let Some(range) = range else {
        return Ok(ShardSet {
            count,
            first: 0,
            last: count - 1,
        });
    };
    let bad = || ConfigError::Bad {
        name: "SHARDS",
        why: format!(
            "{range:?} is not a range A-B of shards from 0 to {}",
            count - 1
        ),
    };
    let (a, b) = range
        .trim()
        .split_once('-')
        .unwrap_or((range.trim(), range.trim()));
    let first = a.trim().parse::<u32>().map_err(|_| bad())?;
    let last = b.trim().parse::<u32>().map_err(|_| bad())?;
    if first > last || last >= count {
        return Err(bad());
    }
    Ok(ShardSet { count, first, last })
}

impl Options {
    /// Read the settings through `get` (the environment in production).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Options, ConfigError> {
        let get = |k: &str| get(k).filter(|v| !v.trim().is_empty());
        let token = get("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let dev_guild = match get("DEV_GUILD_ID") {
            Some(v) => Some(v.trim().parse::<u64>().map_err(|e| ConfigError::Bad {
                name: "DEV_GUILD_ID",
                why: e.to_string(),
            })?),
            None => None,
        };
        let turn_seconds = match get("TURN_SECONDS") {
            Some(v) => v
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|s| (10..=300).contains(s))
                .ok_or_else(|| ConfigError::Bad {
                    name: "TURN_SECONDS",
                    why: format!("{v:?} is not a whole number from 10 to 300"),
                })?,
            None => 25,
        };
        let api_url = get("DISCORD_API_URL").map(|u| u.trim().trim_end_matches('/').to_string());
        let shards = parse_shards(get("SHARDS").as_deref(), get("SHARD_COUNT").as_deref())?;
        Ok(Options {
            token: token.trim().to_string(),
            dev_guild,
            database_url: get("DATABASE_URL").unwrap_or_else(|| "sqlite://yutbot.db".into()),
            turn_seconds,
            api_url,
            bot_delay_ms: 1200,
            seed: rand::random(),
            // The bot's games throw from 32 bytes of the OS's generator each.
            config: Config {
                os_seeds: true,
                ..Config::default()
            },
            instance: get("INSTANCE_ID")
                .map(|s| s.trim().to_string())
                .unwrap_or_else(|| default_instance(shards)),
            shards,
        })
    }

    pub fn from_env() -> Result<Options, ConfigError> {
        Options::from_lookup(|k| std::env::var(k).ok())
    }
}

/// An instance's default name: the host and its shard range, so the same process restarted
/// takes its shards back at once, and a process with another range never does.
pub fn default_instance(shards: ShardSet) -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "localhost".into());
    format!(
        "{host}:shards-{}-{}-of-{}",
        shards.first, shards.last, shards.count
    )
}

/// Why the bot could not start.
#[derive(Debug, Error)]
pub enum StartError {
    /// The database at DATABASE_URL cannot be opened (exit code 2: a setting to fix).
    #[error("cannot open the database at DATABASE_URL ({url}): {error}")]
    Database {
        url: String,
        error: crate::store::StoreError,
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

/// A running bot.
pub struct Bot {
    pub service: Service,
    managers: Managers,
    clients: Vec<tokio::task::JoinHandle<()>>,
    /// What each shard's client ended with.
    ended: tokio::sync::mpsc::UnboundedReceiver<Result<(), serenity::Error>>,
    pump: tokio::task::JoinHandle<()>,
    gateway: tokio::task::JoinHandle<()>,
}

impl Bot {
    /// Stop: disconnect from the gateway, then store every game's in-flight action.
    pub async fn shutdown(self) {
        self.gateway.abort();
        // A shard still waiting for its IDENTIFY slot never connects.
        let managers: Vec<_> = self.managers.lock().await.values().cloned().collect();
        for m in managers {
            m.shutdown_all().await;
        }
        self.service.shutdown().await;
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

/// Connect and serve until shut down. Waits first until this process holds the leases of
/// all its shards (another live process with an overlapping range keeps them until it stops
/// or its leases expire), then for its IDENTIFY slot.
pub async fn start(options: Options) -> Result<Bot, StartError> {
    let options = Arc::new(options);
    let store = Store::open(&options.database_url)
        .await
        .map_err(|error| StartError::Database {
            url: redact_url(&options.database_url),
            error,
        })?;
    let shards = options.shards;
    let (service, updates) = Service::start_leased(
        store.clone(),
        Arc::new(RenderPainter),
        Clock::system(),
        options.config.clone(),
        options.seed,
        LeaseConfig::new(shards, options.instance.clone()),
    );
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
    let data = Data {
        service: service.clone(),
        poster: poster.clone(),
        options: options.clone(),
    };
    let pump = tokio::spawn(send::pump(poster, updates));
    let identify = Identify {
        store: store.clone(),
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
    ));
    Ok(Bot {
        service,
        managers,
        clients,
        ended,
        pump,
        gateway,
    })
}

/// The gateway client of each shard this process runs, once it is built.
type Managers = Arc<tokio::sync::Mutex<std::collections::BTreeMap<u32, Arc<ShardManager>>>>;

/// The poise framework of one shard's client; the first shard of the range registers the
/// commands.
fn framework(data: Data, register: bool, dev_guild: Option<u64>) -> poise::Framework<Data, Error> {
    let options = poise::FrameworkOptions {
        commands: vec![commands::yut()],
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
                if register {
                    let commands = &framework.options().commands;
                    match dev_guild {
                        Some(g) => {
                            poise::builtins::register_in_guild(ctx, commands, GuildId::new(g))
                                .await?
                        }
                        None => poise::builtins::register_globally(ctx, commands).await?,
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
    store: Store,
    service: Service,
    concurrency: u32,
}

impl Identify {
    /// Reserve the next slot of `shard`'s bucket: when it may start connecting (ms).
    async fn reserve(&self, shard: u32) -> i64 {
        let now = self.service.now_ms();
        match self
            .store
            .reserve_identify(shard % self.concurrency, 1, IDENTIFY_GAP_MS, now)
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
        last = now;
    }
}

/// Run until Ctrl-C (or SIGTERM), then shut down cleanly.
pub async fn run(options: Options) -> Result<(), StartError> {
    let mut bot = tokio::select! {
        b = start(options) => b?,
        _ = shutdown_signal() => {
            tracing::info!("stopped before connecting");
            return Ok(());
        }
    };
    let result = tokio::select! {
        r = bot.wait() => r,
        _ = shutdown_signal() => {
            tracing::info!("shutting down: storing in-flight actions");
            Ok(())
        }
    };
    bot.shutdown().await;
    tracing::info!("stopped");
    Ok(result?)
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, channel = ctx.channel_id().get(), error = %error, "command failed");
            let lang = ctx
                .locale()
                .map_or(crate::table::Lang::En, crate::table::Lang::from_locale);
            let text = crate::i18n::say(lang, "error-command", &[]);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_from_the_environment() {
        let none = |_: &str| None;
        assert_eq!(
            Options::from_lookup(none).unwrap_err(),
            ConfigError::MissingToken
        );
        let env = |k: &str| match k {
            "DISCORD_TOKEN" => Some("abc".to_string()),
            "DEV_GUILD_ID" => Some("123".to_string()),
            "TURN_SECONDS" => Some("30".to_string()),
            "DISCORD_API_URL" => Some("http://127.0.0.1:3000/".to_string()),
            _ => None,
        };
        let o = Options::from_lookup(env).unwrap();
        assert_eq!(o.dev_guild, Some(123));
        assert_eq!(o.turn_seconds, 30);
        assert_eq!(o.api_url.as_deref(), Some("http://127.0.0.1:3000"));
        let bad = |k: &str| match k {
            "DISCORD_TOKEN" => Some("abc".to_string()),
            "TURN_SECONDS" => Some("5".to_string()),
            _ => None,
        };
        assert!(Options::from_lookup(bad).is_err());
    }
}
