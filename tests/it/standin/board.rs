//! Reading a board message the way a player does: whose turn it is, its buttons, its version.

use super::{Msg, StandIn};
use std::time::{Duration, Instant};

/// Whose turn the board says it is.
pub fn turn_of(m: &Msg) -> Option<String> {
    let line = m.content.lines().find(|l| l.starts_with("▶️ **"))?;
    let rest = &line["▶️ **".len()..];
    Some(rest[..rest.find("**")?].to_string())
}

/// The first button whose custom id contains `suffix`.
pub fn find(m: &Msg, suffix: &str) -> Option<String> {
    m.custom_ids().into_iter().find(|c| c.contains(suffix))
}

/// The first play button of a board: throw, a result, or a move.
pub fn play_button(m: &Msg) -> Option<String> {
    find(m, ":throw")
        .or_else(|| find(m, ":mv:"))
        .or_else(|| find(m, ":sel:"))
}

/// The game version a custom id (`yut:<game>:<version>:<action>`) carries.
pub fn version_of(id: &str) -> u64 {
    id.split(':').nth(2).unwrap().parse().unwrap()
}

/// The version the board's buttons carry (0 without buttons).
pub fn board_version(m: &Msg) -> u64 {
    m.custom_ids().first().map_or(0, |c| version_of(c))
}

/// Wait (up to `limit`) until the latest board of the channel satisfies `f`.
pub async fn wait_board_for(
    s: &StandIn,
    ch: u64,
    what: &str,
    limit: Duration,
    f: impl Fn(&Msg) -> bool,
) -> Msg {
    let start = Instant::now();
    loop {
        if let Some(m) = s.latest_board(ch) {
            if f(&m) {
                return m;
            }
        }
        assert!(
            start.elapsed() < limit,
            "timed out after {limit:?} waiting for {what} in channel {ch}; latest board: {:?}; \
             violations: {:?}; {}",
            s.latest_board(ch).map(|m| (m.custom_ids(), m.content)),
            s.violations(),
            s.dump()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
