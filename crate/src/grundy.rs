//! Sprague-Grundy values of impartial games on graphs (`docs/rules.md`).
//!
//! * On an acyclic graph, `sg(v) = mex { sg(w) : v -> w }`, computed in reverse
//!   topological order (Kahn's algorithm on the move counts): no recursion, so a
//!   million-vertex chain needs no deep stack.
//! * On a graph with cycles, Smith's generalised function `γ`: a finite value, or
//!   `∞(K)` with `K` the finite values among the successors. It is computed by the
//!   spec's procedure, value `k = 0, 1, 2, ...` in rounds, with its ordering rule:
//!   a vertex may take `k` only if each of its successors without a value *already*
//!   has a successor with value `k`. Within a round that rule only ever gets easier to
//!   meet, so the round is a closure: each vertex keeps the number of its successors
//!   that still lack a value and a `k`-valued successor of their own, and takes `k`
//!   when that number reaches zero (and it has no `k`-valued successor itself, and
//!   successors with every value below `k`). Each vertex also keeps the number of its
//!   moves to vertices without a value, updated as values are given (O(m) in all), so
//!   a round starts without rescanning any moves; and a round ends as soon as no
//!   candidate is left that could still take `k`. A round costs O(m) at most, and
//!   there are at most (largest finite value + 2) rounds; on a transitive tournament
//!   (values 0 .. n - 1, the worst case of the plain procedure: n³ / 6) the whole
//!   computation is O(n²), linear in the moves.
//! * [`GrundySearch`] does it in steps of bounded work, so that the page's worker can
//!   answer a cancel between two.
//!
//! With a goal vertex, the goal has value 0 and no moves, as in the spec.

use crate::game::{Player, RingGame};
use crate::graph::{ring, Graph, GraphError};
use crate::value::Outcome;
use alloc::vec::Vec;

/// The encoding of `∞` in [`Grundy::values`] (and in the JS API's `grundy()`):
/// `u32::MAX`, which no finite value reaches.
pub const INFINITE: u32 = u32::MAX;

/// One vertex's value: finite, or `∞(K)` with `K` ascending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gamma<'a> {
    Finite(u32),
    Infinite(&'a [u32]),
}

impl Gamma<'_> {
    /// The value of the game for the player to move: `γ = 0` is Lose, a finite
    /// `γ > 0` or `∞(K)` with `0 ∈ K` is Win, and `∞(K)` with `0 ∉ K` is a draw (Loop).
    pub fn outcome(self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::Lose,
            Gamma::Finite(_) => Outcome::Win,
            Gamma::Infinite(k) if k.first() == Some(&0) => Outcome::Win,
            Gamma::Infinite(_) => Outcome::Loop,
        }
    }
}

/// The (generalised) Sprague-Grundy values of every vertex of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grundy {
    /// Per vertex (entry 0 unused, 0): the finite value, or [`INFINITE`].
    values: Vec<u32>,
    /// For `∞` vertices, `k_values[k_start[v] .. k_start[v + 1]]` is `K`, ascending;
    /// the range is empty for finite ones.
    k_start: Vec<u32>,
    k_values: Vec<u32>,
    acyclic: bool,
}

impl Grundy {
    /// How many vertices have each value: `[value, vertices]` for each value that
    /// occurs, ascending, so `∞` ([`INFINITE`]) last. (A page shows these counts; it never
    /// tallies the values itself.)
    pub fn counts(&self) -> Vec<[u32; 2]> {
        // A finite value is at most the number of a vertex's moves to other vertices, so
        // below n: one counter each, and the last for ∞.
        let values = self.values();
        let n = values.len().saturating_sub(1);
        let mut tally = vec![0u32; n + 1];
        for &x in values.get(1..).unwrap_or(&[]) {
            tally[(x as usize).min(n)] += 1;
        }
        let value = |k: usize| if k == n { INFINITE } else { k as u32 };
        (0..=n)
            .filter(|&k| tally[k] > 0)
            .map(|k| [value(k), tally[k]])
            .collect()
    }

    /// Values indexed by vertex, [`INFINITE`] for `∞` (entry 0 unused).
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The value of vertex `v` (`1 ..= n`).
    pub fn value(&self, v: u32) -> Gamma<'_> {
        match self.values[v as usize] {
            INFINITE => Gamma::Infinite(self.infinite_set(v).unwrap_or(&[])),
            k => Gamma::Finite(k),
        }
    }

    /// `K` if `γ(v) = ∞(K)`, `None` if `γ(v)` is finite.
    pub fn infinite_set(&self, v: u32) -> Option<&[u32]> {
        let v = v as usize;
        (self.values.get(v) == Some(&INFINITE))
            .then(|| &self.k_values[self.k_start[v] as usize..self.k_start[v + 1] as usize])
    }

    /// Whether the game graph had no cycle (then every value is the plain mex).
    pub fn is_acyclic(&self) -> bool {
        self.acyclic
    }
}

/// The Sprague-Grundy values of `graph` (with its goal, if any).
///
/// ```
/// use loopy::graph::Graph;
/// use loopy::grundy::{grundy, Gamma};
/// // The spec's 2-cycle: both are ∞(∅), a draw.
/// let g = grundy(&Graph::new(2, &[1, 2], &[2, 1]).unwrap());
/// assert_eq!(g.value(1), Gamma::Infinite(&[]));
/// // The `dag` sample: sg(1) = mex{sg(2), sg(3)} = mex{0, 1} = 2.
/// let g = grundy(&Graph::new(5, &[1, 1, 2, 4, 3], &[2, 3, 4, 5, 5]).unwrap());
/// assert_eq!(g.value(1), Gamma::Finite(2));
/// ```
pub fn grundy(graph: &Graph) -> Grundy {
    let mut search = GrundySearch::new();
    search.advance(graph, u64::MAX);
    search.finish(graph)
}

/// The values computed in steps, so that a caller (the page's worker) can answer a
/// cancel between two calls of [`GrundySearch::advance`] whatever the graph.
///
/// Work is counted in edges and vertices visited. The indivisible steps are: the try
/// as an acyclic graph (O(n + m)), the set-up of Smith's procedure (O(n + m)), one of
/// its rounds (O(n + m) at most, far less on most graphs) and the sets `K` at the end
/// (O(m log m)). One call of `advance` does whole steps until its budget is used up.
///
/// ```
/// use loopy::graph::Graph;
/// use loopy::grundy::{grundy, GrundySearch};
/// let g = Graph::new(3, &[1, 2, 3, 1], &[2, 3, 1, 3]).unwrap();
/// let mut search = GrundySearch::new();
/// while !search.advance(&g, 1) {}
/// assert_eq!(search.finish(&g), grundy(&g));
/// ```
#[derive(Clone, Debug, Default)]
pub struct GrundySearch {
    stage: Stage,
    work: u64,
    /// The answer once the last step is done.
    done: Option<Grundy>,
    smith: Option<Smith>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stage {
    #[default]
    Acyclic,
    Setup,
    Rounds,
    Sets,
    Done,
}

impl GrundySearch {
    pub fn new() -> GrundySearch {
        GrundySearch::default()
    }

    /// Whole steps until `budget` more units are done or the values are known (then
    /// true). Every call does at least one step. `graph` must be the same every call.
    pub fn advance(&mut self, graph: &Graph, budget: u64) -> bool {
        let stop = self.work.saturating_add(budget);
        loop {
            match self.stage {
                Stage::Acyclic => {
                    self.work += graph.n() as u64 + graph.edges() as u64;
                    match mex_acyclic(graph) {
                        Some(g) => {
                            self.done = Some(g);
                            self.stage = Stage::Done;
                        }
                        None => self.stage = Stage::Setup,
                    }
                }
                Stage::Setup => {
                    self.work += graph.n() as u64 + graph.edges() as u64;
                    self.smith = Some(Smith::new(graph));
                    self.stage = Stage::Rounds;
                }
                Stage::Rounds => {
                    let smith = self.smith.as_mut().expect("set up");
                    self.work += smith.round(graph);
                    if smith.candidates.is_empty() {
                        self.stage = Stage::Sets;
                    }
                }
                Stage::Sets => {
                    self.work += graph.edges() as u64;
                    let smith = self.smith.take().expect("set up");
                    self.done = Some(smith.into_grundy(graph));
                    self.stage = Stage::Done;
                }
                Stage::Done => return true,
            }
            if self.stage == Stage::Done {
                return true;
            }
            if self.work >= stop {
                return false;
            }
        }
    }

    /// Units of work done so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The values (finishing the search first if needed).
    pub fn finish(mut self, graph: &Graph) -> Grundy {
        self.advance(graph, u64::MAX);
        self.done.expect("the search is done")
    }
}

/// The smallest value in `0 ..` that is not in `values`, using `seen` as scratch
/// (cleared again before returning).
fn mex(values: impl Iterator<Item = u32> + Clone, seen: &mut [bool]) -> u32 {
    for v in values.clone() {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    let m = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
    for v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = false;
        }
    }
    m
}

/// The plain mex values in reverse topological order, or `None` if the game graph has
/// a cycle (some vertex never has all its successors valued).
fn mex_acyclic(graph: &Graph) -> Option<Grundy> {
    let n = graph.n();
    let slots = n as usize + 1;
    let mut left: Vec<u32> = (0..=n).map(|v| graph.moves(v).len() as u32).collect();
    let mut values = vec![INFINITE; slots];
    values[0] = 0;
    let mut ready: Vec<u32> = (1..=n).filter(|&v| left[v as usize] == 0).collect();
    let mut done = 0;
    let mut seen = Vec::new();
    while let Some(v) = ready.pop() {
        done += 1;
        let moves = graph.moves(v);
        seen.resize(moves.len() + 1, false);
        values[v as usize] = mex(moves.iter().map(|&w| values[w as usize]), &mut seen);
        for &u in graph.predecessors(v) {
            // The goal's edges are not moves: it never waits on anyone.
            if Some(u) != graph.goal() {
                left[u as usize] -= 1;
                if left[u as usize] == 0 {
                    ready.push(u);
                }
            }
        }
    }
    (done == n).then(|| Grundy {
        values,
        k_start: vec![0; slots + 1],
        k_values: Vec::new(),
        acyclic: true,
    })
}

/// Smith's generalised values by the spec's procedure (see the module docs), one round
/// (value `k`) at a time.
#[derive(Clone, Debug)]
struct Smith {
    k: u32,
    values: Vec<u32>,
    /// `reach[v]`: v's successors hold every value below `reach[v]` (among the values
    /// given so far). Only a vertex with `reach == k` can take `k`.
    reach: Vec<u32>,
    /// `hit[v] == k + 1`: v has a successor with value `k` (round k).
    hit: Vec<u32>,
    /// For candidates: successors without a value that lack a `k`-valued successor.
    bad: Vec<u32>,
    /// Per vertex: its moves to vertices without a value yet, kept as values are
    /// given (O(m) in all), so that a round starts without rescanning any moves.
    unvalued: Vec<u32>,
    /// The vertices that may take value `k`: without a value, `reach == k`.
    candidates: Vec<u32>,
    ready: Vec<u32>,
    /// The vertices that got a `k`-valued successor since the last look at their
    /// predecessors.
    hit_now: Vec<u32>,
}

impl Smith {
    fn new(graph: &Graph) -> Smith {
        let n = graph.n();
        let slots = n as usize + 1;
        let mut values = vec![INFINITE; slots];
        values[0] = 0;
        Smith {
            k: 0,
            values,
            reach: vec![0; slots],
            hit: vec![0; slots],
            bad: vec![0; slots],
            unvalued: (0..=n).map(|v| graph.moves(v).len() as u32).collect(),
            candidates: (1..=n).collect(),
            ready: Vec::new(),
            hit_now: Vec::new(),
        }
    }

    /// Round `k`: every candidate that can take `k` takes it (a closure: the rule only
    /// gets easier to meet within a round, so the order does not matter). Returns the
    /// work done: the vertices and edges visited.
    fn round(&mut self, graph: &Graph) -> u64 {
        let goal = graph.goal();
        let (k, round) = (self.k, self.k + 1);
        let mut work = self.candidates.len() as u64;
        // Candidates neither valued nor hit this round: once none is left, nothing
        // more can take `k`, and the rest of the round is skipped. (On a transitive
        // tournament the one vertex that takes `k` hits all the others at once: the
        // round costs its in-degree instead of a pass over all the moves.)
        let mut live = self.candidates.len();
        for &u in &self.candidates {
            let b = self.unvalued[u as usize];
            self.bad[u as usize] = b;
            if b == 0 {
                self.ready.push(u);
            }
        }
        while live > 0 {
            let Some(u) = self.ready.pop() else {
                let Some(v) = self.hit_now.pop() else { break };
                // v has a k-valued successor: it no longer stands in the way of
                // its own predecessors.
                let preds = graph.predecessors(v);
                work += preds.len() as u64;
                for &x in preds {
                    let xi = x as usize;
                    if Some(x) == goal
                        || self.values[xi] != INFINITE
                        || self.reach[xi] != k
                        || self.hit[xi] == round
                    {
                        continue;
                    }
                    self.bad[xi] -= 1;
                    if self.bad[xi] == 0 {
                        self.ready.push(x);
                    }
                }
                continue;
            };
            let ui = u as usize;
            if self.values[ui] != INFINITE || self.hit[ui] == round {
                continue;
            }
            self.values[ui] = k;
            live -= 1;
            let preds = graph.predecessors(u);
            work += preds.len() as u64;
            for &v in preds {
                let vi = v as usize;
                if Some(v) == goal {
                    continue;
                }
                self.unvalued[vi] -= 1;
                if self.hit[vi] == round || self.values[vi] != INFINITE {
                    continue;
                }
                // v now has a k-valued successor: it cannot take k.
                self.hit[vi] = round;
                if self.reach[vi] == k {
                    live -= 1;
                }
                self.hit_now.push(v);
            }
        }
        self.ready.clear();
        self.hit_now.clear();
        // The candidates of round k + 1: still without a value, and with a k-valued
        // successor on top of all values below k.
        let (values, hit) = (&self.values, &self.hit);
        self.candidates
            .retain(|&u| values[u as usize] == INFINITE && hit[u as usize] == round);
        for &u in &self.candidates {
            self.reach[u as usize] = k + 1;
        }
        self.k += 1;
        work
    }

    /// The values once no candidate is left: every vertex still without a value is
    /// ∞(K).
    fn into_grundy(self, graph: &Graph) -> Grundy {
        let n = graph.n();
        let slots = n as usize + 1;
        let values = self.values;
        let mut k_start = vec![0u32; slots + 1];
        let mut k_values = Vec::new();
        for v in 1..=n {
            if values[v as usize] == INFINITE {
                // Sorted as u64 (`sort_u64`: the wasm build's one sort, rather than a
                // quicksort of u32 of its own, 3 KB of the graph element's module).
                let mut k: Vec<u64> = graph
                    .moves(v)
                    .iter()
                    .map(|&w| values[w as usize])
                    .filter(|&x| x != INFINITE)
                    .map(u64::from)
                    .collect();
                crate::game::sort_u64(&mut k);
                k.dedup();
                k_values.extend(k.into_iter().map(|x| x as u32));
            }
            k_start[v as usize + 1] = k_values.len() as u32;
        }
        Grundy {
            values,
            k_start,
            k_values,
            acyclic: false,
        }
    }
}

/// Why the ring game has no Sprague-Grundy values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RingGrundyError {
    /// `s1 != s2`: the game is partisan (the players' moves differ).
    Partisan,
    /// The positions' graph is beyond the memory limit.
    Graph(GraphError),
}

impl core::fmt::Display for RingGrundyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RingGrundyError::Partisan => f.write_str(
                "the players' step sets differ, so the game is partisan and has no \
                 Sprague-Grundy values (they need s1 = s2)",
            ),
            RingGrundyError::Graph(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for RingGrundyError {}

impl crate::error::Coded for RingGrundyError {
    fn code(&self) -> &'static str {
        match self {
            RingGrundyError::Partisan => "grundy.partisan",
            RingGrundyError::Graph(e) => e.code(),
        }
    }

    fn params(&self) -> crate::error::Params {
        match self {
            RingGrundyError::Partisan => Vec::new(),
            RingGrundyError::Graph(e) => e.params(),
        }
    }
}

/// The generalised values of the ring game with `s1 = s2`, indexed by position: the
/// impartial game on the positions, where the hole is the goal (value 0). Entry 0 is
/// the hole.
pub fn ring_grundy(game: &RingGame) -> Result<Grundy, RingGrundyError> {
    if game.steps(Player::One) != game.steps(Player::Two) {
        return Err(RingGrundyError::Partisan);
    }
    let graph = ring::positions(game).map_err(RingGrundyError::Graph)?;
    let mut g = grundy(&graph);
    // Vertex `pos + 1` is position `pos`: shift so that the index is the position.
    g.values.remove(0);
    g.k_start.remove(0);
    Ok(g)
}
