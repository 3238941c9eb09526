//! `yutbot play`: Yut Nori in a browser on this computer, no Discord and no token. The same
//! game service as the bot, on a SQLite file of its own, so a game stopped halfway is there
//! when it starts again; its replay links are signed with a key kept beside that file, so a
//! saved link opens after a restart too.

use clap::Args;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use yut_service::{Clock, Config, Service, WebHooks};
use yut_store::Store;
use yut_table::paint::RenderPainter;
use yut_web::local::LocalPlay;
use yut_web::ops::Ops;
use yut_web::replay::Replays;
use yut_web::sign::Signer;

/// `yutbot play`'s settings.
#[derive(Args, Debug, Clone)]
pub struct PlaySettings {
    /// Where the page is served. Loopback only unless you give another address: anyone who
    /// can reach it can play every game on it. Port 0 picks a free port.
    #[arg(long, env = "PLAY_ADDR", default_value = "127.0.0.1:8077")]
    pub addr: SocketAddr,
    /// The SQLite file that keeps the games (made if missing).
    #[arg(long, env = "PLAY_DATABASE", default_value = "yutbot-play.db")]
    pub data: PathBuf,
    /// How long a bot waits before it acts, in milliseconds (so people can follow).
    #[arg(long, env = "PLAY_BOT_DELAY_MS", default_value_t = 900)]
    pub bot_delay_ms: u32,
    /// Do not open the page in a browser (the address is printed either way).
    #[arg(long)]
    pub no_open: bool,
    /// For tests: every game's throws come from this number instead of the operating
    /// system, so the same presses play the same game every time.
    #[arg(long, env = "PLAY_SEED")]
    pub seed: Option<u64>,
}

/// Run local play until Ctrl-C (or SIGTERM).
pub fn play(s: PlaySettings) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    tracing_subscriber::fmt().with_env_filter(filter).init();
    if s.bot_delay_ms > 10_000 {
        eprintln!("error: --bot-delay-ms is at most 10000");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: starting the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(s)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `yutbot play`'s pages and the service behind them, ready to serve.
pub struct App {
    pub router: axum::Router,
    pub svc: Service,
    pub local: LocalPlay,
}

/// The file beside the game file that keeps the key the replay links are signed with.
pub fn key_path(data: &Path) -> PathBuf {
    let mut name = data.file_name().unwrap_or_default().to_os_string();
    name.push(".key");
    data.with_file_name(name)
}

/// The links' key of the game file `data`: read from [`key_path`], made there (32 random
/// bytes, readable by this user only) the first time.
pub fn link_key(data: &Path) -> anyhow::Result<Vec<u8>> {
    let path = key_path(data);
    let read = |path: &Path| -> anyhow::Result<Vec<u8>> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("reading the links' key {}: {e}", path.display()))?;
        let text = text.trim();
        let key: Option<Vec<u8>> = (0..text.len() / 2)
            .map(|i| u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok())
            .collect();
        match key {
            Some(k) if k.len() >= 16 && text.len() % 2 == 0 => Ok(k),
            _ => anyhow::bail!(
                "the links' key {} is damaged (delete it to make a new one; links given before stop working)",
                path.display()
            ),
        }
    };
    if path.exists() {
        return read(&path);
    }
    let key = rand::random::<[u8; 32]>();
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(&path) {
        Ok(mut f) => {
            use std::io::Write;
            f.write_all(format!("{hex}\n").as_bytes())
                .map_err(|e| anyhow::anyhow!("writing the links' key {}: {e}", path.display()))?;
            Ok(key.to_vec())
        }
        // Made meanwhile by another start on the same file: that one is the key.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => read(&path),
        Err(e) => Err(anyhow::anyhow!(
            "making the links' key {}: {e}",
            path.display()
        )),
    }
}

/// Open the game file and its links' key, start the service: the site to serve.
pub async fn app(s: &PlaySettings) -> anyhow::Result<App> {
    let url = format!("sqlite://{}", s.data.display());
    let store = Store::open(&url)
        .await
        .map_err(|e| anyhow::anyhow!("opening the game file {}: {e}", s.data.display()))?;
    // A finished game links to its replay page, signed with the game file's own key.
    let cell = Arc::new(std::sync::OnceLock::new());
    let policies = yut_web::policy::Policies::new(cell.clone());
    let replays = Replays::new(
        Signer::new(&link_key(&s.data)?),
        cell.clone(),
        policies.clone(),
    );
    let linker = replays.clone();
    let config = Config {
        // Every action is shown: the bots' pace is their delay.
        min_update_gap: Duration::ZERO,
        os_seeds: s.seed.is_none(),
        web: Some(WebHooks {
            link: Arc::new(move |t| linker.link("", t)),
            observe: Arc::new(|_| {}),
            // One process drives every local game: nothing followed for others.
            followed: Arc::new(|_| false),
            // Everyone plays at the one screen: no seat pages.
            seat: Arc::new(|_, _| None),
            // No Discord: no Activity.
            activity: false,
        }),
        ..Config::default()
    };
    let seed = s.seed.unwrap_or_else(rand::random::<u64>);
    let (svc, updates) = Service::start(
        store,
        Arc::new(RenderPainter),
        Clock::system(),
        config,
        seed,
    )
    .await?;
    let _ = cell.set(svc.clone());
    policies.preload([yut_web::local::LOCAL_GUILD]).await;
    let local = LocalPlay::new(svc.clone(), updates, s.bot_delay_ms, replays);
    let ops = Ops {
        presses: None,
        svc: svc.clone(),
        hub: Some(local.hub().clone()),
        extra: None,
    };
    let router = local.router().merge(ops.router());
    Ok(App { router, svc, local })
}

async fn serve(s: PlaySettings) -> anyhow::Result<()> {
    let App { router, svc, .. } = app(&s).await?;
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let open = !s.no_open;
    let loopback = s.addr.ip().is_loopback();
    let data = s.data.clone();
    let server = tokio::spawn(yut_web::serve(
        router,
        s.addr,
        move |addr| {
            let url = format!("http://{addr}/");
            println!("Yut Nori is ready at {url}");
            println!(
                "Games are kept in {} (stop with Ctrl-C; they wait for you).",
                data.display()
            );
            if !loopback {
                println!("warning: listening beyond this computer: anyone who reaches {addr} can play these games.");
            }
            if open {
                open_browser(&url);
            }
        },
        async move {
            let _ = stop_rx.await;
        },
    ));
    let stopped = tokio::select! {
        r = server => Some(r),
        _ = stop_signal() => None,
    };
    if let Some(r) = stopped {
        // The server ended on its own: it could not listen.
        r??;
        return Ok(());
    }
    let _ = stop_tx.send(());
    println!("stopping: every game is saved");
    svc.shutdown().await;
    Ok(())
}

async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Open `url` in the desktop's browser, where there is a desktop.
fn open_browser(url: &str) {
    let cmd: Option<(&str, Vec<&str>)> = if cfg!(target_os = "macos") {
        Some(("open", vec![url]))
    } else if cfg!(windows) {
        Some(("cmd", vec!["/C", "start", "", url]))
    } else if std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some()
    {
        Some(("xdg-open", vec![url]))
    } else {
        None
    };
    if let Some((program, args)) = cmd {
        let _ = std::process::Command::new(program)
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
    }
}
