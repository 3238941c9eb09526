//! Who plays: 2v2 teams signing up as a pair (the captain invites, the partner accepts) and
//! the check-in before the first round.

use super::{Act, Run, RunError, Stage};
use serde::{Deserialize, Serialize};

/// One person per entrant, or teams of two.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    #[default]
    Solo,
    /// 2v2: each entrant is a team of two, its games played at 2v2 tables.
    Teams,
}

/// A team waiting for its partner's yes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Invite {
    pub captain: u64,
    pub partner: u64,
    /// The captain's and the partner's names (the partner's as they accept).
    #[serde(default)]
    pub names: [String; 2],
    /// The team's name.
    pub team: String,
    /// The team's seeding rating (the pair's average).
    pub rating: f64,
}

impl Run {
    /// `captain` asks `partner` to play as team `team` (a team event, during sign-up). A new
    /// invitation from the same captain replaces the last.
    pub fn invite(
        &mut self,
        (captain, captain_name): (u64, &str),
        partner: u64,
        team: &str,
        rating: f64,
    ) -> Result<(), RunError> {
        if self.mode != Mode::Teams {
            return Err(RunError::NotTeams);
        }
        if self.stage != Stage::SignUp {
            return Err(RunError::Closed);
        }
        if captain == partner {
            return Err(RunError::SamePerson);
        }
        if self.entrant_of(captain).is_some() || self.entrant_of(partner).is_some() {
            return Err(RunError::AlreadyIn);
        }
        self.invites.retain(|i| i.captain != captain);
        self.invites.push(Invite {
            captain,
            partner,
            names: [captain_name.to_string(), String::new()],
            team: team.to_string(),
            rating,
        });
        Ok(())
    }

    /// The invitation waiting for `partner`, if any (the newest).
    pub fn invitation_for(&self, partner: u64) -> Option<&Invite> {
        self.invites.iter().rev().find(|i| i.partner == partner)
    }

    /// `partner` says yes: the team is signed up (its id is the captain's), and every other
    /// invitation to or from either of them lapses.
    pub fn accept(&mut self, partner: u64, name: &str) -> Result<u64, RunError> {
        let invite = self
            .invitation_for(partner)
            .cloned()
            .ok_or(RunError::NoInvite)?;
        self.sign(
            invite.captain,
            &invite.team,
            invite.rating,
            vec![
                (invite.captain, invite.names[0].clone()),
                (invite.partner, name.to_string()),
            ],
        )?;
        let both = [invite.captain, invite.partner];
        self.invites
            .retain(|i| !both.contains(&i.captain) && !both.contains(&i.partner));
        Ok(invite.captain)
    }

    /// `partner` says no (or the captain takes the invitation back).
    pub fn decline(&mut self, who: u64) -> Result<(), RunError> {
        let before = self.invites.len();
        self.invites
            .retain(|i| i.partner != who && i.captain != who);
        if self.invites.len() == before {
            return Err(RunError::NoInvite);
        }
        Ok(())
    }

    /// Person `user` checks in (for themselves or their team), during sign-up of an event
    /// that asks for it.
    pub fn check_in(&mut self, user: u64) -> Result<(), RunError> {
        if !self.check_in || self.stage != Stage::SignUp {
            return Err(RunError::NoCheckIn);
        }
        let e = self
            .entrants
            .iter_mut()
            .find(|e| e.id == user || e.members.contains(&user))
            .ok_or(RunError::NotIn)?;
        e.checked_in = true;
        Ok(())
    }

    /// At the first round of an event with check-in: who did not check in is off the list
    /// (each said in the log).
    pub(super) fn leave_out_the_absent(&mut self) {
        let absent: Vec<u64> = self
            .entrants
            .iter()
            .filter(|e| !e.checked_in)
            .map(|e| e.id)
            .collect();
        self.entrants.retain(|e| e.checked_in);
        for entrant in absent {
            self.note(0, "", Act::NotCheckedIn { entrant }, "");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn teams() -> Run {
        let mut r = Run::new("Chuseok 2v2", 3, 0);
        r.mode = Mode::Teams;
        r
    }

    #[test]
    fn a_team_signs_up_when_the_partner_accepts() {
        let mut r = teams();
        assert_eq!(r.join(1, "solo", 0.0), Err(RunError::NeedsPartner));
        assert_eq!(r.invite((1, "A"), 1, "Me", 0.0), Err(RunError::SamePerson));
        r.invite((1, "A"), 2, "Tigers", 1500.0).unwrap();
        r.invite((3, "C"), 2, "Cranes", 1500.0).unwrap();
        assert!(r.entrant_of(2).is_none(), "nobody is in before a yes");
        // The newest invitation is the one answered.
        assert_eq!(r.accept(2, "B"), Ok(3));
        assert_eq!(r.entrant_of(2).unwrap().name, "Cranes");
        assert_eq!(r.entrant_of(3).unwrap().people(), vec![3, 2]);
        assert_eq!(
            r.entrant_of(3).unwrap().people_named(),
            vec![(3, "C".to_string()), (2, "B".to_string())]
        );
        assert!(r.invites.is_empty(), "the other invitation to 2 lapsed");
        assert_eq!(
            r.invite((1, "A"), 3, "Again", 0.0),
            Err(RunError::AlreadyIn)
        );
        assert_eq!(r.accept(9, "X"), Err(RunError::NoInvite));
        r.invite((1, "A"), 4, "Tigers", 1500.0).unwrap();
        r.decline(4).unwrap();
        assert_eq!(r.accept(4, "D"), Err(RunError::NoInvite));
        // A member leaving takes the team off the list before the start.
        r.leave(2).unwrap();
        assert!(r.entrant_of(3).is_none());
    }

    #[test]
    fn who_did_not_check_in_is_left_out_of_the_first_round() {
        let mut r = Run::new("Seollal", 2, 0);
        r.check_in = true;
        for i in 1..=5 {
            r.join(i, &format!("P{i}"), 0.0).unwrap();
        }
        for i in [1, 2, 4, 5] {
            r.check_in(i).unwrap();
        }
        assert_eq!(r.check_in(9), Err(RunError::NotIn));
        let round = r.start_round().unwrap().clone();
        assert_eq!(round.games.len(), 2);
        assert!(round.bye.is_none());
        assert!(r.entrant_of(3).is_none());
        assert_eq!(r.log.len(), 1);
        assert_eq!(r.log[0].what, Act::NotCheckedIn { entrant: 3 });
        assert_eq!(r.check_in(1), Err(RunError::NoCheckIn));
    }
}
