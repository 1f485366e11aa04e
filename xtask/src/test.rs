//! `cargo xtask test`: the project's one test command, and exactly what CI runs
//! (`.ci/run`). Cheap checks come first so a formatting slip fails in seconds, not after
//! the browser tests; the first failure stops the run. Each phase prints its time, and the
//! run ends with a table of phases and seconds (also when a phase fails).
//!
//! Everything it needs beyond cargo and node (the wasm target, the wasm-bindgen CLI, the
//! npm packages, Chromium, ffprobe) is installed on the way (see `tools`), because CI
//! starts from a bare machine.
//!
//! Fast by design: every build is made once (the CLI that the browser tests compare with
//! is the one the native tests' build makes; the wasm modules and `dist` once each; each
//! package's dependencies with its own features), what keeps one core busy runs beside
//! what keeps the other (the wasm build beside the native tests' build; within the wasm
//! build, the ring module and the release ones), the browser tests, which mostly wait,
//! run beside clippy's wasm checks and the Rust tests, the fuzz corpus is replayed on
//! stable by the native tests while live fuzzing is `cargo xtask fuzz`'s, and the node
//! test files run two at a time, each with its own Chromium, the longest first. The table
//! at the end gives each phase's wall and CPU seconds and the machine's load, and the node
//! tests end with each file's seconds.
//! `--quick` is the inner loop: format, clippy, the Rust tests and the pure JS properties.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::build;
use crate::serve::Server;
use crate::tools;
use crate::util::{self, Phases, Result};

const USAGE: &str = "cargo xtask test [--quick] [--skip-browser]";

/// How many node test files run at once. Each file starts its own Chromium, and two
/// Chromiums keep a 2-core machine busy: with three the phase took as long (732 s against
/// 736, the files' own seconds adding up to 1,977 against 1,404), since the pages, their
/// workers and Chromium's compositing keep both cores busy (`vmstat`: 2 % idle) beside
/// clippy's wasm checks and the Rust tests. The files share no state (each writes only its
/// own screenshots, under names of its own).
const NODE_CONCURRENCY: usize = 2;

/// The node test files of 5 s or more, the longest first (the seconds each file's tests
/// took, as tests/tools/durations.mjs prints them at the end of a run: 78 s for
/// story-present down to 6 s for graph-phases in a fresh-clone run of 2026-12-05 with
/// pages passed on, tests/page-pool.mjs): started first, so that the workers finish
/// together rather than one of them running a long file alone at the end. A file not
/// listed (each under a second or two) starts after these, the largest first.
const NODE_FIRST: &[&str] = &[
    "story-present.test.mjs",
    "element-core.test.mjs",
    "hostile-surfaces.test.mjs",
    "hardening.test.mjs",
    "graph.test.mjs",
    "page.test.mjs",
    "story.test.mjs",
    "embed.test.mjs",
    "offline.test.mjs",
    "wasm-boundary.test.mjs",
    "export.test.mjs",
    "play.test.mjs",
    "component.test.mjs",
    "states.test.mjs",
    "page-lang.test.mjs",
    "presenter-layout.test.mjs",
    "first-minute.test.mjs",
    "dist.test.mjs",
    "lessons.test.mjs",
    "present.test.mjs",
    "chinese-reader.test.mjs",
    "check.test.mjs",
    "teach.test.mjs",
    "element-words.test.mjs",
    "zh.test.mjs",
    "phases.test.mjs",
    "names.test.mjs",
    "tree.test.mjs",
    "page-keys.test.mjs",
    "worker.test.mjs",
    "quiz-hints.test.mjs",
    "story-drafts.test.mjs",
    "graph-phases.test.mjs",
];

/// The node test files that need neither a browser nor the CLI: the properties of the
/// page's pure modules, which `--quick` runs.
const PURE_TESTS: &[&str] = &[
    "tests/core-rules.test.mjs",
    "tests/errors.test.mjs",
    "tests/explain.test.mjs",
    "tests/i18n.test.mjs",
    "tests/markdown.test.mjs",
    "tests/properties.test.mjs",
    "tests/pure.test.mjs",
    "tests/story-settings.test.mjs",
    "tests/structure.test.mjs",
];

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    // --skip-browser is a developer convenience: stop before npm, Chromium and the node
    // tests. --quick is the inner loop. CI passes neither.
    let [quick, skip_browser] = util::flags(args, ["quick", "skip-browser"], USAGE)?;
    let mut phases = Phases::default();
    let result = if quick {
        run_quick(&mut phases)
    } else {
        run_all(&mut phases, skip_browser)
    };
    println!("\nxtask test: phases and seconds\n\n{}", phases.table());
    match &result {
        Ok(()) if quick => println!("xtask test --quick: all steps passed"),
        Ok(()) if skip_browser => println!("xtask test: passed, browser tests skipped"),
        Ok(()) => println!("xtask test: all steps passed"),
        Err(_) => println!("xtask test: FAILED (see the failed phase above)"),
    }
    result
}

/// What both runs begin with: format, the tools and clippy's native checks.
fn first_checks(phases: &mut Phases) -> Result<tools::Tools> {
    phases.run("format (cargo fmt --check)", format)?;
    let wasm_tools = phases.run("set-up: wasm target, wasm-bindgen CLI", tools::ensure_tools)?;
    phases.run("clippy (native)", clippy_native)?;
    Ok(wasm_tools)
}

/// The inner loop's Rust part: clippy's wasm checks beside the wasm build, then the native
/// Rust tests, one after another in the foreground.
fn rust_checks(phases: &mut Phases) -> Result<tools::Tools> {
    let wasm_tools = first_checks(phases)?;
    // Side by side: each mostly keeps one core busy (clippy checks the one crate five times;
    // each release module ends in fat LTO on one core), and their build directories, and so
    // cargo's locks, differ (wasm32's dev profile; release and ring-module).
    phases.run(
        "clippy (wasm32, five feature sets), beside the wasm build (four modules)",
        || beside(clippy_wasm, || build::build_wasm(&wasm_tools)),
    )?;
    phases.run("Rust tests (native, with the fuzz corpus replayed)", || {
        native_build()?;
        native_run()
    })?;
    Ok(wasm_tools)
}

/// Runs `a` and `b` at once and waits for both: Ok, or the first one's error.
fn beside(a: impl FnOnce() -> Result + Send, b: impl FnOnce() -> Result + Send) -> Result {
    std::thread::scope(|scope| {
        let b = scope.spawn(b);
        let a = a();
        let b = b
            .join()
            .unwrap_or_else(|_| Err("a step run beside another panicked".into()));
        a.and(b)
    })
}

/// The whole run: what CI and the README's test command do.
///
/// Built on the critical path, in this order: what the browser tests need (the wasm
/// modules, the CLI that the native tests' build makes, npm, dist). Then the browser tests
/// run, and beside them everything nothing else waits for: clippy's wasm checks, the native
/// Rust tests and the wasm tests. The browser tests keep about a third of the machine busy
/// (their files mostly wait on pages, animations and workers: 348 CPU seconds in 505 s on
/// two cores), so the Rust work fits beside them; run before them, it made the command
/// 13 min 5 s on this machine, against the 12 minutes it is allowed. Their output goes to a
/// log (target/xtask-test/beside.log) and is printed after the browser tests', so that the
/// two reports do not interleave.
fn run_all(phases: &mut Phases, skip_browser: bool) -> Result {
    let root = util::root();
    let wasm_tools = first_checks(phases)?;
    // The wasm build ends each release module in fat LTO on one core; the native tests'
    // build keeps the other busy meanwhile (target/debug: a build directory, and a cargo
    // lock, of its own).
    phases.run(
        "the wasm build (four modules), beside the native tests' build",
        || {
            beside(native_build, || {
                build::build_wasm(&wasm_tools)?;
                build::vendor()
            })
        },
    )?;
    if skip_browser {
        println!("--skip-browser: not running npm, Chromium or the node tests");
        phases.run("clippy (wasm32, five feature sets)", clippy_wasm)?;
        phases.run(
            "Rust tests (native, with the fuzz corpus replayed)",
            native_run,
        )?;
        return phases.run("Rust tests (wasm, under Node)", || wasm_tests(&wasm_tools));
    }
    phases.run("set-up: npm packages in tests/", || {
        tools::ensure_node_modules(&root.join("tests"))
    })?;
    // The browser tests also check what a blogger would copy (target/dist, minified).
    phases.run("dist (target/dist, minified)", || {
        crate::dist::write().map(drop)
    })?;
    phases.run("JS lint and format (biome ci)", biome)?;
    let (chromium, ffprobe) = phases.run("set-up: Chromium and ffprobe", || {
        Ok((tools::ensure_chromium()?, tools::ensure_ffprobe()))
    })?;
    let log_path = util::target_dir().join("xtask-test/beside.log");
    let mut side = Vec::new();
    let result = phases.run(
        "browser and cross-language tests (node --test), beside clippy (wasm32) and the Rust tests",
        || {
            let log = Log::create(&log_path)?;
            beside(
                || node_tests(&root, &chromium, ffprobe.as_deref()),
                || {
                    let steps: [(&str, &dyn Fn() -> Result); 3] = [
                        ("clippy (wasm32, five feature sets)", &|| {
                            log.run_all(clippy_commands())
                        }),
                        (
                            "Rust tests (native, with the fuzz corpus replayed)",
                            &|| log.run_all(native_run_commands()),
                        ),
                        ("Rust tests (wasm, under Node)", &|| {
                            log.run_all(vec![wasm_test_command(&wasm_tools)])
                        }),
                    ];
                    for (name, step) in steps {
                        let start = std::time::Instant::now();
                        let result = step();
                        side.push((name, start.elapsed().as_secs_f64(), result.is_ok()));
                        result?;
                    }
                    Ok(())
                },
            )
        },
    );
    println!(
        "\n=== beside the browser tests: clippy (wasm32) and the Rust tests ({})\n",
        util::show(&log_path)
    );
    print!("{}", std::fs::read_to_string(&log_path).unwrap_or_default());
    for (name, secs, ok) in side {
        phases.beside(name, secs, ok);
    }
    if result.is_err() {
        print!("{}", failures(&node_log_path()));
    }
    result
}

/// Where the node tests' spec report is written besides the terminal.
fn node_log_path() -> PathBuf {
    util::target_dir().join("xtask-test/node.log")
}

/// The node tests' failures with their errors (the spec report's closing "failing tests"
/// section), at most 200 lines: printed again after the Rust steps' log, so that the last
/// lines of a failed run, which are all a CI summary may keep, say what failed and why.
fn failures(node_log: &Path) -> String {
    let report = std::fs::read_to_string(node_log).unwrap_or_default();
    let Some(start) = report.rfind("failing tests:") else {
        return String::new();
    };
    let section: Vec<&str> = report[start..].lines().collect();
    let shown = section.len().min(200);
    let mut out = format!(
        "\n=== the node tests' failures (from {})\n\n",
        util::show(node_log)
    );
    for line in &section[..shown] {
        out.push_str(line);
        out.push('\n');
    }
    if shown < section.len() {
        out.push_str(&format!(
            "… {} more lines in that file\n",
            section.len() - shown
        ));
    }
    out
}

/// A log that the steps run beside the browser tests write to, each command after a `$`
/// line as `util::run` prints it.
struct Log {
    file: std::fs::File,
}

impl Log {
    fn create(path: &Path) -> Result<Log> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", util::show(dir)))?;
        }
        let file = std::fs::File::create(path)
            .map_err(|e| format!("cannot write {}: {e}", util::show(path)))?;
        Ok(Log { file })
    }

    /// Runs each command in turn, its output into the log; the first failure stops.
    fn run_all(&self, commands: Vec<Command>) -> Result {
        use std::io::Write;
        for mut cmd in commands {
            let shown = util::describe(&cmd);
            let clone = || {
                self.file
                    .try_clone()
                    .map_err(|e| format!("cannot share the log: {e}"))
            };
            writeln!(clone()?, "$ {shown}").map_err(|e| format!("cannot write the log: {e}"))?;
            let status = cmd
                .stdout(clone()?)
                .stderr(clone()?)
                .status()
                .map_err(|e| format!("could not start `{shown}`: {e}"))?;
            if !status.success() {
                return Err(format!("`{shown}` failed ({status}): see its output above"));
            }
        }
        Ok(())
    }
}

/// The inner loop (`--quick`): format, clippy, the Rust tests, and the properties of the
/// page's pure modules (which need the wasm build and fast-check, nothing more).
fn run_quick(phases: &mut Phases) -> Result {
    let root = util::root();
    rust_checks(phases)?;
    phases.run("set-up: npm packages in tests/", || {
        tools::ensure_node_modules(&root.join("tests"))
    })?;
    phases.run("pure JS properties (node --test)", || {
        util::run(
            Command::new("node")
                .current_dir(&root)
                .args(["--test", "--test-concurrency=2"])
                .args(PURE_TESTS),
        )
    })
}

fn format() -> Result {
    util::run(util::cargo().args(["fmt", "--all", "--", "--check"]))
}

fn clippy_native() -> Result {
    util::run(util::cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))
}

fn clippy_wasm() -> Result {
    clippy_commands().iter_mut().try_for_each(util::run)
}

/// Clippy's wasm checks, one command a feature set.
fn clippy_commands() -> Vec<Command> {
    // The wasm bindings are behind cfg(target_arch = "wasm32"): only a wasm check sees
    // them. Each module's features, with the wasm tests where they build: the ring's
    // bindings with std (the default features) and the whole API (`graphs`); the library
    // alone for the ring module as built (`bare`: without the std the tests' harness
    // needs), <loopy-graph>'s module and the ring's why module (`ring-why` alone).
    let checks: [(&[&str], bool); 5] = [
        (&[], true),
        (&["--features", "graphs"], true),
        (&["--features", "bare"], false),
        (
            &["--no-default-features", "--features", "graph-element"],
            false,
        ),
        (&["--no-default-features", "--features", "ring-why"], false),
    ];
    checks
        .into_iter()
        .map(|(features, tests)| {
            let mut cargo = util::cargo();
            cargo.args([
                "clippy",
                "-p",
                "loopy",
                "--lib",
                "--target",
                tools::WASM_TARGET,
            ]);
            if tests {
                cargo.arg("--tests");
            }
            cargo.args(features).args(["--", "-D", "warnings"]);
            cargo
        })
        .collect()
}

/// The native tests, debug build on purpose: `--release` means fat LTO with one codegen
/// unit (see the root Cargo.toml), which costs more to build than it saves. The loopy
/// crate itself is optimised in the dev profile (Cargo.toml), so that the property tests
/// run fast and the CLI built here serves the browser tests too.
///
/// One package at a time, so that each builds its dependencies with its own features: as
/// one workspace, cargo unifies them (serde's, for one), and xtask's server (axum) was
/// built a second time, beside the build `cargo xtask` had just made. The example
/// (crate/examples/families.rs, the bench's) is not built here: clippy has checked it,
/// and it has no tests. The doc tests (the examples in the docs) run on their own.
const NATIVE_TESTS: [&str; 6] = ["test", "-p", "loopy", "--lib", "--bins", "--tests"];

/// Builds the native tests and the CLI (target/debug/loopy, which the browser tests
/// compare the page with) without running them.
fn native_build() -> Result {
    util::run(util::cargo().args(NATIVE_TESTS).arg("--no-run"))
}

/// Runs the native tests [`native_build`] built, then the doc tests and xtask's.
fn native_run() -> Result {
    native_run_commands().iter_mut().try_for_each(util::run)
}

fn native_run_commands() -> Vec<Command> {
    let cargo = |args: &[&str]| {
        let mut cmd = util::cargo();
        cmd.args(args);
        cmd
    };
    vec![
        cargo(&NATIVE_TESTS),
        cargo(&["test", "-p", "loopy", "--doc"]),
        cargo(&["test", "-p", "xtask"]),
    ]
}

fn wasm_tests(wasm_tools: &tools::Tools) -> Result {
    util::run(&mut wasm_test_command(wasm_tools))
}

fn wasm_test_command(wasm_tools: &tools::Tools) -> Command {
    let mut cmd = util::cargo();
    cmd.env(
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
        &wasm_tools.test_runner,
    )
    .args([
        "test",
        "-p",
        "loopy",
        "--features",
        "graphs",
        "--target",
        tools::WASM_TARGET,
        "--test",
        "wasm",
    ]);
    cmd
}

/// The JS linter and formatter (Biome, pinned in tests/package.json; biome.json at the
/// root, with tests/lint/*.grit forbidding HTML string sinks): zero diagnostics.
fn biome() -> Result {
    let root = util::root();
    util::run(
        Command::new(root.join("tests/node_modules/.bin/biome"))
            .current_dir(&root)
            .args(["ci", "--colors=off"]),
    )
}

/// The CLI that the browser and cross-language tests compare the page with: the one
/// `cargo test --workspace` has just built (debug assertions on, the crate optimised).
fn cli() -> Result<PathBuf> {
    let cli = util::target_dir().join("debug/loopy");
    if cli.is_file() {
        Ok(cli)
    } else {
        Err(format!(
            "{} is missing: the native tests build it",
            util::show(&cli)
        ))
    }
}

/// The `tests/*.test.mjs` files, listed by us: node 20's `--test` takes no
/// glob, and given a directory it would also pick up helper modules.
fn test_files(tests: &Path) -> Result<Vec<PathBuf>> {
    let entries =
        std::fs::read_dir(tests).map_err(|e| format!("cannot list {}: {e}", util::show(tests)))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.ends_with(".test.mjs"))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no *.test.mjs file in {}", util::show(tests)));
    }
    Ok(files)
}

/// The order in which the node test files start: [`NODE_FIRST`] in its order, then the
/// others, the largest first, so that the last files to start are short ones and neither
/// worker idles at the end.
fn node_order(mut files: Vec<PathBuf>) -> Vec<PathBuf> {
    let rank = |f: &PathBuf| {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let first = NODE_FIRST.iter().position(|n| *n == name);
        let size = std::fs::metadata(f).map(|m| m.len()).unwrap_or(0);
        (first.unwrap_or(NODE_FIRST.len()), std::cmp::Reverse(size))
    };
    files.sort_by_key(rank);
    files
}

/// Serves `www/` on a free port for the length of the node tests, which get the server
/// (`LOOPY_URL`, and `LOOPY_CSP_URL` for the pages under the strict CSP), the CLI,
/// Chromium and ffprobe (empty when missing) through the environment.
/// [`NODE_CONCURRENCY`] files at a time, in [`node_order`]. The output is node's `spec`
/// report, then each file's seconds (tests/tools/durations.mjs), the longest first.
fn node_tests(root: &Path, chromium: &Path, ffprobe: Option<&Path>) -> Result {
    let cli = cli()?;
    let files = node_order(test_files(&root.join("tests"))?);
    let server = Server::start(root.join("www"), 0, false)
        .map_err(|e| format!("cannot start the static server: {e}"))?;
    println!("serving www/ at {}", server.url());
    // What `cargo xtask dist` wrote, as a static host would serve it.
    let dist = Server::start(util::target_dir().join("dist/site"), 0, false)
        .map_err(|e| format!("cannot start the static server for target/dist: {e}"))?;
    println!("serving target/dist/site at {}", dist.url());
    let mut cmd = Command::new("node");
    cmd.current_dir(root)
        .env("LOOPY_URL", server.url())
        .env("LOOPY_DIST_URL", dist.url())
        .env("LOOPY_DIST_DIR", util::target_dir().join("dist"))
        // The same pages sent with the strict Content-Security-Policy header.
        .env("LOOPY_CSP_URL", server.csp_url())
        .env("LOOPY_CLI", &cli)
        .env("CHROMIUM", chromium)
        .env("FFPROBE", ffprobe.map(Path::as_os_str).unwrap_or_default())
        .arg("--test")
        .arg(format!("--test-concurrency={NODE_CONCURRENCY}"))
        .args(["--test-reporter=spec", "--test-reporter-destination=stdout"])
        // Again to a file, whose failures `run_all` repeats at the very end (see `failures`).
        .arg("--test-reporter=spec")
        .arg(format!(
            "--test-reporter-destination={}",
            node_log_path().display()
        ))
        .args([
            "--test-reporter=./tests/tools/durations.mjs",
            "--test-reporter-destination=stdout",
        ])
        .args(files.iter().map(|f| f.strip_prefix(root).unwrap_or(f)));
    let result = util::run(&mut cmd);
    server.stop();
    dist.stop();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_repeat_the_spec_reports_failing_section_or_nothing() {
        let dir = std::env::temp_dir().join(format!("loopy-failures-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("node.log");
        std::fs::write(&log, "✔ a test\n✖ b test\n  AssertionError: no\nℹ fail 1\n\n✖ failing tests:\n\n✖ b test\n  AssertionError: no\n").unwrap();
        let shown = failures(&log);
        std::fs::write(&log, "✔ a test\nℹ fail 0\n").unwrap();
        let none = failures(&log);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            shown.ends_with("failing tests:\n\n✖ b test\n  AssertionError: no\n"),
            "{shown}"
        );
        assert!(!shown.contains("a test"), "{shown}");
        assert_eq!(none, "");
    }

    #[test]
    fn node_files_start_with_the_listed_ones_then_the_largest() {
        let dir = std::env::temp_dir().join(format!("loopy-node-order-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str, bytes: usize| {
            let path = dir.join(name);
            std::fs::write(&path, vec![b'x'; bytes]).unwrap();
            path
        };
        let files = vec![
            file("small.test.mjs", 10),
            file(NODE_FIRST[1], 1),
            file("large.test.mjs", 100),
            file(NODE_FIRST[0], 5),
        ];
        let order: Vec<String> = node_order(files)
            .iter()
            .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            order,
            [
                NODE_FIRST[0],
                NODE_FIRST[1],
                "large.test.mjs",
                "small.test.mjs"
            ]
        );
    }
}
