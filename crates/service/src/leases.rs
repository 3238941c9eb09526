//! Leases: which shards' games this process drives, taken, kept and let go through the
//! store's fenced leases.

use super::*;

/// Leases: which shards this process asks for, under what name, and how long a lease lasts.
#[derive(Debug, Clone)]
pub struct LeaseConfig {
    pub shards: ShardSet,
    /// This instance's name. An instance restarted under the same name takes its leases back
    /// at once; any other waits until they expire.
    pub owner: String,
    /// How long a lease lasts without renewal.
    pub ttl: Duration,
    /// How often leases are renewed (and free ones tried).
    pub renew: Duration,
    /// How far another host's clock may be ahead of the holder's: a lease is taken over only
    /// this long after it expired by the taker's clock. A live holder (renewing every
    /// `renew`) is never taken over by a host whose clock is less than
    /// `ttl - renew + max_skew` ahead of its own (6.5 s with the defaults).
    pub max_skew: Duration,
    /// Where the other processes reach this one (its web address), said in the database
    /// for the presses they forward.
    pub address: Option<String>,
}

impl LeaseConfig {
    pub fn new(shards: ShardSet, owner: String) -> LeaseConfig {
        LeaseConfig {
            shards,
            owner,
            ttl: Duration::from_secs(6),
            renew: Duration::from_millis(1500),
            max_skew: Duration::from_secs(2),
            address: None,
        }
    }
}

impl Inner {
    /// Stop driving a shard's games (another process took it over).
    pub(crate) fn let_go(&self, shard: u32) {
        self.counters
            .leases_lost
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        {
            let mut fences = self.fences.lock().expect("fences lock");
            fences.remove(&shard);
            self.held.send_replace(fences.keys().copied().collect());
        }
        let count = self.shards.count;
        let mut games = self.games.lock().expect("games lock");
        games.retain(|_, h| {
            if ShardSet::shard_of(count, h.guild) != shard {
                return true;
            }
            let (done, _) = oneshot::channel();
            let _ = h.tx.try_send(Msg::Shutdown { done });
            false
        });
    }
}

impl Service {
    /// Drive a shard's games with `fence`: load them and start their actors.
    pub(crate) async fn adopt(&self, shard: u32, fence: i64) -> Result<(), StoreError> {
        let set = ShardSet::one(self.inner.shards.count, shard);
        let loaded = self.inner.store.active(set).await?;
        let mut games = Vec::with_capacity(loaded.len());
        for l in &loaded {
            match persist::restore(l) {
                Ok(s) => games.push(s),
                // One damaged game must not keep the others down.
                Err(e) => {
                    tracing::error!(game = l.row.id, channel = l.row.channel, error = %e, "cannot restore a stored game; it stays as it is")
                }
            }
        }
        for stored in games {
            // Show each game as stored: a move stored but never shown (a crash between the
            // commit and the board's edit, a stop mid-game) is shown now.
            self.spawn(stored, fence, true);
        }
        // Held once its games run (what `wait_for_shards` waits for).
        let mut fences = self.inner.fences.lock().expect("fences lock");
        fences.insert(shard, fence);
        self.inner
            .held
            .send_replace(fences.keys().copied().collect());
        Ok(())
    }

    /// Take, renew and give back leases until the service shuts down.
    pub(crate) async fn keep_leases(self, cfg: LeaseConfig) {
        let store = self.inner.store.clone();
        let count = cfg.shards.count;
        let ttl = cfg.ttl.as_millis() as i64;
        let mut held: HashMap<u32, Lease> = HashMap::new();
        let mut waiting_logged: HashMap<u32, String> = HashMap::new();
        // Has this process held its whole range once?
        let mut complete = false;
        let mut address_said = cfg.address.is_none();
        let mut tick = tokio::time::interval(cfg.renew);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut stop = self.inner.stop.subscribe();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.wait_for(|s| *s) => break,
            }
            if let (false, Some(address)) = (address_said, &cfg.address) {
                let now = self.inner.clock.now_ms();
                match store.set_address(&cfg.owner, address, now).await {
                    Ok(()) => address_said = true,
                    Err(e) => tracing::warn!(error = %e, "cannot say this process's address"),
                }
            }
            // Renew what is held.
            for shard in cfg.shards.shards() {
                let now = self.inner.clock.now_ms();
                let Some(lease) = held.get(&shard) else {
                    continue;
                };
                match store.renew_lease(count, lease, ttl, now).await {
                    Ok(true) => {}
                    Ok(false) => {
                        tracing::warn!(
                            shard,
                            fence = lease.fence,
                            "lost the lease on this shard to another process; its games stop here"
                        );
                        held.remove(&shard);
                        self.inner.let_go(shard);
                    }
                    Err(e) => {
                        // The database is away: keep the games (their writes fail and are
                        // refused until it is back; the fence keeps them safe if another
                        // process takes over meanwhile).
                        tracing::warn!(shard, error = %e, "cannot renew the lease");
                    }
                }
            }
            // Take what is missing. Until this process has held its whole range once (and
            // connected), it takes the missing shards all together or none: a standby whose
            // range overlaps two owners never sits on half of it, unable to connect, while
            // the owner of that half could take it back. Once connected, a shard lost on the
            // way is taken back on its own.
            let missing: Vec<u32> = cfg
                .shards
                .shards()
                .filter(|s| !held.contains_key(s))
                .collect();
            if missing.is_empty() {
                complete = true;
                continue;
            }
            let batches: Vec<Vec<u32>> = if complete {
                missing.iter().map(|&s| vec![s]).collect()
            } else {
                vec![missing]
            };
            for batch in batches {
                let now = self.inner.clock.now_ms();
                match store
                    .acquire_leases_skewed(
                        count,
                        &batch,
                        &cfg.owner,
                        ttl,
                        now,
                        cfg.max_skew.as_millis() as i64,
                    )
                    .await
                {
                    Ok(Some(leases)) => {
                        for lease in leases {
                            let shard = lease.shard;
                            tracing::info!(shard, count, fence = lease.fence, owner = %cfg.owner, "took the lease on this shard; loading its games");
                            match self.adopt(shard, lease.fence).await {
                                Ok(()) => {
                                    held.insert(shard, lease);
                                    waiting_logged.remove(&shard);
                                }
                                Err(e) => {
                                    tracing::error!(shard, error = %e, "cannot load the shard's games; giving the lease back");
                                    let _ = store.release_lease(count, &lease).await;
                                    self.inner.let_go(shard);
                                }
                            }
                        }
                    }
                    Ok(None) => {
                        for &shard in &batch {
                            let Ok(Some(l)) = store.lease(count, shard).await else {
                                continue;
                            };
                            let live = l.expires_ms > now && l.owner != cfg.owner;
                            if live && waiting_logged.get(&shard) != Some(&l.owner) {
                                tracing::warn!(shard, count, holder = %l.owner, expires_in_ms = l.expires_ms - now, "another process holds this shard; waiting for its lease to expire");
                                waiting_logged.insert(shard, l.owner);
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot take the leases"),
                }
            }
            if held.len() == cfg.shards.shards().count() {
                complete = true;
            }
        }
        for lease in held.values() {
            if let Err(e) = store.release_lease(count, lease).await {
                tracing::warn!(shard = lease.shard, error = %e, "cannot give the lease back; it expires by itself");
            }
        }
    }

    /// Wait until this process holds every shard it serves (at once for [`Service::start`]).
    /// False if `limit` passed first.
    pub async fn wait_for_shards(&self, limit: Duration) -> bool {
        let want = self.inner.shards.shards().count();
        let mut rx = self.inner.held.subscribe();
        tokio::time::timeout(limit, rx.wait_for(|held| held.len() >= want))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    /// The shards this process holds now, as they change (a shard taken over by another
    /// process leaves the set; one taken back joins it).
    pub fn held_shards(&self) -> watch::Receiver<std::collections::BTreeSet<u32>> {
        self.inner.held.subscribe()
    }

    /// Reserve `slots` consecutive gateway IDENTIFY slots `gap_ms` apart in `bucket`, shared
    /// by every process on this database: when the first may be sent (ms).
    pub async fn reserve_identify(
        &self,
        bucket: u32,
        slots: u32,
        gap_ms: i64,
    ) -> Result<i64, StoreError> {
        let now = self.now_ms();
        self.inner
            .store
            .reserve_identify(bucket, slots, gap_ms, now)
            .await
    }

    /// The shards this process serves.
    pub fn shards(&self) -> ShardSet {
        self.inner.shards
    }

    /// The fence of the shard a server's games are on, if this process holds it.
    pub(crate) fn fence_of(&self, guild: u64) -> Option<i64> {
        let shard = ShardSet::shard_of(self.inner.shards.count, guild);
        if !self.inner.shards.shards().any(|s| s == shard) {
            return None;
        }
        self.inner
            .fences
            .lock()
            .expect("fences lock")
            .get(&shard)
            .copied()
    }
}
