//! An event's page in Chromium (issue 49): an event of five in its second round (round 1
//! over, round 2 half played), its page at phone and desktop sizes through
//! `tests/browser/event_page.mjs`: no horizontal overflow, the standings table and a game
//! link in view, an entrant's path opened; then, the event over, the podium shown.
//! Screenshots in `YUTBOT_SCREENSHOTS` when set.

use super::*;

// The same site and event as the HTTP test's (not all of it is used here).
#[allow(dead_code)]
#[path = "../it/event_page/site.rs"]
mod site;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_page_on_a_phone_and_a_desktop() {
    let Some((here, chromium)) = browser() else {
        return;
    };
    let Some(db) = common::TestDb::new(yut_store::Backend::Sqlite, "browser-event-page").await
    else {
        return;
    };
    let site = site::Site::start(&db).await;
    let event = site::event_in_round_two(&site.svc, yut_table::core::Lang::En).await;
    let url = site.link(event, 0);
    let shots = std::env::var("YUTBOT_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            std::env::temp_dir().join(format!("yutbot-event-page-{}", std::process::id()))
        });
    let shoot = |prefix: &'static str, views: &'static str| {
        let (script, url, shots, chromium) = (
            here.join("event_page.mjs"),
            url.clone(),
            shots.clone(),
            chromium.clone(),
        );
        tokio::task::spawn_blocking(move || {
            Command::new("node")
                .arg(script)
                .args([url.as_str(), shots.to_str().unwrap(), prefix, views])
                .env("CHROMIUM", &chromium)
                .output()
        })
    };
    let out = match shoot("event", "phone,desktop,ko-phone").await.unwrap() {
        Ok(o) => o,
        Err(e) => return missing(&format!("node cannot be run ({e})")),
    };
    said(&out);
    // Over: the podium, every game a replay.
    site::finish(&site.svc, event, yut_table::core::Lang::En).await;
    said(
        &shoot("event-finished", "phone,desktop")
            .await
            .unwrap()
            .unwrap(),
    );
    println!("event page screenshots in {}", shots.display());
    site.shutdown().await;
    db.cleanup().await;
}

/// The script's output, printed, and it succeeded.
fn said(out: &std::process::Output) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    assert!(
        out.status.success(),
        "the event page in Chromium:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("EVENT "), "{stdout}");
}
