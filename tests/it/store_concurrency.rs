//! Games in many channels write at once, on both backends: SQLite's deferred transactions
//! would fail with "database is locked" when a read turns into a write (the busy timeout does
//! not apply there), so the store's write transactions begin IMMEDIATE; PostgreSQL's pool
//! writes over several connections at once.

use crate::common;

use common::TestDb;
use std::sync::Arc;
use yut_service::{Clock, Config, Service};
use yut_store::Backend;
use yut_table::core::{Actor, Command, Lang, Settings};
use yut_table::view::NoPainter;

async fn many_channels_create_and_play_at_once(backend: Backend) {
    let Some(db) = TestDb::new(backend, "concurrency").await else {
        return;
    };
    let store = yut_store::Store::open(&db.url).await.unwrap();
    let (svc, _updates) = Service::start(
        store,
        Arc::new(NoPainter),
        Clock::system(),
        Config::default(),
        1,
    )
    .await
    .unwrap();
    let mut tasks = Vec::new();
    for ch in 0..24u64 {
        let svc = svc.clone();
        tasks.push(tokio::spawn(async move {
            let settings = Settings {
                rules: Default::default(),
                preset: "standard".into(),
                teams: false,
                seats: 2,
                turn_seconds: 25,
                lang: Lang::En,
                bot_delay_ms: 1000,
            };
            let host = Actor::user(ch + 1, "host");
            let channel = 1000 + ch;
            svc.create(1, channel, &host, settings)
                .await
                .map_err(|p| format!("create: {p:?}"))?;
            svc.command(channel, &Actor::user(ch + 500, "guest"), Command::Join)
                .await
                .map_err(|p| format!("join: {p:?}"))?;
            svc.command(channel, &host, Command::Start)
                .await
                .map_err(|p| format!("start: {p:?}"))?;
            Ok::<(), String>(())
        }));
    }
    let mut errors = Vec::new();
    for t in tasks {
        if let Err(e) = t.await.unwrap() {
            errors.push(e);
        }
    }
    assert_eq!(errors, Vec::<String>::new());
    svc.shutdown().await;
    db.cleanup().await;
}

on_both_backends!(real: many_channels_create_and_play_at_once);
