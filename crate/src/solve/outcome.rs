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
