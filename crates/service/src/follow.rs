//! Following games another process drives (PostgreSQL, several processes): a page here
//! follows a game whose actor runs elsewhere, so this process listens to the game's
//! announcements (see `yut_store::Announcements`), reads each new log entry, replays it
//! onto its copy of the table and hands every version, in order, to the web's observer,
//! exactly as a local actor would. Games driven here are not followed this way (their
//! actor tells the web itself); a game this process stops driving (a takeover) is read
//! again from the store when it moves on.
//!
//! The database filters: a process is woken only for the games its pages follow. A lost
//! connection loses announcements, so every followed game is read again after one, and
//! once a while anyway (a missed announcement costs a few seconds, never the game).

use super::*;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use yut_store::{Announcements, Moved};

/// How often games nobody follows any more are let go (and every followed game's version
/// checked against the store).
const SWEEP: Duration = Duration::from_secs(3);

/// What the service counts of the games it follows for others (for `/metrics`).
#[derive(Debug, Default)]
pub struct FollowStats {
    /// Games followed here and driven elsewhere, now.
    pub following: std::sync::atomic::AtomicUsize,
    /// Announcements received.
    pub announcements: AtomicU64,
    /// Versions handed to the web from another process's commits.
    pub versions: AtomicU64,
    /// Times the listening connection was lost (everything followed was read again).
    pub reconnects: AtomicU64,
}

/// A game followed here: the table as last shown, and whether it must be read whole (this
/// process drove it meanwhile, or its log could not be replayed).
struct Mirror {
    table: Option<Arc<Table>>,
    stale: bool,
    /// When a page asked for it last: a page that asked is given a sweep's time to start
    /// following (its stream opens after it asked).
    asked: Instant,
}

impl Service {
    /// A page here follows `game`: keep it current, whichever process drives it. Cheap to
    /// call on every request; does nothing on SQLite (this process drives every game).
    pub fn keep_current(&self, game: i64) {
        let tx = self.inner.follow_tx.lock().expect("follow lock").clone();
        if let Some(tx) = tx {
            let _ = tx.send(game);
        }
    }

    /// What this process follows for others.
    pub fn follow_stats(&self) -> &FollowStats {
        &self.inner.follow_stats
    }

    /// Start following others' games, if this is one of several processes with the web on.
    pub(crate) fn start_following(&self) {
        if self.inner.store.backend() != yut_store::Backend::Postgres
            || self.inner.config.web.is_none()
        {
            return;
        }
        let (tx, rx) = mpsc::unbounded_channel();
        *self.inner.follow_tx.lock().expect("follow lock") = Some(tx);
        let task = tokio::spawn(self.clone().follow_others(rx));
        self.inner.tasks.lock().expect("tasks lock").push(task);
    }

    async fn follow_others(self, mut wanted: mpsc::UnboundedReceiver<i64>) {
        let mut stop = self.inner.stop.subscribe();
        let mut ann = loop {
            match self.inner.store.announcements().await {
                Ok(Some(a)) => break a,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot listen to the games' announcements; retrying");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                        _ = async { let _ = stop.wait_for(|s| *s).await; } => return,
                    }
                }
            }
        };
        let mut copies: HashMap<i64, Mirror> = HashMap::new();
        let mut sweep = tokio::time::interval(SWEEP);
        sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                Some(game) = wanted.recv() => {
                    let mut games = vec![game];
                    while let Ok(g) = wanted.try_recv() {
                        games.push(g);
                    }
                    self.take_up(&mut ann, &mut copies, games).await;
                }
                got = ann.recv() => match got {
                    Ok(Some(m)) => {
                        self.moved(&mut copies, m).await;
                        while let Some(m) = ann.next_buffered() {
                            self.moved(&mut copies, m).await;
                        }
                    }
                    Ok(None) => {
                        self.inner.follow_stats.reconnects.fetch_add(1, Relaxed);
                        tracing::warn!("lost the announcements' connection; reading the followed games again");
                        self.catch_up(&mut copies).await;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "listening to the games' announcements failed");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        self.catch_up(&mut copies).await;
                    }
                },
                _ = sweep.tick() => {
                    self.sweep(&mut ann, &mut copies).await;
                }
                _ = async { let _ = stop.wait_for(|s| *s).await; } => return,
            }
        }
    }

    /// Listen to the games wanted that are not yet followed, then read and show each once
    /// (after listening: nothing committed in between is missed).
    async fn take_up(
        &self,
        ann: &mut Announcements,
        copies: &mut HashMap<i64, Mirror>,
        games: Vec<i64>,
    ) {
        let now = Instant::now();
        let mut new: Vec<i64> = Vec::new();
        for g in games {
            match copies.get_mut(&g) {
                Some(m) => m.asked = now,
                None => new.push(g),
            }
        }
        new.sort_unstable();
        new.dedup();
        if new.is_empty() {
            return;
        }
        tracing::debug!(games = ?new, "following games driven elsewhere");
        if let Err(e) = ann.listen(&new).await {
            tracing::warn!(error = %e, "cannot listen to a followed game's announcements");
            return;
        }
        for g in new {
            copies.insert(
                g,
                Mirror {
                    table: None,
                    stale: true,
                    asked: now,
                },
            );
            self.advance(copies, g, None).await;
        }
        self.inner
            .follow_stats
            .following
            .store(copies.len(), Relaxed);
    }

    async fn moved(&self, copies: &mut HashMap<i64, Mirror>, m: Moved) {
        self.inner.follow_stats.announcements.fetch_add(1, Relaxed);
        tracing::trace!(game = m.game, version = m.version, "announced");
        self.advance(copies, m.game, Some(m.version)).await;
    }

    /// Bring a followed game's copy up to the store's newest version (at least `version`),
    /// showing every version on the way.
    async fn advance(&self, copies: &mut HashMap<i64, Mirror>, game: i64, version: Option<u64>) {
        let Some(copy) = copies.get_mut(&game) else {
            return;
        };
        if self.running_actor(game).is_some() {
            // Driven here: the actor shows it. Read it whole once it is driven elsewhere.
            copy.stale = true;
            self.mirror(game, None);
            return;
        }
        let known = copy.table.as_ref().map(|t| t.version);
        if !copy.stale && version.is_some() && version <= known {
            return;
        }
        let Some(observe) = self.inner.config.web.as_ref().map(|w| w.observe.clone()) else {
            return;
        };
        if let (false, Some(t)) = (copy.stale, copy.table.clone()) {
            match self.inner.store.log_after(game, t.version).await {
                Ok(log) => {
                    let mut next = (*t).clone();
                    let mut replayed = true;
                    for row in &log {
                        if persist::replay_onto(&mut next, std::slice::from_ref(row)).is_err() {
                            replayed = false;
                            break;
                        }
                        let shown = Arc::new(next.clone());
                        observe(&shown);
                        self.inner.follow_stats.versions.fetch_add(1, Relaxed);
                        self.mirror(game, Some(&shown));
                        copy.table = Some(shown);
                    }
                    if replayed {
                        return;
                    }
                }
                Err(e) => {
                    tracing::warn!(game, error = %e, "reading a followed game's log failed");
                    return;
                }
            }
        }
        // Read whole: the first time, after this process drove it, or a log that did not
        // replay.
        match persist::load(&self.inner.store, game).await {
            Ok(s) => {
                let shown = Arc::new(s.table);
                observe(&shown);
                self.inner.follow_stats.versions.fetch_add(1, Relaxed);
                self.mirror(game, Some(&shown));
                copy.table = Some(shown);
                copy.stale = false;
            }
            Err(e) => tracing::warn!(game, error = %e, "reading a followed game failed"),
        }
    }

    /// Keep (or drop) a followed game's copy where pages read it ([`Service::page_table`]).
    fn mirror(&self, game: i64, t: Option<&Arc<Table>>) {
        let mut m = self.inner.mirrored.lock().expect("mirrored lock");
        match t {
            Some(t) => m.insert(game, t.clone()),
            None => m.remove(&game),
        };
    }

    /// Read every followed game's stored version and bring the copies that fell behind up.
    async fn catch_up(&self, copies: &mut HashMap<i64, Mirror>) {
        let games: Vec<i64> = copies.keys().copied().collect();
        match self.inner.store.versions(&games).await {
            Ok(versions) => {
                for (g, v) in versions {
                    self.advance(copies, g, Some(v)).await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading the followed games' versions failed"),
        }
    }

    /// Let go of the games no page follows any more, or that are over and shown; then check
    /// the rest against the store (an announcement can be lost with its connection).
    async fn sweep(&self, ann: &mut Announcements, copies: &mut HashMap<i64, Mirror>) {
        let Some(followed) = self.inner.config.web.as_ref().map(|w| w.followed.clone()) else {
            return;
        };
        let gone: Vec<i64> = copies
            .iter()
            .filter(|(g, c)| {
                c.asked.elapsed() >= SWEEP
                    && (!followed(**g) || c.table.as_ref().is_some_and(|t| !t.status.is_active()))
            })
            .map(|(g, _)| *g)
            .collect();
        for g in gone {
            tracing::debug!(
                game = g,
                "no page here follows a game driven elsewhere any more"
            );
            copies.remove(&g);
            self.mirror(g, None);
            if let Err(e) = ann.unlisten(g).await {
                tracing::warn!(game = g, error = %e, "cannot stop listening to a game");
            }
        }
        self.inner
            .follow_stats
            .following
            .store(copies.len(), Relaxed);
        self.catch_up(copies).await;
    }
}
