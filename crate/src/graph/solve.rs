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
use crate::solve::Trace;
use crate::value::{outcome_of, Outcome, LOSE, LOW, MOVE_WORDS, RESOLVED, WIN};
use alloc::vec::Vec;
use serde::Serialize;

/// A solved game graph: every vertex's outcome and depth.
///
/// Draw is the ring's Loop: [`Outcome::Loop`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphSolution {
    graph: Graph,
    /// Per vertex (entry 0 unused, 0): outcome in the top bits, depth below; 0 for Draw.
    status: Vec<u32>,
}

/// What a page counts of a solved graph, from the core rather than from its own arrays
/// (`GraphSolution.counts()` in JS): how many vertices of each value, and how many ends
/// of the game besides the goal. (Its size, `n` and the edges, the page has; the states
/// the search decides, its stepper's `decidable`.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphCounts {
    pub win: u32,
    pub lose: u32,
    pub draw: u32,
    /// The dead ends: vertices other than the goal without a move (Lose in 0: the player
    /// there cannot move). See [`GraphSolution::dead_ends`].
    pub dead_ends: u32,
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
    GraphSearch::new(graph, false).finish().0
}

/// Solves `graph` and records the BFS order for the stepper (see [`Trace`]).
pub fn solve_graph_traced(graph: Graph) -> (GraphSolution, Trace) {
    let (solution, trace) = GraphSearch::new(graph, true).finish();
    (solution, trace.expect("traced"))
}

/// The BFS under way, a budget of work at a time ([`GraphSearch::advance`]): on the
/// largest graph the memory limit admits (33 million edges) a whole solve takes seconds,
/// and a worker answers Cancel between two budgets.
#[derive(Clone, Debug)]
pub struct GraphSearch {
    graph: Graph,
    status: Vec<u32>,
    queue: Vec<u32>,
    seeds: u32,
    unresolved: u32,
    head: usize,
    /// Per pop, where its children end in the queue (with a trace).
    children_end: Option<Vec<u32>>,
    done: bool,
}

impl GraphSearch {
    /// The search at its start: the seeds queued (`O(n)`).
    pub fn new(graph: Graph, trace: bool) -> GraphSearch {
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
        GraphSearch {
            graph,
            status,
            queue,
            seeds,
            unresolved: n - seeds,
            head: 0,
            children_end: trace.then(Vec::new),
            done: false,
        }
    }

    /// Pops until about `budget` units (a pop, an edge looked at) are spent or the
    /// search is over: whether it is.
    pub fn advance(&mut self, budget: u64) -> bool {
        let mut spent = 0u64;
        while !self.done {
            if spent >= budget {
                return false;
            }
            if self.head >= self.queue.len() {
                self.done = true;
                break;
            }
            if self.unresolved == 0 {
                // Nothing is left to learn: the remaining pops resolve nothing.
                if let Some(ends) = &mut self.children_end {
                    ends.resize(self.queue.len(), self.queue.len() as u32);
                }
                self.done = true;
                break;
            }
            let w = self.queue[self.head];
            self.head += 1;
            let st = self.status[w as usize];
            let depth = (st & LOW) + 1;
            let won = st & LOSE != 0;
            // The goal is resolved from the start, so its edges (never used) are skipped
            // like those of any resolved vertex.
            let preds = self.graph.predecessors(w);
            for &u in preds {
                let su = &mut self.status[u as usize];
                if *su & RESOLVED != 0 {
                    continue;
                }
                if won || *su == 1 {
                    *su = if won { WIN } else { LOSE } | depth;
                    self.queue.push(u);
                    self.unresolved -= 1;
                } else {
                    *su -= 1;
                }
            }
            spent += 1 + preds.len() as u64;
            if let Some(ends) = &mut self.children_end {
                ends.push(self.queue.len() as u32);
            }
        }
        true
    }

    /// Whether the search is over.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The vertices resolved so far.
    pub fn resolved(&self) -> u32 {
        self.queue.len() as u32
    }

    /// The graph's vertices.
    pub fn total(&self) -> u32 {
        self.graph.n()
    }

    /// The solution (and the trace, if asked for), after running the search to its end.
    pub fn finish(mut self) -> (GraphSolution, Option<Trace>) {
        self.advance(u64::MAX);
        let mut status = self.status;
        // Draws keep their counters until here: clear them, so every reader sees 0.
        for st in &mut status {
            if *st & RESOLVED == 0 {
                *st = 0;
            }
        }
        let trace = self.children_end.map(|children_end| Trace {
            order: self.queue,
            seeds: self.seeds,
            children_end,
        });
        (
            GraphSolution {
                graph: self.graph,
                status,
            },
            trace,
        )
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
        self.first_moves(v, usize::MAX)
    }

    /// The first `max` of [`GraphSolution::moves`]: one vertex may have every edge the
    /// limits admit (33 million: half a gigabyte of rows), and a caller that shows a few
    /// need not copy them all.
    pub fn first_moves(&self, v: u32, max: usize) -> Vec<[u32; MOVE_WORDS]> {
        if v == 0 || v > self.n() {
            return Vec::new();
        }
        self.graph
            .moves(v)
            .iter()
            .take(max)
            .map(|&w| {
                let s = self.status[w as usize];
                [w, outcome_of(s) as u32, s & LOW, 0]
            })
            .collect()
    }

    /// The vertices with a move onto `v`, ascending, once each (the goal's edges are
    /// not moves, so the goal is never one).
    pub fn predecessors(&self, v: u32) -> Vec<u32> {
        self.first_predecessors(v, usize::MAX)
    }

    /// The first `max` of [`GraphSolution::predecessors`] (a neighbourhood shows a few
    /// dozen; a vertex may have millions).
    pub fn first_predecessors(&self, v: u32, max: usize) -> Vec<u32> {
        // The goal's edges are not moves: it is nobody's predecessor.
        self.neighbours(self.graph.predecessors(v), v, max, self.graph.goal())
    }

    /// The first `max` vertices `v` can move to, ascending, once each (repeated edges
    /// are one neighbour; the goal has none).
    pub fn first_successors(&self, v: u32, max: usize) -> Vec<u32> {
        self.neighbours(self.graph.moves(v), v, max, None)
    }

    /// The dead ends, ascending: the vertices other than the goal that have no move. A
    /// player there cannot move and has lost (Lose in 0), as on the goal, but for
    /// another reason: the pages say which, and draw the two apart.
    pub fn dead_ends(&self) -> Vec<u32> {
        let goal = self.graph.goal();
        (1..=self.n())
            .filter(|&v| Some(v) != goal && self.graph.moves(v).is_empty())
            .collect()
    }

    /// The graph's counts (see [`GraphCounts`]).
    pub fn counts(&self) -> GraphCounts {
        let (mut win, mut lose) = (0, 0);
        for o in self.outcomes().skip(1) {
            win += (o == Outcome::Win) as u32;
            lose += (o == Outcome::Lose) as u32;
        }
        GraphCounts {
            win,
            lose,
            draw: self.n() - win - lose,
            dead_ends: self.dead_ends().len() as u32,
        }
    }

    /// The first `max` distinct entries of the ascending list `list` of vertex `v`'s
    /// neighbours, `skip` left out.
    fn neighbours(&self, list: &[u32], v: u32, max: usize, skip: Option<u32>) -> Vec<u32> {
        if v == 0 || v > self.n() {
            return Vec::new();
        }
        let mut out: Vec<u32> = Vec::new();
        for &u in list {
            if out.len() >= max {
                break;
            }
            if Some(u) != skip && out.last() != Some(&u) {
                out.push(u);
            }
        }
        out
    }
}
