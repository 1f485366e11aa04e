//! The steppers' bindings: the solve retold event by event, with random access. The
//! methods both steppers share are written once, in [`stepper_methods`]; the ring's
//! `Propagation` is here, the graph's `GraphPropagation` in `graph.rs`.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use wasm_bindgen::prelude::*;

use super::args::{amount, error, event_value, granularity, type_error, whole};
#[cfg(feature = "ring")]
use super::ring::Solution;
use crate::propagation::{Stepper, MAX_BATCH};
use crate::solve::Solution as CoreSolution;

/// The methods both steppers share, written once: `$class` wraps `Stepper<$solution>`.
macro_rules! stepper_methods {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// The next event, or `undefined` once the run is over (and ever after). Not
            /// in the ring module (`ring` alone): its worker steps with `nextBatch` and
            /// `seek`, and the ring element's first download goes without it.
            // `next` is the name the JS API asks for; this is not Rust's Iterator.
            #[allow(clippy::should_implement_trait)]
            #[cfg(feature = "graph-element")]
            #[wasm_bindgen(unchecked_return_type = "LoopyEvent | undefined")]
            pub fn next(&mut self) -> Result<JsValue, JsValue> {
                let event = self.inner.next();
                event_value(self.inner.told(event))
            }

            /// Up to `max` next events (at most `layout().maxBatch`), 4 words each
            /// (layout in docs/api.md).
            #[wasm_bindgen(js_name = nextBatch)]
            pub fn next_batch(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number")] max: JsValue,
            ) -> Result<Vec<u32>, JsValue> {
                let max = amount(&max, "max")?.min(MAX_BATCH as u64) as usize;
                Ok(self.inner.next_batch(max))
            }

            /// Moves to just after event number `position` (0 = the start) at the
            /// current granularity, forwards or backwards, and returns that event (to
            /// narrate it). Past the end (`Infinity` too) it goes to the end.
            #[wasm_bindgen(unchecked_return_type = "LoopyEvent | undefined")]
            pub fn seek(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number")] position: JsValue,
            ) -> Result<JsValue, JsValue> {
                let m = amount(&position, "position")?;
                let event = self.inner.seek(m);
                event_value(self.inner.told(event))
            }

            /// Begins `seek(position)` without doing it; `seekAdvance(budget)` does it a
            /// budget of work at a time (a long seek on a large ring: the worker sees
            /// other messages between two calls). Any other call that looks at the
            /// states finishes it first; a new seek replaces it.
            #[wasm_bindgen(js_name = seekBegin)]
            pub fn seek_begin(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number")] position: JsValue,
            ) -> Result<(), JsValue> {
                let m = amount(&position, "position")?;
                self.inner.seek_begin(m);
                Ok(())
            }

            /// About `budget` units (nanoseconds) of the seek `seekBegin` began: true
            /// once it is done (then `lastEvent` is its event), or when none is under way.
            #[wasm_bindgen(js_name = seekAdvance)]
            pub fn seek_advance(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
            ) -> Result<bool, JsValue> {
                let budget = amount(&budget, "budget")?;
                Ok(self.inner.seek_advance(budget.max(1)))
            }

            /// Every state's look now, indexed by state (layout in docs/api.md). The
            /// caller has now seen it: `changes()` reports against it.
            pub fn snapshot(&mut self) -> Vec<u32> {
                self.inner.snapshot_seen()
            }

            /// `[state, word, state, word, ...]` for every state whose snapshot word
            /// differs from what the caller last saw (from `changes()` or
            /// `snapshot()`), or `undefined` when more than `limit` did: then call
            /// `snapshot()`.
            pub fn changes(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number")] limit: JsValue,
            ) -> Result<Option<Vec<u32>>, JsValue> {
                let limit = amount(&limit, "limit")?.min(usize::MAX as u64) as usize;
                Ok(self.inner.changes(limit))
            }

            /// The position (at the current granularity) from which the state at
            /// snapshot index `state` is shown decided: what "jump to when this state
            /// is decided" seeks to. A state that stays undecided (Loop) is decided at
            /// the end.
            #[wasm_bindgen(js_name = decidedAt)]
            pub fn decided_at(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] state: JsValue,
            ) -> Result<f64, JsValue> {
                let s = whole(&state, "state")?;
                let slots = self.inner.slots();
                if s >= slots as u64 {
                    let e = crate::error::ArgError::NotAState {
                        slots: slots as u64,
                        state: s,
                    };
                    return Err(error(&e, "state"));
                }
                Ok(self.inner.decided_at(s as u32) as f64)
            }

            /// The last event handed out (by `next`, `nextBatch` or `seek`), or
            /// `undefined` at the start.
            #[wasm_bindgen(getter, js_name = lastEvent, unchecked_return_type = "LoopyEvent | undefined")]
            pub fn last_event(&self) -> Result<JsValue, JsValue> {
                event_value(self.inner.told(self.inner.last_event()))
            }

            /// True once `done` has been handed out.
            #[wasm_bindgen(getter)]
            pub fn done(&self) -> bool {
                self.inner.is_done()
            }

            /// States resolved so far (for a progress bar, out of `totalStates`).
            #[wasm_bindgen(getter)]
            pub fn resolved(&self) -> u32 {
                self.inner.resolved()
            }

            /// The states the search decides (Win or Lose), all resolved by the end: once
            /// `resolved` is this, the rest of the run only checks moves into decided states.
            #[wasm_bindgen(getter)]
            pub fn decidable(&self) -> u32 {
                self.inner.decidable()
            }

            /// The states of the game: `2 (n - 1)` on the ring, `n` on a graph.
            #[wasm_bindgen(getter, js_name = totalStates)]
            pub fn total_states(&self) -> u32 {
                self.inner.total_states()
            }

            /// Events handed out so far at the current granularity.
            #[wasm_bindgen(getter)]
            pub fn position(&self) -> f64 {
                self.inner.cursor() as f64
            }

            /// Events in the whole run at the current granularity.
            #[wasm_bindgen(getter)]
            pub fn length(&self) -> f64 {
                self.inner.len() as f64
            }

            /// Events of the full stream (granularity "events") so far. Not in the ring
            /// module, whose worker never asks (as `next`).
            #[cfg(feature = "graph-element")]
            #[wasm_bindgen(getter, js_name = globalPosition)]
            pub fn global_position(&self) -> f64 {
                self.inner.global_position() as f64
            }

            #[wasm_bindgen(getter, unchecked_return_type = "Granularity")]
            pub fn granularity(&self) -> String {
                self.inner.granularity().as_str().to_owned()
            }

            /// Changes what `next` hands out; the BFS stays where it is.
            #[wasm_bindgen(setter)]
            pub fn set_granularity(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "Granularity")] name: JsValue,
            ) -> Result<(), JsValue> {
                if name.is_undefined() {
                    let e = crate::error::ArgError::NotAString {
                        field: "granularity",
                        kind: "undefined".into(),
                    };
                    return Err(type_error(&e, "granularity"));
                }
                self.inner.set_granularity(granularity(&name)?);
                Ok(())
            }
        }
    };
}

// For `graph.rs` (full module only). The macro's body names the helpers it calls
// (`amount`, `error`, ...) as they are imported where it is used.
#[cfg(feature = "graph-element")]
pub(super) use stepper_methods;

/// The ring game's solve retold event by event (see docs/api.md for the events and the
/// layouts).
#[cfg(feature = "ring")]
#[wasm_bindgen]
pub struct Propagation {
    pub(super) inner: Stepper<CoreSolution>,
}

#[cfg(feature = "ring")]
stepper_methods!(Propagation);

#[cfg(feature = "ring")]
#[wasm_bindgen]
impl Propagation {
    /// Starts the retold BFS of `(n, s1, s2)`; `granularity` defaults to `"events"`. The
    /// whole API's (`graphs`): the ring's own module makes its steppers with
    /// `Solver.propagation` only, and leaves this out.
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
        #[wasm_bindgen(js_name = granularity, unchecked_optional_param_type = "Granularity")]
        granularity_name: JsValue,
    ) -> Result<Propagation, JsValue> {
        let g = granularity(&granularity_name)?;
        Ok(Propagation {
            inner: Stepper::<CoreSolution>::new(&super::args::game(&n, &s1, &s2)?, g),
        })
    }

    /// Positions on the ring, the hole included. The whole API's (`graphs`): the ring
    /// module's worker knows its game.
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.inner.game().n()
    }

    /// The final answer, known from the start.
    pub fn solution(&self) -> Solution {
        Solution {
            inner: self.inner.solution().clone(),
        }
    }
}
