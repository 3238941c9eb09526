//! What everyone at the table should read on the board, stored as what happened.

use super::*;

/// Something everyone at the table should read on the board (issue 18: no prose in stored
/// state): stored as what happened, and said in the table's language when shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Notice {
    /// A player who was away (or let the bot play) plays their own turns again.
    Back { name: String },
    /// The host or a moderator stopped the game.
    Stopped { name: String },
    /// Nobody started the lobby within this many minutes of its last change.
    LobbyClosed { minutes: u32 },
    /// A person ran out of time and the bot played for them.
    TimedOut { name: String },
    /// Nobody played for a whole round of turns: the game ends unrated.
    Abandoned,
    /// A player left a running game; a Normal bot plays their seat.
    Left { name: String },
    /// The server asked for a thread per game, but the bot may not open one here.
    NoThread,
    /// A line stored by an earlier version of the bot, in the words of that moment.
    #[serde(untagged)]
    Said(String),
}

impl Notice {
    /// The line in a language.
    pub fn text(&self, lang: Lang) -> String {
        let name = |key: &str, name: &str| say(lang, key, &[("name", name.into())]);
        match self {
            Notice::Back { name: n } => name("table-back", n),
            Notice::Stopped { name: n } => name("table-stopped", n),
            Notice::TimedOut { name: n } => name("table-timed-out", n),
            Notice::Left { name: n } => name("table-left", n),
            Notice::LobbyClosed { minutes } => say(
                lang,
                "table-lobby-closed",
                &[("minutes", minutes.to_string().into())],
            ),
            Notice::Abandoned => say(lang, "table-abandoned", &[]),
            Notice::NoThread => say(lang, "table-no-thread", &[]),
            Notice::Said(s) => s.clone(),
        }
    }
}
