//! The gateway: shards, IDENTIFY slots shared through the database (a quick restart waits for
//! its own), and the stand-in's own checks that each event goes to its shard and each shard
//! identifies as Discord allows (raw connections).

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_restart_waits_for_its_identify_slot() {
    let window = Duration::from_secs(5);
    let s = StandIn::start_with(StandInOptions {
        shards: 1,
        max_concurrency: 1,
        identify_window: window,
        invalid_session_on_early_identify: true,
        channel_budget: None,
        ..StandInOptions::default()
    })
    .await;
    let url = db_url("op9");
    let options = |url: &str| Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: None,
        database_url: url.to_string(),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 13,
        config: Config::default(),
        web: None,
    };
    let first = start(options(&url)).await.unwrap();
    s.wait_ready().await;
    // `Client::start` identifies as shard [0, 1].
    let session = s.wait_session(0, 1, Duration::from_secs(5)).await;
    assert_eq!(s.state.lock().unwrap().live_shards(), vec![(0, 1)]);
    // A game in a server other than GUILD.
    let guild = standin::guild_on_shard(0, 1);
    assert_ne!(guild, standin::GUILD);
    let ch = 12_001;
    s.set_channel_guild(ch, guild);
    let board = new_game_with_a_bot(&s, ch).await;
    let board = play_until(&s, ch, Duration::from_secs(20), |m| {
        m.id == board.id && turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    first.shutdown().await;
    // The session is gone; an event with no session for its shard is not delivered.
    let gone = s
        .wait_for("the disconnect", Duration::from_secs(5), |st| {
            st.disconnects.last().cloned()
        })
        .await;
    assert_eq!(gone.session_id, session.session_id);
    assert_eq!(gone.close_code, Some(1000), "serenity logs off with 1000");
    assert!(s.state.lock().unwrap().sessions.is_empty());
    let lost = s.slash(ch, ALICE, "en-US", "board", json!([]));
    {
        let st = s.state.lock().unwrap();
        let u = st.undelivered.last().expect("recorded as undelivered");
        assert_eq!(
            (u.t.as_str(), u.guild, u.shard, u.shards),
            ("INTERACTION_CREATE", Some(guild), 0, 1)
        );
        assert_eq!(u.d["token"], lost.as_str());
    }
    // At once a new client on the same database: it waits for the IDENTIFY slot after the
    // one the first reserved there, so Discord (and the stand-in, which would answer op 9)
    // never sees an IDENTIFY too soon.
    let second = start(options(&url)).await.unwrap();
    let log = s
        .wait_for(
            "an IDENTIFY answered again",
            Duration::from_secs(30),
            |st| (st.identifies == 2).then(|| st.identify_log.clone()),
        )
        .await;
    let answered: Vec<bool> = log.iter().map(|i| i.session_id.is_some()).collect();
    assert_eq!(answered, vec![true, true], "no IDENTIFY refused: {log:?}");
    assert!(log.iter().all(|i| (i.shard, i.shards) == (0, 1)));
    assert!(log[1].at - log[0].at >= window);
    eprintln!(
        "the restarted bot identified {:?} after the first",
        log[1].at - log[0].at
    );
    // The button of the board from before the restart works.
    let b = play_button(&board).unwrap();
    let tok = s.click(board.id, &b, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let v = board_version(&board);
    wait_board(&s, ch, "the board after the restart", |m| {
        board_version(m) > v
    })
    .await;
    assert!(s.followups(&tok).is_empty(), "the click was accepted");
    assert!(s.state.lock().unwrap().interactions[&lost].acked.is_none());
    second.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

type RawWs =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON payload on a raw gateway connection, or None after `limit` of quiet (or when
/// it ends).
async fn next_payload(ws: &mut RawWs, limit: Duration) -> Option<serde_json::Value> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    loop {
        match tokio::time::timeout(limit, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return Some(serde_json::from_str(&t).unwrap()),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// A raw gateway connection that sent IDENTIFY (`shard` absent when None), after HELLO.
async fn raw_identify(s: &StandIn, shard: Option<[u32; 2]>) -> RawWs {
    use futures_util::SinkExt;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}/?v=10", s.ws_url))
        .await
        .unwrap();
    let hello = next_payload(&mut ws, Duration::from_secs(5)).await.unwrap();
    assert_eq!(hello["op"], 10);
    let mut d = json!({
        "token": "standin-token",
        "intents": 0,
        "properties": {"os": "linux", "browser": "raw", "device": "raw"},
    });
    if let Some(shard) = shard {
        d["shard"] = json!(shard);
    }
    let identify = json!({"op": 2, "d": d});
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        identify.to_string(),
    ))
    .await
    .unwrap();
    ws
}

/// IDENTIFY as `shard` and read READY: the connection and READY's `d`.
async fn raw_session(s: &StandIn, shard: [u32; 2]) -> (RawWs, serde_json::Value) {
    let mut ws = raw_identify(s, Some(shard)).await;
    let ready = next_payload(&mut ws, Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        (&ready["op"], &ready["t"], &ready["s"]),
        (&json!(0), &json!("READY"), &json!(1))
    );
    assert_eq!(ready["d"]["shard"], json!(shard));
    (ws, ready["d"].clone())
}

/// The INTERACTION_CREATEs a raw session receives until `limit` of quiet: (seq, token, guild).
async fn raw_interactions(ws: &mut RawWs, limit: Duration) -> Vec<(u64, String, Option<u64>)> {
    let mut out = Vec::new();
    while let Some(p) = next_payload(ws, limit).await {
        assert_eq!(p["t"], "INTERACTION_CREATE", "{p}");
        out.push((
            p["s"].as_u64().unwrap(),
            p["d"]["token"].as_str().unwrap().to_string(),
            p["d"]["guild_id"].as_str().map(|g| g.parse().unwrap()),
        ));
    }
    out
}

fn tokens(got: &[(u64, String, Option<u64>)]) -> Vec<String> {
    got.iter().map(|(_, t, _)| t.clone()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_sends_each_event_to_its_shard() {
    let window = Duration::from_millis(300);
    let s = StandIn::start_with(StandInOptions {
        shards: 2,
        max_concurrency: 1,
        identify_window: window,
        invalid_session_on_early_identify: false,
        channel_budget: None,
        ..StandInOptions::default()
    })
    .await;
    // GET /gateway/bot as serenity reads it.
    let http = serenity::http::HttpBuilder::new("standin-token")
        .proxy(s.http_url.clone())
        .ratelimiter_disabled(true)
        .build();
    let g = http.get_bot_gateway().await.unwrap();
    assert_eq!((g.shards, g.session_start_limit.max_concurrency), (2, 1));

    let (mut a, ready_a) = raw_session(&s, [0, 2]).await;
    s.wait_identify_window(1).await;
    let (mut b, ready_b) = raw_session(&s, [1, 2]).await;
    assert_ne!(ready_a["session_id"], ready_b["session_id"]);
    {
        let st = s.state.lock().unwrap();
        assert_eq!(st.live_shards(), vec![(0, 2), (1, 2)]);
        let log: Vec<(u32, u32)> = st
            .identify_log
            .iter()
            .map(|i| (i.shard, i.shards))
            .collect();
        assert_eq!(log, vec![(0, 2), (1, 2)]);
        assert!(st.identify_log[1].at - st.identify_log[0].at >= window);
    }

    // Servers on each shard, and a DM (no guild: shard 0).
    let on0: Vec<u64> = standin::guilds_on_shard(0, 2).take(2).collect();
    let on1 = standin::guild_on_shard(1, 2);
    for g in &on0 {
        assert_eq!(standin::shard_of(*g, 2), 0);
    }
    assert_eq!(standin::shard_of(on1, 2), 1);
    assert_eq!(((on1 >> 22) % 2), 1);
    let (c0, c0b, c1, dm) = (20_001, 20_002, 20_003, 20_004);
    s.set_channel_guild(c0, on0[0]);
    s.set_channel_guild(c0b, on0[1]);
    s.set_channel_guild(c1, on1);
    s.set_channel_dm(dm);
    assert_eq!(s.guild_of(c1), Some(on1));
    assert_eq!(s.guild_of(dm), None);
    assert_eq!(s.guild_of(29_999), Some(standin::GUILD));
    // A message in c1 to click on: the click comes from c1's server.
    let msg = http
        .send_message(
            serenity::all::ChannelId::new(c1),
            Vec::new(),
            &json!({"content": "a message"}),
        )
        .await
        .unwrap();
    let t0 = s.slash(c0, ALICE, "en-US", "help", json!([]));
    let t1 = s.slash(c1, BOB, "en-US", "help", json!([]));
    let t0b = s.autocomplete(c0b, ALICE, "new", "rules", "ho");
    let t1click = s.click(msg.id.get(), "x:y", BOB, "en-US");
    let tdm = s.slash(dm, CAROL, "en-US", "help", json!([]));
    let quiet = Duration::from_millis(300);
    let got_a = raw_interactions(&mut a, quiet).await;
    let got_b = raw_interactions(&mut b, quiet).await;
    assert_eq!(tokens(&got_a), vec![t0, t0b, tdm.clone()]);
    assert_eq!(tokens(&got_b), vec![t1, t1click]);
    // Each session numbers its own dispatches, READY being 1.
    assert_eq!(got_a.iter().map(|g| g.0).collect::<Vec<_>>(), vec![2, 3, 4]);
    assert_eq!(got_b.iter().map(|g| g.0).collect::<Vec<_>>(), vec![2, 3]);
    assert_eq!(
        got_a.iter().map(|g| g.2).collect::<Vec<_>>(),
        vec![Some(on0[0]), Some(on0[1]), None]
    );
    assert_eq!(
        got_b.iter().map(|g| g.2).collect::<Vec<_>>(),
        vec![Some(on1); 2]
    );

    // A second session for shard 1 (a misconfiguration): the newer one gets shard 1's events.
    s.wait_identify_window(1).await;
    let (mut c, ready_c) = raw_session(&s, [1, 2]).await;
    {
        let st = s.state.lock().unwrap();
        let dup = st.duplicate_shards.last().expect("a duplicate recorded");
        assert_eq!((dup.shard, dup.shards), (1, 2));
        assert_eq!(dup.older, ready_b["session_id"].as_str().unwrap());
        assert_eq!(dup.newer, ready_c["session_id"].as_str().unwrap());
    }
    let t = s.slash(c1, BOB, "en-US", "help", json!([]));
    assert_eq!(tokens(&raw_interactions(&mut c, quiet).await), vec![t]);
    assert!(raw_interactions(&mut b, quiet).await.is_empty());

    // The newer one dies without a close frame (a killed process): shard 1 is the older's again.
    drop(c);
    let gone = s
        .wait_for("the end of session c", Duration::from_secs(5), |st| {
            st.disconnects.last().cloned()
        })
        .await;
    assert_eq!(gone.session_id, ready_c["session_id"].as_str().unwrap());
    assert_eq!(gone.close_code, None);
    let t = s.slash(c1, BOB, "en-US", "help", json!([]));
    assert_eq!(tokens(&raw_interactions(&mut b, quiet).await), vec![t]);

    // The older one logs off with a close frame: now nobody holds shard 1.
    b.close(None).await.unwrap();
    let gone = s
        .wait_for("the end of session b", Duration::from_secs(5), |st| {
            (st.disconnects.len() == 2).then(|| st.disconnects[1].clone())
        })
        .await;
    assert_eq!(gone.session_id, ready_b["session_id"].as_str().unwrap());
    assert_eq!(gone.close_code, Some(1005), "a close frame without a code");
    assert_eq!(s.state.lock().unwrap().live_shards(), vec![(0, 2)]);
    let t = s.slash(c1, BOB, "en-US", "help", json!([]));
    let t0 = s.slash(c0, ALICE, "en-US", "help", json!([]));
    assert_eq!(tokens(&raw_interactions(&mut a, quiet).await), vec![t0]);
    {
        let st = s.state.lock().unwrap();
        assert_eq!(st.undelivered.len(), 1);
        let u = &st.undelivered[0];
        assert_eq!((u.guild, u.shard, u.shards), (Some(on1), 1, 2));
        assert_eq!(u.d["token"], t.as_str());
    }
    let _ = a.close(None).await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_checks_how_shards_identify() {
    // Discord's pacing: one IDENTIFY per 5 s and bucket.
    let s = StandIn::start_with(StandInOptions {
        shards: 2,
        ..StandInOptions::default()
    })
    .await;
    let (_a, _) = raw_session(&s, [0, 2]).await;
    let (_b, _) = raw_session(&s, [1, 2]).await;
    let v = s.violations();
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(
        v[0].contains("IDENTIFY as shard [1, 2]") && v[0].contains("bucket 0 of 1"),
        "{v:?}"
    );

    // With max_concurrency 2, shards 0 and 1 are in different buckets and may come together;
    // a second shard 0 may not.
    let s = StandIn::start_with(StandInOptions {
        shards: 2,
        max_concurrency: 2,
        ..StandInOptions::default()
    })
    .await;
    let http = serenity::http::HttpBuilder::new("standin-token")
        .proxy(s.http_url.clone())
        .ratelimiter_disabled(true)
        .build();
    let g = http.get_bot_gateway().await.unwrap();
    assert_eq!(g.session_start_limit.max_concurrency, 2);
    let (_a, _) = raw_session(&s, [0, 2]).await;
    let (_b, _) = raw_session(&s, [1, 2]).await;
    assert_eq!(s.violations(), Vec::<String>::new());
    let (_c, _) = raw_session(&s, [0, 2]).await;
    let v = s.violations();
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].contains("bucket 0 of 2"), "{v:?}");
    assert_eq!(s.state.lock().unwrap().duplicate_shards.len(), 1);

    // Turned down as Discord does: op 9, no READY, no session.
    let s = StandIn::start_with(StandInOptions {
        invalid_session_on_early_identify: true,
        ..StandInOptions::default()
    })
    .await;
    let mut first = raw_identify(&s, None).await;
    let ready = next_payload(&mut first, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!(ready["d"]["shard"], json!([0, 1]), "no shard means [0, 1]");
    let mut early = raw_identify(&s, None).await;
    let answer = next_payload(&mut early, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!((&answer["op"], &answer["d"]), (&json!(9), &json!(false)));
    {
        let st = s.state.lock().unwrap();
        assert_eq!(st.live_shards(), vec![(0, 1)]);
        assert_eq!(st.identify_log.len(), 2);
        assert!(st.identify_log[1].session_id.is_none());
        assert!(st.violations.is_empty());
    }

    // A shard id out of range is closed with 4010, and sessions must agree on the count.
    let s = StandIn::start_with(StandInOptions {
        identify_window: Duration::ZERO,
        ..StandInOptions::default()
    })
    .await;
    let mut bad = raw_identify(&s, Some([2, 2])).await;
    use futures_util::StreamExt;
    let closed = tokio::time::timeout(Duration::from_secs(5), bad.next())
        .await
        .unwrap();
    match closed {
        Some(Ok(tokio_tungstenite::tungstenite::Message::Close(Some(f)))) => {
            assert_eq!(u16::from(f.code), 4010)
        }
        other => panic!("expected close 4010, got {other:?}"),
    }
    let (_a, _) = raw_session(&s, [0, 2]).await;
    let (_b, _) = raw_session(&s, [1, 3]).await;
    let v = s.violations();
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(v[0].contains("IDENTIFY as shard [2, 2]"), "{v:?}");
    assert!(
        v[1].contains("[1, 3]") && v[1].contains("is shard [0, 2]"),
        "{v:?}"
    );
}
