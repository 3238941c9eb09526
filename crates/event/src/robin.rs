//! Round robin (up to 12 entrants) by the circle method, and groups feeding a bracket.

use crate::model::{seed_cmp, Entrant, EntrantId};
use crate::standings::Standing;
use serde::{Deserialize, Serialize};

/// The largest field a round robin schedules (66 games, 11 rounds).
pub const MAX_ROUND_ROBIN: usize = 12;

/// One round of a round robin: games `(first seat, second seat)` and the bye when the count is odd.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobinRound {
    pub games: Vec<(EntrantId, EntrantId)>,
    pub bye: Option<EntrantId>,
}

/// The whole schedule: `n - 1` rounds for even `n`, `n` rounds for odd `n` (each entrant sits
/// out once). Seeds in rating order; seed 1 is fixed and the others turn around it. The first
/// seat goes, game by game, to whoever has had it less so far (then to whoever had the second
/// seat last, then to the better seed).
/// `None` past [`MAX_ROUND_ROBIN`].
pub fn round_robin(entrants: &[Entrant]) -> Option<Vec<RobinRound>> {
    if entrants.len() > MAX_ROUND_ROBIN {
        return None;
    }
    let mut sorted: Vec<&Entrant> = entrants.iter().collect();
    sorted.sort_by(|a, b| seed_cmp(a, b));
    let mut slots: Vec<Option<EntrantId>> = sorted.iter().map(|e| Some(e.id)).collect();
    if slots.len() % 2 == 1 {
        slots.push(None);
    }
    let m = slots.len();
    if entrants.len() < 2 {
        return Some(Vec::new());
    }
    let mut rounds = Vec::new();
    // First seats minus second seats so far, and the last seat, per entrant.
    let mut balance: std::collections::BTreeMap<EntrantId, (i32, bool)> =
        sorted.iter().map(|e| (e.id, (0, false))).collect();
    for _ in 0..m - 1 {
        let mut games = Vec::new();
        let mut bye = None;
        for i in 0..m / 2 {
            let (a, b) = (slots[i], slots[m - 1 - i]);
            match (a, b) {
                (Some(x), Some(y)) => {
                    // The first seat to whoever has had it less (then: had the second seat
                    // last; then: the better seed).
                    let (bx, by) = (balance[&x], balance[&y]);
                    let x_first = (bx.0, bx.1) <= (by.0, by.1);
                    let (f, s) = if x_first { (x, y) } else { (y, x) };
                    let e = balance.get_mut(&f).unwrap();
                    *e = (e.0 + 1, true);
                    let e = balance.get_mut(&s).unwrap();
                    *e = (e.0 - 1, false);
                    games.push((f, s));
                }
                (Some(x), None) | (None, Some(x)) => bye = Some(x),
                (None, None) => {}
            }
        }
        rounds.push(RobinRound { games, bye });
        // Rotate everyone but slot 0 one step clockwise.
        let last = slots.pop().unwrap();
        slots.insert(1, last);
    }
    Some(rounds)
}

/// Splits entrants into `groups` groups by snake seeding on rating (1, 2, 3, 4 | 8, 7, 6, 5 | ...)
/// so the groups are as even as possible. Group sizes differ by at most one.
pub fn split_groups(entrants: &[Entrant], groups: usize) -> Vec<Vec<Entrant>> {
    let groups = groups.max(1);
    let mut sorted: Vec<&Entrant> = entrants.iter().collect();
    sorted.sort_by(|a, b| seed_cmp(a, b));
    let mut out = vec![Vec::new(); groups];
    for (i, e) in sorted.into_iter().enumerate() {
        let lap = i / groups;
        let g = if lap.is_multiple_of(2) {
            i % groups
        } else {
            groups - 1 - i % groups
        };
        out[g].push(e.clone());
    }
    out
}

/// Bracket seeds from group standings: the first `advance` of each group, all group winners
/// first (group order), then the runners-up in reverse group order, and so on (snake), so
/// that a group's winner and runner-up land in opposite halves as far as the bracket allows.
pub fn group_seeds(groups: &[Vec<Standing>], advance: usize) -> Vec<EntrantId> {
    let mut seeds = Vec::new();
    for place in 0..advance {
        let order: Vec<usize> = if place.is_multiple_of(2) {
            (0..groups.len()).collect()
        } else {
            (0..groups.len()).rev().collect()
        };
        for g in order {
            if let Some(row) = groups[g].get(place) {
                seeds.push(row.entrant);
            }
        }
    }
    seeds
}
