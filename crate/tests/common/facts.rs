//! The facts `loopy::explain` should give, built from the independent oracles alone
//! (their values, depths and Smith labels, and the rules of `docs/rules.md` written out
//! again here), never from the crate's solver: `tests/explain.rs` compares the two.
#![allow(dead_code)]

use loopy::explain::graph::{GraphMove, GraphReason, GrundyFacts, Membership, Sg, VertexFacts};
use loopy::explain::{HoleMove, Plies, RingMove, RingReason, StateFacts, MAX_FACT_MOVES};
use loopy::{Outcome, Player};

use super::graph::{Edges, GraphOracle, Label};
use super::Oracle;

impl Oracle {
    /// The facts of state `(p + 1, i)` (`p` 0-based, `i` in `1 .. n`).
    pub fn facts(&self, p: usize, i: usize) -> StateFacts {
        let n = self.n as usize;
        let q = 1 - p;
        let player = [Player::One, Player::Two];
        let (o, d) = (self.outcome[p][i], self.depth[p][i]);
        let mut steps = self.steps[p].clone();
        steps.sort_unstable();
        let moves: Vec<RingMove> = steps
            .iter()
            .map(|&x| {
                let t = (i + x as usize) % n;
                let hole = t == 0;
                // The hole: the game is over, the mover has won (Lose in 0 for the
                // opponent, as a dead end of the ring's graph).
                let (to, td) = if hole {
                    (Outcome::Lose, 0)
                } else {
                    (self.outcome[q][t], self.depth[q][t])
                };
                let optimal = match o {
                    Outcome::Win => {
                        (hole && d == 1) || (!hole && to == Outcome::Lose && td == d - 1)
                    }
                    Outcome::Lose => to == Outcome::Win && td == d - 1,
                    Outcome::Loop => !hole && to == Outcome::Loop,
                };
                RingMove {
                    step: x,
                    to: t as u32,
                    hole,
                    state: (q * n + t) as u32,
                    outcome: to,
                    depth: td,
                    winning: hole || to == Outcome::Lose,
                    // Whoever moves onto the hole has won.
                    winner: if hole { Some(player[p]) } else { None },
                    optimal,
                }
            })
            .collect();
        let best = self.best_move(p, i).expect("every state has a best move");
        let m = moves.iter().find(|m| m.step == best).unwrap();
        let winning = moves.iter().filter(|m| m.winning).count() as u32;
        let reason = match o {
            Outcome::Win if m.hole => RingReason::Hole {
                step: best,
                winning,
            },
            Outcome::Win => RingReason::MoveToLose {
                step: best,
                to: m.to,
                depth: m.depth,
                winning,
            },
            Outcome::Lose => RingReason::EveryMoveToWin {
                moves: moves.len() as u32,
                step: best,
                to: m.to,
                depth: m.depth,
            },
            Outcome::Loop => {
                let loops: Vec<u32> = moves
                    .iter()
                    .filter(|m| !m.hole && m.outcome == Outcome::Loop)
                    .map(|m| m.step)
                    .collect();
                RingReason::Undecided {
                    count: loops.len() as u32,
                    loops,
                }
            }
        };
        StateFacts {
            player: player[p],
            pos: i as u32,
            state: (p * n + i) as u32,
            opponent: player[q],
            outcome: o,
            depth: d,
            // The mover makes plies 1, 3, 5, ...: half of them, rounded up.
            plies: Plies {
                mover: d.div_ceil(2),
                opponent: d / 2,
            },
            hole: moves.iter().find(|m| m.hole).map(|m| HoleMove {
                step: m.step,
                winner: player[p],
            }),
            move_count: moves.len() as u32,
            moves,
            best,
            reason,
        }
    }
}

/// The smallest whole number not in `values`.
pub fn mex(values: &[u32]) -> u32 {
    (0..).find(|k| !values.contains(k)).unwrap()
}

/// The facts of vertex `v`, without the optimal-play set (see [`check_membership`]):
/// from the oracle's values and, with `smith`, the labels of `smith_plain`.
pub fn vertex_facts(
    e: &Edges,
    oracle: &GraphOracle,
    smith: Option<&(Vec<Label>, Vec<Vec<u32>>)>,
    v: u32,
) -> VertexFacts {
    let vi = v as usize;
    let (o, d) = (oracle.outcome[vi], oracle.depth[vi]);
    let mut targets = oracle.moves[vi].clone();
    targets.sort_unstable();
    let sg = |w: u32| {
        smith.map(|(label, sets)| match label[w as usize] {
            Some(k) => Sg::Finite(k),
            None => {
                let k = &sets[w as usize];
                Sg::Infinite {
                    k: k[..k.len().min(MAX_FACT_MOVES)].to_vec(),
                    k_count: k.len() as u32,
                }
            }
        })
    };
    let moves: Vec<GraphMove> = targets
        .iter()
        .map(|&w| GraphMove {
            to: w,
            outcome: oracle.outcome[w as usize],
            depth: oracle.depth[w as usize],
            winning: oracle.outcome[w as usize] == Outcome::Lose,
            optimal: oracle.optimal(v, w),
            correct: oracle.correct(v, w),
            gamma: sg(w),
        })
        .collect();
    let best = oracle.best_move(v);
    let goal = e.goal == Some(v);
    let at = |w: u32| moves.iter().find(|m| m.to == w).unwrap();
    let reason = if goal {
        GraphReason::Goal
    } else if moves.is_empty() {
        GraphReason::DeadEnd
    } else {
        match o {
            Outcome::Win => GraphReason::MoveToLose {
                to: best.unwrap(),
                depth: at(best.unwrap()).depth,
                winning: moves.iter().filter(|m| m.winning).count() as u32,
            },
            Outcome::Lose => GraphReason::EveryMoveToWin {
                moves: moves.len() as u32,
                to: best.unwrap(),
                depth: at(best.unwrap()).depth,
            },
            Outcome::Loop => {
                let draws: Vec<u32> = moves
                    .iter()
                    .filter(|m| m.outcome == Outcome::Loop)
                    .map(|m| m.to)
                    .collect();
                GraphReason::Undecided {
                    count: draws.len() as u32,
                    draws,
                }
            }
        }
    };
    VertexFacts {
        v,
        goal,
        outcome: o,
        depth: d,
        best,
        reason,
        grundy: smith.map(|s| grundy_facts(e, s, v, o)),
        optimal: None,
        move_count: moves.len() as u32,
        moves,
    }
}

/// Smith's facts of `v` from the plain procedure's labels; checks on the way that the
/// verdict the rules' table gives is the value `o` the oracle found.
fn grundy_facts(
    e: &Edges,
    (label, sets): &(Vec<Label>, Vec<Vec<u32>>),
    v: u32,
    o: Outcome,
) -> GrundyFacts {
    if e.goal == Some(v) {
        assert_eq!(label[v as usize], Some(0), "the goal has value 0");
        return GrundyFacts::Goal;
    }
    let mut succ = e.moves(v);
    succ.sort_unstable();
    succ.dedup();
    let mut reached: Vec<u32> = succ.iter().filter_map(|&w| label[w as usize]).collect();
    reached.sort_unstable();
    reached.dedup();
    let m = mex(&reached);
    let infinite: Vec<u32> = succ
        .iter()
        .copied()
        .filter(|&w| label[w as usize].is_none())
        .collect();
    let smallest_with = |w: u32, k: u32| {
        let mut s = e.moves(w);
        s.sort_unstable();
        s.into_iter().find(|&x| label[x as usize] == Some(k))
    };
    match label[v as usize] {
        Some(value) => {
            assert_eq!(value, m, "a finite value is the mex of the values reached");
            assert_eq!(o == Outcome::Lose, value == 0, "γ = 0 exactly when Lose");
            GrundyFacts::Finite {
                value,
                reached_count: reached.len() as u32,
                reached,
                mex: m,
                answers: infinite
                    .iter()
                    .map(|&w| smallest_with(w, value).expect("condition (3)"))
                    .collect(),
                infinite_count: infinite.len() as u32,
                infinite,
            }
        }
        None => {
            let k = sets[v as usize].clone();
            assert_eq!(k, reached, "K is the finite values reached");
            let verdict = if k.first() == Some(&0) {
                Outcome::Win
            } else {
                Outcome::Loop
            };
            assert_eq!(verdict, o, "the ∞(K) verdict is the value");
            let unanswered: Vec<u32> = infinite
                .iter()
                .copied()
                .filter(|&w| smallest_with(w, m).is_none())
                .collect();
            assert!(
                !unanswered.is_empty(),
                "an ∞ vertex has a move that cannot be answered with mex K"
            );
            GrundyFacts::Infinite {
                k_count: k.len() as u32,
                k,
                mex: m,
                infinite_count: infinite.len() as u32,
                infinite,
                unanswered_count: unanswered.len() as u32,
                unanswered,
                verdict,
            }
        }
    }
}

/// Holds `membership` (what explain says of `v` from `start`) to the brute-force
/// optimal-play set: the start; a play of correct moves from the start to `v`, as short
/// as any; or, for a vertex out of the set, exactly the vertices of the set with a move
/// to it, none of which correct play makes.
pub fn check_membership(
    e: &Edges,
    oracle: &GraphOracle,
    start: u32,
    v: u32,
    membership: &Membership,
) {
    let set = oracle.optimal_set(start);
    let at = format!("{e:?} start {start} vertex {v}: {membership:?}");
    if v == start {
        assert_eq!(membership, &Membership::Start { start }, "{at}");
        return;
    }
    if set.contains(&v) {
        let Membership::Reached {
            start: s,
            path,
            rest,
            moves,
        } = membership
        else {
            panic!("in the set: {at}");
        };
        assert_eq!(*s, start, "{at}");
        // A play of up to MAX_FACT_MOVES vertices whole, a longer one as its two ends.
        let listed = path.len() + rest.len();
        if (*moves as usize) < MAX_FACT_MOVES {
            assert!(rest.is_empty() && listed == *moves as usize + 1, "{at}");
        } else {
            assert_eq!(
                (path.len(), rest.len()),
                (MAX_FACT_MOVES / 2, MAX_FACT_MOVES / 2),
                "{at}"
            );
        }
        assert_eq!(
            (path.first(), rest.last().or(path.last())),
            (Some(&start), Some(&v)),
            "{at}"
        );
        for pair in path.windows(2).chain(rest.windows(2)) {
            assert!(
                oracle.moves[pair[0] as usize].contains(&pair[1]),
                "a move: {at}"
            );
            assert!(oracle.correct(pair[0], pair[1]), "a correct move: {at}");
        }
        // The fewest correct moves from the start to v, layer by layer.
        let mut layer = vec![start];
        let mut seen = vec![start];
        let mut dist = 0;
        while !layer.contains(&v) {
            let mut next = Vec::new();
            for &u in &layer {
                for &w in &oracle.moves[u as usize] {
                    if oracle.correct(u, w) && !seen.contains(&w) {
                        seen.push(w);
                        next.push(w);
                    }
                }
            }
            layer = next;
            dist += 1;
        }
        assert_eq!(*moves as usize, dist, "a shortest play: {at}");
    } else {
        let mut into: Vec<u32> = set
            .iter()
            .copied()
            .filter(|&u| oracle.moves[u as usize].contains(&v))
            .collect();
        into.sort_unstable();
        for &u in &into {
            assert!(!oracle.correct(u, v), "a refused move is not correct: {at}");
        }
        assert_eq!(
            membership,
            &Membership::Out {
                start,
                refused_count: into.len() as u32,
                refused: into
            },
            "{at}"
        );
    }
}
