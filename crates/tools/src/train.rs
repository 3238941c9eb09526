//! Self-play training of the learned evaluation (`yut-tools train`): TD(λ) on the positions
//! where a side is about to throw with an empty pool, the moves chosen by Master's search
//! of the pool with the network being trained. Deterministic for a given seed.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use yut_ai::net::{input, input_for, Input, Net, Spots};
use yut_ai::{Bot, Knowledge, Learned};
use yut_game::{Action, Game, Phase, Rules, Side};

#[derive(Debug, Clone)]
pub struct TrainConfig {
    pub rules: Rules,
    pub games: u32,
    pub hidden: usize,
    pub seed: u64,
    /// Learning rate at the start; it falls linearly to a tenth of this by the end.
    pub rate: f32,
    pub lambda: f32,
    /// Chance that a move in self-play is a uniformly random legal one (exploration).
    pub explore: f64,
    /// Plans the self-play Master checks against the reply (0: the pool search alone).
    pub reply_plans: usize,
    /// Sides (seats) of the self-play games: 2, 3 or 4.
    pub sides: u8,
    /// Two sides only: train a specialist against Random instead of by self-play. Master
    /// (the network being trained, no reply check) plays one seat, taking turns, and Random
    /// the other; the network has one more input, set when Master's side is to act. For
    /// measuring how well any player can do against Random.
    pub against_random: bool,
}

/// Train from `start` (or fresh weights). `progress` is called every `every` games.
pub fn train(
    cfg: &TrainConfig,
    start: Option<Net>,
    every: u32,
    mut progress: impl FnMut(u32, &Net),
) -> Net {
    let k = Knowledge::new(&cfg.rules);
    let spots = Spots::new(&k);
    if cfg.sides != 2 {
        return train_multi(cfg, start, every, progress);
    }
    let specialist = cfg.against_random;
    let flag = spots.inputs() as u16;
    let mut net = start
        .unwrap_or_else(|| Net::new(spots.inputs() + specialist as usize, cfg.hidden, cfg.seed));
    let mut inputs: Vec<Input> = Vec::new();
    let mut sides: Vec<Side> = Vec::new();
    for i in 0..cfg.games {
        let learned = Arc::new(Learned {
            net: net.clone(),
            spots: spots.clone(),
            sides: 2,
        });
        let reply_plans = if specialist { 0 } else { cfg.reply_plans };
        let bot = Bot::with_learned(&cfg.rules, Some(learned), reply_plans);
        let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed.wrapping_mul(1_000_003) + i as u64);
        let Ok((mut g, _)) = Game::new(cfg.rules.clone(), 2, false, &mut rng) else {
            break;
        };
        // Against Random: Master's side, taking turns.
        let master: Side = (i % 2) as Side;
        inputs.clear();
        sides.clear();
        let mut plies = 0;
        while !g.is_over() && plies < 2000 {
            plies += 1;
            let to_act = g.side_of(g.turn());
            if g.phase() == Phase::Throw && g.pool().is_empty() {
                let mut x = input(&k, &spots, &g);
                if specialist && to_act == master {
                    x.on.push(flag);
                }
                inputs.push(x);
                sides.push(to_act);
            }
            let random = specialist && to_act != master;
            let action = if g.phase() == Phase::Spend && (random || rng.random_bool(cfg.explore)) {
                let moves = g.legal_moves();
                moves
                    .get(rng.random_range(0..moves.len().max(1)))
                    .map_or(Action::Throw, |m| Action::Move(*m))
            } else {
                bot.choose(&g, &mut rng).unwrap_or(Action::Throw)
            };
            if g.play(&action, &mut rng).is_err() {
                break;
            }
        }
        let Some(winner) = g.outcome().map(|o| o.winner) else {
            continue;
        };
        // λ-returns, as the chance that side 0 wins, from the last position back.
        let n = inputs.len();
        let mut ret = if winner == 0 { 1.0f32 } else { 0.0 };
        let mut targets = vec![0.0f32; n];
        for t in (0..n).rev() {
            targets[t] = ret;
            let v = net.value(&inputs[t]);
            let p0 = if sides[t] == 0 { v } else { 1.0 - v };
            ret = (1.0 - cfg.lambda) * p0 + cfg.lambda * ret;
        }
        let frac = i as f32 / cfg.games.max(1) as f32;
        let rate = cfg.rate * (1.0 - 0.9 * frac);
        for t in 0..n {
            let y = if sides[t] == 0 {
                targets[t]
            } else {
                1.0 - targets[t]
            };
            net.learn(&inputs[t], y, rate);
        }
        if every > 0 && (i + 1) % every == 0 {
            progress(i + 1, &net);
        }
    }
    net
}

/// Self-play with three or four sides: TD(λ) for every side's chance to win, from every
/// position where a side is about to throw with an empty pool.
fn train_multi(
    cfg: &TrainConfig,
    start: Option<Net>,
    every: u32,
    mut progress: impl FnMut(u32, &Net),
) -> Net {
    let k = Knowledge::new(&cfg.rules);
    let spots = Spots::new(&k);
    let n = cfg.sides;
    let mut net = start.unwrap_or_else(|| Net::new(spots.inputs_for(n), cfg.hidden, cfg.seed));
    // Per position: the inputs seen from each side.
    let mut inputs: Vec<Vec<Input>> = Vec::new();
    for i in 0..cfg.games {
        let learned = Arc::new(Learned {
            net: net.clone(),
            spots: spots.clone(),
            sides: n,
        });
        let bot = Bot::with_learned(&cfg.rules, Some(learned), cfg.reply_plans);
        let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed.wrapping_mul(1_000_003) + i as u64);
        let Ok((mut g, _)) = Game::new(cfg.rules.clone(), n, false, &mut rng) else {
            break;
        };
        inputs.clear();
        let mut plies = 0;
        while !g.is_over() && plies < 4000 {
            plies += 1;
            if g.phase() == Phase::Throw && g.pool().is_empty() {
                inputs.push((0..n).map(|x| input_for(&k, &spots, &g, x)).collect());
            }
            let action = if g.phase() == Phase::Spend && rng.random_bool(cfg.explore) {
                let moves = g.legal_moves();
                moves
                    .get(rng.random_range(0..moves.len().max(1)))
                    .map_or(Action::Throw, |m| Action::Move(*m))
            } else {
                bot.choose(&g, &mut rng).unwrap_or(Action::Throw)
            };
            if g.play(&action, &mut rng).is_err() {
                break;
            }
        }
        let Some(winner) = g.outcome().map(|o| o.winner) else {
            continue;
        };
        let frac = i as f32 / cfg.games.max(1) as f32;
        let rate = cfg.rate * (1.0 - 0.9 * frac);
        for x in 0..n as usize {
            let mut ret = if winner as usize == x { 1.0f32 } else { 0.0 };
            let mut targets = vec![0.0f32; inputs.len()];
            for t in (0..inputs.len()).rev() {
                targets[t] = ret;
                ret = (1.0 - cfg.lambda) * net.value(&inputs[t][x]) + cfg.lambda * ret;
            }
            for (t, y) in targets.iter().enumerate() {
                net.learn(&inputs[t][x], *y, rate);
            }
        }
        if every > 0 && (i + 1) % every == 0 {
            progress(i + 1, &net);
        }
    }
    net
}

/// A Master using `net` for games of `sides` sides (with reply checks), for measuring a
/// network during training.
pub fn master_with(rules: &Rules, net: &Net, sides: u8) -> Bot {
    let k = Knowledge::new(rules);
    let spots = Spots::new(&k);
    // A specialist against Random (one more input) already counts Random's reply.
    let specialist = sides == 2 && net.inputs == spots.inputs() + 1;
    Bot::with_learned(
        rules,
        Some(Arc::new(Learned {
            net: net.clone(),
            spots,
            sides,
        })),
        if specialist {
            0
        } else {
            yut_ai::MASTER_REPLY_PLANS
        },
    )
}
