//! Fixed-size bitsets with unaligned 64-bit windows.
//!
//! The fast solver asks questions like "which positions `j - x` (for `x` in a step
//! set) are still unresolved?". Rotating a step set by `j` is a shift, so it keeps the
//! rotated set twice over (`2n` bits) and reads any 64 consecutive bits with
//! [`Bits::window`]: a funnel shift of two words instead of 64 `%` operations.

use alloc::vec::Vec;

/// A bitset over `0 .. len`, padded with zero words so that [`Bits::window`] may
/// read up to two words past the last bit.
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

/// Words needed for `bits` bits.
#[inline]
pub(crate) fn words_for(bits: usize) -> usize {
    bits.div_ceil(64)
}

impl Bits {
    /// All zero, for bits `0 .. len`.
    pub(crate) fn new(len: usize) -> Bits {
        Bits {
            words: vec![0; words_for(len) + 2],
        }
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        self.words[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize) {
        self.words[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub(crate) fn clear(&mut self, i: usize) {
        self.words[i >> 6] &= !(1 << (i & 63));
    }

    /// The highest set bit at or below `i`, if any.
    pub(crate) fn prev_set(&self, i: usize) -> Option<usize> {
        let mut w = i >> 6;
        let mut word = self.words[w] & (!0u64 >> (63 - (i & 63)));
        loop {
            if word != 0 {
                return Some((w << 6) + 63 - word.leading_zeros() as usize);
            }
            if w == 0 {
                return None;
            }
            w -= 1;
            word = self.words[w];
        }
    }

    /// The lowest set bit at or above `i`, if any (`i` within the padded length).
    pub(crate) fn next_set(&self, i: usize) -> Option<usize> {
        let mut w = i >> 6;
        let mut word = *self.words.get(w)? & (!0u64 << (i & 63));
        loop {
            if word != 0 {
                return Some((w << 6) + word.trailing_zeros() as usize);
            }
            w += 1;
            word = *self.words.get(w)?;
        }
    }

    /// Word `w`: bits `64w .. 64w + 64`.
    #[inline]
    pub(crate) fn word(&self, w: usize) -> u64 {
        self.words[w]
    }

    /// Bits `off .. off + 64` as one word, bit `off` lowest.
    #[inline]
    pub(crate) fn window(&self, off: usize) -> u64 {
        let w = off >> 6;
        let shift = (off & 63) as u32;
        // `hi << (64 - shift)` without a branch for `shift == 0` (where `<< 64` would
        // overflow and nothing is wanted from the next word): shift by 1, then by 63 - shift.
        (self.words[w] >> shift) | ((self.words[w + 1] << 1) << (63 - shift))
    }

    /// How many bits are set among the 64-bit windows `a_off + 64t` of `self` and
    /// `b_off + 64t` of `b` ANDed together, for `t` in `0 .. count`.
    ///
    /// This is the stepper's counter rebuild (how many of a state's successors are
    /// already known to be Win), done a word at a time.
    pub(crate) fn and_count(&self, a_off: usize, b: &Bits, b_off: usize, count: usize) -> u32 {
        (0..count)
            .map(|t| (self.window(a_off + 64 * t) & b.window(b_off + 64 * t)).count_ones())
            .sum()
    }
}

/// The first bit `x >= from`, `x < 64 * words`, set in `a` but not in `b`'s window at
/// `off + x`: "the first step whose target is not yet a Win", the witness rescan.
///
/// Whole words go two per step: one 128-bit operation with wasm SIMD (`simd128`) or
/// x86-64's SSE2, else two 64-bit ones with a single test. Both are held to the same answers
/// by the tests (natively, and under Node for wasm).
pub(crate) fn first_and_not(
    a: &Bits,
    b: &Bits,
    off: usize,
    from: usize,
    words: usize,
) -> Option<u32> {
    let mut w = from >> 6;
    if w >= words {
        return None;
    }
    // The first word is partial: do it alone, then whole words.
    let cand = a.word(w) & (!0u64 << (from & 63)) & !b.window(off + (w << 6));
    if cand != 0 {
        return Some((w << 6) as u32 + cand.trailing_zeros());
    }
    w += 1;
    w = pairs::skip(a, b, off, w, words);
    while w < words {
        let cand = a.word(w) & !b.window(off + (w << 6));
        if cand != 0 {
            return Some((w << 6) as u32 + cand.trailing_zeros());
        }
        w += 1;
    }
    None
}

/// `skip(a, b, off, w, words)`: skips whole pairs of words `w, w + 1` where
/// `a & !window(b)` is all zero; returns the first word of the first pair that is not
/// (or where the pairs run out).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod pairs {
    use core::arch::wasm32::*;

    use super::Bits;

    #[inline]
    pub(super) fn skip(a: &Bits, b: &Bits, off: usize, mut w: usize, words: usize) -> usize {
        let shift = (off & 63) as u32;
        while w + 2 <= words {
            let bw = (off >> 6) + w;
            // SAFETY: `Bits` keeps two spare words, so `bw + 2` and `w + 1` are in bounds
            // (`bw + 2 <= (off + 64 * words) / 64 + 2`), and v128 loads need no alignment.
            let (av, lo, hi) = unsafe {
                (
                    v128_load(a.words.as_ptr().add(w) as *const v128),
                    v128_load(b.words.as_ptr().add(bw) as *const v128),
                    v128_load(b.words.as_ptr().add(bw + 1) as *const v128),
                )
            };
            // The two 64-bit windows: a funnel shift per lane. A shift of 0 takes
            // nothing from the next word (wasm shifts are mod 64, so it must be special).
            let win = if shift == 0 {
                lo
            } else {
                v128_or(u64x2_shr(lo, shift), i64x2_shl(hi, 64 - shift))
            };
            if v128_any_true(v128_andnot(av, win)) {
                return w;
            }
            w += 2;
        }
        w
    }
}

#[cfg(target_arch = "x86_64")]
mod pairs {
    use core::arch::x86_64::*;

    use super::Bits;

    #[inline]
    pub(super) fn skip(a: &Bits, b: &Bits, off: usize, mut w: usize, words: usize) -> usize {
        let shift = (off & 63) as i64;
        // SAFETY: SSE2 is part of x86_64. The loads stay in bounds as in the wasm version
        // (two spare words per `Bits`), and unaligned loads need no alignment.
        unsafe {
            let right = _mm_cvtsi64_si128(shift);
            // SSE shifts by 64 or more give 0: a shift of 0 needs no special case here.
            let left = _mm_cvtsi64_si128(64 - shift);
            let zero = _mm_setzero_si128();
            while w + 2 <= words {
                let bw = (off >> 6) + w;
                let av = _mm_loadu_si128(a.words.as_ptr().add(w) as *const __m128i);
                let lo = _mm_loadu_si128(b.words.as_ptr().add(bw) as *const __m128i);
                let hi = _mm_loadu_si128(b.words.as_ptr().add(bw + 1) as *const __m128i);
                let win = _mm_or_si128(_mm_srl_epi64(lo, right), _mm_sll_epi64(hi, left));
                let cand = _mm_andnot_si128(win, av);
                if _mm_movemask_epi8(_mm_cmpeq_epi8(cand, zero)) != 0xffff {
                    return w;
                }
                w += 2;
            }
        }
        w
    }
}

#[cfg(not(any(
    all(target_arch = "wasm32", target_feature = "simd128"),
    target_arch = "x86_64"
)))]
mod pairs {
    use super::Bits;

    #[inline]
    pub(super) fn skip(a: &Bits, b: &Bits, off: usize, mut w: usize, words: usize) -> usize {
        while w + 2 <= words {
            let bw = off + (w << 6);
            if (a.word(w) & !b.window(bw)) | (a.word(w + 1) & !b.window(bw + 64)) != 0 {
                return w;
            }
            w += 2;
        }
        w
    }
}

/// A bitset that also knows which of its words are non-zero, so that a scan can jump
/// over empty stretches: the unresolved states thin out as the solve goes on.
#[derive(Clone, Debug)]
pub(crate) struct Summarized {
    bits: Bits,
    /// Bit `w` is set iff word `w` of `bits` is non-zero.
    nonzero: Bits,
}

impl Summarized {
    /// Bits `1 .. len` set (position 0, the hole, is never a state to resolve).
    pub(crate) fn ones_but_zero(len: usize) -> Summarized {
        let mut bits = Bits::new(len);
        let mut nonzero = Bits::new(words_for(len));
        for i in 1..len {
            bits.set(i);
            nonzero.set(i >> 6);
        }
        Summarized { bits, nonzero }
    }

    /// All zero, for bits `0 .. len`.
    pub(crate) fn new(len: usize) -> Summarized {
        Summarized {
            bits: Bits::new(len),
            nonzero: Bits::new(words_for(len)),
        }
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize) {
        self.bits.set(i);
        self.nonzero.set(i >> 6);
    }

    #[inline]
    pub(crate) fn clear(&mut self, i: usize) {
        self.bits.clear(i);
        if self.bits.word(i >> 6) == 0 {
            self.nonzero.clear(i >> 6);
        }
    }

    #[inline]
    pub(crate) fn word(&self, w: usize) -> u64 {
        self.bits.word(w)
    }

    /// The lowest non-zero word at or above word `w`.
    #[inline]
    pub(crate) fn next_nonzero_word(&self, w: usize) -> Option<usize> {
        self.nonzero.next_set(w)
    }

    /// The highest non-zero word at or below word `w`.
    #[inline]
    pub(crate) fn prev_nonzero_word(&self, w: usize) -> Option<usize> {
        self.nonzero.prev_set(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_reads_across_word_boundaries() {
        let mut b = Bits::new(200);
        for i in [0, 63, 64, 65, 127, 130, 199] {
            b.set(i);
        }
        for off in 0..200 {
            let want: u64 = (0..64)
                .filter(|&k| off + k < 200 && b.get(off + k))
                .map(|k| 1u64 << k)
                .sum();
            assert_eq!(b.window(off), want, "offset {off}");
        }
    }

    #[test]
    fn prev_set_finds_the_highest_bit_at_or_below() {
        let mut b = Bits::new(300);
        for i in [3, 64, 200] {
            b.set(i);
        }
        for i in 0..300 {
            let want = [200, 64, 3].into_iter().find(|&k| k <= i);
            assert_eq!(b.prev_set(i), want, "i={i}");
        }
    }

    #[test]
    fn next_set_finds_the_lowest_bit_at_or_above() {
        let mut b = Bits::new(300);
        for i in [3, 64, 200] {
            b.set(i);
        }
        for i in 0..300 {
            let want = [3, 64, 200].into_iter().find(|&k| k >= i);
            assert_eq!(b.next_set(i), want, "i={i}");
        }
        assert_eq!(b.next_set(100_000), None);
    }

    #[test]
    fn summary_finds_words_set_after_creation() {
        let mut s = Summarized::new(300);
        assert_eq!(s.next_nonzero_word(0), None);
        s.set(130);
        s.set(299);
        assert_eq!(s.next_nonzero_word(0), Some(2));
        assert_eq!(s.next_nonzero_word(3), Some(4));
        s.clear(130);
        assert_eq!(s.next_nonzero_word(0), Some(4));
        assert_eq!(s.prev_nonzero_word(3), None);
    }

    #[test]
    fn summary_tracks_empty_words() {
        let mut s = Summarized::ones_but_zero(130);
        assert_eq!(s.prev_nonzero_word(2), Some(2));
        s.clear(128);
        s.clear(129);
        assert_eq!(s.prev_nonzero_word(2), Some(1));
        (64..128).for_each(|i| s.clear(i));
        assert_eq!(s.prev_nonzero_word(2), Some(0));
        (1..64).for_each(|i| s.clear(i));
        assert_eq!(s.prev_nonzero_word(2), None);
    }

    #[test]
    fn clear_undoes_set() {
        let mut b = Bits::new(70);
        b.set(69);
        assert!(b.get(69));
        b.clear(69);
        assert!(!b.get(69));
        assert_eq!(b.word(1), 0);
    }
}
