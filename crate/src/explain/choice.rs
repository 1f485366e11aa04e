//! The one algorithm behind every explanation: from a position's value and its moves'
//! values, which moves keep the value, the best of them, which to list when there are
//! too many to list all, and the rule of `docs/rules.md` that decides the value. A ring
//! state and a graph vertex each say what their moves are ([`Explained`]) and put the
//! [`Choice`] into their own facts (steps and the hole; vertices, the goal, dead ends).

use alloc::vec::Vec;

use super::{MAX_FACT_LOOPS, MAX_FACT_MOVES};
use crate::value::Outcome;

/// A position whose value is explained: a ring state or a graph vertex. Its moves are
/// numbered `0 .. count()` in the order the facts list them (ascending step, or vertex
/// reached), which is the order ties between best moves are broken in.
pub(crate) trait Explained {
    /// The position's value for the player to move, and its depth.
    fn value(&self) -> (Outcome, u32);

    /// How many moves it has.
    fn count(&self) -> usize;

    /// The value of what move `k` reaches, for the player to move there (the ring's
    /// hole: Lose in 0).
    fn reached(&self, k: usize) -> (Outcome, u32);

    /// Whether move `k` reaches what move `k - 1` reaches (a graph's repeated edge): one
    /// more move to count, but not one more place to list when the moves are cut.
    fn repeats(&self, _k: usize) -> bool {
        false
    }
}

/// The rule that decides a value, from its moves (`docs/rules.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// No move at all: the game is over here (a graph's goal) or the player cannot move
    /// (a dead end). Lose in 0.
    End,
    /// Win: move `best` reaches a Lose (or the hole), the fastest; `winning` moves win.
    Wins { best: usize, winning: u32 },
    /// Lose: each of the `moves` moves reaches a Win; `best` holds out longest.
    Loses { best: usize, moves: u32 },
    /// Loop: no move wins, and `count` moves reach a Loop; `loops` are the ones listed
    /// (all of them, or when the moves are cut the first [`MAX_FACT_LOOPS`] places).
    Undecided { loops: Vec<usize>, count: u32 },
}

/// What [`choose`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The moves to list, ascending: every move when there are at most
    /// [`MAX_FACT_MOVES`]; else that many places, each once, chosen so that what the words
    /// say of them stays true: the best move, the Loops the rule lists, then the first
    /// others (the ones a page lists first).
    pub listed: Vec<usize>,
    /// The spec's best move: the first that keeps the value (ties: the first).
    pub best: Option<usize>,
    pub rule: Rule,
}

/// The moves, best move and rule of `position`: one pass for the counts and the best
/// move, one to choose what to list, in order, nothing sorted.
pub(crate) fn choose(position: &impl Explained) -> Choice {
    let (outcome, depth) = position.value();
    let count = position.count();
    // One pass: the counts the words need, and the best move (the first that keeps the
    // value: every position with a move has one that keeps it, by the rules' fixed point).
    let (mut winning, mut loop_count, mut loop_places, mut best) = (0u32, 0u32, 0usize, None);
    for k in 0..count {
        let (o, d) = position.reached(k);
        winning += (o == Outcome::Lose) as u32;
        loop_count += (o == Outcome::Loop) as u32;
        loop_places += (o == Outcome::Loop && !position.repeats(k)) as usize;
        if best.is_none() && keeps(outcome, depth, o, d) {
            best = Some(k);
        }
    }
    // Cut: each place reached is listed once (a vertex of a million moves has repeated
    // edges by the thousand, and a list of one place again and again says nothing).
    let cut = count > MAX_FACT_MOVES;
    // The Loops the rule lists (a Loop's): all of them, or the first places when cut. The
    // best move of a Loop is its first Loop, so among them.
    let listed_loops = match outcome {
        Outcome::Loop if cut => loop_places.min(MAX_FACT_LOOPS),
        Outcome::Loop => loop_count as usize,
        _ => 0,
    };
    let reserved = listed_loops.max(best.is_some() as usize);
    // Then the first other moves, up to the bound.
    let mut fill = if cut {
        MAX_FACT_MOVES - reserved
    } else {
        usize::MAX
    };
    let mut loops_left = listed_loops;
    let mut loops = Vec::with_capacity(listed_loops);
    let mut listed = Vec::with_capacity(count.min(MAX_FACT_MOVES));
    for k in 0..count {
        if cut && position.repeats(k) {
            continue;
        }
        let is_loop = loops_left > 0 && position.reached(k).0 == Outcome::Loop;
        if is_loop {
            loops_left -= 1;
            loops.push(k);
        }
        if is_loop
            || Some(k) == best
            || (fill > 0 && {
                fill -= 1;
                true
            })
        {
            listed.push(k);
        }
    }
    let rule = match (outcome, best) {
        _ if count == 0 => Rule::End,
        (Outcome::Win, Some(best)) => Rule::Wins { best, winning },
        (Outcome::Lose, Some(best)) => Rule::Loses {
            best,
            moves: count as u32,
        },
        _ => Rule::Undecided {
            loops,
            count: loop_count,
        },
    };
    Choice { listed, best, rule }
}

/// Whether a move to a position of value `o` and depth `d` keeps the value `(outcome,
/// depth)` with best play: a Win moves to a Lose one shorter, a Lose to a Win one
/// shorter, a Loop to a Loop (the hole counts as Lose in 0).
pub(crate) fn keeps(outcome: Outcome, depth: u32, o: Outcome, d: u32) -> bool {
    match outcome {
        Outcome::Win => o == Outcome::Lose && d + 1 == depth,
        Outcome::Lose => o == Outcome::Win && d + 1 == depth,
        Outcome::Loop => o == Outcome::Loop,
    }
}
