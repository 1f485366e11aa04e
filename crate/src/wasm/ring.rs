//! The ring game's bindings: `solve` and the `Solution` it returns, and the largest
//! ring this build accepts.

use alloc::vec::Vec;
use wasm_bindgen::prelude::*;

use super::args::player;
#[cfg(any(feature = "graphs", feature = "ring-why"))]
use super::args::whole;
#[cfg(any(feature = "graphs", feature = "ring-why"))]
use crate::game::Player;
#[cfg(feature = "graphs")]
use crate::solve::solve as core_solve;
use crate::solve::Solution as CoreSolution;

/// Solves the ring game `(n, s1, s2)` exactly. Throws an `Error` with the reason (and
/// its `field`) on bad input. The whole API's (`graphs`): the ring's own module, which only
/// `<loopy-ring>`'s worker and the page load, solves through `Solver` and leaves it out.
#[cfg(feature = "graphs")]
#[wasm_bindgen]
pub fn solve(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
) -> Result<Solution, JsValue> {
    Ok(Solution {
        inner: core_solve(&super::args::game(&n, &s1, &s2)?),
    })
}

/// A solved ring game.
#[cfg(feature = "ring")]
#[wasm_bindgen]
pub struct Solution {
    pub(super) inner: CoreSolution,
}

// Its states' moves, and in the whole module its questions of why (`RingFacts` has them in
// the why module).
#[cfg(feature = "ring")]
super::answers::ring_answers!(Solution, feature = "graphs");

#[cfg(feature = "ring")]
#[wasm_bindgen]
impl Solution {
    /// `Outcome` codes for player `first` (1 or 2) moving first, indexed by position.
    pub fn outcomes(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
    ) -> Result<Vec<u8>, JsValue> {
        let p = player(&first)?;
        Ok(self.inner.outcomes(p).map(|o| o as u8).collect())
    }

    /// Depths (plies to the end) for player `first` moving first; 0 for Loop and the hole.
    pub fn depths(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let p = player(&first)?;
        Ok(self.inner.depths(p).collect())
    }

    /// The game's counts (`RingCounts`): `n`, the positions a player moves from (`first`
    /// to `last`), how many states and moves, how many of each value, and how many the
    /// search decides. The whole module's: the ring's own module, which every post
    /// downloads first, gives what its element counts with alone (`moveCount`, and the
    /// stepper's `totalStates` and `decidable`), 0.7 KB gzipped less.
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(unchecked_return_type = "RingCounts")]
    pub fn counts(&self) -> Result<JsValue, JsValue> {
        super::args::serialize(&self.inner.counts())
    }

    /// Moves out of all states: `(n - 1) · (|s1| + |s2|)`. The tables of every state are
    /// made whole up to `layout().ring.moveTableMax` and `bestTableMax` of them.
    #[wasm_bindgen(getter, js_name = moveCount)]
    pub fn move_count(&self) -> f64 {
        self.inner.move_count() as f64
    }

    /// For every state, the states that move to it, in step order (the order the search
    /// examines them): one array, first `2n + 1` offsets, then rows of
    /// `layout().predWords` words `[player, pos, step]`; state index `s`'s rows are the
    /// words `t[s] .. t[s + 1]` of the array `t` itself. `undefined` for a game of more
    /// than `layout().ring.tableMax` moves (`counts().moves`).
    #[wasm_bindgen(js_name = predecessorTable)]
    pub fn predecessor_table(&self) -> Option<Vec<u32>> {
        self.inner.predecessor_table()
    }

    /// `bestMove` for every position with player `first` to move (0 for the hole).
    #[wasm_bindgen(js_name = bestMoves)]
    pub fn best_moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        Ok(self.inner.best_moves(player(&first)?))
    }

    /// The positions from which the other player moves to `(first, pos)`, in step
    /// order (`pos = 0`: its moves onto the hole).
    #[cfg(feature = "graphs")]
    pub fn predecessors(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let (p, pos) = super::answers::state_of(&self.inner, &first, &pos, 0)?;
        Ok(self.inner.predecessors(p, pos))
    }

    /// The two depth lines of `loopy --depth` (`-` for Loop).
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(js_name = toDepthText)]
    pub fn to_depth_text(&self) -> String {
        self.inner.to_depth_text()
    }
}

/// The largest `n` this build accepts (larger games are refused with an error).
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = maxN)]
pub fn max_n() -> u32 {
    crate::game::MAX_N
}

/// One error of `checkGame` (and `seekError`): the field at fault (`n`, `s1`, `s2`), and its
/// stable `code` and `params` (see [`crate::error`]); in the whole module also the core's
/// English `message` (the why module goes without English: the page words its errors from
/// its catalog, `error.CODE`).
#[cfg(any(feature = "graphs", feature = "ring-why"))]
pub(super) struct FieldError {
    field: &'static str,
    #[cfg(feature = "graph-element")]
    message: alloc::string::String,
    coded: crate::error::CodedError,
}

/// Written out rather than derived with `flatten`, whose buffering serializer would cost the
/// why module several KB.
#[cfg(any(feature = "graphs", feature = "ring-why"))]
impl serde::Serialize for FieldError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("field", self.field)?;
        #[cfg(feature = "graph-element")]
        map.serialize_entry("message", &self.message)?;
        map.serialize_entry("code", self.coded.code)?;
        map.serialize_entry("params", &crate::error::ParamsMap(&self.coded.params))?;
        map.end()
    }
}

#[cfg(any(feature = "graphs", feature = "ring-why"))]
impl FieldError {
    pub(super) fn of(e: &crate::game::GameError) -> FieldError {
        FieldError {
            field: e.field(),
            #[cfg(feature = "graph-element")]
            message: alloc::string::ToString::to_string(e),
            coded: crate::error::Coded::coded(e),
        }
    }
}

/// What `checkGame` answers: every error, and the nearest valid game.
#[cfg(any(feature = "graphs", feature = "ring-why"))]
#[derive(serde::Serialize)]
struct GameCheck {
    errors: Vec<FieldError>,
    nearest: NearestGame,
}

#[cfg(any(feature = "graphs", feature = "ring-why"))]
#[derive(serde::Serialize)]
struct NearestGame {
    n: u32,
    s1: Vec<u32>,
    s2: Vec<u32>,
}

/// Checks a game's three fields each on its own (`null` for a field its reader could not
/// read): `{ errors: [{ field, code, params, message }], nearest: { n, s1, s2 } }`, every
/// wrong field with its own error (`game::check_fields`) and the valid game nearest to it
/// (`game::nearest_game`), so that a bad link can name all that is wrong and lead back
/// to a game. Throws only when an argument is of the wrong type. In the whole module, and
/// in the ring's why module without the English `message` (`<loopy-ring>`'s worker asks it
/// when the ring module, whose errors carry their code alone, refuses a game): the ring's
/// first download stays smaller without it.
#[cfg(any(feature = "graphs", feature = "ring-why"))]
#[wasm_bindgen(js_name = checkGame, unchecked_return_type = "GameCheck")]
pub fn check_game(
    #[wasm_bindgen(unchecked_param_type = "number | null")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers | null")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers | null")] s2: JsValue,
) -> Result<JsValue, JsValue> {
    use crate::game::{check_fields, nearest_game};
    let n = if n.is_null() || n.is_undefined() {
        None
    } else {
        Some(whole(&n, "n")?)
    };
    let read = |v: &JsValue, p| -> Result<Option<Vec<u64>>, JsValue> {
        if v.is_null() || v.is_undefined() {
            Ok(None)
        } else {
            super::args::steps(v, p).map(Some)
        }
    };
    let (s1, s2) = (read(&s1, Player::One)?, read(&s2, Player::Two)?);
    let errors = check_fields(n, s1.as_deref(), s2.as_deref())
        .iter()
        .map(FieldError::of)
        .collect();
    let game = nearest_game(
        n,
        s1.as_deref().unwrap_or(&[]),
        s2.as_deref().unwrap_or(&[]),
    );
    super::args::serialize(&GameCheck {
        errors,
        nearest: NearestGame {
            n: game.n(),
            s1: game.steps(Player::One).to_vec(),
            s2: game.steps(Player::Two).to_vec(),
        },
    })
}
