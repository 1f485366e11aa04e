//! How large a convolution's transform is for a ring and a step set, whether it fits the
//! memory the convolutions may hold, and what it costs: what a seek weighs before it
//! chooses a convolution over a direct count.

use super::field::MAX_LOG;
use super::transform::{BUTTERFLY, TILE};

/// The most memory the convolutions hold at once, in bytes: the arrays of the transform
/// under way and those kept for the next seek (see [`Convolution::run`]). Two arrays of
/// `2^25` points (the largest ring, n = 10^7, with a step set spanning it) are 256 MiB, so
/// every ring the limits admit may convolve; a step set's transform is kept between seeks
/// only while three arrays fit (its own, the other player's kept one and the marked
/// positions' under way): up to `2^24` points (rings up to `2^23` positions, or wider ones
/// whose steps span less), a peak of 192 MiB. Past that each seek transforms the step
/// set again (half as much work again) rather than hold 384 MiB, and a convolution that
/// would pass the budget with the other player's kept transform lets go of that one. A
/// ring whose two arrays would not fit at all is counted directly (none today: the guard
/// is for a larger `MAX_N`).
pub const MAX_BYTES: u64 = 256 << 20;

/// The transform's size for a ring of `n` and steps spanning `lo ..= hi`: the power of
/// two at or above `n + hi - lo` (`2n - 2` at most: the whole ring in one block), or, when
/// that is less, at or above `8 (hi - lo + 1)` (and at least a [`TILE`]): blocks of which
/// each gives at least 7/8 of its points' counts, at a fraction of the work (`L log L`
/// per `L - (hi - lo)` positions instead of `N log N` per `n`) and in the cache. `None`
/// past `2^27` points.
pub(super) fn size_for(n: usize, lo: usize, hi: usize) -> Option<usize> {
    let spread = hi.saturating_sub(lo);
    let whole = (n + spread).max(2).next_power_of_two();
    let block = (8 * (spread + 1)).max(TILE).next_power_of_two();
    let size = whole.min(block);
    (size <= 1 << MAX_LOG).then_some(size)
}

/// The smallest and largest step (`(1, 1)` for none).
pub(super) fn span(steps: &[u32]) -> (usize, usize) {
    let lo = steps.iter().copied().min().unwrap_or(1) as usize;
    let hi = steps.iter().copied().max().unwrap_or(1) as usize;
    (lo, hi)
}

/// The transform's size for a ring of `n` and this step set (see [`size_for`]), when the
/// convolution fits [`MAX_BYTES`].
pub(crate) fn size(n: usize, steps: &[u32]) -> Option<usize> {
    let (lo, hi) = span(steps);
    size_for(n, lo, hi).filter(|&s| 2 * 4 * s as u64 <= MAX_BYTES)
}

/// Whether a step set's transform of `size` points is kept between seeks (see
/// [`MAX_BYTES`]).
pub(super) fn keeps(size: usize) -> bool {
    3 * 4 * size as u64 <= MAX_BYTES
}

/// What a [`Convolution`] costs on a ring of `n`, in the units of a direct count (about
/// a nanosecond each): per block two transforms of `L log L / 2` butterflies and a few
/// passes over its `L` points, and the step set's transform when it is not kept yet
/// (`kept` false).
pub(crate) fn cost(n: usize, steps: &[u32], kept: bool) -> Option<u64> {
    let (lo, hi) = span(steps);
    cost_of_spread(n, hi - lo, kept)
}

/// [`cost`] for any step set whose steps span `spread = hi - lo` (it depends on nothing
/// else): what the seek limit ([`crate::game::worst_seek_cost`]) maximises over.
pub(crate) fn cost_of_spread(n: usize, spread: usize, kept: bool) -> Option<u64> {
    let s = size_for(n, 0, spread).filter(|&s| 2 * 4 * s as u64 <= MAX_BYTES)? as u64;
    let blocks = (n as u64).div_ceil(s - spread as u64);
    let transform = BUTTERFLY * s / 2 * s.trailing_zeros() as u64 + s;
    let steps = if kept { 0 } else { transform };
    Some(blocks * (2 * transform + s) + steps + n as u64)
}

/// The widest spread of steps whose transform has at most `size` points on a ring of
/// `n` (see [`size_for`]: one block of `n + spread` points, or blocks of `8 (spread + 1)`
/// points, and at least a [`TILE`]), `None` when even a single step needs more. Within
/// one size, [`cost_of_spread`] grows with the spread (more blocks): so the costliest step
/// sets of a ring are among these spreads, one per power of two.
pub(crate) fn widest_spread(n: usize, size: usize) -> Option<usize> {
    let whole = size.checked_sub(n).filter(|_| n.max(2) <= size);
    let block = (size >= TILE).then(|| size / 8 - 1);
    whole.max(block)
}

/// The transform sizes [`cost_of_spread`] may use: the powers of two up to `2^27`.
pub(crate) fn sizes() -> impl Iterator<Item = usize> {
    (0..=MAX_LOG).map(|k| 1usize << k)
}
