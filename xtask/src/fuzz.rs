//! `cargo xtask fuzz [SECS] [--keep] [TARGET...]`: runs every fuzz target in `fuzz/`
//! (or the ones named) for SECS seconds each (default 60), one after the other, with
//! cargo-fuzz on the nightly toolchain. cargo-fuzz is installed into the tool cache
//! when missing.
//!
//! New inputs go to `target/fuzz-corpus/<target>/`, so a routine run leaves the
//! repository as it was; the kept corpus `fuzz/corpus/<target>/` is read as well.
//! With `--keep`, the two are merged and minimised into `fuzz/corpus/<target>/`
//! (libFuzzer's `-merge=1`: the fewest inputs that cover everything), to commit.
//! An input that makes a target fail is left by cargo-fuzz in `fuzz/artifacts/`;
//! copied into `fuzz/regressions/<target>/`, it is replayed by the native tests for
//! good (`crate/tests/fuzz_corpus.rs`, which also replays the corpus on stable).
//!
//! `cargo xtask test` does not fuzz: it replays the corpus and the regressions on stable
//! (those native tests), so a test run neither builds cargo-fuzz nor spends minutes on
//! inputs that change from run to run. Fuzzing is this command's, run when a parser or
//! the solver changes, with `--keep` to commit what it found.

use std::path::Path;
use std::process::Command;

use crate::util::{self, Result};

/// The fuzz targets, as named in fuzz/Cargo.toml.
pub const TARGETS: &[&str] = &[
    "judge_parse",
    "ring_solve",
    "stepper_seek",
    "graph_parse",
    "graph_detect",
];

pub const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// cargo-fuzz needs nightly (sanitizers, `-Z` flags).
const TOOLCHAIN: &str = "nightly";

#[derive(Debug, PartialEq)]
struct Options {
    secs: u64,
    keep: bool,
    /// The targets to run: all of [`TARGETS`] when none is named.
    targets: Vec<&'static str>,
}

const USAGE: &str = "usage: cargo xtask fuzz [SECS] [--keep] [TARGET...]";

fn parse(args: Vec<std::ffi::OsString>) -> Result<Options> {
    use lexopt::prelude::*;
    let mut opts = Options {
        secs: 60,
        keep: false,
        targets: Vec::new(),
    };
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("keep") => opts.keep = true,
            Value(value) => {
                let value = value.to_string_lossy();
                if let Some(&target) = TARGETS.iter().find(|&&t| t == value) {
                    opts.targets.push(target);
                } else {
                    opts.secs = value.parse().map_err(|_| {
                        format!(
                            "`{value}` is neither a number of seconds nor a fuzz target \
                             ({}) ({USAGE})",
                            TARGETS.join(", ")
                        )
                    })?;
                }
            }
            _ => return Err(format!("{} ({USAGE})", arg.unexpected())),
        }
    }
    if opts.targets.is_empty() {
        opts.targets = TARGETS.to_vec();
    }
    Ok(opts)
}

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    let opts = parse(args)?;
    if !nightly_available() {
        return Err(format!(
            "fuzzing needs the {TOOLCHAIN} toolchain: `rustup toolchain install {TOOLCHAIN}`"
        ));
    }
    let cargo_fuzz = ensure_cargo_fuzz()?;
    for target in &opts.targets {
        fuzz(&cargo_fuzz, target, opts.secs)?;
    }
    if opts.keep {
        for target in &opts.targets {
            keep(&cargo_fuzz, target)?;
        }
    }
    Ok(())
}

fn nightly_available() -> bool {
    util::output(Command::new("rustup").args(["run", TOOLCHAIN, "rustc", "--version"])).is_ok()
}

/// The cargo-fuzz binary, installed into the tool cache when missing.
fn ensure_cargo_fuzz() -> Result<std::path::PathBuf> {
    let binary = |root: &Path| root.join("bin/cargo-fuzz");
    let root = util::cached_install("cargo-fuzz", CARGO_FUZZ_VERSION, true, |root| {
        util::output(Command::new(binary(root)).args(["fuzz", "--version"]))
            .is_ok_and(|out| out.contains(CARGO_FUZZ_VERSION))
    })?;
    Ok(binary(&root))
}

/// `cargo fuzz` on nightly, from the workspace root (where it finds `fuzz/`).
fn cargo_fuzz(cargo_fuzz: &Path) -> Command {
    let mut cmd = Command::new(cargo_fuzz);
    cmd.current_dir(util::root())
        .env("RUSTUP_TOOLCHAIN", TOOLCHAIN)
        .arg("fuzz");
    cmd
}

fn fuzz(cargo_fuzz_bin: &Path, target: &str, secs: u64) -> Result {
    util::step(&format!("fuzzing {target} for {secs} s"));
    let scratch = util::target_dir().join("fuzz-corpus").join(target);
    std::fs::create_dir_all(&scratch)
        .map_err(|e| format!("cannot create {}: {e}", util::show(&scratch)))?;
    let kept = util::root().join("fuzz/corpus").join(target);
    let result = util::run(
        cargo_fuzz(cargo_fuzz_bin)
            .args(["run", target])
            .arg(&scratch)
            .arg(&kept)
            .arg("--")
            .arg(format!("-max_total_time={secs}"))
            .args(["-timeout=30", "-print_final_stats=1"]),
    );
    result.map_err(|e| {
        format!(
            "{e}\nfuzz target {target} failed: its input is in fuzz/artifacts/{target}/. Fix the \
             cause, and copy the input into fuzz/regressions/{target}/ so that the native \
             tests replay it for good."
        )
    })
}

/// Merges the scratch corpus into the kept one, minimised.
fn keep(cargo_fuzz_bin: &Path, target: &str) -> Result {
    util::step(&format!(
        "minimising the corpus of {target} into fuzz/corpus/{target}"
    ));
    let kept = util::root().join("fuzz/corpus").join(target);
    let scratch = util::target_dir().join("fuzz-corpus").join(target);
    let merged = util::target_dir().join("fuzz-merged").join(target);
    let _ = std::fs::remove_dir_all(&merged);
    std::fs::create_dir_all(&merged)
        .map_err(|e| format!("cannot create {}: {e}", util::show(&merged)))?;
    util::run(
        cargo_fuzz(cargo_fuzz_bin)
            .args(["run", target])
            .arg(&merged)
            .arg(&kept)
            .arg(&scratch)
            .args(["--", "-merge=1"]),
    )?;
    std::fs::remove_dir_all(&kept)
        .map_err(|e| format!("cannot clear {}: {e}", util::show(&kept)))?;
    std::fs::rename(&merged, &kept)
        .map_err(|e| format!("cannot move {} into place: {e}", util::show(&merged)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        let args = |a: &[&str]| parse(a.iter().map(Into::into).collect());
        let opts = |secs, keep, targets: &[&'static str]| {
            Ok(Options {
                secs,
                keep,
                targets: targets.to_vec(),
            })
        };
        assert_eq!(args(&[]), opts(60, false, TARGETS));
        assert_eq!(args(&["600", "--keep"]), opts(600, true, TARGETS));
        assert_eq!(
            args(&["600", "--keep", "graph_parse"]),
            opts(600, true, &["graph_parse"])
        );
        assert_eq!(
            args(&["graph_detect", "5", "judge_parse"]),
            opts(5, false, &["graph_detect", "judge_parse"])
        );
        assert!(args(&["graph_nope"]).unwrap_err().contains("graph_parse"));
        assert!(args(&["--bogus"]).is_err());
    }
}
