//! The judge's answer to a tiny ring game, without the general solver.
//!
//! Why: a contest input is often many tiny games (10^5 games of `n <= 10`), and for them
//! the general solver's set-up (a dozen buffers allocated and freed per game, its
//! policies chosen) cost more than the search itself: `loopy` took twice as long as a
//! contestant's plain BFS. For `n <= SMALL` this is that plain BFS, the retrograde search
//! of `docs/rules.md` as written there (the holes seeded Lose in 0, a counter of undecided
//! moves per state, first in first out), on arrays on the stack, writing the words as it
//! goes. Its answers are the solver's, values and depths (held by the tests below and by
//! the CLI tests against the oracle).

use std::io::{self, Write};

use crate::game::{Player, RingGame};

/// The largest `n` answered here: `2n` states fit the stack arrays, and a step count
/// (below `n`) fits a byte.
pub(super) const SMALL: u32 = 64;

const UNDECIDED: u8 = 0;
const WIN: u8 = 1;
const LOSE: u8 = 2;

/// Writes the judge's lines for `game` (`n <= SMALL`): the outcome lines for player 1
/// and player 2 moving first, and with `depth` the two depth lines after them.
pub(super) fn write_small(game: &RingGame, depth: bool, out: &mut impl Write) -> io::Result<()> {
    let n = game.n() as usize;
    debug_assert!(n <= SMALL as usize);
    // State `p * W + i`: player `p` (0 or 1) to move at position `i` (a power of two
    // apart, so that a state splits into its player and position without a division).
    const W: usize = SMALL as usize;
    let mut value = [UNDECIDED; 2 * SMALL as usize];
    let mut plies = [0u16; 2 * SMALL as usize];
    let mut left = [0u8; 2 * SMALL as usize];
    let mut queue = [0u8; 2 * SMALL as usize];
    let steps = [game.steps(Player::One), game.steps(Player::Two)];
    for p in 0..2 {
        left[p * W..p * W + n].fill(steps[p].len() as u8);
    }
    // The holes: Lose in 0 for the player to move (whoever moved there has won).
    value[0] = LOSE;
    value[W] = LOSE;
    queue[0] = 0;
    queue[1] = W as u8;
    let (mut head, mut tail) = (0, 2);
    while head < tail {
        let s = queue[head] as usize;
        head += 1;
        let (q, j) = (s / W, s % W);
        let p = 1 - q;
        let d = plies[s] + 1;
        for &x in steps[p] {
            let x = x as usize;
            let i = if j >= x { j - x } else { j + n - x };
            let t = p * W + i;
            if i == 0 || value[t] != UNDECIDED {
                continue;
            }
            if value[s] == LOSE {
                value[t] = WIN;
            } else {
                left[t] -= 1;
                if left[t] > 0 {
                    continue;
                }
                value[t] = LOSE;
            }
            plies[t] = d;
            queue[tail] = t as u8;
            tail += 1;
        }
    }
    // Both lines in one buffer on the stack, written at once.
    let mut lines = [0u8; 2 * 5 * SMALL as usize];
    let mut at = 0;
    for p in 0..2 {
        for i in 1..n {
            let word: &[u8; 5] = match value[p * W + i] {
                WIN => b"Win  ",
                LOSE => b"Lose ",
                _ => b"Loop ",
            };
            lines[at..at + 5].copy_from_slice(word);
            at += if word[3] == b' ' { 4 } else { 5 };
        }
        lines[at - 1] = b'\n';
    }
    out.write_all(&lines[..at])?;
    let mut line = Vec::new();
    if depth {
        for p in 0..2 {
            line.clear();
            for i in 1..n {
                let t = p * W + i;
                if value[t] == UNDECIDED {
                    line.extend_from_slice(b"- ");
                } else {
                    line.extend_from_slice(plies[t].to_string().as_bytes());
                    line.push(b' ');
                }
            }
            line.pop();
            line.push(b'\n');
            out.write_all(&line)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    /// Every game of `n <= 7` with small step sets, and random ones up to `SMALL`: the
    /// same bytes as the general solver's, with and without depths.
    #[test]
    fn tiny_games_are_answered_as_the_solver_answers_them() {
        let mut games = Vec::new();
        for n in 2..=7u64 {
            let sets: Vec<Vec<u64>> = (1u64..1 << (n - 1))
                .map(|mask| (1..n).filter(|x| mask >> (x - 1) & 1 == 1).collect())
                .collect();
            for s1 in &sets {
                for s2 in sets.iter().step_by(3) {
                    games.push(RingGame::new(n, s1, s2).unwrap());
                }
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2000 {
            let n = 2 + next() % (SMALL as u64 - 1);
            let mut pick = || -> Vec<u64> {
                let mut s: Vec<u64> = (1..n).filter(|_| next() % 4 == 0).collect();
                if s.is_empty() {
                    s.push(1 + next() % (n - 1));
                }
                s
            };
            let (s1, s2) = (pick(), pick());
            games.push(RingGame::new(n, &s1, &s2).unwrap());
        }
        for game in games {
            for depth in [false, true] {
                let mut small = Vec::new();
                write_small(&game, depth, &mut small).unwrap();
                let (solution, _) = Solver::from_game(game.clone(), false).finish();
                let mut general = Vec::new();
                solution.write_judge(&mut general).unwrap();
                if depth {
                    solution.write_depths(&mut general).unwrap();
                }
                assert_eq!(small, general, "{game:?}");
            }
        }
    }
}
