//! Leases with fencing numbers, and start-up slots shared by every process: which process
//! drives which shard's games, and when each may connect.

use super::*;

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

impl Store {
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
        self.acquire_leases_skewed(count, shards, owner, ttl_ms, now_ms, 0)
            .await
    }

    /// [`Store::acquire_leases`], taking over another owner's lease only once it expired
    /// `skew_ms` ago by `now_ms` (the clocks of two hosts may differ by that much).
    pub async fn acquire_leases_skewed(
        &self,
        count: u32,
        shards: &[u32],
        owner: &str,
        ttl_ms: i64,
        now_ms: i64,
        skew_ms: i64,
    ) -> Result<Option<Vec<Lease>>, StoreError> {
        let pool = self.leases_pool();
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
                .bind(now_ms - skew_ms)
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
        let pool = self.leases_pool();
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
        let pool = self.leases_pool();
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
        let pool = self.leases_pool();
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
        let pool = self.leases_pool();
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

/// Who drives a shard now, and where the other processes reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Driver {
    pub owner: String,
    pub fence: i64,
    pub expires_ms: i64,
    /// The owner's address for the other processes (None: it gave none).
    pub address: Option<String>,
}

impl Store {
    /// Say where this instance takes the other processes' calls.
    pub async fn set_address(
        &self,
        owner: &str,
        address: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let pool = self.leases_pool();
        let (owner, address) = (owner.to_string(), address.to_string());
        self.run(async move {
            sqlx::query(
                "INSERT INTO instances (owner, address, updated_ms) VALUES ($1, $2, $3)
                 ON CONFLICT (owner) DO UPDATE SET address = excluded.address,
                     updated_ms = excluded.updated_ms",
            )
            .bind(&owner)
            .bind(&address)
            .bind(now_ms)
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    /// The holder of a shard's lease (expired or not) and its address.
    pub async fn driver(&self, count: u32, shard: u32) -> Result<Option<Driver>, StoreError> {
        let pool = self.leases_pool();
        self.run(async move {
            let row = sqlx::query(
                "SELECT l.owner, l.fence, l.expires_ms, i.address FROM shard_leases l
                 LEFT JOIN instances i ON i.owner = l.owner
                 WHERE l.shard_count = $1 AND l.shard = $2",
            )
            .bind(count as i64)
            .bind(shard as i64)
            .fetch_optional(&pool)
            .await?;
            row.map(|r| {
                Ok(Driver {
                    owner: r.try_get(0)?,
                    fence: r.try_get(1)?,
                    expires_ms: r.try_get(2)?,
                    address: r.try_get(3)?,
                })
            })
            .transpose()
        })
        .await
    }
}
