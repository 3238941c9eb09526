//! Boards pushed to a page as server-sent events: the newest at once, then each new one.

use crate::hub::{Hub, Shown};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};

/// Counts a page among the followers while its stream lives.
struct Following {
    hub: Arc<Hub>,
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

/// The stream of a game's boards for one page.
pub fn stream(hub: &Arc<Hub>, game: i64) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let (first, rx) = hub.follow(game);
    hub.stats.followers.fetch_add(1, Ordering::Relaxed);
    let guard = Following { hub: hub.clone() };
    type St = (
        Option<Arc<Shown>>,
        broadcast::Receiver<Arc<Shown>>,
        Following,
    );
    let s = futures_util::stream::unfold(
        (first, rx, guard),
        |(first, mut rx, guard): St| async move {
            if let Some(s) = first {
                return Some((Ok(event(&s)), (None, rx, guard)));
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
    Sse::new(s).keep_alive(KeepAlive::default())
}
