//! `cargo xtask dist`: what a blogger copies to a static host, and the npm package.
//!
//! * `target/dist/site/`: the page, the element, the wasm, the rules and the example post
//!   in one directory named `loopy-<version>-<hash>/`, where the hash covers every file's
//!   bytes. A new build with any change gets a new directory, so a host may cache these
//!   files forever (`Cache-Control: immutable`) without ever serving a stale mix. Beside it,
//!   an `index.html` that points at the current directory.
//! * `target/dist/npm/`: the element alone (`loopy-ring.js` with the modules it imports
//!   bundled in, the worker, the wasm and the types) with a `package.json` whose version is the crate's,
//!   ready for `npm pack`.
//!
//! The element's files are found by following its imports (static `from '...'` and
//! `new URL('...', import.meta.url)`), so the package never lists a file by hand.
//!
//! Every JS file is minified on the way (terser, pinned in tests/package.json), and every
//! stylesheet (csso), the elements' inline ones too. The element and its worker are
//! bundled (esbuild: see [`BUNDLES`]), so that a post loads two scripts and a wasm, not
//! seventeen files; the page's own modules stay one file each, as in `www/`. `www/`
//! itself stays as written, for reading and debugging.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::build;
use crate::tools;
use crate::util::{self, Result};

/// The whole site: every file the page, the rules and the example load.
const SITE_ROOTS: &[&str] = &[
    "index.html",
    "graph.html",
    "rules.html",
    "style.css",
    "favicon.svg",
    "js/page.js",
    "loopy-ring.js",
    "loopy-ring.d.ts",
    "pkg/loopy.d.ts",
    "examples/blog.html",
    "examples/blog.css",
    // The vendored libraries are reached through the page's lazy `import(...)`s; their
    // licences and where they come from are not, so they are listed.
    "vendor/README.txt",
    "vendor/mediabunny.LICENSE.txt",
    "vendor/gifenc.LICENSE.md",
    "vendor/dagre.LICENSE.txt",
];

/// The element: its module, its types and everything they reach.
const ELEMENT_ROOTS: &[&str] = &["loopy-ring.js", "loopy-ring.d.ts", "pkg/loopy.d.ts"];

/// Modules shipped as bundles, each with every module it imports statically (esbuild, in
/// tests/tools/minify.mjs): the element is then one script, its worker one more, and the
/// wasm. The page's own modules stay files of their own.
const BUNDLES: &[&str] = &["loopy-ring.js", "js/worker.js"];

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

    let (site, bundled) = closure(&www, SITE_ROOTS)?;
    let mut hash = Fnv::new();
    // The modules inside bundles count too: a change to one changes its bundle.
    for file in site.union(&bundled) {
        hash.add(file.as_bytes());
        hash.add(&read(&www.join(file))?);
    }
    let dir = format!("loopy-{version}-{:08x}", hash.finish() as u32);
    let site_dir = dist.join("site");
    copy_all(&www, &site_dir.join(&dir), &site)?;
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

    let (element, _) = closure(&www, ELEMENT_ROOTS)?;
    let npm = dist.join("npm");
    copy_all(&www, &npm, &element)?;
    let files: Vec<String> = element.iter().map(|f| format!("\"{f}\"")).collect();
    write_file(
        &npm.join("package.json"),
        &format!(
            r#"{{
  "name": "loopy-ring",
  "version": "{version}",
  "description": "<loopy-ring>: a ring game solved by retrograde analysis and animated, as a web component (WebAssembly inside).",
  "type": "module",
  "main": "./loopy-ring.js",
  "types": "./loopy-ring.d.ts",
  "exports": {{
    ".": {{ "types": "./loopy-ring.d.ts", "default": "./loopy-ring.js" }},
    "./package.json": "./package.json"
  }},
  "files": [{}],
  "sideEffects": ["./loopy-ring.js"],
  "license": "MIT OR Apache-2.0"
}}
"#,
            files.join(", ")
        ),
    )?;
    write_file(
        &npm.join("README.md"),
        &format!(
            "# loopy-ring {version}\n\n```html\n<script type=\"module\" src=\"/node_modules/loopy-ring/loopy-ring.js\"></script>\n\
             <loopy-ring n=\"8\" s1=\"2-4,6\" s2=\"3,6\" controls=\"compact\">Ring game: n = 8</loopy-ring>\n```\n\n\
             The element finds its worker and its `.wasm` next to itself; serve the whole folder.\n"
        ),
    )?;
    Ok(dist)
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

/// Every file to ship for `roots` (paths relative to `www`): JS modules through their
/// imports, the wasm through `new URL`, HTML through its scripts and styles; and, second,
/// the modules read into bundles. A module that a [`BUNDLES`] entry imports statically
/// (directly or not) is read for what it references but not shipped for that, being
/// inside the bundle; another file that imports it ships it.
fn closure(www: &Path, roots: &[&str]) -> Result<(BTreeSet<String>, BTreeSet<String>)> {
    let mut shipped = BTreeSet::new();
    let mut bundled = BTreeSet::new();
    let mut todo: Vec<(String, bool)> = roots.iter().map(|r| (r.to_string(), false)).collect();
    while let Some((file, inside)) = todo.pop() {
        let new = if inside {
            bundled.insert(file.clone())
        } else {
            shipped.insert(file.clone())
        };
        if !new {
            continue;
        }
        let bundles_imports = inside || BUNDLES.contains(&file.as_str());
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
        for (target, key) in references(&text) {
            // Only local files: absolute URLs and data: are not part of the site.
            if target.contains(':') || target.starts_with('/') || target.starts_with('#') {
                continue;
            }
            let joined = normalize(&base.join(target));
            // A link to another page is not a part of this one: each page the site has
            // is a root of its own, and the element's glossary does not take in the site.
            if key == HREF && joined.ends_with(".html") {
                continue;
            }
            if www.join(&joined).is_file() {
                todo.push((joined, key.starts_with("from") && bundles_imports));
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

/// Copies `files` from `from` to `to`, minifying the JS and CSS ones and bundling the
/// [`BUNDLES`] (one node process for all: tests/tools/minify.mjs with the pinned esbuild,
/// terser and csso).
fn copy_all(from: &Path, to: &Path, files: &BTreeSet<String>) -> Result {
    let minified = |f: &&String| f.ends_with(".js") || f.ends_with(".css");
    let to_minify: Vec<&String> = files.iter().filter(minified).collect();
    let bundles: Vec<&str> = BUNDLES
        .iter()
        .copied()
        .filter(|b| files.contains(*b))
        .collect();
    for file in files.iter().filter(|f| !minified(f)) {
        let dest = to.join(file);
        if let Some(dir) = dest.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", util::show(dir)))?;
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
                "import { a } from './js/a.js';\nnew URL('./js/worker.js', import.meta.url);",
            ),
            ("js/a.js", "import { b } from './b.js';"),
            ("js/b.js", "export const b = 1;"),
            ("js/worker.js", "import init from '../pkg/glue.js';"),
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
            "js/worker.js",
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

    #[test]
    fn normalize_resolves_dots() {
        assert_eq!(normalize(Path::new("js/../pkg/./loopy.js")), "pkg/loopy.js");
    }
}
