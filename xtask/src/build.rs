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
    build_www(&tools)
}

/// Everything `www/` needs that is not in git: the wasm modules and the vendored
/// libraries.
pub fn build_www(tools: &Tools) -> Result {
    build_wasm(tools)?;
    vendor()
}

/// The page's run-time libraries: (the package's file, its licence, the file in
/// `www/vendor/`). Pinned in the root `package.json`; loaded only by the pages that use
/// them (the graph mode loads dagre with a dynamic `import()`).
const VENDORED: &[(&str, &str, &str)] = &[(
    "@dagrejs/dagre/dist/dagre.esm.js",
    "@dagrejs/dagre/LICENSE",
    "dagre.esm.js",
)];

/// Installs the root `package.json`'s packages (`npm ci`, when the lock file is newer
/// than the install) and copies each vendored file into `www/vendor/`, its licence
/// text first as a comment and without its links to files left behind, so that the notice travels with every copy of the file
/// (the site that `cargo xtask dist` writes included).
pub fn vendor() -> Result {
    let root = util::root();
    util::ensure_node_modules(&root)?;
    let modules = root.join("node_modules");
    let dir = root.join("www/vendor");
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("cannot create {}: {e}", util::show(&dir)))?;
    for (file, licence, name) in VENDORED {
        let read = |path: &Path| {
            std::fs::read_to_string(path).map_err(|e| {
                format!(
                    "cannot read {} (npm ci in the root?): {e}",
                    util::show(path)
                )
            })
        };
        let code = read(&modules.join(file))?;
        // Its source map and its separate licence file are not copied (the licence
        // comes first instead): no comment may point at a file that is not there.
        let code: String = code
            .lines()
            .filter(|l| {
                !l.starts_with("//# sourceMappingURL=")
                    && !l.starts_with("/*! For license information please see")
            })
            .map(|l| format!("{l}\n"))
            .collect();
        let notice = read(&modules.join(licence))?;
        if notice.contains("*/") {
            return Err(format!("{licence} would end its own comment"));
        }
        let out = dir.join(name);
        util::step(&format!("vendoring {file} as {}", util::show(&out)));
        std::fs::write(&out, format!("/*! {file}\n\n{notice}*/\n{code}"))
            .map_err(|e| format!("cannot write {}: {e}", util::show(&out)))?;
    }
    Ok(())
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

/// Compiles the library for wasm in release mode (the page downloads it, so size and
/// speed matter) and writes the ES-module bindings: the page's module, ring games only,
/// in `www/pkg/`, and the whole API, games on graphs too (feature `graphs`), in
/// `www/pkg/graphs/`. Two modules so that the page does not download the graph solver,
/// its parsers and bindings (about 24 KB gzipped) it does not use.
pub fn build_wasm(tools: &Tools) -> Result {
    let pkg = util::root().join("www/pkg");
    build_module(tools, &[], &pkg)?;
    build_module(tools, &["--features", "graphs"], &pkg.join("graphs"))
}

fn build_module(tools: &Tools, features: &[&str], out_dir: &Path) -> Result {
    util::step(&format!(
        "compiling the loopy library to wasm (release{})",
        if features.is_empty() {
            ""
        } else {
            ", with graphs"
        }
    ));
    util::run(
        util::cargo()
            .args([
                "build",
                "--release",
                "--target",
                WASM_TARGET,
                "-p",
                "loopy",
                "--lib",
            ])
            .args(features),
    )?;
    let wasm = util::target_dir()
        .join(WASM_TARGET)
        .join("release/loopy.wasm");
    util::step(&format!(
        "generating the JS bindings in {}",
        util::show(out_dir)
    ));
    // Start empty: wasm-bindgen only adds files, and a stale snippet or an
    // output renamed since would otherwise be served as if current.
    if out_dir.exists() {
        std::fs::remove_dir_all(out_dir)
            .map_err(|e| format!("cannot clear {}: {e}", util::show(out_dir)))?;
    }
    util::run(
        Command::new(&tools.wasm_bindgen)
            .current_dir(util::root())
            .args(["--target", "web", "--out-dir"])
            .arg(out_dir)
            .args(["--out-name", "loopy"])
            .arg(&wasm),
    )?;
    for file in ["loopy.js", "loopy_bg.wasm", "loopy.d.ts"] {
        let path = out_dir.join(file);
        if !path.is_file() {
            return Err(format!("wasm-bindgen did not write {}", util::show(&path)));
        }
    }
    guard_freed_objects(&out_dir.join("loopy.js"))
}

/// The JS that checks an object's pointer before a method passes it to wasm.
const LIVE_CHECK: &str = "
function __loopy_live(ptr) {
    // Added by `cargo xtask build` (xtask/src/build.rs): a method of a freed object
    // throws here, before entering wasm.
    if (ptr === 0) throw new Error('this object was freed: free() was called on it, or it was used up');
    return ptr;
}
";

/// Makes every method of an exported class check in JS that its object has not been
/// freed, before calling into wasm.
///
/// wasm-bindgen leaves that check to Rust, which throws through Rust frames: each
/// call on a freed object then leaks wasm stack, and after some thousands of calls
/// every export fails for good (issue 11, item 2). Its `--debug` flag adds a JS check,
/// but one that unbalances the stack pointer in the other direction. So the glue's
/// calls `wasm.f(..., this.__wbg_ptr, ...)` get `__loopy_live(this.__wbg_ptr)`. The
/// wasm-bindgen version is pinned, and a glue that no longer has this shape is an
/// error here, not a silently unguarded build.
fn guard_freed_objects(glue: &Path) -> Result {
    let text = std::fs::read_to_string(glue)
        .map_err(|e| format!("cannot read {}: {e}", util::show(glue)))?;
    let mut out = String::with_capacity(text.len() + 512);
    let mut guarded = 0;
    for line in text.split_inclusive('\n') {
        let call = line.trim_start().starts_with("wasm.")
            || line.trim_start().starts_with("const ret = wasm.");
        if call && line.contains("this.__wbg_ptr") {
            out.push_str(&line.replace("this.__wbg_ptr", "__loopy_live(this.__wbg_ptr)"));
            guarded += 1;
        } else {
            out.push_str(line);
        }
    }
    let unguarded = out
        .lines()
        .filter(|l| {
            l.contains("wasm.") && l.contains("(this.__wbg_ptr") && !l.contains("__loopy_live")
        })
        .count();
    if guarded == 0 || unguarded > 0 {
        return Err(format!(
            "{}: the wasm-bindgen glue no longer has the shape xtask/src/build.rs guards \
             ({guarded} calls guarded, {unguarded} left unguarded)",
            util::show(glue)
        ));
    }
    out.push_str(LIVE_CHECK);
    std::fs::write(glue, out).map_err(|e| format!("cannot write {}: {e}", util::show(glue)))
}
