//! The judge format and the `loopy` binary: exact output, every bad input of the spec
//! (exit 2, nothing on stdout, one line on stderr), and agreement with the oracle and
//! the classic BFS on random and maximal inputs.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{game, Oracle, Rng};
use loopy::classic::solve_classic;
use loopy::judge;
use loopy::{GameError, Player, MAX_N};

const SAMPLE_IN: &str = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
const SAMPLE_OUT: &str = "Lose Win Win Loop\nLoop Win Win Win\n\
Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n";

struct Output {
    stdout: String,
    stderr: String,
    code: i32,
}

fn loopy(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_loopy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run loopy");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Output {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap_or(-1),
    }
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
    let out = loopy(&[], b"  2\r\n5\t2 3 2\n3\n1\n2\n3\n\n8 4 6 2 3 4 2 3 6");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, SAMPLE_OUT);
}

#[test]
fn cli_help_describes_usage() {
    let out = loopy(&["--help"], b"");
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("usage: loopy [--depth]"));
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
        "game 1, line 3: player 1 declares 1 steps, but its line holds 2",
    ),
    (
        "count too large",
        "1\n5\n3 2 3\n1 1\n",
        "game 1, line 3: player 1 declares 3 steps, but its line holds 2",
    ),
    (
        "count beyond n",
        "1\n5\n9 1 2 3 4 1 2 3 4 1\n1 1\n",
        "player 1 declares 9 steps, but only n - 1 = 4 distinct steps exist",
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
        "n 99999999999999999999999 is far too large",
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
