//! Free-for-all tables (Swiss pods): each round seats the entrants at tables by score.
//!
//! Table sizes: tables of 4, with tables of 3 where the count needs it (n = 6: 3 + 3; n = 7:
//! 4 + 3; n = 9: 3 + 3 + 3). Yut is played by 2 to 4, and a player expects to play every
//! round rather than sit out, so n = 5 is a table of 3 and a table of 2, n = 2 one table of 2;
//! only a lone entrant (n = 1) gets the table bye (scored [`Scoring::table_bye`]).
//!
//! Seating: entrants in standings order (score, rating, id) fill the tables from the top, the
//! larger tables first; then a deterministic local search swaps entrants between neighbouring
//! tables while that lowers (first) the number of repeat table-mates, then (second) the spread
//! of scores at the tables. It avoids repeats where a swap between neighbours can; it is not an
//! exhaustive optimum.

use crate::model::{records, seed_cmp, Entrant, EntrantId, History, Scoring};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One round of tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRound {
    /// Each table's entrants in seat order.
    pub tables: Vec<Vec<EntrantId>>,
    pub bye: Option<EntrantId>,
}

/// Table sizes for `n` entrants (largest first), see the module notes.
pub fn table_sizes(n: usize) -> Vec<usize> {
    match n {
        0 | 1 => Vec::new(),
        2 => vec![2],
        3 => vec![3],
        5 => vec![3, 2],
        _ => {
            let threes = (4 - n % 4) % 4;
            let fours = (n - 3 * threes) / 4;
            let mut v = vec![4; fours];
            v.extend(std::iter::repeat_n(3, threes));
            v
        }
    }
}

/// Seats the next free-for-all round of `entrants` (dropped ones left out).
pub fn seat_tables(entrants: &[Entrant], history: &History, scoring: &Scoring) -> TableRound {
    let recs = records(entrants, history, scoring);
    let dropped: BTreeSet<EntrantId> = history.drops.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut active: Vec<&Entrant> = entrants
        .iter()
        .filter(|e| !dropped.contains(&e.id) && seen.insert(e.id))
        .collect();
    active.sort_by(|a, b| {
        recs[&b.id]
            .score
            .cmp(&recs[&a.id].score)
            .then(seed_cmp(a, b))
    });
    if active.len() == 1 {
        return TableRound {
            tables: Vec::new(),
            bye: Some(active[0].id),
        };
    }
    let score: BTreeMap<EntrantId, u32> =
        active.iter().map(|e| (e.id, recs[&e.id].score)).collect();
    let met = |a: EntrantId, b: EntrantId| recs[&a].met(b) as u32;
    let mut tables: Vec<Vec<EntrantId>> = Vec::new();
    let mut it = active.iter().map(|e| e.id);
    for size in table_sizes(active.len()) {
        tables.push(it.by_ref().take(size).collect());
    }
    let cost = |t: &[EntrantId]| -> (u32, u32) {
        let mut repeats = 0;
        for (i, &a) in t.iter().enumerate() {
            for &b in &t[i + 1..] {
                repeats += met(a, b);
            }
        }
        let hi = t.iter().map(|x| score[x]).max().unwrap_or(0);
        let lo = t.iter().map(|x| score[x]).min().unwrap_or(0);
        (repeats, hi - lo)
    };
    let add = |a: (u32, u32), b: (u32, u32)| (a.0 + b.0, a.1 + b.1);
    // Local search: best-improving swaps between two tables, bounded passes.
    for _pass in 0..8 {
        let mut improved = false;
        for t in 0..tables.len().saturating_sub(1) {
            for u in t + 1..tables.len() {
                let before = add(cost(&tables[t]), cost(&tables[u]));
                let mut best = (before, None);
                for i in 0..tables[t].len() {
                    for j in 0..tables[u].len() {
                        let (mut x, mut y) = (tables[t].clone(), tables[u].clone());
                        std::mem::swap(&mut x[i], &mut y[j]);
                        let c = add(cost(&x), cost(&y));
                        if c < best.0 {
                            best = (c, Some((i, j)));
                        }
                    }
                }
                if let Some((i, j)) = best.1 {
                    let tmp = tables[t][i];
                    tables[t][i] = tables[u][j];
                    tables[u][j] = tmp;
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    // Seat order at each table: standings order (the caller may rotate first seats).
    let rank: BTreeMap<EntrantId, usize> =
        active.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    for t in &mut tables {
        t.sort_by_key(|id| rank[id]);
    }
    TableRound { tables, bye: None }
}
