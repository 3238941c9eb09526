//! A deterministic large Swiss field for benchmarks (`yut-tools bench event` calls these; the
//! test suite only has an ignored timing test). The only clock in the crate is here, and only
//! measures: no result depends on it.

use crate::model::{Entrant, History, Played, Round, Scoring};
use crate::swiss::pair_swiss;
use std::time::{Duration, Instant};

/// A xorshift generator seeded by the caller: the same seed gives the same field.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `entrants` entrants with spread ratings and `rounds` Swiss rounds played (each paired by
/// [`pair_swiss`], the higher rated winning 2 games in 3).
pub fn swiss_field(entrants: usize, rounds: usize, seed: u64) -> (Vec<Entrant>, History) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let field: Vec<Entrant> = (0..entrants)
        .map(|i| Entrant::new(i as u64 + 1, 1000.0 + (rng.next() % 1000) as f64))
        .collect();
    let rating = |id: u64| field[(id - 1) as usize].rating;
    let mut history = History::default();
    for _ in 0..rounds {
        let p = pair_swiss(&field, &history, &Scoring::default());
        let mut played: Vec<Played> = p
            .games
            .iter()
            .map(|&(a, b)| {
                let (hi, lo) = if rating(a) >= rating(b) {
                    (a, b)
                } else {
                    (b, a)
                };
                let winner = if rng.next().is_multiple_of(3) { lo } else { hi };
                Played::Game {
                    first: a,
                    second: b,
                    winner,
                    pieces: [(rng.next() % 5) as u32, (rng.next() % 5) as u32],
                }
            })
            .collect();
        if let Some(b) = p.bye {
            played.push(Played::Bye { entrant: b });
        }
        history.rounds.push(Round { played });
    }
    (field, history)
}

/// Times `runs` pairings of the next round of [`swiss_field`]`(entrants, rounds, seed)`.
pub fn bench_swiss(entrants: usize, rounds: usize, seed: u64, runs: usize) -> Vec<Duration> {
    let (field, history) = swiss_field(entrants, rounds, seed);
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            let p = pair_swiss(&field, &history, &Scoring::default());
            let d = t.elapsed();
            assert_eq!(p.games.len() * 2 + p.bye.is_some() as usize, entrants);
            d
        })
        .collect()
}
