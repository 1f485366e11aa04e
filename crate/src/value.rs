//! A state's value, as both games have it: the ring's states and a graph's vertices are
//! Win, Lose or Loop (a graph's Draw) with a depth, and every solver, stepper and explainer
//! of either reads and writes them in the same encodings, kept here once.
//!
//! * [`Outcome`]: the value, with the codes the JS API exposes and the words the judge
//!   prints; [`Plies`]: how a value's plies fall to the two players.
//! * The status word: one `u32` per state holding its outcome and depth once resolved,
//!   and the solver's scratch before. Packed so that the solver's hot loops test and set
//!   one word; the graph solver and the stepper read the same words.
//! * [`MOVE_WORDS`]: a move row of the JS API, where a move leads and the value there.

use core::fmt;

use serde::Serialize;

/// Words per row of `Solution::moves` and `GraphSolution::moves`: where a move leads and
/// the value there, for the player to move at its end.
pub const MOVE_WORDS: usize = 4;

/// A state's value under optimal play.
///
/// The discriminants are the ones the JS API exposes (`Outcome.Loop = 0` ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum Outcome {
    /// Neither player can force a win; the player to move can keep the game going.
    Loop = 0,
    /// The player to move can force a win.
    Win = 1,
    /// Whatever the player to move does, the opponent can force a win.
    Lose = 2,
}

impl Outcome {
    /// The word the judge prints.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Loop => "Loop",
            Outcome::Win => "Win",
            Outcome::Lose => "Lose",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the plies of a value with best play fall to the two players: the player to move
/// makes the first, the third, ..., the opponent the second, the fourth, ... So a page
/// says "Win in 3 moves (2 by player 1, 1 by player 2)" without working it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Plies {
    /// Plies the player to move makes.
    pub mover: u32,
    /// Plies the opponent makes.
    pub opponent: u32,
}

impl Plies {
    /// The plies of a value `depth` plies long (0 for a Loop, which never ends).
    ///
    /// ```
    /// use loopy::value::Plies;
    /// assert_eq!(Plies::of(3), Plies { mover: 2, opponent: 1 });
    /// assert_eq!(Plies::of(4), Plies { mover: 2, opponent: 2 });
    /// ```
    pub fn of(depth: u32) -> Plies {
        Plies {
            mover: depth - depth / 2,
            opponent: depth / 2,
        }
    }
}

// A state's status word: the top two bits hold the outcome once it is known, the low
// 30 bits its depth. While a state is unresolved the low bits are scratch space for
// the solver (a counter or a witness step). Depths stay below 2n <= 2 * 10^7 < 2^30.
pub(crate) const WIN: u32 = 1 << 30;
pub(crate) const LOSE: u32 = 2 << 30;
pub(crate) const RESOLVED: u32 = WIN | LOSE;
pub(crate) const LOW: u32 = WIN - 1;
/// The hole's status word in the solver: both outcome bits, so that every "is it
/// still unresolved?" test skips it without a special case. It reads as Loop.
pub(crate) const HOLE: u32 = RESOLVED;

/// A status word with the solver's scratch cleared: unresolved states and the hole
/// read as 0 (Loop).
#[inline]
pub(crate) fn clean(status: u32) -> u32 {
    match status >> 30 {
        1 | 2 => status,
        _ => 0,
    }
}

/// The outcome a status word holds: Loop while unresolved (and for the hole).
#[inline]
pub(crate) fn outcome_of(status: u32) -> Outcome {
    match status >> 30 {
        1 => Outcome::Win,
        2 => Outcome::Lose,
        _ => Outcome::Loop,
    }
}
