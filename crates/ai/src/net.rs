//! A learned evaluation for two-sided games: a small network that gives the chance that the
//! side about to throw wins, trained by self-play with TD(λ) (`yut-tools train`) for one rule set.
//!
//! Inputs, from the side to throw ("us") and the other side ("them"):
//! - dense: the throws each side still needs (the lone-piece tables of [`Knowledge`]), what
//!   each side can capture with its next turn (hit maps), throws owed, the pool;
//! - one-hot: for each side, how many of its pieces stand on each spot (spots with the same
//!   point and the same way home are one input), how many wait and how many are home.

use super::eval::{cost, hit_map};
use super::knowledge::{Knowledge, IDX};
use arrayvec::ArrayVec;
use yut_game::{Chip, Game, Phase, Route, Side};

/// Dense inputs before the one-hot ones.
pub const DENSE: usize = 16;
/// One-hot inputs per spot: at least 1, 2, 3, 4 pieces.
const DEPTH: usize = 4;
const MAGIC: &[u8; 8] = b"YUTNET01";

/// Spots of the board that a piece can stand on, grouped: two (route, index) pairs are one
/// spot when they are the same point and a lone piece needs the same throws from both.
#[derive(Debug, Clone)]
pub struct Spots {
    class: Vec<u8>,
    pub count: usize,
}

impl Spots {
    pub fn new(k: &Knowledge) -> Spots {
        let direct = k.rules.direct_exit();
        let mut keys: Vec<(u8, i64)> = Vec::new();
        let mut class = vec![u8::MAX; Route::ALL.len() * IDX];
        // A fixed route order so the numbering does not depend on Route::ALL's order.
        let mut routes = Route::ALL;
        routes.sort();
        for route in routes {
            for index in 1..route.len(direct) {
                let key = (
                    route.at(index),
                    (k.e[route as usize][index as usize] as f64 * 1000.0).round() as i64,
                );
                let id = match keys.iter().position(|x| *x == key) {
                    Some(i) => i,
                    None => {
                        keys.push(key);
                        keys.len() - 1
                    }
                };
                class[route as usize * IDX + index as usize] = id as u8;
            }
        }
        Spots {
            class,
            count: keys.len(),
        }
    }

    fn of(&self, route: Route, index: u8) -> usize {
        self.class[route as usize * IDX + index as usize] as usize
    }

    /// Number of network inputs for this board, two sides.
    pub fn inputs(&self) -> usize {
        DENSE + 2 * self.per_side()
    }

    /// Number of network inputs for this board and number of sides (see [`input_for`] for
    /// three or four).
    pub fn inputs_for(&self, sides: u8) -> usize {
        if sides == 2 {
            self.inputs()
        } else {
            DENSE + sides as usize * (self.per_side() + 1)
        }
    }

    fn per_side(&self) -> usize {
        self.count * DEPTH + 10
    }
}

/// The inputs of one position.
#[derive(Debug, Clone)]
pub struct Input {
    pub dense: [f32; DENSE],
    pub on: ArrayVec<u16, 64>,
}

/// Inputs of a two-sided position that is not over, seen from the side to act.
pub fn input(k: &Knowledge, spots: &Spots, game: &Game) -> Input {
    let us: Side = game.side_of(game.turn());
    let them: Side = 1 - us;
    let mut dense = [0.0f32; DENSE];
    let (c_us, c_them) = (cost(k, game, us), cost(k, game, them));
    let h_us = hit_map(k, game, us);
    let h_them = hit_map(k, game, them);
    // What a capture costs the captured side, and the chance of it.
    let mut threat = 0.0; // we can capture them
    let mut threat_mass = 0.0;
    let mut danger = 0.0; // they can capture us (on their turn, after ours)
    let mut danger_mass = 0.0;
    for u in game.units() {
        let q = u.point() as usize;
        let loss = u.count as f32 * k.e_start - k.unit_e(u);
        if u.side == us {
            danger += h_them[q] * loss;
            danger_mass += h_them[q];
        } else {
            threat += h_us[q] * loss;
            threat_mass += h_us[q];
        }
    }
    let owed = if game.phase() == Phase::Over {
        0
    } else {
        game.owed_throws().len() + game.deferred_bonus() as usize
    };
    dense[0] = c_us / 20.0;
    dense[1] = c_them / 20.0;
    dense[2] = (c_them - c_us) / 5.0;
    dense[3] = threat / 5.0;
    dense[4] = threat_mass;
    dense[5] = danger / 5.0;
    dense[6] = danger_mass;
    dense[7] = owed as f32;
    for (i, c) in Chip::ALL.iter().enumerate() {
        dense[8 + i] = game.pool().iter().filter(|x| *x == c).count() as f32;
    }
    let mut on = ArrayVec::new();
    for (block, side) in [us, them].into_iter().enumerate() {
        let base = DENSE + block * spots.per_side();
        for u in game.units().iter().filter(|u| u.side == side) {
            let s = spots.of(u.route, u.index);
            for d in 0..(u.count as usize).min(DEPTH) {
                push(&mut on, base + s * DEPTH + d);
            }
        }
        let tail = base + spots.count * DEPTH;
        push(&mut on, tail + (game.waiting(side) as usize).min(4));
        push(&mut on, tail + 5 + (game.home(side) as usize).min(4));
    }
    Input { dense, on }
}

/// Inputs of a position with three or four sides, for the chance that side `x` wins (the
/// network is asked once per side). Sides are listed in turn order from `x`; dense: each
/// side's throws still needed, `x`'s lead over the best opponent, what `x` can capture and
/// what can capture `x` next (a capture's cost times its chance), throws owed and the pool
/// of the side to act; one-hot: each side's pieces on each spot, waiting and home, and which
/// side is to act.
pub fn input_for(k: &Knowledge, spots: &Spots, game: &Game, x: Side) -> Input {
    let n = game.sides();
    let order: ArrayVec<Side, 4> = (0..n).map(|d| (x + d) % n).collect();
    let mut dense = [0.0f32; DENSE];
    let mut best_opp = f32::INFINITY;
    for (j, side) in order.iter().enumerate() {
        let c = cost(k, game, *side);
        dense[j] = c / 20.0;
        if j > 0 {
            best_opp = best_opp.min(c);
        }
    }
    dense[4] = (best_opp - dense[0] * 20.0) / 5.0;
    let h_x = hit_map(k, game, x);
    let mut safe = [1.0f32; 29];
    for side in order.iter().skip(1) {
        let h = hit_map(k, game, *side);
        for q in 0..29 {
            safe[q] *= 1.0 - h[q];
        }
    }
    let (mut threat, mut danger) = (0.0, 0.0);
    for u in game.units() {
        let q = u.point() as usize;
        let loss = u.count as f32 * k.e_start - k.unit_e(u);
        if u.side == x {
            danger += (1.0 - safe[q]) * loss;
        } else {
            threat += h_x[q] * loss;
        }
    }
    dense[5] = threat / 5.0;
    dense[6] = danger / 5.0;
    if game.phase() != Phase::Over {
        dense[7] = (game.owed_throws().len() + game.deferred_bonus() as usize) as f32;
    }
    for (i, c) in Chip::ALL.iter().enumerate() {
        dense[8 + i] = game.pool().iter().filter(|x| *x == c).count() as f32;
    }
    let mut on = ArrayVec::new();
    for (block, side) in order.iter().enumerate() {
        let base = DENSE + block * spots.per_side();
        for u in game.units().iter().filter(|u| u.side == *side) {
            let s = spots.of(u.route, u.index);
            for d in 0..(u.count as usize).min(DEPTH) {
                push(&mut on, base + s * DEPTH + d);
            }
        }
        let tail = base + spots.count * DEPTH;
        push(&mut on, tail + (game.waiting(*side) as usize).min(4));
        push(&mut on, tail + 5 + (game.home(*side) as usize).min(4));
    }
    let to_act = game.side_of(game.turn());
    let rel = (to_act + n - x) % n;
    push(
        &mut on,
        DENSE + n as usize * spots.per_side() + rel as usize,
    );
    Input { dense, on }
}

fn push(on: &mut ArrayVec<u16, 64>, i: usize) {
    if !on.contains(&(i as u16)) && !on.is_full() {
        on.push(i as u16);
    }
}

/// A network with one hidden layer of sigmoids and a sigmoid output.
#[derive(Debug, Clone)]
pub struct Net {
    pub inputs: usize,
    pub hidden: usize,
    /// Input-major: the weights of input i are `w1[i * hidden..(i + 1) * hidden]`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// Small random weights from a seed (deterministic).
    pub fn new(inputs: usize, hidden: usize, seed: u64) -> Net {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut r = |s: f32| (rng.random::<f32>() * 2.0 - 1.0) * s;
        Net {
            inputs,
            hidden,
            w1: (0..inputs * hidden).map(|_| r(0.1)).collect(),
            b1: vec![0.0; hidden],
            w2: (0..hidden).map(|_| r(0.1)).collect(),
            b2: 0.0,
        }
    }

    /// Hidden activations and the output.
    fn forward(&self, x: &Input, h: &mut Vec<f32>) -> f32 {
        h.clear();
        h.extend_from_slice(&self.b1);
        for (i, v) in x.dense.iter().enumerate() {
            if *v != 0.0 {
                let w = &self.w1[i * self.hidden..(i + 1) * self.hidden];
                for (a, b) in h.iter_mut().zip(w) {
                    *a += v * b;
                }
            }
        }
        for &i in &x.on {
            let i = i as usize;
            let w = &self.w1[i * self.hidden..(i + 1) * self.hidden];
            for (a, b) in h.iter_mut().zip(w) {
                *a += b;
            }
        }
        let mut out = self.b2;
        for (a, w) in h.iter_mut().zip(&self.w2) {
            *a = sigmoid(*a);
            out += *a * w;
        }
        sigmoid(out)
    }

    /// The chance that the side to act wins.
    pub fn value(&self, x: &Input) -> f32 {
        let mut h = Vec::with_capacity(self.hidden);
        self.forward(x, &mut h)
    }

    /// One step of gradient descent on the cross-entropy towards `target`.
    pub fn learn(&mut self, x: &Input, target: f32, rate: f32) {
        let mut h = Vec::with_capacity(self.hidden);
        let v = self.forward(x, &mut h);
        let d = (target - v) * rate;
        let hid = self.hidden;
        let mut dh = vec![0.0f32; hid];
        for j in 0..hid {
            dh[j] = d * self.w2[j] * h[j] * (1.0 - h[j]);
            self.w2[j] += d * h[j];
            self.b1[j] += dh[j];
        }
        self.b2 += d;
        for (i, v) in x.dense.iter().enumerate() {
            if *v != 0.0 {
                for (w, g) in self.w1[i * hid..(i + 1) * hid].iter_mut().zip(&dh) {
                    *w += v * g;
                }
            }
        }
        for &i in &x.on {
            let i = i as usize;
            for (w, g) in self.w1[i * hid..(i + 1) * hid].iter_mut().zip(&dh) {
                *w += g;
            }
        }
    }

    /// The file form: a magic, the sizes, then the weights as little-endian f32.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.inputs as u32).to_le_bytes());
        out.extend((self.hidden as u32).to_le_bytes());
        for w in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(std::iter::once(&self.b2))
        {
            out.extend(w.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(b: &[u8]) -> Option<Net> {
        if b.len() < 16 || &b[..8] != MAGIC {
            return None;
        }
        let word = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap()) as usize;
        let (inputs, hidden) = (word(8), word(12));
        let n = inputs
            .checked_mul(hidden)?
            .checked_add(hidden.checked_mul(2)?)?
            .checked_add(1)?;
        if hidden == 0 || n.checked_mul(4)?.checked_add(16)? != b.len() {
            return None;
        }
        let f: Vec<f32> = b[16..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let (w1, rest) = f.split_at(inputs * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, rest) = rest.split_at(hidden);
        Some(Net {
            inputs,
            hidden,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: rest[0],
        })
    }
}
