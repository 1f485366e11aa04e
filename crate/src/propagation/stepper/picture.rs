//! What a page draws of the BFS at this point: each state's snapshot word, and which of
//! them changed since the caller last looked.

use alloc::vec::Vec;

use super::{Dirty, Phase, Stepper, DEPTH, POPPED};
use crate::propagation::retold::Retold;
use crate::value::RESOLVED;

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

impl<S: Retold> Stepper<S> {
    /// The snapshot word of slot `s` now (see [`snapshot`]); O(1).
    #[inline]
    pub(super) fn word(&self, s: u32) -> u32 {
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
    pub(super) fn current(&self) -> Option<u32> {
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
}
