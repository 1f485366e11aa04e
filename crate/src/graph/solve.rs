//! The retrograde BFS on a game graph: Win, Lose or Draw, depth and best move for
//! every vertex (`docs/rules.md`, "Games on graphs", "Values and depth").
//!
//! The same BFS as the ring's (`crate::classic` words it plainly): the vertices that
//! are Lose at depth 0 (the goal and the vertices without moves) are seeded in
//! ascending order; popping a Lose makes its unresolved predecessors Win, popping a
//! Win takes one undecided move off each predecessor's counter, and a counter at zero
//! makes that predecessor Lose. Every edge is looked at once from its head, so a solve
//! is O(n + m) and needs 8 bytes per vertex besides the graph: a status word (outcome
//! and depth, or while unresolved the count of undecided moves) and the queue.

use crate::graph::Graph;
use crate::solve::{outcome_of, Outcome, Trace, LOSE, LOW, MOVE_WORDS, RESOLVED, WIN};

/// A solved game graph: every vertex's outcome and depth.
///
/// Draw is the ring's Loop: [`Outcome::Loop`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphSolution {
    graph: Graph,
    /// Per vertex (entry 0 unused, 0): outcome in the top bits, depth below; 0 for Draw.
    status: Vec<u32>,
}

/// Solves `graph` (with its goal, if any).
///
/// ```
/// use loopy::graph::{solve::solve_graph, Graph};
/// use loopy::Outcome;
/// // The spec's sample with goal 6: 5 and 2 move onto the goal, 4 must move to 5.
/// let g = Graph::new(8, &[1, 2, 3, 3, 4, 5, 2, 7, 8], &[2, 3, 1, 4, 5, 6, 6, 8, 7]).unwrap();
/// let s = solve_graph(g.with_goal(Some(6)).unwrap());
/// assert_eq!(s.outcome(1), Outcome::Lose);
/// assert_eq!(s.depth(3), 3);
/// assert_eq!(s.outcome(7), Outcome::Loop); // a draw
/// // 3 wins fastest through 1 or 4 (both Lose in 2): ties go to the smallest.
/// assert_eq!(s.best_move(3), Some(1));
/// ```
pub fn solve_graph(graph: Graph) -> GraphSolution {
    Search::run(graph, false).0
}

/// Solves `graph` and records the BFS order for the stepper (see [`Trace`]).
pub fn solve_graph_traced(graph: Graph) -> (GraphSolution, Trace) {
    let (solution, trace) = Search::run(graph, true);
    (solution, trace.expect("traced"))
}

struct Search;

impl Search {
    fn run(graph: Graph, trace: bool) -> (GraphSolution, Option<Trace>) {
        let n = graph.n();
        let mut status = vec![0u32; n as usize + 1];
        let mut queue = Vec::new();
        // Unresolved vertices count their undecided moves down; the seeds are the
        // vertices with none: the goal and the sinks, ascending.
        for v in 1..=n {
            let moves = graph.moves(v).len() as u32;
            status[v as usize] = moves;
            if moves == 0 {
                status[v as usize] = LOSE;
                queue.push(v);
            }
        }
        let seeds = queue.len() as u32;
        let mut unresolved = n - seeds;
        let mut children_end = Vec::new();
        let mut head = 0;
        while head < queue.len() {
            if unresolved == 0 {
                // Nothing is left to learn: the remaining pops resolve nothing.
                if trace {
                    children_end.resize(queue.len(), queue.len() as u32);
                }
                break;
            }
            let w = queue[head];
            head += 1;
            let st = status[w as usize];
            let depth = (st & LOW) + 1;
            let won = st & LOSE != 0;
            // The goal is resolved from the start, so its edges (never used) are skipped
            // like those of any resolved vertex.
            for &u in graph.predecessors(w) {
                let su = &mut status[u as usize];
                if *su & RESOLVED != 0 {
                    continue;
                }
                if won || *su == 1 {
                    *su = if won { WIN } else { LOSE } | depth;
                    queue.push(u);
                    unresolved -= 1;
                } else {
                    *su -= 1;
                }
            }
            if trace {
                children_end.push(queue.len() as u32);
            }
        }
        // Draws keep their counters until here: clear them, so every reader sees 0.
        for st in &mut status {
            if *st & RESOLVED == 0 {
                *st = 0;
            }
        }
        let trace = trace.then_some(Trace {
            order: queue,
            seeds,
            children_end,
        });
        (GraphSolution { graph, status }, trace)
    }
}

impl GraphSolution {
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The number of vertices.
    pub fn n(&self) -> u32 {
        self.graph.n()
    }

    /// The status word of vertex `v`: outcome bits and depth (0 for Draw).
    #[inline]
    pub(crate) fn status_word(&self, v: u32) -> u32 {
        self.status[v as usize]
    }

    /// The value of `v` for the player to move: Win, Lose, or Loop for a draw. Entry 0
    /// and numbers past `n` read as Loop.
    pub fn outcome(&self, v: u32) -> Outcome {
        self.status
            .get(v as usize)
            .map_or(Outcome::Loop, |&s| outcome_of(s))
    }

    /// Remoteness: plies to the end under optimal play; 0 for the goal, sinks and draws.
    pub fn depth(&self, v: u32) -> u32 {
        self.status.get(v as usize).map_or(0, |&s| s & LOW)
    }

    /// Outcomes indexed by vertex (entry 0 unused, Loop).
    pub fn outcomes(&self) -> impl ExactSizeIterator<Item = Outcome> + '_ {
        self.status.iter().map(|&s| outcome_of(s))
    }

    /// Depths indexed by vertex (entry 0 unused, 0).
    pub fn depths(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.status.iter().map(|&s| s & LOW)
    }

    /// Whether moving from a vertex of status `st` to one of status `to` is an
    /// optimal move by the spec's rules (fastest win, longest resistance, stay in
    /// the draw).
    #[inline]
    pub(crate) fn optimal(st: u32, to: u32) -> bool {
        let depth = st & LOW;
        match outcome_of(st) {
            Outcome::Win => to == LOSE | (depth - 1),
            Outcome::Lose => to == WIN | (depth - 1),
            Outcome::Loop => to & RESOLVED == 0,
        }
    }

    /// The optimal move from `v`, as the vertex it leads to; `None` where there is no
    /// move (the goal, a sink) or `v` is not a vertex. Ties go to the smallest vertex.
    pub fn best_move(&self, v: u32) -> Option<u32> {
        if v == 0 || v > self.n() {
            return None;
        }
        let st = self.status[v as usize];
        // Successors are ascending, so the first optimal one is the smallest.
        self.graph
            .moves(v)
            .iter()
            .copied()
            .find(|&w| Self::optimal(st, self.status[w as usize]))
    }

    /// [`GraphSolution::best_move`] for every vertex (0 where there is none; entry 0 unused).
    pub fn best_moves(&self) -> Vec<u32> {
        (0..=self.n())
            .map(|v| self.best_move(v).unwrap_or(0))
            .collect()
    }

    /// Every move from `v`, ascending by the vertex it reaches (repeated edges
    /// repeated): `[succ, outcome, depth, 0]`, the successor's `Outcome` code and depth.
    /// Nothing for the goal, whose edges are never used.
    pub fn moves(&self, v: u32) -> Vec<[u32; MOVE_WORDS]> {
        if v == 0 || v > self.n() {
            return Vec::new();
        }
        self.graph
            .moves(v)
            .iter()
            .map(|&w| {
                let s = self.status[w as usize];
                [w, outcome_of(s) as u32, s & LOW, 0]
            })
            .collect()
    }

    /// The vertices with a move onto `v`, ascending, once each (the goal's edges are
    /// not moves, so the goal is never one).
    pub fn predecessors(&self, v: u32) -> Vec<u32> {
        if v == 0 || v > self.n() {
            return Vec::new();
        }
        let mut out: Vec<u32> = self
            .graph
            .predecessors(v)
            .iter()
            .copied()
            .filter(|&u| Some(u) != self.graph.goal())
            .collect();
        out.dedup();
        out
    }
}
