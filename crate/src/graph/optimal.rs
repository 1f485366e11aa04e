//! The optimal-play set (`docs/rules.md`): the vertices that correct play
//! can visit from a start vertex.
//!
//! The winner only ever moves to a vertex that is Lose for the opponent (any such
//! move, not only the fastest), the loser may make any move, and from a draw both
//! sides only move to draws. So the set is what a walk from the start reaches along
//! those moves: a walk with an explicit stack and a visited mark per vertex, no
//! recursion (a million-vertex chain is fine).

use crate::graph::solve::GraphSolution;
use crate::graph::{Field, GraphError};
use crate::value::Outcome;
use alloc::vec::Vec;

impl GraphSolution {
    /// The vertices correct play can visit from `start`, ascending (`start` included).
    ///
    /// ```
    /// use loopy::graph::{solve::solve_graph, Graph};
    /// // The spec's `dag` sample: 1->2, 1->3, 2->4, 4->5, 3->5.
    /// let g = Graph::new(5, &[1, 1, 2, 4, 3], &[2, 3, 4, 5, 5]).unwrap();
    /// assert_eq!(solve_graph(g).optimal_set(1).unwrap(), vec![1, 2, 4, 5]);
    /// ```
    pub fn optimal_set(&self, start: u64) -> Result<Vec<u32>, GraphError> {
        let seen = self.optimal_walk(start, |_, _| {})?;
        Ok((1..=self.n()).filter(|&v| seen[v as usize]).collect())
    }

    /// The moves correct play can make from `start` (those the walk of
    /// [`GraphSolution::optimal_set`] follows), as `[from, to]` ascending, each once: the
    /// paths of optimal play, for drawing them.
    ///
    /// ```
    /// use loopy::graph::{solve::solve_graph, Graph};
    /// let g = Graph::new(5, &[1, 1, 2, 4, 3], &[2, 3, 4, 5, 5]).unwrap();
    /// // 1 -> 3 hands the opponent a win: not a move of correct play.
    /// assert_eq!(solve_graph(g).optimal_moves(1).unwrap(), vec![[1, 2], [2, 4], [4, 5]]);
    /// ```
    pub fn optimal_moves(&self, start: u64) -> Result<Vec<[u32; 2]>, GraphError> {
        // Each move as one u64 (`from` high), sorted by `sort_u64`: the wasm build's one sort,
        // rather than a quicksort of pairs of its own (10 KB of the graph element's module).
        let mut moves = Vec::new();
        self.optimal_walk(start, |v, w| {
            moves.push((u64::from(v) << 32) | u64::from(w))
        })?;
        crate::game::sort_u64(&mut moves);
        moves.dedup();
        Ok(moves
            .into_iter()
            .map(|m| [(m >> 32) as u32, m as u32])
            .collect())
    }

    /// Walks from `start` along the moves correct play may make, calling `on_move(v, w)`
    /// for each (once per edge); returns which vertices it reached.
    fn optimal_walk(
        &self,
        start: u64,
        mut on_move: impl FnMut(u32, u32),
    ) -> Result<Vec<bool>, GraphError> {
        let graph = self.graph();
        let start = graph.vertex(start, Field::Start)?;
        let mut seen = vec![false; graph.n() as usize + 1];
        seen[start as usize] = true;
        let mut todo = vec![start];
        while let Some(v) = todo.pop() {
            let allowed = match self.outcome(v) {
                Outcome::Win => Some(Outcome::Lose),
                Outcome::Lose => None,
                Outcome::Loop => Some(Outcome::Loop),
            };
            for &w in graph.moves(v) {
                if allowed.map_or(true, |o| self.outcome(w) == o) {
                    on_move(v, w);
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        todo.push(w);
                    }
                }
            }
        }
        Ok(seen)
    }
}
