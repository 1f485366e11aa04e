//! Format `goal`'s queries on a graph without dead ends (see [`super`]): there the
//! goal-free game decides nothing, so there is no base to start from, and each goal's
//! BFS starts afresh from the goal alone. Two things make it cheap, and the answers do
//! not depend on either:
//!
//! * **Touch only what can matter.** Nothing is cleared between goals: every
//!   per-vertex word carries the number of the goal (the epoch) that wrote it, and a
//!   stale word reads as "untouched". A goal costs what it visits, not O(n).
//! * **Watch one move instead of counting all.** A popped Win does not decrement a
//!   counter on each predecessor: each unresolved vertex watches one move that does
//!   not (yet) lead to a Win, and only its watchers look further, from where they
//!   were, when that vertex turns out Win (as the ring's solver does). A vertex that
//!   has never moved its watch implicitly watches its first move, listed once for
//!   all goals, so starting a goal builds no lists. On a dense graph (a thousand
//!   vertices of 500 moves each) this is two orders of magnitude less work than
//!   counting, since most vertices stay draws and their counters would all be lowered.
//!
//! A vertex whose watch runs out of moves is Lose (every move reaches a Win).

use crate::graph::Graph;
use crate::solve::Outcome;
use alloc::vec::Vec;

const NONE: u32 = u32::MAX;
/// Low two bits of a vertex's `mark`: its state in the current query.
const WATCHING: u32 = 0;
const WIN: u32 = 1;
const LOSE: u32 = 2;

/// Answers `(start, goal)` queries, each goal's BFS afresh (right on any graph; used on
/// those without a dead end).
pub(super) struct Watched<'g> {
    graph: &'g Graph,
    /// The vertices without any successor: Lose in every query.
    sinks: Vec<u32>,
    /// The implicit watch lists: `first_head[w]` starts the list of vertices whose
    /// first successor is `w`, linked through `first_next`.
    first_head: Vec<u32>,
    first_next: Vec<u32>,
    /// The current query's number; words written by an older one are stale.
    epoch: u32,
    /// Per vertex: `epoch << 2 | state` once the query has touched it.
    mark: Vec<u32>,
    /// Per watching vertex: the index (in the graph's edge order) of the move it watches.
    watch: Vec<u32>,
    /// Explicit watch lists, valid where `head_epoch == epoch`: `head[w]` starts the
    /// list of vertices that moved their watch onto `w`, linked through `next`.
    head: Vec<u32>,
    head_epoch: Vec<u32>,
    next: Vec<u32>,
    /// The BFS queue of the current goal: resolved vertices, popped up to `popped`.
    queue: Vec<u32>,
    popped: usize,
    goal: u32,
}

impl<'g> Watched<'g> {
    /// Prepares the goal-independent lists: O(n) time and 28 bytes per vertex.
    pub(super) fn new(graph: &'g Graph) -> Watched<'g> {
        let slots = graph.n() as usize + 1;
        let mut first_head = vec![NONE; slots];
        let mut first_next = vec![NONE; slots];
        let mut sinks = Vec::new();
        // Descending, so that each list comes out ascending (not needed, but tidy).
        for u in (1..=graph.n()).rev() {
            match graph.successors(u).first() {
                Some(&w) => {
                    first_next[u as usize] = first_head[w as usize];
                    first_head[w as usize] = u;
                }
                None => sinks.push(u),
            }
        }
        sinks.reverse();
        Watched {
            graph,
            sinks,
            first_head,
            first_next,
            epoch: 0,
            mark: vec![0; slots],
            watch: vec![0; slots],
            head: vec![NONE; slots],
            head_epoch: vec![0; slots],
            next: vec![NONE; slots],
            queue: Vec::new(),
            popped: 0,
            goal: 0,
        }
    }

    /// Answers every `(start, goal)` pair (vertices already checked), in order: the
    /// value of `start` for the player to move, Loop meaning a draw. Queries with the
    /// same goal share one BFS.
    pub(super) fn answer(&mut self, checked: &[(u32, u32)]) -> Vec<Outcome> {
        let mut by_goal: Vec<usize> = (0..checked.len()).collect();
        by_goal.sort_by_key(|&k| checked[k].1);
        let mut answers = vec![Outcome::Loop; checked.len()];
        let mut current = None;
        for k in by_goal {
            let (s, g) = checked[k];
            if current != Some(g) {
                self.start_goal(g);
                current = Some(g);
            }
            answers[k] = self.value(s);
        }
        answers
    }

    /// Starts the BFS for goal `g`: a new epoch, the goal and the sinks seeded Lose.
    fn start_goal(&mut self, g: u32) {
        if self.epoch >= (u32::MAX >> 2) - 1 {
            // After a billion queries the epochs would wrap: clear once instead.
            self.mark.fill(0);
            self.head_epoch.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
        self.goal = g;
        self.queue.clear();
        self.popped = 0;
        self.resolve(g, LOSE);
        for k in 0..self.sinks.len() {
            let v = self.sinks[k];
            if v != g {
                self.resolve(v, LOSE);
            }
        }
    }

    /// The value of `s` in the current goal's game, running the BFS only as far as
    /// needed.
    fn value(&mut self, s: u32) -> Outcome {
        loop {
            match self.state(s) {
                Some(WIN) => return Outcome::Win,
                Some(LOSE) => return Outcome::Lose,
                _ => {}
            }
            if !self.pop() {
                return Outcome::Loop;
            }
        }
    }

    /// `v`'s state in this query, if it has been touched.
    #[inline]
    fn state(&self, v: u32) -> Option<u32> {
        let m = self.mark[v as usize];
        (m >> 2 == self.epoch).then_some(m & 3)
    }

    #[inline]
    fn resolve(&mut self, v: u32, state: u32) {
        self.mark[v as usize] = self.epoch << 2 | state;
        self.queue.push(v);
    }

    /// Pops one resolved vertex and decides what it decides; false once the queue is
    /// empty (every vertex still undecided is a draw).
    fn pop(&mut self) -> bool {
        let Some(&w) = self.queue.get(self.popped) else {
            return false;
        };
        self.popped += 1;
        let graph = self.graph;
        if self.state(w) == Some(LOSE) {
            // The goal is resolved, so its own (unused) edges are skipped here too.
            for &u in graph.predecessors(w) {
                if !matches!(self.state(u), Some(WIN | LOSE)) {
                    self.resolve(u, WIN);
                }
            }
            return true;
        }
        // A Win: its watchers look for another move. First those that never moved
        // their watch (their first move leads here), then those that moved it here.
        let mut u = self.first_head[w as usize];
        while u != NONE {
            if self.state(u).is_none() {
                self.rewatch(u, graph.first_edge(u) + 1);
            }
            u = self.first_next[u as usize];
        }
        if self.head_epoch[w as usize] == self.epoch {
            let mut u = self.head[w as usize];
            while u != NONE {
                let after = self.next[u as usize];
                if self.state(u) == Some(WATCHING) {
                    self.rewatch(u, self.watch[u as usize] + 1);
                }
                u = after;
            }
        }
        true
    }

    /// `u`'s watched move leads to a Win: watch its next move (in edge order, from
    /// edge `from`) that does not, or make `u` Lose if there is none.
    fn rewatch(&mut self, u: u32, from: u32) {
        let graph = self.graph;
        let end = graph.first_edge(u) + graph.successors(u).len() as u32;
        for e in from..end {
            let x = graph.edge_head(e);
            if self.state(x) != Some(WIN) {
                self.mark[u as usize] = self.epoch << 2 | WATCHING;
                self.watch[u as usize] = e;
                let x = x as usize;
                if self.head_epoch[x] != self.epoch {
                    self.head_epoch[x] = self.epoch;
                    self.head[x] = NONE;
                }
                self.next[u as usize] = self.head[x];
                self.head[x] = u;
                return;
            }
        }
        self.resolve(u, LOSE);
    }
}
