//! The game state, legal moves and the turn machine.

mod moves;
mod play;

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
    /// Under `throw_flow = each`, which owed throws (same order as `owed`) are immediate capture
    /// bonuses, thrown as soon as they are next even with results held; a missing entry is
    /// false (kept without trailing falses, so it is empty under `throw_flow = pool`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    at_once: Vec<bool>,
    deferred: u8,
    last_toss: Option<Toss>,
    /// Who threw `last_toss` (absent from games saved before it was kept).
    #[serde(default)]
    last_thrower: Option<Seat>,
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
            at_once: Vec::new(),
            deferred: 0,
            last_toss: None,
            last_thrower: None,
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
    /// The seat that threw [`Game::last_toss`].
    pub fn last_thrower(&self) -> Option<Seat> {
        self.last_thrower
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
        self.at_once.hash(&mut h);
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
}
