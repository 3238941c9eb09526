//! `yut-tools bench web`: watchers of live pages. Games of four bots are played through the
//! service while N clients follow them on the watch pages' event streams (real HTTP on
//! loopback, one connection each); every board each client receives is timed from the moment
//! its action was stored. Also: the time to the first board of a page and the page's weight.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use yut_ai::Level;
use yut_service::{Clock, Config, Service, WebHooks};
use yut_store::Store;
use yut_table::core::{Actor, Command, Lang};
use yut_table::paint::RenderPainter;
use yut_web::sign::Signer;
use yut_web::watch::Watch;

/// What the run measured.
#[derive(Debug, Clone)]
pub struct WebBench {
    pub games: usize,
    pub watchers: usize,
    /// Boards received by all watchers together, and the boards stored.
    pub deliveries: usize,
    pub actions: usize,
    /// From an action stored to a watcher holding its board, in ms.
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// A fresh client: request to the first board's event, and the page's HTML, CSS and
    /// script in bytes.
    pub first_board_ms: f64,
    pub page_bytes: usize,
    pub rss_mb: f64,
}

/// Play `games` four-bot games for `seconds` with `watchers` clients spread over them.
pub async fn bench_web(
    games: usize,
    watchers: usize,
    seconds: f64,
    bot_delay_ms: u32,
) -> anyhow::Result<WebBench> {
    let (dir, url) = yut_service::demo::temp_db("bench-web")?;
    let store = Store::open(&url).await?;
    let (watch, hooks) = Watch::new(Signer::new(b"bench secret, 16+ bytes"), "");
    watch
        .hub()
        .max_per_address
        .store(usize::MAX, std::sync::atomic::Ordering::Relaxed);
    // When each action was stored: (game, version) -> instant.
    let stored: Arc<Mutex<HashMap<(i64, u64), Instant>>> = Arc::default();
    let observe = hooks.observe.clone();
    let marks = stored.clone();
    let hooks = WebHooks {
        link: hooks.link,
        observe: Arc::new(move |t| {
            marks
                .lock()
                .expect("marks")
                .insert((t.id, t.version), Instant::now());
            observe(t)
        }),
        ..hooks
    };
    let config = Config {
        min_update_gap: Duration::from_secs(3600),
        web: Some(hooks),
        ..Config::default()
    };
    let (svc, mut updates) =
        Service::start(store, Arc::new(RenderPainter), Clock::system(), config, 1).await?;
    // Nobody shows the Discord updates here.
    tokio::spawn(async move { while updates.recv().await.is_some() {} });
    watch.started(svc.clone()).await;
    watch.policies().preload([1]).await;
    let (tx, rx) = tokio::sync::oneshot::channel::<SocketAddr>();
    let router = watch.router();
    tokio::spawn(yut_web::serve(
        router,
        "127.0.0.1:0".parse()?,
        move |a| {
            let _ = tx.send(a);
        },
        std::future::pending(),
    ));
    let addr = rx.await?;
    // The games, in lobbies until every watcher is connected.
    let mut ids = Vec::new();
    for g in 0..games {
        let ch = 10_000 + g as u64;
        let host = Actor::user(1, "Host");
        let mut settings = yut_service::demo::settings(4, bot_delay_ms, Lang::En);
        settings.turn_seconds = 300;
        let v = svc
            .create(1, ch, &host, settings)
            .await
            .map_err(|p| anyhow::anyhow!(p.message(Lang::En)))?;
        for _ in 0..3 {
            svc.command(ch, &host, Command::AddBot { level: Level::Easy })
                .await
                .map_err(|p| anyhow::anyhow!(p.message(Lang::En)))?;
        }
        ids.push((v.game.unwrap_or_default(), ch));
    }
    let signer = Signer::new(b"bench secret, 16+ bytes");
    // The page's weight and a fresh client's first board (the lobby's).
    let kind = "watch:0";
    let token = signer.token(kind, ids[0].0);
    let t0 = Instant::now();
    let mut page_bytes = get_len(addr, &format!("/watch/{token}")).await?;
    for f in ["app.css", "play.js"] {
        page_bytes += get_len(addr, &format!("/assets/{f}")).await?;
    }
    let first = Watcher::connect(addr, &token).await?;
    let first_board_ms = first.first_event(t0).await?;
    // The watchers, spread evenly over the games.
    let received: Arc<Mutex<Vec<(i64, u64, Instant)>>> = Arc::default();
    let mut tasks = Vec::new();
    for w in 0..watchers {
        let game = ids[w % ids.len()].0;
        let token = signer.token(kind, game);
        let received = received.clone();
        let mut client = Watcher::connect(addr, &token).await?;
        tasks.push(tokio::spawn(async move {
            client.run(game, &received).await;
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Start every game; the host hands the seat to a bot.
    let started = Instant::now();
    for (_, ch) in &ids {
        let host = Actor::user(1, "Host");
        svc.command(*ch, &host, Command::Start)
            .await
            .map_err(|p| anyhow::anyhow!(p.message(Lang::En)))?;
        svc.command(*ch, &host, Command::Resign)
            .await
            .map_err(|p| anyhow::anyhow!(p.message(Lang::En)))?;
    }
    tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
    let window_end = Instant::now();
    let rss_mb = crate::table_bench::rss_mb();
    for t in &tasks {
        t.abort();
    }
    svc.abort();
    let marks = stored.lock().expect("marks").clone();
    let got = received.lock().expect("received").clone();
    let mut lat: Vec<f64> = got
        .iter()
        .filter_map(|(g, v, at)| {
            let s = marks.get(&(*g, *v))?;
            (*s >= started && *s <= window_end).then(|| at.duration_since(*s).as_secs_f64() * 1e3)
        })
        .collect();
    lat.sort_by(f64::total_cmp);
    let q = |p: f64| {
        if lat.is_empty() {
            f64::NAN
        } else {
            lat[((lat.len() - 1) as f64 * p).round() as usize]
        }
    };
    let actions = marks.keys().filter(|(_, v)| *v > 4).count();
    let _ = std::fs::remove_dir_all(dir);
    Ok(WebBench {
        games,
        watchers,
        deliveries: lat.len(),
        actions,
        p50_ms: q(0.5),
        p99_ms: q(0.99),
        max_ms: lat.last().copied().unwrap_or(f64::NAN),
        first_board_ms,
        page_bytes,
        rss_mb,
    })
}

/// A GET's body length.
async fn get_len(addr: SocketAddr, path: &str) -> anyhow::Result<usize> {
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    anyhow::ensure!(
        text.starts_with("HTTP/1.1 200"),
        "GET {path}: {}",
        text.lines().next().unwrap_or("")
    );
    let body = text.split_once("\r\n\r\n").map_or(0, |(_, b)| b.len());
    Ok(body)
}

/// One client following a game's event stream.
struct Watcher {
    stream: tokio::net::TcpStream,
    buf: Vec<u8>,
}

impl Watcher {
    async fn connect(addr: SocketAddr, token: &str) -> anyhow::Result<Watcher> {
        let mut stream = tokio::net::TcpStream::connect(addr).await?;
        stream
            .write_all(
                format!("GET /api/watch/{token}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n")
                    .as_bytes(),
            )
            .await?;
        Ok(Watcher {
            stream,
            buf: Vec::with_capacity(8192),
        })
    }

    /// The versions of the events that arrived with this read (`id: N` lines).
    async fn next_ids(&mut self) -> Option<Vec<u64>> {
        let mut chunk = [0u8; 16384];
        let n = self.stream.read(&mut chunk).await.ok().filter(|&n| n > 0)?;
        self.buf.extend_from_slice(&chunk[..n]);
        let mut ids = Vec::new();
        // Keep only what may hold a line cut in the middle.
        let mut consumed = 0;
        while let Some(pos) = self.buf[consumed..].iter().position(|&b| b == b'\n') {
            let line = &self.buf[consumed..consumed + pos];
            if let Some(rest) = line
                .strip_prefix(b"id: ")
                .or_else(|| line.strip_prefix(b"id:"))
            {
                if let Ok(v) = std::str::from_utf8(rest).unwrap_or("").trim().parse() {
                    ids.push(v);
                }
            }
            consumed += pos + 1;
        }
        self.buf.drain(..consumed);
        Some(ids)
    }

    async fn first_event(mut self, t0: Instant) -> anyhow::Result<f64> {
        loop {
            match self.next_ids().await {
                Some(ids) if !ids.is_empty() => return Ok(t0.elapsed().as_secs_f64() * 1e3),
                Some(_) => {}
                None => anyhow::bail!("the stream closed before its first board"),
            }
        }
    }

    async fn run(&mut self, game: i64, received: &Mutex<Vec<(i64, u64, Instant)>>) {
        while let Some(ids) = self.next_ids().await {
            if ids.is_empty() {
                continue;
            }
            let at = Instant::now();
            let mut r = received.lock().expect("received");
            r.extend(ids.into_iter().map(|v| (game, v, at)));
        }
    }
}
