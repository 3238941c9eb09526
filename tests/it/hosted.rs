//! A game where Yutbot is not a member (issue 29): a group DM of friends who installed the app
//! on their accounts. The stand-in refuses every channel route there (403) and answers only
//! interactions; tokens lapse (here after 8 s instead of Discord's 15 minutes: 401, 50027);
//! at most 5 follow-ups per interaction (400, 40094). Alice and Bob play a whole game with a
//! bot by clicks only: a timer fires, the bot's turns are shown through the freshest token,
//! the turn pings are follow-ups; the token lapses with nobody clicking, the game is held
//! before that and goes on with the next click, even on an out-of-date button.

use crate::discord_wire::{bot_tokens, ALICE, BOB};
use crate::standin::board::{board_version, find, play_button, turn_of};
use crate::standin::{Msg, StandIn, StandInOptions};
use serde_json::json;
use std::time::{Duration, Instant};

const LIFE: Duration = Duration::from_secs(8);

fn whose(m: &Msg) -> Option<(u64, &'static str, u64)> {
    match turn_of(m).as_deref() {
        Some("Alice") => Some(ALICE),
        Some("Bob") => Some(BOB),
        _ => None,
    }
}

/// Click the people's moves until `done`; the clicks' tokens.
async fn play_until(
    s: &StandIn,
    ch: u64,
    limit: Duration,
    done: impl Fn(&Msg, usize) -> bool,
) -> (Msg, Vec<String>) {
    let started = Instant::now();
    let mut tokens = Vec::new();
    loop {
        assert!(
            started.elapsed() < limit,
            "timed out; violations {:?}\n{}",
            s.violations(),
            s.dump_channel(ch)
        );
        let m = s.latest_board(ch).expect("a board");
        if done(&m, tokens.len()) {
            return (m, tokens);
        }
        if let (Some(who), Some(b)) = (whose(&m), play_button(&m)) {
            let tok = s.click(m.id, &b, who, "en-US");
            s.wait_acked(&tok).await;
            tokens.push(tok);
            let v = board_version(&m);
            let t = Instant::now();
            while s.latest_board(ch).is_some_and(|x| board_version(&x) == v)
                && t.elapsed() < Duration::from_secs(5)
            {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// `ch` made a group DM where the bot is not a member, and Alice's `/yut new` there with
/// `options`: the lobby (the command's own answer, with Join and Start).
async fn lobby_in_group_dm(s: &StandIn, ch: u64, options: serde_json::Value) -> Msg {
    s.set_channel_dm(ch);
    s.set_user_installed(ch);
    let tok = s.slash(ch, ALICE, "en-US", "new", options);
    s.wait_acked(&tok).await;
    crate::standin::board::wait_board_for(s, ch, "the lobby", LIFE, |m| find(m, ":start").is_some())
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_group_dm_through_interaction_tokens() {
    let s = StandIn::start_with(StandInOptions {
        token_life: LIFE,
        ..StandInOptions::default()
    })
    .await;
    let bot = bot_tokens(&s, "hosted-game", 3, 40, LIFE).await;
    let ch = 41_001;

    // The lobby is the command's own answer; Bob joins, Alice starts: clicks only.
    let lobby = lobby_in_group_dm(
        &s,
        ch,
        json!([
            {"name": "seats", "type": 4, "value": 3},
            {"name": "bots", "type": 4, "value": 1},
            {"name": "pieces", "type": 4, "value": 0},
        ]),
    )
    .await;
    assert!(!lobby.ephemeral);
    let mut clicks = Vec::new();
    let join = find(&lobby, ":join").unwrap();
    let t = s.click(lobby.id, &join, BOB, "en-US");
    s.wait_acked(&t).await;
    clicks.push(t);
    let lobby = crate::standin::board::wait_board_for(&s, ch, "Bob seated", LIFE, |m| {
        m.content.contains("Bob") && find(m, ":start").is_some()
    })
    .await;
    let t = s.click(lobby.id, &find(&lobby, ":start").unwrap(), ALICE, "en-US");
    s.wait_acked(&t).await;
    clicks.push(t);

    // Bob lets his first turn run out: the bot plays for him, shown through the token.
    let (m, toks) = play_until(&s, ch, Duration::from_secs(30), |m, _| {
        turn_of(m).as_deref() == Some("Bob") && play_button(m).is_some()
    })
    .await;
    clicks.extend(toks);
    let stale_button = play_button(&m).unwrap();
    let timed_out = crate::standin::board::wait_board_for(&s, ch, "Bob's time-out", LIFE, |m| {
        m.content.contains("Bob ran out of time")
    })
    .await;
    assert!(timed_out.has_png());

    // A few more clicks, then nobody clicks: before the last token lapses the game is held,
    // and says so.
    let (_, toks) = play_until(&s, ch, Duration::from_secs(60), |_, n| n >= 6).await;
    clicks.extend(toks);
    let quiet = Instant::now();
    let held = crate::standin::board::wait_board_for(
        &s,
        ch,
        "the pause",
        LIFE + Duration::from_secs(3),
        |m| m.content.contains("Paused"),
    )
    .await;
    let held_after = quiet.elapsed();
    assert!(find(&held, ":resume").is_some(), "{}", held.content);
    assert!(
        held_after < LIFE,
        "held {held_after:?} after the last click"
    );
    let v_held = board_version(&held);
    // The token lapses; nothing happens meanwhile (no action that could not be shown).
    tokio::time::sleep(LIFE - held_after + Duration::from_secs(1)).await;
    let still = s.latest_board(ch).unwrap();
    assert_eq!(board_version(&still), v_held, "the game moved while held");
    assert!(still.content.contains("Paused"));

    // Alice clicks an out-of-date button: her click brings a fresh token, the board is
    // brought up to date in the click's answer and the game goes on.
    let t = s.click(held.id, &stale_button, ALICE, "en-US");
    s.wait_acked(&t).await;
    clicks.push(t);
    let resumed = s.latest_board(ch).unwrap();
    assert!(!resumed.content.contains("Paused"), "{}", resumed.content);
    assert!(board_version(&resumed) > v_held);

    // Then the whole game, clicks only.
    let (last, toks) = play_until(&s, ch, Duration::from_secs(150), |m, _| {
        m.content.contains("Final ranking")
    })
    .await;
    clicks.extend(toks);
    assert!(last.has_png());

    // What went over the wire.
    {
        let st = s.state.lock().unwrap();
        let callbacks_per_click: Vec<usize> = clicks
            .iter()
            .map(|tok| {
                st.requests
                    .iter()
                    .filter(|r| r.path.contains(&format!("/{tok}/callback")))
                    .count()
            })
            .collect();
        let answers_by_update = clicks
            .iter()
            .filter(|tok| st.interactions[*tok].callback_type == Some(7))
            .count();
        let edits_by_token = st
            .requests
            .iter()
            .filter(|r| r.method == "PATCH" && r.path.contains("/webhooks/"))
            .count();
        let pings = st
            .requests
            .iter()
            .filter(|r| r.method == "POST" && r.path.contains("/webhooks/"))
            .count();
        let channel_calls = st
            .requests
            .iter()
            .filter(|r| r.path.contains(&format!("/channels/{ch}")))
            .count();
        let refused: Vec<&(String, u16)> = st.failed.iter().collect();
        let mean = callbacks_per_click.iter().sum::<usize>() as f64 / clicks.len() as f64;
        eprintln!(
        "group DM game: {} clicks, REST calls per click {mean:.2} ({answers_by_update} answered \
         with UPDATE_MESSAGE); {edits_by_token} boards shown through tokens (bots, timers, the \
         pause); {pings} ping follow-ups; held {held_after:?} after the last click; \
         {} calls to the channel; refused: {refused:?}",
        clicks.len(),
        channel_calls
    );
        assert_eq!(mean, 1.0, "{callbacks_per_click:?}");
        assert!(answers_by_update >= clicks.len() - 2, "{answers_by_update}");
        assert!(edits_by_token > 5, "bot turns and timers were shown");
        assert!(pings > 0, "turn pings went out as follow-ups");
        assert_eq!(channel_calls, 0, "the bot never used the channel's routes");
        assert!(refused.is_empty(), "no lapsed token used: {refused:?}");
    }
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// A group-DM game survives a restart: the game's freshest token was stored, so the time-out
/// that falls due while the bot is down is played and shown through it, with no click; then
/// the game goes on with the next click.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_goes_on_after_a_restart() {
    let life = Duration::from_secs(30);
    let s = StandIn::start_with(StandInOptions {
        token_life: life,
        ..StandInOptions::default()
    })
    .await;
    let url = crate::discord_wire::db_url("hosted-restart");
    let options = |url: &str| yutbot::discord::Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: Some(crate::standin::GUILD),
        database_url: url.to_string(),
        turn_seconds: 4,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 5,
        config: yut_service::Config {
            min_update_gap: Duration::from_millis(30),
            interaction_token_life: life,
            ..yut_service::Config::default()
        },
        web: None,
    };
    let first = yutbot::bot::start(options(&url)).await.unwrap();
    s.wait_ready().await;
    let ch = 41_002;
    let lobby = lobby_in_group_dm(
        &s,
        ch,
        json!([{"name": "bots", "type": 4, "value": 1}, {"name": "pieces", "type": 4, "value": 0}]),
    )
    .await;
    let t = s.click(lobby.id, &find(&lobby, ":start").unwrap(), ALICE, "en-US");
    s.wait_acked(&t).await;
    let (board, _) = play_until(&s, ch, Duration::from_secs(20), |m, _| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    first.shutdown().await;
    let restarted_at = Instant::now();
    let second = yutbot::bot::start(options(&url)).await.unwrap();
    // Alice's time runs out while the bot is down or starting: played and shown through the
    // stored token, nobody clicking.
    let v = board_version(&board);
    let after = crate::standin::board::wait_board_for(
        &s,
        ch,
        "the time-out shown after the restart",
        Duration::from_secs(20),
        |m| board_version(m) > v,
    )
    .await;
    assert!(after.has_png());
    let edits_after_restart = {
        let st = s.state.lock().unwrap();
        st.requests
            .iter()
            .filter(|r| r.at > restarted_at && r.method == "PATCH" && r.path.contains("/webhooks/"))
            .count()
    };
    assert!(edits_after_restart > 0, "shown through the stored token");
    // And the next click plays on.
    let (m, _) = play_until(&s, ch, Duration::from_secs(30), |m, _| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    let t = s.click(m.id, &play_button(&m).unwrap(), ALICE, "en-US");
    let acked = s.wait_acked(&t).await;
    assert_eq!(acked.callback_type, Some(7));
    assert!(s
        .latest_board(ch)
        .is_some_and(|x| board_version(&x) > board_version(&m)));
    let refused = s.state.lock().unwrap().failed.clone();
    assert!(refused.is_empty(), "{refused:?}");
    second.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
