//! White-space separated tokens read from a stream, for every judge format.
//!
//! The input may be far larger than memory (the CLI reads standard input), and a single
//! token may be a hundred megabytes of digits, so nothing here keeps more than one
//! token's number and its first [`SHOWN`] bytes for error messages (shown escaped, in
//! at most [`SHOWN`] characters). Each token knows
//! its line (1-based), for errors that say where.

use std::io::{self, BufRead};

/// How many bytes of a token are kept, and how many characters of it (escaped) an
/// error message echoes.
pub(crate) const SHOWN: usize = 80;

/// The spec's "any white space": C's `isspace` in the default locale, so the vertical
/// tab and the form feed too (`u8::is_ascii_whitespace` leaves out the vertical tab).
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// What a token reads as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Number {
    /// A whole number `>= 0` that fits in 64 bits.
    Value(u64),
    /// All digits, but more than 64 bits.
    Overflow,
    /// Not all digits.
    Garbage,
}

impl Number {
    /// The number after one more byte of its token.
    #[inline]
    fn push(self, b: u8) -> Number {
        let d = b.wrapping_sub(b'0');
        match self {
            _ if d > 9 => Number::Garbage,
            Number::Value(v) => v
                .checked_mul(10)
                .and_then(|v| v.checked_add(d as u64))
                .map_or(Number::Overflow, Number::Value),
            other => other,
        }
    }
}

/// One token: its number, its line, and what to echo of it.
///
/// Why the text is kept only for a token that is not a number: a number's text is its
/// leading zeros and its digits, so it can be written out again from the value and the
/// length when an error needs it. Keeping every token's text (a heap buffer each) was a
/// third of the time of reading 10^5 small games.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub(crate) number: Number,
    pub(crate) line: usize,
    /// No token before it on its line.
    pub(crate) first_on_line: bool,
    /// `-` followed by digits only: a negative number (the graph formats say so).
    pub(crate) negative: bool,
    /// The first [`SHOWN`] bytes, for a token that is not a [`Number::Value`].
    head: Vec<u8>,
    len: usize,
}

impl Token {
    /// The token for an error message, escaped as Rust escapes a string (so control
    /// characters show) and cut to at most [`SHOWN`] characters of that, then `…` and
    /// its length when something was left out. Quote it as it is: `"{}"`.
    pub(crate) fn show(&self) -> String {
        match self.number {
            Number::Value(v) => {
                let digits = v.to_string();
                let zeros = self.len.saturating_sub(digits.len());
                let mut text = "0".repeat(zeros.min(SHOWN + 1));
                text.push_str(&digits);
                show_bytes(text.as_bytes(), self.len)
            }
            _ => show_bytes(&self.head, self.len),
        }
    }
}

/// `head`, the first bytes of a token of `len` bytes, for an error message: escaped, at
/// most [`SHOWN`] characters, then `… (len bytes)` when something was left out.
pub(crate) fn show_bytes(head: &[u8], len: usize) -> String {
    let mut shown = String::new();
    let mut count = 0;
    let mut whole = len <= head.len();
    for c in String::from_utf8_lossy(&head[..head.len().min(len)]).chars() {
        let escaped = c.escape_debug();
        let width = escaped.len();
        if count + width > SHOWN {
            whole = false;
            break;
        }
        shown.extend(escaped);
        count += width;
    }
    if whole {
        shown
    } else {
        format!("{shown}… ({len} bytes)")
    }
}

/// A whole number read by the fast path ([`Tokens::next_value`]): what a [`Token`]
/// that is a [`Number::Value`] says, without its text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quick {
    pub(crate) value: u64,
    pub(crate) line: usize,
    pub(crate) first_on_line: bool,
}

/// A token being read across buffers: its number so far, whether it is still `-` and
/// digits, and its length (its first bytes are the reader's `scratch`).
struct Partial {
    number: Number,
    negative: bool,
    len: usize,
}

/// The reader's own buffer over the input: read a large chunk at a time, and scanned
/// in place.
///
/// Why its own rather than the `BufRead`'s: the CLI hands the readers a `dyn BufRead`,
/// and a `fill_buf` and a `consume` behind a virtual call for every token were a tenth of
/// the time of 10^6 tiny games. With its own buffer, a token is a loop over bytes, and a
/// number cut by the buffer's end is moved to its start and read on (so the fast path
/// sees every number whole).
struct Chunks<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
}

/// The buffer's size.
const CHUNK: usize = 1 << 16;

impl<R: io::Read> Chunks<R> {
    fn new(inner: R) -> Chunks<R> {
        Chunks {
            inner,
            buf: vec![0; CHUNK].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
        }
    }

    /// The bytes not yet consumed, read on if there are none (empty at the end).
    #[inline]
    fn fill(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.end && !self.eof {
            self.pos = 0;
            self.end = 0;
            self.read_more()?;
        }
        Ok(&self.buf[self.pos..self.end])
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.pos += n;
    }

    /// Moves what is left to the buffer's start and reads on behind it; false if
    /// nothing more came (the end of the input, or a full buffer).
    fn grow(&mut self) -> io::Result<bool> {
        if self.eof || self.pos == 0 && self.end == self.buf.len() {
            return Ok(false);
        }
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        let before = self.end;
        self.read_more()?;
        Ok(self.end > before)
    }

    /// Reads into the free space at the buffer's end, retrying an interrupted read.
    fn read_more(&mut self) -> io::Result<()> {
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }
}

/// The tokens of a byte stream, with one token of look-ahead.
pub(crate) struct Tokens<R> {
    input: Chunks<R>,
    /// The line the reader is on.
    line: usize,
    /// The line of the last token read from the stream (0 before the first).
    last_line: usize,
    peeked: Option<Token>,
    /// The first bytes of the token being read, reused from token to token.
    scratch: Vec<u8>,
}

impl<R: BufRead> Tokens<R> {
    pub(crate) fn new(input: R) -> Tokens<R> {
        Tokens {
            input: Chunks::new(input),
            line: 1,
            last_line: 0,
            peeked: None,
            scratch: Vec::with_capacity(SHOWN),
        }
    }

    /// The line of the last token handed out or peeked at, at least 1: where an
    /// input that ends too early ends.
    pub(crate) fn last_line(&self) -> usize {
        self.last_line.max(1)
    }

    pub(crate) fn next(&mut self) -> io::Result<Option<Token>> {
        match self.peeked.take() {
            Some(token) => Ok(Some(token)),
            None => self.read(),
        }
    }

    /// The line the next token starts on, or `None` at the end of the input: white
    /// space is skipped, and the token is not read (so that the fast path still reads it).
    pub(crate) fn next_line(&mut self) -> io::Result<Option<usize>> {
        if let Some(t) = &self.peeked {
            return Ok(Some(t.line));
        }
        loop {
            let buf = self.input.fill()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let mut i = 0;
            let mut lines = 0;
            while i < buf.len() && is_space(buf[i]) {
                lines += (buf[i] == b'\n') as usize;
                i += 1;
            }
            let found = i < buf.len();
            self.line += lines;
            self.input.consume(i);
            if found {
                return Ok(Some(self.line));
            }
        }
    }

    /// The next token's value if it is a whole number that lies whole in the buffer
    /// (nearly every token of a valid input), with its line; else `None`, and nothing is
    /// consumed but white space. The fast path of the readers: no [`Token`] is built.
    #[inline]
    pub(crate) fn next_value(&mut self) -> io::Result<Option<Quick>> {
        if self.peeked.is_some() {
            return Ok(None);
        }
        loop {
            let buf = self.input.fill()?;
            let mut i = 0;
            let mut lines = 0;
            while i < buf.len() && is_space(buf[i]) {
                lines += (buf[i] == b'\n') as usize;
                i += 1;
            }
            if i == buf.len() {
                if buf.is_empty() {
                    return Ok(None);
                }
                self.line += lines;
                self.input.consume(i);
                continue;
            }
            let mut v: u64 = 0;
            let mut j = i;
            while j < buf.len() && j - i < 19 {
                let d = buf[j].wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                v = v * 10 + d as u64;
                j += 1;
            }
            // A number of at most 19 digits, ended by white space in this buffer.
            let whole = j > i && j < buf.len() && is_space(buf[j]);
            let cut = j == buf.len() && j - i < 19;
            self.line += lines;
            if !whole {
                self.input.consume(i);
                // Cut by the buffer's end: read on behind it, and look again.
                if cut && self.input.grow()? {
                    continue;
                }
                return Ok(None);
            }
            self.input.consume(j);
            let first_on_line = self.line != self.last_line;
            self.last_line = self.line;
            return Ok(Some(Quick {
                value: v,
                line: self.line,
                first_on_line,
            }));
        }
    }

    /// Skips white space, then reads one token, a buffer at a time.
    fn read(&mut self) -> io::Result<Option<Token>> {
        loop {
            let buf = self.input.fill()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let mut skip = 0;
            while skip < buf.len() && is_space(buf[skip]) {
                self.line += (buf[skip] == b'\n') as usize;
                skip += 1;
            }
            let found = skip < buf.len();
            self.input.consume(skip);
            if found {
                break;
            }
        }
        let first_on_line = self.line != self.last_line;
        self.last_line = self.line;
        self.scratch.clear();
        let mut token = Partial {
            number: Number::Value(0),
            negative: false,
            len: 0,
        };
        loop {
            let buf = self.input.fill()?;
            if buf.is_empty() {
                break;
            }
            let end = buf.iter().position(|&b| is_space(b));
            let len = end.unwrap_or(buf.len());
            let piece = &buf[..len];
            let room = SHOWN.saturating_sub(self.scratch.len());
            self.scratch
                .extend_from_slice(&piece[..room.min(piece.len())]);
            for (k, &b) in piece.iter().enumerate() {
                token.number = token.number.push(b);
                if token.len + k == 0 {
                    token.negative = b == b'-';
                } else if !b.is_ascii_digit() {
                    token.negative = false;
                }
                if token.number == Number::Garbage && !token.negative {
                    // Garbage stays garbage: the rest only counts bytes.
                    break;
                }
            }
            token.len += len;
            self.input.consume(len);
            if end.is_some() {
                break;
            }
        }
        // "-" alone is no number at all, negative or not.
        let negative = token.negative && token.len > 1;
        let head = match token.number {
            Number::Value(_) => Vec::new(),
            _ => self.scratch.clone(),
        };
        Ok(Some(Token {
            number: token.number,
            line: self.last_line,
            first_on_line,
            negative,
            head,
            len: token.len,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<(Number, usize, bool, String)> {
        let mut tokens = Tokens::new(input);
        let mut out = Vec::new();
        while let Some(t) = tokens.next().unwrap() {
            out.push((t.number, t.line, t.first_on_line, t.show()));
        }
        out
    }

    #[test]
    fn every_ascii_white_space_separates_tokens_and_newlines_count_lines() {
        let got = all(b" 1\t2\x0b3\x0c4\r\n5\n\n x7 ");
        let want = [
            (Number::Value(1), 1, true, "1"),
            (Number::Value(2), 1, false, "2"),
            (Number::Value(3), 1, false, "3"),
            (Number::Value(4), 1, false, "4"),
            (Number::Value(5), 2, true, "5"),
            (Number::Garbage, 4, true, "x7"),
        ];
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            assert_eq!((g.0, g.1, g.2, g.3.as_str()), w);
        }
    }

    #[test]
    fn numbers_past_64_bits_overflow() {
        let got = all(b"18446744073709551615 18446744073709551616 007");
        assert_eq!(got[0].0, Number::Value(u64::MAX));
        assert_eq!(got[1].0, Number::Overflow);
        assert_eq!(got[2].0, Number::Value(7));
    }

    #[test]
    fn a_huge_token_is_echoed_in_80_characters() {
        let mut input = vec![b'9'; 1_000_000];
        input.extend_from_slice(b"x 5");
        let got = all(&input);
        assert_eq!(got[0].0, Number::Garbage);
        assert_eq!(got[0].3, format!("{}… (1000001 bytes)", "9".repeat(80)));
        assert_eq!(got[1].0, Number::Value(5));
    }

    #[test]
    fn control_characters_are_escaped_within_the_80() {
        let got = all(&[0x7f; 100]);
        assert_eq!(got[0].3, format!("{}… (100 bytes)", "\\u{7f}".repeat(13)));
        assert_eq!(all(b"a\"b\x01")[0].3, "a\\\"b\\u{1}");
        assert_eq!(all("é€".as_bytes())[0].3, "é€");
    }

    /// A reader that hands out one byte per `fill_buf`: tokens cut at every boundary.
    struct Trickle<'a>(&'a [u8]);

    impl io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn tokens_cut_across_reads_are_whole() {
        let input = b"12 345\n\x0b6789 abc\n";
        let mut tokens = Tokens::new(io::BufReader::with_capacity(1, Trickle(input)));
        let mut got = Vec::new();
        while let Some(t) = tokens.next().unwrap() {
            got.push((t.show(), t.line));
        }
        let want: Vec<(String, usize)> = all(input).into_iter().map(|t| (t.3, t.1)).collect();
        assert_eq!(got, want);
        assert_eq!(got.len(), 4);
    }
}
