//! `THIRD-PARTY.txt`: the Rust crates compiled into the wasm modules, with their licences and
//! their licence files' own text, which `cargo xtask dist` ships beside `LICENSE-MIT` and
//! `LICENSE-APACHE` in the site's folder and in the npm package (the MIT licence asks that its
//! notice go with every copy, and the wasm is a copy of these crates' code).
//!
//! The list is what `cargo metadata` resolves for the loopy crate on `wasm32-unknown-unknown`
//! with all its features (the union of the four modules' feature sets, so that no module's
//! crate is missed): every crate reached by normal dependencies, not dev or build ones. A
//! proc-macro crate (and what only it uses) runs in the compiler rather than being compiled in;
//! it is listed, marked so, since its output is. The CLI's own dependency (lexopt) is a
//! dependency of the package too, and cargo cannot tell it from the library's: it is listed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::util::{self, Result};

/// One crate of the list.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Crate {
    pub name: String,
    pub version: String,
    pub licence: String,
    pub repository: String,
    /// A proc-macro crate: it runs while compiling.
    pub proc_macro: bool,
    /// The crate's folder (its licence files are there).
    pub dir: PathBuf,
}

/// The wasm target the modules are built for.
const TARGET: &str = "wasm32-unknown-unknown";

/// The crates compiled into the wasm modules, sorted by name and version, the loopy crate left out.
pub fn crates() -> Result<Vec<Crate>> {
    let text = util::output(util::cargo().args([
        "metadata",
        "--format-version",
        "1",
        "--filter-platform",
        TARGET,
        "--all-features",
        "--manifest-path",
        "crate/Cargo.toml",
    ]))?;
    let meta: Value = serde_json::from_str(&text).map_err(|e| format!("cargo metadata: {e}"))?;
    let str_of = |v: &Value, key: &str| v[key].as_str().unwrap_or("").to_string();
    let packages: BTreeMap<String, &Value> = meta["packages"]
        .as_array()
        .ok_or("cargo metadata: no packages")?
        .iter()
        .map(|p| (str_of(p, "id"), p))
        .collect();
    let nodes: BTreeMap<String, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .ok_or("cargo metadata: no resolve graph")?
        .iter()
        .map(|n| (str_of(n, "id"), n))
        .collect();
    let root = str_of(&meta["resolve"], "root");
    // Every package reached from the crate by a normal dependency (kind null).
    let mut seen = BTreeSet::new();
    let mut stack = vec![root.clone()];
    while let Some(id) = stack.pop() {
        if !seen.insert(id.clone()) {
            continue;
        }
        let node = nodes
            .get(&id)
            .ok_or_else(|| format!("cargo metadata: no node {id}"))?;
        for dep in node["deps"].as_array().into_iter().flatten() {
            let normal = dep["dep_kinds"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|k| k["kind"].is_null());
            if normal {
                stack.push(str_of(dep, "pkg"));
            }
        }
    }
    seen.remove(&root);
    let mut out = Vec::new();
    for id in seen {
        let p = packages
            .get(&id)
            .ok_or_else(|| format!("cargo metadata: no package {id}"))?;
        let proc_macro = p["targets"].as_array().into_iter().flatten().any(|t| {
            t["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k == "proc-macro"))
        });
        let manifest = PathBuf::from(str_of(p, "manifest_path"));
        out.push(Crate {
            name: str_of(p, "name"),
            version: str_of(p, "version"),
            licence: str_of(p, "license"),
            repository: str_of(p, "repository"),
            proc_macro,
            dir: manifest.parent().map(Path::to_path_buf).unwrap_or_default(),
        });
    }
    out.sort();
    Ok(out)
}

/// A crate's licence files (LICENSE*, LICENCE*, COPYING*, NOTICE*, UNLICENSE*), by name.
fn licence_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", util::show(dir)))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_ascii_uppercase();
            p.is_file()
                && ["LICENSE", "LICENCE", "COPYING", "NOTICE", "UNLICENSE"]
                    .iter()
                    .any(|s| name.starts_with(s))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The text of `THIRD-PARTY.txt`: the list, then each licence file's text once, headed by the
/// crates that ship it (most crates ship the same Apache License word for word).
pub fn text() -> Result<String> {
    let crates = crates()?;
    let mut out = String::from(
        "Third-party Rust crates compiled into Loopy's WebAssembly modules (pkg/**/*.wasm)\n\
         \n\
         Loopy itself is MIT OR Apache-2.0 (LICENSE-MIT, LICENSE-APACHE). The wasm modules also\n\
         hold code of the crates below, each under the licence it declares (shown after its\n\
         name), and the text of every licence file they ship follows, each text once with the\n\
         crates that ship it. The list is what `cargo metadata` resolves for the loopy crate on\n\
         wasm32-unknown-unknown with all its features (normal dependencies); `cargo xtask dist`\n\
         writes it. A proc-macro crate runs in the compiler: what it generates is compiled in.\n\n",
    );
    for c in &crates {
        let mark = if c.proc_macro { " (proc-macro)" } else { "" };
        out.push_str(&format!(
            "{} {}{mark}: {} {}\n",
            c.name, c.version, c.licence, c.repository
        ));
    }
    // Each distinct text, in the order first met, with who ships it under which name.
    let mut texts: Vec<(String, Vec<String>)> = Vec::new();
    for c in &crates {
        let files = licence_files(&c.dir)?;
        if files.is_empty() {
            return Err(format!(
                "{} {} ships no licence file: THIRD-PARTY.txt would lack its text",
                c.name, c.version
            ));
        }
        for file in files {
            let body = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", util::show(&file)))?;
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let who = format!("{} {} ({name})", c.name, c.version);
            let body = body.trim_end().to_string();
            match texts.iter_mut().find(|(t, _)| *t == body) {
                Some((_, users)) => users.push(who),
                None => texts.push((body, vec![who])),
            }
        }
    }
    for (body, users) in texts {
        out.push_str(&format!("\n\n==== {} ====\n\n{body}\n", users.join(", ")));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same set as `cargo tree` computes it for the wasm target (another of cargo's
    /// readings of the lock file and the manifests): `name version`, the loopy crate left out.
    fn cargo_tree() -> BTreeSet<String> {
        let text = util::output(util::cargo().args([
            "tree",
            "-p",
            "loopy",
            "--target",
            TARGET,
            "-e",
            "normal",
            "--all-features",
            "--prefix",
            "none",
            "-f",
            "{p}",
        ]))
        .expect("cargo tree runs");
        text.lines()
            .filter_map(|l| {
                let mut words = l.split_whitespace();
                let name = words.next()?;
                let version = words.next()?.trim_start_matches('v');
                (name != "loopy").then(|| format!("{name} {version}"))
            })
            .collect()
    }

    #[test]
    fn the_list_is_what_cargo_tree_says_the_wasm_build_compiles() {
        let listed: BTreeSet<String> = crates()
            .expect("cargo metadata")
            .iter()
            .map(|c| format!("{} {}", c.name, c.version))
            .collect();
        assert_eq!(listed, cargo_tree());
        let names: BTreeSet<&str> = listed.iter().filter_map(|c| c.split(' ').next()).collect();
        for wasm in ["wasm-bindgen", "serde", "serde_json", "talc"] {
            assert!(
                names.contains(wasm),
                "{wasm} is compiled into the wasm: {names:?}"
            );
        }
        for native in ["proptest", "axum", "wasm-bindgen-test"] {
            assert!(
                !names.contains(native),
                "{native} is not in the wasm: {names:?}"
            );
        }
    }

    #[test]
    fn every_crate_has_a_licence_and_its_licence_text_once() {
        let text = text().expect("THIRD-PARTY.txt");
        for c in crates().expect("cargo metadata") {
            assert!(!c.licence.is_empty(), "{} declares a licence", c.name);
            // The texts whose heading names the crate: at least one is a licence's.
            let who = format!("{} {} (", c.name, c.version);
            let bodies: Vec<&str> = text
                .split("\n\n==== ")
                .skip(1)
                .filter(|s| s.lines().next().is_some_and(|h| h.contains(&who)))
                .collect();
            assert!(
                bodies
                    .iter()
                    .any(|b| b.contains("Permission is hereby granted")
                        || b.contains("Apache License")
                        || b.contains("unencumbered")),
                "{}'s licence text is there: {bodies:?}",
                c.name
            );
        }
        // Each text once: the Apache License is not repeated for every crate that ships it.
        let apache = text.matches("TERMS AND CONDITIONS FOR USE").count();
        let crates = crates().expect("cargo metadata").len();
        assert!(
            apache * 2 < crates,
            "{apache} Apache texts for {crates} crates"
        );
    }
}
