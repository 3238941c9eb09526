//! `yut-tools bench activity`: a touch in the Activity (issue 48) to the board shown on the
//! other player's page. Two processes' worth of service and web side run here on one
//! PostgreSQL database (A leasing shard 0 of 2, B shard 1); every game is A's, two people
//! each, each person with their Activity page: signed in over HTTP (`/activity/api/session`,
//! Discord's side stubbed: the code names the person, the instance the channel), following
//! over the Activity's WebSocket, touching over HTTP. Half the games have both pages on A
//! (the driver: touches applied there), half on B (touches forwarded to A, boards reaching B
//! through the database's announcements), so both kinds see the same load and noise. Each
//! touch is timed from the request sent to the board of its answer's version arriving on the
//! other person's WebSocket. People think between touches (`--think-ms`, about a second by
//! default: a person's pace); `--think-ms 0` presses as fast as the machine answers.

use crate::press_bench::{first_play, on_scratch, pct, side, GUILD};
use futures_util::StreamExt;
use rand::{Rng, SeedableRng};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yut_service::Problem;
use yut_store::Store;
use yut_table::core::{Actor, Command, Lang};
use yut_web::watch::activity::{ActivityConfig, Identity, Verify};

/// What the run measured.
#[derive(Debug, Clone, Default)]
pub struct ActivityBench {
    pub games: usize,
    /// Touch to the other page, for touches on the driver (A) and on the other process (B).
    pub local: Vec<f64>,
    pub forwarded: Vec<f64>,
    /// Touches refused (not that person's turn any more: a bot's timer, say) and failed.
    pub refused: usize,
    pub failed: usize,
    /// Sign-ins (HTTP) and WebSocket opens, in ms.
    pub sign_in: Vec<f64>,
}

impl ActivityBench {
    pub fn line(&self) -> String {
        let (l50, l99) = (pct(&self.local, 0.50), pct(&self.local, 0.99));
        let (f50, f99) = (pct(&self.forwarded, 0.50), pct(&self.forwarded, 0.99));
        format!(
            "activity: games={} pages={} touches_local={} touches_forwarded={} local_p50_ms={l50:.2} local_p99_ms={l99:.2} forwarded_p50_ms={f50:.2} forwarded_p99_ms={f99:.2} extra_p50_ms={:.2} extra_p99_ms={:.2} sign_in_p50_ms={:.2} refused={} failed={}",
            self.games,
            self.games * 2,
            self.local.len(),
            self.forwarded.len(),
            f50 - l50,
            f99 - l99,
            pct(&self.sign_in, 0.5),
            self.refused,
            self.failed
        )
    }
}

/// Discord's side, stubbed: code `u<user>` for instance `i-<channel>`.
fn verify() -> ActivityConfig {
    let verify: Verify = Arc::new(|code: String, instance: String| {
        Box::pin(async move {
            let user = code.strip_prefix('u').and_then(|u| u.parse().ok());
            let channel = instance.strip_prefix("i-").and_then(|c| c.parse().ok());
            match (user, channel) {
                (Some(user), Some(channel)) => Ok(Identity {
                    user,
                    name: format!("P{user}"),
                    locale: Some("en-US".into()),
                    access_token: "bench".into(),
                    channel,
                    // No server: the bench's games are opened beforehand.
                    guild: None,
                }),
                _ => Err(yut_web::watch::activity::Denied::BadCode),
            }
        })
    });
    ActivityConfig {
        client_id: 1,
        verify,
        session_life: Duration::from_secs(3600),
        lobby: yut_table::open::GameRequest::plain(Lang::En, 300, 50),
    }
}

/// Play `games` two-person games on A for `seconds`, half touched on A and half on B.
pub async fn bench_activity(
    database: &str,
    games: usize,
    seconds: f64,
    think_ms: u64,
) -> anyhow::Result<ActivityBench> {
    on_scratch(database, "activity", |url| async move {
        run(&url, games, seconds, think_ms).await
    })
    .await
}

/// Open a started game of two people (users `2g+1` and `2g+2`) in `channel` on A.
async fn game(a: &yut_service::Service, channel: u64, g: u64) -> anyhow::Result<()> {
    let err = |p: Problem| anyhow::anyhow!(p.message(Lang::En));
    let (p1, p2) = (
        Actor::user(2 * g + 1, &format!("P{}", 2 * g + 1)),
        Actor::user(2 * g + 2, &format!("P{}", 2 * g + 2)),
    );
    let mut settings = yut_service::demo::settings(2, 50, Lang::En);
    settings.turn_seconds = 300;
    a.create(GUILD, channel, &p1, settings).await.map_err(err)?;
    a.command(channel, &p2, Command::Join).await.map_err(err)?;
    a.command(channel, &p1, Command::Start).await.map_err(err)?;
    Ok(())
}

type Board = Arc<Mutex<(u64, serde_json::Value)>>;

/// One person's page: its session's API and its newest board (pushed over the WebSocket).
struct Page {
    api: String,
    name: String,
    board: Board,
    /// When each version arrived on this page.
    arrived: Arc<Mutex<std::collections::HashMap<u64, Instant>>>,
    /// The newest version arrived (to wait on).
    newest: tokio::sync::watch::Receiver<u64>,
}

async fn open_page(
    client: &reqwest::Client,
    on: &str,
    user: u64,
    channel: u64,
    until: Instant,
    sign_in: &Mutex<Vec<f64>>,
) -> anyhow::Result<Page> {
    let t0 = Instant::now();
    let r = client
        .post(format!("http://{on}/activity/api/session"))
        .header("content-type", "application/json")
        .body(
            serde_json::json!({"code": format!("u{user}"), "instance_id": format!("i-{channel}")})
                .to_string(),
        )
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "sign-in: {}", r.status());
    let answer: serde_json::Value = serde_json::from_slice(&r.bytes().await?)?;
    let session = answer["session"].as_str().unwrap_or_default().to_string();
    let api = format!("http://{on}/activity/api/s/{session}");
    let (ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{on}/activity/api/s/{session}/ws")).await?;
    sign_in
        .lock()
        .unwrap()
        .push(t0.elapsed().as_secs_f64() * 1e3);
    let (tx, newest) = tokio::sync::watch::channel(0u64);
    let page = Page {
        api,
        name: format!("P{user}"),
        board: Arc::default(),
        arrived: Arc::default(),
        newest,
    };
    let (board, arrived) = (page.board.clone(), page.arrived.clone());
    tokio::spawn(async move {
        let (_, mut rx) = ws.split();
        while Instant::now() < until {
            let m = match tokio::time::timeout(Duration::from_millis(200), rx.next()).await {
                Ok(Some(Ok(m))) => m,
                Ok(_) => return,
                Err(_) => continue,
            };
            if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
                let Ok(frame) = serde_json::from_str::<serde_json::Value>(&t) else {
                    continue;
                };
                let v = frame["version"].as_u64().unwrap_or(0);
                arrived
                    .lock()
                    .unwrap()
                    .entry(v)
                    .or_insert_with(Instant::now);
                let mut b = board.lock().unwrap();
                if v > b.0 {
                    *b = (v, frame);
                    drop(b);
                    tx.send_replace(v);
                }
            }
        }
    });
    Ok(page)
}

/// The play button of a board when it is `name`'s turn; whether the game is over.
fn my_button(frame: &serde_json::Value, name: &str) -> (Option<String>, bool) {
    let over = frame["over"].as_bool().unwrap_or(false);
    let mine = frame["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|s| s["turn"] == true && s["name"] == name);
    (first_play(frame).filter(|_| mine), over)
}

async fn run(
    url: &str,
    games: usize,
    seconds: f64,
    think_ms: u64,
) -> anyhow::Result<ActivityBench> {
    Store::open(url).await?.close().await;
    let a = side(url, 0, Some(verify())).await?;
    let b = side(url, 1, Some(verify())).await?;
    // Every page here comes from one address (a real hub admits 32 per address).
    for s in [&a, &b] {
        s.watch
            .hub()
            .max_per_address
            .store(usize::MAX, std::sync::atomic::Ordering::Relaxed);
    }
    for g in 0..games {
        game(&a.svc, 30_000 + g as u64, g as u64).await?;
    }
    let client = reqwest::Client::new();
    let until = Instant::now() + Duration::from_secs_f64(seconds) + Duration::from_secs(10);
    let sign_in = Mutex::new(Vec::new());
    let mut pages = Vec::new();
    for g in 0..games {
        let on = if g % 2 == 0 { &a.addr } else { &b.addr };
        let ch = 30_000 + g as u64;
        let p1 = open_page(&client, on, 2 * g as u64 + 1, ch, until, &sign_in).await?;
        let p2 = open_page(&client, on, 2 * g as u64 + 2, ch, until, &sign_in).await?;
        pages.push((g % 2 == 1, p1, p2));
    }
    let out = Arc::new(Mutex::new(ActivityBench {
        games,
        sign_in: sign_in.into_inner().unwrap(),
        ..ActivityBench::default()
    }));
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for (g, (forwarded, p1, p2)) in pages.into_iter().enumerate() {
        let (client, out) = (client.clone(), out.clone());
        let (mut w1, mut w2) = (p1.newest.clone(), p2.newest.clone());
        tasks.push(tokio::spawn(async move {
            let mut pressed = 0;
            // People are not in step: each game starts a little later than the last, and
            // each pause is drawn afresh (a small generator per game, the same every run).
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(g as u64);
            let mut think = move || {
                if think_ms == 0 {
                    0
                } else {
                    rng.random_range(think_ms / 2..=think_ms * 3 / 2)
                }
            };
            tokio::time::sleep(Duration::from_millis(think())).await;
            while Instant::now() < until {
                // Whoever's turn it is touches; the other page is watched for the answer.
                let (me, other) = {
                    let f1 = p1.board.lock().unwrap().clone();
                    if my_button(&f1.1, &p1.name).0.is_some() {
                        (&p1, &p2)
                    } else {
                        (&p2, &p1)
                    }
                };
                let (version, frame) = me.board.lock().unwrap().clone();
                let (button, over) = my_button(&frame, &me.name);
                if over {
                    break;
                }
                let Some(id) = button.filter(|_| version > pressed) else {
                    // Until a page's board changes (a bot's move, the other's touch).
                    tokio::select! {
                        _ = w1.changed() => {}
                        _ = w2.changed() => {}
                        _ = tokio::time::sleep(Duration::from_millis(100)) => {}
                    }
                    continue;
                };
                pressed = version;
                let t0 = Instant::now();
                let r = client
                    .post(format!("{}/press", me.api))
                    .header("content-type", "application/json")
                    .body(serde_json::json!({ "id": id }).to_string())
                    .send()
                    .await;
                let (status, body) = match r {
                    Ok(r) => (r.status().as_u16(), r.bytes().await.unwrap_or_default()),
                    Err(_) => (0, Default::default()),
                };
                if status != 200 {
                    let mut o = out.lock().unwrap();
                    if status == 409 {
                        o.refused += 1;
                    } else {
                        o.failed += 1;
                    }
                    continue;
                }
                let answer: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
                let v = answer["version"].as_u64().unwrap_or(u64::MAX);
                // The answer's board (or a later one) on the other person's page.
                let mut on_other = other.newest.clone();
                let reached =
                    tokio::time::timeout(Duration::from_secs(10), on_other.wait_for(|n| *n >= v))
                        .await
                        .is_ok_and(|r| r.is_ok());
                let seen = match reached {
                    true => other
                        .arrived
                        .lock()
                        .unwrap()
                        .iter()
                        .filter(|(k, _)| **k >= v)
                        .map(|(_, t)| *t)
                        .min(),
                    false => None,
                };
                {
                    let mut o = out.lock().unwrap();
                    match seen {
                        Some(at) => {
                            let ms = at.saturating_duration_since(t0).as_secs_f64() * 1e3;
                            if forwarded {
                                o.forwarded.push(ms);
                            } else {
                                o.local.push(ms);
                            }
                        }
                        None => o.failed += 1,
                    }
                }
                // A person looks at the board before the next touch.
                tokio::time::sleep(Duration::from_millis(think())).await;
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let out = out.lock().unwrap().clone();
    b.svc.shutdown().await;
    a.svc.shutdown().await;
    Ok(out)
}
