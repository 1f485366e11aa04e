//! Native half of `cargo xtask bench`: the classic BFS against the fast solver on the
//! maximal game families, in one process, on the same inputs, answers checked equal
//! before any time is reported.
//!
//! Usage: `cargo run --release -p loopy --example families -- [--quick] [--out DIR]`
//! (`cargo xtask bench` runs it).
//! With `--out`, writes `DIR/families.txt` (the games, judge format, one per family),
//! `DIR/families.expected` (the answers), which the wasm half reads, and
//! `DIR/native.tsv` (family, n, edges, classic ms, loopy ms) for the combined table.

use std::hint::black_box;
use std::time::{Duration, Instant};

use loopy::classic::solve_classic;
use loopy::{solve, RingGame};

/// The tests' seeded generator, so that the inputs are the same on every run and machine.
#[path = "../tests/common/rng.rs"]
#[allow(dead_code)]
mod rng;

use rng::Rng;

/// The benchmark's families of maximal games (n = 7000), as (name, s1, s2).
fn families(n: u32) -> Vec<(&'static str, Vec<u32>, Vec<u32>)> {
    let mut rng = Rng(0x100b_5eed);
    let all: Vec<u32> = (1..n).collect();
    let even: Vec<u32> = (2..n).step_by(2).collect();
    vec![
        ("full", all.clone(), all),
        ("dense 50%", rng.steps(n, 500), rng.steps(n, 500)),
        ("dense 90%", rng.steps(n, 900), rng.steps(n, 900)),
        ("even steps", even.clone(), even),
        (
            "residues 1 vs 2 mod 3",
            (1..n).filter(|x| x % 3 == 1).collect(),
            (1..n).filter(|x| x % 3 == 2).collect(),
        ),
        (
            "high half vs low third",
            (n / 2..n).collect(),
            (1..=n / 3).collect(),
        ),
        ("sparse 1%", rng.steps(n, 10), rng.steps(n, 10)),
        ("sparse 16 steps", rng.pick(n, 16), rng.pick(n, 16)),
        ("steps 1,2,3", vec![1, 2, 3], vec![1, 2, 3]),
        ("steps 1..16 vs 1..8", (1..=16).collect(), (1..=8).collect()),
    ]
}

/// Median time of one call of `f`, over `runs` samples of enough calls to last ~20 ms.
fn median_time(runs: usize, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    f();
    let once = start.elapsed().max(Duration::from_nanos(1));
    let reps = ((Duration::from_millis(20).as_nanos() / once.as_nanos()) as u32).clamp(1, 10_000);
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                f();
            }
            t.elapsed() / reps
        })
        .collect();
    samples.sort();
    samples[runs / 2]
}

/// `[--quick] [--out DIR]`.
fn arguments() -> Result<(bool, Option<std::path::PathBuf>), lexopt::Error> {
    use lexopt::prelude::*;
    let (mut quick, mut out) = (false, None);
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("quick") => quick = true,
            Long("out") => out = Some(parser.value()?.into()),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok((quick, out))
}

fn main() {
    let (quick, out) = match arguments() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("families: {e} (usage: families [--quick] [--out DIR])");
            std::process::exit(2);
        }
    };
    let n = 7000;
    let runs = if quick { 3 } else { 7 };
    let mut input = String::new();
    let mut expected = String::new();
    let fams = families(n);
    input += &format!("{}\n", fams.len());
    println!(
        "{:<24} {:>6} {:>11} {:>11} {:>11} {:>8}",
        "family", "n", "edges", "classic ms", "loopy ms", "ratio"
    );
    let mut log_sum = 0.0;
    let mut tsv = String::new();
    for (name, s1, s2) in &fams {
        let w = |s: &[u32]| s.iter().map(|&x| x as u64).collect::<Vec<_>>();
        let game = RingGame::new(n as u64, &w(s1), &w(s2)).expect("valid family");
        let fast = solve(&game);
        let (classic, _) = solve_classic(&game);
        assert_eq!(
            fast, classic,
            "{name}: the solvers disagree; no time is reported"
        );
        let line = |s: &[u32]| {
            format!(
                "{} {}",
                s.len(),
                s.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
            )
        };
        input += &format!("{n}\n{}\n{}\n", line(s1), line(s2));
        expected += &fast.to_judge_text();
        expected.push('\n');
        let t_classic = median_time(runs, || {
            black_box(solve_classic(black_box(&game)));
        });
        let t_fast = median_time(runs, || {
            black_box(solve(black_box(&game)));
        });
        let ratio = t_classic.as_secs_f64() / t_fast.as_secs_f64();
        tsv += &format!(
            "{name}\t{n}\t{}\t{}\t{}\n",
            game.edges(),
            t_classic.as_secs_f64() * 1e3,
            t_fast.as_secs_f64() * 1e3
        );
        log_sum += ratio.ln();
        println!(
            "{:<24} {:>6} {:>11} {:>11.3} {:>11.4} {:>8.1}",
            name,
            n,
            game.edges(),
            t_classic.as_secs_f64() * 1e3,
            t_fast.as_secs_f64() * 1e3,
            ratio
        );
    }
    println!(
        "geometric mean ratio: {:.1}",
        (log_sum / fams.len() as f64).exp()
    );
    if let Some(dir) = out {
        std::fs::create_dir_all(&dir).expect("create the output directory");
        std::fs::write(dir.join("families.txt"), input).expect("write families.txt");
        std::fs::write(dir.join("families.expected"), expected).expect("write families.expected");
        std::fs::write(dir.join("native.tsv"), tsv).expect("write native.tsv");
    }
}
