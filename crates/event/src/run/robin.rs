//! A round robin event: each round is the next round of the schedule ([`round_robin`]), made
//! once from the entrants at the first round (the list does not change after it: a drop
//! stays on it, flagged, so the schedule read again is the same).

use super::{Pairing, RoundRun, Run, RunError, Walkover};
use crate::robin::{round_robin, RobinRound};

impl Run {
    /// The schedule: every round, in order.
    pub fn schedule(&self) -> Result<Vec<RobinRound>, RunError> {
        round_robin(&self.field()).ok_or(RunError::TooMany)
    }

    /// Round `next` of the schedule (the first sets [`Run::rounds`]). A game against an
    /// entrant who dropped out is a walkover for the other; a dropped entrant's bye is no bye.
    pub(super) fn pair_robin(&mut self, next: u32) -> Result<RoundRun, RunError> {
        let schedule = self.schedule()?;
        if next == 0 {
            self.rounds = schedule.len() as u32;
        }
        let Some(round) = schedule.get(next as usize) else {
            return Err(RunError::NotNow);
        };
        let dropped = |id| self.entrant(id).is_none_or(|e| e.dropped);
        let mut out = RoundRun::default();
        for &(first, second) in &round.games {
            match (dropped(first), dropped(second)) {
                (false, false) => out.games.push(Pairing::new(first, second)),
                (true, true) => {}
                (gone, _) => {
                    let (winner, loser) = if gone {
                        (second, first)
                    } else {
                        (first, second)
                    };
                    out.walkovers.push(Walkover {
                        winner,
                        loser,
                        bracket_match: None,
                    });
                }
            }
        }
        out.bye = round.bye.filter(|&b| !dropped(b));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{EventFormat, Progress, Stage};
    use super::*;

    #[test]
    fn thirteen_is_too_many_and_a_drop_walks_over() {
        let mut r = Run::new("Dano", 1, 0);
        r.set_format(EventFormat::RoundRobin, 1).unwrap();
        for i in 1..=12 {
            r.join(i, &format!("P{i}"), 0.0).unwrap();
        }
        assert_eq!(r.join(13, "late", 0.0), Err(RunError::TooMany));
        let mut r = Run::new("Dano", 1, 0);
        for i in 1..=4 {
            r.join(i, &format!("P{i}"), 2000.0 - i as f64).unwrap();
        }
        r.set_format(EventFormat::RoundRobin, 1).unwrap();
        let games = r.start_round().unwrap().games.clone();
        assert_eq!(r.rounds, 3);
        assert_eq!(games.len(), 2);
        for i in 0..games.len() {
            r.opened(i, i as i64, 0).unwrap();
        }
        r.leave(4).unwrap();
        for (i, g) in games.iter().enumerate() {
            r.report(i as i64, g.first, [4, 0]).unwrap();
        }
        let next = r.start_round().unwrap().clone();
        assert_eq!(next.games.len(), 1);
        assert_eq!(next.walkovers.len(), 1);
        assert_eq!(next.walkovers[0].loser, 4);
        assert_eq!(r.stage, Stage::Round(1));
        r.opened(0, 10, 0).unwrap();
        assert_eq!(
            r.report(10, next.games[0].first, [4, 0]),
            Ok(Progress::RoundDone)
        );
    }
}
