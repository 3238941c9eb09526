//! The Activity (issue 48) in Chromium: `activity.mjs` opens each person's page inside a
//! stand-in of Discord's client (`activity_parent.html`, answering the Embedded App SDK's
//! handshake and commands over `postMessage` as Discord's client does), one browser context
//! per person; the Discord stand-in of the API answers the OAuth2 token exchange,
//! `/users/@me` and the activity instance. Alice (a desktop panel) and Bob (a phone, by
//! touch) play a whole game with a bot to its end; the message board follows; Carol, in the
//! Activity without a seat, is refused in Korean; a press with an earlier board's button is
//! refused with nothing changed.

use super::*;
use standin::activity::CLIENT_SECRET;
use yutbot::discord::activity::ActivityKeys;

const BOB: (u64, &str, u64) = (222, "Bob", 0x400 | 0x800);
const CAROL: (u64, &str, u64) = (333, "Carol", 0x400 | 0x800);

async fn activity_bot(s: &StandIn, dir: &Path) -> (yutbot::bot::Bot, String) {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let url = format!("http://127.0.0.1:{port}");
    let options = Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "activity-test".into(),
        dev_guild: Some(standin::GUILD),
        database_url: format!("sqlite://{}", dir.join("yut.db").display()),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 60,
        seed: 48,
        config: yut_service::Config {
            min_update_gap: Duration::from_millis(30),
            ..yut_service::Config::default()
        },
        web: Some(WebOptions {
            addr: format!("127.0.0.1:{port}").parse().unwrap(),
            url: url.clone(),
            secret: "a test secret of enough length".into(),
            internal: url.clone(),
            activity: Some(ActivityKeys {
                client_id: standin::APP,
                client_secret: CLIENT_SECRET.into(),
            }),
        }),
    };
    let bot = start(options).await.expect("the bot starts");
    s.wait_ready().await;
    (bot, url)
}

/// Alice's lobby of `seats` seats with `bots` bots, 2 pieces a side, in channel `ch`.
async fn lobby(s: &StandIn, ch: u64, seats: u8, bots: u8) -> Msg {
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        serde_json::json!([
            {"name": "seats", "type": 4, "value": seats},
            {"name": "bots", "type": 4, "value": bots},
            {"name": "pieces", "type": 4, "value": 2},
        ]),
    );
    s.wait_acked(&tok).await;
    standin::board::wait_board_for(s, ch, "the lobby", Duration::from_secs(30), |m| {
        standin::board::find(m, ":start").is_some()
    })
    .await
}

/// One person in the Activity, as the script takes them.
fn person(s: &StandIn, who: (u64, &str, u64), locale: &str, phone: bool) -> serde_json::Value {
    serde_json::json!({
        "id": who.0.to_string(),
        "name": who.1,
        "code": s.activity_code((who.0, who.1), locale),
        "locale": locale,
        "platform": if phone { "mobile" } else { "desktop" },
        "viewport": if phone {
            serde_json::json!({"width": 390, "height": 844})
        } else {
            serde_json::json!({"width": 1024, "height": 640})
        },
    })
}

/// Run `activity.mjs` with this config: its figures.
async fn run_script(
    here: &Path,
    chromium: &str,
    dir: &Path,
    name: &str,
    cfg: serde_json::Value,
) -> serde_json::Value {
    let file = dir.join(format!("{name}.json"));
    std::fs::write(&file, cfg.to_string()).unwrap();
    let here = here.to_path_buf();
    let chromium = chromium.to_string();
    let out = tokio::task::spawn_blocking(move || {
        Command::new("node")
            .arg(here.join("activity.mjs"))
            .arg(&file)
            .env("CHROMIUM", &chromium)
            .output()
    })
    .await
    .unwrap()
    .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    assert!(
        out.status.success(),
        "the Activity's browser test ({name}) failed:\n{stdout}\n{stderr}"
    );
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("FIGURES "))
        .expect("the script's figures");
    serde_json::from_str(line).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_by_touch_in_the_activity_with_the_message_board_following() {
    let Some((here, chromium)) = browser() else {
        return;
    };
    let s = StandIn::start().await;
    let dir = std::env::temp_dir().join(format!("yutbot-activity-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let shots = std::env::var("YUTBOT_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| dir.join("screenshots"));
    let (bot, web) = activity_bot(&s, &dir).await;

    // Alice opens a lobby for three (a bot and a free seat); Alice and Bob launch the
    // Activity in that channel: one instance, the same game.
    let ch = 9401;
    let m = lobby(&s, ch, 3, 1).await;
    let v0 = board_version(&m);
    let instance = format!("i-4801-gc-{}-{ch}", standin::GUILD);
    s.activity_instance(&instance, ch, &[ALICE.0, BOB.0]);
    let cfg = serde_json::json!({
        "parent": here.join("activity_parent.html"),
        "activity": format!("{web}/activity/"),
        "instance_id": instance,
        "guild_id": standin::GUILD.to_string(),
        "channel_id": ch.to_string(),
        "mode": "play",
        "users": [person(&s, ALICE, "en-US", false), person(&s, BOB, "en-US", true)],
        "shots": shots.join("play"),
        "timeout_ms": 240000,
    });
    let f = run_script(&here, &chromium, &dir, "play", cfg).await;
    let tap_to_other = f["tap_to_other_ms"].clone();
    // Every page saw the game from the lobby to its end, each version once and in order; the
    // message board (its writer within Discord's 5 writes per 5 s) comes to the same end.
    let last_version = f["users"]["Alice"]["last"]["version"].as_u64().unwrap();
    let last =
        standin::board::wait_board_for(&s, ch, "the last board", Duration::from_secs(30), |m| {
            board_version(m) == last_version
        })
        .await;
    for who in ["Alice", "Bob"] {
        let seen: Vec<u64> = f["users"][who]["versions"]
            .as_array()
            .unwrap_or_else(|| panic!("{who}: {f}"))
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(seen.first().copied(), Some(v0), "{who}: {seen:?}");
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{who}: {seen:?}");
        assert_eq!(seen.last().copied(), Some(last_version), "{who}: {seen:?}");
        assert_eq!(f["users"][who]["last"]["over"], true, "{who}: {f}");
        assert_eq!(
            f["users"][who]["people_shown"],
            serde_json::json!(["AAlice", "BBob"]),
            "everyone in the Activity, named (initial, name): {f}"
        );
        let received: Vec<String> = f["received"][who]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        let at = |cmd: &str| received.iter().position(|c| c == cmd);
        assert!(
            at("AUTHORIZE").is_some() && at("AUTHORIZE") < at("AUTHENTICATE"),
            "{who}: {received:?}"
        );
    }
    // The message board followed to the same end.
    assert!(
        last.content.contains("wins") || last.content.contains("won"),
        "{}",
        last.content
    );
    assert!(f["taps"].as_u64().unwrap() > 5, "{f}");
    // The first throw's sticks fell on the other person's page too: four, and the result.
    assert_eq!(f["sticks_seen"]["sticks"], 4, "{f}");
    assert!(
        !f["sticks_seen"]["said"].as_str().unwrap_or("").is_empty(),
        "{f}"
    );
    // Both played: Bob took the free seat by touch.
    assert!(last.content.contains("Bob"), "{}", last.content);
    assert_eq!(s.state.lock().unwrap().activities.exchanged, 2);

    // Carol is in the Activity without a seat, her Discord in Korean: the game's buttons
    // are refused in Korean; a press with an earlier board's button is refused, nothing
    // changed.
    let ch = 9402;
    let m = lobby(&s, ch, 2, 1).await;
    let start_id = standin::board::find(&m, ":start").unwrap();
    let tok = s.click(m.id, &start_id, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let instance = format!("i-4802-gc-{}-{ch}", standin::GUILD);
    s.activity_instance(&instance, ch, &[ALICE.0, CAROL.0]);
    let cfg = serde_json::json!({
        "parent": here.join("activity_parent.html"),
        "activity": format!("{web}/activity/"),
        "instance_id": instance,
        "guild_id": standin::GUILD.to_string(),
        "channel_id": ch.to_string(),
        "mode": "refusals",
        "users": [person(&s, ALICE, "en-US", false), person(&s, CAROL, "ko", true)],
        "shots": shots.join("refusals"),
    });
    let f = run_script(&here, &chromium, &dir, "refusals", cfg).await;
    let refused = f["refusal_test"]["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{f}"));
    assert!(
        refused.chars().any(|c| ('가'..='힣').contains(&c)),
        "refused in Korean: {refused}"
    );
    assert_eq!(f["refusal_test"]["new_version"], serde_json::Value::Null);
    let stale = &f["stale_press"];
    assert_eq!(stale["advanced"], true, "{f}");
    assert_eq!(stale["status"], 409, "{f}");
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
    println!(
        "ACTIVITY tap to the other page: {} ; screenshots in {}",
        tap_to_other,
        shots.display()
    );
}
