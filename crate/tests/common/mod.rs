//! An independent oracle for the ring game: plain fixed-point iteration straight from
//! the spec's definitions, with no queue, no counters and no bitsets. Slow and obvious
//! on purpose; the tests hold the fast solver, the classic BFS and the stepper to it.
//! Beside it, what several test files share: the graph oracle (`graph`), the facts a value
//! rests on (`facts`), the seeded generator (`Rng`), the CLI as a user runs it (`cli`) and
//! an allocator that counts the peak of live bytes (`counting`).
#![allow(dead_code)]

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(not(target_arch = "wasm32"))]
pub mod counting;
pub mod facts;
pub mod graph;
pub mod tree;

use loopy::{Outcome, Player, RingGame, Solution};

mod rng;
pub use rng::Rng;

/// Outcome and depth of every state, indexed `[player.index()][pos]`.
pub struct Oracle {
    pub n: u32,
    pub steps: [Vec<u32>; 2],
    pub outcome: [Vec<Outcome>; 2],
    pub depth: [Vec<u32>; 2],
}

impl Oracle {
    pub fn new(n: u32, s1: &[u32], s2: &[u32]) -> Oracle {
        let steps = [s1.to_vec(), s2.to_vec()];
        let nu = n as usize;
        let succ = |_p: usize, i: usize, x: u32| (i + x as usize) % nu;

        // Outcomes: apply the two inference rules until nothing changes.
        let mut outcome = [vec![Outcome::Loop; nu], vec![Outcome::Loop; nu]];
        let mut decided = [vec![false; nu], vec![false; nu]];
        loop {
            let mut changed = false;
            for p in 0..2 {
                let q = 1 - p;
                for i in 1..nu {
                    if decided[p][i] {
                        continue;
                    }
                    let win = steps[p].iter().any(|&x| {
                        let t = succ(p, i, x);
                        t == 0 || (decided[q][t] && outcome[q][t] == Outcome::Lose)
                    });
                    let lose = steps[p].iter().all(|&x| {
                        let t = succ(p, i, x);
                        t != 0 && decided[q][t] && outcome[q][t] == Outcome::Win
                    });
                    if win || lose {
                        outcome[p][i] = if win { Outcome::Win } else { Outcome::Lose };
                        decided[p][i] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }

        // Depths: "Win within t" and "Lose within t" plies, for t = 1, 2, ...
        // A state's depth is the least t for which it is in its own set.
        let mut win_by = [vec![false; nu], vec![false; nu]];
        let mut lose_by = [vec![false; nu], vec![false; nu]];
        let mut depth = [vec![0u32; nu], vec![0u32; nu]];
        let mut t = 1;
        loop {
            let mut next_win = win_by.clone();
            let mut next_lose = lose_by.clone();
            for p in 0..2 {
                let q = 1 - p;
                for i in 1..nu {
                    if steps[p].iter().any(|&x| {
                        let s = succ(p, i, x);
                        s == 0 || lose_by[q][s]
                    }) {
                        next_win[p][i] = true;
                    }
                    if steps[p].iter().all(|&x| {
                        let s = succ(p, i, x);
                        s != 0 && win_by[q][s]
                    }) {
                        next_lose[p][i] = true;
                    }
                }
            }
            let mut changed = false;
            for p in 0..2 {
                for i in 1..nu {
                    if next_win[p][i] != win_by[p][i] || next_lose[p][i] != lose_by[p][i] {
                        changed = true;
                    }
                    if (next_win[p][i] && !win_by[p][i]) || (next_lose[p][i] && !lose_by[p][i]) {
                        depth[p][i] = t;
                    }
                }
            }
            win_by = next_win;
            lose_by = next_lose;
            if !changed {
                break;
            }
            t += 1;
        }
        // The two computations must agree with each other before they judge anyone.
        for p in 0..2 {
            for i in 1..nu {
                let by_t = match (win_by[p][i], lose_by[p][i]) {
                    (true, false) => Outcome::Win,
                    (false, true) => Outcome::Lose,
                    (false, false) => Outcome::Loop,
                    (true, true) => panic!("oracle: state ({p}, {i}) both Win and Lose"),
                };
                assert_eq!(
                    by_t, outcome[p][i],
                    "oracle disagrees with itself at ({p}, {i})"
                );
                if by_t == Outcome::Loop {
                    depth[p][i] = 0;
                }
            }
        }
        Oracle {
            n,
            steps,
            outcome,
            depth,
        }
    }

    pub fn of(game: &RingGame) -> Oracle {
        Oracle::new(game.n(), game.steps(Player::One), game.steps(Player::Two))
    }

    /// The spec's best move, found by brute force from the oracle's own values.
    pub fn best_move(&self, p: usize, i: usize) -> Option<u32> {
        if i == 0 {
            return None;
        }
        let q = 1 - p;
        let nu = self.n as usize;
        let d = self.depth[p][i];
        let mut steps = self.steps[p].clone();
        steps.sort_unstable();
        steps.into_iter().find(|&x| {
            let t = (i + x as usize) % nu;
            match self.outcome[p][i] {
                Outcome::Win => {
                    (d == 1 && t == 0)
                        || (t != 0
                            && self.outcome[q][t] == Outcome::Lose
                            && self.depth[q][t] == d - 1)
                }
                Outcome::Lose => self.outcome[q][t] == Outcome::Win && self.depth[q][t] == d - 1,
                Outcome::Loop => t != 0 && self.outcome[q][t] == Outcome::Loop,
            }
        })
    }

    /// Panics with the first difference between `solution` and the oracle.
    pub fn check(&self, solution: &Solution) {
        for (p, player) in Player::BOTH.into_iter().enumerate() {
            let outcomes: Vec<Outcome> = solution.outcomes(player).collect();
            let depths: Vec<u32> = solution.depths(player).collect();
            for i in 0..self.n as usize {
                let at = format!(
                    "n={} s1={:?} s2={:?} state ({}, {i})",
                    self.n,
                    self.steps[0],
                    self.steps[1],
                    p + 1
                );
                assert_eq!(outcomes[i], self.outcome[p][i], "outcome at {at}");
                assert_eq!(depths[i], self.depth[p][i], "depth at {at}");
                assert_eq!(
                    solution.best_move(player, i as u32),
                    self.best_move(p, i),
                    "best move at {at}"
                );
            }
        }
    }

    /// The judge text, formatted here rather than by the crate.
    /// The units of work of the spec's BFS as the solver's plain policy (steps walked,
    /// counters) counts them, by its documented cost model: one a seed; for every decided
    /// state, one for its pop and one for each move into it examined (the mover's whole
    /// step set). Counted from the outcomes, not from a queue, so it knows nothing of the
    /// solver's order. Exact while each player keeps an undecided state to the end
    /// ([`Oracle::loops_for_both`]); otherwise the solver's early exits (nothing left to
    /// decide for a player) only make it do less.
    pub fn plain_work(&self) -> u64 {
        let mut units = (self.steps[0].len() + self.steps[1].len()) as u64;
        for q in 0..2 {
            let into = self.steps[1 - q].len() as u64;
            let decided = self.outcome[q][1..]
                .iter()
                .filter(|&&o| o != Outcome::Loop)
                .count() as u64;
            units += decided * (1 + into);
        }
        units
    }

    /// Whether each player has a Loop state (an undecided one, as the BFS ends).
    pub fn loops_for_both(&self) -> bool {
        (0..2).all(|p| self.outcome[p][1..].contains(&Outcome::Loop))
    }

    pub fn judge_text(&self) -> String {
        (0..2)
            .map(|p| {
                self.outcome[p][1..]
                    .iter()
                    .map(|o| format!("{o:?}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

pub fn game(n: u32, s1: &[u32], s2: &[u32]) -> RingGame {
    let w = |s: &[u32]| s.iter().map(|&x| x as u64).collect::<Vec<_>>();
    RingGame::new(n as u64, &w(s1), &w(s2)).expect("valid game")
}
