//! Announcements (PostgreSQL): every commit that moves a game on says so to every process,
//! with `pg_notify` in the commit's own transaction, so nothing is announced that was not
//! stored and nothing stored goes unannounced. Each game has a channel of its own
//! (`yut_game_<id>`, the payload its new version): a process `LISTEN`s only to the games it
//! follows for others, so the database filters and a process is woken only for those. The
//! notifications of one commit (a batch of up to [`crate::MAX_BATCH`] actions) reach a
//! listening connection together: the database's own work is per commit, not per action.
//!
//! SQLite has one process, which drives every game it serves: nothing to announce.

use super::*;
use sqlx::postgres::PgListener;
use std::collections::BTreeSet;

/// The notification of a game moved on, for the columns `i.game_id` and `i.version` of the
/// batch statement's rows (see `commits::one_statement_sql`).
pub(crate) const NOTIFY_MOVED: &str = "pg_notify('yut_game_' || i.game_id, i.version::text)";

/// The channel a game's announcements are sent on.
pub fn channel_of(game: i64) -> String {
    format!("yut_game_{game}")
}

fn game_of(channel: &str) -> Option<i64> {
    channel.strip_prefix("yut_game_")?.parse().ok()
}

/// Announce games moved on (game, version) in `conn`'s transaction (PostgreSQL only).
pub(crate) async fn announce(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    moved: &[(i64, u64)],
) -> Result<(), StoreError> {
    if backend != Backend::Postgres {
        return Ok(());
    }
    for &(game, version) in moved {
        // `pg_notify` answers `void`, which the Any driver cannot read: count instead.
        sqlx::query("SELECT count(*) FROM (SELECT pg_notify($1, $2)) AS n")
            .bind(channel_of(game))
            .bind(version.to_string())
            .fetch_one(&mut *conn)
            .await?;
    }
    Ok(())
}

/// An announcement: a game is stored at this version now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    pub game: i64,
    pub version: u64,
}

/// A connection that listens to the announcements of the games it is told to follow.
pub struct Announcements {
    listener: PgListener,
    listening: BTreeSet<i64>,
}

impl Store {
    /// A connection of its own for announcements; None on SQLite (one process).
    pub async fn announcements(&self) -> Result<Option<Announcements>, StoreError> {
        let Some(url) = self
            .url
            .as_deref()
            .filter(|_| self.backend == Backend::Postgres)
        else {
            return Ok(None);
        };
        Ok(Some(Announcements {
            listener: PgListener::connect(url).await?,
            listening: BTreeSet::new(),
        }))
    }

    /// The stored versions of some games (those that exist), by id.
    pub async fn versions(&self, games: &[i64]) -> Result<Vec<(i64, u64)>, StoreError> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        let pool = self.pool.clone();
        // Ids are numbers: written into the statement, no injection possible.
        let list = games
            .iter()
            .map(|g| g.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        self.run(async move {
            let rows = sqlx::query(&format!(
                "SELECT id, version FROM games WHERE id IN ({list}) ORDER BY id"
            ))
            .fetch_all(&pool)
            .await?;
            rows.iter()
                .map(|r| Ok((r.try_get::<i64, _>(0)?, r.try_get::<i64, _>(1)? as u64)))
                .collect()
        })
        .await
    }

    /// A game's log entries after `version`, oldest first.
    pub async fn log_after(&self, game: i64, version: u64) -> Result<Vec<LogRow>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            crate::games::log_rows(
                sqlx::query(
                    "SELECT version, actor, command, played, at_ms FROM actions
                     WHERE game_id = $1 AND version > $2 ORDER BY version",
                )
                .bind(game)
                .bind(version as i64)
                .fetch_all(&pool)
                .await?,
            )
        })
        .await
    }
}

impl Announcements {
    /// Listen to these games' announcements too.
    pub async fn listen(&mut self, games: &[i64]) -> Result<(), StoreError> {
        let new: Vec<i64> = games
            .iter()
            .copied()
            .filter(|g| !self.listening.contains(g))
            .collect();
        if new.is_empty() {
            return Ok(());
        }
        let channels: Vec<String> = new.iter().map(|&g| channel_of(g)).collect();
        self.listener
            .listen_all(channels.iter().map(String::as_str))
            .await?;
        self.listening.extend(new);
        Ok(())
    }

    /// Stop listening to a game.
    pub async fn unlisten(&mut self, game: i64) -> Result<(), StoreError> {
        if self.listening.remove(&game) {
            self.listener.unlisten(&channel_of(game)).await?;
        }
        Ok(())
    }

    /// The games listened to.
    pub fn listening(&self) -> &BTreeSet<i64> {
        &self.listening
    }

    /// The next announcement; None when the connection was lost (it reconnects and listens
    /// again on the next call): announcements made meanwhile are lost, so the caller reads
    /// what it follows again.
    pub async fn recv(&mut self) -> Result<Option<Moved>, StoreError> {
        loop {
            let Some(n) = self.listener.try_recv().await? else {
                return Ok(None);
            };
            let (Some(game), Ok(version)) = (game_of(n.channel()), n.payload().parse::<u64>())
            else {
                continue;
            };
            return Ok(Some(Moved { game, version }));
        }
    }

    /// An announcement already received and waiting, if any (never waits).
    pub fn next_buffered(&mut self) -> Option<Moved> {
        while let Some(n) = self.listener.next_buffered() {
            if let (Some(game), Ok(version)) = (game_of(n.channel()), n.payload().parse::<u64>()) {
                return Some(Moved { game, version });
            }
        }
        None
    }
}
