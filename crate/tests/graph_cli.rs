//! `loopy graph` and `loopy dag`: the spec's samples byte for byte, every bad input of
//! the spec (exit 2, nothing on stdout, one line on stderr naming where), agreement
//! with the oracle on random inputs, and a million-vertex chain.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::cli::loopy;
use common::graph::{Edges, GraphOracle};
use common::Rng;
use loopy::judge::graph::{parse_dag, parse_goal, Place, TextErrorKind};
use loopy::Outcome;

const GOAL_SAMPLE: &str =
    "8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n";
const DAG_SAMPLE: &str = "5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n";

#[test]
fn graph_prints_the_spec_sample_byte_for_byte() {
    let out = loopy(&["graph"], GOAL_SAMPLE.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "-1\n1\n0\n-1\n");
    assert_eq!(out.stderr, "");
}

#[test]
fn dag_prints_the_spec_sample_byte_for_byte() {
    let out = loopy(&["dag"], DAG_SAMPLE.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "1\n1 2 4 5\n");
    // The opponent first: the hero, second, loses; the set is the same plays.
    let out = loopy(
        &["dag"],
        b"5 5 0\n1 2\n1 3\n2 4\n4 5\n3 5\n\n5 5 1\n2 1\n3 1\n4 2\n5 4\n5 3\n",
    );
    assert_eq!(out.stdout, "0\n1 2 4 5\n1\n1 2 4 5\n");
}

#[test]
fn help_lists_every_command() {
    for args in [
        &["--help"][..],
        &["graph", "--help"],
        &["dag", "-h"],
        &["tree", "-h"],
    ] {
        let out = loopy(args, b"");
        assert_eq!(out.code, 0);
        for usage in [
            "loopy [ring] [--depth]",
            "loopy graph",
            "loopy dag",
            "loopy tree",
            "loopy [FORMAT] check",
            "loopy [FORMAT] explain",
            "loopy gen",
            "loopy stress",
            "loopy --version",
        ] {
            assert!(out.stdout.contains(usage), "{args:?}: {usage}");
        }
    }
    let out = loopy(&["graph", "--bogus"], b"");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--bogus"));
}

/// Each bad input of the spec, by format, with the message it must give.
const BAD: &[(&str, &str, &str, &str)] = &[
    (
        "graph",
        "vertex out of range",
        "3 2 1\n1 2\n2 4\n1 3\n",
        "edge 2, line 3: expected the second vertex of edge 2 of 2, a vertex from 1 to n = 3, found 4",
    ),
    (
        "graph",
        "query vertex out of range",
        "3 2 1\n1 2\n2 3\n9 3\n",
        "query 1, line 4: expected the start of query 1 of 1, a vertex from 1 to n = 3, found 9",
    ),
    (
        "graph",
        "n < 1",
        "0 0 0\n",
        "line 1: n = 0 is too small: a graph needs at least one vertex",
    ),
    (
        "graph",
        "missing token",
        "3 2 1\n1 2\n2 3\n1\n",
        "query 1, line 4: expected the goal of query 1 of 1, found the end of the input",
    ),
    (
        "graph",
        "non-numeric token",
        "3 2 1\n1 x\n2 3\n1 3\n",
        "edge 1, line 2: expected the second vertex of edge 1 of 2, found \"x\" (not a whole number)",
    ),
    (
        "graph",
        "negative count",
        "3 -2 1\n",
        "line 1: expected the number of edges m, found \"-2\" (a negative number)",
    ),
    (
        "graph",
        "fewer edges than announced",
        "3 4 0\n1 2\n2 3\n",
        "edge 3, line 3: expected the first vertex of edge 3 of 4, found the end of the input",
    ),
    (
        "graph",
        "fewer queries than announced",
        "3 1 2\n1 2\n1 2\n",
        "query 2, line 3: expected the start of query 2 of 2, found the end of the input",
    ),
    (
        "graph",
        "s = g",
        "3 1 1\n1 2\n2 2\n",
        "query 1, line 3: the start 2 is also the goal",
    ),
    (
        "graph",
        "trailing garbage",
        "3 1 1\n1 2\n1 2\nextra\n",
        "line 4: unexpected \"extra\" after the last query",
    ),
    (
        "graph",
        "too large",
        "100000000 0 0\n",
        "line 1: a graph of n = 100000000 vertices and m = 0 edges is too large: it would need about 6104 MB (64 bytes per vertex and 16 per edge), and this program allows itself 512 MB",
    ),
    (
        "graph",
        "too many queries",
        "3 1 99999999999\n",
        "line 1: q = 99999999999 queries are too many",
    ),
    (
        "graph",
        "absurd number",
        "3 1 99999999999999999999999\n",
        "the number of queries q 99999999999999999999999 is far too large",
    ),
    (
        "dag",
        "vertex out of range",
        "5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n\n3 1 1\n0 1\n",
        "instance 2, line 9: expected the first vertex of edge 1 of 1, a vertex from 1 to n = 3, found 0",
    ),
    (
        "dag",
        "n < 1",
        "0 0 1\n",
        "instance 1, line 1: n = 0 is too small",
    ),
    (
        "dag",
        "f other than 0 or 1",
        "2 1 2\n1 2\n",
        "instance 1, line 1: f must be 1 (the hero moves first) or 0 (the opponent does), not 2",
    ),
    (
        "dag",
        "fewer edges than announced",
        "3 2 1\n1 2\n",
        "instance 1, line 2: expected the first vertex of edge 2 of 2, found the end of the input",
    ),
    (
        "dag",
        "negative count",
        "3 -1 1\n",
        "instance 1, line 1: expected the number of edges m, found \"-1\" (a negative number)",
    ),
    (
        "dag",
        "non-numeric after a good instance",
        "2 1 1\n1 2\nfoo\n",
        "instance 2, line 3: expected the number of vertices n, found \"foo\"",
    ),
    (
        "dag",
        "a partial instance at the end",
        "2 1 1\n1 2\n2 1\n",
        "instance 2, line 3: expected f (1 if the hero moves first, else 0), found the end of the input",
    ),
    ("dag", "empty input", "", "instance 1, line 1: expected the number of vertices n, found the end of the input"),
    (
        "dag",
        "a long bad token is cut",
        "2 1 1\n1 2\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
        "found \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (119 bytes)\"",
    ),
];

#[test]
fn every_bad_input_is_a_one_line_error_with_exit_2_and_no_output() {
    for (command, what, input, message) in BAD {
        let out = loopy(&[command], input.as_bytes());
        assert_eq!(out.code, 2, "{command} {what}: exit code");
        assert_eq!(out.stdout, "", "{command} {what}: stdout must stay empty");
        assert_eq!(
            out.stderr.lines().count(),
            1,
            "{command} {what}: {:?}",
            out.stderr
        );
        assert!(
            out.stderr.contains(message),
            "{command} {what}: {:?} lacks {message:?}",
            out.stderr
        );
    }
}

#[test]
fn bad_input_through_the_core_names_place_and_line() {
    let e = parse_goal(b"3 1 1\n1 2\n2 2\n").unwrap_err();
    assert_eq!(
        (e.place, e.line, e.kind),
        (
            Some(Place::Query(1)),
            3,
            TextErrorKind::StartIsGoal { vertex: 2 }
        )
    );
    let e = parse_dag(b"2 1 1\n1 2\n\n2 1 5\n").unwrap_err();
    assert_eq!((e.place, e.line), (Some(Place::Instance(2)), 4));
    assert_eq!(e.kind, TextErrorKind::BadFirst { f: 5 });
    // Any white space separates tokens, the vertical tab too: read as the same instance.
    let spaced = parse_dag(b"2\x0b1\x0b1\n1\t2").unwrap();
    assert_eq!(spaced, parse_dag(b"2 1 1\n1 2\n").unwrap());
    let [one] = &spaced[..] else {
        panic!("one instance, not {spaced:?}")
    };
    assert_eq!(
        (one.n, &one.from[..], &one.to[..], one.hero_first),
        (2, &[1][..], &[2][..], true)
    );
}

fn goal_input(e: &Edges, queries: &[(u32, u32)]) -> String {
    let mut s = format!("{} {} {}\n", e.n, e.from.len(), queries.len());
    for (u, v) in e.from.iter().zip(&e.to) {
        s += &format!("{u} {v}\n");
    }
    for (a, b) in queries {
        s += &format!("{a} {b}\n");
    }
    s
}

#[test]
fn graph_matches_the_oracle_on_random_inputs() {
    let mut rng = Rng(606);
    for round in 0..40 {
        let n = 2 + rng.below(25) as u32;
        let m = rng.below(n as u64 * [1, 2, 4][round % 3] + 1) as u32;
        let mut e = rng.graph(n, m);
        let queries: Vec<(u32, u32)> = (0..30)
            .map(|_| {
                let s = 1 + rng.below(n as u64) as u32;
                (s, 1 + (s + rng.below(n as u64 - 1) as u32) % n)
            })
            .collect();
        let out = loopy(&["graph"], goal_input(&e, &queries).as_bytes());
        assert_eq!(out.code, 0, "{}", out.stderr);
        let want: String = queries
            .iter()
            .map(|&(s, g)| {
                e.goal = Some(g);
                match GraphOracle::new(&e).outcome[s as usize] {
                    Outcome::Win => "1\n",
                    Outcome::Lose => "-1\n",
                    Outcome::Loop => "0\n",
                }
            })
            .collect();
        assert_eq!(out.stdout, want);
    }
}

#[test]
fn dag_matches_the_oracle_and_a_brute_force_set_on_random_inputs() {
    let mut rng = Rng(707);
    let mut input = String::new();
    let mut want = String::new();
    for _ in 0..60 {
        let n = 1 + rng.below(9) as u32;
        let m = rng.below(2 * n as u64 + 1) as u32;
        let mut e = rng.dag(n, m);
        e.goal = None;
        let f = rng.below(2) as u32;
        // One more pair, x = y, which the format ignores.
        input += &format!("{n} {} {f}\n{n} {n}\n", e.from.len() + 1);
        for (u, v) in e.from.iter().zip(&e.to) {
            // Either order: the move goes from the smaller to the larger.
            if rng.below(2) == 0 {
                input += &format!("{u} {v}\n");
            } else {
                input += &format!("{v} {u}\n");
            }
        }
        let oracle = GraphOracle::new(&e);
        let hero_wins = (oracle.outcome[1] == Outcome::Win) == (f == 1);
        let set: Vec<String> = oracle.optimal_set(1).iter().map(u32::to_string).collect();
        want += &format!("{}\n{}\n", hero_wins as u8, set.join(" "));
    }
    let out = loopy(&["dag"], input.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, want);
}

#[test]
fn dag_answers_a_million_vertex_chain() {
    let n = 1_000_000;
    let mut input = format!("{n} {} 1\n", n - 1);
    for v in 1..n {
        input += &format!("{v} {}\n", v + 1);
    }
    let out = loopy(&["dag"], input.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut lines = out.stdout.lines();
    // 999,999 moves: the first mover (the hero) makes the last one.
    assert_eq!(lines.next(), Some("1"));
    let set = lines.next().unwrap();
    assert_eq!(set.split(' ').count(), n);
    assert!(set.starts_with("1 2 3 ") && set.ends_with(" 999999 1000000"));
}
