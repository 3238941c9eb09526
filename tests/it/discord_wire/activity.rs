//! The Activity (the board inside Discord, issue 48) over the wire, without a browser: the
//! Entry Point command and the board's button answered with LAUNCH_ACTIVITY (or, where the
//! Activity is not set up, a private line saying why); a page's sign-in (the OAuth2 code
//! exchanged at the stand-in, the person checked against the instance's participants); and
//! every touch checked as a click is, with the same refusals in the person's language, the
//! message board following. `tests/browser/activity.rs` plays a whole game by touch.

use super::*;
use standin::activity::CLIENT_SECRET;
use yut_web::sign::Signer;
use yut_web::watch::activity::Session;
use yutbot::discord::activity::ActivityKeys;
use yutbot::discord::WebOptions;

const SECRET: &str = "a test secret of enough length";

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// A bot with its web pages, and the Activity where `keys`; its web address.
async fn activity_bot(s: &StandIn, name: &str, keys: bool) -> (Bot, String) {
    activity_bot_on(s, &db_url(name), keys).await
}

/// The same on the database at `database` (kept: a restart).
async fn activity_bot_on(s: &StandIn, database: &str, keys: bool) -> (Bot, String) {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let mut o = options(s, "unused", 60);
    o.database_url = database.to_string();
    o.bot_delay_ms = 40;
    o.web = Some(WebOptions {
        addr: format!("127.0.0.1:{port}").parse().unwrap(),
        url: url.clone(),
        secret: SECRET.into(),
        internal: url.clone(),
        activity: keys.then(|| ActivityKeys {
            client_id: standin::APP,
            client_secret: CLIENT_SECRET.into(),
        }),
    });
    let b = start(o).await.expect("the bot starts");
    s.wait_ready().await;
    (b, url)
}

/// Alice's lobby (2 pieces a side) in channel `ch`, a seat free.
async fn lobby(s: &StandIn, ch: u64) -> Msg {
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "pieces", "type": 4, "value": 2}]),
    );
    s.wait_acked(&tok).await;
    wait_board(s, ch, "the lobby", |m| find(m, ":start").is_some()).await
}

async fn post(url: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
    let r = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("the web answers");
    let status = r.status().as_u16();
    (status, json_of(r).await)
}

async fn get(url: &str) -> (u16, serde_json::Value) {
    let r = reqwest::get(url).await.expect("the web answers");
    let status = r.status().as_u16();
    (status, json_of(r).await)
}

async fn json_of(r: reqwest::Response) -> serde_json::Value {
    let text = r.text().await.unwrap_or_default();
    serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text))
}

/// Sign `who` in to the Activity `instance`: (status, answer).
async fn sign_in(
    s: &StandIn,
    web: &str,
    who: (u64, &str, u64),
    locale: &str,
    instance: &str,
) -> (u16, serde_json::Value) {
    let code = s.activity_code((who.0, who.1), locale);
    post(
        &format!("{web}/activity/api/session"),
        json!({"code": code, "instance_id": instance}),
    )
    .await
}

/// The API of a signed-in page, from its sign-in's answer.
fn api_of(web: &str, signed: &serde_json::Value) -> String {
    format!(
        "{web}/activity/api/s/{}",
        signed["session"].as_str().unwrap()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_entry_point_and_the_board_button_launch_the_activity() {
    let s = StandIn::start().await;
    let (bot, web) = activity_bot(&s, "activity-launch", true).await;
    let tok = s.entry_point_command(5101, ALICE, "en-US");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(12), "LAUNCH_ACTIVITY");
    assert!(i.acked.unwrap() < Duration::from_secs(3), "{:?}", i.acked);
    let m = lobby(&s, 5101).await;
    let board = find(&m, ":board").expect("the lobby offers the board inside Discord");
    let label = m
        .labels()
        .into_iter()
        .find(|(_, id)| *id == board)
        .unwrap()
        .0;
    assert_eq!(label, "🎲 Play on the board");
    let tok = s.click(m.id, &board, BOB, "en-US");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(12));
    assert!(i.acked.unwrap() < Duration::from_secs(3), "{:?}", i.acked);
    // The page is served, with the application's id for the SDK.
    let page = reqwest::get(format!("{web}/activity/"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains(&standin::APP.to_string()), "{page}");
    // Its script (Discord's SDK in it) goes out gzipped to a browser that takes it.
    let client = reqwest::Client::new();
    let url = format!("{web}/activity/assets/activity.js");
    let plain = client
        .get(&url)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let r = client
        .get(&url)
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["content-encoding"], "gzip");
    let gz = r.bytes().await.unwrap();
    assert!(plain.len() > 100_000, "{} bytes", plain.len());
    assert!(
        gz.len() * 2 < plain.len(),
        "{} of {}",
        gz.len(),
        plain.len()
    );
    assert_eq!(&gz[..2], b"\x1f\x8b");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_its_settings_the_activity_says_why_and_offers_no_button() {
    let s = StandIn::start().await;
    let (bot, web) = activity_bot(&s, "activity-off", false).await;
    let tok = s.entry_point_command(5102, ALICE, "ko");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(4), "a private line");
    let said = s.state.lock().unwrap().messages[&i.original.unwrap()].clone();
    assert!(said.ephemeral);
    assert!(
        said.content.contains("DISCORD_CLIENT_SECRET"),
        "{}",
        said.content
    );
    assert!(said.content.contains("보드"), "in Korean: {}", said.content);
    let m = lobby(&s, 5102).await;
    assert_eq!(find(&m, ":board"), None, "{:?}", m.labels());
    let r = reqwest::get(format!("{web}/activity/")).await.unwrap();
    assert_eq!(r.status().as_u16(), 503);
    let (status, _) = sign_in(&s, &web, ALICE, "en-US", "i-1-gc-1-5102").await;
    assert_eq!(status, 503);
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_are_checked_and_every_touch_goes_through_the_seats() {
    let s = StandIn::start().await;
    let (bot, web) = activity_bot(&s, "activity-sessions", true).await;
    let ch = 5103;
    let m = lobby(&s, ch).await;
    let v0 = board_version(&m);
    let instance = format!("i-77-gc-{}-{ch}", standin::GUILD);
    s.activity_instance(&instance, ch, &[ALICE.0, BOB.0, CAROL.0]);
    s.activity_instance("i-78-gc-1-5999", 5999, &[BOB.0]);

    // Sign-ins: Bob (Korean) is in; a code is good once; Dana is not a participant; an
    // instance that is not running has nobody; a malformed one is refused before Discord is
    // asked.
    let (status, bob) = sign_in(&s, &web, BOB, "ko", &instance).await;
    assert_eq!(status, 200, "{bob}");
    assert_eq!(bob["lang"], "ko");
    assert_eq!(bob["user"]["id"], BOB.0.to_string());
    assert!(bob["access_token"].as_str().unwrap().starts_with("access"));
    let code = s.activity_code((BOB.0, BOB.1), "ko");
    let url = format!("{web}/activity/api/session");
    let (first, _) = post(&url, json!({"code": code, "instance_id": instance})).await;
    let (again, said) = post(&url, json!({"code": code, "instance_id": instance})).await;
    assert_eq!((first, again), (200, 401), "{said}");
    let dana = (444, "Dana", 0);
    let (status, said) = sign_in(&s, &web, dana, "en-US", &instance).await;
    assert_eq!(status, 403, "{said}");
    assert!(said["error"]
        .as_str()
        .unwrap()
        .contains("not in this Activity"));
    let (status, _) = sign_in(&s, &web, BOB, "en-US", "i-0-gc-1-1").await;
    assert_eq!(status, 403);
    let (status, _) = sign_in(&s, &web, BOB, "en-US", "../../x").await;
    assert_eq!(status, 400);

    // The channel's game, as the message shows it.
    let session = bob["session"].as_str().unwrap().to_string();
    let api = format!("{web}/activity/api/s/{session}");
    let (status, frame) = get(&api).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(frame["version"], v0);

    // The pushes: the board now, then each new one.
    let ws_url = format!("{}/ws", api.replacen("http://", "ws://", 1));
    let (mut ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    let first = next_frame(&mut ws).await;
    assert_eq!(first["version"], v0);

    // Bob takes the free seat by touch: the message board and the push follow.
    let join = find(&m, ":join").expect("a lobby's join button");
    let (status, after) = post(&format!("{api}/press"), json!({"id": join})).await;
    assert_eq!(status, 200, "{after}");
    let v1 = after["version"].as_u64().unwrap();
    assert!(v1 > v0);
    let pushed = next_frame(&mut ws).await;
    assert_eq!(pushed["version"], v1);
    let board = wait_board(&s, ch, "Bob seated", |b| board_version(b) >= v1).await;
    assert!(board.content.contains("Bob"), "{}", board.content);

    // The same button again is out of date: refused in Bob's language, nothing changed.
    let (status, said) = post(&format!("{api}/press"), json!({"id": join})).await;
    assert_eq!(status, 409, "{said}");
    let text = said["error"].as_str().unwrap();
    assert!(text.chars().any(|c| ('가'..='힣').contains(&c)), "{text}");

    // Carol has no seat: starting the game is the host's, refused in her language (each
    // session its own).
    let start_id = find(&board, ":start").unwrap();
    let mut refusals = Vec::new();
    for locale in ["es-ES", "en-US"] {
        let (status, carol) = sign_in(&s, &web, CAROL, locale, &instance).await;
        assert_eq!(status, 200);
        let api = api_of(&web, &carol);
        let (status, said) = post(&format!("{api}/press"), json!({"id": start_id})).await;
        assert_eq!(status, 409, "{said}");
        refusals.push(said["error"].as_str().unwrap().to_string());
    }
    assert_ne!(refusals[0], refusals[1], "Spanish, then English");

    // A forged session, an expired one, another instance's: refused, nothing changed.
    let forged = session.replacen(&format!(".{}.", BOB.0), &format!(".{}.", ALICE.0), 1);
    assert_ne!(forged, session);
    let signer = Signer::new(SECRET.as_bytes());
    let mut expired = Session::read(&signer, &session).unwrap();
    expired.expires_ms = 1_000;
    let expired = expired.token(&signer);
    for bad in [&forged, &expired] {
        let api = format!("{web}/activity/api/s/{bad}");
        let (status, _) = get(&api).await;
        assert_eq!(status, 401);
        let (status, said) = post(&format!("{api}/press"), json!({"id": start_id})).await;
        assert_eq!(status, 401, "{said}");
        // The push says so with its close code (4001: sign in again).
        let ws_url = format!("{}/ws", api.replacen("http://", "ws://", 1));
        let (mut ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
        assert_eq!(closed_with(&mut ws).await, Some(4001));
    }
    // Bob's launch in channel 5999 (no game there) opened a lobby there, his: a button of
    // this channel's game pressed through that session is not one of that game's.
    let (status, other) = sign_in(&s, &web, BOB, "en-US", "i-78-gc-1-5999").await;
    assert_eq!(status, 200);
    let api_other = api_of(&web, &other);
    let (status, said) = post(&format!("{api_other}/press"), json!({"id": start_id})).await;
    assert_eq!(status, 400, "not a button of that Activity's game: {said}");
    assert_eq!(
        board_version(&s.latest_board(ch).unwrap()),
        v1,
        "nothing changed"
    );

    // Alice (the host) starts by touch; the push carries on.
    let (_, alice) = sign_in(&s, &web, ALICE, "en-US", &instance).await;
    let api = api_of(&web, &alice);
    let (status, started) = post(&format!("{api}/press"), json!({"id": start_id})).await;
    assert_eq!(status, 200, "{started}");
    let v2 = started["version"].as_u64().unwrap();
    loop {
        let f = next_frame(&mut ws).await;
        if f["version"].as_u64().unwrap() >= v2 {
            break;
        }
    }
    wait_board(&s, ch, "the game started", |b| board_version(b) >= v2).await;
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next frame pushed (within 10 s).
async fn next_frame(ws: &mut Ws) -> serde_json::Value {
    use futures_util::StreamExt;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a frame within 10 s")
            .expect("the socket is open")
            .expect("a message");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// The close code the server ended the socket with.
async fn closed_with(ws: &mut Ws) -> Option<u16> {
    use futures_util::StreamExt;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(f)))) => {
                return f.map(|f| u16::from(f.code))
            }
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_launch_in_a_channel_without_a_game_opens_the_lobby_there() {
    let s = StandIn::start().await;
    let (bot, web) = activity_bot(&s, "activity-lobby", true).await;
    let ch = 5104;
    let instance = format!("i-79-gc-{}-{ch}", standin::GUILD);
    s.activity_instance(&instance, ch, &[ALICE.0, BOB.0]);
    assert!(s.latest_board(ch).is_none());
    // Bob launches first (his Discord in Spanish): the lobby is his, in Spanish, posted in
    // the channel as the message board.
    let (status, bob) = sign_in(&s, &web, BOB, "es-ES", &instance).await;
    assert_eq!(status, 200, "{bob}");
    let m = wait_board(&s, ch, "the lobby", |m| find(m, ":start").is_some()).await;
    assert!(m.content.contains("Bob"), "{}", m.content);
    assert!(find(&m, ":board").is_some(), "{:?}", m.labels());
    let api = api_of(&web, &bob);
    let (status, frame) = get(&api).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(frame["lang"], "es");
    assert_eq!(frame["version"], board_version(&m));
    // Alice's launch a moment later joins the same lobby: no second one.
    let (status, alice) = sign_in(&s, &web, ALICE, "en-US", &instance).await;
    assert_eq!(status, 200);
    let api = api_of(&web, &alice);
    let (_, same) = get(&api).await;
    assert_eq!(same["game"], frame["game"]);
    let join = find(&m, ":join").unwrap();
    let (status, joined) = post(&format!("{api}/press"), json!({"id": join})).await;
    assert_eq!(status, 200, "{joined}");
    wait_board(&s, ch, "Alice seated", |b| b.content.contains("Alice")).await;
    let lobbies = s
        .state
        .lock()
        .unwrap()
        .messages
        .values()
        .filter(|m| m.channel == ch && !m.deleted && find(m, ":start").is_some())
        .count();
    assert_eq!(lobbies, 1, "one lobby message");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_activity_in_a_group_dm_plays_the_game_started_there() {
    let s = StandIn::start().await;
    let (bot, web) = activity_bot(&s, "activity-group-dm", true).await;
    // A group DM where the bot is not a member: Alice's `/yut new` is shown through its
    // interaction token.
    let ch = 5105;
    s.set_channel_dm(ch);
    s.set_user_installed(ch);
    let m = lobby(&s, ch).await;
    let instance = format!("i-80-pc-{ch}");
    s.activity_instance(&instance, ch, &[ALICE.0, BOB.0]);
    // Bob signs in there and takes the free seat by touch: the lobby's message follows (an
    // edit through the token), and nothing is opened besides.
    let (status, bob) = sign_in(&s, &web, BOB, "en-US", &instance).await;
    assert_eq!(status, 200, "{bob}");
    let api = api_of(&web, &bob);
    let (status, frame) = get(&api).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(frame["version"], board_version(&m));
    let join = find(&m, ":join").unwrap();
    let (status, joined) = post(&format!("{api}/press"), json!({"id": join})).await;
    assert_eq!(status, 200, "{joined}");
    let seated = wait_board(&s, ch, "Bob seated", |b| b.content.contains("Bob")).await;
    assert_eq!(seated.id, m.id, "the lobby's own message, edited");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// The Entry Point run in a group DM where the bot is no member: its answer launches the
/// Activity and, the channel having no game, the lobby is the launch's follow-up (the
/// launcher's, in their language). Pages find it; their touches edit that message by its
/// id (the launch made no message of its own to edit), across a restart too; a second
/// launch opens nothing more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_point_launch_in_a_group_dm_opens_the_lobby_there() {
    let s = StandIn::start().await;
    let db = db_url("activity-dm-launch");
    let (bot, web) = activity_bot_on(&s, &db, true).await;
    let ch = 5106;
    s.set_channel_dm(ch);
    s.set_user_installed(ch);
    let tok = s.entry_point_command(ch, ALICE, "ko");
    let i = s.wait_acked(&tok).await;
    assert_eq!(i.callback_type, Some(12), "LAUNCH_ACTIVITY");
    let m = wait_board(&s, ch, "the lobby", |m| find(m, ":start").is_some()).await;
    assert!(m.content.contains("Alice"), "{}", m.content);
    assert_eq!(
        s.followups(&tok).len(),
        1,
        "the lobby is the launch's follow-up"
    );
    let instance = format!("i-81-pc-{ch}");
    s.activity_instance(&instance, ch, &[ALICE.0, BOB.0]);
    let (status, bob) = sign_in(&s, &web, BOB, "en-US", &instance).await;
    assert_eq!(status, 200, "{bob}");
    let api = api_of(&web, &bob);
    let (status, frame) = get(&api).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(frame["version"], board_version(&m));
    let (status, joined) = post(
        &format!("{api}/press"),
        json!({"id": find(&m, ":join").unwrap()}),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let seated = wait_board(&s, ch, "Bob seated", |b| b.content.contains("Bob")).await;
    assert_eq!(seated.id, m.id, "the follow-up, edited by its id");
    // Bob launches too: the same game, nothing opened besides.
    let tok = s.entry_point_command(ch, BOB, "en-US");
    assert_eq!(s.wait_acked(&tok).await.callback_type, Some(12));
    // A restart: the token and its message come back with the game.
    bot.shutdown().await;
    let (bot, web) = activity_bot_on(&s, &db, true).await;
    let (status, alice) = sign_in(&s, &web, ALICE, "ko", &instance).await;
    assert_eq!(status, 200, "{alice}");
    let api = api_of(&web, &alice);
    let seated = s.latest_board(ch).unwrap();
    let (status, started) = post(
        &format!("{api}/press"),
        json!({"id": find(&seated, ":start").unwrap()}),
    )
    .await;
    assert_eq!(status, 200, "{started}");
    let playing = wait_board(&s, ch, "the game started", |b| {
        board_version(b) > board_version(&seated) && find(b, ":start").is_none()
    })
    .await;
    assert_eq!(playing.id, m.id, "still the follow-up, edited by its id");
    let lobbies = s
        .state
        .lock()
        .unwrap()
        .messages
        .values()
        .filter(|x| x.channel == ch && !x.deleted && game_of(x).is_some())
        .count();
    assert_eq!(lobbies, 1, "one game message");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// With the server's threads setting a game moves to a thread of its own: a player of that
/// game who launches the Activity in the channel gets their game, not a new lobby; someone
/// who is not in it gets the channel's next lobby (the channel is free for one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_launch_in_the_channel_of_a_threaded_game_follows_its_players_there() {
    const ADMIN: (u64, &str, u64) = (444, "Dana", 0x400 | 0x800 | 0x20);
    let s = StandIn::start().await;
    let (bot, web) = activity_bot(&s, "activity-thread", true).await;
    let ch = 5107;
    s.set_app_permissions(ch, standin::APP_PERMISSIONS | standin::THREAD_PERMISSIONS);
    let on = json!([{"name": "threads", "type": 5, "value": true}]);
    reply(&s, s.slash(ch, ADMIN, "en-US", "settings", on)).await;
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        json!([{"name": "bots", "type": 4, "value": 1}, {"name": "pieces", "type": 4, "value": 2}]),
    );
    s.wait_acked(&tok).await;
    let lobby = wait_board(&s, ch, "the lobby", |m| find(m, ":start").is_some()).await;
    let tok = s.click(lobby.id, &find(&lobby, ":start").unwrap(), ALICE, "en-US");
    s.wait_acked(&tok).await;
    let thread = s
        .wait_for("the game's thread", Duration::from_secs(10), |st| {
            st.threads.get(&lobby.id).cloned()
        })
        .await;
    let board = wait_board(&s, thread.id, "the game in its thread", |m| {
        game_of(m).is_some()
    })
    .await;
    let instance = format!("i-82-gc-{}-{ch}", standin::GUILD);
    s.activity_instance(&instance, ch, &[ALICE.0, BOB.0]);
    let (status, alice) = sign_in(&s, &web, ALICE, "en-US", &instance).await;
    assert_eq!(status, 200, "{alice}");
    let api = api_of(&web, &alice);
    let (status, frame) = get(&api).await;
    assert_eq!(status, 200, "{frame}");
    assert_eq!(
        frame["game"].to_string(),
        game_of(&board).unwrap(),
        "Alice follows her game in its thread"
    );
    let open_in_channel = |st: &standin::State_| {
        st.messages
            .values()
            .filter(|m| m.channel == ch && !m.deleted && find(m, ":start").is_some())
            .count()
    };
    assert_eq!(
        open_in_channel(&s.state.lock().unwrap()),
        0,
        "no lobby opened"
    );
    let (status, bob) = sign_in(&s, &web, BOB, "en-US", &instance).await;
    assert_eq!(status, 200, "{bob}");
    let m = wait_board(&s, ch, "Bob's lobby", |m| find(m, ":start").is_some()).await;
    assert!(m.content.contains("Bob"), "{}", m.content);
    let api = api_of(&web, &bob);
    let (_, frame) = get(&api).await;
    assert_eq!(frame["version"], board_version(&m));
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}
