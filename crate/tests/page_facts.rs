//! The facts the pages used to work out themselves, now the core's, against the
//! independent oracles of `tests/common`: a ring's predecessor table and counts, optimal
//! play from a state and how it ends, how a value's plies fall to the two players, a
//! graph's counts and dead ends, and the words an event is told with.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashMap;

use common::graph::{smith_plain, Edges, GraphOracle};
use common::{game, Oracle, Rng};
use loopy::grundy::{grundy, INFINITE};
use loopy::propagation::{Event, Granularity, SeedEnd};
use loopy::solve::{LineEnd, LineMove, MOVE_TABLE_MAX, PRED_WORDS};
use loopy::value::Plies;
use loopy::{solve, solve_graph, GraphPropagation, Outcome, Player, Propagation};

const PLAYERS: [Player; 2] = [Player::One, Player::Two];

/// For every state `(q, j)`, the `(p, i, step)` that move onto it, from the oracle's step
/// sets alone: every move of every state, turned around, sorted by step.
fn oracle_predecessors(o: &Oracle) -> Vec<Vec<[u32; 3]>> {
    let n = o.n as usize;
    let mut index = vec![Vec::new(); 2 * n];
    for p in 0..2 {
        for i in 1..n {
            for &x in &o.steps[p] {
                let j = (i + x as usize) % n;
                if j != 0 {
                    index[(1 - p) * n + j].push([p as u32 + 1, i as u32, x]);
                }
            }
        }
    }
    for list in &mut index {
        list.sort_by_key(|r| r[2]);
    }
    index
}

#[test]
fn the_predecessor_table_turns_every_move_around_in_step_order() {
    let mut rng = Rng(0x9e3d_0001);
    for _ in 0..400 {
        let (n, s1, s2) = rng.small_game();
        let g = game(n, &s1, &s2);
        let o = Oracle::of(&g);
        let t = solve(&g).predecessor_table().expect("a small game");
        let want = oracle_predecessors(&o);
        for (s, rows) in want.iter().enumerate() {
            let got: Vec<[u32; 3]> = t[t[s] as usize..t[s + 1] as usize]
                .chunks(PRED_WORDS)
                .map(|r| [r[0], r[1], r[2]])
                .collect();
            assert_eq!(&got, rows, "n={n} s1={s1:?} s2={s2:?} state {s}");
        }
        assert_eq!(
            t[2 * n as usize] as usize,
            t.len(),
            "the last offset ends the array"
        );
    }
}

#[test]
fn the_predecessor_table_is_made_up_to_the_table_limit_only() {
    // (n - 1) · (|s1| + |s2|) moves: 256 · 256 = 2^16 fits, 256 · 257 does not.
    let fits = game(257, &(1..=255).collect::<Vec<_>>(), &[1]);
    assert_eq!(solve(&fits).move_count(), MOVE_TABLE_MAX);
    assert!(solve(&fits).predecessor_table().is_some());
    let over = game(257, &(1..=255).collect::<Vec<_>>(), &[1, 2]);
    assert!(solve(&over).move_count() > MOVE_TABLE_MAX);
    assert_eq!(solve(&over).predecessor_table(), None);
}

#[test]
fn ring_counts_are_the_oracles() {
    let mut rng = Rng(0x9e3d_0002);
    for _ in 0..400 {
        let (n, s1, s2) = rng.small_game();
        let g = game(n, &s1, &s2);
        let o = Oracle::of(&g);
        let c = solve(&g).counts();
        let count = |want: Outcome| {
            (0..2)
                .map(|p| (1..n as usize).filter(|&i| o.outcome[p][i] == want).count() as u32)
                .sum::<u32>()
        };
        let at = format!("n={n} s1={s1:?} s2={s2:?}");
        assert_eq!((c.n, c.first, c.last), (n, 1, n - 1), "{at}");
        assert_eq!(c.states, 2 * (n - 1), "{at}");
        assert_eq!(
            c.moves,
            (n as u64 - 1) * (s1.len() + s2.len()) as u64,
            "{at}"
        );
        assert_eq!(
            (c.win, c.lose, c.loop_),
            (
                count(Outcome::Win),
                count(Outcome::Lose),
                count(Outcome::Loop)
            ),
            "{at}"
        );
        assert_eq!(c.decidable, c.states - count(Outcome::Loop), "{at}");
        // The stepper's own count of what it will decide agrees.
        assert_eq!(
            Propagation::new(&g, Granularity::Events).decidable(),
            c.decidable,
            "{at}"
        );
    }
}

/// Optimal play from `(p, i)` by the oracle's best moves, with a map of the states
/// passed: `(moves, end)`.
fn oracle_line(o: &Oracle, p: usize, i: usize, max: usize) -> (Vec<LineMove>, LineEnd) {
    let n = o.n as usize;
    let (mut p, mut i) = (p, i);
    let mut seen = HashMap::new();
    let mut moves = Vec::new();
    loop {
        if let Some(&at) = seen.get(&(p, i)) {
            return (moves, LineEnd::Repeat { at });
        }
        if moves.len() == max {
            return (moves, LineEnd::Cut);
        }
        seen.insert((p, i), moves.len() as u32);
        let step = o.best_move(p, i).expect("every state has a best move");
        let to = (i + step as usize) % n;
        moves.push(LineMove {
            player: PLAYERS[p],
            pos: i as u32,
            step,
            to: to as u32,
        });
        if to == 0 {
            return (moves, LineEnd::Hole { winner: PLAYERS[p] });
        }
        (p, i) = (1 - p, to);
    }
}

#[test]
fn optimal_play_runs_to_the_hole_or_back_to_a_state_it_passed() {
    let mut rng = Rng(0x9e3d_0003);
    let (mut holes, mut repeats, mut cuts) = (0, 0, 0);
    for _ in 0..300 {
        let (n, s1, s2) = rng.small_game();
        let g = game(n, &s1, &s2);
        let o = Oracle::of(&g);
        let s = solve(&g);
        for (p, &player) in PLAYERS.iter().enumerate() {
            for i in 1..n as usize {
                let max = [1000, 3][rng.below(2) as usize];
                let line = s.best_line(player, i as u32, max).expect("a state");
                let (moves, end) = oracle_line(&o, p, i, max);
                assert_eq!(
                    (&line.moves, line.end),
                    (&moves, end),
                    "n={n} s1={s1:?} s2={s2:?} ({}, {i})",
                    p + 1
                );
                match end {
                    LineEnd::Hole { .. } => holes += 1,
                    LineEnd::Repeat { .. } => repeats += 1,
                    LineEnd::Cut => cuts += 1,
                }
                // A decided state's line is its depth long and ends on the hole.
                if o.outcome[p][i] != Outcome::Loop && max == 1000 {
                    assert_eq!(line.moves.len() as u32, o.depth[p][i]);
                    assert!(matches!(line.end, LineEnd::Hole { .. }));
                }
            }
        }
    }
    assert!(
        holes > 0 && repeats > 0 && cuts > 0,
        "{holes} {repeats} {cuts}"
    );
    let s = solve(&game(5, &[2, 3], &[1, 2, 3]));
    assert!(s.best_line(Player::One, 0, 10).is_none());
    assert!(s.best_line(Player::One, 5, 10).is_none());
}

#[test]
fn plies_fall_to_the_mover_first() {
    // Counted one by one: the mover makes plies 1, 3, 5, ...
    for d in 0..50u32 {
        let mover = (1..=d).filter(|k| k % 2 == 1).count() as u32;
        assert_eq!(
            Plies::of(d),
            Plies {
                mover,
                opponent: d - mover
            },
            "depth {d}"
        );
    }
}

#[test]
fn graph_counts_and_dead_ends_are_the_oracles() {
    let mut rng = Rng(0x9e3d_0004);
    for round in 0..400 {
        let n = 1 + rng.below(12) as u32;
        let m = rng.below(3 * n as u64 + 1) as u32;
        let e = rng.graph(n, m);
        let o = GraphOracle::new(&e);
        let s = solve_graph(e.graph());
        let dead: Vec<u32> = (1..=n)
            .filter(|&v| Some(v) != e.goal && o.moves[v as usize].is_empty())
            .collect();
        assert_eq!(s.dead_ends(), dead, "{e:?}");
        let count =
            |want: Outcome| (1..=n as usize).filter(|&v| o.outcome[v] == want).count() as u32;
        let c = s.counts();
        assert_eq!(
            (c.win, c.lose, c.draw),
            (
                count(Outcome::Win),
                count(Outcome::Lose),
                count(Outcome::Loop)
            ),
            "{e:?}"
        );
        assert_eq!(c.dead_ends, dead.len() as u32, "{e:?}");
        if round % 4 == 0 {
            // The tally of the oracle's labels: a finite value, or ∞ (no label).
            let (label, _) = smith_plain(&e);
            let mut tally: Vec<[u32; 2]> = Vec::new();
            let mut all: Vec<u32> = (1..=n as usize)
                .map(|v| label[v].unwrap_or(INFINITE))
                .collect();
            all.sort_unstable();
            for x in all {
                match tally.last_mut() {
                    Some(last) if last[0] == x => last[1] += 1,
                    _ => tally.push([x, 1]),
                }
            }
            assert_eq!(grundy(s.graph()).counts(), tally, "{e:?}");
        }
    }
}

#[test]
fn ring_events_are_told_with_their_plies() {
    let g = game(8, &[2, 3, 4, 6], &[3, 6]);
    let mut run = Propagation::new(&g, Granularity::Events);
    let mut told = 0;
    while let Some(e) = run.next() {
        let t = run.told(Some(e)).unwrap();
        assert_eq!(t.event, e);
        assert_eq!(t.end, None);
        match e {
            Event::Resolve { depth, .. } | Event::Pop { depth, .. } => {
                assert_eq!(t.plies, Some(Plies::of(depth)));
                told += 1;
            }
            _ => assert_eq!(t.plies, None),
        }
    }
    assert!(told > 0);
}

#[test]
fn a_graphs_seeds_are_told_as_the_goal_or_a_dead_end() {
    // The spec's sample with goal 6: vertex 6 is the goal; none is a dead end but 6.
    // With 9 → nothing added, 9 is a dead end.
    let e = Edges {
        n: 9,
        from: vec![1, 2, 3, 3, 4, 5, 2, 7, 8],
        to: vec![2, 3, 1, 4, 5, 6, 6, 8, 7],
        goal: Some(6),
    };
    let mut run = GraphPropagation::new(e.graph(), Granularity::Events);
    let mut ends = Vec::new();
    while let Some(ev) = run.next() {
        let t = run.told(Some(ev)).unwrap();
        assert_eq!(t.plies, None);
        if let Event::Resolve { pos, depth: 0, .. } = ev {
            ends.push((pos, t.end.expect("a seed is told its end")));
        } else {
            assert_eq!(t.end, None, "{ev:?}");
        }
    }
    assert_eq!(ends, [(6, SeedEnd::Goal), (9, SeedEnd::DeadEnd)]);
}

#[test]
fn an_events_json_names_its_kind_and_fields_as_the_api_says() {
    let p1 = Some(Player::One);
    let cases = [
        (
            Event::Resolve {
                player: p1,
                pos: 7,
                outcome: Outcome::Win,
                depth: 5,
                step: 4,
                succ: 3,
            },
            r#"{"kind":"resolve","player":1,"pos":7,"outcome":"Win","depth":5,"step":4,"succ":3}"#,
        ),
        (
            Event::Pop {
                player: None,
                pos: 2,
                outcome: Outcome::Lose,
                depth: 0,
            },
            r#"{"kind":"pop","pos":2,"outcome":"Lose","depth":0}"#,
        ),
        (
            Event::Update {
                player: Some(Player::Two),
                pos: 1,
                step: 2,
                succ: 3,
                left: 4,
            },
            r#"{"kind":"update","player":2,"pos":1,"step":2,"succ":3,"left":4}"#,
        ),
        (
            Event::Skip {
                player: None,
                pos: 1,
                step: 2,
                succ: 2,
            },
            r#"{"kind":"skip","pos":1,"step":2,"succ":2}"#,
        ),
        (
            Event::Layer { depth: 3, count: 2 },
            r#"{"kind":"layer","depth":3,"count":2}"#,
        ),
        (Event::Done { loops: 4 }, r#"{"kind":"done","loops":4}"#),
    ];
    for (e, json) in cases {
        assert_eq!(serde_json::to_string(&e).unwrap(), json);
    }
    let g = game(8, &[2, 3, 4, 6], &[3, 6]);
    let run = Propagation::new(&g, Granularity::Events);
    let e = Event::Resolve {
        player: p1,
        pos: 7,
        outcome: Outcome::Win,
        depth: 5,
        step: 4,
        succ: 3,
    };
    assert_eq!(
        serde_json::to_string(&run.told(Some(e)).unwrap()).unwrap(),
        r#"{"kind":"resolve","player":1,"pos":7,"outcome":"Win","depth":5,"step":4,"succ":3,"plies":{"mover":3,"opponent":2}}"#
    );
}
