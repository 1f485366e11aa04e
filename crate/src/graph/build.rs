//! Building a [`Graph`] from its edge arrays a budget of work at a time.
//!
//! On the largest graph the memory limit admits (33 million edges) checking the edges
//! and the three counting sorts take seconds; a worker that must answer Cancel meanwhile
//! calls [`GraphBuilder::advance`] in a loop, as it does [`GraphSearch::advance`] for the
//! solve. [`Graph::new`] is the same builder run in one go, so both give the same graph
//! and the same errors, in the same order: `from` is checked before `to`, each from its
//! first entry.
//!
//! [`GraphSearch::advance`]: super::solve::GraphSearch::advance

use std::borrow::Cow;

use super::{Field, Graph, GraphError};

/// Where a build is: each stage runs over the edges (or, once, over the vertices) and can
/// stop anywhere between two of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// `from` checked and each vertex's moves counted.
    CheckFrom,
    /// `to` checked and each vertex's predecessors counted.
    CheckTo,
    /// The counts made starts (`O(n)`, one step).
    Starts,
    /// The predecessor array made, its entries zeroed a budget at a time (an array of
    /// 33 million words takes a tenth of a second).
    Zero,
    /// The predecessors in input order.
    Scatter,
    /// The successors from them, so each vertex's come out ascending.
    Successors,
    /// The predecessors again from those, ascending too.
    Predecessors,
    Done,
}

/// A graph being built: made by [`GraphBuilder::new`] (which checks the sizes at once),
/// then [`advance`](GraphBuilder::advance) until it says true, then
/// [`finish`](GraphBuilder::finish).
///
/// The edges are kept as given (borrowed or owned): an owned `to` array becomes the
/// successor array, and `from` is let go before that array is needed, so the build
/// peaks at three edge arrays instead of four.
#[derive(Clone, Debug)]
pub struct GraphBuilder<'a> {
    n: u32,
    from: Cow<'a, [u32]>,
    to: Cow<'a, [u32]>,
    /// Counts, then CSR starts: `n + 2` entries, the first two 0, so that vertex `v`'s range is `start[v] .. start[v + 1]`.
    out_start: Vec<u32>,
    in_start: Vec<u32>,
    cursor: Vec<u32>,
    pred: Vec<u32>,
    succ: Vec<u32>,
    stage: Stage,
    /// The next edge of the stage.
    at: usize,
    /// The vertex whose range `at` is in (the stages that walk a CSR array).
    v: usize,
    /// A bad edge end found: every later call gives it again.
    failed: Option<GraphError>,
}

impl<'a> GraphBuilder<'a> {
    /// Starts building the graph of `n` vertices with edges `from[i] -> to[i]`: checks
    /// `n`, the memory the graph needs and that both arrays have one entry per edge
    /// (`O(1)` work, then the `O(n)` count arrays); the edges themselves are checked by
    /// `advance`.
    pub fn new(
        n: u64,
        from: Cow<'a, [u32]>,
        to: Cow<'a, [u32]>,
    ) -> Result<GraphBuilder<'a>, GraphError> {
        let n = Graph::check_size(n, from.len() as u64)?;
        if from.len() != to.len() {
            return Err(GraphError::LengthMismatch {
                from: from.len() as u64,
                to: to.len() as u64,
            });
        }
        let slots = n as usize + 1;
        Ok(GraphBuilder {
            n,
            from,
            to,
            out_start: vec![0; slots + 1],
            in_start: vec![0; slots + 1],
            cursor: Vec::new(),
            pred: Vec::new(),
            succ: Vec::new(),
            stage: Stage::CheckFrom,
            at: 0,
            v: 1,
            failed: None,
        })
    }

    /// The number of edges.
    fn m(&self) -> usize {
        self.from.len()
    }

    /// Works until about `budget` units (an edge looked at, or a vertex) are spent or the
    /// graph is built: whether it is. An edge end that is not a vertex is an error
    /// (`EdgeOutOfRange`, the first in `from`, else the first in `to`), given again by
    /// every later call.
    pub fn advance(&mut self, budget: u64) -> Result<bool, GraphError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let mut left = budget;
        while self.stage != Stage::Done {
            if left == 0 {
                return Ok(false);
            }
            let spent = match self.stage {
                Stage::CheckFrom | Stage::CheckTo => self.check(left),
                Stage::Starts => Ok(self.starts()),
                Stage::Zero => Ok(self.zero(left)),
                Stage::Scatter => Ok(self.scatter(left)),
                Stage::Successors => Ok(self.successors(left)),
                Stage::Predecessors => Ok(self.predecessors(left)),
                Stage::Done => Ok(0),
            };
            match spent {
                Ok(spent) => left = left.saturating_sub(spent.max(1)),
                Err(e) => {
                    self.failed = Some(e.clone());
                    return Err(e);
                }
            }
        }
        Ok(true)
    }

    /// The graph, built to the end first if `advance` has not said true yet.
    pub fn finish(mut self) -> Result<Graph, GraphError> {
        self.advance(u64::MAX)?;
        Ok(Graph {
            n: self.n,
            goal: None,
            out_start: self.out_start,
            succ: self.succ,
            in_start: self.in_start,
            pred: self.pred,
        })
    }

    /// Moves to the next stage, from its first edge.
    fn next(&mut self, stage: Stage) {
        self.stage = stage;
        self.at = 0;
        self.v = 1;
    }

    /// Up to `left` edge ends of the array being checked: each a vertex, counted.
    fn check(&mut self, left: u64) -> Result<u64, GraphError> {
        let (field, ends, count) = if self.stage == Stage::CheckFrom {
            (Field::From, &self.from, &mut self.out_start)
        } else {
            (Field::To, &self.to, &mut self.in_start)
        };
        let end = self.at.saturating_add(clamp(left)).min(ends.len());
        for (k, &v) in ends[self.at..end].iter().enumerate() {
            if v == 0 || v > self.n {
                return Err(GraphError::EdgeOutOfRange {
                    field,
                    edge: (self.at + k) as u64,
                    vertex: v as u64,
                    n: self.n,
                });
            }
            count[v as usize + 1] += 1;
        }
        let spent = (end - self.at) as u64;
        self.at = end;
        if end == ends.len() {
            let stage = if field == Field::From {
                Stage::CheckTo
            } else {
                Stage::Starts
            };
            self.next(stage);
        }
        Ok(spent)
    }

    /// The counts summed into starts (one step).
    fn starts(&mut self) -> u64 {
        let slots = self.n as usize + 1;
        for start in [&mut self.out_start, &mut self.in_start] {
            for v in 1..=slots {
                start[v] += start[v - 1];
            }
        }
        self.cursor = self.in_start[..slots].to_vec();
        self.pred = Vec::with_capacity(self.m());
        self.next(Stage::Zero);
        2 * slots as u64
    }

    /// Up to `left` entries of the predecessor array zeroed.
    fn zero(&mut self, left: u64) -> u64 {
        let len = self.pred.len();
        let end = len.saturating_add(clamp(left)).min(self.m());
        self.pred.resize(end, 0);
        if end == self.m() {
            self.next(Stage::Scatter);
        }
        (end - len) as u64
    }

    /// Up to `left` edges put among their head's predecessors, in input order; then
    /// `from` is let go, and `to` (if owned) becomes the successor array.
    fn scatter(&mut self, left: u64) -> u64 {
        let end = self.at.saturating_add(clamp(left)).min(self.m());
        for (&u, &v) in self.from[self.at..end].iter().zip(&self.to[self.at..end]) {
            let c = &mut self.cursor[v as usize];
            self.pred[*c as usize] = u;
            *c += 1;
        }
        let spent = (end - self.at) as u64;
        self.at = end;
        if end == self.m() {
            self.from = Cow::Borrowed(&[]);
            // Every entry is written by the next stage: the old heads can stay till then.
            // (Borrowed edges are the one-call build's, `Graph::new`: zeroed in one go.)
            self.succ = match std::mem::replace(&mut self.to, Cow::Borrowed(&[])) {
                Cow::Owned(to) => to,
                Cow::Borrowed(to) => vec![0; to.len()],
            };
            self.cursor
                .copy_from_slice(&self.out_start[..self.n as usize + 1]);
            self.next(Stage::Successors);
        }
        spent
    }

    /// Up to `left` edges of the predecessor lists, by head ascending, put among their
    /// tail's successors (which so come out ascending).
    fn successors(&mut self, left: u64) -> u64 {
        let m = self.succ.len();
        let end = self.at.saturating_add(clamp(left)).min(m);
        let mut v = self.v;
        for e in self.at..end {
            while e >= self.in_start[v + 1] as usize {
                v += 1;
            }
            let c = &mut self.cursor[self.pred[e] as usize];
            self.succ[*c as usize] = v as u32;
            *c += 1;
        }
        let spent = (end - self.at) as u64;
        (self.at, self.v) = (end, v);
        if end == m {
            self.cursor
                .copy_from_slice(&self.in_start[..self.n as usize + 1]);
            self.next(Stage::Predecessors);
        }
        spent
    }

    /// Up to `left` edges of the successor lists, by tail ascending, put back among their
    /// head's predecessors (which so come out ascending).
    fn predecessors(&mut self, left: u64) -> u64 {
        let m = self.succ.len();
        let end = self.at.saturating_add(clamp(left)).min(m);
        let mut u = self.v;
        for e in self.at..end {
            while e >= self.out_start[u + 1] as usize {
                u += 1;
            }
            let c = &mut self.cursor[self.succ[e] as usize];
            self.pred[*c as usize] = u as u32;
            *c += 1;
        }
        let spent = (end - self.at) as u64;
        (self.at, self.v) = (end, u);
        if end == m {
            self.cursor = Vec::new();
            self.next(Stage::Done);
        }
        spent
    }
}

/// A budget as a count of edges.
fn clamp(left: u64) -> usize {
    usize::try_from(left).unwrap_or(usize::MAX)
}
