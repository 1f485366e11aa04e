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
//! The graph bindings are in `wasm/graph.rs`, built with the `graphs` feature.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::game::{GameError, Player, RingGame, MAX_N};
#[cfg(feature = "graphs")]
use crate::judge::JudgeError;
use crate::propagation::{Event, Granularity, Stepper, Timeline, MAX_BATCH};
use crate::solve::{
    solve as core_solve, Outcome as CoreOutcome, Solution as CoreSolution, Solver as CoreSolver,
};

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
 * One step of the retold BFS (see the README for the order of events). On the ring a
 * state is `player` and `pos`; on a graph there is no `player`, `pos` is the vertex,
 * and a move is named by the vertex it reaches (`step === succ`).
 */
export type LoopyEvent =
  | { kind: "resolve"; player?: PlayerNumber; pos: number; outcome: "Win" | "Lose"; depth: number; step: number; succ: number }
  | { kind: "pop"; player?: PlayerNumber; pos: number; outcome: "Win" | "Lose"; depth: number }
  | { kind: "update"; player?: PlayerNumber; pos: number; step: number; succ: number; left: number }
  | { kind: "skip"; player?: PlayerNumber; pos: number; step: number; succ: number }
  | { kind: "layer"; depth: number; count: number }
  | { kind: "done"; loops: number };
/** One game of a judge-format input. */
export interface JudgeGame { n: number; s1: number[]; s2: number[] }
/** A judge answer, or its head: the text and how many games it answers. */
export interface JudgeAnswer { text: string; games: number }
/** Every code and layout the API uses (see the README, "Layouts"). */
export interface Layout {
  packedWords: number;
  kind: { resolve: number; pop: number; update: number; skip: number; layer: number; done: number };
  packed: { fieldMask: number; kindShift: number; playerShift: number; outcomeShift: number };
  snapshot: { valueMask: number; unknown: number; win: number; lose: number; loop: number; queued: number; current: number; shift: number };
  outcome: { loop: number; win: number; lose: number; draw: number };
  granularities: Granularity[];
  maxN: number;
  maxBatch: number;
  moveWords: number;
  graph: { bytesPerVertex: number; bytesPerEdge: number; maxBytes: number; grundyInfinite: number };
}
/** The errors this module throws: `field` names the argument at fault; `line` the line of a bad text. */
export interface LoopyError extends Error { field?: string; line?: number }
"#;

#[wasm_bindgen(module = "/js/args.js")]
extern "C" {
    // See `crate/js/args.js`. The checks are `catch`: their errors come back as values.
    #[wasm_bindgen(catch, js_name = checkU32Array)]
    fn check_u32_array(value: &JsValue, what: &str, field: &str, max: u32) -> Result<(), JsValue>;
    #[wasm_bindgen(js_name = takeChecked)]
    fn take_checked() -> JsValue;
    // The same function, for a `checkU32Array` (whose checked value is a Uint32Array):
    // the glue copies it into a Vec.
    #[wasm_bindgen(js_name = takeChecked)]
    fn take_numbers() -> Vec<u32>;
    #[wasm_bindgen(js_name = newError)]
    fn new_error(message: &str, field: &str, type_error: bool, line: Option<u32>) -> JsValue;
    /// A number as JS writes it (Rust would write `inf`): JS's own `String(x)`, the text
    /// the caller would see, and no float formatting code in the wasm (about 15 KB).
    #[wasm_bindgen(js_name = numberText)]
    fn js_number(x: f64) -> String;
    #[wasm_bindgen(js_name = fromJson)]
    fn from_json(text: &str) -> JsValue;
}

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

// ---------------------------------------------------------------------------------
// Errors and argument conversion.

/// Sets `target[key]` (the full module's objects): `Reflect.set`, a `catch` import, so that
/// nothing a page did to `Object.prototype` can throw through Rust (on a plain object just
/// made it cannot fail).
#[cfg(feature = "graph-element")]
fn set(target: &JsValue, key: &str, value: impl Into<JsValue>) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), &value.into());
}

/// An `Error` with `message` and `field`.
fn error(message: &str, field: &str) -> JsValue {
    new_error(message, field, false, None)
}

fn type_error(message: &str, field: &str) -> JsValue {
    new_error(message, field, true, None)
}

/// A bad text's error: field `"text"` and its 1-based `line`.
#[cfg(feature = "graph-element")]
fn text_error(message: &str, line: usize) -> JsValue {
    new_error(
        message,
        "text",
        false,
        Some(line.min(u32::MAX as usize) as u32),
    )
}

fn game_error(e: GameError) -> JsValue {
    error(&e.to_string(), e.field())
}

#[cfg(feature = "graphs")]
fn judge_error(e: JudgeError) -> JsValue {
    text_error(&e.to_string(), e.line)
}

/// `typeof value`, for messages.
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    value.js_typeof().as_string().unwrap_or_default()
}

/// A number argument, not coerced: anything but a number is a `TypeError`.
fn number(value: &JsValue, field: &str) -> Result<f64, JsValue> {
    value.as_f64().ok_or_else(|| {
        type_error(
            &format!("{field} must be a number, not {}", type_name(value)),
            field,
        )
    })
}

/// The largest integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A number argument that must be a whole number `>= 0` or `Infinity`.
fn non_negative(value: &JsValue, field: &str) -> Result<f64, JsValue> {
    let x = number(value, field)?;
    if x == f64::INFINITY || (x >= 0.0 && x.fract() == 0.0) {
        return Ok(x);
    }
    Err(error(
        &format!("{field} must be a whole number >= 0, not {}", js_number(x)),
        field,
    ))
}

/// A whole number `>= 0` that names a size or an item (`n`, a vertex, a position):
/// beyond 2^53 it is "too large" as the user wrote it (`2**64` is not 18446744073709551615).
fn whole(value: &JsValue, field: &str) -> Result<u64, JsValue> {
    let x = non_negative(value, field)?;
    if x > MAX_SAFE {
        let message = format!("{field} = {} is too large", js_number(x));
        return Err(error(&message, field));
    }
    Ok(x as u64)
}

/// A whole number `>= 0` that bounds a loop or a position (`seek`, `nextBatch`,
/// `changes`): anything larger, `Infinity` included, means "as far as there is".
fn amount(value: &JsValue, field: &str) -> Result<u64, JsValue> {
    // `as` saturates: 1e20, 2**64 and Infinity are all u64::MAX.
    Ok(non_negative(value, field)? as u64)
}

/// An array argument as a `Vec<u32>` (see `crate/js/args.js`).
fn numbers(value: &JsValue, what: &str, field: &str, max: u64) -> Result<Vec<u32>, JsValue> {
    let max = max.min(u32::MAX as u64) as u32;
    check_u32_array(value, what, field, max)?;
    Ok(take_numbers())
}

fn steps(value: &JsValue, player: Player) -> Result<Vec<u64>, JsValue> {
    let field = GameError::NoSteps { player }.field();
    let what = format!("{player}'s steps");
    // More steps than positions can never be valid: refuse before copying.
    let s = numbers(value, &what, field, MAX_N as u64)?;
    Ok(s.into_iter().map(u64::from).collect())
}

fn game(n: &JsValue, s1: &JsValue, s2: &JsValue) -> Result<RingGame, JsValue> {
    let n = whole(n, "n")?;
    // Check n first: step errors only make sense for a valid ring.
    RingGame::check_n(n).map_err(game_error)?;
    RingGame::new(n, &steps(s1, Player::One)?, &steps(s2, Player::Two)?).map_err(game_error)
}

fn player(first: &JsValue) -> Result<Player, JsValue> {
    let x = number(first, "first")?;
    match x {
        1.0 => Ok(Player::One),
        2.0 => Ok(Player::Two),
        _ => Err(error(
            &format!("the first player must be 1 or 2, not {}", js_number(x)),
            "first",
        )),
    }
}

/// A string argument: anything else is a `TypeError`.
fn string(value: &JsValue, field: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        type_error(
            &format!("{field} must be a string, not {}", type_name(value)),
            field,
        )
    })
}

fn granularity(value: &JsValue) -> Result<Granularity, JsValue> {
    if value.is_undefined() {
        return Ok(Granularity::Events);
    }
    string(value, "granularity")?
        .parse()
        .map_err(|e: crate::propagation::UnknownGranularity| error(&e.to_string(), "granularity"))
}

fn serialize(value: &impl Serialize) -> Result<JsValue, JsValue> {
    // Writing these types cannot fail; serde_json's own messages would only add weight.
    let text = serde_json::to_string(value)
        .map_err(|_| error("the result could not be written", "result"))?;
    Ok(from_json(&text))
}

fn event_value(event: Option<Event>) -> Result<JsValue, JsValue> {
    match event {
        None => Ok(JsValue::UNDEFINED),
        Some(e) => serialize(&e),
    }
}

// ---------------------------------------------------------------------------------
// Ring games.

/// Solves the ring game `(n, s1, s2)` exactly. Throws an `Error` with the reason (and
/// its `field`) on bad input.
#[cfg(feature = "ring")]
#[wasm_bindgen]
pub fn solve(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] s2: JsValue,
) -> Result<Solution, JsValue> {
    Ok(Solution {
        inner: core_solve(&game(&n, &s1, &s2)?),
    })
}

/// A solved ring game.
#[cfg(feature = "ring")]
#[wasm_bindgen]
pub struct Solution {
    inner: CoreSolution,
}

#[cfg(feature = "ring")]
impl Solution {
    fn position(&self, pos: &JsValue, from: u64) -> Result<u32, JsValue> {
        let pos = whole(pos, "pos")?;
        let n = self.inner.n() as u64;
        if pos < from || pos >= n {
            return Err(error(
                &format!(
                    "pos must be a position from {from} to n - 1 = {}, not {pos}",
                    n - 1
                ),
                "pos",
            ));
        }
        Ok(pos as u32)
    }
}

#[cfg(feature = "ring")]
#[wasm_bindgen]
impl Solution {
    /// Positions on the ring, the hole included.
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.inner.n()
    }

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

    /// The optimal step from `pos` with player `first` to move (ties: the smallest).
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<u32, JsValue> {
        let p = player(&first)?;
        let pos = self.position(&pos, 1)?;
        Ok(self.inner.best_move(p, pos).unwrap_or(0))
    }

    /// `bestMove` for every position with player `first` to move (0 for the hole).
    #[wasm_bindgen(js_name = bestMoves)]
    pub fn best_moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        Ok(self.inner.best_moves(player(&first)?))
    }

    /// Every move of `(first, pos)` in step order, 4 words each:
    /// `[step, succ, outcome, depth]`, the opponent's value at `succ` (0: the hole).
    pub fn moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let p = player(&first)?;
        let pos = self.position(&pos, 1)?;
        Ok(self.inner.moves(p, pos).concat())
    }

    /// The positions from which the other player moves to `(first, pos)`, in step
    /// order (`pos = 0`: its moves onto the hole).
    pub fn predecessors(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerNumber")] first: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] pos: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let p = player(&first)?;
        let pos = self.position(&pos, 0)?;
        Ok(self.inner.predecessors(p, pos))
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

/// The largest `n` this build accepts (larger games are refused with an error).
#[wasm_bindgen(js_name = maxN)]
pub fn max_n() -> u32 {
    MAX_N
}

/// Every code, bit layout and limit of this API, from the core's own constants.
#[wasm_bindgen(unchecked_return_type = "Layout")]
pub fn layout() -> Result<JsValue, JsValue> {
    serialize(&crate::layout::layout())
}

/// Parses a whole judge-format input (`T` games) into `{ n, s1, s2 }` objects; throws
/// an `Error` naming the game, line and token on bad input (`field: "text"`, `line`).
// The judge text readers are in the full module only: the element never reads judge text,
// and the page loads the full module for its judge box when one is used.
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = parseJudge, unchecked_return_type = "JudgeGame[]")]
pub fn parse_judge(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    let text = string(&text, "text")?;
    let games = crate::judge::parse(text.as_bytes()).map_err(judge_error)?;
    // Built object by object, not through JSON: an input may have a million games.
    let steps = |g: &RingGame, p| -> js_sys::Array {
        g.steps(p).iter().map(|&s| JsValue::from(s)).collect()
    };
    let out = js_sys::Array::new();
    for g in &games {
        let game: JsValue = js_sys::Object::new().into();
        set(&game, "n", g.n());
        set(&game, "s1", steps(g, Player::One));
        set(&game, "s2", steps(g, Player::Two));
        out.push(&game);
    }
    Ok(out.into())
}

/// The judge's answer to a judge-format input, as the CLI prints it (every game's two
/// lines), up to the game that takes it to `maxChars` (omitted: all of it):
/// `{ text, games }`, `games` being how many games `text` answers. Throws as `parseJudge`
/// does on bad input.
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = judgeAnswer, unchecked_return_type = "JudgeAnswer")]
pub fn judge_answer(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(js_name = maxChars, unchecked_param_type = "number | undefined")]
    max_chars: JsValue,
) -> Result<JsValue, JsValue> {
    let text = string(&text, "text")?;
    let max = if max_chars.is_undefined() {
        usize::MAX
    } else {
        usize::try_from(amount(&max_chars, "maxChars")?).unwrap_or(usize::MAX)
    };
    let (text, games) =
        crate::judge::answer_head(text.as_bytes(), false, max).map_err(judge_error)?;
    // Set field by field, not through JSON: the text may be tens of megabytes.
    let answer: JsValue = js_sys::Object::new().into();
    set(&answer, "text", text);
    set(&answer, "games", games as f64);
    Ok(answer)
}

// ---------------------------------------------------------------------------------
// Steppers: the solve retold, for rings and graphs, from one core implementation.

/// The methods both steppers share, written once: `$class` wraps `Stepper<$solution>`.
macro_rules! stepper_methods {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// The next event, or `undefined` once the run is over (and ever after).
            // `next` is the name the JS API asks for; this is not Rust's Iterator.
            #[allow(clippy::should_implement_trait)]
            #[wasm_bindgen(unchecked_return_type = "LoopyEvent | undefined")]
            pub fn next(&mut self) -> Result<JsValue, JsValue> {
                event_value(self.inner.next())
            }

            /// Up to `max` next events (at most `layout().maxBatch`), 4 words each
            /// (layout in the README).
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
                event_value(self.inner.seek(m))
            }

            /// Every state's look now, indexed by state (layout in the README). The
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
                    let message = format!("state must be a snapshot index below {slots}, not {s}");
                    return Err(error(&message, "state"));
                }
                Ok(self.inner.decided_at(s as u32) as f64)
            }

            /// The last event handed out (by `next`, `nextBatch` or `seek`), or
            /// `undefined` at the start.
            #[wasm_bindgen(getter, js_name = lastEvent, unchecked_return_type = "LoopyEvent | undefined")]
            pub fn last_event(&self) -> Result<JsValue, JsValue> {
                event_value(self.inner.last_event())
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
                #[wasm_bindgen(unchecked_param_type = "Granularity")] name: JsValue,
            ) -> Result<(), JsValue> {
                if name.is_undefined() {
                    return Err(type_error("granularity must be a string, not undefined", "granularity"));
                }
                self.inner.set_granularity(granularity(&name)?);
                Ok(())
            }
        }
    };
}

/// The ring game's solve retold event by event (see the README for the events and the
/// layouts).
#[cfg(feature = "ring")]
#[wasm_bindgen]
pub struct Propagation {
    inner: Stepper<CoreSolution>,
}

#[cfg(feature = "ring")]
stepper_methods!(Propagation);

#[cfg(feature = "ring")]
#[wasm_bindgen]
impl Propagation {
    /// Starts the retold BFS of `(n, s1, s2)`; `granularity` defaults to `"events"`.
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
            inner: Stepper::<CoreSolution>::new(&game(&n, &s1, &s2)?, g),
        })
    }

    /// Positions on the ring, the hole included.
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

// ---------------------------------------------------------------------------------
// The ring solve in steps.

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

    /// Finishes the solve and returns the answer. The Solver is used up.
    pub fn solution(&mut self) -> Result<Solution, JsValue> {
        let solver = self.take()?;
        Ok(Solution {
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
        let trace = trace.ok_or_else(|| error("this Solver kept no trace", "solver"))?;
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
    error("this Solver has already handed out its result", "solver")
}

/// The solver's estimated work for `(n, s1, s2)`, in the units of `Solver.advance`,
/// from the sizes of the step sets alone (so it can be shown before a long solve).
/// Games above `maxWork()` are refused; see the core's `estimate_work`.
#[cfg(feature = "ring")]
#[wasm_bindgen(js_name = estimateWork)]
pub fn estimate_work(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Steps")] s2: JsValue,
) -> Result<f64, JsValue> {
    let n = whole(&n, "n")?;
    let k1 = steps(&s1, Player::One)?.len() as u64;
    let k2 = steps(&s2, Player::Two)?.len() as u64;
    Ok(crate::game::estimate_work(n, k1, k2) as f64)
}

/// The most work this build does for one game (larger games are refused with an error).
#[wasm_bindgen(js_name = maxWork)]
pub fn max_work() -> f64 {
    crate::game::MAX_WORK as f64
}

#[cfg(feature = "graph-element")]
mod graph;
#[cfg(feature = "graphs")]
pub use graph::graph_answer;
#[cfg(feature = "graph-element")]
pub use graph::{parse_graph, solve_graph, GraphPropagation, GraphSolution};
