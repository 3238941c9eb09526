//! The pairings of a few mid-size fields, pinned as the code gave them before it was made faster
//! (`pinned.json`): a speed-up must not change any pairing, not even between pairings of equal
//! weight, which the brute-force tests cannot see. Each field is `bench::swiss_field`, whose
//! earlier rounds are paired by the same code, so a change in any of them shows too.
//!
//! `pinned.json` was written by the ignored `record` test below
//! (`cargo test -p yut-event --test pinned -- --ignored record`) and must not be rewritten to
//! make a change pass.

use serde::{Deserialize, Serialize};
use yut_event::bench::swiss_field;
use yut_event::{pair_swiss, Scoring, SwissPairing};

/// One pinned field and the pairing of its next round.
#[derive(Debug, Serialize, Deserialize)]
struct Pin {
    entrants: usize,
    rounds: usize,
    seed: u64,
    pairing: SwissPairing,
}

/// The fields pinned: even and odd counts (a bye), short and long histories, and the benchmark's
/// field (1,024 entrants after 9 rounds).
const FIELDS: [(usize, usize, u64); 7] = [
    (64, 3, 1),
    (64, 6, 7),
    (65, 5, 3),
    (300, 4, 49),
    (300, 8, 2),
    (301, 7, 5),
    (1024, 9, 49),
];

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pinned.json");

fn pair(entrants: usize, rounds: usize, seed: u64) -> SwissPairing {
    let (field, history) = swiss_field(entrants, rounds, seed);
    pair_swiss(&field, &history, &Scoring::default())
}

#[test]
fn pairings_stay_as_pinned() {
    let pins: Vec<Pin> =
        serde_json::from_str(&std::fs::read_to_string(FILE).expect("pinned.json")).expect("json");
    assert_eq!(pins.len(), FIELDS.len());
    for (pin, &(entrants, rounds, seed)) in pins.iter().zip(&FIELDS) {
        assert_eq!(
            (pin.entrants, pin.rounds, pin.seed),
            (entrants, rounds, seed)
        );
        assert_eq!(
            pair(entrants, rounds, seed),
            pin.pairing,
            "{entrants} entrants after {rounds} rounds, seed {seed}"
        );
    }
}

#[test]
#[ignore]
fn record() {
    let pins: Vec<Pin> = FIELDS
        .iter()
        .map(|&(entrants, rounds, seed)| Pin {
            entrants,
            rounds,
            seed,
            pairing: pair(entrants, rounds, seed),
        })
        .collect();
    std::fs::write(FILE, serde_json::to_string(&pins).expect("json") + "\n").expect("write");
}
