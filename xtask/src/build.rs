//! `cargo xtask build`: the crate compiled to wasm, plus the JS glue that
//! `wasm-bindgen` writes, in `www/pkg/` where the page imports them from.
//!
//! The tools it needs are installed here rather than assumed, because CI
//! starts from a machine with only cargo and node.

use std::path::Path;
use std::process::Command;

use crate::tools::{self, Tools, WASM_TARGET};
use crate::util::{self, Result};

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    util::flags(args, [], "cargo xtask build")?;
    let tools = tools::ensure_tools()?;
    build_wasm(&tools)?;
    vendor()
}

/// The browser libraries that the pages load only when a visitor needs them (exporting a
/// clip; graph mode's drawing): (file in `vendor/node_modules/`, name in `www/vendor/`).
/// Their versions are pinned in `vendor/package.json` and its lock file; `www/vendor/` is
/// build output (git-ignored).
const VENDORED: &[(&str, &str)] = &[
    // WebM through WebCodecs: the self-contained ES module build (no imports of its own).
    (
        "mediabunny/dist/bundles/mediabunny.min.mjs",
        "mediabunny.js",
    ),
    ("mediabunny/LICENSE", "mediabunny.LICENSE.txt"),
    // GIF: the ES module build.
    ("gifenc/dist/gifenc.esm.js", "gifenc.js"),
    ("gifenc/LICENSE.md", "gifenc.LICENSE.md"),
    // Graph mode's layered layout (loaded by its worker): the ES module build, graphlib inside.
    ("@dagrejs/dagre/dist/dagre.esm.js", "dagre.esm.js"),
    ("@dagrejs/dagre/LICENSE", "dagre.LICENSE.txt"),
];

/// Installs the pinned browser libraries (`npm ci` in `vendor/` when its modules are
/// missing or older than the lock file) and copies their browser builds into
/// `www/vendor/`, with their licences and a note saying which package and version each
/// file comes from (MPL-2.0 asks that a copy says where its source is).
pub fn vendor() -> Result {
    let root = util::root();
    let modules = root.join("vendor");
    tools::ensure_node_modules(&modules)?;
    util::step("copying the vendored browser libraries into www/vendor/");
    let out = root.join("www/vendor");
    std::fs::create_dir_all(&out)
        .map_err(|e| format!("cannot create {}: {e}", util::show(&out)))?;
    let mut note = String::from(
        "Browser builds of npm packages, copied here by `cargo xtask build` from vendor/node_modules/\n\
         (versions pinned in vendor/package.json). The pages load them only when a visitor needs them:\n\
         exporting a clip, graph mode's drawing.\n\n",
    );
    for (from, to) in VENDORED {
        let src = modules.join("node_modules").join(from);
        std::fs::copy(&src, out.join(to))
            .map_err(|e| format!("cannot copy {} to www/vendor/{to}: {e}", util::show(&src)))?;
        // The package's name: its first path segment, or two for a scoped one (@scope/name).
        let segments = if from.starts_with('@') { 2 } else { 1 };
        let package = from
            .splitn(segments + 1, '/')
            .take(segments)
            .collect::<Vec<_>>()
            .join("/");
        note += &format!(
            "{to}: {from} from the npm package {package}@{}\n",
            package_version(&modules, &package)?
        );
    }
    std::fs::write(out.join("README.txt"), note)
        .map_err(|e| format!("cannot write www/vendor/README.txt: {e}"))
}

/// The installed version of npm package `name` under `dir/node_modules/`.
fn package_version(dir: &Path, name: &str) -> Result<String> {
    let path = dir.join("node_modules").join(name).join("package.json");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", util::show(&path)))?;
    text.split("\"version\"")
        .nth(1)
        .and_then(|rest| rest.split('"').nth(1))
        .map(str::to_owned)
        .ok_or_else(|| format!("no version in {}", util::show(&path)))
}

/// Compiles the library for wasm in release mode (the page downloads it, so size and
/// speed matter) and writes the ES-module bindings: the page's module, ring games only,
/// in `www/pkg/`; the whole API, games on graphs and judge texts too (feature `graphs`),
/// in `www/pkg/graphs/`; and `<loopy-graph>`'s module, games on graphs without the ring's
/// bindings or the judge answers (feature `graph-element` alone), in
/// `www/pkg/graph-element/`. Three modules so that neither element downloads what it
/// does not use: the graph solver, its parsers and bindings for the ring (about 50 KB
/// gzipped), the ring's bindings and the judge answers for the graph (about 38 KB).
pub fn build_wasm(tools: &Tools) -> Result {
    let pkg = util::root().join("www/pkg");
    build_module(tools, "", &[], &pkg)?;
    build_module(
        tools,
        ", with graphs",
        &["--features", "graphs"],
        &pkg.join("graphs"),
    )?;
    write_layout(&pkg.join("graphs"), &pkg)?;
    build_module(
        tools,
        ", graphs only, for <loopy-graph>",
        &["--no-default-features", "--features", "graph-element"],
        &pkg.join("graph-element"),
    )
}

/// Writes `www/pkg/layout.js`: the core's `layout()` (every code, bit and limit the JS
/// reads, crate/src/layout.rs) as a module, read from the whole module just built. The element
/// needs some of it before any worker has started (the granularity names in its
/// attributes, the limits of what it parses), and a module the bundler can inline
/// serves both the page and the workers, so no JS file restates a number of the core's.
fn write_layout(module: &Path, pkg: &Path) -> Result {
    util::run(
        Command::new("node")
            .arg(util::root().join("xtask/layout.mjs"))
            .arg(module)
            .arg(pkg),
    )
}

fn build_module(tools: &Tools, what: &str, features: &[&str], out_dir: &Path) -> Result {
    util::step(&format!(
        "compiling the loopy library to wasm (release{what})"
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
