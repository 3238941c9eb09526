//! Between tables and the store's records: what of a table goes into which row, the log
//! entries, results, and replay (a snapshot plus the log after it). The store sees only text
//! and numbers; the meaning of a state, and the state machine that replays the log, stay here.

use super::core::{Actor, Command, Player, Status, Table};
use yut_game::Action;
use yut_game::Preset;
use yut_rating::game::{Occupant, RatedSeat};
use yut_rating::ModeFamily;
use yut_store::{GameStatus, Loaded, LogRow, PlayerResult, ResultRow, SeatRow, Store, StoreError};

/// The full state is written with at most this many actions between two snapshots (and
/// whenever the status or the rules change); every other action writes its log entry and a
/// few columns. Loading replays at most this many entries onto the last snapshot.
pub const SNAPSHOT_EVERY: u64 = 16;

/// One entry of the action log, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct LogEntry {
    pub version: u64,
    pub actor: Actor,
    pub command: Command,
    pub at_ms: i64,
    /// What the computer played for this command (bot turn, time-out).
    pub played: Option<Action>,
}

/// A game as loaded from the store: its table and the message that shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    pub table: Table,
    pub message_id: Option<u64>,
    /// When that message was posted (ms since the Unix epoch).
    pub message_ms: Option<i64>,
    /// The version of the last snapshot written.
    pub snapshot_version: u64,
}

fn corrupt(e: serde_json::Error) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

pub fn status_row(s: Status) -> GameStatus {
    match s {
        Status::Lobby => GameStatus::Lobby,
        Status::Playing => GameStatus::Playing,
        Status::Finished => GameStatus::Finished,
        Status::Stopped => GameStatus::Stopped,
    }
}

pub fn status_of(s: GameStatus) -> Status {
    match s {
        GameStatus::Lobby => Status::Lobby,
        GameStatus::Playing => Status::Playing,
        GameStatus::Finished => Status::Finished,
        GameStatus::Stopped => Status::Stopped,
    }
}

pub fn state_text(t: &Table) -> Result<String, StoreError> {
    serde_json::to_string(t).map_err(corrupt)
}

pub fn parse_state(s: &str) -> Result<Table, StoreError> {
    serde_json::from_str(s).map_err(corrupt)
}

pub fn rules_text(t: &Table) -> Result<String, StoreError> {
    serde_json::to_string(&t.settings.rules).map_err(corrupt)
}

pub fn seat_rows(t: &Table) -> Vec<SeatRow> {
    t.seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (user, bot_level) = match &s.player {
                Player::Human { user, .. } => (Some(*user), None),
                Player::Bot { level } => (None, Some(level.name().to_string())),
            };
            SeatRow {
                user,
                name: s.name(i, t.settings.lang),
                bot_level,
                team: s.team,
                away: s.away,
            }
        })
        .collect()
}

/// The seat rows to write when an action takes `before` to `next`: None when the rows would
/// not change. The rows hold who sits where (name, bot level, team, away), not a seat's
/// counters (captures, pieces home, missed deadlines), which change on many moves and live in
/// the state; comparing the rows keeps those moves on the one-call commit.
pub fn changed_seat_rows(before: &Table, next: &Table) -> Option<Vec<SeatRow>> {
    if next.seats == before.seats && next.settings.lang == before.settings.lang {
        return None;
    }
    let rows = seat_rows(next);
    (rows != seat_rows(before)).then_some(rows)
}

pub fn log_row(
    version: u64,
    actor: &Actor,
    command: &Command,
    played: Option<&Action>,
    at_ms: i64,
) -> Result<LogRow, StoreError> {
    Ok(LogRow {
        version,
        actor: serde_json::to_string(actor).map_err(corrupt)?,
        command: serde_json::to_string(command).map_err(corrupt)?,
        played: played
            .map(serde_json::to_string)
            .transpose()
            .map_err(corrupt)?,
        at_ms,
    })
}

pub fn entry(row: &LogRow) -> Result<LogEntry, StoreError> {
    Ok(LogEntry {
        version: row.version,
        actor: serde_json::from_str(&row.actor).map_err(corrupt)?,
        command: serde_json::from_str(&row.command).map_err(corrupt)?,
        at_ms: row.at_ms,
        played: row
            .played
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(corrupt)?,
    })
}

/// Replay log entries onto a table, in order, each exactly one version after the last.
pub fn replay_onto(t: &mut Table, log: &[LogRow]) -> Result<(), StoreError> {
    for row in log {
        if row.version <= t.version {
            continue;
        }
        if row.version != t.version + 1 {
            return Err(StoreError::Corrupt(format!(
                "game {}: log entry {} follows version {}",
                t.id, row.version, t.version
            )));
        }
        let e = entry(row)?;
        t.apply_logged(&e.actor, &e.command, e.at_ms, e.played.as_ref())
            .map_err(|r| {
                StoreError::Corrupt(format!(
                    "game {}: log entry {} refused: {r}",
                    t.id, e.version
                ))
            })?;
    }
    Ok(())
}

/// A stored game as it is now: its last snapshot with the log after it replayed.
pub fn restore(l: &Loaded) -> Result<Stored, StoreError> {
    let mut table = parse_state(&l.row.snapshot)?;
    replay_onto(&mut table, &l.log)?;
    if table.version != l.row.version {
        return Err(StoreError::Corrupt(format!(
            "game {}: replay reached version {}, the row says {}",
            l.row.id, table.version, l.row.version
        )));
    }
    Ok(Stored {
        table,
        message_id: l.row.message_id,
        message_ms: l.row.message_ms,
        snapshot_version: l.row.snapshot_version,
    })
}

/// A game by id, as it is now.
pub async fn load(store: &Store, id: i64) -> Result<Stored, StoreError> {
    restore(&store.load(id).await?)
}

/// The whole log of a game, decoded.
pub async fn log(store: &Store, id: i64) -> Result<Vec<LogEntry>, StoreError> {
    store.log(id).await?.iter().map(entry).collect()
}

/// Replay a game's whole log from its genesis (the state it was created with): the state it
/// must reproduce.
pub async fn replay(store: &Store, id: i64) -> Result<Table, StoreError> {
    let mut t = parse_state(&store.genesis(id).await?)?;
    replay_onto(&mut t, &store.log(id).await?)?;
    Ok(t)
}

/// The result of a finished game, with what each human player did (None if not finished).
pub fn result_row(t: &Table, now_ms: i64) -> Result<Option<ResultRow>, StoreError> {
    let Some(game) = t.game.as_ref() else {
        return Ok(None);
    };
    let Some(outcome) = game.outcome() else {
        return Ok(None);
    };
    let mut players = Vec::new();
    let mut seats = Vec::new();
    for (i, s) in t.seats.iter().enumerate() {
        let side = game.side_of(i as u8);
        let won = side == outcome.winner;
        let occupant = match (&s.player, &s.left) {
            (Player::Human { user, name }, _) => {
                players.push(PlayerResult {
                    user: *user,
                    name: name.clone(),
                    won,
                    team_won: won && t.settings.teams,
                    captures: s.captures,
                    pieces_home: s.pieces_home,
                    left: false,
                    timeouts: s.missed,
                });
                Occupant::Human(*user)
            }
            (Player::Bot { .. }, Some(l)) => {
                // Left before the end: a loss, whatever the bot in the seat did.
                players.push(PlayerResult {
                    user: l.user,
                    name: l.name.clone(),
                    won: false,
                    team_won: false,
                    captures: s.captures,
                    pieces_home: s.pieces_home,
                    left: true,
                    timeouts: s.missed,
                });
                Occupant::Left(l.user)
            }
            (Player::Bot { level }, None) => Occupant::Bot(*level),
        };
        seats.push(RatedSeat { side, occupant });
    }
    let mut side_ranks = vec![0; game.sides() as usize];
    for (place, side) in outcome.ranking.iter().enumerate() {
        if let Some(r) = side_ranks.get_mut(*side as usize) {
            *r = place + 1;
        }
    }
    Ok(Some(ResultRow {
        game: t.id,
        guild: t.guild,
        winner_side: outcome.winner,
        teams: t.settings.teams,
        ranking: serde_json::to_string(&outcome.ranking).map_err(corrupt)?,
        finished_ms: now_ms,
        players,
        // A game outside any server (a group DM: guild 0) is recorded and replayable, but
        // not rated: there is no server ladder to put it on.
        family: ModeFamily::of(t.seats.len() as u8, t.settings.teams).filter(|_| t.guild != 0),
        preset: Preset::from_word(&t.settings.preset).unwrap_or(Preset::Standard),
        seats,
        side_ranks,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Lang, Settings};
    use yut_game::Rules;

    fn playing() -> Table {
        let host = Actor::user(1, "Ann");
        let settings = Settings {
            rules: Rules::default(),
            preset: "standard".into(),
            teams: false,
            seats: 2,
            turn_seconds: 25,
            lang: Lang::En,
            bot_delay_ms: 1200,
        };
        let mut t = Table::new(1, 1, 1, &host, settings, 1);
        t.apply(
            &host,
            &Command::AddBot {
                level: yut_ai::Level::Easy,
            },
            0,
        )
        .unwrap();
        t.apply(&host, &Command::Start, 0).unwrap();
        assert_eq!(t.status, Status::Playing);
        t
    }

    #[test]
    fn seat_rows_are_written_only_when_who_sits_where_changes() {
        let before = playing();
        // A capture, a piece home, a missed deadline: the rows stay as they are.
        let mut next = before.clone();
        next.seats[0].captures += 1;
        next.seats[1].pieces_home += 2;
        next.seats[0].missed += 1;
        next.seats[0].timeouts += 1;
        assert_eq!(changed_seat_rows(&before, &next), None);
        // Away: written.
        let mut next = before.clone();
        next.seats[0].away = true;
        let rows = changed_seat_rows(&before, &next).expect("away is in the rows");
        assert!(rows[0].away);
        // A bot's name is said in the table's language: written when it changes.
        let mut next = before.clone();
        next.settings.lang = Lang::Ko;
        let rows = changed_seat_rows(&before, &next).expect("the bot's name changed");
        assert_eq!(rows[1].name, next.seats[1].name(1, Lang::Ko));
        assert_ne!(rows[1].name, before.seats[1].name(1, Lang::En));
    }
}
