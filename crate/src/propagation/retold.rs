//! The game being retold: what the stepper needs to know about a solved game, for the
//! ring ([`Solution`](crate::Solution)) and for graphs
//! ([`GraphSolution`](crate::graph::solve::GraphSolution)).
//!
//! States are numbered by *slot*, the index of every per-state array:
//! `player.index() * n + pos` on the ring (the holes are slots but not states), the
//! vertex number on a graph (slot 0 unused). The stepper never looks inside a game: the BFS it replays
//! is the same for both, and this trait is all that differs.

use crate::bits::Bits;
use crate::game::Player;
use crate::propagation::event::{Event, Told};
use crate::value::{RESOLVED, WIN};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// How [`Retold::recount`] counts (the answer is the same): for the tests, which hold
/// each way to stepping; the stepper uses [`Recount::Auto`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Recount {
    /// The cheaper way for the game and the point of the run.
    #[default]
    Auto,
    /// State by state.
    Direct,
    /// By convolution where the game has one (the ring, within [`crate::ntt::MAX_BYTES`]:
    /// every ring the limits admit).
    Convolution,
}

/// What a rebuild keeps for the next one: per player, the transform of its step set
/// when the ring's counters were recounted by convolution and it fits the memory
/// budget (see [`crate::ntt::MAX_BYTES`]: up to `2^24` points, 64 MB each).
#[derive(Clone, Debug, Default)]
pub struct RecountCache {
    pub(crate) steps: [Option<Vec<u32>>; 2],
}

/// A recount under way: [`Retold::recount_part`] does it a budget at a time, so that a
/// seek on a large ring (a convolution of `2^25` points at n = 10^7, seconds in wasm; or
/// a direct recount, `n · min(|s|, n / 64)`) runs in slices between which a worker sees
/// a Cancel or a newer load.
#[derive(Clone, Debug, Default)]
pub struct RecountJob {
    /// The Win states popped (see [`Retold::recount_part`]).
    pub(crate) popped_wins: Vec<u32>,
    /// The ring: the player whose row is being counted (2 once both are); a graph: unused.
    pub(crate) player: usize,
    /// The ring: the next position of that row (0: the row is not begun); a graph: the
    /// next entry of `popped_wins`.
    pub(crate) next: usize,
    /// The ring: per player, the positions popped as Win, twice over (made once a job).
    pub(crate) won: Option<Box<[Bits; 2]>>,
    /// The ring: the convolution counting that player's row, when it is counted so.
    pub(crate) conv: Option<Box<crate::ntt::Convolution>>,
    /// The ring: how many rows were counted by convolution (for [`crate::propagation::Work`]).
    pub(crate) convolved: u64,
}

impl RecountJob {
    pub(crate) fn new(popped_wins: Vec<u32>) -> RecountJob {
        RecountJob {
            popped_wins,
            ..RecountJob::default()
        }
    }
}

pub trait Retold {
    /// The length of per-state arrays.
    fn slots(&self) -> usize;

    /// The states that can resolve (slots that are not the ring's holes or entry 0).
    fn states(&self) -> u32;

    /// Whether slot `s` is a state.
    fn is_state(&self, s: u32) -> bool;

    /// State `s`'s status word in the solution: outcome bits and depth (0 for Loop).
    fn final_status(&self, s: u32) -> u32;

    /// The depth of the seeds, the first layer: 1 on the ring (a move onto the hole), 0
    /// on a graph (the goal and the vertices without moves).
    fn first_depth(&self) -> u32;

    /// The `(step, succ)` of a seed's `Resolve` event.
    fn seed_move(&self, s: u32) -> (u32, u32);

    /// How many moves state `s` has: its counter's end.
    fn moves(&self, s: u32) -> u32;

    /// The length of state `s`'s list of predecessors, entries not examined included.
    fn pred_entries(&self, s: u32) -> usize;

    /// Entry `t` of that list: the predecessor and the step of its move onto `s`, or
    /// `None` for an entry the BFS passes over without an event (the ring's hole, a
    /// graph's goal: they are nobody's predecessor).
    fn pred_entry(&self, s: u32, t: usize) -> Option<(u32, u32)>;

    /// How many entries of `s`'s list are examined (one event each).
    fn examined(&self, s: u32) -> u32;

    /// The index in `s`'s list of its `e`-th examined entry.
    fn entry_of_rank(&self, s: u32, e: u32) -> usize;

    /// Which examined entry of `parent`'s list resolves `child` (counted among the
    /// examined ones): `won` if `child` became Win there (at its first entry), else it
    /// became Lose (at its last, with repeated edges).
    fn resolving_rank(&self, parent: u32, child: u32, won: bool) -> u32;

    /// How events name state `s`: `(player, pos)` (see [`crate::Event`]).
    fn name(&self, s: u32) -> (Option<Player>, u32);

    /// `event` as a page is told it, with what its words need (see [`Told`]).
    fn told(&self, event: Event) -> Told;

    /// Roughly what [`Retold::recount`] and a rebuild cost, in events' worth of work.
    fn rebuild_cost(&self) -> u64;

    /// The BFS's counters after the pops `job.popped_wins` (the Win states among the
    /// states popped so far, all of whose predecessors have been examined): adds to each
    /// unresolved state's word in `status` one per move onto one of them. Does about
    /// `budget` units of it (a state's count, an edge) and says whether the job is done;
    /// called again with the same job, it goes on where it stopped.
    ///
    /// The plain way: one visit per examined predecessor entry. The ring overrides it
    /// with a word-at-a-time count, or a convolution.
    fn recount_part(
        &self,
        status: &mut [u32],
        job: &mut RecountJob,
        _rule: Recount,
        _cache: &mut RecountCache,
        budget: u64,
    ) -> bool {
        let mut spent = 0u64;
        while let Some(&w) = job.popped_wins.get(job.next) {
            if spent >= budget {
                return false;
            }
            job.next += 1;
            debug_assert!(self.final_status(w) & WIN != 0);
            let entries = self.pred_entries(w);
            for t in 0..entries {
                if let Some((u, _)) = self.pred_entry(w, t) {
                    if status[u as usize] & RESOLVED == 0 {
                        status[u as usize] += 1;
                    }
                }
            }
            spent += 1 + entries as u64;
        }
        true
    }
}
