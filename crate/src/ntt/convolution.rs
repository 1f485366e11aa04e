//! One convolution, a budget of work at a time ([`Convolution`]): the step set's transform
//! (made once and kept when it fits), the marked positions', their product and its
//! inverse, block by block over the ring.

use alloc::vec::Vec;

use super::field::{mont, mul, pow, P};
use super::size::{keeps, size, size_for, span, MAX_BYTES};
use super::transform::Pass;

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
