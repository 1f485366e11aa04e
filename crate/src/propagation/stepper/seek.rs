//! Seeking: the BFS put where it is after any event, without replaying the events before
//! it (a rebuild from the timeline, its counters recounted a budget at a time), or
//! stepped to it when that is cheaper.

use alloc::vec::Vec;

use super::{Dirty, Phase, Stepper, POPPED};
use crate::propagation::event::Event;
use crate::propagation::retold::{RecountJob, Retold};
use crate::value::{RESOLVED, WIN};

impl<S: Retold> Stepper<S> {
    /// Puts the BFS exactly where it is after the first `g` events of the full stream,
    /// without replaying them: resolved states and the queue come from the timeline, the
    /// counters are recounted from the Win states popped by then.
    pub(super) fn rebuild(&mut self, g: u64) {
        self.rebuild_begin(g);
        self.recount_part(u64::MAX);
    }

    /// [`Stepper::rebuild`] but for the counters' recount, which
    /// [`Stepper::recount_part`] then does (its cost is most of a rebuild's on a large
    /// ring: `O(n)` here, `O(n log n)` or `n · min(|s|, n / 64)` there).
    pub(super) fn rebuild_begin(&mut self, g: u64) {
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
    pub(super) fn recount_part(&mut self, budget: u64) -> bool {
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
    pub(super) fn settle(&mut self) {
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
    pub(super) fn advance_to(&mut self, g: u64) {
        if self.recounting.is_some() || g < self.emitted || g - self.emitted > self.rebuild_cost() {
            self.rebuild(g);
        }
        while self.emitted < g {
            if self.step().is_none() {
                break;
            }
        }
    }
}
