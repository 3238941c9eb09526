//! The store's records: games, seats, log entries, changes, results, statistics, server
//! defaults. Rows of its own, nothing of the service.

use super::*;

/// Where a game is in its life, as the store records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameStatus {
    Lobby,
    Playing,
    Finished,
    Stopped,
}

impl GameStatus {
    pub fn name(self) -> &'static str {
        match self {
            GameStatus::Lobby => "lobby",
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
            GameStatus::Stopped => "stopped",
        }
    }

    pub fn from_name(s: &str) -> Option<GameStatus> {
        Some(match s {
            "lobby" => GameStatus::Lobby,
            "playing" => GameStatus::Playing,
            "finished" => GameStatus::Finished,
            "stopped" => GameStatus::Stopped,
            _ => return None,
        })
    }
}

/// A game as stored: the columns queries need, and the state (opaque text) as of
/// `snapshot_version`; the log entries after it lead to `version`.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub host: u64,
    pub status: GameStatus,
    pub version: u64,
    pub deadline_ms: Option<i64>,
    pub snapshot: String,
    pub snapshot_version: u64,
    /// The message that shows the game's board, and when it was posted (ms since the epoch).
    pub message_id: Option<u64>,
    pub message_ms: Option<i64>,
}

/// A stored game with the log entries that follow its snapshot, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    pub row: GameRow,
    pub log: Vec<LogRow>,
}

/// One seat of a game (kept for queries; the state holds the truth).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub user: Option<u64>,
    pub name: String,
    pub bot_level: Option<String>,
    pub team: u8,
    pub away: bool,
}

/// One entry of the action log: who did what, as opaque text, and what the computer played
/// for it (bot turns, time-outs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    pub version: u64,
    pub actor: String,
    pub command: String,
    pub played: Option<String>,
    pub at_ms: i64,
}

/// A new game: its first state (the genesis, also the first snapshot) and its first log entry.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub host: u64,
    pub status: GameStatus,
    pub rules: String,
    pub state: String,
    pub version: u64,
    pub deadline_ms: Option<i64>,
    pub seats: Vec<SeatRow>,
    pub log: LogRow,
    pub now_ms: i64,
    /// The fencing number of the process that will drive it.
    pub fence: i64,
    /// The shard lease (count, shard) that fence comes from, if the process holds one: the
    /// game is stored only if that lease still carries the fence (else Fenced).
    pub lease: Option<(u32, u32)>,
}

/// One action's write: from `log.version - 1` to `log.version`.
#[derive(Debug, Clone)]
pub struct Change {
    pub id: i64,
    pub status: GameStatus,
    pub host: u64,
    pub deadline_ms: Option<i64>,
    pub log: LogRow,
    pub now_ms: i64,
    /// The full state at `log.version`, when the caller takes a snapshot with this action.
    pub snapshot: Option<String>,
    /// The rules, when they changed (only in a lobby).
    pub rules: Option<String>,
    /// The seats, when they changed.
    pub seats: Option<Vec<SeatRow>>,
    /// The fencing number the driver holds; the write is refused if the game carries another.
    pub fence: i64,
    /// The game's new channel, when it moved (to a thread of its own).
    pub channel: Option<u64>,
}

impl Change {
    /// Bytes of payload this write sends (text as its length, numbers as 8 bytes each).
    pub fn payload_bytes(&self) -> u64 {
        let text = self.log.actor.len()
            + self.log.command.len()
            + self.log.played.as_ref().map_or(0, |p| p.len())
            + self.snapshot.as_ref().map_or(0, |s| s.len())
            + self.rules.as_ref().map_or(0, |s| s.len())
            + self.seats.as_ref().map_or(0, |s| {
                s.iter()
                    .map(|s| s.name.len() + s.bot_level.as_ref().map_or(0, |b| b.len()) + 40)
                    .sum()
            });
        // Game update: status, version, host, deadline, updated, id, old version, fence;
        // log row: game, version, at.
        (text + 11 * 8) as u64
    }
}

/// A finished game's result and what each human player did in it.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultRow {
    pub game: i64,
    pub guild: u64,
    pub winner_side: u8,
    pub teams: bool,
    /// The finishing order, as opaque text.
    pub ranking: String,
    pub finished_ms: i64,
    /// Every person who took part: seated at the end, or who left (`left`).
    pub players: Vec<PlayerResult>,
    /// The rating's view of the game: its mode family (None: not a rated mode), the preset
    /// (for the bots' anchors), every seat and each side's finishing place (1 is first).
    pub family: Option<ModeFamily>,
    pub preset: Preset,
    pub seats: Vec<RatedSeat>,
    pub side_ranks: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlayerResult {
    pub user: u64,
    pub name: String,
    pub won: bool,
    pub team_won: bool,
    pub captures: u32,
    pub pieces_home: u32,
    /// Left the game before the end (a loss, whatever the seat's bot did).
    pub left: bool,
    /// Deadlines missed.
    pub timeouts: u32,
}

/// A finished game as `/yut history` lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct PastGame {
    pub game: i64,
    pub channel: u64,
    pub winner_side: u8,
    pub teams: bool,
    pub finished_ms: i64,
    /// In seat order; a seat's `team` is its side (its own index in free-for-all).
    pub seats: Vec<SeatRow>,
}

/// A player's statistics in one server.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stats {
    pub user: u64,
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub team_wins: u32,
    pub captures: u32,
    pub pieces_home: u32,
}

/// A server's defaults for new games (`/yut settings`); None: not set.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ServerDefaults {
    pub preset: Option<String>,
    pub house_rules: Option<String>,
    pub turn_seconds: Option<u32>,
    /// Season length: `monthly`, `quarterly` or `off` (None: off).
    pub seasons: Option<String>,
    /// Each game in a thread of its own (opened from the lobby message when it starts).
    pub threads: bool,
    /// What the server shows on the web: None links to boards' live pages and replays (the
    /// default), `off` nothing, `standings` those and the standings page.
    pub web: Option<String>,
    /// Bumped to revoke every web link of the server given before.
    pub web_epoch: i64,
}

impl ServerDefaults {
    pub fn is_empty(&self) -> bool {
        *self == ServerDefaults::default()
    }
}
