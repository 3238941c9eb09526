//! Maximum-weight matching on general graphs (Edmonds' blossom algorithm, primal-dual, O(n³)).
//!
//! A port of Joris van Rantwijk's public-domain `mwmatching.py` (after Galil, "Efficient
//! Algorithms for Finding Maximum Matching in Graphs", 1986), with `i128` weights so that the
//! Swiss pairing can stack its criteria as digits of one number without overflow.
//!
//! Crates.io has `mwmatching` (0.1.1, the same port) but its weights are `i32` (the Swiss
//! weights need ~70 bits) and it has had a single release: this module is our own, checked
//! against brute force in `tests/matching.rs`.
//!
//! Vertices are `0..n`; non-trivial blossoms are numbered `n..2n`. Edge `k` has endpoints
//! `2k` and `2k+1`. Vertex duals are stored doubled so that everything stays integral.
//!
//! Departures from the port, for speed (issue 49's 1,024-entrant round): the search goes on
//! after an augmenting path instead of starting a new stage (`stage.rs`); the perfect variant
//! starts from a maximum-cardinality matching of the tight edges and can take edges after it
//! is solved, repairing its solution rather than starting over (`warm.rs`); a blossom keeps
//! the list of its vertices. `i128` stays: the Swiss weights of 1,024 entrants after 9 rounds
//! reach about 2^74.
//!
//! Later, the same search done with less work, step for step (the Swiss pairing often has
//! several heaviest pairings, and which one comes out depends on the order of every step, so
//! none may change): the scans that only keep least slacks run as a loop of their own
//! (`scan.rs`), with each vertex's edges holding their far ends and the least slack of each
//! best edge remembered until the duals move; the loops over blossoms stop at the highest
//! number used; scratch lists are kept between uses.

/// An edge weight.
pub type Weight = i128;

mod scan;
mod stage;
mod warm;

const NONE: usize = usize::MAX;

/// The result of [`max_weight_matching`]: the mates, and the dual solution that proves the
/// matching optimal (used to certify a matching found on a sparse candidate graph against
/// edges that were left out).
#[derive(Debug, Clone)]
pub struct Matching {
    /// `mate[v]` is the vertex matched to `v`, if any.
    pub mate: Vec<Option<usize>>,
    /// Twice the dual of each vertex.
    dual: Vec<Weight>,
    /// The blossom dual `z(b)` for `b >= n` (indexed `b`), zero for vertices.
    zdual: Vec<Weight>,
    /// Parent blossom in the final laminar family (`NONE` for top level).
    parent: Vec<usize>,
    /// The factor the solver multiplied the weights by (duals are in those units).
    scale: Weight,
    /// For each vertex, the blossoms holding it from the top level down, each with twice the
    /// sum of their duals down to it: `chains[chain_at[v]..chain_at[v + 1]]`.
    chains: Vec<(usize, Weight)>,
    chain_at: Vec<usize>,
}

impl Matching {
    /// Twice the dual variable of vertex `v` (in units of the weights times the solver's scale).
    pub fn dual2(&self, v: usize) -> Weight {
        self.dual[v]
    }

    /// [`Matching::dual2`] of `v` plus the duals of the blossoms holding it: with these as vertex
    /// duals and no blossoms, every edge keeps or gains slack and every matched edge inside a
    /// blossom stays tight (only a blossom's edge to its base's mate outside loses that).
    pub fn flat_dual2(&self, v: usize) -> Weight {
        let mut d = self.dual[v];
        let mut b = self.parent[v];
        while b != NONE {
            d += self.zdual[b];
            b = self.parent[b];
        }
        d
    }

    /// The factor the weights were multiplied by inside the solver: [`Matching::dual2`] is in
    /// units of the weights times this.
    pub fn scale(&self) -> Weight {
        self.scale
    }

    /// Twice the reduced cost (slack) of a would-be edge `(i, j, w)` under this solution's
    /// duals. A non-negative slack for every edge of a larger graph proves the matching is also
    /// optimal there (all vertex and blossom duals stay feasible and complementary).
    pub fn slack2(&self, i: usize, j: usize, w: Weight) -> Weight {
        let base = self.dual[i] + self.dual[j] - 2 * self.scale * w;
        if base >= 0 {
            // Blossom duals are non-negative: the slack can only grow.
            return base;
        }
        // Only blossoms holding both ends count: those the two chains share from the top.
        let ci = &self.chains[self.chain_at[i]..self.chain_at[i + 1]];
        let cj = &self.chains[self.chain_at[j]..self.chain_at[j + 1]];
        let shared = ci
            .iter()
            .zip(cj)
            .take_while(|(a, b)| a.0 == b.0)
            .last()
            .map_or(0, |(a, _)| a.1);
        base + shared
    }
}

/// Computes a maximum-weight matching of the graph on vertices `0..n` with the given edges
/// `(i, j, weight)` (no loops, at most one edge per pair). Not restricted to maximum
/// cardinality: give every edge a large common base weight to prefer more pairs.
/// Deterministic: the same input (in the same order) always gives the same matching.
pub fn max_weight_matching(n: usize, edges: &[(usize, usize, Weight)]) -> Matching {
    let mut m = Solver::new(n, edges, 1);
    m.solve();
    m.finish(1)
}

/// Computes a maximum-weight perfect matching, or `None` when the graph has none.
///
/// Starts from a feasible dual with a tight edge at every vertex and a maximum-cardinality
/// matching of the tight edges, which saves most of the stages on large graphs. The search then
/// runs in maximum cardinality mode (vertex duals free): the result has maximum cardinality,
/// and when it is perfect its duals prove it the heaviest perfect matching.
pub fn max_weight_perfect_matching(n: usize, edges: &[(usize, usize, Weight)]) -> Option<Matching> {
    PerfectMatcher::new(n, edges).solve()
}

/// A maximum-weight perfect matching that can take more edges after it is solved and solve
/// again from where it stood (the matching and duals are repaired, not recomputed), as the
/// Swiss pairing does when the complete graph's check finds edges its sparse graph lacked.
pub struct PerfectMatcher {
    solver: Solver,
}

impl PerfectMatcher {
    pub fn new(n: usize, edges: &[(usize, usize, Weight)]) -> PerfectMatcher {
        // Even weights make every initial dual even, so that all single vertices (the roots of
        // the search, which move together) share one parity and the halved slacks stay exact.
        let mut solver = Solver::new(n, edges, 2);
        solver.maxcard = true;
        solver.warm_start();
        PerfectMatcher { solver }
    }

    /// Like [`PerfectMatcher::new`], but starting from the vertex duals and pairs of earlier
    /// solutions of parts of the graph (as [`Matching::flat_dual2`] and [`Matching::mate`] give
    /// them; vertices of no part: any dual, single). Repaired where they do not fit.
    pub fn from_parts(
        n: usize,
        edges: &[(usize, usize, Weight)],
        dual: &[Weight],
        mate: &[Option<usize>],
    ) -> PerfectMatcher {
        let mut solver = Solver::new(n, edges, 2);
        solver.maxcard = true;
        solver.start_from(dual, mate);
        PerfectMatcher { solver }
    }

    /// A matching of maximum cardinality, the heaviest of those, perfect or not.
    pub fn solve_any(&mut self) -> Matching {
        self.solver.solve();
        self.solver.finish(2)
    }

    /// The heaviest perfect matching of the edges so far, or `None` when they have none.
    pub fn solve(&mut self) -> Option<Matching> {
        self.solver.solve();
        let out = self.solver.finish(2);
        out.mate.iter().all(|x| x.is_some()).then_some(out)
    }

    /// Adds edges (none may be there already); the next [`PerfectMatcher::solve`] starts from
    /// the last solution, repaired where the new edges' slack was negative.
    pub fn add_edges(&mut self, edges: &[(usize, usize, Weight)]) {
        self.solver.add_edges(edges, 2);
        self.solver.augment_tight();
    }
}

impl Solver {
    fn finish(&self, scale: Weight) -> Matching {
        let n = self.n;
        let m = self;
        let mate = (0..n)
            .map(|v| (m.mate[v] != NONE).then(|| m.endpoint[m.mate[v]]))
            .collect();
        let mut zdual = vec![0; 2 * n];
        zdual[n..].copy_from_slice(&m.dualvar[n..]);
        let mut chains = Vec::new();
        let mut chain_at = vec![0];
        let mut up = Vec::new();
        for v in 0..n {
            up.clear();
            let mut b = m.blossomparent[v];
            while b != NONE {
                up.push(b);
                b = m.blossomparent[b];
            }
            let mut sum = 0;
            for &b in up.iter().rev() {
                sum += 2 * zdual[b];
                chains.push((b, sum));
            }
            chain_at.push(chains.len());
        }
        Matching {
            mate,
            dual: m.dualvar[..n].to_vec(),
            zdual,
            chains,
            chain_at,
            parent: m.blossomparent.clone(),
            scale,
        }
    }
}

/// An edge seen from one end: the endpoint `end` of its other end (`end / 2` is the edge, as
/// in the original's `neighbend`) and that other end's vertex, kept together so that a scan
/// need not look the neighbour up in `endpoint` (the scans are about a million lookups).
#[derive(Debug, Clone, Copy)]
struct Adj {
    end: u32,
    to: u32,
}

impl Adj {
    /// The edge with endpoint `end` at the far end, vertex `to` (both below `u32::MAX`:
    /// [`Solver::new`] and [`Solver::add_edges`] check the graph's size).
    #[inline(always)]
    fn new(end: usize, to: usize) -> Adj {
        debug_assert!(end < u32::MAX as usize && to < u32::MAX as usize);
        Adj {
            end: end as u32,
            to: to as u32,
        }
    }

    #[inline(always)]
    fn end(self) -> usize {
        self.end as usize
    }

    #[inline(always)]
    fn to(self) -> usize {
        self.to as usize
    }
}

struct Solver {
    n: usize,
    /// The weight of each edge (times the solver's scale); its ends are `endpoint[2k]` and
    /// `endpoint[2k + 1]`.
    weight: Vec<Weight>,
    endpoint: Vec<usize>,
    /// Each vertex's edges, in the order they came.
    neighbend: Vec<Vec<Adj>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    /// The vertices of each blossom, in the order of its children (kept with them).
    blossomleaves: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// The slack of `bestedge[x]`, valid while `bestseen[x]` equals `epoch` (the number of
    /// moves of the duals so far): each scan compares its edge's slack with it, and the duals
    /// stand still for hundreds of scans (see [`Solver::best_slack`]).
    bestslack: Vec<Weight>,
    bestseen: Vec<u64>,
    epoch: u64,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    /// One past the highest blossom number ever used: the numbers above it were never taken,
    /// so the loops over blossoms stop there (a group's search has a few blossoms, not `n`).
    blossoms_end: usize,
    dualvar: Vec<Weight>,
    queue: Vec<usize>,
    maxcard: bool,
    /// Scratch for `add_blossom`, all NONE between calls.
    bestto: Vec<usize>,
    /// The top-level blossoms and vertices labelled in each root's tree (some may have left
    /// it since: checked when the tree is taken apart).
    members: Vec<Vec<usize>>,
    /// The root vertex of the alternating tree of each labelled top-level blossom or vertex.
    rootof: Vec<usize>,
    /// Scratch for taking trees apart: the vertices freed.
    freed: Vec<usize>,
}

impl Solver {
    /// The solver of the graph `edges` with their weights multiplied by `scale`.
    fn new(n: usize, edges: &[(usize, usize, Weight)], scale: Weight) -> Solver {
        let weight: Vec<Weight> = edges.iter().map(|e| scale * e.2).collect();
        let maxweight = weight.iter().copied().max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        // Each vertex's list sized once (growing them was a twentieth of the Swiss pairing).
        let mut degree = vec![0; n];
        assert!(
            2 * edges.len() < u32::MAX as usize && n < u32::MAX as usize,
            "graph too large"
        );
        for &(i, j, _) in edges {
            assert!(i != j && i < n && j < n, "bad edge ({i}, {j})");
            degree[i] += 1;
            degree[j] += 1;
        }
        let mut neighbend: Vec<Vec<Adj>> = degree.into_iter().map(Vec::with_capacity).collect();
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(Adj::new(2 * k + 1, j));
            neighbend[j].push(Adj::new(2 * k, i));
        }
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        Solver {
            n,
            weight,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            blossomleaves: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            bestslack: vec![0; 2 * n],
            bestseen: vec![0; 2 * n],
            epoch: 1,
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            blossoms_end: n,
            dualvar,
            queue: Vec::new(),
            maxcard: false,
            rootof: vec![NONE; 2 * n],
            bestto: vec![NONE; 2 * n],
            members: vec![Vec::new(); n],
            freed: Vec::new(),
        }
    }

    /// The two ends of edge `k`.
    #[inline(always)]
    fn ends(&self, k: usize) -> (usize, usize) {
        (self.endpoint[2 * k], self.endpoint[2 * k + 1])
    }

    #[inline(always)]
    fn slack(&self, k: usize) -> Weight {
        let (i, j) = self.ends(k);
        self.dualvar[i] + self.dualvar[j] - 2 * self.weight[k]
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            out.extend_from_slice(&self.blossomleaves[b]);
        }
    }

    /// Caches the vertices of blossom `b` from its children's (in the children's order).
    fn gather_leaves(&mut self, b: usize) {
        let mut all = std::mem::take(&mut self.blossomleaves[b]);
        all.clear();
        for &t in &self.blossomchilds[b] {
            self.leaves(t, &mut all);
        }
        self.blossomleaves[b] = all;
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        debug_assert!(self.label[w] == 0 && self.label[b] == 0);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        self.rootof[b] = if p == NONE {
            w
        } else {
            self.rootof[self.inblossom[self.endpoint[p]]]
        };
        self.members[self.rootof[b]].push(b);
        if t == 1 {
            let mut q = std::mem::take(&mut self.queue);
            self.leaves(b, &mut q);
            self.queue = q;
        } else {
            let base = self.blossombase[b];
            debug_assert!(self.mate[base] != NONE);
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.ends(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom number");
        self.blossoms_end = self.blossoms_end.max(b + 1);
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut childs = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            childs.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        childs.push(bb);
        childs.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            childs.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.blossomchilds[b] = childs;
        self.blossomendps[b] = endps;
        self.gather_leaves(b);
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.rootof[b] = self.rootof[bb];
        self.members[self.rootof[b]].push(b);
        self.dualvar[b] = 0;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // Least-slack edges from the new blossom to each neighbouring S-blossom (`bestto` is
        // scratch, all NONE between calls; `touched` lists the entries set).
        let mut bestto = std::mem::take(&mut self.bestto);
        let mut touched = Vec::new();
        for bv in self.blossomchilds[b].clone() {
            let list: Vec<usize> = match self.blossombestedges[bv].take() {
                Some(l) => l,
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .flat_map(|v| self.neighbend[v].iter().map(|a| a.end() / 2))
                    .collect(),
            };
            for k in list {
                let (i, j) = self.ends(k);
                let j = if self.inblossom[j] == b { i } else { j };
                let bj = self.inblossom[j];
                if bj != b && self.label[bj] == 1 {
                    if bestto[bj] == NONE {
                        touched.push(bj);
                        bestto[bj] = k;
                    } else if self.slack(k) < self.slack(bestto[bj]) {
                        bestto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        touched.sort_unstable();
        let list: Vec<usize> = touched
            .iter()
            .map(|&bj| std::mem::replace(&mut bestto[bj], NONE))
            .collect();
        self.bestto = bestto;
        let (mut best, mut least) = (NONE, 0);
        for &k in &list {
            let s = self.slack(k);
            if best == NONE || s < least {
                (best, least) = (k, s);
            }
        }
        self.blossombestedges[b] = Some(list);
        self.set_best(b, best, least);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        for s in self.blossomchilds[b].clone() {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let childs = self.blossomchilds[b].clone();
            for &c in &childs {
                self.rootof[c] = self.rootof[b];
                self.members[self.rootof[b]].push(c);
            }
            let endps = self.blossomendps[b].clone();
            let len = childs.len() as isize;
            let at = |v: &Vec<usize>, i: isize| v[i.rem_euclid(len) as usize];
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap() as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = at(&endps, j - endptrick as isize) ^ endptrick ^ 1;
                self.label[self.endpoint[q]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                j += jstep;
                p = at(&endps, j - endptrick as isize) ^ endptrick;
                j += jstep;
            }
            let bv = at(&childs, j);
            self.label[self.endpoint[p ^ 1]] = 2;
            self.label[bv] = 2;
            self.labelend[self.endpoint[p ^ 1]] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while at(&childs, j) != entrychild {
                let bv = at(&childs, j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut v = NONE;
                for l in self.leaves_of(bv) {
                    v = l;
                    if self.label[l] != 0 {
                        break;
                    }
                }
                if self.label[v] != 0 {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[mb]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossomleaves[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b].iter().position(|&c| c == t).unwrap();
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][j.rem_euclid(len) as usize];
            let p =
                self.blossomendps[b][(j - endptrick as isize).rem_euclid(len) as usize] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][j.rem_euclid(len) as usize];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.gather_leaves(b);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v);
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends(k);
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }
}
