//! The vocabulary of actions, moves and events.

use super::board::{Point, Route};
use super::throw::{Chip, Toss};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Seat number 0..3 in turn order.
pub type Seat = u8;
/// Side index: the seat in free-for-all, the team (0 or 1) in 2v2.
pub type Side = u8;

/// Where a moving piece comes from: a waiting piece ("new") or the point where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    New,
    At(Point),
}

/// Where a move ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dest {
    Point(Point),
    Home,
    /// Back to the waiting pieces (a Back-Do from 도 under `backdo_from_first = off_board`).
    Waiting,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::New => f.write_str("new"),
            Origin::At(p) => write!(f, "{p}"),
        }
    }
}

impl fmt::Display for Dest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dest::Point(p) => write!(f, "{p}"),
            Dest::Home => f.write_str("home"),
            Dest::Waiting => f.write_str("waiting"),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum NumOrWord {
    N(u8),
    W(String),
}

impl Serialize for Origin {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Origin::New => s.serialize_str("new"),
            Origin::At(p) => s.serialize_u8(*p),
        }
    }
}

impl<'de> Deserialize<'de> for Origin {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match NumOrWord::deserialize(d)? {
            NumOrWord::N(p) if p < 29 => Ok(Origin::At(p)),
            NumOrWord::W(w) if w == "new" => Ok(Origin::New),
            _ => Err(serde::de::Error::custom(
                "piece must be \"new\" or a point id 0..28",
            )),
        }
    }
}

impl Serialize for Dest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Dest::Point(p) => s.serialize_u8(*p),
            Dest::Home => s.serialize_str("home"),
            Dest::Waiting => s.serialize_str("waiting"),
        }
    }
}

impl<'de> Deserialize<'de> for Dest {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match NumOrWord::deserialize(d)? {
            NumOrWord::N(p) if p < 29 => Ok(Dest::Point(p)),
            NumOrWord::W(w) if w == "home" => Ok(Dest::Home),
            NumOrWord::W(w) if w == "waiting" => Ok(Dest::Waiting),
            _ => Err(serde::de::Error::custom(
                "to must be a point id 0..28, \"home\" or \"waiting\"",
            )),
        }
    }
}

/// One move: spend `chip` on the piece (or stack) at `piece`, ending at `to`. `stack` is
/// `Some` only under `stacking = choose` when the move lands on an own piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub chip: Chip,
    pub piece: Origin,
    pub to: Dest,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<bool>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} -> {}", self.chip, self.piece, self.to)?;
        match self.stack {
            Some(true) => f.write_str(" (stack)"),
            Some(false) => f.write_str(" (beside)"),
            None => Ok(()),
        }
    }
}

/// Anything a seat can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    Throw,
    Move(Move),
}

/// A piece or stack on the board. Units are kept in the order they arrived where they stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub side: Side,
    pub route: Route,
    pub index: u8,
    pub count: u8,
}

impl Unit {
    pub fn point(&self) -> Point {
        self.route.at(self.index)
    }
}

/// The phase of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The seat to act must throw.
    Throw,
    /// The seat to act must spend a chip from the pool.
    Spend,
    /// The game is over.
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Throw => "throw",
            Phase::Spend => "spend",
            Phase::Over => "over",
        }
    }
}

/// Why a throw is owed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThrowKind {
    /// The turn's own throw, or the extra throw of a 윷 or 모 thrown in the turn.
    Turn,
    /// A capture's bonus throw, or the extra throw of a 윷 or 모 thrown on one.
    Bonus,
}

/// The points a move passed over and ended on, in order (empty for a move straight home from
/// the finish 참먹이).
pub type Path = ArrayVec<Point, 8>;

/// What happened, for the UI to narrate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A throw of the throw-off that decides who starts.
    ThrowOff { seat: Seat, chip: Chip },
    /// The game starts with this seat.
    Starts { seat: Seat },
    /// Sticks thrown. `chip` is None for a void throw (낙). `again`: it earned another throw.
    Thrown {
        seat: Seat,
        toss: Toss,
        chip: Option<Chip>,
        kind: ThrowKind,
        again: bool,
    },
    /// A waiting piece came onto the board.
    Entered {
        seat: Seat,
        side: Side,
        chip: Chip,
        to: Dest,
        path: Path,
    },
    /// A piece or stack moved.
    Moved {
        seat: Seat,
        side: Side,
        chip: Chip,
        from: Point,
        to: Dest,
        route: Option<Route>,
        count: u8,
        path: Path,
    },
    /// Pieces joined into one stack of `count`.
    Stacked { side: Side, at: Point, count: u8 },
    /// `count` pieces of `side` at `at` went back to waiting.
    Captured {
        seat: Seat,
        side: Side,
        at: Point,
        count: u8,
    },
    /// `count` pieces of `side` went home.
    Finished { side: Side, count: u8 },
    /// A Back-Do sent `count` pieces of `side` back to waiting.
    SentBack { side: Side, count: u8 },
    /// Results with no legal move were dropped.
    Discarded { seat: Seat, chips: Vec<Chip> },
    /// A capture earned a bonus throw; `deferred` when it comes after the pool is spent.
    BonusThrow { seat: Seat, deferred: bool },
    /// The turn passed.
    TurnPassed { from: Seat, to: Seat },
    /// `side` brought all its pieces home; `seat` made the last move.
    Won { side: Side, seat: Seat },
}
