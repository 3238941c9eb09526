//! What admins decide (a result, a disqualification, a pause, calling it off) and what the
//! bot decides for them (a no-show's forfeit), each kept as a line of the event's log.

use super::{Progress, Run, RunError, Stage};
use crate::model::EntrantId;
use serde::{Deserialize, Serialize};

/// What was decided.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Act {
    /// Pairing `game` (0-based) of the round was given to `winner`.
    Result {
        game: u32,
        winner: EntrantId,
    },
    /// `absent` never showed up for pairing `game`: their opponent wins.
    NoShow {
        game: u32,
        absent: EntrantId,
    },
    Disqualified {
        entrant: EntrantId,
    },
    /// Left out of the first round for not checking in.
    NotCheckedIn {
        entrant: EntrantId,
    },
    Paused,
    Resumed,
    Cancelled,
}

/// One line of an event's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Logged {
    /// The round it happened in (1-based; 0 before the first).
    pub round: u32,
    /// Who decided: an admin's name, or empty for the bot.
    pub by: String,
    pub what: Act,
    /// Why, as the admin said it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
}

impl Run {
    pub(super) fn note(&mut self, round: u32, by: &str, what: Act, why: &str) {
        self.log.push(Logged {
            round,
            by: by.to_string(),
            what,
            why: why.to_string(),
        });
    }

    /// The round being played, 1-based (0 before the first).
    fn round_number(&self) -> u32 {
        match self.stage {
            Stage::Round(n) => n + 1,
            Stage::SignUp => 0,
            Stage::Finished | Stage::Cancelled => self.played.len() as u32,
        }
    }

    fn why_text(by: &str, why: &str) -> String {
        match (by.is_empty(), why.is_empty()) {
            (_, true) => by.to_string(),
            (true, false) => why.to_string(),
            (false, false) => format!("{by}: {why}"),
        }
    }

    /// An admin (`by`) decides pairing `index` of the current round for `winner` (a dispute,
    /// a game the bots finished), saying `why`.
    pub fn set_result(
        &mut self,
        index: usize,
        winner: EntrantId,
        by: &str,
        why: &str,
    ) -> Result<Progress, RunError> {
        let done = self.decide(index, winner, [0, 0], Some(Self::why_text(by, why)))?;
        let round = self.round_number_of_decision();
        self.note(
            round,
            by,
            Act::Result {
                game: index as u32,
                winner,
            },
            why,
        );
        Ok(done)
    }

    /// After a decision the stage may have moved on to Finished: the round it was in.
    fn round_number_of_decision(&self) -> u32 {
        self.played.len() as u32
    }

    /// `absent` never showed up for pairing `index`: the other side wins (the bot decides).
    pub fn forfeit(&mut self, index: usize, absent: EntrantId) -> Result<Progress, RunError> {
        let (_, p) = self.pairing_mut(index)?;
        let winner = if p.first == absent {
            p.second
        } else if p.second == absent {
            p.first
        } else {
            return Err(RunError::NotInGame);
        };
        let done = self.decide(index, winner, [0, 0], Some("no-show".into()))?;
        let round = self.round_number_of_decision();
        self.note(
            round,
            "",
            Act::NoShow {
                game: index as u32,
                absent,
            },
            "",
        );
        Ok(done)
    }

    /// An admin disqualifies `entrant`: paired no more, and an undecided game of theirs in
    /// the current round goes to their opponent. Returns what that decision did, if any.
    pub fn disqualify(
        &mut self,
        entrant: EntrantId,
        by: &str,
        why: &str,
    ) -> Result<Option<Progress>, RunError> {
        if matches!(self.stage, Stage::Finished | Stage::Cancelled) {
            return Err(RunError::NotNow);
        }
        let round = self.round_number();
        let e = self
            .entrants
            .iter_mut()
            .find(|e| e.id == entrant && !e.disqualified)
            .ok_or(RunError::NotIn)?;
        e.dropped = true;
        e.disqualified = true;
        if self.stage == Stage::SignUp {
            self.entrants.retain(|e| e.id != entrant);
            self.note(round, by, Act::Disqualified { entrant }, why);
            return Ok(None);
        }
        self.note(round, by, Act::Disqualified { entrant }, why);
        let open = self.current().and_then(|(_, r)| {
            r.games
                .iter()
                .position(|g| g.result.is_none() && (g.first == entrant || g.second == entrant))
        });
        let Some(index) = open else {
            return Ok(None);
        };
        let p = &self.current().expect("a round").1.games[index];
        let winner = if p.first == entrant {
            p.second
        } else {
            p.first
        };
        let text = Self::why_text(by, why);
        Ok(Some(self.decide(index, winner, [0, 0], Some(text))?))
    }

    /// An admin pauses the event: games being played go on; no round is paired until
    /// [`Run::resume`].
    pub fn pause(&mut self, by: &str) -> Result<(), RunError> {
        if self.paused || matches!(self.stage, Stage::Finished | Stage::Cancelled) {
            return Err(RunError::NotNow);
        }
        self.paused = true;
        let round = self.round_number();
        self.note(round, by, Act::Paused, "");
        Ok(())
    }

    /// An admin resumes a paused event. `true` when its round is complete, so the next is
    /// to be paired now.
    pub fn resume(&mut self, by: &str) -> Result<bool, RunError> {
        if !self.paused {
            return Err(RunError::NotNow);
        }
        self.paused = false;
        let round = self.round_number();
        self.note(round, by, Act::Resumed, "");
        Ok(self.round_done())
    }

    /// Call the event off: nothing more is paired (games being played finish as games).
    pub fn cancel(&mut self, by: &str) -> Result<(), RunError> {
        match self.stage {
            Stage::Finished | Stage::Cancelled => Err(RunError::NotNow),
            _ => {
                let round = self.round_number();
                self.stage = Stage::Cancelled;
                self.note(round, by, Act::Cancelled, "");
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn started(n: u64) -> (Run, Vec<super::super::Pairing>) {
        let mut r = Run::new("Club night", 3, 0);
        for i in 1..=n {
            r.join(i, &format!("P{i}"), 2000.0 - i as f64).unwrap();
        }
        let games = r.start_round().unwrap().games.clone();
        for i in 0..games.len() {
            r.opened(i, 100 + i as i64, 0).unwrap();
        }
        (r, games)
    }

    #[test]
    fn admin_results_no_shows_and_disqualifications_are_logged() {
        let (mut r, games) = started(6);
        let g0 = &games[0];
        assert_eq!(
            r.set_result(0, g0.second, "Dana", "disconnect"),
            Ok(Progress::Pending)
        );
        assert_eq!(r.played[0].games[0].result.unwrap().0, g0.second);
        assert_eq!(
            r.played[0].games[0].set_by.as_deref(),
            Some("Dana: disconnect")
        );
        assert_eq!(r.forfeit(1, 99), Err(RunError::NotInGame));
        assert_eq!(r.forfeit(1, games[1].first), Ok(Progress::Pending));
        assert_eq!(r.played[0].games[1].result.unwrap().0, games[1].second);
        // The third game's first player is disqualified: the game goes to the other side.
        let cheat = games[2].first;
        assert_eq!(
            r.disqualify(cheat, "Dana", "two accounts"),
            Ok(Some(Progress::RoundDone))
        );
        assert_eq!(r.played[0].games[2].result.unwrap().0, games[2].second);
        assert!(r.entrant(cheat).unwrap().dropped);
        assert_eq!(r.disqualify(cheat, "Dana", ""), Err(RunError::NotIn));
        let acts: Vec<_> = r.log.iter().map(|l| l.what.clone()).collect();
        assert_eq!(
            acts,
            vec![
                Act::Result {
                    game: 0,
                    winner: g0.second
                },
                Act::NoShow {
                    game: 1,
                    absent: games[1].first
                },
                Act::Disqualified { entrant: cheat },
            ]
        );
        assert!(r.log.iter().all(|l| l.round == 1));
        let next = r.start_round().unwrap();
        assert!(next
            .games
            .iter()
            .all(|g| g.first != cheat && g.second != cheat));
    }

    #[test]
    fn a_paused_event_pairs_nothing_until_resumed() {
        let (mut r, games) = started(4);
        r.pause("Dana").unwrap();
        assert_eq!(r.pause("Dana"), Err(RunError::NotNow));
        for (i, g) in games.iter().enumerate() {
            r.report(100 + i as i64, g.first, [4, 0]).unwrap();
        }
        assert!(r.round_done());
        assert_eq!(r.start_round().err(), Some(RunError::Paused));
        assert_eq!(r.resume("Dana"), Ok(true));
        assert!(r.start_round().is_ok());
        r.cancel("Dana").unwrap();
        assert_eq!(r.cancel("Dana"), Err(RunError::NotNow));
        assert_eq!(
            r.log.iter().map(|l| l.what.clone()).collect::<Vec<_>>(),
            vec![Act::Paused, Act::Resumed, Act::Cancelled]
        );
    }
}
