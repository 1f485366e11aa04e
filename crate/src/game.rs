//! Validated ring games.
//!
//! The only way to get a [`RingGame`] is through [`RingGame::new`], which turns every
//! bad input the spec lists into a typed [`GameError`]. The solver and the stepper can
//! then index without checks and never panic on user input.

use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use serde::{Serialize, Serializer};

use crate::error::{Coded, Param, Params};
use crate::ntt;

/// The largest ring this build accepts.
///
/// The solver keeps about 8 bytes per state (two states per position) plus a few bits
/// of bitsets, so 10^7 positions need roughly 160 MB: about what a browser tab can
/// spare, and far beyond the classic limit of 7000.
pub const MAX_N: u32 = 10_000_000;

/// Memory the CLI needs per position at most, for the limit in [`MAX_N`]'s error: two
/// states of 4 bytes of status, 4 of queue and 8 of watch lists (large step sets), up
/// to 8 bytes of steps (two full step sets), and about 2.5 bytes of bitsets. Held true
/// by `crate/tests/memory.rs`, which reads and answers n = `MAX_N` with full step sets
/// (which allocates all of these) as the CLI does, counting every byte allocated. The
/// stepper's trace (the page) needs about 16 bytes more.
///
/// It lives here, with the limits, rather than in the solver whose memory it counts:
/// the limit's error message needs it, and the game module must not depend on the
/// solver (the solver depends on it).
pub const BYTES_PER_POSITION: u64 = 44;

/// The most work this build does for one game, in the solver's units (see
/// [`crate::Solver::advance`]: a 64-bit word of a bitset scan, an edge examined, a
/// state popped), as estimated up front by [`estimate_work`].
///
/// Large, dense step sets make the solve quadratic: about `n · min(|s|, n / 64)` units,
/// so n = 10^6 with a third of all steps each is about 4 · 10^10 (16 s natively, and
/// 30 s with the stepper's trace), and n = 10^7 would be a hundred times that. Games
/// estimated above this budget are refused with [`GameError::TooMuchWork`] rather
/// than left to run for hours. The estimate is an upper bound in practice (the
/// families in the tests use 30% to 65% of it), about a nanosecond per unit natively.
pub const MAX_WORK: u64 = 50_000_000_000;

/// The solver's work for a ring of `n` with step sets of `k1` and `k2` steps, in the
/// units of [`MAX_WORK`], estimated without solving (so the page can show it first).
///
/// Each of the `2n - k1 - k2` states that are not Win in one move may have its
/// witness rescanned across player `p`'s step set, and each Lose state's predecessors
/// are found in one pass over it: at most `min(k_p, n / 64)` units a time (a walk of
/// the steps, or a bitset pass). With the stepper's trace, a doomed state also looks
/// for its last Win successor among the states of a word: up to `min(k_p, 64)` more.
/// Plus one unit per state popped.
///
/// ```
/// use loopy::game::estimate_work;
/// // Full step sets: every state but two is Win in one move.
/// assert_eq!(estimate_work(1000, 999, 999), 2000 + 2 * (16 + 64) * 2);
/// // Three steps each: a short walk per state.
/// assert_eq!(estimate_work(1000, 3, 3), 2000 + 1994 * 4 * 3);
/// ```
pub fn estimate_work(n: u64, k1: u64, k2: u64) -> u64 {
    let words = n.div_ceil(64);
    let per_state: u64 = [k1, k2].iter().map(|&k| k.min(words) + k.min(64)).sum();
    let states = (2 * n).saturating_sub(k1.saturating_add(k2));
    per_state
        .saturating_mul(states)
        .saturating_add(n.saturating_mul(2))
}

/// The most steps each player may have on a ring of `n` for every such game to be
/// solved within [`MAX_WORK`] (`n - 1`: any game of this `n` is).
///
/// This is the advice of [`GameError::TooMuchWork`], and "fewer steps" alone would
/// not be: [`estimate_work`] grows with the steps only up to about `n / 64` of them
/// each (a bitset pass then costs less than a walk of the steps), and past that it
/// falls again, since more steps make more states won in one move. So for a ring whose
/// widest game (`n / 64` steps each) is over the budget, a search over `k` steps each
/// up to `n / 64` finds where the work crosses it.
///
/// ```
/// use loopy::game::{estimate_work, steps_within_budget, MAX_WORK};
/// let n = 1_000_000;
/// let k = steps_within_budget(n);
/// assert!(estimate_work(n, k, k) <= MAX_WORK && estimate_work(n, k + 1, k + 1) > MAX_WORK);
/// assert_eq!(steps_within_budget(1000), 999);
/// ```
pub fn steps_within_budget(n: u64) -> u64 {
    let widest = n.div_ceil(64).min(n.saturating_sub(1));
    if estimate_work(n, widest, widest) <= MAX_WORK {
        return n.saturating_sub(1);
    }
    // The work is within the budget at lo and over it at hi (0 steps: 2n units).
    let (mut lo, mut hi) = (0, widest);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if estimate_work(n, mid, mid) <= MAX_WORK {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The most a seek of the page's animation may cost, in the units of [`seek_cost`]:
/// games above it are refused by the page's elements with [`GameError::TooSlowToSeek`]
/// before they are solved (the CLI never seeks, and solves them).
///
/// Calibrated in wasm under Node as the worker runs a seek (`node tests/bench/phases.mjs
/// bigring`, and seeks back, which always rebuild, and ahead by one event less than a
/// rebuild's cost, which step), on this project's 2-core machine: an event stepped took
/// 10 to 15 ns, so this many events' worth is 0.8 to 1.2 s of stepping; the costliest
/// admitted rebuild measured, n = 5 · 10^6 with 1,200 odd vs 600 even steps (79.2 M),
/// took 750 to 890 ms, and its whole seek with the snapshot the page takes after it 1,038
/// at most. The widest rings on which every step set is admitted ([`SEEK_FITS`], 2^20 + 1
/// positions) cost 55.1 M at most; n = 10^7 with a step set spanning it (582 M: 6.1 to
/// 6.8 s a seek) is refused, and n = 10^7 with narrow step sets (32.5 M: rebuilds of 170
/// to 320 ms, snapshots of 100 to 600 ms) admitted. It is a budget, not a promise: a
/// busier machine is slower, and no test asserts a duration.
pub const MAX_SEEK: u64 = 80_000_000;

/// A recount's units (a state's count, a third of a butterfly: about a nanosecond each
/// natively, see `ntt`) per event stepped, as the page runs them in wasm (measured on
/// `tests/bench/phases.mjs`'s games and others, seeking back, which rebuilds, and ahead
/// by less than a rebuild's cost, which steps): an event stepped took 10 to 15 ns there,
/// a recount's unit 1.3 to 1.6 ns (n = 5 · 10^6 with 1,200 odd vs 600 even steps,
/// convolutions in blocks of 2^14 and 2^15 points: rebuilds of 750 to 890 ms; n = 2^21 + 1
/// with 321 steps spanning the ring, transforms of 2^22 points: 835 to 936 ms, and 1,399
/// for the first seek, which also transforms the step sets; n = 2^22 with 64 steps spanning
/// it, counted directly: 746 to 880 ms).
const RECOUNT_UNITS_PER_EVENT: u64 = 8;

/// A rebuild's `O(n)` part, in events per position: the resolved states and the queue
/// laid out, the popped Wins' bitsets made, a pass over each row, and the snapshot the
/// page takes after it (n = 10^7 with a step each: rebuilds of 224 to 280 ms, 18 M
/// events' worth, and snapshots of 100 to 600 ms).
const EVENTS_PER_POSITION: u64 = 3;

/// What one seek of the animation (a jump to any step: a rebuild of the BFS's state
/// from the timeline) costs on a ring of `n` with these step sets, in events' worth of
/// work, as the stepper reckons it to choose between stepping and rebuilding
/// ([`crate::propagation::Stepper::rebuild_cost`] is this): `O(n)` to lay out the
/// resolved states and the queue, and per player the cheaper recount of its counters,
/// directly (`min(|s|, n / 64)` per state) or by convolution (a fixed `O(n log n)` that
/// follows the steps' span, see `ntt::cost`, the step set's own transform counted: the
/// first seek makes it), at [`RECOUNT_UNITS_PER_EVENT`]. It needs
/// only the game, so the page refuses a game before a long solve.
///
/// ```
/// use loopy::game::seek_cost;
/// // One step each: a direct recount, a step per position and player.
/// assert_eq!(seek_cost(24_000, &[1], &[2]), 4096 + 3 * 24_000 + 2 * 24_000 / 8);
/// ```
pub fn seek_cost(n: u32, s1: &[u32], s2: &[u32]) -> u64 {
    let n64 = n as u64;
    let recount: u64 = [s1, s2]
        .iter()
        .map(|steps| {
            let conv = ntt::cost(n as usize, steps, false).unwrap_or(u64::MAX);
            let direct = n64 * direct_per_state(n, steps.len() as u64);
            direct.min(conv)
        })
        .sum();
    4096 + EVENTS_PER_POSITION * n64 + recount / RECOUNT_UNITS_PER_EVENT
}

/// What a direct recount of a row costs per unresolved state with `k` steps (the
/// stepper counts so, `crate::propagation`'s ring): a walk of the steps, or past `n / 16`
/// of them a bitset pass of `n / 64` words.
pub(crate) fn direct_per_state(n: u32, k: u64) -> u64 {
    if k * 16 >= n as u64 {
        (n as u64).div_ceil(64)
    } else {
        k
    }
}

/// The most [`seek_cost`] of any game on a ring of `n`: both players with the costliest
/// step set. A step set's convolution depends on its span alone (`hi - lo`), and a span
/// admits up to `span + 1` steps, whose direct recount costs most just below `n / 16` of
/// them (see [`direct_per_state`]) or with all of them: so per span the costliest step set
/// has one of these two sizes, and among spans the costliest are one per transform size,
/// the widest of that size (`ntt::widest_spread`: within a size, the cost grows with the
/// span, and so does the most a direct recount may cost).
pub fn worst_seek_cost(n: u32) -> u64 {
    let n64 = n as u64;
    let nu = n as usize;
    let walk = (n64.div_ceil(16)).saturating_sub(1).max(1);
    let per_player = |spread: usize| {
        let conv = ntt::cost_of_spread(nu, spread, false).unwrap_or(u64::MAX);
        let most = spread as u64 + 1;
        let per_state = direct_per_state(n, most).max(direct_per_state(n, most.min(walk)));
        (n64 * per_state).min(conv)
    };
    let widest = nu.saturating_sub(2);
    let worst = ntt::sizes()
        .filter_map(|size| ntt::widest_spread(nu, size))
        .map(|spread| spread.min(widest))
        .chain([0, widest])
        .map(per_player)
        .max()
        .unwrap_or(0);
    4096 + EVENTS_PER_POSITION * n64 + 2 * worst / RECOUNT_UNITS_PER_EVENT
}

/// [`seek_fits`], the advice of [`GameError::TooSlowToSeek`], as a constant: the search
/// stays out of the page's module (about 1 KB of wasm, over the element's download
/// ceiling), and `crate/tests/seek_limit.rs` holds the two equal.
pub const SEEK_FITS: u32 = 1_048_577;

/// The largest ring on which every game seeks within [`MAX_SEEK`] (the advice of
/// [`GameError::TooSlowToSeek`], kept as [`SEEK_FITS`]): [`worst_seek_cost`] grows with
/// `n` (more positions per block, larger transforms, longer direct counts), so a search
/// over `n` finds it.
pub fn seek_fits() -> u32 {
    if worst_seek_cost(MAX_N) <= MAX_SEEK {
        return MAX_N;
    }
    // Within the limit at lo (a ring of 2 costs a few thousand units), over it at hi.
    let (mut lo, mut hi) = (2, MAX_N);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if worst_seek_cost(mid) <= MAX_SEEK {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// One of the two players. Player 1 owns `s1`, player 2 owns `s2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    One,
    Two,
}

impl Player {
    /// Both players, in the order the judge prints them.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for player 1, 1 for player 2: the layout of every per-state array.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// 1 or 2, as people and the judge format number them.
    #[inline]
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The player with this number (1 or 2).
    pub fn from_number(number: u8) -> Option<Player> {
        match number {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn from_index(index: usize) -> Player {
        if index == 0 {
            Player::One
        } else {
            Player::Two
        }
    }

    /// The opponent: after a move, the other player is to move.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.number())
    }
}

/// Serialised as the number 1 or 2, the way the JS API and the judge name players.
impl Serialize for Player {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

/// Why a ring game is not valid. Each message names the value and the player at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// `n < 2`: there is no position besides the hole.
    TooSmall { n: u64 },
    /// `n > MAX_N`: solving would need more memory than the program allows itself.
    TooLarge { n: u64, max: u32 },
    /// A player owns no steps, so it could never move.
    NoSteps { player: Player },
    /// A step of 0 (no move at all) or of `n` or more (not a position offset).
    StepOutOfRange { player: Player, step: u64, n: u32 },
    /// A step of 0 in a game whose `n` is itself missing or wrong ([`check_fields`]): no
    /// move at all, whatever the ring.
    ZeroStep { player: Player },
    /// The same step twice: the step sets are sets.
    RepeatedStep { player: Player, step: u32 },
    /// The game would take more than [`MAX_WORK`] units of work to solve. `fits` is
    /// what really helps at this `n` ([`steps_within_budget`]): the most steps each
    /// player may have for every such game to be solved.
    TooMuchWork {
        n: u32,
        work: u64,
        max: u64,
        fits: u64,
    },
    /// A seek of the page's animation would cost more than [`MAX_SEEK`] ([`seek_cost`]):
    /// the page's elements refuse the game before solving it (the CLI solves it). `fits`
    /// is the largest ring on which every game seeks within it ([`seek_fits`]).
    TooSlowToSeek {
        n: u32,
        cost: u64,
        max: u64,
        fits: u32,
    },
}

impl GameError {
    /// The input at fault, as the JS API names it (the error's `field`): `"n"`, or
    /// `"s1"` / `"s2"` for a player's steps.
    pub fn field(&self) -> &'static str {
        match *self {
            // Too much work is the size of the ring with these steps; n is what to shrink.
            GameError::TooSmall { .. }
            | GameError::TooLarge { .. }
            | GameError::TooMuchWork { .. }
            | GameError::TooSlowToSeek { .. } => "n",
            GameError::NoSteps { player }
            | GameError::StepOutOfRange { player, .. }
            | GameError::ZeroStep { player }
            | GameError::RepeatedStep { player, .. } => match player {
                Player::One => "s1",
                Player::Two => "s2",
            },
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameError::TooSmall { n } => write!(
                f,
                "n = {n} is too small: the ring needs the hole and at least one more position (n >= 2)"
            ),
            GameError::TooLarge { n, max } => too_large(f, &n, max),
            GameError::NoSteps { player } => {
                write!(f, "{player} has no steps: each player needs at least one")
            }
            GameError::StepOutOfRange { player, step, n } => write!(
                f,
                "{player}'s step {step} is out of range: steps go from 1 to n - 1 = {}",
                n - 1
            ),
            GameError::ZeroStep { player } => write!(
                f,
                "{player}'s step 0 is out of range: a step moves the token at least one position"
            ),
            GameError::RepeatedStep { player, step } => {
                write!(f, "{player}'s step {step} is repeated: each step may appear once")
            }
            GameError::TooMuchWork { n, work, max, fits } => write!(
                f,
                "n = {n} with these step sets would take about {} units of work to solve, \
                 more than the {} this program allows itself (the work grows as \
                 n · min(|s|, n/64)): use a smaller n, or at most {fits} steps for each \
                 player",
                billions(work),
                billions(max)
            ),
            GameError::TooSlowToSeek { n, cost, max, fits } => write!(
                f,
                "n = {n} with these step sets is too large to animate: use n of at most \
                 {fits}, where any step sets animate (each jump to a step would take about {} \
                 units of work, more than the {} this page allows itself so that a jump \
                 answers within a second; the command-line program solves this game)",
                millions(cost),
                millions(max)
            ),
        }
    }
}

impl core::error::Error for GameError {}

impl Coded for GameError {
    fn code(&self) -> &'static str {
        match self {
            GameError::TooSmall { .. } => "game.tooSmall",
            GameError::TooLarge { .. } => "game.tooLarge",
            GameError::NoSteps { .. } => "game.noSteps",
            GameError::StepOutOfRange { .. } => "game.stepOutOfRange",
            GameError::ZeroStep { .. } => "game.zeroStep",
            GameError::RepeatedStep { .. } => "game.repeatedStep",
            GameError::TooMuchWork { .. } => "game.tooMuchWork",
            GameError::TooSlowToSeek { .. } => "game.tooSlowToSeek",
        }
    }

    /// `work` and `max` also as `workBillions` / `maxBillions` (`"41.7"`, the figure the
    /// English message shows), so that no catalog divides.
    fn params(&self) -> Params {
        match *self {
            GameError::TooSmall { n } => vec![("n", n.into())],
            GameError::TooLarge { n, max } => too_large_params(n.into(), max),
            GameError::NoSteps { player } | GameError::ZeroStep { player } => {
                vec![("player", player.into())]
            }
            GameError::StepOutOfRange { player, step, n } => vec![
                ("player", player.into()),
                ("step", step.into()),
                ("n", n.into()),
                ("last", (n as u64 - 1).into()),
            ],
            GameError::RepeatedStep { player, step } => {
                vec![("player", player.into()), ("step", step.into())]
            }
            GameError::TooMuchWork { n, work, max, fits } => vec![
                ("n", n.into()),
                ("work", work.into()),
                ("workBillions", billions_figure(work).into()),
                ("max", max.into()),
                ("maxBillions", billions_figure(max).into()),
                ("fits", fits.into()),
            ],
            GameError::TooSlowToSeek { n, cost, max, fits } => vec![
                ("n", n.into()),
                ("cost", cost.into()),
                ("costMillions", millions_figure(cost).into()),
                ("max", max.into()),
                ("maxMillions", millions_figure(max).into()),
                ("fits", fits.into()),
            ],
        }
    }
}

/// The parameters of [`GameError::TooLarge`] for any spelling of `n` (see [`too_large`]).
pub(crate) fn too_large_params(n: Param, max: u32) -> Params {
    vec![
        ("n", n),
        ("max", max.into()),
        ("mb", too_large_mb(max).into()),
    ]
}

/// The text of [`GameError::TooLarge`], for any spelling of `n` (the judge parser's
/// too many digits for 64 bits, too).
pub(crate) fn too_large(f: &mut fmt::Formatter<'_>, n: &dyn fmt::Display, max: u32) -> fmt::Result {
    write!(
        f,
        "n = {n} is too large: this program allows itself at most n = {max} \
         (about {} MB of memory)",
        too_large_mb(max)
    )
}

/// The memory `n = max` positions need, in MB (rounded up).
fn too_large_mb(max: u32) -> u64 {
    (max as u64 * BYTES_PER_POSITION).div_ceil(1_000_000)
}

/// `41.7 billion`: large counts, readable in an error message. (Integer arithmetic: float
/// formatting would put about 15 KB of formatting code into the wasm build.)
fn billions(units: u64) -> String {
    format!("{} billion", billions_figure(units))
}

/// `41.7`: the figure of [`billions`], rounded to a tenth.
fn billions_figure(units: u64) -> String {
    let tenths = units.saturating_add(50_000_000) / 100_000_000;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `412 million`: a seek's cost, readable in an error message.
fn millions(units: u64) -> String {
    format!("{} million", millions_figure(units))
}

/// `412`: the figure of [`millions`], rounded to a million.
fn millions_figure(units: u64) -> String {
    units
        .saturating_add(500_000)
        .div_euclid(1_000_000)
        .to_string()
}

/// A valid ring game: `2 <= n <= MAX_N`, two non-empty sets of distinct steps in
/// `1 .. n-1`, and an estimated work within [`MAX_WORK`].
///
/// Steps are kept sorted ascending, because the BFS visits moves in that order and
/// the spec breaks ties between optimal moves by the smallest step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingGame {
    n: u32,
    steps: [Vec<u32>; 2],
}

impl RingGame {
    /// Checks a game as the spec's "Bad input" section asks.
    ///
    /// Takes `u64` so that callers (the judge parser, the JS bindings) can pass any
    /// number they read and get an error naming it, rather than a silent wrap-around.
    ///
    /// ```
    /// use loopy::{GameError, Player, RingGame};
    /// let game = RingGame::new(5, &[3, 2], &[1, 2, 3]).unwrap();
    /// assert_eq!(game.steps(Player::One), &[2, 3]);
    /// assert_eq!(
    ///     RingGame::new(5, &[2, 5], &[1]),
    ///     Err(GameError::StepOutOfRange { player: Player::One, step: 5, n: 5 })
    /// );
    /// ```
    pub fn new(n: u64, s1: &[u64], s2: &[u64]) -> Result<RingGame, GameError> {
        let n = Self::check_n(n)?;
        let s1 = Self::check_steps(Player::One, n, s1)?;
        let s2 = Self::check_steps(Player::Two, n, s2)?;
        RingGame::from_sorted(n, s1, s2)
    }

    /// A game from steps already checked (in range, no repeat, not empty) and sorted,
    /// as the judge parser reads them; only the work is left to check.
    pub(crate) fn from_sorted(n: u32, s1: Vec<u32>, s2: Vec<u32>) -> Result<RingGame, GameError> {
        debug_assert!([&s1, &s2]
            .iter()
            .all(|s| !s.is_empty() && s.windows(2).all(|w| w[0] < w[1]) && s[s.len() - 1] < n));
        let game = RingGame { n, steps: [s1, s2] };
        let work = game.estimated_work();
        if work > MAX_WORK {
            return Err(GameError::TooMuchWork {
                n,
                work,
                max: MAX_WORK,
                fits: steps_within_budget(n as u64),
            });
        }
        Ok(game)
    }

    /// [`seek_cost`] for this game.
    pub fn seek_cost(&self) -> u64 {
        seek_cost(self.n, &self.steps[0], &self.steps[1])
    }

    /// Whether the page's animation may show this game: [`GameError::TooSlowToSeek`]
    /// when a seek would cost more than [`MAX_SEEK`].
    ///
    /// ```
    /// use loopy::game::{seek_fits, GameError, RingGame};
    /// // 300 steps and the step n - 1: transforms of 2^25 points, seconds a seek.
    /// let spanning: Vec<u64> = (1..=300).chain([9_999_999]).collect();
    /// let game = RingGame::new(10_000_000, &spanning, &spanning).unwrap();
    /// assert!(matches!(game.check_seek(), Err(GameError::TooSlowToSeek { fits, .. }) if fits == seek_fits()));
    /// ```
    pub fn check_seek(&self) -> Result<(), GameError> {
        let cost = self.seek_cost();
        if cost > MAX_SEEK {
            return Err(GameError::TooSlowToSeek {
                n: self.n,
                cost,
                max: MAX_SEEK,
                fits: SEEK_FITS,
            });
        }
        Ok(())
    }

    /// [`estimate_work`] for this game.
    pub fn estimated_work(&self) -> u64 {
        let [k1, k2] = self.steps.each_ref().map(|s| s.len() as u64);
        estimate_work(self.n as u64, k1, k2)
    }

    /// Checks `n` alone: `2 <= n <= MAX_N`. The judge parser calls it before reading
    /// the step lines, whose errors only make sense once `n` is known to be sane.
    pub fn check_n(n: u64) -> Result<u32, GameError> {
        if n < 2 {
            return Err(GameError::TooSmall { n });
        }
        if n > MAX_N as u64 {
            return Err(GameError::TooLarge { n, max: MAX_N });
        }
        Ok(n as u32)
    }

    fn check_steps(player: Player, n: u32, steps: &[u64]) -> Result<Vec<u32>, GameError> {
        if steps.is_empty() {
            return Err(GameError::NoSteps { player });
        }
        // Range first, in input order, so the error names the first bad token.
        if let Some(&step) = steps.iter().find(|&&s| s == 0 || s >= n as u64) {
            return Err(GameError::StepOutOfRange { player, step, n });
        }
        let mut sorted = steps.to_vec();
        sort_u64(&mut sorted);
        if let Some(pair) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(GameError::RepeatedStep {
                player,
                step: pair[0] as u32,
            });
        }
        Ok(sorted.into_iter().map(|s| s as u32).collect())
    }

    /// The number of positions on the ring, the hole included.
    #[inline]
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The steps of `player`, ascending.
    #[inline]
    pub fn steps(&self, player: Player) -> &[u32] {
        &self.steps[player.index()]
    }

    /// Where a move of `step` from `pos` lands, without `%`: `pos + step < 2n`.
    #[inline]
    pub fn target(&self, pos: u32, step: u32) -> u32 {
        let t = pos + step;
        if t >= self.n {
            t - self.n
        } else {
            t
        }
    }

    /// The edges of the game graph: `n * (|s1| + |s2|)`, the classic algorithm's work.
    pub fn edges(&self) -> u64 {
        self.n as u64 * (self.steps[0].len() + self.steps[1].len()) as u64
    }

    /// The index of state `(player, pos)` in every per-state array of length `2n`.
    #[inline]
    pub fn state(&self, player: Player, pos: u32) -> usize {
        player.index() * self.n as usize + pos as usize
    }
}

/// The position `j - x (mod n)`, for `x != j`, without `%`: the inverse of
/// [`RingGame::target`], for walking moves backwards.
#[inline]
pub(crate) fn pred(j: u32, x: u32, n: u32) -> u32 {
    if x < j {
        j - x
    } else {
        j + n - x
    }
}

/// Every error of a game's three fields at once, each field checked on its own, for a
/// reader who must fix them all (a bad link names each wrong field with its own message,
/// not only the first). `n` is `None` when it is missing or unreadable (the caller says
/// why); a step set is `None` when the caller could not read it. Without a valid `n` the
/// steps are checked for what needs no ring: a step set that is empty, a step 0, a repeat.
/// With one, they are checked as [`RingGame::new`] checks them; the work is checked only
/// when every field is valid (it depends on all three). Empty: the game is valid.
///
/// ```
/// use loopy::game::{check_fields, GameError, Player};
/// assert_eq!(
///     check_fields(Some(5), Some(&[9]), Some(&[])),
///     [
///         GameError::StepOutOfRange { player: Player::One, step: 9, n: 5 },
///         GameError::NoSteps { player: Player::Two },
///     ]
/// );
/// ```
pub fn check_fields(n: Option<u64>, s1: Option<&[u64]>, s2: Option<&[u64]>) -> Vec<GameError> {
    let mut errors = Vec::new();
    let ring = match n.map(RingGame::check_n) {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => {
            errors.push(e);
            None
        }
        None => None,
    };
    let mut sets = [None, None];
    for (k, (player, steps)) in [(Player::One, s1), (Player::Two, s2)]
        .into_iter()
        .enumerate()
    {
        let Some(steps) = steps else { continue };
        let checked = match ring {
            Some(n) => RingGame::check_steps(player, n, steps),
            // No ring to measure against: a ring of the largest n stands in for the upper
            // bound, which is then never reached, and a step 0 gets its own words.
            None if steps.contains(&0) => Err(GameError::ZeroStep { player }),
            None => RingGame::check_steps(player, MAX_N, steps),
        };
        match checked {
            Ok(sorted) => sets[k] = Some(sorted),
            Err(e) => errors.push(e),
        }
    }
    if let (Some(n), [Some(s1), Some(s2)]) = (ring, sets) {
        if let Err(e) = RingGame::from_sorted(n, s1, s2) {
            errors.push(e);
        }
    }
    errors
}

/// The valid game nearest to what was asked, for a reader whose link is wrong: `n`
/// brought within `2 ..= MAX_N` (missing: the smallest ring that holds every step given,
/// at least 2), each player's steps that fit that ring, once each, and a set left empty
/// given the step 1. A game too much work to solve has its ring halved until it is not.
///
/// ```
/// use loopy::game::{nearest_game, Player};
/// let g = nearest_game(Some(1), &[0], &[1]);
/// assert_eq!((g.n(), g.steps(Player::One), g.steps(Player::Two)), (2, &[1][..], &[1][..]));
/// let g = nearest_game(Some(5), &[9, 2, 2], &[]);
/// assert_eq!((g.n(), g.steps(Player::One), g.steps(Player::Two)), (5, &[2][..], &[1][..]));
/// ```
pub fn nearest_game(n: Option<u64>, s1: &[u64], s2: &[u64]) -> RingGame {
    let largest = s1.iter().chain(s2).copied().max().unwrap_or(0);
    let mut n = n
        .unwrap_or(largest.saturating_add(1))
        .clamp(2, MAX_N as u64) as u32;
    loop {
        let fit = |steps: &[u64]| {
            // Sorted as u64 by `sort_u64`, as `check_steps` does: the one sort each wasm
            // build has (the why module, which says a wrong game's errors, has no other).
            let mut kept: Vec<u64> = steps
                .iter()
                .copied()
                .filter(|&s| s >= 1 && s < n as u64)
                .collect();
            sort_u64(&mut kept);
            kept.dedup();
            if kept.is_empty() {
                kept.push(1);
            }
            kept.into_iter().map(|s| s as u32).collect()
        };
        match RingGame::from_sorted(n, fit(s1), fit(s2)) {
            Ok(game) => return game,
            // Only the work can fail here, and a ring of 2 is one step each: always within it.
            Err(_) => n = (n / 2).max(2),
        }
    }
}

/// Sorts `v` ascending: the solver's new Lose states into step order, a step set, a
/// stepper's touched states. Every caller sorts distinct values or deduplicates after, so
/// an unstable sort is all they need; only u64s, as each sorted type would cost the wasm
/// build its own copy of the sort.
///
/// Natively, `sort_unstable` (the solver's hot path: a dense game's Win pops make long
/// lists, and the families bench saw the heapsort below up to 1.5 times as slow there).
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::ptr_arg)] // the wasm build's signature: its heap takes the Vec
pub(crate) fn sort_u64(v: &mut Vec<u64>) {
    v.sort_unstable();
}

/// In the wasm build, the standard library's heapsort (`BinaryHeap`), in place and in
/// O(len log len): `sort_unstable`'s quicksort costs the module about 4 KB of code (1.8 KB
/// gzipped, in the ring element's first download), against a few hundred bytes. The price:
/// `tests/bench/wasm.mjs` solves the densest families (many Lose states a pop) up to about
/// twice as slowly (n = 7000: 3 ms rather than 2); sparse games and the n = 10^6 scale
/// cases alike. Back to `v.sort_unstable()` here if a dense solve's time matters more.
#[cfg(target_arch = "wasm32")]
pub(crate) fn sort_u64(v: &mut Vec<u64>) {
    *v = alloc::collections::BinaryHeap::from(core::mem::take(v)).into_sorted_vec();
}
