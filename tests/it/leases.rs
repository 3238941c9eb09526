//! Several processes on one database, in one test process: services with leases on the same
//! shard (each its own store, as a separate process would have), on both backends, with a
//! real clock and short leases. One driver per game, always: a second service waits while
//! the first holds the shard, takes over after a crash once the lease expires, and a service
//! whose shard was taken over stops and never writes again.

use crate::common;

use common::TestDb;
use std::sync::Arc;
use std::time::{Duration, Instant};
use yut_ai::Level;
use yut_game::Rules;
use yut_service::{Clock, Config, LeaseConfig, Problem, Service, Update};
use yut_store::{Backend, ShardSet, Store};
use yut_table::core::{Actor, Command, Lang, Settings};
use yut_table::persist;
use yut_table::view::NoPainter;

const GUILD: u64 = 7 << 22;
const CH: u64 = 40;

fn lease(owner: &str) -> LeaseConfig {
    LeaseConfig {
        shards: ShardSet::ALL,
        owner: owner.into(),
        ttl: Duration::from_millis(800),
        renew: Duration::from_millis(100),
        max_skew: Duration::ZERO,
        address: None,
    }
}

async fn service(
    url: &str,
    owner: &str,
) -> (Service, tokio::sync::mpsc::UnboundedReceiver<Update>) {
    service_with(url, lease(owner)).await
}

async fn service_with(
    url: &str,
    lease: LeaseConfig,
) -> (Service, tokio::sync::mpsc::UnboundedReceiver<Update>) {
    let store = Store::open(url).await.unwrap();
    Service::start_leased(
        store,
        Arc::new(NoPainter),
        Clock::system(),
        Config::default(),
        5,
        lease,
    )
}

fn bots_only() -> Settings {
    Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats: 4,
        turn_seconds: 25,
        lang: Lang::En,
        bot_delay_ms: 60,
    }
}

/// Open a game of four bots (the host hands the seat to a bot) in channel CH; its id.
async fn bot_game(svc: &Service) -> i64 {
    let host = Actor::user(1, "Host");
    svc.create(GUILD, CH, &host, bots_only()).await.unwrap();
    svc.command(CH, &host, Command::FillBots { level: Level::Easy })
        .await
        .unwrap();
    svc.command(CH, &host, Command::Start).await.unwrap();
    svc.command(CH, &host, Command::Resign).await.unwrap();
    svc.table(CH).await.unwrap().id
}

async fn stored_version(store: &Store, id: i64) -> u64 {
    store.load(id).await.unwrap().row.version
}

/// Wait until `f` holds, up to `limit`.
async fn until(what: &str, limit: Duration, mut f: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !f().await {
        assert!(start.elapsed() < limit, "{what}: not within {limit:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Versions 0, 1, 2, ... with no gap and none twice, and the log replays to the stored state.
async fn assert_log_whole(store: &Store, id: i64) {
    let log = persist::log(store, id).await.unwrap();
    let versions: Vec<u64> = log.iter().map(|e| e.version).collect();
    let want: Vec<u64> = (0..log.len() as u64).collect();
    assert_eq!(versions, want, "the log has every version once");
    let now = persist::load(store, id).await.unwrap().table;
    let replayed = persist::replay(store, id).await.unwrap();
    assert_eq!(
        serde_json::to_string(&replayed).unwrap(),
        serde_json::to_string(&now).unwrap()
    );
}

async fn a_second_process_waits_then_takes_over_after_a_crash(backend: Backend) {
    let Some(db) = TestDb::new(backend, "lease-crash").await else {
        return;
    };
    let (a, _ua) = service(&db.url, "a").await;
    assert!(a.wait_for_shards(Duration::from_secs(5)).await);
    let id = bot_game(&a).await;
    let (b, _ub) = service(&db.url, "b").await;
    // While A lives, B holds nothing, drives nothing and opens nothing.
    assert!(!b.wait_for_shards(Duration::from_millis(1500)).await);
    assert_eq!(b.running(), 0);
    assert!(b.table(CH).await.is_none());
    let e = b
        .create(GUILD, CH + 1, &Actor::user(2, "Bo"), bots_only())
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::Elsewhere), "{e:?}");
    let store = Store::open(&db.url).await.unwrap();
    let before = stored_version(&store, id).await;
    assert!(before > 8, "A played meanwhile (version {before})");
    // A dies without a word: no write, no lease given back.
    a.abort();
    let crashed = Instant::now();
    let at_crash = stored_version(&store, id).await;
    assert!(
        b.wait_for_shards(Duration::from_secs(3)).await,
        "B takes over"
    );
    let took = crashed.elapsed();
    assert!(took <= Duration::from_millis(800 + 100 + 500), "{took:?}");
    assert_eq!(b.running(), 1);
    // The game goes on from where it was stored.
    let t = b.table(CH).await.unwrap();
    assert_eq!(t.id, id);
    assert!(t.version >= at_crash);
    until("B plays on", Duration::from_secs(5), async || {
        stored_version(&store, id).await > at_crash + 3
    })
    .await;
    b.shutdown().await;
    assert_log_whole(&store, id).await;
    store.close().await;
    db.cleanup().await;
}

async fn a_process_whose_shard_was_taken_never_writes_again(backend: Backend) {
    let Some(db) = TestDb::new(backend, "lease-fence").await else {
        return;
    };
    // A renews its lease only every 20 s: it can learn of the takeover only from the fence
    // on its next write.
    let slow = LeaseConfig {
        ttl: Duration::from_secs(60),
        renew: Duration::from_secs(20),
        ..lease("a")
    };
    let (a, _ua) = service_with(&db.url, slow).await;
    assert!(a.wait_for_shards(Duration::from_secs(5)).await);
    let id = bot_game(&a).await;
    let store = Store::open(&db.url).await.unwrap();
    until("A plays", Duration::from_secs(5), async || {
        stored_version(&store, id).await > 5
    })
    .await;
    // Another process takes the shard while A still runs (as after a pause longer than the
    // lease, or a clock that jumped): a newer fence on the lease and on the games.
    store
        .execute(
            "UPDATE counters SET value = value + 1 WHERE name = 'fence';
             UPDATE shard_leases SET owner = 'b', expires_ms = 9000000000000,
                 fence = (SELECT value FROM counters WHERE name = 'fence');
             UPDATE games SET fence = (SELECT value FROM counters WHERE name = 'fence')
                 WHERE status IN ('lobby', 'playing');",
        )
        .await
        .unwrap();
    // A's next write is refused by the fence: it stops driving the game.
    until("A lets go", Duration::from_secs(3), async || {
        a.running() == 0 && a.table(CH).await.is_none()
    })
    .await;
    let stopped = stored_version(&store, id).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(
        stored_version(&store, id).await,
        stopped,
        "A wrote nothing after losing the shard"
    );
    // A click on A is refused, and changes nothing.
    let t = persist::load(&store, id).await.unwrap().table;
    let click = yut_table::view::encode(id, t.version, &Command::Throw);
    assert!(a.click(CH, &Actor::user(1, "Host"), &click).await.is_err());
    assert_eq!(stored_version(&store, id).await, stopped);
    // B (the new holder, same name) starts and drives the game on.
    let (b, _ub) = service(&db.url, "b").await;
    assert!(b.wait_for_shards(Duration::from_secs(3)).await);
    until("B plays on", Duration::from_secs(5), async || {
        stored_version(&store, id).await > stopped + 3
    })
    .await;
    b.shutdown().await;
    a.shutdown().await;
    assert_log_whole(&store, id).await;
    store.close().await;
    db.cleanup().await;
}

async fn a_clean_shutdown_hands_the_shard_over_at_once(backend: Backend) {
    let Some(db) = TestDb::new(backend, "lease-handover").await else {
        return;
    };
    let (a, _ua) = service(&db.url, "a").await;
    assert!(a.wait_for_shards(Duration::from_secs(5)).await);
    let id = bot_game(&a).await;
    let (b, _ub) = service(&db.url, "b").await;
    assert!(!b.wait_for_shards(Duration::from_millis(300)).await);
    let t0 = Instant::now();
    a.shutdown().await;
    // The lease was given back: B takes it at its next try, well before it would expire.
    assert!(b.wait_for_shards(Duration::from_secs(2)).await);
    assert!(
        t0.elapsed() < Duration::from_millis(700),
        "{:?}",
        t0.elapsed()
    );
    assert_eq!(b.table(CH).await.map(|t| t.id), Some(id));
    b.shutdown().await;
    let store = Store::open(&db.url).await.unwrap();
    assert_log_whole(&store, id).await;
    store.close().await;
    db.cleanup().await;
}

/// The store's side of it: fence numbers only grow, a lease held is not granted to another
/// until it expires, renewing a lease taken over fails, and a game is not created under a
/// lease that moved.
async fn leases_and_fences_in_the_store(backend: Backend) {
    use yut_store::{GameStatus, LogRow, NewGame, StoreError};
    let Some(db) = TestDb::new(backend, "lease-store").await else {
        return;
    };
    let store = Store::open(&db.url).await.unwrap();
    let now = 1_000_000;
    let a = store
        .acquire_lease(2, 1, "a", 60_000, now)
        .await
        .unwrap()
        .unwrap();
    assert!(store
        .acquire_lease(2, 1, "b", 60_000, now)
        .await
        .unwrap()
        .is_none());
    // Shard 0 is free, shard 1 is not: all or none.
    assert!(store
        .acquire_leases(2, &[0, 1], "b", 60_000, now)
        .await
        .unwrap()
        .is_none());
    assert!(store.lease(2, 0).await.unwrap().is_none(), "none taken");
    // The same owner takes its own lease back at once, with a newer fence.
    let a2 = store
        .acquire_lease(2, 1, "a", 60_000, now)
        .await
        .unwrap()
        .unwrap();
    assert!(a2.fence > a.fence);
    assert!(!store.renew_lease(2, &a, 60_000, now).await.unwrap());
    assert!(store.renew_lease(2, &a2, 60_000, now).await.unwrap());
    // Expired: another owner may take it.
    let later = now + 61_000;
    let b = store
        .acquire_lease(2, 1, "b", 60_000, later)
        .await
        .unwrap()
        .unwrap();
    assert!(b.fence > a2.fence);
    assert!(!store.renew_lease(2, &a2, 60_000, later).await.unwrap());
    let game = |id: i64, fence: i64| NewGame {
        id,
        guild: 1 << 22, // shard 1 of 2
        channel: 900 + id as u64,
        host: 1,
        status: GameStatus::Lobby,
        rules: "{}".into(),
        state: "{}".into(),
        version: 0,
        deadline_ms: None,
        seats: Vec::new(),
        log: LogRow {
            version: 0,
            actor: "\"system\"".into(),
            command: "\"create\"".into(),
            played: None,
            at_ms: later,
        },
        now_ms: later,
        fence,
        lease: Some((2, 1)),
    };
    let id = store.new_game_id().await.unwrap();
    let e = store.create(game(id, a2.fence)).await.unwrap_err();
    assert!(
        matches!(e, StoreError::Fenced { ours, held } if ours == a2.fence && held == b.fence),
        "{e:?}"
    );
    assert!(matches!(store.load(id).await, Err(StoreError::NotFound)));
    store.create(game(id, b.fence)).await.unwrap();
    assert_eq!(store.load(id).await.unwrap().row.version, 0);
    store.close().await;
    db.cleanup().await;
}

on_both_backends!(real:
    leases_and_fences_in_the_store,
    a_second_process_waits_then_takes_over_after_a_crash,
    a_process_whose_shard_was_taken_never_writes_again,
    a_clean_shutdown_hands_the_shard_over_at_once,
);
