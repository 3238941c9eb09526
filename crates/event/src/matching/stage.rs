//! The search: alternating trees grown from every single vertex at once, duals moved when no
//! tight edge is left to follow. Unlike the Python original, the search does not stop at an
//! augmenting path to start a new stage from scratch: the two trees the path joined are taken
//! apart (their vertices unlabelled, their zero-dual S-blossoms expanded, their edges to the
//! other trees looked at again, as a new stage would) and the other trees grow on. A stage
//! used to cost a scan of the whole forest per augmenting path; now each path costs about the
//! edges of the two trees it ends.

use super::{Solver, Weight, NONE};

impl Solver {
    /// Runs the search to its end: one stage, since augmenting does not end it.
    pub(super) fn solve(&mut self) {
        let n = self.n;
        if self.weight.is_empty() {
            return;
        }
        self.label.iter_mut().for_each(|l| *l = 0);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        // The duals may have moved since the last search (edges added, blossoms repaired).
        self.epoch += 1;
        for b in n..self.blossoms_end {
            self.blossombestedges[b] = None;
        }
        self.queue.clear();
        for v in 0..n {
            if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                self.assign_label(v, 1, NONE);
            }
        }
        loop {
            while let Some(v) = self.queue.pop() {
                // A vertex of a tree taken apart since it was queued.
                if self.label[self.inblossom[v]] != 1 {
                    continue;
                }
                if let Some(k) = self.scan_vertex(v) {
                    // v's tree is taken apart with the path.
                    self.augment_and_detach(k);
                }
            }
            // No augmenting path under these duals: move the duals (or stop: no move helps,
            // or in weighted mode the single vertices' duals reached zero).
            let Some((deltatype, delta, deltaedge, deltablossom)) = self.delta() else {
                break;
            };
            self.move_duals(delta);
            match deltatype {
                1 => break,
                2 => {
                    let (mut i, j) = self.ends(deltaedge);
                    if self.label[self.inblossom[i]] == 0 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => {
                    let (i, _) = self.ends(deltaedge);
                    self.queue.push(i);
                }
                _ => self.expand_blossom(deltablossom, false),
            }
        }
        for list in &mut self.members {
            list.clear();
        }
        // As at the end of a stage: expand S-blossoms whose dual reached zero.
        for b in n..self.blossoms_end {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dualvar[b] == 0
            {
                self.expand_blossom(b, true);
            }
        }
    }

    /// Moves the duals by `delta`: S-vertices down, T-vertices up, and the top-level blossoms
    /// the other way.
    #[inline(never)]
    fn move_duals(&mut self, delta: Weight) {
        let n = self.n;
        self.epoch += 1;
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => self.dualvar[v] -= delta,
                2 => self.dualvar[v] += delta,
                _ => {}
            }
        }
        for b in n..self.blossoms_end {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] += delta,
                    2 => self.dualvar[b] -= delta,
                    _ => {}
                }
            }
        }
    }

    /// Augments along edge `k` between two trees, then takes those two trees apart: their
    /// vertices and blossoms lose their labels (zero-dual S-blossoms are expanded), their edges
    /// are no longer taken as tight unchecked, and their edges to S-vertices of the other trees
    /// are scanned again, as they would be in a new stage.
    #[inline(never)]
    fn augment_and_detach(&mut self, k: usize) {
        let n = self.n;
        let (i, j) = self.ends(k);
        let roots = [
            self.rootof[self.inblossom[i]],
            self.rootof[self.inblossom[j]],
        ];
        self.augment_matching(k);
        let mut freed = std::mem::take(&mut self.freed);
        freed.clear();
        let mut expand = Vec::new();
        for r in roots {
            // Taken out while its members are unlabelled, and put back empty (its room kept).
            let mut members = std::mem::take(&mut self.members[r]);
            for &b in &members {
                let top = if b < n {
                    self.inblossom[b] == b
                } else {
                    self.blossombase[b] != NONE && self.blossomparent[b] == NONE
                };
                // Listed twice, gone into a blossom, or labelled since in another tree.
                if !top || self.label[b] == 0 || self.rootof[b] != r {
                    continue;
                }
                if b >= n && self.label[b] == 1 && self.dualvar[b] == 0 {
                    expand.push(b);
                }
                self.label[b] = 0;
                self.labelend[b] = NONE;
                self.bestedge[b] = NONE;
                self.rootof[b] = NONE;
                if b >= n {
                    self.blossombestedges[b] = None;
                    self.unlabel_inside(b, &mut freed);
                } else {
                    freed.push(b);
                }
            }
            members.clear();
            self.members[r] = members;
        }
        for b in expand {
            self.expand_blossom(b, true);
        }
        // An edge found tight from a freed vertex may lose that (its other end's tree moves
        // on without it): look at each again.
        // Their edges to the other trees: a vertex inside a T-blossom there marks the S-vertex
        // that reached it (for when the blossom is expanded), which must not be a freed one;
        // and each S-neighbour looks along its edge again, as in a new stage (a freed vertex
        // that became S meanwhile is queued and looks for itself; one inside a blossom that
        // became T still needs every S-neighbour's mark and least slack).
        for &f in &freed {
            // Whether f is outside the S-blossoms holds for all its edges: a scan towards f makes
            // it T at most, and a mark changes only a vertex inside a blossom.
            let scan = self.label[self.inblossom[f]] != 1;
            // Taken out while looked at: nothing below reads f's own list (`remark` reads u's).
            let adjacent = std::mem::take(&mut self.neighbend[f]);
            let mut from = 0;
            while let Some(idx) = self.next_touched(&adjacent, from, scan) {
                let (p, u) = (adjacent[idx].end(), adjacent[idx].to());
                let bu = self.inblossom[u];
                if bu != u && self.label[u] == 2 && self.labelend[u] == p ^ 1 {
                    self.label[u] = 0;
                    self.labelend[u] = NONE;
                    self.remark(u);
                }
                if scan && self.label[bu] == 1 {
                    let found = self.scan_edge(u, p ^ 1);
                    debug_assert!(found.is_none(), "an unlabelled end cannot close a path");
                }
                from = idx + 1;
            }
            self.neighbend[f] = adjacent;
        }
        self.freed = freed;
    }

    /// Marks vertex `u` of a T-blossom as reached from an S-vertex by a tight edge, if one has.
    #[inline(never)]
    fn remark(&mut self, u: usize) {
        for idx in 0..self.neighbend[u].len() {
            let adj = self.neighbend[u][idx];
            let (q, x) = (adj.end(), adj.to());
            let bx = self.inblossom[x];
            if bx != self.inblossom[u] && self.label[bx] == 1 && self.slack(q / 2) <= 0 {
                self.label[u] = 2;
                self.labelend[u] = q;
                return;
            }
        }
    }

    /// Clears the labels of everything inside blossom `b` (sub-blossoms may become top-level
    /// later) and collects its vertices.
    fn unlabel_inside(&mut self, b: usize, freed: &mut Vec<usize>) {
        for idx in 0..self.blossomchilds[b].len() {
            let c = self.blossomchilds[b][idx];
            self.label[c] = 0;
            self.labelend[c] = NONE;
            self.bestedge[c] = NONE;
            if c < self.n {
                freed.push(c);
            } else {
                self.blossombestedges[c] = None;
                self.unlabel_inside(c, freed);
            }
        }
    }

    /// Whether edge `k` still joins two different S-blossoms.
    fn joins_s(&self, k: usize) -> bool {
        let (i, j) = self.ends(k);
        let (bi, bj) = (self.inblossom[i], self.inblossom[j]);
        bi != bj && self.label[bi] == 1 && self.label[bj] == 1
    }

    /// Whether edge `k` still joins unlabelled vertex `v` to an S-blossom.
    fn joins_s_from(&self, k: usize, v: usize) -> bool {
        let (i, j) = self.ends(k);
        let u = if i == v { j } else { i };
        self.label[self.inblossom[u]] == 1
    }

    /// The least-slack edge from unlabelled vertex `v` to an S-blossom, found again after a
    /// tree was taken apart under the one kept.
    #[inline(never)]
    fn refresh_free_best(&mut self, v: usize) {
        let (mut best, mut least) = (NONE, 0);
        for adj in &self.neighbend[v] {
            let k = adj.end() / 2;
            if self.label[self.inblossom[adj.to()]] == 1 {
                let s = self.slack(k);
                if best == NONE || s < least {
                    (best, least) = (k, s);
                }
            }
        }
        self.set_best(v, best, least);
    }

    /// The least-slack edge from top-level S-blossom `b` to another, found again likewise.
    #[inline(never)]
    fn refresh_s_best(&mut self, b: usize) {
        let (mut best, mut least) = (NONE, 0);
        let single = [b];
        let leaves = if b < self.n {
            &single[..]
        } else {
            &self.blossomleaves[b][..]
        };
        for &v in leaves {
            for adj in &self.neighbend[v] {
                let k = adj.end() / 2;
                let bw = self.inblossom[adj.to()];
                if bw != b && self.label[bw] == 1 {
                    let s = self.slack(k);
                    if best == NONE || s < least {
                        (best, least) = (k, s);
                    }
                }
            }
        }
        if b >= self.n {
            self.blossombestedges[b] = None;
        }
        self.set_best(b, best, least);
    }

    /// The next move of the duals: `(type, delta, edge, blossom)`, or `None` when no move can
    /// help (maximum cardinality reached in that mode).
    #[inline(never)]
    fn delta(&mut self) -> Option<(u8, Weight, usize, usize)> {
        let n = self.n;
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
                if !self.joins_s_from(self.bestedge[v], v) {
                    self.refresh_free_best(v);
                    if self.bestedge[v] == NONE {
                        continue;
                    }
                }
                let d = self.best_slack(v);
                if d < delta {
                    delta = d;
                    deltatype = 2;
                    deltaedge = self.bestedge[v];
                }
            }
        }
        for b in 0..self.blossoms_end {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                if !self.joins_s(self.bestedge[b]) {
                    self.refresh_s_best(b);
                    if self.bestedge[b] == NONE {
                        continue;
                    }
                }
                let d = self.best_slack(b) / 2;
                if d < delta {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b];
                }
            }
        }
        for b in n..self.blossoms_end {
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
        (deltatype != 0).then_some((deltatype, delta, deltaedge, deltablossom))
    }
}
