//! The validated ring game: [`RingGame`], its positions, steps and states.

use alloc::vec::Vec;

use super::error::GameError;
use super::limits::{
    estimate_work, seek_cost, steps_within_budget, MAX_N, MAX_SEEK, MAX_WORK, SEEK_FITS,
};
use super::player::Player;

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

    pub(super) fn check_steps(
        player: Player,
        n: u32,
        steps: &[u64],
    ) -> Result<Vec<u32>, GameError> {
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
