//! Games: creating, committing actions (the log and the changed columns), loading, the
//! active games of a shard set, a channel's games, the log.

use super::*;

impl Store {
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
            crate::announce::announce(&mut tx, backend, &[(g.id, g.version)]).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Store one action alone, in its own transaction (the writer's way when a batch fails):
    /// append the log entry and move the game from `version - 1` to `version`. Conflict if
    /// the game is at another version; Fenced if another process took the game over.
    pub(crate) async fn commit_one(&self, c: Change) -> Result<(), StoreError> {
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
            crate::announce::announce(&mut tx, backend, &[(c.id, c.log.version)]).await?;
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
            // Up to the row's version only: a commit (of another process) between the two
            // reads adds actions the row read first does not have yet.
            let log = log_rows(
                sqlx::query(
                    "SELECT version, actor, command, played, at_ms FROM actions
                     WHERE game_id = $1 AND version > $2 AND version <= $3 ORDER BY version",
                )
                .bind(id)
                .bind(row.snapshot_version as i64)
                .bind(row.version as i64)
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

    /// The active games (lobby or playing) of server `guild` that `user` sits in, newest
    /// first, at most `limit`.
    pub async fn seated_active(
        &self,
        guild: u64,
        user: u64,
        limit: u32,
    ) -> Result<Vec<i64>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let rows = sqlx::query(
                "SELECT g.id FROM games g
                 WHERE g.guild_id = $1 AND g.status IN ('lobby', 'playing')
                   AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $2)
                 ORDER BY g.id DESC LIMIT $3",
            )
            .bind(id64(guild))
            .bind(id64(user))
            .bind(limit as i64)
            .fetch_all(&pool)
            .await?;
            rows.iter()
                .map(|r| Ok(r.try_get::<i64, _>(0)?))
                .collect::<Result<Vec<_>, StoreError>>()
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
}

pub(crate) async fn write_seats(
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

pub(crate) async fn append(
    tx: &mut sqlx::AnyConnection,
    game: i64,
    e: &LogRow,
) -> Result<(), StoreError> {
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

pub(crate) fn game_row(r: &AnyRow) -> Result<GameRow, StoreError> {
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

pub(crate) fn log_rows(rows: Vec<AnyRow>) -> Result<Vec<LogRow>, StoreError> {
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
