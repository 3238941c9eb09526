//! Standings with tie-breaks: score, then Buchholz (the sum of the opponents' scores), then
//! pieces home, then head-to-head among the entrants still tied.
//!
//! Conventions: a bye adds nothing to Buchholz (no opponent) and no pieces; a dropped entrant
//! stays in the standings (flagged) and its score still counts for its opponents' Buchholz.
//! Free-for-all tables count every table-mate as an opponent. Head-to-head is the number of
//! times an entrant beat (or finished above) another entrant of its tie group.

use crate::model::{records, seed_cmp, Entrant, EntrantId, History, Played, Scoring};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A tie-break criterion, in the order they apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tiebreak {
    Score,
    Buchholz,
    Pieces,
    HeadToHead,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 4] = [
        Tiebreak::Score,
        Tiebreak::Buchholz,
        Tiebreak::Pieces,
        Tiebreak::HeadToHead,
    ];

    /// A stable key for the caller's catalogs.
    pub fn key(self) -> &'static str {
        match self {
            Tiebreak::Score => "tiebreak-score",
            Tiebreak::Buchholz => "tiebreak-buchholz",
            Tiebreak::Pieces => "tiebreak-pieces",
            Tiebreak::HeadToHead => "tiebreak-head-to-head",
        }
    }

    /// The English explanation (the catalogs' source text).
    pub fn explanation(self) -> &'static str {
        match self {
            Tiebreak::Score => "Points: 1 a win or a bye (free-for-all: by place).",
            Tiebreak::Buchholz => "Buchholz: the sum of your opponents' points.",
            Tiebreak::Pieces => "Pieces home: all the pieces you brought home in your games.",
            Tiebreak::HeadToHead => {
                "Head-to-head: your wins (or places above) against the others still tied."
            }
        }
    }
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// 1-based; entrants equal on every tie-break share a rank.
    pub rank: u32,
    pub entrant: EntrantId,
    pub score: u32,
    pub buchholz: u32,
    pub pieces: u32,
    pub head_to_head: u32,
    /// The tie-break that placed this row below the previous one (`None` for the first row
    /// and for rows sharing the previous row's rank).
    pub decided_by: Option<Tiebreak>,
    pub dropped: bool,
}

impl Standing {
    /// The row's value for a tie-break.
    pub fn value(&self, t: Tiebreak) -> u32 {
        match t {
            Tiebreak::Score => self.score,
            Tiebreak::Buchholz => self.buchholz,
            Tiebreak::Pieces => self.pieces,
            Tiebreak::HeadToHead => self.head_to_head,
        }
    }
}

/// Wins of each entrant over each other: `beat[(a, b)]` = times a beat (or finished above) b.
fn beats(history: &History) -> BTreeMap<(EntrantId, EntrantId), u32> {
    let mut beat = BTreeMap::new();
    for round in &history.rounds {
        for p in &round.played {
            match p {
                Played::Game {
                    first,
                    second,
                    winner,
                    ..
                } => {
                    let loser = if winner == first { second } else { first };
                    *beat.entry((*winner, *loser)).or_insert(0) += 1;
                }
                Played::Table { places, .. } => {
                    for (i, &a) in places.iter().enumerate() {
                        for &b in &places[i + 1..] {
                            *beat.entry((a, b)).or_insert(0) += 1;
                        }
                    }
                }
                Played::Bye { .. } => {}
            }
        }
    }
    beat
}

/// The ordered standings of `entrants` after `history`. Deterministic: full ties are listed by
/// rating, then id, and share a rank.
pub fn standings(entrants: &[Entrant], history: &History, scoring: &Scoring) -> Vec<Standing> {
    let recs = records(entrants, history, scoring);
    let dropped: BTreeSet<EntrantId> = history.drops.iter().copied().collect();
    let mut rows: Vec<(Standing, &Entrant)> = entrants
        .iter()
        .map(|e| {
            let r = &recs[&e.id];
            let buchholz = r
                .opponents
                .iter()
                .map(|o| recs.get(o).map_or(0, |x| x.score))
                .sum();
            (
                Standing {
                    rank: 0,
                    entrant: e.id,
                    score: r.score,
                    buchholz,
                    pieces: r.pieces,
                    head_to_head: 0,
                    decided_by: None,
                    dropped: dropped.contains(&e.id),
                },
                e,
            )
        })
        .collect();
    let key = |s: &Standing| (s.score, s.buchholz, s.pieces);
    rows.sort_by(|a, b| key(&b.0).cmp(&key(&a.0)).then(seed_cmp(a.1, b.1)));
    // Head-to-head inside each group tied on the first three.
    let beat = beats(history);
    let mut i = 0;
    while i < rows.len() {
        let mut j = i;
        while j < rows.len() && key(&rows[j].0) == key(&rows[i].0) {
            j += 1;
        }
        if j - i > 1 {
            let ids: Vec<EntrantId> = rows[i..j].iter().map(|r| r.0.entrant).collect();
            for row in &mut rows[i..j] {
                row.0.head_to_head = ids
                    .iter()
                    .map(|&o| beat.get(&(row.0.entrant, o)).copied().unwrap_or(0))
                    .sum();
            }
            rows[i..j].sort_by(|a, b| {
                b.0.head_to_head
                    .cmp(&a.0.head_to_head)
                    .then(seed_cmp(a.1, b.1))
            });
        }
        i = j;
    }
    let mut out: Vec<Standing> = Vec::with_capacity(rows.len());
    for (idx, (mut row, _)) in rows.into_iter().enumerate() {
        match out.last() {
            None => row.rank = 1,
            Some(prev) => {
                row.decided_by = Tiebreak::ALL
                    .into_iter()
                    .find(|&t| row.value(t) != prev.value(t));
                row.rank = if row.decided_by.is_some() {
                    idx as u32 + 1
                } else {
                    prev.rank
                };
            }
        }
        out.push(row);
    }
    out
}
