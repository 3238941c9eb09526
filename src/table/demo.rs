//! `yutbot demo` (a whole bot game through the service, written as PNG frames and message
//! texts) and `yutbot bench table` (many concurrent bot games with storage and rendering).

use super::core::{Actor, Command, Lang, Settings};
use super::paint::RenderPainter;
use super::service::{Clock, Config, Service};
use crate::ai::Level;
use crate::game::Rules;
use crate::store::Store;
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn temp_db(tag: &str) -> std::io::Result<(PathBuf, String)> {
    let dir = std::env::temp_dir().join(format!(
        "yutbot-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}", dir.join("yutbot.db").display());
    Ok((dir, url))
}

fn settings(seats: u8, bot_delay_ms: u32, lang: Lang) -> Settings {
    Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats,
        turn_seconds: 25,
        lang,
        bot_delay_ms,
    }
}

/// Play a 4-seat bot game through the service under `rules` (from `preset`) and write every
/// board it shows (`NNN.png`, `NNN.txt`). Returns the number of frames.
pub async fn demo(out: &Path, lang: Lang, preset: &str, rules: Rules) -> anyhow::Result<usize> {
    std::fs::create_dir_all(out)?;
    let (dir, url) = temp_db("demo")?;
    let store = Store::open(&url).await?;
    let config = Config {
        min_update_gap: Duration::ZERO,
        ..Config::default()
    };
    let (svc, mut updates) =
        Service::start(store, Arc::new(RenderPainter), Clock::system(), config, 7).await?;
    let host = Actor::user(1, "Demo host");
    let ch = 1;
    let problem = |p: super::service::Problem| anyhow::anyhow!(p.message(Lang::En));
    let mut frames = 0usize;
    let mut write = |text: &str, png: Option<&[u8]>| -> std::io::Result<()> {
        frames += 1;
        std::fs::write(out.join(format!("{frames:03}.txt")), text)?;
        if let Some(png) = png {
            std::fs::write(out.join(format!("{frames:03}.png")), png)?;
        }
        Ok(())
    };
    let v = svc
        .create(
            1,
            ch,
            &host,
            Settings {
                rules,
                preset: preset.to_string(),
                ..settings(4, 30, lang)
            },
        )
        .await
        .map_err(problem)?;
    write(&v.text, v.png.as_deref())?;
    for level in [Level::Easy, Level::Master, Level::Normal] {
        let v = svc
            .command(ch, &host, Command::AddBot { level })
            .await
            .map_err(problem)?;
        write(&v.text, v.png.as_deref())?;
    }
    let v = svc
        .command(ch, &host, Command::Start)
        .await
        .map_err(problem)?;
    write(&v.text, v.png.as_deref())?;
    // The host hands the seat to a bot: four bots play.
    let v = svc
        .command(ch, &host, Command::Resign)
        .await
        .map_err(problem)?;
    write(&v.text, v.png.as_deref())?;
    let started = Instant::now();
    loop {
        match tokio::time::timeout(Duration::from_secs(2), updates.recv()).await {
            Ok(Some(u)) => {
                let v = svc.render(&u);
                write(&v.text, v.png.as_deref())?
            }
            Ok(None) => break,
            Err(_) => {
                if svc.table(ch).await.is_none() {
                    break;
                }
            }
        }
        if started.elapsed() > Duration::from_secs(600) {
            anyhow::bail!("the demo game did not finish in 10 minutes");
        }
    }
    svc.shutdown().await;
    let _ = std::fs::remove_dir_all(dir);
    Ok(frames)
}

/// What `bench table` measured.
#[derive(Debug, Clone)]
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

/// Run `games` concurrent games for `seconds` (four bots, or in every tenth game a host who
/// clicks and three bots) through the service with a real SQLite
/// file and the renderer; then restart the service on the same file and time the reload.
/// Boards are shown like the Discord layer shows them: only the newest update of a game is
/// drawn, at most `sends_per_s` per second (Discord allows a bot about 50 requests a second).
pub async fn bench(
    games: usize,
    seconds: f64,
    bot_delay_ms: u32,
    sends_per_s: u32,
) -> anyhow::Result<TableBench> {
    let (dir, url) = temp_db("bench")?;
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let config = Config {
        latencies: Some(latencies.clone()),
        ..Config::default()
    };
    let store = Store::open(&url).await?;
    let (svc, mut updates) =
        Service::start(store, Arc::new(RenderPainter), Clock::system(), config, 11).await?;
    // Show the boards like the Discord layer does (without the network): newest per game,
    // drawn on a blocking thread, paced.
    let shower = svc.clone();
    let (stop_tx, mut stop_rx) = tokio::sync::oneshot::channel::<()>();
    let drain = tokio::spawn(async move {
        let mut latest: HashMap<i64, super::service::Update> = HashMap::new();
        let mut queue: VecDeque<i64> = VecDeque::new();
        let gap = Duration::from_secs_f64(1.0 / sends_per_s.max(1) as f64);
        let mut tick = tokio::time::interval(gap);
        let mut shown = 0usize;
        loop {
            tokio::select! {
                _ = &mut stop_rx => break,
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
                    let svc = shower.clone();
                    let drawn = tokio::task::spawn_blocking(move || svc.render(&u).png.is_some())
                        .await
                        .unwrap_or(false);
                    shown += drawn as usize;
                }
            }
        }
        shown
    });
    let problem = |p: super::service::Problem| anyhow::anyhow!(p.message(Lang::En));
    for g in 0..games {
        let ch = 1_000 + g as u64;
        let host = Actor::user(10_000 + g as u64, "Bench host");
        svc.create(1, ch, &host, settings(4, bot_delay_ms, Lang::En))
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
        if g % 10 != 0 {
            svc.command(ch, &host, Command::Resign)
                .await
                .map_err(problem)?;
        }
    }
    latencies.lock().expect("latency lock").clear();
    let start = Instant::now();
    let clicker = {
        let svc = svc.clone();
        let until = start + Duration::from_secs_f64(seconds);
        tokio::spawn(async move {
            let mut clicks = 0usize;
            while Instant::now() < until {
                for g in (0..games).step_by(10) {
                    let ch = 1_000 + g as u64;
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
                        crate::game::Phase::Throw => Command::Throw,
                        _ => match game.legal_moves().first() {
                            Some(m) => Command::Move { mv: *m },
                            None => continue,
                        },
                    };
                    let host = Actor::user(10_000 + g as u64, "Bench host");
                    let id = super::view::encode(t.id, t.version, &cmd);
                    if svc.click(ch, &host, &id).await.is_ok() {
                        clicks += 1;
                    }
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            clicks
        })
    };
    tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
    let clicks = clicker.await.unwrap_or(0);
    let elapsed = start.elapsed().as_secs_f64();
    let mut lat = std::mem::take(&mut *latencies.lock().expect("latency lock"));
    let rss = rss_mb();
    svc.shutdown().await;
    let _ = stop_tx.send(());
    let shown = drain.await.unwrap_or(0);
    drop(svc);
    lat.sort_unstable();
    let pct = |p: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((p / 100.0) * (lat.len() - 1) as f64).round() as usize] as f64 / 1000.0
        }
    };
    // Restart on the same file: every active game is loaded and its timer re-armed.
    let t0 = Instant::now();
    let store = Store::open(&url).await?;
    let (svc2, _updates2) = Service::start(
        store,
        Arc::new(RenderPainter),
        Clock::system(),
        Config::default(),
        12,
    )
    .await?;
    let restarted = svc2.running();
    let restart_ms = t0.elapsed().as_secs_f64() * 1000.0;
    svc2.shutdown().await;
    let active = {
        let store = Store::open(&url).await?;
        store
            .active(crate::store::ShardSet::ALL)
            .await?
            .iter()
            .filter(|l| l.row.status == crate::store::GameStatus::Playing)
            .count()
    };
    let _ = std::fs::remove_dir_all(dir);
    anyhow::ensure!(
        restarted >= active,
        "restart loaded {restarted} of {active} games"
    );
    Ok(TableBench {
        games,
        actions: lat.len(),
        seconds: elapsed,
        p50_ms: pct(50.0),
        p99_ms: pct(99.0),
        rss_mb: rss,
        restart_ms,
        restarted,
        shown,
        clicks,
    })
}
