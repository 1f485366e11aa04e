//! What the checker finds: the differences, the verdict, and the one line that says it.
//!
//! Every type here is `Serialize` with camelCase names, so the wasm binding hands JS the
//! core's own report (`checkAnswer`), and the CLI prints the same `message` (worded in
//! `verdict.rs`): the two never word a verdict twice.

use core::fmt;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::explain::graph::VertexFacts;
use crate::explain::StateFacts;
use crate::game::Player;
use crate::tree::TreeFacts;

/// A checker's verdict, with testlib's exit codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The output is the answer: exit code 0.
    Ok,
    /// A value differs (a word that is a value, but the wrong one; a vertex missing from
    /// or extra in an optimal-play set): exit code 1.
    WrongAnswer,
    /// The output is not laid out as the format says (a missing or extra word or line,
    /// a word that is not a value, a set with the right vertices out of order or one of
    /// them twice): exit code 2.
    PresentationError,
    /// The input itself is not valid, so there is no answer to compare with: exit code 3
    /// (testlib's "fail"; the judges' own code for a bad input is 2).
    BadInput,
}

impl Verdict {
    /// The exit code of `loopy check`, testlib's.
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Ok => 0,
            Verdict::WrongAnswer => 1,
            Verdict::PresentationError => 2,
            Verdict::BadInput => 3,
        }
    }

    /// The stable code the JS API uses.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::WrongAnswer => "wrongAnswer",
            Verdict::PresentationError => "presentationError",
            Verdict::BadInput => "badInput",
        }
    }

    /// How the verdict line starts (testlib's words).
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::BadInput => "bad input",
        }
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// What kind of difference: each is a stable code (`code()`, the JS `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DiffKind {
    /// A value, but not the right one.
    WrongValue,
    /// The line ends before all its words.
    MissingWord,
    /// The line holds more words than it should.
    ExtraWord,
    /// A word that is none of the format's values (or, in a set, not a number).
    NotAValue,
    /// The output ends before all its lines.
    MissingLine,
    /// The output goes on after its last line.
    ExtraLine,
    /// A vertex of the optimal-play set that the line leaves out (format `dag`).
    MissingVertex,
    /// A vertex on the line that is not in the optimal-play set (format `dag`).
    ExtraVertex,
    /// A set line with the right vertices, but out of order or one of them twice: the
    /// set is written ascending, each vertex once.
    OutOfOrder,
}

impl DiffKind {
    pub const ALL: [DiffKind; 9] = [
        DiffKind::WrongValue,
        DiffKind::MissingWord,
        DiffKind::ExtraWord,
        DiffKind::NotAValue,
        DiffKind::MissingLine,
        DiffKind::ExtraLine,
        DiffKind::MissingVertex,
        DiffKind::ExtraVertex,
        DiffKind::OutOfOrder,
    ];

    /// The stable code: the JS `kind`, and the word `--all` counts by.
    pub fn code(self) -> &'static str {
        match self {
            DiffKind::WrongValue => "wrongValue",
            DiffKind::MissingWord => "missingWord",
            DiffKind::ExtraWord => "extraWord",
            DiffKind::NotAValue => "notAValue",
            DiffKind::MissingLine => "missingLine",
            DiffKind::ExtraLine => "extraLine",
            DiffKind::MissingVertex => "missingVertex",
            DiffKind::ExtraVertex => "extraVertex",
            DiffKind::OutOfOrder => "outOfOrder",
        }
    }

    /// A wrong value is a wrong answer; a word or line out of place is a presentation
    /// error.
    pub fn verdict(self) -> Verdict {
        match self {
            DiffKind::WrongValue | DiffKind::MissingVertex | DiffKind::ExtraVertex => {
                Verdict::WrongAnswer
            }
            _ => Verdict::PresentationError,
        }
    }
}

impl Serialize for DiffKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// Why the right value is what it is: the core's explanation facts, the same objects
/// as `Solution.explain` and `GraphSolution.explain` give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Why {
    State(StateFacts),
    Vertex(VertexFacts),
    /// The tree format's vertex: the reduction's facts ([`crate::tree`]).
    Tree(TreeFacts),
}

/// Which format's words a line holds, for the messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Values {
    /// `Win`, `Lose`, `Loop`.
    Ring,
    /// `1`, `-1`, `0`.
    Goal,
    /// `1`, `0`.
    DagWin,
    /// Vertex numbers: format `dag`'s optimal-play set.
    DagSet,
    /// Vertex numbers: the tree format's winning starts.
    TreeSet,
}

/// One difference between the output and the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Difference {
    pub kind: DiffKind,
    /// Ring: the game (1-based), the player moving first, the position (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<u64>,
    /// Ring: the state's index in the JS API's per-state arrays (`StateFacts.state`), for
    /// a difference at a position of the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<u64>,
    /// Format `goal`: the query (1-based) and its start vertex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<u64>,
    /// The vertex: a query's start (`goal`), or the vertex missing from or extra in a set
    /// (`dag`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertex: Option<u64>,
    /// Format `dag`: the instance (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance: Option<u64>,
    /// Format `dag`'s first line: whether the hero moves first (`f = 1`); the why's value
    /// is the first mover's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hero_first: Option<bool>,
    /// The line of the output (1-based); for a missing line, where it should have been.
    pub line: u64,
    /// The right word here; `None` where no word is due (an extra word or line).
    pub expected: Option<String>,
    /// The word the output holds here, escaped and cut to 80 characters as the judges
    /// echo tokens; `None` at the end of the line or of the output.
    pub found: Option<String>,
    /// For a wrong value or vertex: why the right one is right.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
    /// Which words the line holds (for the message only).
    #[serde(skip)]
    pub(super) values: Option<Values>,
    /// A set line out of order: the vertex before the one found.
    #[serde(skip)]
    pub(super) after: Option<u64>,
    /// A set line with the found vertex twice.
    #[serde(skip)]
    pub(super) twice: bool,
    /// A missing or extra line in the middle of the output (the lines after it match the
    /// answer at another place), not at its end.
    #[serde(skip)]
    pub(super) middle: bool,
}

impl Difference {
    pub(super) fn new(kind: DiffKind, line: u64) -> Difference {
        Difference {
            kind,
            game: None,
            player: None,
            position: None,
            state: None,
            query: None,
            vertex: None,
            instance: None,
            hero_first: None,
            line,
            expected: None,
            found: None,
            why: None,
            values: None,
            after: None,
            twice: false,
            middle: false,
        }
    }

    /// Where it is: `game 2, player 1, position 7 (line 3)`, `query 4, vertex 5 (line
    /// 4)`, `instance 2, vertex 6 (line 4)`, or `line 9` for an extra line.
    pub fn place(&self) -> String {
        let mut out = String::new();
        let mut part = |text: String| {
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&text);
        };
        if let Some(g) = self.game {
            part(format!("game {g}"));
        }
        if let Some(p) = self.player {
            part(p.to_string());
        }
        if let Some(i) = self.position {
            part(format!("position {i}"));
        }
        if let Some(q) = self.query {
            part(format!("query {q}"));
        }
        if let Some(k) = self.instance {
            part(format!("instance {k}"));
        }
        if let Some(v) = self.vertex {
            part(format!("vertex {v}"));
        }
        if out.is_empty() {
            format!("line {}", self.line)
        } else {
            format!("{out} (line {})", self.line)
        }
    }

    /// What differs, without the why: `expected Win, found Lose`.
    pub fn what(&self) -> String {
        let expected = self.expected.as_deref().unwrap_or("");
        let found = self.found.as_deref().unwrap_or("");
        match self.kind {
            DiffKind::WrongValue => format!("expected {expected}, found {found}"),
            DiffKind::MissingWord => {
                format!("expected {expected}, found the end of the line")
            }
            DiffKind::ExtraWord => format!("expected the end of the line, found \"{found}\""),
            DiffKind::NotAValue => {
                let values = match self.values {
                    Some(Values::Goal) => "1, -1 or 0",
                    Some(Values::DagWin) => "1 or 0",
                    Some(Values::DagSet | Values::TreeSet) => "a vertex number",
                    _ => "Win, Lose or Loop",
                };
                match &self.expected {
                    Some(e) => {
                        format!("expected {e}, found \"{found}\", which is not {values}")
                    }
                    None => format!("found \"{found}\", which is not {values}"),
                }
            }
            DiffKind::MissingLine => match (&self.expected, self.middle) {
                (Some(e), true) => format!("expected a line that starts {e}, found the line after it"),
                (None, true) => "expected a line, found the line after it".into(),
                (Some(e), false) => {
                    format!("expected a line that starts {e}, found the end of the output")
                }
                (None, false) => "expected a line, found the end of the output".into(),
            },
            DiffKind::ExtraLine if self.middle => format!(
                "expected the next line of the answer, found an extra line that starts \"{found}\""
            ),
            DiffKind::ExtraLine => {
                format!("expected the end of the output, found \"{found}\"")
            }
            DiffKind::MissingVertex if self.values == Some(Values::TreeSet) => {
                format!("the first player wins from {expected}, but the line leaves it out")
            }
            DiffKind::MissingVertex => {
                format!("the optimal-play set holds {expected}, but the line leaves it out")
            }
            DiffKind::ExtraVertex if self.values == Some(Values::TreeSet) => {
                format!("the line holds {found}, where the first player loses")
            }
            DiffKind::ExtraVertex => {
                format!("the line holds {found}, which is not in the optimal-play set")
            }
            DiffKind::OutOfOrder if self.twice => format!(
                "the line holds the right vertices, but {found} twice (each vertex once, ascending)"
            ),
            DiffKind::OutOfOrder => match self.after {
                Some(a) => format!(
                    "the line holds the right vertices, but not in ascending order: {found} after {a}"
                ),
                None => "the line holds the right vertices, but not in ascending order".into(),
            },
        }
    }
}

/// One line per difference, as `loopy check --all` lists them: the kind, the place and
/// what differs (no why: that is the verdict line's).
impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.kind.code(), self.place(), self.what())
    }
}

/// Differences counted by kind. Serialised as an object `{ kind: count }` of the kinds
/// found, in the order of [`DiffKind::ALL`] (a fixed array, not a map: no map code in the
/// page's wasm module).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts([u64; DiffKind::ALL.len()]);

impl Counts {
    pub(super) fn add(&mut self, kind: DiffKind) {
        self.0[kind as usize] += 1;
    }

    pub(super) fn merge(&mut self, other: &Counts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }

    /// How many differences of `kind` were found.
    pub fn get(&self, kind: DiffKind) -> u64 {
        self.0[kind as usize]
    }

    /// The kinds found and their counts, in the order of [`DiffKind::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = (DiffKind, u64)> + '_ {
        DiffKind::ALL
            .iter()
            .map(|&k| (k, self.get(k)))
            .filter(|&(_, c)| c > 0)
    }
}

impl Serialize for Counts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.iter().count()))?;
        for (kind, count) in self.iter() {
            map.serialize_entry(kind.code(), &count)?;
        }
        map.end()
    }
}

/// The checker's report: the verdict and its line, and the differences.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckReport {
    pub verdict: Verdict,
    pub exit_code: u8,
    /// The verdict line, byte for byte what `loopy check` prints last.
    pub message: String,
    /// The verdict line without the counts that `all` adds: what a page shows beside its
    /// own count of the differences.
    pub headline: String,
    /// The first difference, if any.
    pub first: Option<Difference>,
    /// With `all`: the first `limit` differences, in order; without: the first or none.
    pub differences: Vec<Difference>,
    /// Every difference found, counted by kind (without `all`: the first only).
    pub counts: Counts,
    /// How many differences were found.
    pub total: u64,
}

impl CheckReport {
    /// The report of an output that is the answer.
    pub(super) fn ok(message: String) -> CheckReport {
        CheckReport::without_difference(Verdict::Ok, message)
    }

    /// The report of an input that is not valid (`error`: the judge's message).
    pub(super) fn bad_input(error: &str) -> CheckReport {
        let verdict = Verdict::BadInput;
        CheckReport::without_difference(verdict, format!("{} {error}", verdict.words()))
    }

    fn without_difference(verdict: Verdict, message: String) -> CheckReport {
        CheckReport {
            verdict,
            exit_code: verdict.exit_code(),
            headline: message.clone(),
            message,
            first: None,
            differences: Vec::new(),
            counts: Counts::default(),
            total: 0,
        }
    }
}
