//! Free-for-all tables.

use std::collections::BTreeSet;
use yut_event::ffa::table_sizes;
use yut_event::{seat_tables, standings, Entrant, History, Played, Round, Scoring};

#[test]
fn sizes_use_tables_of_four_then_three() {
    assert_eq!(table_sizes(1), Vec::<usize>::new());
    assert_eq!(table_sizes(2), vec![2]);
    assert_eq!(table_sizes(3), vec![3]);
    assert_eq!(table_sizes(4), vec![4]);
    assert_eq!(table_sizes(5), vec![3, 2]);
    assert_eq!(table_sizes(6), vec![3, 3]);
    assert_eq!(table_sizes(7), vec![4, 3]);
    assert_eq!(table_sizes(9), vec![3, 3, 3]);
    assert_eq!(table_sizes(13), vec![4, 3, 3, 3]);
    for n in 2..200 {
        let s = table_sizes(n);
        assert_eq!(s.iter().sum::<usize>(), n);
        assert!(s.iter().all(|&x| (2..=4).contains(&x)));
        assert!(n == 2 || n == 5 || s.iter().all(|&x| x >= 3));
    }
}

#[test]
fn points_by_place_and_table_size() {
    let s = Scoring::default();
    assert_eq!(
        (0..4).map(|p| s.place_points(p, 4)).collect::<Vec<_>>(),
        vec![4, 2, 1, 0]
    );
    assert_eq!(
        (0..3).map(|p| s.place_points(p, 3)).collect::<Vec<_>>(),
        vec![4, 2, 0]
    );
    assert_eq!(
        (0..2).map(|p| s.place_points(p, 2)).collect::<Vec<_>>(),
        vec![4, 0]
    );
}

#[test]
fn rounds_seat_by_score_and_avoid_repeat_mates() {
    let entrants: Vec<Entrant> = (1..=16)
        .map(|i| Entrant::new(i, 2000.0 - i as f64))
        .collect();
    let mut history = History::default();
    let mut repeats = 0;
    let mut met = BTreeSet::new();
    for round in 0..3 {
        let t = seat_tables(&entrants, &history, &Scoring::default());
        let mut seen = BTreeSet::new();
        for table in &t.tables {
            assert_eq!(table.len(), 4);
            for (i, &a) in table.iter().enumerate() {
                assert!(seen.insert(a));
                for &b in &table[i + 1..] {
                    repeats += !met.insert((a.min(b), a.max(b))) as u32;
                }
            }
        }
        assert_eq!(seen.len(), 16);
        if round == 0 {
            // Round one by rating: 1-4, 5-8, 9-12, 13-16.
            assert_eq!(t.tables[0], vec![1, 2, 3, 4]);
        }
        // Finishing order: by id at each table.
        history.rounds.push(Round {
            played: t
                .tables
                .iter()
                .map(|tb| Played::Table {
                    places: tb.clone(),
                    pieces: vec![4, 3, 2, 1],
                })
                .collect(),
        });
        // Tables are ordered by score: the first table holds the highest scores.
        let st = standings(&entrants, &history, &Scoring::default());
        assert!(st[0].score >= st[15].score);
    }
    // Sixteen players at tables of four: the next rounds find fresh table-mates.
    assert_eq!(repeats, 0);
}

#[test]
fn a_lone_entrant_gets_the_bye() {
    let t = seat_tables(
        &[Entrant::new(7, 0.0)],
        &History::default(),
        &Scoring::default(),
    );
    assert_eq!(t.bye, Some(7));
    assert!(t.tables.is_empty());
}
