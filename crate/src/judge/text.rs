//! The graph formats' text errors and their reader: what went wrong and where (the
//! item, the line, the token), and a reader of numbers and vertices over the judges'
//! shared tokens (`tokens.rs`), for format `goal`, format `dag`, the plain edge list
//! and the tree format (`graph.rs`, `tree.rs`).
//!
//! Sizes are checked against the memory limit ([`crate::graph::MAX_GRAPH_BYTES`]) as
//! soon as they are read, before anything is allocated for them.

use core::fmt;

use super::tokens::{show_bytes, Number, Tokens};
use crate::error::{Coded, Param, Params};
use crate::graph::{Graph, GraphError, MAX_GRAPH_BYTES};
use crate::tree::TreeError;

/// Memory per query of format `goal`: the pair as read and its answer.
pub const BYTES_PER_QUERY: u64 = 16;

/// What a [`TextError`] is about, when it is about one item of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Edge number (1-based) of format `goal` or of a plain edge list.
    Edge(u64),
    /// Query number (1-based) of format `goal`.
    Query(u64),
    /// Instance number (1-based) of format `dag`.
    Instance(u64),
}

/// What went wrong, without the "where".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextErrorKind {
    /// The input ended where a number was due.
    Missing { what: What },
    /// A token that is not a whole number (`negative` if it is one with a minus).
    NotANumber {
        what: What,
        token: String,
        negative: bool,
    },
    /// A number too large for any meaning it could have.
    Overflow { what: What, token: String },
    /// A vertex outside `1 ..= n` (`n = 0`: a plain edge list, where only 0 is).
    NotAVertex { what: What, vertex: u64, n: u64 },
    /// The graph's sizes are invalid or too large (see [`GraphError`]).
    Graph(GraphError),
    /// More queries than the memory limit allows.
    TooManyQueries { q: u64, max: u64 },
    /// A query whose start is its goal.
    StartIsGoal { vertex: u64 },
    /// Format `dag`'s `f` is neither 0 nor 1.
    BadFirst { f: u64 },
    /// Something after the last query of format `goal`.
    Trailing { token: String },
    /// A line of a plain edge list that is none of its kinds of line.
    BadLine { token: String },
    /// A second `goal` or `start` line in a plain edge list.
    Repeated { what: &'static str },
    /// The tree format's tree is not one (see [`TreeError`]).
    Tree(TreeError),
    /// Something after the last edge of the tree format.
    TrailingEdges { token: String },
}

/// A graph text error: what, and where (the item, and the 1-based line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    pub place: Option<Place>,
    pub line: usize,
    pub kind: TextErrorKind,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Some(Place::Edge(k)) => write!(f, "edge {k}, ")?,
            Some(Place::Query(k)) => write!(f, "query {k}, ")?,
            Some(Place::Instance(k)) => write!(f, "instance {k}, ")?,
            None => {}
        }
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            TextErrorKind::Missing { what } => {
                write!(f, "expected {what}, found the end of the input")
            }
            TextErrorKind::NotANumber {
                what,
                token,
                negative,
            } => {
                let why = if *negative {
                    "a negative number"
                } else {
                    "not a whole number"
                };
                write!(f, "expected {what}, found \"{token}\" ({why})")
            }
            TextErrorKind::Overflow { what, token } => write!(f, "{what} {token} is far too large"),
            // A plain edge list has no n: its vertices only need to be 1 or more.
            TextErrorKind::NotAVertex { what, vertex, n: 0 } => {
                write!(f, "expected {what}, a vertex from 1 up, found {vertex}")
            }
            TextErrorKind::NotAVertex { what, vertex, n } => write!(
                f,
                "expected {what}, a vertex from 1 to n = {n}, found {vertex}"
            ),
            TextErrorKind::Graph(e) => write!(f, "{e}"),
            TextErrorKind::TooManyQueries { q, max } => write!(
                f,
                "q = {q} queries are too many: this program allows itself {} MB, \
                 {BYTES_PER_QUERY} bytes per query, so at most q = {max}",
                MAX_GRAPH_BYTES >> 20
            ),
            TextErrorKind::StartIsGoal { vertex } => write!(
                f,
                "the start {vertex} is also the goal: a game starts off its goal (s != g)"
            ),
            TextErrorKind::BadFirst { f: first } => write!(
                f,
                "f must be 1 (the hero moves first) or 0 (the opponent does), not {first}"
            ),
            TextErrorKind::Trailing { token } => write!(
                f,
                "unexpected \"{token}\" after the last query (q says how many queries follow)"
            ),
            TextErrorKind::BadLine { token } => write!(
                f,
                "expected an edge \"u v\", \"goal g\", \"start s\" or a # comment, found \"{token}\""
            ),
            TextErrorKind::Repeated { what } => write!(f, "a second {what} line: give it once"),
            TextErrorKind::Tree(e) => write!(f, "{e}"),
            TextErrorKind::TrailingEdges { token } => write!(
                f,
                "unexpected \"{token}\" after the last edge (a tree of N vertices has N - 1 edges)"
            ),
        }
    }
}

impl std::error::Error for TextError {}

impl What {
    /// The phrase's code and parameters (`what.*`).
    fn param(self) -> Param {
        let plain = |code| Param::Phrase(code, Vec::new());
        match self {
            What::Vertices => plain("what.vertices"),
            What::Edges => plain("what.edges"),
            What::Queries => plain("what.queries"),
            What::First => plain("what.first"),
            What::Goal => plain("what.goal"),
            What::Start => plain("what.start"),
            What::Edge => plain("what.edge"),
            What::EdgeEnd { first, k, m } => {
                let code = match (first, m.is_some()) {
                    (true, true) => "what.edgeFirstOf",
                    (false, true) => "what.edgeSecondOf",
                    (true, false) => "what.edgeFirst",
                    (false, false) => "what.edgeSecond",
                };
                let mut p = vec![("k", k.into())];
                p.extend(m.map(|m| ("m", m.into())));
                Param::Phrase(code, p)
            }
            What::QueryEnd { start, k, q } => Param::Phrase(
                if start {
                    "what.queryStart"
                } else {
                    "what.queryGoal"
                },
                vec![("k", k.into()), ("q", q.into())],
            ),
            What::TreeVertices => plain("what.treeVertices"),
            What::Stones { k, n } => {
                Param::Phrase("what.stones", vec![("k", k.into()), ("n", n.into())])
            }
        }
    }
}

/// The place of a graph text error, as a phrase: `edge 3, line 4`, `line 1`.
fn at(place: Option<Place>, line: usize) -> Param {
    let line = ("line", line.into());
    match place {
        Some(Place::Edge(k)) => Param::Phrase("at.edgeLine", vec![("edge", k.into()), line]),
        Some(Place::Query(k)) => Param::Phrase("at.queryLine", vec![("query", k.into()), line]),
        Some(Place::Instance(k)) => {
            Param::Phrase("at.instanceLine", vec![("instance", k.into()), line])
        }
        None => Param::Phrase("at.line", vec![line]),
    }
}

/// The code of what went wrong (`text.*`, a graph's own `graph.*` wrapped as
/// `text.graph`), and its parameters after `at`, the place.
impl Coded for TextError {
    fn code(&self) -> &'static str {
        match self.kind {
            TextErrorKind::Missing { .. } => "text.missing",
            TextErrorKind::NotANumber {
                negative: false, ..
            } => "text.notANumber",
            TextErrorKind::NotANumber { negative: true, .. } => "text.negative",
            TextErrorKind::Overflow { .. } => "text.overflow",
            TextErrorKind::NotAVertex { n: 0, .. } => "text.notAVertexFromOne",
            TextErrorKind::NotAVertex { .. } => "text.notAVertex",
            TextErrorKind::Graph(_) => "text.graph",
            TextErrorKind::TooManyQueries { .. } => "text.tooManyQueries",
            TextErrorKind::StartIsGoal { .. } => "text.startIsGoal",
            TextErrorKind::BadFirst { .. } => "text.badFirst",
            TextErrorKind::Trailing { .. } => "text.trailing",
            TextErrorKind::BadLine { .. } => "text.badLine",
            TextErrorKind::Repeated { .. } => "text.repeated",
            TextErrorKind::Tree(_) => "text.tree",
            TextErrorKind::TrailingEdges { .. } => "text.trailingEdges",
        }
    }

    fn params(&self) -> Params {
        let mut p = vec![("at", at(self.place, self.line))];
        match &self.kind {
            TextErrorKind::Missing { what } => p.push(("what", what.param())),
            TextErrorKind::NotANumber { what, token, .. }
            | TextErrorKind::Overflow { what, token } => {
                p.push(("what", what.param()));
                p.push(("token", token.as_str().into()));
            }
            TextErrorKind::NotAVertex { what, vertex, n } => {
                p.push(("what", what.param()));
                p.push(("vertex", (*vertex).into()));
                if *n > 0 {
                    p.push(("n", (*n).into()));
                }
            }
            TextErrorKind::Graph(e) => p.push(("error", Param::Phrase(e.code(), e.params()))),
            TextErrorKind::TooManyQueries { q, max } => p.extend([
                ("q", (*q).into()),
                ("max", (*max).into()),
                ("maxMb", (MAX_GRAPH_BYTES >> 20).into()),
                ("perQuery", BYTES_PER_QUERY.into()),
            ]),
            TextErrorKind::StartIsGoal { vertex } => p.push(("vertex", (*vertex).into())),
            TextErrorKind::BadFirst { f } => p.push(("f", (*f).into())),
            TextErrorKind::Trailing { token }
            | TextErrorKind::BadLine { token }
            | TextErrorKind::TrailingEdges { token } => p.push(("token", token.as_str().into())),
            TextErrorKind::Repeated { what } => p.push(("keyword", (*what).into())),
            TextErrorKind::Tree(e) => p.push(("error", Param::Phrase(e.code(), e.params()))),
        }
        p
    }
}

/// What a number of the input is, for its error messages. Written out only when there
/// is an error: formatting a description for each of millions of edges that all turn
/// out fine cost more than the parsing itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// `n` of `n m`.
    Vertices,
    /// `m` of `n m`.
    Edges,
    /// `q` of format `goal`.
    Queries,
    /// `f` of format `dag`.
    First,
    /// The vertex of a `goal g` line.
    Goal,
    /// The vertex of a `start s` line.
    Start,
    /// The first line of a plain edge list.
    Edge,
    /// The first (or second) vertex of edge `k`, of `m` if the input says how many.
    EdgeEnd { first: bool, k: u64, m: Option<u64> },
    /// The start (or goal) of query `k` of `q`.
    QueryEnd { start: bool, k: u64, q: u64 },
    /// The tree format's number of vertices `N`.
    TreeVertices,
    /// The stones on vertex `k` of `n` (the tree format's `A_k`).
    Stones { k: u64, n: u64 },
}

impl fmt::Display for What {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            What::Vertices => f.write_str("the number of vertices n"),
            What::Edges => f.write_str("the number of edges m"),
            What::Queries => f.write_str("the number of queries q"),
            What::First => f.write_str("f (1 if the hero moves first, else 0)"),
            What::Goal => f.write_str("the goal"),
            What::Start => f.write_str("the start"),
            What::Edge => f.write_str("an edge \"u v\""),
            What::EdgeEnd { first, k, m } => {
                let end = if first { "first" } else { "second" };
                write!(f, "the {end} vertex of edge {k}")?;
                match m {
                    Some(m) => write!(f, " of {m}"),
                    None => Ok(()),
                }
            }
            What::QueryEnd { start, k, q } => {
                let end = if start { "start" } else { "goal" };
                write!(f, "the {end} of query {k} of {q}")
            }
            What::TreeVertices => f.write_str("the number of vertices N"),
            What::Stones { k, n } => write!(f, "the stones A_{k} of vertex {k} of {n}"),
        }
    }
}

/// A token for messages (see [`show_bytes`]).
pub(super) fn show(text: &[u8]) -> String {
    show_bytes(text, text.len())
}

/// A whole number from a word of a line (the plain edge list reads words, not tokens),
/// or the error naming it as `what`.
pub(super) fn number_of(text: &[u8], what: What) -> Result<u64, TextErrorKind> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return Err(TextErrorKind::NotANumber {
            what,
            token: show(text),
            negative: text.len() > 1 && text[0] == b'-' && text[1..].iter().all(u8::is_ascii_digit),
        });
    }
    text.iter()
        .try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add((d - b'0') as u64)
        })
        .ok_or_else(|| TextErrorKind::Overflow {
            what,
            token: show(text),
        })
}

/// Reads the numbers of a graph text, each named by a [`What`] in its errors, and knows
/// where it is (`place`) for them.
pub(super) struct Parser<'a> {
    tokens: Tokens<&'a [u8]>,
    pub(super) place: Option<Place>,
}

impl<'a> Parser<'a> {
    pub(super) fn new(input: &'a [u8]) -> Parser<'a> {
        Parser {
            tokens: Tokens::new(input),
            place: None,
        }
    }

    pub(super) fn error(&self, line: usize, kind: TextErrorKind) -> TextError {
        TextError {
            place: self.place,
            line,
            kind,
        }
    }

    /// The line of the last token read (1 before any): where an input that ends too
    /// early ends.
    pub(super) fn last_line(&self) -> usize {
        self.tokens.last_line()
    }

    /// The next token as a number, with `what` naming it in errors; and its line.
    #[inline]
    pub(super) fn number(&mut self, what: What) -> Result<(u64, usize), TextError> {
        // Reading a slice cannot fail.
        if let Ok(Some(quick)) = self.tokens.next_value() {
            return Ok((quick.value, quick.line));
        }
        let Ok(Some(tok)) = self.tokens.next() else {
            let line = self.last_line();
            return Err(self.error(line, TextErrorKind::Missing { what }));
        };
        let kind = match tok.number {
            Number::Value(v) => return Ok((v, tok.line)),
            Number::Overflow => TextErrorKind::Overflow {
                what,
                token: tok.show(),
            },
            Number::Garbage => TextErrorKind::NotANumber {
                what,
                token: tok.show(),
                negative: tok.negative,
            },
        };
        Err(self.error(tok.line, kind))
    }

    /// The next token as a vertex of a graph with `n` vertices.
    #[inline]
    pub(super) fn vertex(&mut self, what: What, n: u64) -> Result<u32, TextError> {
        let (v, line) = self.number(what)?;
        if v == 0 || v > n {
            return Err(self.error(line, TextErrorKind::NotAVertex { what, vertex: v, n }));
        }
        Ok(v as u32)
    }

    /// `n m`, checked against the memory limit before anything is allocated for them.
    pub(super) fn sizes(&mut self) -> Result<(u32, u64), TextError> {
        let (n, n_line) = self.number(What::Vertices)?;
        let (m, m_line) = self.number(What::Edges)?;
        Graph::check_size(n, m).map_err(|e| {
            let line = if matches!(e, GraphError::NoVertices { .. }) {
                n_line
            } else {
                m_line
            };
            self.error(line, TextErrorKind::Graph(e))
        })?;
        Ok((n as u32, m))
    }

    /// `m` edges `u v` with `u`, `v` in `1 ..= n`; for format `dag`, turned to go from
    /// the smaller vertex to the larger, and dropped where `u = v`.
    pub(super) fn edges(
        &mut self,
        n: u32,
        m: u64,
        dag: bool,
    ) -> Result<(Vec<u32>, Vec<u32>), TextError> {
        let outer = self.place;
        let mut from = Vec::with_capacity(m as usize);
        let mut to = Vec::with_capacity(m as usize);
        for k in 1..=m {
            if !dag {
                self.place = Some(Place::Edge(k));
            }
            let end = |first| What::EdgeEnd {
                first,
                k,
                m: Some(m),
            };
            let u = self.vertex(end(true), n as u64)?;
            let v = self.vertex(end(false), n as u64)?;
            if dag {
                // The move goes from the smaller number to the larger; x = y is no move.
                if u != v {
                    from.push(u.min(v));
                    to.push(u.max(v));
                }
            } else {
                from.push(u);
                to.push(v);
            }
        }
        self.place = outer;
        Ok((from, to))
    }

    /// Whether the input holds nothing more but white space.
    pub(super) fn at_end(&mut self) -> bool {
        matches!(self.tokens.next_line(), Ok(None))
    }

    /// The error for anything after the end of the input (format `goal`'s last query),
    /// if there is something.
    pub(super) fn trailing(&mut self) -> Result<(), TextError> {
        match self.tokens.next() {
            Ok(Some(tok)) => {
                Err(self.error(tok.line, TextErrorKind::Trailing { token: tok.show() }))
            }
            _ => Ok(()),
        }
    }
}
