//! `Solution::from_values`, what the ring's why module (`RingFacts`) is made from: a
//! solution rebuilt from a solve's per-position outcome codes and depths, without solving,
//! answers every question of why as the independent oracle of `tests/common` does (facts,
//! moves, best move, judge text), on thousands of small random games; and values that no
//! solve gives (a wrong length, an unknown code, a Win at depth 0...) are typed errors with
//! their code, never a panic.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{game, Oracle, Rng};
use loopy::error::{ArgError, Coded};
use loopy::explain::{explain_state, MAX_FACT_MOVES};
use loopy::{solve, Outcome, Player, RingGame, Solution};

/// `[out1, out2, dep1, dep2]` as the oracle finds them (codes: Loop 0, Win 1, Lose 2).
fn oracle_values(o: &Oracle) -> [Vec<u32>; 4] {
    let code = |x: &Outcome| match x {
        Outcome::Loop => 0,
        Outcome::Win => 1,
        Outcome::Lose => 2,
    };
    let out = |p: usize| o.outcome[p].iter().map(code).collect();
    [out(0), out(1), o.depth[0].clone(), o.depth[1].clone()]
}

/// `[out1, out2, dep1, dep2]` as a solve hands them out (`Solution::outcomes`, `depths`).
fn solve_values(s: &Solution) -> [Vec<u32>; 4] {
    let out = |p| s.outcomes(p).map(|o| o as u32).collect();
    let dep = |p| s.depths(p).collect();
    [
        out(Player::One),
        out(Player::Two),
        dep(Player::One),
        dep(Player::Two),
    ]
}

fn rebuilt(g: &RingGame, v: &[Vec<u32>; 4]) -> Result<Solution, ArgError> {
    Solution::from_values(g.clone(), [&v[0], &v[1]], [&v[2], &v[3]])
}

/// Every answer of `s` about every state equals the oracle's.
fn check_against_oracle(s: &Solution, o: &Oracle, what: &str) {
    let n = o.n as usize;
    assert_eq!(s.to_judge_text(), o.judge_text(), "{what}: judge text");
    for p in 0..2 {
        let player = [Player::One, Player::Two][p];
        let mut steps = o.steps[p].clone();
        steps.sort_unstable();
        for i in 1..n {
            let at = format!("{what}: state ({}, {i})", p + 1);
            if steps.len() <= MAX_FACT_MOVES {
                let facts = explain_state(s, p as u64 + 1, i as u64).expect("a state");
                assert_eq!(facts, o.facts(p, i), "{at}: facts");
            }
            assert_eq!(
                s.best_move(player, i as u32),
                o.best_move(p, i),
                "{at}: best move"
            );
            let moves: Vec<[u32; 4]> = steps
                .iter()
                .map(|&x| {
                    let t = (i + x as usize) % n;
                    let (out, dep) = if t == 0 {
                        (0, 0)
                    } else {
                        (o.outcome[1 - p][t] as u32, o.depth[1 - p][t])
                    };
                    [x, t as u32, out, dep]
                })
                .collect();
            assert_eq!(s.moves(player, i as u32), moves, "{at}: moves");
        }
    }
}

#[test]
fn facts_rebuilt_from_values_answer_as_the_oracle_does_on_random_games() {
    let mut rng = Rng(0x0fac_75ee);
    for _ in 0..1500 {
        let (n, s1, s2) = rng.small_game();
        let g = game(n, &s1, &s2);
        let o = Oracle::of(&g);
        let what = format!("n={n} s1={s1:?} s2={s2:?}");
        // From the oracle's own values: nothing of the solver in the answers.
        let from_oracle = rebuilt(&g, &oracle_values(&o)).expect("the oracle's values");
        check_against_oracle(&from_oracle, &o, &format!("{what} (oracle's values)"));
        // From what the solver hands out, as the worker builds RingFacts.
        let solved = solve(&g);
        let from_solve = rebuilt(&g, &solve_values(&solved)).expect("a solve's values");
        check_against_oracle(&from_solve, &o, &format!("{what} (a solve's values)"));
        // The grades (held to the oracle by tests/grade.rs) are the solve's too.
        for p in [Player::One, Player::Two] {
            for i in 1..n {
                assert_eq!(
                    from_solve.grades(p, i),
                    solved.grades(p, i),
                    "{what}: grades"
                );
            }
        }
    }
}

#[test]
fn values_of_another_length_are_a_typed_error_naming_the_array() {
    let g = game(5, &[2, 3], &[1, 2, 3]);
    let good = solve_values(&solve(&g));
    for (k, field) in ["out1", "out2", "dep1", "dep2"].into_iter().enumerate() {
        for len in [0, 4, 6] {
            let mut v = good.clone();
            v[k].resize(len, 0);
            let e = rebuilt(&g, &v).unwrap_err();
            assert_eq!(
                e,
                ArgError::ValuesLength {
                    field,
                    length: len as u64,
                    n: 5
                }
            );
            assert_eq!(e.code(), "arg.valuesLength");
        }
    }
}

#[test]
fn values_no_solve_gives_are_a_typed_error_at_their_position() {
    let g = game(5, &[2, 3], &[1, 2, 3]);
    let good = solve_values(&solve(&g));
    // (array, position, outcome code, depth, the field named)
    let bad = [
        (0, 2, 3, 1, "out1"),        // no such code
        (1, 4, u32::MAX, 0, "out2"), // no such code
        (0, 1, 1, 0, "dep1"),        // a Win at depth 0
        (1, 3, 2, 0, "dep2"),        // a Lose at depth 0
        (0, 2, 0, 7, "dep1"),        // a Loop with a depth
        (1, 0, 1, 1, "dep2"),        // the hole as a Win
        (0, 0, 0, 3, "dep1"),        // the hole with a depth
        (1, 2, 1, 1 << 30, "dep2"),  // past the status word's depth
    ];
    for (p, pos, code, depth, field) in bad {
        let mut v = good.clone();
        v[p][pos] = code;
        v[p + 2][pos] = depth;
        let e = rebuilt(&g, &v).unwrap_err();
        assert_eq!(
            e,
            ArgError::NotAValue {
                field,
                pos: pos as u64,
                outcome: code.into(),
                depth: depth.into()
            },
            "player {} at {pos}: ({code}, {depth})",
            p + 1
        );
        assert_eq!(e.code(), "arg.notAValue");
    }
}

#[test]
fn values_that_pass_but_are_not_a_solve_give_answers_never_a_panic() {
    // Trusted values: any that pass the checks, however inconsistent, are answered.
    let mut rng = Rng(0xbad_fac7);
    for _ in 0..300 {
        let (n, s1, s2) = rng.small_game();
        let g = game(n, &s1, &s2);
        let mut v: [Vec<u32>; 4] = Default::default();
        for p in 0..2 {
            // The hole is Loop at depth 0; every other position any value a solve could give.
            let (mut out, mut dep) = (vec![0], vec![0]);
            for _ in 1..n {
                let code = rng.below(3) as u32;
                out.push(code);
                dep.push(if code == 0 {
                    0
                } else {
                    1 + rng.below(4) as u32
                });
            }
            v[p] = out;
            v[p + 2] = dep;
        }
        let s = rebuilt(&g, &v).expect("values that pass");
        let _ = s.to_judge_text();
        for p in [Player::One, Player::Two] {
            for pos in 0..n {
                let _ = (s.best_move(p, pos), s.moves(p, pos), s.grades(p, pos));
                let _ = explain_state(&s, p.index() as u64 + 1, pos as u64);
            }
        }
    }
}
