//! The JS bindings of [`crate::explain`]: the facts' TypeScript types, the errors of a bad
//! question, and (with the `graph-element` feature) `GraphSolution.explain(v, start?,
//! grundy?)`; a ring state's `explain` is written once for `Solution` and `RingFacts` in
//! `answers.rs`. Thin on purpose: the
//! arguments are read as the other bindings read them (never coerced), the core finds
//! the facts, and they leave as the core's own serde output (JSON parsed by
//! `crate/js/args.js`), so JS sees exactly the fields `docs/rules.md`'s words need and
//! computes none of them. A bad question throws an `Error` whose `field` is the core's
//! [`ExplainError::field`], with its stable code.

use wasm_bindgen::prelude::*;

use super::args::error;
use crate::explain::ExplainError;

#[wasm_bindgen(typescript_custom_section)]
const TS_EXPLAIN_TYPES: &str = r#"
/** A value for the player to move, as the core's serde writes it. */
export type OutcomeName = "Win" | "Lose" | "Loop";
/** One move of a ring state (the hole reads as Lose in 0 for the opponent). */
export interface RingMoveFacts {
  step: number; to: number; hole: boolean; state: number;
  outcome: OutcomeName; depth: number; winning: boolean; optimal: boolean;
  /** Who has won once this move is made (onto the hole: the mover); absent for any other move. */
  winner?: PlayerNumber;
}
/** How a value's plies fall to the player to move (the first, third, ...) and the opponent. */
export interface Plies { mover: number; opponent: number }
/** The rule that decides a ring state's value. */
export type RingReason =
  | { kind: "hole"; step: number; winning: number }
  | { kind: "moveToLose"; step: number; to: number; depth: number; winning: number }
  | { kind: "everyMoveToWin"; moves: number; step: number; to: number; depth: number }
  | { kind: "undecided"; loops: number[]; count: number };
/**
 * Why a ring state has its value (`Solution.explain`). `moves` lists every move when there
 * are at most 64, else 64 of them (the best, the listed Loops, then the smallest steps);
 * `moveCount` and the reason's counts are of every move.
 */
export interface StateFacts {
  player: PlayerNumber; pos: number; state: number; opponent: PlayerNumber;
  outcome: OutcomeName; depth: number; plies: Plies;
  /** The state's move onto the hole, if it has one (listed here even when `moves` is cut), and who wins by it. */
  hole?: { step: number; winner: PlayerNumber };
  moves: RingMoveFacts[]; moveCount: number; best: number; reason: RingReason;
}
/** Optimal play from a state (`RingFacts.line`, `Solution.line`): its moves, and how it ends. */
export interface RingLine {
  moves: { player: PlayerNumber; pos: number; step: number; to: number }[];
  end: { kind: "hole"; winner: PlayerNumber } | { kind: "repeat"; at: number } | { kind: "cut" };
}
/** A Sprague-Grundy value: finite, or ∞(K) (`k`: K's first 64 values; `kCount`: all of them). */
export type SgValue = { finite: number } | { infinite: { k: number[]; kCount: number } };
/** One move of a vertex. */
export interface GraphMoveFacts {
  to: number; outcome: OutcomeName; depth: number; winning: boolean; optimal: boolean;
  correct: boolean; gamma?: SgValue;
}
/** The rule that decides a vertex's value. */
export type GraphReason =
  | { kind: "goal" }
  | { kind: "deadEnd" }
  | { kind: "moveToLose"; to: number; depth: number; winning: number }
  | { kind: "everyMoveToWin"; moves: number; to: number; depth: number }
  | { kind: "undecided"; draws: number[]; count: number };
/**
 * Why a vertex has its Sprague-Grundy value. Each list holds at most 64 entries, the
 * smallest; its `…Count` says how many there are in all.
 */
export type GrundyFacts =
  | { kind: "goal" }
  | {
      kind: "finite"; value: number; reached: number[]; reachedCount: number; mex: number;
      infinite: number[]; infiniteCount: number; answers: number[];
    }
  | {
      kind: "infinite"; k: number[]; kCount: number; mex: number; infinite: number[]; infiniteCount: number;
      unanswered: number[]; unansweredCount: number; verdict: OutcomeName;
    };
/** Why a vertex is in the optimal-play set from `start`, or not. */
export type Membership =
  | { kind: "start"; start: number }
  | { kind: "reached"; start: number; path: number[]; rest: number[]; moves: number }
  | { kind: "out"; start: number; refused: number[]; refusedCount: number };
/**
 * Why a vertex has its value (`GraphSolution.explain`). `moves` lists every move when there
 * are at most 64, else at most 64 of them, each vertex once (the best, the listed draws,
 * then the smallest vertices reached); `moveCount` and the reason's counts are of every move.
 */
export interface VertexFacts {
  v: number; goal: boolean; outcome: OutcomeName; depth: number; moves: GraphMoveFacts[]; moveCount: number;
  best?: number; reason: GraphReason; grundy?: GrundyFacts; optimal?: Membership;
}
"#;

pub(super) fn explain_error(e: ExplainError) -> JsValue {
    error(&e, e.field())
}

#[cfg(feature = "graph-element")]
mod graph {
    use wasm_bindgen::prelude::*;

    use super::super::args::{serialize, type_error, type_name, whole};
    use super::super::graph::GraphSolution;
    use super::explain_error;
    use crate::explain::graph::explain_vertex;

    #[wasm_bindgen]
    impl GraphSolution {
        /// Why vertex `v` has its value (`VertexFacts`: at most
        /// [`crate::explain::MAX_FACT_MOVES`] moves and of each SG list, with the counts of
        /// all, so a vertex of a million moves gives a few KB); with `start`, also why it is in
        /// the optimal-play set from there or not (`optimal`); with `grundy` true, also
        /// why it has its Sprague-Grundy value (`grundy`, computed on first use) and each
        /// move's value. Throws (`field` `"v"` or `"start"`) for a vertex that is not one.
        #[wasm_bindgen(unchecked_return_type = "VertexFacts")]
        pub fn explain(
            &mut self,
            #[wasm_bindgen(unchecked_param_type = "number")] v: JsValue,
            #[wasm_bindgen(unchecked_optional_param_type = "number")] start: JsValue,
            #[wasm_bindgen(unchecked_optional_param_type = "boolean")] grundy: JsValue,
        ) -> Result<JsValue, JsValue> {
            let v = whole(&v, "v")?;
            let start = (!start.is_undefined())
                .then(|| whole(&start, "start"))
                .transpose()?;
            let grundy = match grundy.as_bool() {
                Some(g) => g,
                None if grundy.is_undefined() => false,
                None => {
                    return Err(type_error(
                        &crate::error::ArgError::NotABoolean {
                            field: "grundy",
                            kind: type_name(&grundy),
                        },
                        "grundy",
                    ))
                }
            };
            if grundy {
                self.grundy_values();
            }
            let values = if grundy { self.known_grundy() } else { None };
            let facts = explain_vertex(self.core(), values, start, v).map_err(explain_error)?;
            serialize(&facts)
        }
    }
}
