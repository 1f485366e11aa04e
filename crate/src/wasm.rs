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

fn game(n: f64, s1: &JsValue, s2: &JsValue) -> Result<RingGame, JsValue> {
    let n = whole(n, "n")
        .map_err(|_| field_error(&format!("n must be a whole number >= 0, not {n}"), "n"))?;
    let s1 = steps(s1, Player::One).map_err(JsValue::from)?;
    let s2 = steps(s2, Player::Two).map_err(JsValue::from)?;
    RingGame::new(n, &s1, &s2).map_err(|e| field_error(&e.to_string(), e.field()))
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
) -> Result<Solution, JsValue> {
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
    last: Option<Event>,
    seen: Option<Vec<u32>>,
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
    ) -> Result<Propagation, JsValue> {
        let g = granularity(granularity_name.as_deref().unwrap_or("events"))?;
        Ok(Propagation::wrap(CorePropagation::new(
            &game(n, &s1, &s2)?,
            g,
        )))
    }

    /// The next event, or `undefined` once the run is over (and ever after).
    // `next` is the name the JS API asks for; this is not Rust's Iterator.
    #[allow(clippy::should_implement_trait)]
    #[wasm_bindgen(unchecked_return_type = "LoopyEvent | undefined")]
    pub fn next(&mut self) -> Result<JsValue, JsError> {
        let e = self.inner.next();
        if e.is_some() {
            self.last = e;
        }
        event_value(e)
    }

    /// Up to `max` next events, 4 words each (layout in the README).
    #[wasm_bindgen(js_name = nextBatch)]
    pub fn next_batch(&mut self, max: f64) -> Result<Vec<u32>, JsError> {
        let max = whole(max, "max")?.min(u32::MAX as u64) as usize;
        let out = self.inner.next_batch(max);
        if let Some(tail) = out.rchunks_exact(crate::propagation::PACKED_WORDS).next() {
            let words = [tail[0], tail[1], tail[2], tail[3]];
            self.last = Event::unpack(words, self.inner.game().n());
        }
        Ok(out)
    }

    /// Moves to just after event number `position` (0 = the start) at the current
    /// granularity, forwards or backwards, and returns that event (to narrate it).
    #[wasm_bindgen(unchecked_return_type = "LoopyEvent | undefined")]
    pub fn seek(&mut self, position: f64) -> Result<JsValue, JsError> {
        let m = whole(position, "position")?;
        let e = self.inner.seek(m);
        self.last = e;
        event_value(e)
    }

    /// Every state's look now, `2n` words at `(player - 1) * n + pos` (layout in the README).
    /// What the caller has seen starts from here for `changes()`.
    pub fn snapshot(&mut self) -> Vec<u32> {
        let snap = self.inner.snapshot();
        self.seen = Some(snap.clone());
        snap
    }

    /// The states whose snapshot word changed since the last `changes()` or `snapshot()`, as
    /// pairs `[state, word, ...]`; `undefined` when more than `limit` changed (then take a
    /// `snapshot()`).
    pub fn changes(&mut self, limit: f64) -> Result<Option<Vec<u32>>, JsError> {
        let limit = whole(limit, "limit")?;
        let snap = self.inner.snapshot();
        let Some(seen) = self.seen.as_mut() else {
            self.seen = Some(snap);
            return Ok(None);
        };
        let mut out = Vec::new();
        for (s, (&w, old)) in snap.iter().zip(seen.iter_mut()).enumerate() {
            if w != *old {
                *old = w;
                out.extend_from_slice(&[s as u32, w]);
            }
        }
        Ok(((out.len() / 2) as u64 <= limit).then_some(out))
    }

    /// The last event handed out, or `undefined` at the start.
    #[wasm_bindgen(getter, js_name = lastEvent, unchecked_return_type = "LoopyEvent | undefined")]
    pub fn last_event(&self) -> Result<JsValue, JsError> {
        event_value(self.last)
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

impl Propagation {
    fn wrap(inner: CorePropagation) -> Propagation {
        Propagation {
            inner,
            last: None,
            seen: None,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Layout {
    packed_words: usize,
    kinds: [(&'static str, u32); 6],
    snapshot: [(&'static str, u32); 4],
    values: [(&'static str, u32); 4],
    outcomes: [(&'static str, u32); 3],
    granularities: [&'static str; 3],
    max_n: u32,
}

/// Every layout and limit the front end needs, declared once in the core.
#[wasm_bindgen(unchecked_return_type = "Layout")]
pub fn layout() -> Result<JsValue, JsError> {
    use crate::propagation::{kind, snapshot};
    let l = Layout {
        packed_words: crate::propagation::PACKED_WORDS,
        kinds: [
            ("resolve", kind::RESOLVE),
            ("pop", kind::POP),
            ("update", kind::UPDATE),
            ("skip", kind::SKIP),
            ("layer", kind::LAYER),
            ("done", kind::DONE),
        ],
        snapshot: [
            ("valueMask", snapshot::VALUE_MASK),
            ("queued", snapshot::QUEUED),
            ("current", snapshot::CURRENT),
            ("shift", snapshot::SHIFT),
        ],
        values: [
            ("unknown", 0),
            ("win", 1),
            ("lose", 2),
            ("loop", snapshot::LOOP),
        ],
        outcomes: [
            ("loop", crate::Outcome::Loop as u32),
            ("win", crate::Outcome::Win as u32),
            ("lose", crate::Outcome::Lose as u32),
        ],
        granularities: ["events", "resolutions", "layers"],
        max_n: MAX_N,
    };
    let v = l
        .serialize(&serde_wasm_bindgen::Serializer::new())
        .map_err(|e| JsError::new(&e.to_string()))?;
    // Pairs become objects.
    let obj = js_sys::Object::new();
    for key in ["kinds", "snapshot", "values", "outcomes"] {
        let pairs = js_sys::Reflect::get(&v, &key.into()).unwrap_or(JsValue::UNDEFINED);
        let o = js_sys::Object::from_entries(&pairs).map_err(|_| JsError::new("layout"))?;
        let _ = js_sys::Reflect::set(&obj, &key.into(), &o);
    }
    for key in ["packedWords", "granularities", "maxN"] {
        let _ = js_sys::Reflect::set(
            &obj,
            &key.into(),
            &js_sys::Reflect::get(&v, &key.into()).unwrap_or(JsValue::UNDEFINED),
        );
    }
    Ok(obj.into())
}

/// The judge's whole answer to a judge-format input: exactly what the CLI prints.
#[wasm_bindgen(js_name = judgeAnswer)]
pub fn judge_answer(text: &str) -> Result<String, JsValue> {
    crate::judge::answer(text.as_bytes(), false).map_err(|e| judge_error(&e))
}

/// An `Error` with the field it concerns as data.
fn field_error(message: &str, field: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    let _ = js_sys::Reflect::set(&e, &"field".into(), &field.into());
    e.into()
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
pub fn parse_judge(text: &str) -> Result<JsValue, JsValue> {
    let games = crate::judge::parse(text.as_bytes()).map_err(|e| judge_error(&e))?;
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
        .map_err(|e| JsError::new(&e.to_string()).into())
}

/// A judge-format error as an `Error` with `field: "text"`, the 1-based `line` and `game`.
fn judge_error(e: &crate::judge::JudgeError) -> JsValue {
    let err = field_error(&e.to_string(), "text");
    let _ = js_sys::Reflect::set(&err, &"line".into(), &(e.line as f64).into());
    if let Some(g) = e.game {
        let _ = js_sys::Reflect::set(&err, &"game".into(), &(g as f64).into());
    }
    err
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
    ) -> Result<Solver, JsValue> {
        Ok(Solver {
            inner: Some(CoreSolver::new(&game(n, &s1, &s2)?, true)),
        })
    }

    fn live(&self) -> Result<&CoreSolver, JsError> {
        self.inner.as_ref().ok_or_else(used_up)
    }

    /// Pops at most `maxPops` states; true once the solve is complete.
    pub fn advance(&mut self, max_pops: f64) -> Result<bool, JsError> {
        let max = whole(max_pops, "maxPops")?.min(usize::MAX as u64) as usize;
        Ok(self.inner.as_mut().ok_or_else(used_up)?.advance(max))
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
        Ok(Propagation::wrap(CorePropagation::from_timeline(
            timeline, g,
        )))
    }

    fn take(&mut self) -> Result<CoreSolver, JsError> {
        self.inner.take().ok_or_else(used_up)
    }
}

/// The error of a `Solver` used after `solution()` or `propagation()`.
fn used_up() -> JsError {
    JsError::new("this Solver has already handed out its result")
}
