//! The record of a game that anyone can check: rules, seats, the throw seed and its
//! commitment, and every action. `verify` replays it from the seed alone and compares every
//! throw; it never panics, whatever bytes it is given.

use super::Played;

mod rules;
use serde::{Deserialize, Serialize};
use std::fmt;
use yut_game::{Action, Chip, Event, Game, Move, Rules, Seat, Side, Toss};
use yut_table::{Player, ThrowSeed};

/// The format name written into every record.
pub const FORMAT: &str = "yutbot-record/1";
/// Records larger than this are refused unread.
pub const MAX_BYTES: usize = 16 << 20;
/// Actions a record may hold (a real game has a few hundred).
pub const MAX_ACTIONS: usize = 100_000;

/// A seat in the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordSeat {
    pub name: String,
    /// "human" or a bot level ("easy", "normal", "master", ...).
    pub player: String,
    /// The side it plays for (the seat itself in free-for-all, the team in 2v2).
    pub side: Side,
}

/// One thing a seat did, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum RecordAction {
    /// Sticks thrown: how they fell, and the result (None for a void throw).
    Throw {
        seat: Seat,
        sticks: Toss,
        result: Option<Chip>,
    },
    Move {
        seat: Seat,
        #[serde(rename = "move")]
        mv: Move,
    },
}

/// How the game began: the throw-off throws (if the rules have one) and the seat to start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordStart {
    pub throw_off: Vec<(Seat, Chip)>,
    pub first: Seat,
}

/// A whole game, for export.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    pub game: i64,
    pub preset: String,
    pub rules: Rules,
    pub teams: bool,
    pub seats: Vec<RecordSeat>,
    /// SHA-256 of the seed, in hex, as shown when the game started (None for a game stored
    /// before throws were committed).
    pub commitment: Option<String>,
    /// The throw seed, 64 hex digits (None for such a game, or one still running).
    pub seed: Option<String>,
    pub start: RecordStart,
    pub actions: Vec<RecordAction>,
    /// The winning side, if the game was finished.
    pub winner: Option<Side>,
}

/// Why a game has no record to export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoRecord(pub &'static str);

impl Record {
    /// The record of a replayed game. The seed is written only for a finished game (a running
    /// game's seed would tell its next throws).
    pub fn of(played: &Played) -> Record {
        let t = &played.last;
        let game = played.steps[0].game();
        let seats = t
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| RecordSeat {
                name: s.name(i, t.lang()),
                player: match &s.player {
                    Player::Human { .. } => "human".to_string(),
                    Player::Bot { level } => level.name().to_string(),
                },
                side: game.side_of(i as Seat),
            })
            .collect();
        let first = &played.steps[0];
        let start = RecordStart {
            throw_off: first
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::ThrowOff { seat, chip } => Some((*seat, *chip)),
                    _ => None,
                })
                .collect(),
            first: first.seat,
        };
        let mut actions = Vec::new();
        for s in &played.steps[1..] {
            match s.action {
                Some(Action::Throw) => {
                    if let Some((sticks, result)) = s.events.iter().find_map(|e| match e {
                        Event::Thrown { toss, chip, .. } => Some((*toss, *chip)),
                        _ => None,
                    }) {
                        actions.push(RecordAction::Throw {
                            seat: s.seat,
                            sticks,
                            result,
                        });
                    }
                }
                Some(Action::Move(mv)) => actions.push(RecordAction::Move { seat: s.seat, mv }),
                None => {}
            }
        }
        let over = played.finished();
        Record {
            format: FORMAT.to_string(),
            game: t.id,
            preset: t.settings.preset.clone(),
            rules: game.rules().clone(),
            teams: game.teams(),
            seats,
            commitment: t.throw_seed.map(|s| s.commitment()),
            seed: t.throw_seed.filter(|_| over).map(|s| s.hex()),
            start,
            actions,
            winner: played
                .last
                .game
                .as_ref()
                .and_then(|g| g.outcome())
                .map(|o| o.winner),
        }
    }

    /// Pretty JSON, for the file people download.
    pub fn to_json(&self) -> String {
        // A record is plain data (strings, numbers, enums): serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// What a check found wrong, first problem only.
#[derive(Debug, Clone, PartialEq)]
pub enum Rejected {
    TooLarge(usize),
    NotARecord(String),
    Format(String),
    NoSeed,
    NoCommitment,
    BadSeed,
    /// SHA-256 of the seed is not the commitment.
    Commitment {
        computed: String,
        recorded: String,
    },
    BadRules(String),
    Setup(String),
    TooManyActions(usize),
    StartDiffers {
        recorded: String,
        replayed: String,
    },
    /// A throw that did not come out as the seed makes it fall: each of its fields that
    /// differs (`sticks`, `result`), in the record's order.
    ThrowDiffers {
        /// 1-based, counting every throw of the game (throw-off included).
        throw: usize,
        /// 1-based position in `actions`.
        action: usize,
        seat: Seat,
        fields: Vec<FieldDiff>,
    },
    /// The record's throws are the seed's under other rules: one of the rules that says how
    /// the sticks fall (`flat_p`) was changed. Every throw, the start and the end come out as
    /// recorded with `rule` anywhere above `low` up to `high` (`fits` the simplest such value).
    RulesDiffer {
        rule: &'static str,
        recorded: f64,
        fits: f64,
        low: f64,
        high: f64,
    },
    /// The seat in the record is not the one whose turn it was.
    WrongSeat {
        action: usize,
        recorded: Seat,
        turn: Seat,
    },
    /// An action the game refuses at that point.
    Illegal {
        action: usize,
        why: String,
    },
    /// The game does not end as the record says.
    End(String),
}

/// One field of a record's throw that is not what the seed gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldDiff {
    /// The field's name in the record: `sticks` or `result`.
    pub field: &'static str,
    pub recorded: String,
    pub replayed: String,
}

/// How the sticks fell: F flat, R round, one letter per stick; or a void throw.
fn sticks_text(t: &Toss) -> String {
    if t.nak {
        return "void (낙)".to_string();
    }
    t.flat.iter().map(|&f| if f { 'F' } else { 'R' }).collect()
}

fn result_text(c: Option<Chip>) -> String {
    match c {
        Some(c) => format!("{} ({})", c.korean(), c.name()),
        None => "낙 (void)".to_string(),
    }
}

/// The fields of a recorded throw that differ from the seed's, compared one by one.
fn throw_diff(
    sticks: &Toss,
    result: Option<Chip>,
    toss: &Toss,
    chip: Option<Chip>,
) -> Vec<FieldDiff> {
    let mut out = Vec::new();
    if sticks != toss {
        out.push(FieldDiff {
            field: "sticks",
            recorded: sticks_text(sticks),
            replayed: sticks_text(toss),
        });
    }
    if result != chip {
        out.push(FieldDiff {
            field: "result",
            recorded: result_text(result),
            replayed: result_text(chip),
        });
    }
    out
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Rejected::*;
        match self {
            TooLarge(n) => write!(f, "the file is too large for a record ({n} bytes)"),
            NotARecord(why) => write!(f, "not a yutbot game record (damaged or truncated?): {why}"),
            Format(v) => write!(f, "unknown record format \"{v}\" (expected \"{FORMAT}\")"),
            NoSeed => f.write_str(
                "the record has no throw seed (the game is still running, or predates verifiable throws)",
            ),
            NoCommitment => f.write_str("the record has no commitment to check the seed against"),
            BadSeed => f.write_str("the seed is not 64 hex digits"),
            Commitment { computed, recorded } => write!(
                f,
                "the seed does not match the commitment: SHA-256 of the seed is {computed}, the record says {recorded}"
            ),
            BadRules(why) => write!(f, "the rules in the record are not valid: {why}"),
            Setup(why) => write!(f, "the game cannot be set up: {why}"),
            TooManyActions(n) => write!(f, "the record has {n} actions, more than any game"),
            StartDiffers { recorded, replayed } => write!(
                f,
                "the start differs: the record says {recorded}, the seed gives {replayed}"
            ),
            ThrowDiffers {
                throw,
                action,
                seat,
                fields,
            } => {
                write!(f, "throw {throw} (action {action}, seat {}) differs", *seat as u32 + 1)?;
                for (i, d) in fields.iter().enumerate() {
                    let and = if i == 0 { "" } else { "; and" };
                    write!(
                        f,
                        "{and} in `{}`: the record says {}, the seed gives {}",
                        d.field, d.recorded, d.replayed
                    )?;
                }
                Ok(())
            }
            RulesDiffer {
                rule,
                recorded,
                fits,
                low,
                high,
            } => write!(
                f,
                "the rules differ: with `{rule}` = {recorded} as recorded the seed does not give the record's throws, \
                 with `{rule}` = {fits} (anything above {low:.4} up to {high:.4}) it gives every one of them: \
                 the record's `{rule}` was changed"
            ),
            WrongSeat {
                action,
                recorded,
                turn,
            } => write!(
                f,
                "action {action} is recorded for seat {} but it was seat {}'s turn",
                *recorded as u32 + 1,
                *turn as u32 + 1
            ),
            Illegal { action, why } => write!(f, "action {action} cannot be played: {why}"),
            End(why) => write!(f, "the end differs: {why}"),
        }
    }
}

impl std::error::Error for Rejected {}

fn check_rules(r: &Rules) -> Result<(), Rejected> {
    let p = |name: &str, x: f64, max: f64| {
        if x.is_finite() && (0.0..=max).contains(&x) {
            Ok(())
        } else {
            Err(Rejected::BadRules(format!(
                "{name} = {x} is not a probability"
            )))
        }
    };
    p("flat_p", r.flat_p, 1.0)?;
    // A void throw every time would never end a game.
    p("nak_p", r.nak_p, 0.99)?;
    Ok(())
}

/// Check a record: the seed against its commitment, then the whole game replayed from the
/// seed, every throw compared. `Ok(n)`: all `n` throws (throw-off included) are the seed's.
pub fn verify(bytes: &[u8]) -> Result<usize, Rejected> {
    if bytes.len() > MAX_BYTES {
        return Err(Rejected::TooLarge(bytes.len()));
    }
    let rec: Record =
        serde_json::from_slice(bytes).map_err(|e| Rejected::NotARecord(e.to_string()))?;
    verify_record(&rec)
}

/// `verify` of a parsed record.
pub fn verify_record(rec: &Record) -> Result<usize, Rejected> {
    if rec.format != FORMAT {
        return Err(Rejected::Format(rec.format.chars().take(40).collect()));
    }
    let seed_hex = rec.seed.as_deref().ok_or(Rejected::NoSeed)?;
    let seed = ThrowSeed::parse(seed_hex).ok_or(Rejected::BadSeed)?;
    let recorded = rec.commitment.as_deref().ok_or(Rejected::NoCommitment)?;
    let computed = seed.commitment();
    if !computed.eq_ignore_ascii_case(recorded) {
        return Err(Rejected::Commitment {
            computed,
            recorded: recorded.chars().take(80).collect(),
        });
    }
    check_rules(&rec.rules)?;
    if rec.actions.len() > MAX_ACTIONS {
        return Err(Rejected::TooManyActions(rec.actions.len()));
    }
    match replay(rec, &rec.rules, seed) {
        // A start or a throw that differs may be the rules' doing: then say so.
        Err(e @ (Rejected::StartDiffers { .. } | Rejected::ThrowDiffers { .. })) => {
            Err(rules::flat_p_that_fits(rec, seed).unwrap_or(e))
        }
        other => other,
    }
}

/// The game of a record replayed from `seed` under `rules`, every throw compared (`verify`
/// once its seed, commitment and size are checked).
fn replay(rec: &Record, rules: &Rules, seed: ThrowSeed) -> Result<usize, Rejected> {
    let seats =
        u8::try_from(rec.seats.len()).map_err(|_| Rejected::Setup("too many seats".into()))?;
    let mut rng = seed.rng();
    let (mut game, events) = Game::new(rules.clone(), seats, rec.teams, &mut rng)
        .map_err(|e| Rejected::Setup(e.to_string()))?;
    let throw_off: Vec<(Seat, Chip)> = events
        .iter()
        .filter_map(|e| match e {
            Event::ThrowOff { seat, chip } => Some((*seat, *chip)),
            _ => None,
        })
        .collect();
    if throw_off != rec.start.throw_off || game.turn() != rec.start.first {
        let show = |t: &[(Seat, Chip)], first: Seat| {
            let mut s: Vec<String> = t
                .iter()
                .map(|(seat, c)| format!("seat {} {}", *seat as u32 + 1, c.name()))
                .collect();
            s.push(format!("seat {} starts", first as u32 + 1));
            s.join(", ")
        };
        return Err(Rejected::StartDiffers {
            recorded: show(&rec.start.throw_off, rec.start.first),
            replayed: show(&throw_off, game.turn()),
        });
    }
    let mut throws = throw_off.len();
    for (i, a) in rec.actions.iter().enumerate() {
        let n = i + 1;
        let seat = match a {
            RecordAction::Throw { seat, .. } | RecordAction::Move { seat, .. } => *seat,
        };
        if game.is_over() {
            return Err(Rejected::End(format!(
                "the game was over before action {n}"
            )));
        }
        if seat != game.turn() {
            return Err(Rejected::WrongSeat {
                action: n,
                recorded: seat,
                turn: game.turn(),
            });
        }
        match a {
            RecordAction::Throw { sticks, result, .. } => {
                throws += 1;
                let events =
                    game.play(&Action::Throw, &mut rng)
                        .map_err(|e| Rejected::Illegal {
                            action: n,
                            why: e.to_string(),
                        })?;
                let got = events.iter().find_map(|e| match e {
                    Event::Thrown { toss, chip, .. } => Some((*toss, *chip)),
                    _ => None,
                });
                let Some((toss, chip)) = got else {
                    return Err(Rejected::Illegal {
                        action: n,
                        why: "no throw was made".into(),
                    });
                };
                let fields = throw_diff(sticks, *result, &toss, chip);
                if !fields.is_empty() {
                    return Err(Rejected::ThrowDiffers {
                        throw: throws,
                        action: n,
                        seat,
                        fields,
                    });
                }
            }
            RecordAction::Move { mv, .. } => {
                game.play(&Action::Move(*mv), &mut rng)
                    .map_err(|e| Rejected::Illegal {
                        action: n,
                        why: e.to_string(),
                    })?;
            }
        }
    }
    let winner = game.outcome().map(|o| o.winner);
    if winner != rec.winner {
        let show = |w: Option<Side>| match w {
            Some(s) => format!("side {} wins", s as u32 + 1),
            None => "no winner".to_string(),
        };
        return Err(Rejected::End(format!(
            "the record says {}, the replay gives {}",
            show(rec.winner),
            show(winner)
        )));
    }
    Ok(throws)
}
