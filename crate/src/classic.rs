//! The classic algorithm, exactly as the spec words it: a counter per state, every
//! edge visited, `%` on every predecessor.
//!
//! It is not used to answer anything. It stays as the benchmark's baseline (the
//! speed of a typical contest solution) and as a second, simpler implementation that
//! the tests hold the fast solver to, state by state and in BFS order.

use crate::game::{Player, RingGame};
use crate::solve::{Solution, Trace, LOSE, WIN};

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
