//! Calibration: predictions in buckets, the largest gap, the noise floor of a run, log loss,
//! and the fits of temperature and shape.

use super::*;

/// One game as predicted: every side's ratings before it, and the sides' ranks.
#[derive(Debug, Clone)]
pub(super) struct Record {
    pub(super) sides: Vec<Vec<Rating>>,
    pub(super) rank: Vec<usize>,
    /// Every person seated had at least [`PROVISIONAL_GAMES`] games.
    pub(super) settled: bool,
    /// A bot sat at the table.
    pub(super) with_bot: bool,
}

pub(super) fn buckets_of(
    records: &[&Record],
    predict: &dyn Fn(&[Vec<Rating>]) -> Vec<f64>,
) -> [Bucket; 10] {
    let chances: Vec<Vec<f64>> = records.iter().map(|g| predict(&g.sides)).collect();
    buckets_from(records, &chances)
}

/// The buckets of these games given every side's predicted chance (`chances[i]` for
/// `records[i]`).
pub(super) fn buckets_from(records: &[&Record], chances: &[Vec<f64>]) -> [Bucket; 10] {
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
pub(super) fn floor(chances: &[Vec<f64>], reps: usize) -> Floor {
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
    pub(super) fn line(&self, draws: usize) -> String {
        format!(
            "  noise floor: predictions right by construction, winners drawn from them, show a max gap of {:.2} (median of {draws} draws), {:.2} (90th percentile); {:.0}% of draws within {TARGET_GAP} points",
            self.median,
            self.p90,
            100.0 * self.within_target
        )
    }
}

pub(super) fn max_gap_of(buckets: &[Bucket]) -> f64 {
    max_gap_at_least(buckets, MIN_BUCKET)
}

/// The largest gap over buckets with at least `min` predictions (0 if none). Pooled runs count
/// a bucket as one run would at `min` = [`MIN_BUCKET`] times the runs: the buckets that hold
/// at least [`MIN_BUCKET`] predictions in a run of the pool on average.
pub(super) fn max_gap_at_least(buckets: &[Bucket], min: u32) -> f64 {
    worst_at_least(buckets, min).1.gap()
}

/// The bucket with the largest gap among those of at least [`MIN_BUCKET`] predictions (an
/// empty one if none).
pub(super) fn worst(buckets: &[Bucket]) -> (usize, Bucket) {
    worst_at_least(buckets, MIN_BUCKET)
}

/// The bucket with the largest gap among those of at least `min` predictions (an empty one,
/// whose gap is 0, if none).
pub(super) fn worst_at_least(buckets: &[Bucket], min: u32) -> (usize, Bucket) {
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

pub(super) fn bucket_row(i: usize, b: &Bucket) -> String {
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
pub(super) fn log_loss(records: &[&Record], predict: &dyn Fn(&[Vec<Rating>]) -> Vec<f64>) -> f64 {
    let chances: Vec<Vec<f64>> = records.iter().map(|g| predict(&g.sides)).collect();
    log_loss_of(records, &chances)
}

/// [`log_loss`] of chances already predicted (`chances[i]` for `records[i]`).
pub(super) fn log_loss_of(records: &[&Record], chances: &[Vec<f64>]) -> f64 {
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
pub(super) fn argmin(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
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
pub(super) fn fit_temperature(params: &Params, records: &[&Record]) -> f64 {
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
pub(super) fn fit_shape(params: &Params, records: &[&Record]) -> (f64, f64, f64) {
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

pub(super) fn fit(
    params: &Params,
    records: &[Record],
    in_use: &dyn Fn(&[Vec<Rating>]) -> Vec<f64>,
) -> Fit {
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
pub(super) fn by_table_line(records: &[&Record], chances: &[Vec<f64>]) -> String {
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
pub(super) fn bucket_table(buckets: &[Bucket]) -> Vec<String> {
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
