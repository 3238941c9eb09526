//! A rematch's table: same settings and seats, the series carried on.

use super::*;

impl Table {
    /// A new table for a rematch asked for by `by`: same settings and seats, the series
    /// carried over unless it was decided. The other people who played are asked again
    /// (their seats are held until they answer) and `by` hosts it; with nobody else to ask it
    /// starts at once.
    pub fn rematch(&self, id: i64, seed: u64, now: i64, by: UserId) -> Table {
        self.rematch_with_seed(id, ThrowSeed::from_u64(seed), now, by)
    }

    /// `rematch`, throwing from `seed`.
    pub fn rematch_with_seed(&self, id: i64, seed: ThrowSeed, now: i64, by: UserId) -> Table {
        let mut t = self.clone();
        t.id = id;
        t.version = 0;
        t.rng = seed.rng();
        t.throw_seed = Some(seed);
        if t.series.winner().is_some() {
            t.series = Match::new(t.settings.rules.first_to);
        }
        t.notice = None;
        t.invite = None;
        // A rematch in a game's thread is played there; one in the channel tries again.
        t.thread = match self.thread {
            Some(Thread::Open { .. }) | None => None,
            Some(_) => Some(Thread::Wanted),
        };
        for s in &mut t.seats {
            s.pending = false;
        }
        let lobby = |t: &mut Table| {
            t.status = Status::Lobby;
            t.game = None;
            t.arm_lobby(now);
        };
        // A lobby that closed before it started opens again as a lobby.
        if self.game.is_none() {
            lobby(&mut t);
            return t;
        }
        if t.seat_of(by).is_some() {
            t.host = by;
        }
        let mut asked = false;
        for s in &mut t.seats {
            if s.player.user().is_some_and(|u| u != by) {
                s.pending = true;
                asked = true;
            }
        }
        if asked {
            t.invite = Some(Invite::open(InviteKind::Rematch, now));
            lobby(&mut t);
            return t;
        }
        // Started at once (nobody else to ask): played where it is asked for.
        t.thread = None;
        if t.begin(now).is_err() {
            // Cannot fail (these seats started a game before); a lobby if it does.
            lobby(&mut t);
        }
        t
    }
}
