//! The exact solver: the spec's retrograde BFS, doing only the work that can change an answer.
//!
//! The classic BFS (kept in [`crate::classic`]) touches every edge of the game graph,
//! `n * (|s1| + |s2|)` of them. Most of those edges lead into states that are already
//! resolved and carry no information. This solver pops the same states in the same
//! FIFO order and resolves the same states with the same depths, but finds the
//! predecessors that matter without visiting the rest:
//!
//! * **Lose popped → its unresolved predecessors become Win.** With a large step set
//!   the predecessors `j - x` form a rotated copy of the step set; ANDing it with the
//!   bitset of unresolved states costs `n / 64` words instead of `|s|` edges.
//! * **Win popped → predecessors whose last non-Win move it was become Lose.** Instead
//!   of a counter per state, each unresolved state *watches* one successor that is not
//!   (yet) a Win: its witness, in step order. Only when that witness pops as a Win does
//!   the state look for the next one, starting after the old witness (every step before
//!   it leads to a Win for good), two words at a time with SIMD. A state that finds
//!   none is doomed: it turns Lose, one deeper than the popped state, exactly when the
//!   classic counter would reach zero (when its last Win successor pops). Without a
//!   trace it is resolved at once; with one (the stepper needs the classic order) it
//!   watches that last successor.
//!
//! Small step sets keep the plain per-edge counter loop (without `%` or a division per
//! pop), which is near optimal there and needs only 8 bytes per state. The outcomes and
//! depths never depend on these choices; the tests force every combination against an
//! independent oracle and, with a trace, against the classic BFS order.
//!
//! One concept per file: the [`Solution`] and its queries
//! (`solution.rs`); the [`Policy`] (`policy.rs`); [`solve`] and the resumable
//! [`Solver`] (`solver.rs`); the search they drive (`engine.rs`). The judge text of a
//! solution is written by [`crate::judge`].

mod engine;
mod line;
mod policy;
mod solution;
mod solver;

/// The solver's memory per position, kept beside the limit it explains
/// ([`crate::game::MAX_N`]); also here, where it was first published.
pub use crate::game::BYTES_PER_POSITION;
pub use crate::value::{Outcome, Plies, MOVE_WORDS};
pub use engine::Trace;
pub use line::{Line, LineEnd, LineMove};
pub use policy::{LoseRule, Policy, WinRule};
pub use solution::{RingCounts, Solution, BEST_TABLE_MAX, MOVE_TABLE_MAX, PRED_WORDS};
pub use solver::{solve, solve_traced, solve_with, Solver};
// The status word, where the judge writers read it (crate::value has it).
#[cfg(not(all(feature = "bare", target_arch = "wasm32")))]
pub(crate) use crate::value::{outcome_of, LOW};
