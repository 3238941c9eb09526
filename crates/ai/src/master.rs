//! Master's search: every order and assignment of the pool's chips with a transposition
//! table, then its best plans checked against the next throws and replies.

use super::*;

impl Bot {
    /// Master: search every order and assignment of the chips in the pool (until the turn
    /// passes or a bonus throw is due), scoring each end position (with the learned network
    /// in two-sided games of a preset, else the hand-made evaluation); then look further for
    /// the most promising plans: with two sides, every throw the next seat can make with its
    /// best reply (searched the same way under the network, greedy otherwise); with three or
    /// four sides, every seat's throws and best-looking moves until our turn comes round.
    pub(super) fn plan(&self, game: &Game, moves: &[Move]) -> Move {
        if moves.len() == 1 {
            return moves[0];
        }
        let mut search = Search::new(self, game.turn(), MASTER_NODES);
        let mut scored: Vec<(f32, Move, Game)> = Vec::with_capacity(moves.len());
        for m in moves {
            let mut g = game.clone();
            if g.play_move(m, &mut Vec::new()).is_err() {
                continue;
            }
            let (s, leaf) = search.best(&g);
            scored.push((s, *m, leaf));
        }
        // Stable order: ties keep the legal-move order.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        let win = self.win(game);
        if scored[0].0 >= win || self.reply_plans == 0 {
            return scored[0].1;
        }
        let mut best = (f32::NEG_INFINITY, scored[0].1);
        for (s, m, leaf) in scored.iter().take(self.reply_plans) {
            let v = if *s >= win {
                win
            } else if game.sides() > 2 {
                self.after_round(leaf, game.turn()).unwrap_or(*s)
            } else {
                self.after_reply(leaf, game.turn()).unwrap_or(*s)
            };
            if v > best.0 {
                best = (v, *m);
            }
        }
        best.1
    }

    /// Expected value for `seat` when its turn comes round again from `leaf`: every other seat
    /// throws (every way the throws can fall, down to a small probability) and plays its
    /// best-looking moves by the hand-made evaluation. None when the leaf is not the end of
    /// our turn.
    pub(super) fn after_round(&self, leaf: &Game, seat: Seat) -> Option<f32> {
        if leaf.is_over() || leaf.turn() == seat || leaf.phase() != Phase::Throw {
            return None;
        }
        let min_p = ROUND_MIN_PROB;
        let mut total = 0.0f32;
        let mut mass = 0.0f32;
        let mut stack: Vec<(Game, f32, u8)> = vec![(leaf.clone(), 1.0, 0)];
        let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
        while let Some((mut g, p, bonus)) = stack.pop() {
            if g.is_over() || g.turn() == seat {
                total += p * self.leaf(&g, seat);
                mass += p;
                continue;
            }
            if g.phase() == Phase::Throw {
                for chip in Chip::ALL {
                    let q = self.k.odds[chip as usize] as f32 * (1.0 - self.k.nak as f32);
                    let pq = p * q;
                    if q <= 0.0 || pq < min_p || (bonus >= 2 && chip.earns_throw()) {
                        continue;
                    }
                    let mut next = g.clone();
                    if next.play_forced(Some(chip)).is_ok() {
                        let b = if chip.earns_throw() { bonus + 1 } else { bonus };
                        stack.push((next, pq, b));
                    }
                }
                if self.k.nak > 0.0 && p * (self.k.nak as f32) >= min_p {
                    let mut next = g.clone();
                    if next.play_forced(None).is_ok() {
                        stack.push((next, p * self.k.nak as f32, bonus));
                    }
                }
                continue;
            }
            let mover = g.turn();
            while g.phase() == Phase::Spend && g.turn() == mover {
                g.legal_moves_into(&mut moves);
                let m = self.greedy(&g, &moves);
                if g.play_move(&m, &mut Vec::new()).is_err() {
                    break;
                }
            }
            stack.push((g, p, 0));
        }
        (mass > 0.0).then(|| total / mass)
    }

    /// Expected value for `seat` after the next seat's turn from `leaf` (two sides only), the
    /// next seat playing its best-looking moves for each way its throws can fall. None when
    /// the leaf is not the end of our turn.
    pub(super) fn after_reply(&self, leaf: &Game, seat: Seat) -> Option<f32> {
        if leaf.is_over() || leaf.turn() == seat || leaf.phase() != Phase::Throw {
            return None;
        }
        let opp = leaf.turn();
        let mut total = 0.0f32;
        let mut mass = 0.0f32;
        let mut stack: Vec<(Game, f32, u8)> = vec![(leaf.clone(), 1.0, 0)];
        while let Some((g, p, depth)) = stack.pop() {
            if g.phase() == Phase::Throw && g.turn() == opp && !g.is_over() {
                for chip in Chip::ALL {
                    let q = self.k.odds[chip as usize] as f32 * (1.0 - self.k.nak as f32);
                    if q <= 0.0 || (depth >= 2 && chip.earns_throw()) {
                        continue;
                    }
                    let pq = p * q;
                    if pq < REPLY_MIN_PROB {
                        continue;
                    }
                    let mut next = g.clone();
                    if next.play_forced(Some(chip)).is_ok() {
                        stack.push((next, pq, depth + 1));
                    }
                }
                if self.k.nak > 0.0 {
                    let mut next = g.clone();
                    if next.play_forced(None).is_ok() {
                        stack.push((next, p * self.k.nak as f32, depth + 1));
                    }
                }
                continue;
            }
            if self.net_for(&g).is_some() && g.phase() == Phase::Spend && g.turn() == opp {
                // The reply the learned evaluation would choose, searched like our own.
                let mut search = Search::new(self, opp, REPLY_NODES);
                let (v_opp, _) = search.best(&g);
                total += p * (NET_WIN - v_opp);
                mass += p;
                continue;
            }
            let mut g = g;
            let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
            while g.phase() == Phase::Spend && g.turn() == opp {
                g.legal_moves_into(&mut moves);
                let m = self.greedy(&g, &moves);
                if g.play_move(&m, &mut Vec::new()).is_err() {
                    break;
                }
            }
            let v = if let Some(v) = self.learned_score(&g, seat) {
                v
            } else if g.is_over() {
                evaluate(&self.k, &self.w, &g, seat, 0)
            } else if g.turn() == opp {
                // A bonus throw is due to the next seat: score from its side.
                -evaluate(&self.k, &self.w, &g, opp, owed_to(&g, opp))
            } else {
                -evaluate(&self.k, &self.w, &g, opp, 0)
            };
            total += p * v;
            mass += p;
        }
        (mass > 0.0).then(|| total / mass)
    }
}

/// Master looks one turn further for this many of its best plans (two sides).
pub const MASTER_REPLY_PLANS: usize = 6;
/// Positions examined for each way the reply's throws can fall (learned evaluation).
pub(super) const REPLY_NODES: usize = 200;
/// Throw sequences of the reply less likely than this are left out.
pub(super) const REPLY_MIN_PROB: f32 = 0.002;
/// With three or four sides: throw sequences of the other seats' round less likely than this
/// are left out.
pub(super) const ROUND_MIN_PROB: f32 = 0.002;

pub(super) struct Search<'a> {
    pub(super) bot: &'a Bot,
    pub(super) seat: Seat,
    pub(super) nodes: usize,
    /// Positions to examine before finishing greedily.
    pub(super) limit: usize,
    pub(super) memo: HashMap<u64, (f32, Game)>,
}

impl<'a> Search<'a> {
    /// A search for `seat` by `bot` that examines `limit` positions before finishing greedily.
    pub(super) fn new(bot: &'a Bot, seat: Seat, limit: usize) -> Search<'a> {
        Search {
            bot,
            seat,
            nodes: 0,
            limit,
            memo: HashMap::new(),
        }
    }
}

impl Search<'_> {
    /// Value of a position reached during our spending, with the end position that gets it.
    pub(super) fn best(&mut self, g: &Game) -> (f32, Game) {
        let ours = g.phase() == Phase::Spend && g.turn() == self.seat;
        if !ours || self.nodes >= self.limit {
            if ours {
                // Out of budget: finish the pool greedily.
                return self.greedy_finish(g);
            }
            self.nodes += 1;
            return (self.bot.leaf(g, self.seat), g.clone());
        }
        let key = g.state_key();
        if let Some((v, leaf)) = self.memo.get(&key) {
            return (*v, leaf.clone());
        }
        self.nodes += 1;
        let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
        g.legal_moves_into(&mut moves);
        let mut best: Option<(f32, Game)> = None;
        let win = self.bot.win(g);
        for m in &moves {
            let mut next = g.clone();
            if next.play_move(m, &mut Vec::new()).is_err() {
                continue;
            }
            let (v, leaf) = self.best(&next);
            if best.as_ref().is_none_or(|b| v > b.0) {
                let won = v >= win;
                best = Some((v, leaf));
                if won {
                    break;
                }
            }
        }
        let best = best.unwrap_or_else(|| (f32::NEG_INFINITY, g.clone()));
        self.memo.insert(key, best.clone());
        best
    }

    pub(super) fn greedy_finish(&mut self, g: &Game) -> (f32, Game) {
        let mut g = g.clone();
        let mut moves = ArrayVec::<Move, MAX_MOVES>::new();
        while g.phase() == Phase::Spend && g.turn() == self.seat {
            g.legal_moves_into(&mut moves);
            let m = self.bot.greedy(&g, &moves);
            if g.play_move(&m, &mut Vec::new()).is_err() {
                break;
            }
        }
        (self.bot.leaf(&g, self.seat), g)
    }
}

/// Throws still owed to `seat` in this position (a capture's bonus throw).
pub(super) fn owed_to(g: &Game, seat: Seat) -> u32 {
    if g.turn() == seat && g.phase() != Phase::Over {
        g.owed_throws().len() as u32 + g.deferred_bonus() as u32
    } else {
        0
    }
}
