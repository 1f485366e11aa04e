//! The fuzz targets' checks (`fuzz/src/checks.rs`), replayed on stable over the kept
//! corpus (`fuzz/corpus/<target>/`) and every input that ever made a target fail
//! (`fuzz/regressions/<target>/`). `cargo xtask fuzz` finds new inputs with nightly
//! and cargo-fuzz; this keeps what they found checked on any machine.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../fuzz/src/checks.rs"]
mod checks;

use std::path::Path;

/// Runs `check` on every file of the target's corpus and regressions; how many.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut count = 0;
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(dir).join(target)) else {
            continue;
        };
        let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{target}: {} fails", file.display());
            count += 1;
        }
    }
    count
}

#[test]
fn judge_parse_corpus_replays_clean() {
    assert!(
        replay("judge_parse", checks::judge_parse) > 0,
        "no corpus kept"
    );
}

#[test]
fn ring_solve_corpus_replays_clean() {
    assert!(
        replay("ring_solve", checks::ring_solve) > 0,
        "no corpus kept"
    );
}

#[test]
fn stepper_seek_corpus_replays_clean() {
    assert!(
        replay("stepper_seek", checks::stepper_seek) > 0,
        "no corpus kept"
    );
}

#[test]
fn graph_parse_corpus_replays_clean() {
    assert!(
        replay("graph_parse", checks::graph_parse) > 0,
        "no corpus kept"
    );
}

#[test]
fn graph_detect_corpus_replays_clean() {
    assert!(
        replay("graph_detect", checks::graph_detect) > 0,
        "no corpus kept"
    );
}
