//! The ring judge: `loopy [ring] [--depth] [--single] [INPUT]`.
//!
//! The whole input is checked before anything is printed. While it is checked, each game
//! is also solved and its answer kept: in memory up to [`IN_MEMORY`] bytes, then in an
//! unlinked temporary file, which is copied to standard output once the whole input is
//! known to be valid. So the input is read, parsed and solved once (reading it twice was
//! half the time of 10^5 small games), and memory follows the largest game, not the
//! input. Only if no temporary file can be made is the input read again
//! ([`Input::twice`]), a game at a time.

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, Seek, SeekFrom, Write};
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use loopy::judge::{self, games_in, Layout};

use super::alloc::GAME;
use super::input::{spool_file, Input};

/// The most answer bytes kept in memory while the input is checked; the rest goes to a
/// temporary file.
const IN_MEMORY: usize = 1 << 20;

/// The answers written while the input is checked.
struct Kept {
    memory: Vec<u8>,
    /// The answers past [`IN_MEMORY`], once there are some.
    file: Option<BufWriter<std::fs::File>>,
}

impl Write for Kept {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.file.is_none() && self.memory.len() + buf.len() <= IN_MEMORY {
            self.memory.extend_from_slice(buf);
            return Ok(buf.len());
        }
        if self.file.is_none() {
            self.file = Some(BufWriter::with_capacity(1 << 16, spool_file()?));
        }
        match &mut self.file {
            Some(file) => file.write(buf),
            None => unreachable!("made above"),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(file) => file.flush(),
            None => Ok(()),
        }
    }
}

impl Kept {
    /// Writes what was kept to standard output.
    fn copy_out(self) -> io::Result<()> {
        let mut stdout = io::stdout().lock();
        stdout.write_all(&self.memory)?;
        if let Some(file) = self.file {
            let mut file = file.into_inner().map_err(|e| e.into_error())?;
            file.seek(SeekFrom::Start(0))?;
            io::copy(&mut file, &mut stdout)?;
        }
        stdout.flush()
    }
}

/// Why a run stopped.
enum Failure {
    Input(String),
    Output(io::Error),
}

/// The options of `loopy [ring]`.
struct Options {
    depth: bool,
    layout: Layout,
    input: Input,
}

fn options(args: Vec<OsString>) -> Result<Options, ExitCode> {
    use lexopt::prelude::*;
    let mut options = Options {
        depth: false,
        layout: Layout::Counted,
        input: Input::Stdin,
    };
    let mut file = false;
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        match parser.next() {
            Ok(None) => return Ok(options),
            Ok(Some(Long("depth"))) => options.depth = true,
            Ok(Some(Long("single"))) => options.layout = Layout::Single,
            Ok(Some(Short('h') | Long("help"))) => return Err(super::print_usage()),
            Ok(Some(Short('V') | Long("version"))) => return Err(super::print_version()),
            Ok(Some(Value(path))) if !file => {
                file = true;
                options.input = Input::from_arg(path);
            }
            Ok(Some(arg)) => return Err(super::usage_error(&arg.unexpected().to_string())),
            Err(e) => return Err(super::usage_error(&e.to_string())),
        }
    }
}

pub fn ring(args: Vec<OsString>) -> ExitCode {
    let Options {
        depth,
        layout,
        input,
    } = match options(args) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let input_error = |e: judge::JudgeError| Failure::Input(e.to_string());
    // The answers while they fit, written out if the whole input turns out valid.
    let mut first = |reader: &mut dyn BufRead| -> Result<bool, Failure> {
        // `None` once the answers cannot be kept (no temporary file): then the input is
        // only checked, and read again to be answered.
        let mut kept = Some(Kept {
            memory: Vec::new(),
            file: None,
        });
        for (k, game) in games_in(reader, layout).enumerate() {
            GAME.store(k as u64 + 1, Ordering::Relaxed);
            let game = game.map_err(input_error)?;
            if let Some(out) = &mut kept {
                if judge::write_game(game, depth, out).is_err() {
                    kept = None;
                }
            }
        }
        match kept {
            Some(kept) => kept.copy_out().map(|()| false).map_err(Failure::Output),
            None => Ok(true),
        }
    };
    let mut second = |reader: &mut dyn BufRead| -> Result<(), Failure> {
        let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
        for (k, game) in games_in(reader, layout).enumerate() {
            GAME.store(k as u64 + 1, Ordering::Relaxed);
            // Only if the input changed between the two readings.
            let game = game.map_err(input_error)?;
            judge::write_game(game, depth, &mut out).map_err(Failure::Output)?;
        }
        out.flush().map_err(Failure::Output)
    };
    // An input that fails in its first game may be one game without T.
    let mut again = |reader: &mut dyn BufRead, failure: Failure| -> Failure {
        match failure {
            Failure::Input(message)
                if layout == Layout::Counted
                    && (message.starts_with("game 1,") || message.starts_with("line 1:"))
                    && judge::reads_as_single(reader) =>
            {
                Failure::Input(format!(
                    "{message} (the input reads as one game without T: \
                     loopy --single reads it so)"
                ))
            }
            other => other,
        }
    };
    let read_error = |message: String| Failure::Input(message);
    match input.twice(&mut first, &mut second, &mut again, &read_error) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => super::fail(&message),
        Err(Failure::Output(e)) => super::output_failed(e),
    }
}
