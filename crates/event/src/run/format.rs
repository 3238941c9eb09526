//! The event's format (how its rounds are paired) and its matches played game by game (a
//! best-of-N).

use super::{Pairing, Progress, RoundRun, Run, RunError, Stage};
use crate::model::{EntrantId, Played, Scoring};
use crate::swiss::pair_swiss;
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
    /// Free-for-all tables of 2 to 4, seated by score each round ([`crate::seat_tables`]),
    /// scored by place ([`crate::Scoring::places`]; a bye scores
    /// [`crate::Scoring::table_bye`]). One game a table, whatever [`Run::best_of`] says.
    Tables,
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
            more: Vec::new(),
            places: Vec::new(),
        }
    }

    /// Everyone seated, in seat order (two, or a table's three or four).
    pub fn everyone(&self) -> Vec<EntrantId> {
        let mut all = vec![self.first, self.second];
        all.extend(&self.more);
        all
    }

    /// What the standings read of it, once decided: a game, or a table by its places.
    pub fn played(&self) -> Option<Played> {
        let (winner, pieces) = self.result?;
        if !self.places.is_empty() {
            return Some(Played::Table {
                places: self.places.iter().map(|p| p.0).collect(),
                pieces: self.places.iter().map(|p| p.1).collect(),
            });
        }
        Some(Played::Game {
            first: self.first,
            second: self.second,
            winner,
            pieces,
        })
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
    /// The rounds the event would take with the entrants signed up now: [`Run::rounds`] for
    /// a Swiss or tables event (and once started); a round robin's schedule; the most an
    /// elimination bracket can take (its reset included).
    pub fn rounds_planned(&self) -> u32 {
        if self.stage != Stage::SignUp {
            return self.rounds;
        }
        let field = self.field();
        match self.format {
            EventFormat::Swiss | EventFormat::Tables => self.rounds,
            EventFormat::RoundRobin => {
                crate::robin::round_robin(&field).map_or(0, |s| s.len() as u32)
            }
            EventFormat::Single | EventFormat::Double => {
                let format = if self.format == EventFormat::Double {
                    crate::bracket::Format::DoubleElimination
                } else {
                    crate::bracket::Format::SingleElimination
                };
                super::elim::most_rounds(&crate::bracket::Bracket::by_rating(format, &field))
            }
        }
    }

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
        // A table's bye is worth its own points: the history's byes are scored by `bye`.
        if format == EventFormat::Tables {
            self.scoring.bye = self.scoring.table_bye;
        } else if self.format == EventFormat::Tables {
            self.scoring.bye = Scoring::default().bye;
        }
        self.format = format;
        self.best_of = if format == EventFormat::Tables {
            1
        } else {
            best_of.max(1)
        };
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
        if self.format == EventFormat::Tables {
            return self.two_at_a_table(index, winner, pieces);
        }
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

    /// The pairing of round `next` (0-based), by the event's format.
    pub(super) fn pair_next(&mut self, next: u32) -> Result<RoundRun, RunError> {
        match self.format {
            EventFormat::Swiss => {
                let pairing = pair_swiss(&self.field(), &self.history(), &self.scoring);
                Ok(RoundRun {
                    started_ms: None,
                    games: pairing
                        .games
                        .iter()
                        .map(|&(first, second)| Pairing::new(first, second))
                        .collect(),
                    bye: pairing.bye,
                    walkovers: Vec::new(),
                })
            }
            EventFormat::RoundRobin => self.pair_robin(next),
            EventFormat::Single | EventFormat::Double => self.pair_bracket(next),
            EventFormat::Tables => Ok(self.pair_tables()),
        }
    }

    /// Whether a round follows round `n` (once it is complete).
    pub(super) fn more_rounds(&self, n: u32) -> bool {
        match self.format {
            EventFormat::Single | EventFormat::Double => {
                self.bracket.as_ref().is_some_and(|b| !b.is_done())
            }
            EventFormat::Swiss | EventFormat::RoundRobin | EventFormat::Tables => {
                n + 1 < self.rounds
            }
        }
    }

    /// The event is over.
    pub(super) fn finish(&mut self) {
        self.stage = Stage::Finished;
        if self.format.is_elimination() {
            self.rounds = self.played.len() as u32;
        }
    }

    /// After pairing `index` of round `n` was decided: what that did.
    pub(super) fn match_decided(&mut self, n: u32, index: usize) -> Result<Progress, RunError> {
        self.advance_in_bracket(n, index);
        if !self.round_done() {
            return Ok(Progress::Pending);
        }
        let over = if self.format.is_elimination() {
            self.bracket_over()
        } else {
            let active = self.entrants.iter().filter(|e| !e.dropped).count();
            n + 1 >= self.rounds || active < 2
        };
        if over {
            self.finish();
            return Ok(Progress::Finished);
        }
        Ok(Progress::RoundDone)
    }
}
