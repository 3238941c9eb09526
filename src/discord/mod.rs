//! The Discord layer: slash commands, button routing and View → message. It translates and
//! nothing more; the game lives in `table`.

pub mod commands;
pub mod router;
pub mod rules_text;
pub mod send;

use crate::store::Store;
use crate::table::paint::RenderPainter;
use crate::table::service::{Clock, Config, Service};
use send::Poster;
use serenity::all::{ClientBuilder, GatewayIntents, GuildId, HttpBuilder, ShardManager};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What the commands share.
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
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("DISCORD_TOKEN is not set: put the bot token from Discord's developer portal in the environment or in .env (see .env.example)")]
    MissingToken,
    #[error("{name} is not valid: {why}")]
    Bad { name: &'static str, why: String },
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
        Ok(Options {
            token: token.trim().to_string(),
            dev_guild,
            database_url: get("DATABASE_URL").unwrap_or_else(|| "sqlite://yutbot.db".into()),
            turn_seconds,
            api_url,
            bot_delay_ms: 1200,
            seed: rand::random(),
            config: Config::default(),
        })
    }

    pub fn from_env() -> Result<Options, ConfigError> {
        Options::from_lookup(|k| std::env::var(k).ok())
    }
}

/// A running bot.
pub struct Bot {
    pub service: Service,
    pub shard_manager: Arc<ShardManager>,
    client: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    pump: tokio::task::JoinHandle<()>,
}

impl Bot {
    /// Stop: disconnect from the gateway, then store every game's in-flight action.
    pub async fn shutdown(self) {
        self.shard_manager.shutdown_all().await;
        self.service.shutdown().await;
        self.pump.abort();
        let _ = tokio::time::timeout(Duration::from_secs(5), self.client).await;
    }

    /// Wait until the client stops by itself (a fatal gateway error).
    pub async fn wait(&mut self) -> Result<(), Error> {
        match (&mut self.client).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(e.into()),
            Err(e) => Err(e.into()),
        }
    }
}

/// Connect and serve until shut down.
pub async fn start(options: Options) -> Result<Bot, Error> {
    let options = Arc::new(options);
    let store = Store::open(&options.database_url).await?;
    let (service, updates) = Service::start(
        store,
        Arc::new(RenderPainter),
        Clock::system(),
        options.config.clone(),
        options.seed,
    )
    .await?;
    tracing::info!(games = service.running(), "game service started");

    let mut http = HttpBuilder::new(&options.token);
    if let Some(url) = &options.api_url {
        // serenity's rate limiter builds URLs without the proxy: rate limits are then the
        // proxy's job (or the stand-in's).
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
        tracing::info!(api = %url, "sending REST calls to DISCORD_API_URL");
    }
    let http = http.build();
    if let Some(url) = &options.api_url {
        // serenity falls back to Discord's own gateway when GET /gateway fails: fail clearly
        // instead of leaving the configured server behind.
        http.get_gateway()
            .await
            .map_err(|e| anyhow::anyhow!("DISCORD_API_URL {url}: GET /gateway failed: {e}"))?;
    }

    let framework_options = poise::FrameworkOptions {
        commands: vec![commands::yut()],
        event_handler: |ctx, event, _framework, data| Box::pin(router::on_event(ctx, event, data)),
        on_error: |error| Box::pin(on_error(error)),
        ..Default::default()
    };
    let dev_guild = options.dev_guild;
    let (data_tx, data_rx) = tokio::sync::oneshot::channel::<Data>();
    let framework = poise::Framework::builder()
        .options(framework_options)
        // Owners are not used; skip the start-up call that fetches them.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, commands, GuildId::new(g)).await?
                    }
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(user = %ready.user.name, guild = ?dev_guild, "connected; commands registered");
                data_rx
                    .await
                    .map_err(|_| anyhow::anyhow!("the bot's data was dropped"))
            })
        })
        .build();

    // Interactions arrive without any intent; none of the privileged ones is asked for.
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::empty())
        .framework(framework)
        .await?;
    let poster = Arc::new(Poster::new(client.http.clone(), service.clone()));
    let _ = data_tx.send(Data {
        service: service.clone(),
        poster: poster.clone(),
        options: options.clone(),
    });
    let pump = tokio::spawn(send::pump(poster, updates));
    let shard_manager = client.shard_manager.clone();
    let client = tokio::spawn(async move { client.start().await });
    Ok(Bot {
        service,
        shard_manager,
        client,
        pump,
    })
}

/// Run until Ctrl-C (or SIGTERM), then shut down cleanly.
pub async fn run(options: Options) -> Result<(), Error> {
    let mut bot = start(options).await?;
    let result = tokio::select! {
        r = bot.wait() => r,
        _ = shutdown_signal() => {
            tracing::info!("shutting down: storing in-flight actions");
            Ok(())
        }
    };
    bot.shutdown().await;
    tracing::info!("stopped");
    result
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
            let text = match lang {
                crate::table::Lang::En => "Sorry, something went wrong. Please try again.",
                crate::table::Lang::Ko => "죄송해요, 문제가 생겼어요. 다시 해 주세요.",
            };
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
