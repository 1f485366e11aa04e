//! `loopy gen`: random valid inputs for every judge format, from a seed.
//!
//! A stress loop (`loopy gen --seed $i > in; ./sol < in > out; loopy check in out`) needs
//! inputs that the judge accepts and that a seed names exactly: the same seed gives the
//! same bytes on every machine and every run, so a failing seed can be passed on. So the
//! generator is ChaCha8 (a specified stream, from a pinned crate) seeded with the seed's
//! 8 bytes, little-endian, followed by 24 zero bytes; a number below `m` is
//! `(x * m) >> 64` for the next 64-bit output `x`; the density is read as millionths.
//! No floating point, no platform word size, no hash order enters the bytes.
//!
//! Every input is valid for its judge: each ring game within the work limit, each graph
//! within the memory limit (a game or graph that would not be is drawn again). With
//! `draws` (or `no_draws`), only games or graphs whose answer has a Loop (or none) are
//! kept: each is solved, and drawn again until it fits.

use core::fmt;
use std::io::{self, Write};

use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;

use crate::error::{Coded, Params};
use crate::game::{RingGame, MAX_WORK};
use crate::graph::query::Queries;
use crate::graph::{Graph, MAX_GRAPH_BYTES};
use crate::solve::{solve, Outcome};

/// Which judge format to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFormat {
    Ring,
    Goal,
    Dag,
    /// The tree format (AGC010F).
    Tree,
}

/// What to generate. `None` takes the format's default (see `loopy --help`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GenOptions {
    pub seed: u64,
    /// Games (ring), queries (`goal`) or instances (`dag`).
    pub count: Option<u64>,
    /// The largest `n`: each game's or graph's `n` is drawn from 2 (1 for `dag`) to it.
    pub n: Option<u64>,
    /// The density, as millionths: each step is in a set, or each pair of vertices is
    /// an edge, with this probability (edges are drawn as pairs, so about that many).
    pub density_ppm: Option<u64>,
    /// `goal` only: edges only from a smaller vertex to a larger (no cycle, no draw).
    pub acyclic: bool,
    /// `Some(true)`: only answers with a Loop (a draw); `Some(false)`: only without.
    pub draws: Option<bool>,
    /// Ring only: one game without `T` ([`crate::judge::Layout::Single`]).
    pub single: bool,
    /// Tree only: the most stones on a vertex (each count is drawn from 1 to it).
    pub stones: Option<u64>,
}

/// Why `loopy gen` cannot make what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// An option out of its range (`option` names it).
    OutOfRange {
        option: &'static str,
        reason: String,
    },
    /// An option the format has no use for.
    NotForFormat {
        option: &'static str,
        format: &'static str,
    },
    /// No game or graph with a draw (or without) came up in this many tries.
    NoFit { draws: bool, tries: u32 },
    /// The output could not be written (`kind`: why, as `io` says; a reader that closed
    /// the pipe is no failure to the CLI).
    Write {
        message: String,
        kind: io::ErrorKind,
    },
}

/// A stable code for the error. `loopy gen` is the CLI's alone (no page gives it), so
/// its reasons stay English text and its codes have no catalog words.
impl Coded for GenError {
    fn code(&self) -> &'static str {
        match self {
            GenError::OutOfRange { .. } => "gen.outOfRange",
            GenError::NotForFormat { .. } => "gen.notForFormat",
            GenError::NoFit { .. } => "gen.noFit",
            GenError::Write { .. } => "gen.write",
        }
    }

    fn params(&self) -> Params {
        match self {
            GenError::OutOfRange { option, reason } => vec![
                ("option", (*option).into()),
                ("reason", reason.as_str().into()),
            ],
            GenError::NotForFormat { option, format } => {
                vec![("option", (*option).into()), ("format", (*format).into())]
            }
            GenError::NoFit { draws, tries } => vec![
                ("with", if *draws { "with" } else { "without" }.into()),
                ("tries", (*tries).into()),
            ],
            GenError::Write { message, .. } => vec![("message", message.as_str().into())],
        }
    }
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::OutOfRange { option, reason } => write!(f, "--{option} {reason}"),
            GenError::NotForFormat { option, format } => {
                write!(f, "--{option} does not apply to format {format}")
            }
            GenError::NoFit { draws, tries } => {
                let with = if *draws { "with" } else { "without" };
                write!(
                    f,
                    "no input {with} a draw came up in {tries} tries: try another --n or --density"
                )
            }
            GenError::Write { message, .. } => write!(f, "cannot write the input: {message}"),
        }
    }
}

impl std::error::Error for GenError {}

impl From<io::Error> for GenError {
    fn from(e: io::Error) -> GenError {
        GenError::Write {
            message: e.to_string(),
            kind: e.kind(),
        }
    }
}

/// How many times a game or graph is drawn again before giving up.
const TRIES: u32 = 1000;

/// The seeded generator (see the module's doc for why it is portable).
struct Draw(ChaCha8Rng);

impl Draw {
    fn new(seed: u64) -> Draw {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        Draw(ChaCha8Rng::from_seed(key))
    }

    /// A number in `0 .. m` (`m >= 1`).
    fn below(&mut self, m: u64) -> u64 {
        ((self.0.next_u64() as u128 * m as u128) >> 64) as u64
    }

    /// A number in `lo ..= hi`.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `ppm` millionths.
    fn chance(&mut self, ppm: u64) -> bool {
        self.below(1_000_000) < ppm
    }
}

fn out_of_range(option: &'static str, reason: impl Into<String>) -> GenError {
    GenError::OutOfRange {
        option,
        reason: reason.into(),
    }
}

/// Writes a random valid input of `format` to `out`.
///
/// ```
/// use loopy::judge::gen::{generate, GenFormat, GenOptions};
/// let options = GenOptions { seed: 7, ..GenOptions::default() };
/// let (mut a, mut b) = (Vec::new(), Vec::new());
/// generate(GenFormat::Ring, &options, &mut a).unwrap();
/// generate(GenFormat::Ring, &options, &mut b).unwrap();
/// assert_eq!(a, b);
/// assert!(loopy::judge::parse(&a).is_ok());
/// ```
pub fn generate(
    format: GenFormat,
    options: &GenOptions,
    out: &mut impl Write,
) -> Result<(), GenError> {
    let mut draw = Draw::new(options.seed);
    let density = options.density_ppm.unwrap_or(300_000);
    if density > 1_000_000 {
        return Err(out_of_range("density", "must be from 0 to 1"));
    }
    match format {
        GenFormat::Ring => ring(&mut draw, options, density, out),
        GenFormat::Goal => goal(&mut draw, options, density, out),
        GenFormat::Dag => dag(&mut draw, options, density, out),
        GenFormat::Tree => tree(&mut draw, options, out),
    }
}

fn largest_n(options: &GenOptions, default: u64, least: u64, most: u64) -> Result<u64, GenError> {
    let n = options.n.unwrap_or(default);
    if n < least || n > most {
        return Err(out_of_range(
            "n",
            format!("must be from {least} to {most}, not {n}"),
        ));
    }
    Ok(n)
}

/// Steps in `1 .. n`, each with probability `ppm`; never empty.
fn steps(draw: &mut Draw, n: u64, ppm: u64) -> Vec<u64> {
    let mut s: Vec<u64> = (1..n).filter(|_| draw.chance(ppm)).collect();
    if s.is_empty() {
        s.push(draw.range(1, n - 1));
    }
    s
}

fn write_steps(out: &mut impl Write, s: &[u64]) -> io::Result<()> {
    write!(out, "{}", s.len())?;
    for x in s {
        write!(out, " {x}")?;
    }
    writeln!(out)
}

fn ring(
    draw: &mut Draw,
    options: &GenOptions,
    density: u64,
    out: &mut impl Write,
) -> Result<(), GenError> {
    if options.acyclic {
        return Err(GenError::NotForFormat {
            option: "dag",
            format: "ring",
        });
    }
    let max_n = largest_n(options, 12, 2, crate::MAX_N as u64)?;
    let count = if options.single {
        if options.count.is_some_and(|c| c != 1) {
            return Err(out_of_range(
                "games",
                "must be 1 with --single (one game, without T)",
            ));
        }
        1
    } else {
        let count = options.count.unwrap_or(5);
        writeln!(out, "{count}")?;
        count
    };
    for _ in 0..count {
        let mut tries = 0;
        let (n, s1, s2) = loop {
            tries += 1;
            let n = draw.range(2, max_n);
            let (s1, s2) = (steps(draw, n, density), steps(draw, n, density));
            let Ok(game) = RingGame::new(n, &s1, &s2) else {
                unreachable!("the steps are distinct, in range and never empty")
            };
            let fits = game.estimated_work() <= MAX_WORK
                && options.draws.map_or(true, |want| {
                    let solution = solve(&game);
                    let loops = crate::game::Player::BOTH
                        .iter()
                        .any(|&p| solution.outcomes(p).skip(1).any(|o| o == Outcome::Loop));
                    loops == want
                });
            if fits {
                break (n, s1, s2);
            }
            if tries >= TRIES {
                return Err(GenError::NoFit {
                    draws: options.draws.unwrap_or(true),
                    tries,
                });
            }
        };
        writeln!(out, "{n}")?;
        write_steps(out, &s1)?;
        write_steps(out, &s2)?;
    }
    Ok(())
}

/// `m` random edges of a graph on `1 ..= n`; with `acyclic`, from the smaller end to the
/// larger (a pair `u = v` is drawn again).
fn edges(draw: &mut Draw, n: u64, m: u64, acyclic: bool) -> (Vec<u32>, Vec<u32>) {
    let (mut from, mut to) = (Vec::new(), Vec::new());
    while (from.len() as u64) < m {
        let (u, v) = (draw.range(1, n), draw.range(1, n));
        if acyclic && u == v {
            continue;
        }
        let (u, v) = if acyclic {
            (u.min(v), u.max(v))
        } else {
            (u, v)
        };
        from.push(u as u32);
        to.push(v as u32);
    }
    (from, to)
}

/// How many edges a density gives on `n` vertices (ordered pairs), within the memory
/// limit.
fn edge_count(n: u64, ppm: u64, pairs: u64) -> u64 {
    let m = (pairs as u128 * ppm as u128 / 1_000_000) as u64;
    let room = (MAX_GRAPH_BYTES - crate::graph::graph_bytes(n, 0)) / 16;
    m.min(room / 2).max(if n > 1 { 1 } else { 0 })
}

fn goal(
    draw: &mut Draw,
    options: &GenOptions,
    density: u64,
    out: &mut impl Write,
) -> Result<(), GenError> {
    if options.acyclic && options.draws == Some(true) {
        return Err(GenError::NotForFormat {
            option: "draws",
            format: "goal with --dag (an acyclic graph has no draw)",
        });
    }
    let max_n = largest_n(options, 10, 2, 1_000_000)?;
    let q = options.count.unwrap_or(5);
    if q > 1_000_000 {
        return Err(out_of_range(
            "games",
            format!("must be at most 1000000, not {q}"),
        ));
    }
    let mut tries = 0;
    loop {
        tries += 1;
        let n = draw.range(2, max_n);
        let m = edge_count(n, density, n * (n - 1));
        let (from, to) = edges(draw, n, m, options.acyclic);
        let queries: Vec<(u64, u64)> = (0..q)
            .map(|_| {
                let s = draw.range(1, n);
                let g = draw.range(1, n - 1);
                (s, if g >= s { g + 1 } else { g })
            })
            .collect();
        let fits = options.draws.map_or(true, |want| {
            let Ok(graph) = Graph::new(n, &from, &to) else {
                return false;
            };
            let answers = Queries::new(&graph)
                .answer_all(&queries)
                .unwrap_or_default();
            answers.contains(&Outcome::Loop) == want
        });
        if fits {
            writeln!(out, "{n} {m} {q}")?;
            for (u, v) in from.iter().zip(&to) {
                writeln!(out, "{u} {v}")?;
            }
            for (s, g) in queries {
                writeln!(out, "{s} {g}")?;
            }
            return Ok(());
        }
        if tries >= TRIES {
            return Err(GenError::NoFit {
                draws: options.draws.unwrap_or(true),
                tries,
            });
        }
    }
}

fn dag(
    draw: &mut Draw,
    options: &GenOptions,
    density: u64,
    out: &mut impl Write,
) -> Result<(), GenError> {
    if options.draws == Some(true) {
        return Err(GenError::NotForFormat {
            option: "draws",
            format: "dag (its graphs have no cycle, so no draw)",
        });
    }
    let max_n = largest_n(options, 10, 1, 1_000_000)?;
    let count = options.count.unwrap_or(3);
    if count == 0 || count > 1_000_000 {
        return Err(out_of_range(
            "games",
            format!("must be from 1 to 1000000 for format dag, not {count}"),
        ));
    }
    for _ in 0..count {
        let n = draw.range(1, max_n);
        let m = edge_count(n, density, n * (n - 1) / 2);
        let f = draw.below(2);
        writeln!(out, "{n} {m} {f}")?;
        for _ in 0..m {
            // Either order: the move goes from the smaller to the larger.
            let (x, y) = (draw.range(1, n), draw.range(1, n));
            writeln!(out, "{x} {y}")?;
        }
    }
    Ok(())
}

fn tree(draw: &mut Draw, options: &GenOptions, out: &mut impl Write) -> Result<(), GenError> {
    if options.acyclic || options.draws.is_some() || options.density_ppm.is_some() {
        let option = if options.acyclic {
            "dag"
        } else if options.draws.is_some() {
            "draws"
        } else {
            "density"
        };
        return Err(GenError::NotForFormat {
            option,
            format: "tree (a tree's shape is drawn uniformly, and it has no draw)",
        });
    }
    if options.count.is_some_and(|c| c != 1) {
        return Err(out_of_range(
            "games",
            "must be 1 for format tree (one tree)",
        ));
    }
    let max_n = largest_n(options, 8, 1, 1_000_000)?;
    let most = options.stones.unwrap_or(5);
    if most == 0 {
        return Err(out_of_range("stones", "must be at least 1"));
    }
    let n = draw.range(1, max_n);
    writeln!(out, "{n}")?;
    let stones: Vec<String> = (0..n).map(|_| draw.range(1, most).to_string()).collect();
    writeln!(out, "{}", stones.join(" "))?;
    // A random recursive tree (each vertex joined to an earlier one), its vertices then
    // renamed at random and each edge written either way round.
    let mut name: Vec<u64> = (1..=n).collect();
    for i in (1..n as usize).rev() {
        let j = draw.below(i as u64 + 1) as usize;
        name.swap(i, j);
    }
    for v in 1..n {
        let u = draw.below(v);
        let (a, b) = (name[u as usize], name[v as usize]);
        if draw.below(2) == 0 {
            writeln!(out, "{a} {b}")?;
        } else {
            writeln!(out, "{b} {a}")?;
        }
    }
    Ok(())
}
