//! The answer checker (`loopy::judge::check`) against an independent oracle: the right
//! answers come from the fixed-point oracles of `common` (never from the solver the
//! checker uses), and where the first difference is comes from a plain line-by-line
//! comparison written here. Planted faults of every kind, random inputs with random
//! single and multiple faults (proptest), and chunked pushing against one push.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::graph::{Edges, GraphOracle};
use common::{Oracle, Rng};
use loopy::judge::check::{check, CheckFormat, Checker, DiffKind, Options, Verdict};
use loopy::judge::graph::{parse_dag, parse_goal};
use loopy::Outcome;
use proptest::prelude::*;

/// The right answer to a ring input, from the oracle.
fn ring_answer(input: &str) -> String {
    let games = loopy::judge::parse(input.as_bytes()).expect("a valid input");
    let mut out = String::new();
    for g in &games {
        out.push_str(&Oracle::of(g).judge_text());
        out.push('\n');
    }
    out
}

fn goal_answer(input: &str) -> String {
    let parsed = parse_goal(input.as_bytes()).expect("a valid input");
    let mut out = String::new();
    for &(s, g) in &parsed.queries {
        let e = Edges {
            n: parsed.n,
            from: parsed.from.clone(),
            to: parsed.to.clone(),
            goal: Some(g),
        };
        let word = match GraphOracle::new(&e).outcome[s as usize] {
            Outcome::Win => "1",
            Outcome::Lose => "-1",
            Outcome::Loop => "0",
        };
        out.push_str(word);
        out.push('\n');
    }
    out
}

fn dag_answer(input: &str) -> String {
    let mut out = String::new();
    for inst in parse_dag(input.as_bytes()).expect("a valid input") {
        let e = Edges {
            n: inst.n,
            from: inst.from.clone(),
            to: inst.to.clone(),
            goal: None,
        };
        let o = GraphOracle::new(&e);
        let first_wins = o.outcome[1] == Outcome::Win;
        let set: Vec<String> = o.optimal_set(1).iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "{}\n{}\n",
            (first_wins == inst.hero_first) as u8,
            set.join(" ")
        ));
    }
    out
}

/// A random small tree input.
fn tree_input(rng: &mut Rng) -> String {
    let n = 1 + rng.below(7) as usize;
    let (stones, edges) = rng.tree(n, 4);
    let mut s = format!("{}\n", stones.len());
    let words: Vec<String> = stones.iter().map(u64::to_string).collect();
    s.push_str(&words.join(" "));
    s.push('\n');
    for (u, v) in edges {
        s.push_str(&format!("{u} {v}\n"));
    }
    s
}

/// The right answer to a tree input, from the brute force over every state.
fn tree_answer(input: &str) -> String {
    let t = loopy::judge::tree::parse_tree(input.as_bytes()).expect("a valid input");
    let stones: Vec<u64> = (1..=t.n()).map(|v| t.stones(v)).collect();
    let winners = common::tree::brute_winners(&stones, t.edges());
    let words: Vec<String> = winners.iter().map(u32::to_string).collect();
    format!("{}\n", words.join(" "))
}

/// The first difference as a plain comparison sees it: its kind, the 0-based line of
/// the answer (or, for an extra line, of the output) and the 0-based word.
#[derive(Debug, PartialEq, Eq)]
struct Plain {
    kind: DiffKind,
    line: usize,
    word: usize,
}

fn is_value(format: CheckFormat, word: &str, set_line: bool) -> bool {
    match format {
        CheckFormat::Ring => ["Win", "Lose", "Loop"].contains(&word),
        CheckFormat::Goal => ["1", "-1", "0"].contains(&word),
        CheckFormat::Dag | CheckFormat::Tree if set_line => {
            !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
        }
        CheckFormat::Dag => ["1", "0"].contains(&word),
        CheckFormat::Tree => unreachable!("the tree's one line is a set"),
    }
}

/// Lines that hold a word, split into words at white space.
fn lines(text: &str) -> Vec<Vec<&str>> {
    text.split('\n')
        .map(|l| {
            l.split(|c: char| c.is_ascii_whitespace() || c == '\x0b')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The first difference within line `i`, the line of the answer `ew` against the output's
/// `fw`: its kind and 0-based word.
fn line_difference(
    format: CheckFormat,
    i: usize,
    ew: &[&str],
    fw: &[&str],
) -> Option<(DiffKind, usize)> {
    let set_line = format == CheckFormat::Dag && i % 2 == 1 || format == CheckFormat::Tree;
    if set_line {
        // A set, read whole: a word that is not a number first; then the smallest vertex
        // missing or extra; then the right vertices out of order or twice.
        let mut got: Vec<u64> = Vec::new();
        for (j, w) in fw.iter().enumerate() {
            match w.parse() {
                Ok(v) if is_value(format, w, true) => got.push(v),
                _ => return Some((DiffKind::NotAValue, j)),
            }
        }
        let want: Vec<u64> = ew.iter().map(|w| w.parse().unwrap()).collect();
        let mut distinct = got.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let odd = want
            .iter()
            .filter(|v| !distinct.contains(v))
            .chain(distinct.iter().filter(|v| !want.contains(v)))
            .min();
        if let Some(v) = odd {
            let kind = if want.contains(v) {
                DiffKind::MissingVertex
            } else {
                DiffKind::ExtraVertex
            };
            return Some((kind, 0));
        }
        return (got != want).then_some((DiffKind::OutOfOrder, 0));
    }
    for j in 0..ew.len().max(fw.len()) {
        match (ew.get(j), fw.get(j)) {
            (Some(_), None) => return Some((DiffKind::MissingWord, j)),
            (None, Some(_)) => return Some((DiffKind::ExtraWord, j)),
            (Some(a), Some(b)) if a != b => {
                let kind = if is_value(format, b, false) {
                    DiffKind::WrongValue
                } else {
                    DiffKind::NotAValue
                };
                return Some((kind, j));
            }
            _ => {}
        }
    }
    None
}

/// The lines read after one with a difference before it is decided (the checker's
/// window, as docs/formats.md states it).
const WINDOW: usize = 8;

/// The first difference as docs/formats.md defines it: lines compared in place; at the
/// first line with a difference, if the lines after it do not match in place but the
/// output from it on is the answer from `k` lines later (`k` lines missing) or the output
/// from `k` lines later is the answer from it on (`k` lines extra), for `k` = 1 then 2,
/// over the window of lines read, the missing or extra line is the difference.
fn plain_first_difference(format: CheckFormat, expected: &str, found: &str) -> Option<Plain> {
    let (mut e, f) = (lines(expected), lines(found));
    if format == CheckFormat::Tree {
        // The answer is one line, empty when the first player wins nowhere.
        let line = expected.lines().next().unwrap_or("");
        e = vec![line.split(' ').filter(|w| !w.is_empty()).collect()];
    }
    for i in 0..e.len().max(f.len()) {
        let at = |kind, word| {
            Some(Plain {
                kind,
                line: i,
                word,
            })
        };
        let (Some(ew), Some(fw)) = (e.get(i), f.get(i)) else {
            if i >= f.len() {
                // A line of no words (the tree's empty set) cannot be missing.
                return if e[i..].iter().all(|l| l.is_empty()) {
                    None
                } else {
                    at(DiffKind::MissingLine, 0)
                };
            }
            return at(DiffKind::ExtraLine, 0);
        };
        let Some((kind, word)) = line_difference(format, i, ew, fw) else {
            continue;
        };
        let w = WINDOW.min(f.len() - i);
        let same =
            |o: usize, a: usize| matches!((f.get(o), e.get(a)), (Some(x), Some(y)) if x == y);
        let in_place = w >= 2 && (1..w).all(|t| same(i + t, i + t));
        if !in_place {
            for k in 1..=2 {
                if (0..w).all(|t| same(i + t, i + t + k)) {
                    return at(DiffKind::MissingLine, 0);
                }
                if w > k && (0..w - k).all(|t| same(i + t + k, i + t)) {
                    return at(DiffKind::ExtraLine, 0);
                }
            }
        }
        return at(kind, word);
    }
    None
}

/// Checks the checker's first difference against the plain comparison.
fn agree(format: CheckFormat, input: &str, expected: &str, found: &str) {
    let report = check(format, input.as_bytes(), found.as_bytes(), Options::FIRST);
    let plain = plain_first_difference(format, expected, found);
    let Some(plain) = plain else {
        assert_eq!(report.verdict, Verdict::Ok, "{found:?}: {}", report.message);
        assert_eq!(report.exit_code, 0);
        return;
    };
    let d = report
        .first
        .as_ref()
        .unwrap_or_else(|| panic!("no difference found in {found:?}, plain: {plain:?}"));
    assert_eq!(d.kind, plain.kind, "{found:?}: {}", report.message);
    assert_eq!(report.exit_code, d.kind.verdict().exit_code());
    assert_eq!(
        report.exit_code,
        if plain.kind == DiffKind::WrongValue
            || matches!(plain.kind, DiffKind::MissingVertex | DiffKind::ExtraVertex)
        {
            1
        } else {
            2
        }
    );
    match (format, plain.kind) {
        (_, DiffKind::ExtraLine) => {
            // The line of the output that should not be there (1-based), counted here.
            let line_no = found
                .split('\n')
                .enumerate()
                .filter(|(_, l)| l.split_ascii_whitespace().next().is_some())
                .nth(plain.line)
                .unwrap()
                .0
                + 1;
            assert_eq!(d.line, line_no as u64, "{}", report.message);
        }
        (CheckFormat::Ring, _) => {
            assert_eq!(
                d.game,
                Some(plain.line as u64 / 2 + 1),
                "{}",
                report.message
            );
            assert_eq!(
                d.player.map(|p| p.number()),
                Some(plain.line as u8 % 2 + 1),
                "{}",
                report.message
            );
            if plain.kind != DiffKind::MissingLine {
                assert_eq!(
                    d.position,
                    Some(plain.word as u64 + 1),
                    "{}",
                    report.message
                );
            }
        }
        (CheckFormat::Goal, _) => {
            assert_eq!(d.query, Some(plain.line as u64 + 1), "{}", report.message);
            let q = parse_goal(input.as_bytes()).unwrap().queries[plain.line];
            assert_eq!(d.vertex, Some(q.0 as u64));
        }
        (CheckFormat::Dag, _) => {
            assert_eq!(
                d.instance,
                Some(plain.line as u64 / 2 + 1),
                "{}",
                report.message
            );
        }
        (CheckFormat::Tree, _) => {}
    }
    assert!(
        report.message.starts_with(d.kind.verdict().words()),
        "{}",
        report.message
    );
    if d.kind == DiffKind::WrongValue {
        assert!(
            d.why.is_some(),
            "a wrong value is explained: {}",
            report.message
        );
    }
    // A ring difference at a position names the state's index, the one explain gives.
    if let (CheckFormat::Ring, Some(pos), false) =
        (format, d.position, d.kind == DiffKind::ExtraWord)
    {
        let (game, player) = (d.game.unwrap(), d.player.unwrap());
        let games = loopy::judge::parse(input.as_bytes()).unwrap();
        let solution = loopy::solve(&games[game as usize - 1]);
        let facts = loopy::explain::explain_state(&solution, player.number() as u64, pos).unwrap();
        assert_eq!(d.state, Some(facts.state as u64), "{}", report.message);
    }
}

/// A random ring input: 1 to `max_t` games of `n` up to `max_n`.
fn ring_input(rng: &mut Rng, max_t: u64, max_n: u64) -> String {
    let t = 1 + rng.below(max_t);
    let mut s = format!("{t}\n");
    for _ in 0..t {
        let n = 2 + rng.below(max_n - 1) as u32;
        let per_mille = 100 + rng.below(600);
        for (k, set) in [rng.steps(n, per_mille), rng.steps(n, per_mille)]
            .iter()
            .enumerate()
        {
            if k == 0 {
                s.push_str(&format!("{n}\n"));
            }
            let words: Vec<String> = set.iter().map(u32::to_string).collect();
            s.push_str(&format!("{} {}\n", set.len(), words.join(" ")));
        }
    }
    s
}

fn goal_input(rng: &mut Rng) -> String {
    let (n, m) = (2 + rng.below(7) as u32, rng.below(14) as u32);
    let e = rng.graph(n, m);
    let q = rng.below(5);
    let mut s = format!("{} {} {q}\n", e.n, e.from.len());
    for (u, v) in e.from.iter().zip(&e.to) {
        s.push_str(&format!("{u} {v}\n"));
    }
    for _ in 0..q {
        let a = 1 + rng.below(e.n as u64);
        let b = 1 + rng.below(e.n as u64 - 1);
        s.push_str(&format!("{a} {}\n", if b >= a { b + 1 } else { b }));
    }
    s
}

fn dag_input(rng: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..1 + rng.below(3) {
        let n = 1 + rng.below(8);
        let m = rng.below(12);
        s.push_str(&format!("{n} {m} {}\n", rng.below(2)));
        for _ in 0..m {
            s.push_str(&format!("{} {}\n", 1 + rng.below(n), 1 + rng.below(n)));
        }
    }
    s
}

/// One random fault planted in `answer` (as lines of words).
fn plant(rng: &mut Rng, format: CheckFormat, answer: &str) -> String {
    let mut lines: Vec<Vec<String>> = answer
        .lines()
        .map(|l| l.split(' ').map(String::from).collect())
        .collect();
    if lines.is_empty() || lines.iter().all(|l| l.iter().all(|w| w.is_empty())) {
        return "Win\n".into();
    }
    let i = rng.below(lines.len() as u64) as usize;
    let j = rng.below(lines[i].len() as u64) as usize;
    let other = |w: &str, rng: &mut Rng| -> String {
        let values: &[&str] = match format {
            CheckFormat::Ring => &["Win", "Lose", "Loop"],
            CheckFormat::Goal => &["1", "-1", "0"],
            CheckFormat::Dag | CheckFormat::Tree => {
                &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
            }
        };
        let pick: Vec<&&str> = values.iter().filter(|v| **v != w).collect();
        pick[rng.below(pick.len() as u64) as usize].to_string()
    };
    match rng.below(8) {
        0 | 1 => lines[i][j] = other(&lines[i][j].clone(), rng),
        2 => {
            // A game's (or instance's) two lines swapped.
            let k = i ^ 1;
            if k < lines.len() {
                lines.swap(i, k);
            }
        }
        3 => {
            lines[i].remove(j);
        }
        4 => lines[i][j] = ["win", "x", "LOSE", "-", "1.0"][rng.below(5) as usize].into(),
        5 => {
            lines.remove(i);
        }
        6 => lines.push(vec![other("", rng)]),
        _ => lines[i].insert(j, other("", rng)),
    }
    let mut out: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
    out.push(String::new());
    out.join("\n")
}

#[test]
fn a_correct_output_is_ok_with_exit_code_0_in_every_format() {
    let mut rng = Rng(7);
    for _ in 0..50 {
        let input = ring_input(&mut rng, 4, 12);
        let r = check(
            CheckFormat::Ring,
            input.as_bytes(),
            ring_answer(&input).as_bytes(),
            Options::all(10),
        );
        assert_eq!(
            (r.verdict, r.exit_code, r.total),
            (Verdict::Ok, 0, 0),
            "{}",
            r.message
        );
        let input = goal_input(&mut rng);
        let r = check(
            CheckFormat::Goal,
            input.as_bytes(),
            goal_answer(&input).as_bytes(),
            Options::FIRST,
        );
        assert_eq!(r.exit_code, 0, "{input}: {}", r.message);
        let input = dag_input(&mut rng);
        let r = check(
            CheckFormat::Dag,
            input.as_bytes(),
            dag_answer(&input).as_bytes(),
            Options::FIRST,
        );
        assert_eq!(r.exit_code, 0, "{input}: {}", r.message);
        let input = tree_input(&mut rng);
        let r = check(
            CheckFormat::Tree,
            input.as_bytes(),
            tree_answer(&input).as_bytes(),
            Options::FIRST,
        );
        assert_eq!(r.exit_code, 0, "{input}: {}", r.message);
    }
    // White space as the judge reads it: \r\n, runs of blanks, blank lines.
    let input = "1\n5\n2 3 2\n3 1 2 3\n";
    let r = check(
        CheckFormat::Ring,
        input.as_bytes(),
        b"\n Lose\tWin  Win Loop \r\n\n\x0cLoop Win Win Win\r\n\n",
        Options::FIRST,
    );
    assert_eq!(r.message, "ok 1 game, 2 lines");
}

#[test]
fn planted_faults_are_found_where_a_plain_comparison_finds_them() {
    let mut rng = Rng(2024);
    for round in 0..400 {
        let input = ring_input(&mut rng, 4, 14);
        let answer = ring_answer(&input);
        let found = plant(&mut rng, CheckFormat::Ring, &answer);
        agree(CheckFormat::Ring, &input, &answer, &found);
        let input = tree_input(&mut rng);
        let answer = tree_answer(&input);
        agree(
            CheckFormat::Tree,
            &input,
            &answer,
            &plant(&mut rng, CheckFormat::Tree, &answer),
        );
        if round % 2 == 0 {
            let input = goal_input(&mut rng);
            let answer = goal_answer(&input);
            agree(
                CheckFormat::Goal,
                &input,
                &answer,
                &plant(&mut rng, CheckFormat::Goal, &answer),
            );
            let input = dag_input(&mut rng);
            let answer = dag_answer(&input);
            agree(
                CheckFormat::Dag,
                &input,
                &answer,
                &plant(&mut rng, CheckFormat::Dag, &answer),
            );
        }
    }
}

#[test]
fn each_kind_of_fault_gives_its_verdict_and_place() {
    let input = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
    let right = [
        "Lose Win Win Loop",
        "Loop Win Win Win",
        "Win Win Win Win Win Win Win",
        "Lose Win Lose Lose Win Lose Lose",
    ];
    let with = |i: usize, line: &str| {
        let mut l = right.to_vec();
        l[i] = line;
        l.join("\n") + "\n"
    };
    let cases = [
        (with(3, "Lose Win Lose Lose Win Win Lose"), 1, "wrong answer game 2, player 2, position 6 (line 4): expected Lose, found Win (player 2 loses in 4: each of its 2 moves hands player 1 a win; the longest resistance is step 3 to 1, where player 1 wins in 3)"),
        (format!("{}\n{}\n{}\n{}\n", right[1], right[0], right[2], right[3]), 1, "wrong answer game 1, player 1, position 1 (line 1): expected Lose, found Loop (player 1 loses in 2: each of its 2 moves hands player 2 a win; the longest resistance is step 2 to 3, where player 2 wins in 1)"),
        (with(1, "Loop Win Win"), 2, "presentation error game 1, player 2, position 4 (line 2): expected Win, found the end of the line"),
        (with(0, "Lose Win Wn Loop"), 2, "presentation error game 1, player 1, position 3 (line 1): expected Win, found \"Wn\", which is not Win, Lose or Loop"),
        (format!("{}\n{}\n{}\n", right[0], right[1], right[2]), 2, "presentation error game 2, player 2 (line 4): expected a line that starts Lose, found the end of the output"),
        (format!("{}\n{}\n{}\n{}\nWin\n", right[0], right[1], right[2], right[3]), 2, "presentation error line 5: expected the end of the output, found \"Win\""),
        (with(0, "Lose Win Win Loop Loop"), 2, "presentation error game 1, player 1, position 5 (line 1): expected the end of the line, found \"Loop\""),
    ];
    for (output, code, message) in cases {
        let r = check(
            CheckFormat::Ring,
            input.as_bytes(),
            output.as_bytes(),
            Options::FIRST,
        );
        assert_eq!(
            (r.exit_code, r.message.as_str()),
            (code, message),
            "{output:?}"
        );
    }
    // A bad input is 3 whatever the output, even where the output differs earlier.
    for bad in [
        "",
        "1\n5\n2 3\n3 1 2 3\n",
        "2\n5\n2 3 2\n3 1 2 3\n3\n1 7\n1 1\n",
        "1\n5\n2 3 2\n3 1 2 3\nx",
    ] {
        let r = check(
            CheckFormat::Ring,
            bad.as_bytes(),
            b"Win\nWin\n",
            Options::all(5),
        );
        assert_eq!(
            (r.verdict, r.exit_code),
            (Verdict::BadInput, 3),
            "{bad:?}: {}",
            r.message
        );
        assert!(r.message.starts_with("bad input "), "{}", r.message);
    }
    let r = check(
        CheckFormat::Goal,
        b"3 1 1\n1 2\n2 2\n",
        b"1\n",
        Options::FIRST,
    );
    assert_eq!((r.exit_code, r.message.as_str()), (3, "bad input query 1, line 3: the start 2 is also the goal: a game starts off its goal (s != g)"));
}

/// A Loop state of more moves than the core's facts list (`MAX_FACT_MOVES`): the verdict's
/// why counts its Loop steps from the oracle and names the smallest of them, and no more.
#[test]
fn the_why_of_a_loop_of_many_moves_counts_its_loops_and_names_the_smallest() {
    use loopy::explain::MAX_FACT_LOOPS;
    let mut rng = Rng(0x100b_5eed);
    let mut seen = 0;
    while seen < 3 {
        let n = 150 + rng.below(100) as u32;
        let density = 400 + rng.below(500);
        let s = rng.steps(n, density);
        let oracle = Oracle::new(n, &s, &s);
        let loops = |i: usize| -> Vec<u32> {
            let t = |x: u32| (i + x as usize) % n as usize;
            s.iter()
                .copied()
                .filter(|&x| t(x) != 0 && oracle.outcome[1][t(x)] == Outcome::Loop)
                .collect()
        };
        let Some(i) = (1..n as usize)
            .find(|&i| oracle.outcome[0][i] == Outcome::Loop && loops(i).len() > MAX_FACT_LOOPS)
        else {
            continue;
        };
        seen += 1;
        let words: Vec<String> = s.iter().map(u32::to_string).collect();
        let set = format!("{} {}", s.len(), words.join(" "));
        let input = format!("1\n{n}\n{set}\n{set}\n");
        let mut right: Vec<String> = oracle.judge_text().lines().map(String::from).collect();
        let mut row: Vec<&str> = right[0].split(' ').collect();
        row[i - 1] = "Win";
        right[0] = row.join(" ");
        let output = right.join("\n") + "\n";
        let r = check(
            CheckFormat::Ring,
            input.as_bytes(),
            output.as_bytes(),
            Options::FIRST,
        );
        let all = loops(i);
        let named: Vec<String> = all[..MAX_FACT_LOOPS].iter().map(u32::to_string).collect();
        let why = format!(
            "(a loop: no move of player 1 reaches the hole or a loss for player 2, and {} \
             steps keep the game going: {}, ...)",
            all.len(),
            named.join(", ")
        );
        assert!(r.message.ends_with(&why), "{}\n{why}", r.message);
    }
}

#[test]
fn graph_differences_name_the_query_or_the_instance_and_the_vertex() {
    let goal = "8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n";
    let r = check(
        CheckFormat::Goal,
        goal.as_bytes(),
        b"-1\n1\n1\n-1\n",
        Options::FIRST,
    );
    assert_eq!(r.message, "wrong answer query 3, vertex 7 (line 3): expected 0, found 1 (a draw: no move from 7 leaves the opponent a loss, and the move to 8 keeps the game drawn)");
    let dag = "5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n";
    let r = check(
        CheckFormat::Dag,
        dag.as_bytes(),
        b"1\n1 2 5\n",
        Options::FIRST,
    );
    assert_eq!(r.message, "wrong answer instance 1, vertex 4 (line 2): the optimal-play set holds 4, but the line leaves it out (correct play reaches it: 1 -> 2 -> 4)");
    let r = check(
        CheckFormat::Dag,
        dag.as_bytes(),
        b"1\n1 2 3 4 5\n",
        Options::all(10),
    );
    assert_eq!(r.message, "wrong answer instance 1, vertex 3 (line 2): the line holds 3, which is not in the optimal-play set (correct play never makes the move to it from 1) [1 difference in all: extraVertex 1]");
    let r = check(
        CheckFormat::Dag,
        dag.as_bytes(),
        b"0\n1 2 4 5\n",
        Options::FIRST,
    );
    assert_eq!(r.message, "wrong answer instance 1 (line 1): expected 1, found 0 (the hero moves first (f = 1), and the player to move at 1 wins in 3: the move to 2 leaves the opponent a loss in 2; so the hero wins)");
    // The opponent first: the first mover's win is the hero's loss, and the why says so.
    let r = check(
        CheckFormat::Dag,
        dag.replace("5 5 1", "5 5 0").as_bytes(),
        b"1\n1 2 4 5\n",
        Options::FIRST,
    );
    assert_eq!(r.message, "wrong answer instance 1 (line 1): expected 0, found 1 (the opponent moves first (f = 0), and the player to move at 1 wins in 3: the move to 2 leaves the opponent a loss in 2; so the opponent wins)");
}

#[test]
fn a_set_with_the_right_vertices_out_of_order_or_twice_is_a_presentation_error() {
    let dag = "5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n";
    let cases: [(&[u8], u8, &str); 4] = [
        (b"1\n1 4 2 5\n", 2, "presentation error instance 1 (line 2): the line holds the right vertices, but not in ascending order: 2 after 4"),
        (b"1\n1 2 2 4 5\n", 2, "presentation error instance 1 (line 2): the line holds the right vertices, but 2 twice (each vertex once, ascending)"),
        // A vertex missing as well: a wrong answer, whatever the order.
        (b"1\n1 4 5\n", 1, "wrong answer instance 1, vertex 2 (line 2): the optimal-play set holds 2, but the line leaves it out (correct play reaches it: 1 -> 2)"),
        (b"1\n5 4 2 1\n", 2, "presentation error instance 1 (line 2): the line holds the right vertices, but not in ascending order: 4 after 5"),
    ];
    for (output, code, message) in cases {
        let r = check(CheckFormat::Dag, dag.as_bytes(), output, Options::FIRST);
        assert_eq!((r.exit_code, r.message.as_str()), (code, message));
    }
    let tree = "5\n5 4 1 2 3\n1 2\n1 3\n2 4\n2 5\n";
    let r = check(CheckFormat::Tree, tree.as_bytes(), b"2 1\n", Options::FIRST);
    assert_eq!((r.exit_code, r.message.as_str()), (2, "presentation error line 1: the line holds the right vertices, but not in ascending order: 1 after 2"));
}

#[test]
fn a_dropped_or_added_line_is_named_where_it_is_not_blamed_on_the_next() {
    let input = "3\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n5\n2 3 2\n3 1 2 3\n";
    let right = [
        "Lose Win Win Loop",
        "Loop Win Win Win",
        "Win Win Win Win Win Win Win",
        "Lose Win Lose Lose Win Lose Lose",
        "Lose Win Win Loop",
        "Loop Win Win Win",
    ];
    let without = |i: usize| {
        let mut l = right.to_vec();
        l.remove(i);
        l.join("\n") + "\n"
    };
    let with_extra = |i: usize, line: &str| {
        let mut l = right.to_vec();
        l.insert(i, line);
        l.join("\n") + "\n"
    };
    let cases = [
        (without(1), "presentation error game 1, player 2 (line 2): expected a line that starts Loop, found the line after it"),
        (without(2), "presentation error game 2, player 1 (line 3): expected a line that starts Win, found the line after it"),
        (with_extra(2, right[3]), "presentation error line 3: expected the next line of the answer, found an extra line that starts \"Lose\""),
        (with_extra(1, "Win Win"), "presentation error line 2: expected the next line of the answer, found an extra line that starts \"Win\""),
    ];
    for (output, message) in cases {
        let r = check(
            CheckFormat::Ring,
            input.as_bytes(),
            output.as_bytes(),
            Options::FIRST,
        );
        assert_eq!((r.exit_code, r.message.as_str()), (2, message), "{output}");
    }
    // With --all, the lines after a dropped one are matched at their new place: the
    // missing line is the only difference.
    let r = check(
        CheckFormat::Ring,
        input.as_bytes(),
        without(1).as_bytes(),
        Options::all(10),
    );
    assert_eq!(r.total, 1, "{}", r.message);
    // A query's line dropped from a `goal` answer.
    let goal = "8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n";
    let r = check(
        CheckFormat::Goal,
        goal.as_bytes(),
        b"-1\n0\n-1\n",
        Options::FIRST,
    );
    assert_eq!(r.message, "presentation error query 2, vertex 3 (line 2): expected a line that starts 1, found the line after it");
}

#[test]
fn all_mode_counts_every_difference_by_kind_and_keeps_the_first_limit() {
    let input = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
    let output = "Win Win Win Win\nLoop Win Win x\nWin Win Win Win Win Win Win Win\n";
    let r = check(
        CheckFormat::Ring,
        input.as_bytes(),
        output.as_bytes(),
        Options::all(2),
    );
    let counts: Vec<(&str, u64)> = r.counts.iter().map(|(k, v)| (k.code(), v)).collect();
    assert_eq!(
        counts,
        [
            ("wrongValue", 2),
            ("extraWord", 1),
            ("notAValue", 1),
            ("missingLine", 1)
        ]
    );
    assert_eq!(r.total, 5);
    assert_eq!(r.differences.len(), 2);
    assert_eq!(r.exit_code, 1, "the first difference decides");
    assert!(r.differences.iter().all(|d| d.why.is_some()));
    let none = check(
        CheckFormat::Ring,
        input.as_bytes(),
        output.as_bytes(),
        Options::all(0),
    );
    assert!(none.differences.is_empty());
    assert_eq!(
        (none.total, none.first.as_ref().map(|d| d.why.is_some())),
        (5, Some(true))
    );
    assert!(
        r.message.ends_with(
            "[5 differences in all: wrongValue 2, extraWord 1, notAValue 1, missingLine 1]"
        ),
        "{}",
        r.message
    );
    // The headline is the verdict line the first difference alone would give.
    let first = check(
        CheckFormat::Ring,
        input.as_bytes(),
        output.as_bytes(),
        Options::FIRST,
    );
    assert_eq!(r.headline, first.message);
    assert_eq!(first.headline, first.message);
    assert!(r.message.starts_with(&r.headline), "{}", r.message);
}

/// Pushes `output` in the chunks `cuts` makes of it.
fn pushed(
    format: CheckFormat,
    input: &str,
    output: &[u8],
    cuts: &[usize],
    options: Options,
) -> loopy::judge::check::CheckReport {
    let mut c = Checker::new(format, input.as_bytes(), options);
    let mut at = 0;
    for &cut in cuts {
        let cut = cut.clamp(at, output.len());
        c.push(&output[at..cut]);
        at = cut;
    }
    c.push(&output[at..]);
    c.finish()
}

fn any_case() -> impl Strategy<Value = (CheckFormat, String, String, String)> {
    (any::<u64>(), 0..4u8, 0..4usize).prop_map(|(seed, format, faults)| {
        let mut rng = Rng(seed | 1);
        let (format, input) = match format {
            0 => (CheckFormat::Ring, ring_input(&mut rng, 4, 10)),
            1 => (CheckFormat::Goal, goal_input(&mut rng)),
            2 => (CheckFormat::Dag, dag_input(&mut rng)),
            _ => (CheckFormat::Tree, tree_input(&mut rng)),
        };
        let answer = match format {
            CheckFormat::Ring => ring_answer(&input),
            CheckFormat::Goal => goal_answer(&input),
            CheckFormat::Dag => dag_answer(&input),
            CheckFormat::Tree => tree_answer(&input),
        };
        let mut found = answer.clone();
        for _ in 0..faults {
            found = plant(&mut rng, format, &found);
        }
        (format, input, answer, found)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Random inputs with random single and multiple faults: the first difference is
    /// where a plain line-by-line comparison puts it.
    #[test]
    fn the_first_difference_is_the_plain_comparisons((format, input, answer, found) in any_case()) {
        agree(format, &input, &answer, &found);
    }

    /// The output pushed in random chunks (cut anywhere, even in a word) gives the same
    /// report as one push, with and without `all`.
    #[test]
    fn chunked_pushing_gives_the_report_of_one_push(
        (format, input, _answer, found) in any_case(),
        cuts in proptest::collection::vec(0..200usize, 0..12),
    ) {
        let mut cuts = cuts;
        cuts.sort_unstable();
        for options in [Options::FIRST, Options::all(1000)] {
            let whole = check(format, input.as_bytes(), found.as_bytes(), options);
            prop_assert_eq!(pushed(format, &input, found.as_bytes(), &cuts, options), whole);
        }
    }
}
