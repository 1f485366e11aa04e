//! Why a state or a vertex has its value, as data: the facts the rules of
//! `docs/rules.md` read off the solved game, so that the pages only put them into words.
//!
//! A page that explains a value needs more than the value: each move with where it
//! leads and what that is worth, which moves keep the value with best play, and the
//! rule that decides it (the hole or the goal, a dead end, some move to a Lose, every
//! move to a Win, or neither). The JS used to work these out itself from the move rows,
//! which put a second copy of the rules in the page. Here the core states them once,
//! from its own solution, and the tests hold every fact to the independent oracle.
//!
//! * [`explain_state`]: a ring state `(player, pos)`, as [`StateFacts`] (`ring.rs`).
//! * [`graph::explain_vertex`]: a graph vertex, as [`graph::VertexFacts`], with its
//!   (generalised) Sprague-Grundy facts when the values are known and its membership of
//!   the optimal-play set when a start is given.
//!
//! Both are one algorithm (`choice.rs`): from a position's value and its moves' values,
//! the moves that keep it, the best, the ones to list and the rule that decides it; each
//! game says what its moves are and puts the choice into its own words.
//!
//! Every fact type is `Serialize` with camelCase names, as the crate's events and layout
//! are: the wasm bindings hand the same objects to JS. Bad input (no such player, a
//! position off the ring, a vertex that is not one) is an [`ExplainError`] with a stable
//! [`Coded::code`], never a panic.

use core::fmt;

use crate::error::{Coded, Params};
pub use crate::value::Plies;

mod choice;
pub mod graph;
mod ring;

pub use ring::{explain_state, HoleMove, RingMove, RingReason, StateFacts};

/// Why a question to [`explain_state`] or [`graph::explain_vertex`] has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplainError {
    /// The player is not 1 or 2.
    NoSuchPlayer { player: u64 },
    /// The position is not one a player moves from (`1 ..= n - 1`; the hole is not a
    /// state anyone moves from).
    NotAPosition { pos: u64, n: u32 },
    /// The vertex asked about is not one (`1 ..= n`).
    NotAVertex { v: u64, n: u32 },
    /// The start of the optimal-play set is not a vertex.
    NotAStart { start: u64, n: u32 },
}

impl ExplainError {
    /// The argument at fault, as the JS API names it (`"player"`, `"pos"`, `"v"`,
    /// `"start"`): the error's `field`.
    pub fn field(&self) -> &'static str {
        match self {
            ExplainError::NoSuchPlayer { .. } => "player",
            ExplainError::NotAPosition { .. } => "pos",
            ExplainError::NotAVertex { .. } => "v",
            ExplainError::NotAStart { .. } => "start",
        }
    }
}

/// A stable code for the error: pages and tests match on it, never on the message.
impl Coded for ExplainError {
    fn code(&self) -> &'static str {
        match self {
            ExplainError::NoSuchPlayer { .. } => "explain.noSuchPlayer",
            ExplainError::NotAPosition { .. } => "explain.notAPosition",
            ExplainError::NotAVertex { .. } => "explain.notAVertex",
            ExplainError::NotAStart { .. } => "explain.notAStart",
        }
    }

    fn params(&self) -> Params {
        match *self {
            ExplainError::NoSuchPlayer { player } => vec![("player", player.into())],
            ExplainError::NotAPosition { pos, n } => vec![
                ("pos", pos.into()),
                ("n", n.into()),
                ("last", (n as u64 - 1).into()),
            ],
            ExplainError::NotAVertex { v, n } => vec![("v", v.into()), ("n", n.into())],
            ExplainError::NotAStart { start, n } => {
                vec![("start", start.into()), ("n", n.into())]
            }
        }
    }
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ExplainError::NoSuchPlayer { player } => {
                write!(f, "player must be 1 or 2, not {player}")
            }
            ExplainError::NotAPosition { pos, n } => write!(
                f,
                "pos must be a position from 1 to n - 1 = {}, not {pos} (the hole, 0, is not \
                 a state anyone moves from)",
                n - 1
            ),
            ExplainError::NotAVertex { v, n } => {
                write!(f, "v = {v} is not a vertex: vertices go from 1 to n = {n}")
            }
            ExplainError::NotAStart { start, n } => {
                write!(
                    f,
                    "start = {start} is not a vertex: vertices go from 1 to n = {n}"
                )
            }
        }
    }
}

impl core::error::Error for ExplainError {}

/// The most moves [`explain_state`] lists: a state with more lists this many of them (see
/// [`StateFacts::moves`]) and counts the rest.
///
/// Why a bound: on the densest game the work limit admits (n = 10^6, 500,000 steps for
/// player 1) the whole list was 57.5 MB of JSON and over a second to cross into JS for one
/// popup, which says at most a handful of moves and counts the rest. 64 is more than any
/// page shows (the inspector lists 24, the sentences 6), and every game of the spec's
/// samples, the tours and the pinned transcripts has fewer moves a state, so their facts
/// list every move as before. The pages need not know it: the facts carry their counts.
pub const MAX_FACT_MOVES: usize = 64;

/// The most Loop steps [`RingReason::Undecided`] lists when the moves are cut (more than
/// [`MAX_FACT_MOVES`]): half the listed moves, so the smallest steps that are not Loops
/// still have room beside them. A state with at most [`MAX_FACT_MOVES`] moves lists every
/// Loop step.
pub const MAX_FACT_LOOPS: usize = MAX_FACT_MOVES / 2;
