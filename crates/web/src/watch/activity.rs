//! The Activity: the live board inside Discord, played by touch (issue 48).
//!
//! Discord runs the page (`/activity/`) in an iframe, behind its proxy: inside Discord every
//! request reaches this server as `/activity/...` through the application's URL mapping
//! (PREFIX `/` → TARGET `<WEB_URL host>/activity`), so everything of the Activity lives under
//! `/activity/`, and the board is pushed over a WebSocket (the only push the proxy carries).
//!
//! Who is who: the page asks Discord's client for an OAuth2 code (the Embedded App SDK's
//! `authorize`) and sends it here with the Activity's instance; [`Verify`] (given by the
//! Discord edge: nothing here knows Discord) exchanges it, learns the user and checks that
//! they are a participant of that instance, in its channel. The answer is a session: signed,
//! bound to the user, the instance and its channel, and expiring ([`Session`]). Every later
//! request carries it in its path; a press goes through [`crate::forward::Presses`] as a seat
//! page's does, so it is checked against the seats exactly as a click on the message is, and
//! applied by whichever process drives the game.

use super::*;
use crate::forward::PressIn;

mod launch;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::routing::post;
use futures_util::future::BoxFuture;
use std::time::Duration;
use yut_table::core::Lang;

/// The page's script (the SDK and the Activity's start), bundled from npm at build time by
/// `build.rs`; empty when npm could not be run there.
const SCRIPT: &str = include_str!(concat!(env!("OUT_DIR"), "/activity.js"));
const PAGE: &str = include_str!("../../../../assets/web/activity.html");
/// WebSocket close code: the session is over or refused (the page signs in again).
pub const CLOSE_SESSION: u16 = 4001;
/// How often a finished game's channel is looked at again for the next game (a rematch).
const NEXT_GAME_EVERY: Duration = Duration::from_secs(2);

/// Whom Discord says the person is, in which Activity.
#[derive(Debug, Clone)]
pub struct Identity {
    pub user: u64,
    pub name: String,
    /// Their Discord locale (`ko`, `es-ES`, `en-US`...).
    pub locale: Option<String>,
    /// For the page's `authenticate` with Discord's client.
    pub access_token: String,
    /// Where the Activity runs: the channel, and its server (None: a group DM or a DM).
    pub channel: u64,
    pub guild: Option<u64>,
}

/// Why a person could not be signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Denied {
    /// Discord refused the code (forged, used, expired).
    BadCode,
    /// The person is not in that Activity (or it is not running).
    NotParticipant,
    /// Discord could not be asked (say why in the log; the person is asked to try again).
    Unreachable(String),
}

/// Exchange a code and check the instance: `(code, instance) -> Identity`.
pub type Verify =
    Arc<dyn Fn(String, String) -> BoxFuture<'static, Result<Identity, Denied>> + Send + Sync>;

/// The Activity's settings.
#[derive(Clone)]
pub struct ActivityConfig {
    /// The application's (OAuth2 client's) id, for the page's SDK.
    pub client_id: u64,
    pub verify: Verify,
    /// How long a session lasts.
    pub session_life: Duration,
    /// The lobby an Activity opens in a channel without a game (`/yut new` with the
    /// server's defaults; its language is the launcher's).
    pub lobby: yut_table::open::GameRequest,
}

/// A signed session: `<mac>.<user>.<channel>.<expires ms>.<lang>.<name in hex>.<instance>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub user: u64,
    pub channel: u64,
    pub expires_ms: i64,
    pub lang: Lang,
    pub name: String,
    pub instance: String,
}

const SESSION_KIND: &str = "activity-session";

impl Session {
    fn body(&self) -> String {
        let hex: String = self.name.bytes().map(|b| format!("{b:02x}")).collect();
        format!(
            "{}.{}.{}.{}.{hex}.{}",
            self.user,
            self.channel,
            self.expires_ms,
            yut_text::code(self.lang),
            self.instance
        )
    }

    /// The session as a token (safe in a URL's path).
    pub fn token(&self, signer: &Signer) -> String {
        let body = self.body();
        format!(
            "{}.{body}",
            signer.sign_bytes(SESSION_KIND, body.as_bytes())
        )
    }

    /// The session a token carries, if it is genuine (expiry not checked here).
    pub fn read(signer: &Signer, token: &str) -> Option<Session> {
        let (mac, body) = token.split_once('.')?;
        if !signer.check_bytes(SESSION_KIND, body.as_bytes(), mac) {
            return None;
        }
        let mut f = body.splitn(6, '.');
        let user = f.next()?.parse().ok()?;
        let channel = f.next()?.parse().ok()?;
        let expires_ms = f.next()?.parse().ok()?;
        let lang = Lang::from_locale(f.next()?);
        let hex = f.next()?;
        let bytes: Option<Vec<u8>> = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
            .collect();
        let name = String::from_utf8(bytes?).ok()?;
        let instance = f.next()?.to_string();
        Some(Session {
            user,
            channel,
            expires_ms,
            lang,
            name,
            instance,
        })
    }
}

/// An instance id as Discord makes them (`i-<digits>-gc-<digits>-<digits>`): letters,
/// digits, `-` and `_`, at most 200 characters.
fn plausible_instance(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 200
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The Activity's routes and what they need.
#[derive(Clone)]
pub struct Activity {
    watch: Watch,
    config: Option<ActivityConfig>,
}

impl Watch {
    /// The Activity's routes (under `/activity/`); without `config` (no client secret) the
    /// page says that the Activity is not set up here.
    pub fn activity_router(&self, config: Option<ActivityConfig>) -> Router {
        let a = Activity {
            watch: self.clone(),
            config,
        };
        Router::new()
            .route(
                "/activity",
                get(|| async { axum::response::Redirect::permanent("/activity/") }),
            )
            .route("/activity/", get(page))
            .route("/activity/assets/activity.js", get(script))
            .route("/activity/assets/favicon.svg", get(pages::favicon))
            .route("/activity/api/session", post(session))
            .route("/activity/api/s/:session", get(board))
            .route("/activity/api/s/:session/ws", get(ws))
            .route("/activity/api/s/:session/boards/:version", get(picture))
            .route("/activity/api/s/:session/press", post(press))
            .route(launch::OPEN_PATH, post(launch::opened_for_other))
            .with_state(a)
            .nest("/activity", pages::router())
    }
}

async fn page(State(a): State<Activity>, headers: axum::http::HeaderMap) -> Response {
    let lang = pages::viewer_lang(&headers);
    match &a.config {
        Some(c) if !SCRIPT.is_empty() => Html(
            PAGE.replace("{{CLIENT_ID}}", &c.client_id.to_string())
                .replace("{{LANG}}", yut_text::code(lang)),
        )
        .into_response(),
        _ => ApiError::said(
            StatusCode::SERVICE_UNAVAILABLE,
            "web-activity-unavailable",
            lang,
        )
        .page(lang),
    }
}

/// The script gzipped once (a third of its size: what a phone downloads).
fn gzipped() -> &'static [u8] {
    static GZ: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    GZ.get_or_init(|| {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(SCRIPT.as_bytes()).expect("gzip in memory");
        e.finish().expect("gzip in memory")
    })
}

async fn script(headers: axum::http::HeaderMap) -> Response {
    let gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")));
    let plain = [
        (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
        (header::CACHE_CONTROL, "no-cache"),
        (header::VARY, "accept-encoding"),
    ];
    if gzip && !SCRIPT.is_empty() {
        (plain, [(header::CONTENT_ENCODING, "gzip")], gzipped()).into_response()
    } else {
        (plain, SCRIPT).into_response()
    }
}

#[derive(Debug, serde::Deserialize)]
struct SignIn {
    code: String,
    instance_id: String,
}

impl Activity {
    fn config(&self, lang: Lang) -> Result<&ActivityConfig, ApiError> {
        self.config.as_ref().ok_or_else(|| {
            ApiError::said(
                StatusCode::SERVICE_UNAVAILABLE,
                "web-activity-unavailable",
                lang,
            )
        })
    }

    fn svc(&self) -> Result<Service, ApiError> {
        self.watch.svc.get().cloned().ok_or_else(ApiError::starting)
    }

    /// The session a request's token carries, if genuine and not expired.
    fn session(&self, token: &str) -> Result<Session, ApiError> {
        let s = Session::read(&self.watch.signer, token).ok_or_else(|| {
            ApiError::said(
                StatusCode::UNAUTHORIZED,
                "web-activity-signed-out",
                Lang::En,
            )
        })?;
        if s.expires_ms <= self.svc()?.now_ms() {
            return Err(ApiError::said(
                StatusCode::UNAUTHORIZED,
                "web-activity-signed-out",
                s.lang,
            ));
        }
        Ok(s)
    }

    /// The channel's game, its newest board published (followed here if another process
    /// drives it).
    async fn game(&self, s: &Session) -> Result<Arc<Table>, ApiError> {
        let svc = self.svc()?;
        let game = svc
            .game_of_channel(s.channel)
            .await
            .map_err(|e| ApiError::problem(e, s.lang))?
            .ok_or_else(|| ApiError::said(StatusCode::NOT_FOUND, "web-activity-no-game", s.lang))?;
        self.watch.open_game(game).await
    }
}

async fn session(
    State(a): State<Activity>,
    headers: axum::http::HeaderMap,
    req: Result<axum::Json<SignIn>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, ApiError> {
    let viewer = pages::viewer_lang(&headers);
    let axum::Json(req) = req.map_err(|e| ApiError::bad(e.body_text()))?;
    let c = a.config(viewer)?;
    if req.code.is_empty() || req.code.len() > 200 || !plausible_instance(&req.instance_id) {
        return Err(ApiError::said(
            StatusCode::BAD_REQUEST,
            "web-activity-sign-in-failed",
            viewer,
        ));
    }
    let who = (c.verify)(req.code, req.instance_id.clone())
        .await
        .map_err(|d| {
            let (status, key) = match &d {
                Denied::BadCode => (StatusCode::UNAUTHORIZED, "web-activity-sign-in-failed"),
                Denied::NotParticipant => (StatusCode::FORBIDDEN, "web-activity-not-participant"),
                Denied::Unreachable(why) => {
                    tracing::warn!(why = %why, "an Activity's sign-in could not reach Discord");
                    (StatusCode::BAD_GATEWAY, "web-activity-sign-in-failed")
                }
            };
            ApiError::said(status, key, viewer)
        })?;
    let lang = who.locale.as_deref().map_or(viewer, Lang::from_locale);
    let channel = a.place(c, &who, lang).await;
    let s = Session {
        user: who.user,
        channel,
        expires_ms: a.svc()?.now_ms() + c.session_life.as_millis() as i64,
        lang,
        name: who.name.chars().take(64).collect(),
        instance: req.instance_id,
    };
    a.watch
        .activity
        .sessions
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // The channel's newest board with the answer: the page draws it at once, before its
    // feed's first push (none yet where the channel has no game).
    let frame = match a.game(&s).await {
        Ok(t) => a
            .watch
            .hub
            .last(t.id)
            .and_then(|shown| serde_json::from_str::<serde_json::Value>(&shown.json).ok()),
        Err(_) => None,
    };
    Ok(axum::Json(serde_json::json!({
        "frame": frame,
        "session": s.token(&a.watch.signer),
        "access_token": who.access_token,
        "user": { "id": who.user.to_string(), "name": s.name },
        "lang": yut_text::code(lang),
        "expires_ms": s.expires_ms,
    }))
    .into_response())
}

async fn board(State(a): State<Activity>, Path(token): Path<String>) -> Result<Response, ApiError> {
    let s = a.session(&token)?;
    let t = a.game(&s).await?;
    let shown = a.watch.hub.last(t.id).ok_or_else(ApiError::not_found)?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        shown.json.clone(),
    )
        .into_response())
}

async fn picture(
    State(a): State<Activity>,
    Path((token, version)): Path<(String, u64)>,
) -> Result<Response, ApiError> {
    let s = a.session(&token)?;
    let t = a.game(&s).await?;
    let png = a
        .watch
        .hub
        .picture(t.id, version)
        .ok_or_else(ApiError::not_found)?;
    Ok(crate::png_response(png.as_ref().clone()))
}

#[derive(Debug, serde::Deserialize)]
struct Press {
    id: String,
}

async fn press(
    State(a): State<Activity>,
    Path(token): Path<String>,
    req: Result<axum::Json<Press>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, ApiError> {
    let s = a.session(&token)?;
    let axum::Json(req) = req.map_err(|e| ApiError::bad(e.body_text()))?;
    let t = a.game(&s).await?;
    let presses = a
        .watch
        .presses
        .get()
        .cloned()
        .ok_or_else(ApiError::starting)?;
    a.watch
        .activity
        .touches
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let press = PressIn {
        game: t.id,
        user: s.user,
        name: s.name.clone(),
        id: req.id,
        lang: Some(yut_text::code(s.lang).to_string()),
        sent_ms: 0,
    };
    Ok(presses.press(press, Some(&t)).await)
}

async fn ws(
    State(a): State<Activity>,
    Path(token): Path<String>,
    ConnectInfo(from): ConnectInfo<std::net::SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // A session that is over is said with the close code (a refused upgrade reaches the
    // page only as "abnormal closure"), so the page signs in again at once.
    let s = match a.session(&token) {
        Ok(s) => s,
        Err(_) => {
            return Ok(upgrade.on_upgrade(|mut socket| async move {
                let _ = socket
                    .send(Message::Close(Some(CloseFrame {
                        code: CLOSE_SESSION,
                        reason: "session over".into(),
                    })))
                    .await;
            }))
        }
    };
    let t = a.game(&s).await?;
    let admitted = a.watch.hub.admit(from.ip()).ok_or_else(|| {
        ApiError::said(StatusCode::TOO_MANY_REQUESTS, "web-error-too-many", s.lang)
    })?;
    Ok(upgrade.on_upgrade(move |socket| async move {
        let _admitted = admitted;
        a.push(socket, s, t.id).await;
    }))
}

impl Activity {
    /// Push the channel's boards to one page until it leaves or its session ends: the
    /// newest at once, then each new one; a finished game gives way to the channel's next.
    async fn push(&self, mut socket: WebSocket, s: Session, mut game: i64) {
        let hub = self.watch.hub.clone();
        let Ok(svc) = self.svc() else { return };
        let stats = &self.watch.activity;
        stats
            .open
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let left_ms = (s.expires_ms - svc.now_ms()).max(0) as u64;
        let expiry = tokio::time::sleep(Duration::from_millis(left_ms));
        tokio::pin!(expiry);
        let mut next_game = tokio::time::interval(NEXT_GAME_EVERY);
        'games: loop {
            let (first, mut rx) = hub.follow(game);
            let mut over = false;
            if let Some(f) = first {
                over = f.over;
                if socket.send(Message::Text(f.json.clone())).await.is_err() {
                    break;
                }
            }
            loop {
                tokio::select! {
                    shown = rx.recv() => match shown {
                        Ok(f) => {
                            over = f.over;
                            if socket.send(Message::Text(f.json.clone())).await.is_err() {
                                break 'games;
                            }
                        }
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => {
                            hub.stats.skipped.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
                        }
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => break 'games,
                    },
                    m = socket.recv() => match m {
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break 'games,
                        Some(Ok(_)) => {}
                    },
                    _ = &mut expiry => {
                        let _ = socket
                            .send(Message::Close(Some(CloseFrame {
                                code: CLOSE_SESSION,
                                reason: "session over".into(),
                            })))
                            .await;
                        break 'games;
                    }
                    _ = next_game.tick(), if over => {
                        // A rematch (or a new game) in the channel: the page follows it.
                        if let Ok(Some(g)) = svc.game_of_channel(s.channel).await {
                            if g != game && self.watch.open_game(g).await.is_ok() {
                                game = g;
                                continue 'games;
                            }
                        }
                    }
                }
            }
        }
        stats
            .open
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// What the Activity has done (for `/metrics`).
#[derive(Debug, Default)]
pub struct ActivityStats {
    /// Sessions given.
    pub sessions: std::sync::atomic::AtomicU64,
    /// Presses from Activities.
    pub touches: std::sync::atomic::AtomicU64,
    /// WebSockets open now.
    pub open: std::sync::atomic::AtomicI64,
    /// Lobbies a launch here had the server's process open.
    pub lobbies_forwarded: std::sync::atomic::AtomicU64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_reads_back_and_a_changed_one_does_not() {
        let signer = Signer::new(b"0123456789abcdef");
        let s = Session {
            user: 42,
            channel: 7,
            expires_ms: 1_700_000_000_000,
            lang: Lang::Ko,
            name: "민지 Kim.🙂".into(),
            instance: "i-1234-gc-5-6".into(),
        };
        let token = s.token(&signer);
        assert!(token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
        assert_eq!(Session::read(&signer, &token), Some(s.clone()));
        // Another user, a later expiry, another key: refused.
        let forged = token.replacen(".42.", ".43.", 1);
        assert_eq!(Session::read(&signer, &forged), None);
        let later = token.replacen(".1700000000000.", ".1800000000000.", 1);
        assert_eq!(Session::read(&signer, &later), None);
        assert_eq!(
            Session::read(&Signer::new(b"another key 12345"), &token),
            None
        );
        assert_eq!(Session::read(&signer, "nonsense"), None);
    }

    #[test]
    fn instance_ids_are_checked_before_anything_is_asked() {
        assert!(plausible_instance(
            "i-1234567890-gc-912952092627435520-912954213460760576"
        ));
        assert!(!plausible_instance(""));
        assert!(!plausible_instance("../../etc"));
        assert!(!plausible_instance("a.b"));
    }
}
