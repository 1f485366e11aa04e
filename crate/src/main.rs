//! `loopy`: the judges on the command line, for a contestant. Each judge reads its format
//! (from a file named on the command line, or standard input) and prints the judge's
//! exact answer; on bad input it prints one line to stderr and exits 2. Beside the
//! judges: `check` (a testlib-style checker of an answer), `explain` (why one state has
//! its value), `gen` (random valid inputs) and `stress` (a contestant's program run
//! against the judge on random inputs, the first failure shrunk).
//!
//! One module per command (`main/*.rs`); the core does every rule, this only reads the
//! arguments and the files and prints.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

#[path = "main/alloc.rs"]
mod alloc;
#[path = "main/check.rs"]
mod check;
#[path = "main/explain.rs"]
mod explain;
#[path = "main/gen.rs"]
mod gen;
#[path = "main/graph.rs"]
mod graph;
#[path = "main/input.rs"]
mod input;
#[path = "main/ring.rs"]
mod ring;
#[path = "main/shrink.rs"]
mod shrink;
#[path = "main/stress.rs"]
mod stress;
#[path = "main/usage.rs"]
mod usage;

/// The judge formats, by the names the commands give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `loopy` / `loopy ring`: ring games.
    Ring,
    /// `loopy graph`: format `goal`.
    Goal,
    /// `loopy dag`: format `dag`.
    Dag,
    /// `loopy tree`: AtCoder's AGC010F "Tree Game".
    Tree,
}

impl Format {
    /// The format named `name` on the command line.
    pub fn from_command(name: &str) -> Option<Format> {
        match name {
            "ring" => Some(Format::Ring),
            "graph" => Some(Format::Goal),
            "dag" => Some(Format::Dag),
            "tree" => Some(Format::Tree),
            _ => None,
        }
    }

    /// The command that judges it.
    pub fn command(self) -> &'static str {
        match self {
            Format::Ring => "ring",
            Format::Goal => "graph",
            Format::Dag => "dag",
            Format::Tree => "tree",
        }
    }

    pub fn check_format(self) -> loopy::judge::check::CheckFormat {
        use loopy::judge::check::CheckFormat;
        match self {
            Format::Ring => CheckFormat::Ring,
            Format::Goal => CheckFormat::Goal,
            Format::Dag => CheckFormat::Dag,
            Format::Tree => CheckFormat::Tree,
        }
    }
}

/// Exit statuses of the judges, as the usage text documents them.
pub const WRITE_FAILED: u8 = 1;
pub const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let first = args.first().map(|a| a.to_string_lossy().into_owned());
    let Some(first) = first else {
        return ring::ring(args);
    };
    let rest = |mut args: Vec<OsString>, k: usize| args.split_off(k.min(args.len()));
    match first.as_str() {
        "gen" => gen::gen(rest(args, 1)),
        "stress" => stress::stress(rest(args, 1)),
        "check" => check::check(rest(args, 1), Format::Ring),
        "explain" => explain::explain(rest(args, 1), Format::Ring),
        name if Format::from_command(name).is_some() => {
            let format = Format::from_command(name).unwrap_or(Format::Ring);
            match args.get(1).and_then(|a| a.to_str()) {
                Some("check") => check::check(rest(args, 2), format),
                Some("explain") => explain::explain(rest(args, 2), format),
                _ if format == Format::Ring => ring::ring(rest(args, 1)),
                _ => graph::judge(rest(args, 1), format),
            }
        }
        // Anything else that is not an option is the ring judge's input file
        // (`loopy in.txt`), if there is such a file.
        name if !name.starts_with('-') || name == "-" => {
            if name != "-" && !std::path::Path::new(&args[0]).exists() {
                return usage_error(&format!(
                    "{name:?} is neither a command (ring, graph, dag, tree, check, explain, \
                     gen, stress) nor a file"
                ));
            }
            ring::ring(std::mem::take(&mut args))
        }
        _ => ring::ring(args),
    }
}

/// Prints the help text.
pub fn print_usage() -> ExitCode {
    print(&usage::usage())
}

/// `loopy --version`.
pub fn print_version() -> ExitCode {
    print(&format!("loopy {}", env!("CARGO_PKG_VERSION")))
}

fn print(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}

pub fn usage_error(message: &str) -> ExitCode {
    fail(&format!("{message} (try --help)"))
}

/// One line on stderr, exit 2. A stderr that cannot be written to changes nothing:
/// the status still says what happened.
pub fn fail(message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "loopy: {message}");
    ExitCode::from(BAD_INPUT)
}

/// The answer could not be written. A closed pipe (`loopy < in | head`) is the
/// reader's choice, not an error: exit quietly.
pub fn output_failed(e: io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    let _ = writeln!(io::stderr(), "loopy: cannot write the answer: {e}");
    ExitCode::from(WRITE_FAILED)
}
