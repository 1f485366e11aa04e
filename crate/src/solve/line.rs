//! Optimal play from a state, move by move: what "watch optimal play" shows.
//!
//! Both players play the spec's best move ([`Solution::best_move`]), which depends on the
//! state alone. So the line ends in one of two ways: on the hole, won by whoever moved
//! onto it, or back at a state it has passed, after which the same moves repeat forever
//! (only a Loop can come back: along a Win or a Lose the depth goes down by one a move).

use alloc::vec::Vec;

use serde::Serialize;

use super::Solution;
use crate::bits::Bits;
use crate::game::Player;

/// One move of a [`Line`]: `player` moves from `pos` by `step` to `to` (0: the hole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineMove {
    pub player: Player,
    pub pos: u32,
    pub step: u32,
    pub to: u32,
}

/// How a [`Line`] ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LineEnd {
    /// The last move lands on the hole: `winner` (who made it) has won.
    Hole { winner: Player },
    /// After the last move the state is the one move `at` started from: from there the
    /// same moves repeat forever (a Loop).
    Repeat { at: u32 },
    /// The line was cut after the `max` moves asked for, before it ended or came back
    /// (or at a state without a best move, which a solve never has).
    Cut,
}

/// Optimal play from a state (see the module's doc).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub moves: Vec<LineMove>,
    pub end: LineEnd,
}

impl Solution {
    /// Optimal play from `(player, pos)` for at most `max` moves (a line can be as long as
    /// the game has states). The hole, or a position past the ring, has no line: `None`.
    ///
    /// ```
    /// use loopy::solve::{LineEnd, LineMove};
    /// use loopy::{solve, Player, RingGame};
    /// // The spec's game 1: player 1 at 2 wins at once by +3 onto the hole.
    /// let s = solve(&RingGame::new(5, &[2, 3], &[1, 2, 3]).unwrap());
    /// let line = s.best_line(Player::One, 2, 100).unwrap();
    /// let m = LineMove { player: Player::One, pos: 2, step: 3, to: 0 };
    /// assert_eq!((line.moves, line.end), (vec![m], LineEnd::Hole { winner: Player::One }));
    /// // Player 1 at 4 is a Loop: +2 to 1, then player 2 goes +3 back to 4, and so on.
    /// let line = s.best_line(Player::One, 4, 100).unwrap();
    /// assert_eq!(line.end, LineEnd::Repeat { at: 0 });
    /// ```
    pub fn best_line(&self, player: Player, pos: u32, max: usize) -> Option<Line> {
        if pos == 0 || pos >= self.n() {
            return None;
        }
        let (mut p, mut i) = (player, pos);
        let mut moves: Vec<LineMove> = Vec::new();
        // The states passed, by state index: 2n bits (2.5 MB at the largest n).
        let mut passed = Bits::new(2 * self.n() as usize);
        loop {
            let s = self.game().state(p, i);
            if passed.get(s) {
                let at = moves.iter().position(|m| (m.player, m.pos) == (p, i));
                return Some(Line {
                    moves,
                    end: LineEnd::Repeat {
                        at: at.unwrap_or(0) as u32,
                    },
                });
            }
            if moves.len() >= max {
                return Some(Line {
                    moves,
                    end: LineEnd::Cut,
                });
            }
            // Every state of a solve has a move that keeps its value; values that are not
            // a solve's (`Solution::from_values` trusts them) may leave none: cut there.
            let Some(step) = self.best_move(p, i) else {
                return Some(Line {
                    moves,
                    end: LineEnd::Cut,
                });
            };
            let to = self.game().target(i, step);
            passed.set(s);
            moves.push(LineMove {
                player: p,
                pos: i,
                step,
                to,
            });
            if to == 0 {
                return Some(Line {
                    moves,
                    end: LineEnd::Hole { winner: p },
                });
            }
            (p, i) = (p.other(), to);
        }
    }
}
