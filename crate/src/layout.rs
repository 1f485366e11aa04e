//! Every code, bit layout and limit that the JS API exposes, gathered from the
//! constants the core itself uses, so that the front end imports them (`layout()`)
//! instead of restating them.

use serde::Serialize;

use crate::game::MAX_N;
use crate::graph::{BYTES_PER_EDGE, BYTES_PER_VERTEX, MAX_GRAPH_BYTES};
use crate::grundy::INFINITE;
use crate::propagation::{kind, packed, snapshot, Granularity, MAX_BATCH, PACKED_WORDS};
use crate::solve::{Outcome, MOVE_WORDS};

/// The JS object `layout()` returns (camelCase keys; see the README).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Layout {
    /// Words per event in `nextBatch`.
    pub packed_words: u32,
    /// The kind codes of packed events.
    pub kind: Kinds,
    /// Where kind, player and outcome sit in a packed event's word 0.
    pub packed: PackedFields,
    /// The bits of a snapshot (or `changes()`) word.
    pub snapshot: SnapshotBits,
    /// The `Outcome` codes (a draw on a graph is Loop).
    pub outcome: Outcomes,
    /// The granularity names, finest first.
    pub granularities: [&'static str; 3],
    /// The largest ring accepted.
    pub max_n: u32,
    /// The most events one `nextBatch` hands out.
    pub max_batch: u32,
    /// Words per row of `moves()`.
    pub move_words: u32,
    /// Graph limits and codes.
    pub graph: GraphLayout,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Kinds {
    pub resolve: u32,
    pub pop: u32,
    pub update: u32,
    pub skip: u32,
    pub layer: u32,
    pub done: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PackedFields {
    pub field_mask: u32,
    pub kind_shift: u32,
    pub player_shift: u32,
    pub outcome_shift: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotBits {
    pub value_mask: u32,
    pub unknown: u32,
    pub win: u32,
    pub lose: u32,
    #[serde(rename = "loop")]
    pub loop_: u32,
    pub queued: u32,
    pub current: u32,
    pub shift: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcomes {
    #[serde(rename = "loop")]
    pub loop_: u32,
    pub win: u32,
    pub lose: u32,
    pub draw: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphLayout {
    pub bytes_per_vertex: u64,
    pub bytes_per_edge: u64,
    pub max_bytes: u64,
    /// The value `grundy()` gives an `∞` vertex.
    pub grundy_infinite: u32,
}

/// The layout of this build.
pub fn layout() -> Layout {
    Layout {
        packed_words: PACKED_WORDS as u32,
        kind: Kinds {
            resolve: kind::RESOLVE,
            pop: kind::POP,
            update: kind::UPDATE,
            skip: kind::SKIP,
            layer: kind::LAYER,
            done: kind::DONE,
        },
        packed: PackedFields {
            field_mask: packed::FIELD_MASK,
            kind_shift: packed::KIND_SHIFT,
            player_shift: packed::PLAYER_SHIFT,
            outcome_shift: packed::OUTCOME_SHIFT,
        },
        snapshot: SnapshotBits {
            value_mask: snapshot::VALUE_MASK,
            unknown: snapshot::UNKNOWN,
            win: snapshot::WIN,
            lose: snapshot::LOSE,
            loop_: snapshot::LOOP,
            queued: snapshot::QUEUED,
            current: snapshot::CURRENT,
            shift: snapshot::SHIFT,
        },
        outcome: Outcomes {
            loop_: Outcome::Loop as u32,
            win: Outcome::Win as u32,
            lose: Outcome::Lose as u32,
            draw: Outcome::Loop as u32,
        },
        granularities: Granularity::ALL.map(Granularity::as_str),
        max_n: MAX_N,
        max_batch: MAX_BATCH as u32,
        move_words: MOVE_WORDS as u32,
        graph: GraphLayout {
            bytes_per_vertex: BYTES_PER_VERTEX,
            bytes_per_edge: BYTES_PER_EDGE,
            max_bytes: MAX_GRAPH_BYTES,
            grundy_infinite: INFINITE,
        },
    }
}
