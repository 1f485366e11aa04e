//! Why a vertex of a game graph has its value, its Sprague-Grundy value and its place in
//! (or out of) the optimal-play set, as data (see the parent module).

use std::collections::VecDeque;

use serde::Serialize;

use super::{keeps, ExplainError};
use crate::graph::solve::GraphSolution;
use crate::grundy::{Gamma, Grundy};
use crate::solve::Outcome;

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
    /// Every move, ascending by the vertex reached (a repeated edge repeated).
    pub moves: Vec<GraphMove>,
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

/// A Sprague-Grundy value as data: `{ "finite": 2 }` or `{ "infinite": [0, 2] }` (∞(K)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Sg {
    Finite(u32),
    Infinite(Vec<u32>),
}

impl From<Gamma<'_>> for Sg {
    fn from(g: Gamma<'_>) -> Sg {
        match g {
            Gamma::Finite(k) => Sg::Finite(k),
            Gamma::Infinite(k) => Sg::Infinite(k.to_vec()),
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
    /// Draw: no move reaches a Lose, and the moves to `draws` keep the game drawn.
    Undecided { draws: Vec<u32> },
}

/// Why a vertex has its Sprague-Grundy value (`docs/rules.md`, "Sprague-Grundy values").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum GrundyFacts {
    /// The goal: value 0, the game is over there.
    Goal,
    /// A finite value `value`: the mex of the finite values `reached` by the moves
    /// (ascending, each once). The moves to `infinite` (vertices of value ∞) do not
    /// count, because each can be answered: `answers[k]` is the smallest successor of
    /// `infinite[k]` with value `value` (Smith's condition (3)).
    Finite {
        value: u32,
        reached: Vec<u32>,
        mex: u32,
        infinite: Vec<u32>,
        answers: Vec<u32>,
    },
    /// `∞(K)`: `k` are the finite values reached. No finite value fits: `mex` is the
    /// smallest value missing from `K`, and the moves to `unanswered` (∞ vertices, never
    /// empty) reach no vertex of value `mex`, so they cannot be answered with it.
    /// `verdict`: Win when `0 ∈ K` (move to a vertex of value 0), else Loop (a draw).
    Infinite {
        k: Vec<u32>,
        mex: u32,
        infinite: Vec<u32>,
        unanswered: Vec<u32>,
        verdict: Outcome,
    },
}

/// Why a vertex is in the optimal-play set from a start, or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Membership {
    /// The start itself, always in the set.
    Start { start: u32 },
    /// In the set: `path` is a shortest play of correct moves from the start to it
    /// (start first, the vertex last).
    Reached { start: u32, path: Vec<u32> },
    /// Not in the set: no correct play reaches it. `refused` are the vertices of the set
    /// with a move to it that correct play never makes (the winner would give up its
    /// win, or a draw would hand the opponent a win); empty when no vertex of the set
    /// has a move to it at all.
    Out { start: u32, refused: Vec<u32> },
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
///     k: vec![0], mex: 1, infinite: vec![1], unanswered: vec![1], verdict: Outcome::Win,
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
    let outcome = solution.outcome(v);
    let depth = solution.depth(v);
    let moves: Vec<GraphMove> = graph
        .moves(v)
        .iter()
        .map(|&to| {
            let (o, d) = (solution.outcome(to), solution.depth(to));
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
    let best = moves.iter().find(|m| m.optimal);
    let reason = match (outcome, best) {
        _ if goal => GraphReason::Goal,
        _ if moves.is_empty() => GraphReason::DeadEnd,
        (Outcome::Win, Some(m)) => GraphReason::MoveToLose {
            to: m.to,
            depth: m.depth,
            winning: moves.iter().filter(|m| m.winning).count() as u32,
        },
        (Outcome::Lose, Some(m)) => GraphReason::EveryMoveToWin {
            moves: moves.len() as u32,
            to: m.to,
            depth: m.depth,
        },
        _ => GraphReason::Undecided {
            draws: moves
                .iter()
                .filter(|m| m.outcome == Outcome::Loop)
                .map(|m| m.to)
                .collect(),
        },
    };
    Ok(VertexFacts {
        v,
        goal,
        outcome,
        depth,
        best: best.map(|m| m.to),
        grundy: grundy.map(|g| grundy_facts(solution, g, v)),
        optimal: start.map(|s| membership(solution, s, v)),
        moves,
        reason,
    })
}

/// The Sprague-Grundy facts of `v` from the values `g`.
fn grundy_facts(solution: &GraphSolution, g: &Grundy, v: u32) -> GrundyFacts {
    let graph = solution.graph();
    if graph.goal() == Some(v) {
        return GrundyFacts::Goal;
    }
    let moves = graph.moves(v);
    let mut reached: Vec<u32> = moves
        .iter()
        .filter_map(|&w| match g.value(w) {
            Gamma::Finite(k) => Some(k),
            Gamma::Infinite(_) => None,
        })
        .collect();
    reached.sort_unstable();
    reached.dedup();
    let mex = reached
        .iter()
        .enumerate()
        .find(|&(i, &k)| k != i as u32)
        .map_or(reached.len() as u32, |(i, _)| i as u32);
    let mut infinite: Vec<u32> = moves
        .iter()
        .copied()
        .filter(|&w| matches!(g.value(w), Gamma::Infinite(_)))
        .collect();
    infinite.dedup();
    // The smallest successor of `w` with value `k`, if any.
    let answer = |w: u32, k: u32| {
        graph
            .moves(w)
            .iter()
            .copied()
            .find(|&x| g.value(x) == Gamma::Finite(k))
    };
    match g.value(v) {
        Gamma::Finite(value) => GrundyFacts::Finite {
            value,
            answers: infinite
                .iter()
                .map(|&w| answer(w, value).unwrap_or(0))
                .collect(),
            reached,
            mex,
            infinite,
        },
        Gamma::Infinite(k) => GrundyFacts::Infinite {
            verdict: Gamma::Infinite(k).outcome(),
            k: k.to_vec(),
            mex,
            unanswered: infinite
                .iter()
                .copied()
                .filter(|&w| answer(w, mex).is_none())
                .collect(),
            infinite,
        },
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
        let mut refused: Vec<u32> = graph
            .predecessors(v)
            .iter()
            .copied()
            .filter(|&u| parent[u as usize] != UNSEEN && graph.goal() != Some(u))
            .collect();
        refused.dedup();
        return Membership::Out { start, refused };
    }
    let mut path = vec![v];
    let mut at = v;
    while at != start {
        at = parent[at as usize];
        path.push(at);
    }
    path.reverse();
    Membership::Reached { start, path }
}
