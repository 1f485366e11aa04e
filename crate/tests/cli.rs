//! The judge format and the `loopy` binary: exact output, every bad input of the spec
//! (exit 2, nothing on stdout, one line on stderr), and agreement with the oracle and
//! the classic BFS on random and maximal inputs.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::cli::{exit_code, loopy, loopy_cmd, run, LOOPY};
use common::{game, Oracle, Rng};
use loopy::classic::solve_classic;
use loopy::judge;
use loopy::{GameError, Player, MAX_N};

const SAMPLE_IN: &str = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
const SAMPLE_OUT: &str = "Lose Win Win Loop\nLoop Win Win Win\n\
Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n";

/// `loopy` under `ulimit -v` (address space, in KiB), through `sh`.
fn loopy_limited(kib: u64, args: &[&str]) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(LOOPY)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

#[test]
fn cli_prints_the_sample_answer_byte_for_byte() {
    let out = loopy(&[], SAMPLE_IN.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, SAMPLE_OUT);
    assert_eq!(out.stderr, "");
}

#[test]
fn cli_depth_adds_the_spec_depth_lines() {
    let out = loopy(&["--depth"], SAMPLE_IN.as_bytes());
    assert_eq!(out.code, 0);
    assert_eq!(
        out.stdout,
        "Lose Win Win Loop\nLoop Win Win Win\n2 1 1 -\n- 1 1 1\n\
Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n3 1 3 1 1 1 5\n6 1 4 6 1 4 2\n"
    );
}

#[test]
fn cli_accepts_any_white_space_between_tokens() {
    let out = loopy(&[], b"  2\r\n5\t2 3 2\n3\n1\x0b2\x0c3\n\n8 4 6 2 3 4 2 3 6");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, SAMPLE_OUT);
}

#[test]
fn cli_help_describes_usage() {
    let out = loopy(&["--help"], b"");
    assert_eq!(out.code, 0);
    assert!(out
        .stdout
        .contains("usage: loopy [ring] [--depth] [--single] [INPUT]"));
    let out = loopy(&["--bogus"], b"");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--bogus"));
}

/// Each bad input of the spec, with the message it must give.
const BAD: &[(&str, &str, &str)] = &[
    (
        "n below 2",
        "1\n1\n1 1\n1 1\n",
        "game 1, line 2: n = 1 is too small",
    ),
    (
        "empty step set",
        "1\n5\n0\n1 1\n",
        "game 1, line 3: player 1 has no steps",
    ),
    (
        "step of 0",
        "1\n5\n2 0 2\n1 1\n",
        "game 1, line 3: player 1's step 0 is out of range",
    ),
    (
        "step of n",
        "1\n5\n1 1\n2 1 5\n",
        "game 1, line 4: player 2's step 5 is out of range",
    ),
    (
        "step above n",
        "1\n5\n1 1\n1 99\n",
        "player 2's step 99 is out of range: steps go from 1 to n - 1 = 4",
    ),
    (
        "repeated step",
        "1\n5\n3 1 2 1\n1 1\n",
        "game 1, line 3: player 1's step 1 is repeated",
    ),
    (
        "count too small",
        "1\n5\n1 2 3\n1 1\n",
        "game 1, line 3: player 1's step count is 1, but its line holds 2",
    ),
    (
        "count too large",
        "1\n5\n3 2 3\n1 1\n",
        "game 1, line 3: player 1's step count is 3, but its line holds 2",
    ),
    (
        "count beyond n",
        "1\n5\n9 1 2 3 4 1 2 3 4 1\n1 1\n",
        "player 1's step count is 9, but there are only n - 1 = 4 distinct steps",
    ),
    (
        "missing token",
        "2\n5\n1 2\n1 1\n",
        "line 4: expected n, found the end of the input",
    ),
    (
        "missing step",
        "1\n5\n2\n1\n",
        "game 1, line 4: expected player 1's step 2 of 2, found the end of the input",
    ),
    (
        "non-numeric token",
        "1\n5\n1 x\n1 1\n",
        "game 1, line 3: expected player 1's step 1 of 1, found \"x\"",
    ),
    (
        "negative number",
        "1\n-5\n1 1\n1 1\n",
        "expected n, found \"-5\"",
    ),
    (
        "trailing garbage",
        "1\n5\n1 1\n1 1\nextra\n",
        "line 5: unexpected \"extra\" after the last game",
    ),
    (
        "empty input",
        "",
        "line 1: expected the number of games T, found the end of the input",
    ),
    (
        "n too large",
        "1\n10000001\n1 1\n1 1\n",
        "n = 10000001 is too large: this program allows itself at most n = 10000000",
    ),
    (
        "absurd number",
        "1\n99999999999999999999999\n1 1\n1 1\n",
        "n = 99999999999999999999999 is too large: this program allows itself at most n = 10000000",
    ),
    (
        "n of 2^64",
        "1\n18446744073709551616\n1 1\n1 1\n",
        "game 1, line 2: n = 18446744073709551616 is too large: this program allows itself at most n = 10000000 (about 440 MB of memory)",
    ),
    (
        "n of 2^64 - 1",
        "1\n18446744073709551615\n1 1\n1 1\n",
        "game 1, line 2: n = 18446744073709551615 is too large",
    ),
    (
        "absurd step",
        "1\n5\n1 99999999999999999999999\n1 1\n",
        "player 1's step 1 of 1 99999999999999999999999 is far too large",
    ),
    (
        "vertical tab inside a token is a separator, so the count is wrong",
        "1\n5\n1 2\x0b3\n1 1\n",
        "game 1, line 3: player 1's step count is 1, but its line holds 2",
    ),
    (
        "second game bad",
        "2\n5\n2 3 2\n3 1 2 3\n5\n1 5\n1 1\n",
        "game 2, line 6: player 1's step 5 is out of range",
    ),
];

#[test]
fn every_bad_input_is_a_one_line_error_with_exit_2_and_no_output() {
    for (what, input, message) in BAD {
        let out = loopy(&[], input.as_bytes());
        assert_eq!(out.code, 2, "{what}: exit code");
        assert_eq!(out.stdout, "", "{what}: stdout must stay empty");
        assert_eq!(out.stderr.lines().count(), 1, "{what}: {:?}", out.stderr);
        assert!(
            out.stderr.contains(message),
            "{what}: {:?} lacks {message:?}",
            out.stderr
        );
    }
}

#[test]
fn bad_input_through_the_core_names_the_error() {
    let e = judge::parse(b"1\n5\n3 1 2 1\n1 1\n").unwrap_err();
    assert_eq!(e.game, Some(1));
    assert_eq!(e.line, 3);
    assert_eq!(
        e.kind,
        judge::ErrorKind::Game(GameError::RepeatedStep {
            player: Player::One,
            step: 1
        })
    );
    let too_big = loopy::RingGame::new(MAX_N as u64 + 1, &[1], &[1]).unwrap_err();
    assert!(too_big.to_string().contains(&MAX_N.to_string()));
    assert_eq!(
        loopy::RingGame::new(5, &[], &[1]),
        Err(GameError::NoSteps {
            player: Player::One
        })
    );
}

fn judge_input(games: &[(u32, Vec<u32>, Vec<u32>)]) -> String {
    let mut s = format!("{}\n", games.len());
    for (n, s1, s2) in games {
        let line = |v: &Vec<u32>| {
            std::iter::once(v.len().to_string())
                .chain(v.iter().map(u32::to_string))
                .collect::<Vec<_>>()
                .join(" ")
        };
        s += &format!("{n}\n{}\n{}\n", line(s1), line(s2));
    }
    s
}

#[test]
fn cli_matches_the_oracle_on_random_inputs() {
    let mut rng = Rng(2024);
    let mut games = Vec::new();
    for _ in 0..100 {
        let n = 2 + rng.below(70) as u32;
        let density = [20, 200, 500, 900, 1000][rng.below(5) as usize];
        games.push((
            n,
            rng.steps(n, density),
            rng.steps(n, 1000 - density.min(990)),
        ));
    }
    let want: String = games
        .iter()
        .map(|(n, s1, s2)| Oracle::new(*n, s1, s2).judge_text() + "\n")
        .collect();
    let out = loopy(&[], judge_input(&games).as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, want);
}

fn classic_text(n: u32, s1: &[u32], s2: &[u32]) -> String {
    let (solution, _) = solve_classic(&game(n, s1, s2));
    let text = Player::BOTH
        .map(|p| {
            solution
                .outcomes(p)
                .skip(1)
                .map(|o| o.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .join("\n");
    text + "\n"
}

#[test]
fn cli_matches_the_classic_bfs_on_maximal_inputs() {
    let n = 7000;
    let all: Vec<u32> = (1..n).collect();
    let mut rng = Rng(7);
    let games = vec![
        (n, all.clone(), all.clone()),
        (n, rng.steps(n, 500), rng.steps(n, 900)),
        (
            n,
            (2..n).step_by(2).collect(),
            (1..n).filter(|x| x % 3 == 1).collect(),
        ),
    ];
    for g in &games {
        let out = loopy(&[], judge_input(std::slice::from_ref(g)).as_bytes());
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out.stdout, classic_text(g.0, &g.1, &g.2), "n={}", g.0);
    }
    // The classic limits at once: T = 100 games, the sum of n = 7000.
    let games: Vec<_> = (0..100)
        .map(|_| {
            let n = 70;
            (n, rng.steps(n, 300), rng.steps(n, 600))
        })
        .collect();
    let want: String = games
        .iter()
        .map(|(n, a, b)| classic_text(*n, a, b))
        .collect();
    let out = loopy(&[], judge_input(&games).as_bytes());
    assert_eq!(out.stdout, want);
}

/// A judge input of `t` small games (about 12 bytes each).
fn tiny_games(t: usize) -> Vec<u8> {
    let mut input = format!("{t}\n").into_bytes();
    for _ in 0..t {
        input.extend_from_slice(b"3\n1 1\n1 2\n");
    }
    input
}

#[test]
fn a_game_beyond_the_work_budget_is_refused_before_anything_is_solved() {
    let steps: Vec<String> = (1..=2500).map(|x| x.to_string()).collect();
    let input = format!("2\n5\n1 1\n1 1\n10000000\n2500 {}\n1 1\n", steps.join(" "));
    let out = loopy(&[], input.as_bytes());
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr.starts_with(
            "loopy: game 2, line 5: n = 10000000 with these step sets would take about 51.3 \
             billion units of work to solve, more than the 50.0 billion this program allows itself"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn a_bad_token_is_echoed_in_at_most_80_characters() {
    let token = "7".repeat(5000) + "x";
    let out = loopy(&[], format!("1\n5\n1 {token}\n1 1\n").as_bytes());
    assert_eq!(out.code, 2);
    let want = format!(
        "loopy: game 1, line 3: expected player 1's step 1 of 1, found \"{}… (5001 bytes)\" \
         (not a whole number)\n",
        "7".repeat(80)
    );
    assert_eq!(out.stderr, want);
    let digits = "9".repeat(100_000);
    let out = loopy(&[], format!("{digits}\n").as_bytes());
    assert!(out.stderr.len() < 200, "{}", out.stderr);
    assert!(
        out.stderr.contains("(100000 bytes) is far too large"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_closed_pipe_on_stdout_is_a_quiet_exit() {
    for args in [&["--help"][..], &[]] {
        let mut child = Command::new(LOOPY)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader is gone before loopy writes a byte
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(&tiny_games(20_000));
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert_eq!(exit_code(out.status), 0, "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

#[test]
fn a_full_stdout_or_stderr_gives_the_documented_status_not_an_abort() {
    let full = || {
        std::fs::File::options()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    for (args, input) in [(&["--help"][..], ""), (&[], SAMPLE_IN)] {
        let mut cmd = loopy_cmd(args);
        cmd.stdout(full());
        let out = run(cmd, input.as_bytes());
        assert_eq!(out.code, 1, "{args:?}: {}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}");
        assert!(
            out.stderr.contains("cannot write the answer"),
            "{}",
            out.stderr
        );
    }
    // Bad input, with nowhere to say so: still exit 2.
    let mut cmd = loopy_cmd(&[]);
    cmd.stderr(full());
    assert_eq!(run(cmd, b"1\n1\n1 1\n1 1\n").code, 2);
    // Both full.
    let mut cmd = loopy_cmd(&[]);
    cmd.stdout(full()).stderr(full());
    assert_eq!(run(cmd, SAMPLE_IN.as_bytes()).code, 1);
}

#[test]
fn running_out_of_memory_is_one_line_and_exit_2() {
    // n = 2 * 10^6 with full step sets needs about 88 MB; allow 40.
    let n = 2_000_000;
    let steps: String = (1..n).map(|x| format!(" {x}")).collect();
    let input = format!("1\n{n}\n{}{steps}\n{}{steps}\n", n - 1, n - 1);
    let out = run(loopy_limited(40_000, &[]), input.as_bytes());
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("loopy: game 1: out of memory (an allocation of "),
        "{}",
        out.stderr
    );
}

#[test]
fn memory_follows_the_largest_game_not_the_input() {
    // 24 MB of tiny games in 24 MB of address space, through a pipe and from a file
    // (read twice), and with no temporary directory to copy a pipe into.
    let input = tiny_games(2_000_000);
    let want = "Loop Win\nWin Loop\n".repeat(2_000_000);
    let out = run(loopy_limited(24_000, &[]), &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout == want, "pipe: wrong answer");

    let path = std::env::temp_dir().join(format!("loopy-cli-test-{}.txt", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let mut cmd = loopy_limited(24_000, &[]);
    cmd.stdin(std::fs::File::open(&path).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let out = cmd.output().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(exit_code(out.status), 0);
    assert!(out.stdout == want.as_bytes(), "file: wrong answer");

    let mut cmd = loopy_cmd(&[]);
    cmd.env("TMPDIR", "/nonexistent/loopy");
    let out = run(cmd, &input[..12 * 1000 + 8]);
    assert_eq!(out.code, 2, "a cut input is still checked whole");
    let mut cmd = loopy_cmd(&[]);
    cmd.env("TMPDIR", "/nonexistent/loopy");
    let out = run(cmd, SAMPLE_IN.as_bytes());
    assert_eq!(out.stdout, SAMPLE_OUT);
}

#[test]
fn a_bad_game_after_many_good_ones_prints_nothing() {
    let mut input = tiny_games(100_000);
    input[..6].copy_from_slice(b"100001");
    input.extend_from_slice(b"5\n1 1\n1 5\n");
    let out = loopy(&[], &input);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr
            .contains("game 100001, line 300004: player 2's step 5 is out of range"),
        "{}",
        out.stderr
    );
}
