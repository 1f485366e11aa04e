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

    /// A random tree on `1 ..= n` with 1 to `most` stones a vertex: each vertex joined to
    /// an earlier one, then the vertices renamed at random and each edge either way round.
    pub fn tree(&mut self, n: usize, most: u64) -> (Vec<u64>, Vec<(u32, u32)>) {
        let stones = (0..n).map(|_| 1 + self.below(most)).collect();
        let mut name: Vec<u32> = (1..=n as u32).collect();
        for i in (1..n).rev() {
            let j = self.below(i as u64 + 1) as usize;
            name.swap(i, j);
        }
        let edges = (1..n)
            .map(|v| {
                let u = self.below(v as u64) as usize;
                let (a, b) = (name[u], name[v]);
                if self.below(2) == 0 {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        (stones, edges)
    }
}
