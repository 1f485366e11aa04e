// graph/graph-game.js: what <loopy-graph> hands the element core about its game: its targets (vertex numbers) and its game source (the graph worker, the attributes or a graph given as data, its loads and progress, the values shown, the start, a large graph's neighbourhood, a vertex's account).

import { LAYOUT } from '../../pkg/layout.js';
import { Accounts } from '../element/accounts.js';
import { connect } from '../element/client.js';
import { whole } from '../element/url.js';
import { GraphSession } from './graph-client.js';
import { GRAPH_INSPECT_WORDS } from './graph-explain.js';
import { graphFromAttributes, pairs, parseVertex, shareOf } from './graph-url.js';

/** The graph's game attributes. */
export const GAME_ATTRS = ['graph', 'goal', 'random', 'seed'];

/** A graph's targets: vertices (the core's first ..= n), named `{ vertex }` in events; `g` is the graph on screen (the source's model). */
export const GRAPH_TARGETS = {
  parse: (text) => whole(text) ?? null,
  valid: (g, v) => v >= LAYOUT.graph.firstVertex && v <= g.n,
  same: (a, b) => a === b,
  detail: (v) => (v === null ? null : { vertex: v }),
  fromDetail: (g, d) => (g && GRAPH_TARGETS.valid(g, d.vertex) ? d.vertex : null),
  fromMoves: (m) => m.v,
  index: (_g, v) => v,
  ofEvent: ({ event: ev }) => (ev?.kind === 'resolve' ? ev.pos : null),
  /** A vertex from the API's argument, or null. */
  args: (v) => (v === null || v === undefined ? null : Math.floor(Number(v))),
  toPublic: (v) => v,
  fromPublic: (v) => GRAPH_TARGETS.args(v),
  /** Per-vertex array `arr` (entry 0 unused), as `GraphSolution.outcomes` gives it. */
  row: (g, arr) => (g && arr ? arr.slice() : null),
};

/**
 * The graph's game source for the element `el`: the graph its attributes describe, or one
 * given by `give()` (the element's `load`), the values its marks show (`values`: depth or
 * grundy), its start's optimal play, and a large graph's neighbourhood drawn (`ball`).
 */
export class GraphSource {
  attributes = GAME_ATTRS;
  /** What the marks show: 'depth' or 'grundy' (the `values` attribute). */
  values = 'depth';
  /** A large graph's neighbourhood on screen: { centre, k, ids, stubs, sinks, complete } (no ids while it is fetched), or null. */
  ball = null;
  #el;
  #given = null; // a graph given by load() rather than by attributes
  #accounts; // a vertex's account: graph/graph-inspect.js's inspector, fetched when a vertex is first explained

  constructor(el) {
    this.#el = el;
    this.#accounts = new Accounts(el, el._files.inspect, ({ inspector }) => inspector(GRAPH_INSPECT_WORDS));
  }

  connect() {
    return connect(this.#el._files.worker);
  }

  session(client, receive) {
    return client.session(receive, GraphSession);
  }

  started() {
    this.values = this.#el.getAttribute('values') === 'grundy' ? 'grundy' : 'depth';
    this.#el._spec.words.showValues();
  }

  /** The graph's attributes changed: they take over from a graph given as data. */
  gameChanged() {
    this.#given = null;
  }

  attribute(name, value) {
    if (name === 'start') return this.#setStart();
    if (name === 'values') return this.#setValues(value === 'grundy' ? 'grundy' : 'depth');
  }

  /** Shows a graph given as data (see LoopyGraph.load). */
  give(source) {
    const el = this.#el;
    // A random graph given by its size alone has the `random` attribute's seed.
    this.#given = source?.random ? { random: { seed: 1, ...source.random } } : source;
    el._loader.forget();
    if (el._session) el._loader.load(false);
  }

  key() {
    const el = this.#el;
    return this.#given ? null : JSON.stringify(Object.fromEntries(GAME_ATTRS.map((a) => [a, el.getAttribute(a) ?? ''])));
  }

  read() {
    const el = this.#el;
    const progress = el._t('graph.progress.read');
    if (this.#given) return { source: this.#given, start: null, progress };
    const r = graphFromAttributes((name) => el.getAttribute(name));
    return r.errors ? r : { ...r, progress };
  }

  load(session, r, gran, at) {
    // A start from the attributes; a text names its own (its `start` line, a query, or 1 in format dag).
    session.load(r.start === null ? r.source : { ...r.source, start: r.start }, gran, at, this.values);
  }

  progress(m) {
    const keys = m.n
      ? { read: 'graph.progress.read', solve: 'graph.progress.solve.n', values: 'graph.progress.values.n', draw: 'graph.progress.draw.n' }
      : { read: 'graph.progress.read', solve: 'graph.progress.solve', values: 'graph.progress.values', draw: 'graph.progress.draw' };
    return {
      value: m.done / m.of,
      text: keys[m.phase] ? this.#el._t(keys[m.phase], { count: m.n }) : undefined,
      detail: { phase: m.phase, done: m.done, of: m.of, n: m.n },
    };
  }

  /** The graph on screen for graph-explain.js (see there), plus what drawing and counting need (the core's counts). */
  model(game) {
    return {
      id: game.id,
      n: game.n,
      m: game.m,
      goal: game.goal,
      start: game.start,
      format: game.format,
      heroFirst: game.heroFirst,
      text: game.text,
      small: game.small,
      out: game.out,
      dep: game.dep,
      best: game.best,
      grundy: game.grundy,
      grundyCounts: game.grundyCounts,
      counts: game.counts,
      layout: LAYOUT,
      // Where the game is over without a goal, on a graph drawn whole (the core's dead ends).
      sinks: game.deadEnds ? new Set(game.deadEnds) : null,
      optimal: game.optimal ? new Set(game.optimal) : null,
      optimalMoves: pairs(game.optimalMoves),
      // A vertex's number of moves, from its facts (a graph drawn whole has every vertex's); null where not known here.
      moveCount: (v) => game.facts?.[v]?.moveCount ?? null,
      share: shareOf(game),
    };
  }

  loaded(game, opts) {
    const el = this.#el;
    this.ball = null;
    el._view.setDrawing(game.small ? game.layout : null);
    el._layout();
    if (!game.small) this.showAround(game.start ?? opts.sel ?? 1, 2, false);
    el._spec.words.loaded(game);
    if (this.values === 'grundy' && !game.grundy) this.#fetchGrundy();
  }

  /** Busy while a neighbourhood is fetched. */
  busy() {
    return Boolean(this.ball && !this.ball.ids);
  }

  readyDetail() {
    const g = this.#el._g;
    return { n: g.n, m: g.m, goal: g.goal, start: g.start, format: g.format };
  }

  /** Vertices never decided (Draws) when the run is over (of the core's count of states). */
  loops(game) {
    return game.total - game.resolved;
  }

  facts(v) {
    return this.#el._session.explain(v, this.values === 'grundy');
  }

  /** What the inspector says about vertex v now (graph-inspect.js `describe`), or null while its facts or the inspector come. */
  describe(v) {
    const el = this.#el;
    const game = el._session.game;
    const sg = this.values === 'grundy';
    const facts = el._session.explain(v, sg);
    return this.#accounts.of(v, facts, (inspect) => inspect.describe(el._g, facts, game.snap, game.done, el._asking.hides(v), sg, el._words));
  }

  /** Draws the neighbourhood of vertex `centre` (up to `k` moves away, either way) of a large graph. */
  async showAround(centre, k = 2, announce = true) {
    const el = this.#el;
    const g = el._g;
    if (!g || g.small || !el._session) return;
    const v = Math.max(1, Math.min(g.n, Math.floor(Number(centre)) || 1));
    this.ball = { centre: v, k, loading: true };
    el._spec.words.around(v, k);
    const r = await el._session.ask('ball', { centre: v, k });
    if (el._g !== g || this.ball?.centre !== v || this.ball.k !== k) return;
    if (r.error || !r.ids) {
      this.ball = null;
      return el._loader.fail(r.error ?? { message: el._t('graph.around.failed'), field: null });
    }
    const stubs = new Map();
    const sinks = new Set();
    r.ids.forEach((u, j) => {
      if (r.away[j] || r.from[j]) stubs.set(u, { away: r.away[j], from: r.from[j] });
      if (r.none[j]) sinks.add(u);
    });
    this.ball = { centre: v, k, ids: r.ids, stubs, sinks, complete: r.complete };
    el._spec.words.drawn(this.ball, announce);
    el._view.setDrawing(r.layout);
    el._layout();
    el._session?.redrawAll();
    el.dispatchEvent(new CustomEvent('loopy-around', { detail: { centre: v, k, vertices: r.ids.length }, bubbles: true, composed: true }));
    el._redraw();
  }

  /** The start changed: the optimal play from it (the values stay). */
  async #setStart() {
    const el = this.#el;
    const g = el._g;
    if (!g || !el._session) return;
    const start = parseVertex(el.getAttribute('start'), 'The start');
    if (start.error) return el._loader.fail({ field: 'start', message: start.error, code: start.code, params: start.params });
    if (start.value === null) {
      g.start = null;
      g.optimal = g.optimalMoves = null;
      return el._redraw();
    }
    const r = await el._session.ask('optimal', { start: start.value });
    if (el._g !== g) return;
    if (r.error) return el._loader.fail(r.error);
    if (!r.set) return;
    g.start = start.value;
    g.optimal = new Set(r.set);
    g.optimalMoves = pairs(r.moves);
    el._loader.clear();
    el.dispatchEvent(new CustomEvent('loopy-start', { detail: { start: g.start }, bubbles: true, composed: true }));
    el._redraw();
  }

  async #fetchGrundy() {
    const el = this.#el;
    const g = el._g;
    const r = await el._session.ask('grundy');
    if (el._g !== g || !r.values) return;
    g.grundy = r.values;
    g.grundyCounts = r.counts;
    el._spec.words.counts();
    el._redraw();
  }

  /**
   * What the marks show: 'grundy' or 'depth', from the `values` attribute whoever set it
   * (the S key, a page's radios, a link); fires `loopy-values` on a change, so that a page's
   * radios and address follow the key and the key follows them: one state.
   */
  #setValues(values) {
    const el = this.#el;
    const changed = values !== this.values;
    this.values = values;
    el._spec.words.showValues();
    if (changed) el.dispatchEvent(new CustomEvent('loopy-values', { detail: { values }, bubbles: true, composed: true }));
    const g = el._g;
    if (g && values === 'grundy' && !g.grundy) this.#fetchGrundy();
    el._spec.words.counts();
    el._selection.reexplain();
    el._redraw();
  }
}
