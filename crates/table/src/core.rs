//! One channel's game as a pure state machine: lobby, seats, turns, deadlines, auto-play.
//! `Table::apply(actor, command, now)` is deterministic, so the action log replays exactly.

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
    fn open(kind: InviteKind, now: i64) -> Invite {
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

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl SeatState {
    /// The Normal bot that takes the seat of someone who declined a rematch or did not answer.
    fn stand_in(team: u8) -> SeatState {
        SeatState::new(
            Player::Bot {
                level: Level::Normal,
            },
            team,
        )
    }

    fn new(player: Player, team: u8) -> SeatState {
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
}

/// A command refused: shown privately to the person who asked; the table is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NotYourTurn {
        whose: String,
    },
    NotSeated,
    AlreadySeated,
    Full,
    TeamFull,
    NotInLobby,
    NotPlaying,
    NotFinished,
    NeedPlayers,
    NotHostYet,
    NotHost,
    NoBot,
    Illegal(String),
    NoMoves,
    NotDue,
    /// Auto-play was already asked for this turn.
    AlreadyAuto,
    /// "I'm back" from someone whose seat nobody plays for them.
    NotAway,
    BadSettings(String),
    /// Fewer seats asked for than are taken.
    SeatsTaken {
        taken: u8,
        wanted: u8,
    },
    /// An invitation's button pressed by someone it does not ask.
    NotInvited,
    /// A second acceptance.
    AlreadyAccepted,
    /// The invitation lapsed (or was called off) before this answer.
    InviteOver,
    /// A challenge starts only when everyone named has accepted.
    WaitingFor {
        names: String,
    },
    /// The game has started and its thread is being opened.
    OpeningThread,
}

impl Refusal {
    pub fn message(&self, lang: Lang) -> String {
        self.message_in(yut_text::code(lang))
    }

    /// The refusal in a catalog language (`en`, `ko`, `es`).
    pub fn message_in(&self, code: &str) -> String {
        use yut_text::say_in;
        use Refusal::*;
        let key = match self {
            NotYourTurn { whose } => {
                return say_in(code, "refusal-not-your-turn", &[("whose", whose.into())])
            }
            NotSeated => "refusal-not-seated",
            AlreadySeated => "refusal-already-seated",
            Full => "refusal-full",
            TeamFull => "refusal-team-full",
            NotInLobby => "refusal-not-in-lobby",
            NotPlaying => "refusal-not-playing",
            NotFinished => "refusal-not-finished",
            NeedPlayers => "refusal-need-players",
            NotHostYet => "refusal-not-host-yet",
            NotHost => "refusal-not-host",
            NoBot => "refusal-no-bot",
            Illegal(why) => return say_in(code, "refusal-illegal", &[("why", why.into())]),
            NoMoves => "refusal-no-moves",
            NotDue => "refusal-not-due",
            AlreadyAuto => "refusal-already-auto",
            NotAway => "refusal-not-away",
            BadSettings(why) => {
                return say_in(code, "refusal-bad-settings", &[("why", why.into())])
            }
            SeatsTaken { taken, wanted } => {
                return say_in(
                    code,
                    "refusal-seats-taken",
                    &[("taken", (*taken).into()), ("wanted", (*wanted).into())],
                )
            }
            NotInvited => "refusal-not-invited",
            AlreadyAccepted => "refusal-already-accepted",
            InviteOver => "refusal-invite-over",
            OpeningThread => "refusal-opening-thread",
            WaitingFor { names } => {
                return say_in(code, "refusal-waiting-for", &[("names", names.into())])
            }
        };
        say_in(code, key, &[])
    }

    /// Every kind of refusal, with sample details (for the catalog test).
    pub fn samples() -> Vec<Refusal> {
        use Refusal::*;
        vec![
            NotYourTurn {
                whose: "Ann".into(),
            },
            NotSeated,
            AlreadySeated,
            Full,
            TeamFull,
            NotInLobby,
            NotPlaying,
            NotFinished,
            NeedPlayers,
            NotHostYet,
            NotHost,
            NoBot,
            Illegal("no piece there".into()),
            NoMoves,
            NotDue,
            AlreadyAuto,
            NotAway,
            BadSettings("seats=9".into()),
            SeatsTaken {
                taken: 3,
                wanted: 2,
            },
            NotInvited,
            AlreadyAccepted,
            InviteOver,
            WaitingFor {
                names: "Bo, Cy".into(),
            },
            OpeningThread,
        ]
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

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
}

/// A game's secret throw seed (32 bytes, written as 64 hex digits).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ThrowSeed(pub [u8; 32]);

impl ThrowSeed {
    /// The seed `ChaCha20Rng::seed_from_u64(seed)` uses, so that a table made from a `u64`
    /// throws exactly as it did before seeds were kept.
    pub fn from_u64(seed: u64) -> ThrowSeed {
        ThrowSeed(ChaCha20Rng::seed_from_u64(seed).get_seed())
    }

    /// The generator the throws come from.
    pub fn rng(&self) -> ChaCha20Rng {
        ChaCha20Rng::from_seed(self.0)
    }

    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    /// The commitment shown before the first throw: SHA-256 of the 32 bytes, in hex.
    pub fn commitment(&self) -> String {
        use sha2::Digest;
        hex(&sha2::Sha256::digest(self.0))
    }

    /// From 64 hex digits (either case).
    pub fn parse(s: &str) -> Option<ThrowSeed> {
        let b = s.as_bytes();
        if b.len() != 64 {
            return None;
        }
        let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        let mut out = [0u8; 32];
        for (i, o) in out.iter_mut().enumerate() {
            *o = digit(b[2 * i])? << 4 | digit(b[2 * i + 1])?;
        }
        Some(ThrowSeed(out))
    }
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

impl fmt::Debug for ThrowSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never printed in logs in full: the commitment is what may be shown.
        write!(f, "ThrowSeed(sha256 {})", &self.commitment()[..12])
    }
}

impl Serialize for ThrowSeed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

impl<'de> Deserialize<'de> for ThrowSeed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ThrowSeed::parse(&s).ok_or_else(|| serde::de::Error::custom("a seed is 64 hex digits"))
    }
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
            rng: seed.rng(),
            house: None,
            throw_seed: Some(seed),
            idle_turns: 0,
            abandoned: false,
            invite: None,
            thread: None,
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

    /// Apply a command. On refusal nothing changes.
    pub fn apply(&mut self, actor: &Actor, cmd: &Command, now_ms: i64) -> Result<Outcome, Refusal> {
        self.apply_logged(actor, cmd, now_ms, None)
    }

    /// Apply a command from the action log: where the computer played (bot turn, time-out),
    /// `played` is the action it chose then, played again instead of asking the bot (a bot
    /// that has changed since must not change the past). On refusal nothing changes.
    pub fn apply_logged(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now_ms: i64,
        played: Option<&Action>,
    ) -> Result<Outcome, Refusal> {
        let mut next = self.clone();
        let out = next.apply_inner(actor, cmd, now_ms, played)?;
        // A seated player's seat remembers the language they use.
        if let Actor::User {
            id,
            lang: Some(lang),
            ..
        } = actor
        {
            if let Some(s) = next.seats.iter_mut().find(|s| s.player.user() == Some(*id)) {
                s.lang = Some(*lang);
            }
        }
        // Any change to a lobby keeps it open for another while.
        next.arm_lobby(now_ms);
        next.version += 1;
        *self = next;
        Ok(out)
    }

    fn apply_inner(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        now: i64,
        played: Option<&Action>,
    ) -> Result<Outcome, Refusal> {
        let mut out = Outcome::default();
        if actor != &Actor::System
            && matches!(
                cmd,
                Command::Throw
                    | Command::Select { .. }
                    | Command::More
                    | Command::Move { .. }
                    | Command::Back
                    | Command::AutoPlay
                    | Command::Return
            )
        {
            // A person acted (a refused command changes nothing, this included).
            self.idle_turns = 0;
        }
        if self.thread == Some(Thread::Opening) && self.status == Status::Playing {
            // The game waits for its thread: only its opening (or the wait running out),
            // a stop and a repost.
            match cmd {
                Command::Thread { .. } | Command::Stop | Command::Repost => {}
                Command::Timeout | Command::BotTurn if actor == &Actor::System => {
                    if self.deadline_ms.is_none_or(|d| now < d) {
                        return Err(Refusal::NotDue);
                    }
                    // The thread never came: play in the channel.
                    self.thread_opened(None, now);
                    return Ok(out);
                }
                _ => return Err(Refusal::OpeningThread),
            }
        }
        if self.open_invite().is_some() {
            // A lobby waiting for its invited players: only answers, the host's start and
            // calling it off (or a moderator's stop).
            match cmd {
                Command::Accept => return self.accept(actor, now).map(|()| out),
                Command::Decline | Command::Leave => {
                    if actor.id() == Some(self.host) {
                        self.call_off(actor)?;
                    } else {
                        self.decline(actor)?;
                    }
                    return Ok(out);
                }
                Command::Start => {
                    self.start_invited(actor, now)?;
                    return Ok(out);
                }
                Command::Timeout => {
                    if actor != &Actor::System || self.deadline_ms.is_none_or(|d| now < d) {
                        return Err(Refusal::NotDue);
                    }
                    self.status = Status::Stopped;
                    self.deadline_ms = None;
                    if let Some(i) = &mut self.invite {
                        i.expired = true;
                    }
                    return Ok(out);
                }
                Command::Stop => {
                    self.call_off(actor)?;
                    return Ok(out);
                }
                Command::Repost => {}
                _ => {
                    return Err(Refusal::WaitingFor {
                        names: self.pending_names().join(", "),
                    })
                }
            }
        } else if matches!(cmd, Command::Accept | Command::Decline) {
            // An answer after the game started, lapsed or was called off.
            let id = actor.id();
            let seat = self
                .seats
                .iter()
                .find(|s| s.player.user() == id && id.is_some());
            return Err(match (&self.invite, seat) {
                (None, _) => Refusal::NotInLobby,
                (Some(_), None) => Refusal::NotInvited,
                (Some(_), Some(_)) if self.status == Status::Playing && cmd == &Command::Accept => {
                    Refusal::AlreadyAccepted
                }
                (Some(_), Some(_)) => Refusal::InviteOver,
            });
        }
        match cmd {
            Command::Accept | Command::Decline => return Err(Refusal::NotInLobby),
            Command::Join => self.join(actor)?,
            // Leaving a running game hands the seat to a bot (the same as resigning), so
            // `/yut leave` does the expected thing whether or not the game has just started.
            Command::Leave if self.status == Status::Playing => self.resign(actor, now)?,
            Command::Leave => self.leave(actor)?,
            Command::Team { team } => self.switch_team(actor, *team)?,
            Command::AddBot { level } => {
                self.lobby_only()?;
                self.seated(actor)?;
                let team = self.open_team().ok_or(Refusal::Full)?;
                self.seats
                    .push(SeatState::new(Player::Bot { level: *level }, team));
            }
            Command::RemoveBot => {
                self.lobby_only()?;
                self.seated(actor)?;
                let i = self
                    .seats
                    .iter()
                    .rposition(|s| matches!(s.player, Player::Bot { .. }))
                    .ok_or(Refusal::NoBot)?;
                self.seats.remove(i);
            }
            Command::FillBots { level } => {
                self.lobby_only()?;
                self.seated(actor)?;
                let mut added = false;
                while let Some(team) = self.open_team() {
                    self.seats
                        .push(SeatState::new(Player::Bot { level: *level }, team));
                    added = true;
                }
                if !added {
                    return Err(Refusal::Full);
                }
            }
            Command::Mode { teams, seats } => self.set_mode(actor, *teams, *seats)?,
            Command::Preset { preset } => self.set_preset(actor, *preset)?,
            Command::Start => self.start(actor, now)?,
            Command::Throw | Command::Select { .. } | Command::More | Command::Move { .. } => {
                let seat = self.human_turn(actor)?;
                let s = &mut self.seats[seat as usize];
                s.timeouts = 0;
                s.away = false;
                self.notice = None;
                match cmd {
                    Command::Throw => {
                        self.play(&Action::Throw, now, &mut out)?;
                    }
                    Command::Select { chip } => {
                        let g = self.game.as_ref().ok_or(Refusal::NotPlaying)?;
                        if g.phase() != Phase::Spend {
                            return Err(Refusal::Illegal(self.phase_hint()));
                        }
                        if !g.legal_moves().iter().any(|m| m.chip == *chip) {
                            return Err(Refusal::NoMoves);
                        }
                        self.selected = Some(*chip);
                        self.page = 0;
                    }
                    Command::More => {
                        let n = self.shown_moves().len();
                        if n <= MOVES_PER_PAGE {
                            return Err(Refusal::NoMoves);
                        }
                        let pages = n.div_ceil(MOVES_PER_PAGE) as u8;
                        self.page = (self.page + 1) % pages;
                    }
                    Command::Move { mv } => {
                        self.play(&Action::Move(*mv), now, &mut out)?;
                    }
                    _ => unreachable!("matched above"),
                }
            }
            Command::Back => {
                self.human_turn(actor)?;
                if self.selected.is_none() {
                    return Err(Refusal::NoMoves);
                }
                self.selected = None;
                self.page = 0;
            }
            Command::AutoPlay => {
                let seat = self.human_turn(actor)?;
                let s = &mut self.seats[seat as usize];
                // A second click is refused: it must not postpone the bot's move, nor make
                // the buttons of the board on show stale.
                if s.autoplay {
                    return Err(Refusal::AlreadyAuto);
                }
                s.autoplay = true;
                s.timeouts = 0;
                s.away = false;
                self.deadline_ms = Some(now + self.settings.bot_delay_ms as i64);
            }
            Command::Return => {
                if self.status != Status::Playing {
                    return Err(Refusal::NotPlaying);
                }
                let seat = self.seated(actor)?;
                let s = &mut self.seats[seat];
                if !(s.away || s.autoplay) {
                    return Err(Refusal::NotAway);
                }
                s.away = false;
                s.autoplay = false;
                s.timeouts = 0;
                let name = s.name(seat, self.settings.lang);
                self.notice = Some(Notice::Back { name });
                if self.acting() == Some(seat as Seat) {
                    // Their turn now: the person's own time to act.
                    self.arm(now);
                }
            }
            Command::Resign => self.resign(actor, now)?,
            Command::Stop => {
                if !self.status.is_active() {
                    return Err(Refusal::NotPlaying);
                }
                self.host_or_moderator(actor)?;
                self.status = Status::Stopped;
                // Everyone reads who stopped it.
                self.notice = match actor {
                    Actor::User { name, .. } => Some(Notice::Stopped { name: name.clone() }),
                    Actor::System => None,
                };
                self.deadline_ms = None;
                self.selected = None;
            }
            Command::Rematch => {
                if self.status != Status::Finished && self.status != Status::Stopped {
                    return Err(Refusal::NotFinished);
                }
                self.seated(actor)?;
                out.rematch = true;
            }
            Command::Repost => {
                out.repost = true;
            }
            Command::Create => return Err(Refusal::NotDue),
            Command::Thread { id } => {
                if actor != &Actor::System
                    || self.status != Status::Playing
                    || self.thread != Some(Thread::Opening)
                {
                    return Err(Refusal::NotDue);
                }
                self.thread_opened(*id, now);
                // The board moves to the thread: a new message there.
                out.repost = id.is_some();
            }
            Command::Timeout if self.status == Status::Lobby => {
                // Nobody started the lobby in time: it closes and frees the channel.
                if actor != &Actor::System || self.deadline_ms.is_none_or(|d| now < d) {
                    return Err(Refusal::NotDue);
                }
                self.status = Status::Stopped;
                self.deadline_ms = None;
                self.notice = Some(Notice::LobbyClosed {
                    minutes: (LOBBY_IDLE_MS / 60_000) as u32,
                });
            }
            Command::Timeout | Command::BotTurn => {
                if actor != &Actor::System {
                    return Err(Refusal::NotDue);
                }
                let Some(seat) = self.acting() else {
                    return Err(Refusal::NotDue);
                };
                if self.deadline_ms.is_none_or(|d| now < d) {
                    return Err(Refusal::NotDue);
                }
                let computer = self.computer_acts();
                if *cmd == Command::BotTurn && !computer {
                    return Err(Refusal::NotDue);
                }
                let level = match &self.seats[seat as usize].player {
                    Player::Bot { level } => *level,
                    Player::Human { .. } => Level::Normal,
                };
                if !computer {
                    // A person ran out of time.
                    let s = &mut self.seats[seat as usize];
                    s.timeouts += 1;
                    s.missed += 1;
                    let name = s.name(seat as usize, self.settings.lang);
                    if s.timeouts >= AWAY_AFTER {
                        s.away = true;
                    }
                    self.notice = Some(Notice::TimedOut { name });
                }
                let action = match played {
                    Some(a) => *a,
                    None => {
                        let g = self.game.as_ref().ok_or(Refusal::NotPlaying)?;
                        let bot = Bot::shared(level, g.rules());
                        // The bot draws from its own stream (per version), so the throws
                        // that follow do not depend on how many numbers a bot used.
                        let mut rng = self.rng.clone();
                        rng.set_stream(BOT_STREAM ^ self.version);
                        bot.choose(g, &mut rng).ok_or(Refusal::NotDue)?
                    }
                };
                self.play(&action, now, &mut out)?;
                out.played = Some(action);
                if self.everyone_away() {
                    self.idle_turns += out
                        .events
                        .iter()
                        .filter(|e| matches!(e, Event::TurnPassed { .. }))
                        .count() as u32;
                }
                self.abandon_if_nobody_plays();
            }
        }
        Ok(out)
    }

    /// There are people seated and every one of them is away (missed three deadlines in a
    /// row, and has not acted since).
    fn everyone_away(&self) -> bool {
        let mut people = self
            .seats
            .iter()
            .filter(|s| matches!(s.player, Player::Human { .. }))
            .peekable();
        people.peek().is_some() && people.all(|s| s.away)
    }

    /// Everyone seated has been away for a whole round of turns (counted from when the last
    /// of them went away; any click of theirs resets it): the game ends here (abandoned),
    /// rather than being played to the end by the bots.
    fn abandon_if_nobody_plays(&mut self) {
        if self.status != Status::Playing
            || !self.everyone_away()
            || (self.idle_turns as usize) < self.seats.len()
        {
            return;
        }
        self.status = Status::Stopped;
        self.abandoned = true;
        self.deadline_ms = None;
        self.selected = None;
        self.notice = Some(Notice::Abandoned);
    }

    fn phase_hint(&self) -> String {
        hint(self.settings.lang, self.game.as_ref().map(|g| g.phase()))
    }

    /// Play an engine action for the seat to act, then update seats and the deadline.
    fn play(&mut self, action: &Action, now: i64, out: &mut Outcome) -> Result<(), Refusal> {
        let lang = self.settings.lang;
        let g = self.game.as_mut().ok_or(Refusal::NotPlaying)?;
        let seat = g.turn();
        let phase = g.phase();
        let events = g.play(action, &mut self.rng).map_err(|e| {
            Refusal::Illegal(match e {
                yut_game::ActionError::NotSpendPhase | yut_game::ActionError::NotThrowPhase => {
                    hint(lang, Some(phase))
                }
                other => other.to_string(),
            })
        })?;
        for e in &events {
            match e {
                Event::Captured { seat, count, .. } => {
                    self.seats[*seat as usize].captures += *count as u32;
                }
                Event::Finished { count, .. } => {
                    self.seats[seat as usize].pieces_home += *count as u32;
                }
                Event::TurnPassed { from, .. } => {
                    self.seats[*from as usize].autoplay = false;
                }
                _ => {}
            }
        }
        self.selected = None;
        self.page = 0;
        if let Some(o) = self.game.as_ref().and_then(|g| g.outcome()).cloned() {
            self.status = Status::Finished;
            self.deadline_ms = None;
            self.series.record(&o);
            out.finished = true;
        } else {
            self.arm(now);
        }
        out.events.extend(events.iter().cloned());
        self.last_events = events;
        Ok(())
    }

    /// Set the deadline of the action now due.
    fn arm(&mut self, now: i64) {
        let Some(seat) = self.acting() else {
            self.deadline_ms = None;
            return;
        };
        let s = &self.seats[seat as usize];
        let delay = match s.player {
            Player::Bot { .. } => self.settings.bot_delay_ms as i64,
            Player::Human { .. } if s.autoplay => self.settings.bot_delay_ms as i64,
            Player::Human { .. } if s.away => AWAY_DELAY_MS,
            Player::Human { .. } => self.settings.turn_seconds as i64 * 1000,
        };
        self.deadline_ms = Some(now + delay);
    }

    /// The seat of the person acting, if it is their turn.
    fn human_turn(&self, actor: &Actor) -> Result<Seat, Refusal> {
        let seat = self.acting().ok_or(Refusal::NotPlaying)?;
        let me = actor.id().ok_or(Refusal::NotSeated)?;
        let turn_user = self.seats[seat as usize].player.user();
        if turn_user == Some(me) {
            return Ok(seat);
        }
        if self.seat_of(me).is_none() {
            return Err(Refusal::NotSeated);
        }
        Err(Refusal::NotYourTurn {
            whose: self.seats[seat as usize].name(seat as usize, self.settings.lang),
        })
    }

    fn lobby_only(&self) -> Result<(), Refusal> {
        if self.status == Status::Lobby {
            Ok(())
        } else {
            Err(Refusal::NotInLobby)
        }
    }

    fn seated(&self, actor: &Actor) -> Result<usize, Refusal> {
        actor
            .id()
            .and_then(|id| self.seat_of(id))
            .ok_or(Refusal::NotSeated)
    }

    /// A team with a free seat (the emptier one), or 0 in free-for-all while seats remain.
    fn open_team(&self) -> Option<u8> {
        if self.seats.len() >= self.settings.capacity() as usize {
            return None;
        }
        if !self.settings.teams {
            return Some(0);
        }
        let on = |t: u8| self.seats.iter().filter(|s| s.team == t).count();
        if on(0) <= on(1) {
            Some(0)
        } else {
            Some(1)
        }
    }

    fn join(&mut self, actor: &Actor) -> Result<(), Refusal> {
        self.lobby_only()?;
        let Actor::User { id, name, .. } = actor else {
            return Err(Refusal::NotSeated);
        };
        if self.seat_of(*id).is_some() {
            return Err(Refusal::AlreadySeated);
        }
        let team = self.open_team().ok_or(Refusal::Full)?;
        self.seats.push(SeatState::new(
            Player::Human {
                user: *id,
                name: name.clone(),
            },
            team,
        ));
        Ok(())
    }

    /// A seated player gives up their seat in a running game; a Normal bot plays it on.
    fn resign(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        if self.status != Status::Playing {
            return Err(Refusal::NotPlaying);
        }
        let seat = self.seated(actor)?;
        let name = self.seats[seat].name(seat, self.settings.lang);
        if let Player::Human { user, name } = &self.seats[seat].player {
            self.seats[seat].left = Some(Leaver {
                user: *user,
                name: name.clone(),
            });
        }
        self.seats[seat].player = Player::Bot {
            level: Level::Normal,
        };
        // Said on the board for everyone, not only to the one who left.
        self.notice = Some(Notice::Left { name: name.clone() });
        self.seats[seat].away = false;
        self.seats[seat].autoplay = false;
        self.arm(now);
        Ok(())
    }

    fn leave(&mut self, actor: &Actor) -> Result<(), Refusal> {
        self.lobby_only()?;
        let i = self.seated(actor)?;
        self.seats.remove(i);
        if actor.id() == Some(self.host) {
            // The next person seated becomes host; a lobby with nobody in it closes.
            match self.seats.iter().find_map(|s| s.player.user()) {
                Some(next) => self.host = next,
                None => {
                    self.status = Status::Stopped;
                }
            }
        }
        Ok(())
    }

    /// The host, a moderator or the system; else `NotHost`.
    fn host_or_moderator(&self, actor: &Actor) -> Result<(), Refusal> {
        let allowed = match actor {
            Actor::User { id, moderator, .. } => *moderator || *id == self.host,
            Actor::System => true,
        };
        if allowed {
            Ok(())
        } else {
            Err(Refusal::NotHost)
        }
    }

    /// Switch the lobby between free-for-all (2-4 seats) and 2v2 teams. Everyone seated keeps
    /// their seat; asking for fewer seats than are taken is refused.
    fn set_mode(&mut self, actor: &Actor, teams: bool, seats: u8) -> Result<(), Refusal> {
        self.lobby_only()?;
        self.host_or_moderator(actor)?;
        let mut next = self.settings.clone();
        next.teams = teams;
        next.seats = if teams { 4 } else { seats };
        next.check()?;
        let taken = self.seats.len() as u8;
        if taken > next.capacity() {
            return Err(Refusal::SeatsTaken {
                taken,
                wanted: next.capacity(),
            });
        }
        if teams && !self.settings.teams {
            // Alternate A, B, A, B in the order people sat down.
            for (i, s) in self.seats.iter_mut().enumerate() {
                s.team = (i % 2) as u8;
            }
        } else if !teams {
            for s in &mut self.seats {
                s.team = 0;
            }
        }
        self.settings = next;
        Ok(())
    }

    /// Switch the lobby to another preset: the house rules chosen on top of the old one (and
    /// the match length) stay on top of the new one.
    fn set_preset(&mut self, actor: &Actor, preset: Preset) -> Result<(), Refusal> {
        self.lobby_only()?;
        self.host_or_moderator(actor)?;
        let house = match &self.house {
            Some(h) => h.clone(),
            None => Rules::preset_named(&self.settings.preset)
                .map(|old| self.settings.rules.differences(&old))
                .unwrap_or_default(),
        };
        let mut rules = Rules::preset(preset);
        rules
            .apply_text(&house.join(" "))
            .map_err(|e| Refusal::BadSettings(e.to_string()))?;
        self.settings.rules = rules;
        self.house = Some(house);
        self.settings.preset = preset.word().to_string();
        Ok(())
    }

    fn switch_team(&mut self, actor: &Actor, team: u8) -> Result<(), Refusal> {
        self.lobby_only()?;
        if !self.settings.teams || team > 1 {
            return Err(Refusal::TeamFull);
        }
        let i = self.seated(actor)?;
        if self.seats[i].team == team {
            return Ok(());
        }
        if self.seats.iter().filter(|s| s.team == team).count() >= 2 {
            return Err(Refusal::TeamFull);
        }
        self.seats[i].team = team;
        Ok(())
    }

    fn start(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        self.lobby_only()?;
        let me = self.seated(actor)?;
        let full = self.seats.len() == self.settings.capacity() as usize;
        self.check_seats()?;
        if !full && self.seats[me].player.user() != Some(self.host) {
            return Err(Refusal::NotHostYet);
        }
        self.launch(now)
    }

    /// Enough seats to play: two or more, two on each team in 2v2.
    fn check_seats(&self) -> Result<(), Refusal> {
        if self.seats.len() < 2 {
            return Err(Refusal::NeedPlayers);
        }
        let on = |t: u8| self.seats.iter().filter(|s| s.team == t).count();
        if self.settings.teams && (on(0) != 2 || on(1) != 2) {
            return Err(Refusal::NeedPlayers);
        }
        Ok(())
    }

    /// Check the seats, put teams in playing order (A1 B1 A2 B2) and deal.
    fn launch(&mut self, now: i64) -> Result<(), Refusal> {
        self.check_seats()?;
        if self.settings.teams {
            let a: Vec<SeatState> = self.seats.iter().filter(|s| s.team == 0).cloned().collect();
            let b: Vec<SeatState> = self.seats.iter().filter(|s| s.team == 1).cloned().collect();
            self.seats = vec![a[0].clone(), b[0].clone(), a[1].clone(), b[1].clone()];
        }
        self.invite = None;
        self.begin(now)
    }

    /// The seat an invitation holds for the actor.
    fn invited_seat(&self, actor: &Actor) -> Result<usize, Refusal> {
        self.seated(actor).map_err(|_| Refusal::NotInvited)
    }

    /// An invited player accepts; the last acceptance starts the game (unless someone declined
    /// a rematch: then the host starts it).
    fn accept(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        let i = self.invited_seat(actor)?;
        if !self.seats[i].pending {
            return Err(Refusal::AlreadyAccepted);
        }
        self.seats[i].pending = false;
        let declined = self.invite.as_ref().is_some_and(|v| !v.declined.is_empty());
        if !declined && self.seats.iter().all(|s| !s.pending) {
            self.launch(now)?;
        }
        Ok(())
    }

    /// An invited player declines: a challenge is called off; in a rematch a Normal bot holds
    /// the seat (the host may start with it, or call the rematch off).
    fn decline(&mut self, actor: &Actor) -> Result<(), Refusal> {
        let i = self.invited_seat(actor)?;
        let name = self.seats[i].name(i, self.lang());
        let Some(invite) = &mut self.invite else {
            return Err(Refusal::NotInLobby);
        };
        invite.declined.push(name);
        match invite.kind {
            InviteKind::Challenge => {
                self.status = Status::Stopped;
                self.deadline_ms = None;
            }
            InviteKind::Rematch => {
                self.seats[i] = SeatState::stand_in(self.seats[i].team);
            }
        }
        Ok(())
    }

    /// The host calls the invitation off: the lobby closes.
    fn call_off(&mut self, actor: &Actor) -> Result<(), Refusal> {
        self.host_or_moderator(actor)?;
        self.status = Status::Stopped;
        self.deadline_ms = None;
        if let (Some(i), Actor::User { name, .. }) = (&mut self.invite, actor) {
            i.called_off = Some(name.clone());
        }
        Ok(())
    }

    /// The host starts a rematch now: Normal bots take the seats of those who have not
    /// accepted. A challenge waits for every acceptance.
    fn start_invited(&mut self, actor: &Actor, now: i64) -> Result<(), Refusal> {
        let waiting = || Refusal::WaitingFor {
            names: self.pending_names().join(", "),
        };
        match self.invite.as_ref().map(|i| i.kind) {
            Some(InviteKind::Challenge) => return Err(waiting()),
            Some(InviteKind::Rematch) => {}
            None => return Err(Refusal::NotInLobby),
        }
        if actor.id() != Some(self.host) {
            return Err(Refusal::NotHost);
        }
        let mut next = self.clone();
        for s in next.seats.iter_mut().filter(|s| s.pending) {
            *s = SeatState::stand_in(s.team);
        }
        next.launch(now)?;
        *self = next;
        Ok(())
    }

    /// Deal a new game with the current seats.
    fn begin(&mut self, now: i64) -> Result<(), Refusal> {
        let n = self.seats.len() as u8;
        let (game, events) = Game::new(
            self.settings.rules.clone(),
            n,
            self.settings.teams,
            &mut self.rng,
        )
        .map_err(|e| Refusal::Illegal(e.to_string()))?;
        if !self.settings.teams {
            for (i, s) in self.seats.iter_mut().enumerate() {
                s.team = i as u8;
            }
        }
        for s in &mut self.seats {
            s.away = false;
            s.timeouts = 0;
            s.autoplay = false;
            s.captures = 0;
            s.pieces_home = 0;
            s.left = None;
            s.missed = 0;
        }
        self.idle_turns = 0;
        self.abandoned = false;
        self.game = Some(game);
        self.status = Status::Playing;
        self.selected = None;
        self.last_events = events;
        self.notice = None;
        self.arm(now);
        if self.thread == Some(Thread::Wanted) {
            // Nothing moves (nor is anyone pinged) until the thread is open.
            self.thread = Some(Thread::Opening);
            self.deadline_ms = Some(now + THREAD_OPENING_MS);
        }
        Ok(())
    }

    /// Is the game waiting for its thread to open?
    pub fn opening_thread(&self) -> bool {
        self.status == Status::Playing && self.thread == Some(Thread::Opening)
    }

    /// The thread the game is played in and the channel of its lobby, once it moved there.
    pub fn thread_parent(&self) -> Option<u64> {
        match self.thread {
            Some(Thread::Open { parent }) => Some(parent),
            _ => None,
        }
    }

    /// The game's thread opened (`Some` channel: the game moves there) or could not be: play
    /// on, the first player's time counting from now.
    fn thread_opened(&mut self, id: Option<u64>, now: i64) {
        match id {
            Some(thread) => {
                self.thread = Some(Thread::Open {
                    parent: self.channel,
                });
                self.channel = thread;
            }
            None => {
                self.thread = Some(Thread::Refused);
                self.notice = Some(Notice::NoThread);
            }
        }
        self.arm(now);
    }

    /// A new table for a rematch asked for by `by`: same settings and seats, the series
    /// carried over unless it was decided. The other people who played are asked again
    /// (their seats are held until they answer) and `by` hosts it; with nobody else to ask it
    /// starts at once.
    pub fn rematch(&self, id: i64, seed: u64, now: i64, by: UserId) -> Table {
        self.rematch_with_seed(id, ThrowSeed::from_u64(seed), now, by)
    }

    /// `rematch`, throwing from `seed`.
    pub fn rematch_with_seed(&self, id: i64, seed: ThrowSeed, now: i64, by: UserId) -> Table {
        let mut t = self.clone();
        t.id = id;
        t.version = 0;
        t.rng = seed.rng();
        t.throw_seed = Some(seed);
        if t.series.winner().is_some() {
            t.series = Match::new(t.settings.rules.first_to);
        }
        t.notice = None;
        t.invite = None;
        // A rematch in a game's thread is played there; one in the channel tries again.
        t.thread = match self.thread {
            Some(Thread::Open { .. }) | None => None,
            Some(_) => Some(Thread::Wanted),
        };
        for s in &mut t.seats {
            s.pending = false;
        }
        let lobby = |t: &mut Table| {
            t.status = Status::Lobby;
            t.game = None;
            t.arm_lobby(now);
        };
        // A lobby that closed before it started opens again as a lobby.
        if self.game.is_none() {
            lobby(&mut t);
            return t;
        }
        if t.seat_of(by).is_some() {
            t.host = by;
        }
        let mut asked = false;
        for s in &mut t.seats {
            if s.player.user().is_some_and(|u| u != by) {
                s.pending = true;
                asked = true;
            }
        }
        if asked {
            t.invite = Some(Invite::open(InviteKind::Rematch, now));
            lobby(&mut t);
            return t;
        }
        // Started at once (nobody else to ask): played where it is asked for.
        t.thread = None;
        if t.begin(now).is_err() {
            // Cannot fail (these seats started a game before); a lobby if it does.
            lobby(&mut t);
        }
        t
    }

    /// A challenge's table: `host` challenges the people in `asked` (their seats are held
    /// until they answer). `seats` are in the order of the lobby's list; in 2v2 each carries
    /// its team. Starts when all have accepted.
    #[allow(clippy::too_many_arguments)]
    pub fn challenge(
        id: i64,
        guild: u64,
        channel: u64,
        host: &Actor,
        settings: Settings,
        seed: ThrowSeed,
        seats: Vec<SeatState>,
        now: i64,
    ) -> Table {
        let mut t = Table::with_seed(id, guild, channel, host, settings, seed);
        t.seats = seats;
        let host_id = t.host;
        for s in &mut t.seats {
            s.pending = s.player.user().is_some_and(|u| u != host_id);
        }
        t.invite = Some(Invite::open(InviteKind::Challenge, now));
        t.arm_lobby(now);
        t
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
