//! Cyclic counting by convolution: for every position `i` of a ring of `n`, how many
//! steps `x` of a set lead from `i` to a marked position (`i + x mod n`). Done directly
//! this costs a pass over the steps (or a bitset pass) per position, `n · min(k, n / 64)`
//! in all; as a convolution it is three number-theoretic transforms of the next power
//! of two above `2n`, `O(n log n)` whatever the step set. The stepper's rebuild (a seek)
//! recounts its counters this way when that is cheaper.
//!
//! The transform is exact integer arithmetic modulo the prime `998244353 = 119 · 2^23 + 1`
//! (counts are below `n < P`, so nothing wraps), with Montgomery multiplication: no
//! division and no floating point, so no rounding argument is needed. It is a few dozen
//! lines, which is why it is written here rather than taken from a crate: the FFT
//! libraries are floating point and many times the size of the whole module.

/// The prime: `2^23` divides `P - 1`, so transforms up to `2^23` points exist.
const P: u32 = 998_244_353;
/// A generator of the multiplicative group modulo `P`.
const G: u32 = 3;
/// The largest transform: `2^23` points.
const MAX_LOG: u32 = 23;

/// `-P^{-1} mod 2^32`, for Montgomery reduction (Newton's iteration for the inverse).
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

/// `t · 2^-32 mod P`, for `t < P · 2^32`.
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

#[inline(always)]
fn add(a: u32, b: u32) -> u32 {
    let s = a + b;
    if s >= P {
        s - P
    } else {
        s
    }
}

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

/// The twiddles `w^0 .. w^(half - 1)` of a stage, `w` a root of unity of order
/// `2 · half` (its inverse if `inverse`), in Montgomery form.
fn twiddles(half: usize, inverse: bool, out: &mut Vec<u32>) {
    let order = 2 * half as u32;
    let mut w = pow(G, (P - 1) / order);
    if inverse {
        w = pow(w, P - 2);
    }
    let w = mont(w);
    out.clear();
    let mut x = mont(1);
    for _ in 0..half {
        out.push(x);
        x = mul(x, w);
    }
}

/// The forward transform, decimation in frequency: natural order in, bit-reversed out.
fn forward(a: &mut [u32], tw: &mut Vec<u32>) {
    let mut len = a.len();
    while len >= 2 {
        let half = len / 2;
        twiddles(half, false, tw);
        for block in a.chunks_exact_mut(len) {
            let (lo, hi) = block.split_at_mut(half);
            for ((x, y), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(tw.iter()) {
                let (u, v) = (*x, *y);
                *x = add(u, v);
                *y = mul(sub(u, v), w);
            }
        }
        len = half;
    }
}

/// The inverse transform without its `1 / N`, decimation in time: bit-reversed order in,
/// natural out.
fn inverse(a: &mut [u32], tw: &mut Vec<u32>) {
    let mut len = 2;
    while len <= a.len() {
        let half = len / 2;
        twiddles(half, true, tw);
        for block in a.chunks_exact_mut(len) {
            let (lo, hi) = block.split_at_mut(half);
            for ((x, y), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(tw.iter()) {
                let (u, v) = (*x, mul(*y, w));
                *x = add(u, v);
                *y = sub(u, v);
            }
        }
        len *= 2;
    }
}

/// The transform's size for a ring of `n`: the power of two at or above `2n - 1`, or
/// `None` past `2^23` (a ring of more than `2^22` positions).
pub(crate) fn size(n: usize) -> Option<usize> {
    let size = (2 * n).saturating_sub(1).max(1).next_power_of_two();
    (size <= 1 << MAX_LOG).then_some(size)
}

/// What [`counts_with`] costs on a ring of `n`, in the units of a direct count (about
/// a nanosecond each): two transforms of `N log N / 2` butterflies, a few units each.
pub(crate) fn cost(n: usize) -> Option<u64> {
    size(n).map(|s| 3 * s as u64 * s.trailing_zeros() as u64)
}

/// The step set's half of [`counts`]: its transform, which a caller that counts
/// against several marked sets keeps (`None` past `2^22` positions, see [`size`]).
pub(crate) fn steps_transform(n: usize, steps: &[u32]) -> Option<Vec<u32>> {
    let size = size(n)?;
    // c[i] = Σ_{y ∈ -steps} marked[i - y mod n]: a cyclic convolution, from the linear
    // one (length 2n - 1) folded: c[i] = L[i] + L[i + n].
    let mut a = vec![0u32; size];
    for &x in steps {
        a[(n - x as usize) % n] = 1;
    }
    forward(&mut a, &mut Vec::with_capacity(size / 2));
    Some(a)
}

/// For every `i` in `0 .. n`: how many steps `x` (given by [`steps_transform`]) have
/// `marked(i + x mod n)`.
pub(crate) fn counts_with(n: usize, steps: &[u32], marked: impl Fn(usize) -> bool) -> Vec<u32> {
    let size = steps.len();
    let mut b: Vec<u32> = (0..size).map(|t| (t < n && marked(t)) as u32).collect();
    let mut tw = Vec::with_capacity(size / 2);
    forward(&mut b, &mut tw);
    // Each product carries a factor 2^-32 (Montgomery), and the inverse a factor N:
    // one multiplication by 2^64 / N (in Montgomery form: times 2^64 / N · 2^-32 each
    // time, twice) undoes both.
    for (x, &y) in b.iter_mut().zip(steps) {
        *x = mul(*x, y);
    }
    inverse(&mut b, &mut tw);
    let scale = mont(mont(pow(size as u32, P - 2)));
    let at = |t: usize| b.get(t).map_or(0, |&v| mul(v, scale));
    (0..n)
        .map(|i| at(i) + if i + n < size { at(i + n) } else { 0 })
        .collect()
}

/// For every `i` in `0 .. n`: how many `x` in `steps` (all in `1 .. n`) have
/// `marked(i + x mod n)`. `None` for a ring of more than `2^22` positions (see [`size`]).
#[cfg(test)]
pub(crate) fn counts(n: usize, steps: &[u32], marked: impl Fn(usize) -> bool) -> Option<Vec<u32>> {
    Some(counts_with(n, &steps_transform(n, steps)?, marked))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_a_direct_count_on_small_rings() {
        let mut seed = 0x9e3779b97f4a7c15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for n in [2usize, 3, 5, 8, 64, 100, 257, 1000] {
            for _ in 0..5 {
                let steps: Vec<u32> = (1..n as u32).filter(|_| next(3) == 0).collect();
                let marked: Vec<bool> = (0..n).map(|_| next(2) == 0).collect();
                let got = counts(n, &steps, |t| marked[t]).unwrap();
                for i in 0..n {
                    let want = steps
                        .iter()
                        .filter(|&&x| marked[(i + x as usize) % n])
                        .count();
                    assert_eq!(got[i], want as u32, "n = {n}, i = {i}");
                }
            }
        }
    }

    #[test]
    fn montgomery_constants_hold() {
        assert_eq!(P.wrapping_mul(NEG_INV.wrapping_neg()), 1);
        assert_eq!(reduce(mont(12345) as u64), 12345);
        assert_eq!(pow(G, (P - 1) / 2), P - 1);
    }
}
