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
        .map_err(|e| format!("cannot write www/vendor/README.txt: {e}"))?;
    // The last step of making www/ whole: the list its service worker caches (sw.js).
    crate::dist::write_www_offline()
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
/// `www/pkg/graph-element/`; and the ring's why (`RingFacts`: a state's facts, graded
/// moves, the judge text, from a solve's values; feature `ring-why` alone) in
/// `www/pkg/ring-why/`, which `<loopy-ring>`'s worker loads on the first question of why.
/// Four modules so that neither element downloads what it does not use: the graph solver,
/// its parsers and bindings for the ring (about 50 KB gzipped), the ring's bindings and
/// the judge answers for the graph (about 38 KB), and the ring's explaining code before a
/// reader asks why (about 5 KB).
///
/// The ring module's and the graph module's profiles each have a build directory of their
/// own (and so their own cargo lock), so they compile while the two release modules do, one
/// after the other: each compile ends in a long step on one core (fat LTO, one codegen
/// unit), which leaves the other core to the rest. (The graph module used to follow the
/// whole API in the release chain: 80 s, then its own 48 s and wasm-opt, while the native
/// tests' build beside it had ended.) `www/pkg/` is emptied first, since the ring module's
/// bindings are written there, beside the others' directories, whenever it is done.
pub fn build_wasm(tools: &Tools) -> Result {
    let pkg = util::root().join("www/pkg");
    clear(&pkg)?;
    // wasm-opt, for <loopy-graph>'s first download (see `wasm_opt`).
    tools::ensure_node_modules(&util::root().join("xtask"))?;
    std::thread::scope(|scope| {
        let ring = scope.spawn(|| build_module(tools, &RING_MODULE, &pkg, false));
        let graph =
            scope.spawn(|| build_module(tools, &GRAPH_MODULE, &pkg.join("graph-element"), true));
        let release = build_release_modules(tools, &pkg);
        let joined = |handle: std::thread::ScopedJoinHandle<'_, Result>, what: &str| {
            handle
                .join()
                .unwrap_or_else(|_| Err(format!("the {what} module's build panicked")))
        };
        let ring = joined(ring, "ring");
        let graph = joined(graph, "graph");
        ring.and(graph).and(release)
    })
}

/// The two release modules (see [`build_wasm`]), in `pkg`'s subdirectories.
fn build_release_modules(tools: &Tools, pkg: &Path) -> Result {
    let release = |what, features| Module {
        what,
        features,
        profile: "release",
        opt: "",
        rustflags: "",
    };
    build_module(
        tools,
        &release(", with graphs", &["--features", "graphs"]),
        &pkg.join("graphs"),
        true,
    )?;
    write_layout(&pkg.join("graphs"), pkg)?;
    build_module(
        tools,
        &release(
            ", the ring's why, for <loopy-ring>'s worker",
            &["--no-default-features", "--features", "ring-why"],
        ),
        &pkg.join("ring-why"),
        true,
    )
}

/// One wasm module: its cargo features and how it is compiled.
struct Module {
    what: &'static str,
    features: &'static [&'static str],
    /// A cargo profile of the root Cargo.toml: each has its own output directory, so
    /// modules built differently do not rebuild each other's dependencies.
    profile: &'static str,
    /// The level binaryen's wasm-opt optimises the module at after wasm-bindgen (see
    /// [`wasm_opt`]), or "" to leave it as rustc and wasm-bindgen wrote it.
    opt: &'static str,
    /// Extra rustflags for the wasm target (`CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS`,
    /// which a `RUSTFLAGS` of the caller's overrides: then the module is only larger); ""
    /// for none.
    rustflags: &'static str,
}

/// The ring module, every `<loopy-ring>`'s first download, built for size where that costs
/// no speed (`node tests/bench/ring-module.mjs` compares it with the whole module, built
/// as `release`):
/// - without std (`bare`, see crate/src/lib.rs): no panic formatting, 1.1 KB gzipped;
/// - opt-level 2 (the `ring-module` profile) and LLVM's inline threshold 25 rather than
///   250, 2.2 KB gzipped. A low threshold alone (75, at opt-level 3) slowed the stepping
///   of seeks by 1.4 times (the event each step makes was built and dropped in a call);
///   the stepping path carries `#[inline]` hints (crate/src/propagation/stepper.rs),
///   whose own threshold stays high, and with them the seeks and the solve measure as
///   fast as `release`'s.
///   (`opt-level = "s"`, without the hints, saved 1.8 KB and stepped 1.5 times slower.)
/// - no wasm-opt (see [`wasm_opt`]): at -O3, -O2 or -Oz it saved 1.3 KB gzipped, but a seek
///   back (a rebuild) ran 1.05 to 1.08 times slower than without it, in every run.
const RING_MODULE: Module = Module {
    what: ", without std, for <loopy-ring>",
    features: &["--features", "bare"],
    profile: "ring-module",
    opt: "",
    rustflags: "-Cllvm-args=-inline-threshold=25",
};

/// The graph element's module, every `<loopy-graph>`'s first download: graphs only, at
/// opt-level 2 (the `graph-module` profile), 1.4 KB gzipped less than at `release`'s 3. What
/// it costs, measured on a random graph of 300,000 vertices against the whole module
/// (`release`) in one run: the solve 1.1 times slower, a seek 1.3 to 1.4 times (about 5 ms
/// against 4), batches of steps alike. The ring module's low inline threshold was tried
/// too: 3.8 KB less, but seeks 1.85 times slower (the graph's stepping has no inline hints).
/// Then binaryen's wasm-opt at -Os: 0.85 KB gzipped less, and as fast (a random graph of
/// 300,000 vertices, built, solved, sought and stepped, against the same module without it
/// in one run: 0.94 to 1.02 times the time).
const GRAPH_MODULE: Module = Module {
    what: ", graphs only, for <loopy-graph>",
    features: &["--no-default-features", "--features", "graph-element"],
    profile: "graph-module",
    opt: "-Os",
    rustflags: "",
};

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

/// Compiles `module` and writes its bindings in `out_dir`, emptied first when `clear_out` (else
/// the caller has emptied it).
fn build_module(tools: &Tools, module: &Module, out_dir: &Path, clear_out: bool) -> Result {
    util::step(&format!(
        "compiling the loopy library to wasm ({}{})",
        module.profile, module.what
    ));
    let mut cargo = util::cargo();
    cargo
        .args([
            "build",
            "--profile",
            module.profile,
            "--target",
            WASM_TARGET,
        ])
        .args(["-p", "loopy", "--lib"])
        .args(module.features);
    if !module.rustflags.is_empty() {
        cargo.env(
            format!(
                "CARGO_TARGET_{}_RUSTFLAGS",
                WASM_TARGET.to_uppercase().replace('-', "_")
            ),
            module.rustflags,
        );
    }
    util::run(&mut cargo)?;
    let wasm = util::target_dir()
        .join(WASM_TARGET)
        .join(module.profile)
        .join("loopy.wasm");
    util::step(&format!(
        "generating the JS bindings in {}",
        util::show(out_dir)
    ));
    if clear_out {
        clear(out_dir)?;
    }
    util::run(
        Command::new(&tools.wasm_bindgen)
            .current_dir(util::root())
            .args(["--target", "web", "--out-dir"])
            .arg(out_dir)
            .args(["--out-name", "loopy"])
            // The names of the glue's shims and the toolchain's versions: nothing a page
            // uses (the release build is stripped of every other name), 0.2 KB gzipped.
            .args(["--remove-name-section", "--remove-producers-section"])
            .arg(&wasm),
    )?;
    for file in ["loopy.js", "loopy_bg.wasm", "loopy.d.ts"] {
        let path = out_dir.join(file);
        if !path.is_file() {
            return Err(format!("wasm-bindgen did not write {}", util::show(&path)));
        }
    }
    if !module.opt.is_empty() {
        wasm_opt(&out_dir.join("loopy_bg.wasm"), module.opt)?;
    }
    guard_glue(&out_dir.join("loopy.js"))
}

/// The wasm features the modules may use, which wasm-opt must be told: those rustc's
/// wasm32-unknown-unknown target turns on by default, and SIMD, which .cargo/config.toml
/// turns on for the solver's bitsets. The release builds strip the `target_features`
/// section wasm-opt would read them from. A feature the module uses and this list lacks fails wasm-opt's
/// validation, so the build stops rather than shipping a module some browser refuses.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-multivalue",
    "--enable-nontrapping-float-to-int",
    "--enable-reference-types",
    "--enable-sign-ext",
    "--enable-simd",
];

/// Optimises the wasm module at `wasm` in place with binaryen's wasm-opt at `level`, as
/// wasm-pack does after wasm-bindgen: binaryen's passes over the whole module find what
/// LLVM's left (code wasm-bindgen's rewriting made dead, locals, branches). Only
/// `<loopy-graph>`'s first download goes through it, where bytes count: 0.85 KB smaller
/// gzipped at -Os (-O3: 0.65 KB), measured on `target/dist` (gzip -9). The ring module stays
/// as it is for its speed (see [`RING_MODULE`]), and the modules fetched later too (the whole
/// API's 0.4 KB would cost 9 s of the build). binaryen is pinned in
/// `xtask/package.json` and installed there; its npm build is JS and wasm, so it runs on
/// any machine with node. [`build_wasm`] installs it, once, before the modules build
/// side by side.
fn wasm_opt(wasm: &Path, level: &str) -> Result {
    let dir = util::root().join("xtask");
    util::step(&format!(
        "optimising {} (wasm-opt {level})",
        util::show(wasm)
    ));
    util::run(
        Command::new("node")
            .arg(dir.join("node_modules/binaryen/bin/wasm-opt"))
            .arg(wasm)
            .arg(level)
            .args(WASM_FEATURES)
            .arg("-o")
            .arg(wasm),
    )
}

/// Empties `dir` (removes it): wasm-bindgen only adds files, and a stale snippet or an
/// output renamed since would otherwise be served as if current.
fn clear(dir: &Path) -> Result {
    if dir.exists() {
        std::fs::remove_dir_all(dir)
            .map_err(|e| format!("cannot clear {}: {e}", util::show(dir)))?;
    }
    Ok(())
}

/// The JS that `guard_glue` adds to the glue (its helpers, at the end of the file).
const GUARDS: &str = "
// Added by `cargo xtask build` (xtask/src/build.rs, guard_glue): no call can poison the module.

/** `obj`, when it is an object of `Class`: else a TypeError, thrown before entering wasm. */
function __loopy_brand(obj, Class) {
    if (!(obj instanceof Class)) {
        throw new TypeError(`this method belongs to ${Class.name} objects, and was called on ${obj === null ? 'null' : typeof obj === 'object' ? `an object of another class (${obj.constructor?.name ?? 'none'})` : typeof obj}`);
    }
    return obj;
}

/** The wasm pointer of `obj`, an object of `Class` that was not freed: else an error, thrown before entering wasm. */
function __loopy_self(obj, Class) {
    const ptr = __loopy_brand(obj, Class).__wbg_ptr;
    if (ptr === 0) throw new Error('this object was freed: free() was called on it, or it was used up');
    return ptr;
}

// The text codecs as the page found them when the module loaded: a page that replaces
// TextDecoder.prototype.decode (or the encoder's methods) later cannot make the strings
// that cross the boundary throw inside a wasm call.
const __loopy_decode = Function.prototype.call.bind(TextDecoder.prototype.decode);
const __loopy_encode = Function.prototype.call.bind(TextEncoder.prototype.encode);
const __loopy_encodeInto = Function.prototype.call.bind(TextEncoder.prototype.encodeInto);

/**
 * Returns when the JS stack has room for `frames` more frames of 33 arguments each (their
 * arguments are on the stack: about 400 bytes a frame in V8), and throws the RangeError of
 * a stack overflow otherwise. A stack overflow raised in wasm code stops Rust at any
 * instruction (inside its allocator, or its table of the JS values it holds), which no
 * later repair undoes: so a call enters wasm only with room to finish, and a call made at
 * the edge of the stack overflows here, before entering it. (Wide frames: a few of them
 * cost less than many small ones.)
 */
function __loopy_room(frames, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31) {
    return frames > 0 ? __loopy_room(frames - 1, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31) + 1 : 0;
}

/**
 * The module's exports, each function of the bindings wrapped so that it enters wasm only
 * with room on the JS stack (`__loopy_room`), and so that an exception leaving it (one
 * thrown by JS that the call runs, through the wasm frames) puts the shadow stack pointer
 * back where the call found it: wasm does not run its epilogues when a JS exception unwinds
 * it, and each such call would leak its frames until every call fails. The runtime's own
 * exports (`__wbindgen_*`) are left as they are: they never call JS.
 */
function __loopy_guard_stack(exports) {
    const sp = exports.__wbindgen_add_to_stack_pointer;
    if (typeof sp !== 'function') throw new Error('the wasm module exports no __wbindgen_add_to_stack_pointer: xtask/src/build.rs cannot guard it');
    const guarded = {};
    for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'function' || name.startsWith('__wbindgen_')) {
            guarded[name] = value;
            continue;
        }
        guarded[name] = function (...args) {
            // 24 frames: about 9 KB; the failing calls of tests/wasm-boundary.test.mjs need under 4 KB.
            __loopy_room(24);
            const saved = sp(0);
            try {
                return value(...args);
            } catch (e) {
                sp(saved - sp(0));
                throw e;
            }
        };
    }
    return guarded;
}
";

/// The glue's uses of the text codecs, and the same through the methods bound at load.
const CODECS: &[(&str, &str)] = &[
    (
        "cachedTextDecoder.decode(bytes)",
        "__loopy_decode(cachedTextDecoder, bytes)",
    ),
    (
        "cachedTextEncoder.encodeInto(arg, view)",
        "__loopy_encodeInto(cachedTextEncoder, arg, view)",
    ),
    (
        "cachedTextEncoder.encode(arg)",
        "__loopy_encode(cachedTextEncoder, arg)",
    ),
];

/// Makes the wasm-bindgen glue safe against the calls that used to poison the module
/// (issue 11, item 2; issue 17, item 4), by rewriting the JS that `wasm-bindgen` wrote:
///
/// - every method, getter and setter of an exported class checks in JS that `this` is an
///   object of its class (a `TypeError` otherwise: `Solution.prototype.toJudgeText.call(run)`
///   would hand Rust a pointer to another type) and not freed (a clear `Error`), before
///   entering wasm: the glue's calls `wasm.f(..., this.__wbg_ptr, ...)` get
///   `__loopy_self(this, Class)`;
/// - `free()` (and `[Symbol.dispose]`, the same function) checks the class too, and a
///   second `free()` does nothing: the glue passed the null pointer to Rust, which throws;
/// - the exports are wrapped once, at initialisation, so that an exception leaving any of
///   them puts the shadow stack pointer back (`__loopy_guard_stack`);
/// - the text codecs are the methods found when the module loaded, so that a page that
///   later replaces `TextDecoder.prototype.decode` cannot make a call throw inside wasm
///   (which leaks what Rust holds, the frames aside: its heap and the JS values it holds).
///
/// Why here: wasm-bindgen leaves the first two checks to Rust, which throws through Rust
/// frames; its `--debug` flag adds a JS check that unbalances the stack pointer the other
/// way; and its own stack-pointer restore (`export_sp_restore`, in 0.2.130) runs only for
/// modules built with exception handling (`panic = "unwind"`, a nightly `build-std`), not
/// for this stable `panic = "abort"` build. Without a restore, every JS exception thrown
/// inside a call (a stack overflow, a page whose `TextDecoder` throws, Rust's own "null
/// pointer" error) leaks the frames of the call, and after some thousands of them every
/// export fails for good. The wasm-bindgen version is pinned, and a glue that no longer
/// has the shapes rewritten here is an error, not a silently unguarded build.
fn guard_glue(glue: &Path) -> Result {
    let text = std::fs::read_to_string(glue)
        .map_err(|e| format!("cannot read {}: {e}", util::show(glue)))?;
    let out = guarded_glue(&text).map_err(|e| {
        format!(
            "{}: the wasm-bindgen glue no longer has the shape xtask/src/build.rs guards: {e}",
            util::show(glue)
        )
    })?;
    std::fs::write(glue, out).map_err(|e| format!("cannot write {}: {e}", util::show(glue)))
}

/// The glue `text` with the guards of [`guard_glue`], or what in it has an unknown shape.
fn guarded_glue(text: &str) -> std::result::Result<String, String> {
    let mut out = String::with_capacity(text.len() + GUARDS.len());
    let mut class: Option<&str> = None;
    let mut in_free = false;
    let (mut methods, mut frees, mut inits, mut codecs) = (0, 0, 0, 0);
    for line in text.split_inclusive('\n') {
        let code = line.trim_start();
        if let Some(rest) = code
            .strip_prefix("export class ")
            .or_else(|| code.strip_prefix("class "))
        {
            class = rest.split([' ', '{']).next().filter(|c| !c.is_empty());
        } else if line.starts_with('}') {
            class = None;
        }
        if code.starts_with("free() {") {
            in_free = true;
        }
        let call = code.starts_with("wasm.") || code.starts_with("const ret = wasm.");
        if in_free && code.starts_with("const ptr = this.__destroy_into_raw();") {
            let class = class.ok_or("a free() outside a class")?;
            out.push_str(&line.replace(
                "this.__destroy_into_raw()",
                &format!("__loopy_brand(this, {class}).__destroy_into_raw()"),
            ));
        } else if in_free && code.starts_with("wasm.__wbg_") && code.contains("_free(ptr, 0);") {
            // A second free() finds the pointer already 0: nothing to do.
            out.push_str(&line.replace("wasm.__wbg_", "if (ptr !== 0) wasm.__wbg_"));
            frees += 1;
            in_free = false;
        } else if call && line.contains("this.__wbg_ptr") {
            let class = class.ok_or("a method call outside a class")?;
            out.push_str(&line.replace("this.__wbg_ptr", &format!("__loopy_self(this, {class})")));
            methods += 1;
        } else if let Some((from, to)) = CODECS.iter().find(|(from, _)| line.contains(from)) {
            out.push_str(&line.replace(from, to));
            codecs += 1;
        } else if code == "wasm = instance.exports;\n" {
            out.push_str(
                &line.replace("instance.exports", "__loopy_guard_stack(instance.exports)"),
            );
            inits += 1;
        } else {
            out.push_str(line);
        }
    }
    // What must not be left: a call with an unchecked pointer, a use of an object that
    // consumes it (not guarded here), a free() not rewritten.
    let unguarded = out
        .lines()
        .filter(|l| l.contains("wasm.") && l.contains("this.__wbg_ptr"))
        .count();
    let consumed = out.matches("this.__destroy_into_raw()").count();
    let classes = out.matches("    free() {").count();
    if methods == 0 || unguarded > 0 {
        return Err(format!(
            "{methods} method calls guarded, {unguarded} left unguarded"
        ));
    }
    if frees != classes || consumed > 0 {
        return Err(format!(
            "{frees} of {classes} free() guarded, {consumed} other uses of __destroy_into_raw"
        ));
    }
    if inits != 1 || !out.contains("wasm.__wbindgen_add_to_stack_pointer(") {
        return Err(format!(
            "{inits} initialisations (\"wasm = instance.exports;\") found, and the stack \
             pointer export must be used"
        ));
    }
    let unbound = CODECS.iter().filter(|(from, _)| out.contains(from)).count();
    if codecs == 0 || unbound > 0 {
        return Err(format!(
            "{codecs} uses of the text codecs bound, {unbound} kinds left unbound"
        ));
    }
    out.push_str(GUARDS);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::guarded_glue;

    /// The shapes of wasm-bindgen 0.2.130's glue that `guarded_glue` rewrites.
    const GLUE: &str = "export class Solution {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_solution_free(ptr, 0);
    }
    outcomes(p) {
        const ret = wasm.solution_outcomes(this.__wbg_ptr, p);
        return ret;
    }
    changes(limit) {
        try {
            const retptr = wasm.__wbindgen_add_to_stack_pointer(-16) >>> 0;
            wasm.solution_changes(retptr, this.__wbg_ptr, limit);
        } finally {
            wasm.__wbindgen_add_to_stack_pointer(16);
        }
    }
}
if (Symbol.dispose) Solution.prototype[Symbol.dispose] = Solution.prototype.free;
function decodeText(bytes) {
    return cachedTextDecoder.decode(bytes);
}
function __wbg_finalize_init(instance, module) {
    wasm = instance.exports;
    return wasm;
}
";

    #[test]
    fn the_glue_gets_every_guard() {
        let out = guarded_glue(GLUE).unwrap();
        assert!(
            out.contains("const ret = wasm.solution_outcomes(__loopy_self(this, Solution), p);")
        );
        assert!(out.contains("wasm.solution_changes(retptr, __loopy_self(this, Solution), limit);"));
        assert!(out.contains("const ptr = __loopy_brand(this, Solution).__destroy_into_raw();"));
        assert!(out.contains("if (ptr !== 0) wasm.__wbg_solution_free(ptr, 0);"));
        assert!(out.contains("wasm = __loopy_guard_stack(instance.exports);"));
        assert!(out.contains("function __loopy_guard_stack(exports)"));
        assert!(out.contains("return __loopy_decode(cachedTextDecoder, bytes);"));
    }

    #[test]
    fn a_glue_of_another_shape_is_an_error() {
        // A method call the rewrite would miss, a free() it does not know, no init.
        let odd = GLUE.replace("const ret = wasm.", "let ret = wasm.");
        assert!(guarded_glue(&odd).unwrap_err().contains("left unguarded"));
        let odd = GLUE.replace("wasm.__wbg_solution_free(ptr, 0);", "wasm.drop(ptr);");
        assert!(guarded_glue(&odd).unwrap_err().contains("free() guarded"));
        let odd = GLUE.replace("wasm = instance.exports;", "wasm = instance.exports");
        assert!(guarded_glue(&odd).unwrap_err().contains("initialisations"));
    }
}
