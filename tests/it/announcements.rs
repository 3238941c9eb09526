//! Announcements (PostgreSQL): every commit announces the games it moved on, in its own
//! transaction, on each game's channel; a listener hears only the games it listens to, in
//! commit order, and nothing of a batch that was refused.

use crate::common::TestDb;
use crate::group_commit::{change, new_game};
use std::time::Duration;
use yut_store::{Backend, Moved, Store};

async fn next(a: &mut yut_store::Announcements) -> Option<Moved> {
    tokio::time::timeout(Duration::from_millis(500), a.recv())
        .await
        .ok()
        .map(|r| r.unwrap().expect("the connection stays"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commits_announce_the_games_they_moved_to_their_listeners_only() {
    let Some(db) = TestDb::new(Backend::Postgres, "announcements").await else {
        return;
    };
    let store = Store::open(&db.url).await.unwrap();
    let mut a = store
        .announcements()
        .await
        .unwrap()
        .expect("PostgreSQL announces");
    let (x, y) = (2_001, 2_002);
    a.listen(&[x]).await.unwrap();
    for id in [x, y] {
        store.create(new_game(id)).await.unwrap();
    }
    assert_eq!(
        next(&mut a).await,
        Some(Moved {
            game: x,
            version: 0
        })
    );
    // Batches (bots' actions share transactions) and one person's action alone.
    for v in 1..=3 {
        let (s1, s2) = (store.clone(), store.clone());
        let (r1, r2) = tokio::join!(s1.commit(change(x, v, 0)), s2.commit(change(y, v, 0)));
        r1.unwrap();
        r2.unwrap();
    }
    store.commit_as(change(x, 4, 0), true).await.unwrap();
    for v in 1..=4 {
        assert_eq!(
            next(&mut a).await,
            Some(Moved {
                game: x,
                version: v
            })
        );
    }
    // A refused action (a stale version) announces nothing; the other game is not heard.
    assert!(store.commit(change(x, 4, 0)).await.is_err());
    assert_eq!(next(&mut a).await, None, "nothing more for x, nothing of y");
    a.listen(&[y]).await.unwrap();
    store.commit(change(y, 4, 0)).await.unwrap();
    assert_eq!(
        next(&mut a).await,
        Some(Moved {
            game: y,
            version: 4
        })
    );
    a.unlisten(x).await.unwrap();
    store.commit(change(x, 5, 0)).await.unwrap();
    assert_eq!(next(&mut a).await, None, "x no longer heard");
    assert_eq!(
        store.versions(&[y, x, 9]).await.unwrap(),
        vec![(x, 5), (y, 4)]
    );
    let after: Vec<u64> = store
        .log_after(x, 3)
        .await
        .unwrap()
        .iter()
        .map(|r| r.version)
        .collect();
    assert_eq!(after, vec![4, 5]);
    // SQLite: one process, nothing to announce.
    let sqlite = TestDb::new(Backend::Sqlite, "announcements").await.unwrap();
    let lite = Store::open(&sqlite.url).await.unwrap();
    assert!(lite.announcements().await.unwrap().is_none());
    store.close().await;
    db.cleanup().await;
}
