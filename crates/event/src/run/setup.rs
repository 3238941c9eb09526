//! How an event's games are played: what its creator chose beyond the pairing.

use serde::{Deserialize, Serialize};

/// The event's game settings and deadlines (all kept with the event).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// Seconds per action in its games (0: the server's).
    pub turn_seconds: u32,
    /// The rules' preset (empty: the server's rules).
    pub preset: String,
    /// Seconds a side may take to show up in its game (act once) before it forfeits.
    pub no_show_seconds: u32,
    /// Rated: its games count for the season's ladder like ordinary games.
    pub rated: bool,
    /// Minutes from a round's pairing to the next round's (0: the next round is paired as
    /// soon as the last game ends). A week-long event sets a day: its rounds then start a day
    /// apart even when their games end sooner.
    pub round_minutes: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            turn_seconds: 0,
            preset: String::new(),
            no_show_seconds: 300,
            rated: true,
            round_minutes: 0,
        }
    }
}

impl super::Run {
    /// The round being played was paired at `now_ms`.
    pub fn round_started(&mut self, now_ms: i64) {
        if let Some(r) = self.played.last_mut() {
            r.started_ms.get_or_insert(now_ms);
        }
    }

    /// When the next round may be paired once this one is complete (ms): its start plus the
    /// round length, or `None` when it need not wait.
    pub fn next_round_at(&self) -> Option<i64> {
        let minutes = i64::from(self.setup.round_minutes);
        let (_, r) = self.current()?;
        (minutes > 0).then(|| r.started_ms.unwrap_or(0) + minutes * 60_000)
    }

    /// Is the next round to be paired now: the round complete, not paused, its time come?
    pub fn next_round_due(&self, now_ms: i64) -> bool {
        self.round_done() && !self.paused && self.next_round_at().is_none_or(|at| now_ms >= at)
    }
}
