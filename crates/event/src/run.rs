//! An event as the bot runs it, from sign-up to podium: entrants join (and leave, or
//! drop out later), each round is paired from the results so far ([`crate::pair_swiss`]; or from a
//! bracket, or a round robin's schedule: [`EventFormat`]), each game's result is reported as
//! it ends, and once the last round's last game is in the event is over and its standings
//! are final.
//!
//! Pure and deterministic like the rest of the crate: the service keeps a [`Run`] (as JSON,
//! with the event's row), applies what happens to it here, and does what it asks (open the
//! round's games). Entrants are ids the caller chooses (a person's Discord id for 1v1).

use crate::model::{Entrant, EntrantId, History, Played, Round, Scoring};
use crate::standings::{standings, Standing};
use serde::{Deserialize, Serialize};

mod admin;
mod elim;
mod format;
mod people;
mod robin;
mod setup;
mod tables;
pub use admin::{Act, Logged};
pub use format::{EventFormat, Walkover};
pub use people::{Invite, Mode};
pub use setup::Setup;

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
    /// A 2v2 team's two people (captain first); empty for one person (the id is theirs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<u64>,
    /// The members' own names, in the order of `members`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub member_names: Vec<String>,
    /// Checked in for the first round (where the event asks for it).
    #[serde(default)]
    pub checked_in: bool,
    /// Dropped by an admin, not by choice.
    #[serde(default)]
    pub disqualified: bool,
}

impl Signed {
    /// The people who play for this entrant.
    pub fn people(&self) -> Vec<u64> {
        if self.members.is_empty() {
            vec![self.id]
        } else {
            self.members.clone()
        }
    }

    /// The people who play for this entrant, with their names.
    pub fn people_named(&self) -> Vec<(u64, String)> {
        if self.members.is_empty() {
            return vec![(self.id, self.name.clone())];
        }
        self.members
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let name = self.member_names.get(i).cloned();
                (
                    m,
                    name.unwrap_or_else(|| format!("{} {}", self.name, i + 1)),
                )
            })
            .collect()
    }
}

/// One match of a round: one game, or a best-of-N ([`Run::best_of`]) played game by game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// First seat, second seat (in elimination: the better seed first). In a best-of the
    /// seats alternate from game to game: [`Pairing::seats`].
    pub first: EntrantId,
    pub second: EntrantId,
    /// The game opened for it, once it is (its last game once the match is decided). `None`
    /// while the match waits for a game to be opened, also its next game in a best-of.
    pub game: Option<i64>,
    /// When it was opened (ms), for the no-show deadline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened_ms: Option<i64>,
    /// The winner and the pieces each side brought home (`[first, second]`), once decided.
    pub result: Option<(EntrantId, [u32; 2])>,
    /// Decided by an admin (a no-show, a dispute): who and why, for the event's log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_by: Option<String>,
    /// Games won so far in the match, `[first, second]` (a best-of).
    #[serde(default, skip_serializing_if = "format::zero")]
    pub wins: [u32; 2],
    /// Pieces home so far in the match's games, `[first, second]`.
    #[serde(default, skip_serializing_if = "format::zero")]
    pub pieces: [u32; 2],
    /// The match's games already over before `game` (a best-of), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<i64>,
    /// The bracket match it plays ([`Run::bracket`]), in elimination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket_match: Option<usize>,
    /// Seats 3 and 4 of a free-for-all table ([`EventFormat::Tables`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more: Vec<EntrantId>,
    /// A table's result: its entrants in finishing order with their pieces home.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<(EntrantId, u32)>,
}

/// One round: its games and its bye.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RoundRun {
    pub games: Vec<Pairing>,
    pub bye: Option<EntrantId>,
    /// Matches given without a game because a side had dropped out (elimination, round
    /// robin): never opened, they count as won.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walkovers: Vec<Walkover>,
    /// When it was paired (ms; set by the caller, [`Run::round_started`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_ms: Option<i64>,
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
    /// The event is paused: no round is paired until an admin resumes it.
    Paused,
    /// A team event: sign up as a pair (invite a partner, who accepts).
    NeedsPartner,
    /// Not a team event: sign up alone.
    NotTeams,
    /// No invitation waits for you.
    NoInvite,
    /// A partner must be someone else.
    SamePerson,
    /// This event does not ask for check-in, or check-in is over.
    NoCheckIn,
    /// A round robin takes at most [`crate::robin::MAX_ROUND_ROBIN`] entrants.
    TooMany,
    /// A table of three or four: its result is its places ([`Run::report_table`]).
    NeedsPlaces,
}

/// What a reported result did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Other games of the round are still being played.
    Pending,
    /// That game did not decide its match (a best-of): the pairing waits for its next game
    /// (its `game` is `None` again; open it as any game of the round).
    NextGame,
    /// The round is complete; the next can be paired.
    RoundDone,
    /// That was the last game of the last round: the event is over.
    Finished,
}

/// A running event (Swiss unless [`Run::format`] says otherwise).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub name: String,
    /// Rounds to play. Swiss and tables: as the creator chose. Round robin: the schedule's rounds, set
    /// at the first round. Elimination: the most rounds the bracket can take (the grand
    /// final's reset included), set at the first round, and the rounds it took once over.
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
    /// One person per entrant, or 2v2 teams.
    #[serde(default)]
    pub mode: Mode,
    /// Teams waiting for their partner to accept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invites: Vec<Invite>,
    /// Entrants must check in before the first round; who has not is left out of it.
    #[serde(default)]
    pub check_in: bool,
    /// Paused by an admin: games being played go on, no round is paired.
    #[serde(default)]
    pub paused: bool,
    /// Its games' settings and deadlines.
    #[serde(default)]
    pub setup: Setup,
    /// What admins (and the bot, for no-shows) decided, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<Logged>,
    /// How rounds are paired.
    #[serde(default)]
    pub format: EventFormat,
    /// Games per match: a match is won by the first to win `best_of / 2 + 1` games.
    #[serde(default = "format::one")]
    pub best_of: u32,
    /// The bracket of an elimination event, from its first round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket: Option<crate::bracket::Bracket>,
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
            mode: Mode::Solo,
            invites: Vec::new(),
            check_in: false,
            paused: false,
            setup: Setup::default(),
            log: Vec::new(),
            format: EventFormat::Swiss,
            best_of: 1,
            bracket: None,
        }
    }

    pub fn entrant(&self, id: EntrantId) -> Option<&Signed> {
        self.entrants.iter().find(|e| e.id == id)
    }

    /// Sign person `id` up (only before the first round; a team event takes pairs:
    /// [`Run::invite`]).
    pub fn join(&mut self, id: EntrantId, name: &str, rating: f64) -> Result<(), RunError> {
        if self.mode == Mode::Teams {
            return Err(RunError::NeedsPartner);
        }
        self.sign(id, name, rating, Vec::new())
    }

    fn sign(
        &mut self,
        id: EntrantId,
        name: &str,
        rating: f64,
        members: Vec<(u64, String)>,
    ) -> Result<(), RunError> {
        if self.stage != Stage::SignUp {
            return Err(RunError::Closed);
        }
        if self.entrant_of(id).is_some() || members.iter().any(|m| self.entrant_of(m.0).is_some()) {
            return Err(RunError::AlreadyIn);
        }
        if self.cap > 0 && self.entrants.len() >= self.cap as usize {
            return Err(RunError::Full);
        }
        if self.format == EventFormat::RoundRobin
            && self.entrants.len() >= crate::robin::MAX_ROUND_ROBIN
        {
            return Err(RunError::TooMany);
        }
        self.entrants.push(Signed {
            id,
            name: name.to_string(),
            rating,
            dropped: false,
            members: members.iter().map(|m| m.0).collect(),
            member_names: members.into_iter().map(|m| m.1).collect(),
            checked_in: false,
            disqualified: false,
        });
        Ok(())
    }

    /// The entrant person `user` plays for (themselves, or their team), dropped or not.
    pub fn entrant_of(&self, user: u64) -> Option<&Signed> {
        self.entrants
            .iter()
            .find(|e| e.id == user || e.members.contains(&user))
    }

    /// `id` leaves: before the start they are simply off the list; after it they drop out
    /// (paired no more: a game of theirs still being played goes on and counts; a best-of of
    /// theirs, or in elimination their match, goes to the other side when that game ends; in
    /// elimination or a round robin their later matches are walkovers).
    pub fn leave(&mut self, id: EntrantId) -> Result<(), RunError> {
        let at = self
            .entrants
            .iter()
            .position(|e| (e.id == id || e.members.contains(&id)) && !e.dropped)
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
                        .filter_map(Pairing::played)
                        .chain(r.bye.map(|entrant| Played::Bye { entrant }))
                        .chain(r.walkovers.iter().map(|w| Played::Game {
                            first: w.winner,
                            second: w.loser,
                            winner: w.winner,
                            pieces: [0, 0],
                        }))
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
    /// bye, if any, counts at once. In elimination or a round robin a round may hold no game
    /// to play (every match a walkover): the next is paired at once, or the event ends (then
    /// the stage is [`Stage::Finished`] and the round returned has nothing to open).
    pub fn start_round(&mut self) -> Result<&RoundRun, RunError> {
        let next = match self.stage {
            Stage::SignUp => 0,
            Stage::Round(n) if self.round_done() && self.more_rounds(n) => n + 1,
            Stage::Round(_) if !self.round_done() => return Err(RunError::RoundNotDone),
            _ => return Err(RunError::NotNow),
        };
        if self.paused {
            return Err(RunError::Paused);
        }
        if next == 0 && self.check_in {
            self.leave_out_the_absent();
        }
        let active = self.entrants.iter().filter(|e| !e.dropped).count();
        if active < 2 && (next == 0 || !self.format.is_elimination()) {
            return Err(RunError::TooFew);
        }
        let mut next = next;
        loop {
            let round = self.pair_next(next)?;
            self.played.push(round);
            self.stage = Stage::Round(next);
            if !self.played[next as usize].games.is_empty() {
                break;
            }
            if !self.more_rounds(next) {
                self.finish();
                break;
            }
            next += 1;
        }
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

    /// The game opened for pairing `index` of the current round (at `now_ms`).
    pub fn opened(&mut self, index: usize, game: i64, now_ms: i64) -> Result<(), RunError> {
        let p = self.pairing_mut(index)?.1;
        p.game = Some(game);
        p.opened_ms = Some(now_ms);
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
    /// home (`[first, second]` of the pairing, whatever the game's seats). In a best-of the
    /// match may want another game: [`Progress::NextGame`].
    pub fn report(
        &mut self,
        game: i64,
        winner: EntrantId,
        pieces: [u32; 2],
    ) -> Result<Progress, RunError> {
        let Some(index) = self.pairing_of(game) else {
            let earlier = self
                .current()
                .is_some_and(|(_, r)| r.games.iter().any(|g| g.earlier.contains(&game)));
            return Err(if earlier {
                RunError::Decided
            } else {
                RunError::NoSuchGame
            });
        };
        self.game_over(index, winner, pieces)
    }

    /// An admin decides pairing `index` of the current round (a no-show, a dispute), with
    /// who and why kept: the whole match, in a best-of.
    pub(crate) fn decide(
        &mut self,
        index: usize,
        winner: EntrantId,
        pieces: [u32; 2],
        by: Option<String>,
    ) -> Result<Progress, RunError> {
        if self.format == EventFormat::Tables {
            return self.decide_table(index, winner, by);
        }
        let (n, p) = self.pairing_mut(index)?;
        if p.result.is_some() {
            return Err(RunError::Decided);
        }
        if winner != p.first && winner != p.second {
            return Err(RunError::NotInGame);
        }
        p.pieces = [p.pieces[0] + pieces[0], p.pieces[1] + pieces[1]];
        p.result = Some((winner, p.pieces));
        p.set_by = by;
        self.match_decided(n, index)
    }

    /// The standings from the results so far (final once [`Stage::Finished`]). Swiss, round
    /// robin and tables: points, then the tie-breaks. Elimination: the bracket's places (ranks
    /// 1, 2, 3, 3, ... once over; before, those still in share rank 1), with each entrant's
    /// match wins as its score and its pieces home.
    pub fn standings(&self) -> Vec<Standing> {
        if let Some(rows) = self.bracket_standings() {
            return rows;
        }
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
            r.opened(i, *next_game + i as i64, 0).unwrap();
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
        r.opened(0, 10, 0).unwrap();
        r.opened(1, 11, 0).unwrap();
        assert_eq!(r.start_round().err(), Some(RunError::RoundNotDone));
        let outsider = (1..=4)
            .find(|i| *i != games[0].first && *i != games[0].second)
            .unwrap();
        assert_eq!(r.report(10, outsider, [0, 0]), Err(RunError::NotInGame));
        assert_eq!(r.report(10, games[0].first, [4, 0]), Ok(Progress::Pending));
        assert_eq!(r.report(10, games[0].first, [4, 0]), Err(RunError::Decided));
        assert_eq!(
            r.set_result(1, games[1].second, "Dana", "no-show"),
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
