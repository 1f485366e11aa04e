//! The stepper: its events replay to the solver's answer, in the BFS's order, and
//! seeking anywhere (backwards too) lands in exactly the state that stepping reaches.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use common::{game, Oracle, Rng};
use loopy::propagation::{snapshot, Event, Granularity};
use loopy::{solve, Outcome, Player, Propagation, RingGame};
use proptest::prelude::*;

fn all_events(g: &RingGame, granularity: Granularity) -> Vec<Event> {
    Propagation::new(g, granularity).collect()
}

/// Replays resolve events into per-state outcomes and depths.
fn replay(g: &RingGame, events: &[Event]) -> [Vec<(Outcome, u32)>; 2] {
    let n = g.n() as usize;
    let mut out = [vec![(Outcome::Loop, 0); n], vec![(Outcome::Loop, 0); n]];
    for e in events {
        if let Event::Resolve {
            player: Some(player),
            pos,
            outcome,
            depth,
            ..
        } = *e
        {
            out[player.index()][pos as usize] = (outcome, depth);
        }
    }
    out
}

fn check_stream(g: &RingGame) {
    let events = all_events(g, Granularity::Events);
    let solution = solve(g);

    // Replayed, the events give the solver's answer.
    let replayed = replay(g, &events);
    for p in Player::BOTH {
        for (i, (o, d)) in solution.outcomes(p).zip(solution.depths(p)).enumerate() {
            assert_eq!(
                replayed[p.index()][i],
                (o, d),
                "state ({}, {i})",
                p.number()
            );
        }
    }

    // Every state resolves at most once, depths never go down, and resolutions
    // name a real move into the hole or into the popped state.
    let mut seen = HashSet::new();
    let mut last_depth = 0;
    let mut popped: Option<(Player, u32, Outcome, u32)> = None;
    let mut layers = 0;
    for e in &events {
        match *e {
            Event::Resolve {
                player: Some(player),
                pos,
                outcome,
                depth,
                step,
                succ,
            } => {
                assert!(
                    seen.insert((player, pos)),
                    "({player:?}, {pos}) resolved twice"
                );
                assert!(depth >= last_depth, "depth went down to {depth}");
                last_depth = depth;
                assert!(g.steps(player).contains(&step));
                assert_eq!(g.target(pos, step), succ);
                match popped {
                    None => assert_eq!((outcome, depth, succ), (Outcome::Win, 1, 0)),
                    Some((q, j, po, pd)) => {
                        assert_eq!((q.other(), j), (player, succ));
                        let want = if po == Outcome::Lose {
                            Outcome::Win
                        } else {
                            Outcome::Lose
                        };
                        assert_eq!((outcome, depth), (want, pd + 1));
                    }
                }
            }
            Event::Pop {
                player: Some(player),
                pos,
                outcome,
                depth,
            } => {
                assert!(seen.contains(&(player, pos)), "popped before resolved");
                popped = Some((player, pos, outcome, depth));
            }
            Event::Update {
                player: Some(player),
                pos,
                left,
                step,
                succ,
            } => {
                let (q, j, po, _) = popped.expect("update outside a pop");
                assert_eq!((q.other(), j, po), (player, succ, Outcome::Win));
                assert_eq!(g.target(pos, step), succ);
                assert!(left >= 1 && (left as usize) < g.steps(player).len());
                assert!(!seen.contains(&(player, pos)));
            }
            Event::Skip {
                player: Some(player),
                pos,
                ..
            } => {
                assert!(seen.contains(&(player, pos)), "skip of an unresolved state");
            }
            Event::Layer { depth, count } => {
                layers += 1;
                assert_eq!(depth, layers);
                let states = Player::BOTH
                    .iter()
                    .flat_map(|&p| solution.depths(p).zip(solution.outcomes(p)))
                    .filter(|&(d, o)| o != Outcome::Loop && d == depth)
                    .count();
                assert_eq!(count as usize, states, "layer {depth}");
            }
            Event::Done { loops } => {
                let resolved = seen.len() as u32;
                assert_eq!(loops, 2 * (g.n() - 1) - resolved);
            }
            other => panic!("a ring event without a player: {other:?}"),
        }
    }
    assert!(matches!(events.last(), Some(Event::Done { .. })));
    assert_eq!(
        events.len() as u64,
        Propagation::new(g, Granularity::Events).len()
    );

    // The coarser granularities are exactly the matching subsequences.
    let resolutions = all_events(g, Granularity::Resolutions);
    let want: Vec<Event> = events
        .iter()
        .copied()
        .filter(|e| e.is_resolve() || matches!(e, Event::Done { .. }))
        .collect();
    assert_eq!(resolutions, want);
    let layer_events = all_events(g, Granularity::Layers);
    let want: Vec<Event> = events
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::Layer { .. } | Event::Done { .. }))
        .collect();
    assert_eq!(layer_events, want);
}

#[test]
fn sample_streams_replay_to_the_spec_answers() {
    check_stream(&game(5, &[2, 3], &[1, 2, 3]));
    check_stream(&game(8, &[6, 2, 3, 4], &[3, 6]));
}

#[test]
fn sample_one_begins_with_seeds_then_layer_one() {
    let g = game(5, &[2, 3], &[1, 2, 3]);
    let events = all_events(&g, Granularity::Events);
    let p1 = Player::One;
    let p2 = Player::Two;
    let seed = |player, pos, step| Event::Resolve {
        player: Some(player),
        pos,
        outcome: Outcome::Win,
        depth: 1,
        step,
        succ: 0,
    };
    assert_eq!(
        &events[..6],
        &[
            seed(p1, 2, 3),
            seed(p1, 3, 2),
            seed(p2, 2, 3),
            seed(p2, 3, 2),
            seed(p2, 4, 1),
            Event::Layer { depth: 1, count: 5 },
        ]
    );
    assert_eq!(
        events[6],
        Event::Pop {
            player: Some(p1),
            pos: 2,
            outcome: Outcome::Win,
            depth: 1
        }
    );
}

#[test]
fn stepper_is_fused() {
    let g = game(8, &[6, 2, 3, 4], &[3, 6]);
    for granularity in [
        Granularity::Events,
        Granularity::Resolutions,
        Granularity::Layers,
    ] {
        let mut run = Propagation::new(&g, granularity);
        let n = run.by_ref().count() as u64;
        assert_eq!(n, run.len());
        assert!(run.is_done());
        for _ in 0..3 {
            assert_eq!(run.next(), None);
        }
        assert_eq!(run.cursor(), run.len());
    }
}

/// Seeks to every position at every granularity, from a stepper that has been moved
/// around, and compares the event, snapshot and remaining stream with a fresh run.
fn check_seek(g: &RingGame) {
    for granularity in [
        Granularity::Events,
        Granularity::Resolutions,
        Granularity::Layers,
    ] {
        let events = all_events(g, granularity);
        let mut fresh = Propagation::new(g, granularity);
        let mut snapshots = vec![fresh.snapshot()];
        for _ in &events {
            fresh.next();
            snapshots.push(fresh.snapshot());
        }
        let mut run = Propagation::new(g, granularity);
        let len = events.len() as u64;
        // Forwards, backwards and jumping about.
        let mut targets: Vec<u64> = (0..=len).chain((0..=len).rev()).collect();
        let mut rng = Rng(len * 7919 + 1);
        targets.extend((0..50).map(|_| rng.below(len + 1)));
        for m in targets {
            let e = run.seek(m);
            assert_eq!(run.cursor(), m, "cursor after seek({m})");
            assert_eq!(
                e,
                m.checked_sub(1).map(|k| events[k as usize]),
                "event at seek({m})"
            );
            assert_eq!(
                run.snapshot(),
                snapshots[m as usize],
                "snapshot at seek({m}) {granularity:?}"
            );
        }
        // And the stream goes on correctly from a seek.
        for m in [0, len / 3, len / 2, len] {
            run.seek(m);
            let rest: Vec<Event> = run.by_ref().collect();
            assert_eq!(rest, events[m as usize..], "stream after seek({m})");
        }
    }
}

#[test]
fn seek_lands_where_stepping_does_on_the_samples() {
    check_seek(&game(5, &[2, 3], &[1, 2, 3]));
    check_seek(&game(8, &[6, 2, 3, 4], &[3, 6]));
}

#[test]
fn stepping_back_k_then_forward_gives_the_same_picture() {
    let g = game(8, &[6, 2, 3, 4], &[3, 6]);
    let mut run = Propagation::new(&g, Granularity::Events);
    for k in 1..run.len() {
        run.seek(k);
        let picture = run.snapshot();
        run.seek(k - 1);
        run.next();
        assert_eq!(run.snapshot(), picture, "k={k}");
    }
}

#[test]
fn snapshot_marks_the_queue_and_the_popped_state() {
    let g = game(5, &[2, 3], &[1, 2, 3]);
    let mut run = Propagation::new(&g, Granularity::Events);
    run.seek(7); // seeds, layer 1, then the pop of (1, 2)
    let snap = run.snapshot();
    let at = |p: Player, i: u32| snap[g.state(p, i)];
    assert_ne!(at(Player::One, 2) & snapshot::CURRENT, 0);
    assert_eq!(at(Player::One, 2) & snapshot::QUEUED, 0);
    assert_ne!(at(Player::One, 3) & snapshot::QUEUED, 0);
    assert_eq!(
        at(Player::One, 3) & snapshot::VALUE_MASK,
        Outcome::Win as u32
    );
    assert_eq!(at(Player::One, 3) >> snapshot::SHIFT, 1);
    // Player 1 at 1 is unresolved with both of its moves undecided.
    assert_eq!(at(Player::One, 1) & snapshot::VALUE_MASK, 0);
    assert_eq!(at(Player::One, 1) >> snapshot::SHIFT, 2);
    run.seek(run.len());
    let snap = run.snapshot();
    assert_eq!(
        snap[g.state(Player::One, 4)] & snapshot::VALUE_MASK,
        snapshot::LOOP
    );
    assert_eq!(snap[g.state(Player::One, 0)], 0);
}

#[test]
fn packed_events_unpack_to_the_same_events() {
    let g = game(8, &[6, 2, 3, 4], &[3, 6]);
    let events = all_events(&g, Granularity::Events);
    let mut run = Propagation::new(&g, Granularity::Events);
    let packed = run.next_batch(1000);
    assert_eq!(packed.len(), events.len() * 4);
    for (e, w) in events.iter().zip(packed.chunks(4)) {
        assert_eq!(Event::unpack(w.try_into().unwrap(), g.n()), Some(*e));
    }
    assert!(run.next_batch(10).is_empty());
}

#[test]
fn switching_granularity_keeps_the_bfs_where_it_is() {
    let g = game(8, &[6, 2, 3, 4], &[3, 6]);
    let events = all_events(&g, Granularity::Events);
    let mut run = Propagation::new(&g, Granularity::Events);
    run.seek(20);
    run.set_granularity(Granularity::Resolutions);
    let next = run.next().unwrap();
    let want = events[20..].iter().find(|e| e.is_resolve()).unwrap();
    assert_eq!(&next, want);
}

#[test]
fn maximal_full_game_streams_without_buffering_and_seeks_fast() {
    // n = 7000 with full step sets: about 10^8 events. The stepper holds O(n) state;
    // seeking to the middle and to the end must not replay them.
    let n = 7000;
    let all: Vec<u32> = (1..n).collect();
    let g = game(n, &all, &all);
    let mut run = Propagation::new(&g, Granularity::Events);
    let total = run.len();
    assert!(total > 90_000_000, "total {total}");
    let first: Vec<Event> = run.by_ref().take(20_000).collect();
    assert_eq!(first.len(), 20_000);
    let e = run.seek(total / 2);
    assert!(matches!(e, Some(Event::Skip { .. })), "{e:?}");
    let e = run.seek(total);
    assert_eq!(e, Some(Event::Done { loops: 0 }));
    assert_eq!(run.next(), None);
    run.set_granularity(Granularity::Layers);
    assert_eq!(run.len(), 2);
    run.seek(0);
    assert_eq!(
        run.next(),
        Some(Event::Layer {
            depth: 1,
            count: 2 * (n - 1)
        })
    );
    assert_eq!(run.next(), Some(Event::Done { loops: 0 }));
}

fn small_game() -> impl Strategy<Value = (u32, Vec<u32>, Vec<u32>)> {
    (2u32..=24).prop_flat_map(|n| {
        let all: Vec<u32> = (1..n).collect();
        let m = all.len();
        (
            Just(n),
            proptest::sample::subsequence(all.clone(), 1..=m),
            proptest::sample::subsequence(all, 1..=m),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_streams_replay_and_filter_consistently((n, s1, s2) in small_game()) {
        let g = game(n, &s1, &s2);
        check_stream(&g);
        Oracle::of(&g).check(&solve(&g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn random_seeks_land_where_stepping_does((n, s1, s2) in small_game()) {
        check_seek(&game(n, &s1, &s2));
    }
}

#[test]
fn seeks_agree_with_stepping_on_larger_rings() {
    // Rings where the counter rebuild uses the bitset popcount path (dense steps).
    let mut rng = Rng(99);
    for _ in 0..6 {
        let n = 100 + rng.below(200) as u32;
        let g = game(n, &rng.steps(n, 600), &rng.steps(n, 150));
        let events = all_events(&g, Granularity::Events);
        let mut fresh = Propagation::new(&g, Granularity::Events);
        let mut run = Propagation::new(&g, Granularity::Events);
        let len = events.len() as u64;
        let mut marks: Vec<u64> = (0..40).map(|_| rng.below(len + 1)).collect();
        marks.sort_unstable();
        for m in marks {
            while fresh.cursor() < m {
                fresh.next();
            }
            run.seek(len);
            run.seek(m);
            assert_eq!(run.snapshot(), fresh.snapshot(), "n={n} m={m}");
        }
    }
}
