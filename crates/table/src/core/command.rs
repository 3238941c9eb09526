//! Who acts and what they ask: the commands a table takes (also the action log's format).

use super::*;

/// Who sent a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Actor {
    User {
        id: UserId,
        name: String,
        /// May stop any game (a server moderator).
        #[serde(default)]
        moderator: bool,
        /// The language of their Discord client when they sent this (their seat remembers
        /// it: their turn pings speak it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<Lang>,
    },
    /// Timers and bots.
    System,
}

impl Actor {
    pub fn user(id: UserId, name: &str) -> Actor {
        Actor::User {
            id,
            name: name.to_string(),
            moderator: false,
            lang: None,
        }
    }

    /// The same person, writing from a client in `lang`.
    pub fn speaking(mut self, l: Lang) -> Actor {
        if let Actor::User { lang, .. } = &mut self {
            *lang = Some(l);
        }
        self
    }

    pub fn id(&self) -> Option<UserId> {
        match self {
            Actor::User { id, .. } => Some(*id),
            Actor::System => None,
        }
    }

    /// For the action log.
    pub fn tag(&self) -> String {
        match self {
            Actor::User { id, .. } => format!("user:{id}"),
            Actor::System => "system".to_string(),
        }
    }
}

/// Everything a table can be asked to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// The game was created (the first entry of every log).
    Create,
    Join,
    Leave,
    Team {
        team: u8,
    },
    AddBot {
        level: Level,
    },
    RemoveBot,
    FillBots {
        level: Level,
    },
    /// The level of the bots that "+ Bot" and "Fill" seat (the lobby's menu).
    BotLevel {
        level: Level,
    },
    /// Change the lobby's mode: free-for-all with `seats` seats, or 2v2 teams (host or
    /// moderator only).
    Mode {
        teams: bool,
        seats: u8,
    },
    /// Change the lobby's rule preset, keeping the house rules and match length on top
    /// (host or moderator only).
    Preset {
        preset: Preset,
    },
    Start,
    Throw,
    Select {
        chip: Chip,
    },
    /// Show the next page of moves for the selected chip.
    More,
    Move {
        mv: Move,
    },
    /// Back out of a selected chip.
    Back,
    /// Let the bot play the rest of my turn.
    AutoPlay,
    /// I'm back: take my seat back from its stand-in (after time-outs or auto-play).
    Return,
    /// Leave a running game: a Normal bot takes the seat.
    Resign,
    Stop,
    Rematch,
    /// Accept an invitation (a rematch, a challenge) to the seat held for me.
    Accept,
    /// Decline it.
    Decline,
    Repost,
    /// The deadline passed: play for the idle seat.
    Timeout,
    /// A bot's pacing delay passed: the bot acts.
    BotTurn,
    /// The game's thread was opened (its channel id), or could not be (None): play on.
    Thread {
        id: Option<u64>,
    },
    /// Pause until a person clicks: the board can soon no longer be updated (a game shown
    /// through an interaction's token, which lives 15 minutes). No deadline runs meanwhile.
    Hold,
    /// Go on after a pause (the board's Continue button; any person's action does too).
    Resume,
}
