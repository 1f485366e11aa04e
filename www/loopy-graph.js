// loopy-graph.js: the <loopy-graph> element: a game on any directed graph, solved by retrograde analysis and animated, for any page. The element core (js/element/base.js) does the rest.

import { addRulesPage, COMMON_ATTRS, LoopyElement } from './js/element/base.js';
import { addCatalogLoader, setCatalogCheck, withWords } from './js/element/i18n.js';
import { presentRoom, room as roomOf, setSize } from './js/element/skeleton.js';
import { h } from './js/element/style.js';
import { reflectAttributes, whole } from './js/element/url.js';
import { connectGraphs, GraphSession } from './js/graph/graph-client.js';
import { describe, narrate } from './js/graph/graph-explain.js';
import { aroundForm, extraSheet, graphLegend, labelAround, numbersText, showCounts } from './js/graph/graph-parts.js';
import { graphFromAttributes, pairs, parseVertex, RANDOM_DEGREE, shareOf } from './js/graph/graph-url.js';
import { GraphView } from './js/graph/graph-view.js';
import { LAYOUT } from './pkg/layout.js';

// As loopy-ring.js: in the dist bundles each element has its own words, so a post with both registers with both.
export { registerTranslation } from './js/element/i18n.js';

const GAME_ATTRS = ['graph', 'goal', 'random', 'seed'];
/** The drawing's usual least height in CSS px (a tight compact box may give it less, down to 100). */
const MIN_DRAWING = 160;

/** The rules page with its glossary, next to this module wherever it is served from. */
const RULES = new URL('./rules.html', import.meta.url).href;
addRulesPage(RULES, 'zh-CN', new URL('./rules.zh-CN.html', import.meta.url));

// The Chinese words are fetched only for a reader whose language is Chinese.
addCatalogLoader('zh-CN', () => import('./js/i18n/zh-CN.js'));
// registerTranslation's check of a blogger's catalog, loaded on its first call.
setCatalogCheck(withWords(() => import('./js/element/catalog-check.js')));

/**
 * The graph worker, next to this module (found here: `cargo xtask dist` bundles the modules this
 * one imports into it). The graph page points it at `graph-worker.js?judge` (the whole wasm
 * module, which its judge answer needs) before any element starts.
 */
export const worker = { start: (Worker) => new Worker(new URL('./js/workers/graph-worker.js', import.meta.url), { type: 'module' }) };

export class LoopyGraph extends LoopyElement {
  static gameAttributes = GAME_ATTRS;
  /** What the element's words call its game, a target and its view. */
  static nouns = { game: 'graph', target: 'vertex', view: 'drawing', draw: 'Draw' };
  /** The core's sentences that name a graph's things (js/element/base.js: KIND_WORDS, a ring's). */
  static words = {
    enter: 'core.keys.enter.vertex',
    jump: 'core.keys.jump.vertex',
    zoom: 'core.keys.zoom.drawing',
    quizKey: 'core.keys.answer.draw',
    quizIdle: 'core.quiz.idle.vertex',
    cannot: 'core.error.graph',
    cannotKept: 'core.error.graph.kept',
    nothing: 'core.error.graph.nothing',
  };
  static observedAttributes = [...GAME_ATTRS, 'start', ...COMMON_ATTRS, 'values'];

  #source = null; // a graph given by load() rather than by attributes
  #g = null; // the graph on screen for graph-explain.js (see there), plus what drawing needs
  #values = 'depth';
  #ball = null; // a large graph's neighbourhood on screen: { centre, k, ids, stubs }
  #said = null; // what the live region last said of the neighbourhood drawn

  constructor() {
    super();
    const p = this._parts;
    Object.assign(
      p,
      aroundForm((v, k) => this.showAround(v, k)),
    );
    p.counts = h('p', { className: 'counts', id: 'counts', hidden: true });
    // A neighbourhood's stubs, in words: the moves that come from or go to vertices not drawn.
    p.stubsHelp = h('p', { className: 'numbers', id: 'stubs-help', hidden: true });
    // What the numbers in the marks are (a compact embed has no radios to say it; the full legend says it itself).
    p.numbers = h('p', { className: 'numbers', id: 'numbers' });
    p.help = h('p', { className: 'hint', id: 'graph-help' });
    this.#label();
    // A double click on a large graph's vertex draws the neighbourhood around it.
    p.canvas.addEventListener('dblclick', (e) => {
      const r = p.canvas.getBoundingClientRect();
      const t = this._view ? this._view.hit(e.clientX - r.left, e.clientY - r.top) : null;
      if (t && !this.#g?.small) this.showAround(t, this.#ball?.k ?? 2);
    });
  }

  static {
    reflectAttributes(
      LoopyGraph,
      ['graph', 'goal', 'start', 'random', 'seed', 'granularity', 'speed', 'controls', 'theme', 'values'],
      ['autoplay', 'loop', 'quiz'],
    );
  }

  // ---- what the core asks of a graph --------------------------------------------------------

  _canvasLabels() {
    return { id: 'graph', roledescription: this._t('graph.canvas.role'), label: this._t('graph.canvas.label') };
  }

  /**
   * Says again what this element built besides the side panel (the core rebuilds that): the
   * canvas's labels, the lines under the legend, the around form, the counts, the progress
   * and narration (the core's next frame), the open popup (the selection's words).
   */
  _onRelabel() {
    const p = this._parts;
    const names = this._canvasLabels();
    p.canvas.setAttribute('aria-roledescription', names.roledescription);
    p.canvas.setAttribute('aria-label', names.label);
    this.#label();
    this.#counts();
    // The live region, if what it says is still this element's word on the neighbourhood.
    if (this.#ball?.ids && this.#said && p.said.textContent === this.#said) p.said.textContent = this.#said = this.#showing();
    if (this._session) this._session.changed = 'all';
    this._selection.reexplain();
  }

  /** The words of the parts this element adds to the side, in the reader's language. */
  #label() {
    const p = this._parts;
    p.stubsHelp.textContent = this._t('graph.stubs');
    p.numbers.textContent = numbersText(this._words, this.#values);
    p.help.textContent = this._t('graph.help');
    labelAround(p, this._words);
  }

  _rules() {
    return RULES;
  }

  /** The quiz's module, fetched only when the quiz is first turned on (imported here: this file's URL is the bundle's), with the English words only it asks for. */
  _quizModule() {
    return withWords(() => import('./js/element/quiz.js'))();
  }

  /** The why popup's module, fetched when a popup first opens (imported here for the same reason), with its words. */
  _popupModule() {
    return withWords(() => import('./js/element/popup.js'))();
  }

  /** The controls' options, fetched when they first show (a compact bar's menu opened; full controls at once), with their words. */
  _optionsModule() {
    return withWords(() => import('./js/element/options.js'))();
  }

  /** Presenter mode's look, fetched when it first presents, with its words. */
  _presentModule() {
    return withWords(() => import('./js/element/present.js'))();
  }

  /** What marks a checked answer's differences, fetched when a page first flags some, with its words. */
  _flagsModule() {
    return withWords(() => import('./js/element/flags.js'))();
  }

  _extraSheets() {
    return [extraSheet()];
  }

  _connect() {
    return connectGraphs(worker.start);
  }

  _createView(canvas) {
    return new GraphView(canvas);
  }

  _openSession(client, receive) {
    return client.session(receive, GraphSession);
  }

  _onStart() {
    this.#values = this.getAttribute('values') === 'grundy' ? 'grundy' : 'depth';
    this._parts.numbers.textContent = numbersText(this._words, this.#values);
  }

  _onGameAttribute() {
    this.#source = null;
  }

  _onAttribute(name, value) {
    if (name === 'start') return this.#setStart();
    if (name === 'values') return this.#setValues(value === 'grundy' ? 'grundy' : 'depth');
  }

  _onDisconnect() {
    this.#g = null;
  }

  _gameKey() {
    return this.#source ? null : JSON.stringify(Object.fromEntries(GAME_ATTRS.map((a) => [a, this.getAttribute(a) ?? ''])));
  }

  _readGame() {
    const progress = this._t('graph.progress.read');
    if (this.#source) return { source: this.#source, start: null, progress };
    const r = graphFromAttributes((name) => this.getAttribute(name));
    return r.errors ? r : { ...r, progress };
  }

  _loadSession(r, gran, at) {
    // A start from the attributes; a text names its own (its `start` line, a query, or 1 in format dag).
    this._session.load(r.start === null ? r.source : { ...r.source, start: r.start }, gran, at, this.#values);
  }

  _progress(m) {
    const keys = m.n
      ? { read: 'graph.progress.read', solve: 'graph.progress.solve.n', values: 'graph.progress.values.n', draw: 'graph.progress.draw.n' }
      : { read: 'graph.progress.read', solve: 'graph.progress.solve', values: 'graph.progress.values', draw: 'graph.progress.draw' };
    return {
      value: m.done / m.of,
      text: keys[m.phase] ? this._t(keys[m.phase], { count: m.n }) : undefined,
      detail: { phase: m.phase, done: m.done, of: m.of, n: m.n },
    };
  }

  _model(game) {
    const table = game.table;
    let sinks = null;
    if (table) {
      sinks = new Set();
      for (let v = 1; v <= game.n; v++) if (table.at[v + 1] === table.at[v]) sinks.add(v);
    }
    this.#g = {
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
      layout: LAYOUT,
      sinks,
      optimal: game.optimal ? new Set(game.optimal) : null,
      optimalMoves: pairs(game.optimalMoves),
      moveCount: (v) => (table ? (table.at[v + 1] - table.at[v]) / LAYOUT.moveWords : null),
      share: shareOf(game),
    };
    return this.#g;
  }

  _onLoaded(game, opts) {
    this.#ball = null;
    this._view.setDrawing(game.small ? game.layout : null);
    this._layout();
    if (!game.small) this.showAround(game.start ?? opts.sel ?? 1, 2, false);
    this._parts.around.hidden = game.small;
    if (game.small) this._parts.stubsHelp.hidden = true;
    this._parts.counts.hidden = game.small;
    this.#counts();
    if (this.#values === 'grundy' && !game.grundy) this.#fetchGrundy();
  }

  _parseSelected(text) {
    return whole(text) ?? null;
  }

  _validTarget(t) {
    return Boolean(this.#g) && t >= 1 && t <= this.#g.n;
  }

  _same(a, b) {
    return a === b;
  }

  _targetDetail(t) {
    return { vertex: t };
  }

  _flagTarget(d) {
    return this._validTarget(d.vertex) ? d.vertex : null;
  }

  _movesTarget(m) {
    return m.v;
  }

  _stateIndex(v) {
    return v;
  }

  _describe(v) {
    return this.describe(v);
  }

  _eventTarget(game) {
    return game.event?.kind === 'resolve' ? game.event.pos : null;
  }

  _facts(v) {
    return this._session.explain(v, this.#values === 'grundy');
  }

  _targetPoint(v) {
    const view = this._view;
    const p = view.point(v) ?? [view.w / 2, view.h / 2];
    return { x: p[0], y: p[1], r: view.r ?? 10, w: view.w, h: view.h };
  }

  _busyExtra() {
    return Boolean(this.#ball && !this.#ball.ids);
  }

  _readyDetail() {
    const g = this.#g;
    return { n: g.n, m: g.m, goal: g.goal, start: g.start, format: g.format };
  }

  _loops(game) {
    return this.#g.n - game.resolved;
  }

  _known(game) {
    const g = this.#g;
    const draws = g.n - game.resolved;
    const known = game.done
      ? this._t('graph.known.done', { resolved: game.resolved, count: g.n, draws: this._t('graph.known.draws', { count: draws }) })
      : this._t('graph.known', { resolved: game.resolved, count: g.n });
    if (!this.#ball?.ids) return known;
    const b = this.#ball;
    return this._t('graph.known.ball', {
      known,
      vertices: this._t('graph.counts.vertices', { count: b.ids.length }),
      moves: this._t('graph.around.moves', { count: b.k }),
      v: b.centre,
    });
  }

  _narration(game) {
    return narrate(this.#g, game.event, this._words);
  }

  _legend() {
    // Built when the element first comes into view, maybe before it starts: the attribute says which values.
    return graphLegend(this._words, this.getAttribute('values') === 'grundy' ? 'grundy' : 'depth');
  }

  _sideKids(mode, controls, compact, full) {
    const p = this._parts;
    // The full legend has a line of its own on what the numbers are: the element's is then hidden, not said twice.
    p.numbers.hidden = mode === 'full';
    if (mode === 'full')
      return [compact, p.narration, p.term, controls, p.known, p.counts, p.around, p.stubsHelp, p.numbers, full, h('slot', { name: 'side' }), p.help];
    return mode === 'compact' ? [p.narration, p.term, controls, p.around, p.stubsHelp, compact, p.numbers] : [p.narration];
  }

  _keyMap() {
    const moveSel = (d) => {
      const ids = this._view?.d?.ids ?? [];
      if (!ids.length) return;
      const k = ids.indexOf(this._sel ?? -1);
      const next = k < 0 ? (d > 0 ? 0 : ids.length - 1) : (((k + d) % ids.length) + ids.length) % ids.length;
      this.select(ids[next]);
    };
    return [
      {
        keys: ['ArrowLeft', 'ArrowRight'],
        shift: true,
        label: 'Shift + ← →',
        what: this._t('graph.keys.select'),
        run: (e) => moveSel(e.key === 'ArrowLeft' ? -1 : 1),
      },
      {
        keys: ['ArrowDown'],
        shift: true,
        label: 'Shift + ↓',
        what: this._t('graph.keys.best'),
        run: () => {
          if (this._sel === null || !this.#g) return false;
          const next = this.#g.best[this._sel];
          if (next) this.select(next);
        },
      },
    ];
  }

  _modeKeys() {
    return [
      {
        keys: ['s', 'S'],
        label: 'S',
        what: this._t('graph.keys.values'),
        run: () => {
          this.values = this.#values === 'grundy' ? 'depth' : 'grundy';
        },
      },
      {
        keys: ['c', 'C'],
        label: 'C',
        what: this._t('graph.keys.around'),
        run: () => {
          if (this._sel === null || this.#g?.small) return false;
          this.showAround(this._sel, this.#ball?.k ?? 2);
        },
      },
    ];
  }

  _zoomable() {
    return Boolean(this._view?.d);
  }

  _zoomBy(factor, x, y, sel) {
    const view = this._view;
    if (x === undefined && sel !== null && view.point(sel)) {
      view.zoom(factor);
      view.centreOn(sel);
    } else {
      view.zoom(factor, x, y);
    }
  }

  _resetZoom() {
    this._view.fit();
  }

  _zoomLevel() {
    return this._view.d ? this._view.cam.s / this._view.fitS : 1;
  }

  _canPan() {
    return !this._view.whole;
  }

  _pan(dx, dy) {
    this._view.pan(dx, dy);
  }

  // ---- attributes and properties ------------------------------------------------------------

  /** The selected vertex, or null; setting it selects. */
  get selected() {
    return this._sel;
  }

  set selected(v) {
    this.select(v);
  }

  /** The graph on screen: `{ n, m, goal, start, format, heroFirst, drawn }`, or null. */
  get game() {
    const g = this.#g;
    if (!g) return null;
    return { n: g.n, m: g.m, goal: g.goal, start: g.start, format: g.format, heroFirst: g.heroFirst, drawn: g.small ? 'whole' : 'neighbourhood' };
  }

  /** What the text given to load() holds ({ format, count, instance, query, sizes, queries }), or null. */
  get text() {
    return this.#g?.text ?? null;
  }

  /** What a link or an embed needs to show this view again (null for a graph too large to travel in a link). */
  get view() {
    const game = this._session?.game;
    const g = this.#g;
    if (!game || !g?.share) return null;
    return { ...g.share, start: g.start, values: this.#values, g: game.g, step: game.position, speed: this._speed, sel: this._sel };
  }

  /** The marks of the last frame, by vertex: [{ v, x, y, r, shape, label }] (CSS px in the canvas; for tests and tours). */
  get marks() {
    return this._view ? this._view.marks.map((m) => ({ ...m })) : [];
  }

  /** The canvas's size in CSS pixels: { width, height }. */
  get canvasSize() {
    return { width: this._view?.w ?? 0, height: this._view?.h ?? 0 };
  }

  /** Selects vertex v for the inspector, or nothing with `select(null)`. */
  select(v) {
    this._select(v === null || v === undefined ? null : Math.floor(Number(v)));
  }

  /** Seeks to the step where vertex v is decided (the core says which). */
  jumpToDecided(v) {
    return this._jumpTo(v);
  }

  /** Selects vertex v and opens its popup (where a checked answer differs, say). */
  showWhy(v) {
    this._showWhy(v);
  }

  // ---- loading a graph ----------------------------------------------------------------------

  /**
   * Shows a graph given as data rather than attributes: { text, instance?, query? } (a graph
   * text in any format the core reads: a plain edge list, format goal or format dag; pick
   * an instance or a query), { n, from, to, goal?, start? }, or { random: { n, seed } }.
   * Attributes set afterwards take over again.
   */
  load(source) {
    // A random graph given by its size alone has the `random` attribute's moves per vertex and seed.
    this.#source = source?.random ? { random: { degree: RANDOM_DEGREE, seed: 1, ...source.random } } : source;
    this._loader.forget();
    if (this._session) this._loader.load(false);
  }

  /** The start changed: the optimal play from it (the values stay). */
  async #setStart() {
    const g = this.#g;
    if (!g || !this._session) return;
    const start = parseVertex(this.getAttribute('start'), 'The start');
    if (start.error) return this._loader.fail({ field: 'start', message: start.error, code: start.code, params: start.params });
    if (start.value === null) {
      g.start = null;
      g.optimal = g.optimalMoves = null;
      return this._redraw();
    }
    const r = await this._session.ask('optimal', { start: start.value });
    if (this.#g !== g) return;
    if (r.error) return this._loader.fail(r.error);
    if (!r.set) return;
    g.start = start.value;
    g.optimal = new Set(r.set);
    g.optimalMoves = pairs(r.moves);
    this._parts.error.hidden = true;
    this.dispatchEvent(new CustomEvent('loopy-start', { detail: { start: g.start }, bubbles: true, composed: true }));
    this._redraw();
  }

  async #fetchGrundy() {
    const g = this.#g;
    const r = await this._session.ask('grundy');
    if (this.#g !== g || !r.values) return;
    g.grundy = r.values;
    this.#counts();
    this._redraw();
  }

  /** Counts per value of a large graph (its drawing shows only a neighbourhood). */
  #counts() {
    const g = this.#g;
    if (g && !g.small) showCounts(this._parts.counts, g, this.#values === 'grundy', this._words);
  }

  /** "Showing the 12 vertices around vertex 5.": what the live region says of a neighbourhood drawn. */
  #showing() {
    const b = this.#ball;
    return this._t('graph.around.showing', { count: b.ids.length, v: b.centre });
  }

  /** Draws the neighbourhood of vertex `centre` (up to `k` moves away, either way) of a large graph. */
  async showAround(centre, k = 2, announce = true) {
    const g = this.#g;
    if (!g || g.small || !this._session) return;
    const v = Math.max(1, Math.min(g.n, Math.floor(Number(centre)) || 1));
    this.#ball = { centre: v, k, loading: true };
    this._parts.centre.value = String(v);
    this._parts.radius.value = String(k);
    const r = await this._session.ask('ball', { centre: v, k });
    if (this.#g !== g || this.#ball?.centre !== v || this.#ball.k !== k) return;
    if (r.error || !r.ids) {
      this.#ball = null;
      return this._loader.fail(r.error ?? { message: this._t('graph.around.failed'), field: null });
    }
    const stubs = new Map();
    const sinks = new Set();
    r.ids.forEach((u, j) => {
      if (r.away[j] || r.from[j]) stubs.set(u, { away: r.away[j], from: r.from[j] });
      if (r.none[j]) sinks.add(u);
    });
    this.#ball = { centre: v, k, ids: r.ids, stubs, sinks, complete: r.complete };
    this._parts.stubsHelp.hidden = stubs.size === 0;
    this._view.setDrawing(r.layout);
    this._layout();
    if (this._session) this._session.changed = 'all';
    if (announce) this._parts.said.textContent = this.#said = this.#showing();
    this.dispatchEvent(new CustomEvent('loopy-around', { detail: { centre: v, k, vertices: r.ids.length }, bubbles: true, composed: true }));
    this._redraw();
  }

  /**
   * What the marks show: 'grundy' or 'depth', from the `values` attribute whoever set it
   * (the S key, a page's radios, a link); fires `loopy-values` on a change, so that a page's
   * radios and address follow the key and the key follows them: one state.
   */
  #setValues(values) {
    const changed = values !== this.#values;
    this.#values = values;
    // The legend and the line under it say what the numbers are now.
    for (const li of this._root.querySelectorAll('.legend li.digits')) li.lastChild.textContent = numbersText(this._words, values);
    this._parts.numbers.textContent = numbersText(this._words, values);
    if (changed) this.dispatchEvent(new CustomEvent('loopy-values', { detail: { values }, bubbles: true, composed: true }));
    const g = this.#g;
    if (g && values === 'grundy' && !g.grundy) this.#fetchGrundy();
    this.#counts();
    this._selection.reexplain();
    this._redraw();
  }

  // ---- reading the solved graph -------------------------------------------------------------

  /** Outcome codes by vertex (entry 0 unused): as `GraphSolution.outcomes`. */
  outcomes() {
    return this.#g ? this.#g.out.slice() : null;
  }

  /** Depths by vertex: as `GraphSolution.depths`. */
  depths() {
    return this.#g ? this.#g.dep.slice() : null;
  }

  /** The core's best move from every vertex (0 for none): as `GraphSolution.bestMoves`. */
  bestMoves() {
    return this.#g ? this.#g.best.slice() : null;
  }

  /** The Sprague-Grundy values by vertex (∞ as layout().graph.grundyInfinite), or null until known (values="grundy" fetches them). */
  grundy() {
    return this.#g?.grundy ? this.#g.grundy.slice() : null;
  }

  /** The vertices correct play can visit from the start, ascending, or null without a start. */
  optimalSet() {
    return this.#g?.optimal ? [...this.#g.optimal].sort((a, b) => a - b) : null;
  }

  /** What the inspector says about vertex v now (graph-explain.js `describe`), or null while its moves are fetched. */
  describe(v) {
    const g = this.#g;
    const game = this._session?.game;
    if (!g || !game || !(v >= 1 && v <= g.n)) return null;
    const sg = this.#values === 'grundy';
    const facts = this._session.explain(v, sg);
    return facts && this._flags.annotate(v, describe(g, facts, game.snap, game.done, this._quizFor(v), sg, this._words));
  }

  /** Where vertex v is drawn, in viewport coordinates, or null when it is not drawn. */
  pointOf(v) {
    const p = this._view?.point(v);
    if (!p) return null;
    return this._toViewport(p);
  }

  // ---- layout and the frame -----------------------------------------------------------------

  /**
   * Sizes the drawing to the element's width (and its max-height, when it has one): as wide
   * as the ring would be, and as tall as the drawing's shape asks within the height left.
   */
  _size() {
    const p = this._parts;
    const present = this.presenting;
    // A screen taller than wide (a phone held upright) stacks the words under the drawing.
    const upright = present && this.clientWidth < this.clientHeight;
    const { W, maxH, cap, wide, side } = roomOf(this, p, this._mode, present && !upright);
    let size;
    let room;
    if (present) {
      // The screen: all the room the words leave (element/skeleton.js), as the ring has.
      const { width, height: free } = presentRoom(this, p, this._mode, W, wide);
      size = setSize(p, width);
      const height = Math.max(160, Math.floor(free));
      p.box.style.setProperty('--stage-h', `${height}px`);
      // Marks and type grow with the screen: no number smaller than 2.5 % of its height.
      const grew = Boolean(this._view?.setGrow(Math.max(1, (0.025 * window.innerHeight) / 12)));
      return Boolean(this._view?.resize(size, height, devicePixelRatio || 1)) || grew;
    }
    const grew = Boolean(this._view?.setGrow(1));
    if (wide) {
      room = maxH - 4;
      size = Math.min(W - side - 20, cap, room);
    } else {
      // Stacked: in an embed what is below the drawing takes its own height first; on a
      // page (full controls) the drawing takes the screen and the panels follow below it.
      const below = () => (this._mode === 'none' ? p.narration.offsetHeight + 10 : this._mode === 'full' ? 0 : p.side.offsetHeight + 10);
      // In a short compact embed (an iframe of 420 px) the line on what the numbers are gives
      // way to the drawing: the legend's "Every mark" still says it. Measured with the line
      // shown each time, so the same room always gives the same answer.
      if (this._mode === 'compact') {
        p.numbers.hidden = false;
        p.numbers.hidden = maxH - below() - 4 < MIN_DRAWING;
      }
      room = maxH - below() - 4;
      size = Math.min(W, cap, room);
    }
    size = setSize(p, size);
    const aspect = this._view?.aspect() ?? 1;
    // As tall as the shape asks within the room; in a tight box down to 100 px rather than past the box.
    const least = Math.max(100, Math.min(MIN_DRAWING, room));
    const shape = Math.max(size * 0.5, size * aspect);
    const height = Math.max(least, Math.floor(Math.min(room, size * 1.8, shape, this._view?.fullHeight() ?? shape)));
    p.box.style.setProperty('--stage-h', `${height}px`);
    return Boolean(this._view?.resize(size, height, devicePixelRatio || 1)) || grew;
  }

  _draw(game) {
    const g = this.#g;
    const inf = g.layout.graph.grundyInfinite;
    const sg = this.#values === 'grundy' && g.grundy;
    this._view.draw({
      word: (v) => game.snap[v],
      label: (v) => (sg ? (g.grundy[v] === inf ? '∞' : String(g.grundy[v])) : undefined),
      // Under an ∞ SG value its K, the finite values its moves reach, from the core's facts
      // (a drawn graph's come with it; none is fetched from here, once per frame).
      sub: (v) => {
        const k = sg && g.grundy[v] === inf ? game.facts?.[v]?.grundy?.k : null;
        return k ? `{${k.map((x) => this._words.num(x)).join(', ')}}` : undefined;
      },
      event: game.event,
      current: game.current,
      sel: this._sel,
      hover: this._hover,
      flags: this._flags.targets,
      goal: g.goal,
      start: g.start,
      sinks: g.sinks ?? this.#ball?.sinks ?? null,
      // Optimal play follows from the final values: shown once the search has found them.
      optimal: game.done ? g.optimal : null,
      optimalMoves: game.done ? g.optimalMoves : null,
      stubs: this.#ball?.stubs ?? null,
      asked: this._askedIndex,
      goalTag: this._t('graph.canvas.goal'),
    });
  }
}

if (!customElements.get('loopy-graph')) customElements.define('loopy-graph', LoopyGraph);
