//! The contestant's output as words and line ends, pushed in byte chunks of any size.
//!
//! Why push rather than pull: the page's worker hands the checker a file slice by slice,
//! and the CLI reads a 200 MB output in chunks; neither may hold the whole output. A
//! chunk may end anywhere, even inside a word, so a word cut in two is kept here (its
//! first [`SHOWN`] bytes, its length and its value as a number) until its end arrives.
//! A word that lies whole inside a chunk is handed on as a slice of it, never copied.
//!
//! How the output is read (`docs/formats.md`, "Checking an answer"): words are separated
//! by spaces, tabs, carriage returns, vertical tabs and form feeds; only a line feed ends
//! a line. So `\r\n` line ends, runs of spaces and trailing spaces are all fine, and a
//! line that holds no word at all is no line (blank lines are skipped).

use crate::judge::tokens::{is_space, Number, SHOWN};

/// One word of the output.
#[derive(Clone, Copy, Debug)]
pub(super) struct Word<'a> {
    /// Its first [`SHOWN`] bytes (all of it if it is no longer).
    pub(super) head: &'a [u8],
    /// Its length in bytes.
    pub(super) len: usize,
    /// Its line (1-based).
    pub(super) line: u64,
    /// Whether it is the first word of its line.
    pub(super) first: bool,
    /// The word as a whole number (`Garbage` if it is not one).
    pub(super) number: Number,
}

impl Word<'_> {
    /// The whole word, if it is no longer than [`SHOWN`] bytes.
    pub(super) fn text(&self) -> Option<&[u8]> {
        (self.len == self.head.len()).then_some(self.head)
    }
}

/// What the lexer hands on.
pub(super) trait Sink {
    fn word(&mut self, word: Word<'_>);
    /// The end of a line that held at least one word.
    fn end_of_line(&mut self, line: u64);
}

/// The lexer's state between chunks.
#[derive(Default)]
pub(super) struct Lexer {
    /// The line the next byte is on, less one (0-based, so that `Default` starts it).
    lines_before: u64,
    /// Whether the current line has had a word.
    words_on_line: bool,
    /// A word cut by the end of a chunk: its head, length and number so far.
    partial: Option<(Vec<u8>, usize, Number)>,
}

/// `number` after the digits (or not) of `bytes`.
fn read_number(mut number: Number, bytes: &[u8]) -> Number {
    for &b in bytes {
        number = match number {
            _ if !b.is_ascii_digit() => return Number::Garbage,
            Number::Value(v) => v
                .checked_mul(10)
                .and_then(|v| v.checked_add((b - b'0') as u64))
                .map_or(Number::Overflow, Number::Value),
            other => other,
        };
    }
    number
}

impl Lexer {
    /// The line the output has reached: the last line if the output ends with a line
    /// feed, where a missing line would have been.
    pub(super) fn line(&self) -> u64 {
        self.lines_before + 1
    }

    fn emit(&mut self, sink: &mut impl Sink, head: &[u8], len: usize, number: Number) {
        let first = !self.words_on_line;
        self.words_on_line = true;
        sink.word(Word {
            head: &head[..head.len().min(SHOWN)],
            len,
            line: self.line(),
            first,
            number,
        });
    }

    fn space(&mut self, sink: &mut impl Sink, b: u8) {
        if b == b'\n' {
            if self.words_on_line {
                sink.end_of_line(self.line());
                self.words_on_line = false;
            }
            self.lines_before += 1;
        }
    }

    /// Reads `chunk`, handing every word and line end it completes to `sink`.
    pub(super) fn push(&mut self, chunk: &[u8], sink: &mut impl Sink) {
        let mut at = 0;
        // First the end of a word cut by the previous chunk.
        if let Some((mut head, mut len, mut number)) = self.partial.take() {
            let end = chunk
                .iter()
                .position(|&b| is_space(b))
                .unwrap_or(chunk.len());
            let piece = &chunk[..end];
            head.extend_from_slice(&piece[..piece.len().min(SHOWN.saturating_sub(head.len()))]);
            number = read_number(number, piece);
            len += end;
            if end == chunk.len() {
                self.partial = Some((head, len, number));
                return;
            }
            self.emit(sink, &head, len, number);
            at = end;
        }
        while at < chunk.len() {
            let b = chunk[at];
            if is_space(b) {
                self.space(sink, b);
                at += 1;
                continue;
            }
            let start = at;
            while at < chunk.len() && !is_space(chunk[at]) {
                at += 1;
            }
            let word = &chunk[start..at];
            let number = read_number(Number::Value(0), word);
            if at == chunk.len() {
                self.partial = Some((word[..word.len().min(SHOWN)].to_vec(), word.len(), number));
                return;
            }
            self.emit(sink, word, word.len(), number);
        }
    }

    /// The end of the output: a word cut by it is whole, and its line ends. Returns
    /// the line a missing line would have been on: the one after the last line with a
    /// word, whether or not a line feed ends that line.
    pub(super) fn finish(&mut self, sink: &mut impl Sink) -> u64 {
        if let Some((head, len, number)) = self.partial.take() {
            self.emit(sink, &head, len, number);
        }
        if self.words_on_line {
            sink.end_of_line(self.line());
            self.words_on_line = false;
            self.lines_before += 1;
        }
        self.line()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Record(Vec<String>);

    impl Sink for Record {
        fn word(&mut self, w: Word<'_>) {
            let text = String::from_utf8_lossy(w.head);
            let first = if w.first { "^" } else { "" };
            self.0
                .push(format!("{first}{text}/{}@{}:{:?}", w.len, w.line, w.number));
        }
        fn end_of_line(&mut self, line: u64) {
            self.0.push(format!("eol@{line}"));
        }
    }

    fn lex(chunks: &[&[u8]]) -> Vec<String> {
        let mut lexer = Lexer::default();
        let mut sink = Record::default();
        for c in chunks {
            lexer.push(c, &mut sink);
        }
        lexer.finish(&mut sink);
        sink.0
    }

    #[test]
    fn words_lines_and_blank_lines() {
        let got = lex(&[b"Win  Lose\r\n\n \t\nLoop 12\x0b7"]);
        assert_eq!(
            got,
            [
                "^Win/3@1:Garbage",
                "Lose/4@1:Garbage",
                "eol@1",
                "^Loop/4@4:Garbage",
                "12/2@4:Value(12)",
                "7/1@4:Value(7)",
                "eol@4"
            ]
        );
    }

    #[test]
    fn every_split_of_the_output_reads_the_same() {
        let text: &[u8] = b"Win Lose\n-1 0\n\n 123 x9\r\n";
        let whole = lex(&[text]);
        for cut in 0..=text.len() {
            for cut2 in cut..=text.len() {
                let got = lex(&[&text[..cut], &text[cut..cut2], &text[cut2..]]);
                assert_eq!(got, whole, "cut at {cut} and {cut2}");
            }
        }
        let bytes: Vec<&[u8]> = text.chunks(1).collect();
        assert_eq!(lex(&bytes), whole);
    }

    #[test]
    fn a_long_word_keeps_its_head_and_length() {
        let long = [b'7'; 200];
        let got = lex(&[&long[..150], &long[150..], b" x"]);
        assert!(got[0].starts_with(&format!("^{}/200@1:Overflow", "7".repeat(80))));
    }
}
