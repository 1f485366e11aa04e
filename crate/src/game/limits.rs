//! The limits of what the program solves and what the page animates: the largest ring,
//! the solver's work and the animation's seek cost, estimated from the game alone so
//! that a game beyond them is refused before any work.

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
/// estimated above this budget are refused with [`GameError::TooMuchWork`](super::GameError::TooMuchWork) rather
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
/// This is the advice of [`GameError::TooMuchWork`](super::GameError::TooMuchWork), and "fewer steps" alone would
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
/// games above it are refused by the page's elements with [`GameError::TooSlowToSeek`](super::GameError::TooSlowToSeek)
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

/// [`seek_fits`], the advice of [`GameError::TooSlowToSeek`](super::GameError::TooSlowToSeek), as a constant: the search
/// stays out of the page's module (about 1 KB of wasm, over the element's download
/// ceiling), and `crate/tests/seek_limit.rs` holds the two equal.
pub const SEEK_FITS: u32 = 1_048_577;

/// The largest ring on which every game seeks within [`MAX_SEEK`] (the advice of
/// [`GameError::TooSlowToSeek`](super::GameError::TooSlowToSeek), kept as [`SEEK_FITS`]): [`worst_seek_cost`] grows with
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
