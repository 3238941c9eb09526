//! Who sits where: players, their seats, invitations and the thread a game is played in.

use super::*;

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Player {
    Human { user: UserId, name: String },
    Bot { level: Level },
}

impl Player {
    pub fn user(&self) -> Option<UserId> {
        match self {
            Player::Human { user, .. } => Some(*user),
            Player::Bot { .. } => None,
        }
    }
}

/// A seat at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    pub player: Player,
    /// Team 0 or 1 (2v2 only; in free-for-all the seat's own side).
    pub team: u8,
    /// The language the player last used with the bot (None: never said; the table's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// Played for after a short delay until the player acts again.
    pub away: bool,
    /// Deadlines missed in a row.
    pub timeouts: u8,
    /// "Let the bot play my turn": cleared when the turn passes.
    pub autoplay: bool,
    pub captures: u32,
    pub pieces_home: u32,
    /// The person who left this seat (a bot plays it on): they take a rated loss when the
    /// game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<Leaver>,
    /// Deadlines missed in this game (the fair-play record counts them).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub missed: u32,
    /// Held for a person asked to play (a rematch, a challenge) who has not accepted yet.
    #[serde(default, skip_serializing_if = "is_false")]
    pub pending: bool,
    /// The person acted in this game at least once (an event's no-show rule reads it).
    #[serde(default, skip_serializing_if = "is_false")]
    pub shown: bool,
}

/// A game played in a thread of its own (the server's `threads` setting): the lobby stays in
/// the channel, the game moves to a thread opened from the lobby message when it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Thread {
    /// Open a thread for the game when it starts.
    Wanted,
    /// The game has started and its thread is being opened: nothing moves until it is open
    /// (or until [`THREAD_OPENING_MS`] have passed: then it is played in the channel).
    Opening,
    /// Played in a thread (the table's channel) opened from the lobby in `parent`.
    Open { parent: u64 },
    /// No thread could be opened (a missing permission): played in the channel.
    Refused,
}

/// How long a started game waits for its thread before it is played in the channel.
pub const THREAD_OPENING_MS: i64 = 10_000;

/// Seats held for people asked to play: the game starts once every one of them has accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    pub kind: InviteKind,
    /// When an unanswered invitation lapses (ms since the Unix epoch).
    pub expires_ms: i64,
    /// The people who declined (in a rematch a bot holds their seat now).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declined: Vec<String>,
    /// Each side's chance to win in percent, predicted from the ratings when it was made (side
    /// order: the teams A and B, else the seats); empty when the game is not rated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chances: Vec<u8>,
    /// It lapsed before everyone answered.
    #[serde(default, skip_serializing_if = "is_false")]
    pub expired: bool,
    /// Who called it off (the host, a moderator).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called_off: Option<String>,
}

impl Invite {
    /// A new invitation, open for [`INVITE_MS`].
    pub(crate) fn open(kind: InviteKind, now: i64) -> Invite {
        Invite {
            kind,
            expires_ms: now + INVITE_MS,
            declined: Vec::new(),
            chances: Vec::new(),
            expired: false,
            called_off: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InviteKind {
    /// Everyone who played is asked again; the host may start with bots for the others.
    Rematch,
    /// `/yut challenge`: the people named are asked; it starts only when all have accepted,
    /// and one refusal calls it off.
    Challenge,
}

/// How long an invitation waits for its answers (ms).
pub const INVITE_MS: i64 = 10 * 60 * 1000;

/// Someone who left a running game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaver {
    pub user: UserId,
    pub name: String,
}

pub(crate) fn is_zero(n: &u32) -> bool {
    *n == 0
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

impl SeatState {
    /// The Normal bot that takes the seat of someone who declined a rematch or did not answer.
    pub(crate) fn stand_in(team: u8) -> SeatState {
        SeatState::new(
            Player::Bot {
                level: Level::Normal,
            },
            team,
        )
    }

    pub(crate) fn new(player: Player, team: u8) -> SeatState {
        SeatState {
            player,
            team,
            lang: None,
            away: false,
            timeouts: 0,
            autoplay: false,
            captures: 0,
            pieces_home: 0,
            left: None,
            missed: 0,
            pending: false,
            shown: false,
        }
    }

    /// A person's seat.
    pub fn person(user: UserId, name: &str, team: u8) -> SeatState {
        SeatState::new(
            Player::Human {
                user,
                name: name.to_string(),
            },
            team,
        )
    }

    /// The name shown for the seat with this index (bots are numbered by seat, as on the
    /// board picture).
    pub fn name(&self, seat: usize, lang: Lang) -> String {
        match &self.player {
            Player::Human { name, .. } => name.clone(),
            Player::Bot { level } => say(
                lang,
                "table-bot-name",
                &[
                    ("seat", (seat + 1).to_string().into()),
                    ("level", level_name(*level, lang).into()),
                ],
            ),
        }
    }
}

/// A bot level's display name.
pub fn level_name(level: Level, lang: Lang) -> String {
    let key = match level {
        Level::Easy => "table-level-easy",
        Level::Normal => "table-level-normal",
        Level::Master => "table-level-master",
        Level::Random => "table-level-random",
        Level::Reference => "table-level-reference",
    };
    say(lang, key, &[])
}
