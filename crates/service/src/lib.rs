//! The game service: one actor (task) per active game, storage on every action, timers for
//! deadlines and bots, and board updates pushed to whoever shows them (the Discord layer).

pub mod after;
pub mod demo;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;
use yut_store::{Change, Lease, NewGame, ShardSet, Stats, Store, StoreError};
use yut_table::core::{Actor, Command, Lang, Refusal, Settings, Table, ThrowSeed};
use yut_table::persist::{self, Stored, SNAPSHOT_EVERY};
use yut_table::view::{decode, table_view, Painter, View};

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

impl Update {
    /// Show `view` on message `message_id` of `channel` (a new message when there is none).
    pub fn of_view(view: View, channel: u64, message_id: Option<u64>) -> Option<Update> {
        Some(Update {
            game: view.game?,
            channel,
            message_id,
            repost: message_id.is_none(),
            view,
            table: None,
        })
    }
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
    /// Give every game a throw seed of 32 fresh bytes from the operating system's generator
    /// (the bot). Off, each game's seed is expanded from 64 bits of the service's seeded
    /// generator, so tests and benchmarks replay exactly.
    pub os_seeds: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            min_update_gap: Duration::from_secs(1),
            repost_after: Duration::from_secs(50 * 60),
            latencies: None,
            os_seeds: false,
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
    /// Another process of the bot drives this game (or this server's games) now.
    Elsewhere,
    /// The board has moved to a newer message (this one).
    Moved {
        message_id: u64,
    },
    /// House rules that cannot be used (nothing was opened or saved).
    HouseRules(yut_game::RulesError),
    /// The server's settings could not be read or written.
    Settings(StoreError),
    /// A challenge that cannot be made (nothing was opened).
    Challenge(ChallengeProblem),
}

/// Why a challenge cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChallengeProblem {
    Yourself,
    /// A bot account (our bots are seated with `/yut new`).
    Bot(String),
    /// Not a member of this server.
    NotMember(String),
    /// The same person named twice.
    Twice(String),
    /// Already seated in this channel's game.
    InGame(String),
}

impl ChallengeProblem {
    pub fn message(&self, lang: Lang) -> String {
        self.message_in(yut_text::code(lang))
    }

    /// The problem in a catalog language (`en`, `ko`, `es`).
    pub fn message_in(&self, code: &str) -> String {
        use yut_text::say_in;
        use ChallengeProblem::*;
        let (key, name) = match self {
            Yourself => return say_in(code, "challenge-yourself", &[]),
            Bot(n) => ("challenge-bot", n),
            NotMember(n) => ("challenge-not-member", n),
            Twice(n) => ("challenge-twice", n),
            InGame(n) => ("challenge-in-game", n),
        };
        say_in(code, key, &[("name", name.into())])
    }

    /// Every kind, with a sample name (for the catalog test).
    pub fn samples() -> Vec<ChallengeProblem> {
        use ChallengeProblem::*;
        let n = || "Bo".to_string();
        vec![Yourself, Bot(n()), NotMember(n()), Twice(n()), InGame(n())]
    }
}

/// A person named in a challenge, as Discord knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitee {
    pub user: u64,
    pub name: String,
    pub bot: bool,
    /// A member of the server the challenge is made in.
    pub member: bool,
}

impl Problem {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Problem::Refused(r) => r.message(lang),
            Problem::HouseRules(e) => yut_table::open::house_rules_refusal(e, lang),
            Problem::Challenge(c) => c.message(lang),
            _ => self.message_in(yut_text::code(lang)),
        }
    }

    /// The problem in a catalog language (`en`, `ko`, `es`).
    pub fn message_in(&self, code: &str) -> String {
        let key = match self {
            Problem::Refused(r) => return r.message_in(code),
            Problem::Challenge(c) => return c.message_in(code),
            Problem::HouseRules(e) => {
                return yut_table::open::house_rules_refusal(e, yut_text::lang_of(code));
            }
            Problem::Stale => "problem-stale",
            Problem::NoGame => "problem-no-game",
            Problem::BadButton => "problem-bad-button",
            Problem::AlreadyRunning { .. } => "problem-already-running",
            Problem::Storage(_) => "problem-storage",
            Problem::Moved { .. } => "problem-moved",
            Problem::Elsewhere => "problem-elsewhere",
            Problem::Settings(_) => "problem-settings",
        };
        yut_text::say_in(code, key, &[])
    }

    /// Every kind said from the catalog (for the catalog test).
    pub fn samples() -> Vec<Problem> {
        vec![
            Problem::Stale,
            Problem::NoGame,
            Problem::BadButton,
            Problem::AlreadyRunning { message_id: None },
            Problem::Storage(StoreError::NotFound),
            Problem::Moved { message_id: 1 },
            Problem::Elsewhere,
            Problem::Settings(StoreError::NotFound),
        ]
    }
}

/// An actor's answer: the view (without its picture) and the table to draw it from, off the
/// async threads, by the caller.
type ReplyTx = oneshot::Sender<Result<(View, Option<Box<Table>>), Problem>>;

/// What the Discord layer shows for a click.
#[derive(Debug)]
pub enum Answer {
    /// Edit the clicked message with this board.
    Edit(View),
    /// Post this board as a new message (a rematch's lobby); the clicked one stays as it is.
    Post(View),
}

impl Answer {
    pub fn view(&self) -> &View {
        match self {
            Answer::Edit(v) | Answer::Post(v) => v,
        }
    }

    pub fn into_view(self) -> View {
        match self {
            Answer::Edit(v) | Answer::Post(v) => v,
        }
    }
}

enum Msg {
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
        reply: oneshot::Sender<(Table, Option<u64>)>,
    },
    Shutdown {
        done: oneshot::Sender<()>,
    },
}

/// A running game's actor, as the service finds it.
struct Handle {
    game: i64,
    guild: u64,
    tx: mpsc::Sender<Msg>,
}

/// Leases: which shards this process asks for, under what name, and how long a lease lasts.
#[derive(Debug, Clone)]
pub struct LeaseConfig {
    pub shards: ShardSet,
    /// This instance's name. An instance restarted under the same name takes its leases back
    /// at once; any other waits until they expire.
    pub owner: String,
    /// How long a lease lasts without renewal.
    pub ttl: Duration,
    /// How often leases are renewed (and free ones tried).
    pub renew: Duration,
}

impl LeaseConfig {
    pub fn new(shards: ShardSet, owner: String) -> LeaseConfig {
        LeaseConfig {
            shards,
            owner,
            ttl: Duration::from_secs(6),
            renew: Duration::from_millis(1500),
        }
    }
}

struct Inner {
    store: Store,
    painter: Arc<dyn Painter>,
    updates: mpsc::UnboundedSender<Update>,
    clock: Clock,
    config: Config,
    /// Channel → its game's actor.
    games: Mutex<HashMap<u64, Handle>>,
    /// The shards this process serves, and of those the ones it holds with their fence.
    shards: ShardSet,
    fences: Mutex<HashMap<u32, i64>>,
    /// The shards held (for [`Service::wait_for_shards`] and [`Service::held_shards`]).
    held: watch::Sender<std::collections::BTreeSet<u32>>,
    /// Set when the service shuts down.
    stop: watch::Sender<bool>,
    /// Shards are held under leases (else this is the only process: fence 0, no leases).
    leased: bool,
    seeds: Mutex<ChaCha20Rng>,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl Inner {
    /// Stop driving a shard's games (another process took it over).
    fn let_go(&self, shard: u32) {
        {
            let mut fences = self.fences.lock().expect("fences lock");
            fences.remove(&shard);
            self.held.send_replace(fences.keys().copied().collect());
        }
        let count = self.shards.count;
        let mut games = self.games.lock().expect("games lock");
        games.retain(|_, h| {
            if ShardSet::shard_of(count, h.guild) != shard {
                return true;
            }
            let (done, _) = oneshot::channel();
            let _ = h.tx.try_send(Msg::Shutdown { done });
            false
        });
    }
}

/// The game service. Cheap to clone.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

impl Service {
    /// Start as the only process: load every active game and re-arm its timer (a deadline
    /// that passed while the bot was down fires at once). Returns the stream of board updates
    /// to show.
    pub async fn start(
        store: Store,
        painter: Arc<dyn Painter>,
        clock: Clock,
        config: Config,
        seed: u64,
    ) -> Result<(Service, mpsc::UnboundedReceiver<Update>), StoreError> {
        let (service, rx) = Service::new(store, painter, clock, config, seed, ShardSet::ALL, false);
        // Fence 0: the number games carry until a process takes a lease on them.
        service.adopt(0, 0).await?;
        Ok((service, rx))
    }

    /// Start as one of several processes: drive the games of the shards in `lease.shards`
    /// whose leases this process holds. Leases are taken and renewed in the background; a
    /// shard held by another live process is taken over when its lease expires, and a shard
    /// taken over by another process is let go (its games stop here). See
    /// [`Service::wait_for_shards`].
    pub fn start_leased(
        store: Store,
        painter: Arc<dyn Painter>,
        clock: Clock,
        config: Config,
        seed: u64,
        lease: LeaseConfig,
    ) -> (Service, mpsc::UnboundedReceiver<Update>) {
        let (service, rx) = Service::new(store, painter, clock, config, seed, lease.shards, true);
        let task = tokio::spawn(service.clone().keep_leases(lease));
        service.inner.tasks.lock().expect("tasks lock").push(task);
        (service, rx)
    }

    fn new(
        store: Store,
        painter: Arc<dyn Painter>,
        clock: Clock,
        config: Config,
        seed: u64,
        shards: ShardSet,
        leased: bool,
    ) -> (Service, mpsc::UnboundedReceiver<Update>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let service = Service {
            inner: Arc::new(Inner {
                store,
                painter,
                updates: tx,
                clock,
                config,
                games: Mutex::new(HashMap::new()),
                shards,
                fences: Mutex::new(HashMap::new()),
                held: watch::channel(Default::default()).0,
                stop: watch::channel(false).0,
                leased,
                seeds: Mutex::new(ChaCha20Rng::seed_from_u64(seed)),
                tasks: Mutex::new(Vec::new()),
            }),
        };
        (service, rx)
    }

    /// Drive a shard's games with `fence`: load them and start their actors.
    async fn adopt(&self, shard: u32, fence: i64) -> Result<(), StoreError> {
        let set = ShardSet::one(self.inner.shards.count, shard);
        let loaded = self.inner.store.active(set).await?;
        let mut games = Vec::with_capacity(loaded.len());
        for l in &loaded {
            match persist::restore(l) {
                Ok(s) => games.push(s),
                // One damaged game must not keep the others down.
                Err(e) => {
                    tracing::error!(game = l.row.id, channel = l.row.channel, error = %e, "cannot restore a stored game; it stays as it is")
                }
            }
        }
        for stored in games {
            // Show each game as stored: a move stored but never shown (a crash between the
            // commit and the board's edit, a stop mid-game) is shown now.
            self.spawn(stored, fence, true);
        }
        // Held once its games run (what `wait_for_shards` waits for).
        let mut fences = self.inner.fences.lock().expect("fences lock");
        fences.insert(shard, fence);
        self.inner
            .held
            .send_replace(fences.keys().copied().collect());
        Ok(())
    }

    /// Take, renew and give back leases until the service shuts down.
    async fn keep_leases(self, cfg: LeaseConfig) {
        let store = self.inner.store.clone();
        let count = cfg.shards.count;
        let ttl = cfg.ttl.as_millis() as i64;
        let mut held: HashMap<u32, Lease> = HashMap::new();
        let mut waiting_logged: HashMap<u32, String> = HashMap::new();
        // Has this process held its whole range once?
        let mut complete = false;
        let mut tick = tokio::time::interval(cfg.renew);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut stop = self.inner.stop.subscribe();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.wait_for(|s| *s) => break,
            }
            // Renew what is held.
            for shard in cfg.shards.shards() {
                let now = self.inner.clock.now_ms();
                let Some(lease) = held.get(&shard) else {
                    continue;
                };
                match store.renew_lease(count, lease, ttl, now).await {
                    Ok(true) => {}
                    Ok(false) => {
                        tracing::warn!(
                            shard,
                            fence = lease.fence,
                            "lost the lease on this shard to another process; its games stop here"
                        );
                        held.remove(&shard);
                        self.inner.let_go(shard);
                    }
                    Err(e) => {
                        // The database is away: keep the games (their writes fail and are
                        // refused until it is back; the fence keeps them safe if another
                        // process takes over meanwhile).
                        tracing::warn!(shard, error = %e, "cannot renew the lease");
                    }
                }
            }
            // Take what is missing. Until this process has held its whole range once (and
            // connected), it takes the missing shards all together or none: a standby whose
            // range overlaps two owners never sits on half of it, unable to connect, while
            // the owner of that half could take it back. Once connected, a shard lost on the
            // way is taken back on its own.
            let missing: Vec<u32> = cfg
                .shards
                .shards()
                .filter(|s| !held.contains_key(s))
                .collect();
            if missing.is_empty() {
                complete = true;
                continue;
            }
            let batches: Vec<Vec<u32>> = if complete {
                missing.iter().map(|&s| vec![s]).collect()
            } else {
                vec![missing]
            };
            for batch in batches {
                let now = self.inner.clock.now_ms();
                match store
                    .acquire_leases(count, &batch, &cfg.owner, ttl, now)
                    .await
                {
                    Ok(Some(leases)) => {
                        for lease in leases {
                            let shard = lease.shard;
                            tracing::info!(shard, count, fence = lease.fence, owner = %cfg.owner, "took the lease on this shard; loading its games");
                            match self.adopt(shard, lease.fence).await {
                                Ok(()) => {
                                    held.insert(shard, lease);
                                    waiting_logged.remove(&shard);
                                }
                                Err(e) => {
                                    tracing::error!(shard, error = %e, "cannot load the shard's games; giving the lease back");
                                    let _ = store.release_lease(count, &lease).await;
                                    self.inner.let_go(shard);
                                }
                            }
                        }
                    }
                    Ok(None) => {
                        for &shard in &batch {
                            let Ok(Some(l)) = store.lease(count, shard).await else {
                                continue;
                            };
                            let live = l.expires_ms > now && l.owner != cfg.owner;
                            if live && waiting_logged.get(&shard) != Some(&l.owner) {
                                tracing::warn!(shard, count, holder = %l.owner, expires_in_ms = l.expires_ms - now, "another process holds this shard; waiting for its lease to expire");
                                waiting_logged.insert(shard, l.owner);
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot take the leases"),
                }
            }
            if held.len() == cfg.shards.shards().count() {
                complete = true;
            }
        }
        for lease in held.values() {
            if let Err(e) = store.release_lease(count, lease).await {
                tracing::warn!(shard = lease.shard, error = %e, "cannot give the lease back; it expires by itself");
            }
        }
    }

    /// Wait until this process holds every shard it serves (at once for [`Service::start`]).
    /// False if `limit` passed first.
    pub async fn wait_for_shards(&self, limit: Duration) -> bool {
        let want = self.inner.shards.shards().count();
        let mut rx = self.inner.held.subscribe();
        tokio::time::timeout(limit, rx.wait_for(|held| held.len() >= want))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    /// The shards this process holds now, as they change (a shard taken over by another
    /// process leaves the set; one taken back joins it).
    pub fn held_shards(&self) -> watch::Receiver<std::collections::BTreeSet<u32>> {
        self.inner.held.subscribe()
    }

    /// The shards this process serves.
    pub fn shards(&self) -> ShardSet {
        self.inner.shards
    }

    /// The fence of the shard a server's games are on, if this process holds it.
    fn fence_of(&self, guild: u64) -> Option<i64> {
        let shard = ShardSet::shard_of(self.inner.shards.count, guild);
        if !self.inner.shards.shards().any(|s| s == shard) {
            return None;
        }
        self.inner
            .fences
            .lock()
            .expect("fences lock")
            .get(&shard)
            .copied()
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

    /// Start a game's actor; with `show`, it first pushes the game's board.
    fn spawn(&self, stored: Stored, fence: i64, show: bool) -> mpsc::Sender<Msg> {
        let (tx, rx) = mpsc::channel(64);
        let channel = stored.table.channel;
        let game = stored.table.id;
        let guild = stored.table.guild;
        let actor = GameActor {
            inner: self.inner.clone(),
            table: stored.table,
            message_id: stored.message_id,
            message_ms: stored.message_ms,
            snapshot_version: stored.snapshot_version,
            fence,
            lost: false,
            last_push: None,
            pending: None,
        };
        let handle = tokio::spawn(actor.run(rx, show));
        self.inner.games.lock().expect("games lock").insert(
            channel,
            Handle {
                game,
                guild,
                tx: tx.clone(),
            },
        );
        let mut tasks = self.inner.tasks.lock().expect("tasks lock");
        tasks.retain(|t| !t.is_finished());
        tasks.push(handle);
        tx
    }

    /// The actor of `channel`'s running game, if that game is `game`.
    fn handle_of_game(&self, channel: u64, game: i64) -> Option<mpsc::Sender<Msg>> {
        let games = self.inner.games.lock().expect("games lock");
        games
            .get(&channel)
            .filter(|h| h.game == game && !h.tx.is_closed())
            .map(|h| h.tx.clone())
    }

    fn handle_of(&self, channel: u64) -> Option<mpsc::Sender<Msg>> {
        let games = self.inner.games.lock().expect("games lock");
        games
            .get(&channel)
            .filter(|h| !h.tx.is_closed())
            .map(|h| h.tx.clone())
    }

    /// Open a game as a person asks for it (`/yut new`): the server's defaults fill what the
    /// request leaves out, house rules are checked, the bots asked for are seated.
    pub async fn create_game(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        request: &yut_table::open::GameRequest,
    ) -> Result<View, Problem> {
        let defaults = self.server_defaults(guild).await?;
        let settings =
            yut_table::open::settings(&defaults, request).map_err(Problem::HouseRules)?;
        let thread = defaults.threads && request.can_thread;
        let mut view = self
            .create_in(guild, channel, actor, settings, thread)
            .await?;
        for _ in 0..request.bots.min(3) {
            match self
                .command(
                    channel,
                    actor,
                    Command::AddBot {
                        level: request.level,
                    },
                )
                .await
            {
                Ok(v) => view = v,
                Err(_) => break,
            }
        }
        Ok(view)
    }

    /// The server's defaults (`/yut settings`).
    pub async fn server_defaults(&self, guild: u64) -> Result<yut_store::ServerDefaults, Problem> {
        self.inner.store.server_defaults(guild).await.map_err(|e| {
            tracing::error!(guild, error = %e, "reading the server's defaults");
            Problem::Settings(e)
        })
    }

    /// Save the server's defaults; their house rules are checked first.
    pub async fn set_server_defaults(
        &self,
        guild: u64,
        defaults: &yut_store::ServerDefaults,
    ) -> Result<(), Problem> {
        if let Some(text) = &defaults.house_rules {
            let base = defaults
                .preset
                .as_deref()
                .and_then(yut_game::Preset::from_word)
                .unwrap_or(yut_game::Preset::Standard);
            yut_table::open::house_rules(base, text).map_err(Problem::HouseRules)?;
        }
        let now = self.now_ms();
        self.inner
            .store
            .set_server_defaults(guild, defaults, now)
            .await
            .map_err(|e| {
                tracing::error!(guild, error = %e, "saving the server's defaults");
                Problem::Settings(e)
            })
    }

    /// Open a lobby in a channel, hosted by `actor`.
    pub async fn create(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        settings: Settings,
    ) -> Result<View, Problem> {
        self.create_in(guild, channel, actor, settings, false).await
    }

    /// Open a lobby in a channel; `thread`: the game moves to a thread of its own when it
    /// starts.
    pub async fn create_in(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        settings: Settings,
        thread: bool,
    ) -> Result<View, Problem> {
        settings.check().map_err(Problem::Refused)?;
        let fence = self.fence_of(guild).ok_or(Problem::Elsewhere)?;
        if let Some(h) = self.handle_of(channel) {
            if let Some((t, message_id)) = peek_message(&h).await {
                if t.status.is_active() {
                    return Err(Problem::AlreadyRunning { message_id });
                }
            }
        }
        let host = actor.clone();
        self.open(actor, fence, move |id, seed, now| {
            let mut t = Table::with_seed(id, guild, channel, &host, settings, seed);
            t.thread = thread.then_some(yut_table::core::Thread::Wanted);
            t.arm_lobby(now);
            t
        })
        .await
    }

    /// A new game's secret throw seed.
    fn next_seed(&self) -> ThrowSeed {
        if self.inner.config.os_seeds {
            // rand's thread generator: ChaCha seeded (and periodically reseeded) from the OS.
            ThrowSeed(rand::rng().random::<[u8; 32]>())
        } else {
            ThrowSeed::from_u64(self.inner.seeds.lock().expect("seed lock").random::<u64>())
        }
    }

    /// Store a new game (built by `make` from its id, a fresh seed and now), start its actor and
    /// answer with its first view.
    async fn open(
        &self,
        actor: &Actor,
        fence: i64,
        make: impl FnOnce(i64, ThrowSeed, i64) -> Table,
    ) -> Result<View, Problem> {
        let seed = self.next_seed();
        let now = self.now_ms();
        let store = &self.inner.store;
        let id = store.new_game_id().await.map_err(Problem::Storage)?;
        let table = make(id, seed, now);
        let new = NewGame {
            id,
            guild: table.guild,
            channel: table.channel,
            host: table.host,
            status: persist::status_row(table.status),
            rules: persist::rules_text(&table).map_err(Problem::Storage)?,
            state: persist::state_text(&table).map_err(Problem::Storage)?,
            version: table.version,
            deadline_ms: table.deadline_ms,
            seats: persist::seat_rows(&table),
            log: persist::log_row(table.version, actor, &Command::Create, None, now)
                .map_err(Problem::Storage)?,
            now_ms: now,
            fence,
            lease: self.inner.leased.then(|| {
                let count = self.inner.shards.count;
                (count, ShardSet::shard_of(count, table.guild))
            }),
        };
        store.create(new).await.map_err(|e| match e {
            StoreError::Conflict => Problem::AlreadyRunning { message_id: None },
            StoreError::Fenced { .. } => {
                self.inner
                    .let_go(ShardSet::shard_of(self.inner.shards.count, table.guild));
                Problem::Elsewhere
            }
            e => Problem::Storage(e),
        })?;
        let view = self
            .drawn((
                table_view(&table, &yut_table::view::NoPainter),
                Some(Box::new(table.clone())),
            ))
            .await;
        let snapshot_version = table.version;
        self.spawn(
            Stored {
                table,
                message_id: None,
                message_ms: None,
                snapshot_version,
            },
            fence,
            false,
        );
        Ok(view)
    }

    /// The message that shows a game's board: its actor's (the one owner while it runs),
    /// else as stored.
    pub async fn message_of(&self, game: i64) -> Option<u64> {
        let running = self
            .inner
            .games
            .lock()
            .expect("games lock")
            .values()
            .find(|h| h.game == game)
            .map(|h| h.tx.clone());
        if let Some(h) = running {
            if let Some((_, m)) = peek_message(&h).await {
                return m;
            }
        }
        self.inner
            .store
            .load(game)
            .await
            .ok()
            .and_then(|l| l.row.message_id)
    }

    /// Draw an actor's answer (off the async threads).
    async fn drawn(&self, answer: (View, Option<Box<Table>>)) -> View {
        let (view, table) = answer;
        let Some(table) = table else { return view };
        let service = self.clone();
        let update = Update {
            game: table.id,
            channel: table.channel,
            message_id: None,
            repost: false,
            view,
            table: Some(table),
        };
        match tokio::task::spawn_blocking(move || service.render(&update)).await {
            Ok(v) => v,
            Err(e) => {
                tracing::error!(error = %e, "drawing the board failed");
                View::default()
            }
        }
    }

    /// A button press: the custom id carries game, version and action.
    pub async fn click(
        &self,
        channel: u64,
        actor: &Actor,
        custom_id: &str,
    ) -> Result<View, Problem> {
        self.click_on(channel, actor, custom_id, None)
            .await
            .map(Answer::into_view)
    }

    /// A button press on message `on`: what to show (edit that message, or post a new one
    /// for a rematch). Refused with [`Problem::Moved`] when the game's board lives on
    /// another message now, [`Problem::Stale`] for an old board, [`Problem::BadButton`] for a
    /// custom id that is not ours.
    pub async fn click_on(
        &self,
        channel: u64,
        actor: &Actor,
        custom_id: &str,
        on: Option<u64>,
    ) -> Result<Answer, Problem> {
        let (game, version, cmd) = decode(custom_id).map_err(|_| Problem::BadButton)?;
        if cmd == Command::Rematch {
            return self
                .rematch(channel, actor, game, version)
                .await
                .map(Answer::Post);
        }
        // One round trip to the game's actor: the registry knows which game a channel's
        // actor drives; the actor checks the version and the message, applies and answers.
        let Some(h) = self.handle_of_game(channel, game) else {
            return Err(self.not_this_game(channel, game).await);
        };
        let answer = send(&h, actor.clone(), cmd, Some(version), on).await?;
        Ok(Answer::Edit(self.drawn(answer).await))
    }

    /// Why a button of game `game` does nothing in `channel`: a board of another channel's
    /// game (or of no game at all) is not one of ours here; an older game of this channel is
    /// out of date.
    async fn not_this_game(&self, channel: u64, game: i64) -> Problem {
        match self.inner.store.load(game).await {
            Ok(l) if l.row.channel == channel => Problem::Stale,
            Ok(_) | Err(StoreError::NotFound) => Problem::BadButton,
            Err(_) => Problem::Stale,
        }
    }

    /// A command without a version (slash commands): applies to the channel's active game.
    pub async fn command(
        &self,
        channel: u64,
        actor: &Actor,
        cmd: Command,
    ) -> Result<View, Problem> {
        let h = self.handle_of(channel).ok_or(Problem::NoGame)?;
        let answer = send(&h, actor.clone(), cmd, None, None).await?;
        Ok(self.drawn(answer).await)
    }

    /// The current view of the channel's game (active or the last finished one).
    pub async fn board(&self, channel: u64) -> Result<View, Problem> {
        if let Some(h) = self.handle_of(channel) {
            if let Some(t) = peek(&h).await {
                return Ok(self
                    .drawn((
                        table_view(&t, &yut_table::view::NoPainter),
                        Some(Box::new(t)),
                    ))
                    .await);
            }
        }
        let id = match self.inner.store.latest_in_channel(channel).await {
            Ok(Some(id)) => id,
            Ok(None) => return Err(Problem::NoGame),
            Err(e) => return Err(Problem::Storage(e)),
        };
        let s = persist::load(&self.inner.store, id)
            .await
            .map_err(Problem::Storage)?;
        let t = s.table;
        Ok(self
            .drawn((
                table_view(&t, &yut_table::view::NoPainter),
                Some(Box::new(t)),
            ))
            .await)
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
        let old = persist::load(&self.inner.store, game)
            .await
            .map_err(|e| match e {
                StoreError::NotFound => Problem::Stale,
                e => Problem::Storage(e),
            })?
            .table;
        if old.channel != channel || old.version != version {
            return Err(Problem::Stale);
        }
        let fence = self.fence_of(old.guild).ok_or(Problem::Elsewhere)?;
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
        let by = actor.id().unwrap_or(old.host);
        let chances = self.predicted_chances(&old).await;
        self.open(actor, fence, move |id, seed, now| {
            let mut t = old.rematch_with_seed(id, seed, now, by);
            if let Some(i) = &mut t.invite {
                i.chances = chances;
            }
            t
        })
        .await
    }

    /// Each side's chance to win in percent, from the ratings (people's as of now, bots' fixed
    /// anchors); empty if the game would not be rated or the ratings cannot be read.
    pub async fn predicted_chances(&self, t: &Table) -> Vec<u8> {
        use yut_rating::{bot_rating, win_chances, ModeFamily, Rating};
        use yut_table::Player;
        let (Some(family), Some(preset)) = (
            ModeFamily::of(t.seats.len() as u8, t.settings.teams),
            yut_game::Preset::from_word(&t.settings.preset),
        ) else {
            return Vec::new();
        };
        let users: Vec<u64> = t.seats.iter().filter_map(|s| s.player.user()).collect();
        if users.is_empty() {
            return Vec::new();
        }
        let ratings = match self
            .inner
            .store
            .ratings_now(t.guild, family, users, self.now_ms())
            .await
        {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(game = t.id, error = %e, "reading ratings for the chances");
                return Vec::new();
            }
        };
        let sides = if t.settings.teams { 2 } else { t.seats.len() };
        let mut teams: Vec<Vec<Rating>> = vec![Vec::new(); sides];
        for (i, s) in t.seats.iter().enumerate() {
            let side = if t.settings.teams { s.team as usize } else { i };
            let r = match &s.player {
                Player::Human { user, .. } => ratings.get(user).copied().unwrap_or_default(),
                Player::Bot { level } => bot_rating(family, *level, preset),
            };
            if let Some(team) = teams.get_mut(side) {
                team.push(r);
            }
        }
        if teams.iter().any(|t| t.is_empty()) {
            return Vec::new();
        }
        win_chances(&teams)
            .into_iter()
            .map(|p| (p * 100.0).round().clamp(0.0, 100.0) as u8)
            .collect()
    }

    /// `/yut challenge`: `actor` challenges the people named (1v1: one opponent; 2v2: a
    /// partner then two opponents). Their seats are held until they accept; nothing is opened
    /// if one of them cannot be asked.
    pub async fn challenge(
        &self,
        guild: u64,
        channel: u64,
        actor: &Actor,
        request: &yut_table::open::GameRequest,
        named: &[Invitee],
    ) -> Result<View, Problem> {
        let me = actor.id().ok_or(Problem::NoGame)?;
        let mut seen = vec![me];
        for p in named {
            let problem = if p.user == me {
                Some(ChallengeProblem::Yourself)
            } else if p.bot {
                Some(ChallengeProblem::Bot(p.name.clone()))
            } else if !p.member {
                Some(ChallengeProblem::NotMember(p.name.clone()))
            } else if seen.contains(&p.user) {
                Some(ChallengeProblem::Twice(p.name.clone()))
            } else {
                None
            };
            if let Some(c) = problem {
                return Err(Problem::Challenge(c));
            }
            seen.push(p.user);
        }
        let teams = named.len() == 3;
        if named.len() != 1 && !teams {
            return Err(Problem::Refused(Refusal::NeedPlayers));
        }
        if let Some(h) = self.handle_of(channel) {
            if let Some((t, message_id)) = peek_message(&h).await {
                if t.status.is_active() {
                    if let Some(p) = named.iter().find(|p| t.seat_of(p.user).is_some()) {
                        return Err(Problem::Challenge(ChallengeProblem::InGame(p.name.clone())));
                    }
                    return Err(Problem::AlreadyRunning { message_id });
                }
            }
        }
        let defaults = self.server_defaults(guild).await?;
        let mut request = request.clone();
        request.teams = teams;
        request.seats = Some(if teams { 4 } else { 2 });
        let settings =
            yut_table::open::settings(&defaults, &request).map_err(Problem::HouseRules)?;
        settings.check().map_err(Problem::Refused)?;
        let thread = defaults.threads && request.can_thread;
        let fence = self.fence_of(guild).ok_or(Problem::Elsewhere)?;
        let Actor::User { name: my_name, .. } = actor else {
            return Err(Problem::NoGame);
        };
        let mut seats = vec![yut_table::core::SeatState::person(me, my_name, 0)];
        for (i, p) in named.iter().enumerate() {
            // 2v2: the partner (first named) on the challenger's team A, the others on B.
            let team = if teams && i == 0 { 0 } else { 1 };
            seats.push(yut_table::core::SeatState::person(p.user, &p.name, team));
        }
        let now = self.now_ms();
        let probe = Table::challenge(
            0,
            guild,
            channel,
            actor,
            settings.clone(),
            ThrowSeed([0; 32]),
            seats.clone(),
            now,
        );
        let chances = self.predicted_chances(&probe).await;
        let host = actor.clone();
        self.open(actor, fence, move |id, seed, now| {
            let mut t = Table::challenge(id, guild, channel, &host, settings, seed, seats, now);
            if let Some(i) = &mut t.invite {
                i.chances = chances;
            }
            t.thread = thread.then_some(yut_table::core::Thread::Wanted);
            t
        })
        .await
    }

    /// The Discord layer opened the thread of `game` (the game in `channel`): `Some` id, the
    /// game moves there; None, it could not (a missing permission): the game is played in the
    /// channel, and its board says why. Either way the first player's time starts now.
    pub async fn thread_opened(
        &self,
        game: i64,
        channel: u64,
        thread: Option<u64>,
    ) -> Result<(), Problem> {
        let h = {
            let games = self.inner.games.lock().expect("games lock");
            games
                .get(&channel)
                .filter(|h| h.game == game && !h.tx.is_closed())
                .map(|h| h.tx.clone())
        };
        let h = h.ok_or(Problem::NoGame)?;
        send(
            &h,
            Actor::System,
            Command::Thread { id: thread },
            None,
            None,
        )
        .await?;
        Ok(())
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

    /// A season's standings in a family: the season named, else the current one.
    pub async fn standings(
        &self,
        guild: u64,
        family: yut_rating::ModeFamily,
        season: Option<String>,
    ) -> Result<yut_store::Standings, StoreError> {
        let now = self.now_ms();
        self.inner.store.standings(guild, family, season, now).await
    }

    /// Every season a server has ratings in, newest first.
    pub async fn seasons(&self, guild: u64) -> Result<Vec<String>, StoreError> {
        self.inner.store.seasons(guild).await
    }

    /// A person's card (`/yut stats`) as of now.
    pub async fn card(&self, guild: u64, user: u64) -> Result<Option<yut_store::Card>, StoreError> {
        let now = self.now_ms();
        self.inner.store.card(guild, user, now).await
    }

    /// Number of games with a running actor.
    pub fn running(&self) -> usize {
        self.inner
            .games
            .lock()
            .expect("games lock")
            .values()
            .filter(|h| !h.tx.is_closed())
            .count()
    }

    /// Stop everything at once, storing nothing more and giving no lease back, as if the
    /// process had died (for tests and benchmarks of a crash).
    pub fn abort(&self) {
        self.inner.games.lock().expect("games lock").clear();
        for t in self.inner.tasks.lock().expect("tasks lock").drain(..) {
            t.abort();
        }
    }

    /// Stop every actor after the message it is handling (which is stored first).
    pub async fn shutdown(&self) {
        let handles: Vec<mpsc::Sender<Msg>> = self
            .inner
            .games
            .lock()
            .expect("games lock")
            .drain()
            .map(|(_, h)| h.tx)
            .collect();
        for h in handles {
            let (tx, rx) = oneshot::channel();
            if h.send(Msg::Shutdown { done: tx }).await.is_ok() {
                let _ = rx.await;
            }
        }
        // Then the lease keeper, which gives this process's leases back.
        self.inner.stop.send_replace(true);
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
    peek_message(h).await.map(|(t, _)| t)
}

/// The table and the message that shows its board (the actor owns it).
async fn peek_message(h: &mpsc::Sender<Msg>) -> Option<(Table, Option<u64>)> {
    let (tx, rx) = oneshot::channel();
    h.send(Msg::Peek { reply: tx }).await.ok()?;
    rx.await.ok()
}

async fn send(
    h: &mpsc::Sender<Msg>,
    actor: Actor,
    cmd: Command,
    version: Option<u64>,
    on: Option<u64>,
) -> Result<(View, Option<Box<Table>>), Problem> {
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

struct GameActor {
    inner: Arc<Inner>,
    table: Table,
    message_id: Option<u64>,
    message_ms: Option<i64>,
    /// The version of the last full state written.
    snapshot_version: u64,
    /// The fencing number this process holds for the game's shard.
    fence: i64,
    /// Set when another process took the game over: stop at once.
    lost: bool,
    /// When the last update was pushed (tokio time).
    last_push: Option<Instant>,
    /// An update waiting for the minimum gap: when to send it.
    pending: Option<Instant>,
}

impl GameActor {
    async fn run(mut self, mut rx: mpsc::Receiver<Msg>, show: bool) {
        if show && self.table.status.is_active() {
            self.push(false);
        }
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
                        let _ = reply.send((self.table.clone(), self.message_id));
                    }
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
                            Some(v) => (v, Some(Box::new(self.table.clone()))),
                            None => (View::default(), None),
                        });
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
    fn moved_from(&mut self, from: u64) {
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
        let change = self
            .change(&next, actor, cmd, out.played.as_ref(), now)
            .map_err(Problem::Storage)?;
        let snapshot = change.snapshot.is_some();
        if let Err(e) = self.inner.store.commit(change).await {
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
        if snapshot {
            self.snapshot_version = next.version;
        }
        let moved_from = (next.channel != self.table.channel).then_some(self.table.channel);
        self.table = next;
        if let Some(from) = moved_from {
            self.moved_from(from);
        }
        if out.finished {
            let recorded = match persist::result_row(&self.table, now) {
                Ok(Some(r)) => self.inner.store.record_result(r).await,
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
            return Ok(None);
        }
        // The answer shows this view; count it as the latest update. Its picture is drawn by
        // the caller, off the async threads.
        self.last_push = Some(Instant::now());
        self.pending = None;
        Ok(Some(table_view(&self.table, &yut_table::view::NoPainter)))
    }

    /// The write for moving from the current table to `next`: the log entry and the columns
    /// that changed, with the full state every [`SNAPSHOT_EVERY`] actions and whenever the
    /// status or the rules change (so a finished game is stored whole).
    fn change(
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
            seats: (next.seats != self.table.seats).then(|| persist::seat_rows(next)),
            fence: self.fence,
            channel: moved.then_some(next.channel),
        })
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
        let view = table_view(&self.table, &yut_table::view::NoPainter);
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
