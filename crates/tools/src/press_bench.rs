//! `yut-tools bench presses`: a page's press on the process that drives the game against the
//! same press on a process that does not (forwarded once to the driver, issue 47). Two
//! processes' worth of service and web side run here on one PostgreSQL database, A leasing
//! shard 0 of 2 and B shard 1; every game is A's (a person against a bot), and the person's
//! presses go to the seat page's API over real HTTP on loopback, alternately to A (applied
//! there) and to B (forwarded to A), so both kinds see the same load and the same noise.
//! Each press is timed from the request sent to the answer read.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yut_ai::Level;
use yut_service::{Clock, Config, LeaseConfig, Service};
use yut_store::{Backend, ShardSet, Store};
use yut_table::core::{Actor, Command, Lang};
use yut_table::paint::RenderPainter;
use yut_web::sign::Signer;
use yut_web::watch::Watch;

/// What the run measured.
#[derive(Debug, Clone)]
pub struct PressBench {
    pub games: usize,
    /// Presses applied on the driver (A), and forwarded from B to A and applied there.
    pub local: Vec<f64>,
    pub forwarded: Vec<f64>,
    /// Presses refused as out of date (the page read a board an action behind) and failed
    /// (any other answer).
    pub refused: usize,
    pub failed: usize,
}

impl PressBench {
    pub fn line(&self) -> String {
        let (l50, l99) = (pct(&self.local, 0.50), pct(&self.local, 0.99));
        let (f50, f99) = (pct(&self.forwarded, 0.50), pct(&self.forwarded, 0.99));
        format!(
            "presses: games={} local={} forwarded={} local_p50_ms={l50:.2} local_p99_ms={l99:.2} forwarded_p50_ms={f50:.2} forwarded_p99_ms={f99:.2} extra_p50_ms={:.2} extra_p99_ms={:.2} refused={} failed={}",
            self.games,
            self.local.len(),
            self.forwarded.len(),
            f50 - l50,
            f99 - l99,
            self.refused,
            self.failed
        )
    }
}

pub(crate) fn pct(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[((s.len() - 1) as f64 * q).round() as usize]
}

pub(crate) const SECRET: &[u8] = b"bench secret shared by both processes";
const SHARDS: u32 = 2;
/// A server on shard 0 of 2: A's.
pub(crate) const GUILD: u64 = 2 << 22;
const USER: u64 = 1;

/// One process's worth: the service (leasing shard `shard`) and its web side, served.
pub(crate) struct Side {
    pub svc: Service,
    pub watch: Watch,
    pub addr: String,
}

/// A process's worth (see [`Side`]); its web side serves the Activity with `activity`.
pub(crate) async fn side(
    url: &str,
    shard: u32,
    activity: Option<yut_web::watch::activity::ActivityConfig>,
) -> anyhow::Result<Side> {
    // A free port, told to the other process before the service starts (the lease's
    // address), then served.
    let addr = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
    let (watch, hooks) = Watch::new(Signer::new(SECRET), "");
    let config = Config {
        min_update_gap: Duration::from_secs(3600),
        web: Some(hooks),
        ..Config::default()
    };
    let (svc, mut updates) = Service::open_leased(
        url,
        Arc::new(RenderPainter),
        Clock::system(),
        config,
        u64::from(shard) + 1,
        LeaseConfig {
            address: Some(format!("http://{addr}")),
            ..LeaseConfig::new(
                ShardSet {
                    count: SHARDS,
                    first: shard,
                    last: shard,
                },
                format!("bench-presses-{shard}"),
            )
        },
    )
    .await?;
    // Nobody shows the Discord updates here.
    tokio::spawn(async move { while updates.recv().await.is_some() {} });
    anyhow::ensure!(
        svc.wait_for_shards(Duration::from_secs(20)).await,
        "process {shard} did not get its shard's lease"
    );
    watch.started(svc.clone()).await;
    watch.policies().preload([GUILD]).await;
    let presses = watch.presses().expect("started").clone();
    let router = watch
        .router()
        .merge(presses.router())
        .merge(watch.activity_router(activity));
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(yut_web::serve(
        router,
        addr,
        move |a| {
            let _ = tx.send(a);
        },
        std::future::pending(),
    ));
    rx.await?;
    Ok(Side {
        svc,
        watch,
        addr: addr.to_string(),
    })
}

/// Open a game of a person against an Easy bot on A; its seat page's API path.
async fn game(a: &Side, channel: u64, bot_delay_ms: u32) -> anyhow::Result<String> {
    let host = Actor::user(USER, "Host");
    let mut settings = yut_service::demo::settings(2, bot_delay_ms, Lang::En);
    settings.turn_seconds = 300;
    let err = |p: yut_service::Problem| anyhow::anyhow!(p.message(Lang::En));
    let v = a
        .svc
        .create(GUILD, channel, &host, settings)
        .await
        .map_err(err)?;
    a.svc
        .command(channel, &host, Command::AddBot { level: Level::Easy })
        .await
        .map_err(err)?;
    a.svc
        .command(channel, &host, Command::Start)
        .await
        .map_err(err)?;
    let id = v.game.ok_or_else(|| anyhow::anyhow!("no game"))?;
    let t = a
        .svc
        .game_table(id)
        .await
        .ok_or_else(|| anyhow::anyhow!("game {id} not found"))?;
    let link = a
        .watch
        .seat_link(&t, USER)
        .ok_or_else(|| anyhow::anyhow!("no seat link"))?;
    Ok(format!("/api{link}"))
}

/// The first play button (throw, select a result, move) of a seat page's board, if it is
/// the person's turn; and whether the game is over.
fn play_button(frame: &serde_json::Value) -> (Option<String>, bool) {
    let over = frame["over"].as_bool().unwrap_or(false);
    (first_play(frame), over)
}

/// The first enabled play button (throw, move, select a result) of a page's frame.
pub(crate) fn first_play(frame: &serde_json::Value) -> Option<String> {
    let ids: Vec<String> = frame["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r.as_array().cloned().unwrap_or_default())
        .filter(|b| !b["disabled"].as_bool().unwrap_or(false))
        .filter_map(|b| b["id"].as_str().map(str::to_string))
        .collect();
    [":throw", ":mv:", ":sel:"]
        .iter()
        .find_map(|k| ids.iter().find(|i| i.contains(k)).cloned())
}

/// Play `games` games on A for `seconds`, pressing alternately on A and on B.
pub async fn bench_presses(
    database: &str,
    games: usize,
    seconds: f64,
    bot_delay_ms: u32,
) -> anyhow::Result<PressBench> {
    on_scratch(database, "presses", |url| async move {
        run(&url, games, seconds, bot_delay_ms).await
    })
    .await
}

/// Run `f` on a scratch database made on `database`'s server (`yutbot_bench_<what>_<pid>`),
/// dropped afterwards whatever `f` answered.
pub(crate) async fn on_scratch<T, F, Fut>(database: &str, what: &str, f: F) -> anyhow::Result<T>
where
    F: FnOnce(String) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<T>>,
{
    anyhow::ensure!(
        Backend::of_url(database) == Some(Backend::Postgres),
        "--database: a postgres:// URL (a scratch database is made on that server)"
    );
    let name = format!("yutbot_bench_{what}_{}", std::process::id());
    let url = yut_store::create_scratch(database, &name).await?;
    let result = f(url).await;
    if let Err(e) = yut_store::drop_scratch(database, &name).await {
        eprintln!("note: could not drop the scratch database {name}: {e}");
    }
    result
}

async fn run(
    url: &str,
    games: usize,
    seconds: f64,
    bot_delay_ms: u32,
) -> anyhow::Result<PressBench> {
    Store::open(url).await?.close().await;
    let a = side(url, 0, None).await?;
    let b = side(url, 1, None).await?;
    let mut apis = Vec::new();
    for g in 0..games {
        apis.push(game(&a, 20_000 + g as u64, bot_delay_ms).await?);
    }
    let client = reqwest::Client::new();
    let out = Arc::new(Mutex::new(PressBench {
        games,
        local: Vec::new(),
        forwarded: Vec::new(),
        refused: 0,
        failed: 0,
    }));
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for (g, api) in apis.into_iter().enumerate() {
        let (client, out) = (client.clone(), out.clone());
        let (on_a, on_b) = (a.addr.clone(), b.addr.clone());
        // The board as the page sees it: pushed over its live stream (as the page follows
        // it), or the answer of its last press, whichever is newer.
        let board: Arc<Mutex<(u64, serde_json::Value)>> = Arc::default();
        // The page is open on both processes (a page follows its game where it landed).
        for on in [&on_a, &on_b] {
            tasks.push(tokio::spawn(follow(
                client.clone(),
                format!("http://{on}{api}/events"),
                board.clone(),
                until,
            )));
        }
        tasks.push(tokio::spawn(async move {
            // Games start on different processes so that both kinds are pressed at once.
            let mut forwarded = g % 2 == 1;
            let mut pressed = 0;
            while Instant::now() < until {
                let (version, frame) = board.lock().unwrap().clone();
                let (button, over) = play_button(&frame);
                if over {
                    break;
                }
                let Some(id) = button.filter(|_| version > pressed) else {
                    tokio::time::sleep(Duration::from_millis(2)).await;
                    continue;
                };
                pressed = version;
                let to = if forwarded { &on_b } else { &on_a };
                let t0 = Instant::now();
                let r = client
                    .post(format!("http://{to}{api}/press"))
                    .header("content-type", "application/json")
                    .body(serde_json::json!({ "id": id }).to_string())
                    .send()
                    .await;
                let (status, body) = match r {
                    Ok(r) => (r.status().as_u16(), r.bytes().await.unwrap_or_default()),
                    Err(_) => (0, Default::default()),
                };
                let ms = t0.elapsed().as_secs_f64() * 1e3;
                if status == 200 {
                    newer(&board, serde_json::from_slice(&body).unwrap_or_default());
                }
                let mut o = out.lock().unwrap();
                match status {
                    200 if forwarded => o.forwarded.push(ms),
                    200 => o.local.push(ms),
                    409 => o.refused += 1,
                    _ => o.failed += 1,
                }
                drop(o);
                forwarded = !forwarded;
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let out = out.lock().unwrap().clone();
    b.svc.shutdown().await;
    a.svc.shutdown().await;
    Ok(out)
}

/// Keep `board` at the newest frame a page's live stream pushes (server-sent events).
async fn follow(
    client: reqwest::Client,
    url: String,
    board: Arc<Mutex<(u64, serde_json::Value)>>,
    until: Instant,
) {
    let Ok(mut r) = client.get(url).send().await else {
        return;
    };
    let mut text = String::new();
    while Instant::now() < until {
        let chunk = match tokio::time::timeout(Duration::from_millis(200), r.chunk()).await {
            Ok(Ok(Some(c))) => c,
            Ok(_) => return,
            Err(_) => continue,
        };
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            let data: String = event
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(str::trim_start)
                .collect();
            if let Ok(frame) = serde_json::from_str(&data) {
                newer(&board, frame);
            }
        }
    }
}

/// Keep the newer of the board held and `frame`.
fn newer(board: &Mutex<(u64, serde_json::Value)>, frame: serde_json::Value) {
    let v = frame["version"].as_u64().unwrap_or(0);
    let mut b = board.lock().unwrap();
    if v > b.0 {
        *b = (v, frame);
    }
}
