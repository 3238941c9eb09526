//! Turn reminders as each person chose them (`/yut notify`): a ping in the game's channel (the
//! default), a direct message with a link to the board, both, or none; optionally only once
//! half of the action's time has gone and the person has not acted. At most one reminder per
//! turn and person. A direct message that cannot be delivered (closed DMs, Discord's 50007)
//! falls back to the channel ping, and that person gets no DM attempt for an hour.

use super::send::{no_mentions, Poster};
use super::writer::Job;
use serenity::all::{ChannelId, CreateMessage, HttpError, UserId};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yut_service::{NotifyMode, NotifyPref};
use yut_table::Lang;

/// How long a person's choice is remembered here before it is read again (another process
/// may have changed it).
const PREF_TTL: Duration = Duration::from_secs(30);
/// After a DM could not be delivered, no DM to that person for this long.
const CLOSED_FOR: Duration = Duration::from_secs(3600);
/// Turns remembered as reminded (then forgotten all at once: a turn older than this many
/// turns is long over).
const REMEMBERED: usize = 50_000;

/// A turn that started: whose, in which game and channel, by when.
#[derive(Debug, Clone)]
pub struct Turn {
    pub game: i64,
    pub channel: u64,
    /// The game's version when the turn started (a later action makes a half-time reminder
    /// moot).
    pub version: u64,
    pub user: u64,
    pub lang: Lang,
    pub deadline_ms: Option<i64>,
}

/// What the reminders remember.
#[derive(Default)]
pub struct Reminders {
    prefs: Mutex<HashMap<u64, (NotifyPref, Instant)>>,
    /// (game, version, user) already reminded.
    done: Mutex<HashSet<(i64, u64, u64)>>,
    /// Each person's DM channel with the bot.
    dm_channels: Mutex<HashMap<u64, u64>>,
    /// People whose DMs are closed, until when.
    closed: Mutex<HashMap<u64, Instant>>,
    /// Direct messages delivered, and those that could not be (then the channel ping).
    pub dms_sent: AtomicU64,
    pub dms_refused: AtomicU64,
}

/// Why a direct message was not delivered.
#[derive(Debug)]
pub enum DmError {
    /// The person does not take DMs from the bot (or blocked it).
    Closed,
    Failed(String),
}

impl Reminders {
    fn first(&self, t: &Turn) -> bool {
        let mut done = self.done.lock().expect("reminders lock");
        if done.len() >= REMEMBERED {
            done.clear();
        }
        done.insert((t.game, t.version, t.user))
    }

    fn cached(&self, user: u64) -> Option<NotifyPref> {
        let prefs = self.prefs.lock().expect("prefs lock");
        prefs
            .get(&user)
            .filter(|(_, at)| at.elapsed() < PREF_TTL)
            .map(|(p, _)| *p)
    }

    /// Remember a person's choice (read, or just set by them here).
    pub fn remember(&self, user: u64, pref: NotifyPref) {
        let mut prefs = self.prefs.lock().expect("prefs lock");
        if prefs.len() >= REMEMBERED {
            prefs.clear();
        }
        prefs.insert(user, (pref, Instant::now()));
    }

    fn is_closed(&self, user: u64) -> bool {
        let mut closed = self.closed.lock().expect("closed lock");
        match closed.get(&user) {
            Some(until) if Instant::now() < *until => true,
            Some(_) => {
                closed.remove(&user);
                false
            }
            None => false,
        }
    }
}

/// Is this Discord's refusal of a DM (closed DMs, blocked, no shared server: 50007)?
fn dm_refused(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.error.code == 50007 || r.status_code.as_u16() == 403
        }
        _ => false,
    }
}

/// The link to a game's board (its channel while the board has no message yet).
pub fn board_link(guild: u64, channel: u64, message: Option<u64>) -> String {
    let guild = if guild == 0 {
        "@me".to_string()
    } else {
        guild.to_string()
    };
    match message {
        Some(m) => format!("https://discord.com/channels/{guild}/{channel}/{m}"),
        None => format!("https://discord.com/channels/{guild}/{channel}"),
    }
}

impl Poster {
    /// A turn started: remind its person as they chose, once.
    pub fn remind(self: &Arc<Self>, turn: Turn) {
        if !self.reminders.first(&turn) {
            return;
        }
        match self.reminders.cached(turn.user) {
            // Today's default, known: the ping goes to the channel's writer at once.
            Some(p) if p == NotifyPref::default() => self.channel_ping(&turn),
            Some(NotifyPref {
                mode: NotifyMode::None,
                ..
            }) => {}
            cached => {
                let me = self.clone();
                tokio::spawn(async move { me.remind_as_chosen(turn, cached).await });
            }
        }
    }

    fn channel_ping(self: &Arc<Self>, turn: &Turn) {
        if self.is_hosted_game(turn.game) {
            // Where the bot may not post: a follow-up through the game's token.
            let (me, turn) = (self.clone(), turn.clone());
            tokio::spawn(async move { me.hosted_ping(&turn).await });
            return;
        }
        self.enqueue(
            turn.channel,
            Job::Ping {
                game: turn.game,
                version: turn.version,
                user: turn.user,
                text: super::send::ping_text(turn.user, turn.lang, turn.deadline_ms),
                due: turn.deadline_ms,
            },
        );
    }

    async fn remind_as_chosen(self: Arc<Self>, turn: Turn, cached: Option<NotifyPref>) {
        let pref = match cached {
            Some(p) => p,
            None => {
                let p = self.service.notify_pref(turn.user).await;
                self.reminders.remember(turn.user, p);
                p
            }
        };
        if pref.mode == NotifyMode::None {
            return;
        }
        if pref.half {
            if let Some(due) = turn.deadline_ms {
                let left = due - self.service.now_ms();
                if left > 0 {
                    tokio::time::sleep(Duration::from_millis((left / 2) as u64)).await;
                }
                // Still this turn, and nobody has acted since it started?
                let still = self
                    .service
                    .game_table(turn.game)
                    .await
                    .is_some_and(|t| t.version == turn.version && t.status.is_active());
                if !still {
                    tracing::debug!(
                        game = turn.game,
                        user = turn.user,
                        "no half-time reminder: the person acted"
                    );
                    return;
                }
            }
        }
        if pref.mode.channel() {
            self.channel_ping(&turn);
        }
        if pref.mode.dm() {
            if let Err(e) = self.turn_dm(&turn).await {
                tracing::info!(game = turn.game, user = turn.user, error = ?e, "the turn's DM was not delivered");
                if !pref.mode.channel() {
                    self.channel_ping(&turn);
                }
            }
        }
    }

    /// The turn's direct message: a link to the board and the time left.
    async fn turn_dm(&self, turn: &Turn) -> Result<(), DmError> {
        let guild = self
            .service
            .game_table(turn.game)
            .await
            .map_or(0, |t| t.guild);
        let link = board_link(guild, turn.channel, self.current_message(turn.game));
        let due = turn
            .deadline_ms
            .map(|ms| format!(" <t:{}:R>", ms.div_euclid(1000)))
            .unwrap_or_default();
        let text = yut_text::say(
            turn.lang,
            "notify-dm-turn",
            &[("due", due.into()), ("link", link.into())],
        );
        self.dm(turn.user, CreateMessage::new().content(text)).await
    }

    /// Send a person a direct message (nobody mentioned). A person whose DMs are closed is not
    /// tried again for an hour.
    pub async fn dm(&self, user: u64, message: CreateMessage) -> Result<(), DmError> {
        if self.reminders.is_closed(user) {
            return Err(DmError::Closed);
        }
        let known = self
            .reminders
            .dm_channels
            .lock()
            .expect("dm channels lock")
            .get(&user)
            .copied();
        let channel = match known {
            Some(c) => c,
            None => {
                let c = UserId::new(user)
                    .create_dm_channel(&self.http)
                    .await
                    .map_err(|e| self.refused(user, e))?
                    .id
                    .get();
                self.reminders
                    .dm_channels
                    .lock()
                    .expect("dm channels lock")
                    .insert(user, c);
                c
            }
        };
        ChannelId::new(channel)
            .send_message(&self.http, message.allowed_mentions(no_mentions()))
            .await
            .map_err(|e| self.refused(user, e))?;
        self.reminders.dms_sent.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    fn refused(&self, user: u64, e: serenity::Error) -> DmError {
        if dm_refused(&e) {
            self.reminders.dms_refused.fetch_add(1, Ordering::Relaxed);
            self.reminders
                .closed
                .lock()
                .expect("closed lock")
                .insert(user, Instant::now() + CLOSED_FOR);
            DmError::Closed
        } else {
            DmError::Failed(e.to_string())
        }
    }
}
