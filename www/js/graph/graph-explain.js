// graph-explain.js: pure text in the reader's words for games on graphs: the values in words that the narration of each event (graph/graph-narrate.js) and the inspector's account of a vertex (graph/graph-inspect.js) use.

import { words as wordsFor } from '../element/i18n.js';

// A graph context `g` is { n, goal, out, dep, best, grundy, moveCount, layout }: out, dep
// and best hold the final Outcome codes, depths and best moves by vertex (the core's
// GraphSolution), grundy its Sprague-Grundy values (or null), moveCount(v) a vertex's
// number of moves (or null when not known here), and `layout` the core's layout(). The
// inspector's account of a vertex puts into words what the core says about it
// (GraphSolution.explain: its value, moves, best move, the rule that decides it, why it has
// its SG value, why it is in the optimal-play set or not): nothing here applies a rule.
// Every function takes the reader's words `w` (element/i18n.js `Words`; English if not
// given): each sentence is one catalog message (`graph.*`), its holes numbers, vertex
// lists written as arrows, or whole messages of their own (a value: "Win in 3 moves").

const EN = wordsFor('en');

/** "Win in 3 moves", "Lose in 0 moves" for the core's outcome word ('Win' or 'Lose') and a depth. */
export function inMoves(w, outcome, depth) {
  return outcome === 'Win' ? w.t('graph.value.win', { count: depth }) : w.t('graph.value.lose', { count: depth });
}

/** A value of the core's facts ('Win', 'Lose', or a draw and a depth) as words: "Win in 3 moves", "Draw". */
export function factValue(w, outcome, depth) {
  return outcome === 'Win' || outcome === 'Lose' ? inMoves(w, outcome, depth) : w.t('term.draw');
}

/** A vertex's final value: "Win in 3 moves", "Lose in 0 moves", "Draw" (its code named as the core names it). */
export function valueText(g, v, w = EN) {
  return factValue(w, g.layout.outcomeNames[g.out[v]], g.dep[v]);
}

/**
 * What graph/graph-narrate.js (fetched when an element first tells an event, with no imports
 * of its own) says events with: `narrator(GRAPH_NARRATE_WORDS)` there gives its `narrate`
 * (the tests make it so too: nothing here imports it).
 */
export const GRAPH_NARRATE_WORDS = { inMoves, valueText, en: EN };

/**
 * What graph/graph-inspect.js (fetched on the first question about a vertex, with no
 * imports of its own) puts its words together with: `inspector(GRAPH_INSPECT_WORDS)` there
 * gives its `describe`, `movesOf`, `gammaWhy` and `optimalWhy`.
 */
export const GRAPH_INSPECT_WORDS = { inMoves, factValue, en: EN };
