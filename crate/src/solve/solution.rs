//! The solved ring game and its queries: each state's outcome and depth, the optimal
//! move, every move with what it leads to, and a state's predecessors. (It is written
//! out in the judge formats by `crate::judge::write`.)

use crate::error::ArgError;
use crate::game::{pred, Player, RingGame};
use crate::value::{clean, outcome_of, Outcome, LOSE, LOW, MOVE_WORDS, RESOLVED, WIN};
use alloc::vec::Vec;
use serde::Serialize;

/// Words per row of [`Solution::predecessor_table`]: `[player, pos, step]`.
pub const PRED_WORDS: usize = 3;

/// The most moves a game may have for its tables of every state (each state's moves, the
/// predecessor table) to be made whole when it loads: a page then draws a popped state's
/// arrows and answers a question about any state without asking again. 2^16 moves are
/// 1 MB of rows; past it a page asks for one state's moves at a time.
pub const MOVE_TABLE_MAX: u64 = 1 << 16;

/// The most moves a game may have for every state's best move to be computed when it
/// loads ([`Solution::best_moves`] scans each state's moves: `n · |s|` at worst, minutes
/// at `n = 10^6` with dense steps); past it a page asks for one state's best move.
pub const BEST_TABLE_MAX: u64 = 1 << 22;

/// What a page counts of a solved ring game, from the core rather than from its own
/// arrays: how many states and moves there are, how many of each value, and which
/// positions are states at all (`Solution.counts()` in JS).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RingCounts {
    /// Positions on the ring, the hole included.
    pub n: u32,
    /// The positions a player moves from: `first ..= last` (the hole, 0, is none).
    pub first: u32,
    pub last: u32,
    /// States `(player, pos)`: both players at every position but the hole.
    pub states: u32,
    /// Moves out of all states: `(n - 1) · (|s1| + |s2|)`. The tables of every state
    /// are made up to [`MOVE_TABLE_MAX`] and [`BEST_TABLE_MAX`] of them.
    pub moves: u64,
    pub win: u32,
    pub lose: u32,
    #[serde(rename = "loop")]
    pub loop_: u32,
    /// The states the search decides (Win or Lose): once they all are, the rest of a
    /// run only checks moves into decided states.
    pub decidable: u32,
}

/// The solved game: every state's outcome and depth.
#[derive(Clone, Debug)]
pub struct Solution {
    game: RingGame,
    /// Per state (`player.index() * n + pos`): outcome in the top bits, depth below.
    status: Vec<u32>,
}

impl Solution {
    /// Builds a solution from status words. Unresolved states (outcome bits 0) are Loop,
    /// whatever scratch their low bits hold: every reader goes through [`clean`], which
    /// is cheaper than a pass over all states for games where few resolve.
    pub(crate) fn from_status(game: RingGame, status: Vec<u32>) -> Solution {
        Solution { game, status }
    }

    /// Rebuilds a solve's answer from what it handed out, without solving again: per
    /// player (1, then 2) the `Outcome` codes and depths of [`Solution::outcomes`] and
    /// [`Solution::depths`], indexed by position. So a module that only explains (the
    /// ring's "why", `RingFacts`) can answer from the arrays the solving module sent.
    ///
    /// It **trusts the values to be a solve's of `game`**: it checks only what keeps every
    /// query well defined, one entry per position ([`ArgError::ValuesLength`]) and values a
    /// solve can give ([`ArgError::NotAValue`]: codes 0 to 2, a Win or Lose at depth 1 or
    /// more, a Loop and the hole at depth 0). Values that pass but are not the solve's give
    /// wrong answers, never a panic; checking them all would cost a solve's edges.
    pub fn from_values(
        game: RingGame,
        outcomes: [&[u32]; 2],
        depths: [&[u32]; 2],
    ) -> Result<Solution, ArgError> {
        const FIELDS: [[&str; 2]; 2] = [["out1", "dep1"], ["out2", "dep2"]];
        let n = game.n() as usize;
        let mut status = Vec::with_capacity(2 * n);
        for (k, fields) in FIELDS.iter().enumerate() {
            for (field, len) in [(fields[0], outcomes[k].len()), (fields[1], depths[k].len())] {
                if len != n {
                    return Err(ArgError::ValuesLength {
                        field,
                        length: len as u64,
                        n: n as u64,
                    });
                }
            }
            for (pos, (&o, &d)) in outcomes[k].iter().zip(depths[k]).enumerate() {
                let word = match (o, d) {
                    (0, 0) => Some(0),
                    (1, 1..=LOW) if pos > 0 => Some(WIN | d),
                    (2, 1..=LOW) if pos > 0 => Some(LOSE | d),
                    _ => None,
                };
                let Some(word) = word else {
                    return Err(ArgError::NotAValue {
                        field: fields[(o <= 2) as usize],
                        pos: pos as u64,
                        outcome: o.into(),
                        depth: d.into(),
                    });
                };
                status.push(word);
            }
        }
        Ok(Solution { game, status })
    }

    pub fn game(&self) -> &RingGame {
        &self.game
    }

    pub fn n(&self) -> u32 {
        self.game.n()
    }

    /// The packed status word of state index `s` (outcome bits and depth).
    #[inline]
    pub(crate) fn status_word(&self, s: usize) -> u32 {
        clean(self.status[s])
    }

    #[inline]
    fn status(&self, player: Player, pos: u32) -> u32 {
        clean(self.status[self.game.state(player, pos)])
    }

    /// The value of `pos` with `player` to move. The hole (and any `pos >= n`) is Loop.
    pub fn outcome(&self, player: Player, pos: u32) -> Outcome {
        if pos >= self.n() {
            return Outcome::Loop;
        }
        outcome_of(self.status(player, pos))
    }

    /// Remoteness: plies to the end under optimal play; 0 for Loop and the hole.
    pub fn depth(&self, player: Player, pos: u32) -> u32 {
        if pos >= self.n() {
            return 0;
        }
        self.status(player, pos) & LOW
    }

    /// Outcomes for `player` moving first, indexed by position (entry 0 is the hole).
    pub fn outcomes(&self, player: Player) -> impl ExactSizeIterator<Item = Outcome> + '_ {
        self.row(player).map(outcome_of)
    }

    /// Depths for `player` moving first, indexed by position (0 for Loop and the hole).
    pub fn depths(&self, player: Player) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.row(player).map(|s| s & LOW)
    }

    /// `player`'s status words, cleaned, indexed by position (the judge writers read
    /// these too).
    pub(crate) fn row(&self, player: Player) -> impl ExactSizeIterator<Item = u32> + '_ {
        let n = self.n() as usize;
        self.status[player.index() * n..][..n]
            .iter()
            .map(|&s| clean(s))
    }

    /// The spec's optimal move from `(player, pos)`, as a step; `None` for the hole.
    ///
    /// Win: the smallest step onto the hole or onto a Lose of depth `d - 1` (the fastest
    /// win). Lose: the smallest step onto a Win of depth `d - 1` (the longest resistance).
    /// Loop: the smallest step onto a Loop (never one that hands the opponent a Win).
    pub fn best_move(&self, player: Player, pos: u32) -> Option<u32> {
        if pos == 0 || pos >= self.n() {
            return None;
        }
        let st = self.status(player, pos);
        let depth = st & LOW;
        if st == WIN | 1 {
            // Win in 1: the one step onto the hole (found directly: with full step sets
            // every state is this case, and a scan would make `best_moves` quadratic).
            return Some(self.n() - pos);
        }
        let other = player.other();
        let wanted = |step: u32| {
            let t = self.game.target(pos, step);
            match outcome_of(st) {
                Outcome::Win if depth == 1 => t == 0,
                Outcome::Win => t != 0 && self.status(other, t) == LOSE | (depth - 1),
                Outcome::Lose => self.status(other, t) == WIN | (depth - 1),
                Outcome::Loop => t != 0 && self.status(other, t) & RESOLVED == 0,
            }
        };
        self.game.steps(player).iter().copied().find(|&x| wanted(x))
    }

    /// [`Solution::best_move`] for every position, with `player` to move (0 for the hole).
    pub fn best_moves(&self, player: Player) -> Vec<u32> {
        (0..self.n())
            .map(|pos| self.best_move(player, pos).unwrap_or(0))
            .collect()
    }

    /// Every move of `(player, pos)` in step order, with what it leads to:
    /// `[step, succ, outcome, depth]`, the opponent's `Outcome` code and depth at `succ`
    /// (`succ = 0` is the hole, where the game is over: Loop code, depth 0). Nothing
    /// for the hole itself or positions past the ring.
    pub fn moves(&self, player: Player, pos: u32) -> Vec<[u32; MOVE_WORDS]> {
        if pos == 0 || pos >= self.n() {
            return Vec::new();
        }
        let other = player.other();
        self.game
            .steps(player)
            .iter()
            .map(|&x| {
                let t = self.game.target(pos, x);
                let st = self.status(other, t);
                [x, t, outcome_of(st) as u32, st & LOW]
            })
            .collect()
    }

    /// The positions from which the opponent of `player` moves to `pos` (the states
    /// that can reach `(player, pos)`), in step order. For `pos = 0` these are the
    /// opponent's moves onto the hole.
    pub fn predecessors(&self, player: Player, pos: u32) -> Vec<u32> {
        if pos >= self.n() {
            return Vec::new();
        }
        self.game
            .steps(player.other())
            .iter()
            .filter(|&&x| x != pos)
            .map(|&x| pred(pos, x, self.n()))
            .collect()
    }
}

impl Solution {
    /// Moves out of all states: `(n - 1) · (|s1| + |s2|)`.
    pub fn move_count(&self) -> u64 {
        let g = &self.game;
        (g.n() as u64 - 1) * (g.steps(Player::One).len() + g.steps(Player::Two).len()) as u64
    }

    /// The game's counts: states, moves, each value (see [`RingCounts`]).
    pub fn counts(&self) -> RingCounts {
        let n = self.n();
        let (mut win, mut lose) = (0, 0);
        for p in Player::BOTH {
            for o in self.outcomes(p).skip(1) {
                win += (o == Outcome::Win) as u32;
                lose += (o == Outcome::Lose) as u32;
            }
        }
        let states = 2 * (n - 1);
        RingCounts {
            n,
            first: 1,
            last: n - 1,
            states,
            moves: self.move_count(),
            win,
            lose,
            loop_: states - win - lose,
            decidable: win + lose,
        }
    }

    /// For every state, the states that move to it, in the order the search examines them
    /// (step order): the move table turned around, for a page that draws a popped state's
    /// arrows. `None` for a game of more than [`MOVE_TABLE_MAX`] moves.
    ///
    /// One array: first `2n + 1` offsets, then rows of [`PRED_WORDS`] words `[player, pos,
    /// step]` (player `player` moves from `pos` by `step`); the rows of state index `s`
    /// ([`RingGame::state`]) are the words `table[s] .. table[s + 1]`, offsets into the
    /// array itself. A hole has none: nobody moves from it, and the search never pops it.
    ///
    /// ```
    /// use loopy::{solve, RingGame};
    /// let s = solve(&RingGame::new(5, &[2, 3], &[1, 2, 3]).unwrap());
    /// let t = s.predecessor_table().unwrap();
    /// // Player 2 to move at 4 (state 5 + 4) is reached by player 1 from 2 (+2) and 1 (+3).
    /// let at = 9;
    /// assert_eq!(&t[t[at] as usize..t[at + 1] as usize], &[1, 2, 2, 1, 1, 3]);
    /// ```
    pub fn predecessor_table(&self) -> Option<Vec<u32>> {
        if self.move_count() > MOVE_TABLE_MAX {
            return None;
        }
        let n = self.n();
        let head = 2 * n as usize + 1;
        let mut table = Vec::with_capacity(head + PRED_WORDS * self.move_count() as usize);
        table.resize(head, 0);
        for s in 0..2 * n as usize {
            table[s] = table.len() as u32;
            let (q, j) = (Player::from_index(s / n as usize), s as u32 % n);
            // The hole has none: nobody moves from it, and the search never pops it.
            if j == 0 {
                continue;
            }
            let p = q.other();
            // The step `j` would come from the hole.
            for &x in self.game.steps(p).iter().filter(|&&x| x != j) {
                table.extend_from_slice(&[p.number() as u32, pred(j, x, n), x]);
            }
        }
        table[head - 1] = table.len() as u32;
        Some(table)
    }
}

/// Two solutions are equal when they are of the same game and agree on every state's
/// outcome and depth (the solver's scratch in unresolved states does not count).
impl PartialEq for Solution {
    fn eq(&self, other: &Solution) -> bool {
        self.game == other.game
            && self.status.len() == other.status.len()
            && self
                .status
                .iter()
                .zip(&other.status)
                .all(|(&a, &b)| clean(a) == clean(b))
    }
}

impl Eq for Solution {}
