//! The events of a retold solve, their packed form, and the granularities that pick
//! which of them the stepper hands out.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use serde::Serialize;

use crate::game::Player;
use crate::value::{Outcome, Plies};

/// One step of the retold BFS. Serialised with a `kind` tag: `{ kind: "resolve", ... }`,
/// as a [`Told`] without additions.
///
/// A state is named by `player` and `pos`: on the ring, the player to move and the
/// token's position; on a graph, no player (both have the same moves; `player` is
/// `None` and left out of the serialised object) and `pos` is the vertex. A move is
/// named by `step` and its target `succ`: on the ring the step and the position it
/// reaches, on a graph the vertex it reaches in both (`step == succ`). Seeds have no
/// move on a graph (`step = succ = 0`) and a move onto the hole on the ring (`succ = 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `(player, pos)` is now known to be `outcome` in `depth`. `step` is the move that
    /// decided it and `succ` where it leads.
    Resolve {
        player: Option<Player>,
        pos: u32,
        outcome: Outcome,
        depth: u32,
        step: u32,
        succ: u32,
    },
    /// `(player, pos)` leaves the queue; its predecessors are examined next.
    Pop {
        player: Option<Player>,
        pos: u32,
        outcome: Outcome,
        depth: u32,
    },
    /// `(player, pos)` has one more move known to hand the opponent a Win (`step`, to
    /// `succ`, the popped state); `left` moves remain undecided.
    Update {
        player: Option<Player>,
        pos: u32,
        step: u32,
        succ: u32,
        left: u32,
    },
    /// `(player, pos)` is a predecessor of the popped state `succ` but already resolved.
    Skip {
        player: Option<Player>,
        pos: u32,
        step: u32,
        succ: u32,
    },
    /// Every state of depth `depth` is now resolved; `count` of them.
    Layer { depth: u32, count: u32 },
    /// The queue is empty; the `loops` states never resolved are Loop (a draw).
    Done { loops: u32 },
}

/// Why a graph's seed is Lose in 0 for the player there: the game is over on the goal
/// (the opponent moved onto it and won), or at a dead end (no move left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum SeedEnd {
    Goal,
    DeadEnd,
}

/// An event as a page is told it (`lastEvent`, `seek`, `next` in JS): the event, and what
/// the words for it need that the event itself does not hold, so that a page narrates it
/// without a rule of its own. The BFS and the packed layout know only [`Event`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Told {
    pub event: Event,
    /// A ring state's `Resolve` or `Pop`: how its value's plies fall to the two players.
    pub plies: Option<Plies>,
    /// A graph's `Resolve` at depth 0 (a seed): the goal, or a dead end.
    pub end: Option<SeedEnd>,
}

/// The event's object: `kind` (camelCase), its fields in order (`player` left out on a
/// graph), then `plies` and `end` when they are `Some`. Written out rather than derived
/// with `#[serde(flatten)]`, which cost the ring module 0.35 KB gzipped; [`Event`]'s own
/// `Serialize` is this one's, so the event's JSON is spelled once.
impl Serialize for Told {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("Event", 9)?;
        let (kind, player) = match self.event {
            Event::Resolve { player, .. } => ("resolve", player),
            Event::Pop { player, .. } => ("pop", player),
            Event::Update { player, .. } => ("update", player),
            Event::Skip { player, .. } => ("skip", player),
            Event::Layer { .. } => ("layer", None),
            Event::Done { .. } => ("done", None),
        };
        out.serialize_field("kind", kind)?;
        if let Some(player) = &player {
            out.serialize_field("player", player)?;
        }
        match self.event {
            Event::Resolve {
                pos,
                outcome,
                depth,
                step,
                succ,
                ..
            } => {
                out.serialize_field("pos", &pos)?;
                out.serialize_field("outcome", &outcome)?;
                out.serialize_field("depth", &depth)?;
                out.serialize_field("step", &step)?;
                out.serialize_field("succ", &succ)?;
            }
            Event::Pop {
                pos,
                outcome,
                depth,
                ..
            } => {
                out.serialize_field("pos", &pos)?;
                out.serialize_field("outcome", &outcome)?;
                out.serialize_field("depth", &depth)?;
            }
            Event::Update {
                pos,
                step,
                succ,
                left,
                ..
            } => {
                out.serialize_field("pos", &pos)?;
                out.serialize_field("step", &step)?;
                out.serialize_field("succ", &succ)?;
                out.serialize_field("left", &left)?;
            }
            Event::Skip {
                pos, step, succ, ..
            } => {
                out.serialize_field("pos", &pos)?;
                out.serialize_field("step", &step)?;
                out.serialize_field("succ", &succ)?;
            }
            Event::Layer { depth, count } => {
                out.serialize_field("depth", &depth)?;
                out.serialize_field("count", &count)?;
            }
            Event::Done { loops } => out.serialize_field("loops", &loops)?,
        }
        if let Some(plies) = &self.plies {
            out.serialize_field("plies", plies)?;
        }
        if let Some(end) = &self.end {
            out.serialize_field("end", end)?;
        }
        out.end()
    }
}

impl Serialize for Event {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Told {
            event: *self,
            plies: None,
            end: None,
        }
        .serialize(serializer)
    }
}

/// Words per event in [`Event::pack`]'s layout.
pub const PACKED_WORDS: usize = 4;

/// The `kind` codes of [`Event::pack`].
pub mod kind {
    pub const RESOLVE: u32 = 0;
    pub const POP: u32 = 1;
    pub const UPDATE: u32 = 2;
    pub const SKIP: u32 = 3;
    pub const LAYER: u32 = 4;
    pub const DONE: u32 = 5;
}

/// The bit fields of word 0 of [`Event::pack`]: `(word >> shift) & FIELD_MASK`.
pub mod packed {
    pub const FIELD_MASK: u32 = 0xff;
    pub const KIND_SHIFT: u32 = 0;
    pub const PLAYER_SHIFT: u32 = 8;
    pub const OUTCOME_SHIFT: u32 = 16;
}

impl Event {
    /// Four `u32` words, the layout of `Propagation.nextBatch` (see docs/api.md):
    ///
    /// | word | bits | content |
    /// |---|---|---|
    /// | 0 | 0-7 | kind: 0 resolve, 1 pop, 2 update, 3 skip, 4 layer, 5 done |
    /// | 0 | 8-15 | player (1 or 2; 0 on a graph, and for layer and done) |
    /// | 0 | 16-23 | outcome (`Outcome` code: 1 Win, 2 Lose; 0 otherwise) |
    /// | 1 | | pos (the vertex on a graph); for layer: depth; for done: loops |
    /// | 2 | | depth (resolve, pop); left (update); count (layer); 0 otherwise |
    /// | 3 | | step (resolve, update, skip); 0 otherwise |
    ///
    /// The successor of resolve, update and skip is `(pos + step) mod n` on the ring,
    /// and `step` itself on a graph.
    #[inline]
    pub fn pack(&self) -> [u32; PACKED_WORDS] {
        let head = |kind: u32, player: Option<Player>, outcome: Outcome| {
            kind << packed::KIND_SHIFT
                | (player.map_or(0, |p| p.number() as u32)) << packed::PLAYER_SHIFT
                | (outcome as u32) << packed::OUTCOME_SHIFT
        };
        match *self {
            Event::Resolve {
                player,
                pos,
                outcome,
                depth,
                step,
                ..
            } => [head(kind::RESOLVE, player, outcome), pos, depth, step],
            Event::Pop {
                player,
                pos,
                outcome,
                depth,
            } => [head(kind::POP, player, outcome), pos, depth, 0],
            Event::Update {
                player,
                pos,
                step,
                left,
                ..
            } => [head(kind::UPDATE, player, Outcome::Loop), pos, left, step],
            Event::Skip {
                player, pos, step, ..
            } => [head(kind::SKIP, player, Outcome::Loop), pos, 0, step],
            Event::Layer { depth, count } => [kind::LAYER, depth, count, 0],
            Event::Done { loops } => [kind::DONE, loops, 0, 0],
        }
    }

    /// The inverse of [`Event::pack`]. `n` is the ring size, for the successors of ring
    /// events (events without a player are a graph's, whose successor is the step).
    pub fn unpack(words: [u32; PACKED_WORDS], n: u32) -> Option<Event> {
        let [w0, a, b, step] = words;
        let field = |shift: u32| w0 >> shift & packed::FIELD_MASK;
        let player = match field(packed::PLAYER_SHIFT) {
            0 => None,
            p => Some(Player::from_number(p as u8)?),
        };
        let outcome = match field(packed::OUTCOME_SHIFT) {
            1 => Outcome::Win,
            2 => Outcome::Lose,
            _ => Outcome::Loop,
        };
        let succ = match player {
            None => step,
            Some(_) if a < n && step < n => (a + step) % n,
            Some(_) => 0,
        };
        Some(match field(packed::KIND_SHIFT) {
            kind::RESOLVE => Event::Resolve {
                player,
                pos: a,
                outcome,
                depth: b,
                step,
                succ,
            },
            kind::POP => Event::Pop {
                player,
                pos: a,
                outcome,
                depth: b,
            },
            kind::UPDATE => Event::Update {
                player,
                pos: a,
                step,
                succ,
                left: b,
            },
            kind::SKIP => Event::Skip {
                player,
                pos: a,
                step,
                succ,
            },
            kind::LAYER => Event::Layer { depth: a, count: b },
            kind::DONE => Event::Done { loops: a },
            _ => return None,
        })
    }

    pub fn is_resolve(&self) -> bool {
        matches!(self, Event::Resolve { .. })
    }
}

/// Which events the stepper hands out; the BFS underneath is the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Granularity {
    /// Every event: seeds, layers, pops, each predecessor examined, done.
    #[default]
    Events,
    /// `Resolve` events and the final `Done`.
    Resolutions,
    /// `Layer` events (one per BFS depth) and the final `Done`.
    Layers,
}

/// A granularity name that is not one of `events`, `resolutions`, `layers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGranularity(pub String);

impl fmt::Display for UnknownGranularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown granularity \"{}\": use \"events\", \"resolutions\" or \"layers\"",
            self.0
        )
    }
}

impl core::error::Error for UnknownGranularity {}

impl FromStr for Granularity {
    type Err = UnknownGranularity;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Granularity::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| UnknownGranularity(shorten(s)))
    }
}

/// At most 80 characters of a bad name, for the error message, with `"`, `\` and control
/// characters escaped as Rust writes them (`char::escape_default`), so the quoted name reads as one.
fn shorten(s: &str) -> String {
    // By chars, not by slicing, and escaped by hand, not with `{:?}` nor `escape_default`:
    // the wasm build then carries neither a slicing panic, nor the Unicode tables of `Debug`
    // (about 4 KB), nor the escape iterator's state machine (about 2 KB more).
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::new();
    let mut chars = s.chars();
    for c in chars.by_ref().take(80) {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            c if c.is_ascii_control() => {
                // An ASCII control is below 0x80: two hex digits at most, no leading zero.
                let b = c as u8;
                out.push_str("\\u{");
                if b >= 16 {
                    out.push(HEX[usize::from(b >> 4)] as char);
                }
                out.push(HEX[usize::from(b & 15)] as char);
                out.push('}');
            }
            c => out.push(c),
        }
    }
    if chars.next().is_some() {
        out.push_str("...");
    }
    out
}

impl Granularity {
    /// Every granularity, finest first.
    pub const ALL: [Granularity; 3] = [
        Granularity::Events,
        Granularity::Resolutions,
        Granularity::Layers,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Granularity::Events => "events",
            Granularity::Resolutions => "resolutions",
            Granularity::Layers => "layers",
        }
    }
}
