//! The ring solve in steps (`Solver`), for progress bars and cancelling, the work
//! estimate that sizes it (`estimateWork`, `maxWork`), and the seek limit of the page's
//! animation (`checkSeek`, `seekCost`, `maxSeekCost`).

use wasm_bindgen::prelude::*;

use super::args::{amount, error, game, granularity};
#[cfg(feature = "ring")]
use super::propagation::Propagation;
use crate::propagation::{Stepper, Timeline};
use crate::solve::Solver as CoreSolver;

/// A solve in steps, for progress bars and cancelling: call `advance` until it returns
/// true, then take the `solution()` or a `propagation()` built from the recorded order.
#[cfg(feature = "ring")]
#[wasm_bindgen]
pub struct Solver {
    inner: Option<CoreSolver>,
}

#[cfg(feature = "ring")]
#[wasm_bindgen]
impl Solver {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
    ) -> Result<Solver, JsValue> {
        Ok(Solver {
            inner: Some(CoreSolver::new(&game(&n, &s1, &s2)?, true)),
        })
    }

    fn live(&self) -> Result<&CoreSolver, JsValue> {
        self.inner.as_ref().ok_or_else(used_up)
    }

    /// Does about `budget` units of work (a unit is a word of a bitset scan, an edge
    /// or a pop: a few nanoseconds), even stopping in the middle of a pop; true once
    /// the solve is complete. Size `budget` by time (about 50 ms a call): one call
    /// never does much more than asked, whatever the game.
    pub fn advance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsValue> {
        let budget = amount(&budget, "budget")?;
        Ok(self.inner.as_mut().ok_or_else(used_up)?.advance(budget))
    }

    /// Whether the solve is complete (as `advance` last said). The whole API's
    /// (`graphs`): the ring module's worker goes by what `advance` returns.
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> Result<bool, JsValue> {
        Ok(self.live()?.is_done())
    }

    /// States resolved so far, out of `totalStates`.
    #[wasm_bindgen(getter)]
    pub fn resolved(&self) -> Result<u32, JsValue> {
        Ok(self.live()?.resolved())
    }

    #[wasm_bindgen(getter, js_name = totalStates)]
    pub fn total_states(&self) -> Result<u32, JsValue> {
        Ok(self.live()?.total_states())
    }

    /// Finishes the solve and returns the answer. The Solver is used up. The whole API's
    /// (`graphs`): the ring's own module hands out the answer with its retelling only.
    #[cfg(feature = "graphs")]
    pub fn solution(&mut self) -> Result<super::ring::Solution, JsValue> {
        let solver = self.take()?;
        Ok(super::ring::Solution {
            inner: solver.finish().0,
        })
    }

    /// Finishes the solve and returns its retelling, already knowing the whole run.
    /// The Solver is used up.
    pub fn propagation(
        &mut self,
        #[wasm_bindgen(js_name = granularity, unchecked_optional_param_type = "Granularity")]
        granularity_name: JsValue,
    ) -> Result<Propagation, JsValue> {
        let g = granularity(&granularity_name)?;
        let solver = self.take()?;
        let (solution, trace) = solver.finish();
        let trace = trace.ok_or_else(|| error(&crate::error::ArgError::NoTrace, "solver"))?;
        Ok(Propagation {
            inner: Stepper::from_timeline(Timeline::from_trace(solution, trace), g),
        })
    }

    fn take(&mut self) -> Result<CoreSolver, JsValue> {
        self.inner.take().ok_or_else(used_up)
    }
}

/// The error of a `Solver` used after `solution()` or `propagation()`.
fn used_up() -> JsValue {
    error(&crate::error::ArgError::SolverSpent, "solver")
}

/// The solver's estimated work for `(n, s1, s2)`, in the units of `Solver.advance`,
/// from the sizes of the step sets alone (so it can be shown before a long solve).
/// Games above `maxWork()` are refused; see the core's `estimate_work`.
// estimateWork, maxWork and maxN are the whole API's (`graphs`): the element reads its
// limits from the layout and never estimates before solving.
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = estimateWork)]
pub fn estimate_work(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s2: JsValue,
) -> Result<f64, JsValue> {
    use super::args::{steps, whole};
    use crate::game::Player;
    let n = whole(&n, "n")?;
    let k1 = steps(&s1, Player::One)?.len() as u64;
    let k2 = steps(&s2, Player::Two)?.len() as u64;
    Ok(crate::game::estimate_work(n, k1, k2) as f64)
}

/// The most work this build does for one game (larger games are refused with an error).
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = maxWork)]
pub fn max_work() -> f64 {
    crate::game::MAX_WORK as f64
}

/// Whether the page's animation may show `(n, s1, s2)`: throws the game's error (code
/// `game.tooSlowToSeek`) when a seek would cost more than `maxSeekCost()`, or when the
/// game is wrong. `<loopy-ring>`'s worker asks before solving; see the core's
/// `RingGame::check_seek`.
#[cfg(feature = "ring")]
#[wasm_bindgen(js_name = checkSeek)]
pub fn check_seek(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
) -> Result<(), JsValue> {
    game(&n, &s1, &s2)?
        .check_seek()
        .map_err(super::args::game_error)
}

/// What one seek of the animation of `(n, s1, s2)` costs, in the core's units (see
/// `seek_cost`); games above `maxSeekCost()` are refused by the page's elements.
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = seekCost)]
pub fn seek_cost(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
) -> Result<f64, JsValue> {
    Ok(game(&n, &s1, &s2)?.seek_cost() as f64)
}

/// The most a seek may cost for the page's elements to show a game (see `seekCost`).
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = maxSeekCost)]
pub fn max_seek_cost() -> f64 {
    crate::game::MAX_SEEK as f64
}
