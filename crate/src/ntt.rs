//! Cyclic counting by convolution: for every position `i` of a ring of `n`, how many
//! steps `x` of a set lead from `i` to a marked position (`i + x mod n`). Done directly
//! this costs a pass over the steps (or a bitset pass) per position, `n · min(k, n / 64)`
//! in all; as a convolution, number-theoretic transforms of `O(n log n)` in all whatever
//! the step set: one block of the power of two at or above `n + hi - lo` (`2n` at worst),
//! or blocks of a few times the step set's span `hi - lo` when that is less (see
//! [`size_for`]). The stepper's rebuild (a seek) recounts its counters this way
//! when that is cheaper, a budget of work at a time ([`Convolution::run`]), so that a
//! worker answers a Cancel or a newer load between two slices of even the largest ring's.
//!
//! The transform is exact integer arithmetic modulo the prime `2013265921 = 15 · 2^27 + 1`
//! (counts are below `n < P`, so nothing wraps), with Montgomery multiplication: no
//! division and no floating point, so no rounding argument is needed. `2^27` points reach
//! past every ring the limits admit (`MAX_N = 10^7` needs `2^25` at most); the previous
//! prime, `119 · 2^23 + 1`, stopped at rings of `2^22`. It is a few dozen lines, which is
//! why it is written here rather than taken from a crate: the FFT libraries are floating
//! point and many times the size of the whole module.

use alloc::vec::Vec;

/// The prime: `2^27` divides `P - 1`, so transforms up to `2^27` points exist. It is
/// below `2^31`, which the Montgomery arithmetic needs (see [`reduce`] and [`add`]).
const P: u32 = 2_013_265_921;
/// A generator of the multiplicative group modulo `P` (`P - 1 = 2^27 · 3 · 5`: the tests
/// check that no `G^((P - 1) / q)` is 1).
const G: u32 = 31;
/// The largest transform: `2^27` points.
const MAX_LOG: u32 = 27;

// The bounds the arithmetic relies on, checked when it compiles: `a + b` of two residues
// fits a `u32` (see [`add`]), and so does `P · 2^32 + (2^32 - 1) · P`, the most
// [`reduce`] adds up, a `u64`.
const _: () = assert!(P < 1 << 31);
const _: () = assert!(((P - 1) as u64)
    .pow(2)
    .checked_add(u32::MAX as u64 * P as u64)
    .is_some());

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

/// Butterflies done with one set of twiddles, per block of a stage: the twiddles are made
/// a chunk at a time (a few KB instead of a table of `N / 2`, 64 MB at `2^25` points), and
/// a chunk of every block of the stage is done before the next chunk's twiddles.
const CHUNK: usize = 2048;
/// Units of work (about a nanosecond natively, the units of a direct count) per butterfly.
const BUTTERFLY: u64 = 3;

/// `-P^{-1} mod 2^32`, for Montgomery reduction (Newton's iteration for the inverse:
/// correct to 3 bits at the start, doubling each round).
const NEG_INV: u32 = {
    let mut inv: u32 = P;
    let mut k = 0;
    while k < 5 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(P.wrapping_mul(inv)));
        k += 1;
    }
    inv.wrapping_neg()
};
/// `2^64 mod P`: multiplying by it puts a number into Montgomery form.
const R2: u32 = ((1u128 << 64) % P as u128) as u32;

/// `t · 2^-32 mod P`, for `t < P · 2^32` (a product of two numbers below `P`). The sum
/// `t + m · P` is below `P · 2^32 + 2^32 · P = 2P · 2^32 < 2^64` because `P < 2^31`, so it
/// does not wrap; shifted, it is below `2P`, which one subtraction brings below `P`.
#[inline(always)]
fn reduce(t: u64) -> u32 {
    let m = (t as u32).wrapping_mul(NEG_INV);
    let u = ((t + m as u64 * P as u64) >> 32) as u32;
    if u >= P {
        u - P
    } else {
        u
    }
}

/// `a · b · 2^-32 mod P`: with one factor in Montgomery form, the plain product.
#[inline(always)]
fn mul(a: u32, b: u32) -> u32 {
    reduce(a as u64 * b as u64)
}

/// `a + b mod P` for `a, b < P`: the sum is below `2P < 2^32`, so it does not wrap.
#[inline(always)]
fn add(a: u32, b: u32) -> u32 {
    let s = a + b;
    if s >= P {
        s - P
    } else {
        s
    }
}

/// `a - b mod P` for `a, b < P` (`a + P < 2^32`).
#[inline(always)]
fn sub(a: u32, b: u32) -> u32 {
    if a >= b {
        a - b
    } else {
        a + P - b
    }
}

/// `a` in Montgomery form.
fn mont(a: u32) -> u32 {
    mul(a, R2)
}

/// `base^e mod P` (plain form).
fn pow(base: u32, mut e: u32) -> u32 {
    let (mut b, mut r) = (mont(base), mont(1));
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, b);
        }
        b = mul(b, b);
        e >>= 1;
    }
    reduce(r as u64)
}

/// Points of a tile: the stages whose blocks are at most this long are done a tile at a
/// time, all of them while the tile (16 KB) is in the processor's cache, rather than one
/// pass over the whole array per stage (12 of the 23 stages at `2^23` points).
const TILE: usize = 1 << 12;

/// The butterflies of one chunk of one block: `lo[j]` with `hi[j]` and twiddle `tw[j]`.
#[inline(always)]
fn butterflies(lo: &mut [u32], hi: &mut [u32], tw: &[u32], inverse: bool) {
    if inverse {
        for ((x, y), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(tw) {
            let (u, v) = (*x, mul(*y, w));
            *x = add(u, v);
            *y = sub(u, v);
        }
    } else {
        for ((x, y), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(tw) {
            let (u, v) = (*x, *y);
            *x = add(u, v);
            *y = mul(sub(u, v), w);
        }
    }
}

/// `w^j0 .. w^(j0 + width - 1)` into `out` (appended), `w` the root of unity of order
/// `2 · half` (its inverse if `inverse`), in Montgomery form.
fn twiddles(half: usize, j0: usize, width: usize, inverse: bool, out: &mut Vec<u32>) {
    let mut w = pow(G, (P - 1) / (2 * half) as u32);
    if inverse {
        w = pow(w, P - 2);
    }
    let mut x = mont(pow(w, j0 as u32));
    let w = mont(w);
    for _ in 0..width {
        out.push(x);
        x = mul(x, w);
    }
}

/// Where a transform of `N` points is, between two slices. Forward: decimation in
/// frequency, natural order in, bit-reversed out, stages from `N / 2` down to 1. Inverse
/// (without its `1 / N`): decimation in time, bit-reversed in, natural out, stages from 1
/// up to `N / 2`. The stages with blocks longer than a [`TILE`] go over the whole array one
/// at a time, a chunk of butterflies of every block at a time; the others are done a tile
/// at a time (last when forward, first when inverse).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pass {
    inverse: bool,
    /// In the tiles (`block` is then the next tile).
    tiles: bool,
    /// The long stage under way, by the half-length of its blocks (forward: 0 once done;
    /// inverse: the next long stage once the tiles are done, `N` once all are).
    half: usize,
    chunk: usize,
    block: usize,
}

impl Pass {
    fn new(size: usize, inverse: bool) -> Pass {
        let tile = TILE.min(size);
        Pass {
            inverse,
            tiles: inverse || size / 2 < tile,
            half: if inverse { tile } else { size / 2 },
            chunk: 0,
            block: 0,
        }
    }

    fn done(&self, size: usize) -> bool {
        !self.tiles && (self.half == 0 || self.half >= size)
    }

    /// About `budget` units of the transform of `a` (at least one chunk of one block, or
    /// one tile): whether it is done, and the units spent.
    fn run(&mut self, a: &mut [u32], budget: u64) -> (bool, u64) {
        let size = a.len();
        let tile = TILE.min(size);
        let mut spent = 0u64;
        let mut tw = Vec::with_capacity(CHUNK.min(size / 2));
        // The tiles' twiddles, stage by stage: those of half-length h at h - 1 .. 2h - 1.
        let mut tile_tw = Vec::new();
        loop {
            if self.done(size) {
                return (true, spent);
            }
            if spent >= budget {
                return (false, spent);
            }
            if self.tiles {
                if tile_tw.is_empty() {
                    let mut h = 1;
                    while h < tile {
                        twiddles(h, 0, h, self.inverse, &mut tile_tw);
                        h *= 2;
                    }
                    spent += tile as u64 + 64 * tile.trailing_zeros() as u64;
                }
                let per_tile = BUTTERFLY * (tile / 2 * tile.trailing_zeros() as usize) as u64;
                let fit = (budget.saturating_sub(spent) / per_tile.max(1)).max(1);
                let tiles = size / tile;
                let end = (self.block as u64 + fit).min(tiles as u64) as usize;
                for t in a[self.block * tile..end * tile].chunks_exact_mut(tile) {
                    let mut h = if self.inverse { 1 } else { tile / 2 };
                    while h >= 1 && h < tile {
                        let tw = &tile_tw[h - 1..2 * h - 1];
                        for blk in t.chunks_exact_mut(2 * h) {
                            let (lo, hi) = blk.split_at_mut(h);
                            if h == 1 {
                                // The twiddle is 1.
                                let (u, v) = (lo[0], hi[0]);
                                lo[0] = add(u, v);
                                hi[0] = sub(u, v);
                            } else {
                                butterflies(lo, hi, tw, self.inverse);
                            }
                        }
                        h = if self.inverse { h * 2 } else { h / 2 };
                    }
                }
                spent += per_tile * (end - self.block) as u64;
                self.block = end;
                if end == tiles {
                    self.block = 0;
                    self.tiles = false;
                    if !self.inverse {
                        self.half = 0;
                    }
                }
                continue;
            }
            let (half, j0) = (self.half, self.chunk);
            let width = CHUNK.min(half - j0);
            tw.clear();
            twiddles(half, j0, width, self.inverse, &mut tw);
            spent += width as u64 + 64;
            let blocks = size / (2 * half);
            let fit = (budget.saturating_sub(spent) / (BUTTERFLY * width as u64)).max(1);
            let end = (self.block as u64 + fit).min(blocks as u64) as usize;
            for b in self.block..end {
                let base = b * 2 * half + j0;
                let (lo, hi) = a[base..base + half + width].split_at_mut(half);
                butterflies(&mut lo[..width], hi, &tw, self.inverse);
            }
            spent += BUTTERFLY * width as u64 * (end - self.block) as u64;
            self.block = end;
            if end == blocks {
                self.block = 0;
                self.chunk += width;
                if self.chunk == half {
                    self.chunk = 0;
                    if self.inverse {
                        self.half = half * 2;
                    } else {
                        self.half = half / 2;
                        // The stages left fit a tile.
                        self.tiles = self.half < tile;
                    }
                }
            }
        }
    }
}

/// The transform's size for a ring of `n` and steps spanning `lo ..= hi`: the power of
/// two at or above `n + hi - lo` (`2n - 2` at most: the whole ring in one block), or, when
/// that is less, at or above `8 (hi - lo + 1)` (and at least a [`TILE`]): blocks of which
/// each gives at least 7/8 of its points' counts, at a fraction of the work (`L log L`
/// per `L - (hi - lo)` positions instead of `N log N` per `n`) and in the cache. `None`
/// past `2^27` points.
fn size_for(n: usize, lo: usize, hi: usize) -> Option<usize> {
    let spread = hi.saturating_sub(lo);
    let whole = (n + spread).max(2).next_power_of_two();
    let block = (8 * (spread + 1)).max(TILE).next_power_of_two();
    let size = whole.min(block);
    (size <= 1 << MAX_LOG).then_some(size)
}

/// The smallest and largest step (`(1, 1)` for none).
fn span(steps: &[u32]) -> (usize, usize) {
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
fn keeps(size: usize) -> bool {
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

/// Where a [`Convolution`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// Laying out the step set: zeros up to the size, then the steps.
    StepsFill {
        t: usize,
    },
    /// Its transform.
    Steps(Pass),
    /// The block's marked positions read (from `lo + start` on), then zeros up to the size.
    Fill {
        t: usize,
    },
    /// Their transform.
    Marked(Pass),
    /// The two multiplied, point by point, up to `t`.
    Product {
        t: usize,
    },
    /// The inverse transform of the product.
    Inverse(Pass),
    /// The block's counts handed out, up to position `i`.
    Out {
        i: usize,
    },
    Done,
}

/// One convolution a budget at a time: for every position `i` of a ring of `n`, how many
/// steps `x` have `marked(i + x)`. The correlation of the step set with the marked
/// positions read from the smallest step `lo` on, `D[t] = marked(lo + t)` for `t` below
/// `n + hi - lo`: with `R[-u mod L] = 1` for each step `lo + u`, the cyclic convolution of
/// `R` with the `L` points of `D` from `start` on is `Σ_u D[start + j + u]` at `j`, right
/// (no index wraps) for `j < L - (hi - lo)`: a block of positions. Blocks from `start = 0`
/// on cover the ring (one block when `L` reaches `n + hi - lo`; see [`size_for`]).
///
/// The step set's transform is built once and kept (by the caller, in `kept`) when it fits
/// (see [`MAX_BYTES`]); otherwise it lives in the job and goes with it.
#[derive(Clone, Debug)]
pub(crate) struct Convolution {
    n: usize,
    lo: usize,
    /// `n + hi - lo`: the marked positions read.
    len: usize,
    /// The first position of the block under way.
    start: usize,
    /// The step set's transform, while it is built or when it is not kept.
    steps: Vec<u32>,
    /// The marked positions, their transform, the product, the counts (times a scale).
    b: Vec<u32>,
    stage: Stage,
}

impl Convolution {
    /// A convolution for a ring of `n` (`steps` in `1 .. n`), using the step set's
    /// transform in `kept` if there is one; `None` when it would not fit [`MAX_BYTES`].
    /// `other` is the other step set's kept transform, let go of when the two together
    /// would pass [`MAX_BYTES`] (then it is made again at its next convolution).
    pub(crate) fn new(
        n: usize,
        steps: &[u32],
        kept: &Option<Vec<u32>>,
        other: &mut Option<Vec<u32>>,
    ) -> Option<Convolution> {
        let size = size(n, steps)?;
        let held = other.as_ref().map_or(0, |o| 4 * o.len() as u64);
        if 2 * 4 * size as u64 + held > MAX_BYTES {
            *other = None;
        }
        let (lo, hi) = span(steps);
        let have = kept.as_ref().is_some_and(|k| k.len() == size);
        Some(Convolution {
            n,
            lo,
            len: n + hi - lo,
            start: 0,
            steps: Vec::new(),
            b: Vec::new(),
            stage: if have {
                Stage::Fill { t: 0 }
            } else {
                Stage::StepsFill { t: 0 }
            },
        })
    }

    /// The transform's size.
    fn size(&self) -> usize {
        size_for(self.n, self.lo, self.lo + self.len - self.n).unwrap_or(0)
    }

    /// About `budget` units of the convolution (at least a little: called often enough it
    /// ends): whether it is done, and the units spent. `steps` and `kept` are those given
    /// to [`Convolution::new`]; `marked(k)` says whether position `k mod n` is marked, for
    /// `k` in `0 .. 2n`; `out(i, count)` is called once for each position `i` in `0 .. n`,
    /// in order, in the last slices.
    pub(crate) fn run(
        &mut self,
        steps: &[u32],
        kept: &mut Option<Vec<u32>>,
        marked: impl Fn(usize) -> bool,
        mut out: impl FnMut(usize, u32),
        budget: u64,
    ) -> (bool, u64) {
        let size = self.size();
        let mut spent = 0u64;
        // A run of `end - t` points at most, at least one, about what the budget leaves.
        let run = |spent: u64, t: usize, end: usize| -> usize {
            (t as u64)
                .saturating_add(budget.saturating_sub(spent).max(1))
                .min(end as u64) as usize
        };
        loop {
            if self.stage == Stage::Done {
                return (true, spent);
            }
            if spent >= budget {
                return (false, spent);
            }
            match &mut self.stage {
                Stage::StepsFill { t } => {
                    // Zeros first (a slice at a time: 128 MB at 2^25 points), then one
                    // point per step.
                    let fill = size + steps.len();
                    let end = run(spent, *t, fill);
                    if *t < size {
                        let zeros = end.min(size);
                        self.steps.reserve_exact(size - self.steps.len());
                        self.steps.resize(zeros, 0);
                    }
                    let (from, to) = ((*t).max(size) - size, end.max(size) - size);
                    for &x in &steps[from..to] {
                        self.steps[(size - (x as usize - self.lo)) % size] = 1;
                    }
                    spent += (end - *t) as u64;
                    *t = end;
                    if end == fill {
                        self.stage = Stage::Steps(Pass::new(size, false));
                    }
                }
                Stage::Steps(pass) => {
                    let (done, used) = pass.run(&mut self.steps, budget.saturating_sub(spent));
                    spent += used;
                    if done {
                        if keeps(size) {
                            *kept = Some(core::mem::take(&mut self.steps));
                        }
                        self.stage = Stage::Fill { t: 0 };
                    }
                }
                Stage::Fill { t } => {
                    let end = run(spent, *t, size);
                    self.b.reserve_exact(size - self.b.len());
                    let (from, len) = (self.lo + self.start, self.len - self.start);
                    self.b
                        .extend((*t..end).map(|t| (t < len && marked(from + t)) as u32));
                    spent += (end - *t) as u64;
                    *t = end;
                    if end == size {
                        self.stage = Stage::Marked(Pass::new(size, false));
                    }
                }
                Stage::Marked(pass) => {
                    let (done, used) = pass.run(&mut self.b, budget.saturating_sub(spent));
                    spent += used;
                    if done {
                        self.stage = Stage::Product { t: 0 };
                    }
                }
                Stage::Product { t } => {
                    let end = run(spent, *t, size);
                    // The step set's transform: the job's own, or the kept one.
                    let r = if self.steps.len() == size {
                        &self.steps[..]
                    } else {
                        kept.as_deref().unwrap_or(&[])
                    };
                    for (x, &y) in self.b[*t..end].iter_mut().zip(&r[*t..end]) {
                        *x = mul(*x, y);
                    }
                    spent += (end - *t) as u64;
                    *t = end;
                    if end == size {
                        self.stage = Stage::Inverse(Pass::new(size, true));
                    }
                }
                Stage::Inverse(pass) => {
                    let (done, used) = pass.run(&mut self.b, budget.saturating_sub(spent));
                    spent += used;
                    if done {
                        self.stage = Stage::Out { i: self.start };
                    }
                }
                Stage::Out { i } => {
                    // Each product carried a factor 2^-32 (Montgomery), and the inverse a
                    // factor N: one multiplication by 2^64 / N (in Montgomery form: times
                    // 2^64 / N · 2^-32 each time, twice) undoes both.
                    let scale = mont(mont(pow(size as u32, P - 2)));
                    // This block's positions: all but the last `hi - lo` points.
                    let last = (self.start + size - (self.len - self.n)).min(self.n);
                    let end = run(spent, *i, last);
                    let from = *i - self.start;
                    for (k, &v) in self.b[from..from + end - *i].iter().enumerate() {
                        out(*i + k, mul(v, scale));
                    }
                    spent += (end - *i) as u64 + 64;
                    *i = end;
                    if end == self.n {
                        self.b = Vec::new();
                        self.steps = Vec::new();
                        self.stage = Stage::Done;
                    } else if end == last {
                        self.start = last;
                        self.b.clear();
                        self.stage = Stage::Fill { t: 0 };
                    }
                }
                Stage::Done => {}
            }
        }
    }
}

/// For every `i` in `0 .. n`: how many `x` in `steps` (all in `1 .. n`) have
/// `marked(i + x mod n)`, by a [`Convolution`] run in slices of `budget` units. `None`
/// when it would not fit [`MAX_BYTES`].
#[cfg(test)]
pub(crate) fn counts(
    n: usize,
    steps: &[u32],
    marked: impl Fn(usize) -> bool,
    kept: &mut Option<Vec<u32>>,
    budget: u64,
) -> Option<Vec<u32>> {
    let mut job = Convolution::new(n, steps, kept, &mut None)?;
    let mut got = vec![u32::MAX; n];
    let mut slices = 0u64;
    loop {
        let (done, _) = job.run(steps, kept, |k| marked(k % n), |i, c| got[i] = c, budget);
        slices += 1;
        if done {
            break;
        }
        assert!(slices < 1 << 32, "the convolution never ends");
    }
    Some(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, m: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % m
        }
    }

    /// The oracle: a walk of the steps per position.
    fn direct(n: usize, steps: &[u32], marked: &[bool]) -> Vec<u32> {
        (0..n)
            .map(|i| {
                steps
                    .iter()
                    .filter(|&&x| marked[(i + x as usize) % n])
                    .count() as u32
            })
            .collect()
    }

    #[test]
    fn counts_match_a_direct_count_on_small_rings() {
        let mut rng = Rng(0x9e3779b97f4a7c15);
        for n in [2usize, 3, 5, 8, 64, 100, 257, 1000, 4099] {
            for _ in 0..5 {
                let density = 1 + rng.below(6);
                let steps: Vec<u32> = (1..n as u32).filter(|_| rng.below(density) == 0).collect();
                let marked: Vec<bool> = (0..n).map(|_| rng.below(2) == 0).collect();
                let want = direct(n, &steps, &marked);
                let got = counts(n, &steps, |t| marked[t], &mut None, u64::MAX).unwrap();
                assert_eq!(got, want, "n = {n}, steps {steps:?}");
            }
        }
    }

    #[test]
    fn counts_in_slices_of_any_budget_match_the_one_shot_count() {
        // Budgets of one unit (a chunk of one block a call), small and huge, with the
        // step set's transform made in the job and kept from an earlier run.
        let mut rng = Rng(77);
        for n in [2usize, 7, 300, 5000] {
            let steps: Vec<u32> = (1..n as u32).filter(|_| rng.below(3) == 0).collect();
            let steps = if steps.is_empty() { vec![1] } else { steps };
            let marked: Vec<bool> = (0..n).map(|_| rng.below(2) == 0).collect();
            let mut kept = None;
            let one_shot = counts(n, &steps, |t| marked[t], &mut kept, u64::MAX).unwrap();
            assert!(kept.is_some(), "the step set's transform is kept");
            for budget in [1, 2, 50, 3000, 1 << 40] {
                let cold = counts(n, &steps, |t| marked[t], &mut None, budget).unwrap();
                assert_eq!(cold, one_shot, "n = {n}, budget {budget}, made in the job");
                let warm = counts(n, &steps, |t| marked[t], &mut kept, budget).unwrap();
                assert_eq!(warm, one_shot, "n = {n}, budget {budget}, kept");
            }
            assert_eq!(one_shot, direct(n, &steps, &marked));
        }
    }

    #[test]
    fn counts_in_blocks_match_a_direct_count() {
        // Step sets spanning little of the ring: blocks of at least a tile, from one block
        // and a bit to many, in slices of any budget, with the transform kept and not.
        let mut rng = Rng(31);
        for (n, spread) in [
            (4100usize, 3usize),
            (9000, 500),
            (70_000, 40),
            (100_000, 3000),
        ] {
            let lo = 1 + rng.below((n - spread - 1) as u64) as u32;
            let steps: Vec<u32> = (lo..=lo + spread as u32)
                .filter(|&x| x == lo || x == lo + spread as u32 || rng.below(4) == 0)
                .collect();
            let marked: Vec<bool> = (0..n).map(|_| rng.below(2) == 0).collect();
            let want = direct(n, &steps, &marked);
            let blocks = n.div_ceil(size(n, &steps).unwrap() - spread);
            assert!(blocks > 1, "n = {n}: {blocks} block");
            let mut kept = None;
            for budget in [u64::MAX, 1000, 77_777] {
                let got = counts(n, &steps, |t| marked[t], &mut kept, budget).unwrap();
                assert_eq!(got, want, "n = {n}, budget {budget}");
            }
            let got = counts(n, &steps, |t| marked[t], &mut None, 1).unwrap();
            assert_eq!(got, want, "n = {n}, budget 1");
        }
    }

    #[test]
    fn a_pass_in_slices_is_the_pass_in_one_go() {
        // The resumable transform, stage by stage, chunk by chunk, against itself in one
        // call, both ways, across chunk boundaries (2^13 points: chunks of 2048).
        let mut rng = Rng(5);
        let size = 1 << 13;
        let a: Vec<u32> = (0..size).map(|_| rng.below(P as u64) as u32).collect();
        for inverse in [false, true] {
            let mut whole = a.clone();
            assert!(Pass::new(size, inverse).run(&mut whole, u64::MAX).0);
            for budget in [1, 100, 7000] {
                let mut sliced = a.clone();
                let mut pass = Pass::new(size, inverse);
                let mut calls = 0;
                while !pass.run(&mut sliced, budget).0 {
                    calls += 1;
                }
                assert!(calls > 0);
                assert_eq!(sliced, whole, "inverse {inverse}, budget {budget}");
            }
            // Forward then inverse is N times the identity.
            let mut back = whole.clone();
            let other = !inverse;
            assert!(Pass::new(size, other).run(&mut back, u64::MAX).0);
            if !inverse {
                let n_inv = pow(size as u32, P - 2);
                let scale = mont(n_inv);
                assert!(back.iter().zip(&a).all(|(&x, &y)| mul(x, scale) == y));
            }
        }
    }

    #[test]
    fn counts_past_2_pow_23_points_match_a_direct_count() {
        // A ring just past 2^22 positions with steps spanning nearly all of it: 2^24
        // points, past the previous prime's largest transform (2^23).
        let n = (1 << 22) + 3;
        let steps = [1, 2, 5, 1000, n as u32 - 7, n as u32 - 1];
        assert_eq!(size(n, &steps), Some(1 << 24));
        let mut rng = Rng(99);
        let marked: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
        let got = counts(n, &steps, |t| marked[t], &mut None, u64::MAX).unwrap();
        assert_eq!(got, direct(n, &steps, &marked));
    }

    #[test]
    fn every_ring_the_limits_admit_convolves_within_the_memory_budget() {
        let n = crate::game::MAX_N as usize;
        let wide = [1, n as u32 - 1];
        assert_eq!(size(n, &wide), Some(1 << 25));
        assert!(
            !keeps(1 << 25),
            "2^25 points: not kept (three arrays pass MAX_BYTES)"
        );
        assert!(keeps(1 << 24));
        // A narrow step set on the same ring: blocks of at least 8 times its span.
        assert_eq!(size(n, &[1, 2, 3000]), Some(1 << 15));
        assert_eq!(size(1 << 22, &[1, 2]), Some(TILE));
        assert_eq!(size(5000, &[1, 2, 3000]), Some(1 << 13));
        assert!(cost(n, &wide, true) < cost(n, &wide, false));
    }

    #[test]
    fn montgomery_constants_hold() {
        assert_eq!(P.wrapping_mul(NEG_INV.wrapping_neg()), 1);
        assert_eq!(reduce(mont(12345) as u64), 12345);
        assert_eq!(mul(mont(P - 1), P - 1), 1);
        assert_eq!(add(P - 1, P - 1), P - 2);
        assert_eq!(sub(0, P - 1), 1);
        // G generates the group: P - 1 = 2^27 · 3 · 5.
        assert_eq!(P - 1, (1 << 27) * 15);
        for q in [2, 3, 5] {
            assert_ne!(pow(G, (P - 1) / q), 1, "G^((P-1)/{q})");
        }
        assert_eq!(pow(G, P - 1), 1);
        // A root of unity of order 2^27, as the largest transform needs.
        let w = pow(G, (P - 1) >> MAX_LOG);
        assert_eq!(pow(w, 1 << (MAX_LOG - 1)), P - 1);
    }
}
