//! `yut-tools bench event-play`: a whole Swiss event played through the service on one
//! process (issue 49's benchmark, its end-to-end part): `entrants` people sign up, each round
//! is paired by the event, its games are opened (a channel each, as threads would be) and
//! played to their end between people who let the bot play each of their turns, at a
//! compressed pace (`bot_delay_ms` between the bot's actions), every game's end reporting to
//! the event by itself. Then the standings are checked against a recomputation from the
//! stored games.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};
use yut_event::{Progress, Stage};
use yut_service::{demo, Clock, Config, EventNews, Problem, Service};
use yut_store::Store;
use yut_table::core::Lang;
use yut_table::view::NoPainter;

const GUILD: u64 = 49;

/// The figures.
#[derive(Debug)]
pub struct EventPlayBench {
    pub entrants: usize,
    pub rounds: u32,
    pub games: usize,
    pub actions: u64,
    pub wall_s: f64,
    /// Each round's time, from pairing to its last result counted.
    pub round_s: Vec<f64>,
    /// Presses sent ("Bot plays my turn").
    pub presses: usize,
    /// Every entrant's score equals the wins (and byes) counted from the stored games.
    pub standings_match: bool,
    pub winner: String,
}

impl EventPlayBench {
    pub fn line(&self) -> String {
        let rounds: Vec<String> = self.round_s.iter().map(|s| format!("{s:.1}")).collect();
        format!(
            "event-play: entrants={} rounds={} games={} actions={} presses={} wall_s={:.1} actions_per_s={:.0} round_s=[{}] standings_match={} winner={}",
            self.entrants,
            self.rounds,
            self.games,
            self.actions,
            self.presses,
            self.wall_s,
            self.actions as f64 / self.wall_s.max(1e-9),
            rounds.join(","),
            self.standings_match,
            self.winner
        )
    }
}

/// Play the event on the database at `database` (SQLite when None: a temporary file).
pub async fn bench_event_play(
    database: Option<&str>,
    entrants: usize,
    rounds: u32,
    bot_delay_ms: u32,
) -> anyhow::Result<EventPlayBench> {
    match database {
        Some(url) => {
            let url = url.to_string();
            crate::press_bench::on_scratch(&url, "event_play", |scratch| async move {
                play(&scratch, entrants, rounds, bot_delay_ms).await
            })
            .await
        }
        None => {
            let (dir, url) = demo::temp_db("bench-event-play")?;
            let r = play(&url, entrants, rounds, bot_delay_ms).await;
            let _ = std::fs::remove_dir_all(dir);
            r
        }
    }
}

async fn play(
    url: &str,
    entrants: usize,
    rounds: u32,
    bot_delay_ms: u32,
) -> anyhow::Result<EventPlayBench> {
    let err = |p: Problem| anyhow::anyhow!(p.message(Lang::En));
    let store = Store::open(url).await?;
    let (svc, mut updates) = Service::start(
        store,
        Arc::new(NoPainter),
        Clock::system(),
        Config::default(),
        49,
    )
    .await?;
    tokio::spawn(async move { while updates.recv().await.is_some() {} });
    let mut news = svc.event_news();
    let t0 = Instant::now();
    let event = svc
        .create_event(GUILD, 1, "Bench Swiss", rounds, 0, Lang::En)
        .await
        .map_err(err)?;
    for u in 1..=entrants as u64 {
        svc.event_join(event, u, &format!("P{u}"), 2000.0 - u as f64)
            .await
            .map_err(err)?;
    }
    let mut games = Vec::new();
    let mut round_s = Vec::new();
    let mut presses = 0;
    let mut channel = 100_000u64;
    let actions0 = svc.counters().actions.load(Relaxed);
    loop {
        let r0 = Instant::now();
        let (round, pairings) = svc.event_start_round(event).await.map_err(err)?;
        let mut channels = Vec::with_capacity(pairings.len());
        for p in &pairings {
            channel += 1;
            let settings = demo::settings(2, bot_delay_ms, Lang::En);
            games.push(
                svc.event_open_game(event, round, p.index, channel, settings)
                    .await
                    .map_err(err)?,
            );
            channels.push(channel);
        }
        let played = {
            let svc = svc.clone();
            tokio::spawn(
                async move { demo::autoplay(&svc, &channels, Duration::from_millis(20)).await },
            )
        };
        let mut counted = 0;
        let mut last = Progress::Pending;
        while counted < pairings.len() {
            let n = tokio::time::timeout(Duration::from_secs(600), news.recv())
                .await
                .map_err(|_| anyhow::anyhow!("round {round}: no result for 10 minutes"))??;
            let EventNews::Reported {
                event: e,
                round: r,
                progress,
                ..
            } = n;
            if e == event && r == round {
                counted += 1;
                if progress != Progress::Pending {
                    last = progress;
                }
            }
        }
        presses += played.await?;
        round_s.push(r0.elapsed().as_secs_f64());
        eprintln!(
            "round {}: {} games in {:.1} s",
            round + 1,
            pairings.len(),
            r0.elapsed().as_secs_f64()
        );
        if last == Progress::Finished {
            break;
        }
    }
    let wall_s = t0.elapsed().as_secs_f64();
    let actions = svc.counters().actions.load(Relaxed) - actions0;
    let (_, run) = svc.event(event).await.map_err(err)?;
    anyhow::ensure!(run.stage == Stage::Finished, "the event is not over");
    // Recompute every score from the stored games (and the byes), as a player would.
    let mut score = BTreeMap::<u64, u32>::new();
    for game in &games {
        let t = yut_table::persist::load(svc.store(), *game).await?.table;
        let g = t
            .game
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("game {game}"))?;
        let outcome = g
            .outcome()
            .ok_or_else(|| anyhow::anyhow!("game {game} did not end"))?;
        for (i, s) in t.seats.iter().enumerate() {
            if g.side_of(i as u8) == outcome.winner {
                if let Some(u) = s.player.user() {
                    *score.entry(u).or_default() += 1;
                }
            }
        }
    }
    for r in &run.played {
        if let Some(b) = r.bye {
            *score.entry(b).or_default() += 1;
        }
    }
    let standings = run.standings();
    let standings_match = standings
        .iter()
        .all(|s| score.get(&s.entrant).copied().unwrap_or(0) == s.score);
    let winner = standings
        .first()
        .and_then(|s| run.entrant(s.entrant))
        .map_or_else(String::new, |e| e.name.clone());
    svc.shutdown().await;
    Ok(EventPlayBench {
        entrants,
        rounds: run.played.len() as u32,
        games: games.len(),
        actions,
        wall_s,
        round_s,
        presses,
        standings_match,
        winner,
    })
}
