//! The web pages in a real browser: `tests/browser/play.mjs` (Playwright driving Debian's
//! Chromium) plays a whole game of `yutbot play` by clicks, restarts the server in the middle,
//! sends bad requests and takes screenshots. It needs Node.js, `npm ci` in `tests/browser`
//! and Chromium at /usr/bin/chromium (or `CHROMIUM`): `.ci/run` installs them. Without them
//! the test says so and passes, unless `YUTBOT_REQUIRE_BROWSER` is set (CI), where it fails.

#[macro_use]
#[path = "../it/common/mod.rs"]
mod common;
#[path = "../it/standin/mod.rs"]
mod standin;

mod across;
mod activity;
mod event_page;

use standin::board::{board_version, play_button, turn_of};
use standin::{Msg, StandIn};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use yutbot::bot::start;
use yutbot::discord::{Options, WebOptions};

const ALICE: (u64, &str, u64) = (111, "Alice", 0x400 | 0x800);

fn missing(what: &str) {
    if std::env::var_os("YUTBOT_REQUIRE_BROWSER").is_some() {
        panic!("browser tests required, but {what}");
    }
    eprintln!("skipping the browser tests: {what} (.ci/run installs it)");
}

/// The browser tests' folder and Chromium, or None (said why) when they cannot run here.
fn browser() -> Option<(PathBuf, String)> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        missing(&format!("no Chromium at {chromium}"));
        return None;
    }
    if !here.join("node_modules/playwright-core").exists() {
        missing("playwright-core is not installed (npm ci in tests/browser)");
        return None;
    }
    Some((here, chromium))
}

#[test]
fn a_whole_local_game_in_chromium_with_a_restart() {
    let Some((here, chromium)) = browser() else {
        return;
    };
    let out = match Command::new("node")
        .arg(here.join("play.mjs"))
        .arg(env!("CARGO_BIN_EXE_yutbot"))
        .env("CHROMIUM", &chromium)
        .output()
    {
        Ok(o) => o,
        Err(e) => return missing(&format!("node cannot be run ({e})")),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    assert!(
        out.status.success(),
        "the browser test failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("FIGURES "), "{stdout}");
}

/// The "Watch live" link of a board, if it has one.
fn watch_link(m: &Msg) -> Option<String> {
    m.components
        .as_array()?
        .iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["style"] == 5)
        .and_then(|b| b["url"].as_str().map(str::to_string))
}

/// A game played through the Discord stand-in (Alice's clicks, a Normal bot), watched on its
/// live page in Chromium from its first board to its end: every action shown, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_page_follows_a_discord_game_action_by_action() {
    let Some((here, chromium)) = browser() else {
        return;
    };
    let s = StandIn::start().await;
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let dir = std::env::temp_dir().join(format!("yutbot-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let options = Options {
        token: "standin-token".into(),
        shards: yut_store::ShardSet::ALL,
        instance: "watch-test".into(),
        dev_guild: Some(standin::GUILD),
        database_url: format!("sqlite://{}", dir.join("yut.db").display()),
        turn_seconds: 60,
        api_url: Some(s.http_url.clone()),
        bot_delay_ms: 60,
        seed: 21,
        config: yut_service::Config {
            min_update_gap: Duration::from_millis(30),
            ..yut_service::Config::default()
        },
        web: Some(WebOptions {
            addr: format!("127.0.0.1:{port}").parse().unwrap(),
            url: format!("http://127.0.0.1:{port}"),
            secret: "a test secret of enough length".into(),
            internal: format!("http://127.0.0.1:{port}"),
            activity: None,
        }),
    };
    let bot = start(options).await.expect("the bot starts");
    s.wait_ready().await;
    let ch = 9101;
    let lobby = open_lobby(&s, ch).await;
    let link = watch_link(&lobby).expect("the lobby has a Watch live link");
    assert!(
        link.starts_with(&format!("http://127.0.0.1:{port}/watch/")),
        "{link}"
    );
    // The page opens on the lobby and follows from there.
    let page = WatchPage::open(&here, &chromium, &link, &dir).await;
    let last = start_and_play_to_the_end(&s, ch, &lobby).await;
    let replay = watch_link(&last).expect("the last board links to its replay");
    assert!(
        replay.starts_with(&format!("http://127.0.0.1:{port}/replay/")),
        "{replay}"
    );
    let (seen, first_board_ms) = page.seen().await;
    let final_version = watch_final_version(&bot.service, &link).await;
    println!(
        "watch page: {} boards seen, first board painted in {} ms, final version {final_version}, last Discord board v{}",
        seen.len(),
        first_board_ms,
        board_version(&last)
    );
    assert_eq!(
        seen.last(),
        Some(&final_version),
        "the page ends on the last board: {seen:?}"
    );
    let first = seen[0];
    let expected: Vec<u64> = (first..=final_version).collect();
    assert_eq!(seen, expected, "every action shown, in order, none skipped");
    assert!(first <= 1, "the page opened on the lobby (v{first})");
    standings_and_revocation(&s, &here, &chromium, &dir, port, &link).await;
    bot.shutdown().await;
    assert_eq!(s.violations(), Vec::<String>::new());
}

/// `watch.mjs` following a watch link in Chromium (it records every version the page shows).
struct WatchPage {
    node: std::process::Child,
    out: PathBuf,
}

impl WatchPage {
    /// Open `link` and wait until the page shows its first board.
    async fn open(here: &Path, chromium: &str, link: &str, dir: &Path) -> WatchPage {
        let out = dir.join("seen.json");
        let node = Command::new("node")
            .arg(here.join("watch.mjs"))
            .arg(link)
            .arg(&out)
            .arg(dir.join("screenshots"))
            .env("CHROMIUM", chromium)
            .spawn()
            .expect("node runs");
        let ready = out.with_extension("json.ready");
        let t = Instant::now();
        while !ready.exists() {
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "the watch page at {link} did not open"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        WatchPage { node, out }
    }

    /// Once the game is over: the versions the page showed, in order, and the ms to its
    /// first board.
    async fn seen(mut self) -> (Vec<u64>, serde_json::Value) {
        let status = tokio::task::spawn_blocking(move || self.node.wait())
            .await
            .unwrap()
            .unwrap();
        assert!(status.success(), "the watch page's script failed");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&self.out).unwrap()).unwrap();
        let seen = report["seen"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        (seen, report["first_board_ms"].clone())
    }
}

/// Alice's lobby with one bot and 4 pieces a side in channel `ch`.
async fn open_lobby(s: &StandIn, ch: u64) -> Msg {
    let tok = s.slash(
        ch,
        ALICE,
        "en-US",
        "new",
        serde_json::json!([{"name": "bots", "type": 4, "value": 1}, {"name": "pieces", "type": 4, "value": 2}]),
    );
    s.wait_acked(&tok).await;
    standin::board::wait_board_for(s, ch, "the lobby", Duration::from_secs(30), |m| {
        standin::board::find(m, ":start").is_some()
    })
    .await
}

/// Start the lobby, and play every turn of Alice's by clicks until the game is over: the
/// last board.
async fn start_and_play_to_the_end(s: &StandIn, ch: u64, lobby: &Msg) -> Msg {
    let start_button = standin::board::find(lobby, ":start").unwrap();
    let tok = s.click(lobby.id, &start_button, ALICE, "en-US");
    s.wait_acked(&tok).await;
    let t = Instant::now();
    loop {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the game did not end"
        );
        let m = s.latest_board(ch).unwrap();
        if m.content.contains("wins") || m.content.contains("won") {
            return m;
        }
        if turn_of(&m).as_deref() == Some("Alice") {
            if let Some(b) = play_button(&m) {
                let tok = s.click(m.id, &b, ALICE, "en-US");
                s.wait_acked(&tok).await;
                let v = board_version(&m);
                let t = Instant::now();
                while s.latest_board(ch).is_some_and(|x| board_version(&x) == v)
                    && s.followups(&tok).is_empty()
                    && t.elapsed() < Duration::from_secs(5)
                {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The stored version of the game a watch link opens.
async fn watch_final_version(svc: &yut_service::Service, link: &str) -> u64 {
    let game: i64 = link
        .rsplit('/')
        .next()
        .and_then(|t| t.split('-').next())
        .and_then(|g| g.parse().ok())
        .unwrap();
    svc.game_table(game).await.unwrap().version
}

/// A server admin (Manage Server).
const ADMIN: (u64, &str, u64) = (444, "Dana", 0x400 | 0x800 | 0x20);

/// The reply to a slash command, once it has words.
async fn reply(s: &StandIn, tok: String) -> Msg {
    s.wait_for("a reply", Duration::from_secs(10), |st| {
        let id = st.interactions.get(&tok)?.original?;
        let m = st.messages.get(&id)?;
        (!m.content.is_empty()).then(|| m.clone())
    })
    .await
}

/// The first http:// address in a text.
fn url_in(text: &str) -> Option<String> {
    let at = text.find("http://")?;
    Some(
        text[at..]
            .split(|c: char| c.is_whitespace() || c == ')')
            .next()?
            .to_string(),
    )
}

async fn status_and_body(url: &str) -> (u16, String) {
    let r = reqwest::get(url).await.expect("the web server answers");
    let status = r.status().as_u16();
    (status, r.text().await.unwrap_or_default())
}

/// After a game: the server's standings page, refused until an admin turns it on, then
/// shown (in the browser's language), a forged link refused, and every link revoked at once
/// by `web_revoke`; `web:off` shows nothing, even through links given before.
async fn standings_and_revocation(
    s: &StandIn,
    here: &Path,
    chromium: &str,
    dir: &Path,
    port: u16,
    watch: &str,
) {
    let ch = 9101;
    let guild = s.guild_of(ch).unwrap_or(standin::GUILD);
    let signer = yut_web::sign::Signer::new(b"a test secret of enough length");
    let base = format!("http://127.0.0.1:{port}");
    let early = yut_web::standings::link(&signer, &base, guild, 0);
    let (code, body) = status_and_body(&early).await;
    assert_eq!(code, 404, "standings are off by default: {body}");
    assert!(body.contains("does not show its standings"), "{body}");
    // Only an admin may turn them on.
    let r = reply(
        s,
        s.slash(
            ch,
            ALICE,
            "en-US",
            "settings",
            serde_json::json!([{"name": "web", "type": 4, "value": 2}]),
        ),
    )
    .await;
    assert!(!r.content.contains("standings page"), "{}", r.content);
    let r = reply(
        s,
        s.slash(
            ch,
            ADMIN,
            "en-US",
            "settings",
            serde_json::json!([{"name": "web", "type": 4, "value": 2}]),
        ),
    )
    .await;
    let url = url_in(&r.content).expect("the reply gives the standings page");
    assert_eq!(url, early, "the link of epoch 0: {}", r.content);
    let (code, body) = status_and_body(&url).await;
    assert_eq!(code, 200, "{body}");
    assert!(
        body.contains("Alice") || body.contains("Bot"),
        "the leaderboard lists the game's players: {body}"
    );
    let shots = dir.join("screenshots");
    for (locale, w, h, file) in [
        ("en-US", "1280", "800", "standings-desktop.png"),
        ("ko-KR", "390", "844", "standings-ko-phone.png"),
    ] {
        let ok = Command::new("node")
            .arg(here.join("shot.mjs"))
            .args([
                url.as_str(),
                shots.join(file).to_str().unwrap(),
                locale,
                w,
                h,
            ])
            .env("CHROMIUM", chromium)
            .status()
            .unwrap();
        assert!(ok.success(), "the standings page in Chromium ({locale})");
    }
    println!("standings screenshots in {}", shots.display());
    // A forged link (another server's number under this one's signature) is refused.
    let forged = url.replacen(&format!("/{guild}-"), &format!("/{}-", guild + 1), 1);
    assert_ne!(forged, url);
    assert_eq!(status_and_body(&forged).await.0, 404);
    // Revoked: the old links stop at once, the new one works.
    let r = reply(
        s,
        s.slash(
            ch,
            ADMIN,
            "en-US",
            "settings",
            serde_json::json!([{"name": "web_revoke", "type": 5, "value": true}]),
        ),
    )
    .await;
    assert!(r.content.contains("no longer works"), "{}", r.content);
    let renewed = url_in(&r.content).expect("the reply gives the new standings link");
    assert_ne!(renewed, url);
    assert_eq!(
        status_and_body(&url).await.0,
        404,
        "the revoked standings link"
    );
    assert_eq!(
        status_and_body(watch).await.0,
        404,
        "the revoked watch link"
    );
    assert_eq!(status_and_body(&renewed).await.0, 200);
    // Off: nothing, even through the newest link.
    let r = reply(
        s,
        s.slash(
            ch,
            ADMIN,
            "en-US",
            "settings",
            serde_json::json!([{"name": "web", "type": 4, "value": 0}]),
        ),
    )
    .await;
    assert!(r.content.contains("nothing"), "{}", r.content);
    let (code, body) = status_and_body(&renewed).await;
    assert_eq!(code, 404, "{body}");
}
