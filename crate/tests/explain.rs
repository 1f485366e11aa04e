//! `loopy::explain` against the independent oracles of `tests/common`: every fact it
//! gives about a ring state or a graph vertex (value, depth, each move's target, value
//! and depth, winning, optimal and correct moves, the best move, the reason; the
//! Sprague-Grundy values reached, the mex, K, the ∞(K) verdict; membership of the
//! optimal-play set), on thousands of small random games, and every bad question.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{check_membership, vertex_facts};
use common::graph::{smith_plain, Edges, GraphOracle};
use common::{game, Oracle, Rng};
use loopy::error::Coded;
use loopy::explain::graph::{explain_vertex, GraphReason, GrundyFacts, Membership};
use loopy::explain::{explain_state, ExplainError, RingReason};
use loopy::grundy::grundy;
use loopy::{solve, solve_graph, Outcome};

fn check_ring(n: u32, s1: &[u32], s2: &[u32]) {
    let g = game(n, s1, s2);
    let oracle = Oracle::of(&g);
    let s = solve(&g);
    for p in 0..2 {
        for i in 1..n as usize {
            let facts = explain_state(&s, p as u64 + 1, i as u64).expect("a state");
            assert_eq!(
                facts,
                oracle.facts(p, i),
                "n={n} s1={s1:?} s2={s2:?} state ({}, {i})",
                p + 1
            );
        }
    }
}

#[test]
fn ring_facts_match_the_oracle_on_random_games() {
    let mut rng = Rng(0x5eed_e291);
    for _ in 0..1500 {
        let (n, s1, s2) = rng.small_game();
        check_ring(n, &s1, &s2);
    }
}

#[test]
fn ring_facts_of_the_spec_samples() {
    check_ring(5, &[2, 3], &[1, 2, 3]);
    check_ring(8, &[2, 3, 4, 6], &[3, 6]);
    let s = solve(&game(5, &[2, 3], &[1, 2, 3]));
    // Player 1 at 4: step 2 to the Loop at 1 keeps the game going.
    let f = explain_state(&s, 1, 4).unwrap();
    assert_eq!(f.reason, RingReason::Undecided { loops: vec![2] });
    // Player 1 at 1: both moves hand player 2 a win in 1; step 2 holds out as long.
    let f = explain_state(&s, 1, 1).unwrap();
    assert_eq!(
        f.reason,
        RingReason::EveryMoveToWin {
            moves: 2,
            step: 2,
            to: 3,
            depth: 1
        }
    );
}

/// How often each kind of fact came up, so that a test sees every one of them.
#[derive(Default, Debug)]
struct Seen {
    finite_answered: u32,
    infinite_win: u32,
    infinite_draw: u32,
    goal: u32,
    dead_end: u32,
    reached: u32,
    refused: u32,
    unreachable: u32,
}

fn check_graph(e: &Edges, rng: &mut Rng) -> Seen {
    let mut seen = Seen::default();
    let oracle = GraphOracle::new(e);
    let smith = smith_plain(e);
    let graph = e.graph();
    let values = grundy(&graph);
    let s = solve_graph(graph);
    let start = 1 + rng.below(e.n as u64) as u32;
    for v in 1..=e.n {
        let mut facts = explain_vertex(&s, Some(&values), Some(start as u64), v as u64).unwrap();
        let membership = facts.optimal.take().expect("a start was given");
        check_membership(e, &oracle, start, v, &membership);
        match &membership {
            Membership::Reached { .. } => seen.reached += 1,
            Membership::Out { refused, .. } if refused.is_empty() => seen.unreachable += 1,
            Membership::Out { .. } => seen.refused += 1,
            Membership::Start { .. } => {}
        }
        match (&facts.grundy, &facts.reason) {
            (Some(GrundyFacts::Finite { infinite, .. }), _) if !infinite.is_empty() => {
                seen.finite_answered += 1
            }
            (
                Some(GrundyFacts::Infinite {
                    verdict: Outcome::Win,
                    ..
                }),
                _,
            ) => seen.infinite_win += 1,
            (Some(GrundyFacts::Infinite { .. }), _) => seen.infinite_draw += 1,
            (_, GraphReason::Goal) => seen.goal += 1,
            (_, GraphReason::DeadEnd) => seen.dead_end += 1,
            _ => {}
        }
        assert_eq!(
            facts,
            vertex_facts(e, &oracle, Some(&smith), v),
            "{e:?} vertex {v}"
        );
        // Without values or a start, the same facts without those parts.
        let plain = explain_vertex(&s, None, None, v as u64).unwrap();
        assert_eq!(plain, vertex_facts(e, &oracle, None, v), "{e:?} vertex {v}");
    }
    seen
}

#[test]
fn graph_facts_match_the_oracle_on_random_graphs() {
    let mut rng = Rng(0xe291_0016);
    let mut all = Seen::default();
    for round in 0..2500 {
        let n = 1 + rng.below(9) as u32;
        let m = rng.below(3 * n as u64 + 1) as u32;
        let e = if round % 4 == 0 {
            rng.dag(n, m)
        } else {
            rng.graph(n, m)
        };
        let s = check_graph(&e, &mut rng);
        all.finite_answered += s.finite_answered;
        all.infinite_win += s.infinite_win;
        all.infinite_draw += s.infinite_draw;
        all.goal += s.goal;
        all.dead_end += s.dead_end;
        all.reached += s.reached;
        all.refused += s.refused;
        all.unreachable += s.unreachable;
    }
    let counts = [
        all.finite_answered,
        all.infinite_win,
        all.infinite_draw,
        all.goal,
        all.dead_end,
        all.reached,
        all.refused,
        all.unreachable,
    ];
    assert!(
        counts.iter().all(|&c| c >= 20),
        "every kind of fact, often: {all:?}"
    );
}

#[test]
fn graph_facts_of_the_spec_examples() {
    let mut rng = Rng(7);
    let sample = |goal| Edges {
        n: 8,
        from: vec![1, 2, 3, 3, 4, 5, 2, 7, 8],
        to: vec![2, 3, 1, 4, 5, 6, 6, 8, 7],
        goal,
    };
    for goal in [None, Some(6), Some(5)] {
        check_graph(&sample(goal), &mut rng);
    }
    let dag = Edges {
        n: 5,
        from: vec![1, 1, 2, 4, 3],
        to: vec![2, 3, 4, 5, 5],
        goal: None,
    };
    check_graph(&dag, &mut rng);
    // The dag sample from 1: 3 is out, because 1 -> 3 hands the opponent a win.
    let s = solve_graph(dag.graph());
    let f = explain_vertex(&s, None, Some(1), 3).unwrap();
    assert_eq!(
        f.optimal,
        Some(Membership::Out {
            start: 1,
            refused: vec![1]
        })
    );
    let f = explain_vertex(&s, None, Some(1), 5).unwrap();
    assert_eq!(
        f.optimal,
        Some(Membership::Reached {
            start: 1,
            path: vec![1, 2, 4, 5]
        })
    );
    // The 2-cycle: both ∞(∅), a draw; each move to the other is unanswered.
    let two = Edges {
        n: 2,
        from: vec![1, 2],
        to: vec![2, 1],
        goal: None,
    };
    check_graph(&two, &mut rng);
    let g = two.graph();
    let values = grundy(&g);
    let f = explain_vertex(&solve_graph(g), Some(&values), None, 1).unwrap();
    assert_eq!(
        f.grundy,
        Some(GrundyFacts::Infinite {
            k: vec![],
            mex: 0,
            infinite: vec![2],
            unanswered: vec![2],
            verdict: Outcome::Loop
        })
    );
}

#[test]
fn bad_questions_are_typed_errors_with_stable_codes() {
    let s = solve(&game(8, &[2, 3, 4, 6], &[3, 6]));
    let code = |p: u64, pos: u64| explain_state(&s, p, pos).unwrap_err();
    assert_eq!(code(0, 1), ExplainError::NoSuchPlayer { player: 0 });
    assert_eq!(code(3, 1).code(), "explain.noSuchPlayer");
    assert_eq!(code(u64::MAX, 1).field(), "player");
    assert_eq!(code(1, 0), ExplainError::NotAPosition { pos: 0, n: 8 });
    assert_eq!(code(2, 8).code(), "explain.notAPosition");
    assert_eq!(code(2, u64::MAX).field(), "pos");
    assert!(code(1, 0).to_string().contains("from 1 to n - 1 = 7"));
    let g = solve_graph(loopy::Graph::new(3, &[1], &[2]).unwrap());
    for (v, start, want, code) in [
        (0, None, "v", "explain.notAVertex"),
        (4, None, "v", "explain.notAVertex"),
        (1, Some(0), "start", "explain.notAStart"),
        (1, Some(4), "start", "explain.notAStart"),
    ] {
        let e = explain_vertex(&g, None, start, v).unwrap_err();
        assert_eq!((e.field(), e.code()), (want, code), "{e}");
    }
    assert_eq!(
        explain_vertex(&g, None, Some(9), 2)
            .unwrap_err()
            .to_string(),
        "start = 9 is not a vertex: vertices go from 1 to n = 3"
    );
}
