//! Tournaments between AI levels: `yutbot sim`.

use crate::ai::{Bot, Level};
use crate::game::{Game, Phase, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// What to play.
#[derive(Debug, Clone)]
pub struct SimConfig {
    pub a: Level,
    pub b: Level,
    pub games: u32,
    pub rules: Rules,
    pub seats: u8,
    pub teams: bool,
    pub seed: u64,
    pub threads: usize,
}

/// What happened.
#[derive(Debug, Clone, Default)]
pub struct SimResult {
    pub games: u32,
    pub a_wins: u32,
    /// Decision times of player a, in microseconds (moves only; throws are not decisions).
    pub a_micros: Vec<u32>,
    pub actions: u64,
}

impl SimResult {
    pub fn win_rate(&self) -> f64 {
        self.a_wins as f64 / self.games.max(1) as f64
    }

    /// 95% Wilson score interval of a's win rate.
    pub fn wilson95(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let p = self.win_rate();
        let z = 1.959964f64;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// Percentile of a's decision time in milliseconds.
    pub fn a_ms(&self, pct: f64) -> f64 {
        if self.a_micros.is_empty() {
            return 0.0;
        }
        let mut v = self.a_micros.clone();
        v.sort_unstable();
        let i = ((pct / 100.0) * (v.len() - 1) as f64).round() as usize;
        v[i] as f64 / 1000.0
    }

    /// The summary line.
    pub fn line(&self) -> String {
        let (lo, hi) = self.wilson95();
        format!(
            "a_win_rate={:.3} ci95=[{:.3},{:.3}] a_ms_p50={:.3} a_ms_p99={:.3} games={}",
            self.win_rate(),
            lo,
            hi,
            self.a_ms(50.0),
            self.a_ms(99.0),
            self.games
        )
    }
}

/// Which seats player a takes in game `i`: with 2 seats they alternate; with teams, a plays
/// side `i % 2`; with 3-4 seats, a takes one seat, rotating, and b the others.
pub fn a_seats(cfg: &SimConfig, i: u32) -> Vec<bool> {
    let seats = cfg.seats as u32;
    (0..seats)
        .map(|s| {
            if cfg.teams {
                s % 2 == i % 2
            } else {
                s == i % seats
            }
        })
        .collect()
}

/// Play game `i` of the tournament: (a won, a's decision times in µs, actions).
pub fn play_one(cfg: &SimConfig, bot_a: &Bot, bot_b: &Bot, i: u32) -> (bool, Vec<u32>, u64) {
    let mut rng =
        ChaCha8Rng::seed_from_u64(cfg.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    let mut bot_rng = ChaCha8Rng::seed_from_u64(cfg.seed ^ 0x5eed_0000_0000 ^ i as u64);
    let (mut game, _) = Game::new(cfg.rules.clone(), cfg.seats, cfg.teams, &mut rng)
        .expect("the tournament's table is valid");
    let is_a = a_seats(cfg, i);
    let mut times = Vec::new();
    let mut actions = 0;
    let mut events = Vec::new();
    while !game.is_over() {
        let seat = game.turn();
        let bot = if is_a[seat as usize] { bot_a } else { bot_b };
        let timed = is_a[seat as usize] && game.phase() == Phase::Spend;
        let t = Instant::now();
        let action = bot
            .choose(&game, &mut bot_rng)
            .expect("a game that is not over has an action");
        if timed {
            times.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
        }
        events.clear();
        game.play_into(&action, &mut rng, &mut events)
            .expect("bots play legal actions");
        actions += 1;
    }
    let winner_seat = game.outcome().map(|o| o.seat).unwrap_or(0);
    (is_a[winner_seat as usize], times, actions)
}

/// Run the tournament on `cfg.threads` threads.
pub fn run(cfg: &SimConfig) -> SimResult {
    run_bots(
        cfg,
        &Bot::new(cfg.a, &cfg.rules),
        &Bot::new(cfg.b, &cfg.rules),
    )
}

/// Run the tournament between two given bots (`cfg.a` and `cfg.b` are not used).
pub fn run_bots(cfg: &SimConfig, bot_a: &Bot, bot_b: &Bot) -> SimResult {
    let threads = cfg.threads.max(1);
    let parts: Vec<SimResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (bot_a, bot_b) = (bot_a.clone(), bot_b.clone());
                scope.spawn(move || {
                    let mut r = SimResult::default();
                    let mut i = t as u32;
                    while i < cfg.games {
                        let (won, times, actions) = play_one(cfg, &bot_a, &bot_b, i);
                        r.games += 1;
                        r.a_wins += won as u32;
                        r.a_micros.extend(times);
                        r.actions += actions;
                        i += threads as u32;
                    }
                    r
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a tournament thread panicked"))
            .collect()
    });
    let mut total = SimResult::default();
    for p in parts {
        total.games += p.games;
        total.a_wins += p.a_wins;
        total.a_micros.extend(p.a_micros);
        total.actions += p.actions;
    }
    total
}
