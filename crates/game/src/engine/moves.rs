//! Where a piece can go: routes and their branches, Back-Do's targets, landings, and the
//! legal moves (plans) of the spend phase.

use super::*;

impl Game {
    /// Under `shortcut = choose`: the other branch a piece standing on a station may take.
    pub(super) fn alternative(&self, route: Route, index: u8) -> Option<Route> {
        if self.rules.shortcut != Shortcut::Choose {
            return None;
        }
        let straight = !self.rules.to_home();
        match (route, index) {
            (Route::MoStraight, 5) | (Route::MoHome, 5) => Some(Route::Outer),
            (Route::Dwitmo, 10) => Some(Route::Outer),
            (Route::Jjimo, 15) => Some(Route::Outer),
            (Route::MoHome, 8) if straight => Some(Route::MoStraight),
            (Route::Dwitmo, 13) if straight => Some(Route::DwitmoJjimo),
            _ => None,
        }
    }

    /// Forward `n` steps from `index` on `route` under the finish rule; None if not allowed.
    pub(super) fn forward(&self, route: Route, index: u8, n: u8) -> Option<Landing> {
        let h = route.len(self.rules.direct_exit());
        let j = index + n;
        match self.rules.finish {
            Finish::Pass => Some(if j >= h {
                Landing::Home
            } else {
                self.stand(route, j)
            }),
            Finish::Exact => match j.cmp(&h) {
                std::cmp::Ordering::Equal => Some(Landing::Home),
                std::cmp::Ordering::Greater => None,
                std::cmp::Ordering::Less => Some(self.stand(route, j)),
            },
            Finish::ExactCham => {
                // The finish 참먹이, or 안찌 on a diagonal route under `direct`: the last
                // board index either way.
                let f = h - 1;
                if index == f {
                    Some(Landing::Home)
                } else if j > f {
                    None
                } else {
                    Some(self.stand(route, j))
                }
            }
            Finish::OnCham => {
                let cham = if route.at(h - 1) == CHAM { h - 1 } else { h };
                Some(if j >= cham {
                    Landing::Home
                } else {
                    self.stand(route, j)
                })
            }
        }
    }

    pub(super) fn stand(&self, route: Route, index: u8) -> Landing {
        Landing::Stand {
            route: self.settle(route, index),
            index,
        }
    }

    /// A landing on the finish 참먹이 by a Back-Do or a Back-Do entry.
    pub(super) fn on_finish_square(&self) -> Landing {
        if self.rules.finish == Finish::OnCham {
            Landing::Home
        } else {
            Landing::Stand {
                route: Route::Outer,
                index: 20,
            }
        }
    }

    /// One step back along the route, forgetting a turn taken at or after the new index.
    pub(super) fn back_along(&self, route: Route, index: u8) -> Landing {
        let i = index - 1;
        let mut r = route;
        while let Some((parent, at)) = r.parent(self.rules.to_home()) {
            if i <= at {
                r = parent;
            } else {
                break;
            }
        }
        self.stand(r, i)
    }

    /// Routes in play under these rules, in order of preference for a Back-Do by choice.
    pub(super) fn routes_in_play(&self) -> ArrayVec<Route, 6> {
        let straight = !self.rules.to_home();
        let mut v = ArrayVec::new();
        v.push(Route::Outer);
        if straight {
            v.push(Route::MoStraight);
        }
        v.push(Route::Dwitmo);
        if self.rules.jjimo_shortcut {
            v.push(Route::Jjimo);
        }
        v.push(Route::MoHome);
        if straight && self.rules.shortcut == Shortcut::Choose {
            v.push(Route::DwitmoJjimo);
        }
        v
    }

    /// Back-Do destinations of a unit at (route, index), each with the landing.
    pub(super) fn back_targets(
        &self,
        route: Route,
        index: u8,
        out: &mut ArrayVec<(Route, Landing), 4>,
    ) {
        if index == 1 {
            let landing = match self.rules.backdo_from_first {
                BackdoFromFirst::ToCham => self.on_finish_square(),
                BackdoFromFirst::OffBoard => Landing::Waiting,
            };
            out.push((route, landing));
            return;
        }
        let own = self.back_along(route, index);
        out.push((route, own));
        if self.rules.backdo_path != BackdoPath::Choose {
            return;
        }
        let here = route.at(index);
        let own_point = route.at(index - 1);
        let direct = self.rules.direct_exit();
        for r in self.routes_in_play() {
            let len = r.len(direct);
            for i in 1..len - 1 {
                let q = r.at(i);
                if r.at(i + 1) != here || q == own_point {
                    continue;
                }
                if out.iter().any(|(_, l)| self.landing_point(*l) == Some(q)) {
                    continue;
                }
                if !out.is_full() {
                    out.push((r, self.stand(r, i)));
                }
            }
        }
    }

    pub(super) fn landing_point(&self, l: Landing) -> Option<Point> {
        match l {
            Landing::Stand { route, index } => Some(route.at(index)),
            _ => None,
        }
    }

    /// Where a lone piece at `(route, index)` can go with `chip`, ignoring every other piece
    /// (for analysis: the AI's tables). Empty if the chip cannot move it.
    pub fn piece_landings(&self, route: Route, index: u8, chip: Chip) -> ArrayVec<Landing, 4> {
        let mut out = ArrayVec::new();
        if chip == Chip::Backdo {
            let mut t = ArrayVec::new();
            self.back_targets(route, index, &mut t);
            out.extend(t.into_iter().map(|(_, l)| l));
            return out;
        }
        let n = chip.steps() as u8;
        if let Some(l) = self.forward(route, index, n) {
            out.push(l);
        }
        if let Some(alt) = self.alternative(route, index) {
            if let Some(l) = self.forward(alt, index, n) {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out
    }

    /// Where a waiting piece can enter with `chip`; `none_on_board` says whether its side has
    /// no piece on the board (which decides what a 빽도 does).
    pub fn entry_landings(&self, chip: Chip, none_on_board: bool) -> ArrayVec<Landing, 4> {
        let mut out = ArrayVec::new();
        if chip == Chip::Backdo {
            if none_on_board {
                match self.rules.backdo_no_piece {
                    BackdoNoPiece::Discard => {}
                    BackdoNoPiece::AsDo => out.push(self.stand(Route::Outer, 1)),
                    BackdoNoPiece::EnterBack => out.push(self.stand(Route::Outer, 19)),
                    BackdoNoPiece::ToCham => out.push(self.on_finish_square()),
                }
            }
            return out;
        }
        if let Some(l) = self.forward(Route::Outer, 0, chip.steps() as u8) {
            out.push(l);
        }
        match chip {
            Chip::Seoul => out.push(self.stand(Route::MoHome, 8)),
            Chip::Busan => out.push(self.stand(Route::Dwitmo, 10)),
            _ => {}
        }
        out
    }

    // ----- move generation -----

    pub(super) fn plans_in_spend(&self, out: &mut ArrayVec<Plan, MAX_MOVES>) {
        self.plans(out)
    }

    /// Every legal move with its effect, for the seat to act and the chips in the pool.
    pub(super) fn plans(&self, out: &mut ArrayVec<Plan, MAX_MOVES>) {
        out.clear();
        let side = self.side_of(self.turn);
        let mut seen: u16 = 0;
        let has_units = self.units.iter().any(|u| u.side == side);
        let waiting = self.waiting[side as usize] > 0;
        for &chip in &self.pool {
            let bit = 1u16 << (chip as u16);
            if seen & bit != 0 {
                continue;
            }
            seen |= bit;
            if chip == Chip::Backdo {
                if has_units {
                    for (i, u) in self.units.iter().enumerate() {
                        if u.side != side || !self.movable(i) {
                            continue;
                        }
                        let mut targets = ArrayVec::new();
                        self.back_targets(u.route, u.index, &mut targets);
                        for (via, landing) in targets {
                            self.push_plan(out, chip, Some(i as u8), u, via, landing);
                        }
                    }
                } else if waiting {
                    for landing in self.entry_landings(chip, true) {
                        self.push_entry(out, chip, landing);
                    }
                }
                continue;
            }
            let n = chip.steps() as u8;
            if waiting {
                for landing in self.entry_landings(chip, false) {
                    self.push_entry(out, chip, landing);
                }
            }
            for (i, u) in self.units.iter().enumerate() {
                if u.side != side || !self.movable(i) {
                    continue;
                }
                if let Some(landing) = self.forward(u.route, u.index, n) {
                    self.push_plan(out, chip, Some(i as u8), u, u.route, landing);
                }
                if let Some(alt) = self.alternative(u.route, u.index) {
                    if let Some(landing) = self.forward(alt, u.index, n) {
                        self.push_plan(out, chip, Some(i as u8), u, alt, landing);
                    }
                }
            }
        }
    }

    /// Unit `i` is the one that moves from its point: the last of its side to arrive there.
    pub(super) fn movable(&self, i: usize) -> bool {
        let u = &self.units[i];
        let p = u.point();
        !self.units[i + 1..]
            .iter()
            .any(|v| v.side == u.side && v.point() == p)
    }

    pub(super) fn push_entry(
        &self,
        out: &mut ArrayVec<Plan, MAX_MOVES>,
        chip: Chip,
        landing: Landing,
    ) {
        let side = self.side_of(self.turn);
        let unit = Unit {
            side,
            route: Route::Outer,
            index: 0,
            count: 1,
        };
        self.push_plan(out, chip, None, &unit, Route::Outer, landing);
    }

    pub(super) fn push_plan(
        &self,
        out: &mut ArrayVec<Plan, MAX_MOVES>,
        chip: Chip,
        unit: Option<u8>,
        u: &Unit,
        via: Route,
        landing: Landing,
    ) {
        let piece = match unit {
            Some(_) => Origin::At(u.point()),
            None => Origin::New,
        };
        let to = match landing {
            Landing::Stand { route, index } => Dest::Point(route.at(index)),
            Landing::Home => Dest::Home,
            Landing::Waiting => Dest::Waiting,
        };
        let mut plan = Plan {
            mv: Move {
                chip,
                piece,
                to,
                stack: None,
            },
            unit,
            landing,
            via,
            from_index: u.index,
        };
        let choose = self.rules.stacking == Stacking::Choose
            && matches!(to, Dest::Point(q) if self.units.iter().enumerate().any(|(j, v)| {
                v.side == u.side && v.point() == q && Some(j as u8) != unit
            }));
        let variants: &[Option<bool>] = if choose {
            &[Some(true), Some(false)]
        } else {
            &[None]
        };
        for &stack in variants {
            plan.mv.stack = stack;
            if out.iter().any(|p| p.mv == plan.mv) {
                continue;
            }
            // Cannot overflow: MAX_MOVES bounds every position (see its comment).
            debug_assert!(!out.is_full());
            if !out.is_full() {
                out.push(plan);
            }
        }
    }
}
