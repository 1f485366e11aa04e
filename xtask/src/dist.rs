//! `cargo xtask dist`: what a blogger copies to a static host, and the npm package.
//!
//! * `target/dist/site/`: the pages, both elements, the wasm, the rules and the example
//!   posts in one directory named `loopy-<version>-<hash>/`, where the hash covers every
//!   file's bytes. A new build with any change gets a new directory, so a host may cache
//!   these files forever (`Cache-Control: immutable`) without ever serving a stale mix.
//!   Beside it, an `index.html` that points at the current directory.
//! * `target/dist/npm/`: the npm package [`PACKAGE`] (ready for `npm pack`): `.` (`loopy.js`,
//!   the one script that defines all three elements when a post first has one, and makes
//!   Markdown's code blocks figures), `./ring` (`<loopy-ring>`), `./graph` (`<loopy-graph>`),
//!   `./story` (`<loopy-story>`), each bundled with its worker and wasm and typed, and
//!   `./solver`, the whole wasm API (rings, graphs, judge texts: the `graphs` module's
//!   exports, re-exported wholesale with its generated types) ready to call in browsers and
//!   in Node. Its file names never change between versions (no hashes), so that a CDN URL
//!   such as `/npm/loopy-games@0.1/loopy.js` works. Its `package.json` version is the crate's.
//!
//! The elements' files are found by following their imports (static `from '...'` and
//! `new URL('...', import.meta.url)`), so the package never lists a file by hand.
//!
//! Every JS file is minified on the way (terser, pinned in tests/package.json), and every
//! stylesheet (csso), the elements' inline ones too. The elements and their workers are
//! bundled (esbuild: see [`BUNDLES`]), so that a post loads two scripts and a wasm (and a
//! graph's layout library), not seventeen files; the site's pages' scripts are built
//! together with code splitting ([`PAGES`]), so that no module's state is held twice on a
//! page. `www/` itself stays as written, for reading and debugging.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::build;
use crate::third_party;
use crate::tools;
use crate::util::{self, Result};

/// The whole site: every file the page, the rules and the example load.
const SITE_ROOTS: &[&str] = &[
    "index.html",
    "graph.html",
    "story.html",
    "rules.html",
    "rules.zh-CN.html",
    "style.css",
    "favicon.svg",
    // The pages' service worker, registered by offline.js (from a string, which no import follows).
    "offline.js",
    "sw.js",
    "js/page/page.js",
    "loopy.js",
    "loopy.d.ts",
    "loopy-ring.js",
    "loopy-ring.d.ts",
    "loopy-graph.js",
    "loopy-graph.d.ts",
    "loopy-story.js",
    "loopy-story.d.ts",
    "pkg/loopy.d.ts",
    "examples/blog.html",
    "examples/blog.css",
    "examples/graph-post.html",
    "examples/story.html",
    "examples/story.css",
    "examples/zh.html",
    "examples/markdown.html",
    // Fetched from next to the worker by a URL made at run time, when a worker did not start.
    "js/workers/start-failed.js",
    // The vendored libraries are reached through the page's lazy `import(...)`s; their
    // licences and where they come from are not, so they are listed.
    "vendor/README.txt",
    "vendor/mediabunny.LICENSE.txt",
    "vendor/gifenc.LICENSE.md",
    "vendor/dagre.LICENSE.txt",
];

/// The project's licences (Cargo.toml and the package say "MIT OR Apache-2.0"): at the
/// repository's root, and shipped at the root of the site's folder and of the package.
const LICENCES: &[&str] = &["LICENSE-MIT", "LICENSE-APACHE"];

/// The Rust crates compiled into the wasm modules and their licences ([`third_party`]), beside [`LICENCES`].
const THIRD_PARTY: &str = "THIRD-PARTY.txt";

/// The npm package's name: the crate is `loopy`, which is taken on npm (and says nothing);
/// the package holds two games' elements and their solver, so `loopy-games`.
const PACKAGE: &str = "loopy-games";

/// The package: `loopy.js` (the one script), the three elements, their types, the whole
/// API's module and everything they reach (the solver entries, written by [`write`], import
/// `pkg/graphs/loopy.js`).
const PACKAGE_ROOTS: &[&str] = &[
    "loopy.js",
    "loopy.d.ts",
    "loopy-ring.js",
    "loopy-ring.d.ts",
    "loopy-graph.js",
    "loopy-graph.d.ts",
    "loopy-story.js",
    "loopy-story.d.ts",
    "pkg/loopy.d.ts",
    "pkg/graphs/loopy.js",
    "pkg/graphs/loopy.d.ts",
    "js/workers/start-failed.js",
];

/// Modules shipped as bundles, each with every module it imports statically (esbuild, in
/// tests/tools/minify.mjs): an element is then one script, its worker one more, and the
/// wasm; `loopy.js` imports the elements' bundles and the code blocks' module when a post
/// first needs them. Each bundle is whole, for a post's first download (one file, one gzip
/// stream): a post with two kinds of element holds two copies of the element core, and
/// `loopy.js` gives each a catalog registered through it.
const BUNDLES: &[&str] = &[
    "loopy.js",
    "loopy-ring.js",
    "js/workers/worker.js",
    "loopy-graph.js",
    "js/workers/graph-worker.js",
    "js/workers/layout-worker.js",
    "loopy-story.js",
    "js/markdown/blocks.js",
    "js/workers/start-failed.js",
];

/// The site's pages' scripts, built together with code splitting (tests/tools/minify.mjs):
/// a page, every module it loads when first used (the share dialog, the tour, the play
/// panel, the story writer, the elements it shows) and what they share are one module
/// graph, so each stateful module (js/page/page-lang.js, js/element/i18n.js, ...) has one
/// instance a page. What they import, statically or not, ships inside that build (shared
/// code in `js/chunks/`), not as files of their own.
const PAGES: &[&str] = &[
    "js/page/page.js",
    "js/page/graph-page.js",
    "js/story/frame.js",
];

/// The `./solver` entry for browsers: the whole API, its wasm fetched from next to it.
const SOLVER_JS: &str = "\
// loopy-games/solver (browsers): the whole Loopy API, its wasm instantiated from the file next to this one.
import init from './pkg/graphs/loopy.js';

export * from './pkg/graphs/loopy.js';

await init({ module_or_path: new URL('./pkg/graphs/loopy_bg.wasm', import.meta.url) });
";

/// The `./solver` entry for Node: the same API, its wasm read from the file next to it.
const SOLVER_NODE_JS: &str = "\
// loopy-games/solver (Node): the whole Loopy API, its wasm read from the file next to this one.
import { readFileSync } from 'node:fs';
import { initSync } from './pkg/graphs/loopy.js';

export * from './pkg/graphs/loopy.js';

initSync({ module: readFileSync(new URL('./pkg/graphs/loopy_bg.wasm', import.meta.url)) });
";

/// The types of `./solver`: the module's own, generated by wasm-bindgen (the wasm is
/// instantiated on import, so there is no `init` to call).
const SOLVER_D_TS: &str = "\
// loopy-games/solver: the types wasm-bindgen wrote for the whole Loopy API (ready on import: no init to call).
export * from './pkg/graphs/loopy.js';
";

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    util::flags(args, [], "cargo xtask dist")?;
    let tools = tools::ensure_tools()?;
    build::build_wasm(&tools)?;
    tools::ensure_node_modules(&util::root().join("tests"))?;
    build::vendor()?;
    let out = write()?;
    println!("wrote {}", util::show(&out));
    Ok(())
}

/// Writes `target/dist/` from a built `www/` and returns its path.
pub fn write() -> Result<PathBuf> {
    let www = util::root().join("www");
    let dist = util::target_dir().join("dist");
    if dist.exists() {
        std::fs::remove_dir_all(&dist)
            .map_err(|e| format!("cannot clear {}: {e}", util::show(&dist)))?;
    }
    let version = crate_version()?;

    let roots = site_roots(&www)?;
    let roots: Vec<&str> = roots.iter().map(String::as_str).collect();
    let (site, bundled) = closure(&www, &roots)?;
    let mut hash = Fnv::new();
    // The modules inside bundles count too: a change to one changes its bundle.
    for file in site.union(&bundled) {
        hash.add(file.as_bytes());
        hash.add(&read(&www.join(file))?);
    }
    for file in LICENCES {
        hash.add(file.as_bytes());
        hash.add(&read(&util::root().join(file))?);
    }
    let dir = format!("loopy-{version}-{:08x}", hash.finish() as u32);
    let site_dir = dist.join("site");
    copy_all(&www, &site_dir.join(&dir), &site, &bundled)?;
    copy_licences(&www, &site_dir.join(&dir), &site)?;
    // What the pages' service worker caches: every file the build wrote (its chunks' names are
    // esbuild's), under the folder's name, which changes with any byte.
    let mut shipped = Vec::new();
    list_files(&site_dir.join(&dir), "", &mut shipped)?;
    write_offline(&site_dir.join(&dir), &shipped, &dir, true)?;
    write_file(
        &site_dir.join("index.html"),
        &format!(
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta http-equiv=\"refresh\" content=\"0; url={dir}/\">\n\
             <title>Loopy {version}</title>\n</head>\n<body>\n\
             <p><a href=\"{dir}/\">Loopy {version}</a> (the files in <code>{dir}/</code> never change: cache them for good).</p>\n\
             </body>\n</html>\n"
        ),
    )?;

    let (package, package_bundled) = closure(&www, PACKAGE_ROOTS)?;
    let npm = dist.join("npm");
    copy_all(&www, &npm, &package, &package_bundled)?;
    let licences = copy_licences(&www, &npm, &package)?;
    write_file(&npm.join("solver.js"), SOLVER_JS)?;
    write_file(&npm.join("solver-node.js"), SOLVER_NODE_JS)?;
    write_file(&npm.join("solver.d.ts"), SOLVER_D_TS)?;
    let files: Vec<String> = package
        .iter()
        .chain(&licences)
        .map(String::as_str)
        .chain(["solver.js", "solver-node.js", "solver.d.ts"])
        .map(|f| format!("\"{f}\""))
        .collect();
    write_file(
        &npm.join("package.json"),
        &format!(
            r#"{{
  "name": "{PACKAGE}",
  "version": "{version}",
  "description": "Loopy: games with cycles solved exactly by retrograde analysis. Web components, <loopy-ring>, <loopy-graph> and <loopy-story>, that animate the solve (one script, loopy.js, for any post; Markdown code blocks become figures), and the solver itself (WebAssembly) for browsers and Node.",
  "type": "module",
  "exports": {{
    ".": {{ "types": "./loopy.d.ts", "default": "./loopy.js" }},
    "./loopy.js": {{ "types": "./loopy.d.ts", "default": "./loopy.js" }},
    "./ring": {{ "types": "./loopy-ring.d.ts", "default": "./loopy-ring.js" }},
    "./graph": {{ "types": "./loopy-graph.d.ts", "default": "./loopy-graph.js" }},
    "./story": {{ "types": "./loopy-story.d.ts", "default": "./loopy-story.js" }},
    "./solver": {{ "types": "./solver.d.ts", "node": "./solver-node.js", "default": "./solver.js" }},
    "./loopy-ring.js": {{ "types": "./loopy-ring.d.ts", "default": "./loopy-ring.js" }},
    "./loopy-graph.js": {{ "types": "./loopy-graph.d.ts", "default": "./loopy-graph.js" }},
    "./loopy-story.js": {{ "types": "./loopy-story.d.ts", "default": "./loopy-story.js" }},
    "./package.json": "./package.json"
  }},
  "files": [{}],
  "sideEffects": ["./loopy.js", "./loopy-ring.js", "./loopy-graph.js", "./loopy-story.js", "./js/markdown/blocks.js"],
  "engines": {{ "node": ">=18" }},
  "license": "MIT OR Apache-2.0"
}}
"#,
            files.join(", ")
        ),
    )?;
    write_file(&npm.join("README.md"), &package_readme(&version))?;
    Ok(dist)
}

/// Copies the project's [`LICENCES`] to the root of `to`, and each vendored library's
/// licence (`www/vendor/<name>.LICENSE*`, copied there by `cargo xtask build`) beside every
/// shipped file that carries the library's code: a [`BUNDLES`] entry that imports it
/// statically (`js/workers/layout-worker.js` holds dagre), or its own module shipped as a
/// file. Returns the paths written, relative to `to`, for the package's `files`.
fn copy_licences(www: &Path, to: &Path, shipped: &BTreeSet<String>) -> Result<Vec<String>> {
    let mut written = BTreeSet::new();
    for file in LICENCES {
        let dest = to.join(file);
        std::fs::copy(util::root().join(file), &dest)
            .map_err(|e| format!("cannot copy {file} to {}: {e}", util::show(&dest)))?;
        written.insert(file.to_string());
    }
    // The Rust crates compiled into the wasm, with their licences' text.
    write_file(&to.join(THIRD_PARTY), &third_party::text()?)?;
    written.insert(THIRD_PARTY.to_string());
    for carrier in shipped {
        let libraries: Vec<String> = if carrier.starts_with("vendor/") {
            vec![carrier.clone()]
        } else if BUNDLES.contains(&carrier.as_str()) {
            static_imports(www, carrier)?
        } else {
            continue;
        };
        for library in libraries.iter().filter(|l| l.starts_with("vendor/")) {
            if library.contains(".LICENSE") || library.ends_with(".txt") {
                continue;
            }
            let licence = vendored_licence(www, library)?;
            let dir = Path::new(carrier).parent().unwrap_or(Path::new(""));
            let name = normalize(&dir.join(&licence));
            let dest = to.join(&name);
            std::fs::copy(www.join("vendor").join(&licence), &dest)
                .map_err(|e| format!("cannot copy {licence} to {}: {e}", util::show(&dest)))?;
            written.insert(name);
        }
    }
    Ok(written.into_iter().collect())
}

/// Every module that `file` imports statically (`from '...'`), directly or not: what its
/// bundle holds.
fn static_imports(www: &Path, file: &str) -> Result<Vec<String>> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![file.to_owned()];
    while let Some(file) = todo.pop() {
        let text = String::from_utf8_lossy(&read(&www.join(&file))?).into_owned();
        let base = Path::new(&file)
            .parent()
            .unwrap_or(Path::new(""))
            .to_owned();
        for (target, key) in references(&text) {
            if !key.starts_with("from") || target.contains(':') || target.starts_with('/') {
                continue;
            }
            let joined = normalize(&base.join(target));
            if www.join(&joined).is_file() && seen.insert(joined.clone()) {
                todo.push(joined);
            }
        }
    }
    Ok(seen.into_iter().collect())
}

/// The licence's file name in `www/vendor/` of the vendored module `module`
/// (`vendor/dagre.esm.js`: `dagre.LICENSE.txt`); a library without one stops the build.
fn vendored_licence(www: &Path, module: &str) -> Result<String> {
    let name = module.trim_start_matches("vendor/");
    let stem = name.split('.').next().unwrap_or(name);
    let mut found = Vec::new();
    list_files(&www.join("vendor"), "", &mut found)?;
    found
        .into_iter()
        .find(|f| f.starts_with(&format!("{stem}.LICENSE")))
        .ok_or_else(|| format!("no licence for {module} in www/vendor/ ({stem}.LICENSE*)"))
}

/// The package's README: the one script from a CDN or from node_modules, the code blocks, a
/// bundler, the entries, the solver in Node.
fn package_readme(version: &str) -> String {
    let minor = version.rsplit_once('.').map_or(version, |(head, _)| head);
    format!(
        r#"# {PACKAGE} {version}

Games with cycles solved exactly by retrograde analysis: Win, Lose or Loop (Draw) for
every position, with depths and best moves. Web components that animate the solve, and
the solver itself, all from one WebAssembly core. No dependencies.

## One script, in any post

```html
<script type="module" src="https://cdn.jsdelivr.net/npm/{PACKAGE}@{minor}/loopy.js"></script>
<loopy-ring n="8" s1="2-4,6" s2="3,6" controls="compact">Ring game: n = 8, solved backwards.</loopy-ring>
<loopy-graph graph="1-2,2-3,3-1,3-4" goal="4" start="1">A game on a graph.</loopy-graph>
```

`loopy.js` defines `<loopy-ring>`, `<loopy-graph>` and `<loopy-story>`; each element's code,
worker, wasm and words are fetched only when the page has one, from next to `loopy.js`
(any origin that sends `Access-Control-Allow-Origin`, as a CDN does; or the package's
folder copied beside your posts: `/node_modules/{PACKAGE}/loopy.js`). A post whose
Content-Security-Policy forbids workers says so in the element.

In Markdown, a code block whose language is `loopy` becomes a figure (`loopy-graph` for a
graph, `loopy-story` for a story), one attribute a line:

````markdown
```loopy
n = 8
s1 = 2-4,6
s2 = 3,6
```
````

## Entries

| entry | what |
|---|---|
| `{PACKAGE}` | `loopy.js`: the three elements when first used, and the code blocks (`loopy.d.ts`: `run(root?)`, `registerTranslation`, `auto`) |
| `{PACKAGE}/ring` | defines `<loopy-ring>`: the ring game (`loopy-ring.d.ts`) |
| `{PACKAGE}/graph` | defines `<loopy-graph>`: a game on any directed graph (`loopy-graph.d.ts`) |
| `{PACKAGE}/story` | defines `<loopy-story>`: one of the two as a figure that follows the reader's scroll (`loopy-story.d.ts`) |
| `{PACKAGE}/solver` | the solver API, ready on import, in browsers and Node (`solver.d.ts`) |

With a bundler, `import '{PACKAGE}';` (or `/ring`, `/graph`, `/story`). The workers are
written as `new Worker(new URL('...', import.meta.url), {{ type: 'module' }})`, which Vite
and webpack bundle with their wasm; Vite needs `worker: {{ format: 'es' }}` in its config
(the workers load modules when first used), and, for its dev server,
`optimizeDeps: {{ exclude: ['{PACKAGE}'] }}`.

## The solver

`{PACKAGE}/solver` is the whole API of the wasm module (its types are
`pkg/graphs/loopy.d.ts`): `solve`, `solveGraph`, `Propagation`, `GraphPropagation`,
`parseJudge`, `judgeAnswer`, `parseGraph`, `graphAnswer`, `checkAnswer` (a contestant's
answer checked as `loopy check` does), `layout`, ... In Node it reads
the `.wasm` from the package with `node:fs`; in a browser it fetches it from next to the
module. Either way it is instantiated when the module is imported.

```js
import {{ solve, solveGraph, judgeAnswer }} from '{PACKAGE}/solver';

const ring = solve(8, [2, 3, 4, 6], [3, 6]);
console.log(ring.toJudgeText());           // what `loopy` prints for this game
console.log(judgeAnswer('1\n5\n2 2 3\n3 1 2 3\n').text); // a judge-format input

const g = solveGraph(4, [1, 2, 3, 3], [2, 3, 1, 4], {{ goal: 4 }});
console.log(g.outcomes());                 // per vertex: 0 Draw, 1 Win, 2 Lose (entry 0 unused)
ring.free(); g.free();
```

Errors are `Error`s with the core's message and a `field` (and `line` for a text).

## Licence

MIT or Apache-2.0, at your option (`LICENSE-MIT`, `LICENSE-APACHE`). The graph element's
layout worker bundles dagre (MIT): its licence is beside it, `js/workers/dagre.LICENSE.txt`.
The wasm modules hold code of Rust crates under their own licences: `THIRD-PARTY.txt` lists
them with their licences' text.
"#
    )
}

/// The site's roots: [`SITE_ROOTS`] and every lesson (`www/lessons/*.html`, each a page of
/// its own, which no link makes part of another).
fn site_roots(www: &Path) -> Result<Vec<String>> {
    let mut roots: Vec<String> = SITE_ROOTS.iter().map(|r| r.to_string()).collect();
    let lessons = www.join("lessons");
    if lessons.is_dir() {
        let mut found = Vec::new();
        list_files(&lessons, "lessons/", &mut found)?;
        roots.extend(found.into_iter().filter(|f| f.ends_with(".html")));
    }
    Ok(roots)
}

/// Every file under `dir` (recursively), as paths under `prefix` with forward slashes, sorted.
fn list_files(dir: &Path, prefix: &str, out: &mut Vec<String>) -> Result {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", util::show(dir)))?;
    let mut entries: Vec<_> = entries.filter_map(|e| e.ok()).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.path().is_dir() {
            list_files(&entry.path(), &format!("{name}/"), out)?;
        } else {
            out.push(name);
        }
    }
    Ok(())
}

/// `offline.json` in `dir`: what the service worker (www/sw.js) caches on a first visit, as
/// paths relative to `dir`, with the version whose cache it is. `immutable`: the files never
/// change under this version (the built site), so the cache answers first. Type declarations
/// are for editors, not pages, nor is [`THIRD_PARTY`], and the manifest does not list itself.
fn write_offline(dir: &Path, files: &[String], version: &str, immutable: bool) -> Result {
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    // The site's own pages are served offline; posts (examples/) and the story page that posts
    // embed only when their author opts in (offline.js).
    let pages: Vec<String> = files
        .iter()
        .filter(|f| {
            f.ends_with(".html") && !f.starts_with("examples/") && f.as_str() != "story.html"
        })
        .map(|f| quote(f))
        .collect();
    let files: Vec<String> = files
        .iter()
        // THIRD-PARTY.txt (84 KB) is for people, not pages: a reader's first visit need not cache it.
        .filter(|f| !f.ends_with(".d.ts") && f.as_str() != OFFLINE && f.as_str() != THIRD_PARTY)
        .map(|f| quote(f))
        .collect();
    write_file(
        &dir.join(OFFLINE),
        &format!(
            "{{\n  \"version\": {},\n  \"immutable\": {immutable},\n  \"pages\": [{}],\n  \"files\": [\n    {}\n  ]\n}}\n",
            quote(version),
            pages.join(", "),
            files.join(",\n    ")
        ),
    )
}

/// The service worker's manifest (see [`write_offline`]).
const OFFLINE: &str = "offline.json";

/// `www/offline.json`, for the service worker of `cargo xtask serve`'s site: every file the
/// site's roots reach (bundled or not: www/ is served as written), under a hash of their bytes.
/// Not immutable: www/ is edited in place, so the network answers first there.
pub fn write_www_offline() -> Result {
    let www = util::root().join("www");
    let roots = site_roots(&www)?;
    let roots: Vec<&str> = roots.iter().map(String::as_str).collect();
    let (site, bundled) = closure(&www, &roots)?;
    let files: Vec<String> = site.union(&bundled).cloned().collect();
    let mut hash = Fnv::new();
    for file in &files {
        hash.add(file.as_bytes());
        hash.add(&read(&www.join(file))?);
    }
    write_offline(
        &www,
        &files,
        &format!("www-{:08x}", hash.finish() as u32),
        false,
    )
}

/// The crate's version, from `crate/Cargo.toml` (`[package] version`).
fn crate_version() -> Result<String> {
    let path = util::root().join("crate/Cargo.toml");
    let text = String::from_utf8(read(&path)?).map_err(|e| e.to_string())?;
    text.lines()
        .skip_while(|l| l.trim() != "[package]")
        .find_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("version")?.trim_start().strip_prefix('=')?;
            Some(rest.trim().trim_matches('"').to_owned())
        })
        .ok_or_else(|| format!("no [package] version in {}", util::show(&path)))
}

/// How a file is reached: shipped as a file of its own, read into a [`BUNDLES`] entry's
/// bundle (its static imports), or into the pages' build ([`PAGES`]: its static and lazy
/// imports).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Shipped,
    Bundled,
    Paged,
}

/// Every file to ship for `roots` (paths relative to `www`): JS modules through their
/// imports, the wasm through `new URL`, HTML through its scripts and styles; and, second,
/// the modules read into bundles or into the pages' build. A module that a [`BUNDLES`]
/// entry imports statically (directly or not), or that a page's script imports statically
/// or lazily, is read for what it references but not shipped for that, being inside the
/// bundle or the pages' build; another file that imports it ships it.
fn closure(www: &Path, roots: &[&str]) -> Result<(BTreeSet<String>, BTreeSet<String>)> {
    let mut shipped = BTreeSet::new();
    let mut bundled = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut todo: Vec<(String, Part)> = roots
        .iter()
        .map(|r| (r.to_string(), Part::Shipped))
        .collect();
    while let Some((file, part)) = todo.pop() {
        if !seen.insert((file.clone(), part)) {
            continue;
        }
        if part == Part::Shipped {
            shipped.insert(file.clone());
        } else {
            bundled.insert(file.clone());
        }
        // What this file's static imports (`from`) and lazy ones (`import(`) are part of.
        let paged = part == Part::Paged || PAGES.contains(&file.as_str());
        let (from_part, lazy_part) = if paged {
            (Part::Paged, Part::Paged)
        } else if part == Part::Bundled || BUNDLES.contains(&file.as_str()) {
            (Part::Bundled, Part::Shipped)
        } else {
            (Part::Shipped, Part::Shipped)
        };
        let path = www.join(&file);
        let bytes = read(&path)?;
        let Some(kind) = file.rsplit('.').next() else {
            continue;
        };
        if !matches!(kind, "js" | "html" | "css" | "ts") {
            continue;
        }
        let text = String::from_utf8_lossy(&bytes);
        let base = Path::new(&file).parent().unwrap_or(Path::new(""));
        let hints = preloads(&text);
        for (target, key) in references(&text) {
            // Only local files: absolute URLs and data: are not part of the site.
            if target.contains(':') || target.starts_with('/') || target.starts_with('#') {
                continue;
            }
            // A preload is a hint, not a part: the module ships if an import reaches it.
            if hints.contains(&target) {
                continue;
            }
            let joined = normalize(&base.join(target));
            // A link to another page is not a part of this one: each page the site has
            // is a root of its own, and the element's glossary does not take in the site.
            if key == HREF && joined.ends_with(".html") {
                continue;
            }
            if www.join(&joined).is_file() {
                let next = match key {
                    _ if key.starts_with("from") => from_part,
                    "import('" => lazy_part,
                    _ => Part::Shipped,
                };
                todo.push((joined, next));
            }
        }
    }
    Ok((shipped, bundled))
}

const HREF: &str = "href=\"";

/// Quoted relative paths after `from`, `import(`, `new URL(`, `src=`, `href=`, each with
/// the key it follows.
fn references(text: &str) -> Vec<(&str, &'static str)> {
    let mut out = Vec::new();
    for key in ["from '", "import('", "new URL('", "src=\"", HREF, "from \""] {
        let quote = if key.ends_with('"') { '"' } else { '\'' };
        let mut rest = text;
        while let Some(at) = rest.find(key) {
            rest = &rest[at + key.len()..];
            if let Some(end) = rest.find(quote) {
                let target = rest[..end].split(['?', '#']).next().unwrap_or("");
                if !target.is_empty() {
                    out.push((target, key));
                }
            }
        }
    }
    out
}

/// `a/./b/../c` as `a/c`, with forward slashes.
fn normalize(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    parts.join("/")
}

/// The targets of a page's `<link rel="modulepreload" href="...">` hints.
fn preloads(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains("rel=\"modulepreload\""))
        .filter_map(|l| l.split(HREF).nth(1)?.split('"').next())
        .collect()
}

/// A page as shipped: its preload hints for modules that ship inside a bundle (not as files
/// of their own) are dropped, or the browser would fetch them twice.
fn without_stale_preloads(
    file: &str,
    text: &str,
    files: &BTreeSet<String>,
    inside: &BTreeSet<String>,
) -> String {
    let base = Path::new(file).parent().unwrap_or(Path::new(""));
    let stale: Vec<&str> = preloads(text)
        .into_iter()
        .filter(|t| {
            let t = normalize(&base.join(t));
            !files.contains(&t) || inside.contains(&t)
        })
        .collect();
    text.lines()
        .filter(|l| !(l.contains("rel=\"modulepreload\"") && stale.iter().any(|t| l.contains(t))))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Copies `files` from `from` to `to`, minifying the JS and CSS ones and bundling the
/// [`BUNDLES`] (one node process for all: tests/tools/minify.mjs with the pinned esbuild,
/// terser and csso).
fn copy_all(from: &Path, to: &Path, files: &BTreeSet<String>, inside: &BTreeSet<String>) -> Result {
    let minified = |f: &&String| f.ends_with(".js") || f.ends_with(".css");
    let to_minify: Vec<&String> = files.iter().filter(minified).collect();
    let bundles: Vec<&str> = BUNDLES
        .iter()
        .copied()
        .filter(|b| files.contains(*b))
        .collect();
    let pages: Vec<&str> = PAGES
        .iter()
        .copied()
        .filter(|p| files.contains(*p))
        .collect();
    for file in files.iter().filter(|f| !minified(f)) {
        let dest = to.join(file);
        if let Some(dir) = dest.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", util::show(dir)))?;
        }
        if file.ends_with(".html") {
            let text = String::from_utf8(read(&from.join(file))?).map_err(|e| e.to_string())?;
            write_file(&dest, &without_stale_preloads(file, &text, files, inside))?;
            continue;
        }
        std::fs::copy(from.join(file), &dest)
            .map_err(|e| format!("cannot copy {file} to {}: {e}", util::show(&dest)))?;
    }
    if to_minify.is_empty() {
        return Ok(());
    }
    let root = util::root();
    util::output(
        std::process::Command::new("node")
            .current_dir(&root)
            .arg(root.join("tests/tools/minify.mjs"))
            .arg(from)
            .arg(to)
            .arg(format!("--bundle={}", bundles.join(",")))
            .arg(format!("--pages={}", pages.join(",")))
            .args(to_minify),
    )?;
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", util::show(path)))
}

fn write_file(path: &Path, text: &str) -> Result {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", util::show(dir)))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", util::show(path)))
}

/// 64-bit FNV-1a: enough to tell one build's files from another's (not a security hash).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        self.0 = self.0.rotate_left(5) ^ 0xff;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_find_imports_urls_and_html_links() {
        let js = "import a from './a.js';\nimport { b } from \"../b.js\";\nnew URL('./w.js', import.meta.url); import('./lazy.js')";
        let mut found: Vec<(&str, bool)> = references(js)
            .into_iter()
            .map(|(target, key)| (target, key.starts_with("from")))
            .collect();
        found.sort();
        let expected = [
            ("../b.js", true),
            ("./a.js", true),
            ("./lazy.js", false),
            ("./w.js", false),
        ];
        assert_eq!(found, expected);
        let html = r#"<link href="style.css"><script src="js/page.js?v=1"></script><a href="https://x.y/">"#;
        let mut found: Vec<&str> = references(html).into_iter().map(|(t, _)| t).collect();
        found.sort();
        assert_eq!(found, ["https://x.y/", "js/page.js", "style.css"]);
    }

    /// A bundle's static imports are not shipped for it (its `new URL`s are), a page that
    /// imports them ships them, and a link to another page is not followed.
    #[test]
    fn closure_ships_what_bundles_do_not_hold() {
        let www = std::env::temp_dir().join(format!("loopy-dist-closure-{}", std::process::id()));
        let files = [
            (
                "loopy-ring.js",
                "import { a } from './js/a.js';\nnew URL('./js/workers/worker.js', import.meta.url);",
            ),
            ("js/a.js", "import { b } from './b.js';"),
            ("js/b.js", "export const b = 1;"),
            ("js/workers/worker.js", "import init from '../../pkg/glue.js';"),
            ("pkg/glue.js", "new URL('glue.wasm', import.meta.url);"),
            ("pkg/glue.wasm", ""),
            ("js/page.js", "import { a } from './a.js';"),
            (
                "rules.html",
                r#"<a href="index.html">home</a><link href="style.css">"#,
            ),
            ("style.css", ""),
            ("index.html", ""),
        ];
        for (name, text) in files {
            write_file(&www.join(name), text).unwrap();
        }
        let (element, inside) = closure(&www, &["loopy-ring.js", "rules.html"]).unwrap();
        let (page, _) = closure(&www, &["loopy-ring.js", "js/page.js"]).unwrap();
        std::fs::remove_dir_all(&www).unwrap();
        let element: Vec<&str> = element.iter().map(String::as_str).collect();
        let expected = [
            "js/workers/worker.js",
            "loopy-ring.js",
            "pkg/glue.wasm",
            "rules.html",
            "style.css",
        ];
        assert_eq!(element, expected);
        let inside: Vec<&str> = inside.iter().map(String::as_str).collect();
        assert_eq!(inside, ["js/a.js", "js/b.js", "pkg/glue.js"]);
        assert!(page.contains("js/a.js") && page.contains("js/b.js"));
    }

    /// A page's script ([`PAGES`]) takes in what it imports, statically or lazily, so that
    /// the modules they share are one instance (nothing of them ships as a file for the
    /// page); what it finds with `new URL` (a worker) ships.
    #[test]
    fn closure_builds_a_pages_imports_into_it() {
        let www = std::env::temp_dir().join(format!("loopy-dist-pages-{}", std::process::id()));
        let files = [
            (
                "js/page/page.js",
                "import { t } from './page-lang.js';\nimport('./share.js');\nnew URL('../workers/worker.js', import.meta.url);",
            ),
            ("js/page/page-lang.js", "export const t = 1;"),
            ("js/page/share.js", "import { t } from './page-lang.js';"),
            ("js/workers/worker.js", "export {};"),
        ];
        for (name, text) in files {
            write_file(&www.join(name), text).unwrap();
        }
        let (shipped, inside) = closure(&www, &["js/page/page.js"]).unwrap();
        std::fs::remove_dir_all(&www).unwrap();
        let shipped: Vec<&str> = shipped.iter().map(String::as_str).collect();
        assert_eq!(shipped, ["js/page/page.js", "js/workers/worker.js"]);
        let inside: Vec<&str> = inside.iter().map(String::as_str).collect();
        assert_eq!(inside, ["js/page/page-lang.js", "js/page/share.js"]);
    }

    /// The manifest lists every file but the type declarations, and as pages the site's own
    /// (not the example posts, nor the story page that posts embed).
    #[test]
    fn offline_manifest_lists_files_and_the_sites_own_pages() {
        let dir = std::env::temp_dir().join(format!("loopy-dist-offline-{}", std::process::id()));
        let files: Vec<String> = [
            "examples/blog.html",
            "graph.html",
            "index.html",
            "js/chunks/a-1.js",
            "lessons/a.zh-CN.html",
            "loopy.d.ts",
            "pkg/loopy_bg.wasm",
            "story.html",
        ]
        .map(String::from)
        .to_vec();
        write_offline(&dir, &files, "v1", true).unwrap();
        let text = std::fs::read_to_string(dir.join(OFFLINE)).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(text.contains(r#""version": "v1""#) && text.contains(r#""immutable": true"#));
        assert!(
            text.contains(r#""pages": ["graph.html", "index.html", "lessons/a.zh-CN.html"]"#),
            "{text}"
        );
        assert!(text.contains(r#""js/chunks/a-1.js""#) && text.contains(r#""pkg/loopy_bg.wasm""#));
        assert!(text.contains(r#""examples/blog.html""#) && !text.contains("loopy.d.ts"));
    }

    #[test]
    fn normalize_resolves_dots() {
        assert_eq!(normalize(Path::new("js/../pkg/./loopy.js")), "pkg/loopy.js");
    }
}
