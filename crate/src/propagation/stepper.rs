//! The stepper: the BFS one event at a time, with random access through its timeline,
//! and what changed on screen since the caller last looked.

use alloc::vec::Vec;
use core::iter::FusedIterator;

use crate::game::RingGame;
use crate::graph::solve::{solve_graph_traced, GraphSolution};
use crate::graph::Graph;
use crate::propagation::event::{Event, Granularity, Told, PACKED_WORDS};
use crate::propagation::retold::{Recount, RecountCache, RecountJob, Retold};
use crate::propagation::timeline::Timeline;

mod picture;
mod seek;

use crate::solve::Solution;
use crate::value::{outcome_of, LOSE, LOW, RESOLVED, WIN};
pub use picture::snapshot;

/// Where the BFS is between two events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Emitting seed number `t`.
    Seeding { t: usize },
    /// Between pops: next is a `Layer`, a `Pop`, or `Done`.
    Between,
    /// Examining the predecessors of the popped state `s`, next entry `t`.
    Edges { s: u32, t: usize },
    /// `Done` has been emitted.
    Finished,
}

/// The most events [`Stepper::next_batch`] hands out at once (16 MB packed): a larger
/// `max` gets this many, and the caller asks again.
pub const MAX_BATCH: usize = 1 << 20;

/// A state's word in the stepper's own status array: resolved states have popped.
const POPPED: u32 = 1 << 29;
/// The depth bits of a resolved state's word (below [`POPPED`]).
const DEPTH: u32 = LOW & !POPPED;

/// The states whose snapshot words may differ from what the caller last saw.
#[derive(Clone, Debug)]
enum Dirty {
    /// Any state (after a rebuild, or `Done`).
    All,
    /// These states, maybe repeated.
    Some(Vec<u32>),
}

/// How much work the stepper has done, for tests that hold it to its bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Events stepped through, handed out or not.
    pub stepped: u64,
    /// Rebuilds of the BFS's state from the timeline (each about `rebuild_cost`).
    pub rebuilds: u64,
    /// Players' counters recounted by convolution in those rebuilds (the ring's).
    pub convolved: u64,
}

/// The stepper: the BFS of a solved game, one event at a time, with random access.
///
/// One implementation for the ring ([`Propagation`](crate::Propagation)) and for
/// graphs ([`GraphPropagation`](crate::GraphPropagation)); what differs is behind
/// [`Retold`].
///
/// ```
/// use loopy::{Event, Granularity, Propagation, RingGame};
/// let game = RingGame::new(5, &[2, 3], &[1, 2, 3]).unwrap();
/// let mut run = Propagation::new(&game, Granularity::Resolutions);
/// assert_eq!(run.len(), 7); // 6 resolutions, then Done
/// let last = run.by_ref().last();
/// assert_eq!(last, Some(Event::Done { loops: 2 }));
/// assert_eq!(run.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Stepper<S> {
    timeline: Timeline<S>,
    granularity: Granularity,
    /// Per slot: outcome, [`POPPED`] and depth once resolved; before that, how many
    /// of its moves are known to hand the opponent a Win (the counter, counted up).
    status: Vec<u32>,
    queue: Vec<u32>,
    head: usize,
    phase: Phase,
    /// The global index of the next event.
    emitted: u64,
    /// The depth of the next `Layer` to announce.
    next_layer: u32,
    /// The last event handed out (`None` at the start).
    last: Option<Event>,
    /// The words the caller last saw (from [`Stepper::changes`] or
    /// [`Stepper::snapshot_seen`]); `None` until it has seen any.
    seen: Option<Vec<u32>>,
    dirty: Dirty,
    work: Work,
    recount: Recount,
    /// What the last rebuild kept for the next (the step sets' transforms).
    cache: RecountCache,
    /// A rebuild's recount under way (see [`Stepper::seek_begin`]), and the entries the
    /// current pop has examined (added once the recount is done): the counters are
    /// right only once it is `None`.
    recounting: Option<(RecountJob, Option<(u32, usize)>)>,
    /// A seek under way in slices: the global event it stands before, then steps.
    seeking: Option<u64>,
}

impl Stepper<Solution> {
    /// The ring game's stepper, at the start of the run.
    pub fn new(game: &RingGame, granularity: Granularity) -> Stepper<Solution> {
        Stepper::from_timeline(Timeline::new(game), granularity)
    }

    pub fn game(&self) -> &RingGame {
        self.solution().game()
    }
}

impl Stepper<GraphSolution> {
    /// A game graph's stepper (with the graph's goal), at the start of the run.
    pub fn new(graph: Graph, granularity: Granularity) -> Stepper<GraphSolution> {
        let (solution, trace) = solve_graph_traced(graph);
        Stepper::from_timeline(Timeline::from_trace(solution, trace), granularity)
    }

    pub fn graph(&self) -> &Graph {
        self.solution().graph()
    }
}

impl<S: Retold> Stepper<S> {
    /// A stepper at the start of `timeline`'s run.
    pub fn from_timeline(timeline: Timeline<S>, granularity: Granularity) -> Stepper<S> {
        let slots = timeline.solution.slots();
        let next_layer = timeline.solution.first_depth();
        Stepper {
            timeline,
            granularity,
            status: vec![0; slots],
            queue: Vec::with_capacity(slots),
            head: 0,
            phase: Phase::Seeding { t: 0 },
            emitted: 0,
            next_layer,
            last: None,
            seen: None,
            dirty: Dirty::All,
            work: Work::default(),
            recount: Recount::Auto,
            cache: RecountCache::default(),
            recounting: None,
            seeking: None,
        }
    }

    /// The final answer, known from the start (the timeline is a full solve).
    pub fn solution(&self) -> &S {
        &self.timeline.solution
    }

    pub fn granularity(&self) -> Granularity {
        self.granularity
    }

    /// Switches granularity; the BFS stays where it is.
    pub fn set_granularity(&mut self, granularity: Granularity) {
        self.granularity = granularity;
    }

    /// Events at the current granularity in the whole run.
    pub fn len(&self) -> u64 {
        self.timeline.len(self.granularity)
    }

    /// Always false: every run has at least its `Done` event.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Events at the current granularity handed out so far.
    pub fn cursor(&self) -> u64 {
        self.timeline.count_before(self.granularity, self.emitted)
    }

    /// Events of the full stream (granularity `Events`) so far.
    pub fn global_position(&self) -> u64 {
        self.emitted
    }

    /// States resolved so far (for a progress bar; out of [`Stepper::total_states`]).
    pub fn resolved(&self) -> u32 {
        self.queue.len() as u32
    }

    /// The states the search decides (Win or Lose): all of them are resolved by the end,
    /// and the rest of the run after the last only checks moves into decided states.
    pub fn decidable(&self) -> u32 {
        self.timeline.trace.order.len() as u32
    }

    /// The states of the game: `2 (n - 1)` on the ring, `n` on a graph.
    pub fn total_states(&self) -> u32 {
        self.timeline.solution.states()
    }

    pub fn is_done(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// The last event handed out by `next`, `next_batch` or `seek`; `None` at the start.
    pub fn last_event(&self) -> Option<Event> {
        self.last
    }

    /// `event` as a page is told it (see [`Told`]).
    pub fn told(&self, event: Option<Event>) -> Option<Told> {
        event.map(|e| self.solution().told(e))
    }

    /// The work done so far (see [`Work`]).
    pub fn work(&self) -> Work {
        self.work
    }

    /// How rebuilds recount the counters (the answer is the same; for the tests).
    #[doc(hidden)]
    pub fn set_recount(&mut self, recount: Recount) {
        self.recount = recount;
    }

    /// Roughly what a rebuild costs, in events' worth of work: a seek steps forward
    /// instead when the target is at most this far ahead.
    pub fn rebuild_cost(&self) -> u64 {
        self.timeline.solution.rebuild_cost()
    }

    /// Notes that state `s` may look different. Past an eighth of the slots a list is no
    /// cheaper than comparing them all, and `changes` would need 12 bytes a slot to sort
    /// it: then every slot is marked instead.
    #[inline]
    fn touch(&mut self, s: u32) {
        if let Dirty::Some(list) = &mut self.dirty {
            if list.len() < self.status.len() / 8 {
                list.push(s);
            } else {
                self.dirty = Dirty::All;
            }
        }
    }

    /// The next event of the full stream, whatever the granularity.
    ///
    /// `#[inline]` on the stepping path (here, `step_inner`, `resolve`, `word`,
    /// `current`, `next`, `Event::pack` and the ring's `Retold` answers): the ring module
    /// is built with a low inline threshold for its size (RING_MODULE in
    /// xtask/src/build.rs), under which these stayed calls that build an event only to
    /// drop it, and seeks stepped 1.4 times slower. A hint keeps them inlined there.
    #[inline]
    fn step(&mut self) -> Option<Event> {
        let event = self.step_inner();
        if event.is_some() {
            self.work.stepped += 1;
            self.emitted += 1;
        }
        event
    }

    #[inline]
    fn step_inner(&mut self) -> Option<Event> {
        loop {
            match self.phase {
                Phase::Finished => return None,
                Phase::Seeding { t } => {
                    let Some(&s) =
                        self.timeline.trace.order[..self.timeline.trace.seeds as usize].get(t)
                    else {
                        self.phase = Phase::Between;
                        continue;
                    };
                    self.phase = Phase::Seeding { t: t + 1 };
                    let status = self.timeline.solution.final_status(s);
                    let (step, succ) = self.timeline.solution.seed_move(s);
                    return Some(self.resolve(s, status, step, succ));
                }
                Phase::Between => {
                    let Some(&s) = self.queue.get(self.head) else {
                        self.phase = Phase::Finished;
                        // Every state still unresolved turns Loop.
                        self.dirty = Dirty::All;
                        let loops = self.total_states() - self.resolved();
                        return Some(Event::Done { loops });
                    };
                    let st = self.status[s as usize];
                    let depth = st & DEPTH;
                    if depth >= self.next_layer {
                        self.next_layer = depth + 1;
                        let count = (self.queue.len() - self.head) as u32;
                        return Some(Event::Layer { depth, count });
                    }
                    self.head += 1;
                    self.status[s as usize] |= POPPED;
                    self.touch(s);
                    self.phase = Phase::Edges { s, t: 0 };
                    let (player, pos) = self.timeline.solution.name(s);
                    return Some(Event::Pop {
                        player,
                        pos,
                        outcome: outcome_of(st),
                        depth,
                    });
                }
                Phase::Edges { s, t } => {
                    let solution = &self.timeline.solution;
                    if t >= solution.pred_entries(s) {
                        // `s` is no longer the current state.
                        self.phase = Phase::Between;
                        self.touch(s);
                        continue;
                    }
                    self.phase = Phase::Edges { s, t: t + 1 };
                    let Some((u, step)) = solution.pred_entry(s, t) else {
                        continue;
                    };
                    let succ = solution.name(s).1;
                    let (player, pos) = solution.name(u);
                    let st = self.status[u as usize];
                    if st & RESOLVED != 0 {
                        return Some(Event::Skip {
                            player,
                            pos,
                            step,
                            succ,
                        });
                    }
                    let popped = self.status[s as usize];
                    let depth = (popped & DEPTH) + 1;
                    if popped & LOSE != 0 {
                        return Some(self.resolve(u, WIN | depth, step, succ));
                    }
                    let k = solution.moves(u);
                    if st + 1 == k {
                        return Some(self.resolve(u, LOSE | depth, step, succ));
                    }
                    self.status[u as usize] = st + 1;
                    self.touch(u);
                    return Some(Event::Update {
                        player,
                        pos,
                        step,
                        succ,
                        left: k - st - 1,
                    });
                }
            }
        }
    }

    #[inline]
    fn resolve(&mut self, s: u32, status: u32, step: u32, succ: u32) -> Event {
        self.status[s as usize] = status;
        self.queue.push(s);
        self.touch(s);
        let (player, pos) = self.timeline.solution.name(s);
        Event::Resolve {
            player,
            pos,
            outcome: outcome_of(status),
            depth: status & DEPTH,
            step,
            succ,
        }
    }

    /// Up to `max` (at most [`MAX_BATCH`]) next events at the current granularity,
    /// packed as in [`Event::pack`].
    pub fn next_batch(&mut self, max: usize) -> Vec<u32> {
        let max = max.min(MAX_BATCH);
        let mut out = Vec::with_capacity(max.min(1 << 16) * PACKED_WORDS);
        for event in self.by_ref().take(max) {
            out.extend_from_slice(&event.pack());
        }
        out
    }
}

impl<S: Retold> Iterator for Stepper<S> {
    type Item = Event;

    #[inline]
    fn next(&mut self) -> Option<Event> {
        self.settle();
        let event = if self.granularity == Granularity::Events {
            self.step()
        } else {
            let m = self.cursor();
            if m >= self.len() {
                return None;
            }
            let g = self.timeline.global_index(self.granularity, m);
            self.advance_to(g);
            self.step()
        };
        if event.is_some() {
            self.last = event;
        }
        event
    }
}

impl<S: Retold> FusedIterator for Stepper<S> {}
