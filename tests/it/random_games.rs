//! Seeded random games of every preset, seat count and teams, checking invariants after every
//! action; plus random option mixes.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yut_game::{Action, Game, OptionValue, Phase, Preset, Rules};

/// Checks that hold after every action.
fn check_invariants(game: &Game) {
    let sides = game.sides();
    for side in 0..sides {
        let total = game.waiting(side) + game.on_board(side) + game.home(side);
        assert_eq!(total, game.pieces_per_side(), "side {side} pieces add up");
    }
    for (i, a) in game.units().iter().enumerate() {
        assert!(a.count >= 1);
        assert!(a.index >= 1, "no unit stands on the start");
        for b in &game.units()[i + 1..] {
            if a.point() == b.point() {
                assert_eq!(a.side, b.side, "two sides on point {}", a.point());
            }
        }
    }
    match game.phase() {
        Phase::Over => {
            let o = game.outcome().expect("an outcome when over");
            let winners: Vec<u8> = (0..sides)
                .filter(|&s| game.home(s) == game.pieces_per_side())
                .collect();
            assert_eq!(winners, vec![o.winner], "exactly one side wins");
            assert_eq!(o.ranking.len(), sides as usize);
            assert_eq!(o.ranking[0], o.winner);
            assert!(game.pool().is_empty());
        }
        Phase::Spend => assert!(!game.legal_moves().is_empty(), "spend phase has a move"),
        Phase::Throw => assert!(game.outcome().is_none()),
    }
    assert!(game.turn() < game.seats());
}

fn play_out(rules: &Rules, seats: u8, teams: bool, seed: u64) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut game, _) = Game::new(rules.clone(), seats, teams, &mut rng).unwrap();
    let mut actions = 0u32;
    while !game.is_over() {
        let legal = game.legal_actions();
        assert!(!legal.is_empty());
        let a = legal[rng.random_range(0..legal.len())];
        game.play(&a, &mut rng).expect("legal action plays");
        check_invariants(&game);
        actions += 1;
        assert!(actions < 20_000, "game {seed} does not end");
        if actions.is_multiple_of(97) {
            // The whole state survives serialization byte for byte.
            let json = serde_json::to_string(&game).unwrap();
            let back: Game = serde_json::from_str(&json).unwrap();
            assert_eq!(back, game);
            assert_eq!(serde_json::to_string(&back).unwrap(), json);
        }
    }
    actions
}

fn preset_games(preset: Preset) {
    let rules = Rules::preset(preset);
    let tables = [(2, false), (3, false), (4, false), (4, true)];
    for g in 0..10_000u64 {
        let (seats, teams) = tables[(g % 4) as usize];
        play_out(&rules, seats, teams, g * 7 + preset as u64);
    }
}

#[test]
fn standard_10000_games() {
    preset_games(Preset::Standard);
}

#[test]
fn boardgame_10000_games() {
    preset_games(Preset::Boardgame);
}

#[test]
fn yunnori_10000_games() {
    preset_games(Preset::Yunnori);
}

#[test]
fn nyout_10000_games() {
    preset_games(Preset::Nyout);
}

/// Rules with every option drawn at random from its values.
fn random_rules(rng: &mut impl Rng) -> Rules {
    let preset = [
        Preset::Standard,
        Preset::Boardgame,
        Preset::Yunnori,
        Preset::Nyout,
    ][rng.random_range(0..4)];
    let mut r = Rules::preset(preset);
    let words: &[(&str, &[&str])] = &[
        ("finish", &["pass", "exact", "exact_cham", "on_cham"]),
        ("diagonal_exit", &["via_cham", "direct"]),
        ("center_pass", &["straight", "to_home"]),
        ("shortcut", &["forced", "choose"]),
        ("backdo_from_first", &["to_cham", "off_board"]),
        (
            "backdo_no_piece",
            &["discard", "as_do", "enter_back", "to_cham"],
        ),
        ("backdo_path", &["route", "choose"]),
        ("throw_flow", &["pool", "each"]),
        ("capture_bonus", &["after_pool", "immediate", "off"]),
        ("stacking", &["on", "off", "choose"]),
        ("pieces", &["2", "3", "4", "auto"]),
    ];
    for (k, vals) in words {
        if rng.random_bool(0.5) {
            let v = vals[rng.random_range(0..vals.len())];
            r.set(k, &OptionValue::Word(v.to_string())).unwrap();
        }
    }
    for k in [
        "backdo",
        "seoul",
        "busan",
        "jjimo_shortcut",
        "bonus_throw_chains",
        "backdo_capture_bonus",
        "yut_mo_capture_bonus",
    ] {
        if rng.random_bool(0.5) {
            r.set(k, &OptionValue::Bool(rng.random_bool(0.5))).unwrap();
        }
    }
    if rng.random_bool(0.3) {
        r.set("nak_p", &OptionValue::Float(0.1)).unwrap();
    }
    if rng.random_bool(0.3) {
        r.set("flat_p", &OptionValue::Float(0.5)).unwrap();
    }
    r
}

#[test]
fn random_option_mixes() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let tables = [(2, false), (3, false), (4, false), (4, true)];
    for g in 0..4_000u64 {
        let rules = random_rules(&mut rng);
        let (seats, teams) = tables[(g % 4) as usize];
        play_out(&rules, seats, teams, g);
    }
}

#[test]
fn same_seed_same_game() {
    let rules = Rules::default();
    let run = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut game, _) = Game::new(rules.clone(), 3, false, &mut rng).unwrap();
        let mut log = Vec::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            log.extend(game.play(&a, &mut rng).unwrap());
        }
        (serde_json::to_string(&game).unwrap(), log)
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5).0, run(6).0);
}

#[test]
fn refused_actions_change_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut game, _) = Game::new(Rules::default(), 2, false, &mut rng).unwrap();
    // Moving in the throw phase is refused.
    let before = game.clone();
    let mv = yut_game::Move {
        chip: yut_game::Chip::Do,
        piece: yut_game::Origin::New,
        to: yut_game::Dest::Point(1),
        stack: None,
    };
    assert!(game.play(&Action::Move(mv), &mut rng).is_err());
    assert_eq!(game, before);
}
