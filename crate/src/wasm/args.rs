//! Argument checking and errors for every binding: each argument arrives as a plain
//! `JsValue` and is read here only in ways that cannot throw into Rust (see the parent
//! module), and each error leaves as a JS `Error` with its `field`, and its stable `code`
//! and `params` (a plain object: see [`crate::error`]) for the page to word it.

use alloc::string::String;
use alloc::vec::Vec;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "graph-element")]
use crate::error::ParamsMap;
use crate::error::{ArgError, Coded, Param};
use crate::game::{steps_phrase, GameError, Player, RingGame, MAX_N};
use crate::propagation::{Granularity, Told};

#[wasm_bindgen(module = "/js/args.js")]
extern "C" {
    // See `crate/js/args.js`. The checks are `catch`: their errors come back as values.
    #[wasm_bindgen(catch, js_name = checkU32Array)]
    fn check_u32_array(
        value: &JsValue,
        what: &str,
        what_param: &str,
        field: &str,
        max: u32,
    ) -> Result<(), JsValue>;
    #[wasm_bindgen(js_name = takeChecked)]
    pub(super) fn take_checked() -> JsValue;
    // The same function, for a `checkU32Array` (whose checked value is a Uint32Array):
    // the glue copies it into a Vec.
    #[wasm_bindgen(js_name = takeChecked)]
    fn take_numbers() -> Vec<u32>;
    #[wasm_bindgen(catch, js_name = checkBytes)]
    fn check_bytes(
        value: &JsValue,
        what: &str,
        what_param: &str,
        field: &str,
    ) -> Result<(), JsValue>;
    // The same function again, for a `checkBytes` (a fresh Uint8Array): copied into a Vec.
    #[wasm_bindgen(js_name = takeChecked)]
    fn take_bytes() -> Vec<u8>;
    #[cfg(feature = "graph-element")]
    #[wasm_bindgen(js_name = newError)]
    fn new_error(
        message: &str,
        field: &str,
        type_error: bool,
        line: Option<u32>,
        code: &str,
        params: &str,
    ) -> JsValue;
    #[cfg(not(feature = "graph-element"))]
    #[wasm_bindgen(js_name = codeError)]
    fn code_error(code: &str, type_error: bool) -> JsValue;
    /// A number as JS writes it (Rust would write `inf`): JS's own `String(x)`, the text
    /// the caller would see, and no float formatting code in the wasm (about 15 KB).
    #[wasm_bindgen(js_name = numberText)]
    fn js_number(x: f64) -> String;
    #[wasm_bindgen(js_name = fromJson)]
    fn from_json(text: &str) -> JsValue;
}

/// Sets `target[key]` (the full module's objects): `Reflect.set`, a `catch` import, so that
/// nothing a page did to `Object.prototype` can throw through Rust (on a plain object just
/// made it cannot fail).
#[cfg(feature = "graph-element")]
pub(super) fn set(target: &JsValue, key: &str, value: impl Into<JsValue>) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), &value.into());
}

/// The JSON of a value (the core's types cannot fail to write; `null` if one did).
#[cfg(feature = "graph-element")]
fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// An `Error` (a `TypeError` if `type_error`) in the whole API's module, which keeps
/// English: the core's `Display` (the CLI's words) as its `message`, and its `field`,
/// `code`, `params` and, for a text, `line`.
#[cfg(feature = "graphs")]
fn coded(e: &impl Coded, field: &str, type_error: bool, line: Option<u32>) -> JsValue {
    let params = json(&ParamsMap(&e.params()));
    new_error(&e.to_string(), field, type_error, line, e.code(), &params)
}

/// The same in the graph element's module, without English: its `code` (its `message`
/// too), `field`, `params` and `line`, which the element words from its catalog
/// (`error.CODE`, English included: www/js/element/errors.js). The core's `Display` texts
/// would cost that module's download several KB gzipped.
#[cfg(all(feature = "graph-element", not(feature = "graphs")))]
fn coded(e: &impl Coded, field: &str, type_error: bool, line: Option<u32>) -> JsValue {
    let params = json(&ParamsMap(&e.params()));
    new_error("", field, type_error, line, e.code(), &params)
}

/// An error in the ring module (`ring` alone, the first download of `<loopy-ring>`) and
/// the ring's why module: its stable `code` only (its `message` too), no English, `params`
/// nor `field`. The core's `Display` texts, the params of each error and their JSON would
/// cost that download about 4 KB gzipped, and a reader never sees them from here: on a
/// wrong game, the ring worker asks the why module (loaded only then) for every error of
/// the game with its field and params (`checkGame`, `seekError`), which the page words from
/// its catalog; if that module cannot come, the page says the code in a sentence of its
/// catalog (`core.errorCode`).
#[cfg(not(feature = "graph-element"))]
fn coded(e: &impl Coded, _: &str, type_error: bool, _: Option<u32>) -> JsValue {
    code_error(e.code(), type_error)
}

/// An `Error` for the core's `e`: its `message`, `field`, `code` and `params` (in the ring
/// module its code only: see [`coded`]).
pub(super) fn error(e: &impl Coded, field: &str) -> JsValue {
    coded(e, field, false, None)
}

/// A `TypeError` for an argument of the wrong kind.
pub(super) fn type_error(e: &impl Coded, field: &str) -> JsValue {
    coded(e, field, true, None)
}

/// A bad text's error: field `"text"` and its 1-based `line`.
#[cfg(feature = "graph-element")]
pub(super) fn text_error(e: &impl Coded, line: usize) -> JsValue {
    coded(e, "text", false, Some(line.min(u32::MAX as usize) as u32))
}

pub(super) fn game_error(e: GameError) -> JsValue {
    error(&e, e.field())
}

/// `typeof value`, for messages.
pub(super) fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    value.js_typeof().as_string().unwrap_or_default()
}

/// A number argument, not coerced: anything but a number is a `TypeError`.
fn number(value: &JsValue, field: &'static str) -> Result<f64, JsValue> {
    value.as_f64().ok_or_else(|| {
        type_error(
            &ArgError::NotANumber {
                field,
                kind: type_name(value),
            },
            field,
        )
    })
}

/// The largest integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A number argument that must be a whole number `>= 0` or `Infinity`.
fn non_negative(value: &JsValue, field: &'static str) -> Result<f64, JsValue> {
    let x = number(value, field)?;
    // `x % 1.0` rather than `x.fract()`, which is std's (the ring module has only core).
    if x == f64::INFINITY || (x >= 0.0 && x % 1.0 == 0.0) {
        return Ok(x);
    }
    Err(error(
        &ArgError::NotWhole {
            field,
            value: js_number(x),
        },
        field,
    ))
}

/// A whole number `>= 0` that names a size or an item (`n`, a vertex, a position):
/// beyond 2^53 it is "too large" as the user wrote it (`2**64` is not 18446744073709551615).
pub(super) fn whole(value: &JsValue, field: &'static str) -> Result<u64, JsValue> {
    let x = non_negative(value, field)?;
    if x > MAX_SAFE {
        let e = ArgError::TooLarge {
            field,
            value: js_number(x),
        };
        return Err(error(&e, field));
    }
    Ok(x as u64)
}

/// A whole number `>= 0` that bounds a loop or a position (`seek`, `nextBatch`,
/// `changes`): anything larger, `Infinity` included, means "as far as there is".
pub(super) fn amount(value: &JsValue, field: &'static str) -> Result<u64, JsValue> {
    // `as` saturates: 1e20, 2**64 and Infinity are all u64::MAX.
    Ok(non_negative(value, field)? as u64)
}

/// An array argument as a `Vec<u32>` (see `crate/js/args.js`); `what` names it in
/// errors (its name, or a phrase such as [`steps_phrase`]).
pub(super) fn numbers(
    value: &JsValue,
    what: Param,
    field: &str,
    max: u64,
) -> Result<Vec<u32>, JsValue> {
    let max = max.min(u32::MAX as u64) as u32;
    check_u32_array(value, &what_text(&what), &what_json(&what), field, max)?;
    Ok(take_numbers())
}

/// The English that names an array argument in its errors (the whole module's), and its
/// JSON for their `what` param (see [`coded`]).
#[cfg(feature = "graphs")]
fn what_text(what: &Param) -> String {
    crate::error::Show(what).to_string()
}

#[cfg(all(feature = "graph-element", not(feature = "graphs")))]
fn what_text(_: &Param) -> String {
    String::new()
}

#[cfg(feature = "graph-element")]
fn what_json(what: &Param) -> String {
    json(what)
}

/// None in the ring module: an empty name, and `crate/js/args.js` makes the error its code
/// alone (see [`coded`]).
#[cfg(not(feature = "graph-element"))]
fn what_text(_: &Param) -> String {
    String::new()
}

#[cfg(not(feature = "graph-element"))]
fn what_json(_: &Param) -> String {
    "null".into()
}

/// A `Uint8Array` argument (text as bytes: a file's slice, or `TextEncoder` output) as a
/// `Vec<u8>` (see `crate/js/args.js`).
#[cfg(feature = "graphs")]
pub(super) fn bytes(value: &JsValue, field: &str) -> Result<Vec<u8>, JsValue> {
    check_bytes(value, field, &json(&Param::from(field)), field)?;
    Ok(take_bytes())
}

pub(super) fn steps(value: &JsValue, player: Player) -> Result<Vec<u64>, JsValue> {
    let field = GameError::NoSteps { player }.field();
    // More steps than positions can never be valid: refuse before copying.
    let s = numbers(value, steps_phrase(player), field, MAX_N as u64)?;
    Ok(s.into_iter().map(u64::from).collect())
}

pub(super) fn game(n: &JsValue, s1: &JsValue, s2: &JsValue) -> Result<RingGame, JsValue> {
    let n = whole(n, "n")?;
    // Check n first: step errors only make sense for a valid ring.
    RingGame::check_n(n).map_err(game_error)?;
    RingGame::new(n, &steps(s1, Player::One)?, &steps(s2, Player::Two)?).map_err(game_error)
}

pub(super) fn player(first: &JsValue) -> Result<Player, JsValue> {
    let x = number(first, "first")?;
    match x {
        1.0 => Ok(Player::One),
        2.0 => Ok(Player::Two),
        _ => Err(error(
            &ArgError::FirstPlayer {
                value: js_number(x),
            },
            "first",
        )),
    }
}

/// A string argument: anything else is a `TypeError`.
pub(super) fn string(value: &JsValue, field: &'static str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        type_error(
            &ArgError::NotAString {
                field,
                kind: type_name(value),
            },
            field,
        )
    })
}

pub(super) fn granularity(value: &JsValue) -> Result<Granularity, JsValue> {
    if value.is_undefined() {
        return Ok(Granularity::Events);
    }
    let name = string(value, "granularity")?;
    granularity_named(&name).map_err(|name| error(&ArgError::Granularity { name }, "granularity"))
}

/// The granularity called `name`, or the name its error shows (`FromStr`: the bad name
/// shortened and escaped for the English message, the whole module's).
#[cfg(feature = "graphs")]
fn granularity_named(name: &str) -> Result<Granularity, String> {
    name.parse()
        .map_err(|e: crate::propagation::UnknownGranularity| e.0)
}

/// The same in the modules without English (see [`coded`]): the names compared, without
/// `FromStr`'s shortening and escaping of a bad one (about 2 KB).
#[cfg(not(feature = "graphs"))]
fn granularity_named(name: &str) -> Result<Granularity, String> {
    Granularity::ALL
        .into_iter()
        .find(|g| g.as_str() == name)
        .ok_or_else(String::new)
}

pub(super) fn serialize(value: &impl Serialize) -> Result<JsValue, JsValue> {
    // Writing these types cannot fail; serde_json's own messages would only add weight.
    let text = serde_json::to_string(value).map_err(|_| error(&ArgError::Result, "result"))?;
    Ok(from_json(&text))
}

/// An event as a page is told it (`Told`: the event and what its words need), or
/// `undefined`.
pub(super) fn event_value(event: Option<Told>) -> Result<JsValue, JsValue> {
    match event {
        None => Ok(JsValue::UNDEFINED),
        Some(e) => serialize(&e),
    }
}
