// graph-client.js: the main-thread side of the graph worker: one shared worker per page, and each <loopy-graph>'s session in it.

import { connect, Session } from '../element/client.js';

/**
 * The page's client of the graph worker that `source` describes (started on first use; the ring's
 * worker is another). The element passes it, found from its own module: `cargo xtask dist`
 * bundles this module into loopy-graph.js, whose URL is then the only one to trust.
 */
export function connectGraphs(source) {
  return connect(source);
}

/**
 * One element's graph in the worker: as a ring's Session (the values, the snapshot at the
 * shown step, one seek in flight), with a graph's questions: a vertex's moves, the
 * Sprague-Grundy values, the optimal play from a start, a neighbourhood to draw.
 */
export class GraphSession extends Session {
  /**
   * Solves a graph: `source` is { text, instance?, query? } (a graph text, read by the core),
   * { n, from, to, goal?, start? } or { random: { n, degree, seed } }. The current graph
   * stays until the new one is drawn.
   */
  load(source, g, at = 0, values = 'depth') {
    const transfer = source.from instanceof Uint32Array ? [source.from.buffer, source.to.buffer] : [];
    return this._load({ source, g, at, values }, transfer);
  }

  /**
   * What the core says about vertex v (GraphSolution.explain: its value, moves, best move
   * and why; its place in the optimal-play set from the start; with `sg`, why it has its
   * Sprague-Grundy value), or null while it is fetched ('moves' follows).
   */
  explain(v, sg = false) {
    const game = this.game;
    if (!game) return null;
    const known = game.facts?.[v];
    if (known && (!sg || known.grundy)) return known;
    return this.fetched(`${game.id}:explain:${v}:${sg}`, { t: 'explain', v, grundy: sg }, (m) => m.facts, { v });
  }

  /** A question about the graph on screen; resolves to the worker's answer. */
  ask(t, data = {}) {
    return this.client.ask({ t, sid: this.sid, id: this.game?.id ?? 0, ...data });
  }
}
