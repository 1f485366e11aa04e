//! Stones on a tree (AGC010F), two ways that share nothing with the core's reduction:
//!
//! * [`brute_winners`]: the game itself, searched over its whole state space (every
//!   stone count on every vertex, and the piece), straight from the rules: the player to
//!   move removes a stone from the piece's vertex and moves the piece to a neighbour, and
//!   loses when it cannot. Exponential in the stones, for small trees only.
//! * [`editorial_winners`]: the contest's own quadratic solution, a search from each
//!   start along the moves to a neighbour with fewer stones, never back to the parent.

use std::collections::HashMap;

/// The neighbours of each vertex `1 ..= n` (entry 0 unused).
fn adjacency(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); n + 1];
    for &(u, v) in edges {
        adj[u as usize].push(v as usize);
        adj[v as usize].push(u as usize);
    }
    adj
}

/// Whether the player to move wins with `stones` left and the piece on `v`.
fn wins(
    stones: &mut Vec<u64>,
    v: usize,
    adj: &[Vec<usize>],
    memo: &mut HashMap<(Vec<u64>, usize), bool>,
) -> bool {
    if stones[v] == 0 {
        return false;
    }
    if let Some(&known) = memo.get(&(stones.clone(), v)) {
        return known;
    }
    stones[v] -= 1;
    let mut win = false;
    for &u in &adj[v] {
        if !wins(stones, u, adj, memo) {
            win = true;
            break;
        }
    }
    stones[v] += 1;
    memo.insert((stones.clone(), v), win);
    win
}

/// The starts where the first player wins, by searching every state of the game.
pub fn brute_winners(stones: &[u64], edges: &[(u32, u32)]) -> Vec<u32> {
    let n = stones.len();
    let adj = adjacency(n, edges);
    let mut memo = HashMap::new();
    let mut all = vec![0];
    all.extend_from_slice(stones);
    (1..=n)
        .filter(|&v| wins(&mut all, v, &adj, &mut memo))
        .map(|v| v as u32)
        .collect()
}

/// The starts where the first player wins, by the contest's quadratic solution: from
/// each start, a search over the moves to a child with fewer stones (an explicit stack,
/// no recursion, so a path of 3000 vertices is fine).
pub fn editorial_winners(stones: &[u64], edges: &[(u32, u32)]) -> Vec<u32> {
    let n = stones.len();
    let adj = adjacency(n, edges);
    let a = |v: usize| stones[v - 1];
    let mut out = Vec::new();
    let mut win = vec![false; n + 1];
    for start in 1..=n {
        // Post-order over (vertex, parent): a vertex wins if a child with fewer stones loses.
        let mut stack = vec![(start, 0usize, false)];
        while let Some((v, parent, done)) = stack.pop() {
            if done {
                win[v] = adj[v]
                    .iter()
                    .any(|&u| u != parent && a(u) < a(v) && !win[u]);
                continue;
            }
            stack.push((v, parent, true));
            for &u in &adj[v] {
                if u != parent && a(u) < a(v) {
                    stack.push((u, v, false));
                }
            }
        }
        if win[start] {
            out.push(start as u32);
        }
    }
    out
}
