//! The game service: one actor (task) per active game, storage on every action, timers for
//! deadlines and bots, and board updates pushed to whoever shows them (the Discord layer).

use super::core::{Actor, Command, Lang, Refusal, Settings, Table};
use super::view::{decode, table_view, Painter, View};
use crate::store::{Stats, Store, StoreError, Stored};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Wall-clock milliseconds that follow tokio's clock (so tests with a paused clock see time
/// move only when they advance it).
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    base_ms: i64,
    base: Instant,
}

impl Clock {
    /// Now, by the system clock.
    pub fn system() -> Clock {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        Clock::starting_at(ms)
    }

    /// A clock that reads `ms` now.
    pub fn starting_at(ms: i64) -> Clock {
        Clock {
            base_ms: ms,
            base: Instant::now(),
        }
    }

    pub fn now_ms(&self) -> i64 {
        self.base_ms + self.base.elapsed().as_millis() as i64
    }

    /// The tokio instant of a wall-clock time (now, if it has passed).
    pub fn instant_at(&self, ms: i64) -> Instant {
        let now = Instant::now();
        let wait = ms - self.now_ms();
        if wait <= 0 {
            now
        } else {
            now + Duration::from_millis(wait as u64)
        }
    }
}

/// A board to show in a channel, pushed by the service when a game changes on its own
/// (bots, timers) or asks for a new message. The picture is drawn when the update is shown
/// ([`Service::render`]), so a consumer that coalesces updates (only the newest per game
/// matters) draws only what it sends.
#[derive(Debug, Clone)]
pub struct Update {
    pub game: i64,
    pub channel: u64,
    /// The message to edit; None (or `repost`) means post a new one and report its id with
    /// [`Service::message_posted`].
    pub message_id: Option<u64>,
    pub repost: bool,
    /// Text and buttons; the picture too unless `table` is given, from which it is drawn
    /// when shown.
    pub view: View,
    /// The table as it was when the update was made (updates pushed by the service).
    pub table: Option<Box<Table>>,
}

/// Service settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Minimum time between two pushed updates of one game.
    pub min_update_gap: Duration,
    /// Repost the board when its message is older than this (Discord limits edits of
    /// messages older than an hour).
    pub repost_after: Duration,
    /// Record how long each command takes from arrival to its persisted (and, when shown,
    /// rendered) result, in microseconds (for `yutbot bench table`).
    pub latencies: Option<Arc<Mutex<Vec<u32>>>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            min_update_gap: Duration::from_secs(1),
            repost_after: Duration::from_secs(50 * 60),
            latencies: None,
        }
    }
}

/// Why a request could not be served (besides a game's own refusals).
#[derive(Debug)]
pub enum Problem {
    Refused(Refusal),
    Stale,
    NoGame,
    BadButton,
    /// The channel already has a game (its message, if known).
    AlreadyRunning {
        message_id: Option<u64>,
    },
    Storage(StoreError),
}

impl Problem {
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (Problem::Refused(r), _) => r.message(lang),
            (Problem::Stale, Lang::En) => {
                "That board is out of date: use the buttons on the latest one.".into()
            }
            (Problem::Stale, Lang::Ko) => {
                "지난 판 화면이에요. 가장 최근 화면의 버튼을 눌러 주세요.".into()
            }
            (Problem::NoGame, Lang::En) => {
                "There's no game in this channel. Start one with /yut new.".into()
            }
            (Problem::NoGame, Lang::Ko) => {
                "이 채널에는 진행 중인 판이 없어요. /yut new로 시작하세요.".into()
            }
            (Problem::BadButton, Lang::En) => "That button isn't one of mine.".into(),
            (Problem::BadButton, Lang::Ko) => "알 수 없는 버튼이에요.".into(),
            (Problem::AlreadyRunning { .. }, Lang::En) => "This channel already has a game.".into(),
            (Problem::AlreadyRunning { .. }, Lang::Ko) => "이 채널에는 이미 판이 있어요.".into(),
            (Problem::Storage(_), Lang::En) => {
                "Sorry, I couldn't save that, so nothing changed. Please try again.".into()
            }
            (Problem::Storage(_), Lang::Ko) => {
                "죄송해요, 저장하지 못해서 아무것도 바뀌지 않았어요. 다시 해 주세요.".into()
            }
        }
    }
}

type ReplyTx = oneshot::Sender<Result<View, Problem>>;

enum Msg {
    Do {
        actor: Actor,
        cmd: Command,
        version: Option<u64>,
        reply: ReplyTx,
    },
    Posted {
        message_id: u64,
        at_ms: i64,
    },
    Peek {
        reply: oneshot::Sender<Table>,
    },
    Shutdown {
        done: oneshot::Sender<()>,
    },
}

struct Inner {
    store: Store,
    painter: Arc<dyn Painter>,
    updates: mpsc::UnboundedSender<Update>,
    clock: Clock,
    config: Config,
    /// Channel → (game id, its actor).
    games: Mutex<HashMap<u64, (i64, mpsc::Sender<Msg>)>>,
    seeds: Mutex<ChaCha20Rng>,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

/// The game service. Cheap to clone.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

impl Service {
    /// Start: load every active game and re-arm its timer (a deadline that passed while the
    /// bot was down fires at once). Returns the stream of board updates to show.
    pub async fn start(
        store: Store,
        painter: Arc<dyn Painter>,
        clock: Clock,
        config: Config,
        seed: u64,
    ) -> Result<(Service, mpsc::UnboundedReceiver<Update>), StoreError> {
        let (tx, rx) = mpsc::unbounded_channel();
        let service = Service {
            inner: Arc::new(Inner {
                store: store.clone(),
                painter,
                updates: tx,
                clock,
                config,
                games: Mutex::new(HashMap::new()),
                seeds: Mutex::new(ChaCha20Rng::seed_from_u64(seed)),
                tasks: Mutex::new(Vec::new()),
            }),
        };
        for stored in store.active().await? {
            service.spawn(stored);
        }
        Ok((service, rx))
    }

    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The full view of an update, with the board picture.
    pub fn render(&self, update: &Update) -> View {
        match &update.table {
            Some(t) if update.view.png.is_none() => {
                let mut view = table_view(t, self.inner.painter.as_ref());
                // Keep what the consumer may have merged into the update (a ping).
                view.ping = update.view.ping.or(view.ping);
                view
            }
            _ => update.view.clone(),
        }
    }

    pub fn now_ms(&self) -> i64 {
        self.inner.clock.now_ms()
    }

    fn spawn(&self, stored: Stored) -> mpsc::Sender<Msg> {
        let (tx, rx) = mpsc::channel(64);
        let channel = stored.table.channel;
        let game = stored.table.id;
        let actor = GameActor {
            inner: self.inner.clone(),
            table: stored.table,
            message_id: stored.message_id,
            message_ms: stored.message_ms,
            last_push: None,
            pending: None,
        };
        let handle = tokio::spawn(actor.run(rx));
        self.inner
            .games
            .lock()
            .expect("games lock")
            .insert(channel, (game, tx.clone()));
        self.inner.tasks.lock().expect("tasks lock").push(handle);
        tx
    }

    fn handle_of(&self, channel: u64) -> Option<mpsc::Sender<Msg>> {
        let games = self.inner.games.lock().expect("games lock");
        games
            .get(&channel)
            .filter(|(_, h)| !h.is_closed())
            .map(|(_, h)| h.clone())
    }

    /// Open a lobby in a channel, hosted by `actor`.
    pub async fn create(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        settings: Settings,
    ) -> Result<View, Problem> {
        settings.check().map_err(Problem::Refused)?;
        if let Some(h) = self.handle_of(channel) {
            let t = peek(&h).await;
            if let Some(t) = t {
                if t.status.is_active() {
                    return Err(Problem::AlreadyRunning {
                        message_id: self.message_of(t.id).await,
                    });
                }
            }
        }
        let host = actor.clone();
        self.open(actor, move |id, seed, now| {
            let mut t = Table::new(id, guild, channel, &host, settings, seed);
            t.arm_lobby(now);
            t
        })
        .await
    }

    /// Store a new game (built by `make` from its id, a fresh seed and now), start its actor and
    /// answer with its first view.
    async fn open(
        &self,
        actor: &Actor,
        make: impl FnOnce(i64, u64, i64) -> Table + Send + 'static,
    ) -> Result<View, Problem> {
        let seed = self.inner.seeds.lock().expect("seed lock").random::<u64>();
        let now = self.now_ms();
        let table = self
            .inner
            .store
            .create(actor, &Command::Create, now, move |id| make(id, seed, now))
            .await
            .map_err(|e| match e {
                StoreError::Conflict => Problem::AlreadyRunning { message_id: None },
                e => Problem::Storage(e),
            })?;
        let view = table_view(&table, self.inner.painter.as_ref());
        self.spawn(Stored {
            table,
            message_id: None,
            message_ms: None,
        });
        Ok(view)
    }

    async fn message_of(&self, game: i64) -> Option<u64> {
        self.inner
            .store
            .get(game)
            .await
            .ok()
            .and_then(|s| s.message_id)
    }

    /// A button press: the custom id carries game, version and action.
    pub async fn click(
        &self,
        channel: u64,
        actor: &Actor,
        custom_id: &str,
    ) -> Result<View, Problem> {
        let (game, version, cmd) = decode(custom_id).map_err(|_| Problem::BadButton)?;
        if cmd == Command::Rematch {
            return self.rematch(channel, actor, game, version).await;
        }
        let h = self.handle_of(channel).ok_or(Problem::Stale)?;
        let t = peek(&h).await.ok_or(Problem::Stale)?;
        if t.id != game {
            return Err(Problem::Stale);
        }
        send(&h, actor.clone(), cmd, Some(version)).await
    }

    /// A command without a version (slash commands): applies to the channel's active game.
    pub async fn command(
        &self,
        channel: u64,
        actor: &Actor,
        cmd: Command,
    ) -> Result<View, Problem> {
        let h = self.handle_of(channel).ok_or(Problem::NoGame)?;
        send(&h, actor.clone(), cmd, None).await
    }

    /// The current view of the channel's game (active or the last finished one).
    pub async fn board(&self, channel: u64) -> Result<View, Problem> {
        if let Some(h) = self.handle_of(channel) {
            if let Some(t) = peek(&h).await {
                return Ok(table_view(&t, self.inner.painter.as_ref()));
            }
        }
        match self.inner.store.latest_in_channel(channel).await {
            Ok(Some(s)) => Ok(table_view(&s.table, self.inner.painter.as_ref())),
            Ok(None) => Err(Problem::NoGame),
            Err(e) => Err(Problem::Storage(e)),
        }
    }

    /// The table of the channel's active game, if any.
    pub async fn table(&self, channel: u64) -> Option<Table> {
        let h = self.handle_of(channel)?;
        peek(&h).await
    }

    async fn rematch(
        &self,
        channel: u64,
        actor: &Actor,
        game: i64,
        version: u64,
    ) -> Result<View, Problem> {
        let old = self
            .inner
            .store
            .get(game)
            .await
            .map_err(Problem::Storage)?
            .table;
        if old.channel != channel || old.version != version {
            return Err(Problem::Stale);
        }
        // Validates that the game is over and the actor sat in it.
        let mut probe = old.clone();
        probe
            .apply(actor, &Command::Rematch, self.now_ms())
            .map_err(Problem::Refused)?;
        if let Some(h) = self.handle_of(channel) {
            if peek(&h).await.is_some_and(|t| t.status.is_active()) {
                return Err(Problem::AlreadyRunning { message_id: None });
            }
        }
        self.open(actor, move |id, seed, now| old.rematch(id, seed, now))
            .await
    }

    /// The Discord layer posted the board of `game` as message `message_id`.
    pub async fn message_posted(
        &self,
        game: i64,
        channel: u64,
        message_id: u64,
    ) -> Result<(), Problem> {
        let at = self.now_ms();
        self.inner
            .store
            .set_message(game, Some(message_id), Some(at))
            .await
            .map_err(Problem::Storage)?;
        if let Some(h) = self.handle_of(channel) {
            let _ = h
                .send(Msg::Posted {
                    message_id,
                    at_ms: at,
                })
                .await;
        }
        Ok(())
    }

    pub async fn stats(&self, guild: u64, user: u64) -> Result<Option<Stats>, StoreError> {
        self.inner.store.stats(guild, user).await
    }

    pub async fn leaderboard(&self, guild: u64, limit: u32) -> Result<Vec<Stats>, StoreError> {
        self.inner.store.leaderboard(guild, limit).await
    }

    /// Number of games with a running actor.
    pub fn running(&self) -> usize {
        self.inner
            .games
            .lock()
            .expect("games lock")
            .values()
            .filter(|(_, h)| !h.is_closed())
            .count()
    }

    /// Stop every actor after the message it is handling (which is stored first).
    pub async fn shutdown(&self) {
        let handles: Vec<mpsc::Sender<Msg>> = self
            .inner
            .games
            .lock()
            .expect("games lock")
            .drain()
            .map(|(_, (_, h))| h)
            .collect();
        for h in handles {
            let (tx, rx) = oneshot::channel();
            if h.send(Msg::Shutdown { done: tx }).await.is_ok() {
                let _ = rx.await;
            }
        }
        let tasks: Vec<_> = self
            .inner
            .tasks
            .lock()
            .expect("tasks lock")
            .drain(..)
            .collect();
        for t in tasks {
            let _ = t.await;
        }
    }
}

async fn peek(h: &mpsc::Sender<Msg>) -> Option<Table> {
    let (tx, rx) = oneshot::channel();
    h.send(Msg::Peek { reply: tx }).await.ok()?;
    rx.await.ok()
}

async fn send(
    h: &mpsc::Sender<Msg>,
    actor: Actor,
    cmd: Command,
    version: Option<u64>,
) -> Result<View, Problem> {
    let (tx, rx) = oneshot::channel();
    h.send(Msg::Do {
        actor,
        cmd,
        version,
        reply: tx,
    })
    .await
    .map_err(|_| Problem::Stale)?;
    rx.await.map_err(|_| Problem::Stale)?
}

struct GameActor {
    inner: Arc<Inner>,
    table: Table,
    message_id: Option<u64>,
    message_ms: Option<i64>,
    /// When the last update was pushed (tokio time).
    last_push: Option<Instant>,
    /// An update waiting for the minimum gap: when to send it.
    pending: Option<Instant>,
}

impl GameActor {
    async fn run(mut self, mut rx: mpsc::Receiver<Msg>) {
        loop {
            let deadline = self
                .table
                .deadline_ms
                .filter(|_| self.table.status.is_active())
                .map(|ms| self.inner.clock.instant_at(ms));
            let pending = self.pending;
            tokio::select! {
                msg = rx.recv() => match msg {
                    None => break,
                    Some(Msg::Shutdown { done }) => {
                        let _ = done.send(());
                        break;
                    }
                    Some(Msg::Peek { reply }) => {
                        let _ = reply.send(self.table.clone());
                    }
                    Some(Msg::Posted { message_id, at_ms }) => {
                        self.message_id = Some(message_id);
                        self.message_ms = Some(at_ms);
                    }
                    Some(Msg::Do { actor, cmd, version, reply }) => {
                        let t0 = std::time::Instant::now();
                        let r = self.handle(&actor, &cmd, version).await;
                        let r = r.map(|v| v.unwrap_or_default());
                        self.record(t0);
                        let _ = reply.send(r);
                    }
                },
                _ = sleep_until_opt(deadline), if deadline.is_some() => {
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
            }
            if !self.table.status.is_active() && self.pending.is_none() {
                break;
            }
        }
        // Leave the entry of a newer game of this channel in place.
        let mut games = self.inner.games.lock().expect("games lock");
        if games
            .get(&self.table.channel)
            .is_some_and(|(id, _)| *id == self.table.id)
        {
            games.remove(&self.table.channel);
        }
    }

    fn record(&self, t0: std::time::Instant) {
        if let Some(l) = &self.inner.config.latencies {
            let us = t0.elapsed().as_micros().min(u32::MAX as u128) as u32;
            l.lock().expect("latency lock").push(us);
        }
    }

    /// Apply a command, store it, and answer with the new view (built only for people: the
    /// computer's own actions are shown by the next pushed update).
    async fn handle(
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
        let mut next = self.table.clone();
        let out = next.apply(actor, cmd, now).map_err(Problem::Refused)?;
        let seats_changed = next.seats != self.table.seats;
        if let Err(e) = self
            .inner
            .store
            .commit(&next, actor, cmd, out.played.as_ref(), now, seats_changed)
            .await
        {
            tracing::error!(game = next.id, channel = next.channel, error = %e, "storing an action failed; the game is unchanged");
            return Err(Problem::Storage(e));
        }
        self.table = next;
        if out.finished {
            if let Err(e) = self.inner.store.record_result(&self.table, now).await {
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
            return Ok(None);
        }
        // The answer shows this view; count it as the latest update.
        self.last_push = Some(Instant::now());
        self.pending = None;
        Ok(Some(table_view(&self.table, self.inner.painter.as_ref())))
    }

    /// Push now if the last push is old enough, else once the gap has passed.
    fn schedule_push(&mut self) {
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

    fn push(&mut self, repost: bool) {
        // This update shows the latest state: nothing else is pending.
        self.pending = None;
        let now = self.inner.clock.now_ms();
        let old = self
            .message_ms
            .is_some_and(|ms| now - ms >= self.inner.config.repost_after.as_millis() as i64);
        let view = table_view(&self.table, &super::view::NoPainter);
        let _ = self.inner.updates.send(Update {
            game: self.table.id,
            channel: self.table.channel,
            message_id: self.message_id,
            repost: repost || old || self.message_id.is_none(),
            view,
            table: Some(Box::new(self.table.clone())),
        });
        self.last_push = Some(Instant::now());
    }
}

async fn sleep_until_opt(at: Option<Instant>) {
    match at {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
