//! The solve retold step by step: a fused iterator of [`Event`]s that runs the spec's
//! retrograde BFS one event at a time.
//!
//! The animation needs two things a plain BFS cannot give: the length of the run up
//! front (for a timeline scrubber), and jumping to any point in it, backwards too.
//! So a [`Propagation`] first solves the game with the fast solver and keeps the
//! BFS order ([`Timeline`], O(n) memory, no events). From that it knows where every
//! event falls, and [`Propagation::seek`] rebuilds the BFS's exact state (queue,
//! counters, cursor) at any event without replaying the events before it. Stepping
//! forward is the plain BFS: the queue, a counter per state, one predecessor per event.
//!
//! Event stream (granularity [`Granularity::Events`]):
//!
//! 1. `Resolve` (Win, depth 1) for each state with a step onto the hole, player 1's
//!    positions ascending, then player 2's;
//! 2. then, until the queue is empty:
//!    * `Layer { depth, count }` when the queue's head is deeper than every state popped
//!      so far: the whole layer `depth` is known, and `count` states hold it;
//!    * `Pop` of the queue's head `(q, j)`;
//!    * one event per predecessor `(p, j - x)`, `x` in `s_p` ascending, skipping the hole:
//!      `Skip` if it is already resolved, else `Resolve` (it became Win, or its counter
//!      reached zero and it became Lose) or `Update` (its counter dropped, `left` to go);
//! 3. `Done { loops }`: every state still unresolved is Loop.

use core::fmt;
use core::iter::FusedIterator;
use core::str::FromStr;

use serde::Serialize;

use crate::bits::{words_for, Bits};
use crate::game::{Player, RingGame};
use crate::solve::{
    outcome_of, pred, solve_traced, Outcome, Solution, Trace, LOSE, LOW, RESOLVED, WIN,
};

/// One step of the retold BFS. Serialised with a `kind` tag: `{ kind: "resolve", ... }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// `(player, pos)` is now known to be `outcome` in `depth`. `step` is the move that
    /// decided it and `succ` the position it leads to (0, the hole, for depth 1).
    Resolve {
        player: Player,
        pos: u32,
        outcome: Outcome,
        depth: u32,
        step: u32,
        succ: u32,
    },
    /// `(player, pos)` leaves the queue; its predecessors are examined next.
    Pop {
        player: Player,
        pos: u32,
        outcome: Outcome,
        depth: u32,
    },
    /// `(player, pos)` has one more move known to hand the opponent a Win (`step`, to
    /// `succ`, the popped state); `left` moves remain undecided.
    Update {
        player: Player,
        pos: u32,
        step: u32,
        succ: u32,
        left: u32,
    },
    /// `(player, pos)` is a predecessor of the popped state `succ` but already resolved.
    Skip {
        player: Player,
        pos: u32,
        step: u32,
        succ: u32,
    },
    /// Every state of depth `depth` is now resolved; `count` of them.
    Layer { depth: u32, count: u32 },
    /// The queue is empty; the `loops` states never resolved are Loop.
    Done { loops: u32 },
}

/// Words per event in [`Event::pack`]'s layout.
pub const PACKED_WORDS: usize = 4;

/// The `kind` codes of [`Event::pack`].
pub mod kind {
    pub const RESOLVE: u32 = 0;
    pub const POP: u32 = 1;
    pub const UPDATE: u32 = 2;
    pub const SKIP: u32 = 3;
    pub const LAYER: u32 = 4;
    pub const DONE: u32 = 5;
}

impl Event {
    /// Four `u32` words, the layout of `Propagation.nextBatch` (see the README):
    ///
    /// | word | bits | content |
    /// |---|---|---|
    /// | 0 | 0-7 | kind: 0 resolve, 1 pop, 2 update, 3 skip, 4 layer, 5 done |
    /// | 0 | 8-15 | player (1 or 2; 0 for layer and done) |
    /// | 0 | 16-23 | outcome (`Outcome` code: 1 Win, 2 Lose; 0 otherwise) |
    /// | 1 | | pos; for layer: depth; for done: loops |
    /// | 2 | | depth (resolve, pop); left (update); count (layer); 0 otherwise |
    /// | 3 | | step (resolve, update, skip); 0 otherwise |
    ///
    /// The successor of resolve, update and skip is `(pos + step) mod n`.
    pub fn pack(&self) -> [u32; PACKED_WORDS] {
        let head = |kind: u32, player: Player, outcome: Outcome| {
            kind | (player.number() as u32) << 8 | (outcome as u32) << 16
        };
        match *self {
            Event::Resolve {
                player,
                pos,
                outcome,
                depth,
                step,
                ..
            } => [head(kind::RESOLVE, player, outcome), pos, depth, step],
            Event::Pop {
                player,
                pos,
                outcome,
                depth,
            } => [head(kind::POP, player, outcome), pos, depth, 0],
            Event::Update {
                player,
                pos,
                step,
                left,
                ..
            } => [head(kind::UPDATE, player, Outcome::Loop), pos, left, step],
            Event::Skip {
                player, pos, step, ..
            } => [head(kind::SKIP, player, Outcome::Loop), pos, 0, step],
            Event::Layer { depth, count } => [kind::LAYER, depth, count, 0],
            Event::Done { loops } => [kind::DONE, loops, 0, 0],
        }
    }

    /// The inverse of [`Event::pack`], given the ring size (for the successors).
    pub fn unpack(words: [u32; PACKED_WORDS], n: u32) -> Option<Event> {
        let [w0, a, b, step] = words;
        let player = Player::from_number((w0 >> 8 & 0xff) as u8);
        let outcome = match w0 >> 16 & 0xff {
            1 => Outcome::Win,
            2 => Outcome::Lose,
            _ => Outcome::Loop,
        };
        let succ = if a < n && step < n { (a + step) % n } else { 0 };
        Some(match w0 & 0xff {
            kind::RESOLVE => Event::Resolve {
                player: player?,
                pos: a,
                outcome,
                depth: b,
                step,
                succ,
            },
            kind::POP => Event::Pop {
                player: player?,
                pos: a,
                outcome,
                depth: b,
            },
            kind::UPDATE => Event::Update {
                player: player?,
                pos: a,
                step,
                succ,
                left: b,
            },
            kind::SKIP => Event::Skip {
                player: player?,
                pos: a,
                step,
                succ,
            },
            kind::LAYER => Event::Layer { depth: a, count: b },
            kind::DONE => Event::Done { loops: a },
            _ => return None,
        })
    }

    pub fn is_resolve(&self) -> bool {
        matches!(self, Event::Resolve { .. })
    }
}

/// Which events the stepper hands out; the BFS underneath is the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Granularity {
    /// Every event: seeds, layers, pops, each predecessor examined, done.
    #[default]
    Events,
    /// `Resolve` events and the final `Done`.
    Resolutions,
    /// `Layer` events (one per BFS depth) and the final `Done`.
    Layers,
}

/// A granularity name that is not one of `events`, `resolutions`, `layers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGranularity(pub String);

impl fmt::Display for UnknownGranularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown granularity {:?}: use \"events\", \"resolutions\" or \"layers\"",
            self.0
        )
    }
}

impl std::error::Error for UnknownGranularity {}

impl FromStr for Granularity {
    type Err = UnknownGranularity;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "events" => Ok(Granularity::Events),
            "resolutions" => Ok(Granularity::Resolutions),
            "layers" => Ok(Granularity::Layers),
            _ => Err(UnknownGranularity(s.to_owned())),
        }
    }
}

impl Granularity {
    pub fn as_str(self) -> &'static str {
        match self {
            Granularity::Events => "events",
            Granularity::Resolutions => "resolutions",
            Granularity::Layers => "layers",
        }
    }
}

/// Where every event of the run falls, from the fast solver's BFS order.
///
/// Event indices are global (granularity [`Granularity::Events`]) and 0-based.
#[derive(Clone, Debug)]
pub struct Timeline {
    solution: Solution,
    trace: Trace,
    /// `pop_at[k]`: the index of the `Pop` of `trace.order[k]`.
    pop_at: Vec<u64>,
    /// `layers[d - 1]`: the index of the event `Layer { depth: d, .. }`.
    layers: Vec<u64>,
    /// The number of events in the whole run, `Done` included.
    total: u64,
}

impl Timeline {
    pub fn new(game: &RingGame) -> Timeline {
        let (solution, trace) = solve_traced(game);
        Timeline::from_trace(solution, trace)
    }

    /// The timeline of a solve already done with its order recorded (a traced
    /// [`crate::Solver`], say, that ran in steps to report progress).
    pub fn from_trace(solution: Solution, trace: Trace) -> Timeline {
        let game = solution.game();
        let n = game.n() as usize;
        let mut pop_at = Vec::with_capacity(trace.order.len());
        let mut layers = Vec::new();
        let mut at = trace.seeds as u64;
        let mut announced = 0;
        for &s in &trace.order {
            let (q, j) = (Player::from_index(s as usize / n), s % n as u32);
            let depth = solution.depth(q, j);
            if depth > announced {
                announced = depth;
                layers.push(at);
                at += 1;
            }
            pop_at.push(at);
            at += 1 + predecessors(game, q, j) as u64;
        }
        Timeline {
            solution,
            trace,
            pop_at,
            layers,
            total: at + 1,
        }
    }

    pub fn solution(&self) -> &Solution {
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
        let game = self.solution.game();
        let n = game.n();
        let k = self
            .trace
            .children_end
            .partition_point(|&e| e as usize <= c);
        let (child, parent) = (self.trace.order[c], self.trace.order[k]);
        let (p, i) = (Player::from_index((child / n) as usize), child % n);
        let j = parent % n;
        let x = if j > i { j - i } else { j + n - i };
        self.pop_at[k] + 1 + examined_rank(game.steps(p), j, x) as u64
    }

    /// How many states are resolved once the events before `g` have happened.
    fn resolved_before(&self, g: u64) -> usize {
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

/// Predecessors the BFS examines when `(q, j)` pops: the opponent's steps, minus the
/// one from the hole (`x = j`).
fn predecessors(game: &RingGame, q: Player, j: u32) -> u32 {
    let steps = game.steps(q.other());
    steps.len() as u32 - steps.binary_search(&j).is_ok() as u32
}

/// The rank of step `x` among the predecessors examined when position `j` pops.
fn examined_rank(steps: &[u32], j: u32, x: u32) -> usize {
    let idx = steps.partition_point(|&s| s < x);
    idx - (j < x && steps.binary_search(&j).is_ok()) as usize
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

/// Where the BFS is between two events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Emitting seed number `t` (player 1's seeds, then player 2's).
    Seeding { t: usize },
    /// Between pops: next is a `Layer`, a `Pop`, or `Done`.
    Between,
    /// Examining the predecessors of the popped state `s`, next through step index `t`.
    Edges { s: u32, t: usize },
    /// `Done` has been emitted.
    Finished,
}

/// The snapshot codes of [`Propagation::snapshot`].
pub mod snapshot {
    /// Bits 0-1: 0 unresolved, 1 Win, 2 Lose, 3 Loop (after `Done`).
    pub const VALUE_MASK: u32 = 0b11;
    pub const LOOP: u32 = 3;
    /// Bit 2: resolved and waiting in the queue.
    pub const QUEUED: u32 = 1 << 2;
    /// Bit 3: the state whose predecessors are being examined.
    pub const CURRENT: u32 = 1 << 3;
    /// Bits 4 and up: the depth if resolved, else the moves left on its counter.
    pub const SHIFT: u32 = 4;
}

/// The stepper: the BFS, one event at a time, with random access through its timeline.
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
pub struct Propagation {
    game: RingGame,
    timeline: Timeline,
    granularity: Granularity,
    /// Per state: outcome and depth once resolved; before that, how many of its moves
    /// are known to hand the opponent a Win (the counter, counted up).
    status: Vec<u32>,
    queue: Vec<u32>,
    head: usize,
    phase: Phase,
    /// The global index of the next event.
    emitted: u64,
    /// The deepest `Layer` announced so far.
    announced: u32,
}

impl Propagation {
    pub fn new(game: &RingGame, granularity: Granularity) -> Propagation {
        Propagation::from_timeline(Timeline::new(game), granularity)
    }

    /// A stepper at the start of `timeline`'s run.
    pub fn from_timeline(timeline: Timeline, granularity: Granularity) -> Propagation {
        let game = timeline.solution().game().clone();
        let n = game.n() as usize;
        Propagation {
            game,
            timeline,
            granularity,
            status: vec![0; 2 * n],
            queue: Vec::with_capacity(2 * n),
            head: 0,
            phase: Phase::Seeding { t: 0 },
            emitted: 0,
            announced: 0,
        }
    }

    pub fn game(&self) -> &RingGame {
        &self.game
    }

    /// The final answer, known from the start (the timeline is a full solve).
    pub fn solution(&self) -> &Solution {
        self.timeline.solution()
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

    /// States resolved so far (for a progress bar; out of [`Propagation::total_states`]).
    pub fn resolved(&self) -> u32 {
        self.queue.len() as u32
    }

    /// States in the game: two per position, the hole excluded.
    pub fn total_states(&self) -> u32 {
        2 * (self.game.n() - 1)
    }

    pub fn is_done(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// The next event of the full stream, whatever the granularity.
    fn step(&mut self) -> Option<Event> {
        let n = self.game.n();
        loop {
            match self.phase {
                Phase::Finished => return None,
                Phase::Seeding { t } => {
                    let k1 = self.game.steps(Player::One).len();
                    let (p, k) = if t < k1 {
                        (Player::One, t)
                    } else {
                        (Player::Two, t - k1)
                    };
                    let steps = self.game.steps(p);
                    if k >= steps.len() {
                        self.phase = Phase::Between;
                        continue;
                    }
                    let x = steps[steps.len() - 1 - k];
                    self.phase = Phase::Seeding { t: t + 1 };
                    return Some(self.resolve(p, n - x, WIN | 1, x, 0));
                }
                Phase::Between => {
                    let Some(&s) = self.queue.get(self.head) else {
                        self.phase = Phase::Finished;
                        self.emitted += 1;
                        let loops = self.total_states() - self.resolved();
                        return Some(Event::Done { loops });
                    };
                    let st = self.status[s as usize];
                    let depth = st & LOW;
                    self.emitted += 1;
                    if depth > self.announced {
                        self.announced = depth;
                        let count = (self.queue.len() - self.head) as u32;
                        return Some(Event::Layer { depth, count });
                    }
                    self.head += 1;
                    self.phase = Phase::Edges { s, t: 0 };
                    let (player, pos) = (Player::from_index((s / n) as usize), s % n);
                    return Some(Event::Pop {
                        player,
                        pos,
                        outcome: outcome_of(st),
                        depth,
                    });
                }
                Phase::Edges { s, t } => {
                    let (q, j) = (Player::from_index((s / n) as usize), s % n);
                    let p = q.other();
                    let Some(&x) = self.game.steps(p).get(t) else {
                        self.phase = Phase::Between;
                        continue;
                    };
                    self.phase = Phase::Edges { s, t: t + 1 };
                    if x == j {
                        continue; // the hole is nobody's predecessor
                    }
                    let i = pred(j, x, n);
                    let target = self.game.state(p, i);
                    let popped = self.status[s as usize];
                    let st = self.status[target];
                    if st & RESOLVED != 0 {
                        self.emitted += 1;
                        return Some(Event::Skip {
                            player: p,
                            pos: i,
                            step: x,
                            succ: j,
                        });
                    }
                    let depth = (popped & LOW) + 1;
                    if popped & LOSE != 0 {
                        return Some(self.resolve(p, i, WIN | depth, x, j));
                    }
                    let k = self.game.steps(p).len() as u32;
                    if st + 1 == k {
                        return Some(self.resolve(p, i, LOSE | depth, x, j));
                    }
                    self.status[target] = st + 1;
                    self.emitted += 1;
                    return Some(Event::Update {
                        player: p,
                        pos: i,
                        step: x,
                        succ: j,
                        left: k - st - 1,
                    });
                }
            }
        }
    }

    fn resolve(&mut self, player: Player, pos: u32, status: u32, step: u32, succ: u32) -> Event {
        let s = self.game.state(player, pos);
        self.status[s] = status;
        self.queue.push(s as u32);
        self.emitted += 1;
        Event::Resolve {
            player,
            pos,
            outcome: outcome_of(status),
            depth: status & LOW,
            step,
            succ,
        }
    }

    /// Puts the BFS exactly where it is after the first `g` events of the full stream,
    /// without replaying them: resolved states and the queue come from the timeline, the
    /// counters are recounted from the Win states popped by then.
    fn rebuild(&mut self, g: u64) {
        let g = g.min(self.timeline.total);
        let game = &self.game;
        let n = game.n();
        let tl = &self.timeline;
        let order = &tl.trace.order;
        let r = tl.resolved_before(g);
        // Pops begun before g, and how far the last of them has got.
        let begun = tl.pop_at.partition_point(|&at| at < g);
        self.queue.clear();
        self.queue.extend_from_slice(&order[..r]);
        self.status.fill(0);
        for &s in &order[..r] {
            self.status[s as usize] = tl.solution.status_word(s as usize);
        }
        self.head = begun;
        self.announced = tl.layers.partition_point(|&at| at < g) as u32;
        self.emitted = g;
        self.phase = if g == tl.total {
            Phase::Finished
        } else if g < tl.trace.seeds as u64 {
            Phase::Seeding { t: g as usize }
        } else if begun == 0 {
            Phase::Between
        } else {
            let s = order[begun - 1];
            let (q, j) = (Player::from_index((s / n) as usize), s % n);
            let examined = g - tl.pop_at[begun - 1] - 1;
            if examined < predecessors(game, q, j) as u64 {
                let steps = game.steps(q.other());
                let skip_hole = steps.binary_search(&j).map_or(usize::MAX, |h| h);
                let e = examined as usize;
                Phase::Edges {
                    s,
                    t: if e < skip_hole { e } else { e + 1 },
                }
            } else {
                Phase::Between
            }
        };
        self.recount(begun);
    }

    /// Rebuilds the counters of unresolved states: the Win states among the first
    /// `begun` pops have examined all their predecessors, except the last one if it
    /// is still mid-way (its examined ones are counted separately).
    fn recount(&mut self, begun: usize) {
        let game = &self.game;
        let n = game.n();
        let nu = n as usize;
        let order = &self.timeline.trace.order;
        let (full, partial) = match self.phase {
            Phase::Edges { s, t } => (begun - 1, Some((s, t))),
            _ => (begun, None),
        };
        // Per player q: the positions popped (all predecessors examined) as Win, twice over.
        let mut popped_win2 = [Bits::new(2 * nu), Bits::new(2 * nu)];
        let mut any = false;
        for &s in &order[..full] {
            if self.status[s as usize] & WIN != 0 {
                let (q, j) = ((s / n) as usize, (s % n) as usize);
                popped_win2[q].set(j);
                popped_win2[q].set(j + nu);
                any = true;
            }
        }
        if any {
            for p in Player::BOTH {
                let q = p.other().index();
                let steps = game.steps(p);
                let dense = steps.len() * 16 >= nu;
                let steps_bits = dense.then(|| {
                    let mut b = Bits::new(nu);
                    steps.iter().for_each(|&x| b.set(x as usize));
                    b
                });
                for i in 1..n {
                    let s = game.state(p, i);
                    if self.status[s] & RESOLVED != 0 {
                        continue;
                    }
                    self.status[s] = match &steps_bits {
                        Some(b) => b.and_count(0, &popped_win2[q], i as usize, words_for(nu)),
                        None => steps
                            .iter()
                            .filter(|&&x| popped_win2[q].get((i + x) as usize))
                            .count() as u32,
                    };
                }
            }
        }
        if let Some((s, t)) = partial {
            if self.status[s as usize] & WIN != 0 {
                let (q, j) = (Player::from_index((s / n) as usize), s % n);
                let p = q.other();
                for &x in &game.steps(p)[..t] {
                    if x == j {
                        continue;
                    }
                    let target = game.state(p, pred(j, x, n));
                    if self.status[target] & RESOLVED == 0 {
                        self.status[target] += 1;
                    }
                }
            }
        }
    }

    /// Moves to just after the `m`-th event at the current granularity (0: the start)
    /// and returns that event, the one to narrate.
    ///
    /// Cost: the events in between when `m` is a little ahead, otherwise a rebuild in
    /// O(n · min(|s|, n / 64)), whichever is cheaper. `m` past the end clamps to the end.
    pub fn seek(&mut self, m: u64) -> Option<Event> {
        let m = m.min(self.len());
        if m == 0 {
            self.rebuild(0);
            return None;
        }
        let g = self.timeline.global_index(self.granularity, m - 1);
        self.advance_to(g);
        self.step()
    }

    /// Brings the BFS to just before global event `g`, by stepping when that is close
    /// ahead and by [`Propagation::rebuild`] otherwise.
    fn advance_to(&mut self, g: u64) {
        if g < self.emitted || g - self.emitted > self.rebuild_cost() {
            self.rebuild(g);
        }
        while self.emitted < g {
            if self.step().is_none() {
                break;
            }
        }
    }

    /// Roughly what a rebuild costs, in events' worth of work.
    fn rebuild_cost(&self) -> u64 {
        let n = self.game.n() as u64;
        let per_state: u64 = Player::BOTH
            .iter()
            .map(|&p| (self.game.steps(p).len() as u64).min(n / 64 + 1))
            .sum();
        4096 + n * per_state
    }

    /// Every state's look at this point, as in [`snapshot`]: index `player.index() * n + pos`.
    pub fn snapshot(&self) -> Vec<u32> {
        let n = self.game.n();
        let done = self.phase == Phase::Finished;
        let current = match self.phase {
            Phase::Edges { s, .. } => Some(s as usize),
            _ => None,
        };
        let mut out: Vec<u32> = self
            .status
            .iter()
            .enumerate()
            .map(|(s, &st)| {
                let pos = s as u32 % n;
                if pos == 0 {
                    return 0;
                }
                if st & RESOLVED != 0 {
                    (st >> 30) | (st & LOW) << snapshot::SHIFT
                } else if done {
                    snapshot::LOOP
                } else {
                    let k = self.game.steps(Player::from_index(s / n as usize)).len() as u32;
                    (k - st) << snapshot::SHIFT
                }
            })
            .collect();
        for &s in &self.queue[self.head..] {
            out[s as usize] |= snapshot::QUEUED;
        }
        if let Some(s) = current {
            out[s] |= snapshot::CURRENT;
        }
        out
    }

    /// Up to `max` next events at the current granularity, packed as in [`Event::pack`].
    pub fn next_batch(&mut self, max: usize) -> Vec<u32> {
        let mut out = Vec::with_capacity(max.min(1 << 16) * PACKED_WORDS);
        for event in self.by_ref().take(max) {
            out.extend_from_slice(&event.pack());
        }
        out
    }
}

impl Iterator for Propagation {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if self.granularity == Granularity::Events {
            return self.step();
        }
        let m = self.cursor();
        if m >= self.len() {
            return None;
        }
        let g = self.timeline.global_index(self.granularity, m);
        self.advance_to(g);
        self.step()
    }
}

impl FusedIterator for Propagation {}
