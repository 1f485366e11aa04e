//! What a page asks of a solved ring game's states, written once for the two classes
//! that answer it: the whole module's `Solution` and the why module's `RingFacts` (a
//! solve's values sent to the module that explains). [`ring_answers`] writes the methods
//! into a class whose `inner` is the core's `Solution`; which of them a build has is the
//! `cfg` it is given (`Solution` has them in the whole module only, `RingFacts` always):
//! the ring's own module, which `<loopy-ring>`'s worker loads first, asks the why module for
//! a state's moves too.

/// The state `(first, pos)` of a question about `inner`: player 1 or 2 and a position from
/// `from` (1, or 0 where the hole is asked about) up to `n - 1`. One check for every
/// class, so all refuse the same arguments alike.
#[cfg(any(feature = "graphs", feature = "ring-why"))]
pub(super) fn state_of(
    inner: &crate::solve::Solution,
    first: &wasm_bindgen::JsValue,
    pos: &wasm_bindgen::JsValue,
    from: u64,
) -> Result<(crate::game::Player, u32), wasm_bindgen::JsValue> {
    let p = super::args::player(first)?;
    let pos = super::args::whole(pos, "pos")?;
    let n = inner.n() as u64;
    if pos < from || pos >= n {
        let e = crate::error::ArgError::NotAPosition {
            from,
            last: n - 1,
            pos,
        };
        return Err(super::args::error(&e, "pos"));
    }
    Ok((p, pos as u32))
}

/// The ring's answers for `$class` (with a field `inner: crate::solve::Solution`), each
/// compiled where `cfg($when)` holds.
macro_rules! ring_answers {
    ($class:ident, $when:meta) => {
        #[wasm_bindgen]
        impl $class {
            /// Positions on the ring, the hole included.
            #[cfg($when)]
            #[wasm_bindgen(getter)]
            pub fn n(&self) -> u32 {
                self.inner.n()
            }

            /// Every move of `(first, pos)` in step order, 4 words each:
            /// `[step, succ, outcome, depth]`, the opponent's value at `succ` (0: the hole).
            #[cfg($when)]
            pub fn moves(
                &self,
                #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
            ) -> Result<Vec<u32>, JsValue> {
                let (p, pos) = super::answers::state_of(&self.inner, &first, &pos, 1)?;
                Ok(self.inner.moves(p, pos).concat())
            }

            /// The optimal step from `pos` with player `first` to move (ties: the smallest).
            #[cfg($when)]
            #[wasm_bindgen(js_name = bestMove)]
            pub fn best_move(
                &self,
                #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
            ) -> Result<u32, JsValue> {
                let (p, pos) = super::answers::state_of(&self.inner, &first, &pos, 1)?;
                Ok(self.inner.best_move(p, pos).unwrap_or(0))
            }

            /// Every move of `(first, pos)` in step order (as `moves`), graded, 3 words
            /// each: `[grade, outcome, depth]`, the grade code (`layout().grade`) and the
            /// mover's value after the move, so that a game's review never derives it.
            #[cfg($when)]
            pub fn grades(
                &self,
                #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
            ) -> Result<Vec<u32>, JsValue> {
                let (p, pos) = super::answers::state_of(&self.inner, &first, &pos, 1)?;
                Ok(self.inner.grades(p, pos).concat())
            }

            /// Why state `(player, pos)` has its value: its value and depth, each move
            /// with its target and the target's value (at most
            /// [`crate::explain::MAX_FACT_MOVES`] of them, with the count of all: one
            /// popup's facts stay a few KB on the densest game), which moves keep the
            /// value, the best move and the rule that decides it (`StateFacts`). Throws
            /// (`field` `"player"` or `"pos"`) for a player other than 1 or 2 or a position
            /// outside `1 .. n - 1`.
            #[cfg($when)]
            #[wasm_bindgen(unchecked_return_type = "StateFacts")]
            pub fn explain(
                &self,
                #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] player: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
            ) -> Result<JsValue, JsValue> {
                let player = super::args::whole(&player, "player")?;
                let pos = super::args::whole(&pos, "pos")?;
                let facts = crate::explain::explain_state(&self.inner, player, pos)
                    .map_err(super::explain::explain_error)?;
                super::args::serialize(&facts)
            }

            /// Optimal play from `(first, pos)` (`RingLine`): each move `{ player, pos,
            /// step, to }` with both players playing the best move, and how the line ends:
            /// `{ kind: "hole", winner }` (the last move lands on the hole), `{ kind:
            /// "repeat", at }` (the state after the last move is the one move `at` started
            /// from: the same moves repeat forever) or `{ kind: "cut" }` after `max` moves
            /// (default 1000; a line can be as long as the game has states).
            #[cfg($when)]
            #[wasm_bindgen(unchecked_return_type = "RingLine")]
            pub fn line(
                &self,
                #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "number")] max: JsValue,
            ) -> Result<JsValue, JsValue> {
                let (p, pos) = super::answers::state_of(&self.inner, &first, &pos, 1)?;
                let max = if max.is_undefined() {
                    super::answers::LINE_MAX
                } else {
                    super::args::amount(&max, "max")?.min(usize::MAX as u64) as usize
                };
                // (`None` only for a position `state_of` refuses.)
                self.inner
                    .best_line(p, pos, max)
                    .map_or(Ok(JsValue::UNDEFINED), |line| super::args::serialize(&line))
            }

            /// The judge's two lines: player 1 moving first, then player 2.
            #[cfg($when)]
            #[wasm_bindgen(js_name = toJudgeText)]
            pub fn to_judge_text(&self) -> String {
                self.inner.to_judge_text()
            }
        }
    };
}

pub(super) use ring_answers;

/// The moves `line` gives without a `max`: more than a page plays out.
#[cfg(any(feature = "graphs", feature = "ring-why"))]
pub(super) const LINE_MAX: usize = 1000;
