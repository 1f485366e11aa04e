//! Why a vertex of a game graph has its value, its Sprague-Grundy value and its place in
//! (or out of) the optimal-play set, as data (see the parent module).
//!
//! Bounded as a ring state's facts are: a vertex may have millions of moves (up to the
//! 33 million edges the memory limit admits), and listed whole its facts were megabytes
//! of JSON for one popup. Every list here holds at most [`MAX_FACT_MOVES`] entries, chosen
//! so that what the words say of them stays true, and says how long it would be whole
//! (`moveCount`, the reason's `count`, the SG facts' `…Count`); every fact that depends on
//! all the moves (the best move, the counts, the mex, the ∞(K) verdict) is worked out over
//! all of them, in passes of `O(out-degree)` (and, for the unanswered ∞ moves, the
//! out-degrees of those ∞ vertices: at most the edges).

use alloc::collections::VecDeque;
use alloc::vec::Vec;

use serde::Serialize;

use super::choice::{choose, keeps, Explained, Rule};
use super::{ExplainError, MAX_FACT_MOVES};
use crate::graph::solve::GraphSolution;
use crate::grundy::{Gamma, Grundy, INFINITE};
use crate::value::Outcome;

/// Everything the rules say about one vertex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VertexFacts {
    pub v: u32,
    /// Whether `v` is the goal (its edges are never used: it has no moves here).
    pub goal: bool,
    /// The value for the player to move (Loop is a Draw).
    pub outcome: Outcome,
    /// Plies to the end with best play; 0 for the goal, a dead end and a Draw.
    pub depth: u32,
    /// The moves, ascending by the vertex reached (a repeated edge repeated): every move
    /// when there are at most [`MAX_FACT_MOVES`]; else at most that many, each vertex
    /// reached once, chosen so that what the words say of them stays true: the best move,
    /// the draws the reason lists, then the smallest vertices reached (the ones a page
    /// lists first).
    pub moves: Vec<GraphMove>,
    /// How many moves the vertex has in all (`moves` lists them all when they are as
    /// many): the pages count with this, never over `moves`.
    pub move_count: u32,
    /// The spec's best move, as the vertex it reaches (ties: the smallest); none from
    /// the goal or a dead end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<u32>,
    /// The rule that decides the value.
    pub reason: GraphReason,
    /// The (generalised) Sprague-Grundy facts, when the values were given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<GrundyFacts>,
    /// Membership of the optimal-play set, when a start was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal: Option<Membership>,
}

/// One move of a vertex and what it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphMove {
    pub to: u32,
    /// The value of `to` for the opponent, and its depth.
    pub outcome: Outcome,
    pub depth: u32,
    /// Whether it wins: `to` is Lose for the opponent.
    pub winning: bool,
    /// Whether it keeps the value with best play (fastest win, longest resistance, stay
    /// in the draw); `best` is the smallest vertex among these.
    pub optimal: bool,
    /// Whether correct play may make it (the moves of the optimal-play set): the winner
    /// any winning move, the loser any move, a draw a move to a draw.
    pub correct: bool,
    /// The Sprague-Grundy value of `to` (`None`: ∞), when the values were given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gamma: Option<Sg>,
}

/// A Sprague-Grundy value as data: `{ "finite": 2 }` or
/// `{ "infinite": { "k": [0, 2], "kCount": 2 } }` (∞(K)).
///
/// `k` lists the first [`MAX_FACT_MOVES`] values of K and `k_count` counts them all: a
/// move's target can reach thousands of values (about `sqrt(2m)` at the edge limit), and
/// a vertex lists up to [`MAX_FACT_MOVES`] moves, each with its target's value, so whole
/// sets made one popup's facts megabytes of JSON (issue 17), for words that say "∞".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Sg {
    Finite(u32),
    Infinite { k: Vec<u32>, k_count: u32 },
}

impl From<Gamma<'_>> for Sg {
    fn from(g: Gamma<'_>) -> Sg {
        match g {
            Gamma::Finite(k) => Sg::Finite(k),
            Gamma::Infinite(k) => {
                let (k, k_count) = bounded(k.iter().copied());
                Sg::Infinite { k, k_count }
            }
        }
    }
}

/// Which rule decides a vertex's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum GraphReason {
    /// The goal: whoever moved onto it has won, so it is Lose in 0.
    Goal,
    /// No move: the player to move cannot move and loses, Lose in 0.
    DeadEnd,
    /// Win: some move reaches a Lose; the fastest reaches `to`, Lose in `depth` there.
    /// `winning` moves win in all.
    MoveToLose { to: u32, depth: u32, winning: u32 },
    /// Lose: every one of the `moves` moves reaches a Win; the one that holds out
    /// longest reaches `to`, Win in `depth` there.
    EveryMoveToWin { moves: u32, to: u32, depth: u32 },
    /// Draw: no move reaches a Lose, and `count` moves reach Draws, which keep the game
    /// drawn. `draws` lists the vertices they reach, ascending: all of them (a repeated
    /// edge repeated) when the vertex's moves are all listed, else the first
    /// [`MAX_FACT_LOOPS`](super::MAX_FACT_LOOPS), each once; each is one of the listed moves.
    Undecided { draws: Vec<u32>, count: u32 },
}

/// Why a vertex has its Sprague-Grundy value (`docs/rules.md`, "Sprague-Grundy values").
///
/// Each list holds at most [`MAX_FACT_MOVES`] entries, the smallest, and its `…Count`
/// says how many there are in all; the mex and the verdict are of every move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum GrundyFacts {
    /// The goal: value 0, the game is over there.
    Goal,
    /// A finite value `value`: the mex of the finite values `reached` by the moves
    /// (ascending, each once; `reached_count` in all). The moves to `infinite` (vertices
    /// of value ∞, each once; `infinite_count` in all) do not count, because each can be
    /// answered: `answers[k]` is the smallest successor of `infinite[k]` with value
    /// `value` (Smith's condition (3)).
    Finite {
        value: u32,
        reached: Vec<u32>,
        reached_count: u32,
        mex: u32,
        infinite: Vec<u32>,
        infinite_count: u32,
        answers: Vec<u32>,
    },
    /// `∞(K)`: `k` are the finite values reached (`k_count` in all). No finite value
    /// fits: `mex` is the smallest value missing from `K`, and the moves to `unanswered`
    /// (∞ vertices, never empty; `unanswered_count` in all, of `infinite_count` ∞
    /// vertices reached) reach no vertex of value `mex`, so they cannot be answered with
    /// it. `verdict`: Win when `0 ∈ K` (move to a vertex of value 0), else Loop (a draw).
    Infinite {
        k: Vec<u32>,
        k_count: u32,
        mex: u32,
        infinite: Vec<u32>,
        infinite_count: u32,
        unanswered: Vec<u32>,
        unanswered_count: u32,
        verdict: Outcome,
    },
}

/// Why a vertex is in the optimal-play set from a start, or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Membership {
    /// The start itself, always in the set.
    Start { start: u32 },
    /// In the set: a shortest play of correct moves from the start to it, `moves` moves
    /// long. Of up to [`MAX_FACT_MOVES`] vertices, `path` is all of it (start first, the
    /// vertex last) and `rest` is empty; a longer one (up to n vertices: a popup's words
    /// would be a page of numbers) is cut in the middle: `path` is its first half of
    /// [`MAX_FACT_MOVES`] vertices and `rest` its last half, ending with the vertex.
    Reached {
        start: u32,
        path: Vec<u32>,
        rest: Vec<u32>,
        moves: u32,
    },
    /// Not in the set: no correct play reaches it. `refused` are the vertices of the set
    /// with a move to it that correct play never makes (the winner would give up its
    /// win, or a draw would hand the opponent a win), ascending: the first
    /// [`MAX_FACT_MOVES`] of them, `refused_count` in all; empty when no vertex of the
    /// set has a move to it at all.
    Out {
        start: u32,
        refused: Vec<u32>,
        refused_count: u32,
    },
}

/// Whether correct play may move from a vertex of value `from` to one of value `to`.
fn correct(from: Outcome, to: Outcome) -> bool {
    match from {
        Outcome::Win => to == Outcome::Lose,
        Outcome::Lose => true,
        Outcome::Loop => to == Outcome::Loop,
    }
}

/// The facts behind vertex `v` of a solved graph. With `grundy` (the values of the same
/// graph), its Sprague-Grundy facts; with `start`, its membership of the optimal-play set
/// from there (a walk over the graph: O(n + m)).
///
/// ```
/// use loopy::explain::graph::{explain_vertex, GrundyFacts, Membership};
/// use loopy::graph::{solve::solve_graph, Graph};
/// use loopy::grundy::grundy;
/// use loopy::Outcome;
/// // The spec's example 1 <-> 2, 3 -> 1, 3 -> 4: γ(3) = ∞({0}), a Win.
/// let g = Graph::new(4, &[1, 2, 3, 3], &[2, 1, 1, 4]).unwrap();
/// let values = grundy(&g);
/// let f = explain_vertex(&solve_graph(g), Some(&values), Some(3), 3).unwrap();
/// assert_eq!(f.grundy, Some(GrundyFacts::Infinite {
///     k: vec![0], k_count: 1, mex: 1, infinite: vec![1], infinite_count: 1,
///     unanswered: vec![1], unanswered_count: 1, verdict: Outcome::Win,
/// }));
/// assert_eq!(f.optimal, Some(Membership::Start { start: 3 }));
/// ```
pub fn explain_vertex(
    solution: &GraphSolution,
    grundy: Option<&Grundy>,
    start: Option<u64>,
    v: u64,
) -> Result<VertexFacts, ExplainError> {
    let graph = solution.graph();
    let n = graph.n();
    if v == 0 || v > n as u64 {
        return Err(ExplainError::NotAVertex { v, n });
    }
    let start = match start {
        Some(s) if s == 0 || s > n as u64 => return Err(ExplainError::NotAStart { start: s, n }),
        Some(s) => Some(s as u32),
        None => None,
    };
    let v = v as u32;
    let goal = graph.goal() == Some(v);
    let vertex = Vertex {
        solution,
        v,
        targets: graph.moves(v),
    };
    let (outcome, depth) = vertex.value();
    let choice = choose(&vertex);
    let targets = vertex.targets;
    let moves = choice
        .listed
        .iter()
        .map(|&k| {
            let to = targets[k];
            let (o, d) = vertex.reached(k);
            GraphMove {
                to,
                outcome: o,
                depth: d,
                winning: o == Outcome::Lose,
                optimal: keeps(outcome, depth, o, d),
                correct: correct(outcome, o),
                gamma: grundy.map(|g| g.value(to).into()),
            }
        })
        .collect();
    let reason = match choice.rule {
        Rule::End if goal => GraphReason::Goal,
        Rule::End => GraphReason::DeadEnd,
        Rule::Wins { best, winning } => GraphReason::MoveToLose {
            to: targets[best],
            depth: vertex.reached(best).1,
            winning,
        },
        Rule::Loses { best, moves } => GraphReason::EveryMoveToWin {
            moves,
            to: targets[best],
            depth: vertex.reached(best).1,
        },
        Rule::Undecided { loops, count } => GraphReason::Undecided {
            draws: loops.into_iter().map(|k| targets[k]).collect(),
            count,
        },
    };
    Ok(VertexFacts {
        v,
        goal,
        outcome,
        depth,
        best: choice.best.map(|k| targets[k]),
        grundy: grundy.map(|g| grundy_facts(solution, g, v)),
        optimal: start.map(|s| membership(solution, s, v)),
        moves,
        move_count: targets.len() as u32,
        reason,
    })
}

/// A vertex as [`choose`] sees it: its value, and each move's target's value, the moves
/// ascending by the vertex reached (a repeated edge repeated).
struct Vertex<'a> {
    solution: &'a GraphSolution,
    v: u32,
    targets: &'a [u32],
}

impl Explained for Vertex<'_> {
    fn value(&self) -> (Outcome, u32) {
        (self.solution.outcome(self.v), self.solution.depth(self.v))
    }

    fn count(&self) -> usize {
        self.targets.len()
    }

    fn reached(&self, k: usize) -> (Outcome, u32) {
        let to = self.targets[k];
        (self.solution.outcome(to), self.solution.depth(to))
    }

    fn repeats(&self, k: usize) -> bool {
        k > 0 && self.targets[k - 1] == self.targets[k]
    }
}

/// The first [`MAX_FACT_MOVES`] of `items` and how many there are.
fn bounded(items: impl Iterator<Item = u32>) -> (Vec<u32>, u32) {
    let mut count = 0u32;
    let mut out = Vec::new();
    for x in items {
        if out.len() < MAX_FACT_MOVES {
            out.push(x);
        }
        count += 1;
    }
    (out, count)
}

/// The Sprague-Grundy facts of `v` from the values `g`: `O(out-degree)`, and the
/// out-degrees of the ∞ vertices it reaches for the unanswered ones.
fn grundy_facts(solution: &GraphSolution, g: &Grundy, v: u32) -> GrundyFacts {
    let graph = solution.graph();
    if graph.goal() == Some(v) {
        return GrundyFacts::Goal;
    }
    let moves = graph.moves(v);
    // The finite values reached: those up to the number of moves marked (the mex is
    // among them or one past), the larger ones (few: a value k needs k moves of its own
    // vertex) sorted apart.
    // (The raw values, read once a move: a million moves are a million reads.)
    let values = g.values();
    let mut small = vec![false; moves.len() + 1];
    let mut large = Vec::new();
    for &w in moves {
        let k = values[w as usize];
        if k != INFINITE {
            match small.get_mut(k as usize) {
                Some(seen) => *seen = true,
                None => large.push(u64::from(k)),
            }
        }
    }
    // `sort_u64`: the wasm build's one sort (no quicksort of u32 of its own).
    crate::game::sort_u64(&mut large);
    large.dedup();
    let mex = small.iter().position(|&seen| !seen).unwrap_or(small.len()) as u32;
    let reached = small
        .iter()
        .enumerate()
        .filter(|&(_, &seen)| seen)
        .map(|(k, _)| k as u32)
        .chain(large.iter().map(|&k| k as u32));
    // The ∞ vertices reached, each once (the successors are ascending).
    let mut last = None;
    let infinite = moves.iter().copied().filter(move |&w| {
        let new = last != Some(w) && values[w as usize] == INFINITE;
        if new {
            last = Some(w);
        }
        new
    });
    // The smallest successor of `w` with value `k`, if any.
    let answer = |w: u32, k: u32| {
        graph
            .moves(w)
            .iter()
            .copied()
            .find(|&x| g.value(x) == Gamma::Finite(k))
    };
    match g.value(v) {
        Gamma::Finite(value) => {
            let (reached, reached_count) = bounded(reached);
            let (infinite, infinite_count) = bounded(infinite);
            GrundyFacts::Finite {
                value,
                answers: infinite
                    .iter()
                    .map(|&w| answer(w, value).unwrap_or(0))
                    .collect(),
                reached,
                reached_count,
                mex,
                infinite,
                infinite_count,
            }
        }
        Gamma::Infinite(k) => {
            let (unanswered, unanswered_count) =
                bounded(infinite.clone().filter(|&w| answer(w, mex).is_none()));
            let (infinite, infinite_count) = bounded(infinite);
            let (k_listed, k_count) = bounded(k.iter().copied());
            GrundyFacts::Infinite {
                verdict: Gamma::Infinite(k).outcome(),
                k: k_listed,
                k_count,
                mex,
                infinite,
                infinite_count,
                unanswered,
                unanswered_count,
            }
        }
    }
}

/// Whether `v` is in the optimal-play set from `start`, and why: a breadth-first walk
/// along the moves correct play may make, keeping each vertex's parent for the path.
fn membership(solution: &GraphSolution, start: u32, v: u32) -> Membership {
    if v == start {
        return Membership::Start { start };
    }
    let graph = solution.graph();
    const UNSEEN: u32 = u32::MAX;
    let mut parent = vec![UNSEEN; graph.n() as usize + 1];
    parent[start as usize] = 0;
    let mut todo = VecDeque::from([start]);
    while let Some(u) = todo.pop_front() {
        let o = solution.outcome(u);
        for &w in graph.moves(u) {
            if parent[w as usize] == UNSEEN && correct(o, solution.outcome(w)) {
                parent[w as usize] = u;
                todo.push_back(w);
            }
        }
    }
    if parent[v as usize] == UNSEEN {
        // The predecessors are ascending, one per edge: each vertex once.
        let preds = graph.predecessors(v);
        let (refused, refused_count) = bounded(
            preds
                .iter()
                .enumerate()
                .filter(|&(k, &u)| {
                    (k == 0 || preds[k - 1] != u)
                        && parent[u as usize] != UNSEEN
                        && graph.goal() != Some(u)
                })
                .map(|(_, &u)| u),
        );
        return Membership::Out {
            start,
            refused,
            refused_count,
        };
    }
    let mut path = vec![v];
    let mut at = v;
    while at != start {
        at = parent[at as usize];
        path.push(at);
    }
    path.reverse();
    let moves = path.len() as u32 - 1;
    let rest = if path.len() > MAX_FACT_MOVES {
        let rest = path.split_off(path.len() - MAX_FACT_MOVES / 2);
        path.truncate(MAX_FACT_MOVES / 2);
        rest
    } else {
        Vec::new()
    };
    Membership::Reached {
        start,
        path,
        rest,
        moves,
    }
}
