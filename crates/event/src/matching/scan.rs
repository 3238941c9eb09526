//! The search's innermost loops: an S-vertex looking along its edges, and a freed vertex's
//! edges looked at again when a tree is taken apart. They run about a million times in a
//! 1,024-entrant pairing, mostly to keep the least slacks (most edges are not tight), so that
//! case is a loop of its own over borrowed fields: the blossoms, labels and duals cannot change
//! under it, and it stops at the first edge that may change them, handled the general way.

use super::{Adj, Solver, Weight, NONE};

impl Solver {
    /// S-vertex `v` looks along each of its edges, until one closes an augmenting path.
    #[inline(never)]
    pub(super) fn scan_vertex(&mut self, v: usize) -> Option<usize> {
        let mut from = 0;
        while let Some(idx) = self.scan_slack(v, from) {
            let p = self.neighbend[v][idx].end();
            if let Some(k) = self.follow_tight(v, p) {
                return Some(k);
            }
            from = idx + 1;
        }
        None
    }

    /// [`Solver::scan_edge`] along `v`'s edges from `neighbend[v][from]` on, as long as they
    /// are not tight: returns the index of the first tight one (to follow), if any. Nothing
    /// here moves a blossom, a label or a dual, so `v`'s blossom and dual are read once.
    #[inline(always)]
    fn scan_slack(&mut self, v: usize, from: usize) -> Option<usize> {
        let Solver {
            neighbend,
            endpoint,
            inblossom,
            label,
            dualvar,
            weight,
            bestedge,
            bestslack,
            bestseen,
            epoch,
            ..
        } = self;
        let epoch = *epoch;
        let (bv, dv) = (inblossom[v], dualvar[v]);
        for (idx, &adj) in neighbend[v].iter().enumerate().skip(from) {
            let (p, w) = (adj.end(), adj.to());
            debug_assert_eq!((endpoint[p], endpoint[p ^ 1]), (w, v));
            let bw = inblossom[w];
            if bw == bv {
                continue;
            }
            let lw = label[bw];
            if lw == 2 && label[w] != 0 {
                continue;
            }
            let k = p / 2;
            let kslack = dv + dualvar[w] - 2 * weight[k];
            if kslack <= 0 {
                return Some(idx);
            }
            // As in `scan_edge`: the least slack out of v's S-blossom, or into free vertex w.
            let x = if lw == 1 {
                bv
            } else if label[w] == 0 {
                w
            } else {
                continue;
            };
            let best = bestedge[x];
            if best != NONE {
                if bestseen[x] != epoch {
                    let (i, j) = (endpoint[2 * best], endpoint[2 * best + 1]);
                    bestslack[x] = dualvar[i] + dualvar[j] - 2 * weight[best];
                    bestseen[x] = epoch;
                }
                if kslack >= bestslack[x] {
                    continue;
                }
            }
            bestedge[x] = k;
            bestslack[x] = kslack;
            bestseen[x] = epoch;
        }
        None
    }

    /// S-vertex `v` looks along its edge to `endpoint[p]`: grows its tree, makes a blossom,
    /// or returns the edge of an augmenting path.
    #[inline(always)]
    pub(super) fn scan_edge(&mut self, v: usize, p: usize) -> Option<usize> {
        debug_assert_eq!(self.endpoint[p ^ 1], v);
        let k = p / 2;
        let w = self.endpoint[p];
        let (bv, bw) = (self.inblossom[v], self.inblossom[w]);
        if bv == bw {
            return None;
        }
        let lw = self.label[bw];
        // `w` is in a T-blossom and marked as reached already: nothing changes, whatever the
        // slack (a third of the scans).
        if lw == 2 && self.label[w] != 0 {
            return None;
        }
        // Tight edges are followed (the original cached that in `allowedge`; an edge found
        // tight stays so while both ends keep their labels, which detaching trees breaks).
        let kslack = self.dualvar[v] + self.dualvar[w] - 2 * self.weight[k];
        if kslack <= 0 {
            return self.follow_tight(v, p);
        }
        if lw == 1 {
            if self.bestedge[bv] == NONE || kslack < self.best_slack(bv) {
                self.set_best(bv, k, kslack);
            }
        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.best_slack(w)) {
            self.set_best(w, k, kslack);
        }
        None
    }

    /// [`Solver::scan_edge`] along a tight edge.
    #[inline(never)]
    fn follow_tight(&mut self, v: usize, p: usize) -> Option<usize> {
        let k = p / 2;
        let w = self.endpoint[p];
        if self.label[self.inblossom[w]] == 0 {
            self.assign_label(w, 2, p ^ 1);
        } else if self.label[self.inblossom[w]] == 1 {
            let base = self.scan_blossom(v, w);
            if base != NONE {
                self.add_blossom(base, k);
            } else {
                return Some(k);
            }
        } else if self.label[w] == 0 {
            self.label[w] = 2;
            self.labelend[w] = p ^ 1;
        }
        None
    }

    /// For a vertex freed from its tree, with edges `adjacent`: the index of the first from
    /// `from` on whose other end `u` is inside a T-blossom, marked as reached along it, or (when
    /// `scan`) is in an S-blossom. The other edges need nothing.
    #[inline(always)]
    pub(super) fn next_touched(&self, adjacent: &[Adj], from: usize, scan: bool) -> Option<usize> {
        let (inblossom, label, labelend) = (&self.inblossom, &self.label, &self.labelend);
        adjacent[from..]
            .iter()
            .position(|&adj| {
                let (p, u) = (adj.end(), adj.to());
                let bu = inblossom[u];
                (bu != u && label[u] == 2 && labelend[u] == p ^ 1) || (scan && label[bu] == 1)
            })
            .map(|i| from + i)
    }

    /// The slack of `bestedge[x]` (which must be an edge), computed once per move of the duals.
    #[inline(always)]
    pub(super) fn best_slack(&mut self, x: usize) -> Weight {
        if self.bestseen[x] != self.epoch {
            self.bestslack[x] = self.slack(self.bestedge[x]);
            self.bestseen[x] = self.epoch;
        }
        self.bestslack[x]
    }

    /// Sets `bestedge[x]` to `k` (or NONE) whose slack is `slack`.
    #[inline(always)]
    pub(super) fn set_best(&mut self, x: usize, k: usize, slack: Weight) {
        self.bestedge[x] = k;
        self.bestslack[x] = slack;
        self.bestseen[x] = self.epoch;
    }
}
