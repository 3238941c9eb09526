//! Pausing a game until a person clicks: a game shown through an interaction's token (a
//! group DM, a server without the bot) can be shown only for 15 minutes after the last click,
//! so before that runs out it is held: no deadline runs and no bot moves until someone clicks
//! (Continue, or any action), and nothing happens that nobody could see.

use super::*;

impl Table {
    /// Hold the game (the computer's command): a lobby or a running game waits for a click.
    pub(crate) fn hold(&mut self, actor: &Actor) -> Result<(), Refusal> {
        if actor != &Actor::System {
            return Err(Refusal::NotDue);
        }
        if !self.status.is_active() || self.held {
            return Err(Refusal::NotDue);
        }
        self.held = true;
        self.deadline_ms = None;
        Ok(())
    }

    /// Continue a held game: anyone in a lobby, a seated person in a running game.
    pub(crate) fn resume(&mut self, actor: &Actor) -> Result<(), Refusal> {
        if !self.held || !self.status.is_active() {
            return Err(Refusal::NotDue);
        }
        let me = actor.id().ok_or(Refusal::NotDue)?;
        if self.status == Status::Playing && self.seat_of(me).is_none() {
            return Err(Refusal::NotSeated);
        }
        // The turn's start was announced before the pause: not again.
        self.last_events.clear();
        Ok(())
    }

    /// The pause is over: the action now due gets its whole time from `now`.
    pub(crate) fn unhold(&mut self, now: i64) {
        self.held = false;
        if self.status == Status::Playing && self.deadline_ms.is_none() {
            self.arm(now);
        }
    }
}
