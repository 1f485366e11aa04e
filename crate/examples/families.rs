//! Native half of `cargo xtask bench`: the classic BFS against the fast solver on the
//! maximal game families, in one process, on the same inputs, answers checked equal
//! before any time is reported.
//!
//! Usage: `cargo run --release -p loopy --example families -- [--quick] [--out DIR]`
//! (`cargo xtask bench` runs it).
//! With `--out`, writes `DIR/families.txt` (the games, judge format, one per family),
//! `DIR/families.expected` (the answers), which the wasm half reads, and
//! `DIR/native.tsv` (family, n, edges, classic ms, loopy ms) for the combined table.
//!
//! Then the same for games on graphs: format `goal` at the reference limits (n = 10^5,
//! m = 5·10^5, q = 500) on five families, one full BFS per query (the contest
//! algorithm, `classic::goal_queries_classic`) against `graph::query::Queries`, and
//! format `dag` at n = 10^6 (parse, solve, print), written to `DIR/graphs.tsv`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use loopy::classic::{goal_queries_classic, solve_classic};
use loopy::graph::query::Queries;
use loopy::judge::check::{CheckFormat, Checker, Options, Verdict};
use loopy::judge::graph::{parse_dag, write_dag};
use loopy::{solve, Graph, RingGame};

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
    if let Some(dir) = &out {
        std::fs::create_dir_all(dir).expect("create the output directory");
        std::fs::write(dir.join("families.txt"), input).expect("write families.txt");
        std::fs::write(dir.join("families.expected"), expected).expect("write families.expected");
        std::fs::write(dir.join("native.tsv"), tsv).expect("write native.tsv");
    }
    let mut graphs = bench_graphs(runs);
    graphs += &bench_check(runs);
    if let Some(dir) = out {
        std::fs::write(dir.join("graphs.tsv"), graphs).expect("write graphs.tsv");
    }
}

/// A graph family: `(name, n, from, to)`.
type GraphFamily = (&'static str, u32, Vec<u32>, Vec<u32>);

/// Format `goal`'s families at the reference limits.
fn graph_families() -> Vec<GraphFamily> {
    let mut rng = Rng(0x9a4f_5eed);
    let (n, m) = (100_000u32, 500_000usize);
    let random = |n: u32, m: usize, rng: &mut Rng| -> (Vec<u32>, Vec<u32>) {
        let from = (0..m).map(|_| 1 + rng.below(n as u64) as u32).collect();
        let to = (0..m).map(|_| 1 + rng.below(n as u64) as u32).collect();
        (from, to)
    };
    let (rf, rt) = random(n, m, &mut rng);
    let (sf, st) = random(n, 120_000, &mut rng);
    let (df, dt) = random(1000, m, &mut rng);
    // A path 1 -> 2 -> ... -> n and short jumps forward: acyclic, 10^5 layers deep.
    let (mut cf, mut ct): (Vec<u32>, Vec<u32>) = ((1..n).collect(), (2..=n).collect());
    while cf.len() < m {
        let v = 1 + rng.below(n as u64 - 11) as u32;
        cf.push(v);
        ct.push(v + 2 + rng.below(9) as u32);
    }
    // A cycle through every vertex plus random edges: no vertex without a move, so
    // only the goal decides anything and most starts are draws.
    let (mut wf, mut wt): (Vec<u32>, Vec<u32>) =
        ((1..=n).collect(), (1..=n).map(|v| v % n + 1).collect());
    let (xf, xt) = random(n, m - n as usize, &mut rng);
    wf.extend(xf);
    wt.extend(xt);
    vec![
        ("random", n, rf, rt),
        ("sparse (m = 1.2 n)", n, sf, st),
        ("dense (n = 1000)", 1000, df, dt),
        ("long chain", n, cf, ct),
        ("draw-heavy", n, wf, wt),
    ]
}

/// Times format `goal` against its baseline and format `dag` at n = 10^6; prints a
/// table and returns the TSV rows: `goal`, family, n, m, q, classic ms, loopy ms;
/// then `dag`, label, n, m, ms.
fn bench_graphs(runs: usize) -> String {
    let mut tsv = String::new();
    let q = 500;
    println!(
        "\n{:<20} {:>7} {:>7} {:>5} {:>11} {:>11} {:>8}",
        "goal family", "n", "m", "q", "classic ms", "loopy ms", "ratio"
    );
    let mut log_sum = 0.0;
    let fams = graph_families();
    let mut rng = Rng(0x0bad_cafe);
    for (name, n, from, to) in &fams {
        let graph = Graph::new(*n as u64, from, to).expect("a valid family");
        let queries: Vec<(u32, u32)> = (0..q)
            .map(|_| {
                let s = 1 + rng.below(*n as u64) as u32;
                (s, 1 + (s + rng.below(*n as u64 - 1) as u32) % n)
            })
            .collect();
        let wide: Vec<(u64, u64)> = queries.iter().map(|&(s, g)| (s as u64, g as u64)).collect();
        let classic = goal_queries_classic(&graph, &queries);
        let fast = Queries::new(&graph)
            .answer_all(&wide)
            .expect("valid queries");
        assert_eq!(
            classic, fast,
            "{name}: the query solvers disagree; no time is reported"
        );
        let t_classic = median_time(runs, || {
            black_box(goal_queries_classic(black_box(&graph), &queries));
        });
        let t_fast = median_time(runs, || {
            black_box(Queries::new(black_box(&graph)).answer_all(&wide).ok());
        });
        let ratio = t_classic.as_secs_f64() / t_fast.as_secs_f64();
        log_sum += ratio.ln();
        let ms = |t: Duration| t.as_secs_f64() * 1e3;
        println!(
            "{:<20} {:>7} {:>7} {:>5} {:>11.2} {:>11.2} {:>8.1}",
            name,
            n,
            from.len(),
            q,
            ms(t_classic),
            ms(t_fast),
            ratio
        );
        tsv += &format!(
            "goal\t{name}\t{n}\t{}\t{q}\t{}\t{}\n",
            from.len(),
            ms(t_classic),
            ms(t_fast)
        );
    }
    println!(
        "geometric mean ratio: {:.1}",
        (log_sum / fams.len() as f64).exp()
    );
    // Format dag at n = 10^6: the whole text in, the answer out, as `loopy dag` does.
    let n = 1_000_000u32;
    let chain: String = std::iter::once(format!("{n} {} 1\n", n - 1))
        .chain((1..n).map(|v| format!("{v} {}\n", v + 1)))
        .collect();
    let mut random_dag = format!("{n} {} 1\n", 2 * n);
    for _ in 0..2 * n {
        let a = 1 + rng.below(n as u64) as u32;
        let b = 1 + rng.below(n as u64) as u32;
        random_dag += &format!("{a} {b}\n");
    }
    println!(
        "\n{:<28} {:>8} {:>8} {:>8}",
        "dag at n = 10^6", "n", "m", "ms"
    );
    for (label, text, m) in [
        ("chain", chain, n - 1),
        ("random, m = 2n", random_dag, 2 * n),
    ] {
        let t = median_time(runs.min(3), || {
            let instances = parse_dag(black_box(text.as_bytes())).expect("valid");
            let mut out = Vec::new();
            write_dag(&instances, &mut out).expect("to memory");
            black_box(out);
        });
        let ms = t.as_secs_f64() * 1e3;
        println!("{label:<28} {n:>8} {m:>8} {ms:>8.1}");
        tsv += &format!("dag\t{label}\t{n}\t{m}\t{ms}\n");
    }
    tsv
}

/// The answer checker against the judge on the same input: `loopy` (parse, solve, print
/// to memory) against `loopy check` (parse, solve, read the right output pushed in
/// 64 KiB chunks). The check solves too, so the ratio is at least about 1; the issue
/// asks for at most 2. Prints a table and returns the TSV rows: `check`, label, games,
/// output bytes, judge ms, check ms.
fn bench_check(runs: usize) -> String {
    let mut rng = Rng(0xc4ec_5eed);
    let mut tsv = String::new();
    // Many small games (the reference's sum of n, 7000, a hundred times over), and the
    // reference's largest game with half of the steps.
    let mut small = String::from("10000\n");
    for _ in 0..10_000 {
        let n = 2 + rng.below(139) as u32;
        for (k, set) in [rng.steps(n, 300), rng.steps(n, 300)].iter().enumerate() {
            if k == 0 {
                small += &format!("{n}\n");
            }
            let words: Vec<String> = set.iter().map(u32::to_string).collect();
            small += &format!("{} {}\n", set.len(), words.join(" "));
        }
    }
    let mut dense = String::from("1\n7000\n");
    for set in [rng.steps(7000, 500), rng.steps(7000, 500)] {
        let words: Vec<String> = set.iter().map(u32::to_string).collect();
        dense += &format!("{} {}\n", set.len(), words.join(" "));
    }
    println!(
        "\n{:<36} {:>6} {:>10} {:>9} {:>9} {:>6}",
        "check against solve", "games", "out bytes", "judge ms", "check ms", "ratio"
    );
    for (label, input) in [
        ("10^4 games, n up to 140", small),
        ("one game, n = 7000, dense 50%", dense),
    ] {
        let output = loopy::judge::answer(input.as_bytes(), false).expect("valid");
        let games = loopy::judge::check(input.as_bytes()).expect("valid");
        let judge = median_time(runs, || {
            black_box(loopy::judge::answer(black_box(input.as_bytes()), false).expect("valid"));
        });
        let check = median_time(runs, || {
            let mut c = Checker::new(
                CheckFormat::Ring,
                black_box(input.as_bytes()),
                Options::FIRST,
            );
            for chunk in output.as_bytes().chunks(1 << 16) {
                c.push(chunk);
            }
            let report = c.finish();
            assert_eq!(report.verdict, Verdict::Ok, "{}", report.message);
        });
        let (j, c) = (judge.as_secs_f64() * 1e3, check.as_secs_f64() * 1e3);
        println!(
            "{label:<36} {games:>6} {:>10} {j:>9.2} {c:>9.2} {:>6.2}",
            output.len(),
            c / j
        );
        tsv += &format!("check\t{label}\t{games}\t{}\t{j}\t{c}\n", output.len());
    }
    tsv
}
