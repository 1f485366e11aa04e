//! `loopy gen [ring|graph|dag|tree] --seed S ...`: a random valid input on standard
//! output ([`loopy::judge::gen`] makes it; this reads the options). `loopy stress` reads
//! the same options ([`GenArgs::option`]).

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use loopy::judge::gen::{generate, GenError, GenFormat, GenOptions};

use super::Format;

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

/// The generator's format for a judge format.
pub fn gen_format(format: Format) -> GenFormat {
    match format {
        Format::Ring => GenFormat::Ring,
        Format::Goal => GenFormat::Goal,
        Format::Dag => GenFormat::Dag,
        Format::Tree => GenFormat::Tree,
    }
}

/// What `gen` and `stress` read of their arguments to make inputs.
#[derive(Clone, Debug, Default)]
pub struct GenArgs {
    pub options: GenOptions,
    pub cycles: bool,
}

/// The next argument as a whole number for option `--name`.
pub fn number(parser: &mut lexopt::Parser, name: &str) -> Result<u64, String> {
    let value = parser.value().map_err(|e| e.to_string())?;
    value
        .to_str()
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("--{name} takes a whole number, not {value:?}"))
}

impl GenArgs {
    /// Reads `arg` if it is one of the generator's options (and its value): `None` if it
    /// is not one.
    pub fn option(
        &mut self,
        long: &str,
        parser: &mut lexopt::Parser,
    ) -> Option<Result<(), String>> {
        let o = &mut self.options;
        Some(match long {
            "games" => number(parser, "games").map(|c| o.count = Some(c)),
            "n" => number(parser, "n").map(|n| o.n = Some(n)),
            "stones" => number(parser, "stones").map(|s| o.stones = Some(s)),
            "density" => parser
                .value()
                .map_err(|e| e.to_string())
                .and_then(|v| {
                    v.to_str()
                        .and_then(millionths)
                        .ok_or_else(|| format!("--density takes a number from 0 to 1, not {v:?}"))
                })
                .map(|d| o.density_ppm = Some(d)),
            "dag" => {
                o.acyclic = true;
                Ok(())
            }
            "cycles" => {
                self.cycles = true;
                Ok(())
            }
            "draws" | "no-draws" => {
                o.draws = Some(long == "draws");
                Ok(())
            }
            "single" => {
                o.single = true;
                Ok(())
            }
            _ => return None,
        })
    }

    /// The options' conflicts, and those with the format.
    pub fn check(&self, format: GenFormat) -> Result<(), String> {
        if self.options.acyclic && self.cycles {
            return Err("--dag and --cycles exclude each other".into());
        }
        let not_for = |option, name| {
            Err(GenError::NotForFormat {
                option,
                format: name,
            }
            .to_string())
        };
        if self.cycles && format == GenFormat::Dag {
            return not_for(
                "cycles",
                "dag (its moves go from a smaller vertex to a larger)",
            );
        }
        if self.cycles && format == GenFormat::Tree {
            return not_for("cycles", "tree");
        }
        if self.options.single && format != GenFormat::Ring {
            return not_for("single", "graph, dag or tree (only ring inputs have a T)");
        }
        if self.options.stones.is_some() && format != GenFormat::Tree {
            return not_for("stones", "ring, graph or dag (only trees have stones)");
        }
        Ok(())
    }
}

pub fn gen(args: Vec<OsString>) -> ExitCode {
    use lexopt::prelude::*;
    let mut format = GenFormat::Ring;
    let mut gen = GenArgs::default();
    let mut seed = None;
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        let arg = match parser.next() {
            Ok(None) => break,
            Ok(Some(arg)) => arg,
            Err(e) => return super::usage_error(&e.to_string()),
        };
        let result: Result<(), String> = match arg {
            Value(v) => match v.to_str().and_then(Format::from_command) {
                Some(f) => {
                    format = gen_format(f);
                    Ok(())
                }
                None => Err(format!("unknown format {v:?}: ring, graph, dag or tree")),
            },
            Long("seed") => number(&mut parser, "seed").map(|s| seed = Some(s)),
            Short('h') | Long("help") => return super::print_usage(),
            Short('V') | Long("version") => return super::print_version(),
            Long(name) => {
                let name = name.to_owned();
                match gen.option(&name, &mut parser) {
                    Some(result) => result,
                    None => Err(format!("invalid option '--{name}'")),
                }
            }
            other => Err(other.unexpected().to_string()),
        };
        if let Err(e) = result {
            return super::usage_error(&e);
        }
    }
    let Some(seed) = seed else {
        return super::usage_error("gen needs --seed S");
    };
    if let Err(e) = gen.check(format) {
        return super::usage_error(&e);
    }
    let mut options = gen.options;
    options.seed = seed;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match generate(format, &options, &mut out).and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that closes the pipe (`loopy gen ... | head`) has all it wants: quiet,
        // as the judges are.
        Err(GenError::Write {
            kind: io::ErrorKind::BrokenPipe,
            ..
        }) => ExitCode::SUCCESS,
        Err(GenError::Write { message, .. }) => {
            let _ = writeln!(io::stderr(), "loopy: cannot write the input: {message}");
            ExitCode::from(super::WRITE_FAILED)
        }
        Err(e) => super::fail(&e.to_string()),
    }
}
