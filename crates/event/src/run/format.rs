//! The event's format (how its rounds are paired) and its matches played game by game (a
//! best-of-N).

use super::{Pairing, Progress, Run, RunError, Stage};
use crate::model::EntrantId;
use serde::{Deserialize, Serialize};

/// How an event's rounds are paired.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventFormat {
    /// Swiss: each round paired from the results so far ([`crate::pair_swiss`]).
    #[default]
    Swiss,
    /// Single elimination, seeded by rating (1 v N; byes to the top seeds). A round is every
    /// bracket match ready to play.
    Single,
    /// Double elimination, seeded by rating; the grand final is reset when the losers-bracket
    /// champion wins it.
    Double,
    /// Round robin (at most [`crate::robin::MAX_ROUND_ROBIN`] entrants): each meets each once.
    RoundRobin,
}

impl EventFormat {
    pub fn is_elimination(self) -> bool {
        matches!(self, EventFormat::Single | EventFormat::Double)
    }
}

/// A match given without a game: the loser had dropped out (or both had: then the better
/// seed goes on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walkover {
    pub winner: EntrantId,
    pub loser: EntrantId,
    /// The bracket match, in elimination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket_match: Option<usize>,
}

pub(super) fn zero(pair: &[u32; 2]) -> bool {
    *pair == [0, 0]
}

pub(super) fn one() -> u32 {
    1
}

impl Pairing {
    /// A match not opened yet.
    pub fn new(first: EntrantId, second: EntrantId) -> Pairing {
        Pairing {
            first,
            second,
            game: None,
            opened_ms: None,
            result: None,
            set_by: None,
            wins: [0, 0],
            pieces: [0, 0],
            earlier: Vec::new(),
            bracket_match: None,
        }
    }

    /// The seats of the match's game to open now (or being played): `[first seat, second
    /// seat]`. `first` sits first in the match's odd games (the 1st, 3rd, ...), `second` in
    /// its even ones, so that neither has the first seat more than once more than the other.
    pub fn seats(&self) -> [EntrantId; 2] {
        if self.earlier.len() % 2 == 1 {
            [self.second, self.first]
        } else {
            [self.first, self.second]
        }
    }
}

impl Run {
    /// Games a side must win to take a match.
    pub fn wins_needed(&self) -> u32 {
        self.best_of.max(1) / 2 + 1
    }

    /// Choose how the event is played (before the first round): its format and the games
    /// per match (`best_of`, at least 1).
    pub fn set_format(&mut self, format: EventFormat, best_of: u32) -> Result<(), RunError> {
        if self.stage != Stage::SignUp {
            return Err(RunError::Closed);
        }
        if format == EventFormat::RoundRobin && self.entrants.len() > crate::robin::MAX_ROUND_ROBIN
        {
            return Err(RunError::TooMany);
        }
        self.format = format;
        self.best_of = best_of.max(1);
        Ok(())
    }

    /// One game of pairing `index` ended (`pieces`: `[first, second]` of the pairing). The
    /// match is decided when `winner` has won enough games; or when one side has dropped out
    /// (the game counts, but no other is played: the match goes to the other side, and in
    /// elimination it does even when the game was the one that side needed, as nobody goes on
    /// in a bracket after leaving it); otherwise the pairing waits for its next game.
    pub(super) fn game_over(
        &mut self,
        index: usize,
        winner: EntrantId,
        pieces: [u32; 2],
    ) -> Result<Progress, RunError> {
        let need = self.wins_needed();
        let elimination = self.format.is_elimination();
        let dropped = |run: &Run, id: EntrantId| run.entrant(id).is_some_and(|e| e.dropped);
        let (first, second) = {
            let (_, p) = self.pairing_mut(index)?;
            (p.first, p.second)
        };
        let gone = [dropped(self, first), dropped(self, second)];
        let (n, p) = self.pairing_mut(index)?;
        if p.result.is_some() {
            return Err(RunError::Decided);
        }
        let side = if winner == p.first {
            0
        } else if winner == p.second {
            1
        } else {
            return Err(RunError::NotInGame);
        };
        p.wins[side] += 1;
        p.pieces = [p.pieces[0] + pieces[0], p.pieces[1] + pieces[1]];
        let still_in = if gone[0] { p.second } else { p.first };
        let decided = if gone[0] != gone[1] && (elimination || p.wins[side] < need) {
            Some(still_in)
        } else if p.wins[side] >= need || gone[0] {
            Some(winner)
        } else {
            None
        };
        match decided {
            Some(w) => {
                p.result = Some((w, p.pieces));
                self.match_decided(n, index)
            }
            None => {
                let last = p.game.take();
                p.earlier.extend(last);
                p.opened_ms = None;
                Ok(Progress::NextGame)
            }
        }
    }
}
