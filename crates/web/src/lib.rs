//! The web adapter: the same game service as Discord, shown in a browser.
//!
//! - [`local`]: `yutbot play`, games on this machine, one screen shared by its players.
//! - [`hub`] and [`live`]: the newest board of each followed game, pushed to pages as
//!   server-sent events, serialized once however many pages follow it.
//! - [`watch`]: the bot's games live, read-only, behind signed links ([`sign`]).
//! - [`replay`]: any finished game, step by step, with its chart and record.
//! - [`standings`]: a server's leaderboard and players' cards, when its admins turn it on.
//! - [`event_page`]: a community event's standings, rounds and games.
//! - [`policy`]: what each server shows on the web, and its links' epoch (revocation).
//! - [`ops`]: `/metrics` (Prometheus' text format) and health and readiness for operators.
//!
//! Nothing here knows Discord: boards come from the service's `View`s.

pub mod event_page;
pub mod forward;
pub mod frame;
pub mod hub;
pub mod live;
pub mod local;
pub mod ops;
mod pages;
pub mod policy;
pub mod replay;
pub mod sign;
pub mod standings;
pub mod watch;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::SocketAddr;
use yut_service::Problem;
use yut_table::core::Lang;

/// A request that cannot be served: its status and a sentence for the person.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// The catalog's key of the sentence, when it has one: a page says it again in its
    /// viewer's language ([`ApiError::page`]).
    key: Option<&'static str>,
}

impl ApiError {
    /// A refusal already said in the person's language.
    pub fn bad(message: String) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message,
            key: None,
        }
    }

    /// A refusal of the catalog (`web-error-...`), said in `lang`.
    pub fn said(status: StatusCode, key: &'static str, lang: Lang) -> ApiError {
        ApiError {
            status,
            message: yut_text::say(lang, key, &[]),
            key: Some(key),
        }
    }

    pub fn not_found() -> ApiError {
        ApiError::said(StatusCode::NOT_FOUND, "web-error-no-game", Lang::En)
    }

    /// The service has not started yet.
    pub fn starting() -> ApiError {
        ApiError::said(
            StatusCode::SERVICE_UNAVAILABLE,
            "web-error-starting",
            Lang::En,
        )
    }

    /// The service's problem, said in `lang`: refusals and out-of-date buttons are the
    /// person's (409), storage trouble is ours (503).
    pub fn problem(p: Problem, lang: Lang) -> ApiError {
        let status = match &p {
            Problem::Storage(_) | Problem::Settings(_) | Problem::Elsewhere => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            Problem::NoGame => StatusCode::NOT_FOUND,
            Problem::BadButton | Problem::HouseRules(_) | Problem::Challenge(_) => {
                StatusCode::BAD_REQUEST
            }
            _ => StatusCode::CONFLICT,
        };
        ApiError {
            status,
            message: p.message(lang),
            key: None,
        }
    }

    /// The refusal as a page, in the viewer's language where the catalog has its sentence.
    pub fn page(self, lang: Lang) -> Response {
        let message = match self.key {
            Some(key) => yut_text::say(lang, key, &[]),
            None => self.message,
        };
        (
            self.status,
            axum::response::Html(pages::error_page(&message, lang)),
        )
            .into_response()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

/// A board picture (PNG); pictures of a version or a step never change.
pub(crate) fn png_response(png: Vec<u8>) -> Response {
    (
        [
            (axum::http::header::CONTENT_TYPE, "image/png"),
            (
                axum::http::header::CACHE_CONTROL,
                "private, max-age=86400, immutable",
            ),
        ],
        png,
    )
        .into_response()
}

/// Serve `router` on `addr` until `stop` resolves; `bound` is told the address actually
/// bound (port 0 picks a free one).
pub async fn serve(
    router: axum::Router,
    addr: SocketAddr,
    bound: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    bound(listener.local_addr()?);
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    // Answers are small and whole: sent at once, not held for the peer's delayed
    // acknowledgement (up to 40 ms on Linux) when a reply goes out in two segments.
    .tcp_nodelay(true)
    .with_graceful_shutdown(stop)
    .await
}
