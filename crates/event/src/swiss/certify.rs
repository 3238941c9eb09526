//! The certificate of a matching found on the candidate graph: the pairs of the complete graph
//! whose reduced cost under the matching's duals is negative, found without weighing every
//! pair (the check runs after each group's matching and after the whole field's, over about
//! half a million pairs for 1,024 entrants).

use super::{Candidates, Field, SEAT};
use crate::matching::{Matching, Weight};

/// Pairs whose reduced cost under `m`'s duals is negative (the matching might improve with
/// them); empty when `m` is optimal for the complete graph. Every pair is accounted for, but
/// cheaply: a whole score group at once where even the heaviest pair `a` could make with one
/// of it (every digit at its best) leaves a non-negative slack with the group's lowest dual;
/// inside `a`'s own group, each pair's weight as if they never met (a few additions) first.
///
/// `m` may be a matching of the positions `span` alone (vertex `i` of `m` is position
/// `span.start + i`), which must hold whole score groups; `bye`: with the bye vertex `n`.
/// The pairs come in a fixed order (by `a`, then by `b`): the matcher takes them in it.
pub(super) fn uncertified(
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
    // Inside a group, a pair that never met weighs `top + seat * f5 + fold * f6`, where
    // `fold = fmax - dist` and `dist` is how far `b` sits from `a`'s ideal opponent. Scaled as
    // the duals are, its test `ya + yb - scale2 * weight < 0` reads
    // `(yb - seat_w[seat]) + dist_w[dist] < top_w - ya`, where the first term depends on `b`
    // and `a`'s seat class only: made once per group and class (`z`), the test is one addition.
    let top = f[0] + 2 * f[1] + f[3] + f[4] * field.dmax * field.dmax;
    let top_w = scale2 * (top + field.fmax * f[6]);
    let seat_w = [0, scale2 * f[5], 2 * scale2 * f[5]];
    let longest = groups.iter().map(|g| g.1 - g.0).max().unwrap_or(0);
    let dist_w: Vec<Weight> = (0..longest).map(|k| scale2 * f[6] * k as Weight).collect();
    let mut z: [Vec<Weight>; 5] = Default::default();
    let mut z_group = usize::MAX;
    let mut out = Vec::new();
    // A pair is reported when it is no candidate yet and its slack is negative (its weight
    // is only made then: the bye's pairs, for one, are all candidates).
    let mut check = |a: usize, b: usize, w: &dyn Fn() -> Weight| {
        if !cand.has(a, b) && m.slack2(a - lo, b - lo, w()) < 0 {
            out.push((a, b));
        }
    };
    for a in lo..hi {
        let ya = y(a);
        for &(s, e, low) in groups.iter().filter(|g| g.1 > a + 1) {
            let best = scale2 * best_weight(field, a, s);
            if ya + low - best >= 0 {
                continue;
            }
            if s > a {
                for b in s..e {
                    if ya + y(b) - best < 0 {
                        check(a, b, &|| field.weight(a, b));
                    }
                }
                continue;
            }
            // a's own group: the digits of `digits` for two of one group, repeat aside.
            if z_group != s {
                for (seats, zc) in SEAT.iter().zip(&mut z) {
                    zc.clear();
                    zc.extend(
                        (s..e).map(|b| y(b) - seat_w[seats[field.seat_class[b] as usize] as usize]),
                    );
                }
                z_group = s;
            }
            let limit = top_w - ya;
            let class = field.seat_class[a] as usize;
            let ideal = (field.gsize[a] / 2).max(1);
            let seats = &SEAT[class];
            let zs = &z[class][a + 1 - s..];
            let mut hit = |b: usize, dist: usize| {
                let seat = seats[field.seat_class[b] as usize];
                let fresh = top + seat * f[5] + (field.fmax - dist as Weight) * f[6];
                let w = fresh - field.met(a, b).min(2) as Weight * f[1];
                debug_assert_eq!(w, field.weight(a, b));
                check(a, b, &|| w);
            };
            // Up to the ideal opponent (`dist` falling to 0), then beyond it (rising from 1).
            let mid = (a + ideal).min(e - 1);
            let near = zs[..mid - a]
                .iter()
                .zip(dist_w[a + ideal - mid..ideal].iter().rev());
            for (i, (&zb, &dw)) in near.enumerate() {
                if zb + dw < limit {
                    hit(a + 1 + i, ideal - 1 - i);
                }
            }
            for (i, (&zb, &dw)) in zs[mid - a..].iter().zip(&dist_w[1..]).enumerate() {
                if zb + dw < limit {
                    hit(mid + 1 + i, 1 + i);
                }
            }
        }
        if bye {
            let n = field.len();
            check(a, n, &|| field.weight(a, n));
        }
    }
    out
}

/// The weight of digits at least as high as those of pairing `a` with anyone of the score
/// group starting at position `s > a` or holding `a` (an upper bound, digit by digit).
fn best_weight(field: &Field, a: usize, s: usize) -> Weight {
    let f = &field.factor;
    let d = (field.score[a] - field.score[s]) as Weight;
    let (same, fold) = if d == 0 {
        (1, field.fmax)
    } else {
        let from_bottom = field.gstart[a] + field.gsize[a] - 1 - a;
        (0, (field.fmax - from_bottom as Weight).max(0))
    };
    let dd = field.dmax * field.dmax - d * d;
    let w = f[0] + 2 * f[1] + same * f[3] + dd * f[4] + 2 * f[5] + fold * f[6];
    debug_assert_eq!(w, field.weigh([1, 2, 0, same, dd, 2, fold]));
    w
}
