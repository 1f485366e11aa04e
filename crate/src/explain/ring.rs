//! Why a ring state has its value: [`StateFacts`], from the one algorithm of
//! [`super::choice`] over the state's moves, in the ring's own terms (steps, the hole,
//! the players).

use alloc::vec::Vec;

use serde::Serialize;

use super::choice::{choose, keeps, Explained, Rule};
use super::ExplainError;
#[cfg(doc)]
use super::MAX_FACT_MOVES;
use crate::game::Player;
use crate::solve::Solution;
use crate::value::{Outcome, Plies};

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
    /// when the state's moves are all listed, else the smallest [`MAX_FACT_LOOPS`](super::MAX_FACT_LOOPS); each
    /// is one of the listed moves.
    Undecided { loops: Vec<u32>, count: u32 },
}

/// A ring state as [`choose`] sees it: its value, and each step's target for the
/// opponent (the hole: Lose in 0, where whoever moved onto it has won).
struct RingState<'a> {
    solution: &'a Solution,
    player: Player,
    pos: u32,
}

impl RingState<'_> {
    fn step(&self, k: usize) -> u32 {
        self.solution.game().steps(self.player)[k]
    }

    /// Where step `k` leads, and that state's value for the opponent.
    fn target(&self, k: usize) -> (u32, Outcome, u32) {
        let to = self.solution.game().target(self.pos, self.step(k));
        if to == 0 {
            return (0, Outcome::Lose, 0);
        }
        let opponent = self.player.other();
        (
            to,
            self.solution.outcome(opponent, to),
            self.solution.depth(opponent, to),
        )
    }
}

impl Explained for RingState<'_> {
    fn value(&self) -> (Outcome, u32) {
        (
            self.solution.outcome(self.player, self.pos),
            self.solution.depth(self.player, self.pos),
        )
    }

    fn count(&self) -> usize {
        self.solution.game().steps(self.player).len()
    }

    fn reached(&self, k: usize) -> (Outcome, u32) {
        let (_, o, d) = self.target(k);
        (o, d)
    }
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
    let state = RingState {
        solution,
        player,
        pos,
    };
    let game = solution.game();
    let opponent = player.other();
    let (outcome, depth) = state.value();
    let choice = choose(&state);
    let move_of = |k: usize| {
        let (to, o, d) = state.target(k);
        RingMove {
            step: state.step(k),
            to,
            hole: to == 0,
            state: game.state(opponent, to) as u32,
            outcome: o,
            depth: d,
            winning: o == Outcome::Lose,
            winner: (to == 0).then_some(player),
            optimal: keeps(outcome, depth, o, d),
        }
    };
    let moves: Vec<RingMove> = choice.listed.iter().map(|&k| move_of(k)).collect();
    let reason = match choice.rule {
        Rule::Wins { best, winning } => match move_of(best) {
            m if m.hole => RingReason::Hole {
                step: m.step,
                winning,
            },
            m => RingReason::MoveToLose {
                step: m.step,
                to: m.to,
                depth: m.depth,
                winning,
            },
        },
        Rule::Loses { best, moves } => {
            let m = move_of(best);
            RingReason::EveryMoveToWin {
                moves,
                step: m.step,
                to: m.to,
                depth: m.depth,
            }
        }
        Rule::Undecided { loops, count } => RingReason::Undecided {
            loops: loops.into_iter().map(|k| state.step(k)).collect(),
            count,
        },
        // Every state has a move (a step set is never empty): no end of the game here.
        Rule::End => RingReason::Undecided {
            loops: Vec::new(),
            count: 0,
        },
    };
    // The one step that reaches the hole from `pos`, if the player has it.
    let hole = game
        .steps(player)
        .binary_search(&(n - pos))
        .ok()
        .map(|_| HoleMove {
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
        move_count: state.count() as u32,
        best: choice.best.map_or(0, |k| state.step(k)),
        reason,
    })
}
