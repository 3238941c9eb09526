//! Presses from pages, on any process: applied here when this process drives the game,
//! else forwarded once to the process that does (the live holder of the game's shard lease,
//! at the address it said in the database) and answered with its answer, exactly as if the
//! page had reached it: the same refusals, the same version rule.
//!
//! Once only: a press is sent once and never retried. A driver that cannot be reached, or
//! dies before it answers, makes the press a clear "try again" (the page reads the board
//! again): if it was applied before the driver died, the board shows it, and the same
//! button again is out of date, so it can never be applied twice.
//!
//! The call between processes is `POST /internal/press`, signed with an HMAC under
//! `WEB_SECRET` (every process has the same) over the body, which carries the time it was
//! sent: a call that is not signed, or older than [`FRESH_MS`], is refused.

use crate::frame::Frame;
use crate::sign::Signer;
use crate::{ApiError, Problem};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use yut_service::{Driving, Histogram, Service};
use yut_table::core::{Actor, Lang};
use yut_table::ButtonId;
use yut_table::Table;

/// How old a forwarded press may be when it arrives (the processes' clocks may differ a
/// little; a captured call cannot be played back later).
pub const FRESH_MS: i64 = 30_000;
/// How long a forwarded press waits for the driver's answer.
const WAIT: Duration = Duration::from_secs(5);
const SIGNATURE: &str = "x-yut-signature";

/// A press as a page sends it, with who sent it (from the page's signed link or session).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PressIn {
    pub game: i64,
    pub user: u64,
    pub name: String,
    /// The button's id, as on the game's message.
    pub id: String,
    /// The person's language (`en`, `ko`, `es`), for refusals.
    pub lang: Option<String>,
    /// When it was sent (ms since the epoch; checked by the driver).
    #[serde(default)]
    pub sent_ms: i64,
}

/// What the presses did (for `/metrics`).
#[derive(Debug, Default)]
pub struct PressStats {
    /// Presses applied (or refused) here, from arrival to the drawn answer.
    pub local: Histogram,
    /// Presses forwarded to the driving process, from arrival to its answer.
    pub forwarded: Histogram,
    /// Forwarded presses that got no answer (the driver could not be reached or died):
    /// answered "try again".
    pub forward_failed: AtomicU64,
    /// Presses taken here for other processes.
    pub taken_for_others: AtomicU64,
}

/// Presses on any process's pages.
#[derive(Clone)]
pub struct Presses {
    svc: Arc<OnceLock<Service>>,
    signer: Signer,
    client: reqwest::Client,
    pub stats: Arc<PressStats>,
}

impl Presses {
    /// Presses signed between processes by `signer` (under `WEB_SECRET`).
    pub fn new(svc: Arc<OnceLock<Service>>, signer: Signer) -> Presses {
        Presses {
            svc,
            signer,
            client: reqwest::Client::builder()
                .timeout(WAIT)
                .build()
                .expect("an HTTP client"),
            stats: Arc::default(),
        }
    }

    /// The route the other processes forward presses to.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/internal/press", post(taken))
            .with_state(self.clone())
    }

    /// A page's press: applied here or by the process that drives the game; the answer to
    /// give the page (the new board's frame as JSON, or the refusal).
    /// `table`: the game's table where the caller has read it already.
    pub async fn press(&self, mut p: PressIn, table: Option<&Table>) -> Response {
        let t0 = Instant::now();
        let lang = lang_of(&p);
        let Some(svc) = self.svc.get().cloned() else {
            return ApiError::starting().into_response();
        };
        let driving = match table {
            Some(t) => svc.driving_of(t).await,
            None => svc.driving(p.game).await,
        };
        let driving = match driving {
            Ok(d) => d,
            Err(e) => return ApiError::problem(e, lang).into_response(),
        };
        match driving {
            Driving::Here => {
                let r = here(&svc, &p).await;
                self.stats.local.observe(t0.elapsed());
                r
            }
            Driving::Nobody => ApiError::problem(Problem::Elsewhere, lang).into_response(),
            Driving::There { owner, address } => {
                p.sent_ms = svc.now_ms();
                let r = self.forward(&address, &p).await;
                self.stats.forwarded.observe(t0.elapsed());
                let not_taken = r
                    .as_ref()
                    .map_or(true, |r| r.status() == StatusCode::SERVICE_UNAVAILABLE);
                if not_taken {
                    // Read the game's driver again next time (it may have changed).
                    match table {
                        Some(t) => svc.forget_driver(t),
                        None => {
                            if let Some(t) = svc.game_table(p.game).await {
                                svc.forget_driver(&t);
                            }
                        }
                    }
                }
                match r {
                    Ok(r) => r,
                    Err(e) => {
                        self.stats.forward_failed.fetch_add(1, Relaxed);
                        tracing::warn!(game = p.game, %owner, %address, error = %e, "a press forwarded to the game's process got no answer; the person is asked to try again");
                        ApiError::problem(Problem::Elsewhere, lang).into_response()
                    }
                }
            }
        }
    }

    /// Send a press to the process at `address`, once; its answer as it gave it.
    async fn forward(&self, address: &str, p: &PressIn) -> Result<Response, reqwest::Error> {
        let body = serde_json::to_vec(p).expect("a press serializes");
        self.call(address, "/internal/press", "internal-press", body)
            .await
    }

    /// Call `path` on the process at `address` (as the leases table gives it) with `body`,
    /// signed for `what`, once; its answer as it gave it.
    pub async fn call(
        &self,
        address: &str,
        path: &str,
        what: &str,
        body: Vec<u8>,
    ) -> Result<Response, reqwest::Error> {
        let url = if address.starts_with("http") {
            format!("{}{path}", address.trim_end_matches('/'))
        } else {
            format!("http://{address}{path}")
        };
        let r = self
            .client
            .post(url)
            .header(SIGNATURE, self.signer.sign_bytes(what, &body))
            .header(axum::http::header::CONTENT_TYPE, "application/json")
            .body(body)
            .send()
            .await?;
        let status = StatusCode::from_u16(r.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
        let bytes = r.bytes().await?;
        Ok((
            status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            bytes,
        )
            .into_response())
    }

    /// Is a call between processes signed for `what` (by [`Presses::call`])?
    pub fn signed(&self, what: &str, headers: &HeaderMap, body: &[u8]) -> bool {
        headers
            .get(SIGNATURE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|s| self.signer.check_bytes(what, body, s))
    }
}

fn lang_of(p: &PressIn) -> Lang {
    p.lang.as_deref().map_or(Lang::En, yut_text::lang_of)
}

/// Apply a press here: the frame of the new board, or the refusal.
async fn here(svc: &Service, p: &PressIn) -> Response {
    let lang = lang_of(p);
    let Ok(button) = p.id.parse::<ButtonId>() else {
        return ApiError::said(StatusCode::BAD_REQUEST, "web-error-button", lang).into_response();
    };
    let actor = Actor::User {
        id: p.user,
        name: p.name.clone(),
        moderator: false,
        lang: Some(lang),
    };
    match svc.press_here(p.game, &actor, button).await {
        Ok((view, table)) => {
            let parts = crate::frame::parts_of(&table);
            match Frame::of_view(&view, svc.now_ms(), None, true) {
                Some(f) => Json(f.with_parts(parts)).into_response(),
                None => ApiError::not_found().into_response(),
            }
        }
        Err(e) => ApiError::problem(e, lang).into_response(),
    }
}

/// A press forwarded by another process: applied here if this process drives the game (a
/// press is never forwarded twice), else "try again".
async fn taken(State(presses): State<Presses>, headers: HeaderMap, body: Bytes) -> Response {
    if !presses.signed("internal-press", &headers, &body) {
        return (StatusCode::FORBIDDEN, "not signed\n").into_response();
    }
    let Ok(p) = serde_json::from_slice::<PressIn>(&body) else {
        return (StatusCode::BAD_REQUEST, "not a press\n").into_response();
    };
    let Some(svc) = presses.svc.get().cloned() else {
        return ApiError::starting().into_response();
    };
    if (svc.now_ms() - p.sent_ms).abs() > FRESH_MS {
        return (StatusCode::FORBIDDEN, "too old\n").into_response();
    }
    presses.stats.taken_for_others.fetch_add(1, Relaxed);
    // Applied only where the game's actor runs: anywhere else the service answers
    // Elsewhere ("try again"), never forwarding it on.
    here(&svc, &p).await
}
