//! The ring game's states as graph vertices (see [`crate::Graph::from_ring`]).
//!
//! The numbering follows the ring's per-state arrays shifted by one, so that vertex
//! numbers start at 1 as the spec's graphs do: state index `s` is vertex `s + 1`.

use crate::game::{Player, RingGame};
use crate::graph::{Graph, GraphError};
use alloc::vec::Vec;

/// The vertex of state `(player to move, pos)` on a ring of `n` positions.
#[inline]
pub fn vertex(n: u32, player: Player, pos: u32) -> u32 {
    player.index() as u32 * n + pos + 1
}

/// The state `(player to move, pos)` of vertex `v` (the inverse of [`vertex`]).
#[inline]
pub fn state(n: u32, v: u32) -> (Player, u32) {
    let s = v - 1;
    (Player::from_index((s >= n) as usize), s % n)
}

/// The impartial game on the ring's positions with player 1's steps (the ring game
/// itself when `s1 = s2`): vertex `pos + 1` for each position, an edge from `i` to
/// `(i + x) mod n` for each step `x`, and the hole (vertex 1) as the goal.
pub fn positions(game: &RingGame) -> Result<Graph, GraphError> {
    let n = game.n();
    let steps = game.steps(Player::One);
    let m = (n as u64 - 1) * steps.len() as u64;
    Graph::check_size(n as u64, m)?;
    let mut from = Vec::with_capacity(m as usize);
    let mut to = Vec::with_capacity(m as usize);
    for i in 1..n {
        for &x in steps {
            from.push(i + 1);
            to.push(game.target(i, x) + 1);
        }
    }
    Graph::new(n as u64, &from, &to)?.with_goal(Some(1))
}
