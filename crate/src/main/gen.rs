//! `loopy gen [ring|graph|dag] --seed S ...`: a random valid input on standard output
//! ([`loopy::judge::gen`] makes it; this reads the options).

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use loopy::judge::gen::{generate, GenError, GenFormat, GenOptions};

/// The density as millionths, from a decimal `0 ..= 1` (`0.25`): read as text, so no
/// floating point decides which edges a seed draws.
fn millionths(text: &str) -> Option<u64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty()
        || !whole
            .bytes()
            .chain(frac.bytes())
            .all(|b| b.is_ascii_digit())
        || frac.len() > 6
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let frac: u64 = format!("{frac:0<6}").parse().ok()?;
    whole.checked_mul(1_000_000)?.checked_add(frac)
}

pub fn gen(args: Vec<OsString>) -> ExitCode {
    use lexopt::prelude::*;
    let mut format = GenFormat::Ring;
    let mut options = GenOptions::default();
    let mut seed = None;
    let mut cycles = false;
    let mut parser = lexopt::Parser::from_args(args);
    let number = |parser: &mut lexopt::Parser, name: &str| -> Result<u64, String> {
        let value = parser.value().map_err(|e| e.to_string())?;
        value
            .to_str()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("--{name} takes a whole number, not {value:?}"))
    };
    loop {
        let arg = match parser.next() {
            Ok(None) => break,
            Ok(Some(arg)) => arg,
            Err(e) => return super::usage_error(&e.to_string()),
        };
        let result: Result<(), String> = match arg {
            Value(v) => match v.to_str() {
                Some("ring") => {
                    format = GenFormat::Ring;
                    Ok(())
                }
                Some("graph") => {
                    format = GenFormat::Goal;
                    Ok(())
                }
                Some("dag") => {
                    format = GenFormat::Dag;
                    Ok(())
                }
                _ => Err(format!("unknown format {v:?}: ring, graph or dag")),
            },
            Long("seed") => number(&mut parser, "seed").map(|s| seed = Some(s)),
            Long("games") => number(&mut parser, "games").map(|c| options.count = Some(c)),
            Long("n") => number(&mut parser, "n").map(|n| options.n = Some(n)),
            Long("density") => parser
                .value()
                .map_err(|e| e.to_string())
                .and_then(|v| {
                    v.to_str()
                        .and_then(millionths)
                        .ok_or_else(|| format!("--density takes a number from 0 to 1, not {v:?}"))
                })
                .map(|d| options.density_ppm = Some(d)),
            Long("dag") => {
                options.acyclic = true;
                Ok(())
            }
            Long("cycles") => {
                cycles = true;
                Ok(())
            }
            Long("draws") | Long("no-draws") => {
                options.draws = Some(arg == Long("draws"));
                Ok(())
            }
            Short('h') | Long("help") => return super::print_usage(),
            other => Err(other.unexpected().to_string()),
        };
        if let Err(e) = result {
            return super::usage_error(&e);
        }
    }
    let Some(seed) = seed else {
        return super::usage_error("gen needs --seed S");
    };
    options.seed = seed;
    if options.acyclic && cycles {
        return super::usage_error("--dag and --cycles exclude each other");
    }
    if cycles && format == GenFormat::Dag {
        return super::fail(
            &GenError::NotForFormat {
                option: "cycles",
                format: "dag (its moves go from a smaller vertex to a larger)",
            }
            .to_string(),
        );
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match generate(format, &options, &mut out).and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(GenError::Write { message }) => {
            let _ = writeln!(io::stderr(), "loopy: cannot write the input: {message}");
            ExitCode::from(super::WRITE_FAILED)
        }
        Err(e) => super::fail(&e.to_string()),
    }
}
