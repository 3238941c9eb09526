//! Swiss pairing properties over random fields and histories, checked against brute force.

use proptest::prelude::*;
use std::collections::BTreeSet;
use yut_event::swiss::{pair_swiss_complete, pairing_digits};
use yut_event::{pair_swiss, records, Entrant, History, Played, Round, Scoring, SwissPairing};

/// A small deterministic generator (the tests choose their own randomness through proptest's
/// seeds; the crate itself has none).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random field and history: `rounds` rounds of arbitrary pairings (not necessarily Swiss:
/// rematches and repeated byes happen), then some drops.
fn scenario() -> impl Strategy<Value = (Vec<Entrant>, History)> {
    (
        1usize..=10,
        0usize..=5,
        any::<u64>(),
        0usize..=2,
        any::<bool>(),
    )
        .prop_map(|(n, rounds, seed, drops, swiss_history)| {
            let mut rng = Rng(seed | 1);
            let entrants: Vec<Entrant> = (0..n)
                .map(|i| Entrant::new(100 + i as u64 * 7, (rng.below(5) * 100) as f64))
                .collect();
            let mut history = History::default();
            for _ in 0..rounds {
                let pairing = if swiss_history {
                    pair_swiss(&entrants, &history, &Scoring::default())
                } else {
                    let mut ids: Vec<u64> = entrants.iter().map(|e| e.id).collect();
                    for i in (1..ids.len()).rev() {
                        ids.swap(i, rng.below(i + 1));
                    }
                    let bye = (ids.len() % 2 == 1).then(|| ids.pop().unwrap());
                    SwissPairing {
                        games: ids.chunks(2).map(|c| (c[0], c[1])).collect(),
                        bye,
                    }
                };
                history.rounds.push(play(&pairing, &mut rng));
            }
            for _ in 0..drops.min(n.saturating_sub(1)) {
                let id = entrants[rng.below(n)].id;
                if !history.drops.contains(&id) {
                    history.drops.push(id);
                }
            }
            (entrants, history)
        })
}

fn play(p: &SwissPairing, rng: &mut Rng) -> Round {
    let mut played: Vec<Played> = p
        .games
        .iter()
        .map(|&(a, b)| Played::Game {
            first: a,
            second: b,
            winner: if rng.below(2) == 0 { a } else { b },
            pieces: [rng.below(5) as u32, rng.below(5) as u32],
        })
        .collect();
    if let Some(b) = p.bye {
        played.push(Played::Bye { entrant: b });
    }
    Round { played }
}

/// Every pairing of `ids` (with one bye when odd).
fn all_pairings(ids: &[u64]) -> Vec<SwissPairing> {
    fn rec(rest: &[u64], bye_left: bool, acc: &mut SwissPairing, out: &mut Vec<SwissPairing>) {
        let Some((&a, tail)) = rest.split_first() else {
            out.push(acc.clone());
            return;
        };
        if bye_left {
            acc.bye = Some(a);
            rec(tail, false, acc, out);
            acc.bye = None;
        }
        for i in 0..tail.len() {
            let b = tail[i];
            let mut others = tail.to_vec();
            others.remove(i);
            acc.games.push((a, b));
            rec(&others, bye_left, acc, out);
            acc.games.pop();
        }
    }
    let mut out = Vec::new();
    let mut acc = SwissPairing {
        games: vec![],
        bye: None,
    };
    rec(ids, ids.len() % 2 == 1, &mut acc, &mut out);
    out
}

/// The criteria computed independently of the crate's weights, smaller is better:
/// (repeats, bye recipient's score, pairs across score groups, sum of squared differences).
fn criteria(entrants: &[Entrant], h: &History, p: &SwissPairing) -> (usize, u32, usize, u32) {
    let recs = records(entrants, h, &Scoring::default());
    let mut repeats = 0;
    let mut cross = 0;
    let mut d2 = 0;
    for &(a, b) in &p.games {
        repeats += recs[&a].met(b).min(2);
        let (sa, sb) = (recs[&a].score, recs[&b].score);
        cross += (sa != sb) as usize;
        d2 += sa.abs_diff(sb).pow(2);
    }
    let mut bye_score = 0;
    if let Some(b) = p.bye {
        repeats += (recs[&b].byes as usize).min(2);
        bye_score = recs[&b].score;
    }
    (repeats, bye_score, cross, d2)
}

fn active(entrants: &[Entrant], h: &History) -> Vec<u64> {
    entrants
        .iter()
        .map(|e| e.id)
        .filter(|id| !h.drops.contains(id))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn pairing_is_complete_and_optimal((entrants, history) in scenario()) {
        let scoring = Scoring::default();
        let p = pair_swiss(&entrants, &history, &scoring);
        let ids = active(&entrants, &history);

        // Every active entrant exactly once, in a game or the bye; nobody dropped.
        let mut seen = BTreeSet::new();
        for &(a, b) in &p.games {
            prop_assert!(a != b);
            prop_assert!(seen.insert(a) && seen.insert(b));
        }
        if let Some(b) = p.bye {
            prop_assert!(seen.insert(b));
        }
        prop_assert_eq!(seen, ids.iter().copied().collect::<BTreeSet<_>>());
        // At most one bye, and one exactly when the count is odd.
        prop_assert_eq!(p.bye.is_some(), ids.len() % 2 == 1);

        // Against every possible pairing: no avoidable rematch or second bye, then the bye to
        // the lowest score, then score groups kept, then the smallest score differences.
        let all = all_pairings(&ids);
        let best = all.iter().map(|q| criteria(&entrants, &history, q)).min().unwrap();
        let ours = criteria(&entrants, &history, &p);
        prop_assert_eq!(ours, best);
        if best.0 == 0 {
            prop_assert_eq!(ours.0, 0, "avoidable rematch");
        }

        // The weights encode all seven criteria lexicographically: the matching reaches the best
        // digit vector of all pairings.
        let top = all.iter().map(|q| pairing_digits(&entrants, &history, &scoring, q)).max().unwrap();
        prop_assert_eq!(pairing_digits(&entrants, &history, &scoring, &p), top);
    }

    #[test]
    fn pairing_is_deterministic((entrants, history) in scenario(), rot in 0usize..10) {
        let scoring = Scoring::default();
        let p = pair_swiss(&entrants, &history, &scoring);
        prop_assert_eq!(&pair_swiss(&entrants, &history, &scoring), &p);
        // The order the entrants are given in does not matter.
        let mut shuffled = entrants.clone();
        shuffled.reverse();
        let len = shuffled.len();
        shuffled.rotate_left(rot % len);
        prop_assert_eq!(&pair_swiss(&shuffled, &history, &scoring), &p);
    }

    #[test]
    fn larger_fields_keep_the_rules(n in 11usize..80, rounds in 1usize..7, seed in any::<u64>()) {
        // Swiss played round after round: never a rematch or a second bye while the field is
        // large enough to avoid them (n > rounds + 1 always is here), everyone placed each round.
        let mut rng = Rng(seed | 1);
        let entrants: Vec<Entrant> = (0..n).map(|i| Entrant::new(i as u64, rng.below(2000) as f64)).collect();
        let mut history = History::default();
        for _ in 0..rounds {
            let p = pair_swiss(&entrants, &history, &Scoring::default());
            prop_assert_eq!(p.games.len() * 2 + p.bye.is_some() as usize, n);
            let c = criteria(&entrants, &history, &p);
            prop_assert_eq!(c.0, 0);
            history.rounds.push(play(&p, &mut rng));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn as_heavy_as_the_complete_graph_solved_whole(
        n in 2usize..160,
        rounds in 0usize..9,
        seed in any::<u64>(),
        random_rounds in any::<bool>(),
    ) {
        // The sparse graph, the score groups solved apart and the certificate give a pairing
        // exactly as heavy, digit for digit, as one matching over every pair.
        let mut rng = Rng(seed | 1);
        let entrants: Vec<Entrant> =
            (0..n).map(|i| Entrant::new(i as u64 + 1, rng.below(6) as f64 * 100.0)).collect();
        let mut history = History::default();
        let scoring = Scoring::default();
        for r in 0..rounds {
            let p = if random_rounds && r % 2 == 1 {
                let mut ids = active(&entrants, &history);
                for i in (1..ids.len()).rev() {
                    ids.swap(i, rng.below(i + 1));
                }
                let bye = (ids.len() % 2 == 1).then(|| ids.pop().unwrap());
                SwissPairing { games: ids.chunks(2).map(|c| (c[0], c[1])).collect(), bye }
            } else {
                pair_swiss(&entrants, &history, &scoring)
            };
            history.rounds.push(play(&p, &mut rng));
            if rng.below(5) == 0 {
                history.drops.push(entrants[rng.below(n)].id);
            }
        }
        let p = pair_swiss(&entrants, &history, &scoring);
        let whole = pair_swiss_complete(&entrants, &history, &scoring);
        prop_assert_eq!(
            pairing_digits(&entrants, &history, &scoring, &p),
            pairing_digits(&entrants, &history, &scoring, &whole)
        );
        let ids = active(&entrants, &history);
        prop_assert_eq!(p.games.len() * 2 + p.bye.is_some() as usize, ids.len());
    }
}

#[test]
fn seats_alternate() {
    // Two entrants who keep meeting (nobody else to play) swap the first seat each round.
    let entrants = vec![Entrant::new(1, 1500.0), Entrant::new(2, 1400.0)];
    let mut history = History::default();
    let mut firsts = Vec::new();
    for _ in 0..4 {
        let p = pair_swiss(&entrants, &history, &Scoring::default());
        assert_eq!(p.games.len(), 1);
        firsts.push(p.games[0].0);
        history.rounds.push(Round {
            played: vec![Played::Game {
                first: p.games[0].0,
                second: p.games[0].1,
                winner: 1,
                pieces: [4, 2],
            }],
        });
    }
    assert_eq!(firsts, vec![1, 2, 1, 2]);
}

#[test]
fn first_round_folds_by_rating() {
    // Round one, 8 entrants rated 8..1: 1 v 5, 2 v 6, 3 v 7, 4 v 8 (top half meets bottom half).
    let entrants: Vec<Entrant> = (1..=8).map(|i| Entrant::new(i, (100 - i) as f64)).collect();
    let p = pair_swiss(&entrants, &History::default(), &Scoring::default());
    let mut games: Vec<(u64, u64)> = p.games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    games.sort();
    assert_eq!(games, vec![(1, 5), (2, 6), (3, 7), (4, 8)]);
    assert_eq!(p.bye, None);
}

#[test]
fn bye_goes_to_the_lowest_without_one() {
    // 5 entrants; entrant 5 (lowest) already had the bye, so it goes to the next lowest.
    let entrants: Vec<Entrant> = (1..=5).map(|i| Entrant::new(i, (100 - i) as f64)).collect();
    let history = History {
        rounds: vec![Round {
            played: vec![
                Played::Game {
                    first: 1,
                    second: 3,
                    winner: 1,
                    pieces: [4, 1],
                },
                Played::Game {
                    first: 2,
                    second: 4,
                    winner: 2,
                    pieces: [4, 0],
                },
                Played::Bye { entrant: 5 },
            ],
        }],
        drops: vec![],
    };
    // Scores: 1, 2, 5 have 1 point; 3 and 4 have 0. The bye goes to 4 (0 points, lower rated).
    let p = pair_swiss(&entrants, &history, &Scoring::default());
    assert_eq!(p.bye, Some(4));
}
