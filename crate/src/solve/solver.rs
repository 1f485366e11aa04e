//! The solver's public face: [`solve`], [`solve_traced`] and the resumable [`Solver`]
//! that does a bounded amount of work per call. The search itself is in `engine.rs`.

use super::engine::{Rules, Search, Trace};
use super::policy::{auto_policy, Policy};
use super::Solution;
use crate::bits::words_for;
use crate::game::{Player, RingGame};

/// Solves `game` exactly.
///
/// ```
/// use loopy::{solve, Outcome, Player, RingGame};
/// let game = RingGame::new(5, &[2, 3], &[1, 2, 3]).unwrap();
/// let solution = solve(&game);
/// assert_eq!(solution.to_judge_text(), "Lose Win Win Loop\nLoop Win Win Win");
/// assert_eq!(solution.outcome(Player::One, 1), Outcome::Lose);
/// assert_eq!(solution.depth(Player::One, 1), 2);
/// assert_eq!(solution.best_move(Player::One, 1), Some(2));
/// ```
pub fn solve(game: &RingGame) -> Solution {
    Solver::new(game, false).finish().0
}

/// Solves `game` and also records the BFS order (see [`Trace`]).
pub fn solve_traced(game: &RingGame) -> (Solution, Trace) {
    let (solution, trace) = Solver::new(game, true).finish();
    (solution, trace.expect("traced"))
}

/// Solves `game` with the given policy per player (`[player 1, player 2]`), recording
/// the BFS order if `trace`. For tests and benchmarks; [`solve`] chooses for itself.
#[doc(hidden)]
pub fn solve_with(game: &RingGame, policy: [Policy; 2], trace: bool) -> (Solution, Option<Trace>) {
    Solver::with_policy(game, policy, trace).finish()
}

/// The solver as a resumable computation: [`Solver::advance`] does a bounded amount of
/// *work*, so that a caller (the page's worker) can report progress and cancel a long
/// solve between two calls, whatever the game. [`solve`] is `advance` until done.
///
/// Work is counted in [units of work](Solver::advance): one 64-bit word operation of a
/// bitset scan, or one edge (a move) examined, or one state popped. One unit is about a
/// nanosecond natively (a little more in wasm), so a budget of 10^6 is a millisecond or
/// two; the cost of a whole solve is estimated up front by [`RingGame::estimated_work`].
///
/// ```
/// use loopy::{solve, RingGame, Solver};
/// let game = RingGame::new(8, &[6, 2, 3, 4], &[3, 6]).unwrap();
/// let mut solver = Solver::new(&game, false);
/// while !solver.advance(2) {
///     assert!(solver.resolved() <= solver.total_states());
/// }
/// assert_eq!(solver.finish().0, solve(&game));
/// ```
pub struct Solver {
    rules: Rules,
    search: Search,
}

impl Solver {
    /// Starts solving `game`; with `trace`, the BFS order is kept (see [`Trace`]).
    pub fn new(game: &RingGame, trace: bool) -> Solver {
        Solver::with_policy(game, auto_policy(game), trace)
    }

    /// [`Solver::new`] taking the game, which the [`Solution`] keeps: no copy of the
    /// step sets (the CLI's memory limit counts them once).
    pub fn from_game(game: RingGame, trace: bool) -> Solver {
        let policy = auto_policy(&game);
        Solver::start(game, policy, trace)
    }

    /// A solver with the given policy per player (`[player 1, player 2]`), for tests
    /// and benchmarks; [`Solver::new`] chooses for itself.
    #[doc(hidden)]
    pub fn with_policy(game: &RingGame, policy: [Policy; 2], trace: bool) -> Solver {
        Solver::start(game.clone(), policy, trace)
    }

    fn start(game: RingGame, policy: [Policy; 2], trace: bool) -> Solver {
        let rules = Rules::new(game, policy);
        let mut search = Search::new(&rules, trace);
        search.seed(&rules);
        Solver { rules, search }
    }

    /// Does about `budget` units of work, then stops at the next point where the
    /// search can be resumed; returns true once the solve is complete.
    ///
    /// A unit is one 64-bit word of a bitset scan, one edge examined, or one state
    /// popped: about a nanosecond natively. A call stops as soon as its budget is used
    /// up, even in the middle of a pop (a Win pop may wake many watchers, and each is
    /// one step), so one call costs at most the budget plus one step, which is at most
    /// [`Solver::max_step_work`] units. Every call does at least one step, so any
    /// budget, 0 included, makes progress.
    pub fn advance(&mut self, budget: u64) -> bool {
        self.search.advance(&self.rules, budget)
    }

    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    /// The most work one indivisible step can do: a pop walking a step set, one
    /// bitset pass over the ring, or one watcher's rescan (a pass over the steps, and
    /// with a trace, the search for its last Win successor, 64 units per word).
    pub fn max_step_work(&self) -> u64 {
        let game = &self.rules.game;
        let words = words_for(game.n() as usize) as u64;
        let k = game
            .steps(Player::One)
            .len()
            .max(game.steps(Player::Two).len()) as u64;
        2 + k.max(66 * words + 68)
    }

    /// Units of work done so far (see [`Solver::advance`]); for a whole solve, compare
    /// with [`RingGame::estimated_work`].
    pub fn work(&self) -> u64 {
        self.search.work()
    }

    /// States resolved so far.
    pub fn resolved(&self) -> u32 {
        self.search.resolved()
    }

    /// `2 (n - 1)`: both players' states, the hole excluded.
    pub fn total_states(&self) -> u32 {
        2 * (self.rules.game.n() - 1)
    }

    /// The answer (finishing the solve first if needed), and the BFS order if traced.
    pub fn finish(mut self) -> (Solution, Option<Trace>) {
        self.advance(u64::MAX);
        let (status, trace) = self.search.finish();
        (Solution::from_status(self.rules.game, status), trace)
    }
}
