//! The game service: one actor (task) per active game, storage on every action, timers for
//! deadlines and bots, and board updates pushed to whoever shows them (the Discord layer).

mod actor;
mod afterward;
mod challenges;
mod clock;
mod driving;
mod event_admin;
mod events;
mod follow;
mod games;
mod histogram;
mod hosted;
mod leases;
mod problem;
mod queries;
mod reach;
mod running;
use actor::*;
pub use clock::*;
pub use driving::Driving;
pub use event_admin::EventPlace;
pub use events::{event_picture, EventGame, EventNews, EventSpec};
pub use follow::FollowStats;
pub use histogram::*;
pub use hosted::HostedToken;
pub use leases::*;
pub use problem::*;
pub use reach::*;
/// A turn ping in view (kept in the database).
pub use yut_store::PingRow;
/// A server's defaults for new games (`/yut settings`).
pub use yut_store::ServerDefaults;
/// The gateway shards a process serves (`first..=last` of `count`).
pub use yut_store::ShardSet;
/// Why the database refused (the service's problems carry it).
pub use yut_store::StoreError;

pub mod after;
pub mod demo;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use running::{Handle, Running};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;
use yut_store::{Change, Lease, NewGame, Stats, Store};
use yut_table::core::{Actor, Command, Lang, Refusal, Settings, Status, Table, ThrowSeed};
use yut_table::persist::{self, Stored, SNAPSHOT_EVERY};
use yut_table::view::{table_view, Painter, View};
use yut_table::ButtonId;

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
    /// Text, buttons and picture; when `table` is given, only its summary
    /// ([`yut_table::view::table_summary`]: ping, countdown, version, thread), the rest made
    /// from the table when shown ([`Service::render`]).
    pub view: View,
    /// The table as it was when the update was made (updates pushed by the service).
    pub table: Option<Arc<Table>>,
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
    /// rendered) result, in microseconds (for `yut-tools bench table`).
    pub latencies: Option<Arc<Mutex<Vec<u32>>>>,
    /// Give every game a throw seed of 32 fresh bytes from the operating system's generator
    /// (the bot). Off, each game's seed is expanded from 64 bits of the service's seeded
    /// generator, so tests and benchmarks replay exactly.
    pub os_seeds: bool,
    /// The web's live pages: a link to each board's page, and every new table handed over
    /// as soon as it is stored (see [`WebHooks`]).
    pub web: Option<WebHooks>,
    /// Told of every game that starts or ends here (turn reminders and following).
    pub events: Option<mpsc::UnboundedSender<GameEvent>>,
    /// How long Discord lets an interaction's token update its message (15 minutes): games
    /// shown through one (a group DM) are held before it runs out. Shorter in tests.
    pub interaction_token_life: Duration,
}

/// The link to a game's page (live, or its replay once over), if it has one.
pub type LinkOf = Arc<dyn Fn(&Table) -> Option<yut_table::view::Link> + Send + Sync>;
/// The link to a person's own seat page in a game, if they have one.
pub type SeatLinkOf = Arc<dyn Fn(&Table, u64) -> Option<String> + Send + Sync>;
/// Told of every table just stored.
pub type Observer = Arc<dyn Fn(&Arc<Table>) + Send + Sync>;

/// How the service shows its games on the web (the `yut-web` crate fills these in).
#[derive(Clone)]
pub struct WebHooks {
    pub link: LinkOf,
    /// Called with every table just stored (cheap: the web keeps only the games pages
    /// follow).
    pub observe: Observer,
    /// Does any page here still follow this game? (A game another process drives is
    /// followed here while it does: see [`Service::keep_current`].)
    pub followed: Arc<dyn Fn(i64) -> bool + Send + Sync>,
    /// The link to a person's own seat page in a game being played (signed for that person;
    /// None where the server shows nothing on the web or they have no seat).
    pub seat: SeatLinkOf,
    /// The bot has an Activity (the board inside Discord): boards being played get a
    /// button that opens it.
    pub activity: bool,
}

impl std::fmt::Debug for WebHooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebHooks")
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            min_update_gap: Duration::from_secs(1),
            repost_after: Duration::from_secs(50 * 60),
            latencies: None,
            os_seeds: false,
            web: None,
            events: None,
            interaction_token_life: Duration::from_secs(15 * 60),
        }
    }
}

/// What went wrong so far (for benchmarks, tests and operators).
#[derive(Debug, Default)]
pub struct Counters {
    /// Actions that could not be stored (refused to the player, or retried by the timer).
    pub failed_commits: std::sync::atomic::AtomicU64,
    /// Shards let go after another process took them over.
    pub leases_lost: std::sync::atomic::AtomicU64,
    /// Actions applied and stored (people's, bots' and timers').
    pub actions: std::sync::atomic::AtomicU64,
    /// People's button presses, from arrival at the service to the stored, drawn answer.
    pub clicks: Histogram,
}

struct Inner {
    store: Store,
    painter: Arc<dyn Painter>,
    updates: mpsc::UnboundedSender<Update>,
    clock: Clock,
    /// Bumped when the wall clock steps (every actor re-arms its timers).
    steps: watch::Receiver<u64>,
    config: Config,
    /// Channel → its game's actor (and each game's channel).
    games: Mutex<Running>,
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
    counters: Counters,
    /// Places for the computer's actions (see [`actor::COMPUTER_PLACES`]).
    computer: Arc<tokio::sync::Semaphore>,
    /// Places for work off the async threads (see [`Service::offload`]).
    offloaded: tokio::sync::Semaphore,
    /// Places for the answers to button presses (see [`Lane::Press`]).
    pressed: tokio::sync::Semaphore,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// Games the web follows here, to the task that follows them when others drive them.
    follow_tx: Mutex<Option<mpsc::UnboundedSender<i64>>>,
    follow_stats: FollowStats,
    /// The live holder of each shard as last read (see `driving.rs`), with when it was read.
    drivers: Mutex<HashMap<u32, (yut_store::Driver, i64)>>,
    /// The tables of the games followed here for others, as last shown (see `follow.rs`).
    mirrored: Mutex<HashMap<i64, Arc<Table>>>,
    /// What happens to events (their games ended, rounds complete), for whoever runs them.
    event_news: tokio::sync::broadcast::Sender<events::EventNews>,
}

/// Which places a piece of work off the async threads waits for ([`Service::offload_in`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The answer to a button press on a game's message: a player looks at the board and
    /// waits for it. Presses have places of their own, so a burst of other work (thousands of
    /// games stopped at once, the paced boards, replays) never queues them; they share the
    /// cores with it instead (at most one of each lane per core at a time).
    Press,
    /// Everything else: the boards shown after the computer's actions, commands' answers,
    /// the web's boards, replays, charts and reviews.
    Other,
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
    /// The same on the database at `url` (`sqlite://FILE` or `postgres://…`), opened and
    /// migrated here: a door that starts the service never holds the store itself.
    pub async fn open_leased(
        url: &str,
        painter: Arc<dyn Painter>,
        clock: Clock,
        config: Config,
        seed: u64,
        lease: LeaseConfig,
    ) -> Result<(Service, mpsc::UnboundedReceiver<Update>), StoreError> {
        let store = Store::open(url).await?;
        Ok(Service::start_leased(
            store, painter, clock, config, seed, lease,
        ))
    }

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
        let stop = watch::channel(false).0;
        let (steps, watcher) = clock.steps(stop.subscribe());
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let service = Service {
            inner: Arc::new(Inner {
                store,
                painter,
                updates: tx,
                clock,
                steps,
                config,
                games: Mutex::new(Running::default()),
                shards,
                fences: Mutex::new(HashMap::new()),
                held: watch::channel(Default::default()).0,
                stop,
                leased,
                seeds: Mutex::new(ChaCha20Rng::seed_from_u64(seed)),
                counters: Counters::default(),
                computer: Arc::new(tokio::sync::Semaphore::new(actor::COMPUTER_PLACES)),
                offloaded: tokio::sync::Semaphore::new(cores),
                pressed: tokio::sync::Semaphore::new(cores),
                tasks: Mutex::new(watcher.into_iter().collect()),
                follow_tx: Mutex::new(None),
                follow_stats: FollowStats::default(),
                drivers: Mutex::default(),
                mirrored: Mutex::default(),
                event_news: tokio::sync::broadcast::channel(1024).0,
            }),
        };
        service.start_following();
        (service, rx)
    }

    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// What went wrong so far.
    pub fn counters(&self) -> &Counters {
        &self.inner.counters
    }

    /// The full view of an update, with the board picture.
    pub fn render(&self, update: &Update) -> View {
        match &update.table {
            Some(t) if update.view.png.is_none() => {
                let mut view = table_view(t, self.inner.painter.as_ref());
                // Keep what the consumer may have merged into the update (a ping).
                view.ping = update.view.ping.or(view.ping);
                if let Some(web) = &self.inner.config.web {
                    view.link = (web.link)(t);
                    view.launch = web.activity && !view.over;
                }
                view
            }
            _ => update.view.clone(),
        }
    }

    /// Work that takes the CPU for a while (a board, a chart, a replay's review) off the async
    /// threads, at most one per core at a time, first come first served: a burst (hundreds of
    /// games stopped at once, a crawler on the replay pages) waits its turn instead of
    /// crowding out the threads that answer clicks and commit actions. Err if `f` panicked.
    pub async fn offload<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, tokio::task::JoinError> {
        self.offload_in(Lane::Other, f).await
    }

    /// [`Service::offload`] in one of the lanes: each has one place per core.
    pub async fn offload_in<T: Send + 'static>(
        &self,
        lane: Lane,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, tokio::task::JoinError> {
        let places = match lane {
            Lane::Press => &self.inner.pressed,
            Lane::Other => &self.inner.offloaded,
        };
        // The semaphores are never closed.
        let _turn = places.acquire().await;
        tokio::task::spawn_blocking(f).await
    }

    /// [`Service::render`] through [`Service::offload`]. A drawing that fails (a panic)
    /// leaves the view without its picture.
    pub async fn draw(&self, update: Update) -> View {
        self.draw_in(Lane::Other, update).await
    }

    /// [`Service::draw`] in one of the lanes.
    pub async fn draw_in(&self, lane: Lane, update: Update) -> View {
        let (game, fallback) = (update.game, update.view.clone());
        let service = self.clone();
        match self.offload_in(lane, move || service.render(&update)).await {
            Ok(v) => v,
            Err(e) => {
                tracing::error!(game, error = %e, "drawing the board failed");
                fallback
            }
        }
    }

    /// A game's table: its actor's while it runs, else as stored (None if there is no such
    /// game, or it cannot be read now).
    pub async fn game_table(&self, game: i64) -> Option<Arc<Table>> {
        match self.read_game(game).await {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(game, error = ?e, "could not read a game");
                None
            }
        }
    }

    /// A game's table for a page: as [`Service::read_game`], but a game this process follows
    /// for others is answered from its copy (as of the last announcement), not read.
    pub async fn page_table(&self, game: i64) -> Result<Option<Arc<Table>>, Problem> {
        if self.running_actor(game).is_none() {
            let copy = self
                .inner
                .mirrored
                .lock()
                .expect("mirrored lock")
                .get(&game)
                .cloned();
            if copy.is_some() {
                return Ok(copy);
            }
        }
        self.read_game(game).await
    }

    /// A game's table (from its actor when it runs here, else as stored): None if there is
    /// no such game, an error if the database could not be read (say "try again", not "no
    /// such game").
    pub async fn read_game(&self, game: i64) -> Result<Option<Arc<Table>>, Problem> {
        if let Some(h) = self.running_actor(game) {
            if let Some(t) = peek(&h).await {
                return Ok(Some(t));
            }
        }
        match persist::load(&self.inner.store, game).await {
            Ok(s) => Ok(Some(Arc::new(s.table))),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(Problem::Storage(e)),
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
            table: Arc::new(stored.table),
            message_id: stored.message_id,
            message_ms: stored.message_ms,
            snapshot_version: stored.snapshot_version,
            fence,
            lost: false,
            last_push: None,
            pending: None,
            due: false,
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

    /// The actor of game `game`, wherever it is played, while it runs.
    pub(crate) fn running_actor(&self, game: i64) -> Option<mpsc::Sender<Msg>> {
        let games = self.inner.games.lock().expect("games lock");
        games
            .of_game(game)
            .filter(|h| !h.tx.is_closed())
            .map(|h| h.tx.clone())
    }

    fn handle_of(&self, channel: u64) -> Option<mpsc::Sender<Msg>> {
        let games = self.inner.games.lock().expect("games lock");
        games
            .get(&channel)
            .filter(|h| !h.tx.is_closed())
            .map(|h| h.tx.clone())
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

    /// The games with a running actor: (game, guild, channel), by game.
    pub fn running_games(&self) -> Vec<(i64, u64, u64)> {
        let mut v: Vec<_> = self
            .inner
            .games
            .lock()
            .expect("games lock")
            .iter()
            .filter(|(_, h)| !h.tx.is_closed())
            .map(|(c, h)| (h.game, h.guild, *c))
            .collect();
        v.sort_unstable();
        v
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
