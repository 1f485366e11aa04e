//! Loopy solves the *ring game* and games on any graph exactly by retrograde analysis,
//! and retells the solve step by step, so that a page can animate Win, Lose and Loop
//! spreading back from the end. The rules and definitions are in
//! `docs/rules.md`, the text formats in `docs/formats.md`.
//!
//! * [`error`]: every error's stable code and parameters ([`error::Coded`]).
//! * [`game`]: validated ring games ([`RingGame`], [`GameError`]).
//! * [`value`]: a state's value (Win, Lose, Loop), and the encodings ring and graph share.
//! * [`solve`](mod@solve): the fast exact ring solver (outcomes, depths, best moves).
//! * [`classic`]: the textbook BFS, kept as the baseline and a test oracle.
//! * [`explain`]: why a state or vertex has its value, as data for the pages.
//! * [`grade`]: how good a move is, against the value of the state it leaves.
//! * [`graph`]: validated game graphs ([`Graph`], [`GraphError`]), their solver, the
//!   optimal-play set, many queries at once, and the ring as a graph.
//! * [`grundy`]: Sprague-Grundy values, generalised to graphs with cycles.
//! * [`propagation`]: the BFS as a stream of events, with random access, for both.
//! * [`tree`]: stones on a tree (AGC010F) and its reduction to a game on a DAG.
//! * [`judge`]: the judge text formats.
//! * [`layout`]: every code and bit layout the JS API exposes, in one place.
//! * `wasm` (wasm32 only): the JS bindings, and the only module that knows about them.

// The ring module (feature `bare`) goes without the standard library: `std`'s panic
// machinery formats every panic's message even under `panic = "abort"`, and that
// formatting code was 1.1 KB (gzipped) of the page's first download. Everything else the
// core uses is in `core` and `alloc`.
#![cfg_attr(all(feature = "bare", target_arch = "wasm32"), no_std)]

#[macro_use]
extern crate alloc;

#[cfg(all(
    feature = "bare",
    target_arch = "wasm32",
    any(feature = "graph-element", feature = "ring-why")
))]
compile_error!(
    "`bare` builds the ring module alone: the judge texts the other modules use need std::io"
);

mod bits;
pub mod classic;
pub mod error;
pub mod explain;
pub mod game;
pub mod grade;
pub mod graph;
pub mod grundy;
#[cfg(not(all(feature = "bare", target_arch = "wasm32")))]
pub mod judge;
pub mod layout;
mod ntt;
pub mod propagation;
pub mod solve;
pub mod tree;
pub mod value;
#[cfg(target_arch = "wasm32")]
#[cfg_attr(not(feature = "ring"), allow(dead_code, unused_imports))]
pub mod wasm;

/// The wasm build's allocator: talc, smaller than std's dlmalloc (the page downloads
/// every byte of the module) and as fast for the solver's few large vectors.
// SAFETY: `new_global` asks to be the one global allocator of a single-threaded wasm
// module, which this is (no threads, no other allocator).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

/// Without `std` a panic traps at once: nothing is formatted, and the JS caller sees the
/// same `RuntimeError` (unreachable) that `panic = "abort"` gave it with `std`.
#[cfg(all(feature = "bare", target_arch = "wasm32", not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

pub use game::{estimate_work, GameError, Player, RingGame, MAX_N, MAX_WORK};
pub use graph::solve::{solve_graph, GraphSolution};
pub use graph::{Graph, GraphError};
pub use propagation::{Event, Granularity, GraphPropagation, Propagation, Timeline};
pub use solve::{solve, solve_traced, Outcome, Solution, Solver, Trace};
