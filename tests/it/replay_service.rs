//! After the game, over the store on both backends: `/yut replay` (default and by number),
//! refusals (no such game, running, another server, no finished game), the chart, a
//! player's private review, and `/yut history`.

use crate::common;
use std::sync::Arc;
use std::time::Duration;
use yut_ai::Level;
use yut_game::{Phase, Rules};

use common::TestDb;
use yut_replay::record::verify;
use yut_service::after::{self, AfterProblem};
use yut_service::{Clock, Config, Lane, Service};
use yut_store::Backend;
use yut_table::core::{Actor, Command, Lang, Settings};
use yut_table::view::NoPainter;

const GUILD: u64 = 1;
const ALICE: u64 = 100;

fn alice() -> Actor {
    Actor::user(ALICE, "Alice")
}

fn settings() -> Settings {
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

/// Alice against a Normal bot in `ch`, Alice playing her first legal move each time.
async fn play_game(svc: &Service, ch: u64) -> i64 {
    svc.create(GUILD, ch, &alice(), settings()).await.unwrap();
    svc.command(
        ch,
        &alice(),
        Command::AddBot {
            level: Level::Normal,
        },
    )
    .await
    .unwrap();
    let v = svc.command(ch, &alice(), Command::Start).await.unwrap();
    let game = v.game.unwrap();
    assert!(v.text.contains("Throws committed: SHA-256"), "{}", v.text);
    for _ in 0..20_000 {
        let Some(t) = svc.table(ch).await else { break };
        if t.acting().is_some() && !t.computer_acts() {
            let g = t.game.as_ref().unwrap();
            let cmd = match g.phase() {
                Phase::Throw => Command::Throw,
                _ => Command::Move {
                    mv: g.legal_moves()[0],
                },
            };
            let _ = svc.command(ch, &alice(), cmd).await;
        } else {
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    }
    assert!(svc.table(ch).await.is_none(), "the game finished");
    game
}

async fn after_the_game(backend: Backend) {
    let Some(db) = TestDb::new(backend, "after-game").await else {
        return;
    };
    let store = db.store().await;
    let (svc, _updates) = Service::start(
        store,
        Arc::new(NoPainter),
        Clock::starting_at(1_700_000_000_000),
        Config::default(),
        5,
    )
    .await
    .unwrap();
    let ch = 20;
    let store = svc.store().clone();
    // Nothing finished yet.
    assert!(matches!(
        after::replay(&svc, GUILD, ch, None, 1 << 20).await,
        Err(AfterProblem::NoFinishedGame)
    ));
    let game = play_game(&svc, ch).await;
    let board = svc.board(ch).await.unwrap();
    assert!(board.text.contains("Throw seed: `"), "{}", board.text);
    assert!(board
        .rows
        .iter()
        .flatten()
        .any(|b| after::decode_after(&b.custom_id) == Some((game, after::AfterButton::Replay))));

    // The replay of the channel's last finished game: a GIF and a record that verifies.
    let files = after::replay(&svc, GUILD, ch, None, 8 << 20).await.unwrap();
    assert_eq!(files.game, game);
    assert!(files.replay.gif.starts_with(b"GIF89a"));
    assert!(files.replay.frames > 10);
    let n = verify(files.record.as_bytes()).expect("the record verifies");
    assert!(n > 10);
    assert!(files.text.contains(&format!("#{game}")));
    // The GIF's alt text names the game, its players and the winner.
    assert!(
        files.alt.contains(&format!("game #{game}"))
            && files.alt.contains("Alice")
            && files.alt.contains(" won after "),
        "{}",
        files.alt
    );
    // By number, too; refused from another server, for a missing game, for a running one.
    assert!(after::replay(&svc, GUILD, 999, Some(game), 8 << 20)
        .await
        .is_ok());
    assert!(matches!(
        after::replay(&svc, GUILD + 1, ch, Some(game), 8 << 20).await,
        Err(AfterProblem::OtherServer)
    ));
    assert!(matches!(
        after::replay(&svc, GUILD, ch, Some(game + 1000), 8 << 20).await,
        Err(AfterProblem::NoSuchGame)
    ));
    let running = svc
        .create(GUILD, ch + 1, &alice(), settings())
        .await
        .unwrap()
        .game
        .unwrap();
    let e = after::replay(&svc, GUILD, ch + 1, Some(running), 8 << 20)
        .await
        .unwrap_err();
    assert!(matches!(e, AfterProblem::Running));
    assert!(e.message(Lang::En).contains("still running"));

    // The chart, and Alice's review (private; a stranger has none).
    let (chart, summary) = after::analysis(&svc, GUILD, game).await.unwrap();
    assert!(chart.png.starts_with(b"\x89PNG"));
    assert!(!summary.is_empty());
    // Its alt text says who led, who won and the turning point.
    assert!(
        chart.alt.contains(&format!("game #{game}"))
            && chart.alt.contains(" won")
            && chart.alt.contains("% of the turns"),
        "{}",
        chart.alt
    );
    let (text, pngs) = after::my_review(&svc, GUILD, game, ALICE, Lang::En)
        .await
        .unwrap();
    assert!(text.contains("Alice"), "{text}");
    assert!(pngs.len() <= 3);
    for (i, p) in pngs.iter().enumerate() {
        assert!(p.png.starts_with(b"\x89PNG"));
        assert!(
            p.alt.starts_with(&format!("Decision {}", i + 1)),
            "{}",
            p.alt
        );
    }
    assert!(matches!(
        after::my_review(&svc, GUILD, game, 4242, Lang::En).await,
        Err(AfterProblem::NotPlaying)
    ));

    // History: the finished game, for the server and for Alice; none for a stranger.
    let h = after::history(&store, GUILD, None, 10).await.unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].game, game);
    assert_eq!(h[0].seats.len(), 2);
    assert_eq!(h[0].seats[0].user, Some(ALICE));
    assert_eq!(
        after::history(&store, GUILD, Some(ALICE), 10)
            .await
            .unwrap()
            .len(),
        1
    );
    assert!(after::history(&store, GUILD, Some(4242), 10)
        .await
        .unwrap()
        .is_empty());
    assert!(after::history(&store, GUILD + 1, None, 10)
        .await
        .unwrap()
        .is_empty());
    let text = after::history_text(&h, Lang::En);
    assert!(
        text.contains(&format!("#{game}")) && text.contains("Alice"),
        "{text}"
    );
    svc.shutdown().await;
    db.cleanup().await;
}

on_both_backends!(paused: after_the_game);

/// The bot's games throw from 32 fresh bytes each: two services started with the same seed
/// give their first games different commitments, and the seed of a game is not the 64-bit
/// expansion the seeded (test) generator would have made.
#[tokio::test(start_paused = true)]
async fn the_bots_games_get_fresh_seeds_from_the_os() {
    let Some(db) = TestDb::new(Backend::Sqlite, "os_seeds").await else {
        return;
    };
    let mut commitments = vec![];
    for (i, os_seeds) in [(0u64, true), (1, true), (2, false), (3, false)] {
        let (svc, _u) = Service::start(
            db.store().await,
            Arc::new(NoPainter),
            Clock::starting_at(1_700_000_000_000),
            Config {
                os_seeds,
                ..Config::default()
            },
            42,
        )
        .await
        .unwrap();
        let ch = 500 + i;
        svc.create(GUILD, ch, &alice(), settings()).await.unwrap();
        let seed = svc.table(ch).await.unwrap().throw_seed.unwrap();
        commitments.push(seed.commitment());
        svc.shutdown().await;
    }
    // Seeded from the OS: different every time, and unlike the seeded generator's.
    assert_ne!(commitments[0], commitments[1]);
    assert_ne!(commitments[0], commitments[2]);
    assert_ne!(commitments[1], commitments[2]);
    // The seeded generator repeats itself (tests replay exactly).
    assert_eq!(commitments[2], commitments[3]);
    db.cleanup().await;
}

/// Replays, charts, reviews and boards take their turn for a place off the async threads: at
/// most one per core at a time, however many are asked for at once (a crawler on the replay
/// pages, a burst of stopped games), and every one is done; a button press has places of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_waits_for_a_place_per_core_and_presses_have_their_own() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let Some(db) = TestDb::new(Backend::Sqlite, "offload").await else {
        return;
    };
    let (svc, _updates) = Service::start(
        db.store().await,
        Arc::new(NoPainter),
        Clock::starting_at(1_700_000_000_000),
        Config::default(),
        5,
    )
    .await
    .unwrap();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let mut jobs = tokio::task::JoinSet::new();
    for i in 0..4 * cores {
        let (svc, now, most) = (svc.clone(), now.clone(), most.clone());
        jobs.spawn(async move {
            svc.offload(move || {
                let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(n, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(20));
                now.fetch_sub(1, Ordering::SeqCst);
                i
            })
            .await
            .unwrap()
        });
    }
    let mut done: Vec<usize> = jobs.join_all().await;
    done.sort_unstable();
    assert_eq!(done, (0..4 * cores).collect::<Vec<_>>());
    // As many at once as there are cores, never more.
    assert_eq!(most.load(Ordering::SeqCst), cores);
    // A panic in the work is an error for its caller, and frees its place.
    assert!(svc.offload(|| panic!("broken picture")).await.is_err());
    assert_eq!(svc.offload(|| 7).await.unwrap(), 7);

    // A button press's answer does not queue behind a burst of other work: with every place
    // taken for a second and more work waiting, a press is answered at once.
    let mut burst = tokio::task::JoinSet::new();
    for _ in 0..3 * cores {
        let svc = svc.clone();
        burst.spawn(async move {
            svc.offload(|| std::thread::sleep(Duration::from_millis(500)))
                .await
                .unwrap()
        });
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let t0 = std::time::Instant::now();
    assert_eq!(svc.offload_in(Lane::Press, || 8).await.unwrap(), 8);
    let pressed = t0.elapsed();
    // Other work waits its turn behind the burst.
    let t0 = std::time::Instant::now();
    svc.offload(|| ()).await.unwrap();
    let other = t0.elapsed();
    assert!(
        pressed < Duration::from_millis(300) && other >= Duration::from_millis(900),
        "press {pressed:?}, other work {other:?}"
    );
    burst.join_all().await;
    svc.shutdown().await;
    db.cleanup().await;
}
