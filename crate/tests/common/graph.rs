//! Independent oracles for games on graphs, straight from `docs/rules.md`: plain
//! fixed-point iteration for the values and "win or lose within t plies" for the
//! depths, the spec's procedure for the generalised Sprague-Grundy values written as
//! literally as possible, and random graphs. Slow and obvious on purpose.
#![allow(dead_code)]

use loopy::Outcome;

use super::Rng;

/// A small game graph as plain edge lists.
#[derive(Clone, Debug)]
pub struct Edges {
    pub n: u32,
    pub from: Vec<u32>,
    pub to: Vec<u32>,
    pub goal: Option<u32>,
}

impl Edges {
    /// The moves from `v`, in no particular order (none from the goal).
    pub fn moves(&self, v: u32) -> Vec<u32> {
        if Some(v) == self.goal {
            return Vec::new();
        }
        self.from
            .iter()
            .zip(&self.to)
            .filter(|&(&u, _)| u == v)
            .map(|(_, &w)| w)
            .collect()
    }

    pub fn graph(&self) -> loopy::Graph {
        loopy::Graph::new(self.n as u64, &self.from, &self.to)
            .and_then(|g| g.with_goal(self.goal.map(u64::from)))
            .expect("a valid graph")
    }
}

/// Outcome and depth of every vertex (entry 0 unused), by the spec's definitions.
pub struct GraphOracle {
    pub outcome: Vec<Outcome>,
    pub depth: Vec<u32>,
    pub moves: Vec<Vec<u32>>,
}

impl GraphOracle {
    pub fn new(e: &Edges) -> GraphOracle {
        let n = e.n as usize;
        let moves: Vec<Vec<u32>> = (0..=e.n).map(|v| e.moves(v)).collect();
        // "Win within t" and "Lose within t" plies for t = 0, 1, 2, ...: a vertex
        // without moves (or the goal) is lost within 0; a vertex is won within t + 1
        // if some move reaches one lost within t, lost within t + 1 if it has moves and
        // every move reaches one won within t.
        let mut win_by = vec![false; n + 1];
        let mut lose_by: Vec<bool> = (0..=n).map(|v| v > 0 && moves[v].is_empty()).collect();
        let mut depth = vec![0u32; n + 1];
        let mut t = 0;
        loop {
            let next_win: Vec<bool> = (0..=n)
                .map(|v| v > 0 && moves[v].iter().any(|&w| lose_by[w as usize]))
                .collect();
            let next_lose: Vec<bool> = (0..=n)
                .map(|v| {
                    v > 0 && (moves[v].is_empty() || moves[v].iter().all(|&w| win_by[w as usize]))
                })
                .collect();
            t += 1;
            let mut changed = false;
            for v in 1..=n {
                if (next_win[v] && !win_by[v]) || (next_lose[v] && !lose_by[v]) {
                    depth[v] = t;
                    changed = true;
                }
            }
            win_by = next_win;
            lose_by = next_lose;
            if !changed {
                break;
            }
        }
        // The values again, by the two inference rules alone (least fixed point).
        let mut outcome = vec![Outcome::Loop; n + 1];
        loop {
            let mut changed = false;
            for v in 1..=n {
                if outcome[v] != Outcome::Loop {
                    continue;
                }
                let o = &outcome;
                let win = moves[v].iter().any(|&w| o[w as usize] == Outcome::Lose);
                let lose = moves[v].iter().all(|&w| o[w as usize] == Outcome::Win);
                if win || lose {
                    outcome[v] = if win { Outcome::Win } else { Outcome::Lose };
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for v in 1..=n {
            let by_t = match (win_by[v], lose_by[v]) {
                (true, false) => Outcome::Win,
                (false, true) => Outcome::Lose,
                (false, false) => Outcome::Loop,
                (true, true) => panic!("oracle: vertex {v} both Win and Lose"),
            };
            assert_eq!(by_t, outcome[v], "oracle disagrees with itself at {v}");
            if by_t == Outcome::Loop {
                depth[v] = 0;
            }
        }
        GraphOracle {
            outcome,
            depth,
            moves,
        }
    }

    /// Whether the move `v -> w` is optimal by the spec's rules (fastest win, longest
    /// resistance, stay in the draw).
    pub fn optimal(&self, v: u32, w: u32) -> bool {
        let (v, w) = (v as usize, w as usize);
        let d = self.depth[v];
        match self.outcome[v] {
            Outcome::Win => self.outcome[w] == Outcome::Lose && self.depth[w] + 1 == d,
            Outcome::Lose => self.outcome[w] == Outcome::Win && self.depth[w] + 1 == d,
            Outcome::Loop => self.outcome[w] == Outcome::Loop,
        }
    }

    /// The spec's best move: the smallest vertex among the optimal moves.
    pub fn best_move(&self, v: u32) -> Option<u32> {
        self.moves[v as usize]
            .iter()
            .copied()
            .filter(|&w| self.optimal(v, w))
            .min()
    }

    /// Whether the move `v -> w` is one correct play may make (the optimal-play set).
    pub fn correct(&self, v: u32, w: u32) -> bool {
        match self.outcome[v as usize] {
            Outcome::Win => self.outcome[w as usize] == Outcome::Lose,
            Outcome::Lose => true,
            Outcome::Loop => self.outcome[w as usize] == Outcome::Loop,
        }
    }

    /// The optimal-play set by brute force: every play of correct moves from `start`,
    /// enumerated one by one up to `n` moves long (no vertex is first reached later).
    pub fn optimal_set(&self, start: u32) -> Vec<u32> {
        let n = self.outcome.len() - 1;
        let mut seen = vec![false; n + 1];
        let mut plays = vec![vec![start]];
        while let Some(play) = plays.pop() {
            let v = *play.last().unwrap();
            seen[v as usize] = true;
            if play.len() > n {
                continue;
            }
            for &w in &self.moves[v as usize] {
                if self.correct(v, w) {
                    let mut longer = play.clone();
                    longer.push(w);
                    plays.push(longer);
                }
            }
        }
        (1..=n as u32).filter(|&v| seen[v as usize]).collect()
    }
}

/// `None` for an unvalued vertex, `Some(k)` for value `k`.
pub type Label = Option<u32>;

/// Smith's generalised values by the spec's procedure, as literally as it is written:
/// for k = 0, 1, ...: repeat until nothing changes, giving k to each vertex (in
/// vertex order, one at a time, so that "already given" means given before) that
/// meets (1), (2) and (3); stop when no unvalued vertex has successors with all of
/// 0..k. Returns the finite values (`None` for ∞) and, per vertex, `K`.
pub fn smith_plain(e: &Edges) -> (Vec<Label>, Vec<Vec<u32>>) {
    let n = e.n as usize;
    let moves: Vec<Vec<u32>> = (0..=e.n).map(|v| e.moves(v)).collect();
    let mut label: Vec<Label> = vec![None; n + 1];
    let mut k = 0;
    loop {
        loop {
            let mut changed = false;
            for u in 1..=n {
                if label[u].is_some() {
                    continue;
                }
                let has = |x: usize, value: u32| {
                    moves[x].iter().any(|&w| label[w as usize] == Some(value))
                };
                let c1 = !has(u, k);
                let c2 = (0..k).all(|j| has(u, j));
                let c3 = moves[u]
                    .iter()
                    .filter(|&&w| label[w as usize].is_none())
                    .all(|&w| has(w as usize, k));
                if c1 && c2 && c3 {
                    label[u] = Some(k);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let more = (1..=n).any(|u| {
            label[u].is_none()
                && (0..=k).all(|j| moves[u].iter().any(|&w| label[w as usize] == Some(j)))
        });
        if !more {
            break;
        }
        k += 1;
    }
    let sets = (0..=n)
        .map(|u| {
            let mut s: Vec<u32> = moves[u].iter().filter_map(|&w| label[w as usize]).collect();
            s.sort_unstable();
            s.dedup();
            s
        })
        .collect();
    (label, sets)
}

impl Rng {
    /// A random graph on `1 ..= n` with `m` edges (self-loops and repeats allowed,
    /// so sinks, cycles and draws all come up), and a goal with probability 1/2.
    pub fn graph(&mut self, n: u32, m: u32) -> Edges {
        let from = (0..m).map(|_| 1 + self.below(n as u64) as u32).collect();
        let to = (0..m).map(|_| 1 + self.below(n as u64) as u32).collect();
        let goal = (self.below(2) == 0).then(|| 1 + self.below(n as u64) as u32);
        Edges { n, from, to, goal }
    }

    /// A random acyclic graph: every edge goes from a smaller vertex to a larger one
    /// (repeats allowed), and a goal with probability 1/2.
    pub fn dag(&mut self, n: u32, m: u32) -> Edges {
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for _ in 0..if n > 1 { m } else { 0 } {
            let a = 1 + self.below(n as u64 - 1) as u32;
            let b = a + 1 + self.below((n - a) as u64) as u32;
            from.push(a);
            to.push(b);
        }
        let goal = (self.below(2) == 0).then(|| 1 + self.below(n as u64) as u32);
        Edges { n, from, to, goal }
    }
}
