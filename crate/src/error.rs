//! Errors by code: every error the core can give a reader has a stable code and the values
//! its message shows, as data, so that a page words it in the reader's language (the
//! catalog key `error.CODE`, with the values in its holes) while `Display` keeps the
//! English the CLI prints.
//!
//! A code is `area.name` in camelCase (`game.stepOutOfRange`, `text.notAVertex`); codes
//! never change once given, and no two variants share one. A parameter is a number, a
//! token as the input spelled it, or a phrase of its own: a [`Param::Phrase`] is a code
//! and parameters in turn (`what`: "player 1's step 2 of 3", `at`: "game 2, line 7"),
//! worded from the catalog like the error itself, so that no sentence is built from
//! English pieces.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

/// One value an error message shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A number (a size, a line, a step, a player's number).
    Num(u64),
    /// A token as the input spelled it, or a name (an API field, a format keyword).
    Text(String),
    /// A noun phrase or a place of its own: a code and its parameters.
    Phrase(&'static str, Params),
}

/// The named values of a message, in the order it shows them.
pub type Params = Vec<(&'static str, Param)>;

impl From<u64> for Param {
    fn from(x: u64) -> Param {
        Param::Num(x)
    }
}

impl From<u32> for Param {
    fn from(x: u32) -> Param {
        Param::Num(x as u64)
    }
}

impl From<usize> for Param {
    fn from(x: usize) -> Param {
        Param::Num(x as u64)
    }
}

impl From<&str> for Param {
    fn from(x: &str) -> Param {
        Param::Text(x.to_owned())
    }
}

impl From<String> for Param {
    fn from(x: String) -> Param {
        Param::Text(x)
    }
}

impl From<crate::game::Player> for Param {
    fn from(p: crate::game::Player) -> Param {
        Param::Num(p.number() as u64)
    }
}

/// An error with a stable code and its parameters. `Display` is its English.
pub trait Coded: fmt::Display {
    /// The stable code (`area.name`), the catalog's `error.CODE`.
    fn code(&self) -> &'static str;
    /// The values the message shows, by name.
    fn params(&self) -> Params;

    /// The code and parameters as one value, as they cross to JS.
    fn coded(&self) -> CodedError {
        CodedError {
            code: self.code(),
            params: self.params(),
        }
    }
}

/// A code and its parameters; serialised as `{ code, params }` (params a plain object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodedError {
    pub code: &'static str,
    pub params: Params,
}

/// Serialises [`Params`] as a map: numbers, strings, and `{ code, params }` for a phrase.
pub struct ParamsMap<'a>(pub &'a [(&'static str, Param)]);

impl Serialize for ParamsMap<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl Serialize for Param {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            // Every number here is below 2^53 or shown as text (an overflowing token),
            // so JS reads it exactly.
            Param::Num(x) => serializer.serialize_u64(*x),
            Param::Text(t) => serializer.serialize_str(t),
            Param::Phrase(code, params) => {
                let mut s = serializer.serialize_struct("Phrase", 2)?;
                s.serialize_field("code", code)?;
                s.serialize_field("params", &ParamsMap(params))?;
                s.end()
            }
        }
    }
}

impl Serialize for CodedError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("CodedError", 2)?;
        s.serialize_field("code", self.code)?;
        s.serialize_field("params", &ParamsMap(&self.params))?;
        s.end()
    }
}

/// The errors of the JS API's arguments (the wasm bindings, `crate/src/wasm/args.rs`,
/// and the array checks of `crate/js/args.js`, which give the same codes and English):
/// an argument of the wrong kind, or a handle used after it is spent. `field` is the
/// argument's name in the API; `kind` and `value` are as JS writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// Not a number (a `TypeError`).
    NotANumber { field: &'static str, kind: String },
    /// A number that is not a whole number `>= 0`.
    NotWhole { field: &'static str, value: String },
    /// A whole number beyond 2^53.
    TooLarge { field: &'static str, value: String },
    /// Not a string (a `TypeError`).
    NotAString { field: &'static str, kind: String },
    /// Not a boolean (a `TypeError`).
    NotABoolean { field: &'static str, kind: String },
    /// The graph's options are not an object.
    Options { kind: String },
    /// The first player is not 1 or 2.
    FirstPlayer { value: String },
    /// A position off the range a question allows (`from ..= n - 1`).
    NotAPosition { from: u64, last: u64, pos: u64 },
    /// A snapshot index past the last.
    NotAState { slots: u64, state: u64 },
    /// A granularity name that is not one.
    Granularity { name: String },
    /// A graph text format that is not `goal`, `dag` or `edges`.
    GraphFormat,
    /// A judge format that is not `goal` or `dag`.
    AnswerFormat,
    /// A checker format that is not `ring`, `goal` or `dag` (`name` escaped as `{:?}`).
    CheckFormat { name: String },
    /// An array argument that is not an array (`what`: the argument, a [`Param::Phrase`]
    /// for a player's steps, else its name); `crate/js/args.js`.
    NotAnArray { what: Param, kind: String },
    /// An array longer than the most that could be valid; `crate/js/args.js`.
    TooLong { what: Param, length: u64, max: u64 },
    /// An array entry that is not a number; `crate/js/args.js`.
    EntryNotANumber { what: Param, kind: String },
    /// An array entry that is not a whole number in `0 ..= 2^32 - 1`; `crate/js/args.js`.
    EntryOutOfRange { what: Param, value: String },
    /// Text that is not a `Uint8Array`; `crate/js/args.js`.
    NotBytes { what: Param, kind: String },
    /// A typed array whose buffer is detached (transferred to a worker, or a wasm memory
    /// grown): it holds nothing to read; `crate/js/args.js`.
    Detached { what: Param },
    /// A result that could not be written (cannot happen with the core's types).
    Result,
    /// A `Solver` asked for its trace when it kept none.
    NoTrace,
    /// A `Solver` asked for its result twice.
    SolverSpent,
    /// An `AnswerCheck` used after `finish`.
    CheckSpent,
    /// A solve's per-position array (`field`: `out1`, `out2`, `dep1`, `dep2`) whose length
    /// is not the ring's `n`: the values handed to `RingFacts` are not of this game.
    ValuesLength {
        field: &'static str,
        length: u64,
        n: u64,
    },
    /// A position's outcome code and depth that no solve gives (`field`: the outcome's or
    /// the depth's array): a code other than 0, 1, 2, a Win or Lose of depth 0, a Loop or
    /// the hole with a depth, a depth past the status word's.
    NotAValue {
        field: &'static str,
        pos: u64,
        outcome: u64,
        depth: u64,
    },
}

/// `player 1's steps`: the phrase naming a player's steps argument.
pub fn steps_phrase(player: crate::game::Player) -> Param {
    Param::Phrase("what.steps", vec![("player", player.into())])
}

/// The English of a phrase parameter (see [`Param::Phrase`]); numbers and text as they are.
pub(crate) struct Show<'a>(pub &'a Param);

impl fmt::Display for Show<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Param::Num(x) => write!(f, "{x}"),
            Param::Text(t) => f.write_str(t),
            Param::Phrase(code, params) => {
                let num = |name: &str| {
                    params.iter().find_map(|(k, v)| match v {
                        Param::Num(x) if *k == name => Some(*x),
                        _ => None,
                    })
                };
                match *code {
                    "what.steps" => write!(f, "player {}'s steps", num("player").unwrap_or(0)),
                    other => f.write_str(other),
                }
            }
        }
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::NotANumber { field, kind } => {
                write!(f, "{field} must be a number, not {kind}")
            }
            ArgError::NotWhole { field, value } => {
                write!(f, "{field} must be a whole number >= 0, not {value}")
            }
            ArgError::TooLarge { field, value } => write!(f, "{field} = {value} is too large"),
            ArgError::NotAString { field, kind } => {
                write!(f, "{field} must be a string, not {kind}")
            }
            ArgError::NotABoolean { field, kind } => {
                write!(f, "{field} must be a boolean, not {kind}")
            }
            ArgError::Options { kind } => write!(
                f,
                "options must be an object like {{ goal: 6 }}, not {kind}"
            ),
            ArgError::FirstPlayer { value } => {
                write!(f, "the first player must be 1 or 2, not {value}")
            }
            ArgError::NotAPosition { from, last, pos } => write!(
                f,
                "pos must be a position from {from} to n - 1 = {last}, not {pos}"
            ),
            ArgError::NotAState { slots, state } => write!(
                f,
                "state must be a snapshot index below {slots}, not {state}"
            ),
            ArgError::Granularity { name } => write!(
                f,
                "unknown granularity \"{name}\": use \"events\", \"resolutions\" or \"layers\""
            ),
            ArgError::GraphFormat => f.write_str("format must be \"goal\", \"dag\" or \"edges\""),
            ArgError::AnswerFormat => f.write_str("format must be \"goal\" or \"dag\""),
            ArgError::CheckFormat { name } => write!(
                f,
                "format must be \"ring\", \"goal\" or \"dag\", not {name}"
            ),
            ArgError::NotAnArray { what, kind } => write!(
                f,
                "{} must be an array of numbers or a typed array, not {kind}",
                Show(what)
            ),
            ArgError::TooLong { what, length, max } => write!(
                f,
                "{} has {length} entries: at most {max} are allowed",
                Show(what)
            ),
            ArgError::EntryNotANumber { what, kind } => {
                write!(f, "each of {} must be a number, not {kind}", Show(what))
            }
            ArgError::EntryOutOfRange { what, value } => write!(
                f,
                "each of {} must be a whole number from 0 to 4294967295, not {value}",
                Show(what)
            ),
            ArgError::NotBytes { what, kind } => {
                write!(f, "{} must be a Uint8Array of text, not {kind}", Show(what))
            }
            ArgError::Detached { what } => write!(
                f,
                "the ArrayBuffer of {} is detached (transferred or freed): pass an array that holds its data",
                Show(what)
            ),
            ArgError::Result => f.write_str("the result could not be written"),
            ArgError::NoTrace => f.write_str("this Solver kept no trace"),
            ArgError::SolverSpent => f.write_str("this Solver has already handed out its result"),
            ArgError::CheckSpent => f.write_str("this AnswerCheck has finished: start a new one"),
            ArgError::ValuesLength { field, length, n } => write!(
                f,
                "{field} must have one entry per position (n = {n}), not {length}"
            ),
            ArgError::NotAValue { field, pos, outcome, depth } => write!(
                f,
                "{field}: position {pos} has outcome code {outcome} and depth {depth}, which no solve gives"
            ),
        }
    }
}

impl core::error::Error for ArgError {}

impl Coded for ArgError {
    fn code(&self) -> &'static str {
        match self {
            ArgError::NotANumber { .. } => "arg.notANumber",
            ArgError::NotWhole { .. } => "arg.notWhole",
            ArgError::TooLarge { .. } => "arg.tooLarge",
            ArgError::NotAString { .. } => "arg.notAString",
            ArgError::NotABoolean { .. } => "arg.notABoolean",
            ArgError::Options { .. } => "arg.options",
            ArgError::FirstPlayer { .. } => "arg.firstPlayer",
            ArgError::NotAPosition { .. } => "arg.notAPosition",
            ArgError::NotAState { .. } => "arg.notAState",
            ArgError::Granularity { .. } => "arg.granularity",
            ArgError::GraphFormat => "arg.graphFormat",
            ArgError::AnswerFormat => "arg.answerFormat",
            ArgError::CheckFormat { .. } => "arg.checkFormat",
            ArgError::NotAnArray { .. } => "arg.notAnArray",
            ArgError::TooLong { .. } => "arg.tooLong",
            ArgError::EntryNotANumber { .. } => "arg.entryNotANumber",
            ArgError::EntryOutOfRange { .. } => "arg.entryOutOfRange",
            ArgError::NotBytes { .. } => "arg.notBytes",
            ArgError::Detached { .. } => "arg.detached",
            ArgError::Result => "arg.result",
            ArgError::NoTrace => "arg.noTrace",
            ArgError::SolverSpent => "arg.solverSpent",
            ArgError::CheckSpent => "arg.checkSpent",
            ArgError::ValuesLength { .. } => "arg.valuesLength",
            ArgError::NotAValue { .. } => "arg.notAValue",
        }
    }

    fn params(&self) -> Params {
        match self {
            ArgError::NotANumber { field, kind }
            | ArgError::NotAString { field, kind }
            | ArgError::NotABoolean { field, kind } => {
                vec![("field", (*field).into()), ("kind", kind.as_str().into())]
            }
            ArgError::NotWhole { field, value } | ArgError::TooLarge { field, value } => {
                vec![("field", (*field).into()), ("value", value.as_str().into())]
            }
            ArgError::Options { kind } => vec![("kind", kind.as_str().into())],
            ArgError::FirstPlayer { value } => vec![("value", value.as_str().into())],
            ArgError::NotAPosition { from, last, pos } => vec![
                ("from", (*from).into()),
                ("last", (*last).into()),
                ("pos", (*pos).into()),
            ],
            ArgError::NotAState { slots, state } => {
                vec![("slots", (*slots).into()), ("state", (*state).into())]
            }
            ArgError::Granularity { name } => vec![("name", name.as_str().into())],
            ArgError::CheckFormat { name } => vec![("name", name.as_str().into())],
            ArgError::NotAnArray { what, kind }
            | ArgError::EntryNotANumber { what, kind }
            | ArgError::NotBytes { what, kind } => {
                vec![("what", what.clone()), ("kind", kind.as_str().into())]
            }
            ArgError::Detached { what } => vec![("what", what.clone())],
            ArgError::TooLong { what, length, max } => vec![
                ("what", what.clone()),
                ("length", (*length).into()),
                ("max", (*max).into()),
            ],
            ArgError::EntryOutOfRange { what, value } => {
                vec![("what", what.clone()), ("value", value.as_str().into())]
            }
            ArgError::ValuesLength { field, length, n } => vec![
                ("field", (*field).into()),
                ("length", (*length).into()),
                ("n", (*n).into()),
            ],
            ArgError::NotAValue {
                field,
                pos,
                outcome,
                depth,
            } => vec![
                ("field", (*field).into()),
                ("pos", (*pos).into()),
                ("outcome", (*outcome).into()),
                ("depth", (*depth).into()),
            ],
            ArgError::GraphFormat
            | ArgError::AnswerFormat
            | ArgError::Result
            | ArgError::NoTrace
            | ArgError::SolverSpent
            | ArgError::CheckSpent => Vec::new(),
        }
    }
}
