//! `cargo xtask test`: the project's one test command, and exactly what CI
//! runs (`.ci/run`). Cheap checks come first so a formatting slip fails in
//! seconds, not after the browser tests; the first failure stops the run.
//!
//! Everything it needs beyond cargo and node (the wasm target, the
//! wasm-bindgen CLI, the npm packages, Chromium) is installed on the way,
//! because CI starts from a bare machine.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use crate::build;
use crate::serve::Server;
use crate::util::{self, Result};

const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";

/// Seconds each fuzz target runs in the smoke.
const FUZZ_SMOKE_SECS: u64 = 20;

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    // --skip-browser is a developer convenience: stop after the wasm build and the
    // fuzz smoke, skipping npm, Chromium and the node tests. CI never passes it.
    let [skip_browser] = util::flags(args, ["skip-browser"], "cargo xtask test [--skip-browser]")?;
    let root = util::root();

    util::step("format check");
    util::run(util::cargo().args(["fmt", "--all", "--", "--check"]))?;

    let tools = build::ensure_tools()?;

    util::step("clippy (native, all targets)");
    util::run(util::cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    // The wasm bindings are behind cfg(target_arch = "wasm32"): only a wasm
    // check sees them.
    // Twice: the page's module (ring games only) and the whole API (`graphs`).
    for features in [&[][..], &["--features", "graphs"]] {
        util::step("clippy (loopy library and tests for wasm32)");
        util::run(
            util::cargo()
                .args([
                    "clippy",
                    "-p",
                    "loopy",
                    "--lib",
                    "--tests",
                    "--target",
                    "wasm32-unknown-unknown",
                ])
                .args(features)
                .args(["--", "-D", "warnings"]),
        )?;
    }

    // Debug build on purpose: `--release` means fat LTO with one codegen unit
    // (see the root Cargo.toml), which costs more to build than it saves.
    util::step("native tests");
    util::run(util::cargo().args(["test", "--workspace"]))?;

    util::step("wasm tests under node");
    if root.join("crate/tests/wasm.rs").is_file() {
        util::run(
            util::cargo()
                .env(
                    "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
                    &tools.test_runner,
                )
                .args([
                    "test",
                    "-p",
                    "loopy",
                    "--features",
                    "graphs",
                    "--target",
                    "wasm32-unknown-unknown",
                    "--test",
                    "wasm",
                ]),
        )?;
    } else {
        println!("skipping: crate/tests/wasm.rs does not exist yet");
    }

    build::build_wasm(&tools)?;
    build::vendor()?;

    crate::fuzz::smoke(FUZZ_SMOKE_SECS)?;

    if skip_browser {
        println!("--skip-browser: not running npm, Chromium or the node tests");
        println!("xtask test: passed, browser tests skipped");
        return Ok(());
    }

    ensure_node_modules(&root.join("tests"))?;
    // The browser tests also check what a blogger would copy (target/dist, minified).
    util::step("writing target/dist (cargo xtask dist)");
    crate::dist::write()?;
    // The JS linter and formatter (Biome, pinned in tests/package.json; biome.json at the
    // root, with tests/lint/*.grit forbidding HTML string sinks): zero diagnostics.
    util::step("JS lint and format check (biome ci)");
    util::run(
        Command::new(root.join("tests/node_modules/.bin/biome"))
            .current_dir(&root)
            .args(["ci", "--colors=off"]),
    )?;
    let chromium = ensure_chromium()?;
    let ffprobe = ensure_ffprobe();

    // The browser and cross-language tests compare the page with the CLI.
    util::step("building the release CLI");
    util::run(util::cargo().args(["build", "--release", "-p", "loopy", "--bin", "loopy"]))?;
    let cli = util::target_dir().join("release/loopy");

    node_tests(&root, &cli, &chromium, ffprobe.as_deref())?;
    println!("xtask test: all steps passed");
    Ok(())
}

/// `npm ci` in `dir` (`tests/` or `vendor/`) when its `node_modules` is missing or
/// older than the lock file. npm rewrites `node_modules/.package-lock.json` on every
/// install, so its time (or the directory's, whichever is newer) says when that was.
pub fn ensure_node_modules(tests: &Path) -> Result {
    let name = tests
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    util::step(&format!("checking the npm packages in {name}/"));
    let lock = tests.join("package-lock.json");
    let modules = tests.join("node_modules");
    let lock_time = mtime(&lock).ok_or_else(|| {
        format!(
            "{} is missing: the npm packages cannot be installed",
            util::show(&lock)
        )
    })?;
    let installed = [mtime(&modules), mtime(&modules.join(".package-lock.json"))]
        .into_iter()
        .flatten()
        .max();
    if installed.is_some_and(|t| t >= lock_time) {
        return Ok(());
    }
    util::step(&format!("installing the npm packages in {name}/ (npm ci)"));
    util::run(
        Command::new("npm")
            .current_dir(tests)
            .args(["ci", "--no-audit", "--no-fund"]),
    )
}

fn mtime(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Finds Chromium: `$CHROMIUM` if set, else Debian's, else one on `$PATH`.
fn find_chromium() -> Result<Option<PathBuf>> {
    if let Some(path) = std::env::var_os("CHROMIUM").filter(|p| !p.is_empty()) {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(Some(path))
        } else {
            Err(format!("CHROMIUM={} is not a file", util::show(&path)))
        };
    }
    Ok(util::first_file([PathBuf::from(DEFAULT_CHROMIUM)])
        .or_else(|| util::which("chromium"))
        .or_else(|| util::which("chromium-browser")))
}

/// Chromium comes from Debian's package, since nothing here may download a
/// browser build of its own (so no `playwright install`). As root we install
/// it; otherwise we say how.
pub fn ensure_chromium() -> Result<PathBuf> {
    util::step("checking Chromium");
    if let Some(path) = find_chromium()? {
        return Ok(path);
    }
    if !is_root() {
        return Err(format!(
            "Chromium is not installed ({DEFAULT_CHROMIUM} is missing). Install Debian's package with \
             `sudo apt-get update && sudo apt-get install -y chromium`, \
             or point CHROMIUM=/path/to/chromium at another build"
        ));
    }
    util::step("installing Chromium (apt-get install chromium)");
    let install = || {
        util::run(
            Command::new("apt-get")
                .env("DEBIAN_FRONTEND", "noninteractive")
                .args(["install", "-y", "chromium"]),
        )
    };
    if install().is_err() {
        println!("apt-get install failed; updating the package lists and trying again");
        util::run(
            Command::new("apt-get")
                .env("DEBIAN_FRONTEND", "noninteractive")
                .arg("update"),
        )?;
        install()?;
    }
    find_chromium()?.ok_or_else(|| {
        format!("apt-get installed chromium but {DEFAULT_CHROMIUM} is still missing")
    })
}

/// `ffprobe` (Debian's `ffmpeg` package) reads the exported clips back in the export
/// test. Installed like Chromium when missing and root; when it cannot be had, the run
/// goes on and the export test says in its output that the WebM was not read back.
fn ensure_ffprobe() -> Option<PathBuf> {
    util::step("checking ffprobe (for reading exported clips back)");
    let find =
        || util::first_file([PathBuf::from("/usr/bin/ffprobe")]).or_else(|| util::which("ffprobe"));
    if let Some(path) = find() {
        return Some(path);
    }
    if !is_root() {
        println!(
            "ffprobe is missing and we are not root: install it with `sudo apt-get install -y ffmpeg`; \
             the export test will say that it could not read the WebM back"
        );
        return None;
    }
    util::step("installing ffprobe (apt-get install ffmpeg)");
    let install = || {
        util::run(
            Command::new("apt-get")
                .env("DEBIAN_FRONTEND", "noninteractive")
                .args(["install", "-y", "--no-install-recommends", "ffmpeg"]),
        )
    };
    if install().is_err() {
        println!("apt-get install failed; updating the package lists and trying again");
        let updated = util::run(
            Command::new("apt-get")
                .env("DEBIAN_FRONTEND", "noninteractive")
                .arg("update"),
        );
        if updated.and_then(|()| install()).is_err() {
            println!("ffmpeg could not be installed: the export test will say that it could not read the WebM back");
        }
    }
    find()
}

/// Whether we run as root (effective uid 0), read from /proc so no libc
/// binding is needed; `id -u` is the fallback.
fn is_root() -> bool {
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        if let Some(line) = status.lines().find(|l| l.starts_with("Uid:")) {
            // Uid: real effective saved filesystem
            return line.split_whitespace().nth(2) == Some("0");
        }
    }
    util::output(Command::new("id").arg("-u")).is_ok_and(|out| out.trim() == "0")
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

/// Serves `www/` on a free port for the length of the node tests, which get
/// the server (`LOOPY_URL`, and `LOOPY_CSP_URL` for the pages under the strict
/// CSP), the CLI, Chromium and ffprobe (empty when missing) through the environment. One test file
/// at a time: two Chromiums at once on a small machine only make timeouts.
fn node_tests(root: &Path, cli: &Path, chromium: &Path, ffprobe: Option<&Path>) -> Result {
    util::step("browser and cross-language tests (node --test)");
    let files = test_files(&root.join("tests"))?;
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
        .env("LOOPY_CLI", cli)
        .env("CHROMIUM", chromium)
        .env("FFPROBE", ffprobe.map(Path::as_os_str).unwrap_or_default())
        .args(["--test", "--test-concurrency=1"])
        .args(files.iter().map(|f| f.strip_prefix(root).unwrap_or(f)));
    let result = util::run(&mut cmd);
    server.stop();
    dist.stop();
    result
}
