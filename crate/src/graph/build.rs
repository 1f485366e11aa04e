//! Building a [`Graph`] from its edge arrays a budget of work at a time.
//!
//! On the largest graph the memory limit admits (33 million edges) copying the edges in,
//! checking them and the three counting sorts take seconds; a worker that must answer
//! Cancel meanwhile hands the edges over in parts ([`GraphBuilder::begin`], then
//! [`GraphBuilder::push`] a chunk at a time) and calls [`GraphBuilder::advance`] in a
//! loop, as it does [`GraphSearch::advance`] for the solve. [`GraphBuilder::new`] (and so
//! [`Graph::new`]) is the same builder given every edge in one push, so all give the same
//! graph and the same errors, in the same order: the sizes first, then the totals pushed
//! (`from` against `m`, then `to`), then every edge end, `from` before `to`, each from its
//! first entry, wherever the chunks were cut.
//!
//! [`GraphSearch::advance`]: super::solve::GraphSearch::advance

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::{Field, Graph, GraphError};

/// Where a build is: each stage runs over the edges (or, once, over the vertices) and can
/// stop anywhere between two of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The edges being pushed (nothing checked yet but their totals, at the end).
    Push,
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

/// A graph being built: begun by [`GraphBuilder::begin`] (which checks the sizes at once)
/// and given its edges by [`push`](GraphBuilder::push), or made with every edge by
/// [`GraphBuilder::new`]; then [`advance`](GraphBuilder::advance) until it says true, then
/// [`finish`](GraphBuilder::finish).
///
/// The edges are kept as given when given in one push (borrowed or owned), else copied
/// into arrays of `m` entries: an owned `to` array becomes the successor array, and
/// `from` is let go before that array is needed, so the build peaks at three edge arrays
/// instead of four.
#[derive(Clone, Debug)]
pub struct GraphBuilder<'a> {
    n: u32,
    /// The number of edges, said at the start: what the memory check counted, and how
    /// many entries each of `from` and `to` must be given.
    m: usize,
    /// Entries given to `from` and to `to` so far, all pushes together (those past `m`
    /// counted, not kept: the memory stays what `m` was checked for).
    given_from: u64,
    given_to: u64,
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
    /// Starts building the graph of `n` vertices with edges `from[i] -> to[i]`, given
    /// whole: [`begin`](GraphBuilder::begin) with `m` the length of `from`, one
    /// [`push`](GraphBuilder::push) of both arrays (kept as they are, not copied), and
    /// their totals checked at once (`LengthMismatch` if `to` has another length).
    pub fn new(
        n: u64,
        from: Cow<'a, [u32]>,
        to: Cow<'a, [u32]>,
    ) -> Result<GraphBuilder<'a>, GraphError> {
        let mut b = GraphBuilder::begin(n, from.len() as u64)?;
        b.push(from, to)?;
        b.close()?;
        Ok(b)
    }

    /// Starts building a graph of `n` vertices and `m` edges, whose edges are then given
    /// by [`push`](GraphBuilder::push): checks `n` and the memory the graph needs (`O(1)`
    /// work, then the `O(n)` count arrays), before any edge is read.
    pub fn begin(n: u64, m: u64) -> Result<GraphBuilder<'a>, GraphError> {
        let n = Graph::check_size(n, m)?;
        let slots = n as usize + 1;
        Ok(GraphBuilder {
            n,
            // Within the memory limit, m < 2^25.
            m: m as usize,
            given_from: 0,
            given_to: 0,
            from: Cow::Borrowed(&[]),
            to: Cow::Borrowed(&[]),
            out_start: vec![0; slots + 1],
            in_start: vec![0; slots + 1],
            cursor: Vec::new(),
            pred: Vec::new(),
            succ: Vec::new(),
            stage: Stage::Push,
            at: 0,
            v: 1,
            failed: None,
        })
    }

    /// The most edges one [`push`](GraphBuilder::push) of the JS API takes (2^20, 4 MiB
    /// an array): a call that copies them stays a few milliseconds, so a worker that
    /// pushes chunk by chunk answers Cancel between two, and the pages read the bound here.
    pub const MAX_PUSH: usize = 1 << 20;

    /// Gives the next entries of `from` and of `to` (each array's own next entries: the
    /// two need not be cut at the same places), in `O(length)` (a copy; none when a
    /// builder is given all its edges in its first push). Nothing is checked here but
    /// that the build has not gone past its pushes: the totals are checked by the first
    /// [`advance`](GraphBuilder::advance) (and entries past `m` are counted for that
    /// error, not kept), the edge ends after them, so that any way of cutting the arrays
    /// gives the errors of the whole arrays.
    pub fn push(
        &mut self,
        from: impl Into<Cow<'a, [u32]>>,
        to: impl Into<Cow<'a, [u32]>>,
    ) -> Result<(), GraphError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let (from, to) = (from.into(), to.into());
        self.given_from += from.len() as u64;
        self.given_to += to.len() as u64;
        if self.stage != Stage::Push {
            // Pushed after the totals were found right: now they are not.
            if from.is_empty() && to.is_empty() {
                return Ok(());
            }
            let e = self.totals().expect_err("more than m entries");
            self.failed = Some(e.clone());
            return Err(e);
        }
        append(&mut self.from, from, self.m);
        append(&mut self.to, to, self.m);
        Ok(())
    }

    /// The error of the totals pushed, if any: `from` must have had `m` entries
    /// (`EdgeCount`), then `to` as many as `from` (`LengthMismatch`, as for whole arrays).
    fn totals(&self) -> Result<(), GraphError> {
        let m = self.m as u64;
        if self.given_from != m {
            return Err(GraphError::EdgeCount {
                field: Field::From,
                m,
                given: self.given_from,
            });
        }
        if self.given_to != m {
            return Err(GraphError::LengthMismatch {
                from: m,
                to: self.given_to,
            });
        }
        Ok(())
    }

    /// Ends the pushes: their totals checked, the checks of the edges next.
    fn close(&mut self) -> Result<(), GraphError> {
        self.totals()?;
        self.next(Stage::CheckFrom);
        Ok(())
    }

    /// The number of edges.
    fn m(&self) -> usize {
        self.m
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
                Stage::Push => self.close().map(|()| 0),
                Stage::CheckFrom | Stage::CheckTo => self.check(left),
                Stage::Starts => Ok(self.starts()),
                Stage::Zero => Ok(self.zero(left)),
                Stage::Scatter => Ok(self.scatter(left)),
                Stage::Successors => Ok(self.successors(left)),
                Stage::Predecessors => Ok(self.predecessors(left)),
                Stage::Done => Ok(0),
            };
            // (`Push` spends nothing: its 0 counts as 1, below.)
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
            self.succ = match core::mem::replace(&mut self.to, Cow::Borrowed(&[])) {
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

/// Appends `more` to `into`, up to `m` entries in all (what is past them only counted, by
/// the caller): the first entries are kept as they come (a whole array given at once is
/// not copied), later ones copied into an array of `m` entries.
fn append<'a>(into: &mut Cow<'a, [u32]>, more: Cow<'a, [u32]>, m: usize) {
    let room = m.saturating_sub(into.len());
    let take = more.len().min(room);
    if into.is_empty() {
        *into = match more {
            Cow::Borrowed(s) => Cow::Borrowed(&s[..take]),
            Cow::Owned(mut v) => {
                v.truncate(take);
                Cow::Owned(v)
            }
        };
    } else if take > 0 {
        let v = into.to_mut();
        v.reserve_exact(m - v.len());
        v.extend_from_slice(&more[..take]);
    }
}

/// A budget as a count of edges.
fn clamp(left: u64) -> usize {
    usize::try_from(left).unwrap_or(usize::MAX)
}
