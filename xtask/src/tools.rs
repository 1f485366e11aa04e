//! The tools the project installs for itself, found or installed on first use: the wasm
//! target, the wasm-bindgen CLI, the npm packages, Chromium and ffprobe. `build`, `dist`,
//! `serve`, `test` and `bench` all call these; none of them calls another subcommand's
//! module for a tool (a fresh machine has only cargo and node, so every command must be
//! able to set itself up).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use crate::util::{self, Result};

const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";

/// Must equal the `=` pin of `wasm-bindgen` in `crate/Cargo.toml`: the CLI
/// refuses a wasm file made by any other version of the library.
pub const WASM_BINDGEN_VERSION: &str = "0.2.130";

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The tools that `build` and `test` use, by absolute path.
pub struct Tools {
    pub wasm_bindgen: PathBuf,
    pub test_runner: PathBuf,
}

/// The rustup target and the wasm-bindgen CLI, installed when missing.
pub fn ensure_tools() -> Result<Tools> {
    ensure_wasm_target()?;
    ensure_wasm_bindgen()
}

/// Installs the `wasm32-unknown-unknown` standard library if the active
/// toolchain lacks it. Looks in the sysroot first so that a machine without
/// rustup (but with the target) works too.
pub fn ensure_wasm_target() -> Result {
    util::step(&format!("checking the rust target {WASM_TARGET}"));
    let sysroot = util::output(
        Command::new("rustc")
            .current_dir(util::root())
            .args(["--print", "sysroot"]),
    )?;
    let libdir = Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(WASM_TARGET);
    if libdir.is_dir() {
        return Ok(());
    }
    util::step(&format!("installing the rust target {WASM_TARGET}"));
    util::run(
        Command::new("rustup")
            .current_dir(util::root())
            .args(["target", "add", WASM_TARGET]),
    )
}

fn tools_in(root: &Path) -> Tools {
    Tools {
        wasm_bindgen: root.join("bin/wasm-bindgen"),
        test_runner: root.join("bin/wasm-bindgen-test-runner"),
    }
}

/// True when both binaries are there and the CLI reports the pinned version.
fn tools_ok(tools: &Tools) -> bool {
    if !tools.wasm_bindgen.is_file() || !tools.test_runner.is_file() {
        return false;
    }
    match util::output(Command::new(&tools.wasm_bindgen).arg("--version")) {
        Ok(out) => out.split_whitespace().nth(1) == Some(WASM_BINDGEN_VERSION),
        Err(_) => false,
    }
}

/// Installs wasm-bindgen-cli from source into the cache unless it is already there.
/// No `--locked`: the CLI's own lock file pins versions that no longer build with
/// current toolchains.
pub fn ensure_wasm_bindgen() -> Result<Tools> {
    let root = util::cached_install("wasm-bindgen-cli", WASM_BINDGEN_VERSION, false, |root| {
        tools_ok(&tools_in(root))
    })?;
    Ok(tools_in(&root))
}

/// `npm ci` in `dir` (`tests/`, `vendor/` or `xtask/`) when its `node_modules` is missing or
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
pub fn ensure_ffprobe() -> Option<PathBuf> {
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
