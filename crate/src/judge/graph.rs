//! The graph text formats (`docs/formats.md`): format `goal` (`loopy
//! graph`), format `dag` (`loopy dag`), and the plain edge list the page accepts.
//!
//! As with the ring's judge format, the whole input is parsed and checked before
//! anything is solved, so a bad line anywhere yields one error and no output: never a
//! partial answer passed off as whole. Errors name the instance, edge or query, the
//! line, and the token at fault. Sizes are checked against the memory limit
//! ([`crate::graph::MAX_GRAPH_BYTES`]) as soon as they are read, before anything is
//! allocated for them.

use core::fmt::{self, Write as _};
use std::io::{self, Write};

use crate::error::{Coded, Param, Params};
use crate::graph::query::Queries;
use crate::graph::solve::solve_graph;
use crate::graph::{Graph, GraphError, MAX_GRAPH_BYTES};
use crate::solve::Outcome;

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
            TextErrorKind::Trailing { token } | TextErrorKind::BadLine { token } => {
                p.push(("token", token.as_str().into()))
            }
            TextErrorKind::Repeated { what } => p.push(("keyword", (*what).into())),
        }
        p
    }
}

/// A token for messages: escaped as Rust escapes a string (so control characters
/// show), cut to at most 80 characters of the escaped text, then `...` if anything was
/// left out. Quote it as it is: `"{token}"`. (Cut before escaping, a token of control
/// characters came out six times longer: found by the `graph_parse` fuzz target.)
fn show(text: &[u8]) -> String {
    let mut shown = String::new();
    for c in String::from_utf8_lossy(text).chars() {
        let escaped = c.escape_debug();
        if shown.len() + escaped.len() > 80 {
            return format!("{shown}...");
        }
        shown.extend(escaped);
    }
    shown
}

/// Any white space separates tokens, the vertical tab and form feed included.
fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a [u8],
    line: usize,
}

/// White-space separated tokens with their line numbers.
struct Tokens<'a> {
    input: &'a [u8],
    at: usize,
    line: usize,
    /// The line of the last token handed out (for errors at the end); 1 before any.
    last_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a [u8]) -> Tokens<'a> {
        Tokens {
            input,
            at: 0,
            line: 1,
            last_line: 1,
        }
    }

    fn next(&mut self) -> Option<Token<'a>> {
        while let Some(&b) = self.input.get(self.at) {
            if !is_space(b) {
                break;
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        let start = self.at;
        while self.at < self.input.len() && !is_space(self.input[self.at]) {
            self.at += 1;
        }
        (self.at > start).then(|| {
            self.last_line = self.line;
            Token {
                text: &self.input[start..self.at],
                line: self.line,
            }
        })
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
        }
    }
}

/// A whole number from a token, or the error naming it as `what`.
fn number(text: &[u8], what: What) -> Result<u64, TextErrorKind> {
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

struct Parser<'a> {
    tokens: Tokens<'a>,
    place: Option<Place>,
}

impl<'a> Parser<'a> {
    fn new(input: &'a [u8]) -> Parser<'a> {
        Parser {
            tokens: Tokens::new(input),
            place: None,
        }
    }

    fn error(&self, line: usize, kind: TextErrorKind) -> TextError {
        TextError {
            place: self.place,
            line,
            kind,
        }
    }

    /// The next token as a number, with `what` naming it in errors; and its line.
    fn number(&mut self, what: What) -> Result<(u64, usize), TextError> {
        let Some(tok) = self.tokens.next() else {
            let line = self.tokens.last_line;
            return Err(self.error(line, TextErrorKind::Missing { what }));
        };
        number(tok.text, what)
            .map(|v| (v, tok.line))
            .map_err(|kind| self.error(tok.line, kind))
    }

    /// The next token as a vertex of a graph with `n` vertices.
    fn vertex(&mut self, what: What, n: u64) -> Result<u32, TextError> {
        let (v, line) = self.number(what)?;
        if v == 0 || v > n {
            return Err(self.error(line, TextErrorKind::NotAVertex { what, vertex: v, n }));
        }
        Ok(v as u32)
    }

    /// `n m`, checked against the memory limit before anything is allocated for them.
    fn sizes(&mut self) -> Result<(u32, u64), TextError> {
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
    fn edges(&mut self, n: u32, m: u64, dag: bool) -> Result<(Vec<u32>, Vec<u32>), TextError> {
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
}

/// An input of format `goal`: one graph and its queries `(start, goal)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalInput {
    pub n: u32,
    pub from: Vec<u32>,
    pub to: Vec<u32>,
    pub queries: Vec<(u32, u32)>,
}

/// One instance of format `dag`: the edges point from the smaller vertex to the larger
/// (pairs `x = y` dropped); the token starts at vertex 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DagInstance {
    pub n: u32,
    pub from: Vec<u32>,
    pub to: Vec<u32>,
    /// `f = 1`: the hero moves first.
    pub hero_first: bool,
}

/// A plain edge list: `u v` lines, optional `goal g` and `start s`, `#` comments.
/// `n` is the largest vertex number named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeList {
    pub n: u32,
    pub from: Vec<u32>,
    pub to: Vec<u32>,
    pub goal: Option<u32>,
    pub start: Option<u32>,
}

/// Parses a whole input of format `goal`.
///
/// ```
/// use loopy::judge::graph::parse_goal;
/// let input = parse_goal(b"3 2 1\n1 2\n2 3\n1 3\n").unwrap();
/// assert_eq!(input.queries, [(1, 3)]);
/// let e = parse_goal(b"3 2 1\n1 2\n2 3\n2 2\n").unwrap_err();
/// assert_eq!(e.to_string(), "query 1, line 4: the start 2 is also the goal: a game starts off its goal (s != g)");
/// ```
pub fn parse_goal(input: &[u8]) -> Result<GoalInput, TextError> {
    let mut p = Parser::new(input);
    let (n, m) = p.sizes()?;
    let (q, q_line) = p.number(What::Queries)?;
    let max_q = (MAX_GRAPH_BYTES - crate::graph::graph_bytes(n as u64, m)) / BYTES_PER_QUERY;
    if q > max_q {
        return Err(p.error(q_line, TextErrorKind::TooManyQueries { q, max: max_q }));
    }
    let (from, to) = p.edges(n, m, false)?;
    let mut queries = Vec::with_capacity(q as usize);
    for k in 1..=q {
        p.place = Some(Place::Query(k));
        let end = |start| What::QueryEnd { start, k, q };
        let s = p.vertex(end(true), n as u64)?;
        let g = p.vertex(end(false), n as u64)?;
        if s == g {
            let line = p.tokens.last_line;
            return Err(p.error(line, TextErrorKind::StartIsGoal { vertex: s as u64 }));
        }
        queries.push((s, g));
    }
    p.place = None;
    if let Some(tok) = p.tokens.next() {
        return Err(p.error(
            tok.line,
            TextErrorKind::Trailing {
                token: show(tok.text),
            },
        ));
    }
    Ok(GoalInput {
        n,
        from,
        to,
        queries,
    })
}

/// Parses a whole input of format `dag`: instances until the end of the input (at
/// least one).
pub fn parse_dag(input: &[u8]) -> Result<Vec<DagInstance>, TextError> {
    let mut p = Parser::new(input);
    let mut instances = Vec::new();
    let mut k = 1;
    loop {
        p.place = Some(Place::Instance(k));
        let (n, m) = p.sizes()?;
        let (f, f_line) = p.number(What::First)?;
        if f > 1 {
            return Err(p.error(f_line, TextErrorKind::BadFirst { f }));
        }
        let (from, to) = p.edges(n, m, true)?;
        instances.push(DagInstance {
            n,
            from,
            to,
            hero_first: f == 1,
        });
        // Another instance follows if anything but white space does.
        let rest = &p.tokens.input[p.tokens.at..];
        if rest.iter().all(|&b| is_space(b)) {
            return Ok(instances);
        }
        k += 1;
    }
}

/// Parses a plain edge list (see [`EdgeList`]).
pub fn parse_edges(input: &[u8]) -> Result<EdgeList, TextError> {
    let at = |line, kind| TextError {
        place: None,
        line,
        kind,
    };
    let (mut from, mut to) = (Vec::new(), Vec::new());
    let (mut goal, mut start) = (None, None);
    // The largest vertex named, and where.
    let (mut n, mut n_line) = (0u64, 1);
    for (index, line) in input.split(|&b| b == b'\n').enumerate() {
        let line_no = index + 1;
        let content = line.split(|&b| b == b'#').next().unwrap_or_default();
        let mut words = content.split(|&b| is_space(b)).filter(|w| !w.is_empty());
        let (Some(first), second, third) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        let err = |kind| at(line_no, kind);
        let bad = |text: &[u8]| err(TextErrorKind::BadLine { token: show(text) });
        if let Some(extra) = third {
            return Err(bad(extra));
        }
        let Some(second) = second else {
            return Err(bad(first));
        };
        let vertex = |text: &[u8], what: What| -> Result<u64, TextError> {
            let v = number(text, what).map_err(err)?;
            if v == 0 {
                return Err(err(TextErrorKind::NotAVertex {
                    what,
                    vertex: 0,
                    n: 0,
                }));
            }
            Ok(v)
        };
        // The largest vertex the line names.
        let named: u64 = match first {
            b"goal" | b"start" => {
                let is_goal = first == b"goal";
                let what = if is_goal { What::Goal } else { What::Start };
                let v = vertex(second, what)?;
                let slot = if is_goal { &mut goal } else { &mut start };
                if slot.is_some() {
                    return Err(err(TextErrorKind::Repeated {
                        what: if is_goal { "goal" } else { "start" },
                    }));
                }
                *slot = Some(v);
                v
            }
            _ => {
                let k = from.len() as u64 + 1;
                let end = |first| What::EdgeEnd { first, k, m: None };
                let u = vertex(first, end(true))?;
                let v = vertex(second, end(false))?;
                from.push(u);
                to.push(v);
                u.max(v)
            }
        };
        if named > n {
            (n, n_line) = (named, line_no);
        }
        // Check the memory as soon as the sizes grow past it, before storing more.
        Graph::check_size(n.max(1), from.len() as u64)
            .map_err(|e| at(n_line.max(line_no), TextErrorKind::Graph(e)))?;
    }
    if n == 0 {
        return Err(at(1, TextErrorKind::Missing { what: What::Edge }));
    }
    let narrow = |v: Vec<u64>| v.into_iter().map(|x| x as u32).collect::<Vec<u32>>();
    Ok(EdgeList {
        n: n as u32,
        from: narrow(from),
        to: narrow(to),
        goal: goal.map(|g| g as u32),
        start: start.map(|s| s as u32),
    })
}

/// The value of a `goal` query as the format prints it: 1 win, -1 lose, 0 draw.
fn goal_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "1",
        Outcome::Lose => "-1",
        Outcome::Loop => "0",
    }
}

/// Solves every query of a `goal` input and writes one line per query.
pub fn write_goal(input: &GoalInput, out: &mut impl Write) -> io::Result<()> {
    let graph =
        Graph::new(input.n as u64, &input.from, &input.to).expect("the parser checked every edge");
    let queries: Vec<(u64, u64)> = input
        .queries
        .iter()
        .map(|&(s, g)| (s as u64, g as u64))
        .collect();
    let answers = Queries::new(&graph)
        .answer_all(&queries)
        .expect("the parser checked every query");
    for outcome in answers {
        writeln!(out, "{}", goal_word(outcome))?;
    }
    Ok(())
}

/// Solves every `dag` instance and writes its two lines: `1` if the hero wins, else
/// `0`; then the optimal-play set from vertex 1, ascending.
pub fn write_dag(instances: &[DagInstance], out: &mut impl Write) -> io::Result<()> {
    for inst in instances {
        let graph =
            Graph::new(inst.n as u64, &inst.from, &inst.to).expect("the parser checked every edge");
        let solution = solve_graph(graph);
        // The graph is acyclic, so vertex 1 is Win or Lose for the first mover.
        let first_wins = solution.outcome(1) == Outcome::Win;
        writeln!(out, "{}", (first_wins == inst.hero_first) as u8)?;
        let set = solution.optimal_set(1).expect("vertex 1 exists (n >= 1)");
        let mut line = String::with_capacity(set.len() * 8);
        for (k, v) in set.iter().enumerate() {
            let sep = if k > 0 { " " } else { "" };
            write!(line, "{sep}{v}").expect("writing to a String cannot fail");
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Parses, solves and formats format `goal` in one go.
pub fn answer_goal(input: &[u8]) -> Result<String, TextError> {
    let parsed = parse_goal(input)?;
    let mut out = Vec::new();
    write_goal(&parsed, &mut out).expect("writing to a Vec cannot fail");
    Ok(String::from_utf8(out).expect("the answer is ASCII"))
}

/// Parses, solves and formats format `dag` in one go.
pub fn answer_dag(input: &[u8]) -> Result<String, TextError> {
    let parsed = parse_dag(input)?;
    let mut out = Vec::new();
    write_dag(&parsed, &mut out).expect("writing to a Vec cannot fail");
    Ok(String::from_utf8(out).expect("the answer is ASCII"))
}

/// Which of the graph formats a text is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Goal,
    Dag,
    Edges,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Goal => "goal",
            Format::Dag => "dag",
            Format::Edges => "edges",
        }
    }

    /// The format named `name` (`goal`, `dag` or `edges`).
    pub fn from_name(name: &str) -> Option<Format> {
        [Format::Goal, Format::Dag, Format::Edges]
            .into_iter()
            .find(|f| f.as_str() == name)
    }
}

/// A parsed graph text, in whichever format it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    Goal(GoalInput),
    Dag(Vec<DagInstance>),
    Edges(EdgeList),
}

/// Parses `input` in `format`, or, without one, in the format it looks like: a text
/// whose first line holds three numbers is format `goal` if it reads as one, else
/// format `dag` (if neither, the error is the one from further into the input);
/// anything else is a plain edge list.
///
/// ```
/// use loopy::judge::graph::{parse_any, Parsed};
/// assert!(matches!(parse_any(b"5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n", None), Ok(Parsed::Dag(_))));
/// assert!(matches!(parse_any(b"1 2\ngoal 2 # the end\n", None), Ok(Parsed::Edges(_))));
/// ```
pub fn parse_any(input: &[u8], format: Option<Format>) -> Result<Parsed, TextError> {
    match format {
        Some(Format::Goal) => parse_goal(input).map(Parsed::Goal),
        Some(Format::Dag) => parse_dag(input).map(Parsed::Dag),
        Some(Format::Edges) => parse_edges(input).map(Parsed::Edges),
        None => {
            let first = input
                .split(|&b| b == b'\n')
                .map(|line| line.split(|&b| is_space(b)).filter(|w| !w.is_empty()))
                .find_map(|mut words| words.next().map(|w| (w, words.count() + 1)));
            if !matches!(first, Some((word, 3)) if word.iter().all(u8::is_ascii_digit)) {
                return parse_edges(input).map(Parsed::Edges);
            }
            match parse_goal(input) {
                Ok(g) => Ok(Parsed::Goal(g)),
                Err(goal_err) => match parse_dag(input) {
                    Ok(d) => Ok(Parsed::Dag(d)),
                    Err(dag_err) if dag_err.line > goal_err.line => Err(dag_err),
                    Err(_) => Err(goal_err),
                },
            }
        }
    }
}
