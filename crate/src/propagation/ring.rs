//! The ring game as the stepper sees it ([`Retold`] for [`Solution`]).

use crate::bits::{words_for, Bits};
use crate::game::{pred, Player};
use crate::ntt;
use crate::propagation::event::{Event, Told};
use crate::propagation::retold::{Recount, RecountCache, RecountJob, Retold};
use crate::solve::Solution;
use crate::value::{Plies, RESOLVED, WIN};
use alloc::boxed::Box;
use alloc::vec::Vec;

impl Solution {
    /// `(player, pos)` of slot `s`.
    #[inline]
    fn slot_state(&self, s: u32) -> (Player, u32) {
        let n = self.n();
        (Player::from_index((s >= n) as usize), s % n)
    }
}

/// The rank of step `x` among the predecessors examined when position `j` pops (the
/// step `x = j`, from the hole, is not examined).
fn examined_rank(steps: &[u32], j: u32, x: u32) -> u32 {
    let idx = steps.partition_point(|&s| s < x);
    (idx - (j < x && steps.binary_search(&j).is_ok()) as usize) as u32
}

// The `#[inline]` hints: the stepping path, see `Stepper::step`.
impl Retold for Solution {
    fn slots(&self) -> usize {
        2 * self.n() as usize
    }

    fn states(&self) -> u32 {
        2 * (self.n() - 1)
    }

    #[inline]
    fn is_state(&self, s: u32) -> bool {
        s % self.n() != 0
    }

    #[inline]
    fn final_status(&self, s: u32) -> u32 {
        self.status_word(s as usize)
    }

    fn first_depth(&self) -> u32 {
        1
    }

    #[inline]
    fn seed_move(&self, s: u32) -> (u32, u32) {
        let (_, pos) = self.slot_state(s);
        (self.n() - pos, 0)
    }

    #[inline]
    fn moves(&self, s: u32) -> u32 {
        self.game().steps(self.slot_state(s).0).len() as u32
    }

    #[inline]
    fn pred_entries(&self, s: u32) -> usize {
        self.game().steps(self.slot_state(s).0.other()).len()
    }

    #[inline]
    fn pred_entry(&self, s: u32, t: usize) -> Option<(u32, u32)> {
        let (q, j) = self.slot_state(s);
        let p = q.other();
        let x = self.game().steps(p)[t];
        // The hole is nobody's predecessor.
        (x != j).then(|| (self.game().state(p, pred(j, x, self.n())) as u32, x))
    }

    fn examined(&self, s: u32) -> u32 {
        let (q, j) = self.slot_state(s);
        let steps = self.game().steps(q.other());
        steps.len() as u32 - steps.binary_search(&j).is_ok() as u32
    }

    fn entry_of_rank(&self, s: u32, e: u32) -> usize {
        let (q, j) = self.slot_state(s);
        let hole = self.game().steps(q.other()).binary_search(&j);
        match hole {
            Ok(h) if e as usize >= h => e as usize + 1,
            _ => e as usize,
        }
    }

    fn resolving_rank(&self, parent: u32, child: u32, _won: bool) -> u32 {
        let n = self.n();
        let (p, i) = self.slot_state(child);
        let (_, j) = self.slot_state(parent);
        let x = if j > i { j - i } else { j + n - i };
        examined_rank(self.game().steps(p), j, x)
    }

    #[inline]
    fn name(&self, s: u32) -> (Option<Player>, u32) {
        let (p, pos) = self.slot_state(s);
        (Some(p), pos)
    }

    fn told(&self, event: Event) -> Told {
        let plies = match event {
            Event::Resolve { depth, .. } | Event::Pop { depth, .. } => Some(Plies::of(depth)),
            _ => None,
        };
        Told {
            event,
            plies,
            end: None,
        }
    }

    /// The game's [`crate::game::seek_cost`]: per player the cheaper of a direct recount
    /// and one by convolution, the same model that bounds the page's seeks.
    fn rebuild_cost(&self) -> u64 {
        self.game().seek_cost()
    }

    /// Counts, for each unresolved `(p, i)`, its steps onto a popped Win of the
    /// opponent: with large step sets a popcount of the step set ANDed with the popped
    /// Wins rotated by `i`, 64 steps at a time; or, where that would cost more (dense
    /// steps on a large ring: `n² / 64` in all, tens of seconds at n = 10^6), all at
    /// once as a cyclic convolution of the step set with the popped Wins. Either goes a
    /// budget at a time: a direct count a run of positions, a convolution a slice of its
    /// transforms (see [`ntt::Convolution`]).
    fn recount_part(
        &self,
        status: &mut [u32],
        job: &mut RecountJob,
        rule: Recount,
        cache: &mut RecountCache,
        budget: u64,
    ) -> bool {
        if job.won.is_none() && job.popped_wins.is_empty() {
            return true;
        }
        let game = self.game();
        let n = game.n();
        let nu = n as usize;
        // Per player q: the positions popped as Win, twice over (for rotated windows); a
        // unit per Win to make.
        let mut spent = if job.won.is_none() {
            job.popped_wins.len() as u64
        } else {
            0
        };
        let popped_win2 = job.won.get_or_insert_with(|| {
            let mut won = Box::new([Bits::new(2 * nu), Bits::new(2 * nu)]);
            for &s in &job.popped_wins {
                debug_assert!(self.final_status(s) & WIN != 0);
                let (q, j) = self.slot_state(s);
                won[q.index()].set(j as usize);
                won[q.index()].set(j as usize + nu);
            }
            // The list is not needed any more (up to 80 MB at n = 10^7, let go of before
            // the transforms are made).
            job.popped_wins = Vec::new();
            won
        });
        while job.player < 2 {
            if spent >= budget {
                return false;
            }
            let p = Player::from_index(job.player);
            let won = &popped_win2[p.other().index()];
            let steps = game.steps(p);
            let dense = steps.len() * 16 >= nu;
            let row = &mut status[p.index() * nu..][..nu];
            if let Some(conv) = &mut job.conv {
                let (done, used) = conv.run(
                    steps,
                    &mut cache.steps[p.index()],
                    |k| won.get(k),
                    |i, c| {
                        // The hole (position 0) is no state.
                        if i > 0 && row[i] & RESOLVED == 0 {
                            row[i] += c;
                        }
                    },
                    budget - spent,
                );
                spent += used;
                if !done {
                    return false;
                }
                job.conv = None;
                job.convolved += 1;
                job.player += 1;
                continue;
            }
            // As the seek limit reckons it (`game::seek_cost`).
            let per_state = crate::game::direct_per_state(n, steps.len() as u64);
            if job.next == 0 {
                let kept = &cache.steps[p.index()];
                let convolve = match rule {
                    Recount::Direct => false,
                    Recount::Convolution => true,
                    Recount::Auto => {
                        let unresolved = row[1..].iter().filter(|&&w| w & RESOLVED == 0).count();
                        ntt::cost(nu, steps, kept.is_some())
                            .is_some_and(|c| c < unresolved as u64 * per_state)
                    }
                };
                spent += n as u64;
                if convolve {
                    // None when it would not fit the memory budget: then directly.
                    let [mine, other] = &mut cache.steps;
                    let (mine, other) = if p.index() == 0 {
                        (mine, other)
                    } else {
                        (other, mine)
                    };
                    job.conv = ntt::Convolution::new(nu, steps, mine, other).map(Box::new);
                    if job.conv.is_some() {
                        continue;
                    }
                }
                job.next = 1;
            }
            let steps_bits = dense.then(|| {
                let mut b = Bits::new(nu);
                steps.iter().for_each(|&x| b.set(x as usize));
                b
            });
            // A resolved state costs a unit (it is passed over), an unresolved one its count:
            // charging every position its count would make a slice over a mostly resolved
            // row far shorter than its budget, and a caller that sizes its budgets by time
            // would then hand the next slice a budget hundreds of times too large.
            while job.next < nu {
                if spent >= budget {
                    return false;
                }
                let i = job.next;
                let w = &mut row[i];
                if *w & RESOLVED == 0 {
                    *w += match &steps_bits {
                        Some(b) => b.and_count(0, won, i, words_for(nu)),
                        None => steps.iter().filter(|&&x| won.get(i + x as usize)).count() as u32,
                    };
                    spent += per_state;
                } else {
                    spent += 1;
                }
                job.next += 1;
            }
            job.player += 1;
            job.next = 0;
        }
        true
    }
}
