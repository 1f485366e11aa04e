//! The memory the CLI says it needs is the memory it takes: the largest game (n =
//! `MAX_N`, full step sets, which allocates every table the solver has) read from a
//! stream and answered as the CLI does, under an allocator that counts the peak of
//! live bytes.
#![cfg(not(target_arch = "wasm32"))]

// The one file of crate/tests/common this test needs (the rest would only lengthen its build).
#[path = "common/counting.rs"]
mod counting;

use std::io::{self, BufReader, Read};

use counting::{peak_during, Counting};
use loopy::game::BYTES_PER_POSITION;
use loopy::{judge, MAX_N};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The judge input `1, n, (n-1) 1 2 .. n-1` twice, made on the fly so that the input
/// itself takes no memory.
struct FullGame {
    n: u32,
    /// The line being handed out, and how much of it is gone.
    line: Vec<u8>,
    at: usize,
    /// Lines made so far: the header, then the step lines' numbers.
    next: u64,
}

impl Read for FullGame {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.line.len() {
            self.line.clear();
            self.at = 0;
            let per_line = self.n as u64; // the count, then n - 1 steps
            match self.next {
                0 => self
                    .line
                    .extend_from_slice(format!("1\n{}\n", self.n).as_bytes()),
                k if k <= 2 * per_line => {
                    // A chunk of one step line: numbers `k - 1 ..` of that line.
                    let i = (k - 1) % per_line;
                    let value = if i == 0 { self.n as u64 - 1 } else { i };
                    self.line.extend_from_slice(value.to_string().as_bytes());
                    self.line.push(if i + 1 == per_line { b'\n' } else { b' ' });
                }
                _ => return Ok(0),
            }
            self.next += 1;
        }
        let n = buf.len().min(self.line.len() - self.at);
        buf[..n].copy_from_slice(&self.line[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn the_largest_game_fits_in_the_memory_the_error_message_states() {
    let input = BufReader::with_capacity(
        1 << 16,
        FullGame {
            n: MAX_N,
            line: Vec::new(),
            at: 0,
            next: 0,
        },
    );
    let ((), peak) = peak_during(|| {
        let mut games = judge::games(input);
        let game = games.next().unwrap().unwrap();
        assert_eq!(game.edges(), 2 * (MAX_N as u64 - 1) * MAX_N as u64);
        judge::write_game(game, false, &mut io::sink()).unwrap();
        assert!(games.next().is_none());
    });
    let stated = MAX_N as u64 * BYTES_PER_POSITION;
    assert!(
        peak as u64 <= stated,
        "peak {peak} bytes, above the stated {stated}"
    );
    // And the statement is not padded: it is within 10% of what is taken.
    assert!(
        peak as u64 * 10 >= stated * 9,
        "peak {peak} bytes, far below the stated {stated}"
    );
}
