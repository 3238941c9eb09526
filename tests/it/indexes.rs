//! The questions asked of a big table by key are answered from an index, not by reading the
//! table: a channel's latest game (pages, `/yut replay`) and its last finished one. Without
//! `games_channel` each read every game ever stored (230 ms a question on PostgreSQL with
//! 50,000 games, and growing with every game played).

use crate::common::TestDb;
use sqlx::Row;
use yut_store::{Backend, Store};

/// The plan SQLite chooses for the store's questions of a channel.
#[tokio::test]
async fn a_channels_games_are_found_through_their_index() {
    let db = TestDb::new(Backend::Sqlite, "indexes").await.unwrap();
    let store = Store::open(&db.url).await.unwrap();
    store.close().await;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    for question in [
        "SELECT id FROM games WHERE channel_id = 7 ORDER BY id DESC LIMIT 1",
        "SELECT id FROM games WHERE channel_id = 7 AND status = 'finished' ORDER BY id DESC LIMIT 1",
    ] {
        let plan: Vec<String> = sqlx::query(&format!("EXPLAIN QUERY PLAN {question}"))
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get::<String, _>(3).unwrap())
            .collect();
        let plan = plan.join(" | ");
        assert!(
            (plan.contains("USING INDEX games_channel") || plan.contains("USING COVERING INDEX games_channel")) && !plan.contains("TEMP B-TREE"),
            "{question}: {plan}"
        );
    }
    pool.close().await;
    db.cleanup().await;
}

/// PostgreSQL has the same index.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_has_the_channel_index() {
    let Some(db) = TestDb::new(Backend::Postgres, "indexes").await else {
        return;
    };
    let store = Store::open(&db.url).await.unwrap();
    store.close().await;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    let def: String =
        sqlx::query("SELECT indexdef FROM pg_indexes WHERE indexname = 'games_channel'")
            .fetch_one(&pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
    assert!(def.contains("(channel_id, id)"), "{def}");
    pool.close().await;
    db.cleanup().await;
}
