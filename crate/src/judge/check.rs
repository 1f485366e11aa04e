//! `loopy check`: a testlib-style checker of a contestant's output against the right
//! answer, for every judge format (ring, `goal`, `dag`, tree).
//!
//! The contestant wants to know where the output is wrong and why the right value is
//! right, not only that two files differ. So the checker names the first difference as
//! the format does (`game G, player P, position I`; `query Q, vertex V`; `instance K`
//! and the vertex of its set; the tree's vertex), with the expected and the found word,
//! and for a wrong value the core's explanation of the right one ([`crate::explain`]).
//! A line dropped from the output or added to it is named as such, where it is, rather
//! than blamed on the lines after it (`align.rs`). With `all`, it goes on to the end and
//! counts every difference by kind.
//!
//! It streams: the output is *pushed* in chunks of any size ([`Checker::push`]), so the
//! CLI reads a 200 MB output a buffer at a time and the page's worker a file a slice at
//! a time, and ring games are read from the input and solved as the output reaches them.
//! Memory follows a few games (and, with `all`, the differences kept).
//!
//! How the output is read, and why, is in `docs/formats.md` ("Checking an answer"):
//! words separated by any white space but the line feed, lines ended by line feeds,
//! blank lines skipped, each line of the answer matched with the next line of the
//! output that holds a word. The verdicts and exit codes are testlib's: 0 ok, 1 wrong
//! answer, 2 presentation error, 3 bad input (the judges' own code for a bad input is 2).

mod align;
mod expect;
mod lexer;
mod report;
mod set;
mod summary;
mod verdict;
/// The words of the core's explanation facts, as the verdict line and `loopy explain`
/// give them.
pub mod why;

use std::collections::VecDeque;
use std::io::BufRead;

use crate::judge::Layout;
use crate::solve::Outcome;
use align::Record;
use expect::{Line, Source};
use lexer::{Lexer, Sink, Word};
use report::Values;
pub use report::{CheckReport, Counts, DiffKind, Difference, Verdict, Why};
use summary::SummaryBuilder;

use super::tokens::show_bytes;

/// Which judge format the input and the output are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckFormat {
    /// The ring judge format (`loopy`).
    Ring,
    /// Format `goal` (`loopy graph`).
    Goal,
    /// Format `dag` (`loopy dag`).
    Dag,
    /// The tree format (`loopy tree`).
    Tree,
}

impl CheckFormat {
    /// The format's name in the JS API: `ring`, `goal`, `dag` or `tree`.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckFormat::Ring => "ring",
            CheckFormat::Goal => "goal",
            CheckFormat::Dag => "dag",
            CheckFormat::Tree => "tree",
        }
    }

    /// The format named `name`.
    pub fn from_name(name: &str) -> Option<CheckFormat> {
        [
            CheckFormat::Ring,
            CheckFormat::Goal,
            CheckFormat::Dag,
            CheckFormat::Tree,
        ]
        .into_iter()
        .find(|f| f.as_str() == name)
    }
}

/// How much the checker reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Go on past the first difference, counting every one by kind.
    pub all: bool,
    /// How many differences to keep in the report's list (the first is always the
    /// report's `first`, explained, even with a limit of 0).
    pub limit: usize,
    /// Explain every difference kept, not only the first (the first always has its why).
    pub explain_all: bool,
}

impl Options {
    /// The first difference only, explained.
    pub const FIRST: Options = Options {
        all: false,
        limit: 1,
        explain_all: false,
    };

    /// Every difference counted, the first `limit` kept and explained.
    pub fn all(limit: usize) -> Options {
        Options {
            all: true,
            limit,
            explain_all: true,
        }
    }
}

/// The output line being read.
struct Open {
    /// The answer line it is matched with (`None`: past the answer's last line).
    line: Option<Line>,
    /// Words read so far.
    at: u64,
    /// The rest of the line is not compared (after an extra word or a word that is not a
    /// value of a set line).
    stop: bool,
    /// The line's words summed up, once it has a difference or follows one.
    summary: Option<SummaryBuilder>,
    /// A set line's vertices as read (see `set.rs`).
    set: Vec<u64>,
    /// What the line found: its differences.
    record: Record,
}

/// The checker's state: feed it the output with [`push`](Checker::push), then
/// [`finish`](Checker::finish).
pub struct Checker<R> {
    format: CheckFormat,
    lexer: Lexer,
    state: State<R>,
}

/// Everything but the lexer (which hands it the words).
struct State<R> {
    options: Options,
    /// The answer, or why the input has none.
    source: Result<Source<R>, String>,
    open: Option<Open>,
    /// The answer line the next output line is matched with (0-based).
    next: u64,
    /// Output lines read whose differences wait for the lines after them (`align.rs`).
    window: VecDeque<Record>,
    kept: Vec<Difference>,
    first: Option<Difference>,
    counts: Counts,
    total: u64,
}

impl<R: BufRead> Checker<R> {
    /// A checker of answers to `input` in `format`. A ring input is read as the output
    /// needs it; a graph input is read whole here.
    pub fn new(format: CheckFormat, input: R, options: Options) -> Checker<R> {
        Checker::with_layout(format, input, options, Layout::Counted)
    }

    /// [`Checker::new`], with a ring input laid out as `layout` says (one game without
    /// `T`: [`Layout::Single`]).
    pub fn with_layout(
        format: CheckFormat,
        mut input: R,
        options: Options,
        layout: Layout,
    ) -> Checker<R> {
        let source = match format {
            CheckFormat::Ring => Ok(Source::ring(input, layout)),
            _ => {
                let mut bytes = Vec::new();
                match input.read_to_end(&mut bytes) {
                    Err(e) => Err(format!("line 1: cannot read the input: {e}")),
                    Ok(_) if format == CheckFormat::Goal => Source::goal(&bytes),
                    Ok(_) if format == CheckFormat::Dag => Source::dag(&bytes),
                    Ok(_) => Source::tree(&bytes),
                }
            }
        };
        Checker {
            format,
            lexer: Lexer::default(),
            state: State {
                options,
                source,
                open: None,
                next: 0,
                window: VecDeque::new(),
                kept: Vec::new(),
                first: None,
                counts: Counts::default(),
                total: 0,
            },
        }
    }

    /// Reads the next chunk of the output (a chunk may end anywhere, even in a word).
    pub fn push(&mut self, chunk: &[u8]) {
        if self.wants_more() {
            self.lexer.push(chunk, &mut self.state);
        }
    }

    /// Whether more output can change the report: not after the first difference
    /// (without `all`) or a bad input. The CLI stops reading the output then.
    pub fn wants_more(&self) -> bool {
        self.state.counting()
    }

    /// The differences kept since the last call, in order (the first stays in the
    /// report's `first`). The CLI prints them as it goes, so that `--all` over a huge
    /// output keeps none.
    pub fn drain(&mut self) -> Vec<Difference> {
        std::mem::take(&mut self.state.kept)
    }

    /// The format checked.
    pub fn format(&self) -> CheckFormat {
        self.format
    }

    /// The end of the output: the differences still waiting are decided, the answer's
    /// lines not yet matched are missing, and the rest of the input is read to see that
    /// it is valid.
    pub fn finish(mut self) -> CheckReport {
        let line = self.lexer.finish(&mut self.state);
        self.state.finish(line)
    }
}

impl<R: BufRead> State<R> {
    /// Whether a difference found now would be counted at all.
    fn counting(&self) -> bool {
        self.source.is_ok() && (self.options.all || self.first.is_none())
    }

    /// Whether a difference found now should be explained: it may be the verdict's (no
    /// difference before it, decided or waiting), or it will be kept and all kept are.
    fn explains(&self, record: &Record) -> bool {
        let before = self.total + self.window.iter().map(|r| r.total).sum::<u64>() + record.total;
        before == 0 || self.options.explain_all && (before as usize) < self.options.limit
    }

    /// Whether a difference found now could still be listed.
    fn lists(&self, record: &Record) -> bool {
        let before = self.total + self.window.iter().map(|r| r.total).sum::<u64>() + record.total;
        before == 0 || (before as usize) < self.options.limit
    }

    fn source(&self) -> &Source<R> {
        self.source
            .as_ref()
            .unwrap_or_else(|_| unreachable!("words are read only from a valid input"))
    }

    /// Answer line `index`, made if need be (`None` past the last, or on a bad input,
    /// which is then the report).
    fn answer_line(&mut self, index: u64) -> Option<Line> {
        let source = self.source.as_mut().ok()?;
        match source.line(index) {
            Ok(line) => line,
            Err(e) => {
                self.source = Err(e);
                None
            }
        }
    }

    /// A difference at `line`'s place in the answer.
    fn at(&self, kind: DiffKind, line: &Line, out_line: u64) -> Difference {
        let mut d = Difference::new(kind, out_line);
        match *line {
            Line::Ring { game, player, .. } => {
                d.game = Some(game);
                d.player = Some(player);
                d.values = Some(Values::Ring);
            }
            Line::Goal { query, vertex, .. } => {
                d.query = Some(query);
                d.vertex = Some(vertex as u64);
                d.values = Some(Values::Goal);
            }
            Line::DagWin {
                instance,
                hero_first,
                ..
            } => {
                d.instance = Some(instance);
                d.hero_first = Some(hero_first);
                d.values = Some(Values::DagWin);
            }
            Line::DagSet { instance } => {
                d.instance = Some(instance);
                d.values = Some(Values::DagSet);
            }
            Line::TreeSet => d.values = Some(Values::TreeSet),
        }
        d
    }

    /// Adds `d` to the open line's record; `why` is asked only if `d` may be explained.
    fn add(&mut self, mut d: Difference, why: impl FnOnce(&mut Self) -> Option<Why>) {
        let Some(mut open) = self.open.take() else {
            return;
        };
        if self.explains(&open.record) {
            d.why = why(self);
        }
        let listed = self.lists(&open.record);
        open.record.add(d, listed);
        self.open = Some(open);
    }

    /// Starts summing up the open line's words, from its first `matched` words (they
    /// matched the answer's).
    fn summarize(&mut self, matched: u64) {
        let Some(open) = &self.open else { return };
        if open.summary.is_some() {
            return;
        }
        let mut s = SummaryBuilder::default();
        if let Some(line) = &open.line {
            for k in 0..matched {
                s.word(self.source().word(line, k).as_bytes());
            }
        }
        if let Some(open) = &mut self.open {
            open.summary = Some(s);
        }
    }

    /// A value word of `line` at 0-based `at`.
    fn value_word(&mut self, line: Line, at: u64, w: &Word<'_>) {
        let found = w.text().and_then(|t| match line {
            Line::Ring { .. } => match t {
                b"Win" => Some(Outcome::Win),
                b"Lose" => Some(Outcome::Lose),
                b"Loop" => Some(Outcome::Loop),
                _ => None,
            },
            Line::Goal { .. } => match t {
                b"1" => Some(Outcome::Win),
                b"-1" => Some(Outcome::Lose),
                b"0" => Some(Outcome::Loop),
                _ => None,
            },
            _ => match t {
                b"1" => Some(Outcome::Win),
                b"0" => Some(Outcome::Lose),
                _ => None,
            },
        });
        if found == Some(self.source().value(&line, at)) {
            return;
        }
        let kind = match found {
            Some(_) => DiffKind::WrongValue,
            None => DiffKind::NotAValue,
        };
        let mut d = self.at(kind, &line, w.line);
        if let Line::Ring { .. } = line {
            d.position = Some(at + 1);
            d.state = self.source().ring_state(&line, at as u32 + 1);
        }
        d.expected = Some(self.source().word(&line, at));
        d.found = Some(show(w));
        self.add(d, |s| {
            if kind != DiffKind::WrongValue {
                return None;
            }
            s.source.as_mut().ok()?.why_value(&line, at)
        });
    }

    /// The end of the output: the differences still waiting are decided, what is left
    /// of the answer is missing, and the rest of the input is read.
    fn finish(mut self, out_line: u64) -> CheckReport {
        self.settle(true);
        let mut index = self.next;
        while self.counting() {
            let Some(line) = self.answer_line(index) else {
                break;
            };
            index += 1;
            // A line of no words (the tree's empty set) cannot be missing.
            if self.source().words(&line) == 0 {
                continue;
            }
            let mut d = self.at(DiffKind::MissingLine, &line, out_line);
            d.expected = Some(self.source().word(&line, 0)).filter(|w| !w.is_empty());
            self.emit(d);
            if let Ok(source) = self.source.as_mut() {
                source.release(index);
            }
        }
        let lines = index;
        if let Ok(source) = self.source.as_mut() {
            if let Err(e) = source.read_to_end() {
                self.source = Err(e);
            }
        }
        self.report(lines)
    }

    /// One difference decided: counted, listed if there is room, the first kept as the
    /// verdict's.
    fn emit(&mut self, d: Difference) {
        let listed = (self.total as usize) < self.options.limit;
        self.emit_counted(d, listed);
    }

    fn emit_counted(&mut self, d: Difference, listed: bool) {
        self.counts.add(d.kind);
        self.total += 1;
        if self.first.is_none() {
            self.first = Some(d.clone());
        }
        if listed && (self.kept.len() as u64) < self.options.limit as u64 {
            self.kept.push(d);
        }
        if !self.counting() {
            if let Ok(source) = self.source.as_mut() {
                source.solve = false;
            }
        }
    }

    fn report(self, lines: u64) -> CheckReport {
        let all = self.options.all;
        let source = match self.source {
            Err(e) => return CheckReport::bad_input(&e),
            Ok(source) => source,
        };
        let Some(first) = self.first else {
            let (count, one, many) = source.units(lines);
            return CheckReport::ok(format!(
                "ok {}, {}",
                verdict::plural(count, one, many),
                verdict::plural(lines, "line", "lines")
            ));
        };
        let verdict = first.kind.verdict();
        CheckReport {
            verdict,
            exit_code: verdict.exit_code(),
            message: verdict::message(&first, all, self.total, &self.counts),
            headline: verdict::message(&first, false, self.total, &self.counts),
            first: Some(first),
            differences: self.kept,
            counts: self.counts,
            total: self.total,
        }
    }
}

/// A word for a message: escaped, at most 80 characters (as the judges echo tokens).
fn show(w: &Word<'_>) -> String {
    show_bytes(w.head, w.len)
}

impl<R: BufRead> Sink for State<R> {
    fn word(&mut self, w: Word<'_>) {
        if !self.counting() {
            return;
        }
        if w.first {
            self.start_line(w.line);
            if self.open.is_none() {
                return;
            }
            self.first_word(&w);
        }
        let Some(open) = &mut self.open else { return };
        open.at += 1;
        if let Some(s) = &mut open.summary {
            s.output(w.head, w.len, w.number);
        }
        let (line, at, stop) = (open.line, open.at - 1, open.stop);
        let Some(line) = line else {
            if at == 0 {
                let mut d = Difference::new(DiffKind::ExtraLine, w.line);
                d.found = Some(show(&w));
                self.add(d, |_| None);
            }
            return;
        };
        if stop {
            return;
        }
        if line.is_set() {
            return self.set_word(line, &w);
        }
        if at >= self.source().words(&line) {
            let mut d = self.at(DiffKind::ExtraWord, &line, w.line);
            if let Line::Ring { .. } = line {
                d.position = Some(at + 1);
            }
            d.found = Some(show(&w));
            self.summarize_after_first(&w);
            self.add(d, |_| None);
            if let Some(open) = &mut self.open {
                open.stop = true;
            }
            return;
        }
        let before = self.open.as_ref().map_or(0, |o| o.record.total);
        self.value_word(line, at, &w);
        if self.open.as_ref().map_or(0, |o| o.record.total) > before {
            self.summarize_after_first(&w);
        }
    }

    fn end_of_line(&mut self, out_line: u64) {
        let Some(mut open) = self.open.take() else {
            return;
        };
        if !self.counting() {
            return;
        }
        match open.line {
            Some(line) if line.is_set() => {
                self.open = Some(open);
                self.end_set(line, out_line);
                open = self
                    .open
                    .take()
                    .unwrap_or_else(|| unreachable!("put back above"));
            }
            Some(line) if !open.stop && open.at < self.source().words(&line) => {
                let at = open.at;
                let mut d = self.at(DiffKind::MissingWord, &line, out_line);
                if let Line::Ring { .. } = line {
                    d.position = Some(at + 1);
                    d.state = self.source().ring_state(&line, at as u32 + 1);
                }
                d.expected = Some(self.source().word(&line, at));
                self.open = Some(open);
                self.summarize(at);
                self.add(d, |_| None);
                open = self
                    .open
                    .take()
                    .unwrap_or_else(|| unreachable!("put back above"));
            }
            _ => {}
        }
        open.record.summary = open.summary.map(SummaryBuilder::finish);
        self.end_record(open.record);
    }
}

impl<R: BufRead> State<R> {
    /// The first word of an output line: the line is matched with the next line of the
    /// answer.
    fn start_line(&mut self, out_line: u64) {
        let index = self.next;
        let line = self.answer_line(index);
        if self.source.is_err() {
            self.open = None;
            return;
        }
        self.next += line.is_some() as u64;
        // A set line is summed up from its start (it is compared whole at its end).
        let summary = (!self.window.is_empty() || line.is_some_and(|l| l.is_set()))
            .then(SummaryBuilder::default);
        self.open = Some(Open {
            line,
            at: 0,
            stop: false,
            summary,
            set: Vec::new(),
            record: Record::new(out_line, line.map(|_| index)),
        });
    }

    /// Keeps the head of an output line's first word, for an extra line's message.
    fn first_word(&mut self, w: &Word<'_>) {
        if let Some(open) = &mut self.open {
            open.record.keep_first(w.head, w.len);
        }
    }

    /// A difference was found at the word `w` of a line of values: its words are summed
    /// up from here on (those before it matched the answer's).
    fn summarize_after_first(&mut self, w: &Word<'_>) {
        let Some(open) = &self.open else { return };
        if open.summary.is_some() {
            return;
        }
        self.summarize(open.at - 1);
        if let Some(Open {
            summary: Some(s), ..
        }) = &mut self.open
        {
            s.output(w.head, w.len, w.number);
        }
    }
}

/// Checks `output` against the answer to `input` in one go.
///
/// ```
/// use loopy::judge::check::{check, CheckFormat, Options, Verdict};
/// let input = b"1\n5\n2 3 2\n3 1 2 3\n";
/// let ok = check(CheckFormat::Ring, input, b"Lose Win Win Loop\nLoop Win Win Win\n", Options::FIRST);
/// assert_eq!((ok.verdict, ok.exit_code), (Verdict::Ok, 0));
/// let wrong = check(CheckFormat::Ring, input, b"Lose Win Win Loop\nLoop Win Lose Win\n", Options::FIRST);
/// assert_eq!(wrong.exit_code, 1);
/// assert!(wrong.message.starts_with("wrong answer game 1, player 2, position 3 (line 2): expected Win, found Lose"));
/// ```
pub fn check(format: CheckFormat, input: &[u8], output: &[u8], options: Options) -> CheckReport {
    let mut checker = Checker::new(format, input, options);
    checker.push(output);
    checker.finish()
}

/// [`check`] with a ring input laid out as `layout` says.
pub fn check_with_layout(
    format: CheckFormat,
    input: &[u8],
    output: &[u8],
    options: Options,
    layout: Layout,
) -> CheckReport {
    let mut checker = Checker::with_layout(format, input, options, layout);
    checker.push(output);
    checker.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(format: CheckFormat, input: &str, output: &str) -> String {
        check(format, input.as_bytes(), output.as_bytes(), Options::FIRST).message
    }

    #[test]
    fn a_dropped_line_is_named_where_it_is_missing() {
        // Game 1 (n = 5) loses its player-2 line; game 2's lines follow at once.
        let input = "2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n";
        let output =
            "Lose Win Win Loop\nWin Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n";
        assert_eq!(
            message(CheckFormat::Ring, input, output),
            "presentation error game 1, player 2 (line 2): expected a line that starts Loop, \
             found the line after it"
        );
    }
}
