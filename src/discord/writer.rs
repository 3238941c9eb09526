//! One writer per channel. Every write to a channel (board edits, new boards, turn pings,
//! deletions, the missing-permission notice) goes through the channel's writer, which keeps
//! within the budget Discord reports and never drops what matters:
//!
//! - at most [`CHANNEL_WRITES`] writes per [`CHANNEL_WINDOW`], counted from the moment each
//!   answer arrived (Discord's per-channel message budget; the bot never spends the last slot
//!   on a chore), and none while the reported bucket is empty (`X-RateLimit-Remaining: 0` for
//!   `X-RateLimit-Reset-After`);
//! - a 429 is waited out exactly (`retry_after` of the body, else the `Retry-After` header); a
//!   global one (`X-RateLimit-Global` or `"global": true`) pauses every channel;
//! - board updates are coalesced (only the newest of a game is kept); a failing edit is
//!   retried after a wait that doubles (1 s to 30 s), never replaced by a second board; a new
//!   board is posted only when the old message is gone (404, Unknown Message) or too old to
//!   edit (30046);
//! - a turn ping waits for its slot but is never dropped (only a newer ping of the same game,
//!   whose turn replaced it, makes it moot).
//!
//! The writes are made with serenity's request builder on our own HTTP client, so the
//! rate-limit headers and 429 bodies are read the same way with or without `DISCORD_API_URL`
//! (where serenity's own limiter is off).
//!
//! The writer knows each game's show lock and board message (a click's answer and a channel
//! write must not cross), builds its payloads with [`super::wire`] and records what it posted
//! through the service; it knows nothing of who asks it to write (the poster, `send`).

mod channel;
mod rest;
use channel::*;
pub use rest::*;

use super::wire::{
    attachment, create_message, edit_message, is_stale, mark_shown, no_mentions, Shown,
    MISSING_PERMISSIONS,
};
use serde_json::Value;
use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, MessageId};
use serenity::http::{LightMethod, Multipart, MultipartUpload, Request, Route};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use yut_service::Service;
use yut_table::View;

/// Writes per channel within [`CHANNEL_WINDOW`] (Discord: 5 messages per 5 s per channel).
pub const CHANNEL_WRITES: usize = 5;
/// The window of the channel budget.
pub const CHANNEL_WINDOW: Duration = Duration::from_secs(5);
/// Room for clocks and the network on top of the window.
const MARGIN: Duration = Duration::from_millis(60);
/// A writer with nothing to do for this long retires (a new one starts on the next write).
const IDLE: Duration = Duration::from_secs(60);

/// A job for a channel's writer.
// A board carries its whole view; the other jobs are small, and jobs are few: not boxed.
#[allow(clippy::large_enum_variant)]
pub enum Job {
    /// Show this board (the newest of a game wins); `done` hears the message id.
    Board {
        game: i64,
        view: View,
        message_id: Option<u64>,
        repost: bool,
        done: Option<oneshot::Sender<Option<u64>>>,
    },
    /// Tell `user` their turn started (shown board `version`).
    Ping {
        game: i64,
        version: u64,
        user: u64,
        text: String,
        /// When the pinged turn is due (ms since the Unix epoch).
        due: Option<i64>,
    },
    /// Take the buttons off a board that was replaced.
    Strip { message: u64 },
    /// Put these words in place of a message (no buttons, no picture): a lobby whose game
    /// moved to its thread.
    Replace { message: u64, text: String },
    /// Archive the channel (a game's thread) once everything before it is written.
    Archive,
    /// Say once that permissions are missing.
    Notice { text: String },
    /// The game ended: its turn ping in view goes (and its queued pings), and the game is
    /// forgotten once its board is shown.
    Forget { game: i64 },
    /// Delete a turn ping left in view by a game that is over (found in the database).
    DeletePing { message: u64 },
}

/// Counters of every writer, for logs, tests and benchmarks.
#[derive(Debug, Default)]
pub struct WriteStats {
    pub writes: AtomicU64,
    pub limited: AtomicU64,
    pub pings_sent: AtomicU64,
    pub pings_moot: AtomicU64,
    pub boards_coalesced: AtomicU64,
}

/// What the writer does next.
enum Next {
    Board(usize),
    Ping,
    Chore(usize),
}

/// Every channel's writer, and what they share: the global rate limit, the figures, and per
/// game the show lock and the board message.
pub struct Writer {
    /// Where the writer records the boards it posted and the turn pings in view.
    service: Service,
    rest: Rest,
    /// The channels' writers.
    writers: Mutex<HashMap<u64, mpsc::UnboundedSender<Job>>>,
    /// A global rate limit: no write anywhere before this.
    global: Gate,
    pub stats: Arc<WriteStats>,
    /// Per game: the newest version shown, behind a lock so one game's board changes one
    /// request at a time (a slow click edit never overwrites a newer bot move).
    shown: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<u64>>>>,
    /// Per game: the board message posted last by this process.
    current: Mutex<HashMap<i64, u64>>,
    /// Channels already told about a missing permission.
    warned: Mutex<HashSet<u64>>,
}

impl Writer {
    /// `token`: the bot's; `api_url`: `DISCORD_API_URL` (writes go there instead of
    /// discord.com).
    pub fn new(token: &str, api_url: Option<String>, service: Service) -> Writer {
        Writer {
            service,
            rest: Rest::new(token, api_url),
            writers: Mutex::new(HashMap::new()),
            global: Mutex::new(None),
            stats: Arc::default(),
            shown: Mutex::new(HashMap::new()),
            current: Mutex::new(HashMap::new()),
            warned: Mutex::new(HashSet::new()),
        }
    }

    /// Take a game's show lock.
    pub async fn lock(&self, game: i64) -> Shown {
        let m = self
            .shown
            .lock()
            .expect("shown lock")
            .entry(game)
            .or_default()
            .clone();
        m.lock_owned().await
    }

    /// The board message this process posted last for the game.
    pub fn current_message(&self, game: i64) -> Option<u64> {
        self.current
            .lock()
            .expect("current lock")
            .get(&game)
            .copied()
    }

    /// The game's board is no longer the message posted last (its next board is a new one).
    pub fn forget_message(&self, game: i64) {
        self.current.lock().expect("current lock").remove(&game);
    }

    /// Record that `game`'s board is now message `id`, if that game is still the channel's.
    pub async fn posted(&self, game: i64, channel: u64, id: u64) {
        self.current.lock().expect("current lock").insert(game, id);
        if let Err(p) = self.service.message_posted(game, channel, id).await {
            tracing::error!(game, channel, message = id, problem = ?p, "could not record the board message");
        }
    }

    /// Log a missing permission, and say so in the channel once (if the bot can).
    pub fn missing_permission(self: &Arc<Self>, game: i64, channel: u64) {
        tracing::error!(game, channel, "missing permissions to show the board: the bot needs View Channel, Send Messages, Attach Files and Read Message History here");
        if self.warned.lock().expect("warned lock").insert(channel) {
            self.enqueue(
                channel,
                Job::Notice {
                    text: MISSING_PERMISSIONS.to_string(),
                },
            );
        }
    }

    /// Hand a job to the channel's writer (starting one if needed).
    pub fn enqueue(self: &Arc<Self>, channel: u64, job: Job) {
        let mut writers = self.writers.lock().expect("writers lock");
        let job = match writers.get(&channel) {
            Some(tx) => match tx.send(job) {
                Ok(()) => return,
                Err(mpsc::error::SendError(job)) => job,
            },
            None => job,
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let _ = tx.send(job);
        writers.insert(channel, tx);
        tokio::spawn(self.clone().write_channel(channel, rx));
    }

    /// Is a global rate limit in force? Until when.
    fn global_until(&self) -> Option<Instant> {
        let g = *self.global.lock().expect("global lock");
        g.filter(|t| *t > Instant::now())
    }

    /// The writer of one channel.
    async fn write_channel(self: Arc<Self>, channel: u64, mut rx: mpsc::UnboundedReceiver<Job>) {
        let mut ch = Channel::new(channel);
        match self.service.pings_in_channel(channel).await {
            Ok(rows) => ch.in_view(rows),
            Err(p) => {
                tracing::warn!(channel, problem = ?p, "could not read the turn pings in view")
            }
        }
        let mut closed = false;
        loop {
            while let Ok(job) = rx.try_recv() {
                ch.add(job, &self.stats);
            }
            if ch.is_idle() {
                self.forget_ended(&mut ch);
                if closed {
                    break;
                }
                match tokio::time::timeout(IDLE, rx.recv()).await {
                    Ok(Some(job)) => ch.add(job, &self.stats),
                    Ok(None) => break,
                    Err(_) => {
                        // Retire: refuse new jobs (the next one starts a new writer), but do
                        // those already queued.
                        rx.close();
                        closed = true;
                    }
                }
                continue;
            }
            let now = Instant::now();
            ch.prune(now);
            let (next, at) = self.choose(&ch, now);
            let at = match self.global_until() {
                Some(g) => at.max(g),
                None => at,
            };
            if at > now {
                if closed {
                    tokio::time::sleep_until(at).await;
                } else {
                    tokio::select! {
                        job = rx.recv() => match job {
                            Some(job) => ch.add(job, &self.stats),
                            None => closed = true,
                        },
                        _ = tokio::time::sleep_until(at) => {}
                    }
                }
                continue;
            }
            match next {
                Next::Board(i) => self.write_board(&mut ch, i).await,
                Next::Ping => self.write_ping(&mut ch).await,
                Next::Chore(i) => self.write_chore(&mut ch, i).await,
            }
        }
        // Leave the map unless a newer writer took the channel.
        let mut writers = self.writers.lock().expect("writers lock");
        if writers.get(&channel).is_some_and(|tx| tx.is_closed()) {
            writers.remove(&channel);
        }
    }

    /// Pick the next write and when it may go: a ping once its board is shown, else the
    /// board; chores only with a slot to spare.
    fn choose(&self, ch: &Channel, now: Instant) -> (Next, Instant) {
        let full = ch.free_at(CHANNEL_WRITES - 1, now);
        if let Some(p) = ch.pings.front() {
            let board_first = ch
                .boards
                .iter()
                .position(|b| b.game == p.game && b.view.version.unwrap_or(0) <= p.version);
            if board_first.is_none() {
                return (Next::Ping, full);
            }
        }
        if !ch.boards.is_empty() {
            return (Next::Board(0), full);
        }
        if !ch.pings.is_empty() {
            return (Next::Ping, full);
        }
        // Clearing an old board's buttons and the notice matter to people; deleting an old
        // ping does not, and leaves a slot free. Archiving comes last of all.
        if let Some(i) = ch
            .chores
            .iter()
            .position(|c| !matches!(c, Chore::Delete(_) | Chore::Archive))
        {
            return (Next::Chore(i), full);
        }
        if let Some(i) = ch.chores.iter().position(|c| matches!(c, Chore::Delete(_))) {
            return (Next::Chore(i), ch.free_at(CHANNEL_WRITES - 2, now));
        }
        (Next::Chore(0), ch.free_at(CHANNEL_WRITES - 2, now))
    }

    /// Count a write and learn from its answer; true if it went through.
    fn account(&self, ch: &mut Channel, what: &str, answer: &Answer, limits: &Limits) {
        let now = Instant::now();
        self.stats.writes.fetch_add(1, Ordering::Relaxed);
        ch.sent.push_back(now);
        if limits.remaining == Some(0) {
            if let Some(r) = limits.reset_after {
                ch.until = Some(ch.until.map_or(now + r, |u| u.max(now + r)));
            }
        }
        match answer {
            Answer::Done(_) => ch.failures = 0,
            Answer::Limited { wait, global } => {
                self.stats.limited.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(
                    channel = ch.id,
                    what,
                    wait_ms = wait.as_millis() as u64,
                    global,
                    bucket = ?limits.bucket,
                    "rate limited by Discord; waiting as told"
                );
                ch.until = Some(now + *wait);
                if *global {
                    *self.global.lock().expect("global lock") = Some(now + *wait);
                }
            }
            Answer::Failed { status, code } => {
                if failure(*status, *code) == Failure::Retry {
                    ch.failures += 1;
                    let wait = Duration::from_secs(1 << (ch.failures - 1).min(5))
                        .min(Duration::from_secs(30));
                    tracing::warn!(
                        channel = ch.id,
                        what,
                        ?status,
                        wait_ms = wait.as_millis() as u64,
                        "a write failed; trying again after a wait (no second board)"
                    );
                    ch.until = Some(now + wait);
                }
            }
        }
    }

    async fn write_board(&self, ch: &mut Channel, i: usize) {
        let game = ch.boards[i].game;
        // A click may already have shown a newer board (UPDATE_MESSAGE).
        let mut shown = self.lock(game).await;
        if is_stale(&shown, &ch.boards[i].view) && !ch.boards[i].repost {
            let b = ch.boards.remove(i);
            for d in b.done {
                let _ = d.send(b.message_id);
            }
            return;
        }
        let board = &ch.boards[i];
        let known = self.current_message(game);
        let message_id = known.or(board.message_id);
        let repost = board.repost && !(known.is_some() && known != board.message_id);
        let edit = match (repost, message_id) {
            (false, Some(id)) => Some(id),
            _ => None,
        };
        let file = attachment(&board.view);
        let write = match edit {
            Some(id) => Write::Edit(id, edit_message(&board.view), file),
            None => Write::Post(create_message(&board.view), file),
        };
        let (answer, limits) = self.rest.send(ch.id, &write).await;
        let what = if edit.is_some() {
            "board edit"
        } else {
            "new board"
        };
        self.account(ch, what, &answer, &limits);
        match answer {
            Answer::Done(id) => {
                mark_shown(&mut shown, &ch.boards[i].view);
                drop(shown);
                let b = ch.boards.remove(i);
                // A game's last board (over or stopped) makes its last turn ping moot.
                if b.view.over {
                    ch.game_over(game);
                }
                let posted = if edit.is_none() { id } else { None };
                if let Some(new) = posted {
                    self.posted(game, ch.id, new).await;
                    if let Some(old) = message_id.filter(|old| *old != new) {
                        ch.chores.push_back(Chore::Strip(old));
                    }
                }
                for d in b.done {
                    let _ = d.send(posted.or(message_id));
                }
            }
            Answer::Limited { .. } => {}
            Answer::Failed { status, code } => match failure(status, code) {
                Failure::Retry => {}
                Failure::Gone if edit.is_some() => {
                    tracing::warn!(
                        game,
                        channel = ch.id,
                        ?status,
                        code,
                        "the board's message is gone or too old to edit; posting a new one"
                    );
                    ch.boards[i].repost = true;
                    ch.boards[i].message_id = None;
                    self.forget_message(game);
                    if code == 30046 {
                        if let Some(old) = message_id {
                            ch.chores.push_back(Chore::Strip(old));
                        }
                    }
                }
                Failure::Forbidden => {
                    drop(shown);
                    let b = ch.boards.remove(i);
                    for d in b.done {
                        let _ = d.send(None);
                    }
                    self.note_missing_permission(ch, game);
                }
                _ => {
                    tracing::error!(
                        game,
                        channel = ch.id,
                        ?status,
                        code,
                        "Discord refused the board; giving it up"
                    );
                    let b = ch.boards.remove(i);
                    for d in b.done {
                        let _ = d.send(None);
                    }
                }
            },
        }
    }

    async fn write_ping(&self, ch: &mut Channel) {
        let Some((game, version, due)) = ch.pings.front().map(|p| (p.game, p.version, p.due))
        else {
            return;
        };
        // This turn's ping is already in view (posted before a restart or by the process
        // that drove the game before a takeover): not twice.
        if ch
            .last_ping
            .is_some_and(|p| p.game == game && p.version >= version)
        {
            ch.pings.pop_front();
            self.stats.pings_moot.fetch_add(1, Ordering::Relaxed);
            tracing::debug!(game, channel = ch.id, "this turn's ping is already in view");
            return;
        }
        // One turn ping in view: the previous one is deleted first (this write; the new one
        // goes at the next free slot, a second later at worst) when the turn leaves time for it
        // (5 s or more: always with the shortest time people may set, 10 s, whose ping comes
        // about 1.5 s in) or the channel has slots to spare; else (a test's 2-s game on a busy
        // channel) the new one goes now and the old one as soon as a slot is spare.
        let now_ms = self.service.now_ms();
        let roomy = due.is_none_or(|d| d - now_ms >= 5_000);
        let spare = ch.free_at(CHANNEL_WRITES - 3, Instant::now()) <= Instant::now();
        if let Some(old) = ch.last_ping.filter(|_| roomy || spare) {
            let (answer, limits) = self.rest.send(ch.id, &Write::Delete(old.message)).await;
            self.account(ch, "deleting the previous ping", &answer, &limits);
            match answer {
                Answer::Limited { .. } => {}
                Answer::Failed { status, code } if failure(status, code) == Failure::Retry => {}
                // Deleted, already gone, or not ours to delete: post the new one.
                _ => {
                    ch.last_ping = None;
                    self.forget_ping(old.message).await;
                }
            }
            return;
        }
        let Some(p) = ch.pings.front() else { return };
        let msg = CreateMessage::new()
            .content(p.text.clone())
            .allowed_mentions(CreateAllowedMentions::new().users([p.user]).empty_roles());
        let (answer, limits) = self.rest.send(ch.id, &Write::Post(msg, None)).await;
        self.account(ch, "turn ping", &answer, &limits);
        match answer {
            Answer::Done(id) => {
                let p = ch.pings.pop_front().expect("the ping");
                self.stats.pings_sent.fetch_add(1, Ordering::Relaxed);
                tracing::debug!(
                    game = p.game,
                    channel = ch.id,
                    user = p.user,
                    "turn ping sent"
                );
                if let Some(old) = ch.last_ping.take() {
                    ch.delete(old.message);
                }
                if let Some(message) = id {
                    let row = yut_service::PingRow {
                        message,
                        game: p.game,
                        channel: ch.id,
                        version: p.version,
                        user: p.user,
                        token: None,
                    };
                    if let Err(problem) = self.service.ping_posted(row).await {
                        tracing::warn!(
                            game = p.game,
                            channel = ch.id,
                            ?problem,
                            "could not record the turn ping in view"
                        );
                    }
                    ch.last_ping = Some(InView {
                        game: p.game,
                        version: p.version,
                        message,
                    });
                }
            }
            Answer::Limited { .. } => {}
            Answer::Failed { status, code } => match failure(status, code) {
                Failure::Retry => {}
                Failure::Forbidden => {
                    let p = ch.pings.pop_front().expect("the ping");
                    self.note_missing_permission(ch, p.game);
                }
                _ => {
                    let p = ch.pings.pop_front().expect("the ping");
                    tracing::error!(
                        game = p.game,
                        channel = ch.id,
                        ?status,
                        code,
                        "Discord refused a turn ping"
                    );
                }
            },
        }
    }

    async fn write_chore(&self, ch: &mut Channel, i: usize) {
        let Some(chore) = ch.chores.get(i) else {
            return;
        };
        let (write, what) = match chore {
            Chore::Strip(id) => (
                Write::Edit(*id, EditMessage::new().components(Vec::new()), None),
                "clearing an old board's buttons",
            ),
            Chore::Delete(id) => (Write::Delete(*id), "deleting a moot turn ping"),
            Chore::Notice(text) => (
                Write::Post(
                    CreateMessage::new()
                        .content(text.clone())
                        .allowed_mentions(no_mentions()),
                    None,
                ),
                "the missing-permission notice",
            ),
            Chore::Replace(id, text) => (
                Write::Edit(
                    *id,
                    EditMessage::new()
                        .content(text.clone())
                        .components(Vec::new())
                        .attachments(serenity::all::EditAttachments::new())
                        .allowed_mentions(no_mentions()),
                    None,
                ),
                "a lobby's pointer to its game's thread",
            ),
            Chore::Archive => (Write::Archive, "archiving a game's thread"),
        };
        let (answer, limits) = self.rest.send(ch.id, &write).await;
        self.account(ch, what, &answer, &limits);
        match answer {
            Answer::Limited { .. } => {}
            Answer::Failed { status, code } if failure(status, code) == Failure::Retry => {}
            Answer::Failed { status, code } => {
                tracing::debug!(channel = ch.id, what, ?status, code, "gave up a chore");
                if let Some(Chore::Delete(id)) = ch.chores.remove(i) {
                    // Gone already, or not ours to delete: nothing more to do about it.
                    self.forget_ping(id).await;
                }
            }
            Answer::Done(_) => {
                if let Some(Chore::Delete(id)) = ch.chores.remove(i) {
                    self.forget_ping(id).await;
                }
            }
        }
    }

    /// A ping is no longer in view: the database forgets it.
    async fn forget_ping(&self, message: u64) {
        if let Err(problem) = self.service.ping_deleted(message).await {
            tracing::warn!(message, ?problem, "could not record a ping's deletion");
        }
    }

    fn note_missing_permission(&self, ch: &mut Channel, game: i64) {
        tracing::error!(game, channel = ch.id, "missing permissions to show the board: the bot needs View Channel, Send Messages, Attach Files and Read Message History here");
        if self.warned.lock().expect("warned lock").insert(ch.id) {
            ch.chores
                .push_back(Chore::Notice(MISSING_PERMISSIONS.to_string()));
        }
    }

    /// Forget what is kept per game for the games that ended in this channel.
    fn forget_ended(&self, ch: &mut Channel) {
        for game in ch.ended.drain(..) {
            self.shown.lock().expect("shown lock").remove(&game);
            self.current.lock().expect("current lock").remove(&game);
        }
    }
}

/// The figures of every writer since start.
pub fn snapshot(s: &WriteStats) -> [u64; 5] {
    [
        s.writes.load(Ordering::Relaxed),
        s.limited.load(Ordering::Relaxed),
        s.pings_sent.load(Ordering::Relaxed),
        s.pings_moot.load(Ordering::Relaxed),
        s.boards_coalesced.load(Ordering::Relaxed),
    ]
}

/// Global 429 gate, shared by the writers.
pub type Gate = Mutex<Option<Instant>>;

#[cfg(test)]
mod tests;
