//! Tournaments between AI levels: `yut-tools sim`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use yut_ai::{Bot, Level};
use yut_game::{Game, Phase, Rules};

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

/// What to measure with [`regret`].
#[derive(Debug, Clone)]
pub struct RegretConfig {
    pub rules: Rules,
    /// The opponent of Master (two seats).
    pub b: Level,
    /// Master's decisions to look at (every `stride`-th one that has a choice).
    pub positions: usize,
    pub stride: usize,
    /// Games finished per legal move in the first pass.
    pub rollouts: u32,
    /// Decisions whose first-pass gap is above this are measured again with `refine` games
    /// for Master's move and the best-looking other one.
    pub refine_above: f64,
    pub refine: u32,
    pub seed: u64,
    pub threads: usize,
}

/// What [`regret`] found, in chances to win (0.01 = one game in a hundred).
#[derive(Debug, Clone, Default)]
pub struct RegretResult {
    pub positions: usize,
    pub games: usize,
    /// Master's decisions with two or more legal moves, per game.
    pub decisions_per_game: f64,
    /// First pass, split halves: the move that looked best on one half of the games, measured
    /// on the other half, minus Master's move on that half (unbiased for what picking by
    /// rollouts would gain), mean and standard error per decision.
    pub split_mean: f64,
    pub split_se: f64,
    /// First pass: best move's share of wins minus Master's (biased upwards by the noise).
    pub naive_mean: f64,
    /// Decisions measured again, and their gaps (best-looking move minus Master's move).
    pub refined: Vec<f64>,
    /// The decisions measured again: gap, position, Master's move, the other move.
    pub worst: Vec<(f64, Game, yut_game::Move, yut_game::Move)>,
}

/// One line describing a position: whose turn, the pool, every piece on the board, waiting
/// and home pieces by side.
pub fn describe(g: &Game) -> String {
    let mut s = format!("seat {} to act, pool [", g.turn());
    let chips: Vec<String> = g.pool().iter().map(|c| c.to_string()).collect();
    s += &chips.join(" ");
    s += "];";
    for side in 0..g.sides() {
        s += &format!(" side {side}:");
        for u in g.units().iter().filter(|u| u.side == side) {
            s += &format!(" {}", u.point());
            if u.count > 1 {
                s += &format!("x{}", u.count);
            }
        }
        s += &format!(" (waiting {}, home {})", g.waiting(side), g.home(side));
    }
    s
}

impl RegretResult {
    /// The chance to win per game that the refined decisions give away (positive gaps only,
    /// scaled from the sample to every decision of a game).
    pub fn per_game(&self) -> f64 {
        let lost: f64 = self.refined.iter().map(|g| g.max(0.0)).sum::<f64>() + 0.0;
        lost / self.positions.max(1) as f64 * self.decisions_per_game
    }
}

/// Master's regret against an opponent: sample Master's decisions in real games, finish the
/// game from every legal move many times (Master's pool search, without the reply check, for
/// Master's side and the opponent's own policy for the other; the same seeds for every move),
/// and compare Master's move with the best. Deterministic for a seed.
pub fn regret(cfg: &RegretConfig) -> RegretResult {
    struct Pos {
        game: Game,
        me: u8,
        chosen: usize,
        moves: Vec<yut_game::Move>,
    }
    let master = Bot::new(Level::Master, &cfg.rules);
    let opp = Bot::new(cfg.b, &cfg.rules);
    let fast = Bot::with_learned(&cfg.rules, yut_ai::learned_for(&cfg.rules), 0);
    let finish = |g0: &Game, me: u8, seed: u64| -> bool {
        let mut g = g0.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let bot = if g.turn() == me { &fast } else { &opp };
            let a = bot.choose(&g, &mut rng).expect("not over");
            g.play(&a, &mut rng).expect("bots play legal actions");
        }
        g.outcome().is_some_and(|o| o.winner == me)
    };

    let mut pos = Vec::new();
    let (mut decisions, mut games, mut counter) = (0usize, 0usize, 0usize);
    let stride = cfg.stride.max(1);
    while pos.len() < cfg.positions {
        let i = games as u64;
        let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed.wrapping_mul(1_000_003).wrapping_add(i));
        let mut bot_rng = ChaCha8Rng::seed_from_u64(cfg.seed ^ 0xabcd_0000 ^ i);
        let Ok((mut g, _)) = Game::new(cfg.rules.clone(), 2, false, &mut rng) else {
            break;
        };
        let me = (i % 2) as u8;
        games += 1;
        while !g.is_over() {
            let bot = if g.turn() == me { &master } else { &opp };
            let act = bot.choose(&g, &mut bot_rng).expect("not over");
            if let (true, yut_game::Action::Move(m)) = (g.turn() == me, act) {
                let moves = g.legal_moves();
                if moves.len() >= 2 {
                    decisions += 1;
                    counter += 1;
                    if counter % stride == 0 && pos.len() < cfg.positions {
                        let chosen = moves.iter().position(|x| *x == m).expect("legal");
                        pos.push(Pos {
                            game: g.clone(),
                            me,
                            chosen,
                            moves,
                        });
                    }
                }
            }
            g.play(&act, &mut rng).expect("bots play legal actions");
        }
    }

    let threads = cfg.threads.max(1);
    // Per decision: split-half gap, naive gap, refined gap (if measured again).
    type Row = (
        f64,
        f64,
        Option<f64>,
        Option<(f64, Game, yut_game::Move, yut_game::Move)>,
    );
    let rows: Vec<Row> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                let (pos, finish) = (&pos, &finish);
                s.spawn(move || {
                    let mut out = Vec::new();
                    let mut j = t;
                    while j < pos.len() {
                        let p = &pos[j];
                        let seed_of = |r: u64| (cfg.seed << 40) ^ ((j as u64) << 20) ^ r;
                        let after: Vec<Game> = p
                            .moves
                            .iter()
                            .map(|m| {
                                let mut g = p.game.clone();
                                g.play_move(m, &mut Vec::new()).expect("legal");
                                g
                            })
                            .collect();
                        let mut wins = vec![[0u32; 2]; p.moves.len()];
                        for (c, g1) in after.iter().enumerate() {
                            for r in 0..cfg.rollouts as u64 {
                                if finish(g1, p.me, seed_of(r)) {
                                    wins[c][(r % 2) as usize] += 1;
                                }
                            }
                        }
                        let half = (cfg.rollouts / 2).max(1) as f64;
                        let mut split = 0.0;
                        for h in 0..2 {
                            let best = (0..wins.len()).max_by_key(|c| wins[*c][h]).unwrap_or(0);
                            split +=
                                (wins[best][1 - h] as f64 - wins[p.chosen][1 - h] as f64) / half;
                        }
                        let total = |c: usize| wins[c][0] + wins[c][1];
                        let best = (0..wins.len()).max_by_key(|c| total(*c)).unwrap_or(0);
                        let naive = (total(best) as f64 - total(p.chosen) as f64)
                            / cfg.rollouts.max(1) as f64;
                        let refined = (naive > cfg.refine_above && cfg.refine > 0).then(|| {
                            let mut gap = 0i64;
                            for r in 0..cfg.refine as u64 {
                                let sd = seed_of(r + 1_000_000);
                                gap += finish(&after[best], p.me, sd) as i64;
                                gap -= finish(&after[p.chosen], p.me, sd) as i64;
                            }
                            gap as f64 / cfg.refine as f64
                        });
                        let worst = refined
                            .map(|gap| (gap, p.game.clone(), p.moves[p.chosen], p.moves[best]));
                        out.push((split / 2.0, naive, refined, worst));
                        j += threads;
                    }
                    out
                })
            })
            .collect();
        hs.into_iter()
            .flat_map(|h| h.join().expect("a regret thread panicked"))
            .collect()
    });
    let n = rows.len().max(1) as f64;
    let split_mean = rows.iter().map(|r| r.0).sum::<f64>() / n;
    let var = rows.iter().map(|r| (r.0 - split_mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    RegretResult {
        positions: rows.len(),
        games,
        decisions_per_game: decisions as f64 / games.max(1) as f64,
        split_mean,
        split_se: (var / n).sqrt(),
        naive_mean: rows.iter().map(|r| r.1).sum::<f64>() / n,
        refined: rows.iter().filter_map(|r| r.2).collect(),
        worst: {
            let mut w: Vec<_> = rows.into_iter().filter_map(|r| r.3).collect();
            w.sort_by(|a, b| b.0.total_cmp(&a.0));
            w
        },
    }
}
