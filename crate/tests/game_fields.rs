//! `check_fields` and `nearest_game`, which a bad link's error box uses: every wrong field
//! at once, each with its own error, and a valid game near the one asked. The oracle is the
//! rules read plainly (n >= 2, steps from 1 to n - 1, once each, at least one a player).

use loopy::game::{check_fields, nearest_game, GameError, Player, RingGame};

/// The fields at fault by a plain reading of the rules (the work limit aside).
fn wrong_fields(n: Option<u64>, s1: &[u64], s2: &[u64]) -> Vec<&'static str> {
    let ring = n.filter(|&n| (2..=loopy::MAX_N as u64).contains(&n));
    let mut out = Vec::new();
    if n.is_some() && ring.is_none() {
        out.push("n");
    }
    for (name, s) in [("s1", s1), ("s2", s2)] {
        let mut seen = std::collections::HashSet::new();
        let bad = s.is_empty()
            || s.iter().any(|&x| x == 0 || ring.is_some_and(|n| x >= n))
            || s.iter().any(|x| !seen.insert(*x));
        if bad {
            out.push(name);
        }
    }
    out
}

#[test]
fn every_wrong_field_is_named_once_in_field_order() {
    let cases: &[(Option<u64>, &[u64], &[u64])] = &[
        (Some(1), &[0], &[1]),
        (None, &[0], &[]),
        (Some(5), &[9], &[]),
        (Some(5), &[2, 3], &[1, 2, 3]),
        (Some(8), &[2, 2], &[8]),
        (None, &[3, 1], &[2]),
        (Some(0), &[], &[]),
        (Some(10_000_001), &[1], &[1]),
    ];
    for &(n, s1, s2) in cases {
        let errors = check_fields(n, Some(s1), Some(s2));
        let fields: Vec<_> = errors.iter().map(GameError::field).collect();
        assert_eq!(
            fields,
            wrong_fields(n, s1, s2),
            "{n:?} {s1:?} {s2:?}: {errors:?}"
        );
    }
}

#[test]
fn a_step_zero_without_a_ring_has_its_own_words() {
    let errors = check_fields(None, Some(&[0]), None);
    assert_eq!(
        errors,
        [GameError::ZeroStep {
            player: Player::One
        }]
    );
    assert!(errors[0].to_string().contains("step 0"));
}

#[test]
fn a_valid_game_is_its_own_nearest_and_any_game_has_a_valid_one() {
    assert!(check_fields(Some(8), Some(&[2, 3, 4, 6]), Some(&[3, 6])).is_empty());
    let g = nearest_game(Some(8), &[6, 2, 3, 4], &[3, 6]);
    assert_eq!(g, RingGame::new(8, &[2, 3, 4, 6], &[3, 6]).unwrap());
    for n in [None, Some(0), Some(1), Some(2), Some(7), Some(u64::MAX)] {
        for s in [&[][..], &[0], &[1, 1], &[5, 9, 100]] {
            let g = nearest_game(n, s, s);
            let s1: Vec<u64> = g.steps(Player::One).iter().map(|&x| x.into()).collect();
            let s2: Vec<u64> = g.steps(Player::Two).iter().map(|&x| x.into()).collect();
            assert!(
                wrong_fields(Some(g.n().into()), &s1, &s2).is_empty(),
                "{n:?} {s:?} gave {g:?}"
            );
        }
    }
}
