//! `yut-tools bench event`: the pairing of a large Swiss round (issue 49's benchmark, its
//! pairing part): a deterministic field of `entrants` with `rounds` rounds already played
//! (each paired by the same code, the higher rated winning 2 games in 3), then the next round
//! paired `runs` times. Only the pairing is timed, not the field's making.

use yut_event::bench::{bench_swiss, swiss_field};
use yut_event::{pair_swiss, Scoring};

/// The figures: the field, the pairings timed, and a pairing's time (ms).
#[derive(Debug)]
pub struct EventBench {
    pub entrants: usize,
    pub rounds: usize,
    pub seed: u64,
    pub runs: usize,
    pub games: usize,
    pub byes: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl EventBench {
    /// The summary line, one `key=value` per figure.
    pub fn line(&self) -> String {
        format!(
            "event: entrants={} rounds={} seed={} runs={} games={} byes={} p50_ms={:.2} p99_ms={:.2} max_ms={:.2}",
            self.entrants,
            self.rounds,
            self.seed,
            self.runs,
            self.games,
            self.byes,
            self.p50_ms,
            self.p99_ms,
            self.max_ms
        )
    }
}

pub fn bench_event(entrants: usize, rounds: usize, seed: u64, runs: usize) -> EventBench {
    let runs = runs.max(1);
    let mut times: Vec<f64> = bench_swiss(entrants, rounds, seed, runs)
        .iter()
        .map(|d| d.as_secs_f64() * 1000.0)
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    // The pairing the runs made (the same each time: it is deterministic).
    let (field, history) = swiss_field(entrants, rounds, seed);
    let pairing = pair_swiss(&field, &history, &Scoring::default());
    EventBench {
        entrants,
        rounds,
        seed,
        runs,
        games: pairing.games.len(),
        byes: pairing.bye.is_some() as usize,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        max_ms: at(1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_field_is_paired_whole() {
        let b = bench_event(33, 3, 7, 3);
        assert_eq!(b.games * 2 + b.byes, 33);
        assert_eq!(b.byes, 1);
        assert!(b.p50_ms <= b.p99_ms && b.p99_ms <= b.max_ms);
        assert!(b
            .line()
            .starts_with("event: entrants=33 rounds=3 seed=7 runs=3 games=16 byes=1 "));
    }
}
