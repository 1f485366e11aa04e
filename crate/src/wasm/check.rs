//! The answer checker's bindings (full module only): `checkAnswer` in one call, and
//! `AnswerCheck`, the same check fed the output a chunk at a time (the page's worker
//! reads a file slice by slice, so a 200 MB output never sits whole in memory). Thin on
//! purpose: the core checks, words the verdict and explains the right value; the
//! report leaves as the core's own serde output, `message` byte for byte the CLI's line.

use std::io::Cursor;

use wasm_bindgen::prelude::*;

use super::args::{amount, bytes, error, serialize, string, type_error, type_name};
use crate::error::ArgError;
use crate::judge::check::{CheckFormat, Checker, Options};

#[wasm_bindgen(typescript_custom_section)]
const TS_CHECK_TYPES: &str = r#"
/** A judge format the checker reads. */
export type CheckFormatName = "ring" | "goal" | "dag";
/** One difference between an answer and the right one (see docs/cli.md, "Checking an answer"). */
export interface Difference {
  kind: "wrongValue" | "missingWord" | "extraWord" | "notAValue" | "missingLine" | "extraLine"
    | "missingVertex" | "extraVertex" | "outOfOrder";
  game?: number; player?: PlayerNumber; position?: number; state?: number;
  query?: number; vertex?: number; instance?: number;
  line: number; expected: string | null; found: string | null;
  why?: StateFacts | VertexFacts;
}
/** The checker's report: `message` is the line `loopy check` prints. */
export interface CheckReport {
  verdict: "ok" | "wrongAnswer" | "presentationError" | "badInput";
  exitCode: 0 | 1 | 2 | 3;
  message: string;
  /** The verdict line without the counts that `all` adds. */
  headline: string;
  first: Difference | null;
  differences: Difference[];
  counts: { [kind: string]: number };
  total: number;
}
"#;

/// The differences kept with `all` when `limit` is not given.
const DEFAULT_LIMIT: u64 = 100;

fn format_of(value: &JsValue) -> Result<CheckFormat, JsValue> {
    let name = string(value, "format")?;
    CheckFormat::from_name(&name).ok_or_else(|| {
        error(
            &ArgError::CheckFormat {
                name: format!("{name:?}"),
            },
            "format",
        )
    })
}

fn options(all: &JsValue, limit: &JsValue) -> Result<Options, JsValue> {
    let all = match all.as_bool() {
        Some(a) => a,
        None if all.is_undefined() => false,
        None => {
            return Err(type_error(
                &ArgError::NotABoolean {
                    field: "all",
                    kind: type_name(all),
                },
                "all",
            ))
        }
    };
    let limit = if limit.is_undefined() {
        DEFAULT_LIMIT
    } else {
        amount(limit, "limit")?
    };
    Ok(if all {
        Options::all(usize::try_from(limit).unwrap_or(usize::MAX))
    } else {
        Options::FIRST
    })
}

/// Checks `output` (a contestant's answer) against the right answer to `input`, both
/// `Uint8Array`s of text in `format` (`"ring"`, `"goal"` or `"dag"`). Without `all`, the
/// first difference; with it, every difference counted by kind and the first `limit`
/// (default 100) listed. Never throws for a wrong answer or a bad input: those are
/// verdicts. Throws (with `field`) only for arguments of the wrong kind.
#[wasm_bindgen(js_name = checkAnswer, unchecked_return_type = "CheckReport")]
pub fn check_answer(
    #[wasm_bindgen(unchecked_param_type = "CheckFormatName")] format: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] output: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "boolean")] all: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] limit: JsValue,
) -> Result<JsValue, JsValue> {
    let format = format_of(&format)?;
    let options = options(&all, &limit)?;
    let input = bytes(&input, "input")?;
    let output = bytes(&output, "output")?;
    let mut checker = Checker::new(format, Cursor::new(input), options);
    checker.push(&output);
    serialize(&checker.finish())
}

/// A check fed the output in chunks: `push` each chunk (chunks may cut words), then
/// `finish` for the report `checkAnswer` gives. The handle is then spent.
#[wasm_bindgen]
pub struct AnswerCheck {
    inner: Option<Checker<Cursor<Vec<u8>>>>,
}

fn spent() -> JsValue {
    error(&ArgError::CheckSpent, "this")
}

#[wasm_bindgen]
impl AnswerCheck {
    /// A check of answers to `input` in `format`; `all` and `limit` as for `checkAnswer`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "CheckFormatName")] format: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] input: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean")] all: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] limit: JsValue,
    ) -> Result<AnswerCheck, JsValue> {
        let format = format_of(&format)?;
        let options = options(&all, &limit)?;
        let input = bytes(&input, "input")?;
        Ok(AnswerCheck {
            inner: Some(Checker::new(format, Cursor::new(input), options)),
        })
    }

    /// Reads the next chunk of the output (a `Uint8Array`; it may end anywhere).
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] chunk: JsValue,
    ) -> Result<(), JsValue> {
        let checker = self.inner.as_mut().ok_or_else(spent)?;
        if checker.wants_more() {
            checker.push(&bytes(&chunk, "chunk")?);
        }
        Ok(())
    }

    /// Whether more output can change the report (not after the first difference
    /// without `all`, nor after a bad input): a reader may stop early.
    #[wasm_bindgen(getter, js_name = wantsMore)]
    pub fn wants_more(&self) -> bool {
        self.inner.as_ref().is_some_and(|c| c.wants_more())
    }

    /// The end of the output: the report (`CheckReport`).
    #[wasm_bindgen(unchecked_return_type = "CheckReport")]
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        let checker = self.inner.take().ok_or_else(spent)?;
        serialize(&checker.finish())
    }
}
