//! What each fuzz target checks, on any bytes. Each check panics on a disagreement;
//! nothing here may panic on a valid run. Only the crate's public API is used, and
//! every answer is held to something independent: the classic BFS, a plain reading of
//! the spec's rules, or the same input read another way.
//!
//! Graph parsers: once `loopy graph` and `loopy dag` have their parsers in the core,
//! add `graph_parse` here (and a target in `fuzz_targets/`, a `[[bin]]` in Cargo.toml,
//! a folder in `corpus/`, and its name in xtask's `fuzz::TARGETS`).

use std::io::{self, BufReader, Read};

use loopy::classic::solve_classic;
use loopy::judge::{self, JudgeError};
use loopy::propagation::{Event, Granularity, PACKED_WORDS};
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
