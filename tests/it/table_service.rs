//! The game service end to end: lobby, bots, timers, storage, restart, concurrency, errors.
//! Time is tokio's paused clock: no real sleeps.

use crate::common;
use std::sync::Arc;
use std::time::Duration;
use yut_ai::Level;
use yut_game::{Phase, Rules};

use common::TestDb;
use yut_service::{Clock, Config, Problem, Service, Update};
use yut_store::Backend;
use yut_table::core::{
    Actor, Command, Lang, Notice, Player, Refusal, Settings, Status, Table, LOBBY_IDLE_MS,
};
use yut_table::persist;
use yut_table::view::{encode, NoPainter};

const GUILD: u64 = 1;

async fn stored(svc: &Service, game: i64) -> Result<persist::Stored, yut_store::StoreError> {
    persist::load(svc.store(), game).await
}

fn settings(teams: bool, seats: u8) -> Settings {
    Settings {
        rules: Rules::default(),
        preset: "standard".into(),
        teams,
        seats,
        turn_seconds: 25,
        lang: Lang::En,
        bot_delay_ms: 1200,
    }
}

async fn service(db: &TestDb) -> (Service, tokio::sync::mpsc::UnboundedReceiver<Update>) {
    let store = db.store().await;
    Service::start(
        store,
        Arc::new(NoPainter),
        Clock::starting_at(1_700_000_000_000),
        Config::default(),
        42,
    )
    .await
    .unwrap()
}

fn alice() -> Actor {
    Actor::user(100, "Alice")
}
fn bob() -> Actor {
    Actor::user(200, "Bob")
}
fn carol() -> Actor {
    Actor::user(300, "Carol")
}

/// Alice opens a two-seat game in `ch`, Bob joins and Alice starts it: the table as it
/// starts, and whoever acts first.
async fn alice_and_bob_playing(svc: &Service, ch: u64) -> (Table, Actor) {
    svc.create(GUILD, ch, &alice(), settings(false, 2))
        .await
        .unwrap();
    svc.command(ch, &bob(), Command::Join).await.unwrap();
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    let who = if t.acting() == Some(0) {
        alice()
    } else {
        bob()
    };
    ((*t).clone(), who)
}

/// Wait (in paused time) until the channel has no running game, up to `limit`.
async fn wait_finished(svc: &Service, channel: u64, limit: Duration) {
    let step = Duration::from_millis(500);
    let mut waited = Duration::ZERO;
    while svc.table(channel).await.is_some() {
        tokio::time::sleep(step).await;
        waited += step;
        assert!(waited < limit, "game did not finish in time");
    }
}

async fn assert_replays(svc: &Service, game: i64) {
    let stored = stored(svc, game).await.unwrap().table;
    let replayed = persist::replay(svc.store(), game).await.unwrap();
    assert_eq!(
        serde_json::to_string(&replayed).unwrap(),
        serde_json::to_string(&stored).unwrap(),
        "the log replays to the stored state"
    );
    // Every move the computer made is recorded with its command, so the replay above did
    // not depend on the bots' code.
    let log = persist::log(svc.store(), game).await.unwrap();
    let computer: Vec<_> = log
        .iter()
        .filter(|e| matches!(e.command, Command::BotTurn | Command::Timeout))
        .collect();
    // (A lobby that closed unstarted has one time-out, which plays nothing.)
    let started = stored.game.is_some();
    assert!(computer.iter().all(|e| e.played.is_some() || !started));
    assert!(log
        .iter()
        .filter(|e| !matches!(e.command, Command::BotTurn | Command::Timeout))
        .all(|e| e.played.is_none()));
    // A finished game's exported record verifies: every throw came from its seed.
    if stored.status == Status::Finished {
        let played = yut_service::after::load(svc, game, stored.guild)
            .await
            .unwrap();
        let json = yut_replay::record::Record::of(&played).to_json();
        assert_eq!(
            yut_replay::record::verify(json.as_bytes()),
            Ok(played.throws()),
            "the record of game {game} verifies"
        );
    }
}

async fn four_bots_play_to_the_end(backend: Backend) {
    let Some(db) = TestDb::new(backend, "four-bots").await else {
        return;
    };
    let (svc, mut updates) = service(&db).await;
    let ch = 10;
    svc.create(GUILD, ch, &alice(), settings(false, 4))
        .await
        .unwrap();
    svc.command(
        ch,
        &alice(),
        Command::AddBot {
            level: Level::Master,
        },
    )
    .await
    .unwrap();
    svc.command(ch, &alice(), Command::AddBot { level: Level::Easy })
        .await
        .unwrap();
    svc.command(
        ch,
        &alice(),
        Command::FillBots {
            level: Level::Normal,
        },
    )
    .await
    .unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.seats.len(), 4);
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    // Alice leaves: a Normal bot takes her seat, so four bots play.
    svc.command(ch, &alice(), Command::Resign).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    assert!(t
        .seats
        .iter()
        .all(|s| matches!(s.player, Player::Bot { .. })));
    let game = t.id;
    wait_finished(&svc, ch, Duration::from_secs(3 * 3600)).await;
    let stored = stored(&svc, game).await.unwrap().table;
    assert_eq!(stored.status, Status::Finished);
    assert!(stored.game.as_ref().unwrap().outcome().is_some());
    assert_replays(&svc, game).await;
    // Updates were pushed, never two within a second.
    let mut last: Option<tokio::time::Instant> = None;
    let mut n = 0;
    while let Ok(u) = updates.try_recv() {
        assert_eq!(u.channel, ch);
        n += 1;
        let _ = last.replace(tokio::time::Instant::now());
    }
    assert!(n > 10, "only {n} updates");
    db.cleanup().await;
}

async fn updates_are_paced(backend: Backend) {
    let Some(db) = TestDb::new(backend, "paced").await else {
        return;
    };
    let store = db.store().await;
    let (svc, mut updates) = Service::start(
        store,
        Arc::new(NoPainter),
        Clock::starting_at(0),
        Config::default(),
        1,
    )
    .await
    .unwrap();
    let ch = 11;
    let mut s = settings(false, 2);
    s.bot_delay_ms = 100; // bots faster than the update gap
    svc.create(GUILD, ch, &alice(), s).await.unwrap();
    svc.command(
        ch,
        &alice(),
        Command::FillBots {
            level: Level::Normal,
        },
    )
    .await
    .unwrap();
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    svc.command(ch, &alice(), Command::Resign).await.unwrap();
    let mut times = Vec::new();
    let mut waited = 0;
    while svc.table(ch).await.is_some() && waited < 100_000 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += 50;
        while let Ok(u) = updates.try_recv() {
            times.push(tokio::time::Instant::now());
            assert_eq!(u.channel, ch);
        }
    }
    while let Ok(_u) = updates.try_recv() {
        times.push(tokio::time::Instant::now());
    }
    assert!(times.len() > 3);
    for w in times.windows(2) {
        // Received within the same 50 ms poll at most once per second of game time.
        assert!(
            w[1] - w[0] >= Duration::from_millis(900),
            "{:?}",
            w[1] - w[0]
        );
    }
    db.cleanup().await;
}

async fn humans_time_out_go_away_and_come_back(backend: Backend) {
    let Some(db) = TestDb::new(backend, "away").await else {
        return;
    };
    let (svc, _updates) = service(&db).await;
    let ch = 12;
    svc.create(GUILD, ch, &alice(), settings(false, 4))
        .await
        .unwrap();
    svc.command(ch, &bob(), Command::Join).await.unwrap();
    svc.command(
        ch,
        &alice(),
        Command::FillBots {
            level: Level::Normal,
        },
    )
    .await
    .unwrap();
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    // Nobody clicks: every human action times out after 25 s and is played for them.
    let mut seen_away = false;
    for _ in 0..400 {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let Some(t) = svc.table(ch).await else { break };
        if t.seats[0].away && t.seats[1].away {
            seen_away = true;
            break;
        }
    }
    assert!(
        seen_away,
        "both humans are marked away after three timeouts"
    );
    let t = svc.table(ch).await.unwrap();
    assert!(t.notice.is_some() || t.seats.iter().all(|s| s.timeouts >= 3));
    // Alice comes back: when her turn comes, her click is accepted and clears `away`. (She
    // must, within a round of turns: a game where everyone stays away for a whole round is
    // abandoned, see tests/ratings_service.rs.)
    let mut back = false;
    for _ in 0..200 {
        let t = svc
            .table(ch)
            .await
            .expect("not abandoned while Alice's turn comes");
        if t.acting() == Some(0) {
            let g = t.game.as_ref().unwrap();
            let cmd = if g.phase() == Phase::Throw {
                Command::Throw
            } else {
                Command::Move {
                    mv: g.legal_moves()[0],
                }
            };
            let id = encode(t.id, t.version, &cmd);
            if svc.click(ch, &alice(), &id).await.is_ok() {
                back = true;
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert!(back);
    let t = svc.table(ch).await.unwrap();
    assert!(!t.seats[0].away);
    assert_eq!(t.seats[0].timeouts, 0);
    assert!(t.seats[1].away);
    // She plays the rest of her turn herself.
    for _ in 0..50 {
        let t = svc.table(ch).await.unwrap();
        if t.acting() != Some(0) {
            break;
        }
        let g = t.game.as_ref().unwrap();
        let cmd = if g.phase() == Phase::Throw {
            Command::Throw
        } else {
            Command::Move {
                mv: g.legal_moves()[0],
            }
        };
        svc.click(ch, &alice(), &encode(t.id, t.version, &cmd))
            .await
            .unwrap();
    }
    // Away players are played for quickly: the game moves on every few seconds.
    let t = svc.table(ch).await.unwrap();
    assert_ne!(t.acting(), Some(0));
    let v0 = t.version;
    tokio::time::sleep(Duration::from_secs(20)).await;
    let t = svc.table(ch).await.unwrap();
    assert!(
        t.version >= v0 + 4,
        "away seats play fast ({} -> {})",
        v0,
        t.version
    );
    assert_replays(&svc, t.id).await;
    db.cleanup().await;
}

async fn team_game_plays_to_the_end(backend: Backend) {
    let Some(db) = TestDb::new(backend, "teams").await else {
        return;
    };
    let (svc, _updates) = service(&db).await;
    let ch = 13;
    svc.create(GUILD, ch, &alice(), settings(true, 4))
        .await
        .unwrap();
    svc.command(ch, &bob(), Command::Join).await.unwrap();
    svc.command(ch, &bob(), Command::Team { team: 0 })
        .await
        .unwrap();
    svc.command(
        ch,
        &alice(),
        Command::FillBots {
            level: Level::Master,
        },
    )
    .await
    .unwrap();
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.seats.iter().filter(|s| s.team == 0).count(), 2);
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    let t = svc.table(ch).await.unwrap();
    // A1 B1 A2 B2: Alice and Bob (team A) sit in seats 0 and 2.
    assert_eq!(t.seats[0].player.user(), Some(100));
    assert_eq!(t.seats[2].player.user(), Some(200));
    assert!(t.game.as_ref().unwrap().teams());
    svc.command(ch, &alice(), Command::Resign).await.unwrap();
    svc.command(ch, &bob(), Command::Resign).await.unwrap();
    wait_finished(&svc, ch, Duration::from_secs(3 * 3600)).await;
    let stored = stored(&svc, t.id).await.unwrap().table;
    assert_eq!(stored.status, Status::Finished);
    assert_replays(&svc, t.id).await;
    db.cleanup().await;
}

async fn restart_mid_turn_continues_identically(backend: Backend) {
    let Some(db) = TestDb::new(backend, "restart").await else {
        return;
    };
    let ch = 14;
    let (game, before) = {
        let (svc, _updates) = service(&db).await;
        svc.create(GUILD, ch, &alice(), settings(false, 2))
            .await
            .unwrap();
        svc.command(ch, &bob(), Command::Join).await.unwrap();
        svc.command(ch, &alice(), Command::Start).await.unwrap();
        let t = svc.table(ch).await.unwrap();
        let seat = t.acting().unwrap();
        let who = if seat == 0 { alice() } else { bob() };
        svc.click(ch, &who, &encode(t.id, t.version, &Command::Throw))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_secs(5)).await;
        let t = svc.table(ch).await.unwrap();
        svc.shutdown().await;
        (t.id, t)
    };
    // A new process on the same database file.
    let (svc, _updates) = service(&db).await;
    let after = svc.table(ch).await.expect("the game is running again");
    assert_eq!(after.id, game);
    assert_eq!(
        serde_json::to_string(&after).unwrap(),
        serde_json::to_string(&before).unwrap()
    );
    // The timer was re-armed: the idle player is played for at the stored deadline.
    let deadline = after.deadline_ms.unwrap();
    let left = deadline - svc.now_ms();
    assert!(left > 0 && left <= 25_000, "{left}");
    tokio::time::sleep(Duration::from_millis(left as u64 + 1500)).await;
    let t = svc.table(ch).await.unwrap();
    assert!(
        t.version > after.version,
        "the deadline fired after the restart"
    );
    assert!(matches!(t.notice, Some(Notice::TimedOut { .. })));
    assert_replays(&svc, game).await;
    db.cleanup().await;
}

async fn a_deadline_that_passed_while_down_fires_at_once(backend: Backend) {
    let Some(db) = TestDb::new(backend, "missed").await else {
        return;
    };
    let ch = 15;
    let before = {
        let (svc, _u) = service(&db).await;
        svc.create(GUILD, ch, &alice(), settings(false, 2))
            .await
            .unwrap();
        svc.command(ch, &bob(), Command::Join).await.unwrap();
        svc.command(ch, &alice(), Command::Start).await.unwrap();
        let v = svc.table(ch).await.unwrap().version;
        svc.shutdown().await;
        v
    };
    // Restart an hour later by the wall clock.
    let store = db.store().await;
    let (svc, _u) = Service::start(
        store,
        Arc::new(NoPainter),
        Clock::starting_at(1_700_000_000_000 + 3_600_000),
        Config::default(),
        1,
    )
    .await
    .unwrap();
    // At once: within a second of the restart (a turn lasts 25 s), on the
    // computer's wake-up grid and after its commit; once: no second time-out after it.
    let restarted = std::time::Instant::now();
    while svc.table(ch).await.unwrap().version == before {
        assert!(
            restarted.elapsed() < Duration::from_secs(1),
            "the missed deadline did not fire at once"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let t = svc.table(ch).await.unwrap();
    assert_eq!(t.version, before + 1, "fired at once, once");
    assert!(matches!(t.notice, Some(Notice::TimedOut { .. })));
    db.cleanup().await;
}

async fn a_hundred_clicks_on_one_button_apply_once(backend: Backend) {
    let Some(db) = TestDb::new(backend, "hundred").await else {
        return;
    };
    let (svc, _u) = service(&db).await;
    let ch = 16;
    let (t, who) = alice_and_bob_playing(&svc, ch).await;
    let id = encode(t.id, t.version, &Command::Throw);
    let mut tasks = Vec::new();
    for _ in 0..100 {
        let (svc, who, id) = (svc.clone(), who.clone(), id.clone());
        tasks.push(tokio::spawn(async move { svc.click(ch, &who, &id).await }));
    }
    let mut ok = 0;
    let mut stale = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => ok += 1,
            Err(Problem::Stale) => stale += 1,
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((ok, stale), (1, 99));
    let after = svc.table(ch).await.unwrap();
    assert_eq!(after.version, t.version + 1);
    assert_eq!(
        persist::log(svc.store(), t.id).await.unwrap().len() as u64,
        after.version + 1
    );
    db.cleanup().await;
}

async fn stale_buttons_and_strangers_are_refused(backend: Backend) {
    let Some(db) = TestDb::new(backend, "refusals").await else {
        return;
    };
    let (svc, _u) = service(&db).await;
    let ch = 17;
    alice_and_bob_playing(&svc, ch).await;
    let t = svc.table(ch).await.unwrap();
    let (who, other) = if t.acting() == Some(0) {
        (alice(), bob())
    } else {
        (bob(), alice())
    };
    let throw = encode(t.id, t.version, &Command::Throw);
    // The board moved to a new message (2000) after the first (1000): a click on the first
    // is refused even with the current version, and nothing changes.
    svc.message_posted(t.id, ch, 1000).await.unwrap();
    svc.message_posted(t.id, ch, 2000).await.unwrap();
    let e = svc
        .click_on(ch, &who, &throw, Some(1000))
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::Moved { message_id: 2000 }), "{e:?}");
    assert!(e.message(Lang::En).contains("moved"));
    assert_eq!(svc.table(ch).await.unwrap(), t);
    // The other player and a stranger may not throw.
    let e = svc.click(ch, &other, &throw).await.unwrap_err();
    assert!(
        matches!(e, Problem::Refused(yut_table::Refusal::NotYourTurn { .. })),
        "{e:?}"
    );
    assert!(e.message(Lang::En).contains("turn"));
    let e = svc.click(ch, &carol(), &throw).await.unwrap_err();
    assert!(
        matches!(e, Problem::Refused(yut_table::Refusal::NotSeated)),
        "{e:?}"
    );
    // Garbage and another game's buttons.
    assert!(matches!(
        svc.click(ch, &who, "yut:abc").await,
        Err(Problem::BadButton)
    ));
    assert!(matches!(
        svc.click(ch, &who, &"x".repeat(150)).await,
        Err(Problem::BadButton)
    ));
    // A game that does not exist, and another channel's game: not one of ours here (not
    // "out of date").
    let nowhere = encode(t.id + 7, t.version, &Command::Throw);
    assert!(matches!(
        svc.click(ch, &who, &nowhere).await,
        Err(Problem::BadButton)
    ));
    let other_view = svc
        .create(GUILD, ch + 1, &carol(), settings(false, 2))
        .await
        .unwrap();
    let elsewhere = encode(other_view.game.unwrap(), 0, &Command::Join);
    assert!(matches!(
        svc.click(ch, &who, &elsewhere).await,
        Err(Problem::BadButton)
    ));
    assert_eq!(svc.table(ch).await.unwrap(), t, "nothing changed");
    // The right click works, also on a message newer than the one recorded (a board just
    // posted, its id not yet recorded); the same button again is stale.
    svc.click_on(ch, &who, &throw, Some(3000)).await.unwrap();
    assert!(matches!(
        svc.click(ch, &who, &throw).await,
        Err(Problem::Stale)
    ));
    db.cleanup().await;
}

async fn a_database_error_refuses_and_keeps_the_game(backend: Backend) {
    let Some(db) = TestDb::new(backend, "dberror").await else {
        return;
    };
    let (svc, _u) = service(&db).await;
    let ch = 18;
    let (t, who) = alice_and_bob_playing(&svc, ch).await;
    let fail = match backend {
        Backend::Sqlite => "CREATE TRIGGER fail_actions BEFORE INSERT ON actions \
                            BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
            .to_string(),
        Backend::Postgres => "CREATE FUNCTION fail_insert() RETURNS trigger AS $$ \
                              BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql; \
                              CREATE TRIGGER fail_actions BEFORE INSERT ON actions \
                              FOR EACH ROW EXECUTE FUNCTION fail_insert()"
            .to_string(),
    };
    svc.store().execute(&fail).await.unwrap();
    let throw = encode(t.id, t.version, &Command::Throw);
    let e = svc.click(ch, &who, &throw).await.unwrap_err();
    assert!(matches!(e, Problem::Storage(_)), "{e:?}");
    assert!(e.message(Lang::En).contains("nothing changed"));
    assert_eq!(*svc.table(ch).await.unwrap(), t);
    assert_eq!(stored(&svc, t.id).await.unwrap().table, t);
    let drop = match backend {
        Backend::Sqlite => "DROP TRIGGER fail_actions",
        Backend::Postgres => "DROP TRIGGER fail_actions ON actions",
    };
    svc.store().execute(drop).await.unwrap();
    svc.click(ch, &who, &throw).await.unwrap();
    assert_eq!(svc.table(ch).await.unwrap().version, t.version + 1);
    assert_replays(&svc, t.id).await;
    db.cleanup().await;
}

async fn one_game_per_channel_and_rematch(backend: Backend) {
    let Some(db) = TestDb::new(backend, "rematch").await else {
        return;
    };
    let (svc, _u) = service(&db).await;
    let ch = 19;
    svc.create(GUILD, ch, &alice(), settings(false, 2))
        .await
        .unwrap();
    let e = svc
        .create(GUILD, ch, &bob(), settings(false, 2))
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::AlreadyRunning { .. }));
    svc.command(
        ch,
        &alice(),
        Command::AddBot {
            level: Level::Master,
        },
    )
    .await
    .unwrap();
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    svc.command(ch, &alice(), Command::Resign).await.unwrap();
    let first = svc.table(ch).await.unwrap().id;
    wait_finished(&svc, ch, Duration::from_secs(3 * 3600)).await;
    let done = stored(&svc, first).await.unwrap().table;
    assert_eq!(done.status, Status::Finished);
    // Alice's seat went to a bot when she left, so she cannot ask for a rematch; nobody else
    // sat there either.
    let rematch = encode(first, done.version, &Command::Rematch);
    assert!(svc.click(ch, &alice(), &rematch).await.is_err());
    // A fresh game with two people, stopped by the host, then a rematch.
    alice_and_bob_playing(&svc, ch).await;
    assert!(matches!(
        svc.command(ch, &bob(), Command::Stop).await,
        Err(Problem::Refused(_))
    ));
    let t = svc.table(ch).await.unwrap();
    let view = svc.command(ch, &alice(), Command::Stop).await.unwrap();
    assert!(view.text.contains("stopped"));
    let stopped = stored(&svc, t.id).await.unwrap().table;
    let view = svc
        .click(
            ch,
            &bob(),
            &encode(t.id, stopped.version, &Command::Rematch),
        )
        .await
        .unwrap();
    // Bob asked: the rematch waits for Alice (one acceptance does not start it).
    let again = svc.table(ch).await.unwrap();
    assert_ne!(again.id, t.id);
    assert_eq!(again.status, Status::Lobby);
    assert_eq!(again.host, 200, "the one who asked hosts the rematch");
    assert_eq!(again.pending_names(), ["Alice"]);
    assert!(view.text.contains("Rematch"), "{}", view.text);
    assert_eq!(view.invited, [100], "Alice is mentioned");
    // Bob's second press and a stranger's answer are refused; nothing changes.
    let accept = encode(again.id, again.version, &Command::Accept);
    let e = svc.click(ch, &bob(), &accept).await.unwrap_err();
    assert!(
        matches!(e, Problem::Refused(Refusal::AlreadyAccepted)),
        "{e:?}"
    );
    let e = svc.click(ch, &carol(), &accept).await.unwrap_err();
    assert!(matches!(e, Problem::Refused(Refusal::NotInvited)), "{e:?}");
    assert_eq!(svc.table(ch).await.unwrap(), again);
    // Alice accepts: it starts with both of them.
    svc.click(ch, &alice(), &accept).await.unwrap();
    let playing = svc.table(ch).await.unwrap();
    assert_eq!(playing.status, Status::Playing);
    assert_eq!(playing.seats.len(), 2);
    assert!(playing.seats.iter().all(|s| !s.pending));
    let e = svc
        .click(
            ch,
            &alice(),
            &encode(again.id, playing.version, &Command::Accept),
        )
        .await
        .unwrap_err();
    assert!(matches!(e, Problem::Refused(_)), "{e:?}");
    db.cleanup().await;
}

async fn stats_are_kept_per_server(backend: Backend) {
    let Some(db) = TestDb::new(backend, "stats").await else {
        return;
    };
    let (svc, _u) = service(&db).await;
    let ch = 20;
    svc.create(GUILD, ch, &alice(), settings(false, 2))
        .await
        .unwrap();
    svc.command(ch, &alice(), Command::AddBot { level: Level::Easy })
        .await
        .unwrap();
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    // Alice lets the bot play each of her turns; she keeps her seat (and her stats).
    for _ in 0..2000 {
        let Some(t) = svc.table(ch).await else { break };
        if t.acting() == Some(0) && !t.seats[0].autoplay {
            let _ = svc
                .click(ch, &alice(), &encode(t.id, t.version, &Command::AutoPlay))
                .await;
        }
        tokio::time::sleep(Duration::from_millis(700)).await;
    }
    assert!(svc.table(ch).await.is_none(), "finished");
    let s = svc
        .stats(GUILD, 100)
        .await
        .unwrap()
        .expect("Alice has stats");
    assert_eq!(s.games, 1);
    assert!(s.wins <= 1);
    assert!(svc.stats(GUILD + 1, 100).await.unwrap().is_none());
    let board = svc.leaderboard(GUILD, 10).await.unwrap();
    assert_eq!(board.len(), 1);
    assert_eq!(board[0].name, "Alice");
    db.cleanup().await;
}

async fn house_rules_are_shown_kept_and_played(backend: Backend) {
    use yut_game::{Action, Chip};
    let Some(db) = TestDb::new(backend, "house-rules").await else {
        return;
    };
    let (svc, _updates) = service(&db).await;
    let ch = 77;
    let mut rules = Rules::default();
    rules
        .apply_text("backdo=off capture_bonus=off pieces=2")
        .unwrap();
    let mut s = settings(false, 2);
    s.rules = rules.clone();
    let lobby = svc.create(GUILD, ch, &alice(), s).await.unwrap();
    assert!(
        lobby
            .text
            .contains("standard + backdo=off, capture_bonus=off, pieces=2 rules"),
        "{}",
        lobby.text
    );
    svc.command(
        ch,
        &alice(),
        Command::AddBot {
            level: Level::Master,
        },
    )
    .await
    .unwrap();
    let started = svc.command(ch, &alice(), Command::Start).await.unwrap();
    assert!(started.text.contains("backdo=off"), "{}", started.text);
    svc.command(ch, &alice(), Command::Resign).await.unwrap();
    let game = stored(&svc, svc.table(ch).await.unwrap().id).await.unwrap();
    let id = game.table.id;
    wait_finished(&svc, ch, Duration::from_secs(3 * 3600)).await;
    let stored = stored(&svc, id).await.unwrap().table;
    let g = stored.game.as_ref().unwrap();
    assert_eq!(g.rules(), &rules);
    let outcome = g.outcome().unwrap();
    assert_eq!(g.home(outcome.winner), 2, "two pieces a side");
    let log = persist::log(svc.store(), id).await.unwrap();
    let moves: Vec<_> = log
        .iter()
        .filter_map(|e| match e.played {
            Some(Action::Move(m)) => Some(m),
            _ => None,
        })
        .collect();
    assert!(moves.len() > 5);
    assert!(moves.iter().all(|m| m.chip != Chip::Backdo));
    assert_replays(&svc, id).await;
    db.cleanup().await;
}

/// A lobby nobody starts closes itself 30 minutes after its last change (the clock survives
/// a restart), frees the channel, says why, and can be opened again with the same seats.
async fn an_abandoned_lobby_closes_and_frees_the_channel(backend: Backend) {
    let Some(db) = TestDb::new(backend, "lobby-idle").await else {
        return;
    };
    let ch = 23;
    let id = {
        let (svc, _u) = service(&db).await;
        let view = svc
            .create(GUILD, ch, &alice(), settings(false, 3))
            .await
            .unwrap();
        assert!(view.text.contains("closes by itself"), "{}", view.text);
        let t = svc.table(ch).await.unwrap();
        assert_eq!(t.deadline_ms, Some(1_700_000_000_000 + LOBBY_IDLE_MS));
        // Twenty minutes later Bob joins: the lobby's clock starts again.
        tokio::time::sleep(Duration::from_secs(20 * 60)).await;
        svc.command(ch, &bob(), Command::Join).await.unwrap();
        let t = svc.table(ch).await.unwrap();
        assert_eq!(t.deadline_ms, Some(svc.now_ms() + LOBBY_IDLE_MS));
        tokio::time::sleep(Duration::from_secs(20 * 60)).await;
        assert_eq!(svc.table(ch).await.unwrap().status, Status::Lobby);
        svc.shutdown().await;
        t.id
    };
    // Back up (the wall clock moved on 20 minutes while down); 11 minutes on, it has closed.
    let store = db.store().await;
    let (svc, _u) = Service::start(
        store,
        Arc::new(NoPainter),
        Clock::starting_at(1_700_000_000_000 + 40 * 60 * 1000),
        Config::default(),
        2,
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_secs(9 * 60)).await;
    assert_eq!(svc.table(ch).await.unwrap().status, Status::Lobby);
    tokio::time::sleep(Duration::from_secs(2 * 60)).await;
    assert!(svc.table(ch).await.is_none(), "the channel is free");
    let closed = stored(&svc, id).await.unwrap().table;
    assert_eq!(closed.status, Status::Stopped);
    assert_eq!(
        closed.notice,
        Some(Notice::LobbyClosed {
            minutes: (LOBBY_IDLE_MS / 60_000) as u32
        })
    );
    let said = closed.notice.as_ref().unwrap().text(closed.lang());
    assert!(said.contains("lobby closed"), "{said}");
    assert_replays(&svc, id).await;
    // The closed lobby's button opens it again, seats kept, as a lobby.
    let view = svc
        .click(ch, &bob(), &encode(id, closed.version, &Command::Rematch))
        .await
        .unwrap();
    assert!(view.text.contains("Press **Join**"), "{}", view.text);
    let again = svc.table(ch).await.unwrap();
    assert_ne!(again.id, id);
    assert_eq!((again.status, again.seats.len()), (Status::Lobby, 2));
    assert!(again.deadline_ms.is_some());
    svc.command(ch, &alice(), Command::Start).await.unwrap();
    assert_eq!(svc.table(ch).await.unwrap().status, Status::Playing);
    db.cleanup().await;
}

/// A game with a thread of its own (the server's `threads` setting): nothing moves while its
/// thread opens; once open, the game lives under the thread's id (the channel is free for
/// another game, and a restart finds it there); a thread that never comes, or that may not
/// be opened, leaves the game in the channel with the reason on its board.
async fn a_game_moves_to_its_thread(backend: Backend) {
    use yut_table::core::{Thread, THREAD_OPENING_MS};
    let Some(db) = TestDb::new(backend, "threads").await else {
        return;
    };
    let (ch, thread, other) = (16, 1_600, 17);
    let game = {
        let (svc, mut updates) = service(&db).await;
        svc.create_in(GUILD, ch, &alice(), settings(false, 2), true)
            .await
            .unwrap();
        svc.command(ch, &alice(), Command::AddBot { level: Level::Easy })
            .await
            .unwrap();
        let v = svc.command(ch, &alice(), Command::Start).await.unwrap();
        assert!(v
            .open_thread
            .as_deref()
            .is_some_and(|n| n.contains("Alice")));
        assert!(v.rows.is_empty() && v.ping.is_none() && v.deadline_ms.is_none());
        let t = svc.table(ch).await.unwrap();
        assert!(t.opening_thread());
        // Nothing moves while the thread opens (a bot would have played by now).
        let r = svc
            .click(ch, &alice(), &encode(t.id, t.version, &Command::Throw))
            .await;
        assert!(
            matches!(r, Err(Problem::Refused(Refusal::OpeningThread))),
            "{r:?}"
        );
        tokio::time::sleep(Duration::from_secs(3)).await;
        assert_eq!(svc.table(ch).await.unwrap().version, t.version);
        while updates.try_recv().is_ok() {}
        svc.thread_opened(t.id, ch, Some(thread)).await.unwrap();
        // The board is posted anew in the thread.
        let u = tokio::time::timeout(Duration::from_secs(1), updates.recv())
            .await
            .unwrap()
            .unwrap();
        assert_eq!((u.channel, u.message_id, u.repost), (thread, None, true));
        assert!(svc.table(ch).await.is_none(), "the channel is free");
        let moved = svc.table(thread).await.unwrap();
        assert_eq!(moved.thread, Some(Thread::Open { parent: ch }));
        assert_eq!(moved.channel, thread);
        // A second answer changes nothing.
        assert!(svc.thread_opened(t.id, thread, Some(thread)).await.is_err());
        // Another game in the channel meanwhile.
        svc.create(GUILD, ch, &bob(), settings(false, 2))
            .await
            .unwrap();
        svc.command(ch, &bob(), Command::Stop).await.unwrap();
        svc.shutdown().await;
        t.id
    };
    // After a restart the game is found under its thread.
    let (svc, _u) = service(&db).await;
    let t = svc
        .table(thread)
        .await
        .expect("the game is found in its thread");
    assert_eq!((t.id, t.channel), (game, thread));
    assert!(svc.table(ch).await.is_none());
    assert_replays(&svc, game).await;
    svc.command(thread, &alice(), Command::Stop).await.unwrap();

    // A thread that never comes: after THREAD_OPENING_MS the game is played in the channel.
    svc.create_in(GUILD, other, &alice(), settings(false, 2), true)
        .await
        .unwrap();
    svc.command(other, &bob(), Command::Join).await.unwrap();
    svc.command(other, &alice(), Command::Start).await.unwrap();
    tokio::time::sleep(Duration::from_millis(THREAD_OPENING_MS as u64 + 500)).await;
    let t = svc.table(other).await.unwrap();
    assert_eq!(t.thread, Some(Thread::Refused));
    assert_eq!(t.notice, Some(Notice::NoThread));
    let due = t.deadline_ms.unwrap() - svc.now_ms();
    assert!(due > 20_000, "the first player's time starts now: {due} ms");
    let v = svc.board(other).await.unwrap();
    assert!(v.text.contains("Create Public Threads"), "{}", v.text);
    assert!(v
        .rows
        .iter()
        .flatten()
        .any(|b| b.custom_id.ends_with(":throw")));
    db.cleanup().await;
}

on_both_backends!(paused: four_bots_play_to_the_end, updates_are_paced, humans_time_out_go_away_and_come_back, team_game_plays_to_the_end, restart_mid_turn_continues_identically, a_deadline_that_passed_while_down_fires_at_once, a_hundred_clicks_on_one_button_apply_once, stale_buttons_and_strangers_are_refused, a_database_error_refuses_and_keeps_the_game, one_game_per_channel_and_rematch, stats_are_kept_per_server, house_rules_are_shown_kept_and_played, an_abandoned_lobby_closes_and_frees_the_channel, a_game_moves_to_its_thread);
