//! The value of a state under optimal play: Win, Lose or Loop, with the codes the JS API
//! exposes and the words the judge prints.

use core::fmt;

use serde::Serialize;

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
    /// use loopy::solve::Plies;
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
