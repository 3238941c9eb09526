//! `yutbot bench ratings`: are the predicted win chances right? For one mode family, a pool of
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

/// One game as predicted: every side's ratings before it, and the sides' ranks.
#[derive(Debug, Clone)]
struct Record {
    sides: Vec<Vec<Rating>>,
    rank: Vec<usize>,
    /// Every person seated had at least [`PROVISIONAL_GAMES`] games.
    settled: bool,
    /// A bot sat at the table.
    with_bot: bool,
}

fn buckets_of(records: &[&Record], predict: &dyn Fn(&[Vec<Rating>]) -> Vec<f64>) -> [Bucket; 10] {
    let chances: Vec<Vec<f64>> = records.iter().map(|g| predict(&g.sides)).collect();
    buckets_from(records, &chances)
}

/// The buckets of these games given every side's predicted chance (`chances[i]` for
/// `records[i]`).
fn buckets_from(records: &[&Record], chances: &[Vec<f64>]) -> [Bucket; 10] {
    let mut buckets = [Bucket::default(); 10];
    for (g, p) in records.iter().zip(chances) {
        for (p, r) in p.iter().zip(&g.rank) {
            let b = &mut buckets[((p * 10.0) as usize).min(9)];
            b.n += 1;
            b.predicted_sum += p;
            b.wins += (*r == 1) as u32;
        }
    }
    buckets
}

/// The noise floor of these games: the largest bucket gap that predictions which are right by
/// construction show, the winners being drawn from the predictions themselves (`chances[i]`:
/// every side's chance in game i), `reps` times.
fn floor(chances: &[Vec<f64>], reps: usize) -> Floor {
    let mut rng = ChaCha8Rng::seed_from_u64(0xf100_u64 ^ chances.len() as u64);
    let mut gaps: Vec<f64> = (0..reps.max(1))
        .map(|_| {
            let mut buckets = [Bucket::default(); 10];
            for p in chances {
                let u: f64 = rng.random();
                let mut acc = 0.0;
                let mut winner = p.len() - 1;
                for (i, q) in p.iter().enumerate() {
                    acc += q;
                    if u < acc {
                        winner = i;
                        break;
                    }
                }
                for (i, q) in p.iter().enumerate() {
                    let b = &mut buckets[((q * 10.0) as usize).min(9)];
                    b.n += 1;
                    b.predicted_sum += q;
                    b.wins += (i == winner) as u32;
                }
            }
            max_gap_of(&buckets)
        })
        .collect();
    gaps.sort_by(f64::total_cmp);
    Floor {
        median: gaps[gaps.len() / 2],
        p90: gaps[gaps.len() * 9 / 10],
        within_target: gaps.iter().filter(|g| **g <= TARGET_GAP).count() as f64 / gaps.len() as f64,
    }
}

/// The target: every bucket of at least [`MIN_BUCKET`] predictions within this many
/// points.
pub const TARGET_GAP: f64 = 3.0;

/// What predictions right by construction score on a run's games (see [`floor`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Floor {
    /// The median of their largest gaps.
    pub median: f64,
    /// The 90th percentile.
    pub p90: f64,
    /// The share of draws whose largest gap is at most [`TARGET_GAP`]: how often a perfect
    /// model meets the target on games like these.
    pub within_target: f64,
}

impl Floor {
    fn line(&self, draws: usize) -> String {
        format!(
            "  noise floor: predictions right by construction, winners drawn from them, show a max gap of {:.2} (median of {draws} draws), {:.2} (90th percentile); {:.0}% of draws within {TARGET_GAP} points",
            self.median,
            self.p90,
            100.0 * self.within_target
        )
    }
}

fn max_gap_of(buckets: &[Bucket]) -> f64 {
    max_gap_at_least(buckets, MIN_BUCKET)
}

/// The largest gap over buckets with at least `min` predictions (0 if none). Pooled runs count
/// a bucket as one run would at `min` = [`MIN_BUCKET`] times the runs: the buckets that hold
/// at least [`MIN_BUCKET`] predictions in a run of the pool on average.
fn max_gap_at_least(buckets: &[Bucket], min: u32) -> f64 {
    worst_at_least(buckets, min).1.gap()
}

/// The bucket with the largest gap among those of at least [`MIN_BUCKET`] predictions (an
/// empty one if none).
fn worst(buckets: &[Bucket]) -> (usize, Bucket) {
    worst_at_least(buckets, MIN_BUCKET)
}

/// The bucket with the largest gap among those of at least `min` predictions (an empty one,
/// whose gap is 0, if none).
fn worst_at_least(buckets: &[Bucket], min: u32) -> (usize, Bucket) {
    buckets
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, b)| b.n >= min)
        .fold((0, Bucket::default()), |w, b| {
            if b.1.gap() > w.1.gap() {
                b
            } else {
                w
            }
        })
}

fn bucket_row(i: usize, b: &Bucket) -> String {
    format!(
        "{:.1}-{:.1} n {} predicted {:.3} observed {:.3}",
        i as f64 / 10.0,
        (i + 1) as f64 / 10.0,
        b.n,
        b.predicted(),
        b.observed()
    )
}

/// Mean over games of -ln of the predicted chance of the side that won (of each side ranked
/// first, if several were).
fn log_loss(records: &[&Record], predict: &dyn Fn(&[Vec<Rating>]) -> Vec<f64>) -> f64 {
    let chances: Vec<Vec<f64>> = records.iter().map(|g| predict(&g.sides)).collect();
    log_loss_of(records, &chances)
}

/// [`log_loss`] of chances already predicted (`chances[i]` for `records[i]`).
fn log_loss_of(records: &[&Record], chances: &[Vec<f64>]) -> f64 {
    let mut sum = 0.0;
    for (g, p) in records.iter().zip(chances) {
        for (p, r) in p.iter().zip(&g.rank) {
            if *r == 1 {
                sum -= p.max(1e-300).ln();
            }
        }
    }
    sum / records.len().max(1) as f64
}

/// The minimum of a unimodal `f` on `[lo, hi]` (golden-section search, to 1e-6).
fn argmin(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    while hi - lo > 1e-6 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - g * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + g * (hi - lo);
            fb = f(b);
        }
    }
    (lo + hi) / 2.0
}

/// The temperature minimising the log loss over `records` (searched as 1 / T in [0.2, 2], where
/// the log loss is convex: the logits are linear in 1 / T).
fn fit_temperature(params: &Params, records: &[&Record]) -> f64 {
    if records.is_empty() {
        return 1.0;
    }
    let theta = argmin(
        |th| log_loss(records, &|s| win_chances_tempered(params, s, 1.0 / th)),
        0.2,
        2.0,
    );
    1.0 / theta
}

/// The temperature and sigma weight (see [`win_chances_shaped`]) that together minimise the log
/// loss over `records`: `(T, w, log loss)`. The weight is searched in [0, 30] (golden section
/// over the best `T` of each weight).
fn fit_shape(params: &Params, records: &[&Record]) -> (f64, f64, f64) {
    let best_theta = |w: f64| {
        argmin(
            |th| log_loss(records, &|s| win_chances_shaped(params, s, 1.0 / th, w)),
            0.2,
            2.0,
        )
    };
    let loss_at = |w: f64| {
        let th = best_theta(w);
        log_loss(records, &|s| win_chances_shaped(params, s, 1.0 / th, w))
    };
    let w = argmin(loss_at, 0.0, 30.0);
    let t = 1.0 / best_theta(w);
    (
        t,
        w,
        log_loss(records, &|s| win_chances_shaped(params, s, t, w)),
    )
}

fn fit(params: &Params, records: &[Record], in_use: &dyn Fn(&[Vec<Rating>]) -> Vec<f64>) -> Fit {
    let all: Vec<&Record> = records.iter().collect();
    let (settled, unsettled): (Vec<&Record>, Vec<&Record>) =
        records.iter().partition(|g| g.settled);
    let temperature = fit_temperature(params, &all);
    let mut sides: Vec<usize> = records.iter().map(|g| g.sides.len()).collect();
    sides.sort_unstable();
    sides.dedup();
    let by_sides = sides
        .into_iter()
        .map(|n| {
            let these: Vec<&Record> = records.iter().filter(|g| g.sides.len() == n).collect();
            (n, fit_temperature(params, &these), these.len())
        })
        .collect();
    let at = |t: f64| move |s: &[Vec<Rating>]| win_chances_tempered(params, s, t);
    let with_beta = |b: f64| {
        move |s: &[Vec<Rating>]| {
            let p = Params { beta: b, ..*params };
            win_chances_tempered(&p, s, 1.0)
        }
    };
    let beta = argmin(
        |b| log_loss(&all, &with_beta(b)),
        0.5 * params.beta,
        5.0 * params.beta,
    );
    let (gap_temperature, gap_at_gap_temperature) = (0..=750)
        .map(|k| {
            let t = 0.5 + 0.002 * k as f64;
            (t, max_gap_of(&buckets_of(&all, &at(t))))
        })
        .fold((1.0, f64::INFINITY), |a, b| if b.1 < a.1 { b } else { a });
    let (raw_buckets, fitted_buckets) = (
        buckets_of(&all, &at(1.0)),
        buckets_of(&all, &at(temperature)),
    );
    Fit {
        temperature,
        settled: (fit_temperature(params, &settled), settled.len()),
        unsettled: (fit_temperature(params, &unsettled), unsettled.len()),
        log_loss_raw: log_loss(&all, &at(1.0)),
        log_loss_fitted: log_loss(&all, &at(temperature)),
        log_loss_in_use: log_loss(&all, in_use),
        by_sides,
        gap_raw: max_gap_of(&raw_buckets),
        gap_fitted: max_gap_of(&fitted_buckets),
        worst_raw: worst(&raw_buckets),
        worst_fitted: worst(&fitted_buckets),
        gap_temperature,
        gap_at_gap_temperature,
        gap_by_temperature: SCORED_TEMPERATURES
            .iter()
            .map(|&t| (t, max_gap_of(&buckets_of(&all, &at(t)))))
            .collect(),
        beta,
        log_loss_beta: log_loss(&all, &with_beta(beta)),
    }
}

/// One line comparing the tables with a bot (at its fixed anchor) and those of people only:
/// each kind's games and worst bucket.
fn by_table_line(records: &[&Record], chances: &[Vec<f64>]) -> String {
    let part = |bot: bool| {
        let (r, c): (Vec<&Record>, Vec<Vec<f64>>) = records
            .iter()
            .zip(chances)
            .filter(|(g, _)| g.with_bot == bot)
            .map(|(g, c)| (*g, c.clone()))
            .unzip();
        let (i, b) = worst(&buckets_from(&r, &c));
        if b.n == 0 {
            format!("{} games, no bucket of {MIN_BUCKET}", r.len())
        } else {
            format!(
                "{} games, worst {} gap {:.2}",
                r.len(),
                bucket_row(i, &b),
                b.gap()
            )
        }
    };
    format!(
        "  by table: with a bot {}; people only {}",
        part(true),
        part(false)
    )
}

/// The bucket table's lines: header, then one row per bucket.
fn bucket_table(buckets: &[Bucket]) -> Vec<String> {
    let mut out = vec!["  bucket      n  predicted  observed    gap  noise(2se)".to_string()];
    for (i, b) in buckets.iter().enumerate() {
        let range = format!("{:.1}-{:.1}", i as f64 / 10.0, (i + 1) as f64 / 10.0);
        if b.n == 0 {
            out.push(format!("  {range}     0"));
            continue;
        }
        out.push(format!(
            "  {range} {:>6}     {:.3}     {:.3} {:>6.2} {:>6.2}{}",
            b.n,
            b.predicted(),
            b.observed(),
            b.gap(),
            b.noise(),
            if b.n >= MIN_BUCKET { "" } else { "  (too few)" }
        ));
    }
    out
}

/// The temperatures whose largest gap the `fit:` lines show.
pub const SCORED_TEMPERATURES: [f64; 9] = [0.75, 0.8, 0.85, 0.9, 1.0, 1.05, 1.1, 1.15, 1.22];

/// The (temperature, sigma weight) pairs whose largest gap the pooled lines show.
pub const SCORED_SHAPES: [(f64, f64); 28] = [
    (1.0, 1.0),
    (1.05, 1.0),
    (1.15, 1.0),
    (1.3, 1.0),
    (0.9, 8.0),
    (0.95, 6.0),
    (1.0, 5.0),
    (1.1, 3.0),
    (1.2, 2.0),
    (0.85, 10.0),
    (0.9, 10.0),
    (1.0, 8.0),
    (1.1, 5.0),
    (0.8, 12.0),
    (1.0, 3.0),
    (1.05, 4.0),
    (1.15, 3.0),
    (0.95, 8.0),
    (1.2, 3.0),
    (0.9, 4.0),
    (1.08, 1.0),
    (1.1, 1.0),
    (1.0, 2.0),
    (1.05, 2.0),
    (1.1, 2.0),
    (0.95, 3.0),
    (0.93, 4.0),
    (0.95, 5.0),
];

/// Buckets with at least this many predictions count towards the gap.
pub const MIN_BUCKET: u32 = 100;
/// Draws of the noise floor of one run, and of pooled runs.
const FLOOR_DRAWS: usize = 200;
const POOLED_FLOOR_DRAWS: usize = 100;

impl Report {
    /// The largest gap over buckets with at least [`MIN_BUCKET`] predictions, in points.
    pub fn max_gap(&self) -> f64 {
        max_gap_of(&self.buckets)
    }

    /// The bucket table, the people's final ratings and the summary line.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "mode={} games={} people={} predictions={} bot_seats={:.0}% temperature={}",
            self.family,
            self.games,
            self.population,
            self.buckets.iter().map(|b| b.n).sum::<u32>(),
            100.0 * self.bot_seats,
            self.temperature
                .map_or("the bot's".to_string(), |t| format!("{t:.3}"))
        )];
        out.extend(bucket_table(&self.buckets));
        let mine: Vec<&Record> = self.records.iter().collect();
        out.push(by_table_line(&mine, &self.shown));
        for (level, n, mu, display) in &self.people {
            let anchor = bot_rating_with(&self.params, self.family, *level, Preset::Standard);
            out.push(format!(
                "  people playing as {}{level}: {n}, mean mu {mu:.2} (the {level} bot's anchor {:.2}), mean display {display:.0}",
                if self.population == Population::Mixes {
                    "nearly "
                } else {
                    ""
                },
                anchor.mu
            ));
        }
        out.push(format!(
            "  sigma after {PROVISIONAL_GAMES} games: mean {:.2} (new: {:.2})",
            self.sigma_at_provisional, self.params.sigma0
        ));
        out.push(format!(
            "  beta {:.3} tau {:.3}",
            self.params.beta, self.params.tau
        ));
        let f = &self.fit;
        out.push(format!(
            "  fit: temperature T={:.3} minimises the log loss of the raw predictions (settled tables {:.3} over {} games, with a provisional player {:.3} over {}); log loss raw {:.5}, T={:.3} {:.5}, in use {:.5}; max gap raw {:.2}, T={:.3} {:.2}",
            f.temperature,
            f.settled.0,
            f.settled.1,
            f.unsettled.0,
            f.unsettled.1,
            f.log_loss_raw,
            f.temperature,
            f.log_loss_fitted,
            f.log_loss_in_use,
            f.gap_raw,
            f.temperature,
            f.gap_fitted
        ));
        if f.by_sides.len() > 1 {
            let parts: Vec<String> = f
                .by_sides
                .iter()
                .map(|(n, t, g)| format!("{n} sides T={t:.3} over {g} games"))
                .collect();
            out.push(format!("  fit: by table size: {}", parts.join(", ")));
        }
        out.push(format!(
            "  fit: worst bucket raw {}, at T={:.3} {}",
            bucket_row(f.worst_raw.0, &f.worst_raw.1),
            f.temperature,
            bucket_row(f.worst_fitted.0, &f.worst_fitted.1)
        ));
        out.push(format!(
            "  fit: a prediction-only beta instead (T=1): {:.3}, log loss {:.5}; the T with the smallest max gap {:.3} (max gap {:.2})",
            f.beta, f.log_loss_beta, f.gap_temperature, f.gap_at_gap_temperature
        ));
        let by_t: Vec<String> = f
            .gap_by_temperature
            .iter()
            .map(|(t, g)| format!("T={t:.2} {g:.2}"))
            .collect();
        out.push(format!(
            "  fit: max gap by temperature: {}",
            by_t.join(", ")
        ));
        out.push(self.floor.line(FLOOR_DRAWS));
        out.push(format!(
            "ratings: mode={} games={} calibration_max_gap={:.2}",
            self.family,
            self.games,
            self.max_gap()
        ));
        out
    }
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

/// Runs of one family with different seeds, pooled: every run keeps its own people and
/// ratings (so each is a run of its own number of games), and their predictions are bucketed
/// together, which shows a bias of the model at that number of games that one run's noise
/// hides. The bucket table, the largest gap by temperature, the noise floor, and
/// `ratings: mode=M games=N runs=R pooled_calibration_max_gap=X as_in_a_run=Y`
/// (`Y` over the buckets one run would count: see [`max_gap_at_least`]). Empty for no reports.
pub fn pooled_lines(reports: &[Report]) -> Vec<String> {
    let Some(first) = reports.first() else {
        return Vec::new();
    };
    let all: Vec<&Record> = reports.iter().flat_map(|r| r.records.iter()).collect();
    let chances: Vec<Vec<f64>> = reports.iter().flat_map(|r| r.shown.clone()).collect();
    let buckets = buckets_from(&all, &chances);
    let mut out = vec![format!(
        "pooled: mode={} runs={} of {} games each",
        first.family,
        reports.len(),
        first.games,
    )];
    out.extend(bucket_table(&buckets));
    out.push(by_table_line(&all, &chances));
    let params = first.params;
    let by_t: Vec<String> = SCORED_TEMPERATURES
        .iter()
        .map(|&t| {
            let g = max_gap_of(&buckets_of(&all, &|s| win_chances_tempered(&params, s, t)));
            format!("T={t:.2} {g:.2}")
        })
        .collect();
    out.push(format!("  max gap by temperature: {}", by_t.join(", ")));
    let raw_loss = log_loss(&all, &|s| win_chances_tempered(&params, s, 1.0));
    let in_use_loss = log_loss_of(&all, &chances);
    let per_run_min = MIN_BUCKET.saturating_mul(reports.len() as u32);
    let grid: Vec<String> = SCORED_SHAPES
        .iter()
        .map(|&(t, w)| {
            // Every prediction once; `all` holds the runs' records in order, so each run's
            // are the next `records.len()` of them.
            let shaped: Vec<Vec<f64>> = all
                .iter()
                .map(|g| win_chances_shaped(&params, &g.sides, t, w))
                .collect();
            let pooled_buckets = buckets_from(&all, &shaped);
            let mut start = 0;
            let per_run: Vec<f64> = reports
                .iter()
                .map(|r| {
                    let end = start + r.records.len();
                    let gap = max_gap_of(&buckets_from(&all[start..end], &shaped[start..end]));
                    start = end;
                    gap
                })
                .collect();
            let within = per_run.iter().filter(|g| **g <= TARGET_GAP).count();
            format!(
                "T={t:.2} w={w:.0}: pooled {:.2} (as in a run {:.2}), runs mean {:.2}, {within} of {} within {TARGET_GAP}, log loss {:.5}",
                max_gap_of(&pooled_buckets),
                max_gap_at_least(&pooled_buckets, per_run_min),
                per_run.iter().sum::<f64>() / per_run.len().max(1) as f64,
                per_run.len(),
                log_loss_of(&all, &shaped)
            )
        })
        .collect();
    out.push(format!("  max gap by shape: {}", grid.join("; ")));
    let (t, w, loss) = fit_shape(&params, &all);
    let fitted = buckets_of(&all, &|s| win_chances_shaped(&params, s, t, w));
    out.push(format!(
        "  fit: T={t:.3} with sigma weight w={w:.2} minimises the log loss ({loss:.5}; raw {raw_loss:.5}, in use {in_use_loss:.5}); max gap there {:.2}",
        max_gap_of(&fitted)
    ));
    out.push(floor(&chances, POOLED_FLOOR_DRAWS).line(POOLED_FLOOR_DRAWS));
    out.push(format!(
        "ratings: mode={} games={} runs={} pooled_calibration_max_gap={:.2} as_in_a_run={:.2}",
        first.family,
        first.games,
        reports.len(),
        max_gap_of(&buckets),
        max_gap_at_least(&buckets, per_run_min)
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use yut_rating::win_chances_with;

    #[test]
    fn a_mixed_person_plays_between_two_levels() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut count = |p: Persona| {
            let mut n = std::collections::HashMap::new();
            for _ in 0..4_000 {
                *n.entry(p.level_for(&mut rng)).or_insert(0u32) += 1;
            }
            n
        };
        assert_eq!(count(Persona::at(0.0))[&Level::Easy], 4_000);
        assert_eq!(count(Persona::at(2.0))[&Level::Master], 4_000);
        assert_eq!(count(Persona::pure(Level::Normal))[&Level::Normal], 4_000);
        // A quarter of the way from Normal to Master: a quarter of the moves as Master.
        let n = count(Persona::at(1.25));
        assert_eq!(n.len(), 2, "{n:?}");
        assert!((850..1_150).contains(&n[&Level::Master]), "{n:?}");
        assert_eq!(Persona::at(1.25).nearest(), Level::Normal);
        assert_eq!(Persona::at(0.75).nearest(), Level::Normal);
        assert_eq!(Persona::at(0.25).nearest(), Level::Easy);
        assert_eq!("mixes".parse(), Ok(Population::Mixes));
        assert_eq!("levels".parse(), Ok(Population::Levels));
        assert!("bots".parse::<Population>().is_err());
    }

    #[test]
    fn a_mixed_run_reports_its_population() {
        let mut cfg = BenchConfig::new(ModeFamily::OneVsOne, 40, 2);
        cfg.population = Population::Mixes;
        cfg.threads = 2;
        let r = run(&cfg);
        assert_eq!(r.population, Population::Mixes);
        assert_eq!(r.people.iter().map(|p| p.1).sum::<usize>(), cfg.people);
        assert!(r.lines()[0].contains("people=mixes"), "{}", r.lines()[0]);
    }

    #[test]
    fn seats_are_distinct_people_and_never_all_bots() {
        for family in ModeFamily::ALL {
            let cfg = BenchConfig::new(family, 0, 3);
            let mut rng = ChaCha8Rng::seed_from_u64(9);
            for _ in 0..500 {
                let s = draw_seats(&cfg, &mut rng);
                let people: Vec<usize> = s
                    .iter()
                    .filter_map(|w| match w {
                        Who::Person(p) => Some(*p),
                        Who::Bot(_) => None,
                    })
                    .collect();
                assert!(!people.is_empty());
                let mut d = people.clone();
                d.sort_unstable();
                d.dedup();
                assert_eq!(d.len(), people.len());
                assert!(ModeFamily::of(s.len() as u8, family == ModeFamily::Teams) == Some(family));
            }
        }
    }

    /// Two sides of one person each, mu drawn from 0-50: chances spread over about 0.1-0.9.
    fn two_people(rng: &mut ChaCha8Rng) -> Vec<Vec<Rating>> {
        (0..2)
            .map(|_| {
                vec![Rating {
                    mu: rng.random_range(0.0..50.0),
                    sigma: 2.0,
                    games: 40,
                }]
            })
            .collect()
    }

    /// `n` tables of [`two_people`] (the first side ranked first).
    fn spread_tables(n: usize, seed: u64) -> Vec<Record> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let sides = two_people(&mut rng);
                Record {
                    sides,
                    rank: vec![1, 2],
                    settled: true,
                    with_bot: false,
                }
            })
            .collect()
    }

    #[test]
    fn the_noise_floor_shrinks_with_the_games() {
        // Right predictions still miss by chance: by several points over 1,000 games, by
        // well under one over 100,000 (a bucket's two standard errors fall as 1 / sqrt n).
        let params = Params::DEFAULT;
        let predict = |s: &[Vec<Rating>]| win_chances_with(&params, s);
        let chances = |n, seed| -> Vec<Vec<f64>> {
            spread_tables(n, seed)
                .iter()
                .map(|g| predict(&g.sides))
                .collect()
        };
        let few = floor(&chances(1_000, 1), 100);
        let many = floor(&chances(100_000, 2), 20);
        assert!(few.median > 1.5 && few.median < 10.0, "{few:?}");
        assert!(few.p90 >= few.median);
        assert!(few.within_target < 0.9, "{few:?}");
        assert!(many.median < 0.8, "{many:?}");
        assert!(many.p90 < few.median, "{many:?} vs {few:?}");
        assert_eq!(many.within_target, 1.0, "{many:?}");
    }

    #[test]
    fn the_fit_recovers_a_known_temperature() {
        // Games whose outcomes are drawn from the raw model at T = 1.3: the fit finds 1.3.
        let params = Params::DEFAULT;
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let records: Vec<Record> = (0..20_000)
            .map(|_| {
                let sides = two_people(&mut rng);
                let p = win_chances_tempered(&params, &sides, 1.3)[0];
                let rank = if rng.random_bool(p) {
                    vec![1, 2]
                } else {
                    vec![2, 1]
                };
                Record {
                    sides,
                    rank,
                    settled: true,
                    with_bot: false,
                }
            })
            .collect();
        let f = fit(&params, &records, &|s| win_chances_with(&params, s));
        assert!((f.temperature - 1.3).abs() < 0.06, "{}", f.temperature);
        assert_eq!(f.settled.1, records.len());
        assert!(f.log_loss_fitted <= f.log_loss_raw);
        assert!(
            f.gap_fitted < f.gap_raw,
            "{} vs {}",
            f.gap_fitted,
            f.gap_raw
        );
        assert!((argmin(|x| (x - 0.7) * (x - 0.7), 0.0, 2.0) - 0.7).abs() < 1e-5);
    }

    #[test]
    fn pooled_runs_bucket_every_prediction_of_every_run() {
        let mut cfg = BenchConfig::new(ModeFamily::OneVsOne, 12, 5);
        cfg.people = 6;
        cfg.threads = 1;
        let (a, b) = (
            run(&cfg),
            run(&BenchConfig {
                seed: 6,
                ..cfg.clone()
            }),
        );
        let rows = |lines: &[String]| -> u32 {
            lines
                .iter()
                .filter(|l| l.starts_with("  0.") && l.as_bytes()[5] == b'-')
                .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u32>().unwrap())
                .sum()
        };
        let pooled = pooled_lines(&[a.clone(), b]);
        assert_eq!(rows(&pooled), 48, "{pooled:#?}");
        assert!(pooled
            .last()
            .unwrap()
            .starts_with("ratings: mode=1v1 games=12 runs=2 pooled_calibration_max_gap="));
        // One run pooled alone is that run's buckets.
        assert_eq!(
            rows(&pooled_lines(std::slice::from_ref(&a))),
            a.buckets.iter().map(|b| b.n).sum::<u32>()
        );
        assert!(pooled_lines(&[]).is_empty());
    }

    #[test]
    fn a_pooled_gap_as_in_a_run_leaves_out_buckets_a_run_would_not_count() {
        let bucket = |n: u32, predicted: f64, wins: u32| Bucket {
            n,
            predicted_sum: predicted * n as f64,
            wins,
        };
        // 8 points off in a bucket of 150 predictions, 2 points in one of 900.
        let mut buckets = [Bucket::default(); 10];
        buckets[1] = bucket(150, 0.15, 35);
        buckets[4] = bucket(900, 0.45, 423);
        assert!((max_gap_of(&buckets) - (35.0 / 150.0 - 0.15) * 100.0).abs() < 1e-9);
        // Pooled over 3 runs, the first holds 50 a run: a run would not count it.
        assert!((max_gap_at_least(&buckets, 3 * MIN_BUCKET) - 2.0).abs() < 1e-9);
        assert_eq!(max_gap_at_least(&buckets, 1000), 0.0);
    }

    #[test]
    fn a_short_run_is_deterministic() {
        let mut cfg = BenchConfig::new(ModeFamily::OneVsOne, 12, 5);
        cfg.people = 6;
        let (a, b) = (
            run(&cfg),
            run(&BenchConfig {
                threads: 1,
                ..cfg.clone()
            }),
        );
        assert_eq!(a.lines(), b.lines());
        assert_eq!(a.buckets.iter().map(|b| b.n).sum::<u32>(), 24);
    }
}
