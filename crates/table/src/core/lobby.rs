//! The lobby's commands: seats, bots, teams, mode, preset, start.

use super::*;

impl Table {
    /// A lobby's commands: seats, bots, mode, preset, start.
    pub(crate) fn apply_lobby(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now: i64,
    ) -> Result<(), Refusal> {
        match cmd {
            Command::Join => self.join(actor)?,
            Command::Leave => self.leave(actor)?,
            Command::Team { team } => self.switch_team(actor, *team)?,
            Command::AddBot { level } => {
                self.lobby_only()?;
                self.seated(actor)?;
                let team = self.open_team().ok_or(Refusal::Full)?;
                self.seats
                    .push(SeatState::new(Player::Bot { level: *level }, team));
            }
            Command::RemoveBot => {
                self.lobby_only()?;
                self.seated(actor)?;
                let i = self
                    .seats
                    .iter()
                    .rposition(|s| matches!(s.player, Player::Bot { .. }))
                    .ok_or(Refusal::NoBot)?;
                self.seats.remove(i);
            }
            Command::FillBots { level } => {
                self.lobby_only()?;
                self.seated(actor)?;
                let mut added = false;
                while let Some(team) = self.open_team() {
                    self.seats
                        .push(SeatState::new(Player::Bot { level: *level }, team));
                    added = true;
                }
                if !added {
                    return Err(Refusal::Full);
                }
            }
            Command::BotLevel { level } => {
                self.lobby_only()?;
                self.seated(actor)?;
                self.bot_level = Some(*level);
            }
            Command::Mode { teams, seats } => self.set_mode(actor, *teams, *seats)?,
            Command::Preset { preset } => self.set_preset(actor, *preset)?,
            Command::Start => self.start(actor, now)?,
            _ => unreachable!("only the lobby's commands come here"),
        }
        Ok(())
    }

    /// Nobody started the lobby in time: it closes and frees the channel.
    pub(crate) fn close_idle_lobby(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        if actor != &Actor::System || self.deadline_ms.is_none_or(|d| now < d) {
            return Err(Refusal::NotDue);
        }
        self.status = Status::Stopped;
        self.deadline_ms = None;
        self.notice_turns = 0;
        self.notice = Some(Notice::LobbyClosed {
            minutes: (LOBBY_IDLE_MS / 60_000) as u32,
        });
        Ok(())
    }
}

impl Table {
    /// The level "+ Bot" and "Fill" seat: the one chosen in the lobby's menu, else that of
    /// the bot seated last, else Normal.
    pub fn bot_level(&self) -> Level {
        self.bot_level.unwrap_or_else(|| {
            self.seats
                .iter()
                .rev()
                .find_map(|s| match s.player {
                    Player::Bot { level } => Some(level),
                    Player::Human { .. } => None,
                })
                .unwrap_or(Level::Normal)
        })
    }

    pub(crate) fn lobby_only(&self) -> Result<(), Refusal> {
        if self.status == Status::Lobby {
            Ok(())
        } else {
            Err(Refusal::NotInLobby)
        }
    }

    pub(crate) fn seated(&self, actor: &Actor) -> Result<usize, Refusal> {
        actor
            .id()
            .and_then(|id| self.seat_of(id))
            .ok_or(Refusal::NotSeated)
    }

    /// A team with a free seat (the emptier one), or 0 in free-for-all while seats remain.
    pub(crate) fn open_team(&self) -> Option<u8> {
        if self.seats.len() >= self.settings.capacity() as usize {
            return None;
        }
        if !self.settings.teams {
            return Some(0);
        }
        let on = |t: u8| self.seats.iter().filter(|s| s.team == t).count();
        if on(0) <= on(1) {
            Some(0)
        } else {
            Some(1)
        }
    }

    pub(crate) fn join(&mut self, actor: &Actor) -> Result<(), Refusal> {
        self.lobby_only()?;
        let Actor::User { id, name, .. } = actor else {
            return Err(Refusal::NotSeated);
        };
        if self.seat_of(*id).is_some() {
            return Err(Refusal::AlreadySeated);
        }
        let team = self.open_team().ok_or(Refusal::Full)?;
        self.seats.push(SeatState::new(
            Player::Human {
                user: *id,
                name: name.clone(),
            },
            team,
        ));
        Ok(())
    }
}

impl Table {
    pub(crate) fn leave(&mut self, actor: &Actor) -> Result<(), Refusal> {
        self.lobby_only()?;
        let i = self.seated(actor)?;
        self.seats.remove(i);
        if actor.id() == Some(self.host) {
            // The next person seated becomes host; a lobby with nobody in it closes.
            match self.seats.iter().find_map(|s| s.player.user()) {
                Some(next) => self.host = next,
                None => {
                    self.status = Status::Stopped;
                }
            }
        }
        Ok(())
    }

    /// The host, a moderator or the system; else `NotHost`.
    pub(crate) fn host_or_moderator(&self, actor: &Actor) -> Result<(), Refusal> {
        let allowed = match actor {
            Actor::User { id, moderator, .. } => *moderator || *id == self.host,
            Actor::System => true,
        };
        if allowed {
            Ok(())
        } else {
            Err(Refusal::NotHost)
        }
    }

    /// Switch the lobby between free-for-all (2-4 seats) and 2v2 teams. Everyone seated keeps
    /// their seat; asking for fewer seats than are taken is refused.
    pub(crate) fn set_mode(
        &mut self,
        actor: &Actor,
        teams: bool,
        seats: u8,
    ) -> Result<(), Refusal> {
        self.lobby_only()?;
        self.host_or_moderator(actor)?;
        let mut next = self.settings.clone();
        next.teams = teams;
        next.seats = if teams { 4 } else { seats };
        next.check()?;
        let taken = self.seats.len() as u8;
        if taken > next.capacity() {
            return Err(Refusal::SeatsTaken {
                taken,
                wanted: next.capacity(),
            });
        }
        if teams && !self.settings.teams {
            // Alternate A, B, A, B in the order people sat down.
            for (i, s) in self.seats.iter_mut().enumerate() {
                s.team = (i % 2) as u8;
            }
        } else if !teams {
            for s in &mut self.seats {
                s.team = 0;
            }
        }
        self.settings = next;
        Ok(())
    }

    /// Switch the lobby to another preset: the house rules chosen on top of the old one (and
    /// the match length) stay on top of the new one.
    pub(crate) fn set_preset(&mut self, actor: &Actor, preset: Preset) -> Result<(), Refusal> {
        self.lobby_only()?;
        self.host_or_moderator(actor)?;
        let house = match &self.house {
            Some(h) => h.clone(),
            None => Rules::preset_named(&self.settings.preset)
                .map(|old| self.settings.rules.differences(&old))
                .unwrap_or_default(),
        };
        let mut rules = Rules::preset(preset);
        rules
            .apply_text(&house.join(" "))
            .map_err(|e| Refusal::BadSettings(e.to_string()))?;
        self.settings.rules = rules;
        self.house = Some(house);
        self.settings.preset = preset.word().to_string();
        Ok(())
    }

    pub(crate) fn switch_team(&mut self, actor: &Actor, team: u8) -> Result<(), Refusal> {
        self.lobby_only()?;
        if !self.settings.teams || team > 1 {
            return Err(Refusal::TeamFull);
        }
        let i = self.seated(actor)?;
        if self.seats[i].team == team {
            return Ok(());
        }
        if self.seats.iter().filter(|s| s.team == team).count() >= 2 {
            return Err(Refusal::TeamFull);
        }
        self.seats[i].team = team;
        Ok(())
    }

    pub(crate) fn start(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        self.lobby_only()?;
        let me = self.seated(actor)?;
        let full = self.seats.len() == self.settings.capacity() as usize;
        self.check_seats()?;
        if !full && self.seats[me].player.user() != Some(self.host) {
            return Err(Refusal::NotHostYet);
        }
        self.launch(now)
    }

    /// Enough seats to play: two or more, two on each team in 2v2.
    pub(crate) fn check_seats(&self) -> Result<(), Refusal> {
        if self.seats.len() < 2 {
            return Err(Refusal::NeedPlayers);
        }
        let on = |t: u8| self.seats.iter().filter(|s| s.team == t).count();
        if self.settings.teams && (on(0) != 2 || on(1) != 2) {
            return Err(Refusal::NeedPlayers);
        }
        Ok(())
    }

    /// Check the seats, put teams in playing order (A1 B1 A2 B2) and deal.
    pub(crate) fn launch(&mut self, now: i64) -> Result<(), Refusal> {
        self.check_seats()?;
        if self.settings.teams {
            let a: Vec<SeatState> = self.seats.iter().filter(|s| s.team == 0).cloned().collect();
            let b: Vec<SeatState> = self.seats.iter().filter(|s| s.team == 1).cloned().collect();
            self.seats = vec![a[0].clone(), b[0].clone(), a[1].clone(), b[1].clone()];
        }
        self.invite = None;
        self.begin(now)
    }
}
