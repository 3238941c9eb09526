//! A board that ages moves to a new message, and the old ones keep their picture without
//! buttons.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_games_repost_the_board() {
    let s = StandIn::start().await;
    let options = Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: None,
        database_url: db_url("repost"),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 11,
        config: Config {
            min_update_gap: Duration::from_millis(30),
            // Stands in for Discord's one hour.
            repost_after: Duration::from_millis(400),
            ..Config::default()
        },
        web: None,
    };
    let bot = start(options).await.unwrap();
    s.wait_ready().await;
    assert!(
        s.state.lock().unwrap().requests.iter().any(|r| r
            .path
            .ends_with(&format!("/applications/{}/commands", standin::APP))),
        "without DEV_GUILD_ID the commands are registered globally"
    );
    let ch = 8001;
    let first = new_game_with_a_bot(&s, ch).await;
    // Alice leaves; the bots play on, and the board moves to new messages as it ages.
    let tok = s.slash(ch, ALICE, "en-US", "leave", json!([]));
    reply(&s, tok).await;
    let end = wait_board(&s, ch, "the end", |m| m.content.contains("Final ranking")).await;
    // Clearing the old boards' buttons goes through the channel's budget (5 writes per 5 s
    // here, where the board moves every 0.4 s): wait until it is done.
    s.wait_for("old boards cleared", Duration::from_secs(30), |st| {
        let live = st
            .messages
            .values()
            .filter(|m| m.channel == ch && !m.deleted && !m.custom_ids().is_empty())
            .count();
        (live <= 1).then_some(())
    })
    .await;
    let boards: Vec<Msg> = {
        let st = s.state.lock().unwrap();
        st.order
            .iter()
            .map(|id| st.messages[id].clone())
            .filter(|m| m.has_png())
            .collect()
    };
    assert!(
        boards.len() >= 2,
        "reposted: {} board messages",
        boards.len()
    );
    for old in &boards[..boards.len() - 1] {
        assert!(old.custom_ids().is_empty(), "an old board keeps no buttons");
        assert!(old.has_png(), "an old board keeps its picture");
    }
    assert!(end.id != first.id);
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
