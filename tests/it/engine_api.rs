//! The engine's API beyond single rule cases: starting a game, errors, outcome, events.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use yut_game::{
    Action, Chip, Dest, Event, Game, Move, OptionValue, Origin, Phase, Placed, Position, Preset,
    Rules, RulesError,
};

fn rules_with(option: &str, value: &str) -> Rules {
    let mut r = Rules::default();
    r.set(option, &OptionValue::Word(value.into())).unwrap();
    r
}

#[test]
fn seat_order_starts_with_seat_zero() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for seats in 2..=4 {
        let (g, ev) = Game::new(
            rules_with("first_player", "seat_order"),
            seats,
            false,
            &mut rng,
        )
        .unwrap();
        assert_eq!(g.turn(), 0);
        assert_eq!(ev, vec![Event::Starts { seat: 0 }]);
        assert_eq!(g.phase(), Phase::Throw);
    }
}

#[test]
fn random_first_player_reaches_every_seat() {
    let mut seen = [0u32; 4];
    for seed in 0..400 {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let (g, _) = Game::new(Rules::default(), 4, false, &mut rng).unwrap();
        seen[g.turn() as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 60), "{seen:?}");
}

#[test]
fn throw_off_starts_with_the_highest_throw() {
    let mut ties = 0;
    for seed in 0..300 {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let (g, ev) =
            Game::new(rules_with("first_player", "throw_off"), 3, false, &mut rng).unwrap();
        let throws: Vec<(u8, Chip)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::ThrowOff { seat, chip } => Some((*seat, *chip)),
                _ => None,
            })
            .collect();
        assert!(throws.len() >= 3);
        if throws.len() > 3 {
            ties += 1;
        }
        // The last round: the starter threw the best result, and nobody tied it.
        let starter = g.turn();
        // Replay the rounds: all seats, then those who tied for the best, until one is left.
        let mut contenders: Vec<u8> = vec![0, 1, 2];
        let mut rest = &throws[..];
        while contenders.len() > 1 {
            let (round, next) = rest.split_at(contenders.len());
            let seats: Vec<u8> = round.iter().map(|t| t.0).collect();
            assert_eq!(seats, contenders, "seed {seed}");
            let top = round.iter().map(|t| t.1.rank()).max().unwrap();
            contenders = round
                .iter()
                .filter(|t| t.1.rank() == top)
                .map(|t| t.0)
                .collect();
            rest = next;
        }
        assert!(rest.is_empty(), "seed {seed}: no throws after the decision");
        assert_eq!(contenders, vec![starter], "seed {seed}");
        assert_eq!(ev.last(), Some(&Event::Starts { seat: starter }));
    }
    assert!(ties > 0, "ties are thrown again");
}

#[test]
fn bad_tables_are_refused() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    assert!(Game::new(Rules::default(), 1, false, &mut rng).is_err());
    assert!(Game::new(Rules::default(), 5, false, &mut rng).is_err());
    assert!(Game::new(Rules::default(), 3, true, &mut rng).is_err());
    let pos = Position {
        seats: 2,
        pieces: vec![
            Placed {
                side: 0,
                at: 7,
                route: None,
                count: 1,
            },
            Placed {
                side: 1,
                at: 7,
                route: None,
                count: 1,
            },
        ],
        ..Position::default()
    };
    assert!(Game::from_position(Rules::default(), &pos).is_err());
    let pos = Position {
        seats: 2,
        pieces: vec![Placed {
            side: 0,
            at: 7,
            route: None,
            count: 5,
        }],
        ..Position::default()
    };
    assert!(Game::from_position(Rules::default(), &pos).is_err());
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Seoul],
        ..Position::default()
    };
    assert!(Game::from_position(Rules::default(), &pos).is_err());
}

#[test]
fn ranking_by_home_then_steps() {
    // Three seats, two pieces each. Side 0 has one piece home and one on 19; a 개 finishes it.
    let rules = Rules::with_overrides(Preset::Standard, [("pieces", OptionValue::Int(2))]).unwrap();
    let pos = Position {
        seats: 3,
        turn: 0,
        pool: vec![Chip::Gae],
        pieces: vec![
            Placed {
                side: 0,
                at: 19,
                route: None,
                count: 1,
            },
            Placed {
                side: 1,
                at: 3,
                route: None,
                count: 1,
            },
            Placed {
                side: 2,
                at: 17,
                route: None,
                count: 1,
            },
        ],
        home: [1, 0, 0, 0],
        teams: false,
    };
    let (mut g, _) = Game::from_position(rules, &pos).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mv = Move {
        chip: Chip::Gae,
        piece: Origin::At(19),
        to: Dest::Home,
        stack: None,
    };
    let ev = g.play(&Action::Move(mv), &mut rng).unwrap();
    assert!(ev.contains(&Event::Won { side: 0, seat: 0 }));
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, 0);
    // Neither has a piece home; side 2 (17 and one waiting) needs fewer steps than side 1.
    assert_eq!(o.ranking, vec![0, 2, 1]);
    assert_eq!(g.phase(), Phase::Over);
    assert!(g.play(&Action::Throw, &mut rng).is_err());
}

#[test]
fn a_capture_is_narrated() {
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Geol, Chip::Do],
        pieces: vec![
            Placed {
                side: 0,
                at: 2,
                route: None,
                count: 1,
            },
            Placed {
                side: 1,
                at: 5,
                route: None,
                count: 2,
            },
        ],
        ..Position::default()
    };
    let (mut g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mv = Move {
        chip: Chip::Geol,
        piece: Origin::At(2),
        to: Dest::Point(5),
        stack: None,
    };
    let ev = g.play(&Action::Move(mv), &mut rng).unwrap();
    assert!(
        matches!(ev[0], Event::Moved { from: 2, to: Dest::Point(5), count: 1, ref path, .. } if path.as_slice() == [3, 4, 5])
    );
    assert!(ev.contains(&Event::Captured {
        seat: 0,
        side: 1,
        at: 5,
        count: 2
    }));
    assert!(ev.contains(&Event::BonusThrow {
        seat: 0,
        deferred: true
    }));
    assert_eq!(g.waiting(1), 4);
    assert_eq!(g.deferred_bonus(), 1);
    assert_eq!(g.phase(), Phase::Spend);
    // Spending the 도 leaves the bonus throw: same seat throws.
    let mv = Move {
        chip: Chip::Do,
        piece: Origin::At(5),
        to: Dest::Point(20),
        stack: None,
    };
    g.play(&Action::Move(mv), &mut rng).unwrap();
    assert_eq!(g.phase(), Phase::Throw);
    assert_eq!(g.turn(), 0);
}

#[test]
fn unchanged_after_every_kind_of_refusal() {
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Gae],
        pieces: vec![Placed {
            side: 0,
            at: 3,
            route: None,
            count: 1,
        }],
        ..Position::default()
    };
    let (mut g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let before = g.clone();
    let bad = [
        Action::Throw,
        Action::Move(Move {
            chip: Chip::Mo,
            piece: Origin::New,
            to: Dest::Point(5),
            stack: None,
        }),
        Action::Move(Move {
            chip: Chip::Gae,
            piece: Origin::At(9),
            to: Dest::Point(11),
            stack: None,
        }),
        Action::Move(Move {
            chip: Chip::Gae,
            piece: Origin::At(3),
            to: Dest::Point(6),
            stack: None,
        }),
        Action::Move(Move {
            chip: Chip::Gae,
            piece: Origin::At(3),
            to: Dest::Home,
            stack: None,
        }),
    ];
    for a in bad {
        assert!(g.play(&a, &mut rng).is_err(), "{a:?}");
        assert_eq!(g, before);
    }
}

#[test]
fn house_rules_as_text() {
    let mut r = Rules::default();
    let set = r
        .apply_text("backdo=off, Finish=exact; stacking=off capture_bonus:off flat_p=0.5")
        .unwrap();
    assert_eq!(
        set,
        ["backdo", "finish", "stacking", "capture_bonus", "flat_p"]
    );
    assert!(!r.backdo);
    assert_eq!(r.get("finish"), Some(OptionValue::Word("exact".into())));
    assert_eq!(r.get("stacking"), Some(OptionValue::Word("off".into())));
    assert_eq!(r.flat_p, 0.5);
    assert_eq!(
        r.differences(&Rules::default()),
        [
            "flat_p=0.5",
            "backdo=off",
            "finish=exact",
            "capture_bonus=off",
            "stacking=off"
        ]
    );
    // Every option reads back what it was set to, and the text round-trips.
    for name in Rules::OPTION_NAMES {
        let v = Rules::preset(Preset::Yunnori).get(name).unwrap();
        let mut x = Rules::default();
        x.apply_text(&format!("{name}={}", Rules::show(&v)))
            .unwrap();
        assert_eq!(x.get(name), Some(v), "{name}");
        assert!(Rules::allowed(name).is_some(), "{name}");
    }
    let mut y = Rules::default();
    let diff = Rules::preset(Preset::Nyout).differences(&y);
    y.apply_text(&diff.join(" ")).unwrap();
    assert_eq!(y, Rules::preset(Preset::Nyout));
    assert!(y.differences(&Rules::preset(Preset::Nyout)).is_empty());

    // Bad text changes nothing and says what is wrong.
    let before = Rules::default();
    for (text, says) in [
        ("backdo=maybe", "on | off"),
        ("finish=sometimes", "pass | exact"),
        ("backdo=off colour=red", "unknown option \"colour\""),
        ("backdo", "not name=value"),
        ("flat_p=1", "0 < x < 1"),
        ("pieces=7", "2 | 3 | 4 | auto"),
    ] {
        let mut r = before.clone();
        let e = r.apply_text(text).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
        assert_eq!(r, before, "{text} changed the rules");
    }
    assert_eq!(r.apply_text("  ").unwrap(), Vec::<&str>::new());
    // Every wrong pair is reported, not only the first; the good ones are not applied.
    let mut r = before.clone();
    let e = r
        .apply_text("backdo=maybe seoul=on finish=sometimes colour=red")
        .unwrap_err();
    assert!(
        matches!(&e, RulesError::Several(all) if all.len() == 3),
        "{e:?}"
    );
    let e = e.to_string();
    for says in ["backdo", "on | off", "finish", "pass | exact", "colour"] {
        assert!(e.contains(says), "{says} in: {e}");
    }
    assert_eq!(r, before);
    // Hyphens for underscores, quotes and case are forgiven.
    let mut r = Rules::default();
    r.apply_text("First-Player=\"seat-order\" backdo-path='choose' flat_p=.5")
        .unwrap();
    assert_eq!(
        r.get("first_player"),
        Some(OptionValue::Word("seat_order".into()))
    );
    assert_eq!(
        r.get("backdo_path"),
        Some(OptionValue::Word("choose".into()))
    );
    assert_eq!(r.flat_p, 0.5);
}

#[test]
fn house_rules_complete_as_you_type() {
    let c = Rules::complete_text("");
    assert_eq!(c.len(), 25);
    assert!(c.iter().all(|s| s.contains('=')));
    assert_eq!(
        Rules::complete_text("fin"),
        [
            "finish=pass",
            "finish=exact",
            "finish=exact_cham",
            "finish=on_cham"
        ]
    );
    assert_eq!(
        Rules::complete_text("backdo=off finish=ex"),
        ["backdo=off finish=exact", "backdo=off finish=exact_cham"]
    );
    // A name already given is not offered again; the text typed so far is kept.
    let c = Rules::complete_text("backdo=off, back");
    assert!(c.iter().all(|s| s.starts_with("backdo=off, back")), "{c:?}");
    assert!(
        !c.iter().any(|s| s.starts_with("backdo=off, backdo=")),
        "{c:?}"
    );
    assert!(
        c.contains(&"backdo=off, backdo_path=choose".to_string()),
        "{c:?}"
    );
    // Every completion is accepted as it stands.
    for partial in ["", "s", "backdo=", "pieces=", "flat_p=0", "capture_bonus=i"] {
        for text in Rules::complete_text(partial) {
            assert!(Rules::default().apply_text(&text).is_ok(), "{text}");
        }
    }
    assert!(Rules::complete_text("colour=").is_empty());
    assert!(Rules::complete_text(&"x".repeat(120)).is_empty());
}
