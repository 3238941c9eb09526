//! Property test: any action, legal or not, is either played or refused with the game
//! unchanged; a refused action is never in the legal list, and a listed one always plays.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yut_game::{Action, Chip, Dest, Game, Move, Origin, Preset, Rules};

fn arbitrary_action() -> impl Strategy<Value = Action> {
    let chip = (0usize..8).prop_map(|i| Chip::ALL[i]);
    let piece = prop_oneof![Just(Origin::New), (0u8..32).prop_map(Origin::At)];
    let to = prop_oneof![
        Just(Dest::Home),
        Just(Dest::Waiting),
        (0u8..32).prop_map(Dest::Point)
    ];
    let stack = prop_oneof![Just(None), Just(Some(true)), Just(Some(false))];
    prop_oneof![
        1 => Just(Action::Throw),
        6 => (chip, piece, to, stack).prop_map(|(chip, piece, to, stack)| Action::Move(Move {
            chip,
            piece,
            to,
            stack
        })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn every_action_is_played_or_refused_cleanly(
        preset in 0usize..4,
        seats in 2u8..=4,
        seed in any::<u64>(),
        warmup in 0usize..120,
        actions in proptest::collection::vec(
            prop_oneof![any::<usize>().prop_map(Err), arbitrary_action().prop_map(Ok)],
            1..80,
        ),
    ) {
        let preset = [Preset::Standard, Preset::Boardgame, Preset::Yunnori, Preset::Nyout][preset];
        let teams = seats == 4 && seed % 2 == 0;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut game, _) = Game::new(Rules::preset(preset), seats, teams, &mut rng).unwrap();
        // Reach a mid-game position with random legal play.
        for _ in 0..warmup {
            let legal = game.legal_actions();
            if legal.is_empty() { break; }
            let a = legal[rng.random_range(0..legal.len())];
            game.play(&a, &mut rng).unwrap();
        }
        for choice in actions {
            let before = game.clone();
            let legal = game.legal_actions();
            // Half the time a listed action (by index), half an arbitrary one.
            let action = match choice {
                Ok(a) => a,
                Err(i) if !legal.is_empty() => legal[i % legal.len()],
                Err(_) => Action::Throw,
            };
            match game.play(&action, &mut rng) {
                Ok(_) => {
                    // Exact match, or a move that names stack = None for a stacking move.
                    let listed = legal.iter().any(|l| match (l, &action) {
                        (Action::Move(a), Action::Move(b)) =>
                            a.chip == b.chip && a.piece == b.piece && a.to == b.to,
                        (a, b) => a == b,
                    });
                    prop_assert!(listed, "played an unlisted action {:?}", action);
                }
                Err(_) => {
                    prop_assert_eq!(&game, &before, "a refused action changed the game");
                    prop_assert!(!legal.contains(&action), "refused a listed action {:?}", action);
                }
            }
            for side in 0..game.sides() {
                prop_assert_eq!(
                    game.waiting(side) + game.on_board(side) + game.home(side),
                    game.pieces_per_side()
                );
            }
        }
    }
}
