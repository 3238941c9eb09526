//! Brackets: seeding order, byes, double-elimination paths, the grand final reset.

use proptest::prelude::*;
use std::collections::BTreeMap;
use yut_event::bracket::{seed_order, Occupant};
use yut_event::{Bracket, Entrant, Format, Side};

/// Entrants 1..=n, entrant i rated so that it is seed i.
fn field(n: u64) -> Vec<Entrant> {
    (1..=n)
        .map(|i| Entrant::new(i, 3000.0 - i as f64))
        .collect()
}

fn pair(b: &Bracket, m: usize) -> (u64, u64) {
    match b.entrants(m) {
        [Occupant::Entrant(x), Occupant::Entrant(y)] => (x, y),
        other => panic!("match {m} not ready: {other:?}"),
    }
}

/// Plays every ready match with `pick` choosing the winner; returns each entrant's losses.
fn play(b: &mut Bracket, mut pick: impl FnMut(u64, u64) -> u64) -> BTreeMap<u64, u32> {
    let mut losses = BTreeMap::new();
    while let Some(&m) = b.ready().first() {
        let (x, y) = pair(b, m);
        let w = pick(x, y);
        *losses.entry(if w == x { y } else { x }).or_insert(0) += 1;
        b.report(m, w).unwrap();
    }
    losses
}

#[test]
fn seeding_order_for_8_and_16() {
    let one_based = |v: Vec<usize>| v.into_iter().map(|s| s + 1).collect::<Vec<_>>();
    assert_eq!(one_based(seed_order(8)), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(
        one_based(seed_order(16)),
        vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    );
    // Round one of a bracket of 8: 1 v 8, 4 v 5, 2 v 7, 3 v 6.
    let b = Bracket::by_rating(Format::SingleElimination, &field(8));
    let firsts: Vec<(u64, u64)> = b.ready().into_iter().map(|m| pair(&b, m)).collect();
    assert_eq!(firsts, vec![(1, 8), (4, 5), (2, 7), (3, 6)]);
}

#[test]
fn seeds_1_and_2_meet_only_in_the_final() {
    for n in [8, 16, 13, 6] {
        let mut b = Bracket::by_rating(Format::SingleElimination, &field(n));
        let mut met_before_final = false;
        while let Some(&m) = b.ready().first() {
            let (x, y) = pair(&b, m);
            let last = b.matches.len() - 1;
            if (x.min(y), x.max(y)) == (1, 2) && m != last {
                met_before_final = true;
            }
            b.report(m, x.min(y)).unwrap();
        }
        assert!(!met_before_final);
        let p = b.placings().unwrap();
        assert_eq!((p[0].entrant, p[1].entrant), (1, 2), "n = {n}");
    }
}

#[test]
fn byes_go_to_the_top_seeds() {
    // 6 entrants: a bracket of 8, seeds 1 and 2 pass round one.
    let b = Bracket::by_rating(Format::SingleElimination, &field(6));
    let firsts: Vec<(u64, u64)> = b.ready().into_iter().map(|m| pair(&b, m)).collect();
    assert_eq!(firsts, vec![(4, 5), (3, 6)]);
    // Round two already knows seeds 1 and 2.
    let r2: Vec<[Occupant; 2]> = (4..6).map(|m| b.entrants(m)).collect();
    assert_eq!(r2[0][0], Occupant::Entrant(1));
    assert_eq!(r2[1][0], Occupant::Entrant(2));

    // 13 entrants: a bracket of 16, seeds 1, 2, 3 get byes; 5 first-round games.
    let b = Bracket::by_rating(Format::SingleElimination, &field(13));
    let firsts: Vec<(u64, u64)> = b.ready().into_iter().map(|m| pair(&b, m)).collect();
    assert_eq!(firsts, vec![(8, 9), (4, 13), (5, 12), (7, 10), (6, 11)]);
}

#[test]
fn single_elimination_placings() {
    let mut b = Bracket::by_rating(Format::SingleElimination, &field(8));
    play(&mut b, |x, y| x.min(y));
    let places: Vec<(u32, u64)> = b
        .placings()
        .unwrap()
        .iter()
        .map(|p| (p.place, p.entrant))
        .collect();
    assert_eq!(
        places,
        vec![
            (1, 1),
            (2, 2),
            (3, 3),
            (3, 4),
            (5, 5),
            (5, 6),
            (5, 7),
            (5, 8)
        ]
    );
}

#[test]
fn double_elimination_paths() {
    let mut b = Bracket::by_rating(Format::DoubleElimination, &field(8));
    // Winners round one: 1v8, 4v5, 2v7, 3v6; the favourites win.
    for m in b.ready() {
        let (x, y) = pair(&b, m);
        b.report(m, x.min(y)).unwrap();
    }
    // Losers round one pairs the round-one losers: 8 v 5 and 7 v 6.
    let lb1: Vec<(u64, u64)> = b
        .ready()
        .into_iter()
        .filter(|&m| b.matches[m].side == Side::Losers)
        .map(|m| pair(&b, m))
        .collect();
    assert_eq!(lb1, vec![(8, 5), (7, 6)]);
    let losses = play(&mut b, |x, y| x.min(y));
    assert!(losses.values().all(|&l| l <= 2));
    // No reset: the winners-bracket champion won the grand final.
    let reset = b.matches.len() - 1;
    assert_eq!(b.matches[reset].winner, None);
    let places: Vec<(u32, u64)> = b
        .placings()
        .unwrap()
        .iter()
        .map(|p| (p.place, p.entrant))
        .collect();
    assert_eq!(
        places,
        vec![
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (5, 6),
            (7, 7),
            (7, 8)
        ]
    );
}

#[test]
fn grand_final_reset() {
    let mut b = Bracket::by_rating(Format::DoubleElimination, &field(4));
    let gf = b.matches.len() - 2;
    // Seed 1 wins the winners bracket, seed 2 comes through the losers bracket.
    while let Some(&m) = b.ready().first() {
        if m == gf {
            break;
        }
        let (x, y) = pair(&b, m);
        let w = if (x.min(y), x.max(y)) == (1, 2) {
            1
        } else {
            x.min(y)
        };
        b.report(m, w).unwrap();
    }
    assert_eq!(b.ready(), vec![gf]);
    assert_eq!(pair(&b, gf), (1, 2));
    // The losers-bracket champion wins the first grand final: a reset is played.
    b.report(gf, 2).unwrap();
    assert!(!b.is_done());
    assert_eq!(b.ready(), vec![gf + 1]);
    assert_eq!(pair(&b, gf + 1), (1, 2));
    b.report(gf + 1, 2).unwrap();
    assert_eq!(b.champion(), Some(2));
    let p = b.placings().unwrap();
    assert_eq!((p[0].entrant, p[1].entrant, p[1].place), (2, 1, 2));
    // A result for a decided or unknown match is refused.
    assert!(b.report(gf + 1, 1).is_err());
    assert!(b.report(99, 1).is_err());
}

proptest! {
    #[test]
    fn any_results_finish_the_bracket(n in 2u64..=20, double in any::<bool>(), coins in proptest::collection::vec(any::<bool>(), 64)) {
        let format = if double { Format::DoubleElimination } else { Format::SingleElimination };
        let mut b = Bracket::by_rating(format, &field(n));
        let mut i = 0;
        let losses = play(&mut b, |x, y| { i += 1; if coins[i % coins.len()] { x } else { y } });
        let champion = b.champion().unwrap();
        let p = b.placings().unwrap();
        // Everyone placed exactly once, the champion first.
        prop_assert_eq!(p.len() as u64, n);
        prop_assert_eq!(p[0].entrant, champion);
        let mut ids: Vec<u64> = p.iter().map(|x| x.entrant).collect();
        ids.sort();
        prop_assert_eq!(ids, (1..=n).collect::<Vec<_>>());
        // Places never go down the list backwards.
        prop_assert!(p.windows(2).all(|w| w[0].place <= w[1].place));
        let lives = if double { 2 } else { 1 };
        for id in 1..=n {
            let l = losses.get(&id).copied().unwrap_or(0);
            if id == champion {
                prop_assert!(l < lives);
            } else {
                prop_assert_eq!(l, lives);
            }
        }
    }
}
