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
