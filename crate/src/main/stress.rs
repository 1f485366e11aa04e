//! `loopy stress [ring|graph|dag|tree] [OPTIONS] SOLUTION [ARGS...]`: a contestant's
//! program against the judge on random inputs.
//!
//! For each seed from `--seed` on (`--runs` of them), the input `loopy gen` would write
//! is given to the program on standard input, with a time limit; its output is checked
//! as `loopy check` checks it. The first failure (a wrong answer, a presentation error,
//! a crash or the time limit) stops the run, and the input is shrunk: the smaller
//! inputs one step from it (`shrink.rs`) are tried, the first that fails the same way is
//! kept, and so on until none does. The smallest is written to `--out` with the verdict
//! and the why, the right answer and the program's. Exit status: 0 when every run passed,
//! 1 when one failed, 2 for a bad argument or a program that cannot be started.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use loopy::judge::check::why::plural;
use loopy::judge::check::{check_with_layout, CheckReport, Options, Verdict};
use loopy::judge::gen::generate;
use loopy::judge::Layout;

use super::gen::{gen_format, GenArgs};
use super::shrink::Case;
use super::Format;

/// The most runs of the program the shrinker makes.
const SHRINK_RUNS: u32 = 2000;

/// How a run of the program failed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Failure {
    /// The checker's verdict (wrong answer or presentation error).
    Checked(Box<CheckReport>),
    /// The program exited with a status other than 0, or was killed by a signal.
    Crashed(String),
    /// The program ran out of its time.
    Timeout,
}

impl Failure {
    /// Whether two failures are of one kind (the shrinker keeps an input that fails as
    /// the first did).
    fn same_kind(&self, other: &Failure) -> bool {
        match (self, other) {
            (Failure::Checked(a), Failure::Checked(b)) => a.verdict == b.verdict,
            (Failure::Crashed(_), Failure::Crashed(_)) | (Failure::Timeout, Failure::Timeout) => {
                true
            }
            _ => false,
        }
    }

    fn words(&self, limit: Duration) -> String {
        match self {
            Failure::Checked(report) => report.message.clone(),
            Failure::Crashed(how) => format!("runtime error: the program {how}"),
            Failure::Timeout => format!(
                "time limit exceeded: the program ran for more than {} s",
                limit.as_secs_f64()
            ),
        }
    }
}

struct Stress {
    format: Format,
    gen: GenArgs,
    seed: u64,
    runs: u64,
    limit: Duration,
    out: PathBuf,
    program: Vec<OsString>,
}

fn options(args: Vec<OsString>) -> Result<Stress, ExitCode> {
    use lexopt::prelude::*;
    let mut o = Stress {
        format: Format::Ring,
        gen: GenArgs::default(),
        seed: 1,
        runs: 1000,
        limit: Duration::from_secs(2),
        out: PathBuf::from("stress-input.txt"),
        program: Vec::new(),
    };
    let mut format_given = false;
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        let arg = match parser.next() {
            Ok(None) => break,
            Ok(Some(arg)) => arg,
            Err(e) => return Err(super::usage_error(&e.to_string())),
        };
        let result: Result<(), String> = match arg {
            Short('h') | Long("help") => return Err(super::print_usage()),
            Short('V') | Long("version") => return Err(super::print_version()),
            Long("seed") => super::gen::number(&mut parser, "seed").map(|s| o.seed = s),
            Long("runs") => super::gen::number(&mut parser, "runs").map(|r| o.runs = r),
            Long("time-limit") => parser
                .value()
                .map_err(|e| e.to_string())
                .and_then(|v| {
                    v.to_str()
                        .and_then(|t| t.parse::<f64>().ok())
                        .filter(|t| t.is_finite() && *t > 0.0 && *t <= 3600.0)
                        .map(Duration::from_secs_f64)
                        .ok_or_else(|| {
                            format!("--time-limit takes seconds (up to 3600), not {v:?}")
                        })
                })
                .map(|d| o.limit = d),
            Long("out") => parser
                .value()
                .map(|v| o.out = PathBuf::from(v))
                .map_err(|e| e.to_string()),
            Long(name) => {
                let name = name.to_owned();
                match o.gen.option(&name, &mut parser) {
                    Some(result) => result,
                    None => Err(format!("invalid option '--{name}'")),
                }
            }
            Value(v) => {
                let name = v.to_str().and_then(Format::from_command);
                match name {
                    Some(f) if !format_given && o.program.is_empty() => {
                        o.format = f;
                        format_given = true;
                    }
                    _ => {
                        // The program, and every argument after it is the program's.
                        o.program.push(v);
                        o.program.extend(
                            parser
                                .raw_args()
                                .map_err(|e| super::usage_error(&e.to_string()))?,
                        );
                    }
                }
                Ok(())
            }
            other => Err(other.unexpected().to_string()),
        };
        if let Err(e) = result {
            return Err(super::usage_error(&e));
        }
    }
    if o.program.is_empty() {
        return Err(super::usage_error(
            "stress needs the program to test: loopy stress [FORMAT] [OPTIONS] SOLUTION [ARGS...]",
        ));
    }
    if o.runs == 0 {
        return Err(super::usage_error("--runs must be at least 1"));
    }
    if let Err(e) = o.gen.check(gen_format(o.format)) {
        return Err(super::usage_error(&e));
    }
    Ok(o)
}

/// Runs the program on `input`: its output, or how it failed to give one.
fn run(
    program: &[OsString],
    input: &[u8],
    limit: Duration,
) -> Result<Result<Vec<u8>, Failure>, String> {
    let mut child = Command::new(&program[0])
        .args(&program[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", program[0].to_string_lossy()))?;
    let mut stdin = child.stdin.take();
    let input = input.to_vec();
    // The input is written and the output read on threads of their own, so that a
    // program that writes before it reads all, or never reads, cannot block the run.
    let writer = std::thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(&input);
        }
    });
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(stdout) = stdout.as_mut() {
            let _ = stdout.read_to_end(&mut out);
        }
        out
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(1)),
            Err(e) => return Err(format!("cannot wait for the program: {e}")),
        }
    };
    let _ = writer.join();
    let output = reader.join().unwrap_or_default();
    Ok(match status {
        None => Err(Failure::Timeout),
        Some(status) if status.success() => Ok(output),
        Some(status) => Err(Failure::Crashed(match status.code() {
            Some(code) => format!("exited with status {code}"),
            None => format!("was stopped ({status})"),
        })),
    })
}

/// One test: the program run on `input` and its output checked.
fn test(o: &Stress, input: &[u8]) -> Result<Option<Failure>, String> {
    let output = match run(&o.program, input, o.limit)? {
        Ok(output) => output,
        Err(failure) => return Ok(Some(failure)),
    };
    let layout = layout(o);
    let report = check_with_layout(
        o.format.check_format(),
        input,
        &output,
        Options::FIRST,
        layout,
    );
    Ok(match report.verdict {
        Verdict::Ok => None,
        // The judge's own input is valid: a bad input here is a bug of loopy's.
        Verdict::BadInput => {
            return Err(format!(
                "the generated input was refused: {}",
                report.message
            ))
        }
        _ => Some(Failure::Checked(Box::new(report))),
    })
}

fn layout(o: &Stress) -> Layout {
    if o.gen.options.single {
        Layout::Single
    } else {
        Layout::Counted
    }
}

pub fn stress(args: Vec<OsString>) -> ExitCode {
    let o = match options(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let mut failed = None;
    for seed in o.seed..o.seed.saturating_add(o.runs) {
        let mut options = o.gen.options.clone();
        options.seed = seed;
        let mut input = Vec::new();
        if let Err(e) = generate(gen_format(o.format), &options, &mut input) {
            return super::fail(&e.to_string());
        }
        match test(&o, &input) {
            Err(e) => return super::fail(&e),
            Ok(None) => {}
            Ok(Some(failure)) => {
                failed = Some((seed, input, failure));
                break;
            }
        }
    }
    let Some((seed, input, failure)) = failed else {
        return say(&format!(
            "ok: {} passed (seeds {} to {})\n",
            plural(o.runs, "run", "runs"),
            o.seed,
            o.seed + o.runs - 1
        ));
    };
    let mut text = format!("seed {seed}: {}\n", failure.words(o.limit));
    let (small, small_failure, tries) = match shrink(&o, &input, &failure) {
        Ok(shrunk) => shrunk,
        Err(e) => return super::fail(&e),
    };
    let _ = writeln!(
        text,
        "shrunk in {} to {}: written to {}",
        plural(tries as u64, "run", "runs"),
        small.describe(),
        o.out.display()
    );
    let small_text = small.text();
    if let Err(e) = std::fs::write(&o.out, &small_text) {
        return super::fail(&format!("cannot write {}: {e}", o.out.display()));
    }
    let _ = writeln!(text, "verdict: {}", small_failure.words(o.limit));
    let _ = write!(text, "input:\n{small_text}");
    if let Some(expected) = answer(o.format, small_text.as_bytes(), layout(&o)) {
        let _ = write!(text, "expected (loopy {}):\n{expected}", o.format.command());
    }
    if let Ok(Ok(found)) = run(&o.program, small_text.as_bytes(), o.limit) {
        let _ = write!(
            text,
            "found ({}):\n{}",
            o.program[0].to_string_lossy(),
            String::from_utf8_lossy(&found)
        );
    }
    let code = say(&text);
    if code == ExitCode::SUCCESS {
        ExitCode::from(1)
    } else {
        code
    }
}

/// The judge's answer to a small input.
fn answer(format: Format, input: &[u8], layout: Layout) -> Option<String> {
    use loopy::judge;
    match format {
        Format::Ring => {
            let mut out = Vec::new();
            for game in judge::games_in(input, layout) {
                judge::write_game(game.ok()?, false, &mut out).ok()?;
            }
            String::from_utf8(out).ok()
        }
        Format::Goal => judge::graph::answer_goal(input).ok(),
        Format::Dag => judge::graph::answer_dag(input).ok(),
        Format::Tree => judge::tree::answer_tree(input).ok(),
    }
}

/// The smallest input the shrinker finds that fails as `failure` did, with its failure
/// and the number of runs it took.
fn shrink(o: &Stress, input: &[u8], failure: &Failure) -> Result<(Case, Failure, u32), String> {
    let single = o.gen.options.single;
    let Some(mut case) = Case::parse(o.format, input, single) else {
        return Err("the generated input cannot be read again (a bug of loopy's)".into());
    };
    let mut current = failure.clone();
    let mut runs = 0;
    'outer: while runs < SHRINK_RUNS {
        for smaller in case.smaller() {
            if runs >= SHRINK_RUNS {
                break 'outer;
            }
            runs += 1;
            if let Some(f) = test(o, smaller.text().as_bytes())? {
                if f.same_kind(failure) {
                    case = smaller;
                    current = f;
                    continue 'outer;
                }
            }
        }
        break;
    }
    Ok((case, current, runs))
}

fn say(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::output_failed(e),
    }
}
