//! The seek limit of the page's animation (issue 17): `seek_cost` bounds what a seek
//! really does, counted by the stepper's slices; `worst_seek_cost` is the most of any
//! step set, held to a search over every span; the limit refuses exactly the games over
//! it, and its advice (`seek_fits`) is true: every game on a ring that small is admitted.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{game, Rng};
use loopy::game::{seek_cost, seek_fits, worst_seek_cost, MAX_SEEK, SEEK_FITS};
use loopy::propagation::Granularity;
use loopy::{GameError, Propagation, RingGame, MAX_N};
use proptest::prelude::*;

/// A step set of `k` steps spread evenly from `lo` to `hi` (both ends in it when `k > 1`).
fn spread_steps(lo: u32, hi: u32, k: u32) -> Vec<u32> {
    if k <= 1 || hi == lo {
        return vec![lo];
    }
    let k = k.min(hi - lo + 1) as u64;
    let mut s: Vec<u32> = (0..k)
        .map(|i| lo + ((hi - lo) as u64 * i / (k - 1)) as u32)
        .collect();
    s.dedup();
    s
}

/// A seek's units: an event stepped is 4 (`seek_advance` steps `budget / 4`), a recount's
/// unit 1 (a state's count, a third of a butterfly), and `seek_cost` is in events, a
/// recount's units counted 8 to the event. A seek steps at most `seek_cost` events (past
/// that it rebuilds: `4 · seek_cost` units), or recounts: a unit per popped Win, a pass per
/// row and a unit per resolved state (`6n` at most, twice the `3n` of `seek_cost`) and per
/// player the cheaper way, the step set's transform included as the estimate includes it.
/// So a seek spends at most 8 units per unit of `seek_cost`.
const UNITS_PER_COST: u64 = 8;

#[test]
fn a_seek_spends_at_most_what_seek_cost_says() {
    // Random rings of every density and span, seeks anywhere (forward, back, the first
    // one), each driven in slices of `budget` units as the worker drives them: every
    // slice but the last spends at least its budget, so the slices count the work from
    // below, independently of the estimate.
    let mut rng = Rng(2026);
    let mut worst = 0.0f64;
    for k in 0..24u64 {
        // Rings large enough that the recount, not the fixed part, is most of a rebuild.
        let n = 2 + rng.below(if k % 3 == 0 { 12_000 } else { 3_000 }) as u32;
        let (s1, s2) = if k % 2 == 0 {
            let (d1, d2) = (1 + rng.below(999), 1 + rng.below(999));
            (rng.steps(n, d1), rng.steps(n, d2))
        } else {
            // A few steps spanning most of the ring: what the convolution costs most on.
            let k1 = 1 + rng.below(40) as u32;
            (
                spread_steps(1, n - 1, k1),
                spread_steps(1, (n - 1).max(1) / 2 + 1, 3),
            )
        };
        let g = game(n, &s1, &s2);
        let cost = seek_cost(n, g.steps(loopy::Player::One), g.steps(loopy::Player::Two));
        let mut run = Propagation::new(&g, Granularity::Events);
        let len = run.len();
        let budget = 1024;
        for _ in 0..6 {
            let m = rng.below(len + 1);
            run.seek_begin(m);
            let mut slices = 1u64;
            while !run.seek_advance(budget) {
                slices += 1;
            }
            let spent = (slices - 1) * budget;
            worst = worst.max(spent as f64 / cost as f64);
            assert!(
                spent <= UNITS_PER_COST * cost,
                "n = {n}, |s1| = {}, |s2| = {}: seek({m}) took {slices} slices of {budget} units, \
                 more than {UNITS_PER_COST} × seek_cost = {cost}",
                s1.len(),
                s2.len()
            );
        }
    }
    assert!(
        worst > 0.05,
        "no seek spent much of its estimate ({worst:.3}): the test looks at nothing"
    );
}

#[test]
fn worst_seek_cost_is_the_most_of_any_step_set() {
    // Every step set up to its span and size on small rings (each span with every number
    // of steps, spread evenly: the cost depends on nothing else).
    for n in 2..100u32 {
        let mut most = 0;
        for spread in 0..=n - 2 {
            for k in 1..=spread + 1 {
                if k == 1 && spread > 0 {
                    continue;
                }
                let s = spread_steps(1, 1 + spread, k);
                most = most.max(seek_cost(n, &s, &s));
            }
        }
        assert_eq!(worst_seek_cost(n), most, "n = {n}");
    }
    // Larger rings: every span, with all its steps or just under n / 16 of them (where a
    // walk of the steps costs most before a bitset pass takes over).
    let mut rings: Vec<u32> = (100..400).collect();
    rings.extend([4095, 4096, 4097, 5000, 8191, 8193, 20_000]);
    for n in rings {
        let walk = n.div_ceil(16) - 1;
        let mut most = 0;
        for spread in 0..=n - 2 {
            for k in [spread + 1, (spread + 1).min(walk)] {
                let s = spread_steps(1, 1 + spread, k);
                most = most.max(seek_cost(n, &s, &s));
            }
        }
        assert_eq!(worst_seek_cost(n), most, "n = {n}");
    }
}

#[test]
fn seek_fits_is_the_largest_ring_whose_every_game_seeks_within_the_limit() {
    let fits = seek_fits();
    assert_eq!(
        SEEK_FITS, fits,
        "the constant the error gives is the search's"
    );
    assert!(worst_seek_cost(fits) <= MAX_SEEK);
    if fits < MAX_N {
        assert!(worst_seek_cost(fits + 1) > MAX_SEEK);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_limit_refuses_exactly_the_games_over_it(
        n in 2u32..=MAX_N,
        a in 0.0f64..1.0, b in 0.0f64..1.0, k1 in 1u32..400,
        c in 0.0f64..1.0, d in 0.0f64..1.0, k2 in 1u32..400,
    ) {
        let ends = |a: f64, b: f64| {
            let (x, y) = (1 + (a * (n - 2) as f64) as u32, 1 + (b * (n - 2) as f64) as u32);
            (x.min(y), x.max(y))
        };
        let (lo1, hi1) = ends(a, b);
        let (lo2, hi2) = ends(c, d);
        let s1 = spread_steps(lo1, hi1, k1);
        let s2 = spread_steps(lo2, hi2, k2);
        let w = |s: &[u32]| s.iter().map(|&x| x as u64).collect::<Vec<_>>();
        // The solve's own limit may refuse it first (then the page never asks).
        let Ok(g) = RingGame::new(n as u64, &w(&s1), &w(&s2)) else { return Ok(()) };
        let cost = g.seek_cost();
        prop_assert!(cost <= worst_seek_cost(n), "n = {n}: {cost} above the worst");
        match g.check_seek() {
            Ok(()) => prop_assert!(cost <= MAX_SEEK),
            Err(e) => prop_assert_eq!(
                e,
                GameError::TooSlowToSeek { n, cost, max: MAX_SEEK, fits: seek_fits() }
            ),
        }
        // The advice: on a ring of `fits`, this game's steps (those that fit it) seek within the limit.
        let fits = seek_fits();
        if n <= fits {
            prop_assert!(g.check_seek().is_ok(), "n = {n} <= {fits} refused");
        }
        let small: Vec<u32> = s1.iter().copied().filter(|&x| x < fits).collect();
        if !small.is_empty() {
            prop_assert!(seek_cost(fits, &small, &small) <= MAX_SEEK);
        }
    }

    #[test]
    fn worst_seek_cost_grows_with_the_ring(n in 2u32..MAX_N, more in 1u32..1_000_000) {
        let m = n.saturating_add(more).min(MAX_N);
        prop_assert!(worst_seek_cost(n) <= worst_seek_cost(m), "{n} vs {m}");
    }
}
