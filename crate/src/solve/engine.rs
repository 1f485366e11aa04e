//! The search: the retrograde BFS itself, with the per-player tables it is given (the
//! rules) and its moving parts (the queue, the status words, the watch lists and
//! bitsets), and the rule each pop applies. The module documentation of `solve` says
//! how it finds the states a pop decides.

use super::policy::{LoseRule, Policy, WinRule};
use crate::bits::{first_and_not, words_for, Bits, Summarized};
use crate::game::{pred, Player, RingGame};
use crate::value::{HOLE, LOSE, LOW, RESOLVED, WIN};
use alloc::vec::Vec;

/// The order in which the BFS resolved states, for the stepper's timeline.
///
/// `order` is the FIFO queue: states in the order they were resolved, which is also
/// the order they are popped. The states resolved while popping `order[k]` are
/// `order[children_end[k - 1] .. children_end[k]]` (with `children_end[-1] = seeds`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub order: Vec<u32>,
    pub seeds: u32,
    pub children_end: Vec<u32>,
}

/// The fixed tables for deciding player `p`'s states when the opponent's states pop.
struct Side {
    policy: Policy,
    /// `p`'s steps as a bitset, for [`LoseRule::WatchBits`] rescans.
    steps_bits: Option<Bits>,
    /// For [`WinRule::Bits`]: `-s_p (mod n)` twice over, bit `t < 2n` set iff
    /// `t ≡ -x (mod n)` for a step `x`. Bit `n + i - j` says whether `i` precedes `j`.
    neg_steps2: Option<Bits>,
}

/// What the solver knows before it starts: the game and the per-player tables.
pub(super) struct Rules {
    pub(super) game: RingGame,
    sides: [Side; 2],
}

impl Rules {
    pub(super) fn new(game: RingGame, policy: [Policy; 2]) -> Rules {
        let n = game.n() as usize;
        let sides = Player::BOTH.map(|p| {
            let steps = game.steps(p);
            let policy = policy[p.index()];
            let steps_bits = (policy.lose == LoseRule::WatchBits).then(|| {
                let mut b = Bits::new(n);
                steps.iter().for_each(|&x| b.set(x as usize));
                b
            });
            let neg_steps2 = (policy.win == WinRule::Bits).then(|| {
                let mut b = Bits::new(2 * n);
                for &x in steps {
                    b.set(n - x as usize);
                    b.set(2 * n - x as usize);
                }
                b
            });
            Side {
                policy,
                steps_bits,
                neg_steps2,
            }
        });
        Rules { game, sides }
    }
}

const NONE: u32 = u32::MAX;

/// A Win pop whose watchers are being rescanned. It is kept across calls of
/// [`Solver::advance`](super::Solver::advance), so that a pop with many watchers cannot make one call run long.
#[derive(Clone, Copy, Debug)]
struct WinPop {
    /// The player whose states watched the popped state `(q, j)`.
    p: Player,
    q: Player,
    j: u32,
    /// The depth of the Lose states this pop creates.
    depth: u32,
    /// The next watcher to rescan (a state index), `NONE` at the end of the list.
    next: u32,
}

/// The solver's moving parts. The FIFO queue doubles as the resolution order.
pub(super) struct Search {
    n: u32,
    status: Vec<u32>,
    queue: Vec<u32>,
    /// The queue's head: the states before it have been popped.
    popped: usize,
    seeds: u32,
    trace: bool,
    children_end: Vec<u32>,
    /// Units of work done so far (see [`Solver::advance`](super::Solver::advance)).
    work: u64,
    /// The Win pop under way, if a call stopped in the middle of its watchers.
    pending: Option<WinPop>,
    /// Per player: how many of its positions (the hole excluded) are unresolved.
    unresolved: [u32; 2],
    /// Per player, when its side has `neg_steps2`: its unresolved positions.
    unresolved_bits: [Option<Summarized>; 2],
    /// Watch lists (only with a watching [`LoseRule`]): `head[s]` is the first state
    /// watching state `s`, `next[s]` the one after `s` on its list; `NONE` ends a list.
    head: Vec<u32>,
    next: Vec<u32>,
    /// Per player `q`: its positions popped as Win, twice over (`2n` bits), for the
    /// rescans of the other player's watchers.
    popped_win2: [Option<Bits>; 2],
    /// Per player `q` (when the other player watches): its positions resolved as Win,
    /// popped or not, twice over. A rescan skips these: a Win successor cannot save
    /// a state, and skipping it now saves a rescan when it pops.
    won2: [Option<Bits>; 2],
    /// Per state (when watching and tracing): its index in the queue, to tell which
    /// of a doomed state's Win successors pops last.
    queue_pos: Vec<u32>,
    /// Per player `q`, when tracing and the other player watches with bitsets: the
    /// states of `q` resolved as Win and not yet popped (the current layer's), with
    /// per word the queue index of the last one resolved in it (an upper bound on the
    /// queue index of any of them). The search for a doomed state's last Win
    /// successor looks only in the words that hold such states and can beat the best
    /// found. And `p`'s steps twice over (`2n` bits), to read them rotated.
    queued_win: [Option<Summarized>; 2],
    win_last: [Vec<u32>; 2],
    steps2: [Option<Bits>; 2],
    /// Scratch for that search: `(bound, step word, candidate bits)`.
    candidates: Vec<(u32, u32, u64)>,
    /// The Lose states one Win pop creates, as `step << 32 | pos`, sorted into step order.
    /// (Packed in a u64 rather than a pair: see [`crate::game::sort_u64`].)
    new_loses: Vec<u64>,
    /// Whether any of `unresolved_bits`, `won2`, `queue_pos` is kept (see
    /// [`Search::index_resolved`]).
    indexed: bool,
}

impl Search {
    pub(super) fn new(rules: &Rules, trace: bool) -> Search {
        let n = rules.game.n();
        let nu = n as usize;
        let unresolved_bits = rules.sides.each_ref().map(|side| {
            side.neg_steps2
                .as_ref()
                .map(|_| Summarized::ones_but_zero(nu))
        });
        let unresolved_bits_used = unresolved_bits.iter().any(Option::is_some);
        let policy = |p: Player| rules.sides[p.index()].policy;
        let watches = |p: Player| policy(p).watches();
        let watching = watches(Player::One) || watches(Player::Two);
        let mut status = vec![0; 2 * nu];
        status[0] = HOLE;
        status[nu] = HOLE;
        let traced_bits = |p: Player| trace && policy(p).lose == LoseRule::WatchBits;
        let per_state = |keep: bool, fill: u32| if keep { vec![fill; 2 * nu] } else { Vec::new() };
        Search {
            n,
            status,
            queue: Vec::with_capacity(2 * nu),
            popped: 0,
            seeds: 0,
            trace,
            children_end: Vec::new(),
            work: 0,
            pending: None,
            unresolved: [n - 1; 2],
            unresolved_bits,
            head: per_state(watching, NONE),
            next: per_state(watching, NONE),
            popped_win2: Player::BOTH.map(|q| watches(q.other()).then(|| Bits::new(2 * nu))),
            won2: Player::BOTH.map(|q| watches(q.other()).then(|| Bits::new(2 * nu))),
            queue_pos: per_state(watching && trace, 0),
            queued_win: Player::BOTH.map(|q| traced_bits(q.other()).then(|| Summarized::new(nu))),
            win_last: Player::BOTH.map(|q| {
                if traced_bits(q.other()) {
                    vec![0; words_for(nu)]
                } else {
                    Vec::new()
                }
            }),
            steps2: Player::BOTH.map(|p| {
                traced_bits(p).then(|| {
                    let mut b = Bits::new(2 * nu);
                    for &x in rules.game.steps(p) {
                        b.set(x as usize);
                        b.set(x as usize + nu);
                    }
                    b
                })
            }),
            candidates: Vec::new(),
            new_loses: Vec::new(),
            indexed: watching || unresolved_bits_used,
        }
    }

    /// True once nothing is left to do: no Win pop under way, and the queue popped to
    /// its end or every state resolved (then the remaining pops would resolve nothing).
    pub(super) fn is_done(&self) -> bool {
        self.pending.is_none() && (self.popped >= self.queue.len() || self.unresolved == [0, 0])
    }

    /// Units of work done so far.
    pub(super) fn work(&self) -> u64 {
        self.work
    }

    /// States resolved so far: the queue holds each once.
    pub(super) fn resolved(&self) -> u32 {
        self.queue.len() as u32
    }

    /// What the search leaves: the status words, and the BFS order if it kept one.
    pub(super) fn finish(self) -> (Vec<u32>, Option<Trace>) {
        let trace = self.trace.then_some(Trace {
            seeds: self.seeds,
            children_end: self.children_end,
            order: self.queue,
        });
        (self.status, trace)
    }

    #[inline(always)]
    fn resolve(&mut self, p: Player, pos: u32, status: u32) {
        let s = p.index() * self.n as usize + pos as usize;
        self.status[s] = status;
        self.unresolved[p.index()] -= 1;
        self.queue.push(s as u32);
        self.index_resolved(self.queue.len() - 1);
    }

    /// Brings the rules' indexes (unresolved bitsets, Win bitsets, queue positions) up
    /// to date with the states resolved from queue index `from` on. Games whose rules
    /// need none of them (small step sets) skip this at the cost of one test.
    #[inline(always)]
    fn index_resolved(&mut self, from: usize) {
        if !self.indexed {
            return;
        }
        let n = self.n as usize;
        for at in from..self.queue.len() {
            let s = self.queue[at] as usize;
            let p = (s >= n) as usize;
            let pos = s - p * n;
            if let Some(un) = &mut self.unresolved_bits[p] {
                un.clear(pos);
            }
            if let Some(won) = &mut self.won2[p] {
                if self.status[s] & WIN != 0 {
                    won.set(pos);
                    won.set(pos + n);
                    if let Some(queued) = &mut self.queued_win[p] {
                        queued.set(pos);
                        self.win_last[p][pos >> 6] = at as u32;
                    }
                }
            }
            if let Some(q) = self.queue_pos.get_mut(s) {
                *q = at as u32;
            }
        }
    }

    /// Step 1 of the spec: every state with a step onto the hole is Win in 1. Descending
    /// steps give ascending positions, the order in which the spec's BFS seeds them.
    pub(super) fn seed(&mut self, rules: &Rules) {
        for p in Player::BOTH {
            for &x in rules.game.steps(p).iter().rev() {
                self.resolve(p, self.n - x, WIN | 1);
            }
        }
        self.seeds = self.queue.len() as u32;
        self.work += self.seeds as u64;
        if self.trace {
            self.children_end.reserve(self.queue.len());
        }
    }

    /// Works until `budget` more units are done (see [`Solver::advance`](super::Solver::advance)) or the queue
    /// is empty; true once the solve is over.
    pub(super) fn advance(&mut self, rules: &Rules, budget: u64) -> bool {
        let stop = self.work.saturating_add(budget);
        loop {
            if self.pending.is_some() {
                if !self.rescan_watchers(rules, stop) {
                    return false;
                }
            } else {
                if self.popped >= self.queue.len() {
                    return true;
                }
                if self.unresolved == [0, 0] {
                    // Nothing is left to learn: the remaining pops resolve nothing.
                    if self.trace {
                        let len = self.queue.len();
                        self.children_end.resize(len, len as u32);
                    }
                    self.popped = self.queue.len();
                    return true;
                }
                self.pop(rules);
            }
            if self.work >= stop {
                return false;
            }
        }
    }

    /// Pops the queue's head and applies the rules to its predecessors (a Win pop whose
    /// predecessors watch is only begun: see [`Search::rescan_watchers`]).
    fn pop(&mut self, rules: &Rules) {
        let n = self.n as usize;
        let s = self.queue[self.popped] as usize;
        self.popped += 1;
        self.work += 1;
        // A comparison, not `s / n` (a division per pop is a measurable cost), and
        // no branch on it: the queue mixes both players in no predictable pattern.
        let qi = (s >= n) as usize;
        let j = (s - qi * n) as u32;
        let (q, p) = (Player::from_index(qi), Player::from_index(1 - qi));
        let st = self.status[s];
        let depth = (st & LOW) + 1;
        if self.unresolved[p.index()] > 0 {
            let policy = rules.sides[p.index()].policy;
            match (st & LOSE != 0, policy.win, policy.lose) {
                (true, WinRule::Steps, _) | (false, _, LoseRule::Counter) => {
                    self.walk(rules, p, j, st)
                }
                (true, WinRule::Bits, _) => self.wins_from_lose(rules, p, j, depth),
                (false, _, _) => {
                    self.begin_win(rules, p, q, j, depth);
                    return;
                }
            }
        }
        if self.trace {
            self.children_end.push(self.queue.len() as u32);
        }
    }

    /// The classic rules for a popped state `(q, j)` with status `st` (see [`walk`]),
    /// then the indexes for what it resolved.
    #[inline(always)]
    fn walk(&mut self, rules: &Rules, p: Player, j: u32, st: u32) {
        let from = self.queue.len();
        let base = p.index() * self.n as usize;
        let steps = rules.game.steps(p);
        self.work += steps.len() as u64;
        walk(
            &mut self.status[base..base + self.n as usize],
            &mut self.queue,
            &mut self.unresolved[p.index()],
            steps,
            base,
            j,
            st,
        );
        self.index_resolved(from);
    }

    /// `(q, j)` is Lose and `p` has a large step set: the unresolved `(p, j - x)` become
    /// Win in `depth`, in step order, found a word of positions at a time.
    fn wins_from_lose(&mut self, rules: &Rules, p: Player, j: u32, depth: u32) {
        let neg = rules.sides[p.index()]
            .neg_steps2
            .as_ref()
            .expect("bits rule");
        // Ascending steps are descending positions: `j - 1 .. 1`, then `n - 1 .. j + 1`.
        self.wins_in_range(p, j, depth, 1, j, neg);
        self.wins_in_range(p, j, depth, j + 1, self.n, neg);
    }

    /// Resolves as Win, highest position first, the unresolved positions in `lo .. hi`
    /// that are predecessors of `j` (`neg` is `p`'s `neg_steps2`).
    fn wins_in_range(&mut self, p: Player, j: u32, depth: u32, lo: u32, hi: u32, neg: &Bits) {
        if lo >= hi {
            return;
        }
        let (lo, hi) = (lo as usize, hi as usize);
        let base = (self.n - j) as usize;
        // Only words that still hold unresolved states: the rest cannot change.
        let mut next = self.unresolved_bits[p.index()]
            .as_ref()
            .and_then(|un| un.prev_nonzero_word((hi - 1) >> 6));
        while let Some(w) = next {
            let start = w << 6;
            if start + 64 <= lo {
                break;
            }
            self.work += 1;
            let mut mask = !0u64;
            if hi - start < 64 {
                mask = (1u64 << (hi - start)) - 1;
            }
            if lo > start {
                mask &= !0u64 << (lo - start);
            }
            let un = self.unresolved_bits[p.index()].as_ref().expect("bits rule");
            let mut cand = un.word(w) & mask & neg.window(base + start);
            while cand != 0 {
                let b = 63 - cand.leading_zeros() as usize;
                cand &= !(1u64 << b);
                self.resolve(p, (start + b) as u32, WIN | depth);
            }
            let un = self.unresolved_bits[p.index()].as_ref().expect("bits rule");
            next = w.checked_sub(1).and_then(|w| un.prev_nonzero_word(w));
        }
    }

    /// `(q, j)` is Win and popped, and `p` watches: the states of `p` that watched it
    /// will look for another witness, and those without one become Lose in `depth`, in
    /// step order. This handles the state that watched `(q, j)` implicitly and takes
    /// the list of the others; [`Search::rescan_watchers`] goes through it.
    fn begin_win(&mut self, rules: &Rules, p: Player, q: Player, j: u32, depth: u32) {
        let game = &rules.game;
        let dense = rules.sides[p.index()].policy.lose == LoseRule::WatchBits;
        let pw = self.popped_win2[q.index()].as_mut().expect("watch rule");
        pw.set(j as usize);
        pw.set((j + self.n) as usize);
        if let Some(queued) = &mut self.queued_win[q.index()] {
            queued.clear(j as usize);
        }
        self.new_loses.clear();
        // A state that never moved its witness (status 0) implicitly watches
        // the target of its smallest step: no list needs building up front.
        let m = game.steps(p)[0];
        if m != j {
            let i0 = pred(j, m, self.n);
            if self.status[game.state(p, i0)] == 0 {
                self.rewatch(rules, p, q, i0, j, dense);
            }
        }
        let next = core::mem::replace(&mut self.head[game.state(q, j)], NONE);
        self.pending = Some(WinPop {
            p,
            q,
            j,
            depth,
            next,
        });
    }

    /// Rescans the watchers of the pending Win pop until the list ends (then resolves
    /// the new Lose states and returns true) or the work reaches `stop` (then keeps the
    /// rest of the list for the next call and returns false).
    ///
    /// The detached list stays intact between calls: a rescan never makes a state
    /// watch the popped state again (it is a Win), and only rewrites the `next` link
    /// of the state rescanned.
    fn rescan_watchers(&mut self, rules: &Rules, stop: u64) -> bool {
        let mut win = self.pending.take().expect("a pending Win pop");
        let dense = rules.sides[win.p.index()].policy.lose == LoseRule::WatchBits;
        while win.next != NONE {
            let w = win.next;
            win.next = self.next[w as usize];
            self.work += 1;
            if self.status[w as usize] & RESOLVED == 0 {
                let i = w - win.p.index() as u32 * self.n;
                self.rewatch(rules, win.p, win.q, i, win.j, dense);
            }
            if self.work >= stop && win.next != NONE {
                self.pending = Some(win);
                return false;
            }
        }
        if !self.new_loses.is_empty() {
            let mut loses = core::mem::take(&mut self.new_loses);
            crate::game::sort_u64(&mut loses);
            for &packed in &loses {
                self.resolve(win.p, packed as u32, LOSE | win.depth);
            }
            loses.clear();
            self.new_loses = loses;
        }
        if self.trace {
            self.children_end.push(self.queue.len() as u32);
        }
        true
    }

    /// The successor that `(p, i)` watched (`(q, j)`) was just popped as Win. Watch the
    /// next successor, in step order, that is not a Win at all; every step before it
    /// leads to a Win for good, so the witness only ever moves forward.
    ///
    /// With none left, `(p, i)` is doomed: it turns Lose exactly when the last of its
    /// Win successors pops (when the classic counter would reach zero). It then
    /// watches that one, or is Lose now if all have popped.
    fn rewatch(&mut self, rules: &Rules, p: Player, q: Player, i: u32, j: u32, dense: bool) {
        let game = &rules.game;
        let s = game.state(p, i);
        let after = self.status[s] & LOW;
        let won = self.won2[q.index()].as_ref().expect("watch rule");
        let words = words_for(self.n as usize);
        let found = if dense {
            let steps = rules.sides[p.index()].steps_bits.as_ref().expect("dense");
            let from = after as usize + 1;
            let found = first_and_not(steps, won, i as usize, from, words);
            let end = found.map_or(words, |x| (x >> 6) as usize + 1);
            self.work += end.saturating_sub(from >> 6) as u64;
            found
        } else {
            let steps = game.steps(p);
            let from = steps.partition_point(|&x| x <= after);
            let found = steps[from..]
                .iter()
                .position(|&x| !won.get((i + x) as usize));
            self.work += 1 + found.unwrap_or(steps.len() - from) as u64;
            found.map(|k| steps[from + k])
        };
        // Doomed. The depth is known now: the Win successors not yet popped are all
        // in the current layer, so `(p, i)` is Lose one deeper than the popped state.
        // Only the BFS order needs to know when exactly: without a trace, resolve now.
        let found = match found {
            None if self.trace => self.last_queued_win(rules, p, q, i, dense),
            found => found,
        };
        match found {
            Some(x) => {
                self.status[s] = x;
                let v = game.state(q, game.target(i, x));
                self.next[s] = self.head[v];
                self.head[v] = s as u32;
            }
            None => {
                let step = if j > i { j - i } else { j + self.n - i };
                self.new_loses.push((step as u64) << 32 | i as u64);
            }
        }
    }

    /// The step from the doomed `(p, i)` to its Win successor that is still queued and
    /// pops last, if any: `(p, i)` resolves as Lose when that one pops.
    fn last_queued_win(
        &mut self,
        rules: &Rules,
        p: Player,
        q: Player,
        i: u32,
        dense: bool,
    ) -> Option<u32> {
        let game = &rules.game;
        let won = self.won2[q.index()].as_ref().expect("watch rule");
        let popped = self.popped_win2[q.index()].as_ref().expect("watch rule");
        let pos_of = |x: u32| self.queue_pos[game.state(q, game.target(i, x))];
        if !dense {
            let steps = game.steps(p);
            self.work += steps.len() as u64;
            return steps
                .iter()
                .copied()
                .filter(|&x| {
                    let t = (i + x) as usize;
                    won.get(t) && !popped.get(t)
                })
                .max_by_key(|&x| pos_of(x));
        }
        // The candidates, a word of queued Wins at a time, each with a bound on their
        // queue index; then the exact search, in the word of highest bound first and
        // in the others only where the bound can beat the best found.
        let queued = self.queued_win[q.index()].as_ref().expect("traced bits");
        let steps2 = self.steps2[p.index()].as_ref().expect("traced bits");
        let n = self.n as usize;
        self.candidates.clear();
        let mut top = None;
        // The successors lie in `i + min .. i + max` (mod n): one or two runs of words.
        let steps = game.steps(p);
        let (first_t, last_t) = (
            i as usize + steps[0] as usize,
            i as usize + steps[steps.len() - 1] as usize,
        );
        let runs = if last_t < n || first_t >= n {
            [(first_t % n, last_t % n), (1, 0)]
        } else {
            [(first_t, n - 1), (0, last_t - n)]
        };
        for (lo, hi) in runs {
            let mut next = queued.next_nonzero_word(lo >> 6).filter(|_| lo <= hi);
            while let Some(w) = next.filter(|&w| w <= hi >> 6) {
                // Bit `t + n - i` of `steps2` says whether `t - i (mod n)` is a step.
                let cand = queued.word(w) & steps2.window((w << 6) + n - i as usize);
                if cand != 0 {
                    let bound = self.win_last[q.index()][w];
                    if top.map_or(true, |(b, _)| bound > b) {
                        top = Some((bound, self.candidates.len()));
                    }
                    self.candidates.push((bound, w as u32, cand));
                }
                self.work += 1;
                next = queued.next_nonzero_word(w + 1);
            }
        }
        let (_, first) = top?;
        let step_to = |t: u32| if t > i { t - i } else { t + self.n - i };
        let best_in = |(_, w, mut cand): (u32, u32, u64)| {
            let mut best: Option<(u32, u32)> = None;
            while cand != 0 {
                let x = step_to((w << 6) + cand.trailing_zeros());
                cand &= cand - 1;
                let at = pos_of(x);
                if best.map_or(true, |(b, _)| at > b) {
                    best = Some((at, x));
                }
            }
            best.expect("a non-empty word")
        };
        let mut best = best_in(self.candidates[first]);
        let mut looked = self.candidates[first].2.count_ones() as u64;
        for &c in &self.candidates {
            if c.0 > best.0 {
                looked += c.2.count_ones() as u64;
                let other = best_in(c);
                if other.0 > best.0 {
                    best = other;
                }
            }
        }
        self.work += looked;
        Some(best.1)
    }
}

/// The classic rules for a popped state `(q, j)` with status `st`, on the opponent's
/// row `status` (states `base ..`): walk its steps; a Lose makes every unresolved
/// predecessor Win, a Win counts one more lost move on each and turns those with none
/// left Lose. Right for small step sets, where a pop touches a handful of edges, so it
/// is one tight loop over local slices: the target of step `x` is `j - x`, or
/// `j + n - x` past the wrap (a conditional move, no `%`), and the hole reads as
/// resolved (see [`HOLE`]), so it needs no special case.
#[inline(always)]
fn walk(
    status: &mut [u32],
    queue: &mut Vec<u32>,
    unresolved: &mut u32,
    steps: &[u32],
    base: usize,
    j: u32,
    st: u32,
) {
    let n = status.len() as u32;
    let wins = st & LOSE != 0;
    let settled = if wins { WIN } else { LOSE } | ((st & LOW) + 1);
    let k = steps.len() as u32;
    for &x in steps {
        let i = j + n - x;
        let i = if i >= n { i - n } else { i } as usize;
        let v = status[i];
        if v & RESOLVED == 0 {
            if wins || v + 1 == k {
                status[i] = settled;
                queue.push((base + i) as u32);
                *unresolved -= 1;
            } else {
                status[i] = v + 1;
            }
        }
    }
}
