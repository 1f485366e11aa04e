//! The JS bindings, and the only module that knows about wasm-bindgen.
//!
//! Each export converts its arguments, calls the pure core, and maps errors to
//! `JsError`s whose message is the core's `Display` text. Numbers arrive as `f64` and
//! are checked here, because wasm-bindgen's integer conversions would silently wrap
//! `-1` or truncate `2.5`. Bulk results leave as typed arrays; one event or nothing
//! else small goes through serde-wasm-bindgen.

use js_sys::{Array, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::game::{Player, RingGame, MAX_N};
use crate::propagation::{Event, Granularity, Propagation as CorePropagation, Timeline};
use crate::solve::{solve as core_solve, Solution as CoreSolution, Solver as CoreSolver};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** Player 1 or player 2. */
export type PlayerNumber = 1 | 2;
/** A step set: an array of whole numbers, or a Uint32Array. */
export type Steps = Uint32Array | ArrayLike<number>;
/** Which events `Propagation` hands out. */
export type Granularity = "events" | "resolutions" | "layers";
/** One step of the retold BFS (see the README for the order of events). */
export type LoopyEvent =
  | { kind: "resolve"; player: PlayerNumber; pos: number; outcome: "Win" | "Lose"; depth: number; step: number; succ: number }
  | { kind: "pop"; player: PlayerNumber; pos: number; outcome: "Win" | "Lose"; depth: number }
  | { kind: "update"; player: PlayerNumber; pos: number; step: number; succ: number; left: number }
  | { kind: "skip"; player: PlayerNumber; pos: number; step: number; succ: number }
  | { kind: "layer"; depth: number; count: number }
  | { kind: "done"; loops: number };
/** One game of a judge-format input. */
export interface JudgeGame { n: number; s1: number[]; s2: number[] }
"#;

/// A state's value; the codes of `Solution.outcomes`.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Loop = 0,
    Win = 1,
    Lose = 2,
}

fn whole(value: f64, what: &str) -> Result<u64, JsError> {
    if value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value <= u64::MAX as f64 {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number >= 0, not {value}"
        )))
    }
}

fn steps(value: &JsValue, player: Player) -> Result<Vec<u64>, JsError> {
    if let Some(typed) = value.dyn_ref::<Uint32Array>() {
        return Ok(typed.to_vec().into_iter().map(u64::from).collect());
    }
    if !Array::is_array(value) && !value.is_object() {
        return Err(JsError::new(&format!(
            "{player}'s steps must be an array of numbers or a Uint32Array"
        )));
    }
    let items = Array::from(value);
    let what = format!("each of {player}'s steps");
    items
        .iter()
        .map(|item| match item.as_f64() {
            Some(x) => whole(x, &what),
            None => Err(JsError::new(&format!(
                "{what} must be a number, not {}",
                item.js_typeof().as_string().unwrap_or_default()
            ))),
        })
        .collect()
}

fn game(n: f64, s1: &JsValue, s2: &JsValue) -> Result<RingGame, JsError> {
    let n = whole(n, "n")?;
    RingGame::new(n, &steps(s1, Player::One)?, &steps(s2, Player::Two)?)
        .map_err(|e| JsError::new(&e.to_string()))
}

fn player(first: f64) -> Result<Player, JsError> {
    match first {
        1.0 => Ok(Player::One),
        2.0 => Ok(Player::Two),
        _ => Err(JsError::new(&format!(
            "the first player must be 1 or 2, not {first}"
        ))),
    }
}

/// Solves the ring game `(n, s1, s2)` exactly. Throws an `Error` with the reason on bad input.
#[wasm_bindgen]
pub fn solve(
    n: f64,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s2: JsValue,
) -> Result<Solution, JsError> {
    Ok(Solution {
        inner: core_solve(&game(n, &s1, &s2)?),
    })
}

/// A solved game.
#[wasm_bindgen]
pub struct Solution {
    inner: CoreSolution,
}

#[wasm_bindgen]
impl Solution {
    /// Positions on the ring, the hole included.
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.inner.n()
    }

    /// `Outcome` codes for player `first` (1 or 2) moving first, indexed by position.
    pub fn outcomes(&self, first: f64) -> Result<Vec<u8>, JsError> {
        let p = player(first)?;
        Ok(self.inner.outcomes(p).map(|o| o as u8).collect())
    }

    /// Depths (plies to the end) for player `first` moving first; 0 for Loop and the hole.
    pub fn depths(&self, first: f64) -> Result<Vec<u32>, JsError> {
        let p = player(first)?;
        Ok(self.inner.depths(p).collect())
    }

    /// The optimal step from `pos` with player `first` to move (ties: the smallest).
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&self, first: f64, pos: f64) -> Result<u32, JsError> {
        let p = player(first)?;
        let pos = whole(pos, "pos")?;
        if pos == 0 || pos >= self.inner.n() as u64 {
            return Err(JsError::new(&format!(
                "pos must be a position from 1 to n - 1 = {}, not {pos}",
                self.inner.n() - 1
            )));
        }
        Ok(self.inner.best_move(p, pos as u32).expect("1 <= pos < n"))
    }

    /// `bestMove` for every position with player `first` to move (0 for the hole).
    #[wasm_bindgen(js_name = bestMoves)]
    pub fn best_moves(&self, first: f64) -> Result<Vec<u32>, JsError> {
        let p = player(first)?;
        Ok(self.inner.best_moves(p))
    }

    /// The judge's two lines: player 1 moving first, then player 2.
    #[wasm_bindgen(js_name = toJudgeText)]
    pub fn to_judge_text(&self) -> String {
        self.inner.to_judge_text()
    }

    /// The two depth lines of `loopy --depth` (`-` for Loop).
    #[wasm_bindgen(js_name = toDepthText)]
    pub fn to_depth_text(&self) -> String {
        self.inner.to_depth_text()
    }
}

/// The solve retold event by event (see the README for the events and the packed layout).
#[wasm_bindgen]
pub struct Propagation {
    inner: CorePropagation,
}

fn granularity(name: &str) -> Result<Granularity, JsError> {
    name.parse()
        .map_err(|e: crate::propagation::UnknownGranularity| JsError::new(&e.to_string()))
}

fn event_value(event: Option<Event>) -> Result<JsValue, JsError> {
    match event {
        None => Ok(JsValue::UNDEFINED),
        Some(e) => e
            .serialize(&serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true))
            .map_err(|e| JsError::new(&e.to_string())),
    }
}

#[wasm_bindgen]
impl Propagation {
    /// Starts the retold BFS of `(n, s1, s2)`; `granularity` defaults to `"events"`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        n: f64,
        #[wasm_bindgen(unchecked_param_type = "Steps")] s1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Steps")] s2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Granularity")] granularity_name: Option<String>,
    ) -> Result<Propagation, JsError> {
        let g = granularity(granularity_name.as_deref().unwrap_or("events"))?;
        Ok(Propagation {
            inner: CorePropagation::new(&game(n, &s1, &s2)?, g),
        })
    }

    /// The next event, or `undefined` once the run is over (and ever after).
    // `next` is the name the JS API asks for; this is not Rust's Iterator.
    #[allow(clippy::should_implement_trait)]
    #[wasm_bindgen(unchecked_return_type = "LoopyEvent | undefined")]
    pub fn next(&mut self) -> Result<JsValue, JsError> {
        event_value(self.inner.next())
    }

    /// Up to `max` next events, 4 words each (layout in the README).
    #[wasm_bindgen(js_name = nextBatch)]
    pub fn next_batch(&mut self, max: f64) -> Result<Vec<u32>, JsError> {
        let max = whole(max, "max")?.min(u32::MAX as u64) as usize;
        Ok(self.inner.next_batch(max))
    }

    /// Moves to just after event number `position` (0 = the start) at the current
    /// granularity, forwards or backwards, and returns that event (to narrate it).
    #[wasm_bindgen(unchecked_return_type = "LoopyEvent | undefined")]
    pub fn seek(&mut self, position: f64) -> Result<JsValue, JsError> {
        let m = whole(position, "position")?;
        event_value(self.inner.seek(m))
    }

    /// Every state's look now, `2n` words at `(player - 1) * n + pos` (layout in the README).
    pub fn snapshot(&self) -> Vec<u32> {
        self.inner.snapshot()
    }

    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.inner.game().n()
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

    /// `2 (n - 1)`: both players' states, the hole excluded.
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

    /// Events of the full stream (granularity "events") so far.
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
        #[wasm_bindgen(unchecked_param_type = "Granularity")] name: String,
    ) -> Result<(), JsError> {
        self.inner.set_granularity(granularity(&name)?);
        Ok(())
    }

    /// The final answer, known from the start.
    pub fn solution(&self) -> Solution {
        Solution {
            inner: self.inner.solution().clone(),
        }
    }
}

/// The largest `n` this build accepts (larger games are refused with an error).
#[wasm_bindgen(js_name = maxN)]
pub fn max_n() -> u32 {
    MAX_N
}

#[derive(Serialize)]
struct JudgeGame {
    n: u32,
    s1: Vec<u32>,
    s2: Vec<u32>,
}

/// Parses a whole judge-format input (`T` games) into `{ n, s1, s2 }` objects; throws
/// an `Error` naming the game, line and token on bad input.
#[wasm_bindgen(js_name = parseJudge, unchecked_return_type = "JudgeGame[]")]
pub fn parse_judge(text: &str) -> Result<JsValue, JsError> {
    let games = crate::judge::parse(text.as_bytes()).map_err(|e| JsError::new(&e.to_string()))?;
    let games: Vec<JudgeGame> = games
        .iter()
        .map(|g| JudgeGame {
            n: g.n(),
            s1: g.steps(Player::One).to_vec(),
            s2: g.steps(Player::Two).to_vec(),
        })
        .collect();
    games
        .serialize(&serde_wasm_bindgen::Serializer::new())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A solve in steps, for progress bars and cancelling: call `advance` until it returns
/// true, then take the `solution()` or a `propagation()` built from the recorded order.
#[wasm_bindgen]
pub struct Solver {
    inner: Option<CoreSolver>,
}

#[wasm_bindgen]
impl Solver {
    #[wasm_bindgen(constructor)]
    pub fn new(
        n: f64,
        #[wasm_bindgen(unchecked_param_type = "Steps")] s1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Steps")] s2: JsValue,
    ) -> Result<Solver, JsError> {
        Ok(Solver {
            inner: Some(CoreSolver::new(&game(n, &s1, &s2)?, true)),
        })
    }

    fn live(&self) -> Result<&CoreSolver, JsError> {
        self.inner.as_ref().ok_or_else(used_up)
    }

    /// Does about `budget` units of work (a unit is a word of a bitset scan, an edge
    /// or a pop: a few nanoseconds), even stopping in the middle of a pop; true once
    /// the solve is complete. Size `budget` by time (about 50 ms a call): one call
    /// never does much more than asked, whatever the game.
    pub fn advance(&mut self, budget: f64) -> Result<bool, JsError> {
        let budget = whole(budget, "budget")?;
        Ok(self.inner.as_mut().ok_or_else(used_up)?.advance(budget))
    }

    #[wasm_bindgen(getter)]
    pub fn done(&self) -> Result<bool, JsError> {
        Ok(self.live()?.is_done())
    }

    /// States resolved so far, out of `totalStates`.
    #[wasm_bindgen(getter)]
    pub fn resolved(&self) -> Result<u32, JsError> {
        Ok(self.live()?.resolved())
    }

    #[wasm_bindgen(getter, js_name = totalStates)]
    pub fn total_states(&self) -> Result<u32, JsError> {
        Ok(self.live()?.total_states())
    }

    /// Finishes the solve and returns the answer. The Solver is used up.
    pub fn solution(&mut self) -> Result<Solution, JsError> {
        let solver = self.take()?;
        Ok(Solution {
            inner: solver.finish().0,
        })
    }

    /// Finishes the solve and returns its retelling, already knowing the whole run.
    /// The Solver is used up.
    pub fn propagation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Granularity")] granularity_name: Option<String>,
    ) -> Result<Propagation, JsError> {
        let g = granularity(granularity_name.as_deref().unwrap_or("events"))?;
        let solver = self.take()?;
        let (solution, trace) = solver.finish();
        let timeline = Timeline::from_trace(solution, trace.expect("Solver.new traces"));
        Ok(Propagation {
            inner: CorePropagation::from_timeline(timeline, g),
        })
    }

    fn take(&mut self) -> Result<CoreSolver, JsError> {
        self.inner.take().ok_or_else(used_up)
    }
}

/// The error of a `Solver` used after `solution()` or `propagation()`.
fn used_up() -> JsError {
    JsError::new("this Solver has already handed out its result")
}

/// The solver's estimated work for `(n, s1, s2)`, in the units of `Solver.advance`,
/// from the sizes of the step sets alone (so it can be shown before a long solve).
/// Games above `maxWork()` are refused; see the core's `estimate_work`.
#[wasm_bindgen(js_name = estimateWork)]
pub fn estimate_work(
    n: f64,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s2: JsValue,
) -> Result<f64, JsError> {
    let n = whole(n, "n")?;
    let k1 = steps(&s1, Player::One)?.len() as u64;
    let k2 = steps(&s2, Player::Two)?.len() as u64;
    Ok(crate::game::estimate_work(n, k1, k2) as f64)
}

/// The most work this build does for one game (larger games are refused with an error).
#[wasm_bindgen(js_name = maxWork)]
pub fn max_work() -> f64 {
    crate::game::MAX_WORK as f64
}
