//! The status word: one `u32` per state holding its outcome and depth once resolved,
//! and the solver's scratch before. Packed so that the solver's hot loops test and set
//! one word, and shared with the graph solver and the stepper, which read the same words.

use super::Outcome;

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
pub(super) fn clean(status: u32) -> u32 {
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
