//! The CLI as a contestant uses it (issue 35): inputs from files or standard input for
//! every judge and checker, `loopy ring`, `loopy in.txt`, `--version`, one game without
//! `T` (and the hint when an input reads as one), `gen` on a closed pipe, `loopy tree`
//! with AGC010F's samples, `loopy explain`, and `loopy stress` finding and shrinking a
//! planted bug in programs written here as shell scripts around `loopy` itself (a fresh
//! machine has `sh` and `sed`, not always a C compiler).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

const LOOPY: &str = env!("CARGO_BIN_EXE_loopy");

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn run_in(dir: Option<&PathBuf>, args: &[&str], stdin: &[u8]) -> Run {
    let mut cmd = Command::new(LOOPY);
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    let mut child = cmd
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run loopy");
    let mut pipe = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap_or(-1),
    }
}

fn run(args: &[&str], stdin: &[u8]) -> Run {
    run_in(None, args, stdin)
}

/// A fresh temporary folder for one test.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir =
            std::env::temp_dir().join(format!("loopy-contestant-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn file(&self, name: &str, text: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    }

    /// An executable shell script, `body` after its `#!/bin/sh` line; `$LOOPY` is the
    /// binary under test.
    fn script(&self, name: &str, body: &str) -> String {
        let text = format!("#!/bin/sh\nLOOPY='{LOOPY}'\n{body}\n");
        let path = self.file(name, text.as_bytes());
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const RING: &str = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
const RING_OUT: &str =
    "Lose Win Win Loop\nLoop Win Win Win\nWin Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n";
const GOAL: &str = "8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n";
const DAG: &str = "5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n";
const TREE: &str = "5\n5 4 1 2 3\n1 2\n1 3\n2 4\n2 5\n";

#[test]
fn version_prints_the_crates_version() {
    for args in [&["--version"][..], &["-V"], &["graph", "--version"]] {
        let r = run(args, b"");
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, concat!("loopy ", env!("CARGO_PKG_VERSION"), "\n"))
        );
    }
}

#[test]
fn every_judge_and_checker_reads_a_file_named_on_the_command_line() {
    let d = Dir::new("files");
    let cases = [
        ("ring", RING, RING_OUT),
        ("graph", GOAL, "-1\n1\n0\n-1\n"),
        ("dag", DAG, "1\n1 2 4 5\n"),
        ("tree", TREE, "1 2\n"),
    ];
    for (command, input, answer) in cases {
        let file = d.file(command, input.as_bytes());
        let from_file = run(&[command, &file], b"");
        assert_eq!(
            (from_file.code, from_file.stdout.as_str()),
            (0, answer),
            "{command}: {}",
            from_file.stderr
        );
        let from_stdin = run(&[command], input.as_bytes());
        assert_eq!(from_stdin.stdout, answer, "{command} from standard input");
        let dash = run(&[command, "-"], input.as_bytes());
        assert_eq!(dash.stdout, answer, "{command} -");
        let out = d.file(&format!("{command}.out"), answer.as_bytes());
        let checked = run(&[command, "check", &file, &out], b"");
        assert_eq!(checked.code, 0, "{command} check: {}", checked.stdout);
        // The output on standard input, the input from a file.
        let checked = run(&[command, "check", &file, "-"], answer.as_bytes());
        assert_eq!(checked.code, 0, "{command} check -: {}", checked.stdout);
    }
    // The ring judge by its name, and by its input alone.
    let file = d.file("in.txt", RING.as_bytes());
    assert_eq!(run(&[&file], b"").stdout, RING_OUT);
    assert_eq!(
        run(&["ring", "--depth", &file], b"").stdout.lines().count(),
        8
    );
    let missing = run(&["no-such-file.txt"], b"");
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("neither a command"),
        "{}",
        missing.stderr
    );
    let unreadable = run(&["graph", "no-such-file.txt"], b"");
    assert_eq!(unreadable.code, 2);
    assert!(
        unreadable
            .stderr
            .starts_with("loopy: cannot open no-such-file.txt"),
        "{}",
        unreadable.stderr
    );
}

#[test]
fn one_game_without_t_is_read_with_single_and_named_in_the_error_without() {
    // CF 786A's own sample: n, then the two step lines.
    let cf = "5\n2 3 2\n3 1 2 3\n";
    let r = run(&[], cf.as_bytes());
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "loopy: game 1, line 2: player 1's step count is 3, but there are only n - 1 = 1 \
         distinct steps (the input reads as one game without T: loopy --single reads it so)\n"
    );
    // From a file too, and not for an input that is wrong either way.
    let d = Dir::new("single");
    let file = d.file("cf.txt", cf.as_bytes());
    assert!(run(&[&file], b"")
        .stderr
        .contains("loopy --single reads it so"));
    assert!(!run(&[], b"1\n5\n2 3 2\n").stderr.contains("--single"));
    let r = run(&["--single"], cf.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "Lose Win Win Loop\nLoop Win Win Win\n")
    );
    let r = run(&["ring", "--single", &file], b"");
    assert_eq!(r.stdout, "Lose Win Win Loop\nLoop Win Win Win\n");
    let r = run(&["--single"], b"5\n2 3 2\n3 1 2 3\n5\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("after the game (the input is read as one game, without T)"),
        "{}",
        r.stderr
    );
    let out = d.file("out", b"Lose Win Win Loop\nLoop Win Win Win\n");
    assert_eq!(run(&["check", "--single", &file, &out], b"").code, 0);
    assert_eq!(
        run(&["check", &file, &out], b"").code,
        3,
        "without --single the input is bad"
    );
    // gen --single writes one game without T, which the judge reads with --single.
    let one = run(&["gen", "--seed", "3", "--single"], b"");
    assert_eq!(run(&["--single"], one.stdout.as_bytes()).code, 0);
    assert_eq!(one.stdout.lines().count(), 3);
}

#[test]
fn tree_prints_agc010f_samples_exactly() {
    for (input, answer) in [
        ("3\n1 2 3\n1 2\n2 3\n", "2\n"),
        ("5\n5 4 1 2 3\n1 2\n1 3\n2 4\n2 5\n", "1 2\n"),
        ("3\n1 1 1\n1 2\n2 3\n", "\n"),
    ] {
        let r = run(&["tree"], input.as_bytes());
        assert_eq!(
            (r.code, r.stdout.as_str(), r.stderr.as_str()),
            (0, answer, "")
        );
        // The answer checks, and so does an empty output for the empty line.
        let d = Dir::new("tree-sample");
        let file = d.file("in", input.as_bytes());
        assert_eq!(
            run(&["tree", "check", &file, "-"], answer.as_bytes()).code,
            0
        );
    }
    let d = Dir::new("tree-empty");
    let file = d.file("in", b"3\n1 1 1\n1 2\n2 3\n");
    assert_eq!(run(&["tree", "check", &file, "-"], b"").code, 0);
    assert_eq!(run(&["tree", "check", &file, "-"], b"2\n").code, 1);
}

#[test]
fn tree_bad_inputs_are_one_line_errors_as_docs_formats_md_gives_them() {
    for (input, message) in [
        ("2\n1 2\n2 2\n", "loopy: edge 1, line 3: the edge joins vertex 2 to itself: a tree has no such edge\n"),
        ("3\n1 2 3\n1 2\n2 1\n", "loopy: edge 2, line 4: 2 and 1 are already joined by the edges before this one: a tree has no cycle\n"),
        ("3\n1 2 3\n1 2\n2 3\n\nx\n", "loopy: line 6: unexpected \"x\" after the last edge (a tree of N vertices has N - 1 edges)\n"),
        ("3\n1 2\n", "loopy: line 2: expected the stones A_3 of vertex 3 of 3, found the end of the input\n"),
        ("3\n1 2 3\n1 4\n", "loopy: edge 1, line 3: expected the second vertex of edge 1 of 2, a vertex from 1 to n = 3, found 4\n"),
        ("0\n", "loopy: line 1: n = 0 is too small: a graph needs at least one vertex (n >= 1)\n"),
    ] {
        let r = run(&["tree"], input.as_bytes());
        assert_eq!((r.code, r.stdout.as_str(), r.stderr.as_str()), (2, "", message), "{input:?}");
    }
}

#[test]
fn gen_tree_inputs_are_trees_the_judge_answers_as_the_brute_force_does() {
    for seed in 1..=40 {
        let seed = seed.to_string();
        let input = run(
            &["gen", "tree", "--seed", &seed, "--n", "6", "--stones", "3"],
            b"",
        );
        assert_eq!(input.code, 0, "{}", input.stderr);
        let tree = loopy::judge::tree::parse_tree(input.stdout.as_bytes()).unwrap();
        let stones: Vec<u64> = (1..=tree.n()).map(|v| tree.stones(v)).collect();
        assert!(stones.iter().all(|&s| (1..=3).contains(&s)));
        let answer = run(&["tree"], input.stdout.as_bytes()).stdout;
        let words: Vec<String> = common::tree::brute_winners(&stones, tree.edges())
            .iter()
            .map(u32::to_string)
            .collect();
        assert_eq!(answer, format!("{}\n", words.join(" ")), "seed {seed}");
    }
    let r = run(&["gen", "tree", "--seed", "1", "--density", "0.5"], b"");
    assert_eq!(r.code, 2);
}

#[test]
fn gen_on_a_closed_pipe_ends_quietly_with_status_0() {
    let mut child = Command::new(LOOPY)
        .args([
            "gen",
            "graph",
            "--seed",
            "1",
            "--n",
            "100000",
            "--density",
            "0.001",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, as `head -1` does, then close the pipe.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    let n = stdout.read(&mut first).unwrap();
    assert!(n > 0);
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn explain_gives_the_facts_of_one_state_as_text_and_json() {
    let r = run(&["explain", "--position", "4"], RING.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "game 1 (n = 5): player 1 to move at position 4\nvalue: Loop\nwhy: a loop: no move of \
         player 1 reaches the hole or a loss for player 2, and step 2 keeps the game going\n\
         best move: step 2\nmoves (2 moves):\n  step 2 to 1: player 2 Loop (best)\n  step 3 to 2: \
         player 2 Win in 1\n"
    );
    let json = run(
        &[
            "ring",
            "explain",
            "-",
            "--game",
            "2",
            "--player",
            "2",
            "--position",
            "1",
            "--json",
        ],
        RING.as_bytes(),
    );
    let facts: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    // The same object the core hands the JS API.
    let game = loopy::RingGame::new(8, &[2, 3, 4, 6], &[3, 6]).unwrap();
    let expected = loopy::explain::explain_state(&loopy::solve(&game), 2, 1).unwrap();
    assert_eq!(facts, serde_json::to_value(&expected).unwrap());
    let r = run(&["graph", "explain", "--query", "1"], GOAL.as_bytes());
    assert!(
        r.stdout.contains(
            "why: the player to move at 1 loses in 2: its only move hands the opponent a win"
        ),
        "{}",
        r.stdout
    );
    let r = run(&["dag", "explain", "--vertex", "3"], DAG.as_bytes());
    assert!(
        r.stdout.contains("the hero moves first (f = 1)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("optimal-play set from 1: correct play never makes the move to it from 1"),
        "{}",
        r.stdout
    );
    let r = run(&["tree", "explain", "--vertex", "2"], TREE.as_bytes());
    assert!(r.stdout.contains("why: the first player wins from 2 (4 stones): the move to 4 (2 stones) leaves the opponent a loss there"), "{}", r.stdout);
    let r = run(
        &["tree", "explain", "--vertex", "2", "--json"],
        TREE.as_bytes(),
    );
    assert!(
        r.stdout
            .starts_with("{\"v\":2,\"stones\":4,\"outcome\":\"Win\""),
        "{}",
        r.stdout
    );
    // A question the input cannot answer.
    let r = run(
        &["explain", "--game", "3", "--position", "1"],
        RING.as_bytes(),
    );
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (2, "loopy: --game 3: the input has no game 3\n")
    );
    let r = run(&["graph", "explain", "--position", "1"], GOAL.as_bytes());
    assert_eq!(r.code, 2);
}

/// `loopy stress` on `program`: the run's stdout and exit code, and the file it wrote.
fn stress(d: &Dir, args: &[&str]) -> (Run, String) {
    let r = run_in(Some(&d.0), &[&["stress"], args].concat(), b"");
    let written = std::fs::read_to_string(d.0.join("stress-input.txt")).unwrap_or_default();
    (r, written)
}

#[test]
fn stress_finds_a_planted_bug_and_shrinks_it() {
    let d = Dir::new("stress");
    // Ring: a Loop printed as Lose. The smallest game with a Loop is found.
    let loop_as_lose = d.script("loop-as-lose.sh", "\"$LOOPY\" | sed 's/Loop/Lose/g'");
    let (r, written) = stress(&d, &[&loop_as_lose]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let first = r.stdout.lines().next().unwrap();
    assert!(
        first.starts_with("seed ") && first.contains(": wrong answer game "),
        "{}",
        r.stdout
    );
    let games = loopy::judge::parse(written.as_bytes()).unwrap();
    assert_eq!(games.len(), 1, "shrunk to one game: {written}");
    assert!(games[0].n() <= 5, "a small ring: {written}");
    assert!(
        r.stdout.contains("expected (loopy ring):\n") && r.stdout.contains("Loop"),
        "{}",
        r.stdout
    );
    // The shrunk input still fails the same way.
    let answer = d.file(
        "answer",
        Command::new(&loop_as_lose)
            .stdin(std::fs::File::open(d.0.join("stress-input.txt")).unwrap())
            .output()
            .unwrap()
            .stdout
            .as_slice(),
    );
    let check = run(
        &[
            "check",
            &d.0.join("stress-input.txt").to_string_lossy(),
            &answer,
        ],
        b"",
    );
    assert_eq!(check.code, 1, "{}", check.stdout);

    // Format goal: a draw printed as a loss.
    let draw_as_loss = d.script("draw.sh", "\"$LOOPY\" graph | sed 's/^0$/-1/'");
    let (r, written) = stress(&d, &["graph", &draw_as_loss]);
    assert_eq!(r.code, 1);
    let g = loopy::judge::graph::parse_goal(written.as_bytes()).unwrap();
    assert_eq!(g.queries.len(), 1, "{written}");
    assert!(g.n <= 2 && g.from.len() <= 1, "{written}");

    // Format dag: only vertex 1 in every set.
    let set_of_one = d.script(
        "set.sh",
        "\"$LOOPY\" dag | awk 'NR % 2 == 0 { print 1; next } { print }'",
    );
    let (r, written) = stress(&d, &["dag", &set_of_one]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("the optimal-play set holds"),
        "{}",
        r.stdout
    );
    let instances = loopy::judge::graph::parse_dag(written.as_bytes()).unwrap();
    assert_eq!(instances.len(), 1);
    assert_eq!(
        (instances[0].n, instances[0].from.len()),
        (2, 1),
        "{written}"
    );

    // The tree: only the first winning start.
    let first_only = d.script("first.sh", "\"$LOOPY\" tree | sed 's/ .*//'");
    let (r, written) = stress(&d, &["tree", &first_only]);
    assert_eq!(r.code, 1);
    let tree = loopy::judge::tree::parse_tree(written.as_bytes()).unwrap();
    assert!(tree.n() <= 4, "{written}");
    assert!((1..=tree.n()).all(|v| tree.stones(v) <= 2), "{written}");

    // A crash and a time limit are failures of their own.
    let crash = d.script("crash.sh", "exit 3");
    let (r, _) = stress(&d, &[&crash]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains("runtime error: the program exited with status 3"),
        "{}",
        r.stdout
    );
    let slow = d.script("slow.sh", "sleep 5");
    let (r, _) = stress(&d, &["--time-limit", "0.2", "--runs", "3", &slow]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("time limit exceeded"), "{}", r.stdout);

    // A right program passes every run; its own arguments follow it.
    let right = d.script("right.sh", "\"$LOOPY\" \"$@\"");
    let (r, _) = stress(&d, &["--runs", "30", "tree", &right, "tree"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "ok: 30 runs passed (seeds 1 to 30)\n")
    );
    let (r, _) = stress(&d, &["--runs", "20", "--single", &right, "--single"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    // No program: a usage error.
    assert_eq!(run(&["stress"], b"").code, 2);
}
