//! `yut-tools bench table`: many concurrent bot games through the service with a real database
//! (SQLite or PostgreSQL) and the renderer, then a restart on the same database; with
//! `--processes N`, N processes of the bot on one database, each driving its own shard's
//! games, then one of them killed (SIGKILL) and started again.

use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yut_ai::Level;
use yut_service::demo::{settings, temp_db};
use yut_service::{Clock, Config, LeaseConfig, Problem, Service, Update};
use yut_store::{self as store, Backend, GameStatus, ShardSet, Store};
use yut_table::core::{Actor, Command, Lang};
use yut_table::paint::RenderPainter;

mod processes;
pub mod watchers;
pub use processes::{bench_processes, worker, ProcessesBench};

/// What to run.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    pub games: usize,
    pub seconds: f64,
    pub bot_delay_ms: u32,
    pub sends_per_s: u32,
    /// None or `sqlite`: a fresh SQLite file; a `postgres://` URL: a scratch database made
    /// on that server for the run and dropped after it.
    pub database: Option<String>,
    /// Games are matches won by the first to win this many (long enough to outlast a long
    /// run when above 1).
    pub first_to: u8,
    /// Extra games opened after `seconds` of the window, played for a while, then stopped
    /// (and `seconds` more measured): an overload and the way back.
    pub surge: Option<Surge>,
    /// With `--processes`: live watchers (pages' event streams) spread over the processes,
    /// each following a game another process drives (see `watchers`); 0: none.
    pub watchers: usize,
    /// (Internal: the web secret shared by the workers when there are watchers.)
    pub web_secret: Option<String>,
}

/// A surge of extra games (see [`BenchOptions::surge`]).
#[derive(Debug, Clone, Copy)]
pub struct Surge {
    pub games: usize,
    pub seconds: f64,
}

/// What one run measured.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TableBench {
    pub games: usize,
    pub actions: usize,
    pub seconds: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub rss_mb: f64,
    pub restart_ms: f64,
    pub restarted: usize,
    /// Boards drawn by the paced consumer.
    pub shown: usize,
    /// Clicks by the hosts who stayed (each answered with a drawn board).
    pub clicks: usize,
    /// Payload bytes the commits wrote, per action.
    pub bytes_per_action: f64,
    /// The average size of a game's full state at the end (what every action wrote before
    /// snapshots).
    pub state_bytes: f64,
    /// CPU time of this process (user + system) over the measured window, per action, µs.
    #[serde(default)]
    pub cpu_us_per_action: f64,
    /// CPU time of the database server's processes (PostgreSQL, when their /proc entries
    /// can be read) over the measured window, seconds (several processes share one server).
    #[serde(default)]
    pub db_cpu_s: Option<f64>,
    /// Transactions the group-commit writer made, and the actions in them.
    #[serde(default)]
    pub batches: u64,
    #[serde(default)]
    pub batched_actions: u64,
    /// A click's answer (applied, stored and its board drawn), ms.
    #[serde(default)]
    pub click_p50_ms: f64,
    #[serde(default)]
    pub click_p99_ms: f64,
    /// Games whose stored log misses a version (an answered action lost): must be 0.
    #[serde(default)]
    pub games_with_gaps: usize,
    /// The stretches of the window (one, or before/surge/after).
    #[serde(default)]
    pub phases: Vec<Phase>,
    /// Actions that could not be stored, and shards lost to another process, in the run.
    #[serde(default)]
    pub failed_commits: u64,
    #[serde(default)]
    pub leases_lost: u64,
    /// Command-to-persisted latencies, µs (for merging runs of several processes).
    #[serde(default)]
    pub latencies_us: Vec<u32>,
    /// With watchers: when each version of the watched games this process drives was
    /// stored, (game, version, µs since the epoch) (see `watchers::Marks`).
    #[serde(default)]
    pub commit_marks: Vec<(i64, u64, i64)>,
}

/// A database for one run, removed afterwards.
struct Scratch {
    url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Dir(std::path::PathBuf),
    Postgres { server: String, name: String },
}

impl Scratch {
    async fn new(database: Option<&str>) -> anyhow::Result<Scratch> {
        match database {
            Some(url) if Backend::of_url(url) == Some(Backend::Postgres) => {
                let name = format!("yutbot_bench_{}", std::process::id());
                let made = store::create_scratch(url, &name).await?;
                Ok(Scratch {
                    url: made,
                    cleanup: Cleanup::Postgres {
                        server: url.to_string(),
                        name,
                    },
                })
            }
            None | Some("sqlite") => {
                let (dir, url) = temp_db("bench")?;
                Ok(Scratch {
                    url,
                    cleanup: Cleanup::Dir(dir),
                })
            }
            Some(other) => anyhow::bail!(
                "--database {other:?}: give `sqlite` or a postgres:// URL (a scratch database is made on that server)"
            ),
        }
    }

    async fn remove(self) {
        match self.cleanup {
            Cleanup::Dir(d) => {
                let _ = std::fs::remove_dir_all(d);
            }
            Cleanup::Postgres { server, name } => {
                if let Err(e) = store::drop_scratch(&server, &name).await {
                    eprintln!("note: could not drop the scratch database {name}: {e}");
                }
            }
        }
    }
}

pub fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| {
                l.split_whitespace()
                    .nth(1)
                    .and_then(|kb| kb.parse::<f64>().ok())
            })
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux everywhere).
const TICKS: f64 = 100.0;

/// user + system CPU seconds of a process from its /proc stat line.
fn stat_cpu_s(stat: &str) -> Option<f64> {
    // Fields after the command (which may hold spaces) in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / TICKS)
}

/// This process's CPU seconds so far (user + system).
pub fn process_cpu_s() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| stat_cpu_s(&s))
        .unwrap_or(0.0)
}

/// The CPU seconds of the PostgreSQL server's processes on this machine (None when there
/// are none to read: another host, another user, or not Linux).
pub fn postgres_cpu_s() -> Option<f64> {
    let mut total = 0.0;
    let mut found = false;
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        let name = e.file_name();
        if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        if stat.contains("(postgres)") {
            if let Some(s) = stat_cpu_s(&stat) {
                total += s;
                found = true;
            }
        }
    }
    found.then_some(total)
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((p / 100.0) * (sorted.len() - 1) as f64).round() as usize] as f64 / 1000.0
}

/// Where a run's games are: game `i` is in channel `channel0 + i`, in server `guild(i)`.
#[derive(Clone, Copy)]
struct Layout {
    channel0: u64,
    shards: ShardSet,
    worker: u32,
}

impl Layout {
    fn guild(&self, i: usize) -> u64 {
        // A server on this worker's shard: (guild >> 22) % count == worker.
        ((i as u64 * self.shards.count as u64 + self.worker as u64) << 22) | 1
    }
}

/// Show the boards like the Discord layer does (without the network): newest per game,
/// drawn on a blocking thread, at most `sends_per_s` a second (none at 0: the updates are
/// taken and dropped). Returns the boards drawn.
fn show_boards(
    svc: Service,
    mut updates: tokio::sync::mpsc::UnboundedReceiver<Update>,
    sends_per_s: u32,
    mut stop: tokio::sync::oneshot::Receiver<()>,
) -> tokio::task::JoinHandle<usize> {
    tokio::spawn(async move {
        let mut latest: HashMap<i64, Update> = HashMap::new();
        let mut queue: VecDeque<i64> = VecDeque::new();
        let gap = Duration::from_secs_f64(1.0 / sends_per_s.max(1) as f64);
        let mut tick = tokio::time::interval(gap);
        let mut shown = 0usize;
        loop {
            tokio::select! {
                _ = &mut stop => break,
                u = updates.recv() => match u {
                    Some(u) => {
                        if sends_per_s == 0 {
                            continue;
                        }
                        let game = u.game;
                        if latest.insert(game, u).is_none() {
                            queue.push_back(game);
                        }
                    }
                    None => break,
                },
                _ = tick.tick(), if sends_per_s > 0 => {
                    let Some(u) = queue.pop_front().and_then(|g| latest.remove(&g)) else {
                        continue;
                    };
                    let drawn = svc.draw(u).await.png.is_some();
                    shown += drawn as usize;
                }
            }
        }
        shown
    })
}

/// Open `count` games from index `first` (four Normal bots; in every tenth game of the
/// base games the host stays and clicks).
async fn open_games(
    svc: &Service,
    o: &BenchOptions,
    layout: &Layout,
    first: usize,
    count: usize,
    hosts_stay: bool,
) -> anyhow::Result<()> {
    let problem = |p: Problem| anyhow::anyhow!(p.message(Lang::En));
    for g in first..first + count {
        let ch = layout.channel0 + g as u64;
        let host = Actor::user(10_000 + g as u64, "Bench host");
        let mut s = settings(4, o.bot_delay_ms, Lang::En);
        s.rules.first_to = o.first_to;
        svc.create(layout.guild(g), ch, &host, s)
            .await
            .map_err(problem)?;
        svc.command(
            ch,
            &host,
            Command::FillBots {
                level: Level::Normal,
            },
        )
        .await
        .map_err(problem)?;
        svc.command(ch, &host, Command::Start)
            .await
            .map_err(problem)?;
        // Every tenth game keeps its host, who clicks (each click answers with a drawn board).
        if !(hosts_stay && g % 10 == 0) {
            svc.command(ch, &host, Command::Resign)
                .await
                .map_err(problem)?;
        }
    }
    Ok(())
}

/// Lanes of [`open_in_lanes`]: one after the other, each game would wait behind the load of
/// the games already playing (12,500 games a process took most of 25 minutes), while the
/// group commit writes the opening commands of many lanes at once.
const OPENING_LANES: usize = 32;

/// Open `count` games from index `first` in [`OPENING_LANES`] lanes at once.
async fn open_in_lanes(
    svc: &Service,
    o: &BenchOptions,
    layout: &Layout,
    first: usize,
    count: usize,
    hosts_stay: bool,
) -> anyhow::Result<()> {
    let mut opening = tokio::task::JoinSet::new();
    let per = count.div_ceil(OPENING_LANES).max(1);
    for k in 0..OPENING_LANES {
        let from = first + k * per;
        let n = per.min((first + count).saturating_sub(from));
        if n == 0 {
            continue;
        }
        let (svc, o, layout) = (svc.clone(), o.clone(), *layout);
        opening.spawn(async move { open_games(&svc, &o, &layout, from, n, hosts_stay).await });
    }
    while let Some(r) = opening.join_next().await {
        r??;
    }
    Ok(())
}

/// One stretch of the measured window.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Phase {
    pub name: String,
    pub seconds: f64,
    pub actions: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub clicks: usize,
    pub click_p50_ms: f64,
    pub click_p99_ms: f64,
}

/// Take what was measured since the last phase.
fn phase(
    name: &str,
    since: Instant,
    latencies: &Arc<Mutex<Vec<u32>>>,
    clicks: &Arc<Mutex<Vec<u32>>>,
    all: &mut Vec<u32>,
    all_clicks: &mut Vec<u32>,
) -> Phase {
    let mut lat = std::mem::take(&mut *latencies.lock().expect("latency lock"));
    let mut cl = std::mem::take(&mut *clicks.lock().expect("click lock"));
    all.extend_from_slice(&lat);
    all_clicks.extend_from_slice(&cl);
    lat.sort_unstable();
    cl.sort_unstable();
    Phase {
        name: name.to_string(),
        seconds: since.elapsed().as_secs_f64(),
        actions: lat.len(),
        p50_ms: percentile(&lat, 50.0),
        p99_ms: percentile(&lat, 99.0),
        clicks: cl.len(),
        click_p50_ms: percentile(&cl, 50.0),
        click_p99_ms: percentile(&cl, 99.0),
    }
}

/// Every game's log holds each version from 0 to the game's own, once: no action that was
/// answered is missing. Returns the games whose log is not whole. Read in lanes, as the games
/// were opened (with 12,500 games a process, one after the other took minutes).
async fn games_with_gaps(store: &Store, layout: &Layout, count: usize) -> anyhow::Result<usize> {
    let mut checking = tokio::task::JoinSet::new();
    for k in 0..OPENING_LANES {
        let (store, layout) = (store.clone(), *layout);
        checking.spawn(async move {
            let mut bad = 0;
            for g in (k..count).step_by(OPENING_LANES) {
                let ch = layout.channel0 + g as u64;
                let Some(id) = store.latest_in_channel(ch).await? else {
                    continue;
                };
                // The row first: the log, read after it, holds at least its version (a
                // running game may have moved on in between).
                let loaded = store.load(id).await?;
                let versions: Vec<u64> = store.log(id).await?.iter().map(|e| e.version).collect();
                let whole = versions.len() as u64 > loaded.row.version
                    && versions.iter().enumerate().all(|(i, v)| *v == i as u64);
                bad += (!whole) as usize;
            }
            anyhow::Ok(bad)
        });
    }
    let mut bad = 0;
    while let Some(r) = checking.join_next().await {
        bad += r??;
    }
    Ok(bad)
}

/// Open the games, play them for `seconds` (with a surge of extra games in the middle when
/// asked) and measure. The service keeps running.
async fn play(
    svc: &Service,
    latencies: &Arc<Mutex<Vec<u32>>>,
    o: &BenchOptions,
    layout: &Layout,
    go: Option<tokio::sync::watch::Receiver<bool>>,
) -> anyhow::Result<TableBench> {
    let games = o.games;
    open_in_lanes(svc, o, layout, 0, games, true).await?;
    // With watchers: say the games are open, and start the window when told (once every
    // watcher follows its game).
    if let Some(mut go) = go {
        println!("{}", processes::OPENED_LINE);
        go.wait_for(|g| *g).await?;
    }
    latencies.lock().expect("latency lock").clear();
    let bytes0 = svc.store().bytes_written();
    let postgres = svc.store().backend() == Backend::Postgres;
    let db_cpu0 = postgres.then(postgres_cpu_s).flatten();
    let stats = svc.store().commit_stats();
    let (batches0, batched0) = (
        stats.batches.load(std::sync::atomic::Ordering::Relaxed),
        stats.actions.load(std::sync::atomic::Ordering::Relaxed),
    );
    let cpu0 = process_cpu_s();
    let start = Instant::now();
    let click_times = Arc::new(Mutex::new(Vec::new()));
    let stop_clicking = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let clicker = {
        let svc = svc.clone();
        let channel0 = layout.channel0;
        let click_times = click_times.clone();
        let stop = stop_clicking.clone();
        tokio::spawn(async move {
            let mut clicks = 0usize;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for g in (0..games).step_by(10) {
                    let ch = channel0 + g as u64;
                    let Some(t) = svc.table(ch).await else {
                        continue;
                    };
                    if t.acting() != Some(0) {
                        continue;
                    }
                    let Some(game) = t.game.as_ref() else {
                        continue;
                    };
                    let cmd = match game.phase() {
                        yut_game::Phase::Throw => Command::Throw,
                        _ => match game.legal_moves().first() {
                            Some(m) => Command::Move { mv: *m },
                            None => continue,
                        },
                    };
                    let host = Actor::user(10_000 + g as u64, "Bench host");
                    let id = yut_table::view::encode(t.id, t.version, &cmd);
                    let t0 = Instant::now();
                    if svc.click(ch, &host, &id).await.is_ok() {
                        clicks += 1;
                        let us = t0.elapsed().as_micros().min(u32::MAX as u128) as u32;
                        click_times.lock().expect("click lock").push(us);
                    }
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            clicks
        })
    };
    let mut phases = Vec::new();
    let (mut all, mut all_clicks) = (Vec::new(), Vec::new());
    let mut surged = 0;
    match o.surge {
        None => {
            tokio::time::sleep(Duration::from_secs_f64(o.seconds)).await;
            let p = phase(
                "run",
                start,
                latencies,
                &click_times,
                &mut all,
                &mut all_clicks,
            );
            phases.push(p);
        }
        Some(surge) => {
            // Before, the surge (extra games of bots opened and played), after (stopped).
            let quiet = Duration::from_secs_f64(o.seconds);
            tokio::time::sleep(quiet).await;
            phases.push(phase(
                "before",
                start,
                latencies,
                &click_times,
                &mut all,
                &mut all_clicks,
            ));
            let t = Instant::now();
            open_in_lanes(svc, o, layout, games, surge.games, false).await?;
            surged = surge.games;
            tokio::time::sleep(Duration::from_secs_f64(surge.seconds)).await;
            phases.push(phase(
                "surge",
                t,
                latencies,
                &click_times,
                &mut all,
                &mut all_clicks,
            ));
            // The surge's hosts stop their games, 32 at a time (a game that ended meanwhile
            // has nothing to stop); then the way back is measured.
            let t = Instant::now();
            let mut stopping = tokio::task::JoinSet::new();
            for k in 0..32 {
                let svc = svc.clone();
                let layout = *layout;
                stopping.spawn(async move {
                    for g in (games + k..games + surge.games).step_by(32) {
                        let ch = layout.channel0 + g as u64;
                        let host = Actor::user(10_000 + g as u64, "Bench host");
                        let _ = svc.command(ch, &host, Command::Stop).await;
                    }
                });
            }
            while stopping.join_next().await.is_some() {}
            phases.push(phase(
                "stopping",
                t,
                latencies,
                &click_times,
                &mut all,
                &mut all_clicks,
            ));
            let t = Instant::now();
            tokio::time::sleep(quiet).await;
            phases.push(phase(
                "after",
                t,
                latencies,
                &click_times,
                &mut all,
                &mut all_clicks,
            ));
        }
    }
    stop_clicking.store(true, std::sync::atomic::Ordering::Relaxed);
    let clicks = clicker.await.unwrap_or(0);
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = process_cpu_s() - cpu0;
    let db_cpu = db_cpu0.and_then(|c0| postgres_cpu_s().map(|c| c - c0));
    let batches = stats.batches.load(std::sync::atomic::Ordering::Relaxed) - batches0;
    let batched = stats.actions.load(std::sync::atomic::Ordering::Relaxed) - batched0;
    let mut lat = all;
    let bytes = svc.store().bytes_written() - bytes0;
    lat.sort_unstable();
    all_clicks.sort_unstable();
    // The size of a full state, averaged over the games still running.
    let (mut state_sum, mut states) = (0usize, 0usize);
    for g in 0..games {
        if let Some(t) = svc.table(layout.channel0 + g as u64).await {
            state_sum += yut_table::persist::state_text(&t).map_or(0, |s| s.len());
            states += 1;
        }
    }
    let gaps = games_with_gaps(svc.store(), layout, games + surged).await?;
    Ok(TableBench {
        games,
        actions: lat.len(),
        seconds: elapsed,
        p50_ms: percentile(&lat, 50.0),
        p99_ms: percentile(&lat, 99.0),
        rss_mb: rss_mb(),
        bytes_per_action: bytes as f64 / lat.len().max(1) as f64,
        state_bytes: state_sum as f64 / states.max(1) as f64,
        clicks,
        click_p50_ms: percentile(&all_clicks, 50.0),
        click_p99_ms: percentile(&all_clicks, 99.0),
        cpu_us_per_action: cpu * 1e6 / lat.len().max(1) as f64,
        db_cpu_s: db_cpu,
        batches,
        batched_actions: batched,
        failed_commits: svc
            .counters()
            .failed_commits
            .load(std::sync::atomic::Ordering::Relaxed),
        leases_lost: svc
            .counters()
            .leases_lost
            .load(std::sync::atomic::Ordering::Relaxed),
        games_with_gaps: gaps,
        phases,
        latencies_us: lat,
        ..TableBench::default()
    })
}

fn bench_config(latencies: &Arc<Mutex<Vec<u32>>>) -> Config {
    Config {
        latencies: Some(latencies.clone()),
        ..Config::default()
    }
}

/// One process: `games` concurrent games for `seconds` (four bots, or in every tenth game a
/// host who clicks and three bots), then a restart on the same database, timed.
pub async fn bench(o: &BenchOptions) -> anyhow::Result<TableBench> {
    let db = Scratch::new(o.database.as_deref()).await?;
    let result = bench_on(&db.url, o).await;
    db.remove().await;
    result
}

async fn bench_on(url: &str, o: &BenchOptions) -> anyhow::Result<TableBench> {
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let store = Store::open(url).await?;
    let (svc, updates) = Service::start(
        store,
        Arc::new(RenderPainter),
        Clock::system(),
        bench_config(&latencies),
        11,
    )
    .await?;
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let drain = show_boards(svc.clone(), updates, o.sends_per_s, stop_rx);
    let layout = Layout {
        channel0: 1_000,
        shards: ShardSet::ALL,
        worker: 0,
    };
    let mut b = play(&svc, &latencies, o, &layout, None).await?;
    svc.shutdown().await;
    let _ = stop_tx.send(());
    b.shown = drain.await.unwrap_or(0);
    drop(svc);
    // Restart on the same database: every active game is loaded and its timer re-armed.
    let t0 = Instant::now();
    let store = Store::open(url).await?;
    let (svc2, _updates2) = Service::start(
        store.clone(),
        Arc::new(RenderPainter),
        Clock::system(),
        Config::default(),
        12,
    )
    .await?;
    b.restarted = svc2.running();
    b.restart_ms = t0.elapsed().as_secs_f64() * 1000.0;
    svc2.shutdown().await;
    let active = store
        .active(ShardSet::ALL)
        .await?
        .iter()
        .filter(|l| l.row.status == GameStatus::Playing)
        .count();
    store.close().await;
    anyhow::ensure!(
        b.restarted >= active,
        "restart loaded {} of {active} games",
        b.restarted
    );
    Ok(b)
}
