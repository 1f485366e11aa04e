//! The ring's "why" without its solve: `RingFacts`, made from the values a solve handed
//! out, answers what the popup, the inspector, the quiz and play ask of a state (its facts,
//! its graded moves, its best move) and the judge text. Its own small module
//! (`www/pkg/ring-why/`, feature `ring-why`), loaded by `<loopy-ring>`'s worker on the
//! first such question: the explaining code (`crate::explain`, `crate::grade`, the judge
//! writer) stays out of the module every reader downloads first.

use wasm_bindgen::prelude::*;

use super::args::{error, game, numbers, serialize};
use crate::error::ArgError;
use crate::game::MAX_N;
use crate::solve::Solution as CoreSolution;

/// A solved ring game rebuilt from its solve's values, for the questions of why: the
/// same answers as `Solution`'s `explain`, `grades`, `moves`, `bestMove` and
/// `toJudgeText`, from the same core code.
#[wasm_bindgen]
pub struct RingFacts {
    inner: CoreSolution,
}

#[wasm_bindgen]
impl RingFacts {
    /// The game `(n, s1, s2)` and what its solve handed out, without solving again: per
    /// player the `Outcome` codes (`out1`, `out2`: `Solution.outcomes(1)`, `(2)`) and the
    /// depths (`dep1`, `dep2`: `Solution.depths`), one entry per position. Throws the
    /// game's error for a wrong game, `arg.valuesLength` for an array of another length
    /// and `arg.notAValue` for a value no solve gives. It trusts the values to be the
    /// solve's: other values that pass give wrong answers (never a panic).
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] out1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] out2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] dep1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] dep2: JsValue,
    ) -> Result<RingFacts, JsValue> {
        let game = game(&n, &s1, &s2)?;
        let read = |v: &JsValue, field: &'static str| numbers(v, field.into(), field, MAX_N as u64);
        let (o1, o2) = (read(&out1, "out1")?, read(&out2, "out2")?);
        let (d1, d2) = (read(&dep1, "dep1")?, read(&dep2, "dep2")?);
        let inner = CoreSolution::from_values(game, [&o1, &o2], [&d1, &d2]).map_err(|e| {
            let field = match &e {
                ArgError::ValuesLength { field, .. } | ArgError::NotAValue { field, .. } => field,
                _ => "values",
            };
            error(&e, field)
        })?;
        Ok(RingFacts { inner })
    }
}

// The questions of why, as the whole module's `Solution` answers them.
super::answers::ring_answers!(RingFacts, all());

/// Why the page's animation refuses the game `(n, s1, s2)`: the seek limit's error
/// (`game.tooSlowToSeek`) as data, `{ field, code, params }` (see `checkGame`), or null when
/// every seek fits (or the game is wrong: `checkGame` says why). `<loopy-ring>`'s worker
/// asks it when the ring module's `checkSeek`, whose errors carry their code alone, refuses
/// a game, so that the page words it from its catalog with its numbers.
#[wasm_bindgen(js_name = seekError)]
pub fn seek_error(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
) -> Result<JsValue, JsValue> {
    match game(&n, &s1, &s2).ok().map(|g| g.check_seek()) {
        Some(Err(e)) => serialize(&super::ring::FieldError::of(&e)),
        _ => Ok(JsValue::NULL),
    }
}
