//! Where each game's board and turn reminders go: the boards' pump, and what shows a board
//! for the update pump, clicks and slash commands. A game lives in a channel (its writes go
//! through the poster, [`super::send`]) or, where the bot may not post, in an interaction's
//! message ([`super::hosted`]); a turn that starts is reminded as its person chose
//! ([`super::notify`]). This module asks all three; none of them knows it.

use super::hosted::Hosted;
use super::notify::Reminders;
use super::send::Poster;
use super::wire::{is_stale, Turn};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use yut_service::Update;
use yut_table::View;

/// Shows boards and reminds turns, wherever each game lives.
pub struct Boards {
    /// Writes to channels and direct messages.
    pub poster: Arc<Poster>,
    /// The games shown through interaction tokens.
    pub hosted: Arc<Hosted>,
    /// Turn reminders as each person chose them.
    pub reminders: Arc<Reminders>,
}

impl Boards {
    /// `token_life`: how long an interaction's token lasts (Discord: 15 minutes).
    pub fn new(poster: Arc<Poster>, token_life: Duration) -> Boards {
        let hosted = Arc::new(Hosted::new(poster.clone(), token_life));
        let reminders = Arc::new(Reminders::new(poster.clone(), hosted.clone()));
        Boards {
            poster,
            hosted,
            reminders,
        }
    }

    /// Show an update through its channel's writer: the picture is drawn here, off the async
    /// threads; the writer edits the message (or posts a new one, then tells the service).
    /// A hosted game's board goes through its freshest token instead. A Discord failure never
    /// touches the game.
    pub async fn show(&self, u: &Update) {
        let poster = &self.poster;
        {
            let shown = poster.lock(u.game).await;
            if is_stale(&shown, &u.view) && !u.repost {
                tracing::debug!(
                    game = u.game,
                    channel = u.channel,
                    "a newer board is already shown"
                );
                return;
            }
        }
        let ended = u.table.as_ref().is_some_and(|t| !t.status.is_active());
        let view = if u.view.png.is_none() && u.table.is_some() {
            poster.service.draw(u.clone()).await
        } else {
            u.view.clone()
        };
        if self.hosted.has(u.game) {
            // Where the bot may not post: through the game's interaction token; then the
            // turn's reminder, as for a channel.
            if self.hosted.show(u.game, &view).await {
                self.ping(u.game, u.channel, &view);
                if ended {
                    self.hosted.forget(u.game);
                }
            }
            return;
        }
        let ping = view.ping.map(|(user, lang)| (user, lang, view.deadline_ms));
        let version = view.version.unwrap_or(0);
        let end = view.thread_end.clone();
        poster.board(u.game, u.channel, view, u.message_id, u.repost);
        if let Some((user, lang, deadline_ms)) = ping {
            self.reminders.remind(Turn {
                game: u.game,
                channel: u.channel,
                version,
                user,
                lang,
                deadline_ms,
            });
        }
        if ended {
            poster.game_over(u.channel, u.game);
        }
        if let Some(end) = &end {
            poster.thread_ended(u.game, u.channel, end);
        }
    }

    /// Post the board as a new message (through the channel's writer), tell the service its
    /// id, ping if a turn started; the new message's id.
    pub async fn post(&self, game: i64, channel: u64, view: &View) -> Option<u64> {
        let posted = self.poster.post_board(game, channel, view);
        self.ping(game, channel, view);
        posted.await.ok().flatten()
    }

    /// Remind the player whose turn just started, as they chose ([`super::notify`]): by
    /// default a mention in a short message of its own (an edit notifies nobody), through the
    /// channel's writer: it waits for its slot, never dropped. The previous ping of the
    /// channel is deleted to keep it tidy.
    /// A game's last board (over or stopped) takes its turn ping out of view instead, however
    /// that board was shown (a click's own answer too).
    pub fn ping(&self, game: i64, channel: u64, view: &View) {
        if view.over {
            self.pings_over(game, channel);
            return;
        }
        let Some((user, lang)) = view.ping else {
            return;
        };
        self.reminders.remind(Turn {
            game,
            channel,
            version: view.version.unwrap_or(0),
            user,
            lang,
            deadline_ms: view.deadline_ms,
        });
    }

    /// A game is over: its turn ping in view goes (through the channel's writer, within the
    /// channel's budget; a hosted game's through the token that sent it).
    pub fn pings_over(&self, game: i64, channel: u64) {
        if self.hosted.has(game) {
            let hosted = self.hosted.clone();
            tokio::spawn(async move { hosted.delete_pings(game, None).await });
        } else {
            self.poster.game_over(channel, game);
        }
    }

    /// Delete the turn pings that games over left in view on this process's shards (a
    /// process stopped or killed before it could), each through its channel's writer or its
    /// token.
    pub async fn sweep_pings(&self) {
        let service = &self.poster.service;
        let rows = match service.pings_of_ended_games().await {
            Ok(rows) => rows,
            Err(p) => {
                tracing::warn!(problem = ?p, "could not read the pings left in view");
                return;
            }
        };
        if !rows.is_empty() {
            tracing::info!(
                pings = rows.len(),
                "deleting the turn pings left in view by games that are over"
            );
        }
        let now = service.now_ms();
        for r in rows {
            if r.token.is_some() {
                self.hosted.delete_ping(&r, now).await;
            } else {
                self.poster.delete_ping(r.channel, r.message);
            }
        }
    }
}

/// Show every update the service pushes (bots, timers, reposts). Updates of one game that
/// queued up are coalesced to the latest (a repost wins, and so does a ping). Each channel has
/// its own worker that draws the boards in order and hands them to the channel's writer.
pub async fn pump(boards: Arc<Boards>, mut rx: mpsc::UnboundedReceiver<Update>) {
    let mut workers: HashMap<u64, mpsc::UnboundedSender<Update>> = HashMap::new();
    while let Some(first) = rx.recv().await {
        // Forget the workers that retired.
        workers.retain(|_, tx| !tx.is_closed());
        let mut batch = vec![first];
        while let Ok(u) = rx.try_recv() {
            batch.push(u);
        }
        let mut latest: Vec<Update> = Vec::new();
        for u in batch {
            if let Some(prev) = latest.iter_mut().find(|p| p.game == u.game) {
                let repost = prev.repost || u.repost;
                let ping = u.view.ping.or(prev.view.ping);
                // The newest board wins.
                if u.view.version >= prev.view.version {
                    *prev = u;
                }
                prev.repost = repost;
                prev.view.ping = ping;
            } else {
                latest.push(u);
            }
        }
        for u in latest {
            let channel = u.channel;
            let u = match workers.get(&channel) {
                Some(tx) => match tx.send(u) {
                    Ok(()) => continue,
                    // That worker retired: start another.
                    Err(mpsc::error::SendError(u)) => u,
                },
                None => u,
            };
            let (tx, wrx) = mpsc::unbounded_channel();
            let _ = tx.send(u);
            workers.insert(channel, tx);
            tokio::spawn(worker(boards.clone(), wrx));
        }
    }
}

/// Show one channel's updates in order; retire after a minute without any.
async fn worker(boards: Arc<Boards>, mut rx: mpsc::UnboundedReceiver<Update>) {
    while let Ok(Some(u)) = tokio::time::timeout(Duration::from_secs(60), rx.recv()).await {
        boards.show(&u).await;
    }
    // Refuse new updates (the pump starts a new worker), but show those already queued.
    rx.close();
    while let Some(u) = rx.recv().await {
        boards.show(&u).await;
    }
}
