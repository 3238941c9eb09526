//! `yutbot play`'s site answered over HTTP (issue 46): a game that is not here is a 404 page,
//! every page has its icon, the pages' words come from the catalog, and a replay link given
//! before a restart still opens after it (the links' key is kept beside the game file).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use yutbot::play::{app, key_path, link_key, App, PlaySettings};

fn settings(data: &Path) -> PlaySettings {
    PlaySettings {
        addr: "127.0.0.1:0".parse().unwrap(),
        data: data.to_path_buf(),
        bot_delay_ms: 0,
        no_open: true,
        seed: Some(46),
    }
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yutbot-web-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The site served on a free port: its address, and the way to stop it.
struct Site {
    base: String,
    svc: yut_service::Service,
    stop: tokio::sync::oneshot::Sender<()>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
}

async fn serve(data: &Path) -> Site {
    let App { router, svc, .. } = app(&settings(data)).await.expect("the site starts");
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let (addr_tx, addr_rx) = tokio::sync::oneshot::channel();
    let served = tokio::spawn(yut_web::serve(
        router,
        "127.0.0.1:0".parse().unwrap(),
        move |a| {
            let _ = addr_tx.send(a);
        },
        async move {
            let _ = rx.await;
        },
    ));
    let addr = addr_rx.await.expect("the site listens");
    Site {
        base: format!("http://{addr}"),
        svc,
        stop: tx,
        served,
    }
}

impl Site {
    async fn shutdown(self) {
        let _ = self.stop.send(());
        let _ = self.served.await;
        self.svc.shutdown().await;
    }
}

async fn get(url: &str) -> (u16, String, String) {
    let r = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(url)
        .send()
        .await
        .expect("the site answers");
    let status = r.status().as_u16();
    let kind = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (status, kind, r.text().await.unwrap_or_default())
}

async fn post(url: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
    let r = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("the site answers");
    let status = r.status().as_u16();
    let text = r.text().await.unwrap_or_default();
    (
        status,
        serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
    )
}

/// A new game of Ann and two bots: its number.
async fn new_game(base: &str, lang: &str) -> i64 {
    let (status, j) = post(
        &format!("{base}/api/games"),
        serde_json::json!({"players": [{"name": "Ann"}, {"bot": "easy"}, {"bot": "master"}],
            "house": "pieces=2", "lang": lang}),
    )
    .await;
    assert_eq!(status, 200, "{j}");
    j["game"].as_i64().unwrap()
}

/// Ann hands each of her turns to the bot, and the game plays itself to its end: its last
/// board.
async fn play_to_the_end(base: &str, game: i64) -> serde_json::Value {
    let t = Instant::now();
    loop {
        let (_, _, text) = get(&format!("{base}/api/games/{game}")).await;
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "the game did not end: {text}"
        );
        let frame: serde_json::Value = serde_json::from_str(&text).unwrap();
        if frame["over"] == true && frame["link"].is_object() {
            return frame;
        }
        let auto = frame["rows"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            .find(|b| b["id"].as_str().is_some_and(|id| id.ends_with(":auto")));
        if let Some(b) = auto {
            // Refused when the board moved on meanwhile: the next round asks again.
            post(
                &format!("{base}/api/games/{game}/press"),
                serde_json::json!({"id": b["id"]}),
            )
            .await;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// `/g/-1`, `/g/999999` and `/g/x` are pages of no game: a 404 page that says so (in the
/// viewer's language), not a page that waits for a game forever. A game that is here opens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_a_game_that_is_not_here_is_a_404() {
    let dir = fresh_dir("404");
    let site = serve(&dir.join("play.db")).await;
    let base = site.base.clone();
    for path in ["/g/-1", "/g/999999", "/g/0", "/g/x"] {
        let (status, kind, body) = get(&format!("{base}{path}")).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert!(kind.starts_with("text/html"), "{path}: {kind}");
        assert!(body.contains("There is no such game here."), "{body}");
        assert!(!body.contains("play.js"), "{path} is no game's page");
    }
    let r = reqwest::Client::new()
        .get(format!("{base}/g/999999"))
        .header("accept-language", "ko-KR,ko;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 404);
    let body = r.text().await.unwrap();
    assert!(body.contains("그런 게임이 없어요"), "{body}");
    let game = new_game(&base, "es").await;
    let (status, _, body) = get(&format!("{base}/g/{game}")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("<html lang=\"es\">"), "the game's language");
    assert!(body.contains(&format!("/api/games/{game}")));
    site.shutdown().await;
}

/// Every page names its icon, and the icon is served (no 404 on every page).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_has_an_icon_and_its_words() {
    let dir = fresh_dir("icon");
    let site = serve(&dir.join("play.db")).await;
    let base = site.base.clone();
    let (status, kind, body) = get(&format!("{base}/favicon.svg")).await;
    assert_eq!(status, 200);
    assert_eq!(kind, "image/svg+xml");
    assert!(body.starts_with("<svg"), "{body}");
    let (status, _, _) = get(&format!("{base}/favicon.ico")).await;
    assert_eq!(status, 308, "the usual address leads to the icon");
    let game = new_game(&base, "en").await;
    for path in ["/".to_string(), format!("/g/{game}"), "/g/77777".into()] {
        let (_, _, page) = get(&format!("{base}{path}")).await;
        assert!(
            page.contains("rel=\"icon\" href=\"/favicon.svg\""),
            "{path}: {page}"
        );
    }
    // The words: one dictionary per language, the bots' levels named as the game names them.
    for (lang, master) in [("en", "Master"), ("ko", "어려움"), ("es", "Maestro")] {
        let (status, kind, body) = get(&format!("{base}/assets/words/{lang}")).await;
        assert_eq!(status, 200);
        assert_eq!(kind, "application/json");
        let words: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(words["table-level-master"], master, "{lang}");
        assert!(words["web-seconds-left"]
            .as_str()
            .unwrap()
            .contains("{seconds}"));
    }
    assert_eq!(get(&format!("{base}/assets/words/fr")).await.0, 404);
    assert_eq!(get(&format!("{base}/assets/words.js")).await.0, 200);
    site.shutdown().await;
}

/// A finished game's replay link opens after `yutbot play` starts again on the same file: the
/// links' key is made once and kept beside the game file (not made anew by each run).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_link_opens_after_a_restart() {
    let dir = fresh_dir("key");
    let data = dir.join("play.db");
    let site = serve(&data).await;
    let game = new_game(&site.base, "en").await;
    let last = play_to_the_end(&site.base, game).await;
    let link = last["link"]["url"].as_str().unwrap().to_string();
    assert!(link.starts_with("/replay/"), "{link}");
    let (status, _, body) = get(&format!("{}{link}", site.base)).await;
    assert_eq!(status, 200, "{body}");
    let (_, _, replay) = get(&format!("{}/api{link}", site.base)).await;
    let replay: serde_json::Value = serde_json::from_str(&replay).unwrap();
    assert!(
        replay["verified"]
            .as_str()
            .unwrap()
            .starts_with("🔒 Record checked"),
        "{replay}"
    );
    assert!(replay["throws"].as_u64().unwrap() > 0);
    // The end text in the browser points to the replay page's own check, not a command.
    let text = last["text"].as_str().unwrap();
    assert!(
        text.contains("the replay page checks every throw"),
        "{text}"
    );
    assert!(!text.contains("/yut"), "{text}");
    site.shutdown().await;
    let site = serve(&data).await;
    let (status, _, body) = get(&format!("{}{link}", site.base)).await;
    assert_eq!(status, 200, "the link opens after a restart: {body}");
    site.shutdown().await;
    let key = std::fs::read_to_string(key_path(&data)).unwrap();
    assert_eq!(key.trim().len(), 64, "{key}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(key_path(&data))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "the key is this user's alone");
    }
    // Another game file has another key.
    let other = dir.join("other.db");
    assert_ne!(link_key(&other).unwrap(), link_key(&data).unwrap());
    // A damaged key is said, not replaced (links given before would stop working).
    std::fs::write(key_path(&other), "not hex").unwrap();
    let e = link_key(&other).unwrap_err().to_string();
    assert!(e.contains("damaged"), "{e}");
}
