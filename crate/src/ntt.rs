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
//!
//! One concept per file: the arithmetic modulo the prime (`field.rs`), the transform a
//! budget at a time (`transform.rs`), the transform's size, memory and cost for a ring
//! (`size.rs`), and the convolution itself, block by block (`convolution.rs`).

mod convolution;
mod field;
mod size;
mod transform;

#[cfg(test)]
pub(crate) use convolution::counts;
pub(crate) use convolution::Convolution;
// The path the docs name it by (crate::ntt::MAX_BYTES).
#[allow(unused_imports)]
pub(crate) use size::MAX_BYTES;
pub(crate) use size::{cost, cost_of_spread, sizes, widest_spread};

#[cfg(test)]
mod tests {
    use super::field::*;
    use super::size::*;
    use super::transform::*;
    use super::*;
    use alloc::vec::Vec;

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
