// explain.js: the ring's facts in the reader's words: the values in words that the narration of each event (ring/narrate.js) and the inspector's account of a state (ring/inspect.js) use.

import { words as wordsFor } from '../element/i18n.js';
import { otherPlayer, stateIndex } from '../workers/states.js';

// A game context `g` is { n, steps: [, s1, s2] (ascending), out, dep, best, layout }, where
// out, dep and best hold the final Outcome codes, the depths and the core's best moves
// (Solution.bestMoves) at the core's state index (states.js), and `layout` is the core's layout()
// (Outcome codes, snapshot bits). The inspector's account of a state puts into words what
// the core says about it (Solution.explain: its value, each move with where it leads and
// what that is worth, the best move and the rule that decides it): nothing here knows
// where a move leads, which rule applies, what a code means or where a bit sits. (The
// narration of an event names the other player and reads a state's final value through
// states.js, the core's numbering.)
//
// Every sentence is one message of the reader's catalog (`ring.*` in www/js/i18n/*.js),
// taken from `w`, the reader's words (element/i18n.js `Words`: the element's language and
// terms; English when not given). A hole holds a number, or a whole phrase that is a
// message of its own (a value: "Win in 3 moves (2 by player 1, 1 by player 2)").

/** English words, for callers that give none (tests, exports of an English page). */
export const EN = wordsFor('en');

const at = (g, p, i) => stateIndex(g.n, p, i);

// ---- values in words -------------------------------------------------------------------------

/** A game of `d` moves (plies) as a noun phrase: "3 moves", "3 步". */
export const lasting = (w, d) => w.t('ring.plies', { count: d });

/** The core's value ('Win', 'Lose' or 'Loop') and depth as words: "Win in 3 moves", "Loop". */
export function valueWords(w, outcome, depth) {
  if (outcome === 'Win') return w.t('ring.value.win', { count: depth });
  if (outcome === 'Lose') return w.t('ring.value.lose', { count: depth });
  return w.t('ring.value.loop');
}

/**
 * A value with who makes its moves, from a state where player `p` moves and `q` answers, the
 * core's `plies` (`{ mover, opponent }`: the moves each makes, from its event or facts):
 * "Win in 3 moves (2 by player 1, 1 by player 2)", "Lose in 2 moves (1 each)"; a game of one
 * move, or a Loop, as `valueWords` says it.
 */
export function valueByPlayers(w, outcome, d, plies, p, q) {
  if (d <= 1 || outcome === 'Loop' || !plies) return valueWords(w, outcome, d);
  const win = outcome === 'Win';
  if (plies.mover === plies.opponent) return w.t(win ? 'ring.value.win.each' : 'ring.value.lose.each', { count: d, each: plies.mover });
  return w.t(win ? 'ring.value.win.split' : 'ring.value.lose.split', { count: d, p, q, more: plies.mover, fewer: plies.opponent });
}

/** An Outcome code and a depth as words (the code named as the core names it). */
function codeWords(g, w, o, d) {
  return valueWords(w, g.layout.outcomeNames[o], d);
}

/** A final value as words: "Win in 3 moves", "Lose in 2 moves", "Loop". */
export function valueText(g, p, i, w = EN) {
  return codeWords(g, w, g.out[at(g, p, i)], g.dep[at(g, p, i)]);
}

/** A snapshot word's fields, read with the core's layout: value ('Win', 'Lose', 'Loop', 'Unknown'), queued, current, number. */
export function decode(g, w) {
  const b = g.layout.snapshot;
  const v = w & b.valueMask;
  const value = v === b.win ? 'Win' : v === b.lose ? 'Lose' : v === b.loop ? 'Loop' : 'Unknown';
  return { value, queued: (w & b.queued) !== 0, current: (w & b.current) !== 0, num: w >>> b.shift };
}

// ---- the narration (ring/narrate.js: fetched when the first event is told) ------------------------

/**
 * What ring/narrate.js (fetched when an element first tells an event, with no imports of
 * its own) says events with: `narrator(NARRATE_WORDS)` there gives its `narrate` and
 * `skipNote` (the export and the tests make it so too: nothing here imports it, so that an
 * element fetches it only when it first tells an event).
 */
export const NARRATE_WORDS = { valueWords, valueByPlayers, lasting, valueText, otherPlayer, en: EN };

/**
 * What ring/inspect.js (fetched on the first question about a state, with no imports of
 * its own) puts its words together with: `inspector(INSPECT_WORDS)` there gives its
 * `describe` and `movesOf`.
 */
export const INSPECT_WORDS = { valueWords, valueByPlayers, lasting, decode, en: EN };
