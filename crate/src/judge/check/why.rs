//! The verdict line's "why": the core's explanation facts (`crate::explain`,
//! `crate::tree`) in words, so that a contestant reading the CLI's one line learns why
//! the right value is right (the best move and the depth, every move handing the
//! opponent a win, or the loop), and who moves first where the format says it. The page
//! words the same facts itself, from the report's `why`. `loopy explain` prints these
//! words too.

use super::report::{DiffKind, Difference, Values, Why};
use crate::explain::graph::{GraphReason, Membership, VertexFacts};
use crate::explain::{RingReason, StateFacts};
use crate::tree::{TreeFacts, TreeReason};

/// `1 game`, `2 games`.
pub fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn list(items: &[u32]) -> String {
    let words: Vec<String> = items.iter().map(u32::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    }
}

/// `its only move hands`, `each of its 3 moves hands`: the subject of a sentence about
/// every move of a losing player.
fn each_move(count: u32) -> String {
    if count == 1 {
        "its only move hands".into()
    } else {
        format!("each of its {count} moves hands")
    }
}

/// The words of a ring state's facts.
pub fn state(f: &StateFacts) -> String {
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
            "{p} loses in {d}: {} {q} a win; the longest resistance is step {step} to {to}, \
             where {q} wins in {depth}",
            each_move(*count)
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

/// The words of a graph vertex's value.
pub fn value(f: &VertexFacts) -> String {
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
            "the player to move at {v} loses in {d}: {} the opponent a win; the longest \
             resistance is the move to {to}, a win in {depth}",
            each_move(*count)
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

/// The words of a vertex's place in (or out of) the optimal-play set.
pub fn membership(f: &VertexFacts) -> String {
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

/// `1 stone`, `4 stones`.
fn stones(count: u64) -> String {
    plural(count, "stone", "stones")
}

/// The words of a tree vertex's facts: why the first player wins or loses with the piece
/// there, in the reduction's terms (`docs/rules.md`, "Stones on a tree").
pub fn tree(f: &TreeFacts) -> String {
    let (v, s) = (f.v, stones(f.stones));
    let answered = match f.answered_count {
        0 => String::new(),
        1 => "; the move to the neighbour with at least as many stones is answered by moving \
              straight back"
            .into(),
        _ => "; the moves to neighbours with at least as many stones are answered by moving \
              straight back"
            .into(),
    };
    match &f.reason {
        TreeReason::NoStone => {
            format!("the first player loses from {v}: it holds no stone, so no move is possible")
        }
        TreeReason::NoSmaller => format!(
            "the first player loses from {v} ({s}): no neighbour has fewer stones, so every \
             move is answered by moving straight back, and the first player runs out of \
             stones at {v} first"
        ),
        TreeReason::MoveToLose { to, stones: t, .. } => format!(
            "the first player wins from {v} ({s}): the move to {to} ({}) leaves the opponent \
             a loss there",
            stones(*t)
        ),
        TreeReason::EveryMoveToWin { moves, .. } => {
            let each = if *moves == 1 {
                "the only move to a neighbour with fewer stones leaves".to_string()
            } else {
                format!("each of the {moves} moves to a neighbour with fewer stones leaves")
            };
            format!("the first player loses from {v} ({s}): {each} the opponent a win{answered}")
        }
    }
}

/// Who moves first in format `dag`, before the first mover's value: the why of the line
/// that says whether the hero wins.
fn first_mover(hero_first: bool, f: &VertexFacts) -> String {
    let (who, other) = if hero_first {
        ("the hero moves first (f = 1)", "the hero")
    } else {
        ("the opponent moves first (f = 0)", "the opponent")
    };
    let result = match f.outcome {
        crate::solve::Outcome::Win => format!("so {other} wins"),
        _ => format!("so {other} loses"),
    };
    format!("{who}, and {}; {result}", value(f))
}

/// The facts of `why` in words, for the difference `d`.
pub(super) fn words(why: &Why, d: &Difference) -> String {
    match why {
        Why::State(f) => state(f),
        Why::Tree(f) => tree(f),
        Why::Vertex(f) if matches!(d.kind, DiffKind::MissingVertex | DiffKind::ExtraVertex) => {
            membership(f)
        }
        Why::Vertex(f) => match (d.values, d.hero_first) {
            (Some(Values::DagWin), Some(hero_first)) => first_mover(hero_first, f),
            _ => value(f),
        },
    }
}
