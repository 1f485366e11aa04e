//! Stones on a tree (AtCoder's AGC010F "Tree Game") as a game on a DAG: the reduction.
//!
//! Each vertex `v` of a tree holds `A_v` stones, and a piece stands on one vertex. The
//! player to move removes one stone from the piece's vertex, then moves the piece to a
//! neighbour; a player who cannot (no stone left there, or no neighbour) loses. The state
//! is every stone count and the piece: far too many states to search.
//!
//! The reduction (`docs/rules.md`, "Stones on a tree", with its proof): a move onto a
//! neighbour with at least as many stones can be answered by moving straight back, and
//! the mover runs out of stones first; so only the moves to a neighbour with *fewer*
//! stones matter. The value of the piece's vertex is its value in the game on the DAG
//! with an edge `v -> u` for each neighbour `u` with `A_u < A_v` (no cycle: the stones
//! fall along every edge), and that game is solved as any game graph is
//! ([`crate::graph::solve`]). The stones only matter through their order, so any count
//! up to `u64::MAX` is fine.
//!
//! [`StoneTree`] is the validated input, [`StoneTree::reduced`] the DAG,
//! [`TreeSolution`] the values, and [`TreeSolution::explain`] the facts of one vertex
//! in the tree's own terms (its stones, the moves the reduction keeps and those it
//! drops), for the words of a checker's verdict, `loopy tree explain` and a page.

use alloc::vec::Vec;
use core::fmt;

use serde::Serialize;

use crate::error::{Coded, Params};
use crate::explain::{ExplainError, MAX_FACT_MOVES};
use crate::graph::solve::{solve_graph, GraphSolution};
use crate::graph::{Graph, GraphError};
use crate::solve::Outcome;

/// Why a tree with stones is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// `n < 1`, or a tree too large for the memory the program allows itself (the
    /// graph's own limit: it is the graph it reduces to).
    Graph(GraphError),
    /// `stones` holds another number of counts than the `n` vertices.
    StoneCount { n: u32, given: u64 },
    /// Not `n - 1` edges.
    EdgeCount { n: u32, given: u64 },
    /// An edge end (of edge `edge`, 0-based) that is not a vertex.
    EdgeOutOfRange { edge: u64, vertex: u64, n: u32 },
    /// An edge from a vertex to itself.
    SelfLoop { edge: u64, vertex: u32 },
    /// An edge between two vertices the edges before it already join: a tree has no
    /// cycle (a repeated edge is one).
    Cycle { edge: u64, u: u32, v: u32 },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TreeError::Graph(ref e) => write!(f, "{e}"),
            TreeError::StoneCount { n, given } => {
                write!(f, "n = {n} needs one stone count per vertex, not {given}")
            }
            TreeError::EdgeCount { n, given } => write!(
                f,
                "n = {n} needs n - 1 = {} edges for a tree, not {given}",
                n - 1
            ),
            TreeError::EdgeOutOfRange { vertex, n, .. } => {
                write!(f, "{vertex} is not a vertex: vertices go from 1 to n = {n}")
            }
            TreeError::SelfLoop { vertex, .. } => write!(
                f,
                "the edge joins vertex {vertex} to itself: a tree has no such edge"
            ),
            TreeError::Cycle { u, v, .. } => write!(
                f,
                "{u} and {v} are already joined by the edges before this one: a tree has \
                 no cycle"
            ),
        }
    }
}

impl core::error::Error for TreeError {}

impl Coded for TreeError {
    fn code(&self) -> &'static str {
        match self {
            TreeError::Graph(_) => "tree.graph",
            TreeError::StoneCount { .. } => "tree.stoneCount",
            TreeError::EdgeCount { .. } => "tree.edgeCount",
            TreeError::EdgeOutOfRange { .. } => "tree.edgeOutOfRange",
            TreeError::SelfLoop { .. } => "tree.selfLoop",
            TreeError::Cycle { .. } => "tree.cycle",
        }
    }

    fn params(&self) -> Params {
        match *self {
            TreeError::Graph(ref e) => {
                vec![("error", crate::error::Param::Phrase(e.code(), e.params()))]
            }
            TreeError::StoneCount { n, given } => vec![("n", n.into()), ("given", given.into())],
            TreeError::EdgeCount { n, given } => vec![
                ("n", n.into()),
                ("last", (n - 1).into()),
                ("given", given.into()),
            ],
            TreeError::EdgeOutOfRange { edge, vertex, n } => vec![
                ("edge", edge.into()),
                ("vertex", vertex.into()),
                ("n", n.into()),
            ],
            TreeError::SelfLoop { edge, vertex } => {
                vec![("edge", edge.into()), ("vertex", vertex.into())]
            }
            TreeError::Cycle { edge, u, v } => {
                vec![("edge", edge.into()), ("u", u.into()), ("v", v.into())]
            }
        }
    }
}

/// A valid tree with stones: `n >= 1` vertices numbered `1 ..= n`, `n - 1` edges that
/// join them all without a cycle, and a stone count on each vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneTree {
    /// `stones[v]` for `v` in `1 ..= n` (entry 0 unused, as in every per-vertex array).
    stones: Vec<u64>,
    /// The edges as given, `(u, v)`.
    edges: Vec<(u32, u32)>,
    /// `adjacent[start[v] .. start[v + 1]]` are the neighbours of `v`, ascending.
    start: Vec<u32>,
    adjacent: Vec<u32>,
}

/// A union-find over `1 ..= n`, for the cycle check (path halving, union by size).
struct Components {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl Components {
    fn new(n: u32) -> Components {
        Components {
            parent: (0..=n).collect(),
            size: vec![1; n as usize + 1],
        }
    }

    fn root(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let up = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = up;
            v = up;
        }
        v
    }

    /// Joins the components of `u` and `v`; false if they were one already.
    fn join(&mut self, u: u32, v: u32) -> bool {
        let (mut a, mut b) = (self.root(u), self.root(v));
        if a == b {
            return false;
        }
        if self.size[a as usize] < self.size[b as usize] {
            core::mem::swap(&mut a, &mut b);
        }
        self.parent[b as usize] = a;
        self.size[a as usize] += self.size[b as usize];
        true
    }
}

/// Checks a tree as it is read, an edge at a time, so that a text reader can say which
/// edge of which line is at fault ([`StoneTree::new`] checks arrays with it).
pub struct TreeBuilder {
    n: u32,
    stones: Vec<u64>,
    edges: Vec<(u32, u32)>,
    components: Components,
}

impl TreeBuilder {
    /// A tree of `stones.len()` vertices, `stones[k]` on vertex `k + 1`.
    pub fn new(stones: &[u64]) -> Result<TreeBuilder, TreeError> {
        let n = stones.len() as u64;
        let n = Self::check_size(n)?;
        let mut all = Vec::with_capacity(n as usize + 1);
        all.push(0);
        all.extend_from_slice(stones);
        Ok(TreeBuilder {
            n,
            stones: all,
            edges: Vec::with_capacity(n as usize - 1),
            components: Components::new(n),
        })
    }

    /// Checks `n` against the memory limit, before anything is read for it.
    pub fn check_size(n: u64) -> Result<u32, TreeError> {
        Graph::check_size(n, n.saturating_sub(1).saturating_mul(3)).map_err(TreeError::Graph)
    }

    /// The next edge, `u - v`.
    pub fn push(&mut self, u: u64, v: u64) -> Result<(), TreeError> {
        let edge = self.edges.len() as u64;
        let n = self.n;
        if self.edges.len() + 1 >= n as usize {
            return Err(TreeError::EdgeCount { n, given: edge + 1 });
        }
        for w in [u, v] {
            if w == 0 || w > n as u64 {
                return Err(TreeError::EdgeOutOfRange { edge, vertex: w, n });
            }
        }
        let (u, v) = (u as u32, v as u32);
        if u == v {
            return Err(TreeError::SelfLoop { edge, vertex: u });
        }
        if !self.components.join(u, v) {
            return Err(TreeError::Cycle { edge, u, v });
        }
        self.edges.push((u, v));
        Ok(())
    }

    /// The tree, once its `n - 1` edges are in.
    pub fn finish(self) -> Result<StoneTree, TreeError> {
        let n = self.n;
        if self.edges.len() + 1 != n as usize {
            return Err(TreeError::EdgeCount {
                n,
                given: self.edges.len() as u64,
            });
        }
        let mut start = vec![0u32; n as usize + 2];
        for &(u, v) in &self.edges {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
        for v in 1..start.len() {
            start[v] += start[v - 1];
        }
        let mut fill = start.clone();
        let mut adjacent = vec![0u32; 2 * self.edges.len()];
        for &(u, v) in &self.edges {
            adjacent[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
            adjacent[fill[v as usize] as usize] = u;
            fill[v as usize] += 1;
        }
        for v in 1..=n as usize {
            adjacent[start[v] as usize..start[v + 1] as usize].sort_unstable();
        }
        Ok(StoneTree {
            stones: self.stones,
            edges: self.edges,
            start,
            adjacent,
        })
    }
}

impl StoneTree {
    /// Checks and builds the tree with `stones[k]` on vertex `k + 1` and the edges
    /// `from[i] - to[i]`.
    ///
    /// ```
    /// use loopy::tree::{StoneTree, TreeError};
    /// let t = StoneTree::new(&[1, 2, 3], &[1, 2], &[2, 3]).unwrap();
    /// assert_eq!(t.neighbours(2), &[1, 3]);
    /// let e = StoneTree::new(&[1, 2, 3], &[1, 2], &[2, 1]).unwrap_err();
    /// assert_eq!(e, TreeError::Cycle { edge: 1, u: 2, v: 1 });
    /// ```
    pub fn new(stones: &[u64], from: &[u32], to: &[u32]) -> Result<StoneTree, TreeError> {
        let mut builder = TreeBuilder::new(stones)?;
        if from.len() != to.len() || from.len() + 1 != stones.len() {
            return Err(TreeError::EdgeCount {
                n: builder.n,
                given: from.len().min(to.len()) as u64,
            });
        }
        for (&u, &v) in from.iter().zip(to) {
            builder.push(u as u64, v as u64)?;
        }
        builder.finish()
    }

    /// The number of vertices.
    pub fn n(&self) -> u32 {
        self.stones.len() as u32 - 1
    }

    /// The stones on `v` (`1 ..= n`).
    pub fn stones(&self, v: u32) -> u64 {
        self.stones[v as usize]
    }

    /// The edges as given.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The neighbours of `v`, ascending.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.adjacent[self.start[v] as usize..self.start[v + 1] as usize]
    }

    /// The game the tree reduces to: a move `v -> u` for each neighbour `u` of `v` with
    /// fewer stones (see the module's doc). A DAG: the stones fall along every edge.
    ///
    /// ```
    /// use loopy::tree::StoneTree;
    /// // AGC010F's first sample: a path 1 - 2 - 3 with 1, 2 and 3 stones.
    /// let t = StoneTree::new(&[1, 2, 3], &[1, 2], &[2, 3]).unwrap();
    /// let g = t.reduced();
    /// assert_eq!((g.successors(1), g.successors(2), g.successors(3)), (&[][..], &[1][..], &[2][..]));
    /// ```
    pub fn reduced(&self) -> Graph {
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for &(u, v) in &self.edges {
            match self.stones(u).cmp(&self.stones(v)) {
                core::cmp::Ordering::Greater => {
                    from.push(u);
                    to.push(v);
                }
                core::cmp::Ordering::Less => {
                    from.push(v);
                    to.push(u);
                }
                core::cmp::Ordering::Equal => {}
            }
        }
        Graph::new(self.n() as u64, &from, &to)
            .unwrap_or_else(|_| unreachable!("a valid tree's edges are between its vertices"))
    }

    /// The tree's edges that carry no move of [`StoneTree::reduced`]: those between two
    /// vertices with as many stones, where a move either way is answered by moving straight
    /// back. A page draws them as plain lines beside the reduced game's arrows, so that the
    /// whole tree shows.
    ///
    /// ```
    /// use loopy::tree::StoneTree;
    /// // AGC010F's third sample: a path of three vertices with one stone each.
    /// let t = StoneTree::new(&[1, 1, 1], &[1, 2], &[2, 3]).unwrap();
    /// assert_eq!(t.ties(), [(1, 2), (2, 3)]);
    /// assert!(StoneTree::new(&[1, 2, 3], &[1, 2], &[2, 3]).unwrap().ties().is_empty());
    /// ```
    pub fn ties(&self) -> Vec<(u32, u32)> {
        self.edges
            .iter()
            .copied()
            .filter(|&(u, v)| self.stones(u) == self.stones(v))
            .collect()
    }

    /// Solves the game from every vertex.
    pub fn solve(self) -> TreeSolution {
        let reduced = solve_graph(self.reduced());
        TreeSolution {
            tree: self,
            reduced,
        }
    }
}

/// The value of every vertex of a [`StoneTree`] as the piece's start: Win or Lose for the
/// player to move (there is no draw: the stones run out).
#[derive(Clone, Debug)]
pub struct TreeSolution {
    tree: StoneTree,
    reduced: GraphSolution,
}

impl TreeSolution {
    pub fn tree(&self) -> &StoneTree {
        &self.tree
    }

    /// The solved reduced game (its moves, values and depths).
    pub fn reduced(&self) -> &GraphSolution {
        &self.reduced
    }

    /// The value of a piece that starts on `v`, for the player to move.
    pub fn outcome(&self, v: u32) -> Outcome {
        self.reduced.outcome(v)
    }

    /// The vertices where the player to move wins, ascending: AGC010F's answer.
    ///
    /// ```
    /// use loopy::tree::StoneTree;
    /// let t = StoneTree::new(&[5, 4, 1, 2, 3], &[1, 1, 2, 2], &[2, 3, 4, 5]).unwrap();
    /// assert_eq!(t.solve().winners(), [1, 2]);
    /// ```
    pub fn winners(&self) -> Vec<u32> {
        (1..=self.tree.n())
            .filter(|&v| self.outcome(v) == Outcome::Win)
            .collect()
    }

    /// Why a piece on `v` has its value, in the tree's terms.
    pub fn explain(&self, v: u64) -> Result<TreeFacts, ExplainError> {
        let n = self.tree.n();
        if v == 0 || v > n as u64 {
            return Err(ExplainError::NotAVertex { v, n });
        }
        let v = v as u32;
        let stones = self.tree.stones(v);
        let (outcome, depth) = (self.outcome(v), self.reduced.depth(v));
        let mut moves = Vec::new();
        let mut answered = Vec::new();
        let (mut move_count, mut answered_count) = (0u32, 0u32);
        let (mut winning, mut best): (u32, Option<u32>) = (0, None);
        for &u in self.tree.neighbours(v) {
            let s = self.tree.stones(u);
            if s >= stones {
                answered_count += 1;
                if answered.len() < MAX_FACT_MOVES {
                    answered.push(TreeNeighbour { to: u, stones: s });
                }
                continue;
            }
            let (o, d) = (self.outcome(u), self.reduced.depth(u));
            let wins = o == Outcome::Lose;
            winning += wins as u32;
            // Fastest win, or longest resistance (ties: the smallest vertex).
            let optimal = match outcome {
                Outcome::Win => wins && d + 1 == depth,
                _ => d + 1 == depth,
            };
            if optimal && best.is_none() {
                best = Some(u);
            }
            move_count += 1;
            if moves.len() < MAX_FACT_MOVES || optimal && best == Some(u) {
                moves.push(TreeMove {
                    to: u,
                    stones: s,
                    outcome: o,
                    depth: d,
                    winning: wins,
                    optimal,
                });
            }
        }
        let reason = if stones == 0 {
            TreeReason::NoStone
        } else if move_count == 0 {
            TreeReason::NoSmaller
        } else {
            let best_move = best.unwrap_or_else(|| unreachable!("a vertex with moves has one"));
            let to_stones = self.tree.stones(best_move);
            if outcome == Outcome::Win {
                TreeReason::MoveToLose {
                    to: best_move,
                    stones: to_stones,
                    winning,
                }
            } else {
                TreeReason::EveryMoveToWin {
                    moves: move_count,
                    to: best_move,
                    stones: to_stones,
                }
            }
        };
        Ok(TreeFacts {
            v,
            stones,
            outcome,
            depth,
            moves,
            move_count,
            answered,
            answered_count,
            best,
            reason,
        })
    }
}

/// Everything the reduction says about a piece on one vertex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeFacts {
    pub v: u32,
    pub stones: u64,
    /// The value for the player to move (Win or Lose).
    pub outcome: Outcome,
    /// Plies to the end of the *reduced* game with best play (the tree game itself may
    /// last longer: a move back and forth uses stones without changing the value).
    pub depth: u32,
    /// The moves that matter: to the neighbours with fewer stones, ascending (the first
    /// [`MAX_FACT_MOVES`], and the best move; `move_count` in all).
    pub moves: Vec<TreeMove>,
    pub move_count: u32,
    /// The neighbours with at least as many stones: a move there is answered by moving
    /// straight back (the first [`MAX_FACT_MOVES`]; `answered_count` in all).
    pub answered: Vec<TreeNeighbour>,
    pub answered_count: u32,
    /// The best move of the reduced game (the fastest win, the longest resistance; ties
    /// to the smallest vertex), if the vertex has a move that matters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<u32>,
    pub reason: TreeReason,
}

/// A move to a neighbour with fewer stones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeMove {
    pub to: u32,
    pub stones: u64,
    /// The value of `to` for the opponent, and its depth in the reduced game.
    pub outcome: Outcome,
    pub depth: u32,
    /// `to` is Lose for the opponent.
    pub winning: bool,
    /// It keeps the value with best play (see [`TreeFacts::best`]).
    pub optimal: bool,
}

/// A neighbour with at least as many stones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeNeighbour {
    pub to: u32,
    pub stones: u64,
}

/// Which rule decides the value of a piece on a vertex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TreeReason {
    /// No stone on it: the player to move cannot remove one, and loses at once.
    NoStone,
    /// Stones, but no neighbour with fewer: every move is answered by moving back, and
    /// the player to move runs out of stones here first. Lose.
    NoSmaller,
    /// Win: the move to `to` (`stones` stones) leaves the opponent a loss; `winning` such
    /// moves in all.
    MoveToLose { to: u32, stones: u64, winning: u32 },
    /// Lose: each of the `moves` moves to a neighbour with fewer stones leaves the
    /// opponent a win (the longest resistance is to `to`, `stones` stones), and the
    /// others are answered by moving back.
    EveryMoveToWin { moves: u32, to: u32, stones: u64 },
}
