//! The bot's life as a process: buttons that work after a restart, Ctrl-C that stores the
//! game, and the clear errors of a missing token or an unreachable API.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_work_after_a_restart() {
    let s = StandIn::start().await;
    let url = db_url("restart");
    let options = |url: &str| Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: Some(standin::GUILD),
        database_url: url.to_string(),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 20,
        seed: 9,
        config: Config::default(),
        web: None,
    };
    let first = start(options(&url)).await.unwrap();
    s.wait_ready().await;
    let ch = 7001;
    new_game_with_a_bot(&s, ch).await;
    // Wait for Alice's turn, then restart the bot.
    let board = play_until(&s, ch, Duration::from_secs(20), |m| {
        turn_of(m).as_deref() == Some("Alice") && play_button(m).is_some()
    })
    .await;
    first.shutdown().await;
    // Discord turns down an IDENTIFY within 5 s of the last one: the restarted bot waits for
    // its slot by itself (`a_quick_restart_waits_for_its_identify_slot`).
    let second = start(options(&url)).await.unwrap();
    s.wait_for("a second IDENTIFY", Duration::from_secs(20), |st| {
        (st.identifies == 2).then_some(())
    })
    .await;
    // The button on the message posted before the restart still works.
    let b = play_button(&board).unwrap();
    let tok = s.click(board.id, &b, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let v = board_version(&board);
    let after = wait_board(&s, ch, "the board after the restart", |m| {
        board_version(m) > v
    })
    .await;
    assert!(after.has_png());
    assert!(s.followups(&tok).is_empty(), "the click was accepted");
    second.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_stores_the_game_and_exits_cleanly() {
    let s = StandIn::start().await;
    let url = db_url("sigint");
    let dir = std::env::temp_dir().join(format!("yutbot-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_yutbot"))
        .arg("run")
        .current_dir(&dir)
        .env("DISCORD_TOKEN", "standin-token")
        .env("DISCORD_API_URL", &s.http_url)
        .env("DATABASE_URL", &url)
        .env("DEV_GUILD_ID", standin::GUILD.to_string())
        .env("TURN_SECONDS", "60")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    s.wait_ready().await;
    let ch = 9001;
    let board = new_game_with_a_bot(&s, ch).await;
    let shown = s
        .latest_board(ch)
        .map_or(board_version(&board), |m| board_version(&m));
    // Ctrl-C: SIGINT, sent with the shell's own `kill`.
    let killed = std::process::Command::new("sh")
        .args(["-c", &format!("kill -INT {}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    let started = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if started.elapsed() > Duration::from_secs(15) {
            let _ = child.kill();
            panic!("the bot did not stop after Ctrl-C");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let out = child.wait_with_output().unwrap();
    let log =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(0), "{log}");
    assert!(log.contains("stopped"), "{log}");
    // The game is stored, at least as far as the last board shown.
    let store = yut_store::Store::open(&url).await.unwrap();
    let active = store.active(yut_store::ShardSet::ALL).await.unwrap();
    assert_eq!(active.len(), 1);
    assert!(active[0].row.version >= shown);
    assert!(active[0].row.message_id.is_some());
    assert_eq!(s.violations(), Vec::<String>::new());
}

#[test]
fn the_binary_needs_a_token() {
    let dir = std::env::temp_dir().join(format!("yutbot-notoken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_yutbot"))
        .arg("run")
        .current_dir(&dir)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
}

#[tokio::test]
async fn an_unreachable_api_url_is_a_clear_error() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let options = Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "wire-test".into(),
        dev_guild: None,
        database_url: db_url("unreachable"),
        turn_seconds: 25,
        api_url: Some(format!("http://127.0.0.1:{port}")),
        bot_delay_ms: 20,
        seed: 1,
        config: Config::default(),
        web: None,
    };
    match start(options).await {
        Ok(bot) => {
            bot.shutdown().await;
            panic!("started without a reachable API");
        }
        Err(e) => assert!(e.to_string().contains("GET /gateway failed"), "{e}"),
    }
}
