//! What the Discord edge shows between actions survives a restart (issue 46, item 1): the
//! turn ping in view and the follow-ups used of a hosted game's token are kept in the
//! database, so a restarted bot deletes the ping the last one left, never pings the same turn
//! twice and never sends a sixth follow-up through one token; a game that ends on a person's
//! click leaves no ping behind. Through the stand-in, with the real serenity client.

use crate::discord_wire::{db_url, ALICE, BOB, CAROL};
use crate::standin::board::{board_version, find, play_button, turn_of, wait_board_for};
use crate::standin::{Msg, StandIn, StandInOptions};
use serde_json::json;
use std::time::{Duration, Instant};
use yut_service::Config;
use yutbot::bot::{start, Bot};
use yutbot::discord::Options;

fn options(s: &StandIn, url: &str, turn_seconds: u32, token_life: Duration) -> Options {
    Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "pings-test".into(),
        dev_guild: Some(crate::standin::GUILD),
        database_url: url.to_string(),
        turn_seconds,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 11,
        config: Config {
            min_update_gap: Duration::from_millis(30),
            repost_after: Duration::from_secs(3600),
            interaction_token_life: token_life,
            ..Config::default()
        },
        web: None,
    }
}

/// Start (or restart) the bot; returns once its gateway session is up (a restart waits for
/// its IDENTIFY slot, 5.5 s after the previous one).
async fn started(s: &StandIn, url: &str, turn_seconds: u32, life: Duration) -> Bot {
    let sessions = s.state.lock().unwrap().identify_log.len();
    let b = start(options(s, url, turn_seconds, life))
        .await
        .expect("the bot starts");
    s.wait_ready().await;
    s.wait_for("the bot's gateway session", Duration::from_secs(20), |st| {
        (st.identify_log.len() > sessions).then_some(())
    })
    .await;
    b
}

fn person(m: &Msg) -> Option<(u64, &'static str, u64)> {
    match turn_of(m).as_deref() {
        Some("Alice") => Some(ALICE),
        Some("Bob") => Some(BOB),
        _ => None,
    }
}

/// Alice and Bob (2 pieces each, no bots) at a board of `ch`, by slash command and clicks.
async fn two_people(s: &StandIn, ch: u64) -> Msg {
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([
            {"name": "seats", "type": 4, "value": 2},
            {"name": "pieces", "type": 4, "value": 0}
        ]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board_for(s, ch, "the lobby", Duration::from_secs(10), |m| {
        find(m, ":join").is_some()
    })
    .await;
    let tok = s.click(lobby.id, &find(&lobby, ":join").unwrap(), BOB, "en-US");
    s.wait_acked(&tok).await;
    let lobby = wait_board_for(s, ch, "Bob seated", Duration::from_secs(10), |m| {
        m.content.contains("Bob")
    })
    .await;
    let tok = s.click(lobby.id, &find(&lobby, ":start").unwrap(), ALICE, "en-US");
    s.wait_acked(&tok).await;
    wait_board_for(s, ch, "the first board", Duration::from_secs(10), |m| {
        person(m).is_some() && play_button(m).is_some()
    })
    .await
}

/// One click of whoever's turn it is; waits for the board to change.
async fn click_once(s: &StandIn, ch: u64) -> bool {
    let Some(m) = s.latest_board(ch) else {
        return false;
    };
    let (Some(who), Some(b)) = (person(&m), play_button(&m)) else {
        return false;
    };
    let tok = s.click(m.id, &b, who, "en-US");
    s.wait_acked(&tok).await;
    let v = board_version(&m);
    let t = Instant::now();
    while s.latest_board(ch).is_some_and(|x| board_version(&x) == v)
        && !s
            .latest_board(ch)
            .is_some_and(|x| x.content.contains("Final ranking"))
        && t.elapsed() < Duration::from_secs(5)
    {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    true
}

/// A game that ends on a person's click (the final board is the click's own answer) takes its
/// last turn ping out of view.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_ends_on_a_click_leaves_no_ping() {
    let s = StandIn::start().await;
    let url = db_url("pings-end-click");
    let bot = started(&s, &url, 60, Config::default().interaction_token_life).await;
    let ch = 46_101;
    two_people(&s, ch).await;
    let t = Instant::now();
    loop {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "{}",
            s.dump_channel(ch)
        );
        let m = s.latest_board(ch).unwrap();
        if m.content.contains("Final ranking") {
            break;
        }
        if !click_once(&s, ch).await {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    assert!(!s.pings(ch).is_empty(), "the players were pinged");
    // Within the channel's budget (deletions take spare slots): no ping left in view.
    s.wait_no_ping(ch, Duration::from_secs(15)).await;
    let most = s.state.lock().unwrap().most_pings_in_view.get(&ch).copied();
    assert_eq!(most, Some(1), "one turn ping in view at a time");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// A restart forgets nothing: the same turn is not pinged again, the ping the last process left
/// goes when the next turn's comes, and a game's last ping whose deletion a stop left undone
/// goes at the next start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_in_view_survive_restarts() {
    let s = StandIn::start().await;
    let url = db_url("pings-restart");
    let life = Config::default().interaction_token_life;
    let first = started(&s, &url, 60, life).await;
    let ch = 46_102;
    let board = two_people(&s, ch).await;
    let who = turn_of(&board).unwrap();
    let user = if who == "Alice" { ALICE.0 } else { BOB.0 };
    let ping = s.wait_ping_for(ch, user).await;
    first.shutdown().await;

    // Restarted on the same turn: its ping is already in view, so none is posted again.
    let second = started(&s, &url, 60, life).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        s.live_pings(ch).iter().map(|m| m.id).collect::<Vec<_>>(),
        vec![ping.id],
        "the same turn pinged twice after a restart: {}",
        s.dump_channel(ch)
    );
    // The next turns: the ping the first process posted goes, one ping in view at a time.
    let t = Instant::now();
    while s.pings(ch).len() < 3 {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "{}",
            s.dump_channel(ch)
        );
        if !click_once(&s, ch).await {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    s.wait_for(
        "the first process's ping deleted",
        Duration::from_secs(15),
        |st| st.messages[&ping.id].deleted.then_some(()),
    )
    .await;
    let most = s.state.lock().unwrap().most_pings_in_view.get(&ch).copied();
    assert_eq!(
        most,
        Some(1),
        "one turn ping in view at a time across the restart"
    );

    // The game ends with a stop while Discord fails deletions (500: tried again after a
    // wait): the bot stops before the last ping is deleted.
    let live = s.live_pings(ch);
    assert_eq!(live.len(), 1, "{}", s.dump_channel(ch));
    s.fail_next_deletes(&[500; 50]);
    let tok = s.slash(ch, ALICE, "en-US", "stop", json!([]));
    s.wait_acked(&tok).await;
    wait_board_for(&s, ch, "the stopped board", Duration::from_secs(10), |m| {
        m.custom_ids().iter().all(|c| !c.contains(":throw"))
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    second.shutdown().await;
    assert!(
        !s.live_pings(ch).is_empty(),
        "the deletion was still waiting when the bot stopped"
    );
    // The next start deletes it.
    s.state.lock().unwrap().fail_deletes.clear();
    let third = started(&s, &url, 60, life).await;
    s.wait_no_ping(ch, Duration::from_secs(15)).await;
    third.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// A group-DM game's token gives at most 5 follow-ups (turn pings), counted in the database:
/// a restart does not start the count again, so Discord never refuses a sixth (40094).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosted_token_never_sends_a_sixth_followup_across_a_restart() {
    const DAVE: (u64, &str, u64) = (444, "Dave", 0x400 | 0x800);
    let life = Duration::from_secs(300);
    let s = StandIn::start_with(StandInOptions {
        token_life: life,
        ..StandInOptions::default()
    })
    .await;
    let url = db_url("pings-hosted-followups");
    // 5 s per action and nobody clicks after the start: each person's turn times out (three
    // in a row and they are away, no longer pinged), so four people give up to 12 turn pings
    // through the Start click's token, which may carry 5: two before the restart, three after.
    let first = started(&s, &url, 5, life).await;
    let ch = 46_103;
    s.set_channel_dm(ch);
    s.set_user_installed(ch);
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "seats", "type": 4, "value": 4}, {"name": "pieces", "type": 4, "value": 2}]),
    );
    s.wait_acked(&tok).await;
    for who in [BOB, CAROL, DAVE] {
        let lobby = wait_board_for(&s, ch, "the lobby", Duration::from_secs(10), |m| {
            find(m, ":join").is_some()
        })
        .await;
        let tok = s.click(lobby.id, &find(&lobby, ":join").unwrap(), who, "en-US");
        s.wait_acked(&tok).await;
        wait_board_for(&s, ch, "seated", Duration::from_secs(10), |m| {
            m.content.contains(who.1)
        })
        .await;
    }
    let lobby = s.latest_board(ch).unwrap();
    let start_tok = s.click(lobby.id, &find(&lobby, ":start").unwrap(), ALICE, "en-US");
    s.wait_acked(&start_tok).await;
    s.wait_for(
        "two pings through the token",
        Duration::from_secs(30),
        |st| (st.interactions[&start_tok].posted_followups >= 2).then_some(()),
    )
    .await;
    first.shutdown().await;
    let second = started(&s, &url, 5, life).await;
    // The rest of the token's five, and then none.
    s.wait_for(
        "five pings through the token",
        Duration::from_secs(60),
        |st| (st.interactions[&start_tok].posted_followups >= 5).then_some(()),
    )
    .await;
    // Long enough for the next turns' pings, which the token cannot carry.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let refused: Vec<_> = s
        .state
        .lock()
        .unwrap()
        .failed
        .iter()
        .filter(|(_, status)| *status == 400)
        .cloned()
        .collect();
    assert!(
        refused.is_empty(),
        "Discord refused follow-ups past 5 (40094): {refused:?}"
    );
    second.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// The store's side, on both backends: a token's follow-ups are counted in the database (at
/// most the limit, the count surviving a reopen; a fresher token starts again, an older one
/// takes nothing), and the pings in view are rows until deleted.
async fn the_store_keeps_pings_and_followups(backend: yut_store::Backend) {
    use yut_store::{PingRow, ShardSet, Store};
    let Some(db) = crate::common::TestDb::new(backend, "pings-store").await else {
        return;
    };
    let store = Store::open(&db.url).await.unwrap();
    for i in 0..5 {
        assert!(
            store.take_followup(7, "tok-a", 1_000, 5).await.unwrap(),
            "follow-up {i}"
        );
    }
    assert!(!store.take_followup(7, "tok-a", 1_000, 5).await.unwrap());
    // The token is saved again by the click that brought it (no reset of its count).
    store
        .save_token(yut_store::HostedToken {
            game: 7,
            token: "tok-a".into(),
            issued_ms: 1_000,
            followups: 0,
            message: None,
        })
        .await
        .unwrap();
    store.close().await;
    let store = Store::open(&db.url).await.unwrap();
    assert!(
        !store.take_followup(7, "tok-a", 1_000, 5).await.unwrap(),
        "the count outlives the process"
    );
    assert!(
        !store.take_followup(7, "tok-old", 500, 5).await.unwrap(),
        "an older token takes nothing"
    );
    assert!(store.take_followup(7, "tok-b", 2_000, 5).await.unwrap());
    assert!(store.take_followup(7, "tok-b", 2_000, 5).await.unwrap());
    assert!(
        !store.take_followup(7, "tok-a", 1_000, 5).await.unwrap(),
        "the replaced token takes nothing"
    );
    // Pings in view.
    let ping = |message: u64, game: i64, channel: u64, version: u64| PingRow {
        message,
        game,
        channel,
        version,
        user: 9,
        token: (game == 8).then(|| ("tok-c".to_string(), 3_000)),
    };
    store.ping_posted(ping(101, 5, 50, 3)).await.unwrap();
    store.ping_posted(ping(100, 5, 50, 7)).await.unwrap();
    store.ping_posted(ping(102, 8, 60, 1)).await.unwrap();
    store.ping_posted(ping(102, 8, 60, 1)).await.unwrap();
    let of = |rows: Vec<PingRow>| rows.iter().map(|r| r.message).collect::<Vec<_>>();
    assert_eq!(of(store.pings_in_channel(50).await.unwrap()), [101, 100]);
    assert_eq!(
        store.pings_of_game(8).await.unwrap(),
        vec![ping(102, 8, 60, 1)]
    );
    // Games 5 and 8 have no running row: their pings are those of games over.
    assert_eq!(
        of(store.pings_of_ended_games(ShardSet::ALL).await.unwrap()),
        [101, 100, 102]
    );
    store.ping_deleted(101).await.unwrap();
    assert_eq!(of(store.pings_in_channel(50).await.unwrap()), [100]);
    store.close().await;
    db.cleanup().await;
}

on_both_backends!(real: the_store_keeps_pings_and_followups);
