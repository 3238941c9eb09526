//! Where a launch lands. An Activity launched in a channel follows:
//! 1. the channel's active game (a lobby or a game in play);
//! 2. else the active game the launcher sits in that moved to a thread of this channel (the
//!    server's threads setting): their own game, not a new lobby beside it;
//! 3. else a new lobby in the channel, hosted by the launcher, opened by the process that
//!    drives the server. Where that is another process, it is asked over
//!    `POST /internal/activity-open` (signed under `WEB_SECRET` like a forwarded press, and
//!    never forwarded on), and the page's sign-in waits for its answer, so the lobby is there
//!    when the page first asks for the board.
//!
//! In a group DM (no server) nothing is opened here: the Entry Point's launch opens the
//! lobby there through its interaction, as `/yut new` does (the Discord edge).

use super::{Activity, ActivityConfig, Identity};
use crate::forward::FRESH_MS;
use crate::Problem;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use yut_service::{Driving, Service};
use yut_table::core::{Actor, Lang};

/// What a forwarded opening is signed for.
const OPEN_KIND: &str = "internal-activity-open";
/// Where a process asks the server's driver to open a lobby.
pub(super) const OPEN_PATH: &str = "/internal/activity-open";

/// A lobby to open for a launch, as one process asks another.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct OpenIn {
    guild: u64,
    channel: u64,
    user: u64,
    name: String,
    lang: String,
    /// When it was sent (ms since the epoch).
    sent_ms: i64,
}

impl Activity {
    /// The channel whose game a new session follows (see the module's order), opening the
    /// lobby where there is no game to follow.
    pub(super) async fn place(&self, c: &ActivityConfig, who: &Identity, lang: Lang) -> u64 {
        let Ok(svc) = self.svc() else {
            return who.channel;
        };
        let active = match svc.game_of_channel(who.channel).await {
            Ok(Some(g)) => matches!(svc.page_table(g).await, Ok(Some(t)) if t.status.is_active()),
            Ok(None) => false,
            Err(_) => return who.channel,
        };
        let Some(guild) = who.guild.filter(|_| !active) else {
            return who.channel;
        };
        match svc.seated_in_thread_of(guild, who.channel, who.user).await {
            Ok(Some((_, thread))) => return thread,
            Ok(None) => {}
            Err(p) => {
                tracing::warn!(problem = ?p, "an Activity's launch could not look for the launcher's game in a thread")
            }
        }
        let open = OpenIn {
            guild,
            channel: who.channel,
            user: who.user,
            name: who.name.clone(),
            lang: yut_text::code(lang).to_string(),
            sent_ms: svc.now_ms(),
        };
        self.open_lobby(&svc, c, &open).await;
        who.channel
    }

    /// Open the lobby of `o` here, or ask the process that drives its server to.
    async fn open_lobby(&self, svc: &Service, c: &ActivityConfig, o: &OpenIn) {
        match svc.driving_guild(o.guild).await {
            Ok(Driving::Here) => {
                if let Err(p) = open_here(svc, c, o).await {
                    tracing::info!(channel = o.channel, problem = ?p, "an Activity's launch could not open a lobby");
                }
            }
            Ok(Driving::There { owner, address }) => {
                let Some(presses) = self.watch.presses.get() else {
                    return;
                };
                let body = serde_json::to_vec(o).expect("an opening serializes");
                match presses.call(&address, OPEN_PATH, OPEN_KIND, body).await {
                    Ok(r) if r.status().is_success() => {
                        self.watch
                            .activity
                            .lobbies_forwarded
                            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    Ok(r) => {
                        tracing::info!(channel = o.channel, %owner, status = %r.status(), "the server's process did not open the Activity's lobby")
                    }
                    Err(e) => {
                        tracing::warn!(channel = o.channel, %owner, %address, error = %e, "the server's process could not be asked to open the Activity's lobby")
                    }
                }
            }
            Ok(Driving::Nobody) => {
                tracing::info!(
                    channel = o.channel,
                    "nobody drives the server now: the Activity's lobby is not opened"
                )
            }
            Err(p) => {
                tracing::warn!(channel = o.channel, problem = ?p, "an Activity's launch could not learn who drives the server")
            }
        }
    }
}

/// Open the lobby of `o` on this process, which drives its server: the launcher's, in
/// their language, posted by the Discord edge as the channel's board. A lobby opened
/// meanwhile (a second launch) is joined, not doubled.
async fn open_here(svc: &Service, c: &ActivityConfig, o: &OpenIn) -> Result<i64, Problem> {
    let lang = yut_text::lang_of(&o.lang);
    let actor = Actor::User {
        id: o.user,
        name: o.name.clone(),
        moderator: false,
        lang: Some(lang),
    };
    let mut request = c.lobby.clone();
    request.lang = lang;
    svc.open_from_page(o.guild, o.channel, &actor, &request)
        .await
}

/// A lobby asked for by another process's Activity: opened here where this process drives
/// the server, else refused (503: the asker's log says so; never forwarded on).
pub(super) async fn opened_for_other(
    State(a): State<Activity>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(presses) = a.watch.presses.get() else {
        return crate::ApiError::starting().into_response();
    };
    if !presses.signed(OPEN_KIND, &headers, &body) {
        return (StatusCode::FORBIDDEN, "not signed\n").into_response();
    }
    let Ok(o) = serde_json::from_slice::<OpenIn>(&body) else {
        return (StatusCode::BAD_REQUEST, "not an opening\n").into_response();
    };
    let (Ok(svc), Some(c)) = (a.svc(), a.config.as_ref()) else {
        return (StatusCode::SERVICE_UNAVAILABLE, "no Activity here\n").into_response();
    };
    if (svc.now_ms() - o.sent_ms).abs() > FRESH_MS {
        return (StatusCode::FORBIDDEN, "too old\n").into_response();
    }
    if !matches!(svc.driving_guild(o.guild).await, Ok(Driving::Here)) {
        return (StatusCode::SERVICE_UNAVAILABLE, "not driven here\n").into_response();
    }
    match open_here(&svc, c, &o).await {
        Ok(game) => axum::Json(serde_json::json!({ "game": game })).into_response(),
        Err(p) => (StatusCode::CONFLICT, format!("{p:?}\n")).into_response(),
    }
}
