//! The solver's policy: for each player, how a pop finds the states it decides (walk
//! the steps or scan bitsets; counters or watch lists). The answer never depends on it;
//! the speed does, so it is chosen by the size of the step set.

use crate::game::{Player, RingGame};

/// How the solver finds, for one player `p`, the states that a pop of the opponent's
/// state decides. [`solve`](super::solve) picks by the size of `p`'s step set; the tests force every
/// combination, so that each path is held to the oracle on its own.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    pub win: WinRule,
    pub lose: LoseRule,
}

/// A Lose pops: which of its predecessors are still unresolved (they become Win)?
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinRule {
    /// Walk the step set: `|s|` edge visits.
    Steps,
    /// AND the rotated step set with the unresolved bitset: `n / 64` words.
    Bits,
}

/// A Win pops: which predecessors now have every move going to a popped Win (Lose)?
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoseRule {
    /// A counter per state, in the status word's low bits: right for small step sets.
    Counter,
    /// Each state watches one successor not yet popped as Win and, when that one pops,
    /// walks on along its step list to the next.
    WatchList,
    /// The same, but the walk goes a 64-bit word of steps at a time.
    WatchBits,
}

impl Policy {
    /// Every combination, for the tests.
    pub const ALL: [Policy; 6] = [
        Policy {
            win: WinRule::Steps,
            lose: LoseRule::Counter,
        },
        Policy {
            win: WinRule::Steps,
            lose: LoseRule::WatchList,
        },
        Policy {
            win: WinRule::Steps,
            lose: LoseRule::WatchBits,
        },
        Policy {
            win: WinRule::Bits,
            lose: LoseRule::Counter,
        },
        Policy {
            win: WinRule::Bits,
            lose: LoseRule::WatchList,
        },
        Policy {
            win: WinRule::Bits,
            lose: LoseRule::WatchBits,
        },
    ];

    /// The choice [`solve`](super::solve) makes for a step set of `k` steps on a ring of `n`.
    ///
    /// A bitset pass costs about `n / 64` word operations, a walk of the step set `k`
    /// edge visits (each a random memory access): the bitset wins well before
    /// `k = n / 64`. Watch lists cost 8 bytes per state more than counters and pay off
    /// once a state has more moves than it typically needs to look at.
    pub fn auto(k: usize, n: usize) -> Policy {
        let dense = k * 32 >= n;
        Policy {
            win: if dense { WinRule::Bits } else { WinRule::Steps },
            lose: match (k >= 24, dense) {
                (false, _) => LoseRule::Counter,
                (true, false) => LoseRule::WatchList,
                (true, true) => LoseRule::WatchBits,
            },
        }
    }

    /// Whether the Lose rule keeps watch lists (rather than counters).
    pub(super) fn watches(self) -> bool {
        self.lose != LoseRule::Counter
    }
}

/// [`Policy::auto`] for both players of `game`: what [`solve`](super::solve) uses.
pub(super) fn auto_policy(game: &RingGame) -> [Policy; 2] {
    let n = game.n() as usize;
    Player::BOTH.map(|p| Policy::auto(game.steps(p).len(), n))
}
