//! Position evaluation in units of throws: how many throws each side still needs, plus the
//! expected cost of being captured before its next turn.

use super::knowledge::Knowledge;
use yut_game::{Chip, Game, Landing, Phase, Seat, Side};

/// Weights of the evaluation.
#[derive(Debug, Clone, Copy)]
pub struct Weights {
    /// How much of an expected capture loss counts (1.0 = at face value).
    pub danger: f32,
    /// How much our threats on opposing pieces count (they move before we do).
    pub threat: f32,
    /// Value of one throw still owed to us (a capture's bonus throw), in throws.
    pub owed_throw: f32,
    /// Weight of the strongest opponent against the average of the opponents (3-4 sides).
    pub leader: f32,
    /// Throws a capturer gains besides our loss (its bonus throw).
    pub capturer_gain: f32,
    /// Logistic scale per square root of the throws left (0: linear evaluation).
    pub scale: f32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            danger: 1.0,
            threat: 0.35,
            owed_throw: 1.0,
            leader: 0.5,
            capturer_gain: 1.0,
            scale: 0.0,
        }
    }
}

/// Score of a won game (any real score is far below).
pub const WIN: f32 = 1.0e6;

/// Probability, for each point, that a side's pieces can land on it in one turn
/// (one throw, or a 윷/모 and the throw after it).
pub fn hit_map(k: &Knowledge, game: &Game, side: Side) -> [f32; 29] {
    let mut sources: arrayvec::ArrayVec<(yut_game::Route, u8), 8> = arrayvec::ArrayVec::new();
    for u in game.units().iter().filter(|u| u.side == side) {
        if !sources.is_full() {
            sources.push((u.route, u.index));
        }
    }
    let none_on_board = sources.is_empty();
    let waiting = game.waiting(side) > 0;
    let live = 1.0 - k.nak;
    let mut hits = [0.0f32; 29];
    let reach1 = |chip: Chip| -> u32 {
        let mut m = 0u32;
        for &(r, i) in &sources {
            for l in k.next(r, i, chip) {
                if let Landing::Stand { route, index } = l {
                    m |= 1 << route.at(*index);
                }
            }
        }
        if waiting {
            for l in k.enter(chip, none_on_board) {
                if let Landing::Stand { route, index } = l {
                    m |= 1 << route.at(*index);
                }
            }
        }
        m
    };
    // Two chips on the same piece, in this order.
    let reach2 = |a: Chip, b: Chip| -> u32 {
        let mut m = 0u32;
        let mut from = |l: &Landing| {
            if let Landing::Stand { route, index } = l {
                for l2 in k.next(*route, *index, b) {
                    if let Landing::Stand { route, index } = l2 {
                        m |= 1 << route.at(*index);
                    }
                }
            }
        };
        for &(r, i) in &sources {
            for l in k.next(r, i, a) {
                from(l);
            }
        }
        if waiting {
            for l in k.enter(a, none_on_board) {
                from(l);
            }
        }
        m
    };
    let mut add = |mask: u32, p: f32| {
        let mut m = mask;
        while m != 0 {
            let q = m.trailing_zeros() as usize;
            hits[q] += p;
            m &= m - 1;
        }
    };
    for a in Chip::ALL {
        let pa = (k.odds[a as usize] * live) as f32;
        if pa == 0.0 {
            continue;
        }
        let ra = reach1(a);
        if !a.earns_throw() {
            add(ra, pa);
            continue;
        }
        for b in Chip::ALL {
            let pb = (k.odds[b as usize] * live) as f32;
            if pb == 0.0 {
                continue;
            }
            let m = ra | reach1(b) | reach2(a, b) | reach2(b, a);
            add(m, pa * pb);
        }
        // The follow-up throw is void.
        add(ra, pa * k.nak as f32);
    }
    for h in &mut hits {
        *h = h.min(1.0);
    }
    hits
}

/// Throws `side` still needs: each unit (a stack moves as one) plus each waiting piece.
pub fn cost(k: &Knowledge, game: &Game, side: Side) -> f32 {
    let on_board: f32 = game
        .units()
        .iter()
        .filter(|u| u.side == side)
        .map(|u| k.unit_e(u))
        .sum();
    on_board + game.waiting(side) as f32 * k.e_start
}

/// Expected extra throws `side` loses if the pieces it has on the board are captured with the
/// given per-point probabilities.
fn exposure(k: &Knowledge, game: &Game, side: Side, p: &[f32; 29]) -> f32 {
    game.units()
        .iter()
        .filter(|u| u.side == side)
        .map(|u| p[u.point() as usize] * (u.count as f32 * k.e_start - k.unit_e(u)))
        .sum()
}

/// The seats that move after `seat` and before `seat` moves again, with their sides.
fn seats_between(game: &Game, seat: Seat) -> arrayvec::ArrayVec<Seat, 4> {
    (1..game.seats())
        .map(|d| (seat + d) % game.seats())
        .collect()
}

/// How good the position is for `seat` (higher is better), when `seat` has finished spending
/// and the seats after it move next. `owed` counts throws still owed to `seat`.
pub fn evaluate(k: &Knowledge, w: &Weights, game: &Game, seat: Seat, owed: u32) -> f32 {
    let me = game.side_of(seat);
    if game.phase() == Phase::Over {
        return match game.outcome() {
            Some(o) if o.winner == me => WIN,
            _ => -WIN,
        };
    }
    let sides = game.sides();
    let mut maps: [Option<[f32; 29]>; 4] = [None; 4];
    let mut map =
        |s: Side| -> [f32; 29] { *maps[s as usize].get_or_insert_with(|| hit_map(k, game, s)) };
    // Danger: every opposing seat that moves before our next turn.
    let mut safe = [1.0f32; 29];
    for s in seats_between(game, seat) {
        let side = game.side_of(s);
        if side == me {
            continue;
        }
        let h = map(side);
        for q in 0..29 {
            safe[q] *= 1.0 - h[q];
        }
    }
    let mut danger = [0.0f32; 29];
    for q in 0..29 {
        danger[q] = 1.0 - safe[q];
    }
    let my_hits = map(me);
    let my_cost = cost(k, game, me);
    let mut total = 0.0;
    let mut best = f32::INFINITY;
    let mut n = 0.0;
    let mut lead_side = me;
    for o in 0..sides {
        if o == me {
            continue;
        }
        let c = cost(k, game, o);
        total += c;
        if c < best {
            best = c;
            lead_side = o;
        }
        n += 1.0;
    }
    let opp_cost = if n > 1.0 {
        w.leader * best + (1.0 - w.leader) * total / n
    } else {
        total
    };
    if w.scale <= 0.0 {
        // Linear: expected throws.
        let mine = my_cost
            + w.danger
                * (exposure(k, game, me, &danger) + w.capturer_gain * risk_mass(game, me, &danger))
            - w.owed_throw * owed as f32;
        let mut opp = opp_cost;
        for o in 0..sides {
            if o != me {
                opp += w.threat * exposure(k, game, o, &my_hits) / n;
            }
        }
        return opp - mine;
    }
    // Win chance: a logistic of the race margin, mixed over captures of single units.
    let s = w.scale * (my_cost + opp_cost).max(1.0).sqrt() + 1.0;
    let sig = |x: f32| 1.0 / (1.0 + (-x / s).exp());
    let margin = opp_cost - my_cost + w.owed_throw * owed as f32;
    let base = sig(margin);
    let mut v = base;
    for u in game.units() {
        let q = u.point() as usize;
        if u.side == me {
            let p = danger[q];
            if p > 0.0 {
                let loss = u.count as f32 * k.e_start - k.unit_e(u) + w.capturer_gain;
                v -= w.danger * p * (base - sig(margin - loss));
            }
        } else if u.side == lead_side || n <= 1.0 {
            let p = my_hits[q];
            if p > 0.0 {
                let gain = u.count as f32 * k.e_start - k.unit_e(u);
                v += w.threat * p * (sig(margin + gain) - base);
            }
        }
    }
    v
}

/// Sum of capture probabilities of a side's units (each capture gives the capturer a throw).
fn risk_mass(game: &Game, side: Side, p: &[f32; 29]) -> f32 {
    game.units()
        .iter()
        .filter(|u| u.side == side)
        .map(|u| p[u.point() as usize])
        .sum()
}
