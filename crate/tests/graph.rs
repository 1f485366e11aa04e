//! Games on graphs against independent oracles: the solver's values, depths and best
//! moves, the per-query solver, the optimal-play set, the Sprague-Grundy values, the
//! ring as a graph, and every bad input through the core.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::graph::{smith_plain, Edges, GraphOracle};
use common::{game, Oracle, Rng};
use loopy::classic::goal_queries_classic;
use loopy::graph::query::Queries;
use loopy::graph::{ring, Field, Graph, GraphBuilder, GraphError, MAX_GRAPH_BYTES};
use loopy::grundy::{grundy, ring_grundy, Gamma, GrundySearch, RingGrundyError, INFINITE};
use loopy::{solve, solve_graph, Outcome, Player};
use proptest::prelude::*;

/// The spec's sample graph of format `goal`.
fn sample() -> Edges {
    Edges {
        n: 8,
        from: vec![1, 2, 3, 3, 4, 5, 2, 7, 8],
        to: vec![2, 3, 1, 4, 5, 6, 6, 8, 7],
        goal: None,
    }
}

fn check_solution(e: &Edges) {
    let oracle = GraphOracle::new(e);
    let s = solve_graph(e.graph());
    let at = |v: u32| format!("{e:?} vertex {v}");
    for v in 1..=e.n {
        assert_eq!(
            s.outcome(v),
            oracle.outcome[v as usize],
            "outcome {}",
            at(v)
        );
        assert_eq!(s.depth(v), oracle.depth[v as usize], "depth {}", at(v));
        assert_eq!(s.best_move(v), oracle.best_move(v), "best move {}", at(v));
    }
    assert_eq!(s.outcomes().len(), e.n as usize + 1);
    assert_eq!(
        s.best_moves()[1..],
        (1..=e.n)
            .map(|v| oracle.best_move(v).unwrap_or(0))
            .collect::<Vec<_>>()[..]
    );
}

#[test]
fn sample_values_are_the_spec_worked_example() {
    let with_goal = |g: u32| {
        let mut e = sample();
        e.goal = Some(g);
        solve_graph(e.graph())
    };
    let words = |g: u32| {
        let s = with_goal(g);
        (s.outcome(1), s.outcome(3), s.outcome(4), s.outcome(7))
    };
    // Goal 6: 1 Lose (depth 2), 3 Win (depth 3), 4 Lose, 7 a draw.
    assert_eq!(
        words(6),
        (Outcome::Lose, Outcome::Win, Outcome::Lose, Outcome::Loop)
    );
    let s = with_goal(6);
    assert_eq!(
        (s.depth(1), s.depth(3), s.depth(5), s.depth(2)),
        (2, 3, 1, 1)
    );
    // Goal 5: 3 Win; goal 1: 4 Lose (4 -> 5 -> 6, and 6 has no move).
    assert_eq!(words(5).1, Outcome::Win);
    assert_eq!(words(1).2, Outcome::Lose);
}

#[test]
fn solver_matches_the_oracle_on_thousands_of_random_graphs() {
    let mut rng = Rng(31337);
    for round in 0..3000 {
        let n = 1 + rng.below(12) as u32;
        // From sparse (many sinks) to dense (many draws).
        let m = rng.below(n as u64 * [1, 2, 4][round % 3] + 1) as u32;
        check_solution(&rng.graph(n, m));
    }
}

#[test]
fn solver_matches_the_oracle_on_acyclic_graphs() {
    let mut rng = Rng(4242);
    for _ in 0..500 {
        let n = 1 + rng.below(15) as u32;
        let m = rng.below(3 * n as u64 + 1) as u32;
        check_solution(&rng.dag(n, m));
    }
}

#[test]
fn queries_and_their_baseline_match_the_oracle_per_goal() {
    let mut rng = Rng(99);
    for round in 0..400 {
        let n = 2 + rng.below(30) as u32;
        let m = rng.below(n as u64 * [1, 2, 3, 6][round % 4] + 1) as u32;
        let mut e = rng.graph(n, m);
        let queries: Vec<(u64, u64)> = (0..20)
            .map(|_| {
                let s = 1 + rng.below(n as u64);
                let g = 1 + (s + rng.below(n as u64 - 1)) % n as u64;
                (s, g)
            })
            .collect();
        let graph = e.graph();
        let answers = Queries::new(&graph).answer_all(&queries).unwrap();
        let narrow: Vec<(u32, u32)> = queries.iter().map(|&(s, g)| (s as u32, g as u32)).collect();
        let classic = goal_queries_classic(&graph, &narrow);
        for ((&(s, g), answer), classic) in queries.iter().zip(answers).zip(classic) {
            e.goal = Some(g as u32);
            let want = GraphOracle::new(&e).outcome[s as usize];
            assert_eq!(answer, want, "{e:?}: start {s}");
            assert_eq!(classic, want, "the baseline, {e:?}: start {s}");
        }
    }
}

#[test]
fn queries_check_their_vertices() {
    let graph = sample().graph();
    let mut q = Queries::new(&graph);
    assert_eq!(
        q.answer_all(&[(1, 6), (0, 6)]),
        Err(GraphError::NotAVertex {
            field: Field::Start,
            vertex: 0,
            n: 8
        })
    );
    assert_eq!(q.answer_all(&[(1, 9)]).unwrap_err().field(), Field::Goal);
}

#[test]
fn optimal_set_matches_a_brute_force_walk_of_correct_plays() {
    let mut rng = Rng(2718);
    for round in 0..1500 {
        let n = 1 + rng.below(8) as u32;
        let m = rng.below(n as u64 * 2 + 1) as u32;
        let e = if round % 2 == 0 {
            rng.graph(n, m)
        } else {
            rng.dag(n, m)
        };
        let oracle = GraphOracle::new(&e);
        let s = solve_graph(e.graph());
        for start in 1..=n {
            assert_eq!(
                s.optimal_set(start as u64).unwrap(),
                oracle.optimal_set(start),
                "{e:?} from {start}"
            );
        }
    }
}

#[test]
fn optimal_moves_are_the_correct_moves_out_of_the_optimal_play_set() {
    let mut rng = Rng(1414);
    for round in 0..1500 {
        let n = 1 + rng.below(8) as u32;
        let m = rng.below(n as u64 * 2 + 1) as u32;
        let e = if round % 2 == 0 {
            rng.graph(n, m)
        } else {
            rng.dag(n, m)
        };
        let oracle = GraphOracle::new(&e);
        let s = solve_graph(e.graph());
        for start in 1..=n {
            let mut expected: Vec<[u32; 2]> = oracle
                .optimal_set(start)
                .into_iter()
                .flat_map(|v| e.moves(v).into_iter().map(move |w| [v, w]))
                .filter(|&[v, w]| oracle.correct(v, w))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(
                s.optimal_moves(start as u64).unwrap(),
                expected,
                "{e:?} from {start}"
            );
        }
    }
}

#[test]
fn optimal_set_of_the_dag_sample_is_the_spec_answer() {
    let g = Graph::new(5, &[1, 1, 2, 4, 3], &[2, 3, 4, 5, 5]).unwrap();
    let s = solve_graph(g);
    assert_eq!(s.optimal_set(1).unwrap(), vec![1, 2, 4, 5]);
    assert_eq!(s.optimal_set(6).unwrap_err().field(), Field::Start);
}

/// `sg(v) = mex { sg(w) }`: v's value is missing among its successors', every smaller
/// one is there.
fn check_mex(e: &Edges) {
    let g = grundy(&e.graph());
    assert!(g.is_acyclic());
    for v in 1..=e.n {
        let Gamma::Finite(k) = g.value(v) else {
            panic!("an acyclic graph has only finite values");
        };
        let succ: Vec<u32> = e
            .moves(v)
            .iter()
            .map(|&w| match g.value(w) {
                Gamma::Finite(x) => x,
                Gamma::Infinite(_) => panic!("infinite"),
            })
            .collect();
        assert!(!succ.contains(&k), "{e:?}: sg({v}) = {k} is a successor's");
        for j in 0..k {
            assert!(
                succ.contains(&j),
                "{e:?}: sg({v}) = {k} but no successor has {j}"
            );
        }
    }
}

#[test]
fn sprague_grundy_values_meet_the_mex_definition_on_acyclic_graphs() {
    let mut rng = Rng(161);
    for _ in 0..800 {
        let n = 1 + rng.below(20) as u32;
        let m = rng.below(4 * n as u64 + 1) as u32;
        let e = rng.dag(n, m);
        check_mex(&e);
        // And they give the solver's Win/Lose.
        let g = grundy(&e.graph());
        let oracle = GraphOracle::new(&e);
        for v in 1..=n {
            assert_eq!(g.value(v).outcome(), oracle.outcome[v as usize]);
        }
    }
}

#[test]
fn generalised_values_match_the_spec_procedure_and_the_outcomes() {
    let mut rng = Rng(577);
    let mut infinite = 0;
    for round in 0..3000 {
        let n = 1 + rng.below(10) as u32;
        let m = rng.below(n as u64 * [1, 2, 3][round % 3] + 1) as u32;
        let e = rng.graph(n, m);
        let g = grundy(&e.graph());
        let (labels, sets) = smith_plain(&e);
        let oracle = GraphOracle::new(&e);
        for v in 1..=n {
            let want = match labels[v as usize] {
                Some(k) => Gamma::Finite(k),
                None => Gamma::Infinite(&sets[v as usize]),
            };
            assert_eq!(g.value(v), want, "{e:?} vertex {v}");
            assert_eq!(
                g.value(v).outcome(),
                oracle.outcome[v as usize],
                "{e:?} vertex {v}"
            );
            let code = g.values()[v as usize];
            assert_eq!(code == INFINITE, labels[v as usize].is_none());
            infinite += (code == INFINITE) as u32;
        }
    }
    assert!(
        infinite > 1000,
        "the random graphs must exercise ∞ ({infinite})"
    );
}

#[test]
fn two_cycle_is_infinite_on_both_sides_not_zero_and_one() {
    // The spec's warning: γ(a) = 0, γ(b) = 1 passes an after-the-fact check, but the
    // game is a draw and both values are ∞(∅).
    let g = grundy(&Graph::new(2, &[1, 2], &[2, 1]).unwrap());
    assert_eq!(g.value(1), Gamma::Infinite(&[]));
    assert_eq!(g.value(2), Gamma::Infinite(&[]));
    assert_eq!(g.value(1).outcome(), Outcome::Loop);
    // With an exit to a sink, a cycle vertex becomes ∞({0}) (Win) or finite.
    let g = grundy(&Graph::new(3, &[1, 2, 2], &[2, 1, 3]).unwrap());
    assert_eq!(g.value(3), Gamma::Finite(0));
    assert_eq!(g.value(2), Gamma::Finite(1));
    assert_eq!(g.value(1), Gamma::Finite(0));
}

#[test]
fn a_million_vertex_chain_needs_no_deep_stack() {
    // 1 -> 2 -> ... -> 10^6: the values alternate from the end, and the optimal-play
    // set is the whole chain. Run on a thread with a small stack: nothing may recurse.
    let n = 1_000_000u32;
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let from: Vec<u32> = (1..n).collect();
            let to: Vec<u32> = (2..=n).collect();
            let graph = Graph::new(n as u64, &from, &to).unwrap();
            let g = grundy(&graph);
            assert_eq!(g.value(n), Gamma::Finite(0));
            assert_eq!(g.value(1), Gamma::Finite((n - 1) % 2));
            let s = solve_graph(graph);
            assert_eq!(s.depth(1), n - 1);
            assert_eq!(s.optimal_set(1).unwrap().len(), n as usize);
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn ring_as_a_graph_solves_state_by_state_like_the_ring_solver() {
    let mut rng = Rng(8080);
    for _ in 0..400 {
        let n = 2 + rng.below(40) as u32;
        let d = rng.below(1000);
        let g = game(n, &rng.steps(n, d), &rng.steps(n, 1000 - d));
        let ring_solution = solve(&g);
        let graph = Graph::from_ring(&g).unwrap();
        assert_eq!(graph.n(), 2 * n);
        let s = solve_graph(graph);
        for p in Player::BOTH {
            for pos in 1..n {
                let v = ring::vertex(n, p, pos);
                assert_eq!(ring::state(n, v), (p, pos));
                let at = format!("n={n} {g:?} ({}, {pos})", p.number());
                assert_eq!(s.outcome(v), ring_solution.outcome(p, pos), "outcome {at}");
                assert_eq!(s.depth(v), ring_solution.depth(p, pos), "depth {at}");
                // Ties break differently (smallest step against smallest vertex), so
                // each solver's best move must be an optimal move for the other.
                let step = ring_solution.best_move(p, pos).unwrap();
                let target = ring::vertex(n, p.other(), g.target(pos, step));
                let st = |v: u32| (s.outcome(v), s.depth(v));
                let (o, d) = st(v);
                let (to, td) = st(target);
                let optimal = match o {
                    Outcome::Win => to == Outcome::Lose && td + 1 == d,
                    Outcome::Lose => to == Outcome::Win && td + 1 == d,
                    Outcome::Loop => to == Outcome::Loop && target != ring::vertex(n, p.other(), 0),
                };
                assert!(
                    optimal,
                    "ring best move {step} is not optimal in the graph at {at}"
                );
                let w = s.best_move(v).unwrap();
                let (q, t) = ring::state(n, w);
                assert_eq!(q, p.other());
                let x = (t + n - pos) % n;
                let x = if x == 0 { n } else { x };
                assert!(g.steps(p).contains(&x), "graph move {w} is a step at {at}");
            }
            // The holes are sinks: Lose for the player to move, depth 0.
            assert_eq!(s.outcome(ring::vertex(n, p, 0)), Outcome::Lose);
        }
        Oracle::of(&g).check(&ring_solution);
    }
}

#[test]
fn ring_with_equal_step_sets_has_generalised_values_that_give_its_outcomes() {
    let mut rng = Rng(1234);
    for _ in 0..300 {
        let n = 2 + rng.below(40) as u32;
        let density = rng.below(1000);
        let steps = rng.steps(n, density);
        let g = game(n, &steps, &steps);
        let values = ring_grundy(&g).unwrap();
        let s = solve(&g);
        assert_eq!(values.value(0), Gamma::Finite(0), "the hole");
        for pos in 1..n {
            assert_eq!(
                values.value(pos).outcome(),
                s.outcome(Player::One, pos),
                "{g:?} {pos}"
            );
            assert_eq!(values.value(pos).outcome(), s.outcome(Player::Two, pos));
        }
    }
    let partisan = game(5, &[2, 3], &[1, 2, 3]);
    assert_eq!(
        ring_grundy(&partisan).unwrap_err(),
        RingGrundyError::Partisan
    );
}

#[test]
fn every_bad_graph_is_a_typed_error_naming_its_field() {
    assert_eq!(
        Graph::new(0, &[], &[]),
        Err(GraphError::NoVertices { n: 0 })
    );
    assert_eq!(
        Graph::new(3, &[1, 2], &[2]),
        Err(GraphError::LengthMismatch { from: 2, to: 1 })
    );
    let e = Graph::new(3, &[1, 0], &[2, 3]).unwrap_err();
    assert_eq!(e.field(), Field::From);
    assert_eq!(
        e.to_string(),
        "from[1] = 0 is not a vertex: vertices go from 1 to n = 3"
    );
    assert_eq!(Graph::new(3, &[1], &[4]).unwrap_err().field(), Field::To);
    let e = Graph::new(3, &[1], &[2])
        .unwrap()
        .with_goal(Some(7))
        .unwrap_err();
    assert_eq!(e.field(), Field::Goal);
    let too_many = MAX_GRAPH_BYTES; // vertices: far over the limit
    let e = Graph::check_size(too_many, 0).unwrap_err();
    assert!(matches!(e, GraphError::TooLarge { .. }));
    assert!(e.to_string().contains("512 MB"), "{e}");
    assert!(
        e.to_string()
            .contains("64 bytes per vertex and 16 per edge"),
        "{e}"
    );
    assert_eq!(e.field(), Field::N);
    // Just within the limit by the stated figures, and just beyond.
    let n = 1000u64;
    let m = (MAX_GRAPH_BYTES - 64 * n) / 16;
    assert!(Graph::check_size(n, m).is_ok());
    assert!(Graph::check_size(n, m + 1).is_err());
}

#[test]
fn moves_and_predecessors_list_every_move_with_its_successors_value() {
    let mut e = sample();
    e.goal = Some(6);
    let s = solve_graph(e.graph());
    // 3 -> 1 (Lose, 2) and 3 -> 4 (Lose, 2).
    assert_eq!(s.moves(3), vec![[1, 2, 2, 0], [4, 2, 2, 0]]);
    assert_eq!(s.moves(6), Vec::<[u32; 4]>::new(), "the goal has no moves");
    assert_eq!(s.predecessors(6), vec![2, 5]);
    assert_eq!(s.predecessors(7), vec![8]);
    // Repeated edges are repeated moves, and one predecessor.
    let s = solve_graph(Graph::new(2, &[1, 1], &[2, 2]).unwrap());
    assert_eq!(s.moves(1).len(), 2);
    assert_eq!(s.predecessors(2), vec![1]);
}

/// The first `max` moves, successors and predecessors of a vertex (what a neighbourhood
/// asks for, where a vertex may have millions): on random graphs with repeated edges and
/// goals, the head of the edge lists' own neighbours, distinct, ascending, the goal never
/// a predecessor.
#[test]
fn the_first_neighbours_of_a_vertex_are_the_head_of_its_edge_lists() {
    let mut rng = Rng(0x0017_ba11);
    for _ in 0..400 {
        let n = 1 + rng.below(12) as u32;
        let m = rng.below(40) as u32;
        let e = rng.graph(n, m);
        let s = solve_graph(e.graph());
        for v in 1..=n {
            let mut succ = e.moves(v);
            succ.sort_unstable();
            let rows = succ.len();
            succ.dedup();
            let mut pred: Vec<u32> = (0..e.from.len())
                .filter(|&k| e.to[k] == v && Some(e.from[k]) != e.goal)
                .map(|k| e.from[k])
                .collect();
            pred.sort_unstable();
            pred.dedup();
            for max in [0, 1, 2, 5, usize::MAX] {
                let at = format!("{e:?} v {v} max {max}");
                assert_eq!(
                    s.first_successors(v, max),
                    succ[..succ.len().min(max)],
                    "{at}"
                );
                assert_eq!(
                    s.first_predecessors(v, max),
                    pred[..pred.len().min(max)],
                    "{at}"
                );
                let moves = s.first_moves(v, max);
                assert_eq!(moves.len(), rows.min(max), "{at}");
                assert_eq!(moves[..], s.moves(v)[..moves.len()], "{at}");
            }
            assert_eq!(s.predecessors(v), pred);
        }
    }
}

#[test]
fn generalised_values_in_steps_of_any_budget_match_the_spec_procedure() {
    // Transitive tournaments (values 0 .. t - 1, a round per value) with a 2-cycle or a
    // cycle through them, and random graphs; computed a step at a time or in larger
    // budgets, always Smith's values by the literal procedure.
    let mut rng = Rng(1717);
    let mut graphs = Vec::new();
    for t in [1u32, 2, 5, 12, 30] {
        let mut from = Vec::new();
        let mut to = Vec::new();
        for i in 1..=t {
            for j in i + 1..=t {
                from.push(i);
                to.push(j);
            }
        }
        // The shape: a separate 2-cycle; and a cycle from the last back.
        from.extend([t + 1, t + 2, t]);
        to.extend([t + 2, t + 1, 1 + rng.below(t as u64) as u32]);
        graphs.push(Edges {
            n: t + 2,
            from,
            to,
            goal: None,
        });
    }
    for round in 0..300 {
        let n = 1 + rng.below(12) as u32;
        let m = rng.below(n as u64 * [1, 2, 4][round % 3] + 1) as u32;
        graphs.push(rng.graph(n, m));
    }
    for e in &graphs {
        let graph = e.graph();
        let (labels, sets) = smith_plain(e);
        for budget in [0, 1, 7, u64::MAX] {
            let mut search = GrundySearch::new();
            let mut calls = 0;
            while !search.advance(&graph, budget) {
                calls += 1;
                assert!(calls < 10_000, "{e:?}: the search never ends");
            }
            let g = search.finish(&graph);
            for v in 1..=e.n {
                let want = match labels[v as usize] {
                    Some(k) => Gamma::Finite(k),
                    None => Gamma::Infinite(&sets[v as usize]),
                };
                assert_eq!(g.value(v), want, "{e:?} vertex {v}, budget {budget}");
            }
        }
    }
}

#[test]
fn a_graph_solve_in_steps_of_any_budget_matches_the_oracle() {
    // GraphSearch::advance with budgets from 1 up (the worker's chunks), held to the
    // fixed-point oracle; the trace the stepper retells is the one-call solve's.
    use loopy::graph::solve::{solve_graph_traced, GraphSearch};
    let mut rng = Rng(4711);
    let mut stopped = 0;
    for round in 0..1500 {
        let n = 1 + rng.below(12) as u32;
        let m = rng.below(n as u64 * [1, 2, 4][round % 3] + 1) as u32;
        let e = rng.graph(n, m);
        let oracle = GraphOracle::new(&e);
        let budget = 1 + rng.below(6);
        let mut search = GraphSearch::new(e.graph(), true);
        let mut calls = 1;
        while !search.advance(budget) {
            calls += 1;
            assert!(
                calls <= 4 * (n + m) as u64 + 4,
                "{e:?}: the search never ends"
            );
        }
        stopped += (calls > 1) as u64;
        assert!(search.is_done());
        let (s, trace) = search.finish();
        for v in 1..=e.n {
            assert_eq!(s.outcome(v), oracle.outcome[v as usize], "{e:?} vertex {v}");
            assert_eq!(s.depth(v), oracle.depth[v as usize], "{e:?} vertex {v}");
        }
        let (whole, whole_trace) = solve_graph_traced(e.graph());
        assert_eq!(s, whole);
        let trace = trace.expect("traced");
        assert_eq!(
            (trace.order, trace.seeds, trace.children_end),
            (
                whole_trace.order,
                whole_trace.seeds,
                whole_trace.children_end
            ),
            "{e:?}"
        );
    }
    assert!(
        stopped > 500,
        "only {stopped} searches took more than one call"
    );
}

/// The first edge end that is not a vertex, as the spec's input rules find it: every
/// entry of `from` is read before `to` is.
fn first_bad_end(e: &Edges) -> Option<GraphError> {
    for (field, ends) in [(Field::From, &e.from), (Field::To, &e.to)] {
        if let Some(k) = ends.iter().position(|&v| v == 0 || v > e.n) {
            return Some(GraphError::EdgeOutOfRange {
                field,
                edge: k as u64,
                vertex: ends[k] as u64,
                n: e.n,
            });
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// A graph built a budget at a time (`GraphBuilder::advance`, any budgets, from
    /// owned or borrowed edge arrays) has each vertex's moves and predecessors as the
    /// edge lists say, sorted, is the graph `Graph::new` builds in one call, and solves
    /// as the oracle does; a bad edge end is the same error, the first in `from`, else
    /// the first in `to`, and stays the answer of every later call.
    #[test]
    fn a_graph_built_in_steps_of_any_budget_is_the_graph_built_in_one_call(
        seed in any::<u64>(),
        n in 1u32..12,
        m in 0u32..40,
        dag in any::<bool>(),
        owned in any::<bool>(),
        budgets in proptest::collection::vec(prop_oneof![1u64..4, 1u64..60, Just(u64::MAX)], 1..12),
        bad in proptest::option::of((any::<bool>(), any::<prop::sample::Index>(), prop_oneof![Just(0u32), 1u32..5])),
    ) {
        let mut rng = Rng(seed);
        let mut e = if dag { rng.dag(n, m) } else { rng.graph(n, m) };
        if let Some((in_from, at, past)) = bad {
            if !e.from.is_empty() {
                let ends = if in_from { &mut e.from } else { &mut e.to };
                let k = at.index(ends.len());
                ends[k] = if past == 0 { 0 } else { e.n + past };
            }
        }
        let whole = Graph::new(n as u64, &e.from, &e.to);
        let mut b = if owned {
            GraphBuilder::new(n as u64, e.from.clone().into(), e.to.clone().into())
        } else {
            GraphBuilder::new(n as u64, e.from[..].into(), e.to[..].into())
        }
        .unwrap();
        let mut calls = 0usize;
        let built = loop {
            match b.advance(budgets[calls % budgets.len()]) {
                Ok(true) => break Ok(()),
                Ok(false) => {}
                Err(err) => break Err(err),
            }
            calls += 1;
            prop_assert!(calls <= 10 * (n + m) as usize + 20, "the build never ends");
        };
        if let Some(want) = first_bad_end(&e) {
            prop_assert_eq!(built, Err(want.clone()));
            prop_assert_eq!(b.advance(u64::MAX), Err(want.clone()));
            prop_assert_eq!(whole, Err(want));
            return Ok(());
        }
        prop_assert_eq!(built, Ok(()));
        // A budget bounds a call: the checks alone look at 2m edge ends.
        if let Some(most) = budgets.iter().copied().filter(|&b| b < u64::MAX).max() {
            if !budgets.contains(&u64::MAX) {
                prop_assert!((calls as u64 + 1) * most >= 2 * e.from.len() as u64, "{} calls of at most {}", calls + 1, most);
            }
        }
        let g = b.finish().unwrap();
        prop_assert_eq!(&g, whole.as_ref().unwrap());
        for v in 1..=n {
            let mut succ: Vec<u32> = e.from.iter().zip(&e.to).filter(|p| *p.0 == v).map(|p| *p.1).collect();
            let mut pred: Vec<u32> = e.from.iter().zip(&e.to).filter(|p| *p.1 == v).map(|p| *p.0).collect();
            succ.sort_unstable();
            pred.sort_unstable();
            prop_assert_eq!(g.successors(v), &succ[..], "{:?} vertex {}", e, v);
            prop_assert_eq!(g.predecessors(v), &pred[..], "{:?} vertex {}", e, v);
        }
        let oracle = GraphOracle::new(&e);
        let s = solve_graph(g.with_goal(e.goal.map(u64::from)).unwrap());
        for v in 1..=n {
            prop_assert_eq!(s.outcome(v), oracle.outcome[v as usize], "{:?} vertex {}", e, v);
            prop_assert_eq!(s.depth(v), oracle.depth[v as usize], "{:?} vertex {}", e, v);
            prop_assert_eq!(s.best_move(v), oracle.best_move(v), "{:?} vertex {}", e, v);
        }
    }
}

/// `ends` cut into chunks of the sizes `cuts` (cycled; a 0 is an empty push; all 0: the
/// rest in one), the last one what is left.
fn cut<'a>(ends: &'a [u32], cuts: &[usize]) -> Vec<&'a [u32]> {
    let mut out = Vec::new();
    let mut at = 0;
    let empty = cuts.iter().all(|&c| c == 0);
    for k in 0.. {
        if at >= ends.len() {
            break;
        }
        let size = if empty {
            ends.len()
        } else {
            cuts[k % cuts.len()]
        };
        let end = (at + size).min(ends.len());
        out.push(&ends[at..end]);
        at = end;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Edges given in chunks (`GraphBuilder::begin`, then `push`, the two arrays cut at
    /// any places, then `advance` with any budgets) build the graph `Graph::new` builds
    /// from the whole arrays in one call, and give its errors: a bad end in any chunk of
    /// `from` before any in `to` (each the first of its array), a `to` of another total
    /// `LengthMismatch` with the totals, and `from` of another total than the `m` the
    /// build began with `EdgeCount`, before anything else. The errors expected are
    /// worked out from the edge lists here, not from the builder.
    #[test]
    fn edges_pushed_in_chunks_of_any_sizes_build_the_graph_of_one_call(
        seed in any::<u64>(),
        n in 1u32..12,
        m in 0u32..40,
        dag in any::<bool>(),
        cuts_from in proptest::collection::vec(prop_oneof![Just(0usize), 1usize..4, 1usize..50], 1..6),
        cuts_to in proptest::collection::vec(prop_oneof![Just(0usize), 1usize..4, 1usize..50], 1..6),
        budgets in proptest::collection::vec(prop_oneof![1u64..4, 1u64..60, Just(u64::MAX)], 1..6),
        bad_from in proptest::option::of((any::<prop::sample::Index>(), prop_oneof![Just(0u32), 1u32..5])),
        bad_to in proptest::option::of((any::<prop::sample::Index>(), prop_oneof![Just(0u32), 1u32..5])),
        to_off in prop_oneof![4 => Just(0i64), 1 => -3i64..=3],
        m_off in prop_oneof![6 => Just(0i64), 1 => -3i64..=3],
    ) {
        let mut rng = Rng(seed);
        let mut e = if dag { rng.dag(n, m) } else { rng.graph(n, m) };
        for (bad, in_from) in [(bad_from, true), (bad_to, false)] {
            let ends = if in_from { &mut e.from } else { &mut e.to };
            if let (Some((at, past)), false) = (bad, ends.is_empty()) {
                let k = at.index(ends.len());
                ends[k] = if past == 0 { 0 } else { e.n + past };
            }
        }
        // A `to` of another length: entries dropped, or more (vertices) added.
        let len = (e.to.len() as i64 + to_off).max(0) as usize;
        e.to.resize(len, 1);
        let declared = (e.from.len() as i64 + m_off).max(0) as u64;
        let mut b = GraphBuilder::begin(n as u64, declared).unwrap();
        let (fs, ts) = (cut(&e.from, &cuts_from), cut(&e.to, &cuts_to));
        for k in 0..fs.len().max(ts.len()) {
            let f: &[u32] = fs.get(k).copied().unwrap_or(&[]);
            let t: &[u32] = ts.get(k).copied().unwrap_or(&[]);
            prop_assert_eq!(b.push(f, t), Ok(()), "pushes are only counted and kept");
        }
        let mut calls = 0usize;
        let built = loop {
            match b.advance(budgets[calls % budgets.len()]) {
                Ok(true) => break Ok(()),
                Ok(false) => {}
                Err(err) => break Err(err),
            }
            calls += 1;
            prop_assert!(calls <= 10 * (n + m) as usize + 40, "the build never ends");
        };
        let whole = Graph::new(n as u64, &e.from, &e.to);
        let (fl, tl) = (e.from.len() as u64, e.to.len() as u64);
        let want = if declared != fl {
            Some(GraphError::EdgeCount { field: Field::From, m: declared, given: fl })
        } else if tl != fl {
            Some(GraphError::LengthMismatch { from: fl, to: tl })
        } else {
            first_bad_end(&e)
        };
        if let Some(want) = want {
            prop_assert_eq!(built, Err(want.clone()));
            prop_assert_eq!(b.advance(1), Err(want.clone()), "the error stays");
            prop_assert_eq!(b.push(&[1][..], &[1][..]), Err(want.clone()), "the error stays");
            if declared == fl {
                prop_assert_eq!(whole, Err(want), "the one call's error");
            }
            return Ok(());
        }
        prop_assert_eq!(built, Ok(()));
        let g = b.finish().unwrap();
        prop_assert_eq!(&g, whole.as_ref().unwrap());
        for v in 1..=n {
            let mut succ: Vec<u32> = e.from.iter().zip(&e.to).filter(|p| *p.0 == v).map(|p| *p.1).collect();
            succ.sort_unstable();
            prop_assert_eq!(g.successors(v), &succ[..], "{:?} vertex {}", e, v);
        }
    }
}

/// Entries pushed once `advance` has found the totals right make them wrong: the
/// totals' error, from then on, and nothing kept.
#[test]
fn a_push_after_the_build_began_is_a_wrong_total() {
    let mut b = GraphBuilder::begin(3, 2).unwrap();
    b.push(&[1, 2][..], &[2][..]).unwrap();
    b.push(&[][..], &[3][..]).unwrap();
    assert_eq!(b.advance(1), Ok(false));
    assert_eq!(
        b.push(&[][..], &[][..]),
        Ok(()),
        "an empty push changes nothing"
    );
    let e = GraphError::LengthMismatch { from: 2, to: 3 };
    assert_eq!(b.push(&[][..], &[1][..]), Err(e.clone()));
    assert_eq!(b.advance(u64::MAX), Err(e));
    let mut b = GraphBuilder::begin(3, 2).unwrap();
    b.push(&[1, 2][..], &[2, 3][..]).unwrap();
    assert_eq!(b.advance(1), Ok(false));
    let e = GraphError::EdgeCount {
        field: Field::From,
        m: 2,
        given: 3,
    };
    assert_eq!(b.push(&[1][..], &[][..]), Err(e.clone()));
    assert_eq!(b.finish(), Err(e));
    // Too large for the memory limit: refused before any edge is given.
    assert_eq!(
        GraphBuilder::begin(1, MAX_GRAPH_BYTES).unwrap_err(),
        GraphError::TooLarge {
            n: 1,
            m: MAX_GRAPH_BYTES
        }
    );
}
