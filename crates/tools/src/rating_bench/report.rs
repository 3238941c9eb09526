//! The lines a run prints, and the pooled lines of several runs.

use super::*;

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
pub(super) const FLOOR_DRAWS: usize = 200;
pub(super) const POOLED_FLOOR_DRAWS: usize = 100;

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
