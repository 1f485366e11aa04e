//! A line dropped from the output, or one too many, named as such where it is.
//!
//! Compared line by line, an output that lost a line in its middle differs on every line
//! after it, and the first difference blames the next line's words on the lost one
//! ("expected Loop, found Win"). So a line with a difference is not decided at once: the
//! checker reads up to [`WINDOW`] lines in all from it, sums each up (its words in 16
//! bytes, `summary.rs`), and compares them with the answer's lines at other places:
//!
//! 1. the lines after it match the answer's in place: the difference is the line's own;
//! 2. else, the output's lines from it on are the answer's from `k` lines later (`k` = 1,
//!    then 2): the `k` lines are missing, named where they should have started;
//! 3. else, the output's lines `k` later are the answer's from it on: the `k` lines are
//!    extra, named at their own lines;
//!
//! (the order 1, then missing 1, extra 1, missing 2, extra 2), every compared line
//! matching, at least one compared; and if none of these fits, the difference is the
//! line's own. After a missing or extra line, the output goes on matched with the answer
//! at its new place, so `--all` lists what differs after it, not every line shifted.
//! `docs/formats.md` says the same for the contestant.

use std::io::BufRead;

use super::report::{Counts, DiffKind, Difference};
use super::summary::Summary;
use super::State;
use crate::judge::tokens::show_bytes;

/// How many output lines, the line with the difference first, are read before it is
/// decided. Eight: a line of one word of three values (format `goal`) matches a wrong
/// place by chance one time in 3^8 at most; a ring line, never.
pub(super) const WINDOW: usize = 8;

/// The bytes of an output line's first word that a record keeps for its message.
const FIRST: usize = 24;

/// One output line read: where it is, what it was matched with, and its differences.
pub(super) struct Record {
    /// The output's line number (1-based).
    pub(super) out_line: u64,
    /// The answer line it was matched with (0-based; `None`: past the answer's end).
    pub(super) answer: Option<u64>,
    /// The line's words summed up, if they were (a line with a difference, or after one).
    pub(super) summary: Option<Summary>,
    /// The differences to list.
    pub(super) diffs: Vec<Difference>,
    /// Those found but not listed (past the limit), counted by kind.
    unlisted: Counts,
    unlisted_total: u64,
    /// Every difference found on the line.
    pub(super) total: u64,
    /// The first word's head and length.
    first: [u8; FIRST],
    first_len: usize,
}

impl Record {
    pub(super) fn new(out_line: u64, answer: Option<u64>) -> Record {
        Record {
            out_line,
            answer,
            summary: None,
            diffs: Vec::new(),
            unlisted: Counts::default(),
            unlisted_total: 0,
            total: 0,
            first: [0; FIRST],
            first_len: 0,
        }
    }

    pub(super) fn add(&mut self, d: Difference, listed: bool) {
        self.total += 1;
        if listed {
            self.diffs.push(d);
        } else {
            self.unlisted.add(d.kind);
            self.unlisted_total += 1;
        }
    }

    pub(super) fn keep_first(&mut self, head: &[u8], len: usize) {
        let n = head.len().min(FIRST);
        self.first[..n].copy_from_slice(&head[..n]);
        self.first_len = len;
    }

    /// The line's first word, for a message.
    fn first_word(&self) -> String {
        show_bytes(&self.first[..self.first_len.min(FIRST)], self.first_len)
    }
}

/// What a line with a difference turns out to be.
enum Shift {
    /// Its own difference.
    None,
    /// `k` lines of the answer are missing before it.
    Missing(u64),
    /// It and the `k - 1` lines after it are extra.
    Extra(u64),
}

impl<R: BufRead> State<R> {
    /// An output line is read: decided at once if nothing before it waits, else kept
    /// until enough lines follow it.
    pub(super) fn end_record(&mut self, record: Record) {
        if record.total == 0 && self.window.is_empty() {
            self.release();
            return;
        }
        self.window.push_back(record);
        self.settle(false);
    }

    /// Decides the lines that wait, as far as the lines read allow (`at_end`: the
    /// output has ended, so all of them).
    pub(super) fn settle(&mut self, at_end: bool) {
        while let Some(front) = self.window.front() {
            if !self.counting() {
                self.window.clear();
                break;
            }
            if front.total == 0 {
                self.window.pop_front();
                continue;
            }
            if !at_end && self.window.len() < WINDOW {
                break;
            }
            match self.decide() {
                Shift::None => {
                    let record = self.window.pop_front();
                    if let Some(record) = record {
                        self.flush(record);
                    }
                }
                Shift::Missing(k) => self.missing(k),
                Shift::Extra(k) => self.extra(k),
            }
        }
        self.release();
    }

    /// Lets the answer's lines go that no line waiting needs.
    fn release(&mut self) {
        let keep = self
            .window
            .front()
            .and_then(|r| r.answer)
            .unwrap_or(self.next)
            .min(self.next);
        if let Ok(source) = self.source.as_mut() {
            source.release(keep);
        }
    }

    /// The summary of answer line `index`, `None` past the last.
    fn answer_summary(&mut self, index: u64) -> Option<Summary> {
        let line = self.answer_line(index)?;
        Some(self.source.as_ref().ok()?.summary(&line))
    }

    /// Which of the cases of the module's doc the front line is.
    fn decide(&mut self) -> Shift {
        let Some(a0) = self.window.front().and_then(|r| r.answer) else {
            return Shift::None;
        };
        let out: Vec<Option<Summary>> = self.window.iter().map(|r| r.summary).collect();
        let len = out.len() as u64;
        let mut answer: Vec<Option<Summary>> = Vec::new();
        for t in 0..len + 2 {
            answer.push(self.answer_summary(a0 + t));
        }
        let same = |o: Option<Summary>, a: Option<Summary>| match (o, a) {
            (Some(o), Some(a)) => o.matches(&a),
            _ => false,
        };
        let in_place = len >= 2 && (1..len).all(|t| same(out[t as usize], answer[t as usize]));
        if in_place {
            return Shift::None;
        }
        for k in 1..=2u64 {
            if (0..len).all(|t| same(out[t as usize], answer[(t + k) as usize])) {
                return Shift::Missing(k);
            }
            if len > k && (0..len - k).all(|t| same(out[(t + k) as usize], answer[t as usize])) {
                return Shift::Extra(k);
            }
        }
        Shift::None
    }

    /// The front line's differences are its own.
    fn flush(&mut self, record: Record) {
        for d in record.diffs {
            self.emit_counted(d, true);
            if !self.counting() {
                return;
            }
        }
        self.counts.merge(&record.unlisted);
        self.total += record.unlisted_total;
    }

    /// `k` lines of the answer are missing before the front line; the lines waiting are
    /// the answer's from `k` lines later, and the output goes on from there.
    fn missing(&mut self, k: u64) {
        let Some(front) = self.window.front() else {
            return;
        };
        let (a0, out_line) = (front.answer.unwrap_or(self.next), front.out_line);
        let len = self.window.len() as u64;
        self.window.clear();
        for t in 0..k {
            let Some(line) = self.answer_line(a0 + t) else {
                break;
            };
            let mut d = self.at(DiffKind::MissingLine, &line, out_line);
            d.expected = Some(self.source().word(&line, 0)).filter(|w| !w.is_empty());
            d.middle = true;
            self.emit(d);
            if !self.counting() {
                return;
            }
        }
        self.next = a0 + len + k;
    }

    /// The front line and the `k - 1` after it are extra; the lines after them are the
    /// answer's from the front line's place on.
    fn extra(&mut self, k: u64) {
        let Some(a0) = self.window.front().and_then(|r| r.answer) else {
            return;
        };
        let len = self.window.len() as u64;
        let extra: Vec<Record> = self.window.drain(..).take(k as usize).collect();
        for record in extra {
            let mut d = Difference::new(DiffKind::ExtraLine, record.out_line);
            d.found = Some(record.first_word());
            d.middle = true;
            self.emit(d);
            if !self.counting() {
                return;
            }
        }
        self.next = a0 + len - k;
    }
}
