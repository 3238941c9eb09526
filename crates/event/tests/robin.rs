//! Round robin and groups feeding a bracket.

use std::collections::BTreeSet;
use yut_event::{
    group_seeds, round_robin, split_groups, standings, Bracket, Entrant, Format, History, Played,
    Round, Scoring,
};

#[test]
fn everyone_meets_everyone_exactly_once() {
    for n in 1..=12u64 {
        let entrants: Vec<Entrant> = (1..=n).map(|i| Entrant::new(i, i as f64)).collect();
        let rounds = round_robin(&entrants).unwrap();
        let expected_rounds = if n < 2 {
            0
        } else if n % 2 == 0 {
            n - 1
        } else {
            n
        };
        assert_eq!(rounds.len() as u64, expected_rounds, "n = {n}");
        let mut met = BTreeSet::new();
        let mut byes = BTreeSet::new();
        let mut firsts = vec![0i32; n as usize + 1];
        for r in &rounds {
            // Each entrant exactly once per round.
            let mut seen = BTreeSet::new();
            for &(a, b) in &r.games {
                assert!(seen.insert(a) && seen.insert(b));
                assert!(met.insert((a.min(b), a.max(b))), "rematch {a} v {b}");
                firsts[a as usize] += 1;
                firsts[b as usize] -= 1;
            }
            if let Some(b) = r.bye {
                assert!(seen.insert(b));
                assert!(byes.insert(b), "second bye");
            }
            assert_eq!(seen.len() as u64, n);
        }
        assert_eq!(met.len() as u64, n * (n - 1) / 2);
        assert_eq!(byes.len() as u64, if n % 2 == 1 && n > 1 { n } else { 0 });
        // First seats stay roughly balanced.
        assert!(firsts.iter().all(|f| f.abs() <= 2), "n = {n}: {firsts:?}");
    }
    let thirteen: Vec<Entrant> = (1..=13).map(|i| Entrant::new(i, 0.0)).collect();
    assert!(round_robin(&thirteen).is_none());
}

#[test]
fn groups_feed_a_bracket() {
    // 8 entrants in 2 groups by snake seeding: A = 1, 4, 5, 8; B = 2, 3, 6, 7.
    let entrants: Vec<Entrant> = (1..=8).map(|i| Entrant::new(i, 100.0 - i as f64)).collect();
    let groups = split_groups(&entrants, 2);
    let ids: Vec<Vec<u64>> = groups
        .iter()
        .map(|g| g.iter().map(|e| e.id).collect())
        .collect();
    assert_eq!(ids, vec![vec![1, 4, 5, 8], vec![2, 3, 6, 7]]);
    // Each group plays its round robin; the higher seed always wins.
    let tables: Vec<_> = groups
        .iter()
        .map(|g| {
            let history = History {
                rounds: round_robin(g)
                    .unwrap()
                    .into_iter()
                    .map(|r| Round {
                        played: r
                            .games
                            .iter()
                            .map(|&(a, b)| Played::Game {
                                first: a,
                                second: b,
                                winner: a.min(b),
                                pieces: [4, 0],
                            })
                            .collect(),
                    })
                    .collect(),
                drops: vec![],
            };
            standings(g, &history, &Scoring::default())
        })
        .collect();
    // Top two of each group: A1, B1, then B2, A2 (snake) -> bracket 1 = A1, 2 = B1, 3 = B2, 4 = A2.
    let seeds = group_seeds(&tables, 2);
    assert_eq!(seeds, vec![1, 2, 3, 4]);
    // Semi-finals 1 v 4 (A1 v A2) and 2 v 3 (B1 v B2).
    let bracket = Bracket::seeded(Format::SingleElimination, seeds);
    assert_eq!(bracket.ready().len(), 2);
}
