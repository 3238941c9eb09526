//! The bot's settings, declared once: each is a flag of `yutbot run` and an environment
//! variable (or a line of `.env`), with its default, so `yutbot run --help` lists them all.

use clap::Args;
use thiserror::Error;
use yut_service::Config;
use yut_service::ShardSet;

/// The settings of `yutbot run`. Flags win over the environment; a value that is only
/// blanks counts as unset. They are checked by [`Options::from_settings`].
#[derive(Debug, Clone, Default, Args)]
pub struct Settings {
    /// The bot token (Discord developer portal → your application → Bot → Reset Token).
    /// Required.
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// A server (guild) id whose commands are registered at once (else globally, which
    /// Discord may take up to an hour to show).
    #[arg(long, env = "DEV_GUILD_ID")]
    pub dev_guild_id: Option<String>,
    /// Where games are stored: sqlite://FILE (created if missing) or
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DB (the database must exist).
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://yutbot.db")]
    pub database_url: Option<String>,
    /// Default seconds per action for `/yut new` (10 to 300).
    #[arg(long, env = "TURN_SECONDS", default_value = "25")]
    pub turn_seconds: Option<String>,
    /// Send every REST call to this base URL instead of Discord's (a shared proxy, or a
    /// local stand-in); the gateway address then comes from its GET /gateway.
    #[arg(long, env = "DISCORD_API_URL")]
    pub api_url: Option<String>,
    /// Gateway shards this process runs, `A-B` (or one shard `A`), of --shard-count; with
    /// several processes each runs its own range. Default: every shard.
    #[arg(long, env = "SHARDS")]
    pub shards: Option<String>,
    /// Total number of gateway shards across every process (default 1).
    #[arg(long, env = "SHARD_COUNT")]
    pub shard_count: Option<String>,
    /// This process's name in the database's shard leases (default: host name and shard
    /// range, e.g. myhost:shards-0-1-of-4).
    #[arg(long, env = "INSTANCE_ID")]
    pub instance_id: Option<String>,
    /// Threads of the async runtime (games, Discord, the database's I/O); boards are drawn
    /// and SQLite works on threads of their own. One keeps the CPU per action lowest (no
    /// hand-offs between threads); more helps only past one core's worth of games.
    #[arg(long, env = "WORKER_THREADS", default_value = "1")]
    pub worker_threads: Option<String>,
    /// Serve the web pages on this address (e.g. 0.0.0.0:8080): every board gets a "Watch
    /// live" link to its page, and operators get /metrics, /healthz and /readyz. Off unless
    /// set.
    #[arg(long, env = "WEB_ADDR")]
    pub web_addr: Option<String>,
    /// The address people reach those pages at, as put in the links (e.g.
    /// https://yut.example.org). Default: http://WEB_ADDR.
    #[arg(long, env = "WEB_URL")]
    pub web_url: Option<String>,
    /// The secret that signs the pages' links (at least 16 characters; the same for every
    /// process of the bot). Changing it revokes every link given before. Needed with
    /// WEB_ADDR.
    #[arg(long, env = "WEB_SECRET", hide_env_values = true)]
    pub web_secret: Option<String>,
    /// Where the bot's other processes reach this one's web port (presses made on their
    /// pages for games this process drives are forwarded there), e.g. http://10.0.0.5:8080.
    /// Default: http://WEB_ADDR (with 127.0.0.1 for an address on all interfaces: enough
    /// when every process runs on one host).
    #[arg(long, env = "INTERNAL_URL")]
    pub internal_url: Option<String>,
    /// The application's id (developer portal → General Information → Application ID): with
    /// DISCORD_CLIENT_SECRET and WEB_ADDR, the game plays on the board inside Discord (the
    /// Activity; see the README for the portal's side).
    #[arg(long, env = "DISCORD_CLIENT_ID")]
    pub client_id: Option<String>,
    /// The application's OAuth2 client secret (developer portal → OAuth2 → Client Secret):
    /// the Activity's sign-in exchanges codes with it. Without it, no Activity.
    #[arg(long, env = "DISCORD_CLIENT_SECRET", hide_env_values = true)]
    pub client_secret: Option<String>,
}

impl Settings {
    /// The runtime's threads (1 to 64; 1 when unset).
    pub fn runtime_threads(&self) -> Result<usize, ConfigError> {
        match self.worker_threads.as_deref().map(str::trim) {
            None | Some("") => Ok(1),
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=64).contains(n))
                .ok_or_else(|| ConfigError::Bad {
                    name: "WORKER_THREADS",
                    why: format!("{v:?} is not a whole number from 1 to 64"),
                }),
        }
    }
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
    /// The web pages, if served.
    pub web: Option<WebOptions>,
}

/// Where the web pages are served and how their links are made.
#[derive(Clone)]
pub struct WebOptions {
    pub addr: std::net::SocketAddr,
    /// Without a trailing slash.
    pub url: String,
    pub secret: String,
    /// Where the other processes reach this one (INTERNAL_URL), without a trailing slash.
    pub internal: String,
    /// The Activity's OAuth2 client (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET), if set.
    pub activity: Option<super::activity::ActivityKeys>,
}

impl std::fmt::Debug for WebOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebOptions")
            .field("addr", &self.addr)
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

/// The web settings, checked: none of them without WEB_ADDR.
fn web_options(
    addr: Option<String>,
    url: Option<String>,
    secret: Option<String>,
) -> Result<Option<WebOptions>, ConfigError> {
    let Some(addr) = addr else {
        return Ok(None);
    };
    let addr: std::net::SocketAddr = addr.trim().parse().map_err(|_| ConfigError::Bad {
        name: "WEB_ADDR",
        why: format!("{addr:?} is not an address and port such as 0.0.0.0:8080"),
    })?;
    let secret = secret.map(|s| s.trim().to_string()).unwrap_or_default();
    if secret.len() < 16 {
        return Err(ConfigError::Bad {
            name: "WEB_SECRET",
            why: "with WEB_ADDR, set WEB_SECRET to a secret of at least 16 characters (it signs the pages' links)".into(),
        });
    }
    let url = match url {
        Some(u) => {
            let u = u.trim().trim_end_matches('/').to_string();
            if !(u.starts_with("http://") || u.starts_with("https://")) {
                return Err(ConfigError::Bad {
                    name: "WEB_URL",
                    why: format!("{u:?} does not start with http:// or https://"),
                });
            }
            u
        }
        None => format!("http://{addr}"),
    };
    let mut reached = addr;
    if reached.ip().is_unspecified() {
        reached.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    }
    Ok(Some(WebOptions {
        addr,
        url,
        secret,
        internal: format!("http://{reached}"),
        activity: None,
    }))
}

/// The Activity's OAuth2 client: both or neither.
fn activity_keys(
    id: Option<String>,
    secret: Option<String>,
) -> Result<Option<super::activity::ActivityKeys>, ConfigError> {
    match (id, secret) {
        (None, None) => Ok(None),
        (Some(id), Some(secret)) => Ok(Some(super::activity::ActivityKeys {
            client_id: id
                .trim()
                .parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| ConfigError::Bad {
                    name: "DISCORD_CLIENT_ID",
                    why: format!("{id:?} is not an application id (a number)"),
                })?,
            client_secret: secret.trim().to_string(),
        })),
        (None, Some(_)) => Err(ConfigError::Bad {
            name: "DISCORD_CLIENT_ID",
            why: "with DISCORD_CLIENT_SECRET, set DISCORD_CLIENT_ID to the application's id".into(),
        }),
        (Some(_), None) => Err(ConfigError::Bad {
            name: "DISCORD_CLIENT_SECRET",
            why: "with DISCORD_CLIENT_ID, set DISCORD_CLIENT_SECRET to the application's OAuth2 client secret".into(),
        }),
    }
}

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
    /// Check the settings (the flags and environment of `yutbot run`).
    pub fn from_settings(s: Settings) -> Result<Options, ConfigError> {
        let set = |v: Option<String>| v.filter(|v| !v.trim().is_empty());
        let token = set(s.token).ok_or(ConfigError::MissingToken)?;
        let dev_guild = match set(s.dev_guild_id) {
            Some(v) => Some(v.trim().parse::<u64>().map_err(|e| ConfigError::Bad {
                name: "DEV_GUILD_ID",
                why: e.to_string(),
            })?),
            None => None,
        };
        let turn_seconds = match set(s.turn_seconds) {
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
        let api_url = set(s.api_url).map(|u| u.trim().trim_end_matches('/').to_string());
        let shards = parse_shards(set(s.shards).as_deref(), set(s.shard_count).as_deref())?;
        let mut web = web_options(set(s.web_addr), set(s.web_url), set(s.web_secret))?;
        if let (Some(w), Some(u)) = (&mut web, set(s.internal_url)) {
            let u = u.trim().trim_end_matches('/').to_string();
            if !u.starts_with("http://") && !u.starts_with("https://") {
                return Err(ConfigError::Bad {
                    name: "INTERNAL_URL",
                    why: format!("{u:?} does not start with http:// or https://"),
                });
            }
            w.internal = u;
        }
        let activity = activity_keys(set(s.client_id), set(s.client_secret))?;
        match (&mut web, activity) {
            (Some(w), a) => w.activity = a,
            (None, Some(_)) => {
                return Err(ConfigError::Bad {
                    name: "DISCORD_CLIENT_SECRET",
                    why: "the Activity's page is served on the web: set WEB_ADDR (and WEB_URL, WEB_SECRET) too".into(),
                })
            }
            (None, None) => {}
        }
        Ok(Options {
            token: token.trim().to_string(),
            dev_guild,
            database_url: set(s.database_url).unwrap_or_else(|| "sqlite://yutbot.db".into()),
            turn_seconds,
            api_url,
            bot_delay_ms: 1200,
            seed: rand::random(),
            // The bot's games throw from 32 bytes of the OS's generator each.
            config: Config {
                os_seeds: true,
                ..Config::default()
            },
            instance: set(s.instance_id)
                .map(|s| s.trim().to_string())
                .unwrap_or_else(|| default_instance(shards)),
            shards,
            web,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_gives_its_reference_in_every_language() {
        for lang in [yut_text::Lang::En, yut_text::Lang::Ko, yut_text::Lang::Es] {
            let text = crate::discord::failure_text(lang, "0badc0de");
            assert!(text.contains("`0badc0de`"), "{text}");
            assert!(!text.contains("{"), "{text}");
        }
    }

    #[test]
    fn the_web_needs_an_address_and_a_secret() {
        assert!(web_options(None, Some("https://x".into()), None)
            .unwrap()
            .is_none());
        let w = web_options(
            Some("127.0.0.1:8080".into()),
            None,
            Some("0123456789abcdef".into()),
        )
        .unwrap()
        .unwrap();
        assert_eq!(w.url, "http://127.0.0.1:8080");
        let w = web_options(
            Some("0.0.0.0:80".into()),
            Some("https://yut.example.org/".into()),
            Some("0123456789abcdef".into()),
        )
        .unwrap()
        .unwrap();
        assert_eq!(w.url, "https://yut.example.org");
        assert_eq!(
            w.internal, "http://127.0.0.1:80",
            "the other processes of one host reach it on the loopback"
        );
        for (addr, url, secret, name) in [
            ("nowhere", None, "0123456789abcdef", "WEB_ADDR"),
            ("127.0.0.1:1", None, "short", "WEB_SECRET"),
            (
                "127.0.0.1:1",
                Some("yut.example.org"),
                "0123456789abcdef",
                "WEB_URL",
            ),
        ] {
            let e = web_options(Some(addr.into()), url.map(Into::into), Some(secret.into()))
                .unwrap_err();
            assert!(
                matches!(e, ConfigError::Bad { name: n, .. } if n == name),
                "{e}"
            );
        }
    }

    #[test]
    fn settings_from_the_environment() {
        let none = Settings::default();
        assert_eq!(
            Options::from_settings(none).unwrap_err(),
            ConfigError::MissingToken
        );
        let env = Settings {
            token: Some("abc".to_string()),
            dev_guild_id: Some("123".to_string()),
            turn_seconds: Some("30".to_string()),
            api_url: Some("http://127.0.0.1:3000/".to_string()),
            ..Settings::default()
        };
        let o = Options::from_settings(env).unwrap();
        assert_eq!(o.dev_guild, Some(123));
        assert_eq!(o.turn_seconds, 30);
        assert_eq!(o.api_url.as_deref(), Some("http://127.0.0.1:3000"));
        let bad = Settings {
            token: Some("abc".to_string()),
            turn_seconds: Some("5".to_string()),
            ..Settings::default()
        };
        assert!(Options::from_settings(bad).is_err());
    }

    #[test]
    fn the_activity_needs_its_client_id_secret_and_the_web() {
        let with = |id: Option<&str>, secret: Option<&str>, web: bool| Settings {
            token: Some("abc".into()),
            client_id: id.map(Into::into),
            client_secret: secret.map(Into::into),
            web_addr: web.then(|| "127.0.0.1:8080".into()),
            web_secret: web.then(|| "0123456789abcdef".into()),
            ..Settings::default()
        };
        let o = Options::from_settings(with(Some("42"), Some("s3cret"), true)).unwrap();
        let keys = o.web.unwrap().activity.unwrap();
        assert_eq!(
            (keys.client_id, keys.client_secret.as_str()),
            (42, "s3cret")
        );
        let o = Options::from_settings(with(None, None, true)).unwrap();
        assert!(o.web.unwrap().activity.is_none());
        for (id, secret, web, name) in [
            (Some("42"), None, true, "DISCORD_CLIENT_SECRET"),
            (None, Some("s3cret"), true, "DISCORD_CLIENT_ID"),
            (Some("app"), Some("s3cret"), true, "DISCORD_CLIENT_ID"),
            (Some("42"), Some("s3cret"), false, "DISCORD_CLIENT_SECRET"),
        ] {
            let e = Options::from_settings(with(id, secret, web)).unwrap_err();
            assert!(
                matches!(e, ConfigError::Bad { name: n, .. } if n == name),
                "{id:?} {secret:?} {web}: {e}"
            );
        }
    }

    #[test]
    fn the_runtime_threads_are_one_unless_set_from_1_to_64() {
        let with = |v: Option<&str>| Settings {
            worker_threads: v.map(str::to_string),
            ..Settings::default()
        };
        assert_eq!(with(None).runtime_threads().unwrap(), 1);
        assert_eq!(with(Some(" ")).runtime_threads().unwrap(), 1);
        assert_eq!(with(Some("4")).runtime_threads().unwrap(), 4);
        for bad in ["0", "65", "two", "-1"] {
            let e = with(Some(bad)).runtime_threads().unwrap_err();
            assert!(e.to_string().contains("WORKER_THREADS"), "{bad}: {e}");
        }
    }

    #[test]
    fn every_setting_is_a_flag_and_an_environment_variable() {
        use clap::CommandFactory;
        #[derive(clap::Parser)]
        struct Run {
            #[command(flatten)]
            settings: Settings,
        }
        let help = Run::command().render_long_help().to_string();
        for name in [
            "DISCORD_TOKEN",
            "DEV_GUILD_ID",
            "DATABASE_URL",
            "TURN_SECONDS",
            "DISCORD_CLIENT_ID",
            "DISCORD_CLIENT_SECRET",
            "DISCORD_API_URL",
            "SHARDS",
            "SHARD_COUNT",
            "INSTANCE_ID",
            "WORKER_THREADS",
        ] {
            assert!(help.contains(&format!("env: {name}")), "{name} in {help}");
        }
        assert!(help.contains("sqlite://yutbot.db"), "{help}");
    }
}
