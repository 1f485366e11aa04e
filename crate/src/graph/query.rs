//! Many games on one graph, each asking for one value: the queries of format `goal`.
//!
//! The contest algorithm runs one full retrograde BFS per query. A query only needs
//! the value of its start, so this does less, and the answers do not depend on how
//! (values do not depend on the order in which the BFS resolves vertices; depths would,
//! and are not asked for here):
//!
//! * **Solve the goal-free game once.** The dead ends and everything they decide (the
//!   *base*: values, the counters of undecided moves where that BFS ends, and for each
//!   Win the Lose successor that decided it) are the same for every goal, and are worked
//!   out once. A goal `g` changes only `g` (it becomes Lose, its moves unused):
//!   - if `g` is Lose in the base, the game with goal `g` has exactly the base's values
//!     (every base derivation still holds, `g` is Lose by either rule, and the base's
//!     fixpoint is one of the goal game's), so its queries cost nothing;
//!   - if `g` is undecided (a draw) in the base, every base derivation still holds (none
//!     used `g`), so the BFS goes on from the base with `g` made Lose, and costs only
//!     what the goal adds;
//!   - if `g` is Win in the base, only what the base derived from `g` can change: the
//!     *affected* vertices, `g` and, again and again, each Lose vertex with an affected
//!     (Win) successor and each Win vertex that an affected Lose decided. Everything
//!     else keeps its base value (its derivation never used `g`). The affected vertices
//!     are made undecided again, their counters recounted from the unaffected Wins, the
//!     draws' counters given back the affected Wins they had counted, and the BFS goes
//!     on from `g` and from each affected vertex with an unaffected Lose successor. A
//!     goal costs the moves into and out of what it affects, not a new BFS (unless it
//!     affects a quarter of the graph: then the BFS starts afresh, from the goal and the
//!     dead ends, and stops once the start is known, as the contest algorithm does).
//! * **Without a dead end, watch instead.** On a graph where every vertex has a move, the
//!   goal-free game decides nothing and there is no base to reuse: each goal's BFS starts
//!   afresh from the goal, and watches one move per vertex instead of counting them all
//!   ([`watch`]), which on a dense graph is far less work.
//! * **Stop as soon as the start is known.** Queries with the same goal share one BFS,
//!   which goes on only as far as the next start needs.
//! * **Undo only what was done.** After a goal, the vertices it touched are set back
//!   from the base, or, when that is most of the graph, the whole array is copied back.
//!
//! Each vertex's value and counter share one 32-bit word, so a move looked at costs one
//! memory access (the contest algorithm's two arrays cost two).

mod watch;

use crate::graph::{Field, Graph, GraphError};
use crate::value::Outcome;
use alloc::vec::Vec;
use watch::Watched;

/// A vertex's word: 2 bits of value, 30 of counter (an out-degree is below 2^25 within
/// the memory limit, so bit 29 is free to mark an affected vertex for a while).
const UNDECIDED: u32 = 0;
const WIN: u32 = 1 << 30;
const LOSE: u32 = 2 << 30;
const VALUE: u32 = 3 << 30;
const AFFECTED: u32 = 1 << 29;
const COUNTER: u32 = AFFECTED - 1;

/// No vertex (the decider of a vertex that is not a base Win).
const NONE: u32 = u32::MAX;

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
    /// On a graph without a dead end: the watching BFS that answers every query instead.
    watched: Option<Watched<'g>>,
    /// The vertices without any successor: Lose in every query.
    sinks: Vec<u32>,
    /// Per vertex: its word where the goal-free BFS ends.
    base: Vec<u32>,
    /// Per base Win: the Lose successor whose pop decided it (else [`NONE`]).
    decider: Vec<u32>,
    /// Per vertex: its word in the current goal's BFS.
    word: Vec<u32>,
    /// Whether `word` is `base` everywhere (between goals, unless a goal was too large to
    /// undo).
    clean: bool,
    /// The BFS queue of the current goal: resolved vertices, popped up to `popped`.
    queue: Vec<u32>,
    popped: usize,
    /// The current goal's affected vertices, and the draws whose counters it changed.
    affected: Vec<u32>,
    recounted: Vec<u32>,
    /// Moves looked at by the current goal: what undoing it costs.
    work: u64,
}

impl<'g> Queries<'g> {
    /// Prepares the goal-free base: O(n + m) time and 16 bytes per vertex (on a graph
    /// without a dead end, the watch lists instead: 28 bytes per vertex).
    pub fn new(graph: &'g Graph) -> Queries<'g> {
        let slots = graph.n() as usize + 1;
        let watched = (1..=graph.n())
            .all(|v| !graph.successors(v).is_empty())
            .then(|| Watched::new(graph));
        if watched.is_some() {
            return Queries {
                graph,
                watched,
                sinks: Vec::new(),
                base: Vec::new(),
                decider: Vec::new(),
                word: Vec::new(),
                clean: true,
                queue: Vec::new(),
                popped: 0,
                affected: Vec::new(),
                recounted: Vec::new(),
                work: 0,
            };
        }
        let mut word = vec![UNDECIDED; slots];
        let mut sinks = Vec::new();
        for v in 1..=graph.n() {
            let degree = graph.successors(v).len() as u32;
            word[v as usize] = UNDECIDED | degree;
            if degree == 0 {
                sinks.push(v);
            }
        }
        let mut q = Queries {
            graph,
            watched: None,
            sinks: Vec::new(),
            base: Vec::new(),
            decider: vec![NONE; slots],
            word,
            clean: true,
            queue: Vec::with_capacity(slots),
            popped: 0,
            affected: Vec::new(),
            recounted: Vec::new(),
            work: 0,
        };
        // The base: the BFS from the dead ends alone, run to its end, each Win's decider
        // noted.
        for &v in &sinks {
            q.resolve(v, LOSE);
        }
        while let Some(&w) = q.queue.get(q.popped) {
            q.popped += 1;
            if q.word[w as usize] & VALUE == LOSE {
                for &u in graph.predecessors(w) {
                    if q.word[u as usize] & VALUE == UNDECIDED {
                        q.decider[u as usize] = w;
                    }
                }
            }
            q.expand(w);
        }
        q.base = q.word.clone();
        q.queue.clear();
        q.popped = 0;
        q.sinks = sinks;
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
        if let Some(watched) = &mut self.watched {
            return Ok(watched.answer(&checked));
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

    /// Starts the BFS for goal `g` from the base: `g` is Lose, and if it was a Win there,
    /// what the base derived from it is undone first.
    fn start_goal(&mut self, g: u32) {
        if !self.clean {
            self.word.copy_from_slice(&self.base);
            self.clean = true;
        }
        self.queue.clear();
        self.popped = 0;
        self.work = 0;
        self.affected.clear();
        self.recounted.clear();
        if self.base[g as usize] & VALUE == WIN && !self.unwind(g) {
            self.afresh(g);
            return;
        }
        self.resolve(g, LOSE);
    }

    /// Starts goal `g`'s BFS afresh, as the contest algorithm does: every vertex
    /// undecided with all its moves open, the goal and the dead ends Lose.
    fn afresh(&mut self, g: u32) {
        for v in 1..self.word.len() as u32 {
            self.word[v as usize] = UNDECIDED | self.graph.successors(v).len() as u32;
        }
        self.clean = false;
        self.queue.clear();
        self.affected.clear();
        self.recounted.clear();
        self.resolve(g, LOSE);
        for k in 0..self.sinks.len() {
            let v = self.sinks[k];
            if v != g {
                self.resolve(v, LOSE);
            }
        }
    }

    /// Makes what the base derived from `g` (a base Win) undecided again, and queues the
    /// affected vertices that the unaffected ones decide (see the module's doc); false,
    /// with nothing done that counts, if the goal affects so much that starting afresh
    /// (and stopping as soon as the start is known) costs less.
    fn unwind(&mut self, g: u32) -> bool {
        let graph = self.graph;
        // Unwinding looks at the moves into the affected vertices, then out of them,
        // then the BFS: beyond a quarter of the graph, a fresh BFS is cheaper.
        let most = (graph.n() as u64 + graph.edges() as u64) / 4;
        // The affected vertices, marked.
        self.word[g as usize] |= AFFECTED;
        self.affected.push(g);
        let mut k = 0;
        while let Some(&x) = self.affected.get(k) {
            k += 1;
            let preds = graph.predecessors(x);
            self.work += preds.len() as u64;
            if self.work > most {
                return false;
            }
            let x_won = self.base[x as usize] & VALUE == WIN;
            for &u in preds {
                let word = self.word[u as usize];
                if word & AFFECTED != 0 {
                    continue;
                }
                let depends = match word & VALUE {
                    LOSE => x_won,
                    WIN => !x_won && self.decider[u as usize] == x,
                    _ => false,
                };
                if depends {
                    self.word[u as usize] = word | AFFECTED;
                    self.affected.push(u);
                } else if word & VALUE == UNDECIDED && x_won {
                    // A draw that counted `x` as a Win: it counts it as open again.
                    self.word[u as usize] = word + 1;
                    self.recounted.push(u);
                }
            }
        }
        // Their counters, recounted from the Wins that stay; and which of them an
        // unaffected Lose successor decides at once.
        let mut wins = Vec::new();
        for i in 0..self.affected.len() {
            let v = self.affected[i];
            let succ = graph.successors(v);
            self.work += succ.len() as u64;
            let (mut open, mut to_lose) = (0u32, false);
            for &w in succ {
                let word = self.word[w as usize];
                if word & AFFECTED != 0 || word & VALUE == UNDECIDED {
                    open += 1;
                } else if word & VALUE == LOSE {
                    to_lose = true;
                    open += 1;
                }
            }
            if to_lose {
                wins.push(v);
            }
            // Still marked: the recount of the others reads the marks.
            self.word[v as usize] = UNDECIDED | AFFECTED | open;
        }
        for i in 0..self.affected.len() {
            let v = self.affected[i];
            self.word[v as usize] &= !AFFECTED;
        }
        for v in wins {
            if v != g {
                self.resolve(v, WIN);
            }
        }
        true
    }

    /// Sets back what the current goal changed: the affected vertices, the counters of
    /// the draws it recounted, the vertices it resolved and the counters its popped Win
    /// vertices lowered; or, if that is more work than copying the whole array, leaves
    /// the array to be copied by the next goal.
    fn undo(&mut self) {
        let touched = self.work + (self.queue.len() + self.affected.len()) as u64;
        if touched > self.word.len() as u64 / 4 {
            self.clean = false;
            return;
        }
        // Which popped vertices were Wins, read before any word is set back (a popped Win
        // may itself be the predecessor of another).
        let wins: Vec<u32> = self.queue[..self.popped]
            .iter()
            .copied()
            .filter(|&w| self.word[w as usize] & VALUE == WIN)
            .collect();
        for w in wins {
            for &u in self.graph.predecessors(w) {
                self.word[u as usize] = self.base[u as usize];
            }
        }
        for list in [&self.queue, &self.affected, &self.recounted] {
            for &v in list.iter() {
                self.word[v as usize] = self.base[v as usize];
            }
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
            let Some(&w) = self.queue.get(self.popped) else {
                return Outcome::Loop;
            };
            self.popped += 1;
            self.expand(w);
        }
    }

    #[inline]
    fn resolve(&mut self, v: u32, value: u32) {
        self.word[v as usize] = value;
        self.queue.push(v);
    }

    /// Decides what the popped vertex `w` decides: a Lose makes its undecided
    /// predecessors Win; a Win lowers their counters, and one at its last move is Lose.
    /// (The goal, decided from the start, is never decided again.)
    fn expand(&mut self, w: u32) {
        let predecessors = self.graph.predecessors(w);
        self.work += predecessors.len() as u64;
        if self.word[w as usize] & VALUE == LOSE {
            for &u in predecessors {
                if self.word[u as usize] & VALUE == UNDECIDED {
                    self.resolve(u, WIN);
                }
            }
            return;
        }
        for &u in predecessors {
            let word = self.word[u as usize];
            if word & VALUE != UNDECIDED {
                continue;
            }
            if word & COUNTER == 1 {
                self.resolve(u, LOSE);
            } else {
                self.word[u as usize] = word - 1;
            }
        }
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
