//! Why a ring game is not valid: [`GameError`], with its stable code and its English.

use alloc::string::String;
use alloc::string::ToString;
use core::fmt;

use super::limits::BYTES_PER_POSITION;
use super::player::Player;
use crate::error::{Coded, Param, Params};

/// Why a ring game is not valid. Each message names the value and the player at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// `n < 2`: there is no position besides the hole.
    TooSmall { n: u64 },
    /// `n > MAX_N`: solving would need more memory than the program allows itself.
    TooLarge { n: u64, max: u32 },
    /// A player owns no steps, so it could never move.
    NoSteps { player: Player },
    /// A step of 0 (no move at all) or of `n` or more (not a position offset).
    StepOutOfRange { player: Player, step: u64, n: u32 },
    /// A step of 0 in a game whose `n` is itself missing or wrong ([`check_fields`](super::check_fields)): no
    /// move at all, whatever the ring.
    ZeroStep { player: Player },
    /// The same step twice: the step sets are sets.
    RepeatedStep { player: Player, step: u32 },
    /// The game would take more than [`MAX_WORK`](super::MAX_WORK) units of work to solve. `fits` is
    /// what really helps at this `n` ([`steps_within_budget`](super::steps_within_budget)): the most steps each
    /// player may have for every such game to be solved.
    TooMuchWork {
        n: u32,
        work: u64,
        max: u64,
        fits: u64,
    },
    /// A seek of the page's animation would cost more than [`MAX_SEEK`](super::MAX_SEEK) ([`seek_cost`](super::seek_cost)):
    /// the page's elements refuse the game before solving it (the CLI solves it). `fits`
    /// is the largest ring on which every game seeks within it ([`seek_fits`](super::seek_fits)).
    TooSlowToSeek {
        n: u32,
        cost: u64,
        max: u64,
        fits: u32,
    },
}

impl GameError {
    /// The input at fault, as the JS API names it (the error's `field`): `"n"`, or
    /// `"s1"` / `"s2"` for a player's steps.
    pub fn field(&self) -> &'static str {
        match *self {
            // Too much work is the size of the ring with these steps; n is what to shrink.
            GameError::TooSmall { .. }
            | GameError::TooLarge { .. }
            | GameError::TooMuchWork { .. }
            | GameError::TooSlowToSeek { .. } => "n",
            GameError::NoSteps { player }
            | GameError::StepOutOfRange { player, .. }
            | GameError::ZeroStep { player }
            | GameError::RepeatedStep { player, .. } => match player {
                Player::One => "s1",
                Player::Two => "s2",
            },
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameError::TooSmall { n } => write!(
                f,
                "n = {n} is too small: the ring needs the hole and at least one more position (n >= 2)"
            ),
            GameError::TooLarge { n, max } => too_large(f, &n, max),
            GameError::NoSteps { player } => {
                write!(f, "{player} has no steps: each player needs at least one")
            }
            GameError::StepOutOfRange { player, step, n } => write!(
                f,
                "{player}'s step {step} is out of range: steps go from 1 to n - 1 = {}",
                n - 1
            ),
            GameError::ZeroStep { player } => write!(
                f,
                "{player}'s step 0 is out of range: a step moves the token at least one position"
            ),
            GameError::RepeatedStep { player, step } => {
                write!(f, "{player}'s step {step} is repeated: each step may appear once")
            }
            GameError::TooMuchWork { n, work, max, fits } => write!(
                f,
                "n = {n} with these step sets would take about {} units of work to solve, \
                 more than the {} this program allows itself (the work grows as \
                 n · min(|s|, n/64)): use a smaller n, or at most {fits} steps for each \
                 player",
                billions(work),
                billions(max)
            ),
            GameError::TooSlowToSeek { n, cost, max, fits } => write!(
                f,
                "n = {n} with these step sets is too large to animate: use n of at most \
                 {fits}, where any step sets animate (each jump to a step would take about {} \
                 units of work, more than the {} this page allows itself so that a jump \
                 answers within a second; the command-line program solves this game)",
                millions(cost),
                millions(max)
            ),
        }
    }
}

impl core::error::Error for GameError {}

impl Coded for GameError {
    fn code(&self) -> &'static str {
        match self {
            GameError::TooSmall { .. } => "game.tooSmall",
            GameError::TooLarge { .. } => "game.tooLarge",
            GameError::NoSteps { .. } => "game.noSteps",
            GameError::StepOutOfRange { .. } => "game.stepOutOfRange",
            GameError::ZeroStep { .. } => "game.zeroStep",
            GameError::RepeatedStep { .. } => "game.repeatedStep",
            GameError::TooMuchWork { .. } => "game.tooMuchWork",
            GameError::TooSlowToSeek { .. } => "game.tooSlowToSeek",
        }
    }

    /// `work` and `max` also as `workBillions` / `maxBillions` (`"41.7"`, the figure the
    /// English message shows), so that no catalog divides.
    fn params(&self) -> Params {
        match *self {
            GameError::TooSmall { n } => vec![("n", n.into())],
            GameError::TooLarge { n, max } => too_large_params(n.into(), max),
            GameError::NoSteps { player } | GameError::ZeroStep { player } => {
                vec![("player", player.into())]
            }
            GameError::StepOutOfRange { player, step, n } => vec![
                ("player", player.into()),
                ("step", step.into()),
                ("n", n.into()),
                ("last", (n as u64 - 1).into()),
            ],
            GameError::RepeatedStep { player, step } => {
                vec![("player", player.into()), ("step", step.into())]
            }
            GameError::TooMuchWork { n, work, max, fits } => vec![
                ("n", n.into()),
                ("work", work.into()),
                ("workBillions", billions_figure(work).into()),
                ("max", max.into()),
                ("maxBillions", billions_figure(max).into()),
                ("fits", fits.into()),
            ],
            GameError::TooSlowToSeek { n, cost, max, fits } => vec![
                ("n", n.into()),
                ("cost", cost.into()),
                ("costMillions", millions_figure(cost).into()),
                ("max", max.into()),
                ("maxMillions", millions_figure(max).into()),
                ("fits", fits.into()),
            ],
        }
    }
}

/// The parameters of [`GameError::TooLarge`] for any spelling of `n` (see [`too_large`]).
pub(crate) fn too_large_params(n: Param, max: u32) -> Params {
    vec![
        ("n", n),
        ("max", max.into()),
        ("mb", too_large_mb(max).into()),
    ]
}

/// The text of [`GameError::TooLarge`], for any spelling of `n` (the judge parser's
/// too many digits for 64 bits, too).
pub(crate) fn too_large(f: &mut fmt::Formatter<'_>, n: &dyn fmt::Display, max: u32) -> fmt::Result {
    write!(
        f,
        "n = {n} is too large: this program allows itself at most n = {max} \
         (about {} MB of memory)",
        too_large_mb(max)
    )
}

/// The memory `n = max` positions need, in MB (rounded up).
fn too_large_mb(max: u32) -> u64 {
    (max as u64 * BYTES_PER_POSITION).div_ceil(1_000_000)
}

/// `41.7 billion`: large counts, readable in an error message. (Integer arithmetic: float
/// formatting would put about 15 KB of formatting code into the wasm build.)
fn billions(units: u64) -> String {
    format!("{} billion", billions_figure(units))
}

/// `41.7`: the figure of [`billions`], rounded to a tenth.
fn billions_figure(units: u64) -> String {
    let tenths = units.saturating_add(50_000_000) / 100_000_000;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `412 million`: a seek's cost, readable in an error message.
fn millions(units: u64) -> String {
    format!("{} million", millions_figure(units))
}

/// `412`: the figure of [`millions`], rounded to a million.
fn millions_figure(units: u64) -> String {
    units
        .saturating_add(500_000)
        .div_euclid(1_000_000)
        .to_string()
}
