//! How good a move is: the value the mover has after it, against the value of the state
//! it was made from. A game against the solver (the pages' play panel) reviews each of the
//! visitor's moves with these grades, so the rule "a move to the opponent's Lose in `d` is
//! a Win in `d + 1`" and what counts as throwing a win away live here, not in the page.

use alloc::vec::Vec;
use serde::Serialize;

use crate::game::Player;
use crate::solve::Solution;
use crate::value::Outcome;

/// Words per move in [`Solution::grades`]: `[grade, outcome, depth]`.
pub const GRADE_WORDS: usize = 3;

/// What a move does to the mover's value (Gamesman's "move values", with the loop of the
/// ring game as the draw). The discriminants are the codes of `layout().grade`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum Grade {
    /// The move keeps the value with best play: the fastest win, the longest resistance,
    /// or staying in the loop.
    Best = 0,
    /// Still a win, but a slower one.
    Slower = 1,
    /// Still lost (it always is), but sooner than it had to be.
    Sooner = 2,
    /// A win given away: the mover can now lose, or only keep the game going.
    ThrewWin = 3,
    /// A loop given away: the opponent can now force a win.
    ThrewDraw = 4,
}

/// The mover's value after a move that reaches a state whose value, for the opponent now
/// to move, is `(outcome, depth)`; `hole`: the move ends the game there, a Win in 1.
/// A Lose for the opponent is a Win one move longer, a Win a Lose one longer, a Loop a Loop.
pub fn after_move(outcome: Outcome, depth: u32, hole: bool) -> (Outcome, u32) {
    if hole {
        return (Outcome::Win, 1);
    }
    match outcome {
        Outcome::Lose => (Outcome::Win, depth + 1),
        Outcome::Win => (Outcome::Lose, depth + 1),
        Outcome::Loop => (Outcome::Loop, 0),
    }
}

/// The grade of a move that leaves the mover at `after`, from a state worth `before`.
///
/// ```
/// use loopy::grade::{grade, Grade};
/// use loopy::Outcome::{Lose, Loop, Win};
/// assert_eq!(grade((Win, 3), (Win, 3)), Grade::Best);
/// assert_eq!(grade((Win, 3), (Win, 5)), Grade::Slower);
/// assert_eq!(grade((Win, 3), (Loop, 0)), Grade::ThrewWin);
/// assert_eq!(grade((Loop, 0), (Lose, 4)), Grade::ThrewDraw);
/// assert_eq!(grade((Lose, 6), (Lose, 2)), Grade::Sooner);
/// ```
pub fn grade(before: (Outcome, u32), after: (Outcome, u32)) -> Grade {
    match (before.0, after.0) {
        (Outcome::Win, Outcome::Win) if after.1 == before.1 => Grade::Best,
        (Outcome::Win, Outcome::Win) => Grade::Slower,
        (Outcome::Win, _) => Grade::ThrewWin,
        (Outcome::Loop, Outcome::Lose) => Grade::ThrewDraw,
        (Outcome::Loop, _) => Grade::Best,
        (Outcome::Lose, _) if after == before => Grade::Best,
        (Outcome::Lose, _) => Grade::Sooner,
    }
}

impl Solution {
    /// Every move of `(player, pos)` in step order (as [`Solution::moves`]), graded:
    /// `[grade, outcome, depth]`, the [`Grade`] code and the mover's value after it.
    /// Nothing for the hole itself or positions past the ring.
    pub fn grades(&self, player: Player, pos: u32) -> Vec<[u32; GRADE_WORDS]> {
        if pos == 0 || pos >= self.n() {
            return Vec::new();
        }
        let game = self.game();
        let before = (self.outcome(player, pos), self.depth(player, pos));
        let other = player.other();
        game.steps(player)
            .iter()
            .map(|&step| {
                let to = game.target(pos, step);
                let after = after_move(self.outcome(other, to), self.depth(other, to), to == 0);
                [grade(before, after) as u32, after.0 as u32, after.1]
            })
            .collect()
    }
}
