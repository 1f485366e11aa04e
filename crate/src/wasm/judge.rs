//! The judge text bindings, `parseJudge` and `judgeAnswer` (full module only: the
//! element never reads judge text, and the page loads the full module for its judge box
//! when one is used).

use wasm_bindgen::prelude::*;

use super::args::{amount, set, string, text_error};
use crate::game::{Player, RingGame};
use crate::judge::JudgeError;

fn judge_error(e: JudgeError) -> JsValue {
    text_error(&e, e.line)
}

/// Parses a whole judge-format input (`T` games) into `{ n, s1, s2 }` objects; throws
/// an `Error` naming the game, line and token on bad input (`field: "text"`, `line`).
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
