//! `cargo xtask build`: the crate compiled to wasm, plus the JS glue that
//! `wasm-bindgen` writes, in `www/pkg/` where the page imports them from.
//!
//! The tools it needs are installed here rather than assumed, because CI
//! starts from a machine with only cargo and node.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{self, Result};

/// Must equal the `=` pin of `wasm-bindgen` in `crate/Cargo.toml`: the CLI
/// refuses a wasm file made by any other version of the library.
pub const WASM_BINDGEN_VERSION: &str = "0.2.130";

const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The tools that `build` and `test` use, by absolute path.
pub struct Tools {
    pub wasm_bindgen: PathBuf,
    pub test_runner: PathBuf,
}

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    util::flags(args, [], "cargo xtask build")?;
    let tools = ensure_tools()?;
    build_wasm(&tools)
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

/// Compiles the library for wasm in release mode (the page downloads it, so
/// size and speed matter) and writes the ES-module bindings into `www/pkg`.
pub fn build_wasm(tools: &Tools) -> Result {
    util::step("compiling the loopy library to wasm (release)");
    util::run(util::cargo().args([
        "build",
        "--release",
        "--target",
        WASM_TARGET,
        "-p",
        "loopy",
        "--lib",
    ]))?;
    let wasm = util::target_dir()
        .join(WASM_TARGET)
        .join("release/loopy.wasm");
    let out_dir = util::root().join("www/pkg");
    util::step("generating the JS bindings in www/pkg");
    // Start empty: wasm-bindgen only adds files, and a stale snippet or an
    // output renamed since would otherwise be served as if current.
    if out_dir.exists() {
        std::fs::remove_dir_all(&out_dir)
            .map_err(|e| format!("cannot clear {}: {e}", util::show(&out_dir)))?;
    }
    util::run(
        Command::new(&tools.wasm_bindgen)
            .current_dir(util::root())
            .args(["--target", "web", "--out-dir"])
            .arg(&out_dir)
            .args(["--out-name", "loopy"])
            .arg(&wasm),
    )?;
    for file in ["loopy.js", "loopy_bg.wasm", "loopy.d.ts"] {
        let path = out_dir.join(file);
        if !path.is_file() {
            return Err(format!("wasm-bindgen did not write {}", util::show(&path)));
        }
    }
    Ok(())
}
