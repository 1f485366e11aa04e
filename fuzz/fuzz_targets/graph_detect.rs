#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| loopy_fuzz::checks::graph_detect(data));
