//! A watch page on the process that does not drive its game (issue 47): two bots on one
//! PostgreSQL database, A driving shard 0 and B shard 1, each serving its own web pages. The
//! live page of a game on shard 0, opened at B's address, follows it in Chromium from the
//! lobby to the end, every version in order (B hears each commit through the database's
//! announcements), with the same screenshots and refusals as the page on the driver.

use super::*;
use standin::StandInOptions;
use yut_store::{Backend, ShardSet};

const SHARDS: u32 = 2;
const SECRET: &str = "a test secret shared by both processes";

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// The options of the process driving shard `shard` of two, serving web pages on `port`.
fn options(s: &StandIn, db: &str, shard: u32, port: u16) -> Options {
    Options {
        token: "standin-token".into(),
        shards: ShardSet {
            count: SHARDS,
            first: shard,
            last: shard,
        },
        instance: format!("browser-across-{shard}"),
        dev_guild: None,
        database_url: db.to_string(),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 60,
        seed: 47 + shard as u64,
        config: yut_service::Config {
            min_update_gap: Duration::from_millis(30),
            ..yut_service::Config::default()
        },
        web: Some(WebOptions {
            addr: format!("127.0.0.1:{port}").parse().unwrap(),
            url: format!("http://127.0.0.1:{port}"),
            secret: SECRET.into(),
            internal: format!("http://127.0.0.1:{port}"),
            activity: None,
        }),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_page_on_the_process_that_does_not_drive_the_game() {
    let Some((here, chromium)) = browser() else {
        return;
    };
    let Some(db) = common::TestDb::new(Backend::Postgres, "browser_across").await else {
        return;
    };
    let s = StandIn::start_with(StandInOptions {
        shards: SHARDS,
        ..StandInOptions::default()
    })
    .await;
    let (port_a, port_b) = (free_port(), free_port());
    let a = start(options(&s, &db.url, 0, port_a))
        .await
        .expect("A starts");
    s.wait_session(0, SHARDS, Duration::from_secs(20)).await;
    let b = start(options(&s, &db.url, 1, port_b))
        .await
        .expect("B starts");
    s.wait_session(1, SHARDS, Duration::from_secs(20)).await;
    let ch = 9201;
    s.set_channel_guild(ch, standin::guild_on_shard(0, SHARDS));

    let dir = std::env::temp_dir().join(format!("yutbot-across-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let lobby = open_lobby(&s, ch).await;
    let on_a = watch_link(&lobby).expect("the lobby has a Watch live link");
    let prefix = format!("http://127.0.0.1:{port_a}/watch/");
    assert!(on_a.starts_with(&prefix), "A drives the game: {on_a}");
    // The same link at B, as a proxy that picked B would send it.
    let on_b = on_a.replace(&format!(":{port_a}/"), &format!(":{port_b}/"));
    let page = WatchPage::open(&here, &chromium, &on_b, &dir).await;
    let last = start_and_play_to_the_end(&s, ch, &lobby).await;
    let (seen, first_board_ms) = page.seen().await;
    let final_version = watch_final_version(&a.service, &on_a).await;
    println!(
        "watch page on the process that does not drive the game: {} boards seen, first painted in {} ms, final version {final_version}, last Discord board v{}",
        seen.len(),
        first_board_ms,
        board_version(&last)
    );
    assert_eq!(seen.last(), Some(&final_version), "{seen:?}");
    let expected: Vec<u64> = (seen[0]..=final_version).collect();
    assert_eq!(
        seen, expected,
        "every action shown on B, in order, none skipped"
    );
    assert!(seen[0] <= 1, "the page opened on the lobby (v{})", seen[0]);
    b.shutdown().await;
    a.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
    db.cleanup().await;
}
