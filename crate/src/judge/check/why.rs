//! The verdict line's "why": the core's explanation facts (`crate::explain`) in words,
//! so that a contestant reading the CLI's one line learns why the right value is right
//! (the best move and the depth, every move handing the opponent a win, or the loop).
//! The page words the same facts itself, from the report's `why`.

use super::report::{DiffKind, Difference, Why};
use crate::explain::graph::{GraphReason, Membership, VertexFacts};
use crate::explain::{RingReason, StateFacts};

fn list(items: &[u32]) -> String {
    let words: Vec<String> = items.iter().map(u32::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    }
}

/// `1 move`, `3 moves`.
fn moves(count: u32) -> String {
    super::report::plural(count as u64, "move", "moves")
}

fn state(f: &StateFacts) -> String {
    let (p, q, d) = (f.player, f.opponent, f.depth);
    match &f.reason {
        RingReason::Hole { step, .. } => {
            format!("{p} wins in 1: step {step} moves the token onto the hole")
        }
        RingReason::MoveToLose {
            step, to, depth, ..
        } => format!(
            "{p} wins in {d}: step {step} moves the token to {to}, where {q} loses in {depth}"
        ),
        RingReason::EveryMoveToWin {
            moves: count,
            step,
            to,
            depth,
        } => format!(
            "{p} loses in {d}: each of its {} hands {q} a win; the longest resistance is \
             step {step} to {to}, where {q} wins in {depth}",
            moves(*count)
        ),
        // A state of more moves than the facts list names the smallest Loop steps and counts them all.
        RingReason::Undecided { loops, count } if (*count as usize) > loops.len() => format!(
            "a loop: no move of {p} reaches the hole or a loss for {q}, and {count} steps keep \
             the game going: {}, ...",
            loops
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        RingReason::Undecided { loops, .. } if loops.len() == 1 => format!(
            "a loop: no move of {p} reaches the hole or a loss for {q}, and step {} keeps \
             the game going",
            list(loops)
        ),
        RingReason::Undecided { loops, .. } => format!(
            "a loop: no move of {p} reaches the hole or a loss for {q}, and steps {} keep \
             the game going",
            list(loops)
        ),
    }
}

fn value(f: &VertexFacts) -> String {
    let (v, d) = (f.v, f.depth);
    match &f.reason {
        GraphReason::Goal => format!("{v} is the goal"),
        GraphReason::DeadEnd => format!("the player to move at {v} has no move and loses"),
        GraphReason::MoveToLose { to, depth, .. } => format!(
            "the player to move at {v} wins in {d}: the move to {to} leaves the opponent a \
             loss in {depth}"
        ),
        GraphReason::EveryMoveToWin {
            moves: count,
            to,
            depth,
        } => format!(
            "the player to move at {v} loses in {d}: each of its {} hands the opponent a \
             win; the longest resistance is the move to {to}, a win in {depth}",
            moves(*count)
        ),
        // A vertex of more moves than the facts list names the first draws and counts them all.
        GraphReason::Undecided { draws, count } if (*count as usize) > draws.len() => format!(
            "a draw: no move from {v} leaves the opponent a loss, and {count} moves keep the \
             game drawn: to {}, ...",
            draws
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        GraphReason::Undecided { draws, .. } if draws.len() == 1 => format!(
            "a draw: no move from {v} leaves the opponent a loss, and the move to {} keeps \
             the game drawn",
            list(draws)
        ),
        GraphReason::Undecided { draws, .. } => format!(
            "a draw: no move from {v} leaves the opponent a loss, and the moves to {} keep \
             the game drawn",
            list(draws)
        ),
    }
}

fn membership(f: &VertexFacts) -> String {
    match &f.optimal {
        Some(Membership::Start { start }) => format!("{start} is where the game starts"),
        Some(Membership::Reached { path, .. }) => {
            let steps: Vec<String> = path.iter().map(u32::to_string).collect();
            format!("correct play reaches it: {}", steps.join(" -> "))
        }
        Some(Membership::Out { refused, .. }) if refused.is_empty() => {
            "no vertex that correct play reaches has a move to it".into()
        }
        Some(Membership::Out {
            refused,
            refused_count,
            ..
        }) if (*refused_count as usize) > refused.len() => format!(
            "correct play never makes the move to it from any of {refused_count} vertices: {}, ...",
            refused
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(Membership::Out { refused, .. }) => format!(
            "correct play never makes the move to it from {}",
            list(refused)
        ),
        None => value(f),
    }
}

/// The facts of `why` in words, for the difference `d`.
pub(super) fn words(why: &Why, d: &Difference) -> String {
    match why {
        Why::State(f) => state(f),
        Why::Vertex(f) if matches!(d.kind, DiffKind::MissingVertex | DiffKind::ExtraVertex) => {
            membership(f)
        }
        Why::Vertex(f) => value(f),
    }
}
