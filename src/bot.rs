//! The bot as it runs: the game service, the Discord edge and the web side by side. This
//! module only composes them (`main` parses the settings and calls [`run`]): the service is
//! opened first, the web side serves at once (a standby answers `/healthz` and `/readyz` while
//! it waits for its shards), and the Discord edge connects once the shards are held.

use crate::discord::send::Poster;
use crate::discord::{self, Edge, Error, Options, StartError, WebOptions};
use std::sync::Arc;
use yut_service::{Clock, LeaseConfig, Service};
use yut_table::paint::RenderPainter;

/// A running bot.
pub struct Bot {
    pub service: Service,
    edge: Edge,
    /// The web server (WEB_ADDR).
    web: Option<tokio::task::JoinHandle<()>>,
}

impl Bot {
    /// Stop: disconnect from the gateway, then store every game's in-flight action.
    pub async fn shutdown(self) {
        self.edge.disconnect().await;
        self.service.shutdown().await;
        if let Some(web) = self.web {
            web.abort();
        }
        self.edge.finish().await;
    }

    /// Wait until a shard's client stops by itself (a fatal gateway error).
    pub async fn wait(&mut self) -> Result<(), Error> {
        self.edge.wait().await
    }
}

/// Start the service, the web side (WEB_ADDR) and the Discord edge. Returns once the edge is
/// connecting: after this process holds the leases of all its shards.
pub async fn start(options: Options) -> Result<Bot, StartError> {
    let options = Arc::new(options);
    let mut config = options.config.clone();
    // Games that start or end here, for their followers.
    let (events_tx, events) = tokio::sync::mpsc::unbounded_channel();
    config.events = Some(events_tx);
    let watch = options.web.as_ref().map(|w| {
        let (watch, mut hooks) =
            yut_web::watch::Watch::new(yut_web::sign::Signer::new(w.secret.as_bytes()), &w.url);
        hooks.activity = w.activity.is_some();
        config.web = Some(hooks);
        watch
    });
    // The Activity (the board inside Discord): said once at start when it is not set up.
    let activity = options
        .web
        .as_ref()
        .and_then(|w| w.activity.as_ref())
        .map(|keys| discord::activity::config(keys, &options));
    match &activity {
        Some(a) => tracing::info!(client_id = a.client_id, "the Activity is set up: boards offer \"Play on the board\""),
        None => tracing::info!("no Activity: it needs DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and WEB_ADDR (the Entry Point command is answered with a private line saying so)"),
    }
    let (service, updates) = Service::open_leased(
        &options.database_url,
        Arc::new(RenderPainter),
        Clock::system(),
        config,
        options.seed,
        LeaseConfig {
            // Where the other processes forward the presses on their pages.
            address: options.web.as_ref().map(|w| w.internal.clone()),
            ..LeaseConfig::new(options.shards, options.instance.clone())
        },
    )
    .await
    .map_err(|error| StartError::Database {
        url: discord::redact_url(&options.database_url),
        error,
    })?;
    // The web side opens at once, a standby included: `/healthz` answers while this process
    // waits for its shards' leases, `/readyz` says what it waits for, `/metrics` counts.
    let poster_cell: Arc<std::sync::OnceLock<Arc<Poster>>> = Arc::default();
    let policies = watch.as_ref().map(|w| w.policies().clone());
    let web = match (&options.web, watch) {
        (Some(w), Some(watch)) => {
            Some(serve_web(w, watch, activity, service.clone(), poster_cell.clone()).await?)
        }
        _ => None,
    };
    let edge = discord::connect(options, service.clone(), updates, events, policies).await?;
    let _ = poster_cell.set(edge.poster.clone());
    Ok(Bot { service, edge, web })
}

/// Serve the watch pages and the operators' endpoints on WEB_ADDR (in the background).
async fn serve_web(
    w: &WebOptions,
    watch: yut_web::watch::Watch,
    activity: Option<yut_web::watch::activity::ActivityConfig>,
    service: Service,
    poster: Arc<std::sync::OnceLock<Arc<Poster>>>,
) -> Result<tokio::task::JoinHandle<()>, StartError> {
    watch.started(service.clone()).await;
    let activity_stats = watch.activity.clone();
    let extra: yut_web::ops::Extra = Arc::new(move |out: &mut String| {
        use std::sync::atomic::Ordering::Relaxed;
        for (name, kind, help, v) in [
            (
                "yutbot_activity_sessions_total",
                "counter",
                "Activity pages signed in (codes exchanged, participants checked).",
                activity_stats.sessions.load(Relaxed),
            ),
            (
                "yutbot_activity_touches_total",
                "counter",
                "Presses from Activity pages.",
                activity_stats.touches.load(Relaxed),
            ),
            (
                "yutbot_activity_lobbies_forwarded_total",
                "counter",
                "Lobbies an Activity's launch here had the server's process open.",
                activity_stats.lobbies_forwarded.load(Relaxed),
            ),
            (
                "yutbot_activity_pages",
                "gauge",
                "Activity pages following a game now (WebSockets open).",
                activity_stats.open.load(Relaxed).max(0) as u64,
            ),
        ] {
            out.push_str(&format!(
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {v}\n"
            ));
        }
        // Nothing written to Discord yet while the process waits for its shards.
        let [writes, limited, pings, moot, coalesced] = poster
            .get()
            .map_or([0; 5], |p| crate::discord::writer::snapshot(&p.write_stats));
        for (name, help, v) in [
            (
                "yutbot_discord_writes_total",
                "Writes to Discord's channels.",
                writes,
            ),
            (
                "yutbot_discord_rate_limited_total",
                "Writes answered 429 (rate limited).",
                limited,
            ),
            ("yutbot_pings_sent_total", "Turn pings posted.", pings),
            (
                "yutbot_pings_moot_total",
                "Turn pings dropped: the turn had passed.",
                moot,
            ),
            (
                "yutbot_boards_coalesced_total",
                "Board edits merged into a newer one.",
                coalesced,
            ),
        ] {
            out.push_str(&format!(
                "# HELP {name} {help}\n# TYPE {name} counter\n{name} {v}\n"
            ));
        }
    });
    let ops = yut_web::ops::Ops {
        svc: service,
        hub: Some(watch.hub().clone()),
        presses: watch.presses().map(|p| p.stats.clone()),
        extra: Some(extra),
    };
    let mut router = watch
        .router()
        .merge(watch.activity_router(activity))
        .merge(ops.router());
    if let Some(p) = watch.presses() {
        router = router.merge(p.router());
    }
    let listener = tokio::net::TcpListener::bind(w.addr)
        .await
        .map_err(|e| anyhow::anyhow!("WEB_ADDR {}: cannot listen: {e}", w.addr))?;
    tracing::info!(addr = %w.addr, url = %w.url, "serving the web pages");
    Ok(tokio::spawn(async move {
        let app = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
        // Small whole answers go out at once (see `yut_web::serve`).
        if let Err(e) = axum::serve(listener, app).tcp_nodelay(true).await {
            tracing::error!(error = %e, "the web server stopped");
        }
    }))
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
