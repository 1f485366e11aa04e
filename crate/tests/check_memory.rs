//! The checker streams: a large output (17 MB, 40,000 games) is
//! checked in memory that follows one game, not the output, with and without `all`,
//! under an allocator that counts the peak of live bytes. The input and the output are
//! made on the fly, so that neither takes memory itself.
#![cfg(not(target_arch = "wasm32"))]

// The one file of crate/tests/common this test needs (the rest would only lengthen its build).
#[path = "common/counting.rs"]
mod counting;

use std::io::{self, BufReader, Read};

use counting::{peak_during, Counting};
use loopy::judge::check::{CheckFormat, Checker, Options, Verdict};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `head`, then `block` `times` times, handed out as it is read.
struct Repeat {
    head: Vec<u8>,
    block: Vec<u8>,
    times: u64,
    at: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.head.is_empty() {
            let n = buf.len().min(self.head.len());
            buf[..n].copy_from_slice(&self.head[..n]);
            self.head.drain(..n);
            return Ok(n);
        }
        if self.times == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.block.len() - self.at);
        buf[..n].copy_from_slice(&self.block[self.at..self.at + n]);
        self.at += n;
        if self.at == self.block.len() {
            self.at = 0;
            self.times -= 1;
        }
        Ok(n)
    }
}

/// `t` games `n = 50`, both players with the one step 1: from position `i` the token
/// reaches the hole in `n - i` moves, so the player to move wins exactly when that is odd.
fn input(t: u64) -> Repeat {
    Repeat {
        head: format!("{t}\n").into_bytes(),
        block: b"50\n1 1\n1 1\n".to_vec(),
        times: t,
        at: 0,
    }
}

fn output(t: u64, wrong: bool) -> Repeat {
    let line: Vec<&str> = (1..50u32)
        .map(|i| match ((50 - i) % 2 == 1, wrong) {
            (true, false) | (false, true) => "Win",
            _ => "Lose",
        })
        .collect();
    let line = line.join(" ");
    Repeat {
        head: Vec::new(),
        block: format!("{line}\n{line}\n").into_bytes(),
        times: t,
        at: 0,
    }
}

/// Checks `out` against `t` games, the output pushed in 64 KiB chunks; the report and
/// the peak of live bytes above what was live before.
fn run(
    t: u64,
    mut out: Repeat,
    options: Options,
) -> (loopy::judge::check::CheckReport, usize, u64, usize) {
    let ((report, bytes, drained), peak) = peak_during(|| {
        let mut checker = Checker::new(CheckFormat::Ring, BufReader::new(input(t)), options);
        let mut buf = vec![0u8; 1 << 16];
        let (mut bytes, mut drained) = (0u64, 0);
        loop {
            let n = out.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            bytes += n as u64;
            checker.push(&buf[..n]);
            drained += checker.drain().len();
        }
        (checker.finish(), bytes, drained)
    });
    (report, peak, bytes, drained)
}

#[test]
fn a_large_output_is_checked_in_the_memory_of_one_game() {
    let t = 40_000;
    let (report, peak, bytes, _) = run(t, output(t, false), Options::FIRST);
    assert_eq!(report.verdict, Verdict::Ok, "{}", report.message);
    assert!(bytes > 15_000_000, "{bytes} bytes of output");
    assert!(
        peak < 1 << 20,
        "peak {peak} bytes for {bytes} bytes of output"
    );
    // Every word wrong, every difference counted, the first 100 kept and explained.
    let (report, peak, _, drained) = run(t, output(t, true), Options::all(100));
    assert_eq!(report.total, t * 2 * 49);
    assert_eq!(drained + report.differences.len(), 100);
    assert!(peak < 2 << 20, "peak {peak} bytes with all");
}
