//! `loopy check`, `loopy graph check`, `loopy dag check` and `loopy gen` as a user runs
//! them: testlib's exit codes, the verdict line, `--all`'s list and counts, and the
//! generator's promise (the same seed, the same bytes; inputs every judge accepts,
//! whose answers the checker passes).
#![cfg(not(target_arch = "wasm32"))]

// The one file of crate/tests/common this test needs (the rest would only lengthen its build).
#[path = "common/cli.rs"]
mod cli;

use std::path::PathBuf;

// `run`: the CLI as a user runs it (common/cli.rs).
use cli::loopy as run;

/// A file in a fresh temporary folder for this test.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("loopy-check-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn file(&self, name: &str, text: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SAMPLE_IN: &str = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
const SAMPLE_OUT: &str = "Lose Win Win Loop\nLoop Win Win Win\n\
Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n";

#[test]
fn check_exits_as_testlib_with_one_verdict_line() {
    let d = Dir::new("codes");
    let input = d.file("in", SAMPLE_IN.as_bytes());
    let cases = [
        (SAMPLE_OUT.to_string(), 0, "ok 2 games, 4 lines"),
        (SAMPLE_OUT.replace("Loop Win Win Win", "Loop Win Lose Win"), 1, "wrong answer game 1, player 2, position 3 (line 2): expected Win, found Lose (player 2 wins in 1: step 2 moves the token onto the hole)"),
        (SAMPLE_OUT.replace("Loop Win Win Win", "Loop Win Win"), 2, "presentation error game 1, player 2, position 4 (line 2): expected Win, found the end of the line"),
        (SAMPLE_OUT.replace("Loop Win Win Win", "Loop Win WIN Win"), 2, "presentation error game 1, player 2, position 3 (line 2): expected Win, found \"WIN\", which is not Win, Lose or Loop"),
        (SAMPLE_OUT.lines().take(3).collect::<Vec<_>>().join("\n"), 2, "presentation error game 2, player 2 (line 4): expected a line that starts Lose, found the end of the output"),
    ];
    for (output, code, line) in cases {
        let out = d.file("out", output.as_bytes());
        let r = run(&["check", &input, &out], b"");
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (code, format!("{line}\n").as_str()),
            "{}",
            r.stderr
        );
        // The answer on standard input, as `./sol < in | loopy check in -` gives it.
        let r = run(&["check", &input, "-"], output.as_bytes());
        assert_eq!(r.code, code);
    }
    let bad = d.file("bad", b"1\n5\n2 3\n3 1 2 3\n");
    let out = d.file("out", SAMPLE_OUT.as_bytes());
    let r = run(&["check", &bad, &out], b"");
    assert_eq!(r.code, 3);
    assert_eq!(
        r.stdout,
        "bad input game 1, line 3: player 1's step count is 2, but its line holds 1\n"
    );
    for args in [
        &["check", &input][..],
        &["check", &input, "/no/such/file"],
        &["check", &input, &out, "--every"],
    ] {
        let r = run(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (3, ""), "{args:?}");
        assert!(r.stderr.starts_with("loopy: "), "{}", r.stderr);
    }
}

#[test]
fn check_all_lists_every_difference_then_the_counts() {
    let d = Dir::new("all");
    let input = d.file("in", SAMPLE_IN.as_bytes());
    let out = d.file("out", b"Lose Win Win Win\nLoop Win Win Win x\nWin\n");
    let r = run(&["check", &input, &out, "--all"], b"");
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "wrongValue game 1, player 1, position 4 (line 1): expected Loop, found Win",
            "extraWord game 1, player 2, position 5 (line 2): expected the end of the line, found \"x\"",
            "missingWord game 2, player 1, position 2 (line 3): expected Win, found the end of the line",
            "missingLine game 2, player 2 (line 4): expected a line that starts Lose, found the end of the output",
            "wrong answer game 1, player 1, position 4 (line 1): expected Loop, found Win (a loop: no move of player 1 reaches the hole or a loss for player 2, and step 2 keeps the game going) [4 differences in all: wrongValue 1, missingWord 1, extraWord 1, missingLine 1]",
        ]
    );
    assert_eq!(lines.len(), 5);
}

#[test]
fn graph_and_dag_check_name_queries_and_instances() {
    let d = Dir::new("graphs");
    let goal = d.file(
        "goal",
        b"8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n",
    );
    let ok = d.file("ok", b"-1\n1\n0\n-1\n");
    assert_eq!(
        run(&["graph", "check", &goal, &ok], b"").stdout,
        "ok 4 queries, 4 lines\n"
    );
    let wrong = d.file("wrong", b"-1\n-1\n0\n-1\n");
    let r = run(&["graph", "check", &goal, &wrong], b"");
    assert_eq!(r.code, 1);
    assert!(r.stdout.starts_with("wrong answer query 2, vertex 3 (line 2): expected 1, found -1 (the player to move at 3 wins in 3"), "{}", r.stdout);
    let dag = d.file("dag", b"5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n");
    let set = d.file("set", b"1\n1 2 4\n");
    let r = run(&["dag", "check", &dag, &set], b"");
    assert_eq!(r.code, 1);
    assert!(r.stdout.starts_with("wrong answer instance 1, vertex 5 (line 2): the optimal-play set holds 5, but the line leaves it out"), "{}", r.stdout);
    let r = run(&["dag", "check", &goal, &set], b"");
    assert_eq!(r.code, 3, "format goal is no dag input: {}", r.stdout);
}

#[test]
fn gen_gives_the_same_bytes_for_the_same_seed_and_others_for_another() {
    for args in [
        &["gen", "--seed", "5"][..],
        &["gen", "graph", "--seed", "5", "--n", "30"],
        &["gen", "dag", "--seed", "5", "--games", "4"],
        &["gen", "--seed", "5", "--draws", "--games", "3"],
    ] {
        let (a, b) = (run(args, b""), run(args, b""));
        assert_eq!(a.code, 0, "{args:?}: {}", a.stderr);
        assert!(!a.stdout.is_empty());
        assert_eq!(a.stdout, b.stdout, "{args:?}");
    }
    assert_ne!(
        run(&["gen", "--seed", "5"], b"").stdout,
        run(&["gen", "--seed", "6"], b"").stdout
    );
    // The first game of seed 1, pinned: a new version of the generator that changed
    // the bytes of a seed would break every stress loop's record.
    let first = run(&["gen", "--seed", "1"], b"").stdout;
    assert_eq!(
        first.lines().take(4).collect::<Vec<_>>(),
        ["5", "6", "2 1 5", "1 2"]
    );
}

#[test]
fn gen_inputs_are_read_by_the_judges_and_their_answers_check_ok() {
    let d = Dir::new("gen");
    for seed in 1..=6 {
        let seed = seed.to_string();
        let runs: [(&[&str], &[&str], &[&str]); 4] = [
            (
                &["gen", "--seed", &seed, "--games", "4", "--n", "40"],
                &[],
                &["check"],
            ),
            (
                &[
                    "gen",
                    "graph",
                    "--seed",
                    &seed,
                    "--n",
                    "25",
                    "--density",
                    "0.1",
                ],
                &["graph"],
                &["graph", "check"],
            ),
            (
                &["gen", "graph", "--seed", &seed, "--dag", "--no-draws"],
                &["graph"],
                &["graph", "check"],
            ),
            (
                &[
                    "gen",
                    "dag",
                    "--seed",
                    &seed,
                    "--n",
                    "30",
                    "--density",
                    "0.05",
                ],
                &["dag"],
                &["dag", "check"],
            ),
        ];
        for (gen, judge, check) in runs {
            let input = run(gen, b"");
            assert_eq!(input.code, 0, "{gen:?}: {}", input.stderr);
            let answer = run(judge, input.stdout.as_bytes());
            assert_eq!(
                answer.code, 0,
                "{gen:?} is read by the judge: {}",
                answer.stderr
            );
            let in_file = d.file("in", input.stdout.as_bytes());
            let out_file = d.file("out", answer.stdout.as_bytes());
            let mut args = check.to_vec();
            args.extend([in_file.as_str(), out_file.as_str()]);
            let r = run(&args, b"");
            assert_eq!(r.code, 0, "{gen:?}: {}", r.stdout);
        }
    }
    let r = run(&["gen", "dag", "--seed", "1", "--draws"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("--draws does not apply to format dag"),
        "{}",
        r.stderr
    );
    assert_eq!(run(&["gen"], b"").code, 2, "a seed is needed");
}
