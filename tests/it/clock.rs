//! The service's clock follows the wall clock: a step of the system clock (a virtual machine
//! paused and resynchronised, an operator's correction) moves every deadline with it, within
//! the watcher's check interval, and countdowns are measured from the stepped clock.

use crate::common::TestDb;
use std::sync::Arc;
use std::time::Duration;
use yut_game::Rules;
use yut_service::{Clock, Config, Service, STEP_CHECK};
use yut_store::{Backend, Store};
use yut_table::core::{Actor, Command, Lang, Settings};
use yut_table::view::NoPainter;

fn two_people() -> Settings {
    Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams: false,
        seats: 2,
        turn_seconds: 25,
        lang: Lang::En,
        bot_delay_ms: 1200,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadlines_follow_a_step_of_the_wall_clock() {
    let db = TestDb::new(Backend::Sqlite, "clock-step").await.unwrap();
    let store = Store::open(&db.url).await.unwrap();
    let (clock, stepper) = Clock::stepping();
    let (svc, _updates) = Service::start(
        store,
        Arc::new(NoPainter),
        clock.clone(),
        Config::default(),
        5,
    )
    .await
    .unwrap();
    let (alice, bob) = (Actor::user(1, "Alice"), Actor::user(2, "Bob"));
    let ch = 31;
    svc.create(9 << 22, ch, &alice, two_people()).await.unwrap();
    svc.command(ch, &bob, Command::Join).await.unwrap();
    svc.command(ch, &alice, Command::Start).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    let due = t.deadline_ms.expect("a person's turn has a deadline");
    let left = due - clock.now_ms();
    assert!((23_000..=25_000).contains(&left), "{left} ms left");

    // The wall clock steps back a minute: the deadline is a minute further away by the
    // monotonic clock, and nothing fires early.
    stepper.step(-60_000);
    let later = clock.instant_at(due) - tokio::time::Instant::now();
    assert!(later > Duration::from_secs(80), "{later:?}");
    tokio::time::sleep(STEP_CHECK * 3).await;
    assert_eq!(svc.table(ch).await.unwrap().version, t.version);

    // It steps forward past the deadline (the minute back, and 30 s more): the time-out
    // fires within the watcher's interval, not 25 s of monotonic time later.
    stepper.step(90_000);
    let stepped = std::time::Instant::now();
    let mut moved = None;
    while stepped.elapsed() < Duration::from_secs(5) {
        let now = svc.table(ch).await.unwrap();
        if now.version > t.version {
            moved = Some(now);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let now = moved.expect("the time-out fired after the clock stepped past the deadline");
    assert!(
        stepped.elapsed() < STEP_CHECK * 4,
        "fired {:?} after the step",
        stepped.elapsed()
    );
    // The next countdown is measured from the stepped clock.
    if let Some(next) = now.deadline_ms {
        let left = next - clock.now_ms();
        assert!((20_000..=25_000).contains(&left), "{left} ms left");
    }
    svc.shutdown().await;
    db.cleanup().await;
}
