//! The arithmetic modulo the prime `P = 15 · 2^27 + 1`: Montgomery multiplication, no
//! division and no floating point.

/// The prime: `2^27` divides `P - 1`, so transforms up to `2^27` points exist. It is
/// below `2^31`, which the Montgomery arithmetic needs (see [`reduce`] and [`add`]).
pub(super) const P: u32 = 2_013_265_921;
/// A generator of the multiplicative group modulo `P` (`P - 1 = 2^27 · 3 · 5`: the tests
/// check that no `G^((P - 1) / q)` is 1).
pub(super) const G: u32 = 31;
/// The largest transform: `2^27` points.
pub(super) const MAX_LOG: u32 = 27;

// The bounds the arithmetic relies on, checked when it compiles: `a + b` of two residues
// fits a `u32` (see [`add`]), and so does `P · 2^32 + (2^32 - 1) · P`, the most
// [`reduce`] adds up, a `u64`.
const _: () = assert!(P < 1 << 31);
const _: () = assert!(((P - 1) as u64)
    .pow(2)
    .checked_add(u32::MAX as u64 * P as u64)
    .is_some());

/// `-P^{-1} mod 2^32`, for Montgomery reduction (Newton's iteration for the inverse:
/// correct to 3 bits at the start, doubling each round).
pub(super) const NEG_INV: u32 = {
    let mut inv: u32 = P;
    let mut k = 0;
    while k < 5 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(P.wrapping_mul(inv)));
        k += 1;
    }
    inv.wrapping_neg()
};
/// `2^64 mod P`: multiplying by it puts a number into Montgomery form.
pub(super) const R2: u32 = ((1u128 << 64) % P as u128) as u32;

/// `t · 2^-32 mod P`, for `t < P · 2^32` (a product of two numbers below `P`). The sum
/// `t + m · P` is below `P · 2^32 + 2^32 · P = 2P · 2^32 < 2^64` because `P < 2^31`, so it
/// does not wrap; shifted, it is below `2P`, which one subtraction brings below `P`.
#[inline(always)]
pub(super) fn reduce(t: u64) -> u32 {
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
pub(super) fn mul(a: u32, b: u32) -> u32 {
    reduce(a as u64 * b as u64)
}

/// `a + b mod P` for `a, b < P`: the sum is below `2P < 2^32`, so it does not wrap.
#[inline(always)]
pub(super) fn add(a: u32, b: u32) -> u32 {
    let s = a + b;
    if s >= P {
        s - P
    } else {
        s
    }
}

/// `a - b mod P` for `a, b < P` (`a + P < 2^32`).
#[inline(always)]
pub(super) fn sub(a: u32, b: u32) -> u32 {
    if a >= b {
        a - b
    } else {
        a + P - b
    }
}

/// `a` in Montgomery form.
pub(super) fn mont(a: u32) -> u32 {
    mul(a, R2)
}

/// `base^e mod P` (plain form).
pub(super) fn pow(base: u32, mut e: u32) -> u32 {
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
