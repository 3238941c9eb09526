//! Starting points for the perfect-matching search: a feasible dual with a matching as large as
//! the tight edges allow (so that most stages of the weighted search are never run), and the
//! repair that lets edges be added to a solved instance without starting over.

use super::{Adj, Solver, Weight, NONE};
use std::collections::VecDeque;

impl Solver {
    /// A feasible dual with a tight edge at every vertex, and a maximum-cardinality matching of
    /// the tight edges. Valid only for perfect matchings, where vertex duals need not reach zero.
    pub(super) fn warm_start(&mut self) {
        let n = self.n;
        for v in 0..n {
            let best = self.neighbend[v]
                .iter()
                .map(|a| self.weight[a.end() / 2])
                .max()
                .unwrap_or(0);
            self.dualvar[v] = best;
        }
        for v in 0..n {
            if let Some(d) = self.neighbend[v]
                .iter()
                .map(|a| 2 * self.weight[a.end() / 2] - self.dualvar[a.to()])
                .max()
            {
                self.dualvar[v] = d;
            }
        }
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            for idx in 0..self.neighbend[v].len() {
                let adj = self.neighbend[v][idx];
                let (p, u) = (adj.end(), adj.to());
                if self.mate[u] == NONE && self.slack(p / 2) == 0 {
                    self.mate[v] = p;
                    self.mate[u] = p ^ 1;
                    break;
                }
            }
        }
        self.augment_tight();
    }

    /// Grows the matching to a maximum-cardinality matching of the tight edges (edges of zero
    /// slack between vertices outside any blossom), by Edmonds' unweighted search from each
    /// single vertex in turn. The duals do not move: every matched edge stays tight.
    pub(super) fn augment_tight(&mut self) {
        let n = self.n;
        // Only vertices outside blossoms, matched (if at all) outside blossoms: paths through
        // them never touch a blossom's structure.
        let plain: Vec<bool> = (0..n)
            .map(|v| {
                self.inblossom[v] == v
                    && (self.mate[v] == NONE || {
                        let u = self.endpoint[self.mate[v]];
                        self.inblossom[u] == u
                    })
            })
            .collect();
        // The tight edges of each vertex (as endpoints, in `neighbend`'s order) in one list:
        // `ends[at[v]..at[v + 1]]` (a list per vertex was a twentieth of the Swiss pairing).
        let mut tight = Tight {
            at: Vec::with_capacity(n + 1),
            ends: Vec::new(),
        };
        tight.at.push(0);
        // Each edge's slack once, not once from each end.
        let dual = &self.dualvar;
        let zero: Vec<bool> = (self.endpoint.chunks_exact(2).zip(&self.weight))
            .map(|(ends, &w)| dual[ends[0]] + dual[ends[1]] == 2 * w)
            .collect();
        for v in 0..n {
            if plain[v] {
                for adj in &self.neighbend[v] {
                    if zero[adj.end() / 2] && plain[adj.to()] {
                        tight.ends.push(adj.end());
                    }
                }
            }
            tight.at.push(tight.ends.len());
        }
        let mut search = TightSearch::new(n);
        for root in 0..n {
            if self.mate[root] == NONE && !tight.of(root).is_empty() {
                search.augment_from(root, &tight, &self.endpoint, &mut self.mate);
            }
        }
    }

    /// Adds edges (their weights multiplied by `scale`, as in [`Solver::new`]) to a solved
    /// instance and restores the invariants the search needs (see [`Solver::repair`]).
    pub(super) fn add_edges(&mut self, new: &[(usize, usize, Weight)], scale: Weight) {
        let edges = self.weight.len() + new.len();
        assert!(2 * edges < u32::MAX as usize, "graph too large");
        for &(i, j, w) in new {
            assert!(i != j && i < self.n && j < self.n, "bad edge ({i}, {j})");
            let k = self.weight.len();
            self.weight.push(scale * w);
            self.endpoint.push(i);
            self.endpoint.push(j);
            self.neighbend[i].push(Adj::new(2 * k + 1, j));
            self.neighbend[j].push(Adj::new(2 * k, i));
            self.repair(k);
        }
        self.even_roots();
    }

    /// Starts from given vertex duals (no blossoms) and matched pairs: pairs whose edge is not
    /// tight stay single, then every edge is repaired, roots made even, and the matching grown
    /// on the tight edges.
    pub(super) fn start_from(&mut self, dual: &[Weight], mate: &[Option<usize>]) {
        let n = self.n;
        self.dualvar[..n].copy_from_slice(dual);
        for (v, &m) in mate.iter().enumerate() {
            let Some(u) = m else { continue };
            if u < v || self.mate[v] != NONE {
                continue;
            }
            let found = self.neighbend[v]
                .iter()
                .find(|a| a.to() == u && self.slack(a.end() / 2) == 0)
                .map(|a| a.end());
            if let Some(p) = found {
                self.mate[v] = p;
                self.mate[u] = p ^ 1;
            }
        }
        for k in 0..self.weight.len() {
            self.repair(k);
        }
        self.even_roots();
        self.augment_tight();
    }

    /// Restores the invariants for edge `k` (every slack non-negative, matched edges tight,
    /// blossoms intact): a negative slack raises the dual of one end (a single vertex's if it
    /// has one: nothing to undo), which first leaves its blossoms (their duals moved into their
    /// vertices') and then its mate.
    #[inline(always)]
    fn repair(&mut self, k: usize) {
        // Blossom duals are non-negative: a non-negative slack of the vertex duals alone is
        // enough (the common case, without walking up the blossoms).
        if self.slack(k) < 0 {
            self.repair_negative(k);
        }
    }

    /// [`Solver::repair`] of an edge whose vertex duals alone leave a negative slack.
    #[inline(never)]
    fn repair_negative(&mut self, k: usize) {
        let ((i, j), w) = (self.ends(k), self.weight[k]);
        if self.true_slack(i, j, w) >= 0 {
            return;
        }
        let depth = |v: usize| {
            let mut d = 0;
            let mut b = self.blossomparent[v];
            while b != NONE {
                d += 1;
                b = self.blossomparent[b];
            }
            d
        };
        let v = if self.mate[i] == NONE {
            i
        } else if self.mate[j] == NONE || depth(j) < depth(i) {
            j
        } else {
            i
        };
        while self.inblossom[v] != v {
            self.dissolve(self.inblossom[v]);
        }
        // Leaving blossoms moved their duals into v's: the slack may be smaller now.
        let s = self.true_slack(i, j, w);
        if s < 0 {
            self.dualvar[v] -= s;
            self.unmatch(v);
        }
    }

    /// Single vertices and blossoms (the next roots) back to even duals. A blossom's vertices
    /// share one parity (its edges are tight); raising them all by one and lowering its dual by
    /// one keeps every edge inside as it was (a kept blossom's dual is >= 1).
    fn even_roots(&mut self) {
        for v in 0..self.n {
            if self.mate[v] != NONE || self.dualvar[v] % 2 == 0 {
                continue;
            }
            let b = self.inblossom[v];
            if b == v {
                self.dualvar[v] += 1;
            } else {
                debug_assert!(self.dualvar[b] >= 1);
                for u in self.leaves_of(b) {
                    self.dualvar[u] += 1;
                }
                self.dualvar[b] -= 1;
            }
        }
    }

    /// The slack of edge `(i, j, w)` counting the blossoms holding both ends.
    fn true_slack(&self, i: usize, j: usize, w: Weight) -> Weight {
        let mut s = self.dualvar[i] + self.dualvar[j] - 2 * w;
        let mut b = self.blossomparent[i];
        while b != NONE {
            let mut c = self.blossomparent[j];
            while c != NONE && c != b {
                c = self.blossomparent[c];
            }
            if c == b {
                s += 2 * self.dualvar[b];
            }
            b = self.blossomparent[b];
        }
        s
    }

    fn unmatch(&mut self, v: usize) {
        let p = self.mate[v];
        if p != NONE {
            let u = self.endpoint[p];
            self.mate[v] = NONE;
            self.mate[u] = NONE;
        }
    }

    /// Dissolves top-level blossom `b`: its dual goes into its vertices' (edges inside keep
    /// their slack, edges leaving gain it), its base leaves its mate (their edge is no longer
    /// tight), and its sub-blossoms become top-level.
    fn dissolve(&mut self, b: usize) {
        debug_assert!(b >= self.n && self.blossomparent[b] == NONE);
        let z = self.dualvar[b];
        if z != 0 {
            for v in self.leaves_of(b) {
                self.dualvar[v] += z;
            }
            self.dualvar[b] = 0;
            let base = self.blossombase[b];
            self.unmatch(base);
        }
        // Children keep their own duals (endstage expansion undoes only zero-dual ones).
        self.expand_blossom(b, true);
    }
}

/// The tight edges by vertex, as endpoints (see [`Solver::augment_tight`]).
struct Tight {
    at: Vec<usize>,
    ends: Vec<usize>,
}

impl Tight {
    fn of(&self, v: usize) -> &[usize] {
        &self.ends[self.at[v]..self.at[v + 1]]
    }
}

/// Edmonds' search for an augmenting path on the tight edges (the unweighted blossom
/// algorithm, contracting blossoms by relabelling their bases). `parent[t]` is the endpoint
/// (as in `Solver::mate`) of the edge that reached `t`: `endpoint[parent[t]]` is its parent.
struct TightSearch {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    mark: Vec<bool>,
    seen: Vec<bool>,
    queue: VecDeque<usize>,
}

impl TightSearch {
    fn new(n: usize) -> TightSearch {
        TightSearch {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            mark: vec![false; n],
            seen: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Augments the matching along a tight path from single vertex `root`, if there is one.
    fn augment_from(
        &mut self,
        root: usize,
        tight: &Tight,
        endpoint: &[usize],
        mate: &mut [usize],
    ) -> bool {
        let mate_of = |mate: &[usize], v: usize| {
            if mate[v] == NONE {
                NONE
            } else {
                endpoint[mate[v]]
            }
        };
        self.parent.fill(NONE);
        self.used.fill(false);
        for (v, b) in self.base.iter_mut().enumerate() {
            *b = v;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for &p in tight.of(v) {
                let to = endpoint[p];
                if self.base[v] == self.base[to] || mate_of(mate, v) == to {
                    continue;
                }
                let mto = mate_of(mate, to);
                if to == root || (mto != NONE && self.parent[mto] != NONE) {
                    let cur = self.lca(v, to, endpoint, mate);
                    self.mark.fill(false);
                    self.mark_path(v, cur, p, endpoint, mate);
                    self.mark_path(to, cur, p ^ 1, endpoint, mate);
                    for i in 0..self.base.len() {
                        if self.mark[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = p ^ 1;
                    if mto == NONE {
                        // Flip the path back to the root.
                        let mut t = to;
                        loop {
                            let q = self.parent[t];
                            let s = endpoint[q];
                            let next = mate[s];
                            mate[t] = q;
                            mate[s] = q ^ 1;
                            if next == NONE {
                                return true;
                            }
                            t = endpoint[next];
                        }
                    }
                    self.used[mto] = true;
                    self.queue.push_back(mto);
                }
            }
        }
        false
    }

    /// The base of the blossom closing the cycle through `a` and `b`.
    fn lca(&mut self, a: usize, b: usize, endpoint: &[usize], mate: &[usize]) -> usize {
        self.seen.fill(false);
        let mut a = a;
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = endpoint[self.parent[endpoint[mate[a]]]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if self.seen[b] {
                return b;
            }
            b = endpoint[self.parent[endpoint[mate[b]]]];
        }
    }

    /// Marks the blossom path from `v` down to base `b`; `q` is the endpoint of the edge from
    /// `v` to the vertex on the other side of the closing edge.
    fn mark_path(&mut self, v: usize, b: usize, q: usize, endpoint: &[usize], mate: &[usize]) {
        let (mut v, mut q) = (v, q);
        while self.base[v] != b {
            let m = endpoint[mate[v]];
            self.mark[self.base[v]] = true;
            self.mark[self.base[m]] = true;
            self.parent[v] = q;
            q = self.parent[m] ^ 1;
            v = endpoint[self.parent[m]];
        }
    }
}
