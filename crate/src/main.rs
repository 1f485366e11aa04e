//! `loopy`: the judges on the command line. Reads a judge format on stdin and prints
//! the judge's exact answer; on bad input prints one line to stderr and exits 2.
//! `loopy` reads ring games, `loopy graph` format `goal`, `loopy dag` format `dag`.
//!
//! The input is read twice, a game at a time: once to check all of it (nothing is
//! printed unless every game is valid), then to solve and print each game. Standard
//! input that is a file is read again from its start; a pipe is copied to an unlinked
//! temporary file on the way (or, if none can be made, kept in memory). So memory
//! follows the largest game, not the input. (A graph format is one graph and its
//! queries, read whole: memory follows the graph.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use loopy::judge::check::CheckFormat;
use loopy::judge::graph::{self as graph_judge, Format};
use loopy::judge::{self, JudgeError};

#[path = "main/check.rs"]
mod check;
#[path = "main/gen.rs"]
mod gen;

/// The help text, with the limits of this build.
fn usage() -> String {
    format!(
        "\
loopy: solve ring games and games on graphs in the judge formats

usage: loopy [--depth] < input     ring games
       loopy graph < input         format goal: queries on a graph with a goal
       loopy dag < input           format dag: the escape game with optimal paths
       loopy check INPUT OUTPUT [--all]        check an answer to ring games
       loopy graph check INPUT OUTPUT [--all]  ... to format goal
       loopy dag check INPUT OUTPUT [--all]    ... to format dag
       loopy gen [ring|graph|dag] --seed S [--games T] [--n N] [--density D]
                 [--dag|--cycles] [--draws|--no-draws]

Reads T games from standard input (T; then per game: n; k1 and player 1's steps;
k2 and player 2's steps; any white space between tokens) and prints, per game, two
lines of n-1 words (Win, Lose or Loop): player 1 moving first from positions
1..n-1, then player 2 moving first.

options:
  --depth    after each game's two lines, print the two lines of depths
             (plies to the end under optimal play; '-' for Loop)
  -h, --help print this help

loopy graph reads n m q, m edges u v, then q queries s g, and prints per query
1 (the player to move from s wins), -1 (loses) or 0 (a draw), where moving onto
g wins. loopy dag reads instances n m f and m pairs x y (a move from the smaller
to the larger) until the end of the input, and prints per instance 1 or 0 (does
the hero win from vertex 1; f = 1: the hero moves first), then the vertices that
optimal play can visit, ascending. (docs/formats.md in the repository has the
details, and docs/rules.md the rules.)

The whole input is checked before anything is printed. Limits: n <= {max_n}
(about {mb} MB of memory), and games whose estimated work is above {work} billion
units are refused (dense step sets make the work grow as n * min(|s|, n/64)).

loopy check reads the answer OUTPUT (a file, or - for standard input) against
the right answer to INPUT, as a testlib checker does, and prints one verdict line:
'ok ...', 'wrong answer ...', 'presentation error ...' or 'bad input ...',
naming the first difference (game, player and position; query and vertex;
instance and vertex) with the expected and the found word and, for a wrong value,
why the right value is right. Words are separated by any white space but the line
feed, which ends a line; blank lines are skipped. --all lists every difference,
one line each, before the verdict line, which then counts them by kind. Exit
status: 0 ok, 1 wrong answer, 2 presentation error (a missing or extra word or
line, a word that is not a value), 3 bad INPUT, a bad argument or a file that
cannot be read (testlib's codes: the judges' own code for a bad input is 2).

loopy gen writes a random valid input to standard output; the same seed gives
the same bytes everywhere. --games: games (ring, default 5), queries (graph,
default 5) or instances (dag, default 3); --n: the largest n (each n is drawn
from 2, or 1 for dag, up to it; default 12 for ring, 10 for graphs); --density:
the chance of each step or edge (default 0.3); --dag: format goal with edges only
from a smaller vertex to a larger; --draws / --no-draws: only inputs whose answer
has a Loop (a draw) / has none.

exit status:
  0  the answer was printed (or the reader closed the pipe early)
  1  the answer could not be written (a full disk, say)
  2  bad input or arguments, unreadable input, or not enough memory; one line on
     stderr names the game, line and token, and nothing is printed",
        max_n = loopy::MAX_N,
        mb = (loopy::MAX_N as u64 * loopy::game::BYTES_PER_POSITION).div_ceil(1_000_000),
        work = loopy::MAX_WORK / 1_000_000_000,
    )
}

/// Exit statuses, as the usage text documents them.
const WRITE_FAILED: u8 = 1;
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    // A first argument that is not an option names a subcommand; without one, `loopy`
    // is the ring judge.
    let command = match args.first() {
        Some(first) if !first.to_string_lossy().starts_with('-') => Some(args.remove(0)),
        _ => None,
    };
    // `loopy check`, `loopy graph check`, `loopy dag check`: the answer checker.
    let checks = |args: &[OsString]| args.first().is_some_and(|a| a == "check");
    match command.as_ref().map(|c| c.to_string_lossy()) {
        None => ring(args),
        Some(c) if c == "check" => check::check(args, CheckFormat::Ring),
        Some(c) if c == "gen" => gen::gen(args),
        Some(c) if c == "graph" && checks(&args) => {
            check::check(args[1..].to_vec(), CheckFormat::Goal)
        }
        Some(c) if c == "dag" && checks(&args) => {
            check::check(args[1..].to_vec(), CheckFormat::Dag)
        }
        Some(c) if c == "graph" => graph(args, Format::Goal),
        Some(c) if c == "dag" => graph(args, Format::Dag),
        // (The other graph format, a plain edge list, is the page's, not a judge's.)
        Some(other) => usage_error(&format!("unknown command {other:?}")),
    }
}

/// The graph judges: `loopy graph` (format goal) and `loopy dag` (format dag).
fn graph(args: Vec<OsString>, format: Format) -> ExitCode {
    use lexopt::prelude::*;
    // No options but --help: the first argument decides.
    match lexopt::Parser::from_args(args).next() {
        Ok(None) => {}
        Ok(Some(Short('h') | Long("help"))) => return print_usage(),
        Ok(Some(arg)) => return usage_error(&arg.unexpected().to_string()),
        Err(e) => return usage_error(&e.to_string()),
    }
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        return fail(&format!("cannot read standard input: {e}"));
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = match format {
        Format::Dag => match graph_judge::parse_dag(&input) {
            Ok(instances) => graph_judge::write_dag(&instances, &mut out),
            Err(e) => return fail(&e.to_string()),
        },
        _ => match graph_judge::parse_goal(&input) {
            Ok(parsed) => graph_judge::write_goal(&parsed, &mut out),
            Err(e) => return fail(&e.to_string()),
        },
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}

/// The ring judge: `loopy [--depth]`.
fn ring(args: Vec<OsString>) -> ExitCode {
    use lexopt::prelude::*;
    let mut depth = false;
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        match parser.next() {
            Ok(None) => break,
            Ok(Some(Long("depth"))) => depth = true,
            Ok(Some(Short('h') | Long("help"))) => return print_usage(),
            Ok(Some(arg)) => return usage_error(&arg.unexpected().to_string()),
            Err(e) => return usage_error(&e.to_string()),
        }
    }
    match twice(&mut |input, answering| {
        if answering {
            answer(input, depth)
        } else {
            judge::check(input).map(|_| ()).map_err(Failure::Input)
        }
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(e)) => fail(&e.to_string()),
        Err(Failure::Output(e)) => output_failed(e),
    }
}

/// Why a run stopped.
enum Failure {
    Input(JudgeError),
    Output(io::Error),
}

/// Solves and prints each game of an input already checked.
fn answer(input: &mut dyn BufRead, depth: bool) -> Result<(), Failure> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    for (k, game) in judge::games(input).enumerate() {
        // Only if the input changed between the two readings.
        let game = game.map_err(Failure::Input)?;
        GAME.store(k as u64 + 1, Ordering::Relaxed);
        judge::write_game(game, depth, &mut out).map_err(Failure::Output)?;
    }
    out.flush().map_err(Failure::Output)
}

/// Runs `pass` over standard input twice: first with `false` (checking), then, if
/// that succeeded, with `true` (answering) over the same bytes.
fn twice(
    pass: &mut dyn FnMut(&mut dyn BufRead, bool) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let read_error = |e: io::Error| {
        Failure::Input(JudgeError {
            game: None,
            line: 1,
            kind: judge::ErrorKind::Read {
                message: e.to_string(),
            },
        })
    };
    if let Some((file, start)) = seekable_stdin() {
        pass(&mut BufReader::with_capacity(1 << 16, &file), false)?;
        (&file).seek(SeekFrom::Start(start)).map_err(read_error)?;
        return pass(&mut BufReader::with_capacity(1 << 16, &file), true);
    }
    let stdin = io::stdin().lock();
    match spool_file() {
        Ok(file) => {
            let mut copy = BufWriter::with_capacity(1 << 16, &file);
            let mut tee = BufReader::with_capacity(1 << 16, Tee::new(stdin, &mut copy));
            pass(&mut tee, false)?;
            drop(tee);
            copy.flush().map_err(read_error)?;
            drop(copy);
            (&file).seek(SeekFrom::Start(0)).map_err(read_error)?;
            pass(&mut BufReader::with_capacity(1 << 16, &file), true)
        }
        Err(_) => {
            let mut copy = Vec::new();
            pass(
                &mut BufReader::with_capacity(1 << 16, Tee::new(stdin, &mut copy)),
                false,
            )?;
            pass(&mut &copy[..], true)
        }
    }
}

/// Standard input as a file that can be read again, with where it started.
#[cfg(unix)]
fn seekable_stdin() -> Option<(File, u64)> {
    use std::os::fd::AsFd;
    let file = File::from(io::stdin().as_fd().try_clone_to_owned().ok()?);
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let start = (&file).stream_position().ok()?;
    Some((file, start))
}

#[cfg(not(unix))]
fn seekable_stdin() -> Option<(File, u64)> {
    None
}

/// A temporary file for a copy of the input, already unlinked on Unix so that nothing
/// is left behind whatever happens.
fn spool_file() -> io::Result<File> {
    let path = std::env::temp_dir().join(format!(
        "loopy-input-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    let file = File::options()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)?;
    if cfg!(unix) {
        std::fs::remove_file(&path)?;
    }
    Ok(file)
}

/// A reader that keeps a copy of everything read through it.
struct Tee<R, W> {
    inner: R,
    copy: W,
}

impl<R: Read, W: Write> Tee<R, W> {
    fn new(inner: R, copy: W) -> Tee<R, W> {
        Tee { inner, copy }
    }
}

impl<R: Read, W: Write> Read for Tee<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.copy.write_all(&buf[..n]).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot keep a copy of the input: {e}"))
        })?;
        Ok(n)
    }
}

fn print_usage() -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{}", usage()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}

fn usage_error(message: &str) -> ExitCode {
    fail(&format!("{message} (try --help)"))
}

/// One line on stderr, exit 2. A stderr that cannot be written to changes nothing:
/// the status still says what happened.
fn fail(message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "loopy: {message}");
    ExitCode::from(BAD_INPUT)
}

/// The answer could not be written. A closed pipe (`loopy < in | head`) is the
/// reader's choice, not an error: exit quietly.
fn output_failed(e: io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    let _ = writeln!(io::stderr(), "loopy: cannot write the answer: {e}");
    ExitCode::from(WRITE_FAILED)
}

/// The game being read or solved (1-based; 0 before the first), for the message of
/// an allocation that fails.
static GAME: AtomicU64 = AtomicU64::new(0);

/// The system allocator, except that running out of memory is one line on stderr and
/// exit status 2 (as documented) rather than Rust's abort, a SIGABRT.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct ExitWhenOutOfMemory;

// Not on wasm32, where the library brings its own allocator (the CLI is only ever
// compiled there by `cargo clippy --tests`, never run).
#[cfg_attr(not(target_arch = "wasm32"), global_allocator)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
static ALLOCATOR: ExitWhenOutOfMemory = ExitWhenOutOfMemory;

// SAFETY: every call goes to `System` with the caller's arguments unchanged; a null
// result, which `System` returns only when out of memory, never returns.
unsafe impl GlobalAlloc for ExitWhenOutOfMemory {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        non_null(System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        non_null(System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        non_null(System.realloc(ptr, layout, new_size), new_size)
    }
}

fn non_null(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

/// Says so and exits 2, without allocating: the message is put together on the stack
/// and written straight to file descriptor 2.
fn out_of_memory(size: usize) -> ! {
    let mut line = [0u8; 128];
    let mut at = 0;
    let mut put = |bytes: &[u8]| {
        let n = bytes.len().min(line.len() - at);
        line[at..at + n].copy_from_slice(&bytes[..n]);
        at += n;
    };
    put(b"loopy: ");
    let game = GAME.load(Ordering::Relaxed);
    if game > 0 {
        put(b"game ");
        put(decimal(game, &mut [0; 20]));
        put(b": ");
    }
    put(b"out of memory (an allocation of ");
    put(decimal(size as u64, &mut [0; 20]));
    put(b" bytes failed)\n");
    #[cfg(unix)]
    {
        use std::os::fd::FromRawFd;
        // SAFETY: fd 2 is open for the life of the process; `ManuallyDrop` keeps this
        // handle from closing it.
        let mut stderr = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(2) });
        let _ = stderr.write_all(&line[..at]);
    }
    std::process::exit(BAD_INPUT as i32)
}

/// `value` in decimal, in the end of `buf`.
fn decimal(mut value: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return &buf[at..];
        }
    }
}
