//! The JS API under Node (wasm-bindgen-test): answers, typed arrays, events, layouts,
//! and that bad input throws an `Error` (a `TypeError` for a wrong type) with the
//! core's message and `field`, and leaves the module usable. They test the whole API (the
//! `graphs` module, as `cargo xtask test` runs them); the page's ring module is a subset
//! of it (without `layout()`, the judge readers and what the page never calls).
#![cfg(all(target_arch = "wasm32", feature = "graphs"))]

mod common;

use js_sys::{Array, Error, Reflect, Uint32Array};
use loopy::wasm::{check_game, layout, solve, Outcome, Propagation, Solver};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn num(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

fn arr(v: &[f64]) -> JsValue {
    v.iter()
        .map(|&x| JsValue::from_f64(x))
        .collect::<Array>()
        .into()
}

fn text(s: &str) -> JsValue {
    JsValue::from_str(s)
}

fn message(e: JsValue) -> String {
    let err: Error = e.dyn_into().expect("an Error object");
    err.message().into()
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap()
}

/// `(message, field, is a TypeError)` of a thrown value.
fn describe(e: JsValue) -> (String, String, bool) {
    let field = get(&e, "field").as_string().unwrap_or_default();
    let is_type = e.is_instance_of::<js_sys::TypeError>();
    (message(e), field, is_type)
}

fn sample_one() -> loopy::wasm::Solution {
    solve(num(5.0), arr(&[2.0, 3.0]), arr(&[1.0, 2.0, 3.0])).unwrap()
}

#[wasm_bindgen_test]
fn solve_gives_the_sample_answers() {
    let s = sample_one();
    assert_eq!(s.to_judge_text(), "Lose Win Win Loop\nLoop Win Win Win");
    assert_eq!(s.n(), 5);
    assert_eq!(s.outcomes(num(1.0)).unwrap(), vec![0, 2, 1, 1, 0]);
    assert_eq!(s.outcomes(num(2.0)).unwrap(), vec![0, 0, 1, 1, 1]);
    assert_eq!(s.depths(num(1.0)).unwrap(), vec![0, 2, 1, 1, 0]);
    assert_eq!(s.best_move(num(1.0), num(1.0)).unwrap(), 2);
    assert_eq!(s.best_moves(num(1.0)).unwrap(), vec![0, 2, 3, 2, 2]);
    assert_eq!(s.best_moves(num(2.0)).unwrap(), vec![0, 3, 3, 2, 1]); // at 1: +3 to the Loop at 4
    let typed = Uint32Array::from(&[6u32, 2, 3, 4][..]);
    let s = solve(num(8.0), typed.into(), arr(&[3.0, 6.0])).unwrap();
    assert_eq!(
        s.to_judge_text(),
        "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose"
    );
    assert_eq!(s.to_depth_text(), "3 1 3 1 1 1 5\n6 1 4 6 1 4 2");
}

/// `JSON.stringify` of a value the API returned.
fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().into()
}

#[wasm_bindgen_test]
fn explain_hands_out_the_cores_facts_and_checks_its_arguments() {
    let s = solve(num(8.0), arr(&[2.0, 3.0, 4.0, 6.0]), arr(&[3.0, 6.0])).unwrap();
    let core = loopy::solve(&common::game(8, &[2, 3, 4, 6], &[3, 6]));
    for p in 1..=2 {
        for pos in 1..8 {
            let facts = loopy::explain::explain_state(&core, p, pos).unwrap();
            let got = s.explain(num(p as f64), num(pos as f64)).unwrap();
            assert_eq!(json(&got), serde_json::to_string(&facts).unwrap());
        }
    }
    // Player 1 at 7 (the spec's worked example): step 4 to 3, player 2 Lose in 4 there.
    let f = s.explain(num(1.0), num(7.0)).unwrap();
    assert_eq!(get(&f, "state"), num(7.0));
    assert_eq!(get(&f, "best"), num(4.0));
    let reason = get(&f, "reason");
    assert_eq!(get(&reason, "kind"), text("moveToLose"));
    assert_eq!(get(&reason, "to"), num(3.0));
    assert_eq!(get(&get(&f, "moves"), "length"), num(4.0));
    for (p, pos, field, type_error) in [
        (num(3.0), num(1.0), "player", false),
        (text("1"), num(1.0), "player", true),
        (num(1.0), num(0.0), "pos", false),
        (num(1.0), num(8.0), "pos", false),
        (num(1.0), num(1.5), "pos", false),
    ] {
        let e = s.explain(p, pos).err().unwrap();
        let (_, f, t) = describe(e);
        assert_eq!((f.as_str(), t), (field, type_error));
    }
    assert_eq!(
        get(&s.explain(num(2.0), num(1.0)).unwrap(), "depth"),
        num(6.0)
    );
}

/// The arrays of a solve as the ring's worker hands them to `RingFacts`.
fn values_of(s: &loopy::wasm::Solution) -> [JsValue; 4] {
    let out = |p: f64| js_sys::Uint8Array::from(&s.outcomes(num(p)).unwrap()[..]).into();
    let dep = |p: f64| Uint32Array::from(&s.depths(num(p)).unwrap()[..]).into();
    [out(1.0), out(2.0), dep(1.0), dep(2.0)]
}

#[wasm_bindgen_test]
fn ring_facts_from_a_solves_arrays_answer_as_its_solution() {
    use loopy::wasm::RingFacts;
    let (s1, s2) = (arr(&[2.0, 3.0, 4.0, 6.0]), arr(&[3.0, 6.0]));
    let s = solve(num(8.0), s1.clone(), s2.clone()).unwrap();
    let [o1, o2, d1, d2] = values_of(&s);
    let f = RingFacts::new(num(8.0), s1.clone(), s2.clone(), o1, o2, d1, d2).unwrap();
    assert_eq!(f.n(), 8);
    assert_eq!(f.to_judge_text(), s.to_judge_text());
    for p in [1.0, 2.0] {
        for pos in 1..8 {
            let pos = num(pos as f64);
            assert_eq!(
                json(&f.explain(num(p), pos.clone()).unwrap()),
                json(&s.explain(num(p), pos.clone()).unwrap())
            );
            assert_eq!(
                f.grades(num(p), pos.clone()).unwrap(),
                s.grades(num(p), pos.clone()).unwrap()
            );
            assert_eq!(
                f.moves(num(p), pos.clone()).unwrap(),
                s.moves(num(p), pos.clone()).unwrap()
            );
            assert_eq!(
                f.best_move(num(p), pos.clone()).unwrap(),
                s.best_move(num(p), pos).unwrap()
            );
        }
    }
    // Bad questions: the same fields as Solution's.
    for (p, pos, field) in [
        (num(3.0), num(1.0), "first"),
        (num(1.0), num(0.0), "pos"),
        (num(1.0), num(8.0), "pos"),
    ] {
        assert_eq!(describe(f.grades(p, pos).err().unwrap()).1, field);
    }
    assert_eq!(
        describe(f.explain(num(1.0), num(0.0)).err().unwrap()).1,
        "pos"
    );
}

#[wasm_bindgen_test]
fn ring_facts_refuse_a_wrong_game_or_values_with_typed_errors() {
    use loopy::wasm::RingFacts;
    let (s1, s2) = (arr(&[2.0, 3.0]), arr(&[1.0, 2.0, 3.0]));
    let s = solve(num(5.0), s1.clone(), s2.clone()).unwrap();
    let good = values_of(&s);
    let make = |n: JsValue, v: [JsValue; 4]| {
        let [o1, o2, d1, d2] = v;
        RingFacts::new(n, s1.clone(), s2.clone(), o1, o2, d1, d2)
    };
    let code = |e: &JsValue| get(e, "code").as_string().unwrap_or_default();
    // A wrong game: the game's own error.
    let e = make(num(1.0), good.clone()).err().unwrap();
    assert_eq!(describe(e).1, "n");
    // An array of another length.
    let mut v = good.clone();
    v[1] = arr(&[0.0, 0.0, 1.0, 1.0]);
    let e = make(num(5.0), v).err().unwrap();
    assert_eq!(
        (code(&e), describe(e).1),
        ("arg.valuesLength".into(), "out2".into())
    );
    // A code no solve gives, a Win at depth 0.
    let mut v = good.clone();
    v[0] = arr(&[0.0, 7.0, 1.0, 1.0, 0.0]);
    let e = make(num(5.0), v).err().unwrap();
    assert_eq!(
        (code(&e), describe(e).1),
        ("arg.notAValue".into(), "out1".into())
    );
    let mut v = good.clone();
    v[3] = arr(&[0.0, 0.0, 0.0, 1.0, 1.0]);
    let e = make(num(5.0), v).err().unwrap();
    assert_eq!(
        (code(&e), describe(e).1),
        ("arg.notAValue".into(), "dep2".into())
    );
    // Not an array: a TypeError; and the module is still usable.
    let mut v = good.clone();
    v[2] = text("0 2 1 1 0");
    assert!(describe(make(num(5.0), v).err().unwrap()).2);
    let f = make(num(5.0), good).unwrap();
    assert_eq!(f.to_judge_text(), "Lose Win Win Loop\nLoop Win Win Win");
}

#[wasm_bindgen_test]
fn the_solution_gives_its_predecessor_table_move_count_and_counts() {
    let s = sample_one();
    assert_eq!(s.move_count(), 20.0); // (5 - 1) · (2 + 3)
    let t = s.predecessor_table().expect("a small game");
    // Player 2 to move at 4 (state 5 + 4): player 1 from 2 (+2) and from 1 (+3).
    assert_eq!(&t[t[9] as usize..t[10] as usize], &[1, 2, 2, 1, 1, 3]);
    assert_eq!(t[10] as usize, t.len());
    let c = s.counts().unwrap();
    let field = |k: &str| get(&c, k).as_f64().unwrap();
    assert_eq!(
        [
            "n",
            "first",
            "last",
            "states",
            "moves",
            "win",
            "lose",
            "loop",
            "decidable"
        ]
        .map(field),
        [5.0, 1.0, 4.0, 8.0, 20.0, 5.0, 1.0, 2.0, 6.0]
    );
}

#[wasm_bindgen_test]
fn ring_events_are_told_with_their_plies_and_the_stepper_its_decidable_states() {
    let mut p = Propagation::new(
        num(8.0),
        arr(&[2.0, 3.0, 4.0, 6.0]),
        arr(&[3.0, 6.0]),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let mut told = 0;
    loop {
        let e = p.next().unwrap();
        if e.is_undefined() {
            break;
        }
        let kind = get(&e, "kind").as_string().unwrap();
        let plies = get(&e, "plies");
        if kind == "resolve" || kind == "pop" {
            let d = get(&e, "depth").as_f64().unwrap();
            assert_eq!(get(&plies, "mover").as_f64(), Some((d / 2.0).ceil()));
            assert_eq!(get(&plies, "opponent").as_f64(), Some((d / 2.0).floor()));
            told += 1;
        } else {
            assert!(plies.is_undefined(), "{kind}");
        }
    }
    assert!(told > 0);
    assert_eq!(p.decidable(), p.resolved());
    let counts = p.solution().counts().unwrap();
    assert_eq!(
        Some(p.decidable() as f64),
        get(&counts, "decidable").as_f64()
    );
}

#[wasm_bindgen_test]
fn ring_facts_give_optimal_play_and_how_it_ends() {
    use loopy::wasm::RingFacts;
    let (s1, s2) = (arr(&[2.0, 3.0]), arr(&[1.0, 2.0, 3.0]));
    let s = solve(num(5.0), s1.clone(), s2.clone()).unwrap();
    let [o1, o2, d1, d2] = values_of(&s);
    let f = RingFacts::new(num(5.0), s1, s2, o1, o2, d1, d2).unwrap();
    // Player 1 at 2 wins at once by +3 onto the hole.
    let line = f.line(num(1.0), num(2.0), JsValue::UNDEFINED).unwrap();
    assert_eq!(
        json(&line),
        r#"{"moves":[{"player":1,"pos":2,"step":3,"to":0}],"end":{"kind":"hole","winner":1}}"#
    );
    // Player 1 at 4 is a Loop: +2 to 1, +3 back to 4, and round again.
    let line = f.line(num(1.0), num(4.0), JsValue::UNDEFINED).unwrap();
    assert_eq!(json(&get(&line, "end")), r#"{"kind":"repeat","at":0}"#);
    let line = f.line(num(1.0), num(4.0), num(1.0)).unwrap();
    assert_eq!(json(&get(&line, "end")), r#"{"kind":"cut"}"#);
    for (p, pos, max, field) in [
        (num(3.0), num(1.0), JsValue::UNDEFINED, "first"),
        (num(1.0), num(0.0), JsValue::UNDEFINED, "pos"),
        (num(1.0), num(1.0), num(-1.0), "max"),
    ] {
        assert_eq!(describe(f.line(p, pos, max).err().unwrap()).1, field);
    }
    // The facts say who wins by the move onto the hole, and how the plies fall.
    let facts = f.explain(num(1.0), num(2.0)).unwrap();
    assert_eq!(json(&get(&facts, "hole")), r#"{"step":3,"winner":1}"#);
    assert_eq!(json(&get(&facts, "plies")), r#"{"mover":1,"opponent":0}"#);
}

#[wasm_bindgen_test]
fn outcome_codes_are_the_cores() {
    use loopy::Outcome as Core;
    for o in [Core::Loop, Core::Win, Core::Lose] {
        assert_eq!(Outcome::from(o) as u8, o as u8, "{o:?}");
    }
    // And the layout the page imports says the same.
    let l = layout().unwrap();
    let outcome = get(&l, "outcome");
    assert_eq!(get(&outcome, "win"), Core::Win as u32);
    assert_eq!(get(&outcome, "lose"), Core::Lose as u32);
    assert_eq!(get(&outcome, "draw"), Core::Loop as u32);
}

#[wasm_bindgen_test]
fn moves_and_predecessors_come_from_the_core() {
    let s = sample_one();
    // Player 1 at 1: step 2 to 3 (player 2 there: Win in 1), step 3 to 4 (Win in 1).
    assert_eq!(
        s.moves(num(1.0), num(1.0)).unwrap(),
        vec![2, 3, Outcome::Win as u32, 1, 3, 4, Outcome::Win as u32, 1]
    );
    // Player 1 at 3: step 2 lands on the hole.
    assert_eq!(&s.moves(num(1.0), num(3.0)).unwrap()[..4], &[2, 0, 0, 0]);
    // Who moves to (player 1, 4)? Player 2 from 3 (+1), 2 (+2), 1 (+3).
    assert_eq!(s.predecessors(num(1.0), num(4.0)).unwrap(), vec![3, 2, 1]);
    assert_eq!(s.predecessors(num(2.0), num(0.0)).unwrap(), vec![3, 2]);
    assert!(s.moves(num(1.0), num(0.0)).is_err());
}

#[wasm_bindgen_test]
fn bad_input_throws_the_core_message_with_its_field_and_the_next_call_works() {
    let cases: &[(JsValue, JsValue, JsValue, &str, &str, bool)] = &[
        (
            num(1.0),
            arr(&[1.0]),
            arr(&[1.0]),
            "n = 1 is too small",
            "n",
            false,
        ),
        (
            num(5.0),
            arr(&[]),
            arr(&[1.0]),
            "player 1 has no steps",
            "s1",
            false,
        ),
        (
            num(5.0),
            arr(&[0.0]),
            arr(&[1.0]),
            "player 1's step 0 is out of range",
            "s1",
            false,
        ),
        (
            num(5.0),
            arr(&[1.0]),
            arr(&[5.0]),
            "player 2's step 5 is out of range",
            "s2",
            false,
        ),
        (
            num(5.0),
            arr(&[2.0, 2.0]),
            arr(&[1.0]),
            "player 1's step 2 is repeated",
            "s1",
            false,
        ),
        (
            num(2.5),
            arr(&[1.0]),
            arr(&[1.0]),
            "n must be a whole number",
            "n",
            false,
        ),
        (
            num(-3.0),
            arr(&[1.0]),
            arr(&[1.0]),
            "n must be a whole number",
            "n",
            false,
        ),
        (
            num(5.0),
            arr(&[1.5]),
            arr(&[1.0]),
            "whole number",
            "s1",
            false,
        ),
        (
            num(5.0),
            arr(&[f64::NAN]),
            arr(&[1.0]),
            "whole number",
            "s1",
            false,
        ),
        (
            num(5.0),
            text("1,2"),
            arr(&[1.0]),
            "player 1's steps must be an array",
            "s1",
            true,
        ),
        (
            num(5.0),
            JsValue::NULL,
            arr(&[1.0]),
            "player 1's steps must be an array",
            "s1",
            true,
        ),
        (
            num(5.0),
            arr(&[1.0]),
            text("3"),
            "player 2's steps must be an array",
            "s2",
            true,
        ),
        (
            num(20_000_000.0),
            arr(&[1.0]),
            arr(&[1.0]),
            "too large",
            "n",
            false,
        ),
        (
            num(2f64.powi(64)),
            arr(&[1.0]),
            arr(&[1.0]),
            "n = 18446744073709552000 is too large",
            "n",
            false,
        ),
        (
            text("8"),
            arr(&[1.0]),
            arr(&[1.0]),
            "n must be a number, not string",
            "n",
            true,
        ),
        (
            JsValue::NULL,
            arr(&[1.0]),
            arr(&[1.0]),
            "n must be a number, not null",
            "n",
            true,
        ),
        (
            JsValue::TRUE,
            arr(&[1.0]),
            arr(&[1.0]),
            "n must be a number, not boolean",
            "n",
            true,
        ),
    ];
    for (n, s1, s2, want, field, type_error) in cases {
        let e = solve(n.clone(), s1.clone(), s2.clone())
            .err()
            .expect("an error");
        // Each error carries its stable code and its params (an object), for the page's
        // words in the reader's language.
        let code = get(&e, "code").as_string().unwrap_or_default();
        let (area, name) = code.split_once('.').unwrap_or_default();
        assert!(
            ["game", "arg"].contains(&area) && !name.is_empty(),
            "{code:?}"
        );
        assert!(get(&e, "params").is_object(), "{code}");
        let (msg, f, t) = describe(e);
        assert!(msg.contains(want), "{msg:?} lacks {want:?}");
        assert_eq!((f.as_str(), t), (*field, *type_error), "{msg}");
        // The module is still usable.
        assert_eq!(
            sample_one().to_judge_text(),
            "Lose Win Win Loop\nLoop Win Win Win"
        );
    }
    let s = sample_one();
    assert_eq!(describe(s.outcomes(num(3.0)).err().unwrap()).1, "first");
    assert!(
        describe(s.outcomes(text("1")).err().unwrap()).2,
        "a TypeError"
    );
    assert_eq!(
        describe(s.best_move(num(1.0), num(0.0)).err().unwrap()).1,
        "pos"
    );
    assert_eq!(
        describe(s.best_move(num(1.0), num(5.0)).err().unwrap()).1,
        "pos"
    );
    let e = Propagation::new(num(5.0), arr(&[2.0]), arr(&[1.0]), text("fast"))
        .err()
        .unwrap();
    let (msg, field, _) = describe(e);
    assert!(msg.contains("unknown granularity"));
    assert_eq!(field, "granularity");
    let e = Propagation::new(num(5.0), arr(&[2.0]), arr(&[1.0]), num(5.0))
        .err()
        .unwrap();
    assert!(describe(e).2, "a non-string granularity is a TypeError");
}

#[wasm_bindgen_test]
fn propagation_hands_out_plain_event_objects_then_undefined() {
    let mut p = Propagation::new(
        num(5.0),
        arr(&[2.0, 3.0]),
        arr(&[1.0, 2.0, 3.0]),
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(p.granularity(), "events");
    assert_eq!(p.total_states(), 8);
    assert!(p.last_event().unwrap().is_undefined());
    let first = p.next().unwrap();
    assert_eq!(get(&first, "kind"), "resolve");
    assert_eq!(get(&first, "player"), 1);
    assert_eq!(get(&first, "pos"), 2);
    assert_eq!(get(&first, "outcome"), "Win");
    assert_eq!(get(&first, "depth"), 1);
    assert_eq!(get(&first, "step"), 3);
    assert_eq!(get(&p.last_event().unwrap(), "pos"), 2);
    assert_eq!(p.resolved(), 1);
    let mut count = 1;
    while !p.next().unwrap().is_undefined() {
        count += 1;
    }
    assert_eq!(count as f64, p.length());
    assert!(p.done());
    assert!(p.next().unwrap().is_undefined());
    assert_eq!(get(&p.last_event().unwrap(), "kind"), "done");
    assert_eq!(p.resolved(), 6);
}

#[wasm_bindgen_test]
fn next_batch_packs_four_words_per_event_and_seek_clamps() {
    let mut p = Propagation::new(
        num(8.0),
        arr(&[6.0, 2.0, 3.0, 4.0]),
        arr(&[3.0, 6.0]),
        text("resolutions"),
    )
    .unwrap();
    let total = p.length();
    let batch = p.next_batch(num(1000.0)).unwrap();
    assert_eq!(batch.len() as f64, total * 4.0);
    // The last event is done: kind 5, loops 0 (every state resolves in sample 2).
    assert_eq!(&batch[batch.len() - 4..], &[5, 0, 0, 0]);
    let e = p.seek(num(1.0)).unwrap();
    assert_eq!(get(&e, "kind"), "resolve");
    assert_eq!(p.position(), 1.0);
    p.set_granularity(text("layers")).unwrap();
    assert_eq!(p.length(), 7.0); // depths 1..6, then done
    assert!(p.set_granularity(text("nope")).is_err());
    assert!(describe(p.set_granularity(num(7.0)).err().unwrap()).2);
    assert_eq!(p.snapshot().len(), 16);
    assert!(p.seek(num(-1.0)).is_err());
    assert!(describe(p.seek(text("3")).err().unwrap()).2);
    // Past the end, however far, is the end.
    for far in [1e20, f64::INFINITY, 2f64.powi(64), 8.0] {
        let e = p.seek(num(far)).unwrap();
        assert_eq!(get(&e, "kind"), "done", "seek({far})");
        assert_eq!(p.position(), 7.0);
    }
    assert!(p.next_batch(num(f64::INFINITY)).unwrap().is_empty());
}

#[wasm_bindgen_test]
fn changes_report_what_a_snapshot_would() {
    let mut p = Propagation::new(
        num(8.0),
        arr(&[6.0, 2.0, 3.0, 4.0]),
        arr(&[3.0, 6.0]),
        JsValue::UNDEFINED,
    )
    .unwrap();
    // Nothing seen yet: more than 15 states differ, then all 16.
    assert!(p.changes(num(15.0)).unwrap().is_none());
    let mut copy = vec![0u32; 16];
    for pair in p.changes(num(16.0)).unwrap().unwrap().chunks(2) {
        copy[pair[0] as usize] = pair[1];
    }
    for _ in 0..40 {
        p.next().unwrap();
        let pairs = p.changes(num(f64::INFINITY)).unwrap().unwrap();
        for pair in pairs.chunks(2) {
            copy[pair[0] as usize] = pair[1];
        }
        assert_eq!(copy, p.snapshot());
    }
    p.seek(num(0.0)).unwrap();
    assert!(
        p.changes(num(0.0)).unwrap().is_none(),
        "a rebuild changed some"
    );
    copy = p.snapshot();
    assert_eq!(p.changes(num(0.0)).unwrap(), Some(vec![]));
    assert_eq!(copy.len(), 16);
}

#[wasm_bindgen_test]
fn wasm_solve_agrees_with_the_classic_bfs_on_random_games() {
    let mut rng = common::Rng(12345);
    for _ in 0..200 {
        let n = 2 + rng.below(300) as u32;
        let d = rng.below(1000);
        let (a, b) = (rng.steps(n, d), rng.steps(n, 1000 - d));
        let as_f64 = |s: &[u32]| s.iter().map(|&x| f64::from(x)).collect::<Vec<_>>();
        let s = solve(num(n as f64), arr(&as_f64(&a)), arr(&as_f64(&b))).unwrap();
        let (classic, _) = loopy::classic::solve_classic(&common::game(n, &a, &b));
        assert_eq!(s.to_judge_text(), classic.to_judge_text());
    }
}

#[wasm_bindgen_test]
fn solver_advances_in_steps_and_hands_out_its_result_once() {
    let mut s = Solver::new(num(8.0), arr(&[6.0, 2.0, 3.0, 4.0]), arr(&[3.0, 6.0])).unwrap();
    assert_eq!(s.total_states().unwrap(), 14);
    let mut calls = 0;
    while !s.advance(num(1.0)).unwrap() {
        calls += 1;
        assert!(s.resolved().unwrap() <= 14);
    }
    assert!(calls > 1, "a budget of one unit takes several calls");
    assert!(s.done().unwrap());
    let mut p = s.propagation(text("layers")).unwrap();
    assert_eq!(p.length(), 7.0);
    assert!(s.solution().is_err(), "the result is handed out once");
    assert!(s.advance(num(1.0)).is_err());
    let e = p.seek(num(7.0)).unwrap();
    assert_eq!(get(&e, "kind"), "done");
}

#[wasm_bindgen_test]
#[cfg(feature = "graphs")]
fn parse_judge_reads_all_games_or_throws_the_judge_message_with_its_line() {
    use loopy::wasm::{max_n, parse_judge};
    let games = parse_judge(text("2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n")).unwrap();
    let games: Array = games.dyn_into().unwrap();
    assert_eq!(games.length(), 2);
    let second = games.get(1);
    assert_eq!(get(&second, "n"), 8);
    let s1: Array = get(&second, "s1").dyn_into().unwrap();
    assert_eq!(
        s1.to_vec(),
        vec![JsValue::from(2), 3.into(), 4.into(), 6.into()]
    );
    let e = parse_judge(text("1\n5\n2 3\n1 1\n")).err().unwrap();
    assert_eq!(get(&e, "line"), 3);
    let (msg, field, _) = describe(e);
    assert_eq!(
        msg,
        "game 1, line 3: player 1's step count is 2, but its line holds 1"
    );
    assert_eq!(field, "text");
    assert!(describe(parse_judge(num(123.0)).err().unwrap()).2);
    assert_eq!(max_n(), loopy::MAX_N);
}

#[wasm_bindgen_test]
fn layout_gives_the_cores_constants() {
    use loopy::propagation::{kind, snapshot, MAX_BATCH, PACKED_WORDS};
    let l = layout().unwrap();
    assert_eq!(get(&l, "packedWords"), PACKED_WORDS as u32);
    assert_eq!(get(&get(&l, "kind"), "layer"), kind::LAYER);
    let snap = get(&l, "snapshot");
    assert_eq!(get(&snap, "queued"), snapshot::QUEUED);
    assert_eq!(get(&snap, "current"), snapshot::CURRENT);
    assert_eq!(get(&snap, "shift"), snapshot::SHIFT);
    assert_eq!(get(&snap, "loop"), snapshot::LOOP);
    assert_eq!(get(&l, "maxN"), loopy::MAX_N);
    assert_eq!(get(&l, "maxBatch"), MAX_BATCH as u32);
    assert_eq!(
        get(&get(&l, "graph"), "grundyInfinite"),
        loopy::grundy::INFINITE
    );
    let names: Array = get(&l, "granularities").dyn_into().unwrap();
    assert_eq!(names.length(), 3);
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

/// The graph bindings, in the module built with the `graphs` feature.
#[cfg(feature = "graphs")]
mod graphs {
    use super::*;
    use js_sys::Object;
    use loopy::wasm::{graph_answer, parse_graph, solve_graph, GraphBuilder, GraphPropagation};

    /// The spec's sample graph with goal 6.
    fn sample_graph() -> loopy::wasm::GraphSolution {
        let options: JsValue = Object::new().into();
        Reflect::set(&options, &"goal".into(), &num(6.0)).unwrap();
        solve_graph(
            num(8.0),
            arr(&[1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 2.0, 7.0, 8.0]),
            Uint32Array::from(&[2u32, 3, 1, 4, 5, 6, 6, 8, 7][..]).into(),
            options,
        )
        .unwrap()
    }

    #[wasm_bindgen_test]
    fn solve_graph_gives_values_depths_moves_and_grundy_values() {
        let mut s = sample_graph();
        assert_eq!(s.n(), 8);
        assert_eq!(s.goal(), Some(6));
        let (w, l, d) = (Outcome::Win as u8, Outcome::Lose as u8, Outcome::Loop as u8);
        assert_eq!(s.outcomes(), vec![d, l, w, w, l, w, l, d, d]);
        assert_eq!(s.depths(), vec![0, 2, 1, 3, 2, 1, 0, 0, 0]);
        assert_eq!(s.best_moves(), vec![0, 2, 6, 1, 5, 6, 0, 8, 7]);
        assert_eq!(s.best_move(num(3.0)).unwrap(), 1);
        let all = JsValue::UNDEFINED;
        assert_eq!(
            s.moves(num(3.0), all.clone()).unwrap(),
            vec![1, 2, 2, 0, 4, 2, 2, 0]
        );
        assert_eq!(s.predecessors(num(6.0), all.clone()).unwrap(), vec![2, 5]);
        assert_eq!(s.successors(num(3.0), all.clone()).unwrap(), vec![1, 4]);
        // At most `max` of them (a vertex may have millions).
        assert_eq!(s.moves(num(3.0), num(1.0)).unwrap(), vec![1, 2, 2, 0]);
        assert_eq!(s.predecessors(num(6.0), num(1.0)).unwrap(), vec![2]);
        assert_eq!(s.successors(num(3.0), num(1.0)).unwrap(), vec![1]);
        assert_eq!(s.successors(num(3.0), num(0.0)).unwrap(), Vec::<u32>::new());
        assert_eq!(
            describe(s.moves(num(3.0), num(-1.0)).err().unwrap()).1,
            "max"
        );
        assert_eq!(s.optimal_set(num(3.0)).unwrap(), vec![1, 2, 3, 4, 5, 6]);
        let inf = loopy::grundy::INFINITE;
        assert_eq!(s.grundy(), vec![0, 0, 2, 1, 0, 1, 0, inf, inf]);
        assert_eq!(s.grundy_infinite(num(7.0)).unwrap(), Some(vec![]));
        assert_eq!(s.grundy_infinite(num(2.0)).unwrap(), None);
        // In steps of one unit (a cancel could come between any two): the same values,
        // and a bad budget is a typed error.
        let mut t = sample_graph();
        let mut calls = 0;
        while !t.grundy_advance(num(0.0)).unwrap() {
            calls += 1;
            assert!(calls < 100, "the values in steps never end");
        }
        assert!(calls > 1, "a cyclic graph's values take more than one step");
        assert_eq!(t.grundy(), s.grundy());
        assert!(
            t.grundy_advance(num(1.0)).unwrap(),
            "known values answer at once"
        );
        assert_eq!(
            describe(t.grundy_advance(num(-1.0)).err().unwrap()).1,
            "budget"
        );
        let e = s.optimal_set(num(9.0)).err().unwrap();
        assert_eq!(describe(e).1, "start");
        assert_eq!(describe(s.moves(num(0.0), all).err().unwrap()).1, "v");
    }

    #[wasm_bindgen_test]
    fn graph_explain_gives_the_sg_and_optimal_set_facts() {
        // The spec's example 1 <-> 2, 3 -> 1, 3 -> 4: γ(3) = ∞({0}), a Win.
        let mut s = solve_graph(
            num(4.0),
            arr(&[1.0, 2.0, 3.0, 3.0]),
            arr(&[2.0, 1.0, 1.0, 4.0]),
            JsValue::UNDEFINED,
        )
        .unwrap();
        let f = s.explain(num(3.0), num(3.0), JsValue::TRUE).unwrap();
        assert_eq!(
            json(&get(&f, "grundy")),
            r#"{"kind":"infinite","k":[0],"kCount":1,"mex":1,"infinite":[1],"infiniteCount":1,"unanswered":[1],"unansweredCount":1,"verdict":"Win"}"#
        );
        assert_eq!(json(&get(&f, "optimal")), r#"{"kind":"start","start":3}"#);
        let f = s.explain(num(1.0), num(3.0), JsValue::UNDEFINED).unwrap();
        assert_eq!(get(&f, "grundy"), JsValue::UNDEFINED);
        assert_eq!(
            json(&get(&f, "optimal")),
            r#"{"kind":"out","start":3,"refused":[3],"refusedCount":1}"#
        );
        let f = s
            .explain(num(4.0), JsValue::UNDEFINED, JsValue::UNDEFINED)
            .unwrap();
        assert_eq!(json(&get(&f, "reason")), r#"{"kind":"deadEnd"}"#);
        assert_eq!(get(&f, "optimal"), JsValue::UNDEFINED);
        for (v, start, grundy, field) in [
            (num(0.0), JsValue::UNDEFINED, JsValue::UNDEFINED, "v"),
            (num(5.0), JsValue::UNDEFINED, JsValue::UNDEFINED, "v"),
            (num(1.0), num(9.0), JsValue::UNDEFINED, "start"),
            (num(1.0), JsValue::UNDEFINED, num(1.0), "grundy"),
        ] {
            assert_eq!(
                describe(s.explain(v, start, grundy).err().unwrap()).1,
                field
            );
        }
        // The spec's goal sample: every vertex as the core says.
        let mut s = sample_graph();
        let e = common::graph::Edges {
            n: 8,
            from: vec![1, 2, 3, 3, 4, 5, 2, 7, 8],
            to: vec![2, 3, 1, 4, 5, 6, 6, 8, 7],
            goal: Some(6),
        };
        let g = e.graph();
        let values = loopy::grundy::grundy(&g);
        let core = loopy::solve_graph(g);
        for v in 1..=8 {
            let facts =
                loopy::explain::graph::explain_vertex(&core, Some(&values), Some(3), v).unwrap();
            let got = s.explain(num(v as f64), num(3.0), JsValue::TRUE).unwrap();
            assert_eq!(json(&got), serde_json::to_string(&facts).unwrap());
        }
    }

    #[wasm_bindgen_test]
    fn bad_graphs_throw_with_their_field_and_the_next_call_works() {
        let good = |goal: JsValue| {
            let o: JsValue = Object::new().into();
            Reflect::set(&o, &"goal".into(), &goal).unwrap();
            o
        };
        let cases: Vec<(JsValue, JsValue, JsValue, JsValue, &str)> = vec![
            (num(0.0), arr(&[]), arr(&[]), JsValue::UNDEFINED, "n"),
            (
                num(3.0),
                arr(&[1.0, 4.0]),
                arr(&[2.0, 3.0]),
                JsValue::UNDEFINED,
                "from",
            ),
            (num(3.0), arr(&[1.0]), arr(&[0.0]), JsValue::UNDEFINED, "to"),
            (
                num(3.0),
                arr(&[1.0, 2.0]),
                arr(&[2.0]),
                JsValue::UNDEFINED,
                "to",
            ),
            (num(3.0), arr(&[1.0]), arr(&[2.0]), good(num(4.0)), "goal"),
            (num(3.0), arr(&[1.0]), arr(&[2.0]), good(text("1")), "goal"),
            (num(3.0), arr(&[1.0]), arr(&[2.0]), num(1.0), "options"),
            (
                num(3.0),
                text("1 2"),
                arr(&[2.0]),
                JsValue::UNDEFINED,
                "from",
            ),
            (num(1e9), arr(&[]), arr(&[]), JsValue::UNDEFINED, "n"),
        ];
        for (n, from, to, options, field) in cases {
            let args = (n.clone(), from.clone(), to.clone(), options.clone());
            let e = solve_graph(n, from, to, options).err().expect("an error");
            let code = get(&e, "code").as_string();
            let want = describe(e);
            assert_eq!(want.1, field, "{}", want.0);
            assert_eq!(sample_graph().n(), 8, "still usable");
            // Built in steps of one unit, its edges pushed in chunks of any size: the same
            // error (message, field, kind and code), from the constructor, a `push`, an
            // `advance` or `solver()`.
            for chunk in [1, 2, 1000] {
                let e = built_in_steps(args.clone(), chunk).err().expect("an error");
                assert_eq!(
                    get(&e, "code").as_string(),
                    code,
                    "{} chunk {chunk}",
                    want.0
                );
                assert_eq!(describe(e), want, "chunk {chunk}");
            }
        }
    }

    /// `value` cut into chunks of `size` entries (an `Array` by `slice`, a `Uint32Array`
    /// by `subarray`), each array to its own end; anything else whole, as one chunk.
    fn pieces(value: &JsValue, size: u32) -> Vec<JsValue> {
        let (len, cut): (u32, Box<dyn Fn(u32, u32) -> JsValue>) =
            if let Some(a) = value.dyn_ref::<Array>() {
                let a = a.clone();
                (a.length(), Box::new(move |s, e| a.slice(s, e).into()))
            } else if let Some(a) = value.dyn_ref::<Uint32Array>() {
                let a = a.clone();
                (a.length(), Box::new(move |s, e| a.subarray(s, e).into()))
            } else {
                return vec![value.clone()];
            };
        (0..len.div_ceil(size).max(1))
            .map(|k| cut(k * size, ((k + 1) * size).min(len)))
            .collect()
    }

    /// The graph `(n, from, to, options)` begun by a `GraphBuilder` (with `m` the length
    /// of `from`), its edges pushed `chunk` at a time, built one unit of work at a time,
    /// then solved: its solution.
    fn built_in_steps(
        (n, from, to, options): (JsValue, JsValue, JsValue, JsValue),
        chunk: u32,
    ) -> Result<loopy::wasm::GraphSolution, JsValue> {
        let m = if from.is_object() {
            get(&from, "length").as_f64().unwrap_or(0.0)
        } else {
            0.0
        };
        let mut b = GraphBuilder::new(n, num(m), options)?;
        let (fs, ts) = (pieces(&from, chunk), pieces(&to, chunk));
        for k in 0..fs.len().max(ts.len()) {
            let empty = || -> JsValue { Array::new().into() };
            b.push(
                fs.get(k).cloned().unwrap_or_else(empty),
                ts.get(k).cloned().unwrap_or_else(empty),
            )?;
        }
        let mut calls = 0;
        while !b.advance(num(1.0))? {
            calls += 1;
            assert!(calls < 1000, "the build never ends");
        }
        let mut solver = b.solver()?;
        assert!(b.solver().is_err(), "a builder hands out its graph once");
        while !solver.advance(num(1.0))? {}
        Ok(solver.propagation(JsValue::UNDEFINED)?.solution())
    }

    /// `push` takes at most `pushMax` entries an array (2^20), a chunk that is not an
    /// array of numbers is the argument's error, and totals that are not `m` are the
    /// graph's: `from` against `m` (`graph.edgeCount`), `to` against `from`
    /// (`graph.lengthMismatch`, as in one call).
    #[wasm_bindgen_test]
    fn graph_builder_push_takes_bounded_chunks_and_checks_the_totals() {
        let mut b = GraphBuilder::new(num(3.0), num(2.0), JsValue::UNDEFINED).unwrap();
        assert_eq!(b.push_max(), 1 << 20);
        let long: JsValue = Uint32Array::new_with_length((1 << 20) + 1).into();
        let e = b.push(long, Array::new().into()).err().unwrap();
        assert_eq!(get(&e, "code"), "arg.tooLong");
        assert_eq!(describe(e).1, "from");
        let e = b.push(arr(&[1.0]), text("2")).err().unwrap();
        assert_eq!(
            (get(&e, "code"), describe(e).2),
            ("arg.notAnArray".into(), true)
        );
        // Nothing of a refused push was kept: 1 -> 2, then 2 -> 3.
        b.push(arr(&[1.0]), arr(&[2.0])).unwrap();
        b.push(arr(&[2.0]), arr(&[3.0])).unwrap();
        let mut s = b.solver().unwrap();
        while !s.advance(num(5.0)).unwrap() {}
        let sol = s.propagation(JsValue::UNDEFINED).unwrap().solution();
        assert_eq!(sol.best_moves(), vec![0, 2, 3, 0]);
        for (m, from, to, code, field) in [
            (
                3.0,
                arr(&[1.0, 2.0]),
                arr(&[2.0, 3.0]),
                "graph.edgeCount",
                "from",
            ),
            (
                1.0,
                arr(&[1.0, 2.0]),
                arr(&[2.0, 3.0]),
                "graph.edgeCount",
                "from",
            ),
            (
                2.0,
                arr(&[1.0, 2.0]),
                arr(&[2.0]),
                "graph.lengthMismatch",
                "to",
            ),
        ] {
            let mut b = GraphBuilder::new(num(3.0), num(m), JsValue::UNDEFINED).unwrap();
            b.push(from, to).unwrap();
            let e = b.advance(num(1e6)).err().unwrap();
            assert_eq!(get(&e, "code"), code);
            assert_eq!(describe(e).1, field);
            assert_eq!(
                get(&b.advance(num(1.0)).err().unwrap(), "code"),
                code,
                "again"
            );
        }
        let e = GraphBuilder::new(num(3.0), num(1e9), JsValue::UNDEFINED)
            .err()
            .unwrap();
        assert_eq!(
            (get(&e, "code"), describe(e).1),
            ("graph.tooLarge".into(), "n".into())
        );
    }

    #[wasm_bindgen_test]
    fn a_graph_built_in_steps_solves_as_solve_graph() {
        let options: JsValue = Object::new().into();
        Reflect::set(&options, &"goal".into(), &num(6.0)).unwrap();
        let from = arr(&[1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 2.0, 7.0, 8.0]);
        let to: JsValue = Uint32Array::from(&[2u32, 3, 1, 4, 5, 6, 6, 8, 7][..]).into();
        let s = built_in_steps((num(8.0), from, to, options), 2).unwrap();
        let want = sample_graph();
        assert_eq!(s.goal(), Some(6));
        assert_eq!(s.outcomes(), want.outcomes());
        assert_eq!(s.depths(), want.depths());
        assert_eq!(s.best_moves(), want.best_moves());
    }

    #[wasm_bindgen_test]
    fn graph_propagation_tells_the_same_events_without_a_player() {
        let options: JsValue = Object::new().into();
        Reflect::set(&options, &"goal".into(), &num(6.0)).unwrap();
        let mut p = GraphPropagation::new(
            num(8.0),
            arr(&[1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 2.0, 7.0, 8.0]),
            arr(&[2.0, 3.0, 1.0, 4.0, 5.0, 6.0, 6.0, 8.0, 7.0]),
            options,
            JsValue::UNDEFINED,
        )
        .unwrap();
        assert_eq!(p.total_states(), 8);
        let first = p.next().unwrap();
        assert_eq!(get(&first, "kind"), "resolve");
        assert!(get(&first, "player").is_undefined(), "no player on a graph");
        assert_eq!(get(&first, "pos"), 6);
        assert_eq!(get(&first, "outcome"), "Lose");
        assert_eq!(get(&first, "depth"), 0);
        let layer = p.next().unwrap();
        assert_eq!(
            (get(&layer, "kind"), get(&layer, "depth")),
            ("layer".into(), 0.into())
        );
        let rest = p.next_batch(num(1000.0)).unwrap();
        assert_eq!(rest.len() as f64 / 4.0 + 2.0, p.length());
        assert_eq!(&rest[rest.len() - 4..], &[5, 2, 0, 0]); // done, 2 draws
        assert_eq!(get(&p.last_event().unwrap(), "kind"), "done");
        assert_eq!(p.snapshot().len(), 9);
        assert_eq!(p.solution().outcomes(), sample_graph().outcomes());
    }

    #[wasm_bindgen_test]
    fn random_graph_draws_a_links_graph_or_refuses_its_size() {
        use loopy::wasm::random_graph;
        let g = random_graph(num(10.0), num(7.0)).unwrap();
        // As the pages' own xorshift drew it (graph/random.rs holds more cases): the 20
        // tails, then the 20 heads.
        assert_eq!(
            g[..20],
            [1, 10, 7, 1, 4, 9, 5, 4, 8, 5, 2, 10, 1, 4, 3, 3, 9, 2, 9, 8]
        );
        assert_eq!(
            g[20..],
            [2, 8, 5, 2, 1, 2, 6, 9, 9, 4, 6, 8, 6, 7, 5, 7, 9, 10, 7, 5]
        );
        let code = |e: &JsValue| get(e, "code").as_string().unwrap_or_default();
        let e = random_graph(num(0.0), num(1.0)).err().unwrap();
        assert_eq!(
            (code(&e), describe(e).1),
            ("graph.noVertices".into(), "random".into())
        );
        let e = random_graph(num(1e15), num(1.0)).err().unwrap();
        assert_eq!(
            (code(&e), describe(e).1),
            ("graph.tooLarge".into(), "random".into())
        );
        assert_eq!(
            describe(random_graph(num(5.0), num(-1.0)).err().unwrap()).1,
            "seed"
        );
        assert!(describe(random_graph(text("5"), num(1.0)).err().unwrap()).2);
    }

    #[wasm_bindgen_test]
    fn graph_solution_counts_its_values_and_names_its_dead_ends() {
        let options: JsValue = Object::new().into();
        Reflect::set(&options, &"goal".into(), &num(6.0)).unwrap();
        // The spec's sample with goal 6, and a vertex 9 without moves.
        let mut s = solve_graph(
            num(9.0),
            arr(&[1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 2.0, 7.0, 8.0]),
            arr(&[2.0, 3.0, 1.0, 4.0, 5.0, 6.0, 6.0, 8.0, 7.0]),
            options,
        )
        .unwrap();
        assert_eq!(s.dead_ends(), vec![9]);
        let c = s.counts().unwrap();
        assert_eq!(json(&c), r#"{"win":3,"lose":4,"draw":2,"deadEnds":1}"#);
        let values = s.grundy();
        let tally = s.grundy_counts();
        assert_eq!(tally.chunks(2).map(|p| p[1]).sum::<u32>(), 9);
        assert!(tally
            .chunks(2)
            .zip(tally.chunks(2).skip(1))
            .all(|(a, b)| a[0] < b[0]));
        for pair in tally.chunks(2) {
            let k = values[1..].iter().filter(|&&x| x == pair[0]).count();
            assert_eq!(k as u32, pair[1], "{pair:?}");
        }
    }

    #[wasm_bindgen_test]
    fn a_graphs_seed_events_say_the_goal_or_a_dead_end() {
        let options: JsValue = Object::new().into();
        Reflect::set(&options, &"goal".into(), &num(6.0)).unwrap();
        let mut p = GraphPropagation::new(
            num(9.0),
            arr(&[1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 2.0, 7.0, 8.0]),
            arr(&[2.0, 3.0, 1.0, 4.0, 5.0, 6.0, 6.0, 8.0, 7.0]),
            options,
            JsValue::UNDEFINED,
        )
        .unwrap();
        let (goal, dead) = (p.next().unwrap(), p.next().unwrap());
        assert_eq!(
            (get(&goal, "pos"), get(&goal, "end")),
            (6.into(), "goal".into())
        );
        assert_eq!(
            (get(&dead, "pos"), get(&dead, "end")),
            (9.into(), "deadEnd".into())
        );
        assert!(get(&goal, "plies").is_undefined());
        let later = p.next().unwrap();
        assert_eq!(get(&later, "kind"), "layer");
        assert!(get(&later, "end").is_undefined());
    }

    #[wasm_bindgen_test]
    fn parse_graph_reads_every_format_or_names_the_line() {
        let goal = parse_graph(
            text("8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n"),
            JsValue::UNDEFINED,
        )
        .unwrap();
        let goal: Array = goal.dyn_into().unwrap();
        let g = goal.get(0);
        assert_eq!(get(&g, "format"), "goal");
        let starts: Uint32Array = get(&g, "queryStarts").dyn_into().unwrap();
        let goals: Uint32Array = get(&g, "queryGoals").dyn_into().unwrap();
        assert_eq!(starts.to_vec(), vec![1, 3, 7, 4]);
        assert_eq!(goals.to_vec(), vec![6, 5, 6, 1]);
        let dag: Array = parse_graph(text("2 1 0\n2 1\n2 1 1\n1 2\n"), JsValue::UNDEFINED)
            .unwrap()
            .dyn_into()
            .unwrap();
        assert_eq!(dag.length(), 2);
        assert_eq!(get(&dag.get(0), "heroFirst"), false);
        let from: Uint32Array = get(&dag.get(0), "from").dyn_into().unwrap();
        assert_eq!(
            from.to_vec(),
            vec![1],
            "the move goes from the smaller vertex"
        );
        let edges = parse_graph(
            text("# a triangle\n1 2\n2 3\n3 1 # back\ngoal 3\nstart 1\n"),
            JsValue::UNDEFINED,
        )
        .unwrap();
        let e = Array::from(&edges).get(0);
        assert_eq!(get(&e, "format"), "edges");
        assert_eq!(
            (get(&e, "n"), get(&e, "goal"), get(&e, "start")),
            (3.into(), 3.into(), 1.into())
        );
        let err = parse_graph(text("1 2\n2 x\n"), JsValue::UNDEFINED)
            .err()
            .unwrap();
        assert_eq!(get(&err, "line"), 2);
        assert_eq!(describe(err).1, "text");
        let err = parse_graph(text("1 2\n"), text("xml")).err().unwrap();
        assert_eq!(describe(err).1, "format");
        assert!(describe(parse_graph(num(1.0), JsValue::UNDEFINED).err().unwrap()).2);
    }

    #[wasm_bindgen_test]
    fn graph_answer_prints_the_spec_samples_answers_and_optimal_moves_their_paths() {
        // The spec's own sample outputs (docs/formats.md).
        let goal = "8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n";
        assert_eq!(
            graph_answer(text(goal), text("goal")).unwrap(),
            "-1\n1\n0\n-1\n"
        );
        let dag = "5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n";
        assert_eq!(
            graph_answer(text(dag), text("dag")).unwrap(),
            "1\n1 2 4 5\n"
        );
        let sol = solve_graph(
            num(5.0),
            arr(&[1.0, 1.0, 2.0, 4.0, 3.0]),
            arr(&[2.0, 3.0, 4.0, 5.0, 5.0]),
            JsValue::UNDEFINED,
        )
        .unwrap();
        assert_eq!(sol.optimal_moves(num(1.0)).unwrap(), vec![1, 2, 2, 4, 4, 5]);
        assert_eq!(
            describe(sol.optimal_moves(num(6.0)).err().unwrap()).1,
            "start"
        );
        let err = graph_answer(text("5 5 1\n1 2\n1 9\n"), text("dag"))
            .err()
            .unwrap();
        assert_eq!(get(&err, "line"), 3);
        assert_eq!(describe(err).1, "text");
        let err = graph_answer(text("1 2\n"), text("edges")).err().unwrap();
        assert_eq!(describe(err).1, "format");
        assert!(describe(graph_answer(text(dag), JsValue::UNDEFINED).err().unwrap()).2);
    }

    #[wasm_bindgen_test]
    fn a_million_vertex_chain_in_format_dag_solves_in_wasm() {
        let n = 1_000_000u32;
        let mut input = format!("{n} {} 1\n", n - 1);
        for v in 1..n {
            input += &format!("{v} {}\n", v + 1);
        }
        let parsed: Array = parse_graph(text(&input), text("dag"))
            .unwrap()
            .dyn_into()
            .unwrap();
        let inst = parsed.get(0);
        let s = solve_graph(
            get(&inst, "n"),
            get(&inst, "from"),
            get(&inst, "to"),
            JsValue::UNDEFINED,
        )
        .unwrap();
        assert_eq!(
            s.outcomes()[1],
            Outcome::Win as u8,
            "999,999 moves: the first mover wins"
        );
        assert_eq!(s.optimal_set(num(1.0)).unwrap().len(), n as usize);
        assert_eq!(s.depths()[1], n - 1);
    }
}

#[wasm_bindgen_test]
fn estimate_work_is_the_cores_and_games_above_max_work_are_refused() {
    use loopy::wasm::{estimate_work, max_work, solve};
    let many: Vec<f64> = (1..=3000).map(f64::from).collect();
    let n = loopy::MAX_N as f64;
    let work = estimate_work(num(n), arr(&many), arr(&[1.0])).unwrap();
    assert_eq!(
        work,
        loopy::estimate_work(loopy::MAX_N as u64, 3000, 1) as f64
    );
    assert_eq!(max_work(), loopy::MAX_WORK as f64);
    assert!(work > max_work());
    let (e, field, _) = describe(solve(num(n), arr(&many), arr(&[1.0])).err().unwrap());
    assert!(e.contains("units of work"), "{e}");
    assert_eq!(field, "n");
    // A bad n is refused as solve() refuses it: an Error (not a TypeError) naming n.
    let (e, field, is_type) = describe(
        estimate_work(num(-1.0), arr(&[1.0]), arr(&[1.0]))
            .err()
            .unwrap(),
    );
    assert_eq!(
        (e.as_str(), field.as_str(), is_type),
        ("n must be a whole number >= 0, not -1", "n", false)
    );
    // A game within the budget is solved, as the oracle solves it.
    let small = solve(num(5.0), arr(&[2.0]), arr(&[1.0])).unwrap();
    assert_eq!(
        small.to_judge_text(),
        common::Oracle::new(5, &[2], &[1]).judge_text()
    );
}

#[wasm_bindgen_test]
fn check_seek_refuses_with_the_cores_error_the_games_whose_seeks_cost_more_than_max_seek_cost() {
    use loopy::game::{seek_cost as core_cost, seek_fits, MAX_SEEK};
    use loopy::wasm::{check_seek, max_seek_cost, seek_cost};
    // A step set spanning the ring one position past seek_fits (transforms of 2^23 points),
    // and the same at seek_fits: the two sides of the limit.
    let fits = seek_fits();
    let steps = |n: u32| (1..=320).chain([n - 1]).collect::<Vec<u32>>();
    let js = |s: &[u32]| arr(&s.iter().map(|&x| x as f64).collect::<Vec<_>>());
    assert_eq!(max_seek_cost(), MAX_SEEK as f64);
    for (n, refused) in [(fits + 1, true), (fits, false)] {
        let s = steps(n);
        let cost = seek_cost(num(n as f64), js(&s), js(&s)).unwrap();
        assert_eq!(cost, core_cost(n, &s, &s) as f64);
        assert_eq!(cost > max_seek_cost(), refused, "n = {n}: {cost}");
        match check_seek(num(n as f64), js(&s), js(&s)) {
            Ok(()) => assert!(!refused, "n = {n} admitted"),
            Err(e) => {
                assert!(refused, "n = {n} refused");
                assert_eq!(
                    get(&e, "code").as_string().as_deref(),
                    Some("game.tooSlowToSeek")
                );
                let params = get(&e, "params");
                assert_eq!(get(&params, "fits").as_f64(), Some(fits as f64));
                assert_eq!(get(&params, "cost").as_f64(), Some(cost));
                let (message, field, is_type) = describe(e);
                assert!(message.contains("too large to animate"), "{message}");
                assert_eq!((field.as_str(), is_type), ("n", false));
            }
        }
    }
    // A wrong game is refused as the solver refuses it.
    let (e, field, _) = describe(
        check_seek(num(5.0), arr(&[5.0]), arr(&[1.0]))
            .err()
            .unwrap(),
    );
    assert!(e.contains("out of range"), "{e}");
    assert_eq!(field, "s1");
}

#[cfg(feature = "graphs")]
mod check {
    use js_sys::{Uint8Array, JSON};
    use loopy::judge::check::{check, CheckFormat, Options};
    use loopy::wasm::{check_answer, AnswerCheck};
    use wasm_bindgen::JsValue;
    use wasm_bindgen_test::wasm_bindgen_test;

    use super::{describe, get, num, text};

    fn bytes(s: &str) -> JsValue {
        Uint8Array::from(s.as_bytes()).into()
    }

    fn json(v: &JsValue) -> String {
        JSON::stringify(v).unwrap().as_string().unwrap()
    }

    const RING: &str = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
    const GOAL: &str = "8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n";
    const DAG: &str = "5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n";

    /// Outputs of every kind, right and wrong, for each format.
    fn cases() -> Vec<(CheckFormat, &'static str, &'static str)> {
        use CheckFormat::*;
        vec![
            (Ring, RING, "Lose Win Win Loop\nLoop Win Win Win\nWin Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n"),
            (Ring, RING, "Lose Win Win Loop\nLoop Win Win Win\nWin Win Win Win Win Win Win\nLose Win Win Lose Win Lose Loop\n"),
            (Ring, RING, "Loop Win Win Win\nLose Win Win Loop\n"),
            (Ring, RING, "Lose Win Win\nLoop Win Win Win x\nWin\n\n"),
            (Ring, RING, "Lose Win win Loop\r\n"),
            (Ring, "1\n5\n2 3\n", "Lose\n"),
            (Goal, GOAL, "-1\n1\n0\n-1\n"),
            (Goal, GOAL, "-1\n-1\n0\n1\n"),
            (Goal, GOAL, "-1\n1 1\nx\n"),
            (Dag, DAG, "1\n1 2 4 5\n"),
            (Dag, DAG, "0\n1 3 4 5 6\n"),
            (Dag, DAG, "1\n1 4 2\n"),
            (Dag, DAG, "1\n1 2 4 5\n7\n"),
        ]
    }

    #[wasm_bindgen_test]
    fn check_answer_gives_the_cores_report_for_every_case() {
        for (format, input, output) in cases() {
            for (all, options) in [(false, Options::FIRST), (true, Options::all(3))] {
                let want = serde_json::to_string(&check(
                    format,
                    input.as_bytes(),
                    output.as_bytes(),
                    options,
                ))
                .unwrap();
                let got = check_answer(
                    text(format.as_str()),
                    bytes(input),
                    bytes(output),
                    JsValue::from_bool(all),
                    num(3.0),
                )
                .unwrap();
                assert_eq!(json(&got), want, "{output:?} all={all}");
                // The same output pushed a byte at a time.
                let mut c = AnswerCheck::new(
                    text(format.as_str()),
                    bytes(input),
                    JsValue::from_bool(all),
                    num(3.0),
                )
                .unwrap();
                for b in output.as_bytes() {
                    c.push(Uint8Array::from(&[*b][..]).into()).unwrap();
                }
                assert_eq!(json(&c.finish().unwrap()), want, "{output:?} pushed");
                assert!(c.finish().is_err(), "the handle is spent");
            }
        }
    }

    #[wasm_bindgen_test]
    fn check_answer_names_the_difference_and_explains_it() {
        let r = check_answer(
            text("ring"),
            bytes(RING),
            bytes("Lose Win Win Loop\nLoop Win Win Win\nWin Win Win Win Win Win Lose\n"),
            JsValue::FALSE,
            num(10.0),
        )
        .unwrap();
        assert_eq!(get(&r, "verdict"), "wrongAnswer");
        assert_eq!(get(&r, "exitCode"), 1);
        let first = get(&r, "first");
        assert_eq!(
            (
                get(&first, "game"),
                get(&first, "player"),
                get(&first, "position")
            ),
            (2.into(), 1.into(), 7.into())
        );
        assert_eq!(get(&first, "kind"), "wrongValue");
        assert_eq!(get(&get(&first, "why"), "best"), 4);
        assert_eq!(get(&get(&r, "counts"), "wrongValue"), 1);
    }

    #[wasm_bindgen_test]
    fn check_answer_refuses_arguments_of_the_wrong_kind() {
        let e = check_answer(text("xml"), bytes(""), bytes(""), JsValue::FALSE, num(1.0));
        assert_eq!(describe(e.err().unwrap()).1, "format");
        let e = check_answer(text("ring"), text("1"), bytes(""), JsValue::FALSE, num(1.0));
        let (_, field, type_error) = describe(e.err().unwrap());
        assert_eq!((field.as_str(), type_error), ("input", true));
        let e = check_answer(text("ring"), bytes(""), bytes(""), num(1.0), num(1.0));
        assert_eq!(describe(e.err().unwrap()).1, "all");
        let e = check_answer(text("ring"), bytes(""), bytes(""), JsValue::TRUE, num(-1.0));
        assert_eq!(describe(e.err().unwrap()).1, "limit");
        // And the module still works.
        let r = check_answer(
            text("ring"),
            bytes("0\n"),
            bytes(""),
            JsValue::FALSE,
            num(1.0),
        );
        assert_eq!(get(&r.unwrap(), "verdict"), "ok");
    }
}

#[wasm_bindgen_test]
fn check_game_names_every_wrong_field_and_the_nearest_valid_game() {
    // n = 1 is too small and a step 0 is never a move; player 2's step 1 is fine. Each
    // error with its stable code and params, for the page's words.
    let r = check_game(num(1.0), arr(&[0.0]), arr(&[1.0])).unwrap();
    assert_eq!(
        json(&r),
        r#"{"errors":[{"field":"n","message":"n = 1 is too small: the ring needs the hole and at least one more position (n >= 2)","code":"game.tooSmall","params":{"n":1}},{"field":"s1","message":"player 1's step 0 is out of range: a step moves the token at least one position","code":"game.zeroStep","params":{"player":1}}],"nearest":{"n":2,"s1":[1],"s2":[1]}}"#
    );
    // n unreadable (null), player 2 with no steps.
    let r = check_game(JsValue::NULL, arr(&[0.0]), arr(&[])).unwrap();
    let fields: Vec<String> = Array::from(&get(&r, "errors"))
        .iter()
        .map(|e| get(&e, "field").as_string().unwrap())
        .collect();
    assert_eq!(fields, ["s1", "s2"]);
    // A valid game: no error, and it is its own nearest.
    let r = check_game(num(8.0), arr(&[2.0, 3.0, 4.0, 6.0]), arr(&[3.0, 6.0])).unwrap();
    assert_eq!(
        json(&r),
        r#"{"errors":[],"nearest":{"n":8,"s1":[2,3,4,6],"s2":[3,6]}}"#
    );
    // A wrong type is still a TypeError.
    assert!(check_game(text("8"), arr(&[1.0]), arr(&[1.0])).is_err());
}
