//! Validated ring games.
//!
//! The only way to get a [`RingGame`] is through [`RingGame::new`], which turns every
//! bad input the spec lists into a typed [`GameError`]. The solver and the stepper can
//! then index without checks and never panic on user input.
//!
//! One concept per file: the [`Player`]s (`player.rs`); the limits of what is solved and
//! animated, and the estimates that apply them (`limits.rs`); [`GameError`]
//! (`error.rs`); the [`RingGame`] itself (`ring.rs`); a wrong game's every error and the
//! nearest valid one (`fields.rs`).

mod error;
mod fields;
mod limits;
mod player;
mod ring;

pub use error::GameError;
// For the judge texts (not in the ring module, which has none).
#[cfg(not(all(feature = "bare", target_arch = "wasm32")))]
pub(crate) use error::{too_large, too_large_params};
pub use fields::{check_fields, nearest_game};
pub(crate) use limits::direct_per_state;
pub use limits::{
    estimate_work, seek_cost, seek_fits, steps_within_budget, worst_seek_cost, BYTES_PER_POSITION,
    MAX_N, MAX_SEEK, MAX_WORK, SEEK_FITS,
};
pub use player::{steps_phrase, Player};
pub use ring::RingGame;
pub(crate) use ring::{pred, sort_u64};
