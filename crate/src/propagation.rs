//! The solve retold step by step: a fused iterator of [`Event`]s that runs the spec's
//! retrograde BFS one event at a time, for the ring and for game graphs alike.
//!
//! The animation needs two things a plain BFS cannot give: the length of the run up
//! front (for a timeline scrubber), and jumping to any point in it, backwards too.
//! So a stepper first solves the game with a fast solver and keeps the BFS order
//! ([`Timeline`], O(n) memory, no events). From that it knows where every event
//! falls, and [`Stepper::seek`] rebuilds the BFS's exact state (queue, counters,
//! cursor) at any event without replaying the events before it. Stepping forward is
//! the plain BFS: the queue, a counter per state, one predecessor per event.
//!
//! * [`event`]: the events, their packed layout, granularities.
//! * [`timeline`]: where each event falls.
//! * [`stepper`]: the BFS replayed, seeks, snapshots and changes.
//! * [`retold`]: the one trait that says what differs between the ring and a graph.
//!
//! Event stream (granularity [`Granularity::Events`]):
//!
//! 1. `Resolve` for each seed: on the ring every state with a step onto the hole (Win,
//!    depth 1), player 1's positions ascending, then player 2's; on a graph the goal
//!    and every vertex without a move (Lose, depth 0), ascending;
//! 2. then, until the queue is empty:
//!    * `Layer { depth, count }` when the queue's head is deeper than every state popped
//!      so far: the whole layer `depth` is known, and `count` states hold it;
//!    * `Pop` of the queue's head;
//!    * one event per predecessor of the popped state (on the ring `(p, j - x)`, `x` in
//!      `s_p` ascending, skipping the hole; on a graph one per edge into it, ascending
//!      by vertex, skipping the goal's edges): `Skip` if it is already resolved, else
//!      `Resolve` (it became Win, or its counter reached zero and it became Lose) or
//!      `Update` (its counter dropped, `left` to go);
//! 3. `Done { loops }`: every state still unresolved is Loop (a draw).

pub mod event;
mod graph;
pub mod retold;
mod ring;
pub mod stepper;
pub mod timeline;

pub use event::{
    kind, packed, Event, Granularity, SeedEnd, Told, UnknownGranularity, PACKED_WORDS,
};
pub use retold::{Recount, RecountCache, RecountJob, Retold};
pub use stepper::{snapshot, Stepper, Work, MAX_BATCH};
pub use timeline::Timeline;

/// The ring game's stepper.
pub type Propagation = Stepper<crate::Solution>;
/// A game graph's stepper.
pub type GraphPropagation = Stepper<crate::graph::solve::GraphSolution>;
