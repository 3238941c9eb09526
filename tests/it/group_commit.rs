//! The group-commit writer: actions of many games sent at once share transactions, and each
//! caller still gets its own answer (stored, another version, another process's fence, no
//! such game), on both backends.

use crate::common::TestDb;
use std::sync::atomic::Ordering;
use yut_store::{Backend, Change, GameStatus, LogRow, NewGame, Store, StoreError};

const FIRST: i64 = 1_000;

pub(crate) fn log(version: u64, at_ms: i64) -> LogRow {
    LogRow {
        version,
        actor: "\"system\"".into(),
        command: "\"bot_turn\"".into(),
        played: None,
        at_ms,
    }
}

pub(crate) fn new_game(id: i64) -> NewGame {
    NewGame {
        id,
        guild: 1 << 22,
        channel: 5_000 + id as u64,
        host: 1,
        status: GameStatus::Playing,
        rules: "{}".into(),
        state: "{\"v\":0}".into(),
        version: 0,
        deadline_ms: Some(1_000),
        seats: Vec::new(),
        log: LogRow {
            command: "\"create\"".into(),
            ..log(0, 0)
        },
        now_ms: 0,
        fence: 0,
        lease: None,
    }
}

pub(crate) fn change(id: i64, version: u64, fence: i64) -> Change {
    Change {
        id,
        status: GameStatus::Playing,
        host: 1,
        deadline_ms: Some(2_000 + version as i64),
        // Each entry its own: whose, what the computer played (every other action), when.
        log: LogRow {
            actor: format!("\"seat {id}\""),
            played: version
                .is_multiple_of(2)
                .then(|| format!("[{id},{version}]")),
            ..log(version, 10 * version as i64 + id)
        },
        now_ms: 10 * version as i64,
        // Every third action carries a full state, as the service's snapshots do.
        snapshot: version
            .is_multiple_of(3)
            .then(|| format!("{{\"v\":{version}}}")),
        rules: None,
        seats: None,
        fence,
        channel: None,
    }
}

async fn mixed_batches_answer_each_caller(backend: Backend) {
    let Some(db) = TestDb::new(backend, "group-commit").await else {
        return;
    };
    let store = Store::open(&db.url).await.unwrap();
    let games: Vec<i64> = (0..40).map(|i| FIRST + i).collect();
    for &id in &games {
        store.create(new_game(id)).await.unwrap();
    }
    // Forty games move three versions on, all at once (bots' actions: they wait for each
    // other to share transactions); among them, every round, a stale version, a foreign
    // fence and a game that does not exist.
    for round in 1..=3u64 {
        let mut calls = Vec::new();
        for &id in &games {
            let s = store.clone();
            calls.push(tokio::spawn(async move {
                (id, s.commit(change(id, round, 0)).await)
            }));
        }
        let (s1, s2, s3) = (store.clone(), store.clone(), store.clone());
        let stale = tokio::spawn(async move { s1.commit(change(FIRST, round + 5, 0)).await });
        let fenced =
            tokio::spawn(async move { s2.commit_as(change(1_039, round + 1, 7), true).await });
        let missing = tokio::spawn(async move { s3.commit(change(99_999, 1, 0)).await });
        for c in calls {
            let (id, r) = c.await.unwrap();
            assert!(r.is_ok(), "game {id} round {round}: {r:?}");
        }
        assert!(matches!(stale.await.unwrap(), Err(StoreError::Conflict)));
        let f = fenced.await.unwrap();
        assert!(
            matches!(f, Err(StoreError::Fenced { ours: 7, held: 0 })),
            "{f:?}"
        );
        assert!(matches!(missing.await.unwrap(), Err(StoreError::NotFound)));
    }
    // Each game is at version 3 with its whole log, its last deadline and the state of its
    // last snapshot (version 3), as another connection reads it: every batch committed.
    let reader = Store::open(&db.url).await.unwrap();
    for &id in &games {
        let loaded = reader.load(id).await.unwrap();
        assert_eq!(loaded.row.version, 3);
        assert_eq!(loaded.row.deadline_ms, Some(2_003));
        assert_eq!(loaded.row.snapshot_version, 3);
        assert_eq!(loaded.row.snapshot, "{\"v\":3}");
        let entries = reader.log(id).await.unwrap();
        let versions: Vec<u64> = entries.iter().map(|e| e.version).collect();
        assert_eq!(versions, vec![0, 1, 2, 3]);
        for e in &entries[1..] {
            assert_eq!(e, &change(id, e.version, 0).log, "game {id}: every column");
        }
    }
    // They shared transactions: fewer transactions than actions.
    let stats = store.commit_stats();
    let (batches, actions) = (
        stats.batches.load(Ordering::Relaxed),
        stats.actions.load(Ordering::Relaxed),
    );
    assert_eq!(actions, 120);
    assert!(
        batches < actions / 4,
        "{batches} transactions for {actions} actions"
    );
    reader.close().await;
    store.close().await;
    db.cleanup().await;
}

async fn a_failing_batch_is_rolled_back_and_its_other_actions_stored(backend: Backend) {
    let Some(db) = TestDb::new(backend, "group-commit-fail").await else {
        return;
    };
    let store = Store::open(&db.url).await.unwrap();
    let games: Vec<i64> = (0..12).map(|i| FIRST + i).collect();
    for &id in &games {
        store.create(new_game(id)).await.unwrap();
    }
    // Round one: eleven games move on and, among them, the first tries to move into the
    // channel of a running game (refused by the one-game-per-channel index): the statement
    // fails, and its batch must be rolled back and committed action by action.
    let bad = games[0];
    let taken = new_game(games[1]).channel;
    let mut calls = Vec::new();
    for &id in &games[..11] {
        let s = store.clone();
        let mut c = change(id, 1, 0);
        if id == bad {
            c.channel = Some(taken);
        }
        calls.push(tokio::spawn(async move { (id, s.commit(c).await) }));
    }
    for c in calls {
        let (id, r) = c.await.unwrap();
        if id == bad {
            assert!(matches!(r, Err(StoreError::Db(_))), "the bad move: {r:?}");
        } else {
            assert!(r.is_ok(), "game {id}: {r:?}");
        }
    }
    let loaded = store.load(bad).await.unwrap();
    assert_eq!(
        loaded.row.version, 0,
        "the refused action left its game as it was"
    );
    assert_eq!(
        store.log(bad).await.unwrap().len(),
        1,
        "and wrote no log entry"
    );
    // No connection was left inside a transaction: every game, the refused one too, goes on
    // for several more rounds, whichever connection each batch gets.
    for round in 2..=5u64 {
        let mut calls = Vec::new();
        for &id in &games {
            let s = store.clone();
            let version = if id == bad { round - 1 } else { round };
            let version = if id == games[11] { round - 1 } else { version };
            calls.push(tokio::spawn(async move {
                (id, s.commit(change(id, version, 0)).await)
            }));
        }
        for c in calls {
            let (id, r) = c.await.unwrap();
            assert!(r.is_ok(), "game {id} round {round}: {r:?}");
        }
    }
    for &id in &games {
        let expected = if id == bad || id == games[11] { 4 } else { 5 };
        assert_eq!(
            store.load(id).await.unwrap().row.version,
            expected,
            "game {id}"
        );
        assert_eq!(store.log(id).await.unwrap().len() as u64, expected + 1);
    }
    store.close().await;
    db.cleanup().await;
}

on_both_backends!(
    real: mixed_batches_answer_each_caller,
    a_failing_batch_is_rolled_back_and_its_other_actions_stored
);
