//! `loopy check`, `loopy graph check`, `loopy dag check`: the answer checker on the
//! command line. The core checks ([`loopy::judge::check`]); this reads the files and
//! prints. The output is read a buffer at a time and pushed, and reading stops at the
//! first difference (without `--all`): memory follows one game, whatever the size.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

use loopy::judge::check::{Checker, Options};
use loopy::judge::Layout;

use super::Format;

/// How many differences `--all` lists, one line each; the rest are counted only (a
/// report of a million lines is read by no one, and each listed difference is held
/// until it is printed).
const LISTED: usize = 1_000_000;

/// testlib's code for a checker that cannot run (a bad input, a bad argument, a file
/// that cannot be read): 3, not the judges' 2.
const FAIL: u8 = 3;

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "loopy: {message}");
    ExitCode::from(FAIL)
}

fn open(path: &OsString, what: &str) -> Result<Box<dyn Read>, String> {
    if path == "-" {
        return Ok(Box::new(io::stdin()));
    }
    File::open(path)
        .map(|f| Box::new(f) as Box<dyn Read>)
        .map_err(|e| format!("cannot open the {what} {}: {e}", path.to_string_lossy()))
}

/// `loopy [graph|dag] check INPUT OUTPUT [--all]`.
pub fn check(args: Vec<OsString>, format: Format) -> ExitCode {
    use lexopt::prelude::*;
    let mut all = false;
    let mut layout = Layout::Counted;
    let mut files = Vec::new();
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        match parser.next() {
            Ok(None) => break,
            Ok(Some(Long("all"))) => all = true,
            Ok(Some(Long("single"))) if format == Format::Ring => layout = Layout::Single,
            Ok(Some(Short('V') | Long("version"))) => return super::print_version(),
            Ok(Some(Short('h') | Long("help"))) => return super::print_usage(),
            Ok(Some(Value(file))) if files.len() < 2 => files.push(file),
            Ok(Some(arg)) => return fail(&format!("{} (try --help)", arg.unexpected())),
            Err(e) => return fail(&format!("{e} (try --help)")),
        }
    }
    let [input, output] = files.as_slice() else {
        return fail("check needs two files, INPUT and OUTPUT (try --help)");
    };
    if input == "-" && output == "-" {
        return fail("INPUT and OUTPUT cannot both be standard input");
    }
    let (input, mut output) = match (open(input, "input"), open(output, "output")) {
        (Ok(i), Ok(o)) => (i, o),
        (Err(e), _) | (_, Err(e)) => return fail(&e),
    };
    let options = if all {
        Options {
            all: true,
            limit: LISTED,
            explain_all: false,
        }
    } else {
        Options::FIRST
    };
    let mut checker = Checker::with_layout(
        format.check_format(),
        BufReader::with_capacity(1 << 16, input),
        options,
        layout,
    );
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut buf = vec![0u8; 1 << 16];
    // With --all, the differences are printed as they are found, the first among them.
    let mut printed = 0u64;
    while checker.wants_more() {
        let n = match output.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return fail(&format!("cannot read the output: {e}")),
        };
        checker.push(&buf[..n]);
        if all {
            for d in checker.drain() {
                printed += 1;
                if writeln!(out, "{d}").is_err() {
                    return ExitCode::from(FAIL);
                }
            }
        }
    }
    let report = {
        let mut report = checker.finish();
        if all {
            for d in std::mem::take(&mut report.differences) {
                printed += 1;
                let _ = writeln!(out, "{d}");
            }
        }
        report
    };
    if all && report.total > printed {
        let more = report.total - printed;
        let _ = writeln!(
            out,
            "... and {more} more {}, counted but not listed",
            if more == 1 {
                "difference"
            } else {
                "differences"
            }
        );
    }
    if writeln!(out, "{}", report.message)
        .and_then(|()| out.flush())
        .is_err()
    {
        return ExitCode::from(FAIL);
    }
    ExitCode::from(report.exit_code)
}
