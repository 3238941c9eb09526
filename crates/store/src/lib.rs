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

mod announce;
mod commits;
mod defaults;
mod events;
mod games;
mod leases;
mod pings;
mod reach;
mod records;
mod results;
mod scratch;
pub use announce::{channel_of, Announcements, Moved};
pub use commits::{CommitStats, MAX_BATCH};
pub use events::EventRow;
pub use leases::*;
pub use pings::*;
pub use reach::*;
pub use records::*;
pub use scratch::*;

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

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// PostgreSQL: the leases' own connections, which no load of games can starve.
    lease_pool: Option<AnyPool>,
    backend: Backend,
    written: Arc<AtomicU64>,
    hold_clock: bool,
    /// The group-commit writer's queues (see the `commits` module).
    queues: Arc<std::sync::OnceLock<commits::Queues>>,
    commit_stats: Arc<CommitStats>,
    /// PostgreSQL: where to open the announcements' own connection.
    url: Option<Arc<str>>,
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
        let mut lease_pool = None;
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
                    // A file does not go away between two uses: no ping on every acquire (a
                    // round trip to SQLite's thread each).
                    .test_before_acquire(false)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; \
                                 PRAGMA cache_size = -32768; PRAGMA mmap_size = 268435456;",
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
                lease_pool = Some(
                    AnyPoolOptions::new()
                        .max_connections(2)
                        .min_connections(1)
                        .acquire_timeout(Duration::from_secs(3))
                        .connect_with(opts.clone())
                        .await?,
                );
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
            lease_pool,
            backend,
            written: Arc::new(AtomicU64::new(0)),
            hold_clock: false,
            queues: Arc::new(std::sync::OnceLock::new()),
            commit_stats: Arc::new(CommitStats::default()),
            url: (backend == Backend::Postgres).then(|| Arc::from(url)),
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

    /// Close the pools (waits for connections to be returned).
    pub async fn close(&self) {
        self.pool.close().await;
        if let Some(p) = &self.lease_pool {
            p.close().await;
        }
    }

    /// The connections leases are taken, renewed and given back on: their own where the
    /// database has several (a busy writer never delays a renewal), else the one pool.
    pub(crate) fn leases_pool(&self) -> AnyPool {
        self.lease_pool.clone().unwrap_or_else(|| self.pool.clone())
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
