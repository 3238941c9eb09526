//! A table's status and its settings.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Lobby,
    Playing,
    Finished,
    Stopped,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Stopped => "stopped",
        }
    }

    pub fn from_name(s: &str) -> Option<Status> {
        [
            Status::Lobby,
            Status::Playing,
            Status::Finished,
            Status::Stopped,
        ]
        .into_iter()
        .find(|x| x.name() == s)
    }

    pub fn is_active(self) -> bool {
        matches!(self, Status::Lobby | Status::Playing)
    }
}

/// How a table was set up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub rules: Rules,
    /// Preset name the rules came from (for display).
    pub preset: String,
    /// 2v2 teams (4 seats).
    pub teams: bool,
    /// Seats for free-for-all, 2 to 4.
    pub seats: u8,
    /// Seconds per action, 10 to 300.
    pub turn_seconds: u32,
    pub lang: Lang,
    /// Delay before a bot (or an away player's stand-in) acts, in ms.
    pub bot_delay_ms: u32,
}

impl Settings {
    /// Seconds per action people may choose (the Discord command and `TURN_SECONDS` hold
    /// to it; tests and the demo use shorter times).
    pub const TURN_SECONDS: std::ops::RangeInclusive<u32> = 10..=300;

    /// Refuse settings a table cannot be played with.
    pub fn check(&self) -> Result<(), Refusal> {
        if self.teams && self.seats != 4 {
            return Err(Refusal::BadSettings("2v2 teams need 4 seats".into()));
        }
        if !(2..=4).contains(&self.seats) {
            return Err(Refusal::BadSettings("a game has 2 to 4 seats".into()));
        }
        if self.turn_seconds == 0 || self.turn_seconds > *Self::TURN_SECONDS.end() {
            return Err(Refusal::BadSettings(
                "the time per action is 10 to 300 seconds".into(),
            ));
        }
        Ok(())
    }

    pub fn capacity(&self) -> u8 {
        if self.teams {
            4
        } else {
            self.seats
        }
    }
}
