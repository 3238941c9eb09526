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

/// An edge weight.
pub type Weight = i128;

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
}

impl Matching {
    /// Twice the dual variable of vertex `v` (in units of the weights times the solver's scale).
    pub fn dual2(&self, v: usize) -> Weight {
        self.dual[v]
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
        let mut s = base;
        let mut bi = self.parent[i];
        while bi != NONE {
            // Is bi an ancestor of j too?
            let mut bj = self.parent[j];
            while bj != NONE && bj != bi {
                bj = self.parent[bj];
            }
            if bj == bi {
                s += 2 * self.zdual[bi];
            }
            bi = self.parent[bi];
        }
        s
    }
}

/// Computes a maximum-weight matching of the graph on vertices `0..n` with the given edges
/// `(i, j, weight)` (no loops, at most one edge per pair). Not restricted to maximum
/// cardinality: give every edge a large common base weight to prefer more pairs.
/// Deterministic: the same input (in the same order) always gives the same matching.
pub fn max_weight_matching(n: usize, edges: &[(usize, usize, Weight)]) -> Matching {
    let mut m = Solver::new(n, edges);
    m.solve();
    m.finish(1)
}

/// Computes a maximum-weight perfect matching, or `None` when the graph has none.
///
/// Starts from a feasible dual with a tight edge at every vertex and a greedy matching on tight
/// edges, which saves most of the stages on large graphs. The search then runs in maximum
/// cardinality mode (vertex duals free): the result has maximum cardinality, and when it is
/// perfect its duals prove it the heaviest perfect matching.
pub fn max_weight_perfect_matching(n: usize, edges: &[(usize, usize, Weight)]) -> Option<Matching> {
    // Even weights make every initial dual even, so that all single vertices (the roots of the
    // search, which move together) share one parity and the halved slacks stay exact.
    let doubled: Vec<(usize, usize, Weight)> =
        edges.iter().map(|&(i, j, w)| (i, j, 2 * w)).collect();
    let mut m = Solver::new(n, &doubled);
    m.maxcard = true;
    m.warm_start();
    m.solve();
    let out = m.finish(2);
    out.mate.iter().all(|x| x.is_some()).then_some(out)
}

impl Solver {
    fn finish(self, scale: Weight) -> Matching {
        let n = self.n;
        let m = self;
        let mate = (0..n)
            .map(|v| (m.mate[v] != NONE).then(|| m.endpoint[m.mate[v]]))
            .collect();
        let mut zdual = vec![0; 2 * n];
        zdual[n..].copy_from_slice(&m.dualvar[n..]);
        Matching {
            mate,
            dual: m.dualvar[..n].to_vec(),
            zdual,
            parent: m.blossomparent,
            scale,
        }
    }
}

struct Solver {
    n: usize,
    edges: Vec<(usize, usize, Weight)>,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Weight>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    maxcard: bool,
}

impl Solver {
    fn new(n: usize, edges: &[(usize, usize, Weight)]) -> Solver {
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            assert!(i != j && i < n && j < n, "bad edge ({i}, {j})");
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        Solver {
            n,
            edges: edges.to_vec(),
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
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
            maxcard: false,
        }
    }

    /// A feasible dual with a tight edge at every vertex, and a greedy matching on tight edges.
    /// Valid only for perfect matchings, where vertex duals need not reach zero.
    fn warm_start(&mut self) {
        let n = self.n;
        for v in 0..n {
            let best = self.neighbend[v]
                .iter()
                .map(|&p| self.edges[p / 2].2)
                .max()
                .unwrap_or(0);
            self.dualvar[v] = best;
        }
        for v in 0..n {
            if let Some(d) = self.neighbend[v]
                .iter()
                .map(|&p| 2 * self.edges[p / 2].2 - self.dualvar[self.endpoint[p]])
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
                let p = self.neighbend[v][idx];
                let u = self.endpoint[p];
                if self.mate[u] == NONE && self.slack(p / 2) == 0 {
                    self.mate[v] = p;
                    self.mate[u] = p ^ 1;
                    break;
                }
            }
        }
    }

    #[inline]
    fn slack(&self, k: usize) -> Weight {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
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
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom number");
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
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // Least-slack edges from the new blossom to each neighbouring S-blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for bv in self.blossomchilds[b].clone() {
            let list: Vec<usize> = match self.blossombestedges[bv].take() {
                Some(l) => l,
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .flat_map(|v| self.neighbend[v].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in list {
                let (mut i, mut j, _) = self.edges[k];
                if self.inblossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = i;
                let bj = self.inblossom[j];
                if bj != b
                    && self.label[bj] == 1
                    && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                {
                    bestedgeto[bj] = k;
                }
            }
            self.bestedge[bv] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.blossombestedges[b] = Some(list);
        self.bestedge[b] = best;
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
                self.allowedge[at(&endps, j - endptrick as isize) / 2] = true;
                j += jstep;
                p = at(&endps, j - endptrick as isize) ^ endptrick;
                self.allowedge[p / 2] = true;
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
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v);
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
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

    fn solve(&mut self) {
        let n = self.n;
        if self.edges.is_empty() {
            return;
        }
        for _stage in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if augmented {
                        break;
                    }
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path under these duals: move the duals.
                let mut deltatype = if self.maxcard { 0 } else { 1 };
                let mut delta = if self.maxcard {
                    Weight::MAX
                } else {
                    *self.dualvar[..n].iter().min().unwrap()
                };
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]) / 2;
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    // Maximum cardinality reached and no better weight: done.
                    break;
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            // End of stage: expand S-blossoms whose dual reached zero.
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}
