//! Where a command reads its input: a file named on the command line, or standard input
//! (`-`, or no file at all), as a contestant has it either way.
//!
//! The ring judge reads its input twice, a game at a time ([`Input::twice`]): once to
//! check all of it (nothing is printed unless every game is valid), then to solve and
//! print each game. A file is read again from its start; a pipe is copied to an unlinked
//! temporary file on the way (or, if none can be made, kept in memory). So memory follows
//! the largest game, not the input.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};

/// A command's input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Input {
    #[default]
    Stdin,
    File(OsString),
}

impl Input {
    /// `-` is standard input, anything else a file.
    pub fn from_arg(arg: OsString) -> Input {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::File(arg)
        }
    }

    /// The input as an error message names it.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "standard input".into(),
            Input::File(path) => path.to_string_lossy().into_owned(),
        }
    }

    /// A reader of the input.
    pub fn open(&self) -> Result<Box<dyn Read>, String> {
        match self {
            Input::Stdin => Ok(Box::new(io::stdin())),
            Input::File(path) => File::open(path)
                .map(|f| Box::new(f) as Box<dyn Read>)
                .map_err(|e| format!("cannot open {}: {e}", self.name())),
        }
    }

    /// The whole input (the graph formats are one graph, read whole).
    pub fn read_all(&self) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        self.open()?
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {}: {e}", self.name()))?;
        Ok(bytes)
    }

    /// Runs `first` over the input, then, if it asks for it (`Ok(true)`), `second` over
    /// the same bytes from the start. If `first` fails, `again` reads the whole input
    /// from its start (the rest of a pipe is read too), to add a hint to the error.
    pub fn twice<E>(
        &self,
        first: &mut dyn FnMut(&mut dyn BufRead) -> Result<bool, E>,
        second: &mut dyn FnMut(&mut dyn BufRead) -> Result<(), E>,
        again: &mut dyn FnMut(&mut dyn BufRead, E) -> E,
        read_error: &dyn Fn(String) -> E,
    ) -> Result<(), E> {
        let rewind = |file: &File, start: u64| {
            let mut f = file;
            f.seek(SeekFrom::Start(start))
                .map(|_| ())
                .map_err(|e| read_error(format!("cannot read {} again: {e}", self.name())))
        };
        let file = match self {
            Input::File(path) => Some((
                File::open(path)
                    .map_err(|e| read_error(format!("cannot open {}: {e}", self.name())))?,
                0,
            )),
            Input::Stdin => seekable_stdin(),
        };
        if let Some((file, start)) = file {
            let result = first(&mut BufReader::with_capacity(1 << 16, &file));
            rewind(&file, start)?;
            return match result {
                Ok(false) => Ok(()),
                Ok(true) => second(&mut BufReader::with_capacity(1 << 16, &file)),
                Err(e) => Err(again(&mut BufReader::with_capacity(1 << 16, &file), e)),
            };
        }
        let stdin = io::stdin().lock();
        let spool = spool_file();
        let mut memory = Vec::new();
        let mut spooled = spool
            .as_ref()
            .ok()
            .map(|file| io::BufWriter::with_capacity(1 << 16, file));
        let copy: &mut dyn Write = match &mut spooled {
            Some(writer) => writer,
            None => &mut memory,
        };
        let mut tee = BufReader::with_capacity(1 << 16, Tee { inner: stdin, copy });
        let result = first(&mut tee);
        if result.is_err() {
            // The rest of the input, for `again`.
            io::copy(&mut tee, &mut io::sink()).map_err(|e| read_error(e.to_string()))?;
        }
        let Tee { copy, .. } = tee.into_inner();
        copy.flush().map_err(|e| read_error(e.to_string()))?;
        drop(spooled);
        match &spool {
            Ok(file) => {
                rewind(file, 0)?;
                match result {
                    Ok(false) => Ok(()),
                    Ok(true) => second(&mut BufReader::with_capacity(1 << 16, file)),
                    Err(e) => Err(again(&mut BufReader::with_capacity(1 << 16, file), e)),
                }
            }
            Err(_) => match result {
                Ok(false) => Ok(()),
                Ok(true) => second(&mut &memory[..]),
                Err(e) => Err(again(&mut &memory[..], e)),
            },
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

/// A temporary file (for a copy of the input, or the ring judge's answer while the input
/// is checked), already unlinked on Unix so that nothing is left behind whatever happens.
pub fn spool_file() -> io::Result<File> {
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

impl<R: Read, W: Write> Read for Tee<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.copy.write_all(&buf[..n]).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot keep a copy of the input: {e}"))
        })?;
        Ok(n)
    }
}
