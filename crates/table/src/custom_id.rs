//! Every button's custom id, in one type: [`ButtonId`], written with `Display` and read
//! with `FromStr`. A game's buttons carry the game, its version and a command
//! (`yut:<game>:<version>:<action>`), so a click on an old board is refused and any process
//! can serve it; a finished board's after-game buttons carry the game and what to show
//! (`yuta:<game>:<what>`), and never go to the game's actor.

use crate::core::Command;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use yut_ai::Level;
use yut_game::board::POINTS;
use yut_game::{Chip, Dest, Move, Origin, Preset};

/// A button, as its custom id says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ButtonId {
    /// A command to a game, valid at one version of it.
    Game {
        game: i64,
        version: u64,
        command: Command,
    },
    /// A finished game's after-game button.
    After { game: i64, button: AfterButton },
}

/// The buttons of a finished board that show what came after the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterButton {
    /// The animated replay and the record (posted in the channel).
    Replay,
    /// The win-chance chart (posted in the channel).
    Analysis,
    /// The clicker's costliest decisions (private).
    Review,
    /// How the throws are made fair: the commitment, the seed once over (private; on a
    /// running game's board too).
    Fair,
    /// Follow the game: a direct message to the clicker when it ends (private answer; on a
    /// running game's board).
    Follow,
    /// Play the game on the board inside Discord (the Activity; on a running game's board
    /// and its lobby).
    Board,
}

impl AfterButton {
    pub const ALL: [AfterButton; 6] = [
        AfterButton::Replay,
        AfterButton::Analysis,
        AfterButton::Review,
        AfterButton::Fair,
        AfterButton::Follow,
        AfterButton::Board,
    ];

    fn word(self) -> &'static str {
        match self {
            AfterButton::Replay => "replay",
            AfterButton::Analysis => "chart",
            AfterButton::Review => "review",
            AfterButton::Fair => "fair",
            AfterButton::Follow => "follow",
            AfterButton::Board => "board",
        }
    }
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonId::Game {
                game,
                version,
                command,
            } => write!(f, "yut:{game}:{version}:{}", action_of(command)),
            ButtonId::After { game, button } => write!(f, "yuta:{game}:{}", button.word()),
        }
    }
}

impl FromStr for ButtonId {
    type Err = DecodeError;

    fn from_str(id: &str) -> Result<ButtonId, DecodeError> {
        if id.starts_with("yuta:") {
            decode_after(id)
                .map(|(game, button)| ButtonId::After { game, button })
                .ok_or_else(|| DecodeError(id.chars().take(MAX_CUSTOM_ID).collect()))
        } else {
            decode_game(id)
        }
    }
}

/// `yuta:<game>:<what>`: these buttons act on a finished game, so they carry no version.
pub fn encode_after(game: i64, button: AfterButton) -> String {
    ButtonId::After { game, button }.to_string()
}

/// The game and button of a `yuta:` custom id.
pub fn decode_after(id: &str) -> Option<(i64, AfterButton)> {
    let mut parts = id.split(':');
    if parts.next()? != "yuta" {
        return None;
    }
    let game: i64 = parts.next()?.parse().ok()?;
    let word = parts.next()?;
    let b = AfterButton::ALL.into_iter().find(|b| b.word() == word)?;
    parts.next().is_none().then_some((game, b))
}

/// Longest custom id Discord accepts.
pub const MAX_CUSTOM_ID: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("not a yutbot button: {0}")]
pub struct DecodeError(pub String);

/// The `<action>` part of a game button: what the command is, in a few characters.
fn action_of(cmd: &Command) -> String {
    match cmd {
        Command::Join => "join".to_string(),
        Command::Leave => "leave".to_string(),
        Command::Team { team } => format!("team:{team}"),
        Command::AddBot { level } => format!("bot:{}", level.name()),
        Command::RemoveBot => "unbot".to_string(),
        Command::FillBots { level } => format!("fill:{}", level.name()),
        Command::BotLevel { level } => format!("level:{}", level.name()),
        Command::Mode { teams: true, .. } => "mode:teams".to_string(),
        Command::Mode { seats, .. } => format!("mode:{seats}"),
        Command::Preset { preset } => format!("preset:{}", preset.word()),
        Command::Start => "start".to_string(),
        Command::Throw => "throw".to_string(),
        Command::Select { chip } => format!("sel:{}", chip.name()),
        Command::More => "more".to_string(),
        Command::Move { mv } => {
            let piece = match mv.piece {
                Origin::New => "n".to_string(),
                Origin::At(p) => p.to_string(),
            };
            let to = match mv.to {
                Dest::Point(p) => p.to_string(),
                Dest::Home => "h".to_string(),
                Dest::Waiting => "w".to_string(),
            };
            let stack = match mv.stack {
                None => "",
                Some(true) => ":s",
                Some(false) => ":b",
            };
            format!("mv:{}:{piece}:{to}{stack}", mv.chip.name())
        }
        Command::Back => "back".to_string(),
        Command::Return => "here".to_string(),
        Command::AutoPlay => "auto".to_string(),
        Command::Resign => "resign".to_string(),
        Command::Stop => "stop".to_string(),
        Command::Rematch => "rematch".to_string(),
        Command::Accept => "accept".to_string(),
        Command::Decline => "decline".to_string(),
        Command::Repost => "repost".to_string(),
        Command::Create => "create".to_string(),
        Command::Timeout => "timeout".to_string(),
        Command::BotTurn => "botturn".to_string(),
        Command::Thread { .. } => "thread".to_string(),
        Command::Hold => "hold".to_string(),
        Command::Resume => "resume".to_string(),
    }
}

/// `yut:<game>:<version>:<action>`.
pub fn encode(game: i64, version: u64, cmd: &Command) -> String {
    ButtonId::Game {
        game,
        version,
        command: cmd.clone(),
    }
    .to_string()
}

/// Parse a game button's custom id into (game, version, command). Internal commands never
/// decode; an after-game button is not a game button.
pub fn decode(id: &str) -> Result<(i64, u64, Command), DecodeError> {
    match id.parse::<ButtonId>()? {
        ButtonId::Game {
            game,
            version,
            command,
        } => Ok((game, version, command)),
        ButtonId::After { .. } => Err(DecodeError(id.to_string())),
    }
}

/// A `yut:` custom id.
fn decode_game(id: &str) -> Result<ButtonId, DecodeError> {
    let bad = || DecodeError(id.chars().take(MAX_CUSTOM_ID).collect());
    if id.len() > MAX_CUSTOM_ID {
        return Err(bad());
    }
    let mut parts = id.split(':');
    if parts.next() != Some("yut") {
        return Err(bad());
    }
    let game: i64 = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
    let version: u64 = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
    let rest: Vec<&str> = parts.collect();
    let level = |s: &str| s.parse::<Level>().map_err(|_| bad());
    let chip = |s: &str| Chip::from_name(s).ok_or_else(bad);
    let point_id = |s: &str| {
        s.parse::<u8>()
            .ok()
            .filter(|&p| (p as usize) < POINTS)
            .ok_or_else(bad)
    };
    let cmd = match rest.as_slice() {
        ["join"] => Command::Join,
        ["leave"] => Command::Leave,
        ["team", t] => Command::Team {
            team: match *t {
                "0" => 0,
                "1" => 1,
                _ => return Err(bad()),
            },
        },
        ["bot", l] => Command::AddBot { level: level(l)? },
        ["unbot"] => Command::RemoveBot,
        ["fill", l] => Command::FillBots { level: level(l)? },
        ["level", l] => Command::BotLevel { level: level(l)? },
        ["mode", "teams"] => Command::Mode {
            teams: true,
            seats: 4,
        },
        ["mode", n @ ("2" | "3" | "4")] => Command::Mode {
            teams: false,
            seats: n.parse().map_err(|_| bad())?,
        },
        ["preset", p] => Command::Preset {
            preset: Preset::from_word(p).ok_or_else(bad)?,
        },
        ["start"] => Command::Start,
        ["throw"] => Command::Throw,
        ["sel", c] => Command::Select { chip: chip(c)? },
        ["more"] => Command::More,
        ["mv", c, piece, to, tail @ ..] => {
            let piece = match *piece {
                "n" => Origin::New,
                p => Origin::At(point_id(p)?),
            };
            let to = match *to {
                "h" => Dest::Home,
                "w" => Dest::Waiting,
                p => Dest::Point(point_id(p)?),
            };
            let stack = match tail {
                [] => None,
                ["s"] => Some(true),
                ["b"] => Some(false),
                _ => return Err(bad()),
            };
            Command::Move {
                mv: Move {
                    chip: chip(c)?,
                    piece,
                    to,
                    stack,
                },
            }
        }
        ["back"] => Command::Back,
        ["here"] => Command::Return,
        ["auto"] => Command::AutoPlay,
        ["resign"] => Command::Resign,
        ["stop"] => Command::Stop,
        ["rematch"] => Command::Rematch,
        ["accept"] => Command::Accept,
        ["decline"] => Command::Decline,
        ["repost"] => Command::Repost,
        ["resume"] => Command::Resume,
        _ => return Err(bad()),
    };
    Ok(ButtonId::Game {
        game,
        version,
        command: cmd,
    })
}
