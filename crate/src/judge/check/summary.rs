//! A line's words in 16 bytes: how many there are and a hash of them, so that the checker
//! can compare a few lines of the output with a few lines of the answer at other places
//! (a line dropped or added, `align.rs`) without keeping any line's words.
//!
//! A word is keyed the same way on both sides: a whole number by its value (so `007` is
//! the answer's `7`, as the checker reads it), anything else by its bytes. A word longer
//! than the checker keeps (80 bytes) is keyed by what is kept and its length: it equals
//! no word of an answer anyway.

use crate::judge::tokens::Number;

/// The words of a line, summed up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Summary {
    words: u64,
    hash: u64,
    /// The line's words are not known (a game that was not solved): it matches nothing.
    unknown: bool,
}

impl Summary {
    /// Whether two lines hold the same words (as far as a 64-bit hash tells).
    pub(super) fn matches(&self, other: &Summary) -> bool {
        !self.unknown && !other.unknown && self.words == other.words && self.hash == other.hash
    }
}

/// Sums up a line a word at a time.
#[derive(Clone, Copy, Debug)]
pub(super) struct SummaryBuilder {
    words: u64,
    hash: u64,
    unknown: bool,
}

impl Default for SummaryBuilder {
    fn default() -> SummaryBuilder {
        SummaryBuilder {
            words: 0,
            hash: 0x9e37_79b9_7f4a_7c15,
            unknown: false,
        }
    }
}

/// One step of a 64-bit mix (the finaliser of SplitMix64).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl SummaryBuilder {
    fn key(&mut self, kind: u64, value: u64) {
        self.words += 1;
        self.hash = mix(self.hash ^ mix(value.wrapping_add(kind << 62)));
    }

    /// A whole number.
    pub(super) fn number(&mut self, v: u64) {
        self.key(1, v);
    }

    /// Any other word, by its bytes.
    pub(super) fn text(&mut self, bytes: &[u8]) {
        let mut h = bytes.len() as u64;
        for &b in bytes {
            h = mix(h ^ b as u64);
        }
        self.key(2, h);
    }

    /// A word of an answer: a number if it is all digits, else text (as the output's
    /// words are keyed).
    pub(super) fn word(&mut self, bytes: &[u8]) {
        if !bytes.is_empty() && bytes.len() <= 19 && bytes.iter().all(u8::is_ascii_digit) {
            self.number(bytes.iter().fold(0, |v, &d| v * 10 + (d - b'0') as u64));
        } else {
            self.text(bytes);
        }
    }

    /// A word of the output: its first bytes `head`, its length, and what it reads as.
    pub(super) fn output(&mut self, head: &[u8], len: usize, number: Number) {
        match number {
            Number::Value(v) => self.number(v),
            _ if len == head.len() => self.text(head),
            _ => {
                self.text(head);
                self.key(3, len as u64);
                self.words -= 1;
            }
        }
    }

    /// The line's words are not known.
    pub(super) fn unknown(&mut self) {
        self.unknown = true;
    }

    pub(super) fn finish(self) -> Summary {
        Summary {
            words: self.words,
            hash: self.hash,
            unknown: self.unknown,
        }
    }
}
