//! Applying a command: the gates of a game waiting for its thread or its invited players,
//! then the command in its phase (lobby, play, or any), and the commands of any phase.

use super::*;

impl Table {
    /// Apply a command. On refusal nothing changes.
    pub fn apply(&mut self, actor: &Actor, cmd: &Command, now_ms: i64) -> Result<Outcome, Refusal> {
        self.apply_logged(actor, cmd, now_ms, None)
    }

    /// Apply a command from the action log: where the computer played (bot turn, time-out),
    /// `played` is the action it chose then, played again instead of asking the bot (a bot
    /// that has changed since must not change the past). On refusal nothing changes.
    pub fn apply_logged(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now_ms: i64,
        played: Option<&Action>,
    ) -> Result<Outcome, Refusal> {
        let (next, out) = self.applied(actor, cmd, now_ms, played)?;
        *self = next;
        Ok(out)
    }

    /// The table after a command (the table itself is not touched): one copy of the table,
    /// for a caller that keeps the old one until the new one is stored.
    pub fn applied(
        &self,
        actor: &Actor,
        cmd: &Command,
        now_ms: i64,
        played: Option<&Action>,
    ) -> Result<(Table, Outcome), Refusal> {
        let mut next = self.clone();
        let out = next.apply_inner(actor, cmd, now_ms, played)?;
        // A person's action ends a pause: the game goes on from now.
        if next.held && matches!(actor, Actor::User { .. }) {
            next.unhold(now_ms);
        }
        // A seated player's seat remembers the language they use.
        if let Actor::User {
            id,
            lang: Some(lang),
            ..
        } = actor
        {
            if let Some(s) = next.seats.iter_mut().find(|s| s.player.user() == Some(*id)) {
                s.lang = Some(*lang);
            }
        }
        // Any change to a lobby keeps it open for another while.
        next.arm_lobby(now_ms);
        next.version += 1;
        Ok((next, out))
    }

    /// Apply one command: the gates of a game waiting for its thread or its invited players
    /// first, then the command in its phase (the lobby's, play's, or any phase's).
    pub(crate) fn apply_inner(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now: i64,
        played: Option<&Action>,
    ) -> Result<Outcome, Refusal> {
        let mut out = Outcome::default();
        match cmd {
            Command::Hold => {
                self.hold(actor)?;
                return Ok(out);
            }
            Command::Resume => {
                self.resume(actor)?;
                return Ok(out);
            }
            _ => {}
        }
        if self.waiting_for_thread(actor, cmd, now)? || self.answer_invite(actor, cmd, now)? {
            return Ok(out);
        }
        match cmd {
            Command::Accept | Command::Decline => return Err(Refusal::NotInLobby),
            // Leaving a running game hands the seat to a bot (the same as resigning), so
            // `/yut leave` does the expected thing whether or not the game has just started.
            Command::Leave if self.status == Status::Playing => self.resign(actor, now)?,
            Command::Join
            | Command::Leave
            | Command::Team { .. }
            | Command::AddBot { .. }
            | Command::RemoveBot
            | Command::FillBots { .. }
            | Command::BotLevel { .. }
            | Command::Mode { .. }
            | Command::Preset { .. }
            | Command::Start => self.apply_lobby(actor, cmd, now)?,
            Command::Timeout if self.status == Status::Lobby => {
                self.close_idle_lobby(actor, now)?
            }
            Command::Throw
            | Command::Select { .. }
            | Command::More
            | Command::Move { .. }
            | Command::Back
            | Command::AutoPlay
            | Command::Return
            | Command::Resign
            | Command::Timeout
            | Command::BotTurn => self.apply_play(actor, cmd, now, played, &mut out)?,
            Command::Stop
            | Command::Rematch
            | Command::Repost
            | Command::Create
            | Command::Thread { .. } => self.apply_any(actor, cmd, now, &mut out)?,
            Command::Hold | Command::Resume => unreachable!("handled above"),
        }
        Ok(out)
    }

    /// A game waiting for its thread takes only its opening (or the wait running out), a stop
    /// and a repost. `Ok(true)`: the command was handled here.
    pub(crate) fn waiting_for_thread(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now: i64,
    ) -> Result<bool, Refusal> {
        if self.thread == Some(Thread::Opening) && self.status == Status::Playing {
            // The game waits for its thread: only its opening (or the wait running out),
            // a stop and a repost.
            match cmd {
                Command::Thread { .. } | Command::Stop | Command::Repost => {}
                Command::Timeout | Command::BotTurn if actor == &Actor::System => {
                    if self.deadline_ms.is_none_or(|d| now < d) {
                        return Err(Refusal::NotDue);
                    }
                    // The thread never came: play in the channel.
                    self.thread_opened(None, now);
                    return Ok(true);
                }
                _ => return Err(Refusal::OpeningThread),
            }
        }
        Ok(false)
    }
}

impl Table {
    /// Commands of any phase: stop, rematch, repost, and the thread's opening.
    pub(crate) fn apply_any(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now: i64,
        out: &mut Outcome,
    ) -> Result<(), Refusal> {
        match cmd {
            Command::Stop => {
                if !self.status.is_active() {
                    return Err(Refusal::NotPlaying);
                }
                self.host_or_moderator(actor)?;
                self.status = Status::Stopped;
                // Everyone reads who stopped it.
                self.notice = match actor {
                    Actor::User { name, .. } => Some(Notice::Stopped { name: name.clone() }),
                    Actor::System => None,
                };
                self.deadline_ms = None;
                self.selected = None;
            }
            Command::Rematch => {
                if self.status != Status::Finished && self.status != Status::Stopped {
                    return Err(Refusal::NotFinished);
                }
                self.seated(actor)?;
                out.rematch = true;
            }
            Command::Repost => {
                out.repost = true;
            }
            Command::Create => return Err(Refusal::NotDue),
            Command::Thread { id } => {
                if actor != &Actor::System
                    || self.status != Status::Playing
                    || self.thread != Some(Thread::Opening)
                {
                    return Err(Refusal::NotDue);
                }
                self.thread_opened(*id, now);
                // The board moves to the thread: a new message there.
                out.repost = id.is_some();
            }
            _ => unreachable!("only commands of any phase come here"),
        }
        Ok(())
    }
}
