//! Turn reminders as each person chose them (`/yut notify`): a ping in the game's channel (the
//! default), a direct message with a link to the board, both, or none; optionally only once
//! half of the action's time has gone and the person has not acted. At most one reminder per
//! turn and person. A direct message that cannot be delivered (closed DMs, Discord's 50007)
//! falls back to the channel ping, and that person gets no DM attempt for an hour.
//!
//! Reminders ask the poster ([`super::send`]) for channel pings and direct messages, and the
//! hosted games ([`super::hosted`]) for a ping through a token where the bot may not post.

use super::hosted::Hosted;
use super::send::{DmError, Poster};
use super::wire::Turn;
use serenity::all::CreateMessage;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yut_service::{NotifyMode, NotifyPref};

/// How long a person's choice is remembered here before it is read again (another process
/// may have changed it).
const PREF_TTL: Duration = Duration::from_secs(30);
/// Turns remembered as reminded (then forgotten all at once: a turn older than this many
/// turns is long over).
const REMEMBERED: usize = 50_000;

/// Turn reminders, and what they remember.
pub struct Reminders {
    poster: Arc<Poster>,
    hosted: Arc<Hosted>,
    prefs: Mutex<HashMap<u64, (NotifyPref, Instant)>>,
    /// (game, version, user) already reminded.
    done: Mutex<HashSet<(i64, u64, u64)>>,
}

impl Reminders {
    pub fn new(poster: Arc<Poster>, hosted: Arc<Hosted>) -> Reminders {
        Reminders {
            poster,
            hosted,
            prefs: Mutex::new(HashMap::new()),
            done: Mutex::new(HashSet::new()),
        }
    }

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

impl Reminders {
    /// A turn started: remind its person as they chose, once.
    pub fn remind(self: &Arc<Self>, turn: Turn) {
        if !self.first(&turn) {
            return;
        }
        match self.cached(turn.user) {
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

    fn channel_ping(&self, turn: &Turn) {
        if self.hosted.has(turn.game) {
            // Where the bot may not post: a follow-up through the game's token.
            let (hosted, turn) = (self.hosted.clone(), turn.clone());
            tokio::spawn(async move { hosted.ping(&turn).await });
            return;
        }
        self.poster.turn_ping(turn);
    }

    async fn remind_as_chosen(self: Arc<Self>, turn: Turn, cached: Option<NotifyPref>) {
        let pref = match cached {
            Some(p) => p,
            None => {
                let p = self.poster.service.notify_pref(turn.user).await;
                self.remember(turn.user, p);
                p
            }
        };
        if pref.mode == NotifyMode::None {
            return;
        }
        if pref.half {
            if let Some(due) = turn.deadline_ms {
                let left = due - self.poster.service.now_ms();
                if left > 0 {
                    tokio::time::sleep(Duration::from_millis((left / 2) as u64)).await;
                }
                // Still this turn, and nobody has acted since it started?
                let still = self
                    .poster
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
            .poster
            .service
            .game_table(turn.game)
            .await
            .map_or(0, |t| t.guild);
        let link = board_link(guild, turn.channel, self.poster.current_message(turn.game));
        let due = turn
            .deadline_ms
            .map(|ms| format!(" <t:{}:R>", ms.div_euclid(1000)))
            .unwrap_or_default();
        let text = yut_text::say(
            turn.lang,
            "notify-dm-turn",
            &[("due", due.into()), ("link", link.into())],
        );
        self.poster
            .dm(turn.user, CreateMessage::new().content(text))
            .await
    }
}
