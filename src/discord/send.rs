//! The poster: every write of the edge to Discord's channels and to people's direct
//! messages. A channel's writes go through that channel's writer ([`super::writer`]), which
//! schedules them within Discord's budget; the poster adds what is done once per game (its
//! thread opened, its end said there) and the direct messages. Hosted games and turn reminders
//! (`hosted`, `notify`) ask the poster to write, and what shows the boards (`boards`) asks all
//! three: the poster knows none of them.

use super::wire::{no_mentions, ping_text, Shown, Turn};
use super::writer::{Job, WriteStats, Writer};
use serenity::all::{ChannelId, CreateMessage, Http, HttpError, UserId};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use yut_service::Service;
use yut_table::{Lang, View};

/// After a DM could not be delivered, no DM to that person for this long.
const CLOSED_FOR: Duration = Duration::from_secs(3600);

/// Writes to Discord; shared by the boards' pump, clicks and slash commands. Every write to a
/// channel goes through that channel's writer.
pub struct Poster {
    pub http: Arc<Http>,
    pub service: Service,
    /// Every channel's writer.
    writer: Arc<Writer>,
    /// The writers' figures (the operators' metrics).
    pub write_stats: Arc<WriteStats>,
    /// Games whose thread this process has opened (or tried to), and those whose end in a
    /// thread it has said: each once.
    thread_steps: Mutex<HashSet<(i64, ThreadStep)>>,
    /// Each person's DM channel with the bot.
    dm_channels: Mutex<HashMap<u64, u64>>,
    /// People whose DMs are closed, until when.
    closed: Mutex<HashMap<u64, Instant>>,
    /// Direct messages delivered, and those that could not be (then the channel ping).
    pub dms_sent: AtomicU64,
    pub dms_refused: AtomicU64,
}

/// What is done once for a game played in a thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ThreadStep {
    Open,
    End,
}

/// May the bot open a thread and play there, with these permissions in the lobby's channel
/// (the click's `app_permissions`; unknown: try)?
pub fn may_open_thread(p: Option<serenity::all::Permissions>) -> bool {
    p.is_none_or(|p| {
        p.administrator() || (p.create_public_threads() && p.send_messages_in_threads())
    })
}

/// Why a direct message was not delivered.
#[derive(Debug)]
pub enum DmError {
    /// The person does not take DMs from the bot (or blocked it).
    Closed,
    Failed(String),
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

impl Poster {
    /// `api_url`: `DISCORD_API_URL` (writes go there instead of discord.com).
    pub fn new(http: Arc<Http>, service: Service, api_url: Option<String>) -> Poster {
        let writer = Arc::new(Writer::new(http.token(), api_url, service.clone()));
        Poster {
            http,
            service,
            write_stats: writer.stats.clone(),
            writer,
            thread_steps: Mutex::new(HashSet::new()),
            dm_channels: Mutex::new(HashMap::new()),
            closed: Mutex::new(HashMap::new()),
            dms_sent: AtomicU64::new(0),
            dms_refused: AtomicU64::new(0),
        }
    }

    /// Hand a job to the channel's writer.
    fn enqueue(&self, channel: u64, job: Job) {
        self.writer.enqueue(channel, job);
    }

    /// The first time for this game and step?
    fn first_time(&self, game: i64, step: ThreadStep) -> bool {
        self.thread_steps
            .lock()
            .expect("thread steps lock")
            .insert((game, step))
    }

    /// A game that started wants a thread of its own: open it from the lobby message (in
    /// `channel`) and move the game there, then point the lobby to it. Without the
    /// permissions (`perms`: the bot's in the channel, when known), or if Discord refuses,
    /// the game is played in the channel and its board says why.
    pub async fn open_thread(
        &self,
        game: i64,
        channel: u64,
        lobby: u64,
        name: &str,
        lang: Lang,
        perms: Option<serenity::all::Permissions>,
    ) {
        if !self.first_time(game, ThreadStep::Open) {
            return;
        }
        let thread = if may_open_thread(perms) {
            let builder = serenity::all::CreateThread::new(name)
                .auto_archive_duration(serenity::all::AutoArchiveDuration::OneHour);
            match serenity::all::ChannelId::new(channel)
                .create_thread_from_message(
                    &self.http,
                    serenity::all::MessageId::new(lobby),
                    builder,
                )
                .await
            {
                Ok(t) => Some(t.id.get()),
                Err(e) => {
                    tracing::warn!(game, channel, error = %e, "could not open the game's thread; playing in the channel");
                    None
                }
            }
        } else {
            tracing::info!(
                game,
                channel,
                "no Create Public Threads or Send Messages in Threads here; playing in the channel"
            );
            None
        };
        if thread.is_some() {
            // The lobby message stays in the channel: the board is a new message in the thread.
            self.writer.forget_message(game);
        }
        match self.service.thread_opened(game, channel, thread).await {
            Ok(()) => {
                if let Some(t) = thread {
                    let text = yut_text::say(
                        lang,
                        "thread-moved",
                        &[("thread", format!("<#{t}>").into())],
                    );
                    self.enqueue(
                        channel,
                        Job::Replace {
                            message: lobby,
                            text,
                        },
                    );
                }
            }
            Err(p) => {
                tracing::warn!(game, channel, thread, problem = ?p, "the game did not move to its thread");
            }
        }
    }

    /// A game played in a thread has ended: say its result in the lobby's channel and archive
    /// the thread (after its last board is written).
    pub fn thread_ended(&self, game: i64, thread: u64, end: &(u64, String)) {
        if !self.first_time(game, ThreadStep::End) {
            return;
        }
        let (parent, text) = end;
        tracing::debug!(
            game,
            thread,
            parent,
            "the game in a thread ended: saying so, archiving"
        );
        self.enqueue(*parent, Job::Notice { text: text.clone() });
        self.enqueue(thread, Job::Archive);
    }

    /// Take a game's show lock.
    pub async fn lock(&self, game: i64) -> Shown {
        self.writer.lock(game).await
    }

    /// The board message this process posted last for the game.
    pub fn current_message(&self, game: i64) -> Option<u64> {
        self.writer.current_message(game)
    }

    /// Record that `game`'s board is now message `id`, if that game is still the channel's.
    pub async fn posted(&self, game: i64, channel: u64, id: u64) {
        self.writer.posted(game, channel, id).await;
    }

    /// Show a board in its channel: an edit of `message_id` (or of the message posted last),
    /// else a new message (`repost`: a new message in any case), which the service is told of.
    pub fn board(
        &self,
        game: i64,
        channel: u64,
        view: View,
        message_id: Option<u64>,
        repost: bool,
    ) {
        self.enqueue(
            channel,
            Job::Board {
                game,
                view,
                message_id,
                repost,
                done: None,
            },
        );
    }

    /// Post the board as a new message; the answer is its id, once written.
    pub fn post_board(
        &self,
        game: i64,
        channel: u64,
        view: &View,
    ) -> oneshot::Receiver<Option<u64>> {
        let (tx, rx) = oneshot::channel();
        self.enqueue(
            channel,
            Job::Board {
                game,
                view: view.clone(),
                message_id: None,
                repost: false,
                done: Some(tx),
            },
        );
        rx
    }

    /// A board that was replaced by a newer message stays as a record, without buttons (an
    /// edit without an attachment list keeps its picture).
    pub fn strip_buttons(&self, channel: u64, message: u64) {
        self.enqueue(channel, Job::Strip { message });
    }

    /// The turn's ping in the channel: a mention in a short message of its own (an edit
    /// notifies nobody), through the channel's writer: it waits for its slot, never dropped.
    /// The previous ping of the channel is deleted to keep it tidy.
    pub fn turn_ping(&self, turn: &Turn) {
        self.enqueue(
            turn.channel,
            Job::Ping {
                game: turn.game,
                version: turn.version,
                user: turn.user,
                text: ping_text(turn.user, turn.lang, turn.deadline_ms),
                due: turn.deadline_ms,
            },
        );
    }

    /// A game shown in `channel` is over: its turn ping in view goes (within the channel's
    /// budget), and what is kept for it is forgotten once its last board is shown.
    pub fn game_over(&self, channel: u64, game: i64) {
        self.enqueue(channel, Job::Forget { game });
    }

    /// Delete a turn ping left in view by a game that is over (found in the database).
    pub fn delete_ping(&self, channel: u64, message: u64) {
        self.enqueue(channel, Job::DeletePing { message });
    }

    /// Log a missing permission, and say so in the channel once (if the bot can).
    pub fn missing_permission(&self, game: i64, channel: u64) {
        self.writer.missing_permission(game, channel);
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

    /// Send a person a direct message (nobody mentioned). A person whose DMs are closed is not
    /// tried again for an hour.
    pub async fn dm(&self, user: u64, message: CreateMessage) -> Result<(), DmError> {
        if self.is_closed(user) {
            return Err(DmError::Closed);
        }
        let known = self
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
                self.dm_channels
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
        self.dms_sent.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    fn refused(&self, user: u64, e: serenity::Error) -> DmError {
        if dm_refused(&e) {
            self.dms_refused.fetch_add(1, Ordering::Relaxed);
            self.closed
                .lock()
                .expect("closed lock")
                .insert(user, Instant::now() + CLOSED_FOR);
            DmError::Closed
        } else {
            DmError::Failed(e.to_string())
        }
    }
}
