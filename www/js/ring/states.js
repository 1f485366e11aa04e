// states.js: a ring's states as the core numbers them (its layout), looked up, never restated.

import { LAYOUT } from '../../pkg/layout.js';

const { block, other } = LAYOUT.ring;

/** Where state (player `p`, position `pos`) of a ring of `n` sits in every per-state array. */
export function stateIndex(n, p, pos) {
  return block[p] * n + pos;
}

/** Player `p`'s states of a ring of `n`, out of a per-state array `arr` (a view, not a copy). */
export function playerStates(arr, n, p) {
  return arr.subarray(block[p] * n, (block[p] + 1) * n);
}

/** The player to move after player `p` moved. */
export function otherPlayer(p) {
  return other[p];
}
