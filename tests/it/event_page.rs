//! An event's page over the real HTTP server (issue 49): shown with its link (name, stage,
//! standings, rounds, the bye, every game linked to its live page or its replay, and those
//! links open), in the event's language or the one asked for; its picture a PNG; once over,
//! its champion and podium and only replays; refused with
//! a forged link, another event's signature, another epoch's, and once the server shows
//! nothing on the web; `web_revoke` (a new epoch) kills the old link.

use crate::common::TestDb;
use yut_store::Backend;
use yut_table::core::Lang;

pub mod site;
use site::{event_in_round_two, Site, NAMES};

async fn get(url: &str) -> (u16, String, Vec<u8>) {
    let r = reqwest::get(url).await.expect("the pages answer");
    let status = r.status().as_u16();
    let kind = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (status, kind, r.bytes().await.unwrap().to_vec())
}

async fn page(url: &str) -> (u16, String) {
    let (status, _, body) = get(url).await;
    (status, String::from_utf8(body).unwrap())
}

/// Every `href="..."` of a page that starts with `prefix`.
fn links(html: &str, prefix: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|h| h.split('"').next())
        .filter(|h| h.starts_with(prefix))
        .map(str::to_string)
        .collect()
}

async fn an_event_page_over_http(backend: Backend) {
    let Some(db) = TestDb::new(backend, "event-page").await else {
        return;
    };
    let site = Site::start(&db).await;
    let svc = &site.svc;
    // Sign-up: the entrants, no table yet.
    let early = svc
        .create_event(site::GUILD, 501, "Early Bird", 2, 0, Lang::En)
        .await
        .unwrap();
    svc.event_join(early, 1, "Ahn Jiwoo", 1500.0).await.unwrap();
    let (code, html) = page(&site.link(early, 0)).await;
    assert_eq!(code, 200, "{html}");
    assert!(
        html.contains("Early Bird") && html.contains("Sign-up"),
        "{html}"
    );
    assert!(html.contains("Ahn Jiwoo") && !html.contains("http-equiv=\"refresh\""));

    let event = event_in_round_two(svc, Lang::En).await;
    let url = site.link(event, 0);
    assert!(
        url.starts_with(&format!("{}/event/{event}-", site.base)),
        "{url}"
    );
    let (code, html) = page(&url).await;
    assert_eq!(code, 200, "{html}");
    for want in [
        "Seollal Open",
        "Round 2 of 3",
        "Standings",
        "Buchholz",
        "Round 1",
        "Bye: ",
        "being played",
        "http-equiv=\"refresh\" content=\"30\"",
        "<details>",
        "picture.png",
    ] {
        assert!(html.contains(want), "{want:?} missing: {html}");
    }
    for name in NAMES {
        let shown = name.replace('<', "&lt;").replace('>', "&gt;");
        assert!(html.contains(&shown), "{shown} missing");
    }
    assert!(!html.contains("Carlos <b>"), "names are escaped");
    // Round 1's two games and round 2's first are over (replays); round 2's second is
    // being played (its live page). Each link appears in the rounds and in both paths.
    let mut replays = links(&html, "/replay/");
    let mut watches = links(&html, "/watch/");
    replays.sort();
    replays.dedup();
    watches.sort();
    watches.dedup();
    assert_eq!(
        (replays.len(), watches.len()),
        (3, 1),
        "{replays:?} {watches:?}"
    );
    for l in replays.iter().chain(&watches) {
        let (code, body) = page(&format!("{}{l}", site.base)).await;
        assert_eq!(code, 200, "{l}: {body}");
    }
    // In Korean, asked for in the address; the event's own language otherwise.
    let (code, ko) = page(&format!("{url}?lang=ko")).await;
    assert_eq!(code, 200);
    assert!(
        ko.contains("3라운드 중 2라운드") && ko.contains("lang=\"ko\""),
        "{ko}"
    );
    // The picture.
    let (code, kind, png) = get(&format!("{url}/picture.png")).await;
    assert_eq!((code, kind.as_str()), (200, "image/png"));
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 1000);

    // Over: the champion and the podium, every game a replay, no more reloading.
    site::finish(svc, event, Lang::En).await;
    let (code, html) = page(&url).await;
    assert_eq!(code, 200, "{html}");
    for want in ["Finished", "Champion: ", "id=\"podium\"", "Round 3"] {
        assert!(html.contains(want), "{want:?} missing: {html}");
    }
    assert!(links(&html, "/watch/").is_empty(), "{html}");
    assert!(!html.contains("http-equiv=\"refresh\""));
    let mut replays = links(&html, "/replay/");
    replays.sort();
    replays.dedup();
    assert_eq!(replays.len(), 6, "{replays:?}");
    let (code, kind, png) = get(&format!("{url}/picture.png")).await;
    assert_eq!((code, kind.as_str()), (200, "image/png"), "the podium");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));

    // Refused: a forged number, another event's signature, another epoch's, a cut MAC.
    let other = site.link(early, 0);
    let mac = |l: &str| l.rsplit_once('-').unwrap().1.to_string();
    let forged = [
        url.replacen(&format!("/{event}-"), &format!("/{}-", event + 1), 1),
        format!("{}/event/{event}-{}", site.base, mac(&other)),
        site.link(event, 1),
        url[..url.len() - 1].to_string(),
        yut_web::event_page::link(&site.signer, &site.base, event, site::GUILD + 1, 0),
    ];
    for f in &forged {
        let (code, body) = page(f).await;
        assert_eq!(code, 404, "{f}: {body}");
        assert!(body.contains("not valid"), "{body}");
        let (code, _, _) = get(&format!("{f}/picture.png")).await;
        assert_eq!(code, 404, "{f}/picture.png");
    }
    // The standings setting shows it too; off shows nothing, even through the link.
    site.set_web(Some("standings"), 0).await;
    assert_eq!(page(&url).await.0, 200);
    site.set_web(Some("off"), 0).await;
    let (code, body) = page(&url).await;
    assert_eq!(code, 404, "{body}");
    assert!(body.contains("does not show its games"), "{body}");
    assert_eq!(get(&format!("{url}/picture.png")).await.0, 404);
    // Back on with a new epoch (`web_revoke`): the old link is dead, the new one opens.
    site.set_web(None, 1).await;
    assert_eq!(page(&url).await.0, 404, "the revoked link");
    assert_eq!(page(&site.link(event, 1)).await.0, 200);
    site.shutdown().await;
    db.cleanup().await;
}

on_both_backends!(real: an_event_page_over_http);
