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
//! solution's duals are checked against every pair of the field (`certify.rs`: whole score
//! groups at once where a bound allows); any pair with negative reduced cost is added and the
//! matching goes on from where it stood. The result is exactly a maximum-weight matching of the
//! complete graph. Each candidate is weighed once, when it is added.

use crate::matching::{max_weight_perfect_matching, Matching, PerfectMatcher, Weight};
use crate::model::{records, seed_cmp, Entrant, EntrantId, History, Record, Scoring};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

mod certify;

use certify::uncertified;

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
    /// The want's class, for [`SEAT`]: none, first seat (2 if badly), second seat (4 if badly).
    seat_class: Vec<u8>,
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

/// The class of a seat want (see [`SEAT`]).
fn seat_class(want: i32) -> u8 {
    match want {
        0 => 0,
        1..=2 => 1,
        3.. => 2,
        -2..=-1 => 3,
        _ => 4,
    }
}

/// The seat digit by the two wants' classes: 2 when both can have the seat they want (one
/// wants none, or they want different seats), 0 when both want the same seat badly (by 3 or
/// more), else 1. A table, as the certificate looks it up for about half a million pairs.
const SEAT: [[Weight; 5]; 5] = [
    [2, 2, 2, 2, 2],
    [2, 1, 1, 2, 2],
    [2, 1, 0, 2, 2],
    [2, 2, 2, 1, 1],
    [2, 2, 2, 1, 0],
];

/// Per-edge maxima of the digits, given the field.
fn digit_max(max_score: u32, dmax: Weight, fmax: Weight) -> [Weight; 7] {
    [1, 2, max_score as Weight, 1, dmax * dmax, 2, fmax]
}

impl Field {
    pub fn new(entrants: &[Entrant], history: &History, scoring: &Scoring) -> Field {
        let recs = records(entrants, history, scoring);
        let dropped: BTreeSet<EntrantId> = history.drops.iter().copied().collect();
        let mut seen = BTreeSet::new();
        // Each entrant with its record, looked up once (not in every comparison of the sort).
        let mut active: Vec<(&Entrant, &Record)> = entrants
            .iter()
            .filter(|e| !dropped.contains(&e.id) && seen.insert(e.id))
            .map(|e| (e, &recs[&e.id]))
            .collect();
        active.sort_by(|(a, ra), (b, rb)| rb.score.cmp(&ra.score).then(seed_cmp(a, b)));
        let n = active.len();
        let ids: Vec<EntrantId> = active.iter().map(|(e, _)| e.id).collect();
        let score: Vec<u32> = active.iter().map(|(_, r)| r.score).collect();
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
        // Positions by id, for a binary search (ids are unique).
        let mut pos: Vec<(EntrantId, usize)> =
            ids.iter().enumerate().map(|(p, &id)| (id, p)).collect();
        pos.sort_unstable();
        let find = |o: &EntrantId| {
            pos.binary_search_by_key(o, |&(id, _)| id)
                .ok()
                .map(|i| pos[i].1)
        };
        let met = active
            .iter()
            .map(|(_, r)| {
                let mut v: Vec<usize> = r.opponents.iter().filter_map(find).collect();
                v.sort_unstable();
                v
            })
            .collect();
        let want: Vec<i32> = active
            .iter()
            .map(|(_, r)| {
                -2 * r.seat_balance
                    + match r.last_first {
                        Some(true) => -1,
                        Some(false) => 1,
                        None => 0,
                    }
            })
            .collect();
        let seat_class = want.iter().map(|&w| seat_class(w)).collect();
        let byes = active.iter().map(|(_, r)| r.byes).collect();
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
            seat_class,
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

    #[inline(always)]
    fn met(&self, a: usize, b: usize) -> usize {
        self.met[a].iter().filter(|&&o| o == b).count()
    }

    /// The digits of pairing positions `a < b`.
    pub fn digits(&self, a: usize, b: usize) -> [Weight; 7] {
        let (a, b) = (a.min(b), a.max(b));
        let repeat = 2 - self.met(a, b).min(2) as Weight;
        let same = (self.score[a] == self.score[b]) as Weight;
        let d = (self.score[a] - self.score[b]) as Weight;
        let dmax = self.dmax;
        let seat = self.seat_digit(a, b);
        let fold = self.fold_digit(a, b);
        [1, repeat, 0, same, dmax * dmax - d * d, seat, fold]
    }

    /// The seat digit of positions `a` and `b`: 2 when both can have the seat they want, 0 when
    /// both need the same one badly, else 1.
    #[inline(always)]
    fn seat_digit(&self, a: usize, b: usize) -> Weight {
        let digit = SEAT[self.seat_class[a] as usize][self.seat_class[b] as usize];
        debug_assert_eq!(digit, {
            let (wa, wb) = (self.want[a], self.want[b]);
            if self.seat_fits(a, b) {
                2
            } else if wa.abs() >= 3 && wb.abs() >= 3 {
                0
            } else {
                1
            }
        });
        digit
    }

    /// The fold digit of positions `a < b`.
    #[inline(always)]
    fn fold_digit(&self, a: usize, b: usize) -> Weight {
        let fmax = self.fmax;
        if self.score[a] == self.score[b] {
            let ideal = (self.gsize[a] / 2).max(1) as Weight;
            fmax - ((b - a) as Weight - ideal).abs()
        } else {
            // The lowest of the upper group meets the highest of the lower group.
            let from_bottom = self.gstart[a] + self.gsize[a] - 1 - a;
            let from_top = b - self.gstart[b];
            (fmax - (from_bottom + from_top) as Weight).max(0)
        }
    }

    /// Whether `a` and `b` can be seated as both want (the seat digit at its best).
    fn seat_fits(&self, a: usize, b: usize) -> bool {
        let (wa, wb) = (self.want[a], self.want[b]);
        wa == 0 || wb == 0 || (wa > 0) != (wb > 0)
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

    /// The weight of pairing `a` and `b` (`b` the bye vertex `len()`): the digits weighed, but
    /// without building them (every candidate edge is weighed, once: weighing them twice, digit
    /// array by digit array, was a tenth of the pairing's time).
    fn weight(&self, a: usize, b: usize) -> Weight {
        if b == self.len() {
            return self.weigh(self.bye_digits(a));
        }
        let (a, b) = (a.min(b), a.max(b));
        let f = &self.factor;
        let fresh = 2 - self.met(a, b).min(2) as i64;
        let d = (self.score[a] - self.score[b]) as Weight;
        let same = if d == 0 { f[3] } else { 0 };
        let fold = self.fold_digit(a, b) as i64;
        let seat = self.seat_digit(a, b) as i64;
        let w = f[0]
            + Weight::from(fresh) * f[1]
            + same
            + (self.dmax * self.dmax - d * d) * f[4]
            + Weight::from(seat) * f[5]
            + Weight::from(fold) * f[6];
        debug_assert_eq!(w, self.weigh(self.digits(a, b)));
        w
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
        let from = cand.list.len();
        let Some(m) = matcher.solve() else {
            // The candidates admit no perfect matching: add every other pair.
            for a in 0..v {
                for b in a + 1..v {
                    cand.insert(&field, (a, b));
                }
            }
            matcher.add_edges(&cand.list[from..]);
            continue;
        };
        let missing = uncertified(&field, &m, &cand, 0..n, odd);
        if missing.is_empty() {
            break m;
        }
        for &e in &missing {
            cand.insert(&field, e);
        }
        matcher.add_edges(&cand.list[from..]);
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
    // Each group's candidate pairs (indexed by the group's start), in the list's order and the
    // group's own numbering: one pass over the list, not one per group.
    let mut inside = vec![Vec::new(); n];
    for &(a, b, w) in &cand.list {
        if b < n && field.gstart[a] == field.gstart[b] {
            let s = field.gstart[a];
            inside[s].push((a - s, b - s, w));
        }
    }
    let mut s = 0;
    while s < n {
        let e = s + field.gsize[s];
        let inside = std::mem::take(&mut inside[s]);
        if !inside.is_empty() {
            let mut sub = PerfectMatcher::new(e - s, &inside);
            let m = loop {
                let m = sub.solve_any();
                let missing = uncertified(field, &m, cand, s..e, false);
                if missing.is_empty() {
                    break m;
                }
                let from = cand.list.len();
                for &pair in &missing {
                    cand.insert(field, pair);
                }
                let local: Vec<(usize, usize, Weight)> = cand.list[from..]
                    .iter()
                    .map(|&(a, b, w)| (a - s, b - s, w))
                    .collect();
                sub.add_edges(&local);
            };
            for i in 0..e - s {
                dual[s + i] = m.flat_dual2(i);
                mate[s + i] = m.mate[i].map(|j| j + s);
            }
        }
        s = e;
    }
    PerfectMatcher::from_parts(v, &cand.list, &dual, &mate)
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
            cand.insert(field, (a, b));
        }
        let g = field.gsize[a];
        let h = (g / 2).max(1);
        let ideal = a + h;
        for b in ideal.saturating_sub(NEAR / 2)..(ideal + NEAR / 2).min(n) {
            if b > a {
                cand.insert(field, (a, b));
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
                        cand.insert(field, (a.min(b), a.max(b)));
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
            cand.insert(field, (a, n));
        }
    }
    cand
}

/// The candidate edges with their weights (each weighed once), in insertion order
/// (deterministic), with a membership bitset (`v²` bits: 128 KiB for 1,024 entrants).
pub(crate) struct Candidates {
    v: usize,
    has: Vec<u64>,
    list: Vec<(usize, usize, Weight)>,
}

impl Candidates {
    fn new(v: usize) -> Candidates {
        Candidates {
            v,
            has: vec![0; (v * v).div_ceil(64)],
            list: Vec::new(),
        }
    }

    /// Whether pair `a < b` is a candidate.
    pub(crate) fn has(&self, a: usize, b: usize) -> bool {
        let bit = a * self.v + b;
        self.has[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// Adds pair `a < b` with its weight, unless it is there.
    fn insert(&mut self, field: &Field, (a, b): (usize, usize)) {
        let bit = a * self.v + b;
        if self.has[bit / 64] & (1 << (bit % 64)) == 0 {
            self.has[bit / 64] |= 1 << (bit % 64);
            self.list.push((a, b, field.weight(a, b)));
        }
    }
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
