//! Tie-breaks on hand-worked examples.

use yut_event::{standings, Entrant, History, Played, Round, Scoring, Tiebreak};

fn game(first: u64, second: u64, winner: u64, pieces: [u32; 2]) -> Played {
    Played::Game {
        first,
        second,
        winner,
        pieces,
    }
}

/// (entrant, rank, score, Buchholz, pieces, head-to-head, decided by).
type Row = (u64, u32, u32, u32, u32, u32, Option<&'static str>);

fn rows(entrants: &[Entrant], history: &History) -> Vec<Row> {
    standings(entrants, history, &Scoring::default())
        .into_iter()
        .map(|s| {
            (
                s.entrant,
                s.rank,
                s.score,
                s.buchholz,
                s.pieces,
                s.head_to_head,
                s.decided_by.map(Tiebreak::key),
            )
        })
        .collect()
}

#[test]
fn score_then_buchholz() {
    // A=1, B=2, C=3, D=4.
    // Round 1: A beats B (pieces 4-2), C beats D (4-3).
    // Round 2: C beats A (4-1, C in the second seat), B beats D (4-0).
    // Scores: A 1, B 1, C 2, D 0.
    // Buchholz: A = B 1 + C 2 = 3; B = A 1 + D 0 = 1; C = D 0 + A 1 = 1; D = C 2 + B 1 = 3.
    // Pieces: A 4+1 = 5, B 2+4 = 6, C 4+4 = 8, D 3+0 = 3.
    // Standings: C (2 points); A over B on Buchholz (3 > 1) despite fewer pieces; D last.
    let entrants: Vec<Entrant> = (1..=4).map(|i| Entrant::new(i, 1000.0)).collect();
    let history = History {
        rounds: vec![
            Round {
                played: vec![game(1, 2, 1, [4, 2]), game(3, 4, 3, [4, 3])],
            },
            Round {
                played: vec![game(1, 3, 3, [1, 4]), game(2, 4, 2, [4, 0])],
            },
        ],
        drops: vec![],
    };
    assert_eq!(
        rows(&entrants, &history),
        vec![
            (3, 1, 2, 1, 8, 0, None),
            (1, 2, 1, 3, 5, 0, Some("tiebreak-score")),
            (2, 3, 1, 1, 6, 0, Some("tiebreak-buchholz")),
            (4, 4, 0, 3, 3, 0, Some("tiebreak-score")),
        ]
    );
}

#[test]
fn pieces_then_head_to_head_then_shared_rank() {
    // A=1, B=2, X=3, Y=4, Z=5, W=6, rated in that order (A highest).
    // Round 1: A beats B (4-2), Y beats X (4-1), Z beats W (4-0).
    // Round 2: X beats A (4-2), B beats Y (4-3), W beats Z (4-1).
    // Everyone has 1 point. Buchholz: A = B 1 + X 1 = 2, B = A + Y = 2, X = Y + A = 2,
    // Y = X + B = 2, Z = W + W = 2, W = Z + Z = 2: all 2.
    // Pieces: A 4+2 = 6, B 2+4 = 6, X 1+4 = 5, Y 4+3 = 7, Z 4+1 = 5, W 0+4 = 4.
    // Y first on pieces; A and B tied on pieces 6: A beat B, head-to-head 1 to 0;
    // X and Z tied on pieces 5 never met: head-to-head 0 each, they share rank 4 (X listed
    // first, higher rated); W last on pieces.
    let entrants: Vec<Entrant> = (1..=6)
        .map(|i| Entrant::new(i, 1700.0 - 100.0 * i as f64))
        .collect();
    let history = History {
        rounds: vec![
            Round {
                played: vec![
                    game(1, 2, 1, [4, 2]),
                    game(4, 3, 4, [4, 1]),
                    game(5, 6, 5, [4, 0]),
                ],
            },
            Round {
                played: vec![
                    game(3, 1, 3, [4, 2]),
                    game(2, 4, 2, [4, 3]),
                    game(6, 5, 6, [4, 1]),
                ],
            },
        ],
        drops: vec![],
    };
    assert_eq!(
        rows(&entrants, &history),
        vec![
            (4, 1, 1, 2, 7, 0, None),
            (1, 2, 1, 2, 6, 1, Some("tiebreak-pieces")),
            (2, 3, 1, 2, 6, 0, Some("tiebreak-head-to-head")),
            (3, 4, 1, 2, 5, 0, Some("tiebreak-pieces")),
            (5, 4, 1, 2, 5, 0, None),
            (6, 6, 1, 2, 4, 0, Some("tiebreak-pieces")),
        ]
    );
}

#[test]
fn byes_tables_and_drops() {
    // Round 1: a table of four, places 1 > 2 > 3 > 4 (pieces 4, 3, 1, 0): points 4, 2, 1, 0;
    // entrant 5 has the table bye... given here as a game-less bye worth `bye` = 1 point.
    // Buchholz at a table counts every table-mate: entrant 1 = 2 + 1 + 0 = 3,
    // entrant 4 = 4 + 2 + 1 = 7. Entrant 5: no opponent, Buchholz 0. Entrant 3 drops.
    let entrants: Vec<Entrant> = (1..=5).map(|i| Entrant::new(i, 1000.0)).collect();
    let history = History {
        rounds: vec![Round {
            played: vec![
                Played::Table {
                    places: vec![1, 2, 3, 4],
                    pieces: vec![4, 3, 1, 0],
                },
                Played::Bye { entrant: 5 },
            ],
        }],
        drops: vec![3],
    };
    let s = standings(&entrants, &history, &Scoring::default());
    let view: Vec<(u64, u32, u32, bool)> = s
        .iter()
        .map(|r| (r.entrant, r.score, r.buchholz, r.dropped))
        .collect();
    assert_eq!(
        view,
        vec![
            (1, 4, 3, false),
            (2, 2, 5, false),
            (3, 1, 6, true),
            (5, 1, 0, false),
            (4, 0, 7, false)
        ]
    );
    // Every tie-break has a stable key and an English explanation.
    for t in Tiebreak::ALL {
        assert!(t.key().starts_with("tiebreak-"));
        assert!(!t.explanation().is_empty());
    }
}
