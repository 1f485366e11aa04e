//! Validated game graphs: a token on a directed graph, both players with the same
//! moves (`docs/rules.md`, "Games on graphs").
//!
//! The only way to get a [`Graph`] is through [`Graph::new`] (or [`Graph::from_ring`]),
//! which turns every bad input into a typed [`GraphError`] naming what is wrong and
//! where, and refuses sizes beyond the memory the program allows itself
//! ([`MAX_GRAPH_BYTES`]) before allocating anything. Solvers can then index without
//! checks and never panic on user input.
//!
//! Vertices are numbered `1 ..= n` as in the spec, and every per-vertex array in this
//! crate has `n + 1` entries with entry 0 unused: the number a person reads is the
//! index, as for the ring's positions.

use alloc::vec::Vec;
use core::fmt;

use crate::error::{Coded, Params};
use crate::game::{Player, RingGame};

pub use build::GraphBuilder;

pub mod build;
pub mod optimal;
pub mod query;
pub mod random;
pub mod ring;
pub mod solve;

/// Memory the program allows itself per graph vertex, in bytes: the compact graph
/// both ways (8), the solver's status words and queue (8), and on top either the
/// stepper's timeline, state and snapshots (about 40) or the Sprague-Grundy pass
/// (about 28).
pub const BYTES_PER_VERTEX: u64 = 64;
/// Memory per edge, in bytes: the edge arrays as given (8) and the compact graph
/// both ways (8).
pub const BYTES_PER_EDGE: u64 = 16;
/// The most memory one graph may need: `n * BYTES_PER_VERTEX + m * BYTES_PER_EDGE`
/// must stay within it (512 MiB; so at most about 8 million vertices, or 33 million
/// edges). A browser tab can spare that; the spec's reference sizes need 0.2% of it.
pub const MAX_GRAPH_BYTES: u64 = 512 << 20;

/// Graphs up to these sizes are drawn whole; larger ones show the neighbourhood of a
/// vertex. Measured (tests/bench/layout.mjs, docs/bench.md "Graph mode's layout library"): dagre
/// lays out a random graph of 200 vertices and 400 edges in about a second, 300 vertices
/// take three, 1000 take a minute; and even fitted into 640 px a drawing of 200 random
/// vertices has marks of under 2 px (zoom in). The core never draws: the limits are here
/// so that every limit the pages keep is the core's (`layout().graph`).
pub const DRAW_MAX_VERTICES: u32 = 200;
/// See [`DRAW_MAX_VERTICES`].
pub const DRAW_MAX_EDGES: u32 = 800;

/// The bytes a graph of `n` vertices and `m` edges needs, by the figures above.
pub fn graph_bytes(n: u64, m: u64) -> u64 {
    n.saturating_mul(BYTES_PER_VERTEX)
        .saturating_add(m.saturating_mul(BYTES_PER_EDGE))
}

/// Which input a [`GraphError`] is about: the JS API reports it as the error's
/// `field`, so a page can show the message next to the right input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The number of vertices.
    N,
    /// The tails of the edges (`from[i] -> to[i]`).
    From,
    /// The heads of the edges.
    To,
    /// The goal vertex.
    Goal,
    /// A start vertex (optimal-play set, queries).
    Start,
    /// A vertex asked about (moves, predecessors).
    Vertex,
}

impl Field {
    /// The name the JS API uses for the input.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::N => "n",
            Field::From => "from",
            Field::To => "to",
            Field::Goal => "goal",
            Field::Start => "start",
            Field::Vertex => "v",
        }
    }
}

/// Why a game graph is not valid. Each message names the value and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// `n < 1`: a game needs a vertex to start on.
    NoVertices { n: u64 },
    /// The graph would need more memory than the program allows itself.
    TooLarge { n: u64, m: u64 },
    /// `from` and `to` are edge lists of different lengths.
    LengthMismatch { from: u64, to: u64 },
    /// A graph begun with `m` edges ([`GraphBuilder::begin`]) was given another number of
    /// entries (`given`) in `field` (`from`; `to` against `from` is `LengthMismatch`).
    EdgeCount { field: Field, m: u64, given: u64 },
    /// An edge end (index `edge` in its array, 0-based) that is not a vertex.
    EdgeOutOfRange {
        field: Field,
        edge: u64,
        vertex: u64,
        n: u32,
    },
    /// A goal, start or other vertex argument that is not a vertex.
    NotAVertex { field: Field, vertex: u64, n: u32 },
}

impl GraphError {
    /// The input at fault (see [`Field`]).
    pub fn field(&self) -> Field {
        match *self {
            GraphError::NoVertices { .. } | GraphError::TooLarge { .. } => Field::N,
            GraphError::LengthMismatch { .. } => Field::To,
            GraphError::EdgeCount { field, .. } => field,
            GraphError::EdgeOutOfRange { field, .. } | GraphError::NotAVertex { field, .. } => {
                field
            }
        }
    }
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GraphError::NoVertices { n } => {
                write!(
                    f,
                    "n = {n} is too small: a graph needs at least one vertex (n >= 1)"
                )
            }
            GraphError::TooLarge { n, m } => write!(
                f,
                "a graph of n = {n} vertices and m = {m} edges is too large: it would need \
                 about {} MB ({BYTES_PER_VERTEX} bytes per vertex and {BYTES_PER_EDGE} per edge), \
                 and this program allows itself {} MB",
                graph_bytes(n, m).div_ceil(1 << 20),
                MAX_GRAPH_BYTES >> 20
            ),
            GraphError::LengthMismatch { from, to } => write!(
                f,
                "from and to must have the same length (one entry per edge), not {from} and {to}"
            ),
            GraphError::EdgeCount { field, m, given } => write!(
                f,
                "{} has {given} entries, but the graph has m = {m} edges (one entry per edge)",
                field.as_str()
            ),
            GraphError::EdgeOutOfRange {
                field,
                edge,
                vertex,
                n,
            } => write!(
                f,
                "{}[{edge}] = {vertex} is not a vertex: vertices go from 1 to n = {n}",
                field.as_str()
            ),
            GraphError::NotAVertex { field, vertex, n } => write!(
                f,
                "{} = {vertex} is not a vertex: vertices go from 1 to n = {n}",
                field.as_str()
            ),
        }
    }
}

impl core::error::Error for GraphError {}

impl Coded for GraphError {
    fn code(&self) -> &'static str {
        match self {
            GraphError::NoVertices { .. } => "graph.noVertices",
            GraphError::TooLarge { .. } => "graph.tooLarge",
            GraphError::LengthMismatch { .. } => "graph.lengthMismatch",
            GraphError::EdgeCount { .. } => "graph.edgeCount",
            GraphError::EdgeOutOfRange { .. } => "graph.edgeOutOfRange",
            GraphError::NotAVertex { .. } => "graph.notAVertex",
        }
    }

    fn params(&self) -> Params {
        match *self {
            GraphError::NoVertices { n } => vec![("n", n.into())],
            GraphError::TooLarge { n, m } => vec![
                ("n", n.into()),
                ("m", m.into()),
                ("mb", graph_bytes(n, m).div_ceil(1 << 20).into()),
                ("perVertex", BYTES_PER_VERTEX.into()),
                ("perEdge", BYTES_PER_EDGE.into()),
                ("maxMb", (MAX_GRAPH_BYTES >> 20).into()),
            ],
            GraphError::LengthMismatch { from, to } => {
                vec![("from", from.into()), ("to", to.into())]
            }
            GraphError::EdgeCount { field, m, given } => vec![
                ("field", field.as_str().into()),
                ("m", m.into()),
                ("given", given.into()),
            ],
            GraphError::EdgeOutOfRange {
                field,
                edge,
                vertex,
                n,
            } => vec![
                ("field", field.as_str().into()),
                ("edge", edge.into()),
                ("vertex", vertex.into()),
                ("n", n.into()),
            ],
            GraphError::NotAVertex { field, vertex, n } => vec![
                ("field", field.as_str().into()),
                ("vertex", vertex.into()),
                ("n", n.into()),
            ],
        }
    }
}

/// A valid game graph: `n >= 1` vertices, directed edges between them (self-loops and
/// repeated edges allowed), and an optional goal vertex.
///
/// Stored compactly both ways (CSR): the successors of each vertex ascending, for the
/// best moves (ties go to the smallest vertex) and the Sprague-Grundy values, and the
/// predecessors of each vertex ascending, for the retrograde BFS. A repeated edge
/// appears as often as it was given: it is one more move to the same place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    n: u32,
    goal: Option<u32>,
    /// `succ[out_start[v] .. out_start[v + 1]]` are the successors of `v`.
    out_start: Vec<u32>,
    succ: Vec<u32>,
    /// `pred[in_start[v] .. in_start[v + 1]]` are the predecessors of `v`.
    in_start: Vec<u32>,
    pred: Vec<u32>,
}

impl Graph {
    /// Checks and builds a graph with edges `from[i] -> to[i]`.
    ///
    /// ```
    /// use loopy::graph::{Field, Graph, GraphError};
    /// let g = Graph::new(3, &[1, 2, 2], &[2, 3, 1]).unwrap();
    /// assert_eq!(g.successors(2), &[1, 3]);
    /// assert_eq!(g.predecessors(2), &[1]);
    /// let e = Graph::new(3, &[1, 4], &[2, 3]).unwrap_err();
    /// assert_eq!(e, GraphError::EdgeOutOfRange { field: Field::From, edge: 1, vertex: 4, n: 3 });
    /// ```
    pub fn new(n: u64, from: &[u32], to: &[u32]) -> Result<Graph, GraphError> {
        GraphBuilder::new(n, from.into(), to.into())?.finish()
    }

    /// Checks `n` and the edge count alone, before any edge is read or stored: the
    /// parsers call it as soon as they know the sizes.
    pub fn check_size(n: u64, m: u64) -> Result<u32, GraphError> {
        if n < 1 {
            return Err(GraphError::NoVertices { n });
        }
        if graph_bytes(n, m) > MAX_GRAPH_BYTES {
            return Err(GraphError::TooLarge { n, m });
        }
        // Within the budget, n < 2^23 and m < 2^25: every index fits a u32.
        Ok(n as u32)
    }

    /// Makes `goal` (or none) the goal vertex: whoever moves onto it wins, and its own
    /// edges are never used.
    pub fn set_goal(&mut self, goal: Option<u64>) -> Result<(), GraphError> {
        self.goal = goal.map(|g| self.vertex(g, Field::Goal)).transpose()?;
        Ok(())
    }

    /// The same graph with goal `goal`.
    pub fn with_goal(mut self, goal: Option<u64>) -> Result<Graph, GraphError> {
        self.set_goal(goal)?;
        Ok(self)
    }

    /// Checks that `v` is a vertex; `field` names it in the error.
    pub fn vertex(&self, v: u64, field: Field) -> Result<u32, GraphError> {
        if v == 0 || v > self.n as u64 {
            return Err(GraphError::NotAVertex {
                field,
                vertex: v,
                n: self.n,
            });
        }
        Ok(v as u32)
    }

    /// The number of vertices.
    #[inline]
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The number of edges, repeats included.
    #[inline]
    pub fn edges(&self) -> u32 {
        self.succ.len() as u32
    }

    #[inline]
    pub fn goal(&self) -> Option<u32> {
        self.goal
    }

    /// All successors of `v`, ascending (for the goal too, though they are never used).
    #[inline]
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.succ[self.out_start[v] as usize..self.out_start[v + 1] as usize]
    }

    /// All predecessors of `v`, ascending, one per edge.
    #[inline]
    pub fn predecessors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.pred[self.in_start[v] as usize..self.in_start[v + 1] as usize]
    }

    /// The moves from `v` in the game: its successors, or none from the goal.
    #[inline]
    pub fn moves(&self, v: u32) -> &[u32] {
        if Some(v) == self.goal {
            return &[];
        }
        self.successors(v)
    }

    /// The index in the edge order of `v`'s first successor: with
    /// [`Graph::successors`], edge `first_edge(v) + k` goes to `successors(v)[k]`.
    #[inline]
    pub(crate) fn first_edge(&self, v: u32) -> u32 {
        self.out_start[v as usize]
    }

    /// The successor at edge index `e` (see [`Graph::first_edge`]).
    #[inline]
    pub(crate) fn edge_head(&self, e: u32) -> u32 {
        self.succ[e as usize]
    }

    /// The ring game as a graph of its `2n` states: vertex
    /// [`ring::vertex`]`(n, player, pos)` for `(player to move, position)`, an edge
    /// from `(p, i)` to `(other, (i + x) mod n)` for each step `x` of `p`, and the two
    /// holes without moves (a sink is Lose for the player to move, as a goal is).
    pub fn from_ring(game: &RingGame) -> Result<Graph, GraphError> {
        let n = game.n();
        Self::check_size(2 * n as u64, game.edges())?;
        let mut from = Vec::with_capacity(game.edges() as usize);
        let mut to = Vec::with_capacity(game.edges() as usize);
        for p in Player::BOTH {
            for i in 1..n {
                for &x in game.steps(p) {
                    from.push(ring::vertex(n, p, i));
                    to.push(ring::vertex(n, p.other(), game.target(i, x)));
                }
            }
        }
        GraphBuilder::new(2 * n as u64, from.into(), to.into())?.finish()
    }
}
