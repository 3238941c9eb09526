//! The rules of yut: pure, deterministic, no IO. Randomness comes in as an `Rng`.

pub mod board;
mod engine;
pub mod matchplay;
pub mod options;
pub mod rules;
pub mod throw;
mod types;

pub use board::{Point, Route};
pub use engine::{ActionError, Game, Landing, Outcome, Placed, Position, SetupError, MAX_MOVES};
pub use matchplay::Match;
pub use options::{options_markdown, OptionInfo, OptionKind, Setting, OPTIONS};
pub use rules::{OptionValue, Preset, Rules, RulesError};
pub use throw::{Chip, Draws, Toss};
pub use types::{Action, Dest, Event, Move, Origin, Path, Phase, Seat, Side, ThrowKind, Unit};
