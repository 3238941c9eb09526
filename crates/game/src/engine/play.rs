//! Playing an action: throws and their bonus throws, the turn, spending a chip, applying a
//! move (captures, stacking, finishing) and the end of the game.

use super::*;

impl Game {
    // ----- playing -----

    /// Play an action. Throws draw from `rng`. An illegal action is refused and changes nothing.
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        action: &Action,
        rng: &mut R,
    ) -> Result<Vec<Event>, ActionError> {
        let mut events = Vec::new();
        self.play_into(action, rng, &mut events)?;
        Ok(events)
    }

    /// `play`, appending events to a caller's buffer.
    pub fn play_into<R: Rng + ?Sized>(
        &mut self,
        action: &Action,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        match action {
            Action::Throw => {
                self.check_throw()?;
                let toss = Toss::draw(&self.rules, rng);
                self.apply_toss(toss, events);
                Ok(())
            }
            Action::Move(mv) => self.play_move(mv, events),
        }
    }

    /// Throw with the sticks falling as given (forced throws, replays).
    pub fn play_toss(&mut self, toss: Toss) -> Result<Vec<Event>, ActionError> {
        self.check_throw()?;
        let mut events = Vec::new();
        self.apply_toss(toss, &mut events);
        Ok(events)
    }

    /// Throw and get `chip` (None: a void throw), as if the sticks fell that way.
    pub fn play_forced(&mut self, chip: Option<Chip>) -> Result<Vec<Event>, ActionError> {
        let toss = match chip {
            Some(c) => {
                if !c.allowed(&self.rules) {
                    return Err(ActionError::ChipNotAllowed(c));
                }
                Toss::showing(c)
            }
            None => Toss::nak(),
        };
        self.play_toss(toss)
    }

    /// Play a move, appending its events.
    pub fn play_move(&mut self, mv: &Move, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match self.phase {
            Phase::Over => return Err(ActionError::GameOver),
            Phase::Throw => return Err(ActionError::NotSpendPhase),
            Phase::Spend => {}
        }
        if !self.pool.contains(&mv.chip) {
            return Err(ActionError::ChipNotInPool(mv.chip));
        }
        let mut plans = ArrayVec::new();
        self.plans(&mut plans);
        let stack_ok = |want: Option<bool>, have: Option<bool>| {
            want == have || want.unwrap_or(true) == have.unwrap_or(true)
        };
        let Some(plan) = plans.iter().find(|p| {
            p.mv.chip == mv.chip
                && p.mv.piece == mv.piece
                && p.mv.to == mv.to
                && stack_ok(mv.stack, p.mv.stack)
        }) else {
            if let Origin::At(pt) = mv.piece {
                let side = self.side_of(self.turn);
                if !self.units.iter().any(|u| u.side == side && u.point() == pt) {
                    return Err(ActionError::NoSuchPiece(mv.piece));
                }
            }
            return Err(ActionError::IllegalMove(*mv));
        };
        let plan = *plan;
        self.apply_plan(&plan, events);
        Ok(())
    }

    pub(super) fn check_throw(&self) -> Result<(), ActionError> {
        match self.phase {
            Phase::Over => Err(ActionError::GameOver),
            Phase::Spend => Err(ActionError::NotThrowPhase),
            Phase::Throw => Ok(()),
        }
    }

    pub(super) fn apply_toss(&mut self, toss: Toss, events: &mut Vec<Event>) {
        debug_assert_eq!(self.phase, Phase::Throw);
        let kind = self.take_owed();
        let chip = toss.chip(&self.rules);
        self.last_toss = Some(toss);
        self.last_thrower = Some(self.turn);
        let again = match chip {
            Some(c) => {
                self.pool.push(c);
                c.earns_throw() && (kind == ThrowKind::Turn || self.rules.bonus_throw_chains)
            }
            None => false,
        };
        if again {
            // Under `each` this extra waits until its result is spent (with the pool).
            self.owe(kind, false);
        }
        events.push(Event::Thrown {
            seat: self.turn,
            toss,
            chip,
            kind,
            again,
        });
        if self.rules.throw_flow == ThrowFlow::Pool && !self.owed.is_empty() {
            return; // keep throwing
        }
        self.after_pool_change(events);
    }

    /// After a throw or a move: spend what can be spent, else discard, throw what is owed, or
    /// pass the turn.
    pub(super) fn after_pool_change(&mut self, events: &mut Vec<Event>) {
        if self.phase == Phase::Over {
            return;
        }
        if !self.owed.is_empty() && !self.pool.is_empty() {
            // Results are held and a throw is owed. Under `pool` that is an immediate capture
            // bonus: thrown at once, before the rest is spent. Under `each` the owed throws are
            // one queue in the order earned; a 윷/모's extra (and an `after_pool` bonus) waits
            // until the pool is spent, so its result is spent before it; an immediate capture
            // bonus is thrown at once, with results held, but only once it is first in the
            // queue: behind an extra still waiting for its 윷/모 to be spent, it waits too.
            let now = match self.rules.throw_flow {
                ThrowFlow::Pool => true,
                ThrowFlow::Each => self.at_once.first() == Some(&true),
            };
            if now {
                self.phase = Phase::Throw;
                return;
            }
        }
        if !self.pool.is_empty() {
            let mut plans = ArrayVec::new();
            self.plans_in_spend(&mut plans);
            if !plans.is_empty() {
                self.phase = Phase::Spend;
                return;
            }
            events.push(Event::Discarded {
                seat: self.turn,
                chips: std::mem::take(&mut self.pool),
            });
        }
        if self.deferred > 0 {
            for _ in 0..self.deferred {
                self.owe(ThrowKind::Bonus, false);
            }
            self.deferred = 0;
        }
        if !self.owed.is_empty() {
            self.phase = Phase::Throw;
            return;
        }
        let from = self.turn;
        self.turn = (self.turn + 1) % self.seats;
        events.push(Event::TurnPassed {
            from,
            to: self.turn,
        });
        self.start_turn();
    }

    pub(super) fn start_turn(&mut self) {
        self.pool.clear();
        self.owed.clear();
        self.at_once.clear();
        self.owed.push(ThrowKind::Turn);
        self.deferred = 0;
        self.phase = Phase::Throw;
    }

    /// Owe a throw, last in the queue (owed throws are thrown in the order earned). `at_once`:
    /// an immediate capture bonus under `throw_flow = each`.
    pub(super) fn owe(&mut self, kind: ThrowKind, at_once: bool) {
        if at_once {
            self.at_once.resize(self.owed.len(), false);
            self.at_once.push(true);
        }
        self.owed.push(kind);
    }

    /// The next owed throw, taken off the queue (a turn's throw if none is owed).
    pub(super) fn take_owed(&mut self) -> ThrowKind {
        if self.owed.is_empty() {
            return ThrowKind::Turn;
        }
        if !self.at_once.is_empty() {
            self.at_once.remove(0);
            while self.at_once.last() == Some(&false) {
                self.at_once.pop();
            }
        }
        self.owed.remove(0)
    }

    pub(super) fn throw_off<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Seat {
        let mut contenders: ArrayVec<Seat, 4> = (0..self.seats).collect();
        loop {
            let mut best = 0u8;
            let mut results: ArrayVec<(Seat, u8), 4> = ArrayVec::new();
            for &seat in &contenders {
                // A void throw is thrown again.
                let chip = loop {
                    if let Some(c) = Toss::draw(&self.rules, rng).chip(&self.rules) {
                        break c;
                    }
                };
                events.push(Event::ThrowOff { seat, chip });
                best = best.max(chip.rank());
                results.push((seat, chip.rank()));
            }
            contenders = results
                .iter()
                .filter(|(_, r)| *r == best)
                .map(|(s, _)| *s)
                .collect();
            if contenders.len() == 1 {
                return contenders[0];
            }
        }
    }

    // ----- routes -----

    /// The station rule: stopping on a station switches route (same index).
    pub(super) fn settle(&self, route: Route, index: u8) -> Route {
        match (route, route.at(index)) {
            (Route::Outer, MO) => {
                if self.rules.to_home() {
                    Route::MoHome
                } else {
                    Route::MoStraight
                }
            }
            (Route::Outer, DWITMO) => Route::Dwitmo,
            (Route::Outer, JJIMO) if self.rules.jjimo_shortcut => Route::Jjimo,
            (Route::MoStraight, BANG) => Route::MoHome,
            _ => route,
        }
    }
}

impl Game {
    // ----- applying -----

    pub(super) fn apply_plan(&mut self, plan: &Plan, events: &mut Vec<Event>) {
        let seat = self.turn;
        let side = self.side_of(seat);
        let chip = plan.mv.chip;
        if let Some(k) = self.pool.iter().position(|&c| c == chip) {
            self.pool.remove(k);
        }
        let path = self.path_of(plan);
        let mut unit = match plan.unit {
            Some(i) => {
                let u = self.units.remove(i as usize);
                events.push(Event::Moved {
                    seat,
                    side,
                    chip,
                    from: u.point(),
                    to: plan.mv.to,
                    route: match plan.landing {
                        Landing::Stand { route, .. } => Some(route),
                        _ => None,
                    },
                    count: u.count,
                    path,
                });
                u
            }
            None => {
                self.waiting[side as usize] -= 1;
                events.push(Event::Entered {
                    seat,
                    side,
                    chip,
                    to: plan.mv.to,
                    path,
                });
                Unit {
                    side,
                    route: Route::Outer,
                    index: 0,
                    count: 1,
                }
            }
        };
        match plan.landing {
            Landing::Home => {
                self.home[side as usize] += unit.count;
                events.push(Event::Finished {
                    side,
                    count: unit.count,
                });
                if self.home[side as usize] == self.pieces {
                    self.finish_game(side, seat, events);
                    return;
                }
            }
            Landing::Waiting => {
                self.waiting[side as usize] += unit.count;
                events.push(Event::SentBack {
                    side,
                    count: unit.count,
                });
            }
            Landing::Stand { route, index } => {
                let q = route.at(index);
                let mut captured = false;
                let mut k = 0;
                while k < self.units.len() {
                    let v = self.units[k];
                    if v.point() == q && v.side != side {
                        self.units.remove(k);
                        self.waiting[v.side as usize] += v.count;
                        events.push(Event::Captured {
                            seat,
                            side: v.side,
                            at: q,
                            count: v.count,
                        });
                        captured = true;
                    } else {
                        k += 1;
                    }
                }
                let merge = match self.rules.stacking {
                    Stacking::On => true,
                    Stacking::Off => false,
                    Stacking::Choose => plan.mv.stack.unwrap_or(true),
                };
                if merge {
                    let mut joined = false;
                    let mut k = 0;
                    while k < self.units.len() {
                        let v = self.units[k];
                        if v.point() == q && v.side == side {
                            self.units.remove(k);
                            unit.count += v.count;
                            joined = true;
                        } else {
                            k += 1;
                        }
                    }
                    if joined {
                        events.push(Event::Stacked {
                            side,
                            at: q,
                            count: unit.count,
                        });
                    }
                }
                unit.route = route;
                unit.index = index;
                self.units.push(unit);
                if captured && self.earns_bonus(chip) {
                    let deferred = self.rules.throw_flow == ThrowFlow::Pool
                        && self.rules.capture_bonus == CaptureBonus::AfterPool;
                    if deferred {
                        self.deferred += 1;
                    } else {
                        // Under `each`, an `after_pool` bonus waits for the pool to be spent
                        // like any owed throw; an immediate one goes as soon as it is next.
                        let immediate = self.rules.capture_bonus == CaptureBonus::Immediate;
                        let each = self.rules.throw_flow == ThrowFlow::Each;
                        self.owe(ThrowKind::Bonus, immediate && each);
                    }
                    events.push(Event::BonusThrow { seat, deferred });
                }
            }
        }
        self.after_pool_change(events);
    }

    pub(super) fn earns_bonus(&self, chip: Chip) -> bool {
        match self.rules.capture_bonus {
            CaptureBonus::Off => false,
            _ => match chip {
                Chip::Backdo => self.rules.backdo_capture_bonus,
                Chip::Yut | Chip::Mo => self.rules.yut_mo_capture_bonus,
                _ => true,
            },
        }
    }

    /// The points a planned move passes over and ends on.
    pub(super) fn path_of(&self, plan: &Plan) -> Path {
        let mut path = Path::new();
        let direct = self.rules.direct_exit();
        match plan.mv.chip {
            Chip::Backdo => {
                if let Dest::Point(q) = plan.mv.to {
                    path.push(q);
                } else if plan.landing == Landing::Home {
                    path.push(CHAM);
                }
            }
            Chip::Seoul | Chip::Busan if plan.unit.is_none() && plan.mv.to != Dest::Point(1) => {
                if let Dest::Point(q) = plan.mv.to {
                    path.push(q);
                }
            }
            _ => {
                let h = plan.via.len(direct);
                let n = plan.mv.chip.steps() as u8;
                for i in plan.from_index + 1..=(plan.from_index + n).min(h - 1) {
                    if !path.is_full() {
                        path.push(plan.via.at(i));
                    }
                }
            }
        }
        path
    }

    pub(super) fn finish_game(&mut self, side: Side, seat: Seat, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        self.pool.clear();
        self.owed.clear();
        self.at_once.clear();
        self.deferred = 0;
        self.turn = seat;
        let mut others: Vec<Side> = (0..self.sides()).filter(|&s| s != side).collect();
        others.sort_by_key(|&s| {
            (
                std::cmp::Reverse(self.home[s as usize]),
                self.steps_needed(s),
            )
        });
        let mut ranking = vec![side];
        ranking.extend(others);
        self.outcome = Some(Outcome {
            winner: side,
            seat,
            ranking,
        });
        events.push(Event::Won { side, seat });
    }
}
