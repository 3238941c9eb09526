//! A Swiss event as the bot runs it, from sign-up to podium: entrants join (and leave, or
//! drop out later), each round is paired from the results so far ([`pair_swiss`]), each
//! game's result is reported as it ends, and once the last round's last game is in the
//! event is over and its standings are final.
//!
//! Pure and deterministic like the rest of the crate: the service keeps a [`Run`] (as JSON,
//! with the event's row), applies what happens to it here, and does what it asks (open the
//! round's games). Entrants are ids the caller chooses (a person's Discord id for 1v1).

use crate::model::{Entrant, EntrantId, History, Played, Round, Scoring};
use crate::standings::{standings, Standing};
use crate::swiss::pair_swiss;
use serde::{Deserialize, Serialize};

/// Where an event stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Taking sign-ups.
    SignUp,
    /// Round `n` (0-based) is being played.
    Round(u32),
    /// Every round played: the standings are final.
    Finished,
    /// Called off by an admin: nothing more is paired.
    Cancelled,
}

/// One person (or team) signed up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Signed {
    pub id: EntrantId,
    pub name: String,
    /// For the first round's order (the server's rating).
    pub rating: f64,
    /// Dropped out after the start: paired no more; their results stay.
    #[serde(default)]
    pub dropped: bool,
}

/// One game of a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// First seat, second seat.
    pub first: EntrantId,
    pub second: EntrantId,
    /// The game opened for it, once it is.
    pub game: Option<i64>,
    /// The winner and the pieces each side brought home (`[first, second]`), once decided.
    pub result: Option<(EntrantId, [u32; 2])>,
    /// Decided by an admin (a no-show, a dispute): who and why, for the event's log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_by: Option<String>,
}

/// One round: its games and its bye.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RoundRun {
    pub games: Vec<Pairing>,
    pub bye: Option<EntrantId>,
}

/// Why something cannot be done now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunError {
    /// Sign-ups are closed (the event started, ended or was called off).
    Closed,
    AlreadyIn,
    NotIn,
    /// The event is full.
    Full,
    /// Fewer than two entrants to pair.
    TooFew,
    /// The round still has games to finish.
    RoundNotDone,
    /// Not during this stage (no round being played, or the event is over).
    NotNow,
    /// No game of the current round is that one.
    NoSuchGame,
    /// That game's result is in already.
    Decided,
    /// The winner is not one of the game's two entrants.
    NotInGame,
}

/// What a reported result did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Other games of the round are still being played.
    Pending,
    /// The round is complete; the next can be paired.
    RoundDone,
    /// That was the last game of the last round: the event is over.
    Finished,
}

/// A running Swiss event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub name: String,
    /// Rounds to play.
    pub rounds: u32,
    /// The most entrants taken (0: no cap).
    pub cap: u32,
    pub stage: Stage,
    pub entrants: Vec<Signed>,
    pub played: Vec<RoundRun>,
    pub scoring: Scoring,
    /// The language its messages are written in (a catalog code: `en`, `ko`, `es`).
    #[serde(default)]
    pub lang: String,
}

impl Run {
    pub fn new(name: &str, rounds: u32, cap: u32) -> Run {
        Run {
            name: name.to_string(),
            rounds: rounds.max(1),
            cap,
            stage: Stage::SignUp,
            entrants: Vec::new(),
            played: Vec::new(),
            scoring: Scoring::default(),
            lang: "en".into(),
        }
    }

    pub fn entrant(&self, id: EntrantId) -> Option<&Signed> {
        self.entrants.iter().find(|e| e.id == id)
    }

    /// Sign `id` up (only before the first round).
    pub fn join(&mut self, id: EntrantId, name: &str, rating: f64) -> Result<(), RunError> {
        if self.stage != Stage::SignUp {
            return Err(RunError::Closed);
        }
        if self.entrant(id).is_some() {
            return Err(RunError::AlreadyIn);
        }
        if self.cap > 0 && self.entrants.len() >= self.cap as usize {
            return Err(RunError::Full);
        }
        self.entrants.push(Signed {
            id,
            name: name.to_string(),
            rating,
            dropped: false,
        });
        Ok(())
    }

    /// `id` leaves: before the start they are simply off the list; after it they drop out
    /// (paired no more: a game of theirs still being played goes on and counts).
    pub fn leave(&mut self, id: EntrantId) -> Result<(), RunError> {
        let at = self
            .entrants
            .iter()
            .position(|e| e.id == id && !e.dropped)
            .ok_or(RunError::NotIn)?;
        match self.stage {
            Stage::SignUp => {
                self.entrants.remove(at);
            }
            Stage::Round(_) => self.entrants[at].dropped = true,
            Stage::Finished | Stage::Cancelled => return Err(RunError::NotNow),
        }
        Ok(())
    }

    /// The results so far, as the pairing and the standings read them (games decided, byes).
    pub fn history(&self) -> History {
        History {
            rounds: self
                .played
                .iter()
                .map(|r| Round {
                    played: r
                        .games
                        .iter()
                        .filter_map(|g| {
                            g.result.map(|(winner, pieces)| Played::Game {
                                first: g.first,
                                second: g.second,
                                winner,
                                pieces,
                            })
                        })
                        .chain(r.bye.map(|entrant| Played::Bye { entrant }))
                        .collect(),
                })
                .collect(),
            drops: self
                .entrants
                .iter()
                .filter(|e| e.dropped)
                .map(|e| e.id)
                .collect(),
        }
    }

    fn field(&self) -> Vec<Entrant> {
        self.entrants
            .iter()
            .map(|e| Entrant::new(e.id, e.rating))
            .collect()
    }

    /// Pair the next round (the first closes sign-ups): its games to open, in order. The
    /// bye, if any, counts at once.
    pub fn start_round(&mut self) -> Result<&RoundRun, RunError> {
        let next = match self.stage {
            Stage::SignUp => 0,
            Stage::Round(n) if self.round_done() && n + 1 < self.rounds => n + 1,
            Stage::Round(_) if !self.round_done() => return Err(RunError::RoundNotDone),
            _ => return Err(RunError::NotNow),
        };
        let active = self.entrants.iter().filter(|e| !e.dropped).count();
        if active < 2 {
            return Err(RunError::TooFew);
        }
        let pairing = pair_swiss(&self.field(), &self.history(), &self.scoring);
        self.played.push(RoundRun {
            games: pairing
                .games
                .iter()
                .map(|&(first, second)| Pairing {
                    first,
                    second,
                    game: None,
                    result: None,
                    set_by: None,
                })
                .collect(),
            bye: pairing.bye,
        });
        self.stage = Stage::Round(next);
        Ok(self.played.last().expect("just pushed"))
    }

    /// The round being played, if any.
    pub fn current(&self) -> Option<(u32, &RoundRun)> {
        match self.stage {
            Stage::Round(n) => self.played.get(n as usize).map(|r| (n, r)),
            _ => None,
        }
    }

    /// Is every game of the current round decided?
    pub fn round_done(&self) -> bool {
        self.current()
            .is_some_and(|(_, r)| r.games.iter().all(|g| g.result.is_some()))
    }

    /// The game opened for pairing `index` of the current round.
    pub fn opened(&mut self, index: usize, game: i64) -> Result<(), RunError> {
        self.pairing_mut(index)?.1.game = Some(game);
        Ok(())
    }

    /// Pairing `index` of the round being played, with the round's number.
    fn pairing_mut(&mut self, index: usize) -> Result<(u32, &mut Pairing), RunError> {
        let Stage::Round(n) = self.stage else {
            return Err(RunError::NotNow);
        };
        let p = self.played[n as usize]
            .games
            .get_mut(index)
            .ok_or(RunError::NoSuchGame)?;
        Ok((n, p))
    }

    /// Which pairing of the current round game `game` is.
    pub fn pairing_of(&self, game: i64) -> Option<usize> {
        let (_, r) = self.current()?;
        r.games.iter().position(|g| g.game == Some(game))
    }

    /// Game `game` of the current round ended: `winner` won, the sides brought `pieces`
    /// home (`[first, second]`).
    pub fn report(
        &mut self,
        game: i64,
        winner: EntrantId,
        pieces: [u32; 2],
    ) -> Result<Progress, RunError> {
        let index = self.pairing_of(game).ok_or(RunError::NoSuchGame)?;
        self.decide(index, winner, pieces, None)
    }

    /// An admin decides pairing `index` of the current round (a no-show, a dispute), with
    /// who and why kept.
    pub fn set_result(
        &mut self,
        index: usize,
        winner: EntrantId,
        by: &str,
    ) -> Result<Progress, RunError> {
        self.decide(index, winner, [0, 0], Some(by.to_string()))
    }

    fn decide(
        &mut self,
        index: usize,
        winner: EntrantId,
        pieces: [u32; 2],
        by: Option<String>,
    ) -> Result<Progress, RunError> {
        let (n, p) = self.pairing_mut(index)?;
        if p.result.is_some() {
            return Err(RunError::Decided);
        }
        if winner != p.first && winner != p.second {
            return Err(RunError::NotInGame);
        }
        p.result = Some((winner, pieces));
        p.set_by = by;
        if !self.round_done() {
            return Ok(Progress::Pending);
        }
        let active = self.entrants.iter().filter(|e| !e.dropped).count();
        if n + 1 >= self.rounds || active < 2 {
            self.stage = Stage::Finished;
            return Ok(Progress::Finished);
        }
        Ok(Progress::RoundDone)
    }

    /// Call the event off: nothing more is paired (games being played finish as games).
    pub fn cancel(&mut self) -> Result<(), RunError> {
        match self.stage {
            Stage::Finished | Stage::Cancelled => Err(RunError::NotNow),
            _ => {
                self.stage = Stage::Cancelled;
                Ok(())
            }
        }
    }

    /// The standings from the results so far (final once [`Stage::Finished`]).
    pub fn standings(&self) -> Vec<Standing> {
        standings(&self.field(), &self.history(), &self.scoring)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_of(n: u64, rounds: u32) -> Run {
        let mut r = Run::new("New Year", rounds, 0);
        for i in 1..=n {
            r.join(i, &format!("P{i}"), 1500.0 - i as f64).unwrap();
        }
        r
    }

    /// The lower id wins every game: the standings end in id order.
    fn play_round(r: &mut Run, next_game: &mut i64) -> Progress {
        let games = r.start_round().unwrap().games.clone();
        for i in 0..games.len() {
            r.opened(i, *next_game + i as i64).unwrap();
        }
        let mut last = Progress::Pending;
        for (i, g) in games.iter().enumerate() {
            let winner = g.first.min(g.second);
            let pieces = if winner == g.first { [4, 1] } else { [2, 4] };
            last = r.report(*next_game + i as i64, winner, pieces).unwrap();
        }
        *next_game += games.len() as i64;
        last
    }

    #[test]
    fn a_whole_swiss_from_sign_up_to_the_podium() {
        let mut r = run_of(9, 4);
        assert_eq!(r.join(3, "again", 0.0), Err(RunError::AlreadyIn));
        let mut game = 100;
        for round in 0..4 {
            let p = play_round(&mut r, &mut game);
            let byes: Vec<_> = r.played.iter().filter_map(|x| x.bye).collect();
            assert_eq!(byes.len(), round + 1, "one bye a round with 9 entrants");
            let mut unique = byes.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), byes.len(), "never twice the bye: {byes:?}");
            if round < 3 {
                assert_eq!(p, Progress::RoundDone);
            } else {
                assert_eq!(p, Progress::Finished);
            }
        }
        assert_eq!(r.stage, Stage::Finished);
        assert_eq!(r.join(10, "late", 0.0), Err(RunError::Closed));
        assert_eq!(r.start_round().err(), Some(RunError::NotNow));
        let s = r.standings();
        assert_eq!(s[0].entrant, 1, "the one who wins every game: {s:?}");
        assert_eq!(s[0].score, 4);
        // Every entrant played or sat out each round, once.
        for round in &r.played {
            let mut seen: Vec<_> = round
                .games
                .iter()
                .flat_map(|g| [g.first, g.second])
                .chain(round.bye)
                .collect();
            seen.sort();
            assert_eq!(seen, (1..=9).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_round_waits_for_its_last_game_and_results_are_checked() {
        let mut r = run_of(4, 2);
        assert_eq!(r.report(1, 1, [0, 0]), Err(RunError::NoSuchGame));
        let games = r.start_round().unwrap().games.clone();
        assert_eq!(games.len(), 2);
        r.opened(0, 10).unwrap();
        r.opened(1, 11).unwrap();
        assert_eq!(r.start_round().err(), Some(RunError::RoundNotDone));
        let outsider = (1..=4)
            .find(|i| *i != games[0].first && *i != games[0].second)
            .unwrap();
        assert_eq!(r.report(10, outsider, [0, 0]), Err(RunError::NotInGame));
        assert_eq!(r.report(10, games[0].first, [4, 0]), Ok(Progress::Pending));
        assert_eq!(r.report(10, games[0].first, [4, 0]), Err(RunError::Decided));
        assert_eq!(
            r.set_result(1, games[1].second, "Dana: no-show"),
            Ok(Progress::RoundDone)
        );
        assert_eq!(
            r.played[0].games[1].set_by.as_deref(),
            Some("Dana: no-show")
        );
        // A drop: paired no more, results kept.
        r.leave(games[0].first).unwrap();
        let next = r.start_round().unwrap().clone();
        assert!(next
            .games
            .iter()
            .all(|g| g.first != games[0].first && g.second != games[0].first));
        assert_eq!(next.games.len(), 1, "three left: one game and a bye");
        assert!(next.bye.is_some_and(|b| b != games[0].first), "{next:?}");
    }

    #[test]
    fn the_same_results_give_the_same_pairings_and_it_survives_json() {
        let mut a = run_of(12, 3);
        let mut g = 1;
        play_round(&mut a, &mut g);
        let json = serde_json::to_string(&a).unwrap();
        let mut b: Run = serde_json::from_str(&json).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.start_round().unwrap(), b.start_round().unwrap());
    }
}
