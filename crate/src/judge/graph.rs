//! The graph text formats (`docs/formats.md`): format `goal` (`loopy
//! graph`), format `dag` (`loopy dag`), and the plain edge list the page accepts.
//!
//! As with the ring's judge format, the whole input is parsed and checked before
//! anything is solved, so a bad line anywhere yields one error and no output: never a
//! partial answer passed off as whole. Errors name the instance, edge or query, the
//! line, and the token at fault. Sizes are checked against the memory limit
//! ([`crate::graph::MAX_GRAPH_BYTES`]) as soon as they are read, before anything is
//! allocated for them.

use core::fmt::Write as _;
use std::io::{self, Write};

use super::text::{number_of, show, Parser};
pub use super::text::{Place, TextError, TextErrorKind, What, BYTES_PER_QUERY};
use crate::graph::query::Queries;
use crate::graph::solve::solve_graph;
use crate::graph::{Graph, MAX_GRAPH_BYTES};
use crate::solve::Outcome;

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
            let line = p.last_line();
            return Err(p.error(line, TextErrorKind::StartIsGoal { vertex: s as u64 }));
        }
        queries.push((s, g));
    }
    p.place = None;
    p.trailing()?;
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
        if p.at_end() {
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
        let mut words = content
            .split(|&b| super::tokens::is_space(b))
            .filter(|w| !w.is_empty());
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
            let v = number_of(text, what).map_err(err)?;
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
    /// AtCoder's AGC010F input ([`super::tree`]): read as the DAG its stones reduce to.
    Tree,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Goal => "goal",
            Format::Dag => "dag",
            Format::Edges => "edges",
            Format::Tree => "tree",
        }
    }

    /// The format named `name` (`goal`, `dag`, `edges` or `tree`).
    pub fn from_name(name: &str) -> Option<Format> {
        [Format::Goal, Format::Dag, Format::Edges, Format::Tree]
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
    Tree(crate::tree::StoneTree),
}

/// Parses `input` in `format`, or, without one, in the format it looks like: a text
/// whose first line holds three numbers is format `goal` if it reads as one, else
/// format `dag` (if neither, the error is the one from further into the input); a text
/// whose first line holds one number is the tree format (AGC010F's `N`: no other format
/// starts so); anything else is a plain edge list.
///
/// ```
/// use loopy::judge::graph::{parse_any, Parsed};
/// assert!(matches!(parse_any(b"5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n", None), Ok(Parsed::Dag(_))));
/// assert!(matches!(parse_any(b"1 2\ngoal 2 # the end\n", None), Ok(Parsed::Edges(_))));
/// assert!(matches!(parse_any(b"3\n1 2 3\n1 2\n2 3\n", None), Ok(Parsed::Tree(_))));
/// ```
pub fn parse_any(input: &[u8], format: Option<Format>) -> Result<Parsed, TextError> {
    match format {
        Some(Format::Goal) => parse_goal(input).map(Parsed::Goal),
        Some(Format::Dag) => parse_dag(input).map(Parsed::Dag),
        Some(Format::Edges) => parse_edges(input).map(Parsed::Edges),
        Some(Format::Tree) => super::tree::parse_tree(input).map(Parsed::Tree),
        None => {
            let first = input
                .split(|&b| b == b'\n')
                .map(|line| {
                    line.split(|&b| super::tokens::is_space(b))
                        .filter(|w| !w.is_empty())
                })
                .find_map(|mut words| words.next().map(|w| (w, words.count() + 1)));
            if matches!(first, Some((word, 1)) if word.iter().all(u8::is_ascii_digit)) {
                return super::tree::parse_tree(input).map(Parsed::Tree);
            }
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
