//! One game's actor: the one task that applies its commands, stores them, keeps its
//! deadlines and bot pacing, and pushes its board.

use super::*;

/// An actor's answer: the view (without its picture) and the table to draw it from, off the
/// async threads, by the caller.
pub(crate) type ReplyTx = oneshot::Sender<Result<(View, Option<Arc<Table>>), Problem>>;

pub(crate) enum Msg {
    Do {
        actor: Actor,
        cmd: Command,
        version: Option<u64>,
        /// The message whose button was clicked, if known.
        on: Option<u64>,
        reply: ReplyTx,
    },
    Posted {
        message_id: u64,
        at_ms: i64,
    },
    Peek {
        reply: oneshot::Sender<(Arc<Table>, Option<u64>)>,
    },
    Shutdown {
        done: oneshot::Sender<()>,
    },
    /// Show the board in the game's channel (a press that came from elsewhere than its
    /// message: the web).
    Show,
}

pub(crate) async fn peek(h: &mpsc::Sender<Msg>) -> Option<Arc<Table>> {
    peek_message(h).await.map(|(t, _)| t)
}

/// The table and the message that shows its board (the actor owns it).
pub(crate) async fn peek_message(h: &mpsc::Sender<Msg>) -> Option<(Arc<Table>, Option<u64>)> {
    let (tx, rx) = oneshot::channel();
    h.send(Msg::Peek { reply: tx }).await.ok()?;
    rx.await.ok()
}

pub(crate) async fn send(
    h: &mpsc::Sender<Msg>,
    actor: Actor,
    cmd: Command,
    version: Option<u64>,
    on: Option<u64>,
) -> Result<(View, Option<Arc<Table>>), Problem> {
    let (tx, rx) = oneshot::channel();
    h.send(Msg::Do {
        actor,
        cmd,
        version,
        on,
        reply: tx,
    })
    .await
    .map_err(|_| Problem::Stale)?;
    rx.await.map_err(|_| Problem::Stale)?
}

pub(crate) struct GameActor {
    pub(crate) inner: Arc<Inner>,
    /// The game as stored (shared with the boards being drawn, never copied to be read).
    pub(crate) table: Arc<Table>,
    pub(crate) message_id: Option<u64>,
    pub(crate) message_ms: Option<i64>,
    /// The version of the last full state written.
    pub(crate) snapshot_version: u64,
    /// The fencing number this process holds for the game's shard.
    pub(crate) fence: i64,
    /// Set when another process took the game over: stop at once.
    pub(crate) lost: bool,
    /// When the last update was pushed (tokio time).
    pub(crate) last_push: Option<Instant>,
    /// An update waiting for the minimum gap: when to send it.
    pub(crate) pending: Option<Instant>,
    /// The computer's action is due and waits for its place.
    pub(crate) due: bool,
}

/// The computer's actions (bots, time-outs) being applied and stored at once, across every
/// game: about two full batches, so the writer stays busy; past it games wait their turn.
pub(crate) const COMPUTER_PLACES: usize = 2 * yut_store::MAX_BATCH;

impl GameActor {
    pub(crate) async fn run(mut self, mut rx: mpsc::Receiver<Msg>, show: bool) {
        if show && self.table.status.is_active() {
            self.push(false);
        }
        // The wall clock's steps: every timer is recomputed from the wall clock.
        let mut steps = self.inner.steps.clone();
        let grid = crate::clock::wake_grid(self.inner.store.backend());
        loop {
            let deadline = self
                .table
                .deadline_ms
                .filter(|_| self.table.status.is_active())
                .map(|ms| self.inner.clock.wake_at(ms, grid));
            let pending = self.pending;
            tokio::select! {
                msg = rx.recv() => match msg {
                    None => break,
                    Some(Msg::Shutdown { done }) => {
                        let _ = done.send(());
                        break;
                    }
                    Some(Msg::Peek { reply }) => {
                        let _ = reply.send((self.table.clone(), self.message_id));
                    }
                    Some(Msg::Show) => self.schedule_push(),
                    Some(Msg::Posted { message_id, at_ms }) => {
                        self.message_id = Some(message_id);
                        self.message_ms = Some(at_ms);
                    }
                    Some(Msg::Do { actor, cmd, version, on, reply }) => {
                        let t0 = std::time::Instant::now();
                        // A button on a board that has moved to a newer message is never
                        // applied (nor edited back to life), even if its version is current.
                        // Message ids grow with time: a newer message than the one recorded
                        // is the board just posted, its id not recorded yet.
                        let moved = on.zip(self.message_id).filter(|(on, live)| on < live);
                        let r = match moved {
                            Some((_, live)) => Err(Problem::Moved { message_id: live }),
                            None => self.handle(&actor, &cmd, version).await,
                        };
                        let r = r.map(|v| match v {
                            Some(v) => (v, Some(self.table.clone())),
                            None => (View::default(), None),
                        });
                        self.record(t0);
                        let _ = reply.send(r);
                    }
                },
                _ = sleep_until_opt(deadline), if deadline.is_some() && !self.due => {
                    self.due = true;
                }
                // The computer's action (a bot's turn, a time-out) takes one of a bounded
                // number of places: when the database is behind, the games wait here in
                // turn (the game still answers its people meanwhile), not in its queue.
                permit = self.inner.computer.clone().acquire_owned(), if self.due => {
                    self.due = false;
                    let _place = permit;
                    // A person may have acted meanwhile: only what is still due.
                    let still_due = self.table.status.is_active()
                        && self
                            .table
                            .deadline_ms
                            .is_some_and(|ms| ms <= self.inner.clock.now_ms());
                    if !still_due {
                        continue;
                    }
                    let t0 = std::time::Instant::now();
                    let cmd = if self.table.computer_acts() { Command::BotTurn } else { Command::Timeout };
                    if self.handle(&Actor::System, &cmd, None).await.is_ok() {
                        self.schedule_push();
                        self.record(t0);
                    } else if self.table.deadline_ms.is_some() {
                        // A storage error: try again shortly rather than spin.
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
                _ = sleep_until_opt(pending), if pending.is_some() => {
                    self.pending = None;
                    self.push(false);
                }
                Ok(()) = steps.changed() => {}
            }
            if self.lost || (!self.table.status.is_active() && self.pending.is_none()) {
                break;
            }
        }
        // Leave the entry of a newer game of this channel in place.
        let mut games = self.inner.games.lock().expect("games lock");
        if games
            .get(&self.table.channel)
            .is_some_and(|h| h.game == self.table.id)
        {
            games.remove(&self.table.channel);
        }
    }

    /// The game moved from channel `from` to its own thread: it is found under its new channel
    /// (the old one is free for another game), and its board is a new message there.
    pub(crate) fn moved_from(&mut self, from: u64) {
        let mut games = self.inner.games.lock().expect("games lock");
        if let Some(h) = games.remove(&from) {
            if h.game == self.table.id {
                games.insert(self.table.channel, h);
            } else {
                games.insert(from, h);
            }
        }
        self.message_id = None;
        self.message_ms = None;
    }

    pub(crate) fn record(&self, t0: std::time::Instant) {
        if let Some(l) = &self.inner.config.latencies {
            let us = t0.elapsed().as_micros().min(u32::MAX as u128) as u32;
            l.lock().expect("latency lock").push(us);
        }
    }

    /// Apply a command, store it, and answer with the new view (built only for people: the
    /// computer's own actions are shown by the next pushed update).
    pub(crate) async fn handle(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        version: Option<u64>,
    ) -> Result<Option<View>, Problem> {
        if let Some(v) = version {
            if v != self.table.version {
                return Err(Problem::Stale);
            }
        }
        let now = self.inner.clock.now_ms();
        let (next, out) = self
            .table
            .applied(actor, cmd, now, None)
            .map_err(Problem::Refused)?;
        let change = self
            .change(&next, actor, cmd, out.played.as_ref(), now)
            .map_err(Problem::Storage)?;
        let snapshot = change.snapshot.is_some();
        // A person's action goes before queued bot and timer actions.
        let urgent = matches!(actor, Actor::User { .. });
        if let Err(e) = self.inner.store.commit_as(change, urgent).await {
            self.inner
                .counters
                .failed_commits
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if let StoreError::Fenced { ours, held } = e {
                tracing::warn!(
                    game = next.id,
                    channel = next.channel,
                    ours,
                    held,
                    "another process took this game over; stopping here without writing"
                );
                self.lost = true;
                // The fence moves only on a takeover: the whole shard is someone else's now.
                self.inner
                    .let_go(ShardSet::shard_of(self.inner.shards.count, next.guild));
                return Err(Problem::Elsewhere);
            }
            tracing::error!(game = next.id, channel = next.channel, error = %e, "storing an action failed; the game is unchanged");
            return Err(Problem::Storage(e));
        }
        self.inner
            .counters
            .actions
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if snapshot {
            self.snapshot_version = next.version;
        }
        let moved_from = (next.channel != self.table.channel).then_some(self.table.channel);
        let before = self.table.status;
        self.table = Arc::new(next);
        if let Some(web) = &self.inner.config.web {
            (web.observe)(&self.table);
        }
        if let Some(events) = &self.inner.config.events {
            if let Some(e) = event_of(before, &self.table) {
                let _ = events.send(e);
            }
        }
        if let Some(from) = moved_from {
            self.moved_from(from);
        }
        if out.finished {
            let recorded = match persist::result_row(&self.table, now) {
                Ok(Some(r)) => {
                    let done = self.inner.store.record_result(r.clone()).await;
                    if done.is_ok() {
                        // An event's game: its result counts there (off this actor).
                        let svc = Service {
                            inner: self.inner.clone(),
                        };
                        tokio::spawn(async move { svc.event_game_over(&r).await });
                    }
                    done
                }
                Ok(None) => Ok(()),
                Err(e) => Err(e),
            };
            if let Err(e) = recorded {
                tracing::error!(game = self.table.id, channel = self.table.channel, error = %e, "recording a result failed");
            }
        }
        tracing::debug!(
            game = self.table.id,
            channel = self.table.channel,
            version = self.table.version,
            ?cmd,
            "applied"
        );
        if out.repost {
            self.push(true);
        }
        if actor == &Actor::System {
            if matches!(cmd, Command::Thread { .. }) && !out.repost {
                // Played in the channel after all: the lobby message shows the board.
                self.push(false);
            }
            if matches!(cmd, Command::Hold) {
                // The pause is said on the board while it can still be updated.
                self.push(false);
            }
            return Ok(None);
        }
        // The answer shows this view; count it as the latest update. Its picture is drawn by
        // the caller, off the async threads.
        self.last_push = Some(Instant::now());
        self.pending = None;
        Ok(Some(yut_table::view::table_summary(&self.table)))
    }

    /// The write for moving from the current table to `next`: the log entry and the columns
    /// that changed, with the full state every [`SNAPSHOT_EVERY`] actions and whenever the
    /// status or the rules change (so a finished game is stored whole).
    pub(crate) fn change(
        &self,
        next: &Table,
        actor: &Actor,
        cmd: &Command,
        played: Option<&yut_game::Action>,
        now: i64,
    ) -> Result<Change, StoreError> {
        let rules_changed = next.settings.rules != self.table.settings.rules;
        let moved = next.channel != self.table.channel;
        let snapshot = rules_changed
            || moved
            || next.status != self.table.status
            || next.version - self.snapshot_version >= SNAPSHOT_EVERY;
        Ok(Change {
            id: next.id,
            status: persist::status_row(next.status),
            host: next.host,
            deadline_ms: next.deadline_ms,
            log: persist::log_row(next.version, actor, cmd, played, now)?,
            now_ms: now,
            snapshot: snapshot.then(|| persist::state_text(next)).transpose()?,
            rules: rules_changed
                .then(|| persist::rules_text(next))
                .transpose()?,
            seats: persist::changed_seat_rows(&self.table, next),
            fence: self.fence,
            channel: moved.then_some(next.channel),
        })
    }

    /// Push now if the last push is old enough, else once the gap has passed.
    pub(crate) fn schedule_push(&mut self) {
        let gap = self.inner.config.min_update_gap;
        match self.last_push {
            Some(t) if t.elapsed() < gap => {
                if self.pending.is_none() {
                    self.pending = Some(t + gap);
                }
            }
            _ => self.push(false),
        }
    }

    pub(crate) fn push(&mut self, repost: bool) {
        // This update shows the latest state: nothing else is pending.
        self.pending = None;
        let now = self.inner.clock.now_ms();
        let old = self
            .message_ms
            .is_some_and(|ms| now - ms >= self.inner.config.repost_after.as_millis() as i64);
        // Only what decides how to show it: the words and the picture are made from the
        // table if and when the update is shown (a consumer keeps only the newest).
        let view = yut_table::view::table_summary(&self.table);
        let _ = self.inner.updates.send(Update {
            game: self.table.id,
            channel: self.table.channel,
            message_id: self.message_id,
            repost: repost || old || self.message_id.is_none(),
            view,
            table: Some(self.table.clone()),
        });
        self.last_push = Some(Instant::now());
    }
}

pub(crate) async fn sleep_until_opt(at: Option<Instant>) {
    match at {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
