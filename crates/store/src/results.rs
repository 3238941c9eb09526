//! Results and statistics: a finished game recorded once, with its players' stats and ratings.

use super::*;

impl Store {
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
}

pub(crate) fn stats_row(r: &AnyRow) -> Result<Stats, StoreError> {
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
