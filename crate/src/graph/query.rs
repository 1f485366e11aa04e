//! Many games on one graph, each asking for one value: the queries of format `goal`.
//!
//! The contest algorithm runs one full retrograde BFS per query. A query only needs
//! the value of its start, so this does less, in three ways, and the answers do not
//! depend on any of them (values do not depend on the order in which the BFS resolves
//! vertices; depths would, and are not asked for here):
//!
//! * **Solve the goal-free game once.** The dead ends and everything they decide (the
//!   *base*: values, and the counters of undecided moves where that BFS ends) are the
//!   same for every goal, and are worked out once. A goal `g` then changes only `g`:
//!   - if `g` is Lose in the base, the game with goal `g` has exactly the base's values
//!     (every base derivation still holds, `g` is Lose by either rule, and the base's
//!     fixpoint is one of the goal game's), so its queries cost nothing;
//!   - if `g` is undecided (a draw) in the base, every base derivation still holds (none
//!     used `g`, whose own moves are all that the goal takes away), so the BFS goes on
//!     from the base with `g` made Lose, and costs only what the goal adds;
//!   - if `g` is Win in the base, making it Lose can undo what it decided: the BFS
//!     starts afresh from the goal and the dead ends, as the contest algorithm does.
//! * **Stop as soon as the start is known.** Queries with the same goal share one BFS,
//!   which goes on only as far as the next start needs.
//! * **Undo only what was done.** After a goal, the vertices its BFS touched are set
//!   back (the queue, and the predecessors of the Win vertices it popped), or, when that
//!   is most of the graph, the whole array is copied back: a goal costs the smaller of
//!   its work and one sequential copy, never a full clear per query.
//!
//! Each vertex's value and counter share one 32-bit word, so a move looked at costs one
//! memory access (the contest algorithm's two arrays cost two).

use crate::graph::{Field, Graph, GraphError};
use crate::solve::Outcome;
use alloc::vec::Vec;

/// A vertex's word: 2 bits of value, 30 of counter (an out-degree is below 2^25 within
/// the memory limit).
const UNDECIDED: u32 = 0;
const WIN: u32 = 1 << 30;
const LOSE: u32 = 2 << 30;
const VALUE: u32 = 3 << 30;

/// What the words hold between goals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Clean {
    /// The base's words.
    Base,
    /// Every vertex undecided with all its moves open.
    Fresh,
    /// Neither: a goal's BFS was too large to undo.
    Dirty,
}

/// Answers many `(start, goal)` queries on one graph (its own goal is ignored).
///
/// ```
/// use loopy::graph::{query::Queries, Graph};
/// use loopy::Outcome;
/// let g = Graph::new(8, &[1, 2, 3, 3, 4, 5, 2, 7, 8], &[2, 3, 1, 4, 5, 6, 6, 8, 7]).unwrap();
/// let mut q = Queries::new(&g);
/// let answers = q.answer_all(&[(1, 6), (3, 5), (7, 6), (4, 1)]).unwrap();
/// assert_eq!(answers, [Outcome::Lose, Outcome::Win, Outcome::Loop, Outcome::Lose]);
/// ```
pub struct Queries<'g> {
    graph: &'g Graph,
    /// The vertices without any successor: Lose in every query.
    sinks: Vec<u32>,
    /// Per vertex: its word where the goal-free BFS ends.
    base: Vec<u32>,
    /// Per vertex: undecided, with its out-degree as the counter.
    fresh: Vec<u32>,
    /// Per vertex: its word in the current goal's BFS.
    word: Vec<u32>,
    clean: Clean,
    /// Whether the current goal's BFS started from the base (else afresh).
    from_base: bool,
    /// The BFS queue of the current goal: resolved vertices, popped up to `popped`.
    queue: Vec<u32>,
    popped: usize,
    /// Moves looked at by the current goal's BFS: what undoing it costs.
    work: u64,
}

impl<'g> Queries<'g> {
    /// Prepares the goal-free base: O(n + m) time and 16 bytes per vertex.
    pub fn new(graph: &'g Graph) -> Queries<'g> {
        let slots = graph.n() as usize + 1;
        let mut fresh = vec![UNDECIDED; slots];
        let mut sinks = Vec::new();
        for v in 1..=graph.n() {
            let degree = graph.successors(v).len() as u32;
            fresh[v as usize] = UNDECIDED | degree;
            if degree == 0 {
                sinks.push(v);
            }
        }
        let mut q = Queries {
            graph,
            sinks,
            base: Vec::new(),
            word: fresh.clone(),
            fresh,
            clean: Clean::Fresh,
            from_base: false,
            queue: Vec::with_capacity(slots),
            popped: 0,
            work: 0,
        };
        // The base: the BFS from the dead ends alone, run to its end.
        for k in 0..q.sinks.len() {
            let v = q.sinks[k];
            q.resolve(v, LOSE);
        }
        while q.pop() {}
        q.base = core::mem::take(&mut q.word);
        q.word = q.base.clone();
        q.clean = Clean::Base;
        q.queue.clear();
        q
    }

    /// Answers every `(start, goal)` pair, in order: the value of `start` for the
    /// player to move, Loop meaning a draw. Queries with the same goal share one BFS.
    pub fn answer_all(&mut self, queries: &[(u64, u64)]) -> Result<Vec<Outcome>, GraphError> {
        let mut checked = Vec::with_capacity(queries.len());
        for &(s, g) in queries {
            checked.push((
                self.graph.vertex(s, Field::Start)?,
                self.graph.vertex(g, Field::Goal)?,
            ));
        }
        let mut by_goal: Vec<usize> = (0..queries.len()).collect();
        by_goal.sort_by_key(|&k| checked[k].1);
        let mut answers = vec![Outcome::Loop; queries.len()];
        let mut current = None;
        for k in by_goal {
            let (s, g) = checked[k];
            if self.base[g as usize] & VALUE == LOSE {
                // The goal changes nothing: the base's values are the game's.
                answers[k] = outcome(self.base[s as usize]);
                continue;
            }
            if current != Some(g) {
                if current.is_some() {
                    self.undo();
                }
                self.start_goal(g);
                current = Some(g);
            }
            answers[k] = self.value(s);
        }
        if current.is_some() {
            self.undo();
        }
        Ok(answers)
    }

    /// Starts the BFS for goal `g`: from the base if `g` is undecided there, else afresh
    /// from the dead ends; `g` is Lose.
    fn start_goal(&mut self, g: u32) {
        self.from_base = self.base[g as usize] & VALUE == UNDECIDED;
        let want = if self.from_base {
            Clean::Base
        } else {
            Clean::Fresh
        };
        if self.clean != want {
            if self.from_base {
                self.word.copy_from_slice(&self.base);
            } else {
                self.word.copy_from_slice(&self.fresh);
            }
            self.clean = want;
        }
        self.queue.clear();
        self.popped = 0;
        self.work = 0;
        self.resolve(g, LOSE);
        if !self.from_base {
            for k in 0..self.sinks.len() {
                let v = self.sinks[k];
                if v != g {
                    self.resolve(v, LOSE);
                }
            }
        }
    }

    /// Sets back what the current goal's BFS changed: the vertices it resolved and the
    /// counters its popped Win vertices lowered; or, if that is more work than copying
    /// the whole array, leaves the words to be copied by the next goal.
    fn undo(&mut self) {
        if self.work + self.queue.len() as u64 > self.word.len() as u64 / 4 {
            self.clean = Clean::Dirty;
            return;
        }
        let from = if self.from_base {
            &self.base
        } else {
            &self.fresh
        };
        for k in 0..self.popped {
            let w = self.queue[k];
            if self.word[w as usize] & VALUE == WIN {
                for &u in self.graph.predecessors(w) {
                    self.word[u as usize] = from[u as usize];
                }
            }
        }
        for &v in &self.queue {
            self.word[v as usize] = from[v as usize];
        }
    }

    /// The value of `s` in the current goal's game, running the BFS only as far as
    /// needed.
    fn value(&mut self, s: u32) -> Outcome {
        loop {
            let word = self.word[s as usize];
            if word & VALUE != UNDECIDED {
                return outcome(word);
            }
            if !self.pop() {
                return Outcome::Loop;
            }
        }
    }

    #[inline]
    fn resolve(&mut self, v: u32, value: u32) {
        self.word[v as usize] = value;
        self.queue.push(v);
    }

    /// Pops one resolved vertex and decides what it decides (the goal, decided from the
    /// start, is never decided again); false once the queue is empty (every vertex still
    /// undecided is a draw).
    fn pop(&mut self) -> bool {
        let Some(&w) = self.queue.get(self.popped) else {
            return false;
        };
        self.popped += 1;
        let predecessors = self.graph.predecessors(w);
        self.work += predecessors.len() as u64;
        if self.word[w as usize] & VALUE == LOSE {
            for &u in predecessors {
                if self.word[u as usize] & VALUE == UNDECIDED {
                    self.resolve(u, WIN);
                }
            }
            return true;
        }
        for &u in predecessors {
            let word = self.word[u as usize];
            if word & VALUE != UNDECIDED {
                continue;
            }
            if word == UNDECIDED | 1 {
                self.resolve(u, LOSE);
            } else {
                self.word[u as usize] = word - 1;
            }
        }
        true
    }
}

/// The value a word holds.
#[inline]
fn outcome(word: u32) -> Outcome {
    match word & VALUE {
        WIN => Outcome::Win,
        LOSE => Outcome::Lose,
        _ => Outcome::Loop,
    }
}
