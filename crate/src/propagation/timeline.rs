//! Where every event of a retold solve falls, known before any is handed out.

use crate::game::RingGame;
use crate::propagation::event::Granularity;
use crate::propagation::retold::Retold;
use crate::solve::{solve_traced, Solution, Trace};
use crate::value::{LOW, WIN};
use alloc::vec::Vec;

/// Where every event of the run falls, from a solver's BFS order ([`Trace`]).
///
/// Event indices are global (granularity [`Granularity::Events`]) and 0-based.
/// O(n) memory: a few words per state, none per event.
#[derive(Clone, Debug)]
pub struct Timeline<S> {
    pub(crate) solution: S,
    pub(crate) trace: Trace,
    /// `pop_at[k]`: the index of the `Pop` of `trace.order[k]`.
    pub(crate) pop_at: Vec<u64>,
    /// `layers[d]`: the index of the event `Layer` of the `d`-th layer (depth
    /// `first_depth + d`).
    pub(crate) layers: Vec<u64>,
    /// The number of events in the whole run, `Done` included.
    pub(crate) total: u64,
}

impl Timeline<Solution> {
    /// The timeline of the ring game `game`, from a traced fast solve.
    pub fn new(game: &RingGame) -> Timeline<Solution> {
        let (solution, trace) = solve_traced(game);
        Timeline::from_trace(solution, trace)
    }
}

impl<S: Retold> Timeline<S> {
    /// The timeline of a solve already done with its order recorded (a traced
    /// [`crate::Solver`], say, that ran in steps to report progress).
    pub fn from_trace(solution: S, trace: Trace) -> Timeline<S> {
        let mut pop_at = Vec::with_capacity(trace.order.len());
        let mut layers = Vec::new();
        let mut at = trace.seeds as u64;
        let mut next_layer = solution.first_depth();
        for &s in &trace.order {
            let depth = solution.final_status(s) & LOW;
            if depth >= next_layer {
                next_layer = depth + 1;
                layers.push(at);
                at += 1;
            }
            pop_at.push(at);
            at += 1 + solution.examined(s) as u64;
        }
        Timeline {
            solution,
            trace,
            pop_at,
            layers,
            total: at + 1,
        }
    }

    pub fn solution(&self) -> &S {
        &self.solution
    }

    /// Events in the whole run at granularity [`Granularity::Events`].
    pub fn total(&self) -> u64 {
        self.total
    }

    /// States resolved by the end of the run.
    pub fn resolved(&self) -> u32 {
        self.trace.order.len() as u32
    }

    /// The index of the event that resolves `trace.order[c]`.
    fn resolve_at(&self, c: usize) -> u64 {
        if c < self.trace.seeds as usize {
            return c as u64;
        }
        let k = self
            .trace
            .children_end
            .partition_point(|&e| e as usize <= c);
        let (child, parent) = (self.trace.order[c], self.trace.order[k]);
        let won = self.solution.final_status(child) & WIN != 0;
        self.pop_at[k] + 1 + self.solution.resolving_rank(parent, child, won) as u64
    }

    /// How many states are resolved once the events before `g` have happened.
    pub(crate) fn resolved_before(&self, g: u64) -> usize {
        partition(self.trace.order.len(), |c| self.resolve_at(c) < g)
    }

    /// Events at `granularity` in the whole run.
    pub fn len(&self, granularity: Granularity) -> u64 {
        match granularity {
            Granularity::Events => self.total,
            Granularity::Resolutions => self.trace.order.len() as u64 + 1,
            Granularity::Layers => self.layers.len() as u64 + 1,
        }
    }

    /// Always false: every run ends with `Done`. (Clippy pairs `len` with `is_empty`.)
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The global index of the `m`-th (0-based) event at `granularity`; `m < len`.
    pub fn global_index(&self, granularity: Granularity, m: u64) -> u64 {
        let m_usize = m as usize;
        match granularity {
            Granularity::Events => m,
            Granularity::Resolutions if m_usize < self.trace.order.len() => {
                self.resolve_at(m_usize)
            }
            Granularity::Layers if m_usize < self.layers.len() => self.layers[m_usize],
            _ => self.total - 1,
        }
    }

    /// From which position (events handed out at `granularity`) the state with index
    /// `state` (a snapshot index) is shown decided: just after the event that resolves it,
    /// or at a coarser granularity the first event after that. A state never resolved is
    /// Loop, shown at the end. (A linear search of the BFS order: this answers a
    /// visitor's click, not a loop.)
    pub fn decided_at(&self, granularity: Granularity, state: u32) -> u64 {
        match self.trace.order.iter().position(|&s| s == state) {
            Some(c) => self.count_before(granularity, self.resolve_at(c)) + 1,
            None => self.len(granularity),
        }
    }

    /// How many events at `granularity` come before global index `g`.
    pub fn count_before(&self, granularity: Granularity, g: u64) -> u64 {
        let done = (g >= self.total) as u64;
        match granularity {
            Granularity::Events => g.min(self.total),
            Granularity::Resolutions => self.resolved_before(g) as u64 + done,
            Granularity::Layers => self.layers.partition_point(|&at| at < g) as u64 + done,
        }
    }
}

/// The first `c` in `0 .. len` for which `pred` is false (`pred` must be monotone).
fn partition(len: usize, pred: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, len);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}
