//! The JS bindings, and the only module that knows about wasm-bindgen.
//!
//! Each export converts its arguments, calls the pure core, and maps errors to JS
//! `Error`s whose message is the core's `Display` text and whose `field` (and `line`,
//! for text) comes from the core's typed error.
//!
//! **Nothing a caller passes can poison the module.** A JS exception thrown while Rust
//! frames are on the stack unwinds them without restoring the wasm stack pointer, so
//! every argument is taken as a plain `JsValue` and read only in ways that cannot throw
//! into Rust: numbers and strings with wasm-bindgen's non-throwing intrinsics
//! (`as_f64`, `as_string`: so `solve("8")` is a `TypeError`, not a silent 8), arrays
//! and option objects through `crate/js/args.js`, whose checks are imported with
//! `catch` (an array's length is checked before anything is allocated, and it is
//! copied into a fresh `Uint32Array`). Errors are returned, never thrown from Rust:
//! the glue throws them after Rust has returned. A call on a freed object is refused by
//! the glue in JS before it enters wasm (`cargo xtask build` adds that check, see
//! `xtask/src/build.rs`). Bulk results leave as typed arrays; one event or another
//! small object leaves as JSON (serde_json) that `crate/js/args.js` parses, and errors
//! and number texts are made there too: the page's module then needs neither js-sys
//! nor serde-wasm-bindgen, about 7 KB less gzipped wasm (the graph bindings still use
//! js-sys, in the full module only).
//!
//! One module per concept: `args` (argument checks and errors, shared by all), `ring`
//! (`solve`, `Solution`), `solver` (the solve in steps, the work estimate),
//! `propagation` (the steppers), with the `ring-why` feature `why` (`RingFacts`, the
//! ring's explaining answers from a solve's values), and with the `graphs` feature `judge` (`parseJudge`,
//! `judgeAnswer`), `check` (`checkAnswer`, `AnswerCheck`) and `graph` (games on graphs). This file keeps what they share: the
//! TypeScript types, `Outcome` and `layout`.

use wasm_bindgen::prelude::*;

use crate::value::Outcome as CoreOutcome;

#[cfg(any(feature = "ring", feature = "ring-why"))]
mod answers;
mod args;
#[cfg(feature = "graphs")]
mod check;
#[cfg(any(feature = "graph-element", feature = "ring-why"))]
mod explain;
#[cfg(feature = "graph-element")]
mod graph;
#[cfg(feature = "graphs")]
mod graph_text;
#[cfg(feature = "graphs")]
mod judge;
// The steppers and the solve in steps: not in the why module (`ring-why` alone).
#[cfg(any(feature = "ring", feature = "graph-element"))]
mod propagation;
mod ring;
#[cfg(any(feature = "ring", feature = "graph-element"))]
mod solver;
#[cfg(feature = "ring-why")]
mod why;

#[cfg(feature = "graphs")]
pub use check::{check_answer, AnswerCheck};
#[cfg(feature = "graphs")]
pub use graph::{check_graph_size, solve_graph};
#[cfg(feature = "graph-element")]
pub use graph::{random_graph, GraphBuilder, GraphPropagation, GraphSolution};
#[cfg(feature = "graphs")]
pub use graph_text::{graph_answer, parse_graph};
#[cfg(feature = "graphs")]
pub use judge::{judge_answer, parse_judge};
#[cfg(feature = "ring")]
pub use propagation::Propagation;
#[cfg(any(feature = "graphs", feature = "ring-why"))]
pub use ring::check_game;
#[cfg(feature = "graphs")]
pub use ring::max_n;
#[cfg(feature = "graphs")]
pub use ring::solve;
#[cfg(feature = "ring")]
pub use ring::Solution;
#[cfg(feature = "ring")]
pub use solver::{check_seek, Solver};
#[cfg(feature = "graphs")]
pub use solver::{estimate_work, max_seek_cost, max_work, seek_cost};
#[cfg(feature = "ring-why")]
pub use why::{seek_error, RingFacts};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** Player 1 or player 2. */
export type PlayerNumber = 1 | 2;
/** A step set or an edge end list: an array of whole numbers, or a typed array. */
export type Numbers = Uint32Array | ArrayLike<number>;
/** @deprecated the old name of `Numbers`. */
export type Steps = Numbers;
/** Which events a stepper hands out. */
export type Granularity = "events" | "resolutions" | "layers";
/**
 * One step of the retold BFS (see docs/api.md for the order of events). On the ring a
 * state is `player` and `pos`; on a graph there is no `player`, `pos` is the vertex,
 * and a move is named by the vertex it reaches (`step === succ`).
 */
export type LoopyEvent =
  | {
      kind: "resolve"; player?: PlayerNumber; pos: number; outcome: "Win" | "Lose"; depth: number; step: number; succ: number;
      /** On the ring: how the depth's plies fall to the player to move and the opponent. */
      plies?: { mover: number; opponent: number };
      /** On a graph, at depth 0 (a seed): the game is over on the goal, or at a dead end. */
      end?: "goal" | "deadEnd";
    }
  | { kind: "pop"; player?: PlayerNumber; pos: number; outcome: "Win" | "Lose"; depth: number; plies?: { mover: number; opponent: number } }
  | { kind: "update"; player?: PlayerNumber; pos: number; step: number; succ: number; left: number }
  | { kind: "skip"; player?: PlayerNumber; pos: number; step: number; succ: number }
  | { kind: "layer"; depth: number; count: number }
  | { kind: "done"; loops: number };
/** One game of a judge-format input. */
export interface JudgeGame { n: number; s1: number[]; s2: number[] }
/** A judge answer, or its head: the text and how many games it answers. */
export interface JudgeAnswer { text: string; games: number }
/** Every code and layout the API uses (see docs/api.md, "Layouts"). */
export interface Layout {
  packedWords: number;
  kind: { resolve: number; pop: number; update: number; skip: number; layer: number; done: number };
  packed: { fieldMask: number; kindShift: number; playerShift: number; outcomeShift: number };
  snapshot: {
    valueMask: number; unknown: number; win: number; lose: number; loop: number; queued: number; current: number; shift: number;
    lookMask: number; stack: number[];
  };
  outcome: { loop: number; win: number; lose: number; draw: number };
  /** Each `Outcome` code's name, indexed by code. */
  outcomeNames: ("Loop" | "Win" | "Lose")[];
  granularities: Granularity[];
  maxN: number;
  /** State (p, pos) is `block[p] * n + pos`; state s is player `player[Math.floor(s / n)]` at `s % n`. */
  ring: {
    other: number[]; block: number[]; player: number[]; firstPos: number; moveTableMax: number; bestTableMax: number;
  };
  maxBatch: number;
  moveWords: number;
  predWords: number;
  gradeWords: number;
  grade: { best: number; slower: number; sooner: number; threwWin: number; threwDraw: number };
  graph: {
    bytesPerVertex: number; bytesPerEdge: number; maxBytes: number; maxEdges: number; grundyInfinite: number;
    drawMaxVertices: number; drawMaxEdges: number; firstVertex: number; randomDegree: number;
  };
}
/** What `Solution.counts()` answers: the game's size, its states and moves, how many of each value. */
export interface RingCounts {
  n: number; first: number; last: number; states: number; moves: number;
  win: number; lose: number; loop: number; decidable: number;
}
/** The errors this module throws: `field` names the argument at fault; `line` the line of a bad text. */
export interface LoopyError extends Error { field?: string; line?: number }
/** What `checkGame` answers: every wrong field with its stable code, params and (the whole module's) English message, and the nearest valid game. */
export interface GameCheck { errors: { field: "n" | "s1" | "s2"; code: string; params: Record<string, unknown>; message?: string }[]; nearest: { n: number; s1: number[]; s2: number[] } }
"#;

/// A state's value; the codes of `Solution.outcomes` (a graph's Draw is `Loop`).
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Loop = 0,
    Win = 1,
    Lose = 2,
}

/// wasm-bindgen needs the codes written out; this ties them to the core's (a test
/// checks that each maps to the same number).
impl From<CoreOutcome> for Outcome {
    fn from(o: CoreOutcome) -> Outcome {
        match o {
            CoreOutcome::Loop => Outcome::Loop,
            CoreOutcome::Win => Outcome::Win,
            CoreOutcome::Lose => Outcome::Lose,
        }
    }
}

/// Every code, bit layout and limit of this API, from the core's own constants. In the whole
/// module only: the pages and both elements read it from `www/pkg/layout.js`, which `cargo
/// xtask build` writes from this function (1.5 KB of wasm less for a ring post, 2 for a graph's).
#[cfg(feature = "graphs")]
#[wasm_bindgen(unchecked_return_type = "Layout")]
pub fn layout() -> Result<JsValue, JsValue> {
    args::serialize(&crate::layout::layout())
}
