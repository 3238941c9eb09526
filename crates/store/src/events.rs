//! Community events (issue 49): each event's state kept whole, as the JSON its pure core
//! reads and writes (the store does not look inside), with a version: a write names the
//! version it read, and loses (nothing written) if another was stored meanwhile.

use super::*;

/// An event as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    /// The event's message in its channel, once posted.
    pub message: Option<u64>,
    /// Its stage, for lists (`signup`, `round`, `finished`, `cancelled`).
    pub stage: String,
    pub state: String,
    pub version: i64,
}

impl Store {
    /// Store a new event (its id from [`Store::new_game_id`]), at version 1.
    pub async fn create_event(&self, e: EventRow, now_ms: i64) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query(
                "INSERT INTO events (id, guild_id, channel_id, message_id, stage, state, version,
                                     created_ms, updated_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $7)",
            )
            .bind(e.id)
            .bind(id64(e.guild))
            .bind(id64(e.channel))
            .bind(e.message.map(id64))
            .bind(e.stage)
            .bind(e.state)
            .bind(now_ms)
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// An event by its id.
    pub async fn event(&self, id: i64) -> Result<EventRow, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query(
                "SELECT id, guild_id, channel_id, message_id, stage, state, version
                 FROM events WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&pool)
            .await?
            .ok_or(StoreError::NotFound)?;
            event_row(&row)
        })
        .await
    }

    /// A server's events, newest first, at most `limit`.
    pub async fn events_of_guild(
        &self,
        guild: u64,
        limit: u32,
    ) -> Result<Vec<EventRow>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let rows = sqlx::query(
                "SELECT id, guild_id, channel_id, message_id, stage, state, version
                 FROM events WHERE guild_id = $1 ORDER BY id DESC LIMIT $2",
            )
            .bind(id64(guild))
            .bind(limit as i64)
            .fetch_all(&pool)
            .await?;
            rows.iter().map(event_row).collect()
        })
        .await
    }

    /// The events at `stage` (`round`: being played), oldest first.
    pub async fn events_in_stage(&self, stage: &str) -> Result<Vec<EventRow>, StoreError> {
        let pool = self.pool.clone();
        let stage = stage.to_string();
        self.run(async move {
            let rows = sqlx::query(
                "SELECT id, guild_id, channel_id, message_id, stage, state, version
                 FROM events WHERE stage = $1 ORDER BY id",
            )
            .bind(stage)
            .fetch_all(&pool)
            .await?;
            rows.iter().map(event_row).collect()
        })
        .await
    }

    /// Write an event's new state over version `read` (it becomes `read + 1`): false, and
    /// nothing written, if another write came first.
    pub async fn save_event(
        &self,
        id: i64,
        read: i64,
        stage: &str,
        state: String,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        let stage = stage.to_string();
        self.run(async move {
            let done = sqlx::query(
                "UPDATE events SET state = $1, stage = $2, version = version + 1, updated_ms = $3
                 WHERE id = $4 AND version = $5",
            )
            .bind(state)
            .bind(stage)
            .bind(now_ms)
            .bind(id)
            .bind(read)
            .execute(&pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
        .await
    }

    /// The event's message was posted.
    pub async fn set_event_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query("UPDATE events SET message_id = $1 WHERE id = $2")
                .bind(id64(message))
                .bind(id)
                .execute(&pool)
                .await?;
            Ok(())
        })
        .await
    }

    /// Game `game` plays pairing `pairing` of round `round` of event `event`.
    pub async fn event_game(
        &self,
        game: i64,
        event: i64,
        round: u32,
        pairing: u32,
        rated: bool,
    ) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query(
                "INSERT INTO event_games (game_id, event_id, round, pairing, unrated)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(game)
            .bind(event)
            .bind(round as i64)
            .bind(pairing as i64)
            .bind(i64::from(!rated))
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// The event a game plays for, if any: (event, round, pairing).
    pub async fn event_of_game(&self, game: i64) -> Result<Option<(i64, u32, u32)>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row: Option<(i64, i64, i64)> = sqlx::query_as(
                "SELECT event_id, round, pairing FROM event_games WHERE game_id = $1",
            )
            .bind(game)
            .fetch_optional(&pool)
            .await?;
            Ok(row.map(|(e, r, p)| (e, r as u32, p as u32)))
        })
        .await
    }
}

fn event_row(r: &sqlx::any::AnyRow) -> Result<EventRow, StoreError> {
    Ok(EventRow {
        id: r.try_get(0)?,
        guild: r.try_get::<i64, _>(1)? as u64,
        channel: r.try_get::<i64, _>(2)? as u64,
        message: r.try_get::<Option<i64>, _>(3)?.map(|m| m as u64),
        stage: r.try_get(4)?,
        state: r.try_get(5)?,
        version: r.try_get(6)?,
    })
}
