// graph/graph-narrate.js: the narration of each event of a graph's search in the reader's words, fetched when an element first tells an event (a post that is never played never downloads it).

// No imports: fetched on its own (graph/graph-words.js), this module would otherwise fetch
// its imports as files of their own, though the element's bundle holds them. The values in
// words it says events with come from graph/graph-explain.js (GRAPH_NARRATE_WORDS).

/**
 * The narrator: `narrate(g, ev, w)`, one line for an event of the search (undefined: the
 * start of the run), `g` a graph context (graph/graph-explain.js), `w` the reader's words;
 * each sentence is one message of the catalog (`graph.narrate.*`).
 */
export function narrator({ inMoves, valueText, en }) {
  /** One line of narration for an event of a graph's search (undefined: the start of the run). */
  function narrate(g, ev, w = en) {
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
  return { narrate };
}
