//! Boards pushed to a page as server-sent events: the newest at once, then each new one.

use crate::hub::{Hub, Shown};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};

/// Counts a page among the followers while its stream lives.
struct Following {
    hub: Arc<Hub>,
    _admitted: crate::hub::Admitted,
}

impl Drop for Following {
    fn drop(&mut self) {
        self.hub.stats.followers.fetch_sub(1, Ordering::Relaxed);
    }
}

fn event(s: &Shown) -> Event {
    Event::default()
        .event("board")
        .id(s.version.to_string())
        .data(s.json.as_str())
}

/// The stream of a game's boards for one page from `ip`; 429 when that address holds its
/// share of streams already.
pub fn stream(hub: &Arc<Hub>, game: i64, ip: std::net::IpAddr) -> Response {
    let Some(admitted) = hub.admit(ip) else {
        return crate::ApiError::said(
            StatusCode::TOO_MANY_REQUESTS,
            "web-error-too-many",
            yut_table::core::Lang::En,
        )
        .into_response();
    };
    let (first, rx) = hub.follow(game);
    hub.stats.followers.fetch_add(1, Ordering::Relaxed);
    let guard = Following {
        hub: hub.clone(),
        _admitted: admitted,
    };
    type St = (
        Option<Arc<Shown>>,
        broadcast::Receiver<Arc<Shown>>,
        Following,
    );
    let s = futures_util::stream::unfold(
        (first, rx, guard),
        |(first, mut rx, guard): St| async move {
            if let Some(s) = first {
                return Some((Ok::<_, Infallible>(event(&s)), (None, rx, guard)));
            }
            loop {
                match rx.recv().await {
                    Ok(s) => return Some((Ok(event(&s)), (None, rx, guard))),
                    Err(RecvError::Lagged(n)) => {
                        guard.hub.stats.skipped.fetch_add(n, Ordering::Relaxed);
                    }
                    Err(RecvError::Closed) => return None,
                }
            }
        },
    );
    Sse::new(s).keep_alive(KeepAlive::default()).into_response()
}
