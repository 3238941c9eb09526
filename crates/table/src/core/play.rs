//! Play's commands: throws, choices and moves, auto-play, returning, resigning, time-outs and
//! bot turns; deadlines and away players.

use super::*;

impl Table {
    /// Play's commands: a person's throw, choice, move, auto-play and return, resigning, and
    /// the computer's move for a bot or a person out of time.
    pub(crate) fn apply_play(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now: i64,
        played: Option<&Action>,
        out: &mut Outcome,
    ) -> Result<(), Refusal> {
        if actor != &Actor::System
            && !matches!(cmd, Command::Resign | Command::Timeout | Command::BotTurn)
        {
            // A person played (a refused command changes nothing, this included: the table
            // is a copy until the command is taken).
            self.idle_turns = 0;
        }
        match cmd {
            Command::Throw | Command::Select { .. } | Command::More | Command::Move { .. } => {
                let seat = self.human_turn(actor)?;
                let s = &mut self.seats[seat as usize];
                s.timeouts = 0;
                s.away = false;
                s.shown = true;
                self.notice = None;
                self.notice_turns = 0;
                match cmd {
                    Command::Throw => {
                        self.play(&Action::Throw, now, out)?;
                    }
                    Command::Select { chip } => {
                        let g = self.game.as_ref().ok_or(Refusal::NotPlaying)?;
                        if g.phase() != Phase::Spend {
                            return Err(Refusal::Illegal(self.phase_hint()));
                        }
                        if !g.legal_moves().iter().any(|m| m.chip == *chip) {
                            return Err(Refusal::NoMoves);
                        }
                        self.selected = Some(*chip);
                        self.page = 0;
                    }
                    Command::More => {
                        let n = self.shown_moves().len();
                        if n <= MOVES_PER_PAGE {
                            return Err(Refusal::NoMoves);
                        }
                        let pages = n.div_ceil(MOVES_PER_PAGE) as u8;
                        self.page = (self.page + 1) % pages;
                    }
                    Command::Move { mv } => {
                        self.play(&Action::Move(*mv), now, out)?;
                    }
                    _ => unreachable!("matched above"),
                }
            }
            Command::Back => {
                self.human_turn(actor)?;
                if self.selected.is_none() {
                    return Err(Refusal::NoMoves);
                }
                self.selected = None;
                self.page = 0;
            }
            Command::AutoPlay => {
                let seat = self.human_turn(actor)?;
                let s = &mut self.seats[seat as usize];
                // A second click is refused: it must not postpone the bot's move, nor make
                // the buttons of the board on show stale.
                if s.autoplay {
                    return Err(Refusal::AlreadyAuto);
                }
                s.autoplay = true;
                s.timeouts = 0;
                s.away = false;
                s.shown = true;
                self.deadline_ms = Some(now + self.settings.bot_delay_ms as i64);
            }
            Command::Return => {
                if self.status != Status::Playing {
                    return Err(Refusal::NotPlaying);
                }
                let seat = self.seated(actor)?;
                let s = &mut self.seats[seat];
                if !(s.away || s.autoplay) {
                    return Err(Refusal::NotAway);
                }
                s.away = false;
                s.autoplay = false;
                s.timeouts = 0;
                s.shown = true;
                let name = s.name(seat, self.settings.lang);
                self.notice_turns = 0;
                self.notice = Some(Notice::Back { name });
                if self.acting() == Some(seat as Seat) {
                    // Their turn now: the person's own time to act.
                    self.arm(now);
                }
            }
            Command::Resign => self.resign(actor, now)?,
            Command::Timeout | Command::BotTurn => {
                if actor != &Actor::System {
                    return Err(Refusal::NotDue);
                }
                let Some(seat) = self.acting() else {
                    return Err(Refusal::NotDue);
                };
                if self.deadline_ms.is_none_or(|d| now < d) {
                    return Err(Refusal::NotDue);
                }
                let computer = self.computer_acts();
                if *cmd == Command::BotTurn && !computer {
                    return Err(Refusal::NotDue);
                }
                let level = match &self.seats[seat as usize].player {
                    Player::Bot { level } => *level,
                    Player::Human { .. } => Level::Normal,
                };
                if !computer {
                    // A person ran out of time.
                    let s = &mut self.seats[seat as usize];
                    s.timeouts += 1;
                    s.missed += 1;
                    let name = s.name(seat as usize, self.settings.lang);
                    if s.timeouts >= AWAY_AFTER {
                        s.away = true;
                    }
                    self.notice_turns = 0;
                    self.notice = Some(Notice::TimedOut { name });
                }
                let action = match played {
                    Some(a) => *a,
                    None => {
                        let g = self.game.as_ref().ok_or(Refusal::NotPlaying)?;
                        let bot = Bot::shared(level, g.rules());
                        // The bot draws from its own stream (per version), so the throws
                        // that follow do not depend on how many numbers a bot used.
                        let mut rng = self.rng.clone();
                        rng.set_stream(BOT_STREAM ^ self.version);
                        bot.choose(g, &mut rng).ok_or(Refusal::NotDue)?
                    }
                };
                self.play(&action, now, out)?;
                out.played = Some(action);
                // A notice lasts one round of turns played by the computer.
                if self.notice.is_some() {
                    self.notice_turns += out
                        .events
                        .iter()
                        .filter(|e| matches!(e, Event::TurnPassed { .. }))
                        .count() as u32;
                    if self.notice_turns as usize >= self.seats.len() {
                        self.notice = None;
                        self.notice_turns = 0;
                    }
                }
                if self.everyone_away() {
                    self.idle_turns += out
                        .events
                        .iter()
                        .filter(|e| matches!(e, Event::TurnPassed { .. }))
                        .count() as u32;
                }
                self.abandon_if_nobody_plays();
            }
            _ => unreachable!("only play's commands come here"),
        }
        Ok(())
    }
}

impl Table {
    /// There are people seated and every one of them is away (missed three deadlines in a
    /// row, and has not acted since).
    pub(crate) fn everyone_away(&self) -> bool {
        let mut people = self
            .seats
            .iter()
            .filter(|s| matches!(s.player, Player::Human { .. }))
            .peekable();
        people.peek().is_some() && people.all(|s| s.away)
    }

    /// Everyone seated has been away for a whole round of turns (counted from when the last
    /// of them went away; any click of theirs resets it): the game ends here (abandoned),
    /// rather than being played to the end by the bots.
    pub(crate) fn abandon_if_nobody_plays(&mut self) {
        if self.status != Status::Playing
            || !self.everyone_away()
            || (self.idle_turns as usize) < self.seats.len()
        {
            return;
        }
        self.status = Status::Stopped;
        self.abandoned = true;
        self.deadline_ms = None;
        self.selected = None;
        self.notice_turns = 0;
        self.notice = Some(Notice::Abandoned);
    }

    pub(crate) fn phase_hint(&self) -> String {
        hint(self.settings.lang, self.game.as_ref().map(|g| g.phase()))
    }

    /// Play an engine action for the seat to act, then update seats and the deadline.
    pub(crate) fn play(
        &mut self,
        action: &Action,
        now: i64,
        out: &mut Outcome,
    ) -> Result<(), Refusal> {
        let lang = self.settings.lang;
        let g = self.game.as_mut().ok_or(Refusal::NotPlaying)?;
        let seat = g.turn();
        let phase = g.phase();
        let events = g.play(action, &mut self.rng).map_err(|e| {
            Refusal::Illegal(match e {
                yut_game::ActionError::NotSpendPhase | yut_game::ActionError::NotThrowPhase => {
                    hint(lang, Some(phase))
                }
                other => other.to_string(),
            })
        })?;
        for e in &events {
            match e {
                Event::Captured { seat, count, .. } => {
                    self.seats[*seat as usize].captures += *count as u32;
                }
                Event::Finished { count, .. } => {
                    self.seats[seat as usize].pieces_home += *count as u32;
                }
                Event::TurnPassed { from, .. } => {
                    self.seats[*from as usize].autoplay = false;
                }
                _ => {}
            }
        }
        self.selected = None;
        self.page = 0;
        if let Some(o) = self.game.as_ref().and_then(|g| g.outcome()).cloned() {
            self.status = Status::Finished;
            self.deadline_ms = None;
            self.series.record(&o);
            out.finished = true;
        } else {
            self.arm(now);
        }
        out.events.extend(events.iter().cloned());
        self.last_events = events;
        Ok(())
    }

    /// Set the deadline of the action now due.
    pub(crate) fn arm(&mut self, now: i64) {
        let Some(seat) = self.acting() else {
            self.deadline_ms = None;
            return;
        };
        let s = &self.seats[seat as usize];
        let delay = match s.player {
            Player::Bot { .. } => self.settings.bot_delay_ms as i64,
            Player::Human { .. } if s.autoplay => self.settings.bot_delay_ms as i64,
            Player::Human { .. } if s.away => AWAY_DELAY_MS,
            Player::Human { .. } => self.settings.turn_seconds as i64 * 1000,
        };
        self.deadline_ms = Some(now + delay);
    }

    /// The seat of the person acting, if it is their turn.
    pub(crate) fn human_turn(&self, actor: &Actor) -> Result<Seat, Refusal> {
        let seat = self.acting().ok_or(Refusal::NotPlaying)?;
        let me = actor.id().ok_or(Refusal::NotSeated)?;
        let turn_user = self.seats[seat as usize].player.user();
        if turn_user == Some(me) {
            return Ok(seat);
        }
        if self.seat_of(me).is_none() {
            return Err(Refusal::NotSeated);
        }
        Err(Refusal::NotYourTurn {
            whose: self.seats[seat as usize].name(seat as usize, self.settings.lang),
        })
    }
}

impl Table {
    /// A seated player gives up their seat in a running game; a Normal bot plays it on.
    pub(crate) fn resign(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        if self.status != Status::Playing {
            return Err(Refusal::NotPlaying);
        }
        let seat = self.seated(actor)?;
        let name = self.seats[seat].name(seat, self.settings.lang);
        if let Player::Human { user, name } = &self.seats[seat].player {
            self.seats[seat].left = Some(Leaver {
                user: *user,
                name: name.clone(),
            });
        }
        self.seats[seat].player = Player::Bot {
            level: Level::Normal,
        };
        // Said on the board for everyone, not only to the one who left.
        self.notice_turns = 0;
        self.notice = Some(Notice::Left { name: name.clone() });
        self.seats[seat].away = false;
        self.seats[seat].autoplay = false;
        self.arm(now);
        Ok(())
    }
}
