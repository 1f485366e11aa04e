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
use crate::solve::Solution;
use crate::value::{outcome_of, LOSE, LOW, RESOLVED, WIN};

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

/// The words of [`Stepper::snapshot`]: how each state looks at this point.
pub mod snapshot {
    /// Bits 0-1: the value, one of the codes below.
    pub const VALUE_MASK: u32 = 0b11;
    /// Not resolved (yet).
    pub const UNKNOWN: u32 = 0;
    /// Resolved Win (the `Outcome` code).
    pub const WIN: u32 = 1;
    /// Resolved Lose (the `Outcome` code).
    pub const LOSE: u32 = 2;
    /// Never resolved: Loop (a draw), once `Done` has been handed out.
    pub const LOOP: u32 = 3;
    /// Bit 2: resolved and waiting in the queue.
    pub const QUEUED: u32 = 1 << 2;
    /// Bit 3: the state whose predecessors are being examined.
    pub const CURRENT: u32 = 1 << 3;
    /// Bits 4 and up: the depth if resolved, else the moves left on its counter.
    pub const SHIFT: u32 = 4;
    /// A state's *look* (`word & LOOK_MASK`): its value, and whether it is queued. A
    /// picture too dense for one mark per state draws the share of each look instead.
    pub const LOOK_MASK: u32 = VALUE_MASK | QUEUED;
    /// The looks in the order a stacked bar draws them, from the band's outer edge in:
    /// what is decided first, so that a lone decided state among thousands shows at
    /// the edge where the eye meets it; the unknown last.
    pub const STACK: [u32; 6] = [WIN, WIN | QUEUED, LOSE, LOSE | QUEUED, LOOP, UNKNOWN];
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

    /// Puts the BFS exactly where it is after the first `g` events of the full stream,
    /// without replaying them: resolved states and the queue come from the timeline, the
    /// counters are recounted from the Win states popped by then.
    fn rebuild(&mut self, g: u64) {
        self.rebuild_begin(g);
        self.recount_part(u64::MAX);
    }

    /// [`Stepper::rebuild`] but for the counters' recount, which
    /// [`Stepper::recount_part`] then does (its cost is most of a rebuild's on a large
    /// ring: `O(n)` here, `O(n log n)` or `n · min(|s|, n / 64)` there).
    fn rebuild_begin(&mut self, g: u64) {
        self.work.rebuilds += 1;
        self.dirty = Dirty::All;
        let tl = &self.timeline;
        let g = g.min(tl.total);
        let order = &tl.trace.order;
        let r = tl.resolved_before(g);
        // Pops begun before g, and how far the last of them has got.
        let begun = tl.pop_at.partition_point(|&at| at < g);
        self.queue.clear();
        self.queue.extend_from_slice(&order[..r]);
        self.status.fill(0);
        for (c, &s) in order[..r].iter().enumerate() {
            let popped = if c < begun { POPPED } else { 0 };
            self.status[s as usize] = tl.solution.final_status(s) | popped;
        }
        self.head = begun;
        self.next_layer =
            tl.solution.first_depth() + tl.layers.partition_point(|&at| at < g) as u32;
        self.emitted = g;
        self.phase = if g == tl.total {
            Phase::Finished
        } else if g < tl.trace.seeds as u64 {
            Phase::Seeding { t: g as usize }
        } else if begun == 0 {
            Phase::Between
        } else {
            let s = order[begun - 1];
            let examined = g - tl.pop_at[begun - 1] - 1;
            if examined < tl.solution.examined(s) as u64 {
                Phase::Edges {
                    s,
                    t: tl.solution.entry_of_rank(s, examined as u32),
                }
            } else {
                Phase::Between
            }
        };
        // The counters: every move onto a Win whose pop is over, and the entries the
        // current pop (if a Win) has examined so far.
        let (full, partial) = match self.phase {
            Phase::Edges { s, t } => (begun - 1, Some((s, t))),
            _ => (begun, None),
        };
        // Counted first, so that the list is allocated once at its size (up to 2n entries,
        // 80 MB at n = 10^7: a collect that grows by doubling would reserve up to twice that).
        let is_win = |&&s: &&u32| tl.solution.final_status(s) & WIN != 0;
        let mut popped_wins = Vec::with_capacity(order[..full].iter().filter(is_win).count());
        popped_wins.extend(order[..full].iter().filter(is_win));
        self.recounting = Some((RecountJob::new(popped_wins), partial));
    }

    /// About `budget` units of the recount a rebuild left (see [`Retold::recount_part`]):
    /// whether the counters are right now.
    fn recount_part(&mut self, budget: u64) -> bool {
        let Stepper {
            timeline,
            status,
            recount,
            cache,
            recounting,
            work,
            ..
        } = self;
        let Some((job, partial)) = recounting else {
            return true;
        };
        let solution = &timeline.solution;
        if !solution.recount_part(status, job, *recount, cache, budget) {
            return false;
        }
        work.convolved += job.convolved;
        if let Some((s, t)) = *partial {
            if status[s as usize] & WIN != 0 {
                for e in 0..t {
                    if let Some((u, _)) = solution.pred_entry(s, e) {
                        if status[u as usize] & RESOLVED == 0 {
                            status[u as usize] += 1;
                        }
                    }
                }
            }
        }
        *recounting = None;
        true
    }

    /// Begins [`Stepper::seek`]`(m)` without doing it: [`Stepper::seek_advance`] then
    /// does it a budget at a time, so that a caller (a worker) can see other messages
    /// between two slices of a long seek. Until it is done, any other call that looks at
    /// the states (`next`, `next_batch`, `snapshot_seen`, `changes`) finishes it first;
    /// a new `seek` or `seek_begin` replaces it.
    pub fn seek_begin(&mut self, m: u64) {
        self.seeking = None;
        let m = m.min(self.len());
        if m == 0 {
            self.rebuild_begin(0);
            self.last = None;
            return;
        }
        let g = self.timeline.global_index(self.granularity, m - 1);
        if self.recounting.is_some() || g < self.emitted || g - self.emitted > self.rebuild_cost() {
            self.rebuild_begin(g);
        }
        self.seeking = Some(g);
    }

    /// About `budget` units of the seek [`Stepper::seek_begin`] began (a unit is about
    /// a state counted or a quarter of an event stepped, as in
    /// [`Stepper::rebuild_cost`]): whether it is done (then `last_event` is the seek's
    /// event). True at once when no seek is under way.
    pub fn seek_advance(&mut self, budget: u64) -> bool {
        if !self.recount_part(budget) {
            return false;
        }
        let Some(g) = self.seeking else {
            return true;
        };
        let mut events = (budget / 4).max(1);
        while self.emitted < g {
            if events == 0 {
                return false;
            }
            events -= 1;
            if self.step().is_none() {
                break;
            }
        }
        self.seeking = None;
        self.last = self.step();
        true
    }

    /// Finishes a seek under way, if any.
    fn settle(&mut self) {
        while !self.seek_advance(u64::MAX) {}
    }

    /// Moves to just after the `m`-th event at the current granularity (0: the start)
    /// and returns that event, the one to narrate.
    ///
    /// Cost: the events in between when `m` is a little ahead, otherwise a rebuild
    /// ([`Stepper::rebuild_cost`]), whichever is cheaper. `m` past the end clamps to
    /// the end.
    pub fn seek(&mut self, m: u64) -> Option<Event> {
        self.seeking = None;
        let m = m.min(self.len());
        if m == 0 {
            self.rebuild(0);
            self.last = None;
            return None;
        }
        let g = self.timeline.global_index(self.granularity, m - 1);
        self.advance_to(g);
        self.last = self.step();
        self.last
    }

    /// Brings the BFS to just before global event `g`, by stepping when that is close
    /// ahead and by [`Stepper::rebuild`] otherwise.
    fn advance_to(&mut self, g: u64) {
        if self.recounting.is_some() || g < self.emitted || g - self.emitted > self.rebuild_cost() {
            self.rebuild(g);
        }
        while self.emitted < g {
            if self.step().is_none() {
                break;
            }
        }
    }

    /// The snapshot word of slot `s` now (see [`snapshot`]); O(1).
    #[inline]
    fn word(&self, s: u32) -> u32 {
        let solution = &self.timeline.solution;
        if !solution.is_state(s) {
            return 0;
        }
        let st = self.status[s as usize];
        if st & RESOLVED != 0 {
            let mut w = (st >> 30) | (st & DEPTH) << snapshot::SHIFT;
            if st & POPPED == 0 {
                w |= snapshot::QUEUED;
            }
            if self.current() == Some(s) {
                w |= snapshot::CURRENT;
            }
            w
        } else if self.phase == Phase::Finished {
            snapshot::LOOP
        } else {
            (solution.moves(s) - st) << snapshot::SHIFT
        }
    }

    /// The state whose predecessors are being examined, if any.
    #[inline]
    fn current(&self) -> Option<u32> {
        match self.phase {
            Phase::Edges { s, .. } => Some(s),
            _ => None,
        }
    }

    /// The position (at the current granularity) from which state `state` (a snapshot
    /// index) is shown decided; the end for a state that stays undecided (Loop, Draw).
    pub fn decided_at(&self, state: u32) -> u64 {
        self.timeline.decided_at(self.granularity, state)
    }

    /// Snapshot indices run from 0 to this (exclusive).
    pub fn slots(&self) -> u32 {
        self.status.len() as u32
    }

    /// Every state's look at this point, as in [`snapshot`], indexed by slot
    /// (`player.index() * n + pos` on the ring, the vertex on a graph).
    pub fn snapshot(&self) -> Vec<u32> {
        (0..self.status.len() as u32)
            .map(|s| self.word(s))
            .collect()
    }

    /// [`Stepper::snapshot`], which the caller now has seen: the baseline of the next
    /// [`Stepper::changes`].
    pub fn snapshot_seen(&mut self) -> Vec<u32> {
        self.settle();
        let words = self.snapshot();
        self.seen = Some(words.clone());
        self.dirty = Dirty::Some(Vec::new());
        words
    }

    /// The states whose snapshot words differ from what the caller last saw, as pairs
    /// `[slot, word, slot, word, ...]`, which the caller now has seen; `None` when more
    /// than `limit` states differ, and then nothing counts as seen (take a
    /// [`Stepper::snapshot_seen`], or ask again with a larger limit).
    ///
    /// Before the caller has seen anything, every state differs. Cost: O(states
    /// touched) after `next`, `next_batch` and short forward seeks, O(slots) after a
    /// rebuild or `Done`.
    pub fn changes(&mut self, limit: usize) -> Option<Vec<u32>> {
        self.settle();
        let slots = self.status.len();
        if self.seen.is_none() {
            if slots > limit {
                return None;
            }
            let words = self.snapshot_seen();
            return Some(
                (0..slots as u32)
                    .zip(words)
                    .flat_map(|(s, w)| [s, w])
                    .collect(),
            );
        }
        // A state touched twice is reported once: the list is sorted and deduplicated (as
        // u64: see `crate::game::sort_u64`; the list is at most an eighth of the slots, see
        // `touch`). After a rebuild every slot is compared, in order, with no list.
        let listed = match core::mem::replace(&mut self.dirty, Dirty::Some(Vec::new())) {
            Dirty::All => None,
            Dirty::Some(list) => {
                let mut list: Vec<u64> = list.into_iter().map(u64::from).collect();
                crate::game::sort_u64(&mut list);
                list.dedup();
                Some(list)
            }
        };
        let seen = self.seen.as_ref().expect("checked above");
        let mut out = Vec::new();
        let mut check = |s: u32| {
            let w = self.word(s);
            if w != seen[s as usize] {
                if out.len() / 2 >= limit {
                    return false;
                }
                out.extend_from_slice(&[s, w]);
            }
            true
        };
        let within = match &listed {
            None => (0..slots as u32).all(&mut check),
            Some(list) => list.iter().all(|&s| check(s as u32)),
        };
        if !within {
            // Nothing handed out: the baseline stays, and everything is compared
            // against it next time.
            self.dirty = Dirty::All;
            return None;
        }
        let seen = self.seen.as_mut().expect("checked above");
        for pair in out.chunks(2) {
            seen[pair[0] as usize] = pair[1];
        }
        Some(out)
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
