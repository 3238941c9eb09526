//! Community events through the service (issue 49): a whole Swiss event, sign-up to
//! podium, its games played to their end between people (each letting the bot play their
//! turns), every result counted once by the game's own end, the standings equal to a
//! recomputation from the stored results; and the event's refusals.

use crate::common::TestDb;
use std::sync::Arc;
use std::time::Duration;
use yut_event::{Progress, RunError, Stage};
use yut_service::{demo, Clock, Config, EventNews, Problem, Service};
use yut_store::Backend;
use yut_table::core::Lang;
use yut_table::view::NoPainter;

const GUILD: u64 = 7;

pub(crate) async fn service(db: &TestDb) -> Service {
    let (svc, mut updates) = Service::start(
        db.store().await,
        Arc::new(NoPainter),
        Clock::starting_at(1_700_000_000_000),
        Config::default(),
        42,
    )
    .await
    .unwrap();
    tokio::spawn(async move { while updates.recv().await.is_some() {} });
    svc
}

async fn a_whole_swiss_event_through_the_service(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-swiss").await else {
        return;
    };
    let svc = service(&db).await;
    let mut news = svc.event_news();
    let event = svc
        .create_event(GUILD, 500, "Seollal Open", 3, 0, Lang::En)
        .await
        .unwrap();
    for u in 1..=7u64 {
        svc.event_join(event, u, &format!("P{u}"), 1500.0 - u as f64)
            .await
            .unwrap();
    }
    assert!(matches!(
        svc.event_join(event, 3, "P3", 0.0).await,
        Err(Problem::Event(RunError::AlreadyIn))
    ));
    svc.event_leave(event, 7).await.unwrap();
    let mut channel = 10_000;
    let mut games = Vec::new();
    for round in 0..3u32 {
        let (n, pairings) = svc.event_start_round(event).await.unwrap();
        assert_eq!(n, round);
        assert_eq!(pairings.len(), 3, "six entrants: three games, no bye");
        let mut channels = Vec::new();
        for p in &pairings {
            channel += 1;
            let mut s = demo::settings(2, 40, Lang::En);
            s.rules.pieces = yut_game::rules::Pieces::Fixed(2);
            let game = svc
                .event_open_game(event, round, p.index, channel, s)
                .await
                .unwrap();
            games.push(game);
            channels.push(channel);
        }
        if round == 0 {
            assert!(matches!(
                svc.event_start_round(event).await,
                Err(Problem::Event(RunError::RoundNotDone))
            ));
        }
        demo::autoplay(&svc, &channels, Duration::from_millis(50)).await;
        // Every game's end reported by itself, once.
        let mut reported = Vec::new();
        while reported.len() < pairings.len() {
            let n = tokio::time::timeout(Duration::from_secs(60), news.recv())
                .await
                .expect("the round's results")
                .unwrap();
            let EventNews::Reported {
                event: e,
                round: r,
                game,
                progress,
            } = n;
            assert_eq!((e, r), (event, round));
            reported.push((game, progress));
        }
        let last = reported.iter().filter(|(_, p)| *p != Progress::Pending);
        assert_eq!(
            last.count(),
            1,
            "one report completes the round: {reported:?}"
        );
    }
    let (row, run) = svc.event(event).await.unwrap();
    assert_eq!(run.stage, Stage::Finished);
    assert_eq!(row.stage, "finished");
    assert!(matches!(
        svc.event_start_round(event).await,
        Err(Problem::Event(RunError::NotNow))
    ));
    // The standings from the stored results of its games, recomputed, are the event's.
    let mut wins = std::collections::BTreeMap::<u64, u32>::new();
    for game in &games {
        let played = yut_table::persist::load(svc.store(), *game).await.unwrap();
        let t = &played.table;
        let outcome = t
            .game
            .as_ref()
            .unwrap()
            .outcome()
            .expect("played to the end");
        let seat = (0..2)
            .find(|s| t.game.as_ref().unwrap().side_of(*s as u8) == outcome.winner)
            .unwrap();
        *wins
            .entry(t.seats[seat].player.user().unwrap())
            .or_default() += 1;
    }
    let standings = run.standings();
    assert_eq!(
        standings.len(),
        6,
        "who left before the start is not ranked: {standings:?}"
    );
    for s in &standings {
        assert_eq!(s.score, wins.get(&s.entrant).copied().unwrap_or(0), "{s:?}");
    }
    assert!(standings.windows(2).all(|w| w[0].score >= w[1].score));
    db.cleanup().await;
}

/// After a restart mid-round the events left waiting are found: a round complete whose next
/// round was never paired, and a round whose games were not all opened.
async fn events_left_waiting_are_found_after_a_restart(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-carry").await else {
        return;
    };
    let svc = service(&db).await;
    let event = svc
        .create_event(GUILD, 500, "Chuseok", 2, 0, Lang::Ko)
        .await
        .unwrap();
    for u in 1..=4u64 {
        svc.event_join(event, u, &format!("P{u}"), 1500.0)
            .await
            .unwrap();
    }
    assert_eq!(svc.events_to_carry_on().await.unwrap(), Vec::<i64>::new());
    let (round, pairings) = svc.event_start_round(event).await.unwrap();
    // The process stopped after opening the first game only.
    svc.event_open_game(event, round, 0, 9_001, demo::settings(2, 40, Lang::Ko))
        .await
        .unwrap();
    assert_eq!(svc.events_to_carry_on().await.unwrap(), vec![event]);
    svc.event_open_game(event, round, 1, 9_002, demo::settings(2, 40, Lang::Ko))
        .await
        .unwrap();
    assert_eq!(svc.events_to_carry_on().await.unwrap(), Vec::<i64>::new());
    // Both decided by an admin (no-shows): the round is complete, the next not paired yet.
    for p in &pairings {
        svc.event_set_result(event, p.index, p.pairing.first, "Dana", "no-show")
            .await
            .unwrap();
    }
    svc.shutdown().await;
    let svc = service(&db).await;
    assert_eq!(svc.events_to_carry_on().await.unwrap(), vec![event]);
    let (round, _) = svc.event_start_round(event).await.unwrap();
    assert_eq!(round, 1);
    let (_, run) = svc.event(event).await.unwrap();
    assert_eq!(run.lang, "ko");
    assert_eq!(
        run.played[0].games[0].set_by.as_deref(),
        Some("Dana: no-show")
    );
    db.cleanup().await;
}

on_both_backends!(paused: a_whole_swiss_event_through_the_service, events_left_waiting_are_found_after_a_restart);
