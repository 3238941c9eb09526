//! SQLite storage: games with their state, seats, the append-only action log, results and
//! per-server statistics. Every action is one transaction guarded by the game's version.

use crate::game::Action;
use crate::table::core::{Actor, Command, Player, Status, Table};
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    /// Someone else changed the game first.
    #[error("the game changed in the meantime (version conflict)")]
    Conflict,
    #[error("no such game")]
    NotFound,
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// One entry of the action log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    pub version: u64,
    pub actor: Actor,
    pub command: Command,
    pub at_ms: i64,
    /// What the computer played for this command (bot turn, time-out).
    pub played: Option<Action>,
}

/// A stored game with the message that shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    pub table: Table,
    pub message_id: Option<u64>,
    /// When that message was posted (ms since the Unix epoch).
    pub message_ms: Option<i64>,
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
}

impl ServerDefaults {
    pub fn is_empty(&self) -> bool {
        *self == ServerDefaults::default()
    }
}

#[derive(Clone)]
pub struct Store {
    pool: SqlitePool,
}

/// Run a storage future on a blocking thread. SQLite work happens on sqlx's own worker thread,
/// which tokio cannot see; a blocking task tells a paused test clock not to jump ahead while
/// the database is busy (tests use tokio's paused clock, never real sleeps).
pub async fn off_clock<T: Send + 'static>(
    f: impl std::future::Future<Output = T> + Send + 'static,
) -> T {
    let handle = tokio::runtime::Handle::current();
    match tokio::task::spawn_blocking(move || handle.block_on(f)).await {
        Ok(v) => v,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

fn id64(v: u64) -> i64 {
    v as i64
}

impl Store {
    /// Open (creating if needed) the database at `url` and apply the migrations.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let url = url.to_string();
        off_clock(async move { Store::open_now(&url).await }).await
    }

    async fn open_now(url: &str) -> Result<Store, StoreError> {
        let opts = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            // One connection: SQLite has one writer at a time anyway, and queueing here is far
            // cheaper than SQLite's sleeping busy handler when several connections contend.
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(opts)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// The next game id to use (ids are assigned here so the table knows its own).
    async fn next_id(tx: &mut sqlx::SqliteConnection) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COALESCE(MAX(id), 0) + 1 FROM games")
            .fetch_one(&mut *tx)
            .await?;
        Ok(row.get::<i64, _>(0))
    }

    /// Create a game: `make` builds the table for the id the database hands out. Fails with
    /// Conflict if the channel already has an active game.
    pub async fn create(
        &self,
        actor: &Actor,
        command: &Command,
        now_ms: i64,
        make: impl FnOnce(i64) -> Table + Send + 'static,
    ) -> Result<Table, StoreError> {
        let store = self.clone();
        let actor = actor.clone();
        let command = command.clone();
        off_clock(async move { store.create_now(actor, command, now_ms, make).await }).await
    }

    async fn create_now(
        &self,
        actor: Actor,
        command: Command,
        now_ms: i64,
        make: impl FnOnce(i64) -> Table + Send + 'static,
    ) -> Result<Table, StoreError> {
        let actor = &actor;
        let command = &command;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let id = Self::next_id(&mut tx).await?;
        let table = make(id);
        let res = Self::insert_game(&mut tx, &table, now_ms).await;
        match res {
            Err(StoreError::Db(sqlx::Error::Database(e))) if e.is_unique_violation() => {
                return Err(StoreError::Conflict)
            }
            other => other?,
        }
        Self::write_seats(&mut tx, &table).await?;
        Self::append(
            &mut tx,
            table.id,
            table.version,
            actor,
            command,
            None,
            now_ms,
        )
        .await?;
        tx.commit().await?;
        Ok(table)
    }

    async fn insert_game(
        tx: &mut sqlx::SqliteConnection,
        t: &Table,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let state = serde_json::to_string(t).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let rules = serde_json::to_string(&t.settings.rules)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        sqlx::query(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, rules, state, genesis,
                                version, deadline_ms, created_ms, updated_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(t.id)
        .bind(id64(t.guild))
        .bind(id64(t.channel))
        .bind(id64(t.host))
        .bind(t.status.name())
        .bind(rules)
        .bind(&state)
        .bind(&state)
        .bind(t.version as i64)
        .bind(t.deadline_ms)
        .bind(now_ms)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    async fn write_seats(tx: &mut sqlx::SqliteConnection, t: &Table) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM seats WHERE game_id = ?")
            .bind(t.id)
            .execute(&mut *tx)
            .await?;
        for (i, s) in t.seats.iter().enumerate() {
            let (user, bot) = match &s.player {
                Player::Human { user, .. } => (Some(id64(*user)), None),
                Player::Bot { level } => (None, Some(level.name())),
            };
            sqlx::query(
                "INSERT INTO seats (game_id, seat, user_id, name, bot_level, team, away)
                 VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(t.id)
            .bind(i as i64)
            .bind(user)
            .bind(s.name(i, t.settings.lang))
            .bind(bot)
            .bind(s.team as i64)
            .bind(s.away)
            .execute(&mut *tx)
            .await?;
        }
        Ok(())
    }

    async fn append(
        tx: &mut sqlx::SqliteConnection,
        game: i64,
        version: u64,
        actor: &Actor,
        command: &Command,
        played: Option<&Action>,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let json = |e: serde_json::Error| StoreError::Corrupt(e.to_string());
        let actor = serde_json::to_string(actor).map_err(json)?;
        let command = serde_json::to_string(command).map_err(json)?;
        let played = played
            .map(serde_json::to_string)
            .transpose()
            .map_err(json)?;
        sqlx::query(
            "INSERT INTO actions (game_id, version, actor, command, played, at_ms)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(game)
        .bind(version as i64)
        .bind(actor)
        .bind(command)
        .bind(played)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    /// Store a table after an action, in one transaction: log the action, write the new
    /// state, and move from `t.version - 1` to `t.version`. Refused if the stored version is
    /// not `t.version - 1`.
    pub async fn commit(
        &self,
        t: &Table,
        actor: &Actor,
        command: &Command,
        played: Option<&Action>,
        now_ms: i64,
        seats_changed: bool,
    ) -> Result<(), StoreError> {
        let store = self.clone();
        let t = t.clone();
        let actor = actor.clone();
        let command = command.clone();
        let played = played.copied();
        off_clock(async move {
            store
                .commit_now(t, actor, command, played, now_ms, seats_changed)
                .await
        })
        .await
    }

    async fn commit_now(
        &self,
        t: Table,
        actor: Actor,
        command: Command,
        played: Option<Action>,
        now_ms: i64,
        seats_changed: bool,
    ) -> Result<(), StoreError> {
        let t = &t;
        let actor = &actor;
        let command = &command;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let state = serde_json::to_string(t).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        // The rules change only in the lobby (the host picks another preset); kept in step.
        let rules = serde_json::to_string(&t.settings.rules)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let done = sqlx::query(
            "UPDATE games SET status = ?, state = ?, version = ?, host_id = ?,
                              deadline_ms = ?, updated_ms = ?, rules = ?
             WHERE id = ? AND version = ?",
        )
        .bind(t.status.name())
        .bind(state)
        .bind(t.version as i64)
        .bind(id64(t.host))
        .bind(t.deadline_ms)
        .bind(now_ms)
        .bind(rules)
        .bind(t.id)
        .bind(t.version as i64 - 1)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        if seats_changed {
            Self::write_seats(&mut tx, t).await?;
        }
        Self::append(
            &mut tx,
            t.id,
            t.version,
            actor,
            command,
            played.as_ref(),
            now_ms,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Record the message that shows a game's board (not a game action: no new version).
    pub async fn set_message(
        &self,
        game: i64,
        message_id: Option<u64>,
        posted_ms: Option<i64>,
    ) -> Result<(), StoreError> {
        let store = self.clone();
        off_clock(async move { store.set_message_now(game, message_id, posted_ms).await }).await
    }

    async fn set_message_now(
        &self,
        game: i64,
        message_id: Option<u64>,
        posted_ms: Option<i64>,
    ) -> Result<(), StoreError> {
        let done = sqlx::query("UPDATE games SET message_id = ?, message_ms = ? WHERE id = ?")
            .bind(message_id.map(id64))
            .bind(posted_ms)
            .bind(game)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::NotFound)
        }
    }

    fn parse(state: &str) -> Result<Table, StoreError> {
        serde_json::from_str(state).map_err(|e| StoreError::Corrupt(e.to_string()))
    }

    fn stored(r: &sqlx::sqlite::SqliteRow) -> Result<Stored, StoreError> {
        Ok(Stored {
            table: Self::parse(r.get::<&str, _>(0))?,
            message_id: r.get::<Option<i64>, _>(1).map(|m| m as u64),
            message_ms: r.get::<Option<i64>, _>(2),
        })
    }

    /// Every game in a lobby or being played.
    pub async fn active(&self) -> Result<Vec<Stored>, StoreError> {
        let store = self.clone();
        off_clock(async move { store.active_now().await }).await
    }

    async fn active_now(&self) -> Result<Vec<Stored>, StoreError> {
        let rows = sqlx::query(
            "SELECT state, message_id, message_ms FROM games
             WHERE status IN ('lobby', 'playing') ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Self::stored).collect()
    }

    /// A game by id.
    pub async fn get(&self, id: i64) -> Result<Stored, StoreError> {
        let store = self.clone();
        off_clock(async move { store.get_now(id).await }).await
    }

    async fn get_now(&self, id: i64) -> Result<Stored, StoreError> {
        let row = sqlx::query("SELECT state, message_id, message_ms FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        Self::stored(&row)
    }

    /// The state a game was created with (the start of its log).
    pub async fn genesis(&self, id: i64) -> Result<Table, StoreError> {
        let store = self.clone();
        off_clock(async move { store.genesis_now(id).await }).await
    }

    async fn genesis_now(&self, id: i64) -> Result<Table, StoreError> {
        let row = sqlx::query("SELECT genesis FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        Self::parse(row.get::<&str, _>(0))
    }

    /// The newest game of a channel, active or not.
    pub async fn latest_in_channel(&self, channel: u64) -> Result<Option<Stored>, StoreError> {
        let store = self.clone();
        off_clock(async move { store.latest_in_channel_now(channel).await }).await
    }

    async fn latest_in_channel_now(&self, channel: u64) -> Result<Option<Stored>, StoreError> {
        let row = sqlx::query(
            "SELECT state, message_id, message_ms FROM games
             WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
        )
        .bind(id64(channel))
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(Self::stored).transpose()
    }

    /// Replay a game's log from its genesis: the state it must reproduce.
    pub async fn replay(&self, id: i64) -> Result<Table, StoreError> {
        let store = self.clone();
        off_clock(async move { store.replay_now(id).await }).await
    }

    async fn replay_now(&self, id: i64) -> Result<Table, StoreError> {
        let mut t = self.genesis(id).await?;
        for e in self.log(id).await? {
            if e.version == 0 {
                continue;
            }
            t.apply_logged(&e.actor, &e.command, e.at_ms, e.played.as_ref())
                .map_err(|r| {
                    StoreError::Corrupt(format!("log entry {} refused: {r}", e.version))
                })?;
            if t.version != e.version {
                return Err(StoreError::Corrupt(format!(
                    "log entry {} out of order",
                    e.version
                )));
            }
        }
        Ok(t)
    }

    /// The action log of a game, oldest first.
    pub async fn log(&self, game: i64) -> Result<Vec<LogEntry>, StoreError> {
        let store = self.clone();
        off_clock(async move { store.log_now(game).await }).await
    }

    async fn log_now(&self, game: i64) -> Result<Vec<LogEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, actor, command, at_ms, played FROM actions
             WHERE game_id = ? ORDER BY version",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(LogEntry {
                    version: r.get::<i64, _>(0) as u64,
                    actor: serde_json::from_str(r.get::<&str, _>(1))
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                    command: serde_json::from_str(r.get::<&str, _>(2))
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                    at_ms: r.get::<i64, _>(3),
                    played: r
                        .get::<Option<&str>, _>(4)
                        .map(serde_json::from_str)
                        .transpose()
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                })
            })
            .collect()
    }

    /// Record a finished game and update every human player's statistics.
    pub async fn record_result(&self, t: &Table, now_ms: i64) -> Result<(), StoreError> {
        let store = self.clone();
        let t = t.clone();
        off_clock(async move { store.record_result_now(t, now_ms).await }).await
    }

    async fn record_result_now(&self, t: Table, now_ms: i64) -> Result<(), StoreError> {
        let t = &t;
        let Some(outcome) = t.game.as_ref().and_then(|g| g.outcome()) else {
            return Ok(());
        };
        let game = t.game.as_ref().expect("checked above");
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let ranking = serde_json::to_string(&outcome.ranking)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let inserted = sqlx::query(
            "INSERT OR IGNORE INTO results (game_id, guild_id, winner_side, teams, ranking, finished_ms)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(t.id)
        .bind(id64(t.guild))
        .bind(outcome.winner as i64)
        .bind(t.settings.teams)
        .bind(ranking)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 1 {
            for (i, s) in t.seats.iter().enumerate() {
                let Player::Human { user, name } = &s.player else {
                    continue;
                };
                let won = game.side_of(i as u8) == outcome.winner;
                sqlx::query(
                    "INSERT INTO player_stats (guild_id, user_id, name, games, wins, team_wins, captures, pieces_home)
                     VALUES (?, ?, ?, 1, ?, ?, ?, ?)
                     ON CONFLICT (guild_id, user_id) DO UPDATE SET
                        name = excluded.name,
                        games = games + 1,
                        wins = wins + excluded.wins,
                        team_wins = team_wins + excluded.team_wins,
                        captures = captures + excluded.captures,
                        pieces_home = pieces_home + excluded.pieces_home",
                )
                .bind(id64(t.guild))
                .bind(id64(*user))
                .bind(name)
                .bind(won as i64)
                .bind((won && t.settings.teams) as i64)
                .bind(s.captures as i64)
                .bind(s.pieces_home as i64)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    fn stats_row(r: &sqlx::sqlite::SqliteRow) -> Stats {
        Stats {
            user: r.get::<i64, _>(0) as u64,
            name: r.get(1),
            games: r.get::<i64, _>(2) as u32,
            wins: r.get::<i64, _>(3) as u32,
            team_wins: r.get::<i64, _>(4) as u32,
            captures: r.get::<i64, _>(5) as u32,
            pieces_home: r.get::<i64, _>(6) as u32,
        }
    }

    /// A player's statistics in a server.
    pub async fn stats(&self, guild: u64, user: u64) -> Result<Option<Stats>, StoreError> {
        let store = self.clone();
        off_clock(async move { store.stats_now(guild, user).await }).await
    }

    async fn stats_now(&self, guild: u64, user: u64) -> Result<Option<Stats>, StoreError> {
        let row = sqlx::query(
            "SELECT user_id, name, games, wins, team_wins, captures, pieces_home
             FROM player_stats WHERE guild_id = ? AND user_id = ?",
        )
        .bind(id64(guild))
        .bind(id64(user))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(Self::stats_row))
    }

    /// The best players of a server: most wins, then best win rate.
    pub async fn leaderboard(&self, guild: u64, limit: u32) -> Result<Vec<Stats>, StoreError> {
        let store = self.clone();
        off_clock(async move { store.leaderboard_now(guild, limit).await }).await
    }

    async fn leaderboard_now(&self, guild: u64, limit: u32) -> Result<Vec<Stats>, StoreError> {
        let rows = sqlx::query(
            "SELECT user_id, name, games, wins, team_wins, captures, pieces_home
             FROM player_stats WHERE guild_id = ?
             ORDER BY wins DESC, CAST(wins AS REAL) / games DESC, games DESC, user_id
             LIMIT ?",
        )
        .bind(id64(guild))
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(Self::stats_row).collect())
    }

    /// A server's defaults for new games (all None when never set).
    pub async fn server_defaults(&self, guild: u64) -> Result<ServerDefaults, StoreError> {
        let store = self.clone();
        off_clock(async move {
            let row = sqlx::query(
                "SELECT preset, house_rules, turn_seconds FROM server_defaults WHERE guild_id = ?",
            )
            .bind(id64(guild))
            .fetch_optional(&store.pool)
            .await?;
            Ok(row
                .map(|r| ServerDefaults {
                    preset: r.get::<Option<String>, _>(0),
                    house_rules: r.get::<Option<String>, _>(1),
                    turn_seconds: r.get::<Option<i64>, _>(2).map(|n| n as u32),
                })
                .unwrap_or_default())
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
        let store = self.clone();
        let d = d.clone();
        off_clock(async move {
            if d.is_empty() {
                sqlx::query("DELETE FROM server_defaults WHERE guild_id = ?")
                    .bind(id64(guild))
                    .execute(&store.pool)
                    .await?;
                return Ok(());
            }
            sqlx::query(
                "INSERT INTO server_defaults (guild_id, preset, house_rules, turn_seconds, updated_ms)
                 VALUES (?, ?, ?, ?, ?)
                 ON CONFLICT (guild_id) DO UPDATE SET preset = excluded.preset,
                     house_rules = excluded.house_rules, turn_seconds = excluded.turn_seconds,
                     updated_ms = excluded.updated_ms",
            )
            .bind(id64(guild))
            .bind(d.preset)
            .bind(d.house_rules)
            .bind(d.turn_seconds.map(|n| n as i64))
            .bind(now_ms)
            .execute(&store.pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// Status of a game as stored (for checks).
    pub async fn status(&self, id: i64) -> Result<Status, StoreError> {
        let store = self.clone();
        off_clock(async move { store.status_now(id).await }).await
    }

    async fn status_now(&self, id: i64) -> Result<Status, StoreError> {
        let row = sqlx::query("SELECT status FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        Status::from_name(row.get::<&str, _>(0)).ok_or_else(|| StoreError::Corrupt("status".into()))
    }
}
