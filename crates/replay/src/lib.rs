//! After the game: an animated replay (GIF), a win-chance chart, each player's costliest
//! decisions, and the record anyone can verify. Everything here is a pure, deterministic
//! function of a game's genesis and action log (see `table::persist`), so the same game gives
//! the same files on any machine.
//!
//! `walk` turns the log into the game's steps (the start, then every throw and move, each with
//! the table as it was shown after it); the other modules read those steps.

pub mod anim;
pub mod chart;
pub mod lzw;
pub mod record;
pub mod review;
pub mod words;

use thiserror::Error;
use yut_game::{Action, Event, Game, Rules, Seat};
use yut_table::core::Command;
use yut_table::persist::LogEntry;
use yut_table::{Lang, Status, Table};

/// Why a game cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error("the game never started")]
    NotStarted,
    #[error("log entry {version} was refused on replay: {why}")]
    Refused { version: u64, why: String },
}

/// One step of a game: the start (no action) or one throw or move.
#[derive(Debug, Clone)]
pub struct Step {
    /// The action played (None for the start of the game).
    pub action: Option<Action>,
    /// The seat that acted (for the start: the seat that begins).
    pub seat: Seat,
    /// The game before the action (None for the start).
    pub before: Option<Game>,
    /// The table after the action, as its board showed it.
    pub table: Table,
    /// What the action did.
    pub events: Vec<Event>,
    /// Whether the computer chose it (a bot, a time-out, auto-play).
    pub computer: bool,
}

impl Step {
    pub fn game(&self) -> &Game {
        self.table
            .game
            .as_ref()
            .expect("a step is only made for a table with a game")
    }
}

/// A game's steps, from its genesis and whole log.
#[derive(Debug, Clone)]
pub struct Played {
    pub steps: Vec<Step>,
    /// The table at the end of the log.
    pub last: Table,
}

impl Played {
    /// The game's rules (None for a game that never started).
    pub fn rules(&self) -> Option<Rules> {
        self.steps[0].table.game.as_ref().map(|g| g.rules().clone())
    }

    /// The number of actions shown (the start, every throw and every move).
    pub fn actions(&self) -> usize {
        self.steps.len()
    }

    pub fn lang(&self) -> Lang {
        self.last.lang()
    }

    /// The side that won, if the game was won.
    pub fn winner(&self) -> Option<yut_game::Side> {
        self.last
            .game
            .as_ref()
            .and_then(|g| g.outcome())
            .map(|o| o.winner)
    }

    pub fn finished(&self) -> bool {
        self.last.status == Status::Finished
    }

    /// The throws of the game (throw-off throws included), in order.
    pub fn throws(&self) -> usize {
        self.steps
            .iter()
            .flat_map(|s| &s.events)
            .filter(|e| matches!(e, Event::Thrown { .. } | Event::ThrowOff { .. }))
            .count()
    }
}

/// Replay a game from its genesis through its whole log, keeping every step that changed the
/// board: the start, each throw and each move (selections and lobby changes are left out).
pub fn walk(genesis: &Table, log: &[LogEntry]) -> Result<Played, ReplayError> {
    let mut t = genesis.clone();
    let mut steps = Vec::new();
    if let Some(g) = &t.game {
        // A rematch is dealt when it is created.
        steps.push(Step {
            action: None,
            seat: first_seat(&t.last_events).unwrap_or(g.turn()),
            before: None,
            table: t.clone(),
            events: t.last_events.clone(),
            computer: false,
        });
    }
    for e in log {
        if e.version <= t.version {
            continue;
        }
        let before = t.game.clone();
        let computer = t.computer_acts();
        let out = t
            .apply_logged(&e.actor, &e.command, e.at_ms, e.played.as_ref())
            .map_err(|r| ReplayError::Refused {
                version: e.version,
                why: r.to_string(),
            })?;
        let Some(g) = &t.game else { continue };
        let action = match (&e.command, out.played) {
            (Command::Throw, _) => Some(Action::Throw),
            (Command::Move { mv }, _) => Some(Action::Move(*mv)),
            (Command::Timeout | Command::BotTurn, Some(a)) => Some(a),
            _ => None,
        };
        match (before, action) {
            // The deal (and any throw-off) is in the table's last events.
            (None, _) => steps.push(Step {
                action: None,
                seat: first_seat(&t.last_events).unwrap_or(g.turn()),
                before: None,
                table: t.clone(),
                events: t.last_events.clone(),
                computer: false,
            }),
            (Some(b), Some(a)) if !out.events.is_empty() => {
                let computer =
                    computer || !matches!(e.command, Command::Throw | Command::Move { .. });
                steps.push(Step {
                    action: Some(a),
                    seat: b.turn(),
                    before: Some(b),
                    table: t.clone(),
                    events: out.events,
                    computer,
                })
            }
            _ => {}
        }
    }
    if steps.is_empty() {
        return Err(ReplayError::NotStarted);
    }
    Ok(Played { steps, last: t })
}

fn first_seat(events: &[Event]) -> Option<Seat> {
    events.iter().find_map(|e| match e {
        Event::Starts { seat } => Some(*seat),
        _ => None,
    })
}
