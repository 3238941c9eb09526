//! The state of one channel's writer: its queued boards, pings and chores, the window of
//! its writes, and the turn ping it has in view; what arrives is merged here (no IO).

use super::*;

pub(super) struct Board {
    pub(super) game: i64,
    pub(super) view: View,
    pub(super) message_id: Option<u64>,
    pub(super) repost: bool,
    pub(super) done: Vec<oneshot::Sender<Option<u64>>>,
}

pub(super) struct Ping {
    pub(super) game: i64,
    pub(super) version: u64,
    pub(super) user: u64,
    pub(super) text: String,
    pub(super) due: Option<i64>,
}

/// A turn ping in view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct InView {
    pub(super) game: i64,
    pub(super) version: u64,
    pub(super) message: u64,
}

pub(super) enum Chore {
    Strip(u64),
    Delete(u64),
    Notice(String),
    Replace(u64, String),
    Archive,
}

/// The state of one channel's writer.
pub(super) struct Channel {
    pub(super) id: u64,
    pub(super) boards: Vec<Board>,
    pub(super) pings: VecDeque<Ping>,
    pub(super) chores: VecDeque<Chore>,
    /// When the answers of the last writes arrived (the window's count).
    pub(super) sent: VecDeque<Instant>,
    /// No write before this (a 429, an empty bucket, a back-off).
    pub(super) until: Option<Instant>,
    /// Failures in a row (the back-off doubles).
    pub(super) failures: u32,
    /// The last ping posted (deleted before the next one is posted); kept in the database
    /// too, so a restarted or new driver of the game knows it.
    pub(super) last_ping: Option<InView>,
    /// Games that ended: forgotten once nothing of theirs is pending.
    pub(super) ended: Vec<i64>,
}

impl Channel {
    pub(super) fn new(id: u64) -> Channel {
        Channel {
            id,
            boards: Vec::new(),
            pings: VecDeque::new(),
            chores: VecDeque::new(),
            sent: VecDeque::new(),
            until: None,
            failures: 0,
            last_ping: None,
            ended: Vec::new(),
        }
    }

    pub(super) fn is_idle(&self) -> bool {
        self.boards.is_empty() && self.pings.is_empty() && self.chores.is_empty()
    }

    pub(super) fn add(&mut self, job: Job, stats: &WriteStats) {
        match job {
            Job::Board {
                game,
                view,
                message_id,
                repost,
                done,
            } => {
                if let Some(b) = self.boards.iter_mut().find(|b| b.game == game) {
                    if view.version >= b.view.version {
                        stats.boards_coalesced.fetch_add(1, Ordering::Relaxed);
                        b.view = view;
                        if message_id.is_some() {
                            b.message_id = message_id;
                        }
                    }
                    b.repost |= repost;
                    b.done.extend(done);
                } else {
                    self.boards.push(Board {
                        game,
                        view,
                        message_id,
                        repost,
                        done: done.into_iter().collect(),
                    });
                }
            }
            Job::Ping {
                game,
                version,
                user,
                text,
                due,
            } => {
                // A newer turn of the same game makes an older ping moot.
                let before = self.pings.len();
                self.pings
                    .retain(|p| !(p.game == game && p.version < version));
                let moot = before - self.pings.len();
                if moot > 0 {
                    stats.pings_moot.fetch_add(moot as u64, Ordering::Relaxed);
                    tracing::info!(
                        game,
                        channel = self.id,
                        "a turn ping was overtaken by the next turn before its slot"
                    );
                }
                if !self
                    .pings
                    .iter()
                    .any(|p| p.game == game && p.version >= version)
                {
                    self.pings.push_back(Ping {
                        game,
                        version,
                        user,
                        text,
                        due,
                    });
                }
            }
            Job::Strip { message } => self.chores.push_back(Chore::Strip(message)),
            Job::Notice { text } => self.chores.push_back(Chore::Notice(text)),
            Job::Replace { message, text } => self.chores.push_back(Chore::Replace(message, text)),
            Job::Archive => self.chores.push_back(Chore::Archive),
            Job::Forget { game } => {
                self.game_over(game);
                self.ended.push(game);
            }
            Job::DeletePing { message } => {
                if self.last_ping.is_some_and(|p| p.message == message) {
                    self.last_ping = None;
                }
                self.delete(message);
            }
        }
    }

    /// Queue a ping's deletion (once).
    pub(super) fn delete(&mut self, message: u64) {
        if !self
            .chores
            .iter()
            .any(|c| matches!(c, Chore::Delete(m) if *m == message))
        {
            self.chores.push_back(Chore::Delete(message));
        }
    }

    /// A game is over: its queued pings are moot and its ping in view goes.
    pub(super) fn game_over(&mut self, game: i64) {
        self.pings.retain(|p| p.game != game);
        if let Some(p) = self.last_ping.filter(|p| p.game == game) {
            self.last_ping = None;
            self.delete(p.message);
        }
    }

    /// What the database says is in view in this channel (at the writer's start): the newest
    /// ping stays in view, any older one (a process stopped before deleting it) goes.
    pub(super) fn in_view(&mut self, mut rows: Vec<yut_service::PingRow>) {
        rows.retain(|r| r.token.is_none());
        rows.sort_by_key(|r| r.message);
        if let Some(newest) = rows.pop() {
            self.last_ping = Some(InView {
                game: newest.game,
                version: newest.version,
                message: newest.message,
            });
        }
        for r in rows {
            self.delete(r.message);
        }
    }

    /// Forget the window's writes that left it.
    pub(super) fn prune(&mut self, now: Instant) {
        while self
            .sent
            .front()
            .is_some_and(|t| *t + CHANNEL_WINDOW + MARGIN <= now)
        {
            self.sent.pop_front();
        }
    }

    /// When a write is allowed while at most `room` writes are in the window (`room <
    /// CHANNEL_WRITES`: a chore leaves a slot free for a ping or a board).
    pub(super) fn free_at(&self, room: usize, now: Instant) -> Instant {
        let mut at = now;
        if self.sent.len() > room {
            at = at.max(self.sent[self.sent.len() - 1 - room] + CHANNEL_WINDOW + MARGIN);
        }
        if let Some(u) = self.until {
            at = at.max(u);
        }
        at
    }
}
