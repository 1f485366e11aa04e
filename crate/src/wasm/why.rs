//! The ring's "why" without its solve: `RingFacts`, made from the values a solve handed
//! out, answers what the popup, the inspector, the quiz and play ask of a state (its facts,
//! its graded moves, its best move) and the judge text. Its own small module
//! (`www/pkg/ring-why/`, feature `ring-why`), loaded by `<loopy-ring>`'s worker on the
//! first such question: the explaining code (`crate::explain`, `crate::grade`, the judge
//! writer) stays out of the module every reader downloads first.

use wasm_bindgen::prelude::*;

use super::args::{amount, error, game, numbers, serialize, whole};
use super::explain::explain_error;
use crate::error::ArgError;
use crate::explain::explain_state;
use crate::game::{Player, MAX_N};
use crate::solve::Solution as CoreSolution;

/// The moves `RingFacts.line` gives without a `max`: more than a page plays out.
const LINE_MAX: usize = 1000;

#[wasm_bindgen(typescript_custom_section)]
const TS_LINE_TYPES: &str = r#"
/** Optimal play from a state (`RingFacts.line`): its moves, and how it ends. */
export interface RingLine {
  moves: { player: PlayerNumber; pos: number; step: number; to: number }[];
  end: { kind: "hole"; winner: PlayerNumber } | { kind: "repeat"; at: number } | { kind: "cut" };
}
"#;

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

    /// Positions on the ring, the hole included.
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.inner.n()
    }

    /// As `Solution.explain`: why state `(player, pos)` has its value (`StateFacts`).
    #[wasm_bindgen(unchecked_return_type = "StateFacts")]
    pub fn explain(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] player: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<JsValue, JsValue> {
        let player = whole(&player, "player")?;
        let pos = whole(&pos, "pos")?;
        serialize(&explain_state(&self.inner, player, pos).map_err(explain_error)?)
    }

    /// As `Solution.grades`: every move of `(first, pos)`, graded, 3 words each.
    pub fn grades(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let (p, pos) = self.state(&first, &pos)?;
        Ok(self.inner.grades(p, pos).concat())
    }

    /// As `Solution.moves`: every move of `(first, pos)`, 4 words each.
    pub fn moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let (p, pos) = self.state(&first, &pos)?;
        Ok(self.inner.moves(p, pos).concat())
    }

    /// As `Solution.bestMove`: the optimal step from `(first, pos)`.
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<u32, JsValue> {
        let (p, pos) = self.state(&first, &pos)?;
        Ok(self.inner.best_move(p, pos).unwrap_or(0))
    }

    /// Optimal play from `(first, pos)` (`RingLine`): each move `{ player, pos, step, to }`
    /// with both players playing the best move, and how the line ends: `{ kind: "hole",
    /// winner }` (the last move lands on the hole), `{ kind: "repeat", at }` (the state
    /// after the last move is the one move `at` started from: the same moves repeat
    /// forever) or `{ kind: "cut" }` after `max` moves (default 1000; a line can be as
    /// long as the game has states).
    #[wasm_bindgen(unchecked_return_type = "RingLine")]
    pub fn line(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] max: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (p, pos) = self.state(&first, &pos)?;
        let max = if max.is_undefined() {
            LINE_MAX
        } else {
            amount(&max, "max")?.min(usize::MAX as u64) as usize
        };
        // (`None` only for a position `state` refuses.)
        self.inner
            .best_line(p, pos, max)
            .map_or(Ok(JsValue::UNDEFINED), |line| serialize(&line))
    }

    /// As `Solution.toJudgeText`: the judge's two lines.
    #[wasm_bindgen(js_name = toJudgeText)]
    pub fn to_judge_text(&self) -> String {
        self.inner.to_judge_text()
    }
}

impl RingFacts {
    /// The state `(first, pos)` of a question: player 1 or 2, a position from 1 to `n - 1`
    /// (the same check as `Solution`'s: [`super::ring::state_of`]).
    fn state(&self, first: &JsValue, pos: &JsValue) -> Result<(Player, u32), JsValue> {
        super::ring::state_of(&self.inner, first, pos, 1)
    }
}
