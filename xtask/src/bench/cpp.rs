//! The CLI against a contestant's C++ (issue 35): `tests/bench/cpp/*.cpp`, compiled here
//! with `g++ -O2`, and `loopy` (release) on the same inputs, each run as a process with
//! the input file on standard input, as a judge runs a solution. The answers are checked
//! equal before any time is reported; times are medians of interleaved runs (5, or 31
//! when a run pair takes under a second), and the ratio is C++ / loopy (at least 1:
//! loopy is at least as fast).
//!
//! The inputs, written to `target/bench/`: format `goal` at 10^6 vertices (5·10^6 random
//! edges and 500 random queries, as the issue measured it; and the same graph with every
//! goal next to a dead end, where no query can start from the goal-free base), and 10^5
//! random ring games of `n <= 10`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{self, Result};

/// The tests' xorshift, so that the inputs are the same on every run and machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, m: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % m
    }
}

/// One comparison: a label, the sizes to show, the input, the two programs.
struct Case {
    label: &'static str,
    sizes: String,
    input: PathBuf,
    cpp: PathBuf,
    loopy_args: &'static [&'static str],
}

/// Format goal on 10^6 vertices: the random graph, and `near_sinks`: each goal a
/// predecessor of a dead end.
fn goal_input(near_sinks: bool, quick: bool) -> String {
    let mut rng = Rng(0x60a1_5eed);
    let n: u64 = if quick { 100_000 } else { 1_000_000 };
    let (m, q) = (5 * n, 500);
    let mut text = String::with_capacity(14 * m as usize);
    let _ = writeln!(text, "{n} {m} {q}");
    let mut edges = Vec::with_capacity(m as usize);
    let mut degree = vec![0u32; n as usize + 1];
    for _ in 0..m {
        let (u, v) = (1 + rng.below(n), 1 + rng.below(n));
        degree[u as usize] += 1;
        edges.push((u, v));
        let _ = writeln!(text, "{u} {v}");
    }
    let near: Vec<u64> = edges
        .iter()
        .filter(|&&(_, v)| degree[v as usize] == 0)
        .map(|&(u, _)| u)
        .collect();
    for _ in 0..q {
        let g = if near_sinks && !near.is_empty() {
            near[rng.below(near.len() as u64) as usize]
        } else {
            1 + rng.below(n)
        };
        let mut s = 1 + rng.below(n);
        if s == g {
            s = s % n + 1;
        }
        let _ = writeln!(text, "{s} {g}");
    }
    text
}

/// 10^5 ring games of `n <= 10`, each step in a set with chance 0.3 (never empty).
fn ring_input(quick: bool) -> String {
    let mut rng = Rng(0x51a1_1e55);
    let t = if quick { 20_000 } else { 100_000 };
    let mut text = format!("{t}\n");
    for _ in 0..t {
        let n = 2 + rng.below(9);
        let _ = writeln!(text, "{n}");
        for _ in 0..2 {
            let mut s: Vec<u64> = (1..n).filter(|_| rng.below(10) < 3).collect();
            if s.is_empty() {
                s.push(1 + rng.below(n - 1));
            }
            let words: Vec<String> = s.iter().map(u64::to_string).collect();
            let _ = writeln!(text, "{} {}", s.len(), words.join(" "));
        }
    }
    text
}

/// Runs `program args < input > output`: the time, or why it failed.
fn time(program: &Path, args: &[&str], input: &Path, output: &Path) -> Result<Duration> {
    let stdin = std::fs::File::open(input)
        .map_err(|e| format!("cannot open {}: {e}", util::show(input)))?;
    let stdout = std::fs::File::create(output)
        .map_err(|e| format!("cannot create {}: {e}", util::show(output)))?;
    let start = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::inherit())
        .status()
        .map_err(|e| format!("cannot run {}: {e}", util::show(program)))?;
    let elapsed = start.elapsed();
    if !status.success() {
        return Err(format!("{} failed: {status}", util::show(program)));
    }
    Ok(elapsed)
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Compiles the C++ programs, writes the inputs, and times both sides: the report's
/// section, in Markdown.
pub fn against_cpp(out: &Path, quick: bool) -> Result<String> {
    let mut s = String::from(
        "## The CLI against a contestant's C++ (wall ms per run of the whole program, median; \
         ratio = C++ / loopy, at least 1 wanted)\n\n",
    );
    let Some(gpp) = util::which("g++") else {
        s += "(g++ is not installed here: this table needs it to compile tests/bench/cpp/.)\n\n";
        return Ok(s);
    };
    let root = util::root();
    let mut compiled = Vec::new();
    for name in ["goal", "ring"] {
        let exe = out.join(format!("cpp-{name}"));
        util::run(
            Command::new(&gpp)
                .arg("-O2")
                .arg("-o")
                .arg(&exe)
                .arg(root.join(format!("tests/bench/cpp/{name}.cpp"))),
        )?;
        compiled.push(exe);
    }
    util::run(util::cargo().args([
        "build",
        "--quiet",
        "--release",
        "-p",
        "loopy",
        "--bin",
        "loopy",
    ]))?;
    let loopy = util::target_dir().join("release/loopy");
    let write = |name: &str, text: String| -> Result<PathBuf> {
        let path = out.join(name);
        std::fs::write(&path, text)
            .map_err(|e| format!("cannot write {}: {e}", util::show(&path)))?;
        Ok(path)
    };
    let n = if quick { "10^5" } else { "10^6" };
    let t = if quick { "2·10^4" } else { "10^5" };
    let cases = [
        Case {
            label: "format goal, random graph",
            sizes: format!("n = {n}, m = 5n, q = 500"),
            input: write("cpp-goal-random.txt", goal_input(false, quick))?,
            cpp: compiled[0].clone(),
            loopy_args: &["graph"],
        },
        Case {
            label: "format goal, every goal next to a dead end",
            sizes: format!("n = {n}, m = 5n, q = 500"),
            input: write("cpp-goal-near.txt", goal_input(true, quick))?,
            cpp: compiled[0].clone(),
            loopy_args: &["graph"],
        },
        Case {
            label: "ring, many small games",
            sizes: format!("T = {t}, n <= 10"),
            input: write("cpp-ring-small.txt", ring_input(quick))?,
            cpp: compiled[1].clone(),
            loopy_args: &[],
        },
    ];
    s += "| input | sizes | C++ ms (g++ -O2) | loopy ms | ratio |\n|---|---|---:|---:|---:|\n";
    for case in &cases {
        let (a, b) = (out.join("cpp-answer.txt"), out.join("loopy-answer.txt"));
        let (mut cpp_times, mut loopy_times) = (Vec::new(), Vec::new());
        // A run of a tenth of a second is mostly the scheduler's noise on a shared
        // machine: short cases get many more runs, so that their median is steady.
        let mut runs = if quick { 3 } else { 5 };
        let mut k = 0;
        while k < runs {
            cpp_times.push(time(&case.cpp, &[], &case.input, &a)?);
            loopy_times.push(time(&loopy, case.loopy_args, &case.input, &b)?);
            if k == 0 && cpp_times[0] + loopy_times[0] < Duration::from_secs(1) {
                runs = if quick { 11 } else { 31 };
            }
            k += 1;
        }
        let (x, y) = (std::fs::read(&a), std::fs::read(&b));
        if x.is_err() || x.as_ref().ok() != y.as_ref().ok() {
            return Err(format!(
                "{}: loopy and the C++ program answer differently; no time is reported",
                case.label
            ));
        }
        let (c, l) = (median(cpp_times), median(loopy_times));
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:<44} {:>10.1} {:>10.1} {:>6.2}",
            case.label,
            ms(c),
            ms(l),
            ms(c) / ms(l)
        );
        let _ = writeln!(
            s,
            "| {} | {} | {:.0} | {:.0} | {:.2} |",
            case.label,
            case.sizes,
            ms(c),
            ms(l),
            ms(c) / ms(l)
        );
    }
    Ok(s + "\n")
}
