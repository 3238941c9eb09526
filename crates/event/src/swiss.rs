//! Swiss pairing of the next round by one maximum-weight matching over the whole field.
//!
//! Every pair of active entrants (and, when their count is odd, each entrant with a virtual
//! "bye" vertex) is an edge whose weight stacks these criteria as digits, most important first
//! (each digit's factor exceeds the largest total the lower digits can reach over a whole
//! matching, so the matching optimises them strictly in this order):
//!
//! 1. as many pairs as possible (everybody plays, at most one bye);
//! 2. no rematch and no second bye while one can be avoided (fewest repeats; a third meeting
//!    counts worse than a second);
//! 3. the bye to the lowest score (among those without one, by rule 2);
//! 4. as many pairs inside a score group as possible;
//! 5. the smallest score differences (sum of squared differences: two short floats beat one
//!    long one);
//! 6. first seat balanced: avoid pairing two entrants who both need the same seat;
//! 7. within a score group, the top half meets the bottom half (1 v g/2+1, as in the Dutch
//!    system); a floater meets the nearest of the next group; the bye goes to the lowest rated.
//!
//! Ties left after all of that are broken by the deterministic algorithm over the fixed order
//! (score, rating, id), so the same input always gives the same pairing.
//!
//! Speed: the matching first runs on a sparse candidate graph (each entrant's neighbours in the
//! standings, around its ideal opponent, and the nearest to it whose seat wants fit), then the
//! solution's duals are checked against every pair of the field (whole score groups at once
//! where a bound allows); any pair with negative reduced cost is added and the matching goes
//! on from where it stood. The result is exactly a maximum-weight matching of the complete
//! graph.

use crate::matching::{max_weight_perfect_matching, Matching, PerfectMatcher, Weight};
use crate::model::{records, seed_cmp, Entrant, EntrantId, History, Scoring};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The next round's pairings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissPairing {
    /// `(first seat, second seat)`, ordered by the better-placed entrant of each game.
    pub games: Vec<(EntrantId, EntrantId)>,
    pub bye: Option<EntrantId>,
}

/// Candidate neighbours on each side in the standings order, and around the ideal opponent.
const NEAR: usize = 12;

/// Candidates on each side of the ideal opponent among those whose seat wants fit.
const SEAT_NEAR: usize = 8;

/// The field as the pairing sees it: active entrants in standings order.
pub(crate) struct Field {
    pub ids: Vec<EntrantId>,
    score: Vec<u32>,
    /// Index of the first entrant of each position's score group, and the group's size.
    gstart: Vec<usize>,
    gsize: Vec<usize>,
    /// Seat want: positive wants the first seat.
    want: Vec<i32>,
    byes: Vec<u32>,
    /// Positions of earlier opponents (active ones), sorted.
    met: Vec<Vec<usize>>,
    max_score: u32,
    /// The largest score difference, and the fold digit's maximum.
    dmax: Weight,
    fmax: Weight,
    /// The digit factors (index 0 = most important).
    factor: [Weight; 7],
}

/// Per-edge maxima of the digits, given the field.
fn digit_max(max_score: u32, dmax: Weight, fmax: Weight) -> [Weight; 7] {
    [1, 2, max_score as Weight, 1, dmax * dmax, 2, fmax]
}

impl Field {
    pub fn new(entrants: &[Entrant], history: &History, scoring: &Scoring) -> Field {
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
        let n = active.len();
        let ids: Vec<EntrantId> = active.iter().map(|e| e.id).collect();
        let score: Vec<u32> = ids.iter().map(|id| recs[id].score).collect();
        let mut gstart = vec![0; n];
        let mut gsize = vec![0; n];
        let mut s = 0;
        while s < n {
            let mut e = s;
            while e < n && score[e] == score[s] {
                e += 1;
            }
            for p in s..e {
                gstart[p] = s;
                gsize[p] = e - s;
            }
            s = e;
        }
        let pos: std::collections::HashMap<EntrantId, usize> =
            ids.iter().enumerate().map(|(p, &id)| (id, p)).collect();
        let met = ids
            .iter()
            .map(|id| {
                let mut v: Vec<usize> = recs[id]
                    .opponents
                    .iter()
                    .filter_map(|o| pos.get(o).copied())
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        let want = ids
            .iter()
            .map(|id| {
                let r = &recs[id];
                -2 * r.seat_balance
                    + match r.last_first {
                        Some(true) => -1,
                        Some(false) => 1,
                        None => 0,
                    }
            })
            .collect();
        let byes = ids.iter().map(|id| recs[id].byes).collect();
        let max_score = score.first().copied().unwrap_or(0);
        let min_score = score.last().copied().unwrap_or(0);
        let fmax = gsize.iter().copied().max().unwrap_or(0) as Weight + 1;
        let dmax = (max_score - min_score) as Weight;
        let maxes = digit_max(max_score, dmax, fmax);
        // Factors from the least important digit up: each exceeds the whole matching's total
        // of the digits below it.
        let pairs = n.div_ceil(2) as Weight + 1;
        let mut factor = [0 as Weight; 7];
        let mut below: Weight = 0;
        for d in (0..7).rev() {
            factor[d] = below + 1;
            below += pairs * maxes[d] * factor[d];
        }
        Field {
            ids,
            score,
            gstart,
            gsize,
            want,
            byes,
            met,
            max_score,
            dmax,
            fmax,
            factor,
        }
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    fn met(&self, a: usize, b: usize) -> usize {
        self.met[a].iter().filter(|&&o| o == b).count()
    }

    /// The digits of pairing positions `a < b`.
    pub fn digits(&self, a: usize, b: usize) -> [Weight; 7] {
        let (a, b) = (a.min(b), a.max(b));
        let repeat = 2 - self.met(a, b).min(2) as Weight;
        let same = (self.score[a] == self.score[b]) as Weight;
        let d = (self.score[a] - self.score[b]) as Weight;
        let (dmax, fmax) = (self.dmax, self.fmax);
        let (wa, wb) = (self.want[a], self.want[b]);
        let seat = if self.seat_fits(a, b) {
            2
        } else if wa.abs() >= 3 && wb.abs() >= 3 {
            0
        } else {
            1
        };
        let fold = if same == 1 {
            let g = self.gsize[a];
            let ideal = (g / 2).max(1) as Weight;
            fmax - ((b - a) as Weight - ideal).abs()
        } else {
            // The lowest of the upper group meets the highest of the lower group.
            let from_bottom = self.gstart[a] + self.gsize[a] - 1 - a;
            let from_top = b - self.gstart[b];
            (fmax - (from_bottom + from_top) as Weight).max(0)
        };
        [1, repeat, 0, same, dmax * dmax - d * d, seat, fold]
    }

    /// Whether `a` and `b` can be seated as both want (the seat digit at its best).
    fn seat_fits(&self, a: usize, b: usize) -> bool {
        let (wa, wb) = (self.want[a], self.want[b]);
        wa == 0 || wb == 0 || (wa > 0) != (wb > 0)
    }

    /// Digits at least as high as those of pairing `a` with anyone of the score group starting
    /// at position `s > a` or holding `a` (an upper bound, digit by digit).
    fn best_digits(&self, a: usize, s: usize) -> [Weight; 7] {
        let same = (self.score[a] == self.score[s]) as Weight;
        let d = (self.score[a] - self.score[s]) as Weight;
        let fold = if same == 1 {
            self.fmax
        } else {
            let from_bottom = self.gstart[a] + self.gsize[a] - 1 - a;
            (self.fmax - from_bottom as Weight).max(0)
        };
        [1, 2, 0, same, self.dmax * self.dmax - d * d, 2, fold]
    }

    /// The digits of giving position `a` the bye.
    pub fn bye_digits(&self, a: usize) -> [Weight; 7] {
        let repeat = 2 - self.byes[a].min(2) as Weight;
        let dmax = self.dmax;
        let lowest_rated = (a - self.gstart[a]) as Weight;
        [
            1,
            repeat,
            (self.max_score - self.score[a]) as Weight,
            0,
            dmax * dmax,
            2,
            lowest_rated,
        ]
    }

    fn weigh(&self, d: [Weight; 7]) -> Weight {
        d.iter().zip(self.factor).map(|(x, f)| x * f).sum()
    }

    fn weight(&self, a: usize, b: usize) -> Weight {
        if b == self.len() {
            self.weigh(self.bye_digits(a))
        } else {
            self.weigh(self.digits(a, b))
        }
    }
}

/// Pairs the next Swiss round of `entrants` (those in `history.drops` are left out) given the
/// rounds played. Deterministic; independent of the order of `entrants`.
pub fn pair_swiss(entrants: &[Entrant], history: &History, scoring: &Scoring) -> SwissPairing {
    let field = Field::new(entrants, history, scoring);
    let n = field.len();
    if n == 0 {
        return SwissPairing {
            games: Vec::new(),
            bye: None,
        };
    }
    let odd = n % 2 == 1;
    let v = n + odd as usize;
    let mut cand = candidates(&field, odd);
    let mut matcher = start(&field, v, &mut cand);
    let matching = loop {
        let Some(m) = matcher.solve() else {
            // The candidates admit no perfect matching: add every other pair.
            let mut rest = Vec::new();
            for a in 0..v {
                for b in a + 1..v {
                    if cand.insert((a, b)) {
                        rest.push((a, b));
                    }
                }
            }
            matcher.add_edges(&weighed(&field, &rest));
            continue;
        };
        let missing = uncertified(&field, &m, &cand, 0..n, odd);
        if missing.is_empty() {
            break m;
        }
        for &e in &missing {
            cand.insert(e);
        }
        matcher.add_edges(&weighed(&field, &missing));
    };
    games_of(&field, &matching)
}

fn games_of(field: &Field, matching: &Matching) -> SwissPairing {
    let n = field.len();
    let mut games = Vec::new();
    let mut bye = None;
    for a in 0..n {
        match matching.mate[a] {
            Some(b) if b == n => bye = Some(field.ids[a]),
            Some(b) if b > a => games.push(seat(field, a, b)),
            Some(_) => {}
            None => unreachable!("the complete graph has a perfect matching"),
        }
    }
    SwissPairing { games, bye }
}

/// The same pairing problem solved the plain way, for tests: one maximum-weight perfect
/// matching over every pair of the field (no candidates, no groups, no certificate). Its
/// digits must equal [`pair_swiss`]'s; the pairing itself may differ where several pairings
/// share the best weight.
pub fn pair_swiss_complete(
    entrants: &[Entrant],
    history: &History,
    scoring: &Scoring,
) -> SwissPairing {
    let field = Field::new(entrants, history, scoring);
    let n = field.len();
    let v = n + n % 2;
    let edges: Vec<(usize, usize, Weight)> = (0..v)
        .flat_map(|a| (a + 1..v).map(move |b| (a, b)))
        .map(|(a, b)| (a, b, field.weight(a, b)))
        .collect();
    match max_weight_perfect_matching(v, &edges) {
        Some(m) => games_of(&field, &m),
        None => SwissPairing {
            games: Vec::new(),
            bye: None,
        },
    }
}

/// The matcher on the candidates, started from each score group's own best matching (its
/// pairs inside the group, solved apart and checked against every pair of the group, adding
/// candidates as the whole field's check would: the search's trees then span a group, not the
/// field), with the groups' duals; the whole field's search then only has the groups' leftovers
/// to place, and moves whatever does not fit.
fn start(field: &Field, v: usize, cand: &mut Candidates) -> PerfectMatcher {
    let n = field.len();
    let mut dual = vec![0; v];
    let mut mate = vec![None; v];
    let mut s = 0;
    while s < n {
        let e = s + field.gsize[s];
        let local = |pairs: &[(usize, usize)]| -> Vec<(usize, usize, Weight)> {
            pairs
                .iter()
                .filter(|&&(a, b)| a >= s && b < e)
                .map(|&(a, b)| (a - s, b - s, field.weight(a, b)))
                .collect()
        };
        let inside = local(&cand.list);
        if !inside.is_empty() {
            let mut sub = PerfectMatcher::new(e - s, &inside);
            let m = loop {
                let m = sub.solve_any();
                let missing = uncertified(field, &m, cand, s..e, false);
                if missing.is_empty() {
                    break m;
                }
                for &pair in &missing {
                    cand.insert(pair);
                }
                sub.add_edges(&local(&missing));
            };
            for i in 0..e - s {
                dual[s + i] = m.flat_dual2(i);
                mate[s + i] = m.mate[i].map(|j| j + s);
            }
        }
        s = e;
    }
    PerfectMatcher::from_parts(v, &weighed(field, &cand.list), &dual, &mate)
}

fn weighed(field: &Field, pairs: &[(usize, usize)]) -> Vec<(usize, usize, Weight)> {
    pairs
        .iter()
        .map(|&(a, b)| (a, b, field.weight(a, b)))
        .collect()
}

/// The sparse first graph: each entrant's neighbours in the standings (for floats between
/// groups), the entrants around its ideal opponent in its group (the fold), and, on both sides
/// of that ideal, the nearest ones it has not met whose seat wants fit its own (the seat digit
/// outranks the fold, so the best partner may sit far from the ideal), and the bye.
fn candidates(field: &Field, odd: bool) -> Candidates {
    let n = field.len();
    let mut cand = Candidates::new(n + odd as usize);
    for a in 0..n {
        for b in a + 1..(a + 1 + NEAR).min(n) {
            cand.insert((a, b));
        }
        let g = field.gsize[a];
        let h = (g / 2).max(1);
        let ideal = a + h;
        for b in ideal.saturating_sub(NEAR / 2)..(ideal + NEAR / 2).min(n) {
            if b > a {
                cand.insert((a, b));
            }
        }
        let (gs, ge) = (field.gstart[a], field.gstart[a] + g);
        for target in [a + h, a.saturating_sub(h)] {
            let t = target.clamp(gs, ge - 1);
            // Outward from the ideal: up (index 0) and down (index 1).
            let mut found = [0usize; 2];
            let mut reach = [t, t];
            let mut open = [true, true];
            while open[0] || open[1] {
                for dir in 0..2 {
                    if !open[dir] {
                        continue;
                    }
                    let b = reach[dir];
                    if b != a && field.seat_fits(a, b) && field.met(a, b) == 0 {
                        cand.insert((a.min(b), a.max(b)));
                        found[dir] += 1;
                    }
                    open[dir] =
                        found[dir] < SEAT_NEAR && if dir == 0 { b + 1 < ge } else { b > gs };
                    if open[dir] {
                        reach[dir] = if dir == 0 { b + 1 } else { b - 1 };
                    }
                }
            }
        }
        if odd {
            cand.insert((a, n));
        }
    }
    cand
}

/// The candidate edges, in insertion order (deterministic), with a dense membership table.
struct Candidates {
    v: usize,
    has: Vec<bool>,
    list: Vec<(usize, usize)>,
}

impl Candidates {
    fn new(v: usize) -> Candidates {
        Candidates {
            v,
            has: vec![false; v * v],
            list: Vec::new(),
        }
    }

    /// Adds pair `a < b`; false if it was there.
    fn insert(&mut self, (a, b): (usize, usize)) -> bool {
        let fresh = !self.has[a * self.v + b];
        if fresh {
            self.has[a * self.v + b] = true;
            self.list.push((a, b));
        }
        fresh
    }
}

/// Pairs whose reduced cost under `m`'s duals is negative (the matching might improve with
/// them); empty when `m` is optimal for the complete graph. Every pair is accounted for, but
/// cheaply: a whole score group at once where even the heaviest pair `a` could make with one
/// of it (every digit at its best) leaves a non-negative slack with the group's lowest dual;
/// inside `a`'s own group, each pair's weight as if they never met (a few additions) first.
///
/// `m` may be a matching of the positions `span` alone (vertex `i` of `m` is position
/// `span.start + i`), which must hold whole score groups; `bye`: with the bye vertex `n`.
fn uncertified(
    field: &Field,
    m: &Matching,
    cand: &Candidates,
    span: std::ops::Range<usize>,
    bye: bool,
) -> Vec<(usize, usize)> {
    let (lo, hi) = (span.start, span.end);
    let scale2 = 2 * m.scale();
    let dual: Vec<Weight> = (lo..hi).map(|v| m.dual2(v - lo)).collect();
    let y = |v: usize| dual[v - lo];
    let groups: Vec<(usize, usize, Weight)> = (lo..hi)
        .filter(|&p| field.gstart[p] == p)
        .map(|s| {
            let e = s + field.gsize[s];
            let low = (s..e).map(y).min().expect("a group has members");
            (s, e, low)
        })
        .collect();
    let f = field.factor;
    let mut out = Vec::new();
    let mut check = |a: usize, b: usize, w: Weight| {
        if !cand.has[a * cand.v + b] && m.slack2(a - lo, b - lo, w) < 0 {
            out.push((a, b));
        }
    };
    for a in lo..hi {
        let ya = y(a);
        for &(s, e, low) in groups.iter().filter(|g| g.1 > a + 1) {
            let best = scale2 * field.weigh(field.best_digits(a, s));
            if ya + low - best >= 0 {
                continue;
            }
            if s > a {
                for b in s..e {
                    if ya + y(b) - best < 0 {
                        check(a, b, field.weight(a, b));
                    }
                }
                continue;
            }
            // a's own group: the digits of `digits` for two of one group, repeat aside.
            let top = f[0] + 2 * f[1] + f[3] + f[4] * field.dmax * field.dmax;
            let ideal = (field.gsize[a] / 2).max(1) as Weight;
            for b in a + 1..e {
                let seat = if field.seat_fits(a, b) {
                    2
                } else if field.want[a].abs() >= 3 && field.want[b].abs() >= 3 {
                    0
                } else {
                    1
                };
                let fold = field.fmax - ((b - a) as Weight - ideal).abs();
                let fresh = top + seat * f[5] + fold * f[6];
                if ya + y(b) - scale2 * fresh < 0 {
                    let w = fresh - field.met(a, b).min(2) as Weight * f[1];
                    debug_assert_eq!(w, field.weight(a, b));
                    check(a, b, w);
                }
            }
        }
        if bye {
            let n = field.len();
            check(a, n, field.weight(a, n));
        }
    }
    out
}

/// Seats a game: the entrant with more second seats takes the first; on equal balance, the one
/// who had the second seat last; else the better placed.
fn seat(field: &Field, a: usize, b: usize) -> (EntrantId, EntrantId) {
    if field.want[b] > field.want[a] {
        (field.ids[b], field.ids[a])
    } else {
        (field.ids[a], field.ids[b])
    }
}

/// The digits of a whole pairing, summed (for tests and diagnostics): index 1 counts fresh
/// meetings (higher is better), 2 the bye's score rank, 3 pairs inside a group, 4 the score
/// closeness, 5 seat compatibility, 6 the fold order.
pub fn pairing_digits(
    entrants: &[Entrant],
    history: &History,
    scoring: &Scoring,
    pairing: &SwissPairing,
) -> [Weight; 7] {
    let field = Field::new(entrants, history, scoring);
    let pos = |id: EntrantId| field.ids.iter().position(|&x| x == id).expect("active");
    let mut total = [0; 7];
    let mut add = |d: [Weight; 7]| total.iter_mut().zip(d).for_each(|(t, x)| *t += x);
    for &(a, b) in &pairing.games {
        add(field.digits(pos(a), pos(b)));
    }
    if let Some(b) = pairing.bye {
        add(field.bye_digits(pos(b)));
    }
    total
}
