//! The solver against the oracle: the spec's samples, random games of every density,
//! and the classic BFS's order.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{game, Oracle, Rng};
use loopy::classic::solve_classic;
use loopy::solve::{solve_with, Policy};
use loopy::{solve, solve_traced, Outcome, Player};
use proptest::prelude::*;

#[test]
fn samples_match_the_spec_outcomes_and_depths() {
    let g1 = game(5, &[3, 2], &[1, 2, 3]);
    let s1 = solve(&g1);
    assert_eq!(s1.to_judge_text(), "Lose Win Win Loop\nLoop Win Win Win");
    assert_eq!(s1.to_depth_text(), "2 1 1 -\n- 1 1 1");
    let g2 = game(8, &[6, 2, 3, 4], &[3, 6]);
    let s2 = solve(&g2);
    assert_eq!(
        s2.to_judge_text(),
        "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose"
    );
    assert_eq!(s2.to_depth_text(), "3 1 3 1 1 1 5\n6 1 4 6 1 4 2");
    Oracle::of(&g1).check(&s1);
    Oracle::of(&g2).check(&s2);
}

#[test]
fn hole_is_loop_with_depth_zero_and_no_best_move() {
    let s = solve(&game(5, &[2, 3], &[1, 2, 3]));
    for p in Player::BOTH {
        assert_eq!(s.outcome(p, 0), Outcome::Loop);
        assert_eq!(s.depth(p, 0), 0);
        assert_eq!(s.best_move(p, 0), None);
        assert_eq!(s.best_move(p, 5), None);
    }
}

#[test]
fn best_moves_lists_best_move_for_every_position() {
    let mut rng = Rng(5);
    for _ in 0..50 {
        let n = 2 + rng.below(90) as u32;
        let g = game(n, &rng.steps(n, 400), &rng.steps(n, 800));
        let s = solve(&g);
        for p in Player::BOTH {
            let all = s.best_moves(p);
            assert_eq!(all.len(), n as usize);
            for (pos, &x) in all.iter().enumerate() {
                assert_eq!(s.best_move(p, pos as u32).unwrap_or(0), x);
            }
        }
        Oracle::of(&g).check(&s);
    }
}

#[test]
fn smallest_ring_has_one_state_per_player() {
    let s = solve(&game(2, &[1], &[1]));
    assert_eq!(s.to_judge_text(), "Win\nWin");
    assert_eq!(s.to_depth_text(), "1\n1");
}

/// Step sets that mix the regimes the solver switches between: a single step,
/// sparse, uniform, dense and full sets.
fn step_set(n: u32) -> impl Strategy<Value = Vec<u32>> {
    let all: Vec<u32> = (1..n).collect();
    let m = all.len();
    prop_oneof![
        proptest::sample::subsequence(all.clone(), 1..=1.min(m)),
        proptest::sample::subsequence(all.clone(), 1..=3.min(m)),
        proptest::sample::subsequence(all.clone(), 1..=m),
        proptest::sample::subsequence(all.clone(), (m * 3 / 4).max(1)..=m),
        Just(all),
    ]
}

fn any_game() -> impl Strategy<Value = (u32, Vec<u32>, Vec<u32>)> {
    (2u32..=60).prop_flat_map(|n| (Just(n), step_set(n), step_set(n)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn solve_matches_the_fixed_point_oracle((n, s1, s2) in any_game()) {
        let g = game(n, &s1, &s2);
        Oracle::of(&g).check(&solve(&g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Every path of the fast solver, forced one combination at a time, whatever the
    /// step-set sizes: each must give the oracle's answer on its own.
    #[test]
    fn every_solver_policy_matches_the_oracle(
        (n, s1, s2) in any_game(),
        p1 in proptest::sample::select(Policy::ALL.to_vec()),
        p2 in proptest::sample::select(Policy::ALL.to_vec()),
    ) {
        let g = game(n, &s1, &s2);
        let (solution, trace) = solve_with(&g, [p1, p2], true);
        Oracle::of(&g).check(&solution);
        let (_, classic_trace) = solve_classic(&g);
        prop_assert_eq!(trace, Some(classic_trace));
        let (untraced, none) = solve_with(&g, [p1, p2], false);
        prop_assert_eq!(none, None);
        Oracle::of(&g).check(&untraced);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn fast_solver_resolves_in_the_classic_bfs_order((n, s1, s2) in any_game()) {
        let g = game(n, &s1, &s2);
        let (fast, fast_trace) = solve_traced(&g);
        let (classic, classic_trace) = solve_classic(&g);
        prop_assert_eq!(&fast, &classic);
        prop_assert_eq!(&fast_trace.order, &classic_trace.order);
        prop_assert_eq!(fast_trace.seeds, classic_trace.seeds);
        prop_assert_eq!(&fast_trace.children_end, &classic_trace.children_end);
    }
}

/// Games on larger rings, where the bitset paths (rotations across many words, watch
/// lists with long rescans) do real work, checked against the classic BFS (the
/// oracle is too slow here) and in BFS order.
#[test]
fn bitset_paths_agree_with_the_classic_bfs_on_larger_rings() {
    let mut rng = Rng(0x5eed_1234_5678_9abc);
    for round in 0..300 {
        let n = 2 + rng.below(700) as u32;
        let density = [5, 30, 200, 500, 900, 1000][round % 6];
        let s1 = rng.steps(n, density);
        let s2 = rng.steps(n, [1000, 900, 500, 200, 30, 5][(round / 6) % 6]);
        let g = game(n, &s1, &s2);
        let (fast, fast_trace) = solve_traced(&g);
        let (classic, classic_trace) = solve_classic(&g);
        assert_eq!(fast, classic, "n={n} s1={s1:?} s2={s2:?}");
        assert_eq!(fast_trace.order, classic_trace.order, "order, n={n}");
        assert_eq!(
            fast_trace.children_end, classic_trace.children_end,
            "children, n={n}"
        );
        if n <= 160 {
            Oracle::of(&g).check(&fast);
        }
        for policy in Policy::ALL {
            let other = Policy::ALL[round % 6];
            let (forced, forced_trace) = solve_with(&g, [policy, other], true);
            assert_eq!(forced, classic, "n={n} policy {policy:?}");
            assert_eq!(
                forced_trace.as_ref(),
                Some(&classic_trace),
                "n={n} policy {policy:?}"
            );
            let (untraced, _) = solve_with(&g, [other, policy], false);
            assert_eq!(untraced, classic, "untraced, n={n} policy {policy:?}");
        }
    }
}

#[test]
fn structured_families_agree_with_the_classic_bfs() {
    for n in [64, 65, 127, 128, 129, 300, 1001] {
        let evens: Vec<u32> = (2..n).step_by(2).collect();
        let odds: Vec<u32> = (1..n).step_by(2).collect();
        let res1: Vec<u32> = (1..n).filter(|x| x % 3 == 1).collect();
        let res2: Vec<u32> = (1..n).filter(|x| x % 3 == 2).collect();
        let high: Vec<u32> = (n / 2..n).filter(|&x| x > 0).collect();
        let low: Vec<u32> = (1..=(n / 3).max(1)).collect();
        for (s1, s2) in [
            (&evens, &odds),
            (&res1, &res2),
            (&high, &low),
            (&low, &high),
            (&evens, &evens),
        ] {
            let g = game(n, s1, s2);
            let (fast, ft) = solve_traced(&g);
            let (classic, ct) = solve_classic(&g);
            assert_eq!(fast, classic, "n={n}");
            assert_eq!(ft.order, ct.order, "n={n}");
        }
    }
}

#[test]
fn win_depths_are_odd_and_lose_depths_even() {
    let mut rng = Rng(42);
    for _ in 0..200 {
        let n = 2 + rng.below(200) as u32;
        let (s1, s2) = (rng.steps(n, 300), rng.steps(n, 100));
        let s = solve(&game(n, &s1, &s2));
        for p in Player::BOTH {
            for (o, d) in s.outcomes(p).zip(s.depths(p)) {
                match o {
                    Outcome::Win => assert_eq!(d % 2, 1),
                    Outcome::Lose => assert!(d >= 2 && d % 2 == 0),
                    Outcome::Loop => assert_eq!(d, 0),
                }
            }
        }
    }
}
