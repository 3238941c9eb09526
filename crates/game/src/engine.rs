//! The game state, legal moves and the turn machine.

use super::board::{Point, Route, BANG, CHAM, DWITMO, JJIMO, MO};
use super::rules::{
    BackdoFromFirst, BackdoNoPiece, BackdoPath, CaptureBonus, Finish, FirstPlayer, Rules, Shortcut,
    Stacking, ThrowFlow,
};
use super::throw::{Chip, Toss};
use super::types::*;
use arrayvec::ArrayVec;
use rand::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Upper bound on the legal moves of one position (8 chip kinds × 4 units × 3 branches × 2).
pub const MAX_MOVES: usize = 256;
/// Most units on the board: 4 sides × 4 pieces.
pub const MAX_UNITS: usize = 16;

/// A refused action. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("it is time to throw, not to move")]
    NotSpendPhase,
    #[error("it is time to move, not to throw")]
    NotThrowPhase,
    #[error("{0} is not in the pool")]
    ChipNotInPool(Chip),
    #[error("{0} cannot be thrown under these rules")]
    ChipNotAllowed(Chip),
    #[error("there is no piece of yours to move at {0}")]
    NoSuchPiece(Origin),
    #[error("{0} is not a legal move")]
    IllegalMove(Move),
}

/// A position that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("a game has 2 to 4 seats, not {0}")]
    Seats(u8),
    #[error("2v2 teams need exactly 4 seats")]
    Teams,
    #[error("seat {0} does not exist")]
    Turn(Seat),
    #[error("side {0} does not exist")]
    Side(Side),
    #[error("point {0} does not exist")]
    Point(Point),
    #[error("point {point} is not on route {route}")]
    NotOnRoute { point: Point, route: &'static str },
    #[error("side {side} has more than {pieces} pieces")]
    TooManyPieces { side: Side, pieces: u8 },
    #[error("a stack holds 1 to 4 pieces, not {0}")]
    Count(u8),
    #[error("pieces of sides {0} and {1} cannot share point {2}")]
    SharedPoint(Side, Side, Point),
    #[error("{0} cannot be in the pool under these rules")]
    Chip(Chip),
}

/// A piece or stack placed by a set-up position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub side: Side,
    pub at: Point,
    pub route: Option<Route>,
    pub count: u8,
}

/// A position to start from (scenarios, tests, analysis).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Position {
    pub seats: u8,
    pub teams: bool,
    pub turn: Seat,
    pub pool: Vec<Chip>,
    pub pieces: Vec<Placed>,
    pub home: [u8; 4],
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Side,
    pub seat: Seat,
    /// Every side, best first: the winner, then by pieces home, then by steps still needed.
    pub ranking: Vec<Side>,
}

/// Where a move puts the moving unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Landing {
    Stand { route: Route, index: u8 },
    Home,
    Waiting,
}

/// A legal move with what it does.
#[derive(Debug, Clone, Copy)]
struct Plan {
    mv: Move,
    /// Index into `units`; None for a waiting piece.
    unit: Option<u8>,
    landing: Landing,
    /// Route the move travels (for the path), and the index it starts from.
    via: Route,
    from_index: u8,
}

/// A game of yut: a value. `play` changes it or refuses with the game unchanged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    rules: Rules,
    seats: u8,
    teams: bool,
    pieces: u8,
    units: ArrayVec<Unit, MAX_UNITS>,
    waiting: [u8; 4],
    home: [u8; 4],
    turn: Seat,
    phase: Phase,
    pool: Vec<Chip>,
    owed: Vec<ThrowKind>,
    deferred: u8,
    last_toss: Option<Toss>,
    outcome: Option<Outcome>,
}

impl Game {
    /// Start a new game: every piece waiting, the first seat chosen by `rules.first_player`.
    pub fn new<R: Rng + ?Sized>(
        rules: Rules,
        seats: u8,
        teams: bool,
        rng: &mut R,
    ) -> Result<(Game, Vec<Event>), SetupError> {
        let mut game = Game::empty(rules, seats, teams)?;
        let mut events = Vec::new();
        let first = match game.rules.first_player {
            FirstPlayer::SeatOrder => 0,
            FirstPlayer::Random => rng.random_range(0..seats),
            FirstPlayer::ThrowOff => game.throw_off(rng, &mut events),
        };
        events.push(Event::Starts { seat: first });
        game.turn = first;
        game.start_turn();
        Ok((game, events))
    }

    /// Set up a position. A pool with no legal move is discarded at once.
    pub fn from_position(rules: Rules, pos: &Position) -> Result<(Game, Vec<Event>), SetupError> {
        let mut game = Game::empty(rules, pos.seats, pos.teams)?;
        if pos.turn >= pos.seats {
            return Err(SetupError::Turn(pos.turn));
        }
        let sides = game.sides();
        for &c in &pos.pool {
            if !c.allowed(&game.rules) {
                return Err(SetupError::Chip(c));
            }
        }
        for side in 0..4u8 {
            if side >= sides && pos.home[side as usize] > 0 {
                return Err(SetupError::Side(side));
            }
            game.home[side as usize] = pos.home[side as usize];
        }
        for pl in &pos.pieces {
            if pl.side >= sides {
                return Err(SetupError::Side(pl.side));
            }
            if pl.at as usize >= super::board::POINTS {
                return Err(SetupError::Point(pl.at));
            }
            if pl.count == 0 || pl.count > 4 {
                return Err(SetupError::Count(pl.count));
            }
            let (route, index) = game.place(pl.at, pl.route)?;
            if let Some(other) = game.units.iter().find(|u| u.point() == pl.at) {
                if other.side != pl.side {
                    return Err(SetupError::SharedPoint(other.side, pl.side, pl.at));
                }
            }
            // Under stacking = off no stack exists: `count` pieces there stand side by side.
            let (units, count) = if game.rules.stacking == Stacking::Off {
                (pl.count, 1)
            } else {
                (1, pl.count)
            };
            let unit = Unit {
                side: pl.side,
                route,
                index,
                count,
            };
            // Under stacking = on, own pieces on one point are one stack.
            let merge = game.rules.stacking == Stacking::On;
            match game
                .units
                .iter_mut()
                .find(|u| merge && u.side == pl.side && u.point() == pl.at)
            {
                Some(u) => u.count += pl.count,
                None => {
                    for _ in 0..units {
                        if game.units.try_push(unit).is_err() {
                            return Err(SetupError::TooManyPieces {
                                side: pl.side,
                                pieces: game.pieces,
                            });
                        }
                    }
                }
            }
        }
        for side in 0..sides {
            let on_board = game.on_board(side);
            let used = on_board + game.home[side as usize];
            if used > game.pieces {
                return Err(SetupError::TooManyPieces {
                    side,
                    pieces: game.pieces,
                });
            }
            game.waiting[side as usize] = game.pieces - used;
        }
        let mut events = Vec::new();
        game.turn = pos.turn;
        if let Some(side) = (0..sides).find(|&s| game.home[s as usize] == game.pieces) {
            game.finish_game(side, pos.turn, &mut events);
            return Ok((game, events));
        }
        game.pool = pos.pool.clone();
        if game.pool.is_empty() {
            game.owed.push(ThrowKind::Turn);
            game.phase = Phase::Throw;
        } else {
            game.after_pool_change(&mut events);
        }
        Ok((game, events))
    }

    fn empty(rules: Rules, seats: u8, teams: bool) -> Result<Game, SetupError> {
        if !(2..=4).contains(&seats) {
            return Err(SetupError::Seats(seats));
        }
        if teams && seats != 4 {
            return Err(SetupError::Teams);
        }
        let sides = if teams { 2 } else { seats };
        let pieces = rules.pieces.per_side(sides);
        let mut waiting = [0; 4];
        for w in waiting.iter_mut().take(sides as usize) {
            *w = pieces;
        }
        Ok(Game {
            rules,
            seats,
            teams,
            pieces,
            units: ArrayVec::new(),
            waiting,
            home: [0; 4],
            turn: 0,
            phase: Phase::Throw,
            pool: Vec::new(),
            owed: Vec::new(),
            deferred: 0,
            last_toss: None,
            outcome: None,
        })
    }

    /// Where a set-up piece stands: its route (given or the default) and index.
    fn place(&self, at: Point, route: Option<Route>) -> Result<(Route, u8), SetupError> {
        let to_home = self.rules.to_home();
        let route = match route {
            Some(Route::MoStraight) if to_home => Route::MoHome,
            Some(r) => r,
            None => match at {
                5 | 20 | 21 if to_home => Route::MoHome,
                23 | 24 if to_home => Route::Jjimo,
                5 | 20 | 21 | 23 | 24 => Route::MoStraight,
                22 | 27 | 28 => Route::MoHome,
                10 | 25 | 26 => Route::Dwitmo,
                _ => Route::Outer,
            },
        };
        let len = route.len(self.rules.direct_exit());
        let index = (1..len)
            .find(|&i| route.at(i) == at)
            .ok_or(SetupError::NotOnRoute {
                point: at,
                route: route.name(),
            })?;
        Ok((self.settle(route, index), index))
    }

    // ----- queries -----

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn seats(&self) -> u8 {
        self.seats
    }
    pub fn teams(&self) -> bool {
        self.teams
    }
    /// Number of sides: the seats, or 2 with teams.
    pub fn sides(&self) -> u8 {
        if self.teams {
            2
        } else {
            self.seats
        }
    }
    /// The side a seat plays for.
    pub fn side_of(&self, seat: Seat) -> Side {
        if self.teams {
            seat % 2
        } else {
            seat
        }
    }
    pub fn pieces_per_side(&self) -> u8 {
        self.pieces
    }
    /// Pieces and stacks on the board, in the order they arrived.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    pub fn waiting(&self, side: Side) -> u8 {
        self.waiting[side as usize]
    }
    pub fn home(&self, side: Side) -> u8 {
        self.home[side as usize]
    }
    /// Pieces of `side` on the board.
    pub fn on_board(&self, side: Side) -> u8 {
        self.units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.count)
            .sum()
    }
    /// The seat to act (the winning seat once the game is over).
    pub fn turn(&self) -> Seat {
        self.turn
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Results held, in the order obtained.
    pub fn pool(&self) -> &[Chip] {
        &self.pool
    }
    /// Throws owed now, in the order they will be thrown.
    pub fn owed_throws(&self) -> &[ThrowKind] {
        &self.owed
    }
    /// Capture bonus throws owed once the pool is spent (`capture_bonus = after_pool`).
    pub fn deferred_bonus(&self) -> u8 {
        self.deferred
    }
    pub fn last_toss(&self) -> Option<Toss> {
        self.last_toss
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Steps `side` still needs to bring every piece home along the routes its pieces are on
    /// (a waiting piece counts the outer route).
    pub fn steps_needed(&self, side: Side) -> u32 {
        let direct = self.rules.direct_exit();
        let on_board: u32 = self
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.count as u32 * (u.route.len(direct) - u.index) as u32)
            .sum();
        on_board + self.waiting[side as usize] as u32 * Route::Outer.len(direct) as u32
    }

    /// A hash of everything that changes during play (not the rules): equal positions give
    /// equal keys. For search transposition tables.
    pub fn state_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.units.hash(&mut h);
        self.waiting.hash(&mut h);
        self.home.hash(&mut h);
        self.turn.hash(&mut h);
        self.phase.hash(&mut h);
        self.pool.hash(&mut h);
        self.owed.hash(&mut h);
        self.deferred.hash(&mut h);
        h.finish()
    }

    /// Every legal action of the seat to act.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Throw => vec![Action::Throw],
            Phase::Spend => self.legal_moves().into_iter().map(Action::Move).collect(),
        }
    }

    /// Every legal move now (empty unless in the spend phase).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = ArrayVec::new();
        self.legal_moves_into(&mut out);
        out.to_vec()
    }

    /// Legal moves into a caller's buffer, without allocating.
    pub fn legal_moves_into(&self, out: &mut ArrayVec<Move, MAX_MOVES>) {
        out.clear();
        if self.phase != Phase::Spend {
            return;
        }
        let mut plans = ArrayVec::new();
        self.plans(&mut plans);
        out.extend(plans.iter().map(|p| p.mv));
    }

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

    fn check_throw(&self) -> Result<(), ActionError> {
        match self.phase {
            Phase::Over => Err(ActionError::GameOver),
            Phase::Spend => Err(ActionError::NotThrowPhase),
            Phase::Throw => Ok(()),
        }
    }

    fn apply_toss(&mut self, toss: Toss, events: &mut Vec<Event>) {
        debug_assert_eq!(self.phase, Phase::Throw);
        let kind = if self.owed.is_empty() {
            ThrowKind::Turn
        } else {
            self.owed.remove(0)
        };
        let chip = toss.chip(&self.rules);
        self.last_toss = Some(toss);
        let again = match chip {
            Some(c) => {
                self.pool.push(c);
                c.earns_throw() && (kind == ThrowKind::Turn || self.rules.bonus_throw_chains)
            }
            None => false,
        };
        if again {
            self.owed.push(kind);
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
    fn after_pool_change(&mut self, events: &mut Vec<Event>) {
        if self.phase == Phase::Over {
            return;
        }
        if self.rules.throw_flow == ThrowFlow::Pool
            && !self.owed.is_empty()
            && !self.pool.is_empty()
        {
            // An immediate capture bonus: thrown at once, before the rest is spent.
            self.phase = Phase::Throw;
            return;
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
                self.owed.push(ThrowKind::Bonus);
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

    fn start_turn(&mut self) {
        self.pool.clear();
        self.owed.clear();
        self.owed.push(ThrowKind::Turn);
        self.deferred = 0;
        self.phase = Phase::Throw;
    }

    fn throw_off<R: Rng + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) -> Seat {
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
    fn settle(&self, route: Route, index: u8) -> Route {
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

    /// Under `shortcut = choose`: the other branch a piece standing on a station may take.
    fn alternative(&self, route: Route, index: u8) -> Option<Route> {
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
    fn forward(&self, route: Route, index: u8, n: u8) -> Option<Landing> {
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

    fn stand(&self, route: Route, index: u8) -> Landing {
        Landing::Stand {
            route: self.settle(route, index),
            index,
        }
    }

    /// A landing on the finish 참먹이 by a Back-Do or a Back-Do entry.
    fn on_finish_square(&self) -> Landing {
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
    fn back_along(&self, route: Route, index: u8) -> Landing {
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
    fn routes_in_play(&self) -> ArrayVec<Route, 6> {
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
    fn back_targets(&self, route: Route, index: u8, out: &mut ArrayVec<(Route, Landing), 4>) {
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

    fn landing_point(&self, l: Landing) -> Option<Point> {
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

    fn plans_in_spend(&self, out: &mut ArrayVec<Plan, MAX_MOVES>) {
        self.plans(out)
    }

    /// Every legal move with its effect, for the seat to act and the chips in the pool.
    fn plans(&self, out: &mut ArrayVec<Plan, MAX_MOVES>) {
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
    fn movable(&self, i: usize) -> bool {
        let u = &self.units[i];
        let p = u.point();
        !self.units[i + 1..]
            .iter()
            .any(|v| v.side == u.side && v.point() == p)
    }

    fn push_entry(&self, out: &mut ArrayVec<Plan, MAX_MOVES>, chip: Chip, landing: Landing) {
        let side = self.side_of(self.turn);
        let unit = Unit {
            side,
            route: Route::Outer,
            index: 0,
            count: 1,
        };
        self.push_plan(out, chip, None, &unit, Route::Outer, landing);
    }

    fn push_plan(
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

    // ----- applying -----

    fn apply_plan(&mut self, plan: &Plan, events: &mut Vec<Event>) {
        let mut immediate = false;
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
                        self.owed.push(ThrowKind::Bonus);
                        immediate = self.rules.capture_bonus == CaptureBonus::Immediate;
                    }
                    events.push(Event::BonusThrow { seat, deferred });
                }
            }
        }
        if immediate
            && self.rules.throw_flow == ThrowFlow::Each
            && !self.pool.is_empty()
            && self.phase != Phase::Over
        {
            // An immediate bonus is thrown at once and added to the pool, even while results
            // are still held (a set-up pool under `throw_flow = each`).
            self.phase = Phase::Throw;
            return;
        }
        self.after_pool_change(events);
    }

    fn earns_bonus(&self, chip: Chip) -> bool {
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
    fn path_of(&self, plan: &Plan) -> Path {
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

    fn finish_game(&mut self, side: Side, seat: Seat, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        self.pool.clear();
        self.owed.clear();
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
