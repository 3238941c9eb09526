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

fn rss_mb() -> f64 {
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
/// drawn on a blocking thread, at most `sends_per_s` a second. Returns the boards drawn.
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
                        let game = u.game;
                        if latest.insert(game, u).is_none() {
                            queue.push_back(game);
                        }
                    }
                    None => break,
                },
                _ = tick.tick() => {
                    let Some(u) = queue.pop_front().and_then(|g| latest.remove(&g)) else {
                        continue;
                    };
                    let svc = svc.clone();
                    let drawn = tokio::task::spawn_blocking(move || svc.render(&u).png.is_some())
                        .await
                        .unwrap_or(false);
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
/// answered is missing. Returns the games whose log is not whole.
async fn games_with_gaps(store: &Store, layout: &Layout, count: usize) -> anyhow::Result<usize> {
    let mut bad = 0;
    for g in 0..count {
        let ch = layout.channel0 + g as u64;
        let Some(id) = store.latest_in_channel(ch).await? else {
            continue;
        };
        // The row first: the log, read after it, holds at least its version (a running
        // game may have moved on in between).
        let loaded = store.load(id).await?;
        let versions: Vec<u64> = store.log(id).await?.iter().map(|e| e.version).collect();
        let whole = versions.len() as u64 > loaded.row.version
            && versions.iter().enumerate().all(|(i, v)| *v == i as u64);
        bad += (!whole) as usize;
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
) -> anyhow::Result<TableBench> {
    let games = o.games;
    open_games(svc, o, layout, 0, games, true).await?;
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
            // Opened 32 at a time: one after the other, each would wait behind the load.
            let mut opening = tokio::task::JoinSet::new();
            let per = surge.games.div_ceil(32);
            for k in 0..32 {
                let first = games + k * per;
                let count = per.min((games + surge.games).saturating_sub(first));
                let (svc, o) = (svc.clone(), o.clone());
                let layout = Layout { ..*layout };
                opening
                    .spawn(async move { open_games(&svc, &o, &layout, first, count, false).await });
            }
            while let Some(r) = opening.join_next().await {
                r??;
            }
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
    let mut b = play(&svc, &latencies, o, &layout).await?;
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

/// What `--processes N` measured.
#[derive(Debug, Clone)]
pub struct ProcessesBench {
    pub runs: Vec<TableBench>,
    /// Together: actions per second (the sum of each process's rate), and the latencies of
    /// every process merged.
    pub actions_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    /// The killed process, started again: its active games, how many it resumed, and how long
    /// that took from the new process's start (spawn to every game's actor running).
    pub killed_games: usize,
    pub resumed: usize,
    pub resume_ms: f64,
    /// Inside the restarted process: from opening the store to every game running.
    pub resume_in_process_ms: f64,
    /// Actions stored for the killed process's games before the kill and after the restart
    /// (the restarted process adds to them; none may be missing).
    pub logged_before: u64,
    pub logged_after: u64,
}

const WORKER_LINE: &str = "bench-worker-result: ";
const RESUME_LINE: &str = "bench-worker-resumed: ";

fn instance(worker: u32, of: u32) -> String {
    format!("bench-worker-{worker}-of-{of}")
}

/// Run `processes` copies of this program (`yut-tools bench table --worker K --of N`), each
/// driving `games` games on its own shard of one database; merge what they measured; then
/// kill the last one with SIGKILL mid-game, start it again, and time how long its games take
/// to resume.
pub async fn bench_processes(o: &BenchOptions, processes: u32) -> anyhow::Result<ProcessesBench> {
    let db = Scratch::new(o.database.as_deref()).await?;
    let result = processes_on(&db.url, o, processes).await;
    db.remove().await;
    result
}

fn worker_command(url: &str, o: &BenchOptions, worker: u32, of: u32) -> std::process::Command {
    let exe = std::env::current_exe().unwrap_or_else(|_| "yutbot".into());
    let mut c = std::process::Command::new(exe);
    c.args(["bench", "table", "--worker"])
        .arg(worker.to_string())
        .arg("--of")
        .arg(of.to_string())
        .arg("--worker-database")
        .arg(url)
        .arg("--games")
        .arg(o.games.to_string())
        .arg("--seconds")
        .arg(o.seconds.to_string())
        .arg("--bot-delay-ms")
        .arg(o.bot_delay_ms.to_string())
        // Discord's budget (about 50 requests a second) is the bot's, shared by its
        // processes.
        .arg("--sends-per-s")
        .arg((o.sends_per_s / of).max(1).to_string())
        .arg("--first-to")
        .arg(o.first_to.to_string())
        .args(o.surge.iter().flat_map(|s| {
            [
                "--surge-games".to_string(),
                s.games.to_string(),
                "--surge-seconds".to_string(),
                s.seconds.to_string(),
            ]
        }))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit());
    c
}

/// The running workers: stopped (SIGTERM, then SIGKILL after a grace period) when the run
/// ends in any way, so that no worker outlives a failed or interrupted run. Each worker's
/// stdin is a pipe from here: if this process dies, the workers see it close and stop.
struct Workers(Vec<std::process::Child>);

impl Workers {
    fn stop_all(&mut self) {
        for c in &mut self.0 {
            drop(c.stdin.take());
            terminate(c);
        }
        let deadline = Instant::now() + Duration::from_secs(15);
        for c in &mut self.0 {
            loop {
                match c.try_wait() {
                    Ok(Some(_)) | Err(_) => break,
                    Ok(None) if Instant::now() >= deadline => {
                        eprintln!(
                            "note: worker {} did not stop in 15 s after SIGTERM; killing it",
                            c.id()
                        );
                        let _ = c.kill();
                        let _ = c.wait();
                        break;
                    }
                    Ok(None) => std::thread::sleep(Duration::from_millis(50)),
                }
            }
        }
        self.0.clear();
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.stop_all();
    }
}

/// Read a child's stdout until a line with `prefix`; the rest of its output is passed on.
fn read_line_with(
    child: &mut std::process::Child,
    prefix: &'static str,
) -> tokio::task::JoinHandle<anyhow::Result<String>> {
    let out = child.stdout.take();
    tokio::task::spawn_blocking(move || {
        let out = out.ok_or_else(|| anyhow::anyhow!("no stdout"))?;
        for line in std::io::BufReader::new(out).lines() {
            let line = line?;
            if let Some(rest) = line.strip_prefix(prefix) {
                return Ok(rest.to_string());
            }
        }
        anyhow::bail!("the worker ended without its result")
    })
}

async fn processes_on(
    url: &str,
    o: &BenchOptions,
    processes: u32,
) -> anyhow::Result<ProcessesBench> {
    // Migrate once before the workers start (they would race for it).
    let store = Store::open(url).await?;
    let mut children = Workers(Vec::new());
    let mut readers = tokio::task::JoinSet::new();
    for k in 0..processes {
        let mut c = worker_command(url, o, k, processes).spawn()?;
        let line = read_line_with(&mut c, WORKER_LINE);
        readers.spawn(async move { (k, line.await) });
        children.0.push(c);
    }
    // The first worker to fail stops the run (and, through `children`, every other worker).
    let mut runs: Vec<Option<TableBench>> = vec![None; processes as usize];
    while let Some(done) = readers.join_next().await {
        let (k, line) = done?;
        let line = line?.map_err(|e| anyhow::anyhow!("worker {k} failed: {e:#}"))?;
        runs[k as usize] = Some(serde_json::from_str::<TableBench>(&line)?);
    }
    let mut runs: Vec<TableBench> = runs.into_iter().flatten().collect();
    // Every worker is past its measurement and still playing: kill the last one mid-game.
    let victim = processes - 1;
    let shard = ShardSet::one(processes, victim);
    let logged = |store: Store| async move {
        let mut n = 0u64;
        for l in store.active(shard).await? {
            n += store.log(l.row.id).await?.len() as u64;
        }
        Ok::<u64, anyhow::Error>(n)
    };
    children.0[victim as usize].kill()?;
    let _ = children.0[victim as usize].wait();
    let logged_before = logged(store.clone()).await?;
    let killed_games = store
        .active(shard)
        .await?
        .iter()
        .filter(|l| l.row.status == GameStatus::Playing)
        .count();
    let t0 = Instant::now();
    let mut again = worker_command(url, o, victim, processes);
    again.arg("--resume");
    let mut c = again.spawn()?;
    let line = read_line_with(&mut c, RESUME_LINE).await??;
    let resume_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let (resumed, in_process_ms): (usize, f64) = serde_json::from_str(&line)?;
    // Let the resumed games play a moment, then stop every worker cleanly.
    tokio::time::sleep(Duration::from_secs(2)).await;
    children.0[victim as usize] = c;
    children.stop_all();
    let logged_after = logged(store.clone()).await.unwrap_or(0);
    store.close().await;
    let mut all: Vec<u32> = runs
        .iter_mut()
        .flat_map(|r| std::mem::take(&mut r.latencies_us))
        .collect();
    all.sort_unstable();
    Ok(ProcessesBench {
        actions_per_s: runs.iter().map(|r| r.actions as f64 / r.seconds).sum(),
        p50_ms: percentile(&all, 50.0),
        p99_ms: percentile(&all, 99.0),
        runs,
        killed_games,
        resumed,
        resume_ms,
        resume_in_process_ms: in_process_ms,
        logged_before,
        logged_after,
    })
}

/// Ask a worker to stop (SIGTERM), as an operator's deploy would.
fn terminate(c: &mut std::process::Child) {
    #[cfg(unix)]
    {
        // The `kill` command (no libc binding needed); a worker already gone is fine.
        let _ = std::process::Command::new("kill")
            .arg("-TERM")
            .arg(c.id().to_string())
            .status();
    }
    #[cfg(not(unix))]
    {
        let _ = c.kill();
    }
}

/// The worker side of `--processes`: drive shard `worker` of `of` on the database at `url`
/// under a lease, print the measurement as one line, and keep playing until stopped. With
/// `resume`, only start (taking the shard back from the killed worker of the same name) and
/// print how many games run and how long that took.
pub async fn worker(
    url: &str,
    o: &BenchOptions,
    worker: u32,
    of: u32,
    resume: bool,
) -> anyhow::Result<()> {
    let t0 = Instant::now();
    // Stop on SIGTERM or when the parent goes away (its pipe to our stdin closes), whatever
    // this worker is doing: the run is over.
    let (stop_tx, mut stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        tokio::select! {
            _ = wait_for_term() => {}
            _ = parent_gone() => eprintln!("worker {worker}: its input closed (the bench is done, or gone); stopping"),
        }
        let _ = stop_tx.send(true);
    });
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let store = Store::open(url).await?;
    let shards = ShardSet::one(of, worker);
    let (svc, updates) = Service::start_leased(
        store.clone(),
        Arc::new(RenderPainter),
        Clock::system(),
        bench_config(&latencies),
        20 + worker as u64,
        LeaseConfig::new(shards, instance(worker, of)),
    );
    if !svc.wait_for_shards(Duration::from_secs(30)).await {
        anyhow::bail!("worker {worker}: could not take its shard's lease in 30 s");
    }
    let (drain_tx, drain_rx) = tokio::sync::oneshot::channel::<()>();
    let drain = show_boards(svc.clone(), updates, o.sends_per_s, drain_rx);
    if resume {
        let resumed = svc.running();
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        println!("{RESUME_LINE}{}", serde_json::to_string(&(resumed, ms))?);
    } else {
        let layout = Layout {
            channel0: 1_000_000 * (worker as u64 + 1),
            shards,
            worker,
        };
        let b = tokio::select! {
            b = play(&svc, &latencies, o, &layout) => b?,
            _ = stopped.wait_for(|s| *s) => {
                svc.abort();
                anyhow::bail!("worker {worker}: stopped before its measurement");
            }
        };
        println!("{WORKER_LINE}{}", serde_json::to_string(&b)?);
    }
    // Keep playing until told to stop (or killed); then stop within a bounded time.
    let _ = stopped.wait_for(|s| *s).await;
    let clean = async {
        svc.shutdown().await;
        let _ = drain_tx.send(());
        let _ = drain.await;
        store.close().await;
    };
    if tokio::time::timeout(Duration::from_secs(10), clean)
        .await
        .is_err()
    {
        eprintln!("worker {worker}: shutting down took over 10 s; leaving now");
        svc.abort();
    }
    Ok(())
}

/// Returns when this process's stdin reaches its end (the parent that holds the other end
/// exited); never for a terminal or /dev/null-less inherited stdin that stays open.
async fn parent_gone() {
    let _ = tokio::task::spawn_blocking(|| {
        let mut sink = [0u8; 64];
        let mut input = std::io::stdin().lock();
        while let Ok(n) = std::io::Read::read(&mut input, &mut sink) {
            if n == 0 {
                return;
            }
        }
    })
    .await;
}

async fn wait_for_term() {
    #[cfg(unix)]
    {
        if let Ok(mut term) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            term.recv().await;
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
