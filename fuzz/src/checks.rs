//! What each fuzz target checks, on any bytes. Each check panics on a disagreement;
//! nothing here may panic on a valid run. Only the crate's public API is used, and
//! every answer is held to something independent: the classic BFS, a plain reading of
//! the spec's rules, or the same input read another way.
//!
//! A new target needs a check here, a one-line file in `fuzz_targets/`, a `[[bin]]` in
//! Cargo.toml, a kept corpus in `corpus/`, its name in xtask's `fuzz::TARGETS`, and a
//! replay test in crate/tests/fuzz_corpus.rs.

use std::io::{self, BufReader, Read};

use loopy::classic::solve_classic;
use loopy::judge::graph::{
    parse_any, parse_dag, parse_edges, parse_goal, write_dag, write_goal, DagInstance, EdgeList,
    Format, GoalInput, Parsed, TextError,
};
use loopy::judge::tree::parse_tree;
use loopy::judge::{self, JudgeError};
use loopy::propagation::{Event, Granularity, PACKED_WORDS};
use loopy::tree::StoneTree;
use loopy::{
    solve, solve_traced, GameError, Outcome, Player, Propagation, RingGame, Solution, Solver, MAX_N,
};

/// The judge parser: never panics; reads the same games (or fails the same way)
/// whether the input comes whole or a few bytes at a time; what it accepts, written
/// back, reads the same again; its errors are one short line; small inputs it accepts
/// are answered with two lines of `n - 1` words per game.
pub fn judge_parse(data: &[u8]) {
    let whole = judge::parse(data);
    let chunk = 1 + data.first().map_or(0, |&b| b as usize % 7);
    let trickled: Result<Vec<RingGame>, JudgeError> =
        judge::games(BufReader::with_capacity(chunk, Trickle { data, chunk })).collect();
    assert_eq!(whole, trickled, "read whole and read in pieces of {chunk}");
    match &whole {
        Err(e) => {
            let text = e.to_string();
            assert!(text.len() <= 400, "a long error: {text:?}");
            assert!(!text.contains('\n'), "a multi-line error: {text:?}");
            assert!(judge::check(data).is_err());
        }
        Ok(games) => {
            assert_eq!(judge::check(data), Ok(games.len() as u64));
            let written = write_judge(games);
            assert_eq!(judge::parse(written.as_bytes()).as_ref(), Ok(games));
            let size: u64 = games.iter().map(|g| g.edges()).sum();
            if size <= 200_000 {
                let answer = judge::answer(data, true).expect("parsed once, parses again");
                let lines: Vec<&str> = answer.lines().collect();
                assert_eq!(lines.len(), 4 * games.len());
                for (game, lines) in games.iter().zip(lines.chunks(4)) {
                    for line in lines {
                        assert_eq!(line.split(' ').count() as u32, game.n() - 1);
                    }
                }
            }
        }
    }
}

/// A reader that hands out at most `chunk` bytes a call.
struct Trickle<'a> {
    data: &'a [u8],
    chunk: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.data.len().min(buf.len()).min(self.chunk);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn write_judge(games: &[RingGame]) -> String {
    let mut out = format!("{}\n", games.len());
    for game in games {
        out += &format!("{}\n", game.n());
        for p in Player::BOTH {
            let steps = game.steps(p);
            out += &steps.len().to_string();
            for x in steps {
                out += &format!(" {x}");
            }
            out.push('\n');
        }
    }
    out
}

/// A game from bytes: `n` from the first two, then step values. With the first byte's
/// top bit set the steps are bitmasks (dense sets); otherwise each byte is a step value
/// as is, out of range or repeated as it may be, and the two sets are the halves.
fn game_input(data: &[u8], max_n: u64) -> Option<(u64, Vec<u64>, Vec<u64>)> {
    let (&mode, rest) = data.split_first()?;
    let (&low, rest) = rest.split_first()?;
    let n = (((mode & 0x7f) as u64) << 8 | low as u64) % (max_n + 2);
    if mode & 0x80 != 0 {
        let bits = |bytes: &[u8]| -> Vec<u64> {
            (1..n.max(1))
                .filter(|&x| {
                    let i = (x - 1) as usize;
                    bytes.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 != 0)
                })
                .collect()
        };
        let half = rest.len() / 2;
        Some((n, bits(&rest[..half]), bits(&rest[half..])))
    } else {
        let half = rest.len() / 2;
        let values = |bytes: &[u8]| bytes.iter().map(|&b| b as u64).collect();
        Some((n, values(&rest[..half]), values(&rest[half..])))
    }
}

/// What the spec says is wrong with a game, read plainly: the first of `n` too small
/// or too large, then per player (1 then 2) no steps, the first step out of range in
/// input order, the smallest step repeated.
fn expected_error(n: u64, s1: &[u64], s2: &[u64]) -> Option<GameError> {
    if n < 2 {
        return Some(GameError::TooSmall { n });
    }
    if n > MAX_N as u64 {
        return Some(GameError::TooLarge { n, max: MAX_N });
    }
    for (player, steps) in [(Player::One, s1), (Player::Two, s2)] {
        if steps.is_empty() {
            return Some(GameError::NoSteps { player });
        }
        if let Some(&step) = steps.iter().find(|&&x| x == 0 || x >= n) {
            return Some(GameError::StepOutOfRange {
                player,
                step,
                n: n as u32,
            });
        }
        let repeated = steps
            .iter()
            .filter(|&&x| steps.iter().filter(|&&y| y == x).count() > 1)
            .min();
        if let Some(&step) = repeated {
            return Some(GameError::RepeatedStep {
                player,
                step: step as u32,
            });
        }
    }
    None
}

/// `RingGame::new` and the fast solver, against a plain reading of the rules and the
/// classic BFS: the same errors; the same outcomes, depths and BFS order, solved at
/// once, traced, or in calls of a small budget; best moves as the spec defines them.
pub fn ring_solve(data: &[u8]) {
    let Some((n, s1, s2)) = game_input(data, 400) else {
        return;
    };
    let game = match RingGame::new(n, &s1, &s2) {
        Err(e) => {
            assert_eq!(
                Some(e),
                expected_error(n, &s1, &s2),
                "n={n} s1={s1:?} s2={s2:?}"
            );
            return;
        }
        Ok(game) => game,
    };
    assert_eq!(expected_error(n, &s1, &s2), None);
    let (classic, classic_trace) = solve_classic(&game);
    assert_eq!(solve(&game), classic, "{game:?}");
    let (traced, trace) = solve_traced(&game);
    assert_eq!(traced, classic);
    assert_eq!(trace, classic_trace);
    let budget = *data.last().expect("not empty") as u64 % 50;
    let mut solver = Solver::new(&game, true);
    let mut calls = 0u64;
    while !solver.advance(budget) {
        calls += 1;
        assert!(
            calls <= 4 * game.edges() + 64,
            "no progress with budget {budget}"
        );
    }
    let (pieces, pieces_trace) = solver.finish();
    assert_eq!(pieces, classic);
    assert_eq!(pieces_trace, Some(classic_trace));
    check_best_moves(&game, &classic, &solve(&game));
}

/// Best moves by the spec, from `values` (the classic BFS's outcomes and depths).
fn check_best_moves(game: &RingGame, values: &Solution, fast: &Solution) {
    let n = game.n();
    for p in Player::BOTH {
        for i in 1..n {
            let (o, d) = (values.outcome(p, i), values.depth(p, i));
            let good = |x: &&u32| {
                let t = (i + **x) % n;
                let (to, td) = (values.outcome(p.other(), t), values.depth(p.other(), t));
                match o {
                    Outcome::Win if d == 1 => t == 0,
                    Outcome::Win => t != 0 && to == Outcome::Lose && td == d - 1,
                    Outcome::Lose => to == Outcome::Win && td == d - 1,
                    Outcome::Loop => t != 0 && to == Outcome::Loop,
                }
            };
            let want = game.steps(p).iter().find(good).copied();
            assert_eq!(fast.best_move(p, i), want, "best move of ({p}, {i})");
            match o {
                Outcome::Win => assert_eq!(d % 2, 1),
                Outcome::Lose => assert!(d >= 2 && d % 2 == 0),
                Outcome::Loop => assert_eq!(d, 0),
            }
        }
    }
}

const GRANULARITIES: [Granularity; 3] = [
    Granularity::Events,
    Granularity::Resolutions,
    Granularity::Layers,
];

fn keeps(granularity: Granularity, event: &Event) -> bool {
    match granularity {
        Granularity::Events => true,
        Granularity::Resolutions => matches!(event, Event::Resolve { .. } | Event::Done { .. }),
        Granularity::Layers => matches!(event, Event::Layer { .. } | Event::Done { .. }),
    }
}

/// The stepper's random access, driven by the bytes after the game: seeks (backwards,
/// forwards, past the end), single steps, batches and granularity switches, each held
/// to the stream stepped once from the start, and the picture after each to a fresh
/// stepper stepped to the same point.
pub fn stepper_seek(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let n = 2 + head as u32 % 40;
    let (sets, ops) = rest.split_at(rest.len().min(10));
    let steps = |bytes: &[u8]| -> Vec<u64> {
        let mut s: Vec<u64> = (1..n as u64)
            .filter(|&x| bytes.iter().any(|&b| b as u64 % n as u64 == x))
            .collect();
        if s.is_empty() {
            s.push(1);
        }
        s
    };
    let Ok(game) = RingGame::new(
        n as u64,
        &steps(&sets[..sets.len() / 2]),
        &steps(&sets[sets.len() / 2..]),
    ) else {
        return;
    };
    let stream: Vec<Event> = Propagation::new(&game, Granularity::Events).collect();
    let at =
        |g: Granularity| -> Vec<Event> { stream.iter().filter(|e| keeps(g, e)).copied().collect() };
    let lists = GRANULARITIES.map(at);
    let list = |g: Granularity| &lists[GRANULARITIES.iter().position(|&x| x == g).unwrap()];
    let mut run = Propagation::new(&game, GRANULARITIES[head as usize % 3]);
    for op in ops.chunks(2).take(48) {
        let arg = op.get(1).copied().unwrap_or(0) as u64;
        let g = run.granularity();
        let len = list(g).len() as u64;
        assert_eq!(run.len(), len);
        match op[0] % 4 {
            0 => {
                // Anywhere in the run, or past its end.
                let m = arg * (len + 2) / 255;
                let got = run.seek(m);
                let m = m.min(len);
                let want = m.checked_sub(1).map(|k| list(g)[k as usize]);
                assert_eq!(got, want, "seek({m}) at {g:?}");
                assert_eq!(run.cursor(), m);
            }
            1 => {
                let k = run.cursor() as usize;
                assert_eq!(run.next(), list(g).get(k).copied(), "next at {k}, {g:?}");
            }
            2 => run.set_granularity(GRANULARITIES[arg as usize % 3]),
            _ => {
                let k = run.cursor() as usize;
                let max = arg as usize % 9;
                let packed = run.next_batch(max);
                let got: Vec<Event> = packed
                    .chunks(PACKED_WORDS)
                    .map(|w| Event::unpack(w.try_into().unwrap(), n).expect("a known kind"))
                    .collect();
                let want: Vec<Event> = list(g).iter().skip(k).take(max).copied().collect();
                assert_eq!(got, want, "next_batch({max}) at {k}, {g:?}");
            }
        }
        let mut fresh = Propagation::new(&game, Granularity::Events);
        for _ in 0..run.global_position() {
            fresh.next();
        }
        assert_eq!(fresh.global_position(), run.global_position());
        assert_eq!(
            fresh.snapshot(),
            run.snapshot(),
            "picture at {}",
            run.global_position()
        );
        assert_eq!(fresh.resolved(), run.resolved());
    }
}

/// The graph formats' parsers (`goal`, `dag`, the plain edge list): never panic; an
/// error is one short line naming a line of the input; what they accept is what a plain
/// reading of the spec's formats accepts (white-space separated whole numbers for `goal`
/// and `dag`, lines for the edge list), and written back it reads the same again; small
/// `dag` inputs are answered as a brute-force search over the DAG answers them, small
/// `goal` inputs with one value per query.
pub fn graph_parse(data: &[u8]) {
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    let short = |e: &TextError| {
        let text = e.to_string();
        assert!(text.len() <= 400, "a long error: {text:?}");
        assert!(!text.contains('\n'), "a multi-line error: {text:?}");
        assert!(
            (1..=lines).contains(&e.line),
            "line {} of {lines}: {text}",
            e.line
        );
    };

    let goal = parse_goal(data);
    match plain_goal(data) {
        Plain::Small(want) => assert_eq!(goal.as_ref().ok(), want.as_ref(), "format goal"),
        Plain::Large => {}
    }
    match &goal {
        Err(e) => short(e),
        Ok(input) => {
            assert_eq!(
                parse_goal(write_goal_input(input).as_bytes()).as_ref(),
                Ok(input)
            );
            if input.from.len() + input.queries.len() <= 2000 {
                let mut out = Vec::new();
                write_goal(input, &mut out).expect("writing to a Vec");
                let out = String::from_utf8(out).expect("ASCII");
                assert_eq!(out.lines().count(), input.queries.len());
                assert!(out.lines().all(|l| ["1", "-1", "0"].contains(&l)), "{out}");
            }
        }
    }

    let dag = parse_dag(data);
    match plain_dag(data) {
        Plain::Small(want) => assert_eq!(dag.as_ref().ok(), want.as_ref(), "format dag"),
        Plain::Large => {}
    }
    match &dag {
        Err(e) => short(e),
        Ok(instances) => {
            assert_eq!(
                parse_dag(write_dag_input(instances).as_bytes()).as_ref(),
                Ok(instances)
            );
            let size: usize = instances.iter().map(|i| i.n as usize + i.from.len()).sum();
            if size <= 20_000 {
                check_dag_answers(instances);
            }
        }
    }

    let edges = parse_edges(data);
    match plain_edges(data) {
        Plain::Small(want) => assert_eq!(edges.as_ref().ok(), want.as_ref(), "edge list"),
        Plain::Large => {}
    }
    match &edges {
        Err(e) => short(e),
        Ok(list) => {
            assert_eq!(
                parse_edges(write_edge_list(list).as_bytes()).as_ref(),
                Ok(list)
            );
        }
    }
}

/// Format detection (`parse_any` without a format), as its documentation states it:
/// a text whose first non-blank line is three words, the first a whole number, is format
/// `goal` if it reads as one, else `dag`, else the error found further into the input; a
/// text whose first non-blank line is one whole number is the tree format; anything else
/// is an edge list. With a format named, it is that format's parser; and what a parser
/// accepts, written back, is detected again (a `dag` text may read as `goal` too, and then
/// is taken as `goal`): no `goal`, `dag` or edge-list text is ever read as a tree.
pub fn graph_detect(data: &[u8]) {
    let goal = parse_goal(data);
    let dag = parse_dag(data);
    let edges = parse_edges(data);
    let tree = parse_tree(data);
    assert_eq!(
        parse_any(data, Some(Format::Tree)),
        tree.clone().map(Parsed::Tree)
    );
    assert_eq!(
        parse_any(data, Some(Format::Goal)),
        goal.clone().map(Parsed::Goal)
    );
    assert_eq!(
        parse_any(data, Some(Format::Dag)),
        dag.clone().map(Parsed::Dag)
    );
    assert_eq!(
        parse_any(data, Some(Format::Edges)),
        edges.clone().map(Parsed::Edges)
    );

    let first_line = data
        .split(|&b| b == b'\n')
        .map(words)
        .find(|w| !w.is_empty());
    let numbers_first = matches!(&first_line, Some(w) if w.len() == 3 && is_whole(w[0]));
    let tree_first = matches!(&first_line, Some(w) if w.len() == 1 && is_whole(w[0]));
    let want = if tree_first {
        tree.clone().map(Parsed::Tree)
    } else if !numbers_first {
        edges.clone().map(Parsed::Edges)
    } else {
        match (&goal, &dag) {
            (Ok(g), _) => Ok(Parsed::Goal(g.clone())),
            (Err(_), Ok(d)) => Ok(Parsed::Dag(d.clone())),
            (Err(g), Err(d)) => Err(if d.line > g.line {
                d.clone()
            } else {
                g.clone()
            }),
        }
    };
    assert_eq!(parse_any(data, None), want);

    if let Ok(input) = &goal {
        let text = write_goal_input(input);
        assert_eq!(
            parse_any(text.as_bytes(), None),
            Ok(Parsed::Goal(input.clone()))
        );
    }
    if let Ok(instances) = &dag {
        let text = write_dag_input(instances);
        match parse_any(text.as_bytes(), None) {
            Ok(Parsed::Dag(again)) => assert_eq!(&again, instances),
            Ok(Parsed::Goal(g)) => assert_eq!(parse_goal(text.as_bytes()), Ok(g)),
            other => panic!("a dag text detected as {other:?}"),
        }
    }
    if let Ok(list) = &edges {
        let text = write_edge_list(list);
        assert_eq!(
            parse_any(text.as_bytes(), None),
            Ok(Parsed::Edges(list.clone()))
        );
    }
    if let Ok(t) = &tree {
        let text = write_tree_input(t);
        assert_eq!(
            parse_any(text.as_bytes(), None),
            Ok(Parsed::Tree(t.clone()))
        );
    }
}

/// A tree written back in its format: `N`, the stones, the edges as given.
fn write_tree_input(t: &StoneTree) -> String {
    let stones: Vec<String> = (1..=t.n()).map(|v| t.stones(v).to_string()).collect();
    let mut text = format!("{}\n{}\n", t.n(), stones.join(" "));
    for (u, v) in t.edges() {
        text.push_str(&format!("{u} {v}\n"));
    }
    text
}

/// What a plain reading makes of an input: its value (`None`: rejected) when the sizes
/// are small enough that the memory limit cannot be what decides; else nothing to compare.
enum Plain<T> {
    Small(Option<T>),
    Large,
}

/// Sizes up to which the plain readings below decide alone (far below the memory limit).
const PLAIN_MAX: u64 = 100_000;

/// The spec's white space: any of it, the vertical tab and form feed included.
fn is_white(b: u8) -> bool {
    b" \t\n\r\x0b\x0c".contains(&b)
}

fn words(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| is_white(b))
        .filter(|w| !w.is_empty())
        .collect()
}

fn is_whole(word: &[u8]) -> bool {
    !word.is_empty() && word.iter().all(u8::is_ascii_digit)
}

/// A whole number of at most 64 bits, or `None`.
fn whole(word: &[u8]) -> Option<u64> {
    is_whole(word).then(|| std::str::from_utf8(word).ok()?.parse().ok())?
}

/// Format `goal` read plainly: `n m q`, `m` edges and `q` queries of vertices in
/// `1..=n`, no query with `s = g`, nothing after.
fn plain_goal(data: &[u8]) -> Plain<GoalInput> {
    let w = words(data);
    let num = |k: usize| w.get(k).and_then(|x| whole(x));
    let (Some(n), Some(m), Some(q)) = (num(0), num(1), num(2)) else {
        return Plain::Small(None);
    };
    if n > PLAIN_MAX || m > PLAIN_MAX || q > PLAIN_MAX {
        return Plain::Large;
    }
    let vertex = |k: usize| num(k).filter(|&v| (1..=n).contains(&v)).map(|v| v as u32);
    let read = || -> Option<GoalInput> {
        if n < 1 || w.len() as u64 != 3 + 2 * m + 2 * q {
            return None;
        }
        let (mut from, mut to, mut queries) = (Vec::new(), Vec::new(), Vec::new());
        for k in 0..m as usize {
            from.push(vertex(3 + 2 * k)?);
            to.push(vertex(4 + 2 * k)?);
        }
        let base = 3 + 2 * m as usize;
        for k in 0..q as usize {
            let (s, g) = (vertex(base + 2 * k)?, vertex(base + 2 * k + 1)?);
            if s == g {
                return None;
            }
            queries.push((s, g));
        }
        Some(GoalInput {
            n: n as u32,
            from,
            to,
            queries,
        })
    };
    Plain::Small(read())
}

/// Format `dag` read plainly: instances `n m f` and `m` pairs of vertices in `1..=n`
/// until the words run out (at least one); `f` is 0 or 1; each pair becomes a move from
/// the smaller vertex to the larger, and a pair `x = x` is no move.
fn plain_dag(data: &[u8]) -> Plain<Vec<DagInstance>> {
    let w = words(data);
    let num = |k: usize| w.get(k).and_then(|x| whole(x));
    let mut instances = Vec::new();
    let mut at = 0;
    loop {
        let (Some(n), Some(m), Some(f)) = (num(at), num(at + 1), num(at + 2)) else {
            return Plain::Small(None);
        };
        if n > PLAIN_MAX || m > PLAIN_MAX {
            return Plain::Large;
        }
        if n < 1 || f > 1 || w.len() < at + 3 + 2 * m as usize {
            return Plain::Small(None);
        }
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for k in 0..m as usize {
            let vertex = |i: usize| num(i).filter(|&v| (1..=n).contains(&v)).map(|v| v as u32);
            let (Some(x), Some(y)) = (vertex(at + 3 + 2 * k), vertex(at + 4 + 2 * k)) else {
                return Plain::Small(None);
            };
            if x != y {
                from.push(x.min(y));
                to.push(x.max(y));
            }
        }
        instances.push(DagInstance {
            n: n as u32,
            from,
            to,
            hero_first: f == 1,
        });
        at += 3 + 2 * m as usize;
        if at == w.len() {
            return Plain::Small(Some(instances));
        }
    }
}

/// The plain edge list read line by line: `#` starts a comment; a line is empty, an
/// edge `u v`, `goal g` or `start s` (each of those once), with vertices from 1 up; `n`
/// is the largest vertex named, and at least one must be.
fn plain_edges(data: &[u8]) -> Plain<EdgeList> {
    let (mut from, mut to) = (Vec::new(), Vec::new());
    let (mut goal, mut start) = (None, None);
    let mut n = 0u64;
    for line in data.split(|&b| b == b'\n') {
        let content = line.split(|&b| b == b'#').next().unwrap_or_default();
        let w = words(content);
        let vertex = |x: &[u8]| whole(x).filter(|&v| v >= 1);
        let named = match w[..] {
            [] => continue,
            [b"goal", g] | [b"start", g] => {
                let slot = if w[0] == b"goal" {
                    &mut goal
                } else {
                    &mut start
                };
                let (Some(v), None) = (vertex(g), *slot) else {
                    return Plain::Small(None);
                };
                *slot = Some(v);
                v
            }
            [u, v] => {
                let (Some(u), Some(v)) = (vertex(u), vertex(v)) else {
                    return Plain::Small(None);
                };
                from.push(u);
                to.push(v);
                u.max(v)
            }
            _ => return Plain::Small(None),
        };
        n = n.max(named);
        if n > PLAIN_MAX || from.len() as u64 > PLAIN_MAX {
            return Plain::Large;
        }
    }
    let narrow = |v: Vec<u64>| v.into_iter().map(|x| x as u32).collect();
    Plain::Small((n > 0).then(|| EdgeList {
        n: n as u32,
        from: narrow(from),
        to: narrow(to),
        goal: goal.map(|g| g as u32),
        start: start.map(|s| s as u32),
    }))
}

fn write_goal_input(input: &GoalInput) -> String {
    let mut out = format!("{} {} {}\n", input.n, input.from.len(), input.queries.len());
    for (u, v) in input.from.iter().zip(&input.to) {
        out += &format!("{u} {v}\n");
    }
    for (s, g) in &input.queries {
        out += &format!("{s} {g}\n");
    }
    out
}

fn write_dag_input(instances: &[DagInstance]) -> String {
    let mut out = String::new();
    for inst in instances {
        out += &format!("{} {} {}\n", inst.n, inst.from.len(), inst.hero_first as u8);
        for (x, y) in inst.from.iter().zip(&inst.to) {
            out += &format!("{x} {y}\n");
        }
    }
    out
}

fn write_edge_list(list: &EdgeList) -> String {
    let mut out = String::from("# written back\n");
    for (u, v) in list.from.iter().zip(&list.to) {
        out += &format!("{u} {v}\n");
    }
    if let Some(g) = list.goal {
        out += &format!("goal {g}\n");
    }
    if let Some(s) = list.start {
        out += &format!("start {s}\n");
    }
    out
}

/// Format `dag`'s answers against a search of the DAG written from the spec: a vertex
/// is a win for the player to move if some move reaches a vertex that is not (moves go
/// from smaller numbers to larger, so deciding from `n` down sees every successor
/// first); the optimal-play set from vertex 1 follows the winner's winning moves and all
/// of the loser's moves.
fn check_dag_answers(instances: &[DagInstance]) {
    let mut out = Vec::new();
    write_dag(instances, &mut out).expect("writing to a Vec");
    let out = String::from_utf8(out).expect("ASCII");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2 * instances.len(), "{out}");
    for (inst, answer) in instances.iter().zip(lines.chunks(2)) {
        let n = inst.n as usize;
        let mut succ = vec![Vec::new(); n + 1];
        for (&x, &y) in inst.from.iter().zip(&inst.to) {
            succ[x as usize].push(y as usize);
        }
        let mut win = vec![false; n + 1];
        for v in (1..=n).rev() {
            win[v] = succ[v].iter().any(|&w| !win[w]);
        }
        let hero_wins = win[1] == inst.hero_first;
        assert_eq!(answer[0], if hero_wins { "1" } else { "0" }, "{inst:?}");
        let mut seen = vec![false; n + 1];
        let mut stack = vec![1];
        seen[1] = true;
        while let Some(v) = stack.pop() {
            for &w in &succ[v] {
                if !seen[w] && (!win[v] || !win[w]) {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        let set: Vec<String> = (1..=n)
            .filter(|&v| seen[v])
            .map(|v| v.to_string())
            .collect();
        assert_eq!(answer[1], set.join(" "), "{inst:?}");
    }
}
