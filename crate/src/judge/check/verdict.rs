//! The verdict line: `wrong answer <place>: <what> (<why>)`, and with `all` the counts
//! after it. Apart from the report's types (`report.rs`) and the why's words (`why.rs`),
//! which know nothing of each other.

use core::fmt::Write as _;

use super::report::{Counts, Difference};
use super::why;
pub(super) use super::why::plural;

/// The verdict line for a difference: `wrong answer <place>: <what>: <why>`, and in
/// `all` mode the counts after it.
pub(super) fn message(first: &Difference, all: bool, total: u64, counts: &Counts) -> String {
    let mut line = format!(
        "{} {}: {}",
        first.kind.verdict().words(),
        first.place(),
        first.what()
    );
    if let Some(w) = &first.why {
        let _ = write!(line, " ({})", why::words(w, first));
    }
    if all {
        let kinds: Vec<String> = counts
            .iter()
            .map(|(k, c)| format!("{} {c}", k.code()))
            .collect();
        let _ = write!(
            line,
            " [{} in all: {}]",
            plural(total, "difference", "differences"),
            kinds.join(", ")
        );
    }
    line
}
