//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm with dual
//! variables (the O(n³) primal-dual method of Galil, "Efficient algorithms for finding
//! maximum matching in graphs", 1986), on a sparse edge list with exact integer weights.
//!
//! Besides the matching it returns the vertex duals, so a caller that left edges out
//! can prove the matching optimal for the whole graph: an edge that was left out and
//! satisfies `dual(i) + dual(j) ≥ 2·weight` could not improve it (LP duality), see
//! [`Matching::admits`]. Swiss pairing uses this to solve on a few nearby candidates
//! per player and still be exact for the complete graph.

const NONE: usize = usize::MAX;

pub use super::wide::Weight;

/// A matching and the certificate of its optimality.
#[derive(Debug, Clone)]
pub struct Matching<W> {
    /// The partner of each vertex.
    pub mate: Vec<Option<usize>>,
    /// Vertex duals (0..n) and blossom duals (n..2n), scaled: weights count four times
    /// (twice for the integral halves of the method, twice for the two endpoints).
    duals: Vec<W>,
    /// For each vertex the blossoms holding it, the outermost first, with the sum of
    /// their duals from the outermost down to each.
    chains: Vec<Vec<(usize, W)>>,
}

/// The blossom chains of every vertex from the blossom tree (`parent`, `NONE` at the
/// top) and the duals.
fn chains<W: Weight>(n: usize, parent: &[usize], duals: &[W]) -> Vec<Vec<(usize, W)>> {
    (0..n)
        .map(|v| {
            let mut chain = Vec::new();
            let mut b = parent.get(v).copied().unwrap_or(NONE);
            while b != NONE {
                chain.push(b);
                b = parent[b];
            }
            let mut sum = W::ZERO;
            chain
                .into_iter()
                .rev()
                .map(|b| {
                    sum = sum + duals[b];
                    (b, sum)
                })
                .collect()
        })
        .collect()
}

impl<W: Weight> Matching<W> {
    /// Whether an edge the graph did not have (or any edge) satisfies the dual
    /// constraint: when every missing edge does, the matching is a maximum-weight
    /// matching of the graph with those edges added.
    pub fn admits(&self, i: usize, j: usize, weight: W) -> bool {
        self.slack(i, j, weight) >= W::ZERO
    }

    /// How far an edge is from violating the dual constraint (negative: it does).
    pub fn slack(&self, i: usize, j: usize, weight: W) -> W {
        let double = weight + weight;
        let slack = self.duals[i] + self.duals[j] - (double + double);
        // Odd-set duals count for the blossoms holding both ends.
        if slack >= W::ZERO {
            slack
        } else {
            let shared = self.shared_blossom_dual(i, j);
            slack + shared + shared
        }
    }

    /// The vertex duals of `i` and `j` together, on the scale of [`Matching::slack`]:
    /// an edge with 4 · weight at most this cannot violate.
    pub fn vertex_duals(&self, i: usize, j: usize) -> W {
        self.duals[i] + self.duals[j]
    }

    fn shared_blossom_dual(&self, i: usize, j: usize) -> W {
        // The common blossoms are the common start of the two chains, top first.
        self.chains[i]
            .iter()
            .zip(&self.chains[j])
            .take_while(|(a, b)| a.0 == b.0)
            .last()
            .map_or(W::ZERO, |(a, _)| a.1)
    }

    /// The total weight of the matching over `edges`.
    pub fn weight(&self, edges: &[(usize, usize, W)]) -> W {
        edges
            .iter()
            .filter(|&&(i, j, _)| self.mate[i] == Some(j))
            .map(|e| e.2)
            .sum()
    }
}

/// A maximum-weight matching of the graph on `n` vertices with `edges` (i, j, weight);
/// edges of weight ≤ 0 are never worth taking. Each pair at most once, no loops.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Matching<W> {
    if n == 0 || edges.is_empty() {
        return Matching {
            mate: vec![None; n],
            duals: vec![W::ZERO; 2 * n],
            chains: vec![Vec::new(); n],
        };
    }
    let mut solver = Solver::new(n, edges);
    solver.solve();
    Matching {
        mate: (0..n)
            .map(|v| (solver.mate[v] != NONE).then(|| solver.endpoint[solver.mate[v]]))
            .collect(),
        chains: chains(n, &solver.parent, &solver.dual),
        duals: solver.dual,
    }
}

/// The state of the primal-dual method. Vertices are 0..n, blossoms n..2n; edge `k`
/// has endpoints `2k` (its first vertex) and `2k + 1` (its second).
struct Solver<W> {
    n: usize,
    edges: Vec<(usize, usize, W)>,
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbours: Vec<Vec<usize>>,
    /// The remote endpoint of a vertex's matched edge.
    mate: Vec<usize>,
    /// 0 free, 1 S (outer), 2 T (inner); 5 marks a scan in progress.
    label: Vec<u8>,
    /// The endpoint through which a top-level blossom (or a vertex) got its label.
    label_end: Vec<usize>,
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    /// The endpoints of the edges between consecutive children.
    endps: Vec<Vec<usize>>,
    /// The least-slack edge to a different S-blossom (for S-blossoms) or to an S-vertex
    /// (for free vertices).
    best_edge: Vec<usize>,
    best_edges_of: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<W>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Solver<W> {
    fn new(n: usize, input: &[(usize, usize, W)]) -> Solver<W> {
        // Doubled weights keep every dual an integer.
        let edges: Vec<(usize, usize, W)> =
            input.iter().map(|&(i, j, w)| (i, j, w.times(2))).collect();
        let max_weight = edges
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or(W::ZERO)
            .max(W::ZERO);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbours = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbours[i].push(2 * k + 1);
            neighbours[j].push(2 * k);
        }
        let mut dual = vec![max_weight; n];
        dual.resize(2 * n, W::ZERO);
        Solver {
            n,
            allowed: vec![false; edges.len()],
            edges,
            endpoint,
            neighbours,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            endps: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            best_edges_of: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        self.dual[i] + self.dual[j] - (w + w)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    /// Labels the top-level blossom of `w` with `t` reached through endpoint `p`; a T
    /// label passes an S label on to the mate of its base.
    fn assign_label(&mut self, mut w: usize, mut t: u8, mut p: usize) {
        loop {
            let b = self.in_blossom[w];
            self.label[w] = t;
            self.label[b] = t;
            self.label_end[w] = p;
            self.label_end[b] = p;
            self.best_edge[w] = NONE;
            self.best_edge[b] = NONE;
            if t == 1 {
                let leaves = self.leaves_of(b);
                self.queue.extend(leaves);
                return;
            }
            let base = self.base[b];
            let m = self.mate[base];
            w = self.endpoint[m];
            t = 1;
            p = m ^ 1;
        }
    }

    /// Traces back from S-vertices `v` and `w`: the base of a new blossom, or `NONE`
    /// when they lie in different trees (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                v = self.endpoint[self.label_end[b]];
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

    /// Makes a new blossom from the cycle closed by edge `k`, with `base` as its base.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("at most n blossoms at a time");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = W::ZERO;
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.in_blossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        // The least-slack edges from the new blossom to each other S-blossom.
        let mut best_to = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<usize> = match self.best_edges_of[child].take() {
                Some(list) => list,
                None => self
                    .leaves_of(child)
                    .iter()
                    .flat_map(|&leaf| self.neighbours[leaf].iter().map(|p| p / 2))
                    .collect(),
            };
            for e in lists {
                let (mut i, mut j, _) = self.edges[e];
                if self.in_blossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = i;
                let bj = self.in_blossom[j];
                if bj != b
                    && self.label[bj] == 1
                    && (best_to[bj] == NONE || self.slack(e) < self.slack(best_to[bj]))
                {
                    best_to[bj] = e;
                }
            }
            self.best_edge[child] = NONE;
        }
        let list: Vec<usize> = best_to.into_iter().filter(|&e| e != NONE).collect();
        self.best_edge[b] = list
            .iter()
            .copied()
            .min_by_key(|&e| self.slack(e))
            .unwrap_or(NONE);
        self.best_edges_of[b] = Some(list);
        self.children[b] = path;
        self.endps[b] = endps;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &c in path {
            self.leaves(c, &mut out);
        }
        out
    }

    /// Index `j` of a child list, counting from the end when negative.
    fn at(list: &[usize], j: isize) -> usize {
        list[j.rem_euclid(list.len() as isize) as usize]
    }

    /// Dissolves top-level blossom `b` into its children; inside a stage a T-blossom's
    /// children are relabelled along the path to its base.
    fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        let children = self.children[b].clone();
        for &s in &children {
            self.parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_of_stage && self.dual[s] == W::ZERO {
                self.expand_blossom(s, end_of_stage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == 2 {
            let entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let len = children.len() as isize;
            let mut j = children
                .iter()
                .position(|&c| c == entry)
                .expect("the entry child is a child") as isize;
            let (step, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let endps = self.endps[b].clone();
            let mut p = self.label_end[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = Self::at(&endps, j - trick as isize);
                self.label[self.endpoint[q ^ trick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowed[q / 2] = true;
                j += step;
                p = Self::at(&endps, j - trick as isize) ^ trick;
                self.allowed[p / 2] = true;
                j += step;
            }
            let bv = Self::at(&children, j);
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.label_end[ep] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while Self::at(&children, j) != entry {
                let bv = Self::at(&children, j);
                if self.label[bv] == 1 {
                    j += step;
                    continue;
                }
                let reached = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&leaf| self.label[leaf] != 0);
                if let Some(v) = reached {
                    self.label[v] = 0;
                    let m = self.mate[self.base[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.label_end[v]);
                }
                j += step;
            }
        }
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.children[b].clear();
        self.endps[b].clear();
        self.base[b] = NONE;
        self.best_edges_of[b] = None;
        self.best_edge[b] = NONE;
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges on the path from vertex `v` to the base of
    /// blossom `b`, making `v` the new base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("t is a child of b");
        let mut j = i as isize;
        let (step, trick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = Self::at(&self.children[b], j);
            let p = Self::at(&self.endps[b], j - trick as isize) ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = Self::at(&self.children[b], j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.children[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
    }

    /// Augments along the path through edge `k` between two S-vertices of different
    /// trees.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(0);
            self.best_edge.fill(NONE);
            for b in n..2 * n {
                self.best_edges_of[b] = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented && let Some(v) = self.queue.pop() {
                    for idx in 0..self.neighbours[v].len() {
                        let p = self.neighbours[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut slack = W::ZERO;
                        if !self.allowed[k] {
                            slack = self.slack(k);
                            if slack <= W::ZERO {
                                self.allowed[k] = true;
                            }
                        }
                        let bw = self.in_blossom[w];
                        if self.allowed[k] {
                            if self.label[bw] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[bw] == 1 {
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
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[bw] == 1 {
                            let b = self.in_blossom[v];
                            if self.best_edge[b] == NONE || slack < self.slack(self.best_edge[b]) {
                                self.best_edge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.best_edge[w] == NONE || slack < self.slack(self.best_edge[w]))
                        {
                            self.best_edge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No tight edge left to grow the forest: move the duals.
                let mut kind = 1;
                let mut delta = self.dual[..n].iter().copied().min().unwrap_or(W::ZERO);
                let mut delta_edge = NONE;
                let mut delta_blossom = NONE;
                for v in 0..n {
                    if self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != NONE {
                        let d = self.slack(self.best_edge[v]);
                        if d < delta {
                            delta = d;
                            kind = 2;
                            delta_edge = self.best_edge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.parent[b] == NONE && self.label[b] == 1 && self.best_edge[b] != NONE {
                        let d = self.slack(self.best_edge[b]).half();
                        if d < delta {
                            delta = d;
                            kind = 3;
                            delta_edge = self.best_edge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE
                        && self.parent[b] == NONE
                        && self.label[b] == 2
                        && self.dual[b] < delta
                    {
                        delta = self.dual[b];
                        kind = 4;
                        delta_blossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.in_blossom[v]] {
                        1 => self.dual[v] = self.dual[v] - delta,
                        2 => self.dual[v] = self.dual[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE && self.parent[b] == NONE {
                        match self.label[b] {
                            1 => self.dual[b] = self.dual[b] + delta,
                            2 => self.dual[b] = self.dual[b] - delta,
                            _ => {}
                        }
                    }
                }
                match kind {
                    1 => break,
                    2 => {
                        self.allowed[delta_edge] = true;
                        let (mut i, j, _) = self.edges[delta_edge];
                        if self.label[self.in_blossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowed[delta_edge] = true;
                        let (i, _, _) = self.edges[delta_edge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(delta_blossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The best total weight over every matching, by trying them all.
    fn exhaustive(n: usize, edges: &[(usize, usize, i128)]) -> i128 {
        fn go(v: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<Option<i128>>]) -> i128 {
            if v == n {
                return 0;
            }
            if used[v] {
                return go(v + 1, used, n, w);
            }
            used[v] = true;
            let mut best = go(v + 1, used, n, w);
            for u in v + 1..n {
                if let (false, Some(x)) = (used[u], w[v][u]) {
                    used[u] = true;
                    best = best.max(x + go(v + 1, used, n, w));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        let mut w = vec![vec![None; n]; n];
        for &(i, j, x) in edges {
            w[i][j] = Some(x.max(0));
            w[j][i] = Some(x.max(0));
        }
        go(0, &mut vec![false; n], n, &w)
    }

    fn check(n: usize, edges: &[(usize, usize, i128)]) -> Matching<i128> {
        let m = max_weight_matching(n, edges);
        for (v, mate) in m.mate.iter().enumerate() {
            if let Some(u) = *mate {
                assert_eq!(m.mate[u], Some(v), "the matching is symmetric");
                assert!(
                    edges
                        .iter()
                        .any(|&(i, j, _)| (i, j) == (u, v) || (i, j) == (v, u)),
                    "matched along an edge"
                );
            }
        }
        assert_eq!(m.weight(edges), exhaustive(n, edges));
        m
    }

    #[test]
    fn known_small_cases() {
        // A path a–b–c–d: the two outer edges beat the heavy middle one.
        let m = check(4, &[(0, 1, 5), (1, 2, 8), (2, 3, 5)]);
        assert_eq!(m.mate, [Some(1), Some(0), Some(3), Some(2)]);
        // A triangle with a tail needs a blossom: 0–1–2 odd cycle, 2–3.
        let m = check(4, &[(0, 1, 8), (1, 2, 9), (0, 2, 10), (2, 3, 7)]);
        assert_eq!(m.mate[3], Some(2));
        assert_eq!(m.mate[0], Some(1));
        // Nested blossoms and an expansion (van Rantwijk's classic test graph).
        check(
            8,
            &[
                (0, 1, 10),
                (0, 6, 10),
                (1, 2, 12),
                (2, 3, 20),
                (2, 4, 20),
                (3, 4, 25),
                (4, 5, 10),
                (5, 6, 10),
                (6, 7, 8),
            ],
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn optimal_on_random_graphs(
            n in 1usize..=10,
            raw in proptest::collection::vec((0usize..10, 0usize..10, -5i128..40), 0..45),
        ) {
            let mut edges: Vec<(usize, usize, i128)> = Vec::new();
            for (i, j, w) in raw {
                let (i, j) = (i % n, j % n);
                if i != j && !edges.iter().any(|&(a, b, _)| (a, b) == (i, j) || (a, b) == (j, i)) {
                    edges.push((i, j, w));
                }
            }
            check(n, &edges);
        }

        /// Solved on part of a graph, a matching whose duals admit every edge left
        /// out is optimal for the whole graph.
        #[test]
        fn the_certificate_is_sound(
            n in 2usize..=10,
            raw in proptest::collection::vec((0usize..10, 0usize..10, 0i128..40, any::<bool>()), 0..45),
        ) {
            let mut all: Vec<(usize, usize, i128, bool)> = Vec::new();
            for (i, j, w, kept) in raw {
                let (i, j) = (i % n, j % n);
                if i != j && !all.iter().any(|&(a, b, _, _)| (a, b) == (i, j) || (a, b) == (j, i)) {
                    all.push((i, j, w, kept));
                }
            }
            let part: Vec<(usize, usize, i128)> =
                all.iter().filter(|e| e.3).map(|&(i, j, w, _)| (i, j, w)).collect();
            let whole: Vec<(usize, usize, i128)> = all.iter().map(|&(i, j, w, _)| (i, j, w)).collect();
            let m = max_weight_matching(n, &part);
            if all.iter().filter(|e| !e.3).all(|&(i, j, w, _)| m.admits(i, j, w)) {
                prop_assert_eq!(m.weight(&whole), exhaustive(n, &whole));
            }
        }
    }
}
