//! Why a state or a vertex has its value, as data: the facts the rules of
//! `docs/rules.md` read off the solved game, so that the pages only put them into words.
//!
//! A page that explains a value needs more than the value: each move with where it
//! leads and what that is worth, which moves keep the value with best play, and the
//! rule that decides it (the hole or the goal, a dead end, some move to a Lose, every
//! move to a Win, or neither). The JS used to work these out itself from the move rows,
//! which put a second copy of the rules in the page. Here the core states them once,
//! from its own solution, and the tests hold every fact to the independent oracle.
//!
//! * [`explain_state`]: a ring state `(player, pos)`, as [`StateFacts`].
//! * [`graph::explain_vertex`]: a graph vertex, as [`graph::VertexFacts`], with its
//!   (generalised) Sprague-Grundy facts when the values are known and its membership of
//!   the optimal-play set when a start is given.
//!
//! Every fact type is `Serialize` with camelCase names, as the crate's events and layout
//! are: the wasm bindings hand the same objects to JS. Bad input (no such player, a
//! position off the ring, a vertex that is not one) is an [`ExplainError`] with a stable
//! [`Coded::code`], never a panic.

use alloc::vec::Vec;
use core::fmt;

use serde::Serialize;

use crate::error::{Coded, Params};
use crate::game::Player;
use crate::solve::Solution;
use crate::value::Outcome;
pub use crate::value::Plies;

pub mod graph;

/// Why a question to [`explain_state`] or [`graph::explain_vertex`] has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplainError {
    /// The player is not 1 or 2.
    NoSuchPlayer { player: u64 },
    /// The position is not one a player moves from (`1 ..= n - 1`; the hole is not a
    /// state anyone moves from).
    NotAPosition { pos: u64, n: u32 },
    /// The vertex asked about is not one (`1 ..= n`).
    NotAVertex { v: u64, n: u32 },
    /// The start of the optimal-play set is not a vertex.
    NotAStart { start: u64, n: u32 },
}

impl ExplainError {
    /// The argument at fault, as the JS API names it (`"player"`, `"pos"`, `"v"`,
    /// `"start"`): the error's `field`.
    pub fn field(&self) -> &'static str {
        match self {
            ExplainError::NoSuchPlayer { .. } => "player",
            ExplainError::NotAPosition { .. } => "pos",
            ExplainError::NotAVertex { .. } => "v",
            ExplainError::NotAStart { .. } => "start",
        }
    }
}

/// A stable code for the error: pages and tests match on it, never on the message.
impl Coded for ExplainError {
    fn code(&self) -> &'static str {
        match self {
            ExplainError::NoSuchPlayer { .. } => "explain.noSuchPlayer",
            ExplainError::NotAPosition { .. } => "explain.notAPosition",
            ExplainError::NotAVertex { .. } => "explain.notAVertex",
            ExplainError::NotAStart { .. } => "explain.notAStart",
        }
    }

    fn params(&self) -> Params {
        match *self {
            ExplainError::NoSuchPlayer { player } => vec![("player", player.into())],
            ExplainError::NotAPosition { pos, n } => vec![
                ("pos", pos.into()),
                ("n", n.into()),
                ("last", (n as u64 - 1).into()),
            ],
            ExplainError::NotAVertex { v, n } => vec![("v", v.into()), ("n", n.into())],
            ExplainError::NotAStart { start, n } => {
                vec![("start", start.into()), ("n", n.into())]
            }
        }
    }
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ExplainError::NoSuchPlayer { player } => {
                write!(f, "player must be 1 or 2, not {player}")
            }
            ExplainError::NotAPosition { pos, n } => write!(
                f,
                "pos must be a position from 1 to n - 1 = {}, not {pos} (the hole, 0, is not \
                 a state anyone moves from)",
                n - 1
            ),
            ExplainError::NotAVertex { v, n } => {
                write!(f, "v = {v} is not a vertex: vertices go from 1 to n = {n}")
            }
            ExplainError::NotAStart { start, n } => {
                write!(
                    f,
                    "start = {start} is not a vertex: vertices go from 1 to n = {n}"
                )
            }
        }
    }
}

impl core::error::Error for ExplainError {}

/// The most moves [`explain_state`] lists: a state with more lists this many of them (see
/// [`StateFacts::moves`]) and counts the rest.
///
/// Why a bound: on the densest game the work limit admits (n = 10^6, 500,000 steps for
/// player 1) the whole list was 57.5 MB of JSON and over a second to cross into JS for one
/// popup, which says at most a handful of moves and counts the rest. 64 is more than any
/// page shows (the inspector lists 24, the sentences 6), and every game of the spec's
/// samples, the tours and the pinned transcripts has fewer moves a state, so their facts
/// list every move as before. The pages need not know it: the facts carry their counts.
pub const MAX_FACT_MOVES: usize = 64;

/// The most Loop steps [`RingReason::Undecided`] lists when the moves are cut (more than
/// [`MAX_FACT_MOVES`]): half the listed moves, so the smallest steps that are not Loops
/// still have room beside them. A state with at most [`MAX_FACT_MOVES`] moves lists every
/// Loop step.
pub const MAX_FACT_LOOPS: usize = MAX_FACT_MOVES / 2;

/// Everything the rules say about one ring state, from the solved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateFacts {
    /// The player to move (1 or 2).
    pub player: Player,
    /// The token's position.
    pub pos: u32,
    /// The state's index in every per-state array of the JS API (snapshots,
    /// `decidedAt`): the pages never compute it.
    pub state: u32,
    /// The player to move in every state a move reaches.
    pub opponent: Player,
    /// The value for the player to move.
    pub outcome: Outcome,
    /// Plies to the end with best play; 0 for Loop.
    pub depth: u32,
    /// How those plies fall to the two players: the player to move makes the first, so
    /// the extra one of an odd depth.
    pub plies: Plies,
    /// The move onto the hole, if the player to move has one (at most one step reaches
    /// it), and who wins by it: listed here whether or not `moves` lists it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hole: Option<HoleMove>,
    /// The moves, in step order (ascending): every move when there are at most
    /// [`MAX_FACT_MOVES`]; else [`MAX_FACT_MOVES`] of them, chosen so that what the words
    /// say of them stays true: the best move, the Loop steps the reason lists, then the
    /// smallest steps (the ones a page lists first).
    pub moves: Vec<RingMove>,
    /// How many moves the state has in all (`moves` lists them all when they are as many):
    /// the pages count with this, never over `moves`.
    pub move_count: u32,
    /// The spec's best move, as its step (ties: the smallest step).
    pub best: u32,
    /// The rule that decides the value.
    pub reason: RingReason,
}

/// One move of a ring state and what it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RingMove {
    pub step: u32,
    /// The position it reaches (0: the hole).
    pub to: u32,
    /// Whether it lands on the hole (and wins at once).
    pub hole: bool,
    /// The index of the state it reaches (the opponent to move at `to`).
    pub state: u32,
    /// The value of the state reached, for the opponent. The hole reads as Lose in 0:
    /// the game is over there, and whoever moved onto it has won (`docs/rules.md`, "Games
    /// on graphs").
    pub outcome: Outcome,
    pub depth: u32,
    /// Whether it wins: onto the hole, or to a Lose for the opponent.
    pub winning: bool,
    /// Who has won once this move is made, for a move that ends the game (onto the
    /// hole: the player who makes it); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Player>,
    /// Whether it keeps the value with best play (`docs/rules.md`, "Best moves"): the
    /// fastest win, the longest resistance, or staying in the loop. `best` is the
    /// smallest step among these.
    pub optimal: bool,
}

/// A state's move onto the hole: its step, and the player it wins for (the one who makes
/// it: `docs/rules.md`, whoever moves onto the hole wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HoleMove {
    pub step: u32,
    pub winner: Player,
}

/// Which rule of `docs/rules.md` decides a ring state's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RingReason {
    /// Win in 1: step `step` lands on the hole. `winning` moves win in all.
    Hole { step: u32, winning: u32 },
    /// Win: some move reaches a Lose for the opponent; the fastest is step `step` to
    /// `to`, Lose in `depth` there. `winning` moves win in all.
    MoveToLose {
        step: u32,
        to: u32,
        depth: u32,
        winning: u32,
    },
    /// Lose: every one of the `moves` moves hands the opponent a Win; the one that holds
    /// out longest is step `step` to `to`, Win in `depth` there.
    EveryMoveToWin {
        moves: u32,
        step: u32,
        to: u32,
        depth: u32,
    },
    /// Loop: no move reaches the hole or a Lose, and `count` steps reach Loop states, so
    /// the player to move never has to lose. `loops` lists them ascending, all of them
    /// when the state's moves are all listed, else the smallest [`MAX_FACT_LOOPS`]; each
    /// is one of the listed moves.
    Undecided { loops: Vec<u32>, count: u32 },
}

/// The facts behind the value of ring state `(player, pos)`.
///
/// A state with more than [`MAX_FACT_MOVES`] moves lists that many (see
/// [`StateFacts::moves`]); its counts (`move_count`, the reason's) are of every move.
/// One pass over the moves finds the counts and the best move, without keeping them.
///
/// ```
/// use loopy::explain::{explain_state, RingReason};
/// use loopy::{solve, Outcome, RingGame};
/// // The spec's game 2: player 1 at 7 wins fastest through 3 (step 4, Lose in 4 there).
/// let s = solve(&RingGame::new(8, &[2, 3, 4, 6], &[3, 6]).unwrap());
/// let f = explain_state(&s, 1, 7).unwrap();
/// assert_eq!((f.outcome, f.depth, f.best, f.move_count), (Outcome::Win, 5, 4, 4));
/// assert_eq!(f.reason, RingReason::MoveToLose { step: 4, to: 3, depth: 4, winning: 2 });
/// assert_eq!(explain_state(&s, 3, 7).unwrap_err().field(), "player");
/// ```
pub fn explain_state(
    solution: &Solution,
    player: u64,
    pos: u64,
) -> Result<StateFacts, ExplainError> {
    let n = solution.n();
    let player = u8::try_from(player)
        .ok()
        .and_then(Player::from_number)
        .ok_or(ExplainError::NoSuchPlayer { player })?;
    if pos == 0 || pos >= n as u64 {
        return Err(ExplainError::NotAPosition { pos, n });
    }
    let pos = pos as u32;
    let game = solution.game();
    let opponent = player.other();
    let outcome = solution.outcome(player, pos);
    let depth = solution.depth(player, pos);
    let steps = game.steps(player);
    let move_of = |step: u32| {
        let to = game.target(pos, step);
        let hole = to == 0;
        let (o, d) = if hole {
            (Outcome::Lose, 0)
        } else {
            (solution.outcome(opponent, to), solution.depth(opponent, to))
        };
        RingMove {
            step,
            to,
            hole,
            state: game.state(opponent, to) as u32,
            outcome: o,
            depth: d,
            winning: o == Outcome::Lose,
            winner: hole.then_some(player),
            optimal: keeps(outcome, depth, o, d),
        }
    };
    // One pass: the counts the words need, and the best move (the first that keeps the
    // value: every state has a move, and every value one that keeps it, by the rules'
    // fixed point).
    let (mut winning, mut loop_count, mut best) = (0u32, 0u32, None);
    for (k, &step) in steps.iter().enumerate() {
        let m = move_of(step);
        winning += m.winning as u32;
        loop_count += (m.outcome == Outcome::Loop) as u32;
        if best.is_none() && m.optimal {
            best = Some(k);
        }
    }
    let cut = steps.len() > MAX_FACT_MOVES;
    // The Loop steps the reason lists, smallest first.
    let loops: Vec<u32> = if outcome == Outcome::Loop {
        let most = if cut { MAX_FACT_LOOPS } else { steps.len() };
        steps
            .iter()
            .copied()
            .filter(|&step| move_of(step).outcome == Outcome::Loop)
            .take(most)
            .collect()
    } else {
        Vec::new()
    };
    let moves: Vec<RingMove> = if cut {
        // The best move and the listed Loops (the best of a Loop is its smallest Loop
        // step, so among them), then the smallest other steps up to the bound: one pass
        // in step order (the steps are ascending), so nothing is sorted.
        let best_step = best.map(|k| steps[k]);
        let listed = |step: u32| Some(step) == best_step || loops.binary_search(&step).is_ok();
        let reserved =
            loops.len() + best_step.is_some_and(|b| loops.binary_search(&b).is_err()) as usize;
        let mut fill = MAX_FACT_MOVES.saturating_sub(reserved);
        steps
            .iter()
            .copied()
            .filter(|&step| {
                listed(step)
                    || (fill > 0 && {
                        fill -= 1;
                        true
                    })
            })
            .map(move_of)
            .collect()
    } else {
        steps.iter().map(|&step| move_of(step)).collect()
    };
    let best = best.map_or(0, |k| steps[k]);
    let of = |step: u32| moves.iter().find(|m| m.step == step);
    let reason = match (outcome, of(best)) {
        (Outcome::Win, Some(m)) if m.hole => RingReason::Hole {
            step: m.step,
            winning,
        },
        (Outcome::Win, Some(m)) => RingReason::MoveToLose {
            step: m.step,
            to: m.to,
            depth: m.depth,
            winning,
        },
        (Outcome::Lose, Some(m)) => RingReason::EveryMoveToWin {
            moves: steps.len() as u32,
            step: m.step,
            to: m.to,
            depth: m.depth,
        },
        _ => RingReason::Undecided {
            loops,
            count: loop_count,
        },
    };
    // The one step that reaches the hole from `pos`, if the player has it.
    let hole = steps.binary_search(&(n - pos)).ok().map(|_| HoleMove {
        step: n - pos,
        winner: player,
    });
    Ok(StateFacts {
        player,
        pos,
        state: game.state(player, pos) as u32,
        opponent,
        outcome,
        depth,
        plies: Plies::of(depth),
        hole,
        moves,
        move_count: steps.len() as u32,
        best,
        reason,
    })
}

/// Whether a move to a state of value `o` and depth `d` keeps the value `(outcome,
/// depth)` with best play: a Win moves to a Lose one shorter, a Lose to a Win one
/// shorter, a Loop to a Loop (the hole counts as Lose in 0).
pub(crate) fn keeps(outcome: Outcome, depth: u32, o: Outcome, d: u32) -> bool {
    match outcome {
        Outcome::Win => o == Outcome::Lose && d + 1 == depth,
        Outcome::Lose => o == Outcome::Win && d + 1 == depth,
        Outcome::Loop => o == Outcome::Loop,
    }
}
