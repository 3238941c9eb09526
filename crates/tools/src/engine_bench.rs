//! Release-mode benchmarks: `yut-tools bench engine`.

use arrayvec::ArrayVec;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use yut_game::{Action, Game, Rules, MAX_MOVES};

/// Play one game to the end with every seat choosing uniformly among its legal actions.
/// Returns the number of actions played.
pub fn random_game<R: Rng>(rules: &Rules, seats: u8, teams: bool, rng: &mut R) -> u32 {
    let (mut game, _) = Game::new(rules.clone(), seats, teams, rng).expect("valid table");
    let mut moves = ArrayVec::<_, MAX_MOVES>::new();
    let mut events = Vec::with_capacity(16);
    let mut actions = 0;
    while !game.is_over() {
        let action = if game.phase() == yut_game::Phase::Throw {
            Action::Throw
        } else {
            game.legal_moves_into(&mut moves);
            Action::Move(moves[rng.random_range(0..moves.len())])
        };
        events.clear();
        game.play_into(&action, rng, &mut events)
            .expect("a legal action is always playable");
        actions += 1;
    }
    actions
}

/// Random 2-player standard games for about `seconds`; returns (games, actions, elapsed s).
pub fn engine(seconds: f64, seed: u64) -> (u64, u64, f64) {
    let rules = Rules::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    loop {
        for _ in 0..256 {
            actions += random_game(&rules, 2, false, &mut rng) as u64;
            games += 1;
        }
        let t = start.elapsed().as_secs_f64();
        if t >= seconds {
            return (games, actions, t);
        }
    }
}
