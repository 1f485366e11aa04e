// graph-explain.js: pure text in the reader's words for games on graphs: the narration of each event, and the values in words the inspector's account of a vertex (graph/graph-inspect.js) uses too.

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

/** One line of narration for an event of a graph's search (undefined: the start of the run). */
export function narrate(g, ev, w = EN) {
  if (!ev) return w.t('graph.narrate.start');
  const v = ev.pos;
  switch (ev.kind) {
    case 'resolve': {
      const value = inMoves(w, ev.outcome, ev.depth);
      // The game over where it is: at the goal, or at a dead end (the event says which).
      if (ev.end) return w.t(ev.end === 'goal' ? 'graph.narrate.goal' : 'graph.narrate.deadEnd', { v, value });
      if (ev.outcome === 'Win') return w.t('graph.narrate.win', { v, succ: ev.succ, value });
      const k = g.moveCount(ev.pos);
      if (k === null) return w.t('graph.narrate.lose.unknown', { v, value });
      if (k === 1) return w.t('graph.narrate.lose.one', { v, value });
      if (k === 2) return w.t('graph.narrate.lose.two', { v, value });
      return w.t('graph.narrate.lose.many', { v, value, count: k });
    }
    case 'pop':
      return w.t('graph.narrate.pop', { v, value: inMoves(w, ev.outcome, ev.depth) });
    case 'update': {
      const k = g.moveCount(ev.pos);
      const p = { v, succ: ev.succ, count: ev.left, k };
      return k === null ? w.t('graph.narrate.update.unknown', p) : w.t('graph.narrate.update', p);
    }
    case 'skip':
      return w.t('graph.narrate.skip', { v, succ: ev.succ, value: valueText(g, ev.pos, w) });
    case 'layer':
      if (ev.depth === 0) return ev.count === 1 ? w.t('graph.narrate.layer0.one') : w.t('graph.narrate.layer0.many', { count: ev.count });
      if (ev.count === 1) return w.t('graph.narrate.layer.one', { count: ev.depth });
      if (ev.count === 2) return w.t('graph.narrate.layer.two', { count: ev.depth });
      return w.t('graph.narrate.layer.many', { count: ev.depth, n: ev.count });
    case 'done':
      return ev.loops ? w.t('graph.narrate.done', { count: ev.loops }) : w.t('graph.narrate.done.none');
    default:
      return '';
  }
}

/**
 * What graph/graph-inspect.js (fetched on the first question about a vertex, with no
 * imports of its own) puts its words together with: `inspector(GRAPH_INSPECT_WORDS)` there
 * gives its `describe`, `movesOf`, `gammaWhy` and `optimalWhy`.
 */
export const GRAPH_INSPECT_WORDS = { inMoves, factValue, en: EN };
