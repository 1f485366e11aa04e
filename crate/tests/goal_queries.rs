//! Format `goal`'s queries (`graph::query::Queries`, which starts each goal from the
//! goal-free base and undoes what a goal changed) against one full BFS per query (the
//! contest algorithm, `classic::goal_queries_classic`), on graphs large enough that a
//! goal's changes are undone vertex by vertex as well as by copying, with goals of every
//! kind: a dead end, a Lose, a Win (near a dead end: its derivations are unwound, or, when
//! they are most of the graph, the BFS starts afresh), and a draw of the goal-free game;
//! repeated goals; and the fixed-point oracle on small ones.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::graph::GraphOracle;
use common::Rng;
use loopy::classic::goal_queries_classic;
use loopy::graph::query::Queries;
use loopy::{Graph, Outcome};

/// Queries on `graph`: starts at random, goals drawn from each kind in turn.
fn queries(rng: &mut Rng, graph: &Graph, q: usize) -> Vec<(u32, u32)> {
    let n = graph.n();
    let sinks: Vec<u32> = (1..=n)
        .filter(|&v| graph.successors(v).is_empty())
        .collect();
    let near: Vec<u32> = sinks
        .iter()
        .flat_map(|&v| graph.predecessors(v).iter().copied())
        .collect();
    let mut out: Vec<(u32, u32)> = Vec::new();
    while out.len() < q {
        let g = match rng.below(4) {
            0 if !near.is_empty() => near[rng.below(near.len() as u64) as usize],
            1 if !sinks.is_empty() => sinks[rng.below(sinks.len() as u64) as usize],
            2 if !out.is_empty() => out[rng.below(out.len() as u64) as usize].1,
            _ => 1 + rng.below(n as u64) as u32,
        };
        let s = 1 + rng.below(n as u64) as u32;
        if s != g {
            out.push((s, g));
        }
    }
    out
}

#[test]
fn queries_equal_one_bfs_per_query_on_larger_graphs() {
    let mut rng = Rng(0x9_0a15);
    let mut kinds = [0u32; 3];
    for round in 0..60 {
        let n = 200 + rng.below(2000) as u32;
        // From sparse (many dead ends) to dense (few): goals of every kind.
        let m = n as u64 * [1, 2, 3, 5][round % 4];
        let (from, to): (Vec<u32>, Vec<u32>) = (0..m)
            .map(|_| {
                (
                    1 + rng.below(n as u64) as u32,
                    1 + rng.below(n as u64) as u32,
                )
            })
            .unzip();
        let graph = Graph::new(n as u64, &from, &to).unwrap();
        let qs = queries(&mut rng, &graph, 300);
        let wide: Vec<(u64, u64)> = qs.iter().map(|&(s, g)| (s as u64, g as u64)).collect();
        let fast = Queries::new(&graph).answer_all(&wide).unwrap();
        let classic = goal_queries_classic(&graph, &qs);
        assert_eq!(fast, classic, "round {round}: n = {n}, m = {m}");
        for a in fast {
            kinds[match a {
                Outcome::Win => 0,
                Outcome::Lose => 1,
                Outcome::Loop => 2,
            }] += 1;
        }
    }
    assert!(
        kinds.iter().all(|&k| k > 500),
        "answers of every value: {kinds:?}"
    );
}

#[test]
fn queries_equal_the_oracle_on_small_graphs_with_many_queries_a_goal() {
    let mut rng = Rng(0x9_0a16);
    for round in 0..300 {
        let n = 2 + rng.below(12) as u32;
        let m = rng.below(n as u64 * [1, 2, 4][round % 3] + 1) as u32;
        let mut e = rng.graph(n, m);
        let graph = e.graph();
        let qs = queries(&mut rng, &graph, 40);
        let wide: Vec<(u64, u64)> = qs.iter().map(|&(s, g)| (s as u64, g as u64)).collect();
        let answers = Queries::new(&graph).answer_all(&wide).unwrap();
        for (&(s, g), answer) in qs.iter().zip(answers) {
            e.goal = Some(g);
            assert_eq!(
                answer,
                GraphOracle::new(&e).outcome[s as usize],
                "{e:?}: start {s}"
            );
        }
    }
}

/// A random graph on `1 ..= n` in which every vertex has a move: one to a random vertex
/// each (a self-loop now and then), then `extra` random edges.
fn without_dead_ends(rng: &mut Rng, n: u32, extra: u64) -> common::graph::Edges {
    let (mut from, mut to): (Vec<u32>, Vec<u32>) =
        (1..=n).map(|v| (v, 1 + rng.below(n as u64) as u32)).unzip();
    for _ in 0..extra {
        from.push(1 + rng.below(n as u64) as u32);
        to.push(1 + rng.below(n as u64) as u32);
    }
    common::graph::Edges {
        n,
        from,
        to,
        goal: None,
    }
}

#[test]
fn queries_on_graphs_without_dead_ends_equal_one_bfs_per_query_and_the_oracle() {
    let mut rng = Rng(0x9_0a17);
    let mut kinds = [0u32; 3];
    // Larger graphs, from one move a vertex to dense ones, against the contest algorithm.
    for round in 0..40 {
        let n = [50, 300, 1500][round % 3] + rng.below(100) as u32;
        let extra = n as u64 * [0, 1, 3, 40][round % 4];
        let graph = without_dead_ends(&mut rng, n, extra).graph();
        let qs = queries(&mut rng, &graph, 200);
        let wide: Vec<(u64, u64)> = qs.iter().map(|&(s, g)| (s as u64, g as u64)).collect();
        let fast = Queries::new(&graph).answer_all(&wide).unwrap();
        assert_eq!(
            fast,
            goal_queries_classic(&graph, &qs),
            "round {round}: n = {n}"
        );
        for a in fast {
            kinds[match a {
                Outcome::Win => 0,
                Outcome::Lose => 1,
                Outcome::Loop => 2,
            }] += 1;
        }
    }
    assert!(
        kinds.iter().all(|&k| k >= 50),
        "answers of every value: {kinds:?}"
    );
    // Small ones, every goal asked again and again, against the fixed-point oracle.
    for round in 0..300 {
        let n = 1 + rng.below(12) as u32;
        let extra = rng.below(n as u64 * 3 + 1);
        let mut e = without_dead_ends(&mut rng, n, extra);
        let graph = e.graph();
        let qs: Vec<(u64, u64)> = (0..30)
            .map(|_| (1 + rng.below(n as u64), 1 + rng.below(n as u64)))
            .filter(|&(s, g)| s != g)
            .collect();
        let answers = Queries::new(&graph).answer_all(&qs).unwrap();
        for (&(s, g), answer) in qs.iter().zip(answers) {
            e.goal = Some(g as u32);
            assert_eq!(
                answer,
                GraphOracle::new(&e).outcome[s as usize],
                "round {round}, {e:?}: start {s}"
            );
        }
    }
}
