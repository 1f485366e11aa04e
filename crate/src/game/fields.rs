//! A game that is not valid, field by field: every error of its three fields at once,
//! and the valid game nearest to it, so that a bad link can name all that is wrong and
//! lead back to a game.

use alloc::vec::Vec;

use super::error::GameError;
use super::limits::MAX_N;
use super::player::Player;
use super::ring::{sort_u64, RingGame};

/// Every error of a game's three fields at once, each field checked on its own, for a
/// reader who must fix them all (a bad link names each wrong field with its own message,
/// not only the first). `n` is `None` when it is missing or unreadable (the caller says
/// why); a step set is `None` when the caller could not read it. Without a valid `n` the
/// steps are checked for what needs no ring: a step set that is empty, a step 0, a repeat.
/// With one, they are checked as [`RingGame::new`] checks them; the work is checked only
/// when every field is valid (it depends on all three). Empty: the game is valid.
///
/// ```
/// use loopy::game::{check_fields, GameError, Player};
/// assert_eq!(
///     check_fields(Some(5), Some(&[9]), Some(&[])),
///     [
///         GameError::StepOutOfRange { player: Player::One, step: 9, n: 5 },
///         GameError::NoSteps { player: Player::Two },
///     ]
/// );
/// ```
pub fn check_fields(n: Option<u64>, s1: Option<&[u64]>, s2: Option<&[u64]>) -> Vec<GameError> {
    let mut errors = Vec::new();
    let ring = match n.map(RingGame::check_n) {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => {
            errors.push(e);
            None
        }
        None => None,
    };
    let mut sets = [None, None];
    for (k, (player, steps)) in [(Player::One, s1), (Player::Two, s2)]
        .into_iter()
        .enumerate()
    {
        let Some(steps) = steps else { continue };
        let checked = match ring {
            Some(n) => RingGame::check_steps(player, n, steps),
            // No ring to measure against: a ring of the largest n stands in for the upper
            // bound, which is then never reached, and a step 0 gets its own words.
            None if steps.contains(&0) => Err(GameError::ZeroStep { player }),
            None => RingGame::check_steps(player, MAX_N, steps),
        };
        match checked {
            Ok(sorted) => sets[k] = Some(sorted),
            Err(e) => errors.push(e),
        }
    }
    if let (Some(n), [Some(s1), Some(s2)]) = (ring, sets) {
        if let Err(e) = RingGame::from_sorted(n, s1, s2) {
            errors.push(e);
        }
    }
    errors
}

/// The valid game nearest to what was asked, for a reader whose link is wrong: `n`
/// brought within `2 ..= MAX_N` (missing: the smallest ring that holds every step given,
/// at least 2), each player's steps that fit that ring, once each, and a set left empty
/// given the step 1. A game too much work to solve has its ring halved until it is not.
///
/// ```
/// use loopy::game::{nearest_game, Player};
/// let g = nearest_game(Some(1), &[0], &[1]);
/// assert_eq!((g.n(), g.steps(Player::One), g.steps(Player::Two)), (2, &[1][..], &[1][..]));
/// let g = nearest_game(Some(5), &[9, 2, 2], &[]);
/// assert_eq!((g.n(), g.steps(Player::One), g.steps(Player::Two)), (5, &[2][..], &[1][..]));
/// ```
pub fn nearest_game(n: Option<u64>, s1: &[u64], s2: &[u64]) -> RingGame {
    let largest = s1.iter().chain(s2).copied().max().unwrap_or(0);
    let mut n = n
        .unwrap_or(largest.saturating_add(1))
        .clamp(2, MAX_N as u64) as u32;
    loop {
        let fit = |steps: &[u64]| {
            // Sorted as u64 by `sort_u64`, as `check_steps` does: the one sort each wasm build
            // has (the why module, which says a wrong game's errors, has no other).
            let mut kept: Vec<u64> = steps
                .iter()
                .copied()
                .filter(|&s| s >= 1 && s < n as u64)
                .collect();
            sort_u64(&mut kept);
            kept.dedup();
            if kept.is_empty() {
                kept.push(1);
            }
            kept.into_iter().map(|s| s as u32).collect()
        };
        match RingGame::from_sorted(n, fit(s1), fit(s2)) {
            Ok(game) => return game,
            // Only the work can fail here, and a ring of 2 is one step each: always within it.
            Err(_) => n = (n / 2).max(2),
        }
    }
}
