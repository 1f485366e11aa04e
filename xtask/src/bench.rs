//! `cargo xtask bench [--quick] [--no-browser] [--cli]`: one report of how fast Loopy is
//! (`--cli`: only the CLI against a contestant's C++, part 4).
//!
//! 1. Native: `crate/examples/families.rs` times the classic BFS (the baseline, a
//!    typical contest solution) and the fast solver on the maximal game families, after
//!    checking that they agree, and writes the inputs and answers to `target/bench/`.
//! 2. Wasm: `tests/bench/wasm.mjs` times `solve()` under Node on the same inputs, after
//!    checking its answers against the native ones, plus the n = 10^6 scale cases.
//!    The native half also times games on graphs: format `goal` against the contest
//!    algorithm on five families, and format `dag` at n = 10^6; the wasm half solves a
//!    graph of 10^6 vertices and 5·10^6 edges and reports its memory.
//!    Then `tests/bench/phases.mjs` times every phase of the heaviest loads the page
//!    admits (the worst ring game, a 3,000-vertex tournament), as the workers run them.
//!    Then `tests/bench/ring-module.mjs` compares the ring module (built for size) with
//!    the whole module (built as release) on what the ring's worker runs.
//! 3. Layout: `tests/bench/layout.mjs` times graph mode's layout (dagre) against elkjs
//!    on the presets and on larger graphs, with overlaps and the size of the drawing.
//! 4. The CLI against a contestant's C++ (`bench/cpp.rs`): `loopy graph` at 10^6 vertices
//!    and `loopy` on 10^5 small ring games, against the C++ of `tests/bench/cpp/`.
//! 5. Browser: `tests/bench/browser.mjs` measures the page in headless Chromium: frame
//!    times while playing n = 7000 at full speed, scrubbing latency, first paint, and
//!    the gzipped weight of everything the page loads; `tests/bench/exports.mjs` the
//!    exports for slides (a 7 s GIF's bytes, the WebM and the PNG slides).
//!
//! Speed is reported as ratios against the baseline measured in the same run (medians
//! of several runs), never compared with fixed thresholds: machines are noisy. The
//! table is printed and written to `target/bench/report.md`.

use std::path::Path;
use std::process::Command;

mod cpp;

use crate::build;
use crate::serve::Server;
use crate::tools;
use crate::util::{self, Result};

/// One family's figures, in milliseconds per solve.
struct Row {
    family: String,
    n: u64,
    edges: u64,
    classic: f64,
    native: f64,
    wasm: f64,
}

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    let [quick, no_browser, cli] = util::flags(
        args,
        ["quick", "no-browser", "cli"],
        "cargo xtask bench [--quick] [--no-browser] [--cli]",
    )?;
    let root = util::root();
    let out = util::target_dir().join("bench");
    std::fs::create_dir_all(&out)
        .map_err(|e| format!("cannot create {}: {e}", util::show(&out)))?;
    let quick_args: &[&str] = if quick { &["--quick"] } else { &[] };
    if cli {
        // Only the CLI against a contestant's C++.
        util::step("native: the CLI against a contestant's C++");
        let report = cpp::against_cpp(&out, quick)?;
        println!("\n{report}");
        return Ok(());
    }

    util::step("native: classic BFS against the fast solver");
    util::run(
        util::cargo()
            .args([
                "run",
                "--quiet",
                "--release",
                "-p",
                "loopy",
                "--example",
                "families",
                "--",
            ])
            .args(quick_args)
            .arg("--out")
            .arg(&out),
    )?;

    let tools = tools::ensure_tools()?;
    build::build_wasm(&tools)?;
    build::vendor()?;
    util::step("wasm: solve() under Node on the same inputs");
    let wasm = util::output(
        Command::new("node")
            .current_dir(&root)
            .arg("tests/bench/wasm.mjs")
            .arg(&out)
            .args(quick_args),
    )?;

    let rows = merge(&read(&out.join("native.tsv"))?, &wasm)?;
    let mut report = table(&rows);
    report += &scale(&wasm);
    report += &graphs(&read(&out.join("graphs.tsv"))?, &wasm)?;

    // The CLI as a contestant runs it, against the C++ they would write.
    util::step("native: the CLI against a contestant's C++");
    report += &cpp::against_cpp(&out, quick)?;

    // Each load in its own Node process, as a worker has it to itself.
    util::step("wasm: the phases of the heaviest loads the page admits");
    let mut rows = String::new();
    for load in ["ring", "bigring", "biggraph", "tournament", "hub"] {
        rows += &util::output(
            Command::new("node")
                .current_dir(&root)
                .arg("tests/bench/phases.mjs")
                .arg(load)
                .args(quick_args),
        )?;
    }
    report += &phases(&rows);

    // The ring module, built for size, against the whole module, built as release.
    util::step("wasm: the ring module against the whole module");
    report += &util::output(
        Command::new("node")
            .current_dir(&root)
            .arg("tests/bench/ring-module.mjs")
            .args(quick_args),
    )?;

    // Graph mode's layout library against an alternative (elkjs, a test dependency).
    tools::ensure_node_modules(&root.join("tests"))?;
    util::step("layout: dagre against elkjs under Node");
    report += "\n";
    report += &util::output(
        Command::new("node")
            .current_dir(&root)
            .arg("tests/bench/layout.mjs")
            .args(quick_args),
    )?;

    if !no_browser {
        util::step("browser: the page in headless Chromium");
        report += &browser(&root, quick)?;
    }
    println!("\n{report}");
    let path = out.join("report.md");
    std::fs::write(&path, &report)
        .map_err(|e| format!("cannot write {}: {e}", util::show(&path)))?;
    println!("(written to {})", util::show(&path));
    Ok(())
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", util::show(path)))
}

fn number<T: std::str::FromStr>(field: Option<&str>, what: &str) -> Result<T> {
    field
        .and_then(|f| f.trim().parse().ok())
        .ok_or_else(|| format!("bench output: missing or bad {what}"))
}

/// Joins the native rows (family, n, edges, classic, loopy) with the wasm `family`
/// rows (index, ms), which come in the same order.
fn merge(native: &str, wasm: &str) -> Result<Vec<Row>> {
    let wasm_ms: Vec<f64> = wasm
        .lines()
        .filter_map(|l| l.strip_prefix("family\t"))
        .map(|l| number(l.split('\t').nth(1), "wasm ms"))
        .collect::<Result<_>>()?;
    let rows: Vec<Row> = native
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let mut f = line.split('\t');
            Ok(Row {
                family: f.next().unwrap_or_default().to_owned(),
                n: number(f.next(), "n")?,
                edges: number(f.next(), "edges")?,
                classic: number(f.next(), "classic ms")?,
                native: number(f.next(), "loopy ms")?,
                wasm: *wasm_ms
                    .get(i)
                    .ok_or("bench output: fewer wasm rows than families")?,
            })
        })
        .collect::<Result<_>>()?;
    if rows.is_empty() {
        return Err("bench output: no families".into());
    }
    Ok(rows)
}

fn table(rows: &[Row]) -> String {
    let mut s = String::from(
        "## Exact solve, n = 7000 (ms per solve, median; ratio = classic / loopy)\n\n\
         | family | n | edges | classic ms (native) | loopy ms (native) | loopy ms (wasm, Node) | ratio native | ratio wasm |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let (mut log_native, mut log_wasm) = (0.0, 0.0);
    for r in rows {
        let (rn, rw) = (r.classic / r.native, r.classic / r.wasm);
        log_native += rn.ln();
        log_wasm += rw.ln();
        s += &format!(
            "| {} | {} | {} | {:.3} | {:.4} | {:.4} | {:.1} | {:.1} |\n",
            r.family, r.n, r.edges, r.classic, r.native, r.wasm, rn, rw
        );
    }
    let k = rows.len() as f64;
    s += &format!(
        "| **geometric mean** | | | | | | **{:.1}** | **{:.1}** |\n\n",
        (log_native / k).exp(),
        (log_wasm / k).exp()
    );
    s
}

fn scale(wasm: &str) -> String {
    let mut s = String::from(
        "## Scale in wasm (Node): n = 10^6, 16 steps each\n\n\
         | steps | n | ms | wasm memory per state (bytes) |\n|---|---:|---:|---:|\n",
    );
    for line in wasm.lines().filter_map(|l| l.strip_prefix("scale\t")) {
        let f: Vec<&str> = line.split('\t').collect();
        if let [label, n, ms, bytes] = f[..] {
            let ms: f64 = ms.parse().unwrap_or(f64::NAN);
            let bytes: f64 = bytes.parse().unwrap_or(f64::NAN);
            s += &format!("| {label} | {n} | {ms:.1} | {bytes:.1} |\n");
        }
    }
    s + "\n"
}

/// The graph tables: format `goal` against its baseline, format `dag` at n = 10^6
/// natively, and the graph cases in wasm.
fn graphs(native: &str, wasm: &str) -> Result<String> {
    let mut s = String::from(
        "## Games on graphs: format `goal` at the reference limits \
         (ms for all q queries, median; ratio = classic / loopy)\n\n\
         | family | n | m | q | classic ms (one BFS per query) | loopy ms | ratio |\n\
         |---|---:|---:|---:|---:|---:|---:|\n",
    );
    let (mut log, mut k) = (0.0, 0);
    for line in native.lines().filter_map(|l| l.strip_prefix("goal\t")) {
        let f: Vec<&str> = line.split('\t').collect();
        let [family, n, m, q, classic, fast] = f[..] else {
            return Err(format!("bench output: bad goal row {line:?}"));
        };
        let classic: f64 = number(Some(classic), "classic ms")?;
        let fast: f64 = number(Some(fast), "loopy ms")?;
        let ratio = classic / fast;
        log += ratio.ln();
        k += 1;
        s += &format!("| {family} | {n} | {m} | {q} | {classic:.1} | {fast:.1} | {ratio:.1} |\n");
    }
    if k == 0 {
        return Err("bench output: no goal families".into());
    }
    s += &format!(
        "| **geometric mean** | | | | | | **{:.1}** |\n\n",
        (log / k as f64).exp()
    );
    s += "## Format `dag` at n = 10^6, natively (the whole text parsed, solved, printed)\n\n\
          | instance | n | m | ms |\n|---|---:|---:|---:|\n";
    for line in native.lines().filter_map(|l| l.strip_prefix("dag\t")) {
        if let [label, n, m, ms] = line.split('\t').collect::<Vec<_>>()[..] {
            let ms: f64 = number(Some(ms), "dag ms")?;
            s += &format!("| {label} | {n} | {m} | {ms:.1} |\n");
        }
    }
    s += "\n## Checking an answer, natively: `loopy check` against `loopy` on the same input \
          (ms, median; ratio = check / judge, at most 2 wanted)\n\n\
          | input | games | output bytes | judge ms (parse, solve, print) | check ms (parse, solve, compare) | ratio |\n\
          |---|---:|---:|---:|---:|---:|\n";
    for line in native.lines().filter_map(|l| l.strip_prefix("check\t")) {
        if let [label, games, bytes, judge, check] = line.split('\t').collect::<Vec<_>>()[..] {
            let judge: f64 = number(Some(judge), "judge ms")?;
            let check: f64 = number(Some(check), "check ms")?;
            s += &format!(
                "| {label} | {games} | {bytes} | {judge:.1} | {check:.1} | {:.2} |\n",
                check / judge
            );
        }
    }
    s += "\n## Games on graphs in wasm (Node): 10^6 vertices\n\n\
          | graph | n | m | ms (values and depths) | wasm memory per edge + vertex (bytes) |\n\
          |---|---:|---:|---:|---:|\n";
    for line in wasm.lines().filter_map(|l| l.strip_prefix("graph\t")) {
        if let [label, n, m, ms, bytes] = line.split('\t').collect::<Vec<_>>()[..] {
            let ms: f64 = number(Some(ms), "graph ms")?;
            let bytes: f64 = number(Some(bytes), "graph bytes")?;
            s += &format!("| {label} | {n} | {m} | {ms:.0} | {bytes:.1} |\n");
        }
    }
    Ok(s + "\n")
}

/// The phases of the heaviest loads (rows "phase", load, phase, ms).
fn phases(out: &str) -> String {
    let mut s = String::from(
        "## Phases of the heaviest loads in wasm (Node), as the workers run them\n\n\
         | load | phase | ms |\n|---|---|---:|\n",
    );
    for line in out.lines().filter_map(|l| l.strip_prefix("phase\t")) {
        if let [load, phase, ms] = line.split('\t').collect::<Vec<_>>()[..] {
            let ms: f64 = ms.parse().unwrap_or(f64::NAN);
            s += &format!("| {load} | {phase} | {ms:.0} |\n");
        }
    }
    s + "\n"
}

/// Runs the browser measurements against the page served on a free port; the
/// script prints its own Markdown section.
fn browser(root: &Path, quick: bool) -> Result<String> {
    tools::ensure_node_modules(&root.join("tests"))?;
    let chromium = tools::ensure_chromium()?;
    let server = Server::start(root.join("www"), 0, false)
        .map_err(|e| format!("cannot start the static server: {e}"))?;
    // What a blogger copies (minified): the weights that a reader downloads.
    let dist_dir = crate::dist::write()?;
    let dist = Server::start(dist_dir.join("site"), 0, false)
        .map_err(|e| format!("cannot start the static server for target/dist: {e}"))?;
    let mut cmd = Command::new("node");
    cmd.current_dir(root)
        .env("LOOPY_URL", server.url())
        .env("LOOPY_DIST_URL", dist.url())
        .env("LOOPY_DIST_DIR", &dist_dir)
        .env("CHROMIUM", &chromium)
        .arg("tests/bench/browser.mjs");
    if quick {
        cmd.arg("--quick");
    }
    let result = util::output(&mut cmd).and_then(|mut report| {
        // The exports for slides: a 7 s GIF's bytes (budget 1 MB), the WebM and PNG slides.
        report += "\n## Exports for slides (bytes; time to make, headless Chromium)\n\n";
        report += &util::output(
            Command::new("node")
                .current_dir(root)
                .env("LOOPY_URL", server.url())
                .env("CHROMIUM", chromium)
                .arg("tests/bench/exports.mjs"),
        )?;
        Ok(report)
    });
    server.stop();
    dist.stop();
    result
}
