//! `loopy`: the judge on the command line. Reads the judge format on stdin and prints
//! the judge's exact answer; on bad input prints one line to stderr and exits 2.

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
loopy: solve ring games in the judge format

usage: loopy [--depth] < input

Reads T games from standard input (T; then per game: n; k1 and player 1's steps;
k2 and player 2's steps) and prints, per game, two lines of n-1 words (Win, Lose
or Loop): player 1 moving first from positions 1..n-1, then player 2 moving first.

options:
  --depth    after each game's two lines, print the two lines of depths
             (plies to the end under optimal play; '-' for Loop)
  -h, --help print this help

On bad input, prints one line naming the game, line and token to stderr, nothing
to stdout, and exits with status 2.";

fn main() -> ExitCode {
    let mut depth = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--depth" => depth = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("loopy: unknown argument {other:?} (try --help)");
                return ExitCode::from(2);
            }
        }
    }
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("loopy: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let games = match loopy::judge::parse(&input) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("loopy: {e}");
            return ExitCode::from(2);
        }
    };
    drop(input);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match loopy::judge::write_answer(&games, depth, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`loopy < in | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("loopy: cannot write the answer: {e}");
            ExitCode::from(1)
        }
    }
}
