//! The number-theoretic transform of a power-of-two number of points, a budget of work at
//! a time ([`Pass`]): its butterflies and twiddles, the long stages a chunk at a time and
//! the short ones a cache-sized tile at a time.

use alloc::vec::Vec;

use super::field::{add, mont, mul, pow, sub, G, P};

/// Butterflies done with one set of twiddles, per block of a stage: the twiddles are made
/// a chunk at a time (a few KB instead of a table of `N / 2`, 64 MB at `2^25` points), and
/// a chunk of every block of the stage is done before the next chunk's twiddles.
const CHUNK: usize = 2048;
/// Units of work (about a nanosecond natively, the units of a direct count) per butterfly.
pub(super) const BUTTERFLY: u64 = 3;

/// Points of a tile: the stages whose blocks are at most this long are done a tile at a
/// time, all of them while the tile (16 KB) is in the processor's cache, rather than one
/// pass over the whole array per stage (12 of the 23 stages at `2^23` points).
pub(super) const TILE: usize = 1 << 12;

/// The butterflies of one chunk of one block: `lo[j]` with `hi[j]` and twiddle `tw[j]`.
#[inline(always)]
pub(super) fn butterflies(lo: &mut [u32], hi: &mut [u32], tw: &[u32], inverse: bool) {
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
pub(super) fn twiddles(half: usize, j0: usize, width: usize, inverse: bool, out: &mut Vec<u32>) {
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
pub(super) struct Pass {
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
    pub(super) fn new(size: usize, inverse: bool) -> Pass {
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
    pub(super) fn run(&mut self, a: &mut [u32], budget: u64) -> (bool, u64) {
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
