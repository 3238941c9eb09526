//! Any process follows any game (issue 47): pages on processes that do not drive a game are
//! pushed every version of it, in order, through the database's announcements, across a
//! takeover of its shard.

use super::*;
use std::sync::{Arc, Mutex};

const SECRET: &str = "a-secret-shared-by-every-process";

/// The versions a page's live stream was pushed, in order; and whether it ended.
#[derive(Clone, Default)]
struct Stream {
    versions: Arc<Mutex<Vec<u64>>>,
    ended: Arc<std::sync::atomic::AtomicBool>,
}

impl Stream {
    /// Follow `path`'s server-sent events on `addr`, as a page does.
    async fn open(addr: &str, path: &str) -> Stream {
        let stream = Stream::default();
        let mut r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{addr}{path}");
        let out = stream.clone();
        tokio::spawn(async move {
            let mut text = String::new();
            while let Ok(Some(chunk)) = r.chunk().await {
                text.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = text.find("\n\n") {
                    let event: String = text.drain(..end + 2).collect();
                    if let Some(v) = event
                        .lines()
                        .find_map(|l| l.strip_prefix("id:"))
                        .and_then(|v| v.trim().parse().ok())
                    {
                        out.versions.lock().unwrap().push(v);
                    }
                }
            }
            out.ended.store(true, std::sync::atomic::Ordering::SeqCst);
        });
        stream
    }

    fn versions(&self) -> Vec<u64> {
        self.versions.lock().unwrap().clone()
    }

    /// Wait until the stream was pushed `version` (or later).
    async fn wait(&self, what: &str, version: u64, limit: Duration) {
        let start = Instant::now();
        while self.versions().last().is_none_or(|v| *v < version) {
            assert!(
                start.elapsed() < limit,
                "{what}: waited {limit:?} for version {version}; pushed {:?}",
                self.versions()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Every version from the first pushed on, each once, in order.
    fn assert_every_version(&self, what: &str) {
        let v = self.versions();
        assert!(!v.is_empty(), "{what}: nothing pushed");
        let want: Vec<u64> = (v[0]..v[0] + v.len() as u64).collect();
        assert_eq!(v, want, "{what}: every version, in order, once");
    }
}

/// The live page's path of a board's "Watch live" link.
fn watch_path(m: &Msg) -> String {
    let text = m.components.to_string();
    let at = text
        .find("/watch/")
        .expect("a Watch live link on the board");
    let end = text[at..].find('"').unwrap();
    text[at..at + end].to_string()
}

/// POST a press (`id`) to a seat page's API on `addr`: (status, body).
async fn press(addr: &str, api: &str, id: &str) -> (u16, serde_json::Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}{api}/press"))
        .header("content-type", "application/json")
        .body(serde_json::json!({ "id": id }).to_string())
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (
        status,
        serde_json::from_str(&r.text().await.unwrap()).unwrap(),
    )
}

/// The reply to a slash command, once it has words.
async fn reply(s: &StandIn, tok: String) -> Msg {
    s.wait_for("a reply", Duration::from_secs(10), |st| {
        let id = st.interactions.get(&tok)?.original?;
        let m = st.messages.get(&id)?;
        (!m.content.is_empty()).then(|| m.clone())
    })
    .await
}

/// `who`'s seat page in CH0's game, as `/yut web` gives it (privately).
async fn seat_link(s: &StandIn, who: (u64, &str, u64)) -> String {
    let tok = s.slash(CH0, who, "en-US", "web", json!([]));
    let m = reply(s, tok).await;
    assert!(m.ephemeral, "the link is given privately");
    let at = m.content.find("http://").expect("a link in the answer");
    let end = m.content[at..]
        .find(char::is_whitespace)
        .map_or(m.content.len(), |e| at + e);
    m.content[at..end].to_string()
}

/// Who made a game's stored action `version` (the log's actor, as stored).
async fn actor_at(store: &Store, game: i64, version: u64) -> Option<String> {
    let log = store.log_after(game, version - 1).await.unwrap();
    log.first()
        .filter(|r| r.version == version)
        .map(|r| r.actor.clone())
}

/// Alice's next turn with something to press: the board, its button.
async fn alices_turn(s: &StandIn) -> (Msg, String) {
    let m = play_until(s, CH0, ALICE, BOT_TURN, |m| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    let id = play_button(&m).unwrap();
    (m, id)
}

/// Sign `who` in to the Activity `instance` on the process at `addr`: its answer (200).
async fn sign_in(s: &StandIn, addr: &str, who: (u64, &str), instance: &str) -> serde_json::Value {
    let code = s.activity_code(who, "en-US");
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/activity/api/session"))
        .header("content-type", "application/json")
        .body(json!({"code": code, "instance_id": instance}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    serde_json::from_str(&r.text().await.unwrap()).unwrap()
}

/// The stored version of a game.
async fn stored_version(store: &Store, game: i64) -> u64 {
    store.versions(&[game]).await.unwrap()[0].1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_on_any_process_follow_a_game_across_a_takeover() {
    let _serial = SERIAL.lock().await;
    let Some(db) = TestDb::new(Backend::Postgres, "follow").await else {
        return;
    };
    let t0 = Instant::now();
    let phase = |what: &str| eprintln!("[{:>6.2} s] {what}", t0.elapsed().as_secs_f64());
    let s = StandIn::start_with(StandInOptions {
        shards: SHARDS,
        ..StandInOptions::default()
    })
    .await;
    let mut p = Procs::new("follow", &s.http_url, &db.url);
    s.set_channel_guild(CH0, standin::guild_on_shard(0, SHARDS));
    let webs: Vec<String> = (0..3).map(|_| free_addr()).collect();
    let env = |i: usize| {
        [
            ("WEB_ADDR", webs[i].clone()),
            ("WEB_SECRET", SECRET.to_string()),
            ("INSTANCE_ID", format!("follow-{i}")),
            // The Activity on every process (its pages may land on any).
            ("DISCORD_CLIENT_ID", standin::APP.to_string()),
            (
                "DISCORD_CLIENT_SECRET",
                standin::activity::CLIENT_SECRET.to_string(),
            ),
        ]
    };
    let spawn = |p: &mut Procs, label: &str, range: &str, i: usize| {
        let e = env(i);
        let e: Vec<(&str, &str)> = e.iter().map(|(k, v)| (*k, v.as_str())).collect();
        p.spawn_with(label, range, &e)
    };
    // A drives shard 0, B shard 1; C waits for shard 0 (a standby: it drives nothing).
    let a = spawn(&mut p, "a", "0-0", 0);
    let _b = spawn(&mut p, "b", "1-1", 1);
    let first = s.wait_session(0, SHARDS, Duration::from_secs(20)).await;
    s.wait_session(1, SHARDS, Duration::from_secs(20)).await;
    let c = spawn(&mut p, "c", "0-0", 2);
    p.wait_log(
        c,
        &["another process holds this shard; waiting for its lease to expire"],
        Duration::from_secs(10),
    )
    .await;
    phase("A and B drive, C waits");

    // Four pieces a side: a game long enough for every step below.
    let board = new_game_with_pieces(&s, CH0, ALICE, 4).await;
    let store = Store::open(&db.url).await.unwrap();
    let game = stored_game(&store, 0).await.id;
    let path = watch_path(&board);
    let events = format!("/api{path}/events");
    let on_a = Stream::open(&webs[0], &events).await;
    let on_b = Stream::open(&webs[1], &events).await;
    let on_c = Stream::open(&webs[2], &events).await;
    phase("pages follow the game on A, B and C");

    // Alice and the bot play a while; every page is pushed every version.
    let v0 = stored_version(&store, game).await;
    play_until(&s, CH0, ALICE, Duration::from_secs(60), |m| {
        board_version(m) >= v0 + 12
    })
    .await;
    let v1 = stored_version(&store, game).await;
    for (what, st) in [("A", &on_a), ("B", &on_b), ("C", &on_c)] {
        st.wait(what, v1, Duration::from_secs(3)).await;
        st.assert_every_version(what);
    }
    phase("every version pushed on the three processes");
    let (_, metrics) = get(&webs[1], "/metrics").await.unwrap();
    let value = |m: &str, name: &str| -> f64 {
        m.lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name} in /metrics:\n{m}"))
    };
    assert!(value(&metrics, "yutbot_announcements_total") >= (v1 - v0) as f64);
    assert_eq!(value(&metrics, "yutbot_games_followed_for_others"), 1.0);

    // Alice asks for her seat on the web (`/yut web`, answered privately with her own link);
    // Bob, who has no seat, is told so.
    let url = seat_link(&s, ALICE).await;
    let at = url.find("/seat/").expect("a seat page's link");
    assert!(url.starts_with(&format!("http://{}", webs[0])), "{url}");
    let (status, page) = get(&webs[1], &url[at..]).await.unwrap();
    assert_eq!(status, 200, "the seat page opens on B: {page}");
    let seat = format!("/api{}", &url[at..]);
    let bob = s.slash(CH0, BOB, "en-US", "web", json!([]));
    let m = reply(&s, bob).await;
    assert!(m.content.contains("no seat"), "{}", m.content);
    assert!(!m.content.contains("/seat/"), "{}", m.content);

    // Alice plays from her seat page on B, a process that does not drive the game: the press
    // is forwarded to A, applied once, and shown on Discord and on every page.
    let (m, id) = alices_turn(&s).await;
    let v = board_version(&m);
    let (status, frame) = press(&webs[1], &seat, &id).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(frame["version"], v + 1, "the driver's answer: {frame}");
    assert!(actor_at(&store, game, v + 1).await.unwrap().contains("111"));
    wait_board(
        &s,
        CH0,
        "the web press shown on Discord",
        Duration::from_secs(5),
        |b| board_version(b) > v,
    )
    .await;
    on_b.wait("B after its press", v + 1, Duration::from_secs(3))
        .await;
    on_a.wait("A after B's press", v + 1, Duration::from_secs(3))
        .await;
    let (status, again) = press(&webs[1], &seat, &id).await;
    assert_eq!(status, 409, "the same button again is out of date: {again}");
    // Another person's seat link does not open Alice's seat, a forged one nothing.
    let (status, _) = press(&webs[1], &seat.replace("/111/", "/222/"), &id).await;
    assert_eq!(status, 404, "a seat link opens its person's seat only");
    phase("a press on B applied by A, once");

    // 20 presses of one button at once, 10 on A and 10 on B: exactly one is applied.
    let (m, id) = alices_turn(&s).await;
    let v = board_version(&m);
    let calls: Vec<_> = (0..20)
        .map(|i| {
            let (addr, seat, id) = (webs[i % 2].clone(), seat.clone(), id.clone());
            tokio::spawn(async move { press(&addr, &seat, &id).await })
        })
        .collect();
    let mut statuses = Vec::new();
    let mut answers = Vec::new();
    for c in calls {
        let (status, body) = c.await.unwrap();
        statuses.push(status);
        answers.push(body);
    }
    let refusals: Vec<_> = answers.iter().filter_map(|a| a.get("error")).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?} {refusals:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 409),
        "the others out of date: {statuses:?} {refusals:?}"
    );
    assert!(actor_at(&store, game, v + 1).await.unwrap().contains("111"));
    assert_eq!(stored_version(&store, game).await, v + 1, "applied once");
    wait_board(
        &s,
        CH0,
        "the press shown on Discord",
        Duration::from_secs(5),
        |b| board_version(b) > v,
    )
    .await;
    phase("20 presses at once from A and B: one applied");

    // The Activity: Alice signs in on B (the instance in the game's channel), follows over
    // C's WebSocket (C drives nothing), and touches on B: forwarded to A, applied once,
    // pushed to C.
    let instance = format!("i-47-gc-{}-{CH0}", standin::guild_on_shard(0, SHARDS));
    s.activity_instance(&instance, CH0, &[ALICE.0, BOB.0]);
    let signed = sign_in(&s, &webs[1], (ALICE.0, ALICE.1), &instance).await;
    let session = signed["session"].as_str().unwrap().to_string();
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/activity/api/s/{session}/ws", webs[2]))
            .await
            .unwrap();
    let (m, id) = alices_turn(&s).await;
    let v = board_version(&m);
    let touch = format!("/activity/api/s/{session}");
    let (status, frame) = press(&webs[1], &touch, &id).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(frame["version"], v + 1, "{frame}");
    assert!(actor_at(&store, game, v + 1).await.unwrap().contains("111"));
    let pushed = loop {
        use futures_util::StreamExt;
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a board pushed on C within 5 s")
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            let f: serde_json::Value = serde_json::from_str(&t).unwrap();
            if f["version"].as_u64() >= Some(v + 1) {
                break f;
            }
        }
    };
    assert_eq!(pushed["game"], game, "{pushed}");
    let (status, _) = press(&webs[1], &touch, &id).await;
    assert_eq!(status, 409, "the same touch again is out of date");
    wait_board(
        &s,
        CH0,
        "the touch shown on Discord",
        Duration::from_secs(10),
        |b| board_version(b) > v,
    )
    .await;
    phase("a touch in the Activity on B applied by A, pushed on C");

    // A launch on B in another channel of A's server, one without a game: B asks A, which
    // drives the server, to open the lobby there (posted by A); the page then finds it.
    const CH_LAUNCH: u64 = 41_010;
    s.set_channel_guild(CH_LAUNCH, standin::guild_on_shard(0, SHARDS));
    let launched = format!("i-48-gc-{}-{CH_LAUNCH}", standin::guild_on_shard(0, SHARDS));
    s.activity_instance(&launched, CH_LAUNCH, &[BOB.0]);
    let bobs = sign_in(&s, &webs[1], (BOB.0, BOB.1), &launched).await;
    let lobby = wait_board(
        &s,
        CH_LAUNCH,
        "the lobby a launch on B opened",
        Duration::from_secs(5),
        |m| find(m, ":start").is_some(),
    )
    .await;
    assert!(lobby.content.contains("Bob"), "{}", lobby.content);
    let (status, frame) = get(
        &webs[1],
        &format!("/activity/api/s/{}", bobs["session"].as_str().unwrap()),
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{frame}");
    let frame: serde_json::Value = serde_json::from_str(&frame).unwrap();
    assert_eq!(frame["version"], board_version(&lobby), "{frame}");
    let (_, metrics) = get(&webs[1], "/metrics").await.unwrap();
    assert_eq!(
        value(&metrics, "yutbot_activity_lobbies_forwarded_total"),
        1.0
    );
    phase("a launch on B in a channel without a game: its lobby opened by A");

    // A press in flight from B when A dies: answered (applied) or "try again", never
    // applied twice: the same button after the takeover is out of date if it was applied.
    let (m, id) = alices_turn(&s).await;
    let v_kill = board_version(&m);
    let in_flight = {
        let (addr, seat, id) = (webs[1].clone(), seat.clone(), id.clone());
        tokio::spawn(async move { press(&addr, &seat, &id).await })
    };
    tokio::time::sleep(Duration::from_millis(3)).await;

    // A dies; C takes shard 0 over and drives the game on. B's and C's pages go on.
    p.kill9(a);
    let (status, answer) = in_flight.await.unwrap();
    assert!(status == 200 || status == 503, "{status} {answer}");
    let killed = Instant::now();
    p.wait_log(
        c,
        &["took the lease on this shard"],
        Duration::from_secs(15),
    )
    .await;
    s.wait_for("C's session", Duration::from_secs(15), |st| {
        st.session(0, SHARDS)
            .filter(|x| x.session_id != first.session_id)
            .cloned()
    })
    .await;
    phase(&format!(
        "C took over {:?} after the kill",
        killed.elapsed()
    ));
    let applied = actor_at(&store, game, v_kill + 1).await;
    if status == 200 {
        assert!(applied.as_deref().unwrap().contains("111"), "{applied:?}");
    }
    let was_applied = applied.as_deref().is_some_and(|a| a.contains("111"));
    let retry = {
        let start = Instant::now();
        loop {
            let (st, body) = press(&webs[1], &seat, &id).await;
            if st != 503 || start.elapsed() > Duration::from_secs(10) {
                break (st, body);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    if was_applied {
        assert_eq!(
            retry.0, 409,
            "applied before the kill: the retry is out of date"
        );
    } else {
        assert_eq!(
            retry.0, 200,
            "not applied before the kill: the retry is: {}",
            retry.1
        );
    }
    assert!(actor_at(&store, game, v_kill + 1)
        .await
        .unwrap()
        .contains("111"));
    eprintln!("the press in flight at the kill: {status}, applied before: {was_applied}");
    let v2 = stored_version(&store, game).await;
    play_until(&s, CH0, ALICE, Duration::from_secs(60), |m| {
        board_version(m) >= v2 + 8
    })
    .await;
    let v3 = stored_version(&store, game).await;
    for (what, st) in [("B", &on_b), ("C", &on_c)] {
        st.wait(what, v3, Duration::from_secs(3)).await;
        st.assert_every_version(what);
        assert!(!st.ended.load(std::sync::atomic::Ordering::SeqCst));
    }
    assert!(
        on_a.ended.load(std::sync::atomic::Ordering::SeqCst) || on_a.versions().last() < Some(&v3)
    );
    phase("B's and C's pages followed across the takeover");

    // The Activity across the kill: its WebSocket on C was pushed every board, and a touch
    // on B now goes to C, which drives the game.
    let mut seen = Vec::new();
    while seen.last() < Some(&v3) {
        use futures_util::StreamExt;
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .unwrap_or_else(|_| panic!("the Activity on C pushed up to {v3}: {seen:?}"))
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            let f: serde_json::Value = serde_json::from_str(&t).unwrap();
            seen.push(f["version"].as_u64().unwrap());
        }
    }
    assert!(seen.windows(2).all(|w| w[1] >= w[0]), "in order: {seen:?}");
    assert!(
        seen.contains(&(v_kill + 1)),
        "the board after the kill: {seen:?}"
    );
    let (m, id) = alices_turn(&s).await;
    let v = board_version(&m);
    let (status, frame) = press(&webs[1], &touch, &id).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(frame["version"], v + 1, "{frame}");
    phase("the Activity followed the game across the takeover; a touch on B applied by C");
    store.close().await;
    db.cleanup().await;
}
