//! A set line (format `dag`'s optimal-play set, the tree format's winning starts): read
//! whole, then compared as a set.
//!
//! Why whole: compared word by word, a set written out of order (`1 4 2 5` for
//! `1 2 4 5`) was a missing 2 (a wrong answer) before it was an order fault, though every
//! vertex is right. So a vertex missing from the line or on it but not in the set is a
//! wrong answer (each named, smallest first, with why); a line with the right vertices in
//! another order, or one of them twice, is a presentation error.

use std::io::BufRead;

use super::expect::Line;
use super::lexer::Word;
use super::report::DiffKind;
use super::State;
use crate::judge::tokens::Number;

impl<R: BufRead> State<R> {
    /// A word of a set line: a vertex is kept for the end of the line; a word that is not
    /// a number is a difference, and the rest of the line is not compared.
    pub(super) fn set_word(&mut self, line: Line, w: &Word<'_>) {
        let cap = 2 * self.source().words(&line) as usize + 1024;
        match w.number {
            Number::Value(v) => {
                if let Some(open) = &mut self.open {
                    // A line far longer than the set repeats or adds vertices within its
                    // first words already: those are enough to say so.
                    if open.set.len() < cap {
                        open.set.push(v);
                    }
                }
            }
            _ => {
                let mut d = self.at(DiffKind::NotAValue, &line, w.line);
                d.found = Some(super::show(w));
                self.add(d, |_| None);
                if let Some(open) = &mut self.open {
                    open.stop = true;
                }
            }
        }
    }

    /// The end of a set line: its vertices against the set.
    pub(super) fn end_set(&mut self, line: Line, out_line: u64) {
        let Some(open) = &mut self.open else { return };
        if open.stop {
            return;
        }
        let found = std::mem::take(&mut open.set);
        let expected: Vec<u64> = self.source().set(&line).iter().map(|&v| v as u64).collect();
        let mut sorted = found.clone();
        sorted.sort_unstable();
        let twice = sorted.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]);
        sorted.dedup();
        // A merge of the two ascending lists: each vertex in one only is a difference.
        let (mut i, mut j) = (0, 0);
        let mut wrong = false;
        while i < expected.len() || j < sorted.len() {
            let (e, f) = (expected.get(i).copied(), sorted.get(j).copied());
            let (kind, v) = match (e, f) {
                (Some(e), Some(f)) if e == f => {
                    i += 1;
                    j += 1;
                    continue;
                }
                (Some(e), Some(f)) if e < f => {
                    i += 1;
                    (DiffKind::MissingVertex, e)
                }
                (Some(e), None) => {
                    i += 1;
                    (DiffKind::MissingVertex, e)
                }
                (_, Some(f)) => {
                    j += 1;
                    (DiffKind::ExtraVertex, f)
                }
                (None, None) => break,
            };
            wrong = true;
            let mut d = self.at(kind, &line, out_line);
            d.vertex = Some(v);
            if kind == DiffKind::MissingVertex {
                d.expected = Some(v.to_string());
            } else {
                d.found = Some(v.to_string());
            }
            let instance = d.instance.unwrap_or(0);
            self.add(d, |s| s.source().why_vertex(&line, v, true, instance));
        }
        if wrong || sorted.len() == found.len() && sorted == found {
            return;
        }
        // The right vertices, out of order or one of them twice.
        let mut d = self.at(DiffKind::OutOfOrder, &line, out_line);
        match twice {
            Some(v) => {
                d.found = Some(v.to_string());
                d.twice = true;
            }
            None => {
                if let Some(k) = (1..found.len()).find(|&k| found[k] < found[k - 1]) {
                    d.found = Some(found[k].to_string());
                    d.after = Some(found[k - 1]);
                }
            }
        }
        self.add(d, |_| None);
    }
}
