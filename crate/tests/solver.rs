//! The solver against the oracle: the spec's samples, random games of every density,
//! and the classic BFS's order.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{game, Oracle, Rng};
use loopy::classic::solve_classic;
use loopy::solve::{solve_with, LoseRule, Policy, WinRule};
use loopy::{
    estimate_work, solve, solve_traced, GameError, Outcome, Player, RingGame, Solver, MAX_N,
    MAX_WORK,
};
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// A solve cut into calls of any budget, even in the middle of a pop, ends where one
    /// call would: the classic BFS's answer and order, on every path of the solver.
    #[test]
    fn advancing_in_small_budgets_keeps_the_classic_answer_and_order(
        (n, s1, s2) in any_game(),
        p1 in proptest::sample::select(Policy::ALL.to_vec()),
        p2 in proptest::sample::select(Policy::ALL.to_vec()),
        budget in proptest::sample::select(vec![0u64, 1, 2, 5, 40]),
        trace in any::<bool>(),
    ) {
        let g = game(n, &s1, &s2);
        let mut solver = Solver::with_policy(&g, [p1, p2], trace);
        let mut calls = 0;
        while !solver.advance(budget) {
            calls += 1;
            prop_assert!(calls <= 4 * g.edges() + 100, "no progress");
        }
        prop_assert!(solver.is_done());
        let (solution, got) = solver.finish();
        let (classic, classic_trace) = solve_classic(&g);
        prop_assert_eq!(&solution, &classic);
        if trace {
            prop_assert_eq!(got, Some(classic_trace));
        }
    }
}

/// The games where one pop does the most work: large step sets (many watchers per
/// state popped, long rescans), including the lead's 94-second chunk scaled down.
fn heavy_games(n: u32) -> Vec<(&'static str, Vec<u32>, Vec<u32>)> {
    vec![
        (
            "high half vs low third",
            (n / 2..n).collect(),
            (1..n / 3).collect(),
        ),
        (
            "residues 1 vs 2 mod 3",
            (1..n).filter(|x| x % 3 == 1).collect(),
            (1..n).filter(|x| x % 3 == 2).collect(),
        ),
        (
            "low third vs high half",
            (1..n / 3).collect(),
            (n / 2..n).collect(),
        ),
        ("steps 1..16 vs 1..8", (1..=16).collect(), (1..=8).collect()),
    ]
}

#[test]
fn one_call_does_at_most_its_budget_plus_one_step() {
    let n = 20_000;
    for (name, s1, s2) in heavy_games(n) {
        let g = game(n, &s1, &s2);
        for trace in [false, true] {
            for budget in [0, 1000, 50_000] {
                let mut solver = Solver::new(&g, trace);
                let bound = budget + solver.max_step_work();
                let mut before = solver.work();
                let mut worst = 0;
                while !solver.advance(budget) {
                    worst = worst.max(solver.work() - before);
                    before = solver.work();
                }
                assert!(
                    worst <= bound,
                    "{name}, trace {trace}, budget {budget}: a call did {worst} units, bound {bound}"
                );
                let (solution, _) = solver.finish();
                assert_eq!(solution, solve(&g), "{name}");
            }
        }
    }
}

#[test]
fn the_work_estimate_bounds_the_work_done_on_the_structured_families() {
    for n in [1000, 4099, 20_000] {
        let mut rng = Rng(n as u64);
        let mut games = heavy_games(n);
        games.extend([
            ("full", (1..n).collect(), (1..n).collect()),
            (
                "even",
                (2..n).step_by(2).collect(),
                (2..n).step_by(2).collect(),
            ),
            ("dense 50%", rng.steps(n, 500), rng.steps(n, 500)),
            ("dense 90%", rng.steps(n, 900), rng.steps(n, 900)),
            ("sparse 1%", rng.steps(n, 10), rng.steps(n, 10)),
            ("steps 1,2,3", vec![1, 2, 3], vec![1, 2, 3]),
        ]);
        for (name, s1, s2) in games {
            let g = game(n, &s1, &s2);
            // Counted independently (the classic BFS's outcomes): every seed and every
            // decided state's pop is a unit of work whatever the policy, while each player
            // keeps a Loop (no early exit).
            let floor = pops_floor(&g);
            for trace in [false, true] {
                let mut solver = Solver::new(&g, trace);
                solver.advance(u64::MAX);
                if let Some(floor) = floor {
                    assert!(
                        solver.work() >= floor,
                        "{name}, n = {n}, trace {trace}: work {} below the {floor} pops and seeds",
                        solver.work()
                    );
                }
                assert!(
                    solver.work() <= g.estimated_work(),
                    "{name}, n = {n}, trace {trace}: work {} above the estimate {}",
                    solver.work(),
                    g.estimated_work()
                );
            }
        }
    }
}

#[test]
fn games_beyond_the_work_budget_are_refused_with_the_estimate() {
    // 3000 steps against 1 on the largest ring: about 6 * 10^10 units.
    let many: Vec<u64> = (1..=3000).collect();
    let err = RingGame::new(MAX_N as u64, &many, &[1]).unwrap_err();
    let want = estimate_work(MAX_N as u64, 3000, 1);
    assert!(want > MAX_WORK);
    assert_eq!(
        err,
        GameError::TooMuchWork {
            n: MAX_N,
            work: want,
            max: MAX_WORK,
            fits: loopy::game::steps_within_budget(MAX_N as u64),
        }
    );
    assert!(
        err.to_string().contains("61.3 billion units of work"),
        "{err}"
    );
    assert!(err.to_string().contains("50.0 billion"), "{err}");
    // The quadratic family of issue 11 at n = 10^6 is within the budget; at 2 * 10^6,
    // four times the work, it is not.
    for (n, ok) in [(1_000_000u64, true), (2_000_000, false)] {
        let s1: Vec<u64> = (1..n).filter(|x| x % 3 == 1).collect();
        let s2: Vec<u64> = (1..n).filter(|x| x % 3 == 2).collect();
        let result = RingGame::new(n, &s1, &s2);
        assert_eq!(result.is_ok(), ok, "n = {n}: {result:?}");
    }
    // A bad step is reported before the work.
    assert_eq!(
        RingGame::new(MAX_N as u64, &[0], &many),
        Err(GameError::StepOutOfRange {
            player: Player::One,
            step: 0,
            n: MAX_N
        })
    );
}

/// The seeds and decided states of `g` by the classic BFS, when each player keeps a Loop
/// state: a floor for the work of any policy (see `Oracle::pops`, too slow at these sizes).
fn pops_floor(g: &RingGame) -> Option<u64> {
    let (classic, _) = solve_classic(g);
    let n = g.n();
    let mut decided = 0u64;
    for p in Player::BOTH {
        let undecided = (1..n)
            .filter(|&i| classic.outcome(p, i) == Outcome::Loop)
            .count() as u64;
        if undecided == 0 {
            return None;
        }
        decided += u64::from(n - 1) - undecided;
    }
    let seeds = (g.steps(Player::One).len() + g.steps(Player::Two).len()) as u64;
    Some(seeds + decided)
}

#[test]
fn work_counts_each_seed_pop_and_edge_examined_as_a_counting_oracle_does() {
    // The plain policy's work, counted independently (Oracle::plain_work): exactly equal
    // where each player keeps a Loop state, never more where a player has none left.
    let plain = [Policy {
        win: WinRule::Steps,
        lose: LoseRule::Counter,
    }; 2];
    let mut rng = Rng(41);
    let mut exact = 0;
    for _ in 0..300 {
        let n = 2 + rng.below(200) as u32;
        let (s1, s2) = (rng.steps(n, 300), rng.steps(n, 300));
        if s1.is_empty() || s2.is_empty() {
            continue;
        }
        let g = game(n, &s1, &s2);
        let oracle = Oracle::new(n, &s1, &s2);
        let mut solver = Solver::with_policy(&g, plain, false);
        solver.advance(u64::MAX);
        if oracle.loops_for_both() {
            assert_eq!(
                solver.work(),
                oracle.plain_work(),
                "n = {n}, s1 = {s1:?}, s2 = {s2:?}"
            );
            exact += 1;
        } else {
            assert!(
                solver.work() <= oracle.plain_work(),
                "n = {n}, s1 = {s1:?}, s2 = {s2:?}"
            );
        }
    }
    assert!(
        exact >= 30,
        "only {exact} games with Loops for both players"
    );
    // The samples: sample 1 has Loops for both; sample 2 decides every state.
    for (n, s1, s2) in [
        (5, vec![3, 2], vec![1, 2, 3]),
        (8, vec![6, 2, 3, 4], vec![3, 6]),
    ] {
        let mut solver = Solver::with_policy(&game(n, &s1, &s2), plain, false);
        solver.advance(u64::MAX);
        let oracle = Oracle::new(n, &s1, &s2);
        assert!(solver.work() <= oracle.plain_work());
        assert!(solver.work() > 0);
    }
}

#[test]
fn tracing_costs_at_most_three_times_the_work_of_the_plain_solve() {
    // Work, not time: the trace must find each doomed state's last Win successor
    // without a pass over all its queued successors (14x the time before).
    for n in [4099, 20_000] {
        for (name, s1, s2) in heavy_games(n) {
            let g = game(n, &s1, &s2);
            let work = |trace| {
                let mut solver = Solver::new(&g, trace);
                solver.advance(u64::MAX);
                solver.work()
            };
            let (plain, traced) = (work(false), work(true));
            // The trace's search is work on top of the plain solve's, never instead of it.
            assert!(
                traced >= plain,
                "{name}, n = {n}: traced {traced} < plain {plain}"
            );
            assert!(
                traced <= 3 * plain,
                "{name}, n = {n}: traced {traced} units, plain {plain}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The advice of a game refused for its work is true (issue 17): every game of that
    /// `n` with at most `fits` steps for each player is within the budget, one more step
    /// each is not (when fewer than all fit), and a smaller ring with the same numbers of
    /// steps never needs more work. ("Fewer steps" alone was wrong: on a ring of 10^6,
    /// 15,000 multiples of 3 each were refused and all 333,333 accepted.)
    #[test]
    fn the_advice_of_a_game_refused_for_its_work_is_true(
        n in 2u64..=MAX_N as u64,
        a in 0.0f64..1.0,
        b in 0.0f64..1.0,
        c in 0.0f64..1.0,
        d in 0.0f64..1.0,
        e in 0.0f64..1.0,
    ) {
        // Step counts spread over every size, from one step to all of them.
        let count = |x: f64| 1 + ((n - 2) as f64 * x * x) as u64;
        let (k1, k2) = (count(a), count(b));
        let work = estimate_work(n, k1, k2);
        let fits = loopy::game::steps_within_budget(n);
        prop_assert!(fits < n);
        let (j1, j2) = ((fits as f64 * c) as u64, (fits as f64 * d) as u64);
        prop_assert!(estimate_work(n, j1, j2) <= MAX_WORK, "n = {n}: {j1} and {j2} steps within {fits}");
        prop_assert!(estimate_work(n, fits, fits) <= MAX_WORK);
        if fits < n - 1 {
            prop_assert!(estimate_work(n, fits + 1, fits + 1) > MAX_WORK, "n = {n}: {fits} is not the most");
        }
        if work > MAX_WORK {
            prop_assert!(k1 > fits || k2 > fits, "n = {n}: {k1} and {k2} steps refused, yet within {fits}");
        }
        let smaller = 2 + ((n - 2) as f64 * e) as u64;
        if k1 < smaller && k2 < smaller {
            prop_assert!(estimate_work(smaller, k1, k2) <= work);
        }
    }
}

#[test]
fn a_game_refused_for_its_work_says_how_many_steps_fit() {
    // Issue 17's case: 15,000 multiples of 3 each on a ring of 10^6 are refused, while
    // all 333,333 are accepted: the advice is a number of steps, not "fewer".
    let n = 1_000_000u64;
    let some: Vec<u64> = (1..=15_000).map(|k| 3 * k).collect();
    let err = RingGame::new(n, &some, &some).unwrap_err();
    let fits = loopy::game::steps_within_budget(n);
    assert!(fits < 15_000, "{fits}");
    assert!(
        err.to_string().ends_with(&format!(
            "use a smaller n, or at most {fits} steps for each player"
        )),
        "{err}"
    );
    let all: Vec<u64> = (1..n).filter(|x| x % 3 == 0).collect();
    assert!(RingGame::new(n, &all, &all).is_ok());
    let within: Vec<u64> = (1..=fits).map(|k| 3 * k).collect();
    assert!(RingGame::new(n, &within, &within).is_ok());
}
