//! `yut-tools bench ratings`: are the predicted win chances right? For one mode family, a pool of
//! simulated people, each secretly playing as a fixed bot level (Easy, Normal or Master, drawn
//! at random; or, with [`Population::Mixes`], as a per-move mix of two neighbouring levels)
//! and rated from scratch as a person would be, plays rated games among themselves
//! and with bots (the anchors of [`bot_rating`]) in some seats. Before each game every side's
//! chance to win is predicted from the ratings of that moment ([`win_chances`]); after it the
//! people are rated ([`rate`]), the bots never. The predictions are then compared with what
//! happened, in ten buckets of predicted chance.
//!
//! Deterministic for a seed: who plays in which game is drawn first, the games (whose
//! outcome depends only on the levels seated and the game's own seed) are played on several
//! threads, and the ratings are then updated in game order on one.

mod calibration;
mod report;
pub use calibration::*;
pub use report::*;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yut_ai::{Bot, Level};
use yut_game::{Game, Preset, Rules};
use yut_rating::{
    bot_rating_with, rate_with, win_chances_shaped, win_chances_tempered, ModeFamily, Params,
    Rating, PROVISIONAL_GAMES,
};

/// The levels people are modelled as.
pub const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Master];

/// What to run.
#[derive(Debug, Clone)]
pub struct BenchConfig {
    pub family: ModeFamily,
    pub games: u32,
    pub seed: u64,
    pub threads: usize,
    /// People in the pool.
    pub people: usize,
    /// Chance that a seat is taken by a bot (1v1: that one of the two seats is).
    pub bot_share: f64,
    /// The model's constants (the bot's by default).
    pub params: Params,
    /// The prediction temperature to score (default: the family's
    /// [`yut_rating::prediction_temperature`], per table size in free-for-all).
    pub temperature: Option<f64>,
    /// A new person's mu (the bot's: [`yut_rating::MU0`], the Normal bot's anchor).
    pub mu0: f64,
    /// The weight of the sigmas in the prediction's `c` to score (see
    /// [`yut_rating::win_chances_shaped`]; default: the family's).
    pub sigma_weight: Option<f64>,
    /// How the people play.
    pub population: Population,
}

/// How the bench's people play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Population {
    /// Each person is one of [`LEVELS`], drawn at random: three clusters of strength, the
    /// harshest case for a rating (its errors show most between the clusters).
    #[default]
    Levels,
    /// Each person plays every move as one of two neighbouring levels, the stronger with a
    /// personal share: a strength drawn evenly on the line from Easy through Normal to
    /// Master, as people's are (a spread of skill rather than three kinds of player).
    Mixes,
}

impl std::str::FromStr for Population {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "levels" => Ok(Population::Levels),
            "mixes" => Ok(Population::Mixes),
            _ => Err(format!("unknown population {s:?} (levels or mixes)")),
        }
    }
}

impl std::fmt::Display for Population {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Population::Levels => "levels",
            Population::Mixes => "mixes",
        })
    }
}

/// How one seat plays: each move as `weaker`, or as `stronger` with chance `share`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Persona {
    weaker: Level,
    stronger: Level,
    share: f64,
}

impl Persona {
    fn pure(level: Level) -> Persona {
        Persona {
            weaker: level,
            stronger: level,
            share: 0.0,
        }
    }

    /// A person of strength `x` in [0, 2]: 0 Easy, 1 Normal, 2 Master, mixed in between.
    fn at(x: f64) -> Persona {
        if x < 1.0 {
            Persona {
                weaker: Level::Easy,
                stronger: Level::Normal,
                share: x,
            }
        } else {
            Persona {
                weaker: Level::Normal,
                stronger: Level::Master,
                share: (x - 1.0).min(1.0),
            }
        }
    }

    /// The level it is nearest to (for the report's lines per level).
    fn nearest(&self) -> Level {
        if self.share < 0.5 {
            self.weaker
        } else {
            self.stronger
        }
    }

    fn level_for(&self, rng: &mut ChaCha8Rng) -> Level {
        if self.weaker == self.stronger || !rng.random_bool(self.share) {
            self.weaker
        } else {
            self.stronger
        }
    }
}

impl BenchConfig {
    pub fn new(family: ModeFamily, games: u32, seed: u64) -> BenchConfig {
        BenchConfig {
            family,
            games,
            seed,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            people: 24,
            bot_share: 0.2,
            params: Params::DEFAULT,
            temperature: None,
            mu0: yut_rating::MU0,
            sigma_weight: None,
            population: Population::Levels,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Who {
    Person(usize),
    Bot(Level),
}

/// One bucket of predictions.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Bucket {
    /// Predictions (one per side per game) that fell in this bucket.
    pub n: u32,
    pub predicted_sum: f64,
    pub wins: u32,
}

impl Bucket {
    pub fn predicted(&self) -> f64 {
        self.predicted_sum / self.n.max(1) as f64
    }
    pub fn observed(&self) -> f64 {
        self.wins as f64 / self.n.max(1) as f64
    }
    /// |observed - predicted| in percentage points.
    pub fn gap(&self) -> f64 {
        100.0 * (self.observed() - self.predicted()).abs()
    }
    /// Two standard errors of the observed rate, in points: the noise a perfect prediction
    /// still shows.
    pub fn noise(&self) -> f64 {
        let p = self.predicted();
        200.0 * (p * (1.0 - p) / self.n.max(1) as f64).sqrt()
    }
}

/// What [`run`] measured.
#[derive(Debug, Clone)]
pub struct Report {
    pub family: ModeFamily,
    pub games: u32,
    pub buckets: [Bucket; 10],
    /// How the people played.
    pub population: Population,
    /// Per level people were modelled as (with [`Population::Mixes`], the level nearest to
    /// each): (people, mean mu at the end, mean display).
    pub people: Vec<(Level, usize, f64, f64)>,
    /// Mean sigma of the people who reached [`PROVISIONAL_GAMES`] games, at that game.
    pub sigma_at_provisional: f64,
    /// Share of seats bots took.
    pub bot_seats: f64,
    pub params: Params,
    /// The temperature fitted to this run's raw predictions.
    pub fit: Fit,
    /// [`BenchConfig::temperature`].
    pub temperature: Option<f64>,
    /// [`floor`] of the predictions in use.
    pub floor: Floor,
    /// The games as predicted, and every side's chance shown before each (`shown[i]` for
    /// `records[i]`), for the split by table and [`pooled_lines`].
    records: Vec<Record>,
    shown: Vec<Vec<f64>>,
}

/// A prediction temperature (see [`win_chances_tempered`]) fitted to one run: the `T` that
/// minimises the log loss (mean -ln of the winner's predicted chance, per game) of the raw
/// (`T = 1`) predictions. Prediction-only: the ratings do not depend on it, so every `T` is
/// scored on the same games and ratings.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// Fitted over all games.
    pub temperature: f64,
    /// Fitted over the games whose people all had [`PROVISIONAL_GAMES`] games or more, and
    /// over the others; with their game counts.
    pub settled: (f64, usize),
    pub unsettled: (f64, usize),
    /// Log loss per game: raw (`T = 1`), at the fitted `T`, at the `T` in use.
    pub log_loss_raw: f64,
    pub log_loss_fitted: f64,
    pub log_loss_in_use: f64,
    /// Fitted per number of sides (free-for-all: 3 and 4), with the games of each.
    pub by_sides: Vec<(usize, f64, usize)>,
    /// The largest bucket gap (as [`Report::max_gap`]) raw and at the fitted `T`.
    pub gap_raw: f64,
    pub gap_fitted: f64,
    /// The worst bucket (index, bucket) raw and at the fitted `T`.
    pub worst_raw: (usize, Bucket),
    pub worst_fitted: (usize, Bucket),
    /// The `T` (on a grid of 0.002 from 0.5 to 2) with the smallest largest bucket gap, the
    /// bench's own measure rather than a proper score, and that gap.
    pub gap_temperature: f64,
    pub gap_at_gap_temperature: f64,
    /// The largest bucket gap at each of [`SCORED_TEMPERATURES`].
    pub gap_by_temperature: Vec<(f64, f64)>,
    /// The other one-constant way to soften: a prediction-only beta (`T = 1`), fitted the
    /// same way, and its log loss.
    pub beta: f64,
    pub log_loss_beta: f64,
}

/// The seats of game `i`, in seat order (2v2: seats 0 and 2 play side 0, 1 and 3 side 1).
fn draw_seats(cfg: &BenchConfig, rng: &mut ChaCha8Rng) -> Vec<Who> {
    let seats = match cfg.family {
        ModeFamily::OneVsOne => 2,
        ModeFamily::Teams => 4,
        ModeFamily::FreeForAll => rng.random_range(3..=4),
    };
    let mut people: Vec<usize> = (0..cfg.people).collect();
    let mut pick = |rng: &mut ChaCha8Rng| {
        let k = rng.random_range(0..people.len());
        Who::Person(people.swap_remove(k))
    };
    let bot = |rng: &mut ChaCha8Rng| Who::Bot(LEVELS[rng.random_range(0..LEVELS.len())]);
    let mut out: Vec<Who> = Vec::with_capacity(seats);
    if cfg.family == ModeFamily::OneVsOne {
        out.push(pick(rng));
        let second = if rng.random_bool(cfg.bot_share) {
            bot(rng)
        } else {
            pick(rng)
        };
        out.push(second);
        if rng.random_bool(0.5) {
            out.swap(0, 1);
        }
        return out;
    }
    for _ in 0..seats {
        let w = if rng.random_bool(cfg.bot_share) {
            bot(rng)
        } else {
            pick(rng)
        };
        out.push(w);
    }
    if out.iter().all(|w| matches!(w, Who::Bot(_))) {
        let k = rng.random_range(0..seats);
        out[k] = pick(rng);
    }
    out
}

/// Play one game with these personas in the seats: every side's finishing rank (1 = won).
fn play(bots: &[Bot], seats: &[Persona], teams: bool, seed: u64) -> Vec<usize> {
    let rules = Rules::preset(Preset::Standard);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bot_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7a7e_5eed);
    let mut mix_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0311_c0de);
    let (mut game, _) = Game::new(rules, seats.len() as u8, teams, &mut rng)
        .expect("the benchmark's tables are valid");
    while !game.is_over() {
        let level = seats[game.turn() as usize].level_for(&mut mix_rng);
        let bot = bots
            .iter()
            .find(|b| b.level == level)
            .expect("a bot for every level played");
        let action = bot
            .choose(&game, &mut bot_rng)
            .expect("a game that is not over has an action");
        game.play(&action, &mut rng)
            .expect("bots play legal actions");
    }
    let mut ranks = vec![0; game.sides() as usize];
    if let Some(o) = game.outcome() {
        for (place, side) in o.ranking.iter().enumerate() {
            ranks[*side as usize] = place + 1;
        }
    }
    ranks
}

/// Run the benchmark for one family.
pub fn run(cfg: &BenchConfig) -> Report {
    let tag = cfg.family as u64 + 1;
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ tag);
    let hidden: Vec<Persona> = (0..cfg.people)
        .map(|_| match cfg.population {
            Population::Levels => Persona::pure(LEVELS[rng.random_range(0..LEVELS.len())]),
            Population::Mixes => Persona::at(rng.random_range(0.0..2.0)),
        })
        .collect();
    let plan: Vec<Vec<Who>> = (0..cfg.games).map(|_| draw_seats(cfg, &mut rng)).collect();
    let teams = cfg.family == ModeFamily::Teams;
    let level_of = |w: &Who| match *w {
        Who::Person(p) => hidden[p],
        Who::Bot(l) => Persona::pure(l),
    };
    let game_seed = |i: usize| (cfg.seed << 32) ^ (tag << 24) ^ i as u64 ^ 0x5eed_0000_0000_0000;

    let rules = Rules::preset(Preset::Standard);
    let bots: Vec<Bot> = LEVELS.iter().map(|l| Bot::new(*l, &rules)).collect();
    let threads = cfg.threads.max(1);
    let mut ranks: Vec<Vec<usize>> = vec![Vec::new(); plan.len()];
    let parts: Vec<Vec<(usize, Vec<usize>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (plan, bots, level_of, game_seed) =
                    (&plan, bots.clone(), &level_of, &game_seed);
                s.spawn(move || {
                    let mut out = Vec::new();
                    let mut i = t;
                    while i < plan.len() {
                        let seats: Vec<Persona> = plan[i].iter().map(level_of).collect();
                        out.push((i, play(&bots, &seats, teams, game_seed(i))));
                        i += threads;
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a benchmark thread panicked"))
            .collect()
    });
    for (i, r) in parts.into_iter().flatten() {
        ranks[i] = r;
    }

    let fresh = Rating {
        mu: cfg.mu0,
        sigma: cfg.params.sigma0,
        ..Rating::new()
    };
    let mut ratings = vec![fresh; cfg.people];
    let mut records: Vec<Record> = Vec::with_capacity(plan.len());
    let (mut sigma_sum, mut sigma_n) = (0.0, 0u32);
    let (mut bot_seats, mut seats) = (0usize, 0usize);
    for (seating, rank) in plan.iter().zip(&ranks) {
        let sides = rank.len();
        let who: Vec<Vec<Who>> = (0..sides)
            .map(|side| {
                seating
                    .iter()
                    .enumerate()
                    .filter(|(seat, _)| {
                        if teams {
                            seat % 2 == side
                        } else {
                            *seat == side
                        }
                    })
                    .map(|(_, w)| *w)
                    .collect()
            })
            .collect();
        let current: Vec<Vec<Rating>> = who
            .iter()
            .map(|side| {
                side.iter()
                    .map(|w| match *w {
                        Who::Person(p) => ratings[p],
                        Who::Bot(l) => {
                            bot_rating_with(&cfg.params, cfg.family, l, Preset::Standard)
                        }
                    })
                    .collect()
            })
            .collect();
        let settled = who.iter().flatten().all(|w| match *w {
            Who::Person(p) => ratings[p].games >= PROVISIONAL_GAMES,
            Who::Bot(_) => true,
        });
        let rated =
            rate_with(&cfg.params, &current, rank).expect("a finished game ranks every side");
        for (side_who, side_new) in who.iter().zip(rated) {
            for (w, r) in side_who.iter().zip(side_new) {
                seats += 1;
                match *w {
                    Who::Person(p) => {
                        ratings[p] = r;
                        if r.games == PROVISIONAL_GAMES {
                            sigma_sum += r.sigma;
                            sigma_n += 1;
                        }
                    }
                    Who::Bot(_) => bot_seats += 1,
                }
            }
        }
        records.push(Record {
            sides: current,
            rank: rank.clone(),
            settled,
            with_bot: who.iter().flatten().any(|w| matches!(w, Who::Bot(_))),
        });
    }
    let all: Vec<&Record> = records.iter().collect();
    // The bot's shape ([`win_chances_with`]) unless the run overrides a part of it.
    let in_use = |s: &[Vec<Rating>]| {
        let (t, w) =
            yut_rating::family_of_sides(s).map_or((1.0, 1.0), yut_rating::prediction_shape);
        let (t, w) = (cfg.temperature.unwrap_or(t), cfg.sigma_weight.unwrap_or(w));
        win_chances_shaped(&cfg.params, s, t, w)
    };
    let shown: Vec<Vec<f64>> = all.iter().map(|g| in_use(&g.sides)).collect();
    let buckets = buckets_from(&all, &shown);
    let people = LEVELS
        .iter()
        .map(|level| {
            let mine: Vec<&Rating> = ratings
                .iter()
                .zip(&hidden)
                .filter(|(_, l)| l.nearest() == *level)
                .map(|(r, _)| r)
                .collect();
            let n = mine.len().max(1) as f64;
            (
                *level,
                mine.len(),
                mine.iter().map(|r| r.mu).sum::<f64>() / n,
                mine.iter().map(|r| r.display() as f64).sum::<f64>() / n,
            )
        })
        .collect();
    Report {
        family: cfg.family,
        games: cfg.games,
        population: cfg.population,
        buckets,
        people,
        sigma_at_provisional: sigma_sum / sigma_n.max(1) as f64,
        bot_seats: bot_seats as f64 / seats.max(1) as f64,
        params: cfg.params,
        fit: fit(&cfg.params, &records, &in_use),
        temperature: cfg.temperature,
        floor: floor(&shown, FLOOR_DRAWS),
        records,
        shown,
    }
}

#[cfg(test)]
mod tests;
