//! The fuzz targets' checks, as a library so that each target in `fuzz_targets/` is one
//! line. The same file is compiled into the stable test `crate/tests/fuzz_corpus.rs`,
//! which replays the kept corpus and the regressions without nightly.

pub mod checks;
