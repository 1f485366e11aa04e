//! The classic algorithms, exactly as the specs word them: for the ring a counter per
//! state, every edge visited, `%` on every predecessor; for format `goal` a full BFS
//! per query.
//!
//! They are not used to answer anything. They stay as the benchmark's baselines (the
//! speed of a typical contest solution) and as second, simpler implementations that
//! the tests hold the fast solvers to.

use crate::game::{Player, RingGame};
use crate::graph::Graph;
use crate::solve::{Solution, Trace};
use crate::value::{Outcome, LOSE, WIN};
use alloc::vec::Vec;

/// Solves `game` with the textbook retrograde BFS.
pub fn solve_classic(game: &RingGame) -> (Solution, Trace) {
    let n = game.n();
    let nu = n as usize;
    let mut status = vec![0u32; 2 * nu];
    let mut counter = vec![0u32; 2 * nu];
    let mut queue: Vec<u32> = Vec::with_capacity(2 * nu);
    for p in Player::BOTH {
        let k = game.steps(p).len() as u32;
        // A fair baseline: seeding costs O(n + k), not a scan of every edge.
        for &x in game.steps(p) {
            status[p.index() * nu + nu - x as usize] = WIN | 1;
        }
        for i in 1..nu {
            let s = p.index() * nu + i;
            counter[s] = k;
            if status[s] != 0 {
                queue.push(s as u32);
            }
        }
    }
    let seeds = queue.len() as u32;
    let mut children_end = Vec::with_capacity(2 * nu);
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head] as usize;
        head += 1;
        let q = s / nu;
        let j = (s % nu) as u32;
        let p = Player::from_index(1 - q);
        let depth = (status[s] & (WIN - 1)) + 1;
        let popped_lose = status[s] & LOSE != 0;
        for &x in game.steps(p) {
            // One 32-bit `%` per edge, as a typical contest solution writes it.
            let i = (j + n - x) % n;
            if i == 0 {
                continue;
            }
            let t = p.index() * nu + i as usize;
            if status[t] != 0 {
                continue;
            }
            if popped_lose {
                status[t] = WIN | depth;
                queue.push(t as u32);
            } else {
                counter[t] -= 1;
                if counter[t] == 0 {
                    status[t] = LOSE | depth;
                    queue.push(t as u32);
                }
            }
        }
        children_end.push(queue.len() as u32);
    }
    let trace = Trace {
        order: queue,
        seeds,
        children_end,
    };
    (Solution::from_status(game.clone(), status), trace)
}

/// Format `goal`'s queries the contest way: one full retrograde BFS per query (the
/// goal and the vertices without moves seeded Lose, a counter of undecided moves per
/// vertex), reading the start's value at the end. The baseline of
/// [`crate::graph::query::Queries`] in the benchmark, and a second implementation for
/// the tests. Vertices are checked by the caller.
pub fn goal_queries_classic(graph: &Graph, queries: &[(u32, u32)]) -> Vec<Outcome> {
    let n = graph.n() as usize;
    let degree: Vec<u32> = (0..=graph.n())
        .map(|v| graph.successors(v).len() as u32)
        .collect();
    let mut answers = Vec::with_capacity(queries.len());
    for &(s, g) in queries {
        let mut value = vec![Outcome::Loop; n + 1];
        let mut left = degree.clone();
        let mut queue = Vec::with_capacity(n);
        value[g as usize] = Outcome::Lose;
        queue.push(g);
        for v in 1..=graph.n() {
            if left[v as usize] == 0 && v != g {
                value[v as usize] = Outcome::Lose;
                queue.push(v);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &u in graph.predecessors(v) {
                if value[u as usize] != Outcome::Loop || u == g {
                    continue;
                }
                if value[v as usize] == Outcome::Lose {
                    value[u as usize] = Outcome::Win;
                    queue.push(u);
                } else {
                    left[u as usize] -= 1;
                    if left[u as usize] == 0 {
                        value[u as usize] = Outcome::Lose;
                        queue.push(u);
                    }
                }
            }
        }
        answers.push(value[s as usize]);
    }
    answers
}
