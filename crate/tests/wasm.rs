//! The JS API under Node (wasm-bindgen-test): answers, typed arrays, events, and
//! that bad input throws an `Error` with the core's message and leaves the module usable.
#![cfg(target_arch = "wasm32")]

mod common;

use js_sys::{Array, Error, Reflect, Uint32Array};
use loopy::wasm::{solve, Outcome, Propagation};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn arr(v: &[f64]) -> JsValue {
    v.iter()
        .map(|&x| JsValue::from_f64(x))
        .collect::<Array>()
        .into()
}

fn message(e: wasm_bindgen::JsError) -> String {
    let v: JsValue = e.into();
    let err: Error = v.dyn_into().expect("an Error object");
    err.message().into()
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap()
}

#[wasm_bindgen_test]
fn solve_gives_the_sample_answers() {
    let s = solve(5.0, arr(&[2.0, 3.0]), arr(&[1.0, 2.0, 3.0])).unwrap();
    assert_eq!(s.to_judge_text(), "Lose Win Win Loop\nLoop Win Win Win");
    assert_eq!(s.n(), 5);
    assert_eq!(s.outcomes(1.0).unwrap(), vec![0, 2, 1, 1, 0]);
    assert_eq!(s.outcomes(2.0).unwrap(), vec![0, 0, 1, 1, 1]);
    assert_eq!(s.depths(1.0).unwrap(), vec![0, 2, 1, 1, 0]);
    assert_eq!(s.best_move(1.0, 1.0).unwrap(), 2);
    assert_eq!(s.best_moves(1.0).unwrap(), vec![0, 2, 3, 2, 2]);
    assert_eq!(s.best_moves(2.0).unwrap(), vec![0, 3, 3, 2, 1]); // at 1: +3 to the Loop at 4
    assert_eq!(Outcome::Lose as u8, 2);
    let typed = Uint32Array::from(&[6u32, 2, 3, 4][..]);
    let s = solve(8.0, typed.into(), arr(&[3.0, 6.0])).unwrap();
    assert_eq!(
        s.to_judge_text(),
        "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose"
    );
    assert_eq!(s.to_depth_text(), "3 1 3 1 1 1 5\n6 1 4 6 1 4 2");
}

#[wasm_bindgen_test]
fn bad_input_throws_the_core_message_and_the_next_call_works() {
    let cases: &[(f64, JsValue, JsValue, &str)] = &[
        (1.0, arr(&[1.0]), arr(&[1.0]), "n = 1 is too small"),
        (5.0, arr(&[]), arr(&[1.0]), "player 1 has no steps"),
        (
            5.0,
            arr(&[0.0]),
            arr(&[1.0]),
            "player 1's step 0 is out of range",
        ),
        (
            5.0,
            arr(&[1.0]),
            arr(&[5.0]),
            "player 2's step 5 is out of range",
        ),
        (
            5.0,
            arr(&[2.0, 2.0]),
            arr(&[1.0]),
            "player 1's step 2 is repeated",
        ),
        (2.5, arr(&[1.0]), arr(&[1.0]), "n must be a whole number"),
        (-3.0, arr(&[1.0]), arr(&[1.0]), "n must be a whole number"),
        (5.0, arr(&[1.5]), arr(&[1.0]), "whole number"),
        (5.0, arr(&[f64::NAN]), arr(&[1.0]), "whole number"),
        (
            5.0,
            JsValue::from_str("1,2"),
            arr(&[1.0]),
            "player 1's steps must be an array",
        ),
        (
            5.0,
            JsValue::NULL,
            arr(&[1.0]),
            "player 1's steps must be an array",
        ),
        (20_000_000.0, arr(&[1.0]), arr(&[1.0]), "too large"),
    ];
    for (n, s1, s2, want) in cases {
        let e = solve(*n, s1.clone(), s2.clone()).err().expect("an error");
        let msg = message(e);
        assert!(msg.contains(want), "{msg:?} lacks {want:?}");
        // The module is still usable.
        let ok = solve(5.0, arr(&[2.0, 3.0]), arr(&[1.0, 2.0, 3.0])).unwrap();
        assert_eq!(ok.to_judge_text(), "Lose Win Win Loop\nLoop Win Win Win");
    }
    let s = solve(5.0, arr(&[2.0]), arr(&[1.0])).unwrap();
    assert!(message(s.outcomes(3.0).err().unwrap()).contains("1 or 2"));
    assert!(message(s.best_move(1.0, 0.0).err().unwrap()).contains("pos"));
    assert!(message(s.best_move(1.0, 5.0).err().unwrap()).contains("pos"));
    let e = Propagation::new(5.0, arr(&[2.0]), arr(&[1.0]), Some("fast".into()))
        .err()
        .unwrap();
    assert!(message(e).contains("unknown granularity"));
}

#[wasm_bindgen_test]
fn propagation_hands_out_plain_event_objects_then_undefined() {
    let mut p = Propagation::new(5.0, arr(&[2.0, 3.0]), arr(&[1.0, 2.0, 3.0]), None).unwrap();
    assert_eq!(p.granularity(), "events");
    assert_eq!(p.total_states(), 8);
    let first = p.next().unwrap();
    assert_eq!(get(&first, "kind"), "resolve");
    assert_eq!(get(&first, "player"), 1);
    assert_eq!(get(&first, "pos"), 2);
    assert_eq!(get(&first, "outcome"), "Win");
    assert_eq!(get(&first, "depth"), 1);
    assert_eq!(get(&first, "step"), 3);
    assert_eq!(p.resolved(), 1);
    let mut count = 1;
    while !p.next().unwrap().is_undefined() {
        count += 1;
    }
    assert_eq!(count as f64, p.length());
    assert!(p.done());
    assert!(p.next().unwrap().is_undefined());
    assert_eq!(p.resolved(), 6);
}

#[wasm_bindgen_test]
fn next_batch_packs_four_words_per_event_and_seek_goes_back() {
    let mut p = Propagation::new(
        8.0,
        arr(&[6.0, 2.0, 3.0, 4.0]),
        arr(&[3.0, 6.0]),
        Some("resolutions".into()),
    )
    .unwrap();
    let total = p.length();
    let batch = p.next_batch(1000.0).unwrap();
    assert_eq!(batch.len() as f64, total * 4.0);
    // The last event is done: kind 5, loops 0 (every state resolves in sample 2).
    assert_eq!(&batch[batch.len() - 4..], &[5, 0, 0, 0]);
    let e = p.seek(1.0).unwrap();
    assert_eq!(get(&e, "kind"), "resolve");
    assert_eq!(p.position(), 1.0);
    p.set_granularity("layers".into()).unwrap();
    assert_eq!(p.length(), 7.0); // depths 1..6, then done
    assert!(p.set_granularity("nope".into()).is_err());
    assert_eq!(p.snapshot().len(), 16);
    assert!(p.seek(-1.0).is_err());
}

#[wasm_bindgen_test]
fn wasm_solve_agrees_with_the_classic_bfs_on_random_games() {
    let mut rng = common::Rng(12345);
    for _ in 0..200 {
        let n = 2 + rng.below(300) as u32;
        let d = rng.below(1000);
        let (a, b) = (rng.steps(n, d), rng.steps(n, 1000 - d));
        let as_f64 = |s: &[u32]| s.iter().map(|&x| f64::from(x)).collect::<Vec<_>>();
        let (a, b) = (as_f64(&a), as_f64(&b));
        let s = solve(n as f64, arr(&a), arr(&b)).unwrap();
        let g = loopy::RingGame::new(
            n as u64,
            &a.iter().map(|&v| v as u64).collect::<Vec<_>>(),
            &b.iter().map(|&v| v as u64).collect::<Vec<_>>(),
        )
        .unwrap();
        let (classic, _) = loopy::classic::solve_classic(&g);
        assert_eq!(s.to_judge_text(), classic.to_judge_text());
    }
}

#[wasm_bindgen_test]
fn solver_advances_in_steps_and_hands_out_its_result_once() {
    use loopy::wasm::Solver;
    let mut s = Solver::new(8.0, arr(&[6.0, 2.0, 3.0, 4.0]), arr(&[3.0, 6.0])).unwrap();
    assert_eq!(s.total_states().unwrap(), 14);
    let mut calls = 0;
    while !s.advance(1.0).unwrap() {
        calls += 1;
        assert!(s.resolved().unwrap() <= 14);
    }
    assert!(calls > 1, "a budget of one unit takes several calls");
    assert!(s.done().unwrap());
    let mut p = s.propagation(Some("layers".into())).unwrap();
    assert_eq!(p.length(), 7.0);
    assert!(s.solution().is_err(), "the result is handed out once");
    assert!(s.advance(1.0).is_err());
    let e = p.seek(7.0).unwrap();
    assert_eq!(get(&e, "kind"), "done");
}

#[wasm_bindgen_test]
fn parse_judge_reads_all_games_or_throws_the_judge_message() {
    use loopy::wasm::{max_n, parse_judge};
    let games = parse_judge("2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n").unwrap();
    let games: Array = games.dyn_into().unwrap();
    assert_eq!(games.length(), 2);
    let second = games.get(1);
    assert_eq!(get(&second, "n"), 8);
    let s1: Array = get(&second, "s1").dyn_into().unwrap();
    assert_eq!(
        s1.to_vec(),
        vec![JsValue::from(2), 3.into(), 4.into(), 6.into()]
    );
    let e = parse_judge("1\n5\n2 3\n1 1\n").err().unwrap();
    assert_eq!(
        message(e),
        "game 1, line 3: player 1 declares 2 steps, but its line holds 1"
    );
    assert_eq!(max_n(), loopy::MAX_N);
}

/// The SIMD rescan (`simd128`, only in the wasm build) and every other solver path,
/// forced one policy at a time, against the classic BFS on rings long enough for
/// multi-word scans at every bit offset, and against the fixed-point oracle on the
/// smaller ones.
#[wasm_bindgen_test]
fn every_solver_policy_with_wasm_simd_matches_the_oracle_and_the_classic_bfs() {
    use loopy::solve::{solve_with, Policy};
    let mut rng = common::Rng(777);
    for round in 0..160 {
        let n = 2 + rng.below(if round % 2 == 0 { 150 } else { 600 }) as u32;
        let d1 = [950, 700, 500, 300, 50][round % 5];
        let d2 = [100, 400, 900, 600, 980][(round / 5) % 5];
        let as_u64 = |s: Vec<u32>| s.into_iter().map(u64::from).collect::<Vec<_>>();
        let (a, b) = (as_u64(rng.steps(n, d1)), as_u64(rng.steps(n, d2)));
        let g = loopy::RingGame::new(n as u64, &a, &b).unwrap();
        let (classic, classic_trace) = loopy::classic::solve_classic(&g);
        let oracle = (n <= 150).then(|| common::Oracle::of(&g));
        for policy in Policy::ALL {
            let other = Policy::ALL[round % 6];
            for trace in [false, true] {
                let (s, t) = solve_with(&g, [policy, other], trace);
                assert_eq!(s, classic, "n={n} {policy:?} {other:?} trace={trace}");
                if let Some(oracle) = &oracle {
                    oracle.check(&s);
                }
                if let Some(t) = t {
                    assert_eq!(t, classic_trace, "order, n={n} {policy:?}");
                }
            }
        }
    }
}

#[wasm_bindgen_test]
fn estimate_work_is_the_cores_and_games_above_max_work_are_refused() {
    use loopy::wasm::{estimate_work, max_work, solve};
    let many: Vec<f64> = (1..=3000).map(f64::from).collect();
    let n = loopy::MAX_N as f64;
    let work = estimate_work(n, arr(&many), arr(&[1.0])).unwrap();
    assert_eq!(
        work,
        loopy::estimate_work(loopy::MAX_N as u64, 3000, 1) as f64
    );
    assert_eq!(max_work(), loopy::MAX_WORK as f64);
    assert!(work > max_work());
    let e = message(solve(n, arr(&many), arr(&[1.0])).err().unwrap());
    assert!(e.contains("units of work"), "{e}");
    assert!(estimate_work(-1.0, arr(&[1.0]), arr(&[1.0])).is_err());
    assert!(solve(5.0, arr(&[2.0]), arr(&[1.0])).is_ok());
}
