//! Every code, bit layout and limit that the JS API exposes, gathered from the
//! constants the core itself uses, so that the front end imports them (`layout()`)
//! instead of restating them.

use serde::Serialize;

use crate::game::{Player, MAX_N};
use crate::grade::{Grade, GRADE_WORDS};
use crate::graph::random::RANDOM_DEGREE;
use crate::graph::{
    BYTES_PER_EDGE, BYTES_PER_VERTEX, DRAW_MAX_EDGES, DRAW_MAX_VERTICES, MAX_GRAPH_BYTES,
};
use crate::grundy::INFINITE;
use crate::propagation::{kind, packed, snapshot, Granularity, MAX_BATCH, PACKED_WORDS};
use crate::solve::{BEST_TABLE_MAX, MOVE_TABLE_MAX, PRED_WORDS};
use crate::value::{Outcome, MOVE_WORDS};

/// The JS object `layout()` returns (camelCase keys; see docs/api.md).
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
    /// The name of each `Outcome` code, indexed by code, as the facts and events spell
    /// it (`"Win"`, `"Lose"`, `"Loop"`): a page looks a code's name up here.
    pub outcome_names: [&'static str; 3],
    /// The granularity names, finest first.
    pub granularities: [&'static str; 3],
    /// The largest ring accepted.
    pub max_n: u32,
    /// How a ring's states are numbered.
    pub ring: RingStates,
    /// The most events one `nextBatch` hands out.
    pub max_batch: u32,
    /// Words per row of `moves()`.
    pub move_words: u32,
    /// Words per row of a ring `Solution.predecessorTable()`: `[player, pos, step]`.
    pub pred_words: u32,
    /// Words per row of a ring `Solution.grades()`.
    pub grade_words: u32,
    /// The codes of a move's grade (`Solution.grades()`), by name.
    pub grade: Grades,
    /// Graph limits and codes.
    pub graph: GraphLayout,
}

/// The [`Grade`] codes, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Grades {
    pub best: u32,
    pub slower: u32,
    pub sooner: u32,
    pub threw_win: u32,
    pub threw_draw: u32,
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

/// A ring's states, indexed by player number (1 or 2; entry 0 unused), so that the JS
/// looks these up instead of restating [`RingGame::state`](crate::RingGame::state) and
/// [`Player::other`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RingStates {
    /// The other player of each player.
    pub other: [u32; 3],
    /// State (p, pos) is `block[p] * n + pos` in every per-state array.
    pub block: [u32; 3],
    /// The other way round: state index `s` is player `player[⌊s / n⌋]` at position
    /// `s mod n`.
    pub player: [u32; 2],
    /// The positions a player moves from are `firstPos ..= n - 1`: position 0 is the
    /// hole, where the game is over.
    pub first_pos: u32,
    /// A game of at most this many moves (`Solution.counts().moves`) has every state's
    /// moves and predecessors made when it loads; past it, one state's at a time.
    pub move_table_max: u64,
    /// A game of at most this many moves has every state's best move made when it
    /// loads; past it, one state's at a time.
    pub best_table_max: u64,
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
    /// The bits of a state's look (value and queued).
    pub look_mask: u32,
    /// The looks, in the order a stacked bar draws them.
    pub stack: [u32; 6],
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
    /// The most edges any graph can have (with one vertex) within `max_bytes`.
    pub max_edges: u64,
    /// The value `grundy()` gives an `∞` vertex.
    pub grundy_infinite: u32,
    /// The largest graph drawn whole (vertices, and edges); larger ones are drawn a
    /// neighbourhood at a time.
    pub draw_max_vertices: u32,
    pub draw_max_edges: u32,
    /// Vertices are numbered `firstVertex ..= n` (entry 0 of every per-vertex array is unused).
    pub first_vertex: u32,
    /// A link's random graph (`randomGraph(n, seed)`) has `randomDegree · n` edges.
    pub random_degree: u32,
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
            look_mask: snapshot::LOOK_MASK,
            stack: snapshot::STACK,
        },
        outcome: Outcomes {
            loop_: Outcome::Loop as u32,
            win: Outcome::Win as u32,
            lose: Outcome::Lose as u32,
            draw: Outcome::Loop as u32,
        },
        outcome_names: [Outcome::Loop, Outcome::Win, Outcome::Lose].map(Outcome::as_str),
        granularities: Granularity::ALL.map(Granularity::as_str),
        max_n: MAX_N,
        ring: RingStates {
            other: [
                0,
                u32::from(Player::One.other().number()),
                u32::from(Player::Two.other().number()),
            ],
            block: [0, Player::One.index() as u32, Player::Two.index() as u32],
            player: [0, 1].map(|k| u32::from(Player::from_index(k).number())),
            first_pos: 1,
            move_table_max: MOVE_TABLE_MAX,
            best_table_max: BEST_TABLE_MAX,
        },
        max_batch: MAX_BATCH as u32,
        move_words: MOVE_WORDS as u32,
        pred_words: PRED_WORDS as u32,
        grade_words: GRADE_WORDS as u32,
        grade: Grades {
            best: Grade::Best as u32,
            slower: Grade::Slower as u32,
            sooner: Grade::Sooner as u32,
            threw_win: Grade::ThrewWin as u32,
            threw_draw: Grade::ThrewDraw as u32,
        },
        graph: GraphLayout {
            bytes_per_vertex: BYTES_PER_VERTEX,
            bytes_per_edge: BYTES_PER_EDGE,
            max_bytes: MAX_GRAPH_BYTES,
            max_edges: (MAX_GRAPH_BYTES - BYTES_PER_VERTEX) / BYTES_PER_EDGE,
            grundy_infinite: INFINITE,
            draw_max_vertices: DRAW_MAX_VERTICES,
            draw_max_edges: DRAW_MAX_EDGES,
            first_vertex: 1,
            random_degree: RANDOM_DEGREE,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Graph, RingGame};

    #[test]
    fn ring_state_numbering_is_the_games() {
        let l = layout();
        let game = RingGame::new(8, &[2, 3], &[3]).unwrap();
        for p in Player::BOTH {
            let k = usize::from(p.number());
            assert_eq!(l.ring.other[k], u32::from(p.other().number()));
            for pos in 1..8 {
                let index = l.ring.block[k] as usize * 8 + pos as usize;
                assert_eq!(index, game.state(p, pos), "{p:?} at {pos}");
                assert_eq!(l.ring.player[index / 8], u32::from(p.number()));
            }
        }
    }

    #[test]
    fn each_outcome_code_names_its_outcome_as_serde_spells_it() {
        let l = layout();
        for o in [Outcome::Loop, Outcome::Win, Outcome::Lose] {
            let spelled = serde_json::to_string(&o).unwrap();
            assert_eq!(format!("\"{}\"", l.outcome_names[o as usize]), spelled);
        }
    }

    #[test]
    fn every_look_is_stacked_once_and_reads_from_a_word() {
        let l = layout().snapshot;
        let mut looks = Vec::new();
        for value in [l.unknown, l.win, l.lose, l.loop_] {
            for queued in [0, l.queued] {
                // Only decided states wait in the queue; Loop is known only at the end.
                if queued != 0 && (value == l.unknown || value == l.loop_) {
                    continue;
                }
                let word = value | queued | l.current | (9 << l.shift);
                looks.push(word & l.look_mask);
            }
        }
        let mut stack = l.stack.to_vec();
        stack.sort_unstable();
        looks.sort_unstable();
        assert_eq!(stack, looks);
    }

    #[test]
    fn max_edges_is_the_most_a_graph_may_have() {
        let m = layout().graph.max_edges;
        assert!(Graph::check_size(1, m).is_ok());
        assert!(Graph::check_size(1, m + 1).is_err());
    }
}
