//! Loopy solves the *ring game* exactly by retrograde analysis and retells the solve
//! step by step, so that a page can animate Win, Lose and Loop spreading back from
//! the hole. The rules and definitions are in `shared/spec/ring-game.md`.
//!
//! * [`game`]: validated input ([`RingGame`], [`GameError`]).
//! * [`solve`](mod@solve): the fast exact solver (outcomes, depths, best moves).
//! * [`classic`]: the textbook BFS, kept as the baseline and a test oracle.
//! * [`propagation`]: the BFS as a stream of events, with random access.
//! * [`judge`]: the judge text format.
//! * `wasm` (wasm32 only): the JS bindings, and the only module that knows about them.

mod bits;
pub mod classic;
pub mod game;
pub mod judge;
pub mod propagation;
pub mod solve;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use game::{estimate_work, GameError, Player, RingGame, MAX_N, MAX_WORK};
pub use propagation::{Event, Granularity, Propagation, Timeline};
pub use solve::{solve, solve_traced, Outcome, Solution, Solver, Trace};
