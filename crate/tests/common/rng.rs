//! The one seeded generator of the Rust tests and the benchmark's inputs: a xorshift,
//! so that every run on every machine sees the same games, with no dependency. (The
//! benchmark example includes this file by path.)

/// A small deterministic generator (xorshift), for tests that want many fixed games
/// without a dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, m: u64) -> u64 {
        self.next() % m
    }

    /// Steps in `1 .. n`, each kept with probability `per_mille / 1000`; never empty.
    pub fn steps(&mut self, n: u32, per_mille: u64) -> Vec<u32> {
        let mut s: Vec<u32> = (1..n).filter(|_| self.below(1000) < per_mille).collect();
        if s.is_empty() {
            s.push(1 + self.below(n as u64 - 1) as u32);
        }
        s
    }

    /// A small random game `(n, s1, s2)`, 2 ≤ n ≤ 14, for tests against the oracle: step
    /// sets of any density, and a quarter impartial (s1 = s2), where loops are common.
    pub fn small_game(&mut self) -> (u32, Vec<u32>, Vec<u32>) {
        let n = 2 + self.below(13) as u32;
        let per_mille = 150 + self.below(700);
        let s1 = self.steps(n, per_mille);
        let s2 = if self.below(4) == 0 {
            s1.clone()
        } else {
            self.steps(n, per_mille)
        };
        (n, s1, s2)
    }

    /// `k` distinct steps in `1 .. n`, ascending.
    pub fn pick(&mut self, n: u32, k: usize) -> Vec<u32> {
        let mut set = std::collections::BTreeSet::new();
        while set.len() < k {
            set.insert(1 + self.below(n as u64 - 1) as u32);
        }
        set.into_iter().collect()
    }
}
