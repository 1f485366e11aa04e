//! `loopy check`: a testlib-style checker of a contestant's output against the right
//! answer, for the three judge formats (ring, `goal`, `dag`).
//!
//! The contestant wants to know where the output is wrong and why the right value is
//! right, not only that two files differ. So the checker names the first difference as
//! the format does (`game G, player P, position I`; `query Q, vertex V`; `instance K`
//! and the vertex of its set), with the expected and the found word, and for a wrong
//! value the core's explanation of the right one ([`crate::explain`]). With `all`, it
//! goes on to the end and counts every difference by kind.
//!
//! It streams: the output is *pushed* in chunks of any size ([`Checker::push`]), so the
//! CLI reads a 200 MB output a buffer at a time and the page's worker a file a slice at
//! a time, and ring games are read from the input and solved one at a time as the
//! output reaches them. Memory follows one game (and, with `all`, the differences kept).
//!
//! How the output is read, and why, is in `docs/formats.md` ("Checking an answer"):
//! words separated by any white space but the line feed, lines ended by line feeds,
//! blank lines skipped, each line of the answer matched with the next line of the
//! output that holds a word. The verdicts and exit codes are testlib's: 0 ok, 1 wrong
//! answer, 2 presentation error, 3 bad input (the judges' own code for a bad input is 2).

mod expect;
mod lexer;
mod report;
mod why;

use std::io::BufRead;

use crate::solve::Outcome;
use expect::{Line, Source};
use lexer::{Lexer, Sink, Word};
use report::{message, plural, Values};
pub use report::{CheckReport, Counts, DiffKind, Difference, Verdict, Why};

use super::tokens::Number;

/// Which judge format the input and the output are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckFormat {
    /// The ring judge format (`loopy`).
    Ring,
    /// Format `goal` (`loopy graph`).
    Goal,
    /// Format `dag` (`loopy dag`).
    Dag,
}

impl CheckFormat {
    /// The format's name in the JS API: `ring`, `goal` or `dag`.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckFormat::Ring => "ring",
            CheckFormat::Goal => "goal",
            CheckFormat::Dag => "dag",
        }
    }

    /// The format named `name`.
    pub fn from_name(name: &str) -> Option<CheckFormat> {
        [CheckFormat::Ring, CheckFormat::Goal, CheckFormat::Dag]
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

/// The output line being read, and what it is matched with.
enum Open {
    /// Between lines.
    None,
    /// A line of the answer: `at` words of it read so far; `stop`: the rest of the
    /// output's line is not compared (after an extra word, or a set out of order).
    Row {
        line: Line,
        at: u64,
        stop: bool,
        /// Format `dag`'s set: the next expected vertex's index, and the last vertex read.
        next: usize,
        last: Option<u64>,
    },
    /// A line past the end of the answer: its other words are not compared.
    Extra,
}

/// The checker's state: feed it the output with [`push`](Checker::push), then
/// [`finish`](Checker::finish).
pub struct Checker<R> {
    format: CheckFormat,
    options: Options,
    lexer: Lexer,
    state: State<R>,
}

/// Everything but the lexer (which hands it the words).
struct State<R> {
    options: Options,
    /// The answer, or why the input has none.
    source: Result<Source<R>, String>,
    open: Open,
    kept: Vec<Difference>,
    first: Option<Difference>,
    counts: Counts,
    total: u64,
    /// Lines of the answer matched so far.
    lines: u64,
}

impl<R: BufRead> Checker<R> {
    /// A checker of answers to `input` in `format`. A ring input is read as the output
    /// needs it; a graph input is read whole here.
    pub fn new(format: CheckFormat, mut input: R, options: Options) -> Checker<R> {
        let source = match format {
            CheckFormat::Ring => Ok(Source::ring(input)),
            _ => {
                let mut bytes = Vec::new();
                match input.read_to_end(&mut bytes) {
                    Err(e) => Err(format!("line 1: cannot read the input: {e}")),
                    Ok(_) if format == CheckFormat::Goal => Source::goal(&bytes),
                    Ok(_) => Source::dag(&bytes),
                }
            }
        };
        Checker {
            format,
            options,
            lexer: Lexer::default(),
            state: State {
                options,
                source,
                open: Open::None,
                kept: Vec::new(),
                first: None,
                counts: Counts::default(),
                total: 0,
                lines: 0,
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
        self.state.source.is_ok() && (self.options.all || self.state.first.is_none())
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

    /// The end of the output: the answer's lines not yet matched are missing, and the
    /// rest of the input is read to see that it is valid.
    pub fn finish(mut self) -> CheckReport {
        let line = self.lexer.finish(&mut self.state);
        self.state.finish(line)
    }
}

impl<R: BufRead> State<R> {
    /// Whether a difference found now could still be kept or be the first (then the
    /// line it is on is solved, to name the expected word).
    fn room(&self) -> bool {
        (self.total as usize) < self.options.limit.max(1)
    }

    /// Whether a difference found now would be counted at all.
    fn counting(&self) -> bool {
        self.source.is_ok() && (self.options.all || self.first.is_none())
    }

    /// Records `d`; `why` is asked only if `d` is kept and explained.
    fn record(&mut self, mut d: Difference, why: impl FnOnce(&mut Self) -> Option<Why>) {
        // The first is always explained (it is the verdict's); the others if kept.
        let keep = (self.total as usize) < self.options.limit;
        if self.first.is_none() || (keep && self.options.explain_all) {
            d.why = why(self);
        }
        self.counts.add(d.kind);
        self.total += 1;
        if self.first.is_none() {
            self.first = Some(d.clone());
        }
        if keep {
            self.kept.push(d);
        }
    }

    fn bad_input(&mut self, e: String) {
        self.source = Err(e);
    }

    /// The next line of the answer, solved if `solve` and a difference on it could
    /// still be counted.
    fn next_line(&mut self, solve: bool) -> Option<Option<Line>> {
        let solve = solve && self.counting();
        let source = self.source.as_mut().ok()?;
        match source.next_line(solve) {
            Ok(line) => Some(line),
            Err(e) => {
                self.bad_input(e);
                None
            }
        }
    }

    fn source(&self) -> &Source<R> {
        self.source
            .as_ref()
            .unwrap_or_else(|_| unreachable!("words are read only from a valid input"))
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
            Line::DagWin { instance, .. } => {
                d.instance = Some(instance);
                d.values = Some(Values::DagWin);
            }
            Line::DagSet { instance } => {
                d.instance = Some(instance);
                d.values = Some(Values::DagSet);
            }
        }
        d
    }

    /// The right word at 0-based `at` of `line`.
    fn expected_word(&self, line: &Line, at: u64) -> String {
        match *line {
            Line::Ring { player, .. } => self
                .source()
                .ring_outcome(player, at as u32 + 1)
                .as_str()
                .into(),
            Line::Goal { outcome, .. } => goal_word(outcome).into(),
            Line::DagWin { hero_wins, .. } => if hero_wins { "1" } else { "0" }.into(),
            Line::DagSet { .. } => self
                .source()
                .set()
                .get(at as usize)
                .map_or_else(String::new, u32::to_string),
        }
    }

    /// A value word of `line` at 0-based `at`.
    fn value_word(&mut self, line: Line, at: u64, w: &Word<'_>) {
        // The word's value, if it is one of the line's values.
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
        let expected = match line {
            Line::Ring { player, .. } => self.source().ring_outcome(player, at as u32 + 1),
            Line::Goal { outcome, .. } => outcome,
            Line::DagWin { hero_wins, .. } => {
                if hero_wins {
                    Outcome::Win
                } else {
                    Outcome::Lose
                }
            }
            Line::DagSet { .. } => unreachable!("a set is not a line of values"),
        };
        if found == Some(expected) {
            return;
        }
        let kind = match found {
            Some(_) => DiffKind::WrongValue,
            None => DiffKind::NotAValue,
        };
        let mut d = self.at(kind, &line, w.line);
        if let Line::Ring { player, .. } = line {
            d.position = Some(at + 1);
            d.state = self.source().ring_state(player, at as u32 + 1);
        }
        d.expected = Some(self.expected_word(&line, at));
        d.found = Some(show(w));
        self.record(d, |s| {
            if kind != DiffKind::WrongValue {
                return None;
            }
            let source = s.source.as_mut().ok()?;
            match line {
                Line::Ring { player, .. } => source.why_state(player, at as u32 + 1),
                Line::Goal { query, .. } => source.why_query(query),
                _ => source.why_vertex(1, false),
            }
        });
    }

    /// A word of format `dag`'s set line: a merge of the output's vertices with the set.
    fn set_word(&mut self, line: Line, w: &Word<'_>) {
        let Open::Row { next, last, .. } = self.open else {
            return;
        };
        let v = match w.number {
            Number::Value(v) => v,
            _ => {
                let mut d = self.at(DiffKind::NotAValue, &line, w.line);
                d.expected = self.source().set().get(next).map(u32::to_string);
                d.found = Some(show(w));
                self.record(d, |_| None);
                self.stop();
                return;
            }
        };
        if last.is_some_and(|l| v <= l) {
            let mut d = self.at(DiffKind::OutOfOrder, &line, w.line);
            d.expected = self.source().set().get(next).map(u32::to_string);
            d.found = Some(show(w));
            d.after = last;
            self.record(d, |_| None);
            self.stop();
            return;
        }
        let mut next = next;
        while let Some(&e) = self.source().set().get(next) {
            if e as u64 >= v || !self.counting() {
                break;
            }
            self.missing_vertex(line, e, Some(show(w)), w.line);
            next += 1;
        }
        match self.source().set().get(next) {
            Some(&e) if e as u64 == v => next += 1,
            _ if !self.counting() => {}
            expected => {
                let mut d = self.at(DiffKind::ExtraVertex, &line, w.line);
                d.vertex = Some(v);
                d.expected = expected.map(u32::to_string);
                d.found = Some(show(w));
                self.record(d, |s| s.source().why_vertex(v, true));
            }
        }
        if let Open::Row {
            next: n, last: l, ..
        } = &mut self.open
        {
            *n = next;
            *l = Some(v);
        }
    }

    fn missing_vertex(&mut self, line: Line, v: u32, found: Option<String>, out_line: u64) {
        let mut d = self.at(DiffKind::MissingVertex, &line, out_line);
        d.vertex = Some(v as u64);
        d.expected = Some(v.to_string());
        d.found = found;
        self.record(d, |s| s.source().why_vertex(v as u64, true));
    }

    fn stop(&mut self) {
        if let Open::Row { stop, .. } = &mut self.open {
            *stop = true;
        }
    }

    /// The end of the output: what is left of the answer is missing.
    fn finish(mut self, out_line: u64) -> CheckReport {
        let mut missing = self.counting();
        while let Some(Some(line)) = self.next_line(self.room()) {
            if missing {
                let mut d = self.at(DiffKind::MissingLine, &line, out_line);
                if self.counting() && self.room() {
                    d.expected = Some(self.expected_word(&line, 0)).filter(|w| !w.is_empty());
                }
                self.record(d, |_| None);
                missing = self.counting();
            }
        }
        self.report()
    }

    fn report(self) -> CheckReport {
        let all = self.options.all;
        let source = match self.source {
            Err(e) => {
                let verdict = Verdict::BadInput;
                let message = format!("{} {e}", verdict.words());
                return CheckReport {
                    verdict,
                    exit_code: verdict.exit_code(),
                    headline: message.clone(),
                    message,
                    first: None,
                    differences: Vec::new(),
                    counts: Counts::default(),
                    total: 0,
                };
            }
            Ok(source) => source,
        };
        let Some(first) = self.first else {
            let verdict = Verdict::Ok;
            let (count, one, many) = source.units();
            let message = format!(
                "ok {}, {}",
                plural(count, one, many),
                plural(self.lines, "line", "lines")
            );
            return CheckReport {
                verdict,
                exit_code: verdict.exit_code(),
                headline: message.clone(),
                message,
                first: None,
                differences: Vec::new(),
                counts: Counts::default(),
                total: 0,
            };
        };
        let verdict = first.kind.verdict();
        CheckReport {
            verdict,
            exit_code: verdict.exit_code(),
            message: message(&first, all, self.total, &self.counts),
            headline: message(&first, false, self.total, &self.counts),
            first: Some(first),
            differences: self.kept,
            counts: self.counts,
            total: self.total,
        }
    }
}

/// The word of a `goal` answer.
fn goal_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "1",
        Outcome::Lose => "-1",
        Outcome::Loop => "0",
    }
}

/// A word for a message: escaped, at most 80 characters (as the judges echo tokens).
fn show(w: &Word<'_>) -> String {
    let mut shown = String::new();
    let mut count = 0;
    let mut whole = w.len == w.head.len();
    for c in String::from_utf8_lossy(w.head).chars() {
        let escaped = c.escape_debug();
        if count + escaped.len() > super::tokens::SHOWN {
            whole = false;
            break;
        }
        count += escaped.len();
        shown.extend(escaped);
    }
    if whole {
        shown
    } else {
        format!("{shown}… ({} bytes)", w.len)
    }
}

impl<R: BufRead> Sink for State<R> {
    fn word(&mut self, w: Word<'_>) {
        if !self.counting() {
            return;
        }
        if w.first {
            self.open = match self.next_line(true) {
                None => return,
                Some(Some(line)) => {
                    self.lines += 1;
                    Open::Row {
                        line,
                        at: 0,
                        stop: false,
                        next: 0,
                        last: None,
                    }
                }
                Some(None) => {
                    let mut d = Difference::new(DiffKind::ExtraLine, w.line);
                    d.found = Some(show(&w));
                    self.record(d, |_| None);
                    Open::Extra
                }
            };
        }
        let Open::Row { line, at, stop, .. } = self.open else {
            return;
        };
        if stop {
            return;
        }
        if let Open::Row { at, .. } = &mut self.open {
            *at += 1;
        }
        if let Line::DagSet { .. } = line {
            return self.set_word(line, &w);
        }
        if at >= line.words(self.source()) {
            let mut d = self.at(DiffKind::ExtraWord, &line, w.line);
            if let Line::Ring { .. } = line {
                d.position = Some(at + 1);
            }
            d.found = Some(show(&w));
            self.record(d, |_| None);
            return self.stop();
        }
        self.value_word(line, at, &w);
    }

    fn end_of_line(&mut self, out_line: u64) {
        let open = std::mem::replace(&mut self.open, Open::None);
        let Open::Row {
            line,
            at,
            stop: false,
            next,
            ..
        } = open
        else {
            return;
        };
        if !self.counting() {
            return;
        }
        if let Line::DagSet { .. } = line {
            let rest: Vec<u32> =
                self.source().set()[next.min(self.source().set().len())..].to_vec();
            for v in rest {
                if !self.counting() {
                    break;
                }
                self.missing_vertex(line, v, None, out_line);
            }
            return;
        }
        if at < line.words(self.source()) {
            let mut d = self.at(DiffKind::MissingWord, &line, out_line);
            if let Line::Ring { player, .. } = line {
                d.position = Some(at + 1);
                d.state = self.source().ring_state(player, at as u32 + 1);
            }
            d.expected = Some(self.expected_word(&line, at));
            self.record(d, |_| None);
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
