//! One channel's game as a pure state machine: lobby, seats, turns, deadlines, auto-play.
//! `Table::apply(actor, command, now)` is deterministic, so the action log replays exactly.

mod apply;
mod command;
mod hold;
mod invites;
mod lobby;
mod notice;
mod play;
mod refusal;
mod rematch;
mod seats;
mod seed;
mod settings;
mod threads;
pub use command::*;
pub use notice::*;
pub use refusal::*;
pub use seats::*;
pub use seed::*;
pub use settings::*;

use arrayvec::ArrayVec;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use yut_ai::{Bot, Level};
use yut_game::{Action, Chip, Event, Game, Match, Move, Phase, Preset, Rules, Seat, MAX_MOVES};
use yut_text::say;

pub type UserId = u64;

pub use yut_text::Lang;

/// What an accepted command did, besides changing the table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    /// Game events, for narration.
    pub events: Vec<Event>,
    /// The game finished with this command: record the result.
    pub finished: bool,
    /// Post the board as a new message.
    pub repost: bool,
    /// The command asks for a new game with the same seats (handled by the service).
    pub rematch: bool,
    /// The action the computer chose (bot turn, time-out): logged with the command so a
    /// replay of the log does not depend on the bots' code.
    pub played: Option<Action>,
}

/// The random stream bots draw from (ChaCha stream ids; the table's throws use stream 0).
const BOT_STREAM: u64 = 0xb07 << 48;

/// What to do instead, for a refused action in the wrong phase.
fn hint(lang: Lang, phase: Option<Phase>) -> String {
    match phase {
        Some(Phase::Throw) => say(lang, "table-hint-throw", &[]),
        _ => say(lang, "table-hint-pick", &[]),
    }
}

/// How long an away player's stand-in waits, in ms.
pub const AWAY_DELAY_MS: i64 = 3_000;
/// Missed deadlines in a row before a player is marked away.
pub const AWAY_AFTER: u8 = 3;
/// Move buttons per page (4 rows of 5).
pub const MOVES_PER_PAGE: usize = 20;
/// A lobby closes itself this long after its last change (ms), so an abandoned lobby does not
/// hold the channel.
pub const LOBBY_IDLE_MS: i64 = 30 * 60 * 1000;

/// One channel's game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub host: UserId,
    pub status: Status,
    pub settings: Settings,
    pub seats: Vec<SeatState>,
    pub game: Option<Game>,
    pub series: Match,
    /// The chip whose moves are shown, and the page of them.
    pub selected: Option<Chip>,
    pub page: u8,
    pub version: u64,
    /// When the current action is due (ms since the Unix epoch).
    pub deadline_ms: Option<i64>,
    /// Events of the last command, for the board and the narration.
    pub last_events: Vec<Event>,
    /// What the table last did or was told that everyone should read (a leave, a stop, a
    /// time-out, a player back): stored as what happened, said when shown.
    pub notice: Option<Notice>,
    /// Turns passed since the notice was given: it is shown until the next person acts or
    /// for one round of turns, whichever comes first.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub notice_turns: u32,
    pub rng: ChaCha20Rng,
    /// The options set on top of the preset (house rules, pieces, match length) as
    /// `name=value`, recorded at the lobby's first change of preset so that they stay on top
    /// of whichever preset the host picks, and come back when the host returns to the first.
    #[serde(default)]
    pub house: Option<Vec<String>>,
    /// The secret the throws come from: `rng` starts as `ChaCha20Rng::from_seed` of it, and
    /// stream 0 of that generator gives every throw (bots draw from other streams). Its
    /// SHA-256 is shown when the game starts and the seed itself once it is over, so anyone
    /// can check every throw (`yutbot verify`). Games stored before it existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throw_seed: Option<ThrowSeed>,
    /// Turns passed while every person seated was away, since one of them last acted.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub idle_turns: u32,
    /// Ended because nobody played for a whole round: not rated, not counted.
    #[serde(default, skip_serializing_if = "is_false")]
    pub abandoned: bool,
    /// The people asked to play (a rematch or a challenge), while their answers are awaited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<Invite>,
    /// A thread of its own for the game (the server's setting), and where it stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<Thread>,
    /// The bots' level chosen in the lobby's menu (see [`Table::bot_level`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_level: Option<Level>,
    /// Paused until a person clicks ([`Command::Hold`]): no deadline runs, no bot moves.
    /// A game shown through an interaction's token is held before its last token expires.
    #[serde(default, skip_serializing_if = "is_false")]
    pub held: bool,
}

impl Table {
    /// A new lobby with its host seated.
    pub fn new(
        id: i64,
        guild: u64,
        channel: u64,
        host: &Actor,
        settings: Settings,
        seed: u64,
    ) -> Table {
        Table::with_seed(
            id,
            guild,
            channel,
            host,
            settings,
            ThrowSeed::from_u64(seed),
        )
    }

    /// A new lobby with its host seated, throwing from `seed`.
    pub fn with_seed(
        id: i64,
        guild: u64,
        channel: u64,
        host: &Actor,
        settings: Settings,
        seed: ThrowSeed,
    ) -> Table {
        let first_to = settings.rules.first_to;
        let mut t = Table {
            id,
            guild,
            channel,
            host: host.id().unwrap_or(0),
            status: Status::Lobby,
            settings,
            seats: Vec::new(),
            game: None,
            series: Match::new(first_to),
            selected: None,
            page: 0,
            version: 0,
            deadline_ms: None,
            last_events: Vec::new(),
            notice: None,
            notice_turns: 0,
            rng: seed.rng(),
            house: None,
            throw_seed: Some(seed),
            idle_turns: 0,
            abandoned: false,
            invite: None,
            thread: None,
            bot_level: None,
            held: false,
        };
        if let Actor::User { id, name, .. } = host {
            t.seats.push(SeatState::new(
                Player::Human {
                    user: *id,
                    name: name.clone(),
                },
                0,
            ));
        }
        t
    }

    /// Start (or restart) the lobby's idle clock: it closes `LOBBY_IDLE_MS` after now.
    pub fn arm_lobby(&mut self, now_ms: i64) {
        if self.status == Status::Lobby {
            // An invitation keeps its own time: answering it does not extend it.
            self.deadline_ms = Some(match &self.invite {
                Some(i) => i.expires_ms,
                None => now_ms + LOBBY_IDLE_MS,
            });
        }
    }

    /// The invitation being answered (a lobby waiting for its invited players).
    pub fn open_invite(&self) -> Option<&Invite> {
        self.invite
            .as_ref()
            .filter(|_| self.status == Status::Lobby)
    }

    /// Names of the people who have not answered the invitation yet.
    pub fn pending_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.pending)
            .map(|(i, s)| s.name(i, self.lang()))
            .collect()
    }

    pub fn lang(&self) -> Lang {
        self.settings.lang
    }

    /// The seat a user sits in.
    pub fn seat_of(&self, user: UserId) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.player.user() == Some(user))
    }

    /// The seat to act, while playing.
    pub fn acting(&self) -> Option<Seat> {
        match (&self.game, self.status) {
            (Some(g), Status::Playing) if !g.is_over() => Some(g.turn()),
            _ => None,
        }
    }

    /// Is the acting seat played by the computer right now (a bot, away or auto-play)?
    pub fn computer_acts(&self) -> bool {
        self.acting().is_some_and(|s| {
            let seat = &self.seats[s as usize];
            matches!(seat.player, Player::Bot { .. }) || seat.away || seat.autoplay
        })
    }

    /// The chip whose moves are shown: the selected one, or the only playable kind.
    pub fn shown_chip(&self) -> Option<Chip> {
        let g = self.game.as_ref()?;
        if g.phase() != Phase::Spend {
            return None;
        }
        if self.selected.is_some() {
            return self.selected;
        }
        let moves = g.legal_moves();
        let first = moves.first()?.chip;
        moves.iter().all(|m| m.chip == first).then_some(first)
    }

    /// Legal moves of the shown chip, in the engine's order.
    pub fn shown_moves(&self) -> Vec<Move> {
        match (self.shown_chip(), &self.game) {
            (Some(c), Some(g)) => g
                .legal_moves()
                .into_iter()
                .filter(|m| m.chip == c)
                .collect(),
            _ => Vec::new(),
        }
    }
    /// Legal moves of the current position (for views and bots).
    pub fn legal_moves(&self) -> ArrayVec<Move, MAX_MOVES> {
        let mut v = ArrayVec::new();
        if let Some(g) = &self.game {
            g.legal_moves_into(&mut v);
        }
        v
    }
}
