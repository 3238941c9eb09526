//! Storage: games, seats, the append-only action log, results, per-server statistics and
//! settings, and the leases that say which process drives which shard's games. One API over
//! two backends: SQLite (an embedded file, the default) and PostgreSQL (several processes).
//!
//! The store keeps records of its own ([`GameRow`], [`SeatRow`], [`LogRow`], [`ResultRow`]);
//! a game's state is opaque text to it. What the state means, and how the log replays onto a
//! snapshot, is the `table` module's business.
//!
//! Writes are small: a commit appends the log entry and updates a few columns of the game;
//! the full state (a snapshot) is written only when the caller passes one.

mod ratings;

pub use ratings::{Card, FamilyCard, RatingRow, Recent, Standings};

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Connection, Executor, Row};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use yut_game::Preset;
use yut_rating::game::RatedSeat;
use yut_rating::ModeFamily;

#[derive(Debug, Error)]
pub enum StoreError {
    /// Someone else changed the game first.
    #[error("the game changed in the meantime (version conflict)")]
    Conflict,
    /// Another process took over the game's shard: this process must stop driving it.
    #[error("another process drives this game now (fence {held} is newer than ours, {ours})")]
    Fenced { ours: i64, held: i64 },
    #[error("no such game")]
    NotFound,
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    #[error("unsupported DATABASE_URL {0:?}: use sqlite://FILE or postgres://USER@HOST/DB")]
    BadUrl(String),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    /// The database could not be reached or failed (as opposed to a refused write): worth
    /// trying again later.
    pub fn is_unavailable(&self) -> bool {
        matches!(self, StoreError::Db(_))
    }
}

/// Which engine a store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
}

/// Where a game is in its life, as the store records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameStatus {
    Lobby,
    Playing,
    Finished,
    Stopped,
}

impl GameStatus {
    pub fn name(self) -> &'static str {
        match self {
            GameStatus::Lobby => "lobby",
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
            GameStatus::Stopped => "stopped",
        }
    }

    pub fn from_name(s: &str) -> Option<GameStatus> {
        Some(match s {
            "lobby" => GameStatus::Lobby,
            "playing" => GameStatus::Playing,
            "finished" => GameStatus::Finished,
            "stopped" => GameStatus::Stopped,
            _ => return None,
        })
    }
}

/// A game as stored: the columns queries need, and the state (opaque text) as of
/// `snapshot_version`; the log entries after it lead to `version`.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub host: u64,
    pub status: GameStatus,
    pub version: u64,
    pub deadline_ms: Option<i64>,
    pub snapshot: String,
    pub snapshot_version: u64,
    /// The message that shows the game's board, and when it was posted (ms since the epoch).
    pub message_id: Option<u64>,
    pub message_ms: Option<i64>,
}

/// A stored game with the log entries that follow its snapshot, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    pub row: GameRow,
    pub log: Vec<LogRow>,
}

/// One seat of a game (kept for queries; the state holds the truth).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub user: Option<u64>,
    pub name: String,
    pub bot_level: Option<String>,
    pub team: u8,
    pub away: bool,
}

/// One entry of the action log: who did what, as opaque text, and what the computer played
/// for it (bot turns, time-outs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    pub version: u64,
    pub actor: String,
    pub command: String,
    pub played: Option<String>,
    pub at_ms: i64,
}

/// A new game: its first state (the genesis, also the first snapshot) and its first log entry.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub host: u64,
    pub status: GameStatus,
    pub rules: String,
    pub state: String,
    pub version: u64,
    pub deadline_ms: Option<i64>,
    pub seats: Vec<SeatRow>,
    pub log: LogRow,
    pub now_ms: i64,
    /// The fencing number of the process that will drive it.
    pub fence: i64,
    /// The shard lease (count, shard) that fence comes from, if the process holds one: the
    /// game is stored only if that lease still carries the fence (else Fenced).
    pub lease: Option<(u32, u32)>,
}

/// One action's write: from `log.version - 1` to `log.version`.
#[derive(Debug, Clone)]
pub struct Change {
    pub id: i64,
    pub status: GameStatus,
    pub host: u64,
    pub deadline_ms: Option<i64>,
    pub log: LogRow,
    pub now_ms: i64,
    /// The full state at `log.version`, when the caller takes a snapshot with this action.
    pub snapshot: Option<String>,
    /// The rules, when they changed (only in a lobby).
    pub rules: Option<String>,
    /// The seats, when they changed.
    pub seats: Option<Vec<SeatRow>>,
    /// The fencing number the driver holds; the write is refused if the game carries another.
    pub fence: i64,
    /// The game's new channel, when it moved (to a thread of its own).
    pub channel: Option<u64>,
}

impl Change {
    /// Bytes of payload this write sends (text as its length, numbers as 8 bytes each).
    pub fn payload_bytes(&self) -> u64 {
        let text = self.log.actor.len()
            + self.log.command.len()
            + self.log.played.as_ref().map_or(0, |p| p.len())
            + self.snapshot.as_ref().map_or(0, |s| s.len())
            + self.rules.as_ref().map_or(0, |s| s.len())
            + self.seats.as_ref().map_or(0, |s| {
                s.iter()
                    .map(|s| s.name.len() + s.bot_level.as_ref().map_or(0, |b| b.len()) + 40)
                    .sum()
            });
        // Game update: status, version, host, deadline, updated, id, old version, fence;
        // log row: game, version, at.
        (text + 11 * 8) as u64
    }
}

/// A finished game's result and what each human player did in it.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultRow {
    pub game: i64,
    pub guild: u64,
    pub winner_side: u8,
    pub teams: bool,
    /// The finishing order, as opaque text.
    pub ranking: String,
    pub finished_ms: i64,
    /// Every person who took part: seated at the end, or who left (`left`).
    pub players: Vec<PlayerResult>,
    /// The rating's view of the game: its mode family (None: not a rated mode), the preset
    /// (for the bots' anchors), every seat and each side's finishing place (1 is first).
    pub family: Option<ModeFamily>,
    pub preset: Preset,
    pub seats: Vec<RatedSeat>,
    pub side_ranks: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlayerResult {
    pub user: u64,
    pub name: String,
    pub won: bool,
    pub team_won: bool,
    pub captures: u32,
    pub pieces_home: u32,
    /// Left the game before the end (a loss, whatever the seat's bot did).
    pub left: bool,
    /// Deadlines missed.
    pub timeouts: u32,
}

/// A finished game as `/yut history` lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct PastGame {
    pub game: i64,
    pub channel: u64,
    pub winner_side: u8,
    pub teams: bool,
    pub finished_ms: i64,
    /// In seat order; a seat's `team` is its side (its own index in free-for-all).
    pub seats: Vec<SeatRow>,
}

/// A player's statistics in one server.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stats {
    pub user: u64,
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub team_wins: u32,
    pub captures: u32,
    pub pieces_home: u32,
}

/// A server's defaults for new games (`/yut settings`); None: not set.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ServerDefaults {
    pub preset: Option<String>,
    pub house_rules: Option<String>,
    pub turn_seconds: Option<u32>,
    /// Season length: `monthly`, `quarterly` or `off` (None: off).
    pub seasons: Option<String>,
    /// Each game in a thread of its own (opened from the lobby message when it starts).
    pub threads: bool,
}

impl ServerDefaults {
    pub fn is_empty(&self) -> bool {
        *self == ServerDefaults::default()
    }
}

/// Which gateway shards' games a query covers: a server is on shard `(guild >> 22) % count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardSet {
    pub count: u32,
    pub first: u32,
    pub last: u32,
}

impl ShardSet {
    /// Every shard of one: every game.
    pub const ALL: ShardSet = ShardSet {
        count: 1,
        first: 0,
        last: 0,
    };

    pub fn one(count: u32, shard: u32) -> ShardSet {
        ShardSet {
            count,
            first: shard,
            last: shard,
        }
    }

    /// The shard a server's events arrive on (Discord's rule).
    pub fn shard_of(count: u32, guild: u64) -> u32 {
        ((guild >> 22) % count.max(1) as u64) as u32
    }

    pub fn contains_guild(&self, guild: u64) -> bool {
        let s = ShardSet::shard_of(self.count, guild);
        (self.first..=self.last).contains(&s)
    }

    pub fn shards(&self) -> impl Iterator<Item = u32> {
        self.first..=self.last
    }
}

/// A lease on one shard: its holder drives that shard's games until `expires_ms`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    pub shard: u32,
    pub owner: String,
    pub fence: i64,
    pub expires_ms: i64,
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    written: Arc<AtomicU64>,
    hold_clock: bool,
}

fn id64(v: u64) -> i64 {
    v as i64
}

fn unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

const GAME_COLUMNS: &str = "id, guild_id, channel_id, host_id, status, version, deadline_ms, \
                            state, snapshot_version, message_id, message_ms";

impl Store {
    /// Open the database at `url` (`sqlite://FILE`, created if missing, or
    /// `postgres://USER@HOST/DB`) and apply that backend's migrations.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let backend = Backend::of_url(url).ok_or_else(|| StoreError::BadUrl(url.to_string()))?;
        sqlx::any::install_default_drivers();
        let pool = match backend {
            Backend::Sqlite => {
                // Create the file if missing, unless the URL says otherwise.
                let url = if url.contains("mode=") {
                    url.to_string()
                } else if url.contains('?') {
                    format!("{url}&mode=rwc")
                } else {
                    format!("{url}?mode=rwc")
                };
                let opts = AnyConnectOptions::from_str(&url)?;
                AnyPoolOptions::new()
                    // One connection: SQLite has one writer at a time anyway, and queueing
                    // here is far cheaper than SQLite's sleeping busy handler.
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(30))
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
                            )
                            .await?;
                            Ok(())
                        })
                    })
                    .connect_with(opts)
                    .await?
            }
            Backend::Postgres => {
                let opts = AnyConnectOptions::from_str(url)?;
                // One plain connection first: a wrong address, user or database fails at once
                // with the server's own reason (the pool would retry until its timeout).
                let probe = tokio::time::timeout(
                    Duration::from_secs(10),
                    sqlx::AnyConnection::connect_with(&opts),
                )
                .await
                .map_err(|_| sqlx::Error::PoolTimedOut)??;
                probe.close().await?;
                AnyPoolOptions::new()
                    .max_connections(16)
                    .min_connections(1)
                    // A database that went away refuses an action within a few seconds
                    // (and the game stays as it was) rather than holding it.
                    .acquire_timeout(Duration::from_secs(3))
                    .connect_with(opts)
                    .await?
            }
        };
        match backend {
            Backend::Sqlite => sqlx::migrate!("../../migrations/sqlite").run(&pool).await?,
            Backend::Postgres => {
                sqlx::migrate!("../../migrations/postgres")
                    .run(&pool)
                    .await?
            }
        }
        Ok(Store {
            pool,
            backend,
            written: Arc::new(AtomicU64::new(0)),
            hold_clock: false,
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Test seam: run every query on a blocking thread, so that a test on tokio's paused
    /// clock does not see time jump ahead while the database works (tokio advances a paused
    /// clock whenever every task waits, and it cannot see the database's own threads or
    /// sockets as work). Production stores never set it: queries run on the caller's task.
    pub fn holding_paused_clock(mut self) -> Store {
        self.hold_clock = true;
        self
    }

    async fn run<T: Send + 'static>(
        &self,
        f: impl std::future::Future<Output = T> + Send + 'static,
    ) -> T {
        if !self.hold_clock {
            return f.await;
        }
        let handle = tokio::runtime::Handle::current();
        match tokio::task::spawn_blocking(move || handle.block_on(f)).await {
            Ok(v) => v,
            Err(e) => std::panic::resume_unwind(e.into_panic()),
        }
    }

    /// Payload bytes written by commits so far (see [`Change::payload_bytes`]).
    pub fn bytes_written(&self) -> u64 {
        self.written.load(Ordering::Relaxed)
    }

    /// Close the pool (waits for connections to be returned).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Run SQL as it is (several statements allowed): for tests and operators' tools.
    pub async fn execute(&self, sql: &str) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let sql = sql.to_string();
        self.run(async move {
            pool.execute(sql.as_str()).await?;
            Ok(())
        })
        .await
    }

    /// Hand out a new game id (never handed out before).
    pub async fn new_game_id(&self) -> Result<i64, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query("INSERT INTO game_ids DEFAULT VALUES RETURNING id")
                .fetch_one(&pool)
                .await?;
            Ok(row.try_get::<i64, _>(0)?)
        })
        .await
    }

    /// Store a new game. Conflict if its channel already has an active game; Fenced if the
    /// lease it names was taken over meanwhile.
    pub async fn create(&self, g: NewGame) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let backend = self.backend;
        self.run(async move {
            let mut tx = begin(&pool, backend).await?;
            if let Some((count, shard)) = g.lease {
                // PostgreSQL: lock the lease row, so a takeover waits for this game (and then
                // stamps its fence on it) or this game sees the takeover. SQLite's IMMEDIATE
                // transactions are one at a time anyway.
                let lock = match backend {
                    Backend::Postgres => " FOR UPDATE",
                    Backend::Sqlite => "",
                };
                let held: Option<i64> = sqlx::query(&format!(
                    "SELECT fence FROM shard_leases WHERE shard_count = $1 AND shard = $2{lock}"
                ))
                .bind(count as i64)
                .bind(shard as i64)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| r.try_get(0))
                .transpose()?;
                if held != Some(g.fence) {
                    tx.rollback().await?;
                    return Err(StoreError::Fenced {
                        ours: g.fence,
                        held: held.unwrap_or(0),
                    });
                }
            }
            let res = sqlx::query(
                "INSERT INTO games (id, guild_id, channel_id, host_id, status, rules, state, genesis,
                                    version, snapshot_version, deadline_ms, fence, created_ms,
                                    updated_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8, $9, $10, $11, $11)",
            )
            .bind(g.id)
            .bind(id64(g.guild))
            .bind(id64(g.channel))
            .bind(id64(g.host))
            .bind(g.status.name())
            .bind(&g.rules)
            .bind(&g.state)
            .bind(g.version as i64)
            .bind(g.deadline_ms)
            .bind(g.fence)
            .bind(g.now_ms)
            .execute(&mut *tx)
            .await;
            match res {
                Err(e) if unique_violation(&e) => return Err(StoreError::Conflict),
                other => other?,
            };
            write_seats(&mut tx, g.id, &g.seats).await?;
            append(&mut tx, g.id, &g.log).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Store one action, in one transaction: append the log entry and move the game from
    /// `version - 1` to `version`. Conflict if the game is at another version; Fenced if
    /// another process took the game over.
    pub async fn commit(&self, c: Change) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let backend = self.backend;
        let written = self.written.clone();
        let bytes = c.payload_bytes();
        self.run(async move {
            let mut tx = begin(&pool, backend).await?;
            let version = c.log.version as i64;
            let mut sql = String::from(
                "UPDATE games SET status = $1, version = $2, host_id = $3, deadline_ms = $4,
                                  updated_ms = $5",
            );
            // PostgreSQL refuses arguments a statement does not use: number the optional ones
            // as they come.
            let mut n = 8;
            if c.snapshot.is_some() {
                n += 1;
                sql.push_str(&format!(", state = ${n}, snapshot_version = $2"));
            }
            if c.rules.is_some() {
                n += 1;
                sql.push_str(&format!(", rules = ${n}"));
            }
            if c.channel.is_some() {
                n += 1;
                sql.push_str(&format!(", channel_id = ${n}"));
            }
            sql.push_str(" WHERE id = $6 AND version = $7 AND fence = $8");
            let mut q = sqlx::query(&sql)
                .bind(c.status.name())
                .bind(version)
                .bind(id64(c.host))
                .bind(c.deadline_ms)
                .bind(c.now_ms)
                .bind(c.id)
                .bind(version - 1)
                .bind(c.fence);
            if let Some(s) = &c.snapshot {
                q = q.bind(s.as_str());
            }
            if let Some(r) = &c.rules {
                q = q.bind(r.as_str());
            }
            if let Some(ch) = c.channel {
                q = q.bind(id64(ch));
            }
            let done = q.execute(&mut *tx).await?;
            if done.rows_affected() != 1 {
                let row = sqlx::query("SELECT fence FROM games WHERE id = $1")
                    .bind(c.id)
                    .fetch_optional(&mut *tx)
                    .await?;
                tx.rollback().await?;
                let held: i64 = row.ok_or(StoreError::NotFound)?.try_get(0)?;
                return Err(if held != c.fence {
                    StoreError::Fenced {
                        ours: c.fence,
                        held,
                    }
                } else {
                    StoreError::Conflict
                });
            }
            if let Some(seats) = &c.seats {
                write_seats(&mut tx, c.id, seats).await?;
            }
            append(&mut tx, c.id, &c.log).await?;
            tx.commit().await?;
            written.fetch_add(bytes, Ordering::Relaxed);
            Ok(())
        })
        .await
    }

    /// Record the message that shows a game's board (not a game action: no new version).
    pub async fn set_message(
        &self,
        game: i64,
        message_id: Option<u64>,
        posted_ms: Option<i64>,
    ) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let done =
                sqlx::query("UPDATE games SET message_id = $1, message_ms = $2 WHERE id = $3")
                    .bind(message_id.map(id64))
                    .bind(posted_ms)
                    .bind(game)
                    .execute(&pool)
                    .await?;
            if done.rows_affected() == 1 {
                Ok(())
            } else {
                Err(StoreError::NotFound)
            }
        })
        .await
    }

    /// A game with the log after its snapshot.
    pub async fn load(&self, id: i64) -> Result<Loaded, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
                .bind(id)
                .fetch_optional(&pool)
                .await?
                .ok_or(StoreError::NotFound)?;
            let row = game_row(&row)?;
            let log = log_rows(
                sqlx::query(
                    "SELECT version, actor, command, played, at_ms FROM actions
                     WHERE game_id = $1 AND version > $2 ORDER BY version",
                )
                .bind(id)
                .bind(row.snapshot_version as i64)
                .fetch_all(&pool)
                .await?,
            )?;
            Ok(Loaded { row, log })
        })
        .await
    }

    /// Every game in a lobby or being played on the given shards, oldest first, each with the
    /// log after its snapshot (two queries however many games there are).
    pub async fn active(&self, shards: ShardSet) -> Result<Vec<Loaded>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let filter = "g.status IN ('lobby', 'playing')
                          AND ((g.guild_id / 4194304) % $1) BETWEEN $2 AND $3";
            let games = sqlx::query(&format!(
                "SELECT {} FROM games g WHERE {filter} ORDER BY g.id",
                GAME_COLUMNS
                    .split(", ")
                    .map(|c| format!("g.{c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .bind(shards.count as i64)
            .bind(shards.first as i64)
            .bind(shards.last as i64)
            .fetch_all(&pool)
            .await?;
            let actions = sqlx::query(&format!(
                "SELECT a.game_id, a.version, a.actor, a.command, a.played, a.at_ms
                 FROM actions a JOIN games g ON g.id = a.game_id
                 WHERE {filter} AND a.version > g.snapshot_version
                 ORDER BY a.game_id, a.version"
            ))
            .bind(shards.count as i64)
            .bind(shards.first as i64)
            .bind(shards.last as i64)
            .fetch_all(&pool)
            .await?;
            let mut out: Vec<Loaded> = Vec::with_capacity(games.len());
            let mut index = std::collections::HashMap::new();
            for g in &games {
                let row = game_row(g)?;
                index.insert(row.id, out.len());
                out.push(Loaded {
                    row,
                    log: Vec::new(),
                });
            }
            for a in &actions {
                let game: i64 = a.try_get(0)?;
                if let Some(&i) = index.get(&game) {
                    out[i].log.push(LogRow {
                        version: a.try_get::<i64, _>(1)? as u64,
                        actor: a.try_get(2)?,
                        command: a.try_get(3)?,
                        played: a.try_get(4)?,
                        at_ms: a.try_get(5)?,
                    });
                }
            }
            Ok(out)
        })
        .await
    }

    /// The newest game of a channel, active or not.
    pub async fn latest_in_channel(&self, channel: u64) -> Result<Option<i64>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row =
                sqlx::query("SELECT id FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1")
                    .bind(id64(channel))
                    .fetch_optional(&pool)
                    .await?;
            Ok(row.map(|r| r.try_get::<i64, _>(0)).transpose()?)
        })
        .await
    }

    /// The newest finished game of a channel.
    pub async fn last_finished_in_channel(&self, channel: u64) -> Result<Option<i64>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query(
                "SELECT id FROM games WHERE channel_id = $1 AND status = 'finished'
                 ORDER BY id DESC LIMIT 1",
            )
            .bind(id64(channel))
            .fetch_optional(&pool)
            .await?;
            Ok(row.map(|r| r.try_get::<i64, _>(0)).transpose()?)
        })
        .await
    }

    /// The last `limit` finished games of a server, newest first, each with its seats; with
    /// `user`, only games that user sat in.
    pub async fn history(
        &self,
        guild: u64,
        user: Option<u64>,
        limit: u32,
    ) -> Result<Vec<PastGame>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let games = sqlx::query(
                "SELECT r.game_id, g.channel_id, r.winner_side, r.teams, r.finished_ms
                 FROM results r JOIN games g ON g.id = r.game_id
                 WHERE r.guild_id = $1
                   AND ($2 = 0 OR EXISTS (SELECT 1 FROM seats s
                                          WHERE s.game_id = r.game_id AND s.user_id = $3))
                 ORDER BY r.finished_ms DESC, r.game_id DESC
                 LIMIT $4",
            )
            .bind(id64(guild))
            .bind(user.is_some() as i64)
            .bind(id64(user.unwrap_or(0)))
            .bind(limit as i64)
            .fetch_all(&pool)
            .await?;
            let mut out = Vec::with_capacity(games.len());
            for g in &games {
                let game: i64 = g.try_get(0)?;
                let seats = sqlx::query(
                    "SELECT user_id, name, bot_level, team FROM seats
                     WHERE game_id = $1 ORDER BY seat",
                )
                .bind(game)
                .fetch_all(&pool)
                .await?
                .iter()
                .map(|r| {
                    Ok(SeatRow {
                        user: r.try_get::<Option<i64>, _>(0)?.map(|u| u as u64),
                        name: r.try_get(1)?,
                        bot_level: r.try_get(2)?,
                        team: r.try_get::<i64, _>(3)? as u8,
                        away: false,
                    })
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
                out.push(PastGame {
                    game,
                    channel: g.try_get::<i64, _>(1)? as u64,
                    winner_side: g.try_get::<i64, _>(2)? as u8,
                    teams: g.try_get::<i64, _>(3)? != 0,
                    finished_ms: g.try_get(4)?,
                    seats,
                });
            }
            Ok(out)
        })
        .await
    }

    /// The state a game was created with (the start of its log).
    pub async fn genesis(&self, id: i64) -> Result<String, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query("SELECT genesis FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&pool)
                .await?
                .ok_or(StoreError::NotFound)?;
            Ok(row.try_get::<String, _>(0)?)
        })
        .await
    }

    /// The whole action log of a game, oldest first.
    pub async fn log(&self, game: i64) -> Result<Vec<LogRow>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            log_rows(
                sqlx::query(
                    "SELECT version, actor, command, played, at_ms FROM actions
                     WHERE game_id = $1 ORDER BY version",
                )
                .bind(game)
                .fetch_all(&pool)
                .await?,
            )
        })
        .await
    }

    /// Record a finished game and update every human player's statistics, fair-play counts
    /// and ratings (of the season `finished_ms` falls in), exactly once per game (a second
    /// call for the same game changes nothing), in one transaction.
    pub async fn record_result(&self, r: ResultRow) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let backend = self.backend;
        self.run(async move {
            let mut tx = begin(&pool, backend).await?;
            let inserted = sqlx::query(
                "INSERT INTO results (game_id, guild_id, winner_side, teams, ranking, finished_ms)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(r.game)
            .bind(id64(r.guild))
            .bind(r.winner_side as i64)
            .bind(r.teams as i64)
            .bind(&r.ranking)
            .bind(r.finished_ms)
            .execute(&mut *tx)
            .await?;
            if inserted.rows_affected() == 1 {
                for p in &r.players {
                    sqlx::query(
                        "INSERT INTO player_stats (guild_id, user_id, name, games, wins, team_wins,
                                                   captures, pieces_home, timeouts, leaves)
                         VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9)
                         ON CONFLICT (guild_id, user_id) DO UPDATE SET
                            name = excluded.name,
                            games = player_stats.games + 1,
                            wins = player_stats.wins + excluded.wins,
                            team_wins = player_stats.team_wins + excluded.team_wins,
                            captures = player_stats.captures + excluded.captures,
                            pieces_home = player_stats.pieces_home + excluded.pieces_home,
                            timeouts = player_stats.timeouts + excluded.timeouts,
                            leaves = player_stats.leaves + excluded.leaves",
                    )
                    .bind(id64(r.guild))
                    .bind(id64(p.user))
                    .bind(&p.name)
                    .bind(p.won as i64)
                    .bind(p.team_won as i64)
                    .bind(p.captures as i64)
                    .bind(p.pieces_home as i64)
                    .bind(p.timeouts as i64)
                    .bind(p.left as i64)
                    .execute(&mut *tx)
                    .await?;
                }
                ratings::rate_result(&mut tx, &r).await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// A player's statistics in a server.
    pub async fn stats(&self, guild: u64, user: u64) -> Result<Option<Stats>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query(
                "SELECT user_id, name, games, wins, team_wins, captures, pieces_home
                 FROM player_stats WHERE guild_id = $1 AND user_id = $2",
            )
            .bind(id64(guild))
            .bind(id64(user))
            .fetch_optional(&pool)
            .await?;
            row.as_ref().map(stats_row).transpose()
        })
        .await
    }

    /// The best players of a server: most wins, then best win rate.
    pub async fn leaderboard(&self, guild: u64, limit: u32) -> Result<Vec<Stats>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let rows = sqlx::query(
                "SELECT user_id, name, games, wins, team_wins, captures, pieces_home
                 FROM player_stats WHERE guild_id = $1
                 ORDER BY wins DESC, CAST(wins AS REAL) / games DESC, games DESC, user_id
                 LIMIT $2",
            )
            .bind(id64(guild))
            .bind(limit as i64)
            .fetch_all(&pool)
            .await?;
            rows.iter().map(stats_row).collect()
        })
        .await
    }

    /// A server's defaults for new games (all None when never set).
    pub async fn server_defaults(&self, guild: u64) -> Result<ServerDefaults, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query(
                "SELECT preset, house_rules, turn_seconds, seasons, threads FROM server_defaults
                 WHERE guild_id = $1",
            )
            .bind(id64(guild))
            .fetch_optional(&pool)
            .await?;
            let Some(r) = row else {
                return Ok(ServerDefaults::default());
            };
            Ok(ServerDefaults {
                preset: r.try_get::<Option<String>, _>(0)?,
                house_rules: r.try_get::<Option<String>, _>(1)?,
                turn_seconds: r.try_get::<Option<i64>, _>(2)?.map(|n| n as u32),
                seasons: r.try_get::<Option<String>, _>(3)?,
                threads: r.try_get::<Option<i64>, _>(4)? == Some(1),
            })
        })
        .await
    }

    /// Replace a server's defaults (all None: forget them).
    pub async fn set_server_defaults(
        &self,
        guild: u64,
        d: &ServerDefaults,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let d = d.clone();
        self.run(async move {
            if d.is_empty() {
                sqlx::query("DELETE FROM server_defaults WHERE guild_id = $1")
                    .bind(id64(guild))
                    .execute(&pool)
                    .await?;
                return Ok(());
            }
            sqlx::query(
                "INSERT INTO server_defaults (guild_id, preset, house_rules, turn_seconds, updated_ms,
                                              seasons, threads)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (guild_id) DO UPDATE SET preset = excluded.preset,
                     house_rules = excluded.house_rules, turn_seconds = excluded.turn_seconds,
                     updated_ms = excluded.updated_ms, seasons = excluded.seasons,
                     threads = excluded.threads",
            )
            .bind(id64(guild))
            .bind(d.preset)
            .bind(d.house_rules)
            .bind(d.turn_seconds.map(|n| n as i64))
            .bind(now_ms)
            .bind(d.seasons)
            .bind(d.threads.then_some(1i64))
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// Take (or take back) the lease on a shard: granted when nobody holds it, when the
    /// holder's lease has expired, or when the holder is `owner` itself (the same instance
    /// restarted). Every grant carries a fence number larger than any before it, and stamps
    /// it on the shard's active games, so the writes of any earlier holder are refused from
    /// then on. None: someone else holds it (see [`Store::lease`]).
    pub async fn acquire_lease(
        &self,
        count: u32,
        shard: u32,
        owner: &str,
        ttl_ms: i64,
        now_ms: i64,
    ) -> Result<Option<Lease>, StoreError> {
        Ok(self
            .acquire_leases(count, &[shard], owner, ttl_ms, now_ms)
            .await?
            .and_then(|mut l| l.pop()))
    }

    /// Take the leases on several shards at once, all or none (as [`Store::acquire_lease`]
    /// for each, in one transaction with one new fence number).
    pub async fn acquire_leases(
        &self,
        count: u32,
        shards: &[u32],
        owner: &str,
        ttl_ms: i64,
        now_ms: i64,
    ) -> Result<Option<Vec<Lease>>, StoreError> {
        let pool = self.pool.clone();
        let backend = self.backend;
        let owner = owner.to_string();
        let shards = shards.to_vec();
        self.run(async move {
            let mut tx = begin(&pool, backend).await?;
            let fence: i64 = sqlx::query(
                "UPDATE counters SET value = value + 1 WHERE name = 'fence' RETURNING value",
            )
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
            for &shard in &shards {
                let done = sqlx::query(
                    "INSERT INTO shard_leases (shard_count, shard, owner, fence, expires_ms)
                     VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (shard_count, shard) DO UPDATE SET owner = excluded.owner,
                         fence = excluded.fence, expires_ms = excluded.expires_ms
                     WHERE shard_leases.expires_ms <= $6 OR shard_leases.owner = $3",
                )
                .bind(count as i64)
                .bind(shard as i64)
                .bind(&owner)
                .bind(fence)
                .bind(now_ms + ttl_ms)
                .bind(now_ms)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() != 1 {
                    // Not granted; the fence number is not used (numbers need not be dense).
                    tx.rollback().await?;
                    return Ok(None);
                }
                sqlx::query(
                    "UPDATE games SET fence = $1
                     WHERE status IN ('lobby', 'playing') AND ((guild_id / 4194304) % $2) = $3",
                )
                .bind(fence)
                .bind(count as i64)
                .bind(shard as i64)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(Some(
                shards
                    .iter()
                    .map(|&shard| Lease {
                        shard,
                        owner: owner.clone(),
                        fence,
                        expires_ms: now_ms + ttl_ms,
                    })
                    .collect(),
            ))
        })
        .await
    }

    /// Extend a lease this process holds. False: it is no longer ours (another process took
    /// it after it expired), so this process must stop driving the shard's games.
    pub async fn renew_lease(
        &self,
        count: u32,
        lease: &Lease,
        ttl_ms: i64,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        let lease = lease.clone();
        self.run(async move {
            let done = sqlx::query(
                "UPDATE shard_leases SET expires_ms = $1
                 WHERE shard_count = $2 AND shard = $3 AND owner = $4 AND fence = $5",
            )
            .bind(now_ms + ttl_ms)
            .bind(count as i64)
            .bind(lease.shard as i64)
            .bind(&lease.owner)
            .bind(lease.fence)
            .execute(&pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
        .await
    }

    /// Give a lease up (a clean shutdown), so another process may take it at once.
    pub async fn release_lease(&self, count: u32, lease: &Lease) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let lease = lease.clone();
        self.run(async move {
            sqlx::query(
                "UPDATE shard_leases SET expires_ms = 0
                 WHERE shard_count = $1 AND shard = $2 AND owner = $3 AND fence = $4",
            )
            .bind(count as i64)
            .bind(lease.shard as i64)
            .bind(&lease.owner)
            .bind(lease.fence)
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// Who holds a shard's lease (expired or not), if anyone ever did.
    pub async fn lease(&self, count: u32, shard: u32) -> Result<Option<Lease>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query(
                "SELECT owner, fence, expires_ms FROM shard_leases
                 WHERE shard_count = $1 AND shard = $2",
            )
            .bind(count as i64)
            .bind(shard as i64)
            .fetch_optional(&pool)
            .await?;
            row.map(|r| {
                Ok(Lease {
                    shard,
                    owner: r.try_get(0)?,
                    fence: r.try_get(1)?,
                    expires_ms: r.try_get(2)?,
                })
            })
            .transpose()
        })
        .await
    }

    /// Reserve `slots` consecutive IDENTIFY slots of `gap_ms` in a bucket, shared by every
    /// process on this database: returns when the first may be sent (now, or after the slots
    /// other processes reserved before).
    pub async fn reserve_identify(
        &self,
        bucket: u32,
        slots: u32,
        gap_ms: i64,
        now_ms: i64,
    ) -> Result<i64, StoreError> {
        let pool = self.pool.clone();
        let backend = self.backend;
        self.run(async move {
            let mut tx = begin(&pool, backend).await?;
            sqlx::query(
                "INSERT INTO identify_slots (bucket, next_ms) VALUES ($1, 0)
                 ON CONFLICT (bucket) DO NOTHING",
            )
            .bind(bucket as i64)
            .execute(&mut *tx)
            .await?;
            // The UPDATE takes the row's lock, so two processes never get the same slot.
            let next: i64 = sqlx::query(
                "UPDATE identify_slots
                 SET next_ms = (CASE WHEN next_ms > $1 THEN next_ms ELSE $1 END) + $2
                 WHERE bucket = $3 RETURNING next_ms",
            )
            .bind(now_ms)
            .bind(gap_ms * slots as i64)
            .bind(bucket as i64)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
            tx.commit().await?;
            Ok(next - gap_ms * slots as i64)
        })
        .await
    }
}

/// A write transaction. SQLite's deferred transactions fail with "database is locked" when a
/// read turns into a write while another connection writes (the busy timeout does not apply
/// there), so they begin IMMEDIATE; PostgreSQL's row locks need nothing of the kind.
async fn begin(
    pool: &AnyPool,
    backend: Backend,
) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    match backend {
        Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => pool.begin().await,
    }
}

/// A scratch database beside the one at `url` (PostgreSQL: a new database named `name` on
/// the same server, dropped first if it exists), for benchmarks and tests. Returns its URL.
pub async fn create_scratch(url: &str, name: &str) -> Result<String, StoreError> {
    if Backend::of_url(url) != Some(Backend::Postgres) {
        return Err(StoreError::BadUrl(url.to_string()));
    }
    let mut c = sqlx::PgConnection::connect(url).await?;
    c.execute(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)").as_str())
        .await?;
    c.execute(format!("CREATE DATABASE \"{name}\"").as_str())
        .await?;
    c.close().await?;
    let (base, _) = url.rsplit_once('/').unwrap_or((url, ""));
    Ok(format!("{base}/{name}"))
}

/// Drop a scratch database made by [`create_scratch`] (`url` is the server's other database).
pub async fn drop_scratch(url: &str, name: &str) -> Result<(), StoreError> {
    let mut c = sqlx::PgConnection::connect(url).await?;
    c.execute(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)").as_str())
        .await?;
    c.close().await?;
    Ok(())
}

async fn write_seats(
    tx: &mut sqlx::AnyConnection,
    game: i64,
    seats: &[SeatRow],
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM seats WHERE game_id = $1")
        .bind(game)
        .execute(&mut *tx)
        .await?;
    for (i, s) in seats.iter().enumerate() {
        sqlx::query(
            "INSERT INTO seats (game_id, seat, user_id, name, bot_level, team, away)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(game)
        .bind(i as i64)
        .bind(s.user.map(id64))
        .bind(&s.name)
        .bind(s.bot_level.as_deref())
        .bind(s.team as i64)
        .bind(s.away)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

async fn append(tx: &mut sqlx::AnyConnection, game: i64, e: &LogRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO actions (game_id, version, actor, command, played, at_ms)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(game)
    .bind(e.version as i64)
    .bind(&e.actor)
    .bind(&e.command)
    .bind(e.played.as_deref())
    .bind(e.at_ms)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

fn game_row(r: &AnyRow) -> Result<GameRow, StoreError> {
    let status: String = r.try_get(4)?;
    Ok(GameRow {
        id: r.try_get(0)?,
        guild: r.try_get::<i64, _>(1)? as u64,
        channel: r.try_get::<i64, _>(2)? as u64,
        host: r.try_get::<i64, _>(3)? as u64,
        status: GameStatus::from_name(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
        version: r.try_get::<i64, _>(5)? as u64,
        deadline_ms: r.try_get(6)?,
        snapshot: r.try_get(7)?,
        snapshot_version: r.try_get::<i64, _>(8)? as u64,
        message_id: r.try_get::<Option<i64>, _>(9)?.map(|m| m as u64),
        message_ms: r.try_get(10)?,
    })
}

fn log_rows(rows: Vec<AnyRow>) -> Result<Vec<LogRow>, StoreError> {
    rows.iter()
        .map(|r| {
            Ok(LogRow {
                version: r.try_get::<i64, _>(0)? as u64,
                actor: r.try_get(1)?,
                command: r.try_get(2)?,
                played: r.try_get(3)?,
                at_ms: r.try_get(4)?,
            })
        })
        .collect()
}

fn stats_row(r: &AnyRow) -> Result<Stats, StoreError> {
    Ok(Stats {
        user: r.try_get::<i64, _>(0)? as u64,
        name: r.try_get(1)?,
        games: r.try_get::<i64, _>(2)? as u32,
        wins: r.try_get::<i64, _>(3)? as u32,
        team_wins: r.try_get::<i64, _>(4)? as u32,
        captures: r.try_get::<i64, _>(5)? as u32,
        pieces_home: r.try_get::<i64, _>(6)? as u32,
    })
}
