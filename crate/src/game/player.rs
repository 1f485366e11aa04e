//! The two players.

use core::fmt;

use serde::{Serialize, Serializer};

use crate::error::Param;

/// One of the two players. Player 1 owns `s1`, player 2 owns `s2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    One,
    Two,
}

impl Player {
    /// Both players, in the order the judge prints them.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for player 1, 1 for player 2: the layout of every per-state array.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// 1 or 2, as people and the judge format number them.
    #[inline]
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The player with this number (1 or 2).
    pub fn from_number(number: u8) -> Option<Player> {
        match number {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn from_index(index: usize) -> Player {
        if index == 0 {
            Player::One
        } else {
            Player::Two
        }
    }

    /// The opponent: after a move, the other player is to move.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.number())
    }
}

/// Serialised as the number 1 or 2, the way the JS API and the judge name players.
impl Serialize for Player {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

/// A player in an error's parameters: their number.
impl From<Player> for Param {
    fn from(p: Player) -> Param {
        Param::Num(p.number() as u64)
    }
}

/// `player 1's steps`: the phrase naming a player's steps argument.
pub fn steps_phrase(player: Player) -> Param {
    Param::Phrase("what.steps", vec![("player", player.into())])
}
