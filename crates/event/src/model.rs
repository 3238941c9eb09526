//! Entrants, the history of played rounds, scoring, and each entrant's record derived from them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// An entrant's id: a player's or a team's (a 2v2 team is one entrant; which members it has is
/// the caller's business).
pub type EntrantId = u64;

/// One entrant of an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: EntrantId,
    /// The rating used for seeding (higher is stronger).
    pub rating: f64,
}

impl Entrant {
    pub fn new(id: EntrantId, rating: f64) -> Entrant {
        Entrant { id, rating }
    }
}

/// What happened to one pairing of a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Played {
    /// A 1v1 or 2v2 game between two entrants: `first` had the first seat. There is always a
    /// winner (a forfeit is a win for the side present). `pieces` are the pieces each side
    /// brought home, `[first, second]`.
    Game {
        first: EntrantId,
        second: EntrantId,
        winner: EntrantId,
        pieces: [u32; 2],
    },
    /// The round's bye.
    Bye { entrant: EntrantId },
    /// A free-for-all table: `places` in finishing order (winner first), `pieces[i]` the pieces
    /// home of `places[i]`.
    Table {
        places: Vec<EntrantId>,
        pieces: Vec<u32>,
    },
}

/// One round's results.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Round {
    pub played: Vec<Played>,
}

/// The past rounds of an event and the entrants who dropped out (they are paired no more, but
/// their results stay, for their opponents' tie-breaks).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct History {
    pub rounds: Vec<Round>,
    pub drops: Vec<EntrantId>,
}

/// Points awarded. Default: a win 1, a loss 0, a bye 1; free-for-all places 4/2/1/0 and a table
/// bye 2 (a second place: about the average of a table of four, so a bye neither lifts an entrant
/// to the top nor sinks them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: u32,
    pub loss: u32,
    pub bye: u32,
    /// Points by place at a free-for-all table (first place first); see [`Scoring::place_points`].
    pub places: Vec<u32>,
    pub table_bye: u32,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: 1,
            loss: 0,
            bye: 1,
            places: vec![4, 2, 1, 0],
            table_bye: 2,
        }
    }
}

impl Scoring {
    /// Points for finishing at `place` (0 = first) at a table of `size`: the place's points,
    /// except that the last place always gets the last entry (a table of 3 scores 4/2/0 and a
    /// table of 2 scores 4/0 by default: winning is worth the same everywhere, and so is
    /// finishing last).
    pub fn place_points(&self, place: usize, size: usize) -> u32 {
        if place + 1 >= size && size >= 2 {
            return self.places.last().copied().unwrap_or(0);
        }
        self.places.get(place).copied().unwrap_or(0)
    }
}

/// One entrant's record, derived from the history.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    pub score: u32,
    /// Opponents met in games and table-mates, one entry per meeting.
    pub opponents: Vec<EntrantId>,
    pub byes: u32,
    /// Games in the first seat minus games in the second seat.
    pub seat_balance: i32,
    /// The seat of the last game: `Some(true)` first, `Some(false)` second.
    pub last_first: Option<bool>,
    pub pieces: u32,
    pub games: u32,
}

impl Record {
    /// How many times this entrant met `other`.
    pub fn met(&self, other: EntrantId) -> usize {
        self.opponents.iter().filter(|&&o| o == other).count()
    }
}

/// Every entrant's record (entrants absent from `entrants` but present in the history get one
/// too). Deterministic: a `BTreeMap` by id.
pub fn records(
    entrants: &[Entrant],
    history: &History,
    scoring: &Scoring,
) -> BTreeMap<EntrantId, Record> {
    // Room for one opponent a round (a game's), so that the lists rarely grow.
    let fresh = || Record {
        opponents: Vec::with_capacity(history.rounds.len()),
        ..Record::default()
    };
    let mut out: BTreeMap<EntrantId, Record> = entrants.iter().map(|e| (e.id, fresh())).collect();
    for round in &history.rounds {
        for played in &round.played {
            match played {
                Played::Game {
                    first,
                    second,
                    winner,
                    pieces,
                } => {
                    for (me, other, seat, p) in [
                        (*first, *second, true, pieces[0]),
                        (*second, *first, false, pieces[1]),
                    ] {
                        let r = out.entry(me).or_default();
                        r.opponents.push(other);
                        r.score += if *winner == me {
                            scoring.win
                        } else {
                            scoring.loss
                        };
                        r.seat_balance += if seat { 1 } else { -1 };
                        r.last_first = Some(seat);
                        r.pieces += p;
                        r.games += 1;
                    }
                }
                Played::Bye { entrant } => {
                    let r = out.entry(*entrant).or_default();
                    r.byes += 1;
                    r.score += scoring.bye;
                }
                Played::Table { places, pieces } => {
                    for (place, &me) in places.iter().enumerate() {
                        let r = out.entry(me).or_default();
                        r.opponents
                            .extend(places.iter().copied().filter(|&o| o != me));
                        r.score += scoring.place_points(place, places.len());
                        r.pieces += pieces.get(place).copied().unwrap_or(0);
                        r.games += 1;
                    }
                }
            }
        }
    }
    out
}

/// Orders entrants for pairing and seeding: score (when given) descending, then rating
/// descending, then id ascending. A total, deterministic order (NaN ratings sort last).
pub fn seed_cmp(a: &Entrant, b: &Entrant) -> std::cmp::Ordering {
    let ra = if a.rating.is_nan() {
        f64::NEG_INFINITY
    } else {
        a.rating
    };
    let rb = if b.rating.is_nan() {
        f64::NEG_INFINITY
    } else {
        b.rating
    };
    rb.total_cmp(&ra).then(a.id.cmp(&b.id))
}
