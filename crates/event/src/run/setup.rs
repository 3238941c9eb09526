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
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            turn_seconds: 0,
            preset: String::new(),
            no_show_seconds: 300,
            rated: true,
        }
    }
}
