//! `Solution::grades` (how good each move is, what the play panel's review says) against
//! the independent oracle of `tests/common`: on thousands of small random games, every
//! move of every state graded from the oracle's own values and the spec's best-move rule.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{game, Oracle, Rng};
use loopy::grade::Grade;
use loopy::{solve, Outcome, Player};

/// The grade of step `x` from state `(p, i)`, from the oracle: a move is Best when it
/// does what the spec's best move does (the fastest win, the longest resistance, staying
/// in the loop); otherwise it says what it gave away or how much longer or shorter the
/// game is for the mover.
fn expected(o: &Oracle, p: usize, i: usize, x: u32) -> (Grade, Outcome, u32) {
    let q = 1 - p;
    let t = (i + x as usize) % o.n as usize;
    let (before, d) = (o.outcome[p][i], o.depth[p][i]);
    // What the mover has once the opponent is to move at t.
    let (after, lasts) = if t == 0 {
        (Outcome::Win, 1)
    } else {
        match o.outcome[q][t] {
            Outcome::Lose => (Outcome::Win, o.depth[q][t] + 1),
            Outcome::Win => (Outcome::Lose, o.depth[q][t] + 1),
            Outcome::Loop => (Outcome::Loop, 0),
        }
    };
    let keeps = match before {
        Outcome::Win => {
            (d == 1 && t == 0)
                || (t != 0 && o.outcome[q][t] == Outcome::Lose && o.depth[q][t] == d - 1)
        }
        Outcome::Lose => o.outcome[q][t] == Outcome::Win && o.depth[q][t] == d - 1,
        Outcome::Loop => t != 0 && o.outcome[q][t] == Outcome::Loop,
    };
    let grade = match (keeps, before, after) {
        (true, _, _) => Grade::Best,
        (false, Outcome::Win, Outcome::Win) => Grade::Slower,
        (false, Outcome::Win, _) => Grade::ThrewWin,
        (false, Outcome::Loop, _) => Grade::ThrewDraw,
        (false, Outcome::Lose, _) => Grade::Sooner,
    };
    (grade, after, lasts)
}

fn check(n: u32, s1: &[u32], s2: &[u32]) {
    let g = game(n, s1, s2);
    let o = Oracle::of(&g);
    let s = solve(&g);
    for (p, player) in Player::BOTH.into_iter().enumerate() {
        for i in 1..n {
            let got = s.grades(player, i);
            let steps = g.steps(player);
            assert_eq!(got.len(), steps.len(), "one grade per move");
            for (row, &x) in got.iter().zip(steps) {
                let (grade, after, lasts) = expected(&o, p, i as usize, x);
                assert_eq!(
                    *row,
                    [grade as u32, after as u32, lasts],
                    "n={n} s1={s1:?} s2={s2:?} player {} at {i}, step {x}",
                    p + 1
                );
            }
        }
    }
}

#[test]
fn every_move_is_graded_as_the_oracle_grades_it() {
    let mut rng = Rng(0x06ad_e5ed);
    for _ in 0..1500 {
        let (n, s1, s2) = rng.small_game();
        check(n, &s1, &s2);
    }
}

#[test]
fn the_spec_samples_grade_their_moves() {
    // Sample 2 of the spec: player 1 at 7 wins fastest by +4 (to 3, Lose in 4 there).
    let s = solve(&game(8, &[2, 3, 4, 6], &[3, 6]));
    let g = s.grades(Player::One, 7);
    let row = |step: u32| g[[2, 3, 4, 6].iter().position(|&x| x == step).unwrap()];
    assert_eq!(row(4)[0], Grade::Best as u32);
    assert_eq!(row(4)[1..], [Outcome::Win as u32, 5]);
    check(5, &[2, 3], &[1, 2, 3]);
    check(8, &[2, 3, 4, 6], &[3, 6]);
}

#[test]
fn the_hole_and_positions_past_the_ring_have_no_moves_to_grade() {
    let s = solve(&game(5, &[1, 2], &[1]));
    assert!(s.grades(Player::One, 0).is_empty());
    assert!(s.grades(Player::Two, 5).is_empty());
    // Player 1 at 4 steps +1 onto the hole: the fastest win there is.
    assert_eq!(
        s.grades(Player::One, 4)[0],
        [Grade::Best as u32, Outcome::Win as u32, 1]
    );
}
