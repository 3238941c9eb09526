//! What the Discord edge shows between actions and must not forget on a restart or a
//! takeover: the turn pings in view (each posted and not yet deleted) and the follow-ups used
//! of each hosted game's interaction token. Whichever process drives a game next reads them
//! here, so it deletes what the last one left in view and never pings the same turn twice.

use super::*;

/// A turn ping posted and not yet deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PingRow {
    pub message: u64,
    pub game: i64,
    pub channel: u64,
    /// The game's version when the pinged turn started.
    pub version: u64,
    pub user: u64,
    /// A hosted game's ping (a follow-up): the token that sent it and when it was issued.
    pub token: Option<(String, i64)>,
}

const PING_COLUMNS: &str =
    "message_id, game_id, channel_id, version, user_id, token, token_issued_ms";

fn ping_row(r: &AnyRow) -> Result<PingRow, StoreError> {
    let token: Option<String> = r.try_get(5)?;
    let issued: Option<i64> = r.try_get(6)?;
    Ok(PingRow {
        message: r.try_get::<i64, _>(0)? as u64,
        game: r.try_get(1)?,
        channel: r.try_get::<i64, _>(2)? as u64,
        version: r.try_get::<i64, _>(3)? as u64,
        user: r.try_get::<i64, _>(4)? as u64,
        token: token.zip(issued),
    })
}

impl Store {
    /// A turn ping was posted: it is in view until [`Store::ping_deleted`].
    pub async fn ping_posted(&self, p: PingRow) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let (token, issued) = p.token.unzip();
            sqlx::query(&format!(
                "INSERT INTO pings ({PING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (message_id) DO NOTHING"
            ))
            .bind(id64(p.message))
            .bind(p.game)
            .bind(id64(p.channel))
            .bind(p.version as i64)
            .bind(id64(p.user))
            .bind(token)
            .bind(issued)
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// A ping was deleted (or is gone, or can no longer be deleted).
    pub async fn ping_deleted(&self, message: u64) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            sqlx::query("DELETE FROM pings WHERE message_id = $1")
                .bind(id64(message))
                .execute(&pool)
                .await?;
            Ok(())
        })
        .await
    }

    /// The pings still in view in a channel, oldest turn first.
    pub async fn pings_in_channel(&self, channel: u64) -> Result<Vec<PingRow>, StoreError> {
        self.pings_where("channel_id = $1", id64(channel)).await
    }

    /// A game's pings still in view, oldest turn first.
    pub async fn pings_of_game(&self, game: i64) -> Result<Vec<PingRow>, StoreError> {
        self.pings_where("game_id = $1", game).await
    }

    async fn pings_where(&self, filter: &str, value: i64) -> Result<Vec<PingRow>, StoreError> {
        let pool = self.pool.clone();
        let sql =
            format!("SELECT {PING_COLUMNS} FROM pings WHERE {filter} ORDER BY version, message_id");
        self.run(async move {
            let rows = sqlx::query(&sql).bind(value).fetch_all(&pool).await?;
            rows.iter().map(ping_row).collect()
        })
        .await
    }

    /// The pings still in view of games that are over (or gone), on the given shards: a
    /// process that stopped (or was killed) before deleting them left them there.
    pub async fn pings_of_ended_games(&self, shards: ShardSet) -> Result<Vec<PingRow>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let rows = sqlx::query(
                "SELECT p.message_id, p.game_id, p.channel_id, p.version, p.user_id, p.token,
                        p.token_issued_ms
                 FROM pings p LEFT JOIN games g ON g.id = p.game_id
                 WHERE (g.id IS NULL OR g.status NOT IN ('lobby', 'playing'))
                   AND ((COALESCE(g.guild_id, 0) / 4194304) % $1) BETWEEN $2 AND $3
                 ORDER BY p.game_id, p.version",
            )
            .bind(shards.count as i64)
            .bind(shards.first as i64)
            .bind(shards.last as i64)
            .fetch_all(&pool)
            .await?;
            rows.iter().map(ping_row).collect()
        })
        .await
    }

    /// Take one follow-up of a hosted game's token (issued at `issued_ms`), at most `limit`
    /// per token: true if taken. The count is the database's, so a restart or another process
    /// never sends more than `limit` through one token. A token fresher than the stored one
    /// replaces it (with this follow-up counted); an older one takes nothing.
    pub async fn take_followup(
        &self,
        game: i64,
        token: &str,
        issued_ms: i64,
        limit: u32,
    ) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        let token = token.to_string();
        self.run(async move {
            let row = sqlx::query(
                "INSERT INTO hosted_games (game_id, token, issued_ms, followups)
                 VALUES ($1, $2, $3, 1)
                 ON CONFLICT (game_id) DO UPDATE SET
                     followups = CASE WHEN hosted_games.token = excluded.token
                                      THEN hosted_games.followups + 1 ELSE 1 END,
                     token = excluded.token,
                     issued_ms = CASE WHEN hosted_games.token = excluded.token
                                      THEN hosted_games.issued_ms ELSE excluded.issued_ms END
                 WHERE (hosted_games.token = excluded.token AND hosted_games.followups < $4)
                    OR (hosted_games.token <> excluded.token
                        AND hosted_games.issued_ms <= excluded.issued_ms)
                 RETURNING followups",
            )
            .bind(game)
            .bind(token)
            .bind(issued_ms)
            .bind(limit as i64)
            .fetch_optional(&pool)
            .await?;
            Ok(row.is_some())
        })
        .await
    }
}
