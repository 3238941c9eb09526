//! The blossom matching against brute force on small random graphs.

use proptest::prelude::*;
use yut_event::matching::{
    max_weight_matching, max_weight_perfect_matching, PerfectMatcher, Weight,
};

/// Best total weight over all matchings, by exhaustive search.
fn brute(n: usize, w: &[Vec<Option<Weight>>], used: &mut Vec<bool>) -> Weight {
    let Some(v) = (0..n).find(|&v| !used[v]) else {
        return 0;
    };
    used[v] = true;
    // v stays single.
    let mut best = brute(n, w, used);
    for u in v + 1..n {
        if !used[u] {
            if let Some(x) = w[v][u] {
                used[u] = true;
                best = best.max(x + brute(n, w, used));
                used[u] = false;
            }
        }
    }
    used[v] = false;
    best
}

/// Best (pairs, total weight) over all matchings, by exhaustive search.
fn brute_card(n: usize, w: &[Vec<Option<Weight>>], used: &mut Vec<bool>) -> (usize, Weight) {
    let Some(v) = (0..n).find(|&v| !used[v]) else {
        return (0, 0);
    };
    used[v] = true;
    let mut best = brute_card(n, w, used);
    for u in v + 1..n {
        if !used[u] {
            if let Some(x) = w[v][u] {
                used[u] = true;
                let (c, t) = brute_card(n, w, used);
                best = best.max((c + 1, t + x));
                used[u] = false;
            }
        }
    }
    used[v] = false;
    best
}

fn graph() -> impl Strategy<Value = (usize, Vec<(usize, usize, Weight)>)> {
    (1usize..=10).prop_flat_map(|n| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let k = pairs.len();
        (
            Just(n),
            Just(pairs),
            proptest::collection::vec(proptest::option::weighted(0.6, -5i64..40), k),
        )
            .prop_map(|(n, pairs, ws)| {
                let edges = pairs
                    .into_iter()
                    .zip(ws)
                    .filter_map(|((i, j), w)| w.map(|w| (i, j, w as Weight)))
                    .collect();
                (n, edges)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn matches_brute_force((n, edges) in graph()) {
        let m = max_weight_matching(n, &edges);
        let mut w = vec![vec![None; n]; n];
        for &(i, j, x) in &edges {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
        // A valid matching over existing edges.
        let mut total = 0;
        for (v, mate) in m.mate.iter().enumerate() {
            if let Some(u) = *mate {
                prop_assert_eq!(m.mate[u], Some(v));
                prop_assert!(w[v][u].is_some());
                if v < u { total += w[v][u].unwrap(); }
            }
        }
        prop_assert_eq!(total, brute(n, &w, &mut vec![false; n]));
        // Its duals certify it against every edge of the graph.
        for &(i, j, x) in &edges {
            prop_assert!(m.slack2(i, j, x) >= 0);
        }
        // Deterministic.
        prop_assert_eq!(max_weight_matching(n, &edges).mate, m.mate);
    }

    #[test]
    fn perfect_matches_brute_force((n, edges) in graph()) {
        let mut w = vec![vec![None; n]; n];
        for &(i, j, x) in &edges {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
        // The heaviest among the matchings with the most pairs; perfect or not.
        let (pairs, best) = brute_card(n, &w, &mut vec![false; n]);
        let found = max_weight_perfect_matching(n, &edges);
        prop_assert_eq!(found.is_some(), 2 * pairs == n);
        if let Some(m) = found {
            let mut total = 0;
            for (v, mate) in m.mate.iter().enumerate() {
                let u = mate.unwrap();
                prop_assert_eq!(m.mate[u], Some(v));
                if v < u {
                    total += w[v][u].unwrap();
                }
            }
            prop_assert_eq!(total, best);
            // Its duals certify it among perfect matchings.
            for &(i, j, x) in &edges {
                prop_assert!(m.slack2(i, j, x) >= 0);
            }
        }
    }

    #[test]
    fn perfect_matcher_takes_edges_as_it_goes((n, edges) in graph(), cut in 0.0f64..1.0, cut2 in 0.0f64..1.0) {
        // Solved on part of the edges, then given the rest in two steps and solved on from
        // where it stood: the same weight as brute force over all of them.
        let mut w = vec![vec![None; n]; n];
        for &(i, j, x) in &edges {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
        let (pairs, best) = brute_card(n, &w, &mut vec![false; n]);
        let (a, b) = ((edges.len() as f64 * cut.min(cut2)) as usize, (edges.len() as f64 * cut.max(cut2)) as usize);
        let mut m = PerfectMatcher::new(n, &edges[..a]);
        let _ = m.solve();
        m.add_edges(&edges[a..b]);
        let _ = m.solve();
        m.add_edges(&edges[b..]);
        let found = m.solve();
        prop_assert_eq!(found.is_some(), 2 * pairs == n);
        if let Some(m) = found {
            let total: Weight = (0..n).filter_map(|v| m.mate[v].filter(|&u| v < u).map(|u| w[v][u].unwrap())).sum();
            prop_assert_eq!(total, best);
            for &(i, j, x) in &edges {
                prop_assert!(m.slack2(i, j, x) >= 0);
            }
        }
    }

    #[test]
    fn large_weights_stay_exact((n, edges) in graph()) {
        // The Swiss weights stack criteria far above 2^64.
        let big: Vec<_> = edges.iter().map(|&(i, j, x)| (i, j, x * (1 << 80) + 7)).collect();
        let m = max_weight_matching(n, &big);
        let mut w = vec![vec![None; n]; n];
        for &(i, j, x) in &big {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
        let total: Weight = (0..n).filter_map(|v| m.mate[v].filter(|&u| v < u).map(|u| w[v][u].unwrap())).sum();
        prop_assert_eq!(total, brute(n, &w, &mut vec![false; n]));
    }
}
