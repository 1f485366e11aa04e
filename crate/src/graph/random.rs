//! The random graphs that a link names by size and seed (`?random=N&seed=S`, the
//! `random` and `seed` attributes of `<loopy-graph>`, the graph page's million-vertex
//! preset).
//!
//! A link is a promise: the graph it drew when it was shared is the graph it draws when
//! it is opened, on every machine and in every later version. So the stream is fixed
//! here, bit for bit as the pages drew it before the core made these graphs: xorshift32
//! (shifts 13, 17, 5) from the seed's low 32 bits (0 taken as 1); each draw `x` read as
//! the fraction `x / 2^32`; [`RANDOM_DEGREE`]` · n` edges, each a tail then a head, the
//! vertex `1 + ⌊fraction · n⌋` computed in `f64` (exact: `x / 2^32` is a division by a
//! power of two, and one product is rounded once, as IEEE 754 says on every machine).
//!
//! It is not `loopy gen`'s generator (ChaCha8, `crate::judge::gen`): that one names test
//! inputs for the judge formats; this one names the graphs that links already share.

use alloc::vec::Vec;

use super::{Graph, GraphError};

/// The moves per vertex of a link's random graph: `n` vertices, `RANDOM_DEGREE · n` edges.
pub const RANDOM_DEGREE: u32 = 2;

/// The edges `(from, to)` of the random graph of `n` vertices and seed `seed` that a
/// link names: [`RANDOM_DEGREE`]` · n` of them, each end drawn uniformly from `1 ..= n`
/// (loops and repeated edges included, as drawn). The graph's size is checked first, with
/// [`Graph::check_size`]'s error, before anything is allocated.
///
/// ```
/// use loopy::graph::random::random_edges;
/// let (from, to) = random_edges(3, 1).unwrap();
/// assert_eq!((from, to), (vec![1, 2, 2, 1, 2, 2], vec![1, 1, 1, 1, 3, 2]));
/// assert!(random_edges(0, 1).is_err());
/// ```
pub fn random_edges(n: u64, seed: u64) -> Result<(Vec<u32>, Vec<u32>), GraphError> {
    let mut from = random_ends(n, seed)?;
    let to = from.split_off(from.len() / 2);
    Ok((from, to))
}

/// [`random_edges`] as one list, the tails then the heads (the JS API's `randomGraph`).
pub fn random_ends(n: u64, seed: u64) -> Result<Vec<u32>, GraphError> {
    let m = n.saturating_mul(RANDOM_DEGREE as u64);
    let n = Graph::check_size(n, m)?;
    let m = m as usize;
    let mut x = (seed as u32).max(1);
    let mut ends = vec![0; 2 * m];
    // Each edge's tail, then its head: the order the stream draws them in.
    for k in 0..2 * m {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        ends[k / 2 + k % 2 * m] = 1 + (x as f64 / 4_294_967_296.0 * n as f64) as u32;
    }
    Ok(ends)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The graphs that links drew before the core made them, as the pages' own xorshift
    /// (graph-presets.js `randomGraph`, degree 2) drew them: a link shared then draws the
    /// same graph now.
    #[test]
    fn a_links_graph_is_the_one_the_pages_drew() {
        let cases: [(u64, u64, &[u32], &[u32]); 3] = [
            (
                10,
                7,
                &[1, 10, 7, 1, 4, 9, 5, 4, 8, 5, 2, 10, 1, 4, 3, 3, 9, 2, 9, 8],
                &[2, 8, 5, 2, 1, 2, 6, 9, 9, 4, 6, 8, 6, 7, 5, 7, 9, 10, 7, 5],
            ),
            // Seed 0 draws as seed 1 (xorshift has no state 0).
            (1, 0, &[1, 1], &[1, 1]),
            // Only the seed's low 32 bits count: 2^32 + 5 is seed 5.
            (
                5,
                (1 << 32) + 5,
                &[1, 5, 2, 5, 1, 4, 3, 2, 2, 3],
                &[1, 5, 2, 3, 2, 5, 2, 2, 4, 2],
            ),
        ];
        for (n, seed, from, to) in cases {
            let (f, t) = random_edges(n, seed).unwrap();
            assert_eq!((&f[..], &t[..]), (from, to), "n = {n}, seed = {seed}");
        }
    }

    #[test]
    fn a_graph_too_large_is_refused_before_its_edges_are_drawn() {
        let e = random_edges(u64::MAX, 1).unwrap_err();
        assert_eq!(e, Graph::check_size(u64::MAX, u64::MAX).unwrap_err());
        assert!(random_edges(0, 1).is_err());
    }
}
