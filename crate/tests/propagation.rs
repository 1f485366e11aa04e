//! The stepper, on the ring and on graphs: its events replay to the solver's answer,
//! in the BFS's order; seeking anywhere (backwards too) lands in exactly the state
//! that stepping reaches; `changes()` tells the caller exactly what a snapshot would.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use common::graph::{Edges, GraphOracle};
use common::{game, Oracle, Rng};
use loopy::propagation::{snapshot, Event, Granularity, Recount, Retold, Stepper};
use loopy::{solve, GraphPropagation, Outcome, Player, Propagation, RingGame};
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
fn check_seek<S: Retold + Clone>(make: impl Fn(Granularity) -> Stepper<S>) {
    for granularity in Granularity::ALL {
        let events: Vec<Event> = make(granularity).collect();
        let mut fresh = make(granularity);
        let mut snapshots = vec![fresh.snapshot()];
        for _ in &events {
            fresh.next();
            snapshots.push(fresh.snapshot());
        }
        let mut run = make(granularity);
        let len = events.len() as u64;
        assert_eq!(len, run.len());
        // Forwards, backwards and jumping about.
        let mut targets: Vec<u64> = (0..=len).chain((0..=len).rev()).collect();
        let mut rng = Rng(len * 7919 + 1);
        targets.extend((0..50).map(|_| rng.below(len + 1)));
        for m in targets {
            let e = run.seek(m);
            assert_eq!(run.cursor(), m, "cursor after seek({m})");
            let want = m.checked_sub(1).map(|k| events[k as usize]);
            assert_eq!(e, want, "event at seek({m})");
            assert_eq!(run.last_event(), want, "last event after seek({m})");
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

/// Moves a stepper about at random (steps, batches, seeks, granularity switches) and
/// after each move holds the caller's copy, kept up to date with `changes()` alone,
/// to a fresh snapshot; `None` (too many changes) is answered with `snapshot_seen()`.
fn check_changes<S: Retold + Clone>(mut run: Stepper<S>, seed: u64) {
    let mut rng = Rng(seed);
    let slots = run.snapshot().len();
    assert_eq!(run.last_event(), None, "nothing handed out yet");
    // Before the caller has seen anything, every state differs.
    assert_eq!(run.changes(slots - 1), None);
    let first = run.changes(slots).expect("within the limit");
    assert_eq!(first.len(), 2 * slots);
    let mut copy = vec![0u32; slots];
    for pair in first.chunks(2) {
        copy[pair[0] as usize] = pair[1];
    }
    assert_eq!(copy, run.snapshot());
    assert_eq!(run.changes(slots), Some(vec![]), "nothing moved");
    let mut expected: Option<[u32; 4]> = None;
    for _ in 0..200 {
        let len = run.len();
        match rng.below(6) {
            0 | 1 => {
                if let Some(e) = run.next() {
                    expected = Some(e.pack());
                }
            }
            2 => {
                let batch = run.next_batch(1 + rng.below(20) as usize);
                if let Some(w) = batch.chunks(4).last() {
                    expected = Some(w.try_into().unwrap());
                }
            }
            3 => expected = run.seek(rng.below(len + 2)).map(|e| e.pack()),
            4 => expected = run.seek(run.cursor() + rng.below(4)).map(|e| e.pack()),
            _ => run.set_granularity(Granularity::ALL[rng.below(3) as usize]),
        }
        assert_eq!(run.last_event().map(|e| e.pack()), expected, "last event");
        let limit = rng.below(slots as u64 + 1) as usize;
        match run.changes(limit) {
            Some(pairs) => {
                assert!(pairs.len() / 2 <= limit);
                for pair in pairs.chunks(2) {
                    assert_ne!(
                        copy[pair[0] as usize], pair[1],
                        "an unchanged state reported"
                    );
                    copy[pair[0] as usize] = pair[1];
                }
            }
            // Too many: a snapshot, or no limit; either way nothing was lost.
            None if rng.below(2) == 0 => copy = run.snapshot_seen(),
            None => {
                for pair in run.changes(usize::MAX).expect("no limit").chunks(2) {
                    copy[pair[0] as usize] = pair[1];
                }
            }
        }
        assert_eq!(copy, run.snapshot(), "the caller's copy after changes()");
    }
}

fn ring_seek(g: &RingGame) {
    check_seek(|granularity| Propagation::new(g, granularity));
}

#[test]
fn seek_lands_where_stepping_does_on_the_samples() {
    ring_seek(&game(5, &[2, 3], &[1, 2, 3]));
    ring_seek(&game(8, &[6, 2, 3, 4], &[3, 6]));
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
fn maximal_full_game_streams_without_buffering_and_seeks_within_the_work_bound() {
    // n = 7000 with full step sets: about 10^8 events. The stepper holds O(n) state;
    // seeking to the middle and to the end must rebuild, not step through them.
    let n = 7000;
    let all: Vec<u32> = (1..n).collect();
    let g = game(n, &all, &all);
    let mut run = Propagation::new(&g, Granularity::Events);
    let total = run.len();
    assert!(total > 90_000_000, "total {total}");
    let first: Vec<Event> = run.by_ref().take(20_000).collect();
    assert_eq!(first.len(), 20_000);
    assert_eq!(run.work().stepped, 20_000);
    let bound = run.rebuild_cost() + 1;
    assert!(
        bound < total / 8,
        "a rebuild must be far cheaper than the run ({bound})"
    );
    for target in [total / 2, total] {
        let before = run.work();
        let e = run.seek(target);
        let after = run.work();
        assert_eq!(
            after.rebuilds,
            before.rebuilds + 1,
            "seek({target}) rebuilds"
        );
        assert!(
            after.stepped - before.stepped <= bound,
            "seek({target}) stepped {} events",
            after.stepped - before.stepped
        );
        let want_done = target == total;
        assert_eq!(
            matches!(e, Some(Event::Done { loops: 0 })),
            want_done,
            "{e:?}"
        );
        assert_eq!(matches!(e, Some(Event::Skip { .. })), !want_done, "{e:?}");
    }
    assert_eq!(run.next(), None);
    // A short seek ahead steps instead of rebuilding.
    run.seek(1000);
    let before = run.work();
    run.seek(1010);
    assert_eq!(run.work().rebuilds, before.rebuilds);
    assert_eq!(run.work().stepped - before.stepped, 10);
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
        ring_seek(&game(n, &s1, &s2));
    }

    #[test]
    fn changes_keep_a_copy_of_the_ring_up_to_date((n, s1, s2) in small_game(), seed in 1u64..) {
        check_changes(Propagation::new(&game(n, &s1, &s2), Granularity::Events), seed);
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

fn graph_run(e: &Edges, granularity: Granularity) -> GraphPropagation {
    GraphPropagation::new(e.graph(), granularity)
}

/// The graph version of `check_stream`: replayed, the events give the oracle's values
/// and depths; each event is a legal step of the spec's BFS on this graph; the coarser
/// granularities are the matching subsequences.
fn check_graph_stream(e: &Edges) {
    let events: Vec<Event> = graph_run(e, Granularity::Events).collect();
    let oracle = GraphOracle::new(e);
    let n = e.n;
    let moves: Vec<Vec<u32>> = (0..=n).map(|v| e.moves(v)).collect();
    let mut value = vec![None; n as usize + 1];
    let mut last_depth = 0;
    let mut popped: Option<(u32, Outcome, u32)> = None;
    let mut layers = 0;
    let mut seeds_done = false;
    let mut last_seed = 0;
    for ev in &events {
        match *ev {
            Event::Resolve {
                player: None,
                pos,
                outcome,
                depth,
                step,
                succ,
            } => {
                assert!(value[pos as usize].is_none(), "{pos} resolved twice");
                value[pos as usize] = Some((outcome, depth));
                assert!(depth >= last_depth, "depth went down to {depth}");
                last_depth = depth;
                match popped {
                    None => {
                        assert!(!seeds_done);
                        // Seeds: the goal and the vertices without moves, ascending.
                        assert!(moves[pos as usize].is_empty(), "seed {pos} has moves");
                        assert!(pos > last_seed);
                        last_seed = pos;
                        assert_eq!((outcome, depth, step, succ), (Outcome::Lose, 0, 0, 0));
                    }
                    Some((w, po, pd)) => {
                        assert_eq!((step, succ), (w, w));
                        assert!(moves[pos as usize].contains(&w), "{pos} -> {w} is no move");
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
                player: None,
                pos,
                outcome,
                depth,
            } => {
                seeds_done = true;
                assert_eq!(
                    value[pos as usize],
                    Some((outcome, depth)),
                    "popped before resolved"
                );
                popped = Some((pos, outcome, depth));
            }
            Event::Update {
                player: None,
                pos,
                step,
                succ,
                left,
            } => {
                let (w, po, _) = popped.expect("update outside a pop");
                assert_eq!((step, succ, po), (w, w, Outcome::Win));
                assert!(moves[pos as usize].contains(&w));
                assert!(left >= 1 && (left as usize) < moves[pos as usize].len());
                assert!(value[pos as usize].is_none());
            }
            Event::Skip {
                player: None, pos, ..
            } => {
                assert!(
                    value[pos as usize].is_some(),
                    "skip of an unresolved vertex"
                );
                assert_ne!(Some(pos), e.goal, "the goal's edges are not moves");
            }
            Event::Layer { depth, count } => {
                seeds_done = true;
                assert_eq!(depth, layers, "layers start at depth 0 on a graph");
                layers += 1;
                let states = (1..=n)
                    .filter(|&v| {
                        oracle.outcome[v as usize] != Outcome::Loop
                            && oracle.depth[v as usize] == depth
                    })
                    .count();
                assert_eq!(count as usize, states, "layer {depth}");
            }
            Event::Done { loops } => {
                let resolved = value.iter().filter(|v| v.is_some()).count() as u32;
                assert_eq!(loops, n - resolved);
            }
            other => panic!("a graph event with a player: {other:?}"),
        }
    }
    for v in 1..=n {
        let want = match oracle.outcome[v as usize] {
            Outcome::Loop => None,
            o => Some((o, oracle.depth[v as usize])),
        };
        assert_eq!(value[v as usize], want, "{e:?} vertex {v}");
    }
    assert!(matches!(events.last(), Some(Event::Done { .. })));
    assert_eq!(events.len() as u64, graph_run(e, Granularity::Events).len());
    let resolutions: Vec<Event> = graph_run(e, Granularity::Resolutions).collect();
    let want: Vec<Event> = events
        .iter()
        .copied()
        .filter(|e| e.is_resolve() || matches!(e, Event::Done { .. }))
        .collect();
    assert_eq!(resolutions, want);
    let layer_events: Vec<Event> = graph_run(e, Granularity::Layers).collect();
    let want: Vec<Event> = events
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::Layer { .. } | Event::Done { .. }))
        .collect();
    assert_eq!(layer_events, want);
    // Packed and unpacked, graph events come back the same (no player: succ = step).
    for ev in &events {
        assert_eq!(Event::unpack(ev.pack(), 0), Some(*ev));
    }
}

#[test]
fn graph_sample_stream_starts_with_the_goal_and_layer_zero() {
    let e = Edges {
        n: 8,
        from: vec![1, 2, 3, 3, 4, 5, 2, 7, 8],
        to: vec![2, 3, 1, 4, 5, 6, 6, 8, 7],
        goal: Some(6),
    };
    let events: Vec<Event> = graph_run(&e, Granularity::Events).collect();
    let resolve = |pos, outcome, depth, step| Event::Resolve {
        player: None,
        pos,
        outcome,
        depth,
        step,
        succ: step,
    };
    assert_eq!(
        events[..5],
        [
            resolve(6, Outcome::Lose, 0, 0),
            Event::Layer { depth: 0, count: 1 },
            Event::Pop {
                player: None,
                pos: 6,
                outcome: Outcome::Lose,
                depth: 0
            },
            resolve(2, Outcome::Win, 1, 6),
            resolve(5, Outcome::Win, 1, 6),
        ]
    );
    assert_eq!(events.last(), Some(&Event::Done { loops: 2 }));
    check_graph_stream(&e);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_graph_streams_replay_to_the_oracle(seed in 1u64.., n in 1u32..14, density in 0u64..4) {
        let mut rng = Rng(seed);
        let m = rng.below(n as u64 * density + 1) as u32;
        let e = if seed % 3 == 0 { rng.dag(n, m) } else { rng.graph(n, m) };
        check_graph_stream(&e);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn random_graph_seeks_land_where_stepping_does(seed in 1u64.., n in 1u32..12, density in 0u64..4) {
        let mut rng = Rng(seed);
        let m = rng.below(n as u64 * density + 1) as u32;
        let e = rng.graph(n, m);
        check_seek(|granularity| graph_run(&e, granularity));
    }

    #[test]
    fn changes_keep_a_copy_of_a_graph_up_to_date(seed in 1u64.., n in 1u32..16, density in 0u64..4) {
        let mut rng = Rng(seed);
        let m = rng.below(n as u64 * density + 1) as u32;
        check_changes(graph_run(&rng.graph(n, m), Granularity::Events), seed ^ 0x5eed);
    }
}

#[test]
fn changes_after_one_step_cost_what_the_step_touched() {
    // After a rebuild everything is compared; after one event only what it touched:
    // a resolve changes one state, a pop two (the popped one and the one before).
    let all: Vec<u32> = (1..2000).collect();
    let mut run = Propagation::new(&game(2000, &all, &all[..7]), Granularity::Events);
    run.seek(run.len() / 2);
    assert_eq!(
        run.changes(usize::MAX).map(|c| c.len()),
        Some(2 * run.snapshot().len())
    );
    for _ in 0..50 {
        run.next();
        let changed = run.changes(usize::MAX).expect("no limit").len() / 2;
        assert!(changed <= 2, "one event changed {changed} states");
    }
}

/// `decided_at(s)` is the first position, at every granularity, where the snapshot shows
/// `s` decided: one position earlier it is still unknown. Loop states only at the end.
fn check_decided_at<S: Retold + Clone>(make: impl Fn(Granularity) -> Stepper<S>) {
    for granularity in Granularity::ALL {
        let mut run = make(granularity);
        let len = run.len();
        let slots = run.slots();
        // The position at which each state first shows a value, by stepping.
        let mut first_shown = vec![None; slots as usize];
        for m in 0..=len {
            run.seek(m);
            for (s, w) in run.snapshot().into_iter().enumerate() {
                if w & snapshot::VALUE_MASK != snapshot::UNKNOWN && first_shown[s].is_none() {
                    first_shown[s] = Some(m);
                }
            }
        }
        for s in 0..slots {
            if let Some(m) = first_shown[s as usize] {
                let at = run.decided_at(s);
                // Holes and other never-playable slots show no value: they are never asked.
                assert_eq!(
                    at, m,
                    "state {s} at {granularity:?}: shown decided from {m}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn decided_at_is_where_a_state_first_shows_its_value((n, s1, s2) in small_game()) {
        let g = game(n, &s1, &s2);
        check_decided_at(|granularity| Propagation::new(&g, granularity));
    }

    #[test]
    fn decided_at_on_graphs_too(seed in 1u64.., n in 1u32..12, density in 0u64..4) {
        let mut rng = Rng(seed);
        let m = rng.below(n as u64 * density + 1) as u32;
        let e = rng.graph(n, m);
        check_decided_at(|granularity| graph_run(&e, granularity));
    }
}

#[test]
fn an_unknown_granularity_is_quoted_escaped_and_cut() {
    let message = |name: &str| name.parse::<Granularity>().unwrap_err().to_string();
    assert_eq!(
        message("a\"b\nc\\"),
        r#"unknown granularity "a\"b\nc\\": use "events", "resolutions" or "layers""#
    );
    assert_eq!(
        message("é"),
        r#"unknown granularity "é": use "events", "resolutions" or "layers""#
    );
    let long = "x".repeat(100);
    assert!(message(&long).starts_with(&format!("unknown granularity \"{}...\"", "x".repeat(80))));
}

#[test]
fn an_unknown_granularity_escapes_every_ascii_control_as_rust_does() {
    // The oracle: std's `char::escape_default` for `"`, `\` and every ASCII control (the
    // message escapes these by hand to keep the escape iterator out of the wasm build);
    // every other character as it is.
    let message = |name: &str| name.parse::<Granularity>().unwrap_err().to_string();
    for c in (0u8..128)
        .map(char::from)
        .chain(['é', '三', '\u{80}', '\u{2028}'])
    {
        let escaped: String = if c == '"' || c == '\\' || c.is_ascii_control() {
            c.escape_default().collect()
        } else {
            c.to_string()
        };
        assert_eq!(
            message(&format!("a{c}b")),
            format!(
                r#"unknown granularity "a{escaped}b": use "events", "resolutions" or "layers""#
            ),
            "{c:?}"
        );
    }
    // Exactly 80 characters are kept whole, with no "...".
    let eighty = "y".repeat(80);
    assert!(message(&eighty).starts_with(&format!("unknown granularity \"{eighty}\":")));
}

#[test]
fn seeks_that_recount_by_convolution_land_where_stepping_does() {
    // The rebuild's other way to count (a convolution: what large dense games take),
    // forced on small rings of every density, and held to stepping; and the direct way
    // forced too, on the same rings.
    let mut rng = Rng(4242);
    for k in 0..10u64 {
        let n = 2 + rng.below(120) as u32;
        let g = game(n, &rng.steps(n, 50 + 90 * k), &rng.steps(n, 950 - 90 * k));
        for rule in [Recount::Convolution, Recount::Direct] {
            check_seek(|granularity| {
                let mut run = Propagation::new(&g, granularity);
                run.set_recount(rule);
                run
            });
        }
    }
}

/// `check_seek` for seeks done in slices (`seek_begin`, then `seek_advance` with small
/// budgets), some of them dropped half done for a newer one: each lands where stepping
/// does, and the stream goes on from there. Returns how many seeks took more than one slice.
fn check_sliced_seek<S: Retold + Clone>(
    make: impl Fn(Granularity) -> Stepper<S>,
    seed: u64,
) -> u64 {
    let mut sliced = 0;
    for granularity in Granularity::ALL {
        let events: Vec<Event> = make(granularity).collect();
        let mut fresh = make(granularity);
        let mut snapshots = vec![fresh.snapshot()];
        for _ in &events {
            fresh.next();
            snapshots.push(fresh.snapshot());
        }
        let mut run = make(granularity);
        let len = events.len() as u64;
        let mut rng = Rng(seed ^ (len * 7919 + 1));
        for _ in 0..40 {
            let m = rng.below(len + 1);
            // Sometimes a seek is begun, left half done, and replaced by this one.
            if rng.below(3) == 0 {
                run.seek_begin(rng.below(len + 1));
                run.seek_advance(1 + rng.below(8));
            }
            run.seek_begin(m);
            let budget = 1 + rng.below(64);
            let mut slices = 1;
            while !run.seek_advance(budget) {
                slices += 1;
                assert!(slices < 1 << 20, "seek({m}) never ends");
            }
            sliced += (slices > 1) as u64;
            assert_eq!(run.cursor(), m, "cursor after sliced seek({m})");
            let want = m.checked_sub(1).map(|k| events[k as usize]);
            assert_eq!(run.last_event(), want, "last event after sliced seek({m})");
            assert_eq!(
                run.snapshot(),
                snapshots[m as usize],
                "snapshot at sliced seek({m})"
            );
        }
        // A seek left half done is finished by the next call that looks at the states.
        let m = len / 2;
        run.seek_begin(m);
        run.seek_advance(1);
        let rest: Vec<Event> = run.by_ref().collect();
        assert_eq!(
            rest,
            events[m as usize..],
            "stream after a half-done seek({m})"
        );
    }
    sliced
}

#[test]
fn seeks_in_slices_land_where_stepping_does() {
    // Rings recounted both ways (the convolution is one piece, the direct count goes a
    // run of positions at a time), and graphs (a popped Win at a time).
    let mut rng = Rng(777);
    let mut sliced = 0;
    for k in 0..8u64 {
        let n = 2 + rng.below(90) as u32;
        let g = game(n, &rng.steps(n, 80 + 110 * k), &rng.steps(n, 900 - 110 * k));
        for rule in [Recount::Convolution, Recount::Direct, Recount::Auto] {
            sliced += check_sliced_seek(
                |granularity| {
                    let mut run = Propagation::new(&g, granularity);
                    run.set_recount(rule);
                    run
                },
                k,
            );
        }
        let n = 1 + rng.below(14) as u32;
        let m = rng.below(3 * n as u64 + 1) as u32;
        let e = rng.graph(n, m);
        sliced += check_sliced_seek(|granularity| graph_run(&e, granularity), k);
    }
    assert!(sliced > 100, "only {sliced} seeks took more than one slice");
}

#[test]
fn seeks_by_convolution_past_2_pow_22_positions_land_where_stepping_does() {
    // A ring just past 2^22 positions (where the convolution stopped before its prime was
    // changed), one step set spanning nearly all of it: transforms of 2^24 points. Seeks
    // forced to convolve, run in slices, held to a run stepped there event by event. Two
    // thirds of player 1's states resolve (the rest are Loops).
    let n = (1 << 22) + 5;
    let g = game(n, &[1, 2, n - 4], &[1, 2]);
    let mut run = Propagation::new(&g, Granularity::Events);
    run.set_recount(Recount::Convolution);
    let len = run.len();
    assert!(len > 4 * n as u64, "a run of {len} events");
    // Forward, back (a rebuild), forward again.
    let targets = [len * 2 / 3, len / 3, len / 2];
    let mut stepped = Propagation::new(&g, Granularity::Events);
    let mut want = Vec::new();
    let mut ascending = targets;
    ascending.sort_unstable();
    for &m in &ascending {
        while stepped.cursor() < m {
            stepped.next();
        }
        want.push((m, stepped.last_event(), stepped.snapshot()));
    }
    for &m in &targets {
        let rebuilds = run.work().rebuilds;
        run.seek_begin(m);
        let mut slices = 1u64;
        while !run.seek_advance(1 << 20) {
            slices += 1;
            assert!(slices < 1 << 24, "seek({m}) never ends");
        }
        let (_, last, snapshot) = want.iter().find(|w| w.0 == m).expect("stepped there");
        assert_eq!(run.cursor(), m);
        assert_eq!(run.last_event(), *last, "last event after seek({m})");
        assert!(run.snapshot() == *snapshot, "snapshot at seek({m})");
        if run.work().rebuilds > rebuilds {
            assert!(slices > 100, "a rebuild by convolution in {slices} slices");
        }
    }
    assert!(run.work().convolved >= 2, "{:?}", run.work());
}
