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

/// One token: its number, its line, and what to echo of it.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub(crate) number: Number,
    pub(crate) line: usize,
    /// No token before it on its line.
    pub(crate) first_on_line: bool,
    head: Vec<u8>,
    len: usize,
}

impl Token {
    fn start(line: usize, first_on_line: bool) -> Token {
        Token {
            number: Number::Value(0),
            line,
            first_on_line,
            head: Vec::new(),
            len: 0,
        }
    }

    fn extend(&mut self, bytes: &[u8]) {
        let room = SHOWN.saturating_sub(self.head.len());
        self.head.extend_from_slice(&bytes[..room.min(bytes.len())]);
        self.len += bytes.len();
        for &b in bytes {
            self.number = match self.number {
                _ if !b.is_ascii_digit() => Number::Garbage,
                Number::Value(v) => v
                    .checked_mul(10)
                    .and_then(|v| v.checked_add((b - b'0') as u64))
                    .map_or(Number::Overflow, Number::Value),
                other => other,
            };
            if self.number == Number::Garbage {
                break;
            }
        }
    }

    /// The token for an error message, escaped as Rust escapes a string (so control
    /// characters show) and cut to at most [`SHOWN`] characters of that, then `…` and
    /// its length when something was left out. Quote it as it is: `"{}"`.
    pub(crate) fn show(&self) -> String {
        let mut shown = String::new();
        let mut count = 0;
        let mut whole = self.len == self.head.len();
        for c in String::from_utf8_lossy(&self.head).chars() {
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
            format!("{shown}… ({} bytes)", self.len)
        }
    }
}

/// The tokens of a byte stream, with one token of look-ahead.
pub(crate) struct Tokens<R> {
    input: R,
    /// The line the reader is on.
    line: usize,
    /// The line of the last token read from the stream (0 before the first).
    last_line: usize,
    peeked: Option<Token>,
}

impl<R: BufRead> Tokens<R> {
    pub(crate) fn new(input: R) -> Tokens<R> {
        Tokens {
            input,
            line: 1,
            last_line: 0,
            peeked: None,
        }
    }

    /// The line of the last token handed out or peeked at, at least 1: where an
    /// input that ends too early ends.
    pub(crate) fn last_line(&self) -> usize {
        self.last_line.max(1)
    }

    pub(crate) fn peek(&mut self) -> io::Result<Option<&Token>> {
        if self.peeked.is_none() {
            self.peeked = self.read()?;
        }
        Ok(self.peeked.as_ref())
    }

    pub(crate) fn next(&mut self) -> io::Result<Option<Token>> {
        match self.peeked.take() {
            Some(token) => Ok(Some(token)),
            None => self.read(),
        }
    }

    /// Skips white space, then reads one token, a buffer at a time.
    fn read(&mut self) -> io::Result<Option<Token>> {
        loop {
            let buf = fill(&mut self.input)?;
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
        let mut token = Token::start(self.line, self.line != self.last_line);
        self.last_line = self.line;
        loop {
            let buf = fill(&mut self.input)?;
            if buf.is_empty() {
                break;
            }
            let end = buf.iter().position(|&b| is_space(b));
            let len = end.unwrap_or(buf.len());
            token.extend(&buf[..len]);
            self.input.consume(len);
            if end.is_some() {
                break;
            }
        }
        Ok(Some(token))
    }
}

/// `fill_buf`, retried when a signal interrupts it.
fn fill<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            // Re-borrow: the loop's borrow ends with the error arm.
            Ok(_) => return input.fill_buf(),
            Err(e) => return Err(e),
        }
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
