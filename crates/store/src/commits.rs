//! Group commit: one writer per store commits the actions of many games in one transaction.
//!
//! Callers queue their [`Change`] and are answered when it is durable (or refused). The writer
//! takes whatever is queued when it is free, people's actions first, at most [`MAX_BATCH`]
//! at a time, and writes them in one round trip whatever their number: on PostgreSQL one
//! statement (`UPDATE games ... FROM (VALUES ...)` and the `INSERT INTO actions` of the games
//! it moved), on SQLite one call to the connection's thread (BEGIN, the INSERT, the UPDATE,
//! COMMIT), each padded to one of a fixed set of sizes so prepared statements are reused; a
//! batch that changes seats (a lobby) is written statement by statement. At low
//! load a batch is one action and waits for nothing; at high load the database's work per
//! action shrinks as batches grow, and a full queue makes the callers wait (backpressure:
//! bots and timers slow down; nothing is refused).
//!
//! A batch that fails as a whole (a database error, a unique index) is rolled back and its
//! changes are committed one by one, so each caller gets its own answer.

use super::*;
use crate::games::write_seats;
use tokio::sync::{mpsc, oneshot};

/// The most actions committed in one transaction.
pub const MAX_BATCH: usize = 128;

/// How long a bot's or a timer's action waits for others to share its transaction: the
/// busier the service, the more actions each commit carries (people's actions never wait).
/// Longer does not help: bots and timers wake together on the service's wake-up grid (10 ms
/// then), so a batch is one grid step's actions however long it waits (at 1,000 games 9.7
/// actions a commit at 3 ms, 9.8 at 6 ms, for 3 ms more latency); the grid is what sets
/// the batches (`yut_service::wake_grid`).
pub const COMMIT_WINDOW: Duration = Duration::from_millis(3);

/// Queued actions of games (bots, timers) before their callers wait: a safety net; the
/// service holds its bots and timers back long before (see [`Store::backlog`]).
const QUEUE: usize = 4096;

/// A query of the `Any` driver with its values.
type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Chunk sizes of the batch statements (each a prepared statement reused).
const CHUNKS: [usize; 8] = [128, 64, 32, 16, 8, 4, 2, 1];

pub(crate) struct Job {
    change: Change,
    urgent: bool,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// The writer's two queues: people's actions, and the rest.
pub(crate) struct Queues {
    urgent: mpsc::UnboundedSender<Job>,
    normal: mpsc::Sender<Job>,
}

/// Counters of the writer (for benchmarks and metrics).
#[derive(Debug, Default)]
pub struct CommitStats {
    /// Transactions committed by the writer.
    pub batches: AtomicU64,
    /// Actions committed in them.
    pub actions: AtomicU64,
    /// Batches that failed as a whole and were committed one by one.
    pub split: AtomicU64,
    /// Bot and timer actions queued and not yet taken by the writer.
    pub queued: AtomicU64,
}

impl Store {
    /// Store one action durably (see [`Store::commit_as`]); a bot's or a timer's action.
    pub async fn commit(&self, c: Change) -> Result<(), StoreError> {
        self.commit_as(c, false).await
    }

    /// Store one action, in one transaction with whatever other actions are queued: append
    /// the log entry and move the game from `version - 1` to `version`. Conflict if the game
    /// is at another version; Fenced if another process took the game over. `urgent`: a
    /// person's action, committed before queued bot and timer actions and never held back by
    /// a full queue.
    pub async fn commit_as(&self, c: Change, urgent: bool) -> Result<(), StoreError> {
        let queues = self.queues();
        let (reply, rx) = oneshot::channel();
        let job = Job {
            change: c,
            urgent,
            reply,
        };
        let sent = if urgent {
            queues.urgent.send(job).map_err(|_| ())
        } else {
            self.commit_stats.queued.fetch_add(1, Ordering::Relaxed);
            queues.normal.send(job).await.map_err(|_| ())
        };
        if sent.is_err() {
            return Err(StoreError::Db(sqlx::Error::PoolClosed));
        }
        rx.await
            .unwrap_or(Err(StoreError::Db(sqlx::Error::PoolClosed)))
    }

    /// The writer's counters.
    pub fn commit_stats(&self) -> &CommitStats {
        &self.commit_stats
    }

    /// Bot and timer actions waiting for the writer: past a few batches' worth, the
    /// machine is busier than it can keep up with, and callers should hold back.
    pub fn backlog(&self) -> usize {
        self.commit_stats.queued.load(Ordering::Relaxed) as usize
    }

    /// The writer's queues; the writer starts on the first commit (on the runtime that makes
    /// it).
    fn queues(&self) -> &Queues {
        self.queues.get_or_init(|| {
            let (urgent, urgent_rx) = mpsc::unbounded_channel();
            let (normal, normal_rx) = mpsc::channel(QUEUE);
            tokio::spawn(self.clone_for_writer().write(urgent_rx, normal_rx));
            Queues { urgent, normal }
        })
    }

    /// A handle for the writer task that does not keep the queues alive (the writer ends
    /// when every store handle is gone).
    fn clone_for_writer(&self) -> Store {
        Store {
            queues: Arc::new(std::sync::OnceLock::new()),
            ..self.clone()
        }
    }

    async fn write(
        self,
        mut urgent: mpsc::UnboundedReceiver<Job>,
        mut normal: mpsc::Receiver<Job>,
    ) {
        let mut held: Option<Job> = None;
        loop {
            let first = match held.take() {
                Some(j) => j,
                None => tokio::select! {
                    biased;
                    Some(j) = urgent.recv() => j,
                    Some(j) = normal.recv() => self.took(j),
                    else => return,
                },
            };
            // A bot's or a timer's action waits up to the window for others to share its
            // transaction; a person's is written at once (with whatever is queued).
            let until = (!first.urgent).then(|| tokio::time::Instant::now() + COMMIT_WINDOW);
            let mut batch = vec![first];
            // People first, then the rest; one action per game per batch (a game's next
            // action waits for this one's answer anyway).
            while batch.len() < MAX_BATCH {
                let next = match urgent.try_recv() {
                    Ok(j) => j,
                    Err(_) => match normal.try_recv() {
                        Ok(j) => self.took(j),
                        Err(_) => match until {
                            Some(until) if !batch.iter().any(|j| j.urgent) => {
                                tokio::select! {
                                    biased;
                                    Some(j) = urgent.recv() => j,
                                    Some(j) = normal.recv() => self.took(j),
                                    _ = tokio::time::sleep_until(until) => break,
                                }
                            }
                            _ => break,
                        },
                    },
                };
                if batch.iter().any(|j| j.change.id == next.change.id) {
                    held = Some(next);
                    break;
                }
                batch.push(next);
            }
            self.commit_batch(batch).await;
        }
    }

    /// A bot's or a timer's job leaves the queue.
    fn took(&self, j: Job) -> Job {
        self.commit_stats.queued.fetch_sub(1, Ordering::Relaxed);
        j
    }

    async fn commit_batch(&self, batch: Vec<Job>) {
        let changes: Vec<Change> = batch.iter().map(|j| j.change.clone()).collect();
        let pool = self.pool.clone();
        let backend = self.backend;
        let outcome = self
            .run(async move { write_batch(&pool, backend, &changes).await })
            .await;
        match outcome {
            Ok(results) => {
                self.commit_stats.batches.fetch_add(1, Ordering::Relaxed);
                for (job, r) in batch.into_iter().zip(results) {
                    if r.is_ok() {
                        self.commit_stats.actions.fetch_add(1, Ordering::Relaxed);
                        self.written
                            .fetch_add(job.change.payload_bytes(), Ordering::Relaxed);
                    }
                    let _ = job.reply.send(r);
                }
            }
            Err(e) if batch.len() == 1 => {
                let _ = batch.into_iter().next().map(|j| j.reply.send(Err(e)));
            }
            Err(e) => {
                tracing::debug!(actions = batch.len(), error = %e, "a batch failed; committing its actions one by one");
                self.commit_stats.split.fetch_add(1, Ordering::Relaxed);
                for job in batch {
                    let r = self.commit_one(job.change.clone()).await;
                    if r.is_ok() {
                        self.commit_stats.actions.fetch_add(1, Ordering::Relaxed);
                    }
                    let _ = job.reply.send(r);
                }
            }
        }
    }
}

/// Write a batch in one transaction: every change's answer, or an error for the whole batch
/// (rolled back).
async fn write_batch(
    pool: &AnyPool,
    backend: Backend,
    changes: &[Change],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    if changes.len() <= MAX_BATCH && changes.iter().all(|c| c.seats.is_none()) {
        return match backend {
            Backend::Postgres => write_batch_one_statement(pool, changes).await,
            Backend::Sqlite => write_batch_one_call(pool, changes).await,
        };
    }
    let mut tx = begin(pool, backend).await?;
    let mut applied = std::collections::HashSet::new();
    let mut rest = changes;
    while !rest.is_empty() {
        let n = chunk_len(rest.len());
        let (chunk, tail) = rest.split_at(n);
        rest = tail;
        for row in update_games(&mut tx, chunk).await? {
            applied.insert(row);
        }
    }
    let ok: Vec<&Change> = changes.iter().filter(|c| applied.contains(&c.id)).collect();
    for c in &ok {
        if let Some(seats) = &c.seats {
            write_seats(&mut tx, c.id, seats).await?;
        }
    }
    let mut rest = &ok[..];
    while !rest.is_empty() {
        let n = chunk_len(rest.len());
        let (chunk, tail) = rest.split_at(n);
        rest = tail;
        append_many(&mut tx, chunk).await?;
    }
    // Why the others were refused: another process's fence, or another version.
    let mut answers = Vec::with_capacity(changes.len());
    for c in changes {
        if applied.contains(&c.id) {
            answers.push(Ok(()));
            continue;
        }
        let row = sqlx::query("SELECT fence FROM games WHERE id = $1")
            .bind(c.id)
            .fetch_optional(&mut *tx)
            .await?;
        answers.push(refusal(c, row)?);
    }
    let moved: Vec<(i64, u64)> = ok.iter().map(|c| (c.id, c.log.version)).collect();
    crate::announce::announce(&mut tx, backend, &moved).await?;
    tx.commit().await?;
    Ok(answers)
}

/// The largest chunk size that fits in `left` changes.
fn chunk_len(left: usize) -> usize {
    CHUNKS.iter().copied().find(|&c| c <= left).unwrap_or(1)
}

/// PostgreSQL: the whole batch in one statement (one round trip, atomic on its own): the
/// games moved on, and the log entries of those that moved. Refusals are explained after.
async fn write_batch_one_statement(
    pool: &AnyPool,
    changes: &[Change],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let n = padded_len(changes.len());
    let sql = one_statement_sql(n);
    let rows = bind_rows(sqlx::query(&sql), changes, n)
        .fetch_all(pool)
        .await?;
    answers(pool, changes, &rows).await
}

/// SQLite: the whole batch in one call to the connection's thread (every statement sent on
/// its own costs two thread switches): BEGIN, the log entries of the games that move on, the
/// games moved on, how many moved, COMMIT. A batch that fails part way is rolled back
/// before its connection goes back to the pool, and fails as a whole.
///
/// The call answers one row, the count of games moved on, not a row per game: each row
/// crosses from the connection's thread on its own. When every game moved on, that is every
/// answer; otherwise each game's row tells (see [`answers_from_games`]).
async fn write_batch_one_call(
    pool: &AnyPool,
    changes: &[Change],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let n = padded_len(changes.len());
    let sql = one_call_sql(n);
    let mut conn = pool.acquire().await?;
    // Every row fetched, so that the call runs to its COMMIT (`fetch_one` would stop it there).
    let moved = match bind_one_call(sqlx::query(&sql), changes, n)
        .fetch_all(&mut *conn)
        .await
        .and_then(|rows| match rows.first() {
            Some(row) => row.try_get::<i64, _>(0),
            None => Err(sqlx::Error::RowNotFound),
        }) {
        Ok(moved) => moved,
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            return Err(e.into());
        }
    };
    drop(conn);
    if usize::try_from(moved).is_ok_and(|m| m == changes.len()) {
        return Ok(changes.iter().map(|_| Ok(())).collect());
    }
    answers_from_games(pool, changes).await
}

/// Each change's answer after a batch that moved on fewer games than it held, from each
/// game's row as it is now: still under the change's fence and at its version, it moved on
/// (under its fence only this process writes it, and its actor waits for this answer);
/// under another fence, it was fenced; under ours at another version, it conflicted.
async fn answers_from_games(
    pool: &AnyPool,
    changes: &[Change],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut answers = Vec::with_capacity(changes.len());
    for c in changes {
        let row = game_now(pool, c.id).await?;
        let moved = match &row {
            Some(r) => {
                r.try_get::<i64, _>(0)? == c.fence
                    && r.try_get::<i64, _>(1)? == c.log.version as i64
            }
            None => false,
        };
        answers.push(if moved { Ok(()) } else { refusal(c, row)? });
    }
    Ok(answers)
}

/// The rows of a batch statement: a handful of sizes, so that a few prepared statements
/// serve every batch.
fn padded_len(len: usize) -> usize {
    CHUNKS
        .iter()
        .copied()
        .find(|&c| c >= len && c / 2 < len)
        .unwrap_or(MAX_BATCH)
}

/// Bind the [`ONE_STATEMENT_COLUMNS`] values of each change, padded to `n` rows with rows
/// that match no game (id 0 is never handed out).
fn bind_rows<'q>(mut q: AnyQuery<'q>, changes: &'q [Change], n: usize) -> AnyQuery<'q> {
    for i in 0..n {
        let c = changes.get(i);
        q = bind_entry(bind_game(q, c), c);
    }
    q
}

/// Each change's answer, from the ids of the games a batch moved on (`rows`).
async fn answers(
    pool: &AnyPool,
    changes: &[Change],
    rows: &[AnyRow],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let applied: std::collections::HashSet<i64> = rows
        .iter()
        .map(|r| r.try_get::<i64, _>(0))
        .collect::<Result<_, _>>()?;
    let mut answers = Vec::with_capacity(changes.len());
    for c in changes {
        if applied.contains(&c.id) {
            answers.push(Ok(()));
            continue;
        }
        answers.push(refusal(c, game_now(pool, c.id).await?)?);
    }
    Ok(answers)
}

/// A game's fence and version as they are now (what [`refusal`] reads), outside the batch's
/// transaction.
async fn game_now(pool: &AnyPool, id: i64) -> Result<Option<AnyRow>, StoreError> {
    Ok(
        sqlx::query("SELECT fence, version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?,
    )
}

/// Why a change was not applied: another process's fence, another version, or no game.
fn refusal(c: &Change, fence_row: Option<AnyRow>) -> Result<Result<(), StoreError>, StoreError> {
    Ok(match fence_row {
        None => Err(StoreError::NotFound),
        Some(r) => {
            let held: i64 = r.try_get(0)?;
            Err(if held != c.fence {
                StoreError::Fenced {
                    ours: c.fence,
                    held,
                }
            } else {
                StoreError::Conflict
            })
        }
    })
}

const ONE_STATEMENT_COLUMNS: usize = 14;

fn one_statement_sql(n: usize) -> String {
    let mut sql = String::from(
        "WITH v (id, status, version, host, deadline, now, state, rules, channel, fence, \
         actor, command, played, at) AS (VALUES ",
    );
    sql.push_str(&placeholder_rows(n));
    sql.push_str(
        "), u AS (UPDATE games SET status = v.status, version = v.version, host_id = v.host, \
         deadline_ms = v.deadline, updated_ms = v.now, state = COALESCE(v.state, games.state), \
         snapshot_version = CASE WHEN v.state IS NULL THEN games.snapshot_version \
         ELSE v.version END, rules = COALESCE(v.rules, games.rules), \
         channel_id = COALESCE(v.channel, games.channel_id) FROM v \
         WHERE games.id = v.id AND games.version = v.version - 1 AND games.fence = v.fence \
         RETURNING games.id) \
         , i AS (INSERT INTO actions (game_id, version, actor, command, played, at_ms) \
         SELECT v.id, v.version, v.actor, v.command, v.played, v.at FROM v JOIN u ON u.id = v.id \
         RETURNING game_id, version) \
         SELECT i.game_id FROM i CROSS JOIN LATERAL (SELECT ",
    );
    sql.push_str(crate::announce::NOTIFY_MOVED);
    sql.push_str(") AS n");
    sql
}

/// The numbered placeholders of `n` rows of [`ONE_STATEMENT_COLUMNS`] values.
fn placeholder_rows(n: usize) -> String {
    let mut sql = String::new();
    for i in 0..n {
        let b = i * ONE_STATEMENT_COLUMNS;
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for k in 1..=ONE_STATEMENT_COLUMNS {
            if k > 1 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("${}", b + k));
        }
        sql.push(')');
    }
    sql
}

/// SQLite's batch in one call (see [`write_batch_one_call`]): the log entries of the games at
/// the version before under their fence, then those games moved on, so a log entry is
/// written exactly for each game moved on, then how many moved on. Neither writes with
/// `OR ABORT` (the default), which keeps a journal of every page a statement changes to undo
/// the statement alone; a batch that fails is rolled back whole. Its values are anonymous
/// (`?`), bound in order (see [`bind_one_call`]): SQLite finds a named parameter's number by a
/// walk of every name, which made binding a batch quadratic in its size.
fn one_call_sql(n: usize) -> String {
    let entries = anonymous_rows(n, ONE_CALL_LOG_COLUMNS);
    let games = anonymous_rows(n, ONE_CALL_GAME_COLUMNS);
    format!(
        "BEGIN IMMEDIATE; \
         INSERT OR FAIL INTO actions (game_id, version, actor, command, played, at_ms) \
         SELECT v.column1, v.column2, v.column4, v.column5, v.column6, v.column7 \
         FROM (VALUES {entries}) AS v JOIN games ON games.id = v.column1 \
         AND games.version = v.column2 - 1 AND games.fence = v.column3; \
         UPDATE OR FAIL games SET status = v.column2, version = v.column3, host_id = v.column4, \
         deadline_ms = v.column5, updated_ms = v.column6, state = COALESCE(v.column7, games.state), \
         snapshot_version = CASE WHEN v.column7 IS NULL THEN games.snapshot_version \
         ELSE v.column3 END, rules = COALESCE(v.column8, games.rules), \
         channel_id = COALESCE(v.column9, games.channel_id) FROM (VALUES {games}) AS v \
         WHERE games.id = v.column1 AND games.version = v.column3 - 1 \
         AND games.fence = v.column10; \
         SELECT changes(); \
         COMMIT;"
    )
}

/// The log entry's values in SQLite's one call: id, version, fence, actor, command, played, at.
const ONE_CALL_LOG_COLUMNS: usize = 7;
/// The game's values in SQLite's one call: id, status, version, host, deadline, now, state,
/// rules, channel, fence.
const ONE_CALL_GAME_COLUMNS: usize = 10;

/// `n` rows of `columns` anonymous placeholders.
fn anonymous_rows(n: usize, columns: usize) -> String {
    let row = format!("({})", vec!["?"; columns].join(", "));
    vec![row; n].join(", ")
}

/// The values of [`one_call_sql`] in the order of its placeholders: every change's log entry,
/// then every change's game, each padded to `n` rows with rows that match no game (id 0 is
/// never handed out).
fn bind_one_call<'q>(mut q: AnyQuery<'q>, changes: &'q [Change], n: usize) -> AnyQuery<'q> {
    for i in 0..n {
        let c = changes.get(i);
        q = bind_entry(
            q.bind(c.map_or(0, |c| c.id))
                .bind(c.map_or(0, |c| c.log.version as i64))
                .bind(c.map_or(0, |c| c.fence)),
            c,
        );
    }
    for i in 0..n {
        q = bind_game(q, changes.get(i));
    }
    q
}

/// A log entry's four values in a batch (actor, command, played, at); no change: empty ones.
fn bind_entry<'q>(q: AnyQuery<'q>, c: Option<&'q Change>) -> AnyQuery<'q> {
    q.bind(c.map_or("", |c| c.log.actor.as_str()))
        .bind(c.map_or("", |c| c.log.command.as_str()))
        .bind(c.and_then(|c| c.log.played.as_deref()))
        .bind(c.map_or(0, |c| c.log.at_ms))
}

/// A game's ten values in a batch (id, status, version, host, deadline, now, state, rules,
/// channel, fence); no change: a row that matches no game (id 0 is never handed out).
fn bind_game<'q>(q: AnyQuery<'q>, c: Option<&'q Change>) -> AnyQuery<'q> {
    q.bind(c.map_or(0, |c| c.id))
        .bind(c.map_or("playing", |c| c.status.name()))
        .bind(c.map_or(0, |c| c.log.version as i64))
        .bind(c.map_or(0, |c| id64(c.host)))
        .bind(c.and_then(|c| c.deadline_ms))
        .bind(c.map_or(0, |c| c.now_ms))
        .bind(c.and_then(|c| c.snapshot.as_deref()))
        .bind(c.and_then(|c| c.rules.as_deref()))
        .bind(c.and_then(|c| c.channel.map(id64)))
        .bind(c.map_or(0, |c| c.fence))
}

/// The statement that moves `n` games one version on, each only from its expected version
/// and under its fence; returns the ids moved.
fn update_sql(n: usize) -> String {
    let mut sql = String::from("UPDATE games SET status = v.column2, version = v.column3, host_id = v.column4, deadline_ms = v.column5, updated_ms = v.column6, state = COALESCE(v.column7, games.state), snapshot_version = CASE WHEN v.column7 IS NULL THEN games.snapshot_version ELSE v.column3 END, rules = COALESCE(v.column8, games.rules), channel_id = COALESCE(v.column9, games.channel_id) FROM (VALUES ");
    for i in 0..n {
        let b = i * 10;
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for k in 1..=10 {
            if k > 1 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("${}", b + k));
        }
        sql.push(')');
    }
    sql.push_str(
        ") AS v WHERE games.id = v.column1 AND games.version = v.column3 - 1 \
         AND games.fence = v.column10 RETURNING games.id",
    );
    sql
}

async fn update_games(
    tx: &mut sqlx::AnyConnection,
    chunk: &[Change],
) -> Result<Vec<i64>, StoreError> {
    let sql = update_sql(chunk.len());
    let mut q = sqlx::query(&sql);
    for c in chunk {
        q = q
            .bind(c.id)
            .bind(c.status.name())
            .bind(c.log.version as i64)
            .bind(id64(c.host))
            .bind(c.deadline_ms)
            .bind(c.now_ms)
            .bind(c.snapshot.as_deref())
            .bind(c.rules.as_deref())
            .bind(c.channel.map(id64))
            .bind(c.fence);
    }
    let rows = q.fetch_all(&mut *tx).await?;
    rows.iter()
        .map(|r| r.try_get::<i64, _>(0).map_err(StoreError::from))
        .collect()
}

async fn append_many(tx: &mut sqlx::AnyConnection, chunk: &[&Change]) -> Result<(), StoreError> {
    let mut sql = String::from(
        "INSERT INTO actions (game_id, version, actor, command, played, at_ms) VALUES ",
    );
    for i in 0..chunk.len() {
        let b = i * 6;
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!(
            "(${}, ${}, ${}, ${}, ${}, ${})",
            b + 1,
            b + 2,
            b + 3,
            b + 4,
            b + 5,
            b + 6
        ));
    }
    let mut q = sqlx::query(&sql);
    for c in chunk {
        q = q
            .bind(c.id)
            .bind(c.log.version as i64)
            .bind(c.log.actor.as_str())
            .bind(c.log.command.as_str())
            .bind(c.log.played.as_deref())
            .bind(c.log.at_ms);
    }
    q.execute(&mut *tx).await?;
    Ok(())
}
