//! A lobby waiting for invited players (a challenge): answers, starting, calling it off.

use super::*;

impl Table {
    /// A lobby waiting for its invited players takes only answers, the host's start and calling
    /// it off (or a moderator's stop); an answer after that is refused with the reason.
    /// `Ok(true)`: the command was handled here.
    pub(crate) fn answer_invite(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now: i64,
    ) -> Result<bool, Refusal> {
        if self.open_invite().is_some() {
            // A lobby waiting for its invited players: only answers, the host's start and
            // calling it off (or a moderator's stop).
            match cmd {
                Command::Accept => return self.accept(actor, now).map(|()| true),
                Command::Decline | Command::Leave => {
                    if actor.id() == Some(self.host) {
                        self.call_off(actor)?;
                    } else {
                        self.decline(actor)?;
                    }
                    return Ok(true);
                }
                Command::Start => {
                    self.start_invited(actor, now)?;
                    return Ok(true);
                }
                Command::Timeout => {
                    if actor != &Actor::System || self.deadline_ms.is_none_or(|d| now < d) {
                        return Err(Refusal::NotDue);
                    }
                    self.status = Status::Stopped;
                    self.deadline_ms = None;
                    if let Some(i) = &mut self.invite {
                        i.expired = true;
                    }
                    return Ok(true);
                }
                Command::Stop => {
                    self.call_off(actor)?;
                    return Ok(true);
                }
                Command::Repost => {}
                _ => {
                    return Err(Refusal::WaitingFor {
                        names: self.pending_names().join(", "),
                    })
                }
            }
        } else if matches!(cmd, Command::Accept | Command::Decline) {
            // An answer after the game started, lapsed or was called off.
            let id = actor.id();
            let seat = self
                .seats
                .iter()
                .find(|s| s.player.user() == id && id.is_some());
            return Err(match (&self.invite, seat) {
                (None, _) => Refusal::NotInLobby,
                (Some(_), None) => Refusal::NotInvited,
                (Some(_), Some(_)) if self.status == Status::Playing && cmd == &Command::Accept => {
                    Refusal::AlreadyAccepted
                }
                (Some(_), Some(_)) => Refusal::InviteOver,
            });
        }
        Ok(false)
    }
}

impl Table {
    /// The seat an invitation holds for the actor.
    pub(crate) fn invited_seat(&self, actor: &Actor) -> Result<usize, Refusal> {
        self.seated(actor).map_err(|_| Refusal::NotInvited)
    }

    /// An invited player accepts; the last acceptance starts the game (unless someone declined
    /// a rematch: then the host starts it).
    pub(crate) fn accept(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        let i = self.invited_seat(actor)?;
        if !self.seats[i].pending {
            return Err(Refusal::AlreadyAccepted);
        }
        self.seats[i].pending = false;
        let declined = self.invite.as_ref().is_some_and(|v| !v.declined.is_empty());
        if !declined && self.seats.iter().all(|s| !s.pending) {
            self.launch(now)?;
        }
        Ok(())
    }

    /// An invited player declines: a challenge is called off; in a rematch a Normal bot holds
    /// the seat (the host may start with it, or call the rematch off).
    pub(crate) fn decline(&mut self, actor: &Actor) -> Result<(), Refusal> {
        let i = self.invited_seat(actor)?;
        let name = self.seats[i].name(i, self.lang());
        let Some(invite) = &mut self.invite else {
            return Err(Refusal::NotInLobby);
        };
        invite.declined.push(name);
        match invite.kind {
            InviteKind::Challenge => {
                self.status = Status::Stopped;
                self.deadline_ms = None;
            }
            InviteKind::Rematch => {
                self.seats[i] = SeatState::stand_in(self.seats[i].team);
            }
        }
        Ok(())
    }

    /// The host calls the invitation off: the lobby closes.
    pub(crate) fn call_off(&mut self, actor: &Actor) -> Result<(), Refusal> {
        self.host_or_moderator(actor)?;
        self.status = Status::Stopped;
        self.deadline_ms = None;
        if let (Some(i), Actor::User { name, .. }) = (&mut self.invite, actor) {
            i.called_off = Some(name.clone());
        }
        Ok(())
    }

    /// The host starts a rematch now: Normal bots take the seats of those who have not
    /// accepted. A challenge waits for every acceptance.
    pub(crate) fn start_invited(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        let waiting = || Refusal::WaitingFor {
            names: self.pending_names().join(", "),
        };
        match self.invite.as_ref().map(|i| i.kind) {
            Some(InviteKind::Challenge) => return Err(waiting()),
            Some(InviteKind::Rematch) => {}
            None => return Err(Refusal::NotInLobby),
        }
        if actor.id() != Some(self.host) {
            return Err(Refusal::NotHost);
        }
        let mut next = self.clone();
        for s in next.seats.iter_mut().filter(|s| s.pending) {
            *s = SeatState::stand_in(s.team);
        }
        next.launch(now)?;
        *self = next;
        Ok(())
    }

    /// Deal a new game with the current seats.
    pub(crate) fn begin(&mut self, now: i64) -> Result<(), Refusal> {
        let n = self.seats.len() as u8;
        let (game, events) = Game::new(
            self.settings.rules.clone(),
            n,
            self.settings.teams,
            &mut self.rng,
        )
        .map_err(|e| Refusal::Illegal(e.to_string()))?;
        if !self.settings.teams {
            for (i, s) in self.seats.iter_mut().enumerate() {
                s.team = i as u8;
            }
        }
        for s in &mut self.seats {
            s.away = false;
            s.timeouts = 0;
            s.autoplay = false;
            s.captures = 0;
            s.pieces_home = 0;
            s.left = None;
            s.missed = 0;
        }
        self.idle_turns = 0;
        self.abandoned = false;
        self.game = Some(game);
        self.status = Status::Playing;
        self.selected = None;
        self.last_events = events;
        self.notice = None;
        self.arm(now);
        if self.thread == Some(Thread::Wanted) {
            // Nothing moves (nor is anyone pinged) until the thread is open.
            self.thread = Some(Thread::Opening);
            self.deadline_ms = Some(now + THREAD_OPENING_MS);
        }
        Ok(())
    }
}

impl Table {
    /// A challenge's table: `host` challenges the people in `asked` (their seats are held
    /// until they answer). `seats` are in the order of the lobby's list; in 2v2 each carries
    /// its team. Starts when all have accepted.
    #[allow(clippy::too_many_arguments)]
    pub fn challenge(
        id: i64,
        guild: u64,
        channel: u64,
        host: &Actor,
        settings: Settings,
        seed: ThrowSeed,
        seats: Vec<SeatState>,
        now: i64,
    ) -> Table {
        let mut t = Table::with_seed(id, guild, channel, host, settings, seed);
        t.seats = seats;
        let host_id = t.host;
        for s in &mut t.seats {
            s.pending = s.player.user().is_some_and(|u| u != host_id);
        }
        t.invite = Some(Invite::open(InviteKind::Challenge, now));
        t.arm_lobby(now);
        t
    }
}
