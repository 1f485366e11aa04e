//! A game graph as the stepper sees it ([`Retold`] for [`GraphSolution`]).
//!
//! A state is a vertex (slot 0 unused), and its predecessor list is the graph's,
//! ascending with one entry per edge. Entries from the goal are passed over without an
//! event: the goal's edges are never moves.

use crate::game::Player;
use crate::graph::solve::GraphSolution;
use crate::propagation::event::{Event, SeedEnd, Told};
use crate::propagation::retold::Retold;

impl GraphSolution {
    /// The range of the goal's entries in `v`'s predecessor list (empty without a goal).
    fn goal_entries(&self, v: u32) -> (usize, usize) {
        let preds = self.graph().predecessors(v);
        match self.graph().goal() {
            Some(g) => (
                preds.partition_point(|&u| u < g),
                preds.partition_point(|&u| u <= g),
            ),
            None => (0, 0),
        }
    }
}

impl Retold for GraphSolution {
    fn slots(&self) -> usize {
        self.n() as usize + 1
    }

    fn states(&self) -> u32 {
        self.n()
    }

    fn is_state(&self, s: u32) -> bool {
        s != 0
    }

    fn final_status(&self, s: u32) -> u32 {
        self.status_word(s)
    }

    fn first_depth(&self) -> u32 {
        0
    }

    fn seed_move(&self, _s: u32) -> (u32, u32) {
        (0, 0)
    }

    fn moves(&self, s: u32) -> u32 {
        self.graph().moves(s).len() as u32
    }

    fn pred_entries(&self, s: u32) -> usize {
        self.graph().predecessors(s).len()
    }

    fn pred_entry(&self, s: u32, t: usize) -> Option<(u32, u32)> {
        let u = self.graph().predecessors(s)[t];
        (Some(u) != self.graph().goal()).then_some((u, s))
    }

    fn examined(&self, s: u32) -> u32 {
        let (lo, hi) = self.goal_entries(s);
        (self.pred_entries(s) - (hi - lo)) as u32
    }

    fn entry_of_rank(&self, s: u32, e: u32) -> usize {
        let (lo, hi) = self.goal_entries(s);
        let e = e as usize;
        if e < lo {
            e
        } else {
            e + (hi - lo)
        }
    }

    fn resolving_rank(&self, parent: u32, child: u32, won: bool) -> u32 {
        let preds = self.graph().predecessors(parent);
        // A Win comes at the child's first edge onto the popped Lose; a Lose at its
        // last edge onto the popped Win (each edge takes one move off its counter).
        let at = if won {
            preds.partition_point(|&u| u < child)
        } else {
            preds.partition_point(|&u| u <= child) - 1
        };
        let (lo, hi) = self.goal_entries(parent);
        (if at >= hi { at - (hi - lo) } else { at }) as u32
    }

    fn name(&self, s: u32) -> (Option<Player>, u32) {
        (None, s)
    }

    fn told(&self, event: Event) -> Told {
        let end = match event {
            Event::Resolve { pos, depth: 0, .. } if Some(pos) == self.graph().goal() => {
                Some(SeedEnd::Goal)
            }
            Event::Resolve { depth: 0, .. } => Some(SeedEnd::DeadEnd),
            _ => None,
        };
        Told {
            event,
            plies: None,
            end,
        }
    }

    fn rebuild_cost(&self) -> u64 {
        4096 + self.slots() as u64 + self.graph().edges() as u64
    }
}
