// workers/states.js: a ring's states as the core numbers them (its layout), looked up, never restated: for the ring worker, which lays out the arrays it hands the element, and for the ring's views and words, which read them.

import { LAYOUT } from '../../pkg/layout.js';

const { block, other, player } = LAYOUT.ring;

/** Where state (player `p`, position `pos`) of a ring of `n` sits in every per-state array. */
export function stateIndex(n, p, pos) {
  return block[p] * n + pos;
}

/** The state at index `s` of a ring of `n`: `{ p, pos }` (the inverse of `stateIndex`). */
export function stateAt(n, s) {
  return { p: player[Math.floor(s / n)], pos: s % n };
}

/** Player `p`'s states of a ring of `n`, out of a per-state array `arr` (a view, not a copy). */
export function playerStates(arr, n, p) {
  return arr.subarray(block[p] * n, (block[p] + 1) * n);
}

/** The player to move after player `p` moved. */
export function otherPlayer(p) {
  return other[p];
}

/**
 * The predecessors of the state at index `s`, in the order the search checks them, from the
 * core's predecessor table `t` (Solution.predecessorTable: offsets, then rows of
 * `LAYOUT.predWords` words): `[{ p, i, step }]` (player `p` at position `i` moves by `step`).
 */
export function predecessorsOf(t, s) {
  const rows = [];
  for (let k = t[s]; k < t[s + 1]; k += LAYOUT.predWords) rows.push({ p: t[k], i: t[k + 1], step: t[k + 2] });
  return rows;
}
