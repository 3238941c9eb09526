//! AI players: legal, deterministic, and sensible in crafted positions.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yut_ai::{Bot, Level};
use yut_game::{Action, Chip, Dest, Game, Move, Origin, Phase, Placed, Position, Preset, Rules};

fn placed(side: u8, at: u8, count: u8) -> Placed {
    Placed {
        side,
        at,
        route: None,
        count,
    }
}

/// Random positions of every preset and table, reached by random play.
fn positions(per_table: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for preset in [
        Preset::Standard,
        Preset::Boardgame,
        Preset::Yunnori,
        Preset::Nyout,
    ] {
        for (seats, teams) in [(2, false), (3, false), (4, false), (4, true)] {
            let mut taken = 0;
            while taken < per_table {
                let (mut g, _) = Game::new(Rules::preset(preset), seats, teams, &mut rng).unwrap();
                while !g.is_over() && taken < per_table {
                    if g.phase() == Phase::Spend && rng.random_bool(0.2) {
                        out.push(g.clone());
                        taken += 1;
                    }
                    let legal = g.legal_actions();
                    let a = legal[rng.random_range(0..legal.len())];
                    g.play(&a, &mut rng).unwrap();
                }
            }
        }
    }
    out
}

#[test]
fn every_level_plays_legal_moves_everywhere() {
    let games = positions(150);
    assert!(games.len() >= 2400);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut bots: Vec<(Rules, Vec<Bot>)> = Vec::new();
    for g in &games {
        if !bots.iter().any(|(r, _)| r == g.rules()) {
            let b = Level::ALL.iter().map(|&l| Bot::new(l, g.rules())).collect();
            bots.push((g.rules().clone(), b));
        }
        let (_, levels) = bots.iter().find(|(r, _)| r == g.rules()).unwrap();
        let legal = g.legal_actions();
        for bot in levels {
            let a = bot
                .choose(g, &mut rng)
                .expect("an action in the spend phase");
            assert!(legal.contains(&a), "{} chose {a:?}", bot.level);
            let mut after = g.clone();
            after.play(&a, &mut rng).expect("the chosen action plays");
        }
    }
}

#[test]
fn bots_throw_in_the_throw_phase_and_stop_when_over() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let (g, _) = Game::new(Rules::default(), 2, false, &mut rng).unwrap();
    for l in Level::ALL {
        assert_eq!(
            Bot::new(l, g.rules()).choose(&g, &mut rng),
            Some(Action::Throw)
        );
    }
    let pos = Position {
        seats: 2,
        home: [4, 0, 0, 0],
        ..Position::default()
    };
    let (over, _) = Game::from_position(Rules::default(), &pos).unwrap();
    assert!(over.is_over());
    assert_eq!(
        Bot::new(Level::Master, over.rules()).choose(&over, &mut rng),
        None
    );
}

#[test]
fn same_seed_same_choice() {
    let games = positions(20);
    for level in Level::ALL {
        for g in &games {
            let bot = Bot::new(level, g.rules());
            let a = bot.choose(g, &mut ChaCha8Rng::seed_from_u64(7));
            let b = bot.choose(g, &mut ChaCha8Rng::seed_from_u64(7));
            assert_eq!(a, b, "{level}");
        }
    }
}

/// A shared bot (what the game service uses) is one player per level and rule set, and
/// chooses exactly as a freshly built one.
#[test]
fn shared_bots_choose_as_new_ones() {
    let games = positions(5);
    for level in Level::ALL {
        for g in &games {
            let shared = Bot::shared(level, g.rules());
            assert!(std::sync::Arc::ptr_eq(
                &shared,
                &Bot::shared(level, g.rules())
            ));
            let fresh = Bot::new(level, g.rules());
            let a = shared.choose(g, &mut ChaCha8Rng::seed_from_u64(3));
            let b = fresh.choose(g, &mut ChaCha8Rng::seed_from_u64(3));
            assert_eq!(a, b, "{level}");
        }
    }
    let mut other = Rules::preset(Preset::Standard);
    other.backdo = false;
    assert!(!std::sync::Arc::ptr_eq(
        &Bot::shared(Level::Normal, &other),
        &Bot::shared(Level::Normal, &Rules::preset(Preset::Standard))
    ));
}

/// Master's moves for the rest of its spending.
fn master_turn(g: &mut Game) -> Vec<Move> {
    let bot = Bot::new(Level::Master, g.rules());
    let seat = g.turn();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut played = Vec::new();
    while g.phase() == Phase::Spend && g.turn() == seat {
        let Some(Action::Move(m)) = bot.choose(g, &mut rng) else {
            panic!("expected a move")
        };
        g.play(&Action::Move(m), &mut rng).unwrap();
        played.push(m);
    }
    played
}

#[test]
fn master_captures_the_piece_about_to_win() {
    // Side 1 has three pieces home and its last one waits on the finish 참먹이: any forward
    // throw wins it the game. Master's 개 from 18 lands on 참먹이 and captures it.
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Gae],
        pieces: vec![placed(0, 18, 1), placed(0, 6, 1), placed(1, 0, 1)],
        home: [0, 3, 0, 0],
        ..Position::default()
    };
    let (mut g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    let played = master_turn(&mut g);
    assert_eq!(
        played[0],
        Move {
            chip: Chip::Gae,
            piece: Origin::At(18),
            to: Dest::Point(0),
            stack: None
        }
    );
    assert_eq!(g.waiting(1), 1);
}

#[test]
fn master_stops_on_mo() {
    // A new piece with 개 and 걸: either order stops it on 모 (5); a plan that spends them on
    // two pieces or runs past 모 is worse.
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Geol, Chip::Gae],
        pieces: vec![placed(1, 12, 1)],
        ..Position::default()
    };
    let (mut g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    master_turn(&mut g);
    let mine: Vec<u8> = g
        .units()
        .iter()
        .filter(|u| u.side == 0)
        .map(|u| u.point())
        .collect();
    assert_eq!(mine, vec![5], "{:?}", g.units());
}

#[test]
fn master_takes_the_shortcut_order() {
    // Seed 000: Mo then Geol on a new piece reaches 방; Geol then Mo only reaches 8.
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Mo, Chip::Geol],
        pieces: vec![placed(1, 14, 1)],
        ..Position::default()
    };
    let (mut g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    master_turn(&mut g);
    let mine: Vec<u8> = g
        .units()
        .iter()
        .filter(|u| u.side == 0)
        .map(|u| u.point())
        .collect();
    assert_eq!(mine, vec![22], "{:?}", g.units());
}

#[test]
fn master_keeps_a_stack_out_of_reach() {
    // Side 1's only piece left stands on 8. Master's stack of two stands on 9 (one ahead: only
    // a 도 reaches it). With a 개 it could move the stack to 11, three ahead of the enemy (a
    // 걸, 34.56%), or move its single piece on 16 safely. It must not move the stack.
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Gae],
        pieces: vec![placed(0, 9, 2), placed(0, 16, 1), placed(1, 8, 1)],
        home: [1, 3, 0, 0],
        ..Position::default()
    };
    let (mut g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    let played = master_turn(&mut g);
    assert_ne!(played[0].piece, Origin::At(9), "{played:?}");
}

#[test]
fn reference_scores_single_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let bot = Bot::new(Level::Reference, &Rules::default());
    // Finishing (+100) beats capturing (+50).
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Geol],
        pieces: vec![placed(0, 18, 1), placed(0, 3, 1), placed(1, 6, 1)],
        ..Position::default()
    };
    let (g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    let Some(Action::Move(m)) = bot.choose(&g, &mut rng) else {
        panic!()
    };
    assert_eq!((m.piece, m.to), (Origin::At(18), Dest::Home));
    // Capturing (+50) beats entering (+5).
    let pos = Position {
        seats: 2,
        pool: vec![Chip::Geol],
        pieces: vec![placed(0, 3, 1), placed(1, 6, 1)],
        ..Position::default()
    };
    let (g, _) = Game::from_position(Rules::default(), &pos).unwrap();
    let Some(Action::Move(m)) = bot.choose(&g, &mut rng) else {
        panic!()
    };
    assert_eq!((m.piece, m.to), (Origin::At(3), Dest::Point(6)));
}

#[test]
fn easy_loses_to_normal_and_beats_random() {
    // A small tournament (the full figures are in the README, from `yut-tools sim`).
    let rules = Rules::default();
    let run = |a: Level, b: Level| {
        let cfg = yut_tools::sim::SimConfig {
            a,
            b,
            games: 300,
            rules: rules.clone(),
            seats: 2,
            teams: false,
            seed: 9,
            threads: 2,
        };
        yut_tools::sim::run(&cfg).win_rate()
    };
    assert!(run(Level::Easy, Level::Random) > 0.6);
    assert!(run(Level::Easy, Level::Normal) < 0.45);
    assert!(run(Level::Normal, Level::Random) > 0.8);
}

#[test]
fn every_preset_has_a_built_in_network_for_two_sides() {
    for preset in [
        Preset::Standard,
        Preset::Boardgame,
        Preset::Yunnori,
        Preset::Nyout,
    ] {
        let rules = Rules::preset(preset);
        let learned = yut_ai::learned_for(&rules)
            .unwrap_or_else(|| panic!("no network for {}", preset.word()));
        let bytes = learned.net.to_bytes();
        let again = yut_ai::net::Net::from_bytes(&bytes).expect("round trip");
        assert_eq!(again.to_bytes(), bytes);
    }
    // Three and four sides: standard rules.
    for sides in [3, 4] {
        let learned = yut_ai::learned_for_sides(&Rules::default(), sides)
            .unwrap_or_else(|| panic!("no network for {sides} sides"));
        assert_eq!(learned.sides, sides);
    }
    // House rules that are no preset fall back to the hand-made evaluation.
    let mut rules = Rules::default();
    rules.set("pieces", &yut_game::OptionValue::Int(2)).unwrap();
    assert!(yut_ai::learned_for(&rules).is_none());
    assert!(yut_ai::learned_for_sides(&rules, 4).is_none());
    // What does not change play keeps the network: a match to three wins, who starts, and
    // `pieces` written out as the number `auto` gives.
    let mut rules = Rules::default();
    rules
        .apply_text("first_to=3 first_player=seat_order pieces=auto")
        .unwrap();
    assert!(yut_ai::learned_for(&rules).is_some());
    assert!(
        yut_ai::learned_for_sides(&rules, 4).is_none(),
        "auto is 2 pieces with 4 sides"
    );
    let mut nyout = Rules::preset(Preset::Nyout);
    nyout.apply_text("pieces=4 first_to=5").unwrap();
    let net = yut_ai::learned_for(&nyout).unwrap();
    assert!(std::sync::Arc::ptr_eq(
        &net,
        &yut_ai::learned_for(&Rules::preset(Preset::Nyout)).unwrap()
    ));
}

#[test]
fn multi_side_training_is_deterministic_and_learns_who_is_ahead() {
    use yut_ai::{net, Knowledge};
    use yut_tools::train;
    let rules = Rules::default();
    let cfg = train::TrainConfig {
        rules: rules.clone(),
        games: 150,
        hidden: 16,
        seed: 5,
        rate: 0.05,
        lambda: 0.7,
        explore: 0.0,
        reply_plans: 0,
        sides: 3,
        against_random: false,
    };
    let a = train::train(&cfg, None, 0, |_, _| {});
    let b = train::train(&cfg, None, 0, |_, _| {});
    assert_eq!(a.to_bytes(), b.to_bytes());
    let k = Knowledge::new(&rules);
    let spots = net::Spots::new(&k);
    assert_eq!(a.inputs, spots.inputs_for(3));
    // Side 1 has three pieces home and its last one near the finish; the others wait. Asked
    // for each side, the network must favour side 1, whoever is to throw.
    for turn in 0..3 {
        let pos = Position {
            seats: 3,
            home: [0, 3, 0, 0],
            pieces: vec![placed(1, 17, 1)],
            turn,
            ..Position::default()
        };
        let (g, _) = Game::from_position(rules.clone(), &pos).unwrap();
        let v: Vec<f32> = (0..3)
            .map(|x| a.value(&net::input_for(&k, &spots, &g, x)))
            .collect();
        assert!(v[1] > 0.6 && v[0] < 0.3 && v[2] < 0.3, "turn {turn}: {v:?}");
    }
}

#[test]
fn the_network_file_rejects_damage() {
    let learned = yut_ai::learned_for(&Rules::default()).unwrap();
    let bytes = learned.net.to_bytes();
    assert!(yut_ai::net::Net::from_bytes(&bytes[..bytes.len() - 1]).is_none());
    assert!(yut_ai::net::Net::from_bytes(b"not a network").is_none());
    let mut wrong = bytes.clone();
    wrong[0] = b'X';
    assert!(yut_ai::net::Net::from_bytes(&wrong).is_none());
    // Sizes that would overflow are refused, not trusted.
    let mut huge = bytes.clone();
    huge[8..16].copy_from_slice(&[0xff; 8]);
    assert!(yut_ai::net::Net::from_bytes(&huge).is_none());
}

#[test]
fn training_is_deterministic_and_learns_who_is_ahead() {
    use yut_ai::{net, Knowledge};
    use yut_tools::train;
    let rules = Rules::default();
    let cfg = train::TrainConfig {
        rules: rules.clone(),
        games: 300,
        hidden: 16,
        seed: 3,
        rate: 0.05,
        lambda: 0.7,
        explore: 0.0,
        reply_plans: 0,
        sides: 2,
        against_random: false,
    };
    let a = train::train(&cfg, None, 0, |_, _| {});
    let b = train::train(&cfg, None, 0, |_, _| {});
    assert_eq!(a.to_bytes(), b.to_bytes());
    // Side 0 to throw with three pieces home and the last one near the finish, against a
    // side with every piece waiting; then the other way round.
    let k = Knowledge::new(&rules);
    let spots = net::Spots::new(&k);
    let value = |us_ahead: bool| {
        let lead: u8 = if us_ahead { 0 } else { 1 };
        let mut home = [0u8; 4];
        home[lead as usize] = 3;
        let pos = Position {
            seats: 2,
            home,
            pieces: vec![placed(lead, 17, 1)],
            turn: 0,
            ..Position::default()
        };
        let (g, _) = Game::from_position(rules.clone(), &pos).unwrap();
        a.value(&net::input(&k, &spots, &g))
    };
    let (ahead, behind) = (value(true), value(false));
    assert!(ahead > 0.8 && behind < 0.2, "ahead {ahead} behind {behind}");
}

#[test]
fn master_with_three_or_four_sides_looks_ahead_to_its_next_turn() {
    // With three or four sides Master scores with its network (standard rules) and checks
    // its best plans against every other seat's throws and moves until its turn comes round.
    // Over the same games against three Reference players it must win more often than a
    // Master with the hand-made evaluation and no look-ahead (the README has the full
    // figures, over 6,000 games).
    let rules = Rules::default();
    let cfg = yut_tools::sim::SimConfig {
        a: Level::Master,
        b: Level::Reference,
        games: 160,
        rules: rules.clone(),
        seats: 4,
        teams: false,
        seed: 11,
        threads: 2,
    };
    let reference = Bot::new(Level::Reference, &rules);
    let with = yut_tools::sim::run_bots(&cfg, &Bot::new(Level::Master, &rules), &reference);
    let without = yut_tools::sim::run_bots(&cfg, &Bot::with_learned(&rules, None, 0), &reference);
    eprintln!(
        "4 seats: Master {} wins, hand-made without look-ahead {}",
        with.a_wins, without.a_wins
    );
    assert!(
        with.a_wins > without.a_wins,
        "{} vs {} wins",
        with.a_wins,
        without.a_wins
    );
    // A bound that catches a search gone wild (release decisions take a few ms), not one a
    // shared, busy machine can break.
    assert!(
        with.a_ms(99.0) < 400.0,
        "debug build decision time p99 {:.1} ms",
        with.a_ms(99.0)
    );
}

#[test]
fn regret_measurement_is_deterministic_and_bounded() {
    use yut_tools::sim::{regret, RegretConfig};
    let cfg = RegretConfig {
        rules: Rules::default(),
        b: Level::Random,
        positions: 4,
        stride: 3,
        rollouts: 8,
        refine_above: 0.0,
        refine: 8,
        seed: 3,
        threads: 2,
    };
    let a = regret(&cfg);
    let b = regret(&cfg);
    assert_eq!(a.positions, 4);
    assert!(a.games >= 1 && a.decisions_per_game >= 1.0);
    // The best move's share of wins is never below Master's move on the same games.
    assert!(a.naive_mean >= 0.0 && a.naive_mean <= 1.0);
    assert!(a.split_mean.abs() <= 1.0);
    assert_eq!(
        (a.split_mean, a.naive_mean, a.refined.clone()),
        (b.split_mean, b.naive_mean, b.refined.clone())
    );
    assert!(a.refined.iter().all(|g| g.abs() <= 1.0));
}

#[test]
fn a_specialist_against_random_is_deterministic_and_plays_with_its_flag() {
    use yut_ai::{net, Knowledge};
    use yut_tools::train;
    let rules = Rules::default();
    let cfg = train::TrainConfig {
        rules: rules.clone(),
        games: 300,
        hidden: 16,
        seed: 4,
        rate: 0.05,
        lambda: 0.7,
        explore: 0.0,
        reply_plans: 6,
        sides: 2,
        against_random: true,
    };
    let a = train::train(&cfg, None, 0, |_, _| {});
    let b = train::train(&cfg, None, 0, |_, _| {});
    assert_eq!(a.to_bytes(), b.to_bytes());
    let k = Knowledge::new(&rules);
    let spots = net::Spots::new(&k);
    assert_eq!(a.inputs, spots.inputs() + 1);
    // Master's side ahead (three home, the last piece near the finish) against Random's
    // pieces all waiting: high whoever is to throw, the flag saying which side Master is.
    let pos = |turn: u8| Position {
        seats: 2,
        home: [3, 0, 0, 0],
        pieces: vec![placed(0, 17, 1)],
        turn,
        ..Position::default()
    };
    let (g0, _) = Game::from_position(rules.clone(), &pos(0)).unwrap();
    let mut x0 = net::input(&k, &spots, &g0);
    x0.on.push(spots.inputs() as u16);
    let (g1, _) = Game::from_position(rules.clone(), &pos(1)).unwrap();
    let x1 = net::input(&k, &spots, &g1);
    let (master_to_act, random_to_act) = (a.value(&x0), a.value(&x1));
    assert!(
        master_to_act > 0.7 && random_to_act < 0.3,
        "master to act {master_to_act}, random to act {random_to_act}"
    );
    // A Master with it (no reply check) plays whole games against Random.
    let master = train::master_with(&rules, &a, 2);
    let sim = yut_tools::sim::SimConfig {
        a: Level::Master,
        b: Level::Random,
        games: 20,
        rules: rules.clone(),
        seats: 2,
        teams: false,
        seed: 3,
        threads: 1,
    };
    let r = yut_tools::sim::run_bots(&sim, &master, &Bot::new(Level::Random, &rules));
    assert_eq!(r.games, 20);
    assert!(r.win_rate() > 0.5, "{}", r.line());
}
