//! A server's defaults for new games.

use super::*;

impl Store {
    /// A server's defaults for new games (all None when never set).
    pub async fn server_defaults(&self, guild: u64) -> Result<ServerDefaults, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let row = sqlx::query(
                "SELECT preset, house_rules, turn_seconds, seasons, threads, web, web_epoch FROM server_defaults
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
                web: r.try_get::<Option<String>, _>(5)?,
                web_epoch: r.try_get::<Option<i64>, _>(6)?.unwrap_or(0),
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
                                              seasons, threads, web, web_epoch)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                 ON CONFLICT (guild_id) DO UPDATE SET preset = excluded.preset,
                     house_rules = excluded.house_rules, turn_seconds = excluded.turn_seconds,
                     updated_ms = excluded.updated_ms, seasons = excluded.seasons,
                     threads = excluded.threads, web = excluded.web,
                     web_epoch = excluded.web_epoch",
            )
            .bind(id64(guild))
            .bind(d.preset)
            .bind(d.house_rules)
            .bind(d.turn_seconds.map(|n| n as i64))
            .bind(now_ms)
            .bind(d.seasons)
            .bind(d.threads.then_some(1i64))
            .bind(d.web)
            .bind((d.web_epoch != 0).then_some(d.web_epoch))
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }
}
