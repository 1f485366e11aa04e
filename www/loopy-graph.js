// loopy-graph.js: the <loopy-graph> element: a game on any directed graph, solved by retrograde analysis and animated, for any page.

import { controls, keyList, legend } from './js/controls.js';
import { count, fmt, TERM } from './js/explain.js';
import { requestFrame } from './js/frames.js';
import { connectGraphs, GraphSession } from './js/graph-client.js';
import { describe, narrate } from './js/graph-explain.js';
import { formatEdges, parseEdges, parseVertex } from './js/graph-url.js';
import { GraphView } from './js/graph-view.js';
import { Popup } from './js/popup.js';
import { COLOR_VARS, h, sheet } from './js/style.js';
import { GRANULARITIES, reflectAttributes, SPEEDS, snapSpeed, whole } from './js/url.js';

const GAME_ATTRS = ['graph', 'goal', 'random', 'seed'];
/** The rules page with its glossary, next to this module wherever it is served from. */
const RULES = new URL('./rules.html', import.meta.url).href;
const reduced = matchMedia('(prefers-reduced-motion: reduce)');
const dark = matchMedia('(prefers-color-scheme: dark)');
/** A random graph (attribute `random`) has this many moves per vertex. */
const RANDOM_DEGREE = 2;

const LEGEND = [
  ['win', '', 'Win', 'the player to move can force a win; inside: how many moves the game lasts (or the SG value)'],
  ['lose', '', 'Lose', 'every move hands the opponent a win'],
  ['loop', '', 'Draw', 'neither player can force a win: the game never ends'],
  ['unk', '2', 'Not decided yet', 'small grey number: its moves still open'],
  ['queued', '', 'Waiting to be looked at', 'dashed outline'],
  ['popped', '', 'Looked at now', 'the vertices that move to it are checked (orange ring)'],
  ['pred', '', 'Move being checked', 'orange arrow; the other moves into the vertex looked at are dashed'],
  ['selected', '', 'Selected', 'black ring: click a vertex, or Shift+arrows'],
  ['end', '', 'Game over', 'a dark tag under the goal, a dark bar under a vertex without a move'],
  ['optimal', '', 'Optimal play', 'once the search is over, from the start (the entering arrow): grey discs and dark arrows'],
];

/** The element's keyboard model, one entry per line: [keys, what they do] (the page states the same list). */
export const GRAPH_KEYS = [
  ['Space', 'play or pause (also when a button has the focus)'],
  ['← →', 'one step back or forward'],
  ['Home End', 'the start or the end'],
  ['+ −', 'faster or slower'],
  ['Shift + ← →', 'select the previous or next vertex'],
  ['Shift + ↓', 'follow the best move from the selected vertex'],
  ['Enter', 'why does the selected vertex have its value?'],
  ['J', 'jump to the step where the selected vertex is decided'],
  ['S', 'show SG values or depths in the marks'],
  ['C', 'large graphs: the neighbourhood of the selected vertex'],
  ['H', 'hide or show the answers (quiz)'],
  ['Z, Shift + Z, 0', 'zoom in (towards the selection), zoom out, the whole drawing'],
  ['Esc', 'close a box, or clear the selection'],
  ['?', 'this list'],
];

const CSS = /* css */ `
.stage { height: var(--stage-h, var(--ring, 300px)); }
.sw.end { background: var(--loopy-ink); width: 14px; height: 5px; border-radius: 2px; align-self: center; }
.sw.optimal { border-radius: 50%; background: var(--loopy-track); border: 2px solid var(--loopy-ink); }
.counts { margin: 0; font-size: 0.9em; }
.counts b { font-variant-numeric: tabular-nums; }
.around { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; font-size: 0.9em; }
.around input { width: 7em; min-height: 32px; padding: 2px 6px; border: 1px solid var(--loopy-line); border-radius: 6px; background: var(--loopy-bg); }
.around select { min-height: 32px; }
`;
let graphSheet = null;
function extraSheet() {
  if (!graphSheet) {
    graphSheet = new CSSStyleSheet();
    graphSheet.replaceSync(CSS);
  }
  return graphSheet;
}

/** Speed for a run of `length` steps when none is given: about 40 seconds, at least 2 a second. */
function defaultSpeed(length) {
  return Math.max(2, SPEEDS.find((v) => length / v <= 40) || SPEEDS[SPEEDS.length - 1]);
}

/** Text fields keep every key; everywhere else the element's keys apply. */
function isTextField(t) {
  if (!(t instanceof Element)) return false;
  if (t.tagName === 'TEXTAREA' || t.isContentEditable) return true;
  return t.tagName === 'INPUT' && !['radio', 'range', 'checkbox', 'button', 'submit', 'reset', 'color'].includes(t.type);
}

export class LoopyGraph extends HTMLElement {
  static observedAttributes = [
    ...GAME_ATTRS,
    'start',
    'granularity',
    'speed',
    'step',
    'selected',
    'autoplay',
    'loop',
    'controls',
    'theme',
    'quiz',
    'values',
  ];

  #root;
  #parts = {};
  #view = null;
  #session = null;
  #client = null;
  #controls = null;
  #popup;
  #observer = null;
  #resize = null;
  #visible = false;
  #started = false;
  #dirty = true;
  #last = 0;
  #frames = 0;
  #reported = { step: -1, id: 0, done: false };
  #loadingOpts = null;
  #gameKey = '';
  #queued = null;
  #source = null; // a graph given by load() rather than by attributes
  #desired = 0;
  #playing = false;
  #speed = 0;
  #gran = 'events';
  #sel = null;
  #hover = null;
  #g = null; // the graph on screen for graph-explain.js (see there), plus what drawing needs
  #nav = 0;
  #navAtGran = -1;
  #autoplayed = false;
  #error = null;
  #quiz = false;
  #values = 'depth';
  #ball = null; // a large graph's neighbourhood on screen: { centre, k, ids, stubs }
  #mode = 'compact';
  #popupFor = null;
  #progressTimer = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [sheet(), extraSheet()];
    const p = this.#parts;
    p.canvas = h('canvas', {
      id: 'graph',
      part: 'canvas',
      tabIndex: 0,
      role: 'application',
      ariaRoledescription: 'game graph',
      ariaLabel: 'The game graph. Click a vertex, or press Shift and the arrow keys, to inspect it.',
    });
    this.#popup = new Popup(
      () => this.#closePopup(true),
      () => this.#popupFor && this.jumpToDecided(this.#popupFor),
    );
    p.error = h('div', { className: 'overlay', part: 'error', role: 'alert', hidden: true });
    p.progressText = h('span', { id: 'progress-label' }, 'Solving…');
    p.progress = h('progress', { id: 'progress', max: 1, value: 0, ariaLabel: 'Solving' });
    p.cancel = h('button', { type: 'button', id: 'cancel' }, 'Cancel');
    p.cancel.onclick = () => this.cancel();
    p.progressBox = h('div', { className: 'progress', id: 'progress-box', part: 'progress', hidden: true }, p.progressText, p.progress, p.cancel);
    p.keys = h(
      'div',
      { className: 'keys-box', part: 'keys', role: 'dialog', ariaLabel: 'Keyboard shortcuts', hidden: true, tabIndex: -1 },
      h('strong', {}, 'Keys'),
      keyList(GRAPH_KEYS),
      h('p', { className: 'hint' }, 'They work whenever the focus is not in a text field. Esc closes this list.'),
    );
    p.fallback = h('div', { className: 'fallback' }, h('slot', {}));
    p.stage = h('div', { className: 'stage', part: 'stage' }, p.fallback, p.canvas, p.error, p.progressBox, this.#popup.root, p.keys);
    p.narration = h('p', { className: 'narration', part: 'narration', ariaLive: 'polite', id: 'narration' }, 'Loading…');
    p.term = h('a', { className: 'term', id: 'term', target: '_blank', rel: 'noopener', href: RULES }, 'What does this mean?');
    p.known = h('p', { className: 'known', id: 'known' });
    p.counts = h('p', { className: 'counts', id: 'counts', hidden: true });
    p.centre = h('input', { type: 'text', id: 'centre', inputMode: 'numeric', autocomplete: 'off', spellcheck: false, ariaLabel: 'Centre vertex' });
    p.radius = h('select', { id: 'radius', ariaLabel: 'Moves away from it' });
    for (const k of [1, 2, 3, 4]) p.radius.add(new Option(count(k, 'move'), String(k)));
    const show = h('button', { type: 'submit' }, 'Show');
    p.around = h(
      'form',
      { className: 'around', id: 'around', part: 'around', hidden: true },
      h('label', { for: 'centre' }, 'Around vertex'),
      p.centre,
      h('label', { for: 'radius' }, 'within'),
      p.radius,
      show,
    );
    p.around.addEventListener('submit', (e) => {
      e.preventDefault();
      const v = parseVertex(p.centre.value, 'The centre');
      if (!v.error && v.value) this.showAround(v.value, Number(p.radius.value));
    });
    p.help = h(
      'p',
      { className: 'hint', id: 'graph-help' },
      'Each arrow is a move. Both players have the same moves; the player who cannot move loses, and whoever moves onto the goal wins.',
    );
    p.said = h('p', { className: 'sr', ariaLive: 'polite' });
    p.side = h('div', { className: 'side', part: 'side' });
    p.box = h('div', { className: 'box', part: 'box' }, p.stage, p.side);
    p.probe = h('div', { className: 'probe', ariaHidden: 'true' });
    this.#root.append(p.box, p.said, p.probe);
    this.#buildSide();
    this.#wirePointer();
    this.addEventListener('keydown', (e) => this.handleKey(e));
  }

  // ---- attributes and properties --------------------------------------------------------

  static {
    reflectAttributes(
      LoopyGraph,
      ['graph', 'goal', 'start', 'random', 'seed', 'granularity', 'speed', 'controls', 'theme', 'values'],
      ['autoplay', 'loop', 'quiz'],
    );
  }

  /** The step on screen (at the current granularity); setting it seeks. */
  get step() {
    return this.#session?.game?.position ?? 0;
  }

  set step(m) {
    this.seek(m);
  }

  /** The selected vertex, or null; setting it selects. */
  get selected() {
    return this.#sel;
  }

  set selected(v) {
    this.select(v);
  }

  /** Steps in the whole run at the current granularity. */
  get length() {
    return this.#session?.game?.length ?? 0;
  }

  get playing() {
    return this.#playing;
  }

  /** 'ready' once idle and drawn, 'busy' while solving, seeking, playing or laying out, 'error' when the graph is bad. */
  get state() {
    if (this.#error && !this.#session?.game) return 'error';
    return this.#busy() ? 'busy' : 'ready';
  }

  get frameCount() {
    return this.#frames;
  }

  /** The graph on screen: { n, m, goal, start, format, heroFirst, drawn: 'whole' | 'neighbourhood' }, or null. */
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
    const game = this.#session?.game;
    const g = this.#g;
    if (!game || !g?.share) return null;
    return { ...g.share, start: g.start, values: this.#values, g: game.g, step: game.position, speed: this.#speed, sel: this.#sel };
  }

  /** The marks of the last frame, by vertex: [{ v, x, y, r, shape, label }] (CSS px in the canvas; for tests and tours). */
  get marks() {
    return this.#view ? this.#view.marks.map((m) => ({ ...m })) : [];
  }

  /** The canvas's size in CSS pixels: { width, height }. */
  get canvasSize() {
    return { width: this.#view?.w ?? 0, height: this.#view?.h ?? 0 };
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    switch (name) {
      case 'graph':
      case 'goal':
      case 'random':
      case 'seed':
        this.#source = null;
        return this.#queueLoad();
      case 'start':
        return this.#setStart();
      case 'granularity':
        return this.#setGran(GRANULARITIES.includes(value) ? value : 'events');
      case 'speed':
        this.#speed = snapSpeed(value, this.#speed);
        return this.#redraw();
      case 'step':
        if (this.#session?.game && !this.#queued) this.seek(whole(value) ?? 0);
        return;
      case 'selected':
        if (this.#g) this.select(whole(value) ?? null);
        return;
      case 'controls':
        return this.#buildSide();
      case 'theme':
        return this.#recolor();
      case 'quiz':
        return this.#setQuiz(value !== null);
      case 'values':
        return this.#setValues(value === 'grundy' ? 'grundy' : 'depth');
    }
  }

  // ---- life cycle ---------------------------------------------------------------------------

  connectedCallback() {
    this.#observer = new IntersectionObserver(
      (entries) => {
        const v = entries[entries.length - 1].isIntersecting;
        if (v === this.#visible) return;
        this.#visible = v;
        if (v) this.#start();
        this.#wake();
      },
      { rootMargin: '100px' },
    );
    this.#observer.observe(this);
    this.#resize = new ResizeObserver(() => {
      this.#sized = true;
      this.#layout();
    });
    this.#resize.observe(this);
    dark.addEventListener('change', this.#onScheme);
    reduced.addEventListener('change', this.#onMotion);
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  disconnectedCallback() {
    this.#sized = false;
    this.#observer?.disconnect();
    this.#resize?.disconnect();
    dark.removeEventListener('change', this.#onScheme);
    reduced.removeEventListener('change', this.#onMotion);
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#visible = false;
    this.#started = false;
    this.#session?.drop();
    this.#session = null;
    this.#g = null;
    this.#gameKey = '';
  }

  #onScheme = () => this.getAttribute('theme') === 'auto' && this.#recolor();
  #onMotion = () => reduced.matches && this.pause();
  #onVisibility = () => this.#wake();

  async #start() {
    if (this.#started) return;
    this.#started = true;
    this.#client = connectGraphs();
    let layout;
    try {
      layout = await this.#client.ready;
    } catch (e) {
      return this.#fail({ message: e.message, field: null });
    }
    if (!this.#started) return;
    this.#view = new GraphView(this.#parts.canvas, layout);
    this.#recolor();
    this.#session = this.#client.session((type, m) => this.#receive(type, m), GraphSession);
    this.#gran = GRANULARITIES.includes(this.getAttribute('granularity')) ? this.getAttribute('granularity') : 'events';
    this.#values = this.getAttribute('values') === 'grundy' ? 'grundy' : 'depth';
    this.#layout();
    this.#load(true);
  }

  // ---- loading a graph ----------------------------------------------------------------------

  /**
   * Shows a graph given as data rather than attributes: { text, instance?, query? } (a graph
   * text in any format the core reads: a plain edge list, format goal or format dag; pick
   * an instance or a query), { n, from, to, goal?, start? }, or { random: { n, seed } }.
   * Attributes set afterwards take over again.
   */
  load(source) {
    this.#source = source;
    this.#gameKey = '';
    if (this.#started) this.#load(false);
  }

  #queueLoad() {
    if (!this.#started || this.#queued) return;
    this.#queued = Promise.resolve().then(() => {
      this.#queued = null;
      this.#load(false);
    });
  }

  /** The graph the attributes describe: { source, start } or { errors }. */
  #fromAttributes() {
    const errors = [];
    const goal = parseVertex(this.getAttribute('goal'), 'The goal');
    const start = parseVertex(this.getAttribute('start'), 'The start');
    if (goal.error) errors.push({ field: 'goal', message: goal.error });
    if (start.error) errors.push({ field: 'start', message: start.error });
    const random = this.getAttribute('random');
    if (random !== null && this.getAttribute('graph') === null) {
      const n = whole(random);
      if (n === undefined) errors.push({ field: 'random', message: `random must be a number of vertices, not “${random}”` });
      const seed = whole(this.getAttribute('seed')) ?? 1;
      if (errors.length) return { errors };
      return { source: { random: { n, degree: RANDOM_DEGREE, seed } }, start: start.value };
    }
    const layout = this.#client.layout.graph;
    const edges = parseEdges(this.getAttribute('graph'), Math.floor(layout.maxBytes / layout.bytesPerEdge));
    if (edges.error) errors.push({ field: 'graph', message: edges.error });
    if (errors.length) return { errors };
    const { n, from, to } = edges.value;
    const source = { n, from, to, goal: goal.value ?? undefined };
    return { source, start: start.value };
  }

  /** Reads the graph (attributes, or what load() was given) and asks the worker to solve it; errors go to the element and `loopy-error`. */
  #load(initial) {
    if (!this.#session) return;
    let source;
    let start = null;
    if (this.#source) {
      source = this.#source;
      this.#gameKey = '';
    } else {
      const text = Object.fromEntries(GAME_ATTRS.map((a) => [a, this.getAttribute(a) ?? '']));
      const key = JSON.stringify(text);
      if (key === this.#gameKey && !this.#error) return;
      this.#gameKey = key;
      const r = this.#fromAttributes();
      if (r.errors) return this.#fail(r.errors[0], r.errors);
      source = r.source;
      start = r.start;
    }
    this.#loadingOpts = {
      at: initial ? (whole(this.getAttribute('step')) ?? 0) : 0,
      sel: initial ? (whole(this.getAttribute('selected')) ?? null) : null,
      speed: snapSpeed(this.getAttribute('speed'), 0),
    };
    // A start from the attributes; a text names its own (its `start` line, a query, or 1 in format dag).
    this.#session.load(start === null ? source : { ...source, start }, this.#gran, this.#loadingOpts.at, this.#values);
    clearTimeout(this.#progressTimer);
    this.#parts.progress.value = 0;
    this.#parts.progressText.textContent = 'Reading the graph…';
    this.#progressTimer = setTimeout(() => {
      this.#parts.progressBox.hidden = false;
    }, 150);
    this.#redraw();
  }

  #endLoad() {
    clearTimeout(this.#progressTimer);
    this.#parts.progressBox.hidden = true;
  }

  /** Shows errors inside the element and fires `loopy-error`; the last good graph stays. */
  #fail(first, all = [first]) {
    this.#endLoad();
    this.#error = all;
    const box = this.#parts.error;
    box.replaceChildren(
      h('span', {}, this.#g ? 'This graph cannot be shown (the previous one stays):' : 'This graph cannot be shown:'),
      h('ul', {}, ...all.map((e) => h('li', {}, e.message))),
    );
    box.hidden = false;
    this.dispatchEvent(
      new CustomEvent('loopy-error', {
        detail: { message: first.message, field: first.field, line: first.line ?? null, errors: all },
        bubbles: true,
        composed: true,
      }),
    );
    this.#redraw();
  }

  /** Cancels the solve in flight; the graph on screen stays. */
  cancel() {
    this.#session?.cancel();
  }

  #receive(type, m) {
    switch (type) {
      case 'loaded':
        return this.#loaded(m);
      case 'frame':
        if (!m.stale && !m.moved && this.#session.game && this.#navAtGran === this.#nav) {
          this.#desired = this.#session.target = this.#session.game.position;
        }
        return this.#redraw();
      case 'progress': {
        const p = this.#parts;
        p.progress.value = m.done / m.of;
        const of = m.n ? ` (${count(m.n, 'vertex', 'vertices')})` : '';
        p.progressText.textContent = {
          read: 'Reading the graph…',
          solve: `Solving the graph${of}…`,
          values: `Preparing the animation and the values${of}…`,
          draw: `Laying out the drawing${of}…`,
        }[m.phase];
        this.dispatchEvent(new CustomEvent('loopy-progress', { detail: { phase: m.phase, done: m.done, of: m.of, n: m.n } }));
        return;
      }
      case 'error':
        this.#gameKey = '';
        return this.#fail({ message: m.message, field: m.field, line: m.line });
      case 'cancelled':
        this.#endLoad();
        this.#gameKey = '';
        this.dispatchEvent(new CustomEvent('loopy-cancel', { detail: {} }));
        return this.#redraw();
      case 'fatal':
        return this.#fail({ message: m.message, field: null });
      case 'moves': {
        if (this.#popupFor === m.v) this.#openPopup(m.v);
        this.#said();
        this.dispatchEvent(new CustomEvent('loopy-describe', { detail: { vertex: m.v }, bubbles: true, composed: true }));
        return;
      }
    }
  }

  #loaded(game) {
    const opts = this.#loadingOpts || {};
    const layout = this.#client.layout;
    this.#endLoad();
    this.#error = null;
    this.#parts.error.hidden = true;
    this.#closePopup(false);
    const table = game.table;
    const words = layout.moveWords;
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
      kSets: game.kSets ?? {},
      layout,
      sinks,
      optimal: game.optimal ? new Set(game.optimal) : null,
      optimalMoves: pairs(game.optimalMoves),
      moveCount: (v) => (table ? (table.at[v + 1] - table.at[v]) / words : null),
      share: this.#shareOf(game),
    };
    this.#ball = null;
    this.#view.setDrawing(game.small ? game.layout : null);
    this.#layout();
    if (!game.small) this.showAround(game.start ?? opts.sel ?? 1, 2, false);
    this.#parts.around.hidden = game.small;
    this.#parts.counts.hidden = game.small;
    this.#counts();
    this.#sel = opts.sel && opts.sel <= game.n ? opts.sel : null;
    this.#hover = null;
    this.#desired = game.position;
    this.#speed = opts.speed || defaultSpeed(game.length);
    this.#playing = false;
    this.#reported = { step: -1, id: game.id, done: false, ready: false };
    if (this.#gran !== game.g) this.#session.setGranularity(this.#gran);
    if (this.#values === 'grundy' && !game.grundy) this.#fetchGrundy();
    const auto = this.hasAttribute('autoplay') && !this.#autoplayed && !reduced.matches;
    if (auto) {
      this.#autoplayed = true;
      this.#playing = true;
    }
    this.#redraw();
  }

  /**
   * What a link needs for the graph on screen: a random graph its size and seed, any other
   * small one its edges (the worker sends them); null for a large graph given as data.
   */
  #shareOf(game) {
    if (game.format === 'random') return { random: { n: game.n, seed: game.seed } };
    if (!game.edges) return null;
    return { graph: formatEdges(game.n, game.edges.from, game.edges.to), goal: game.goal };
  }

  /** The start changed: the optimal play from it (the values stay). */
  async #setStart() {
    const g = this.#g;
    if (!g || !this.#session) return;
    const start = parseVertex(this.getAttribute('start'), 'The start');
    if (start.error) return this.#fail({ field: 'start', message: start.error });
    if (start.value === null) {
      g.start = null;
      g.optimal = g.optimalMoves = null;
      return this.#redraw();
    }
    const r = await this.#session.ask('optimal', { start: start.value });
    if (this.#g !== g) return;
    if (r.error) return this.#fail(r.error);
    if (!r.set) return;
    g.start = start.value;
    g.optimal = new Set(r.set);
    g.optimalMoves = pairs(r.moves);
    this.#parts.error.hidden = true;
    this.dispatchEvent(new CustomEvent('loopy-start', { detail: { start: g.start }, bubbles: true, composed: true }));
    this.#redraw();
  }

  async #fetchGrundy() {
    const g = this.#g;
    const r = await this.#session.ask('grundy');
    if (this.#g !== g || !r.values) return;
    g.grundy = r.values;
    this.#counts();
    this.#redraw();
  }

  /** Counts per value of a large graph (its drawing shows only a neighbourhood). */
  #counts() {
    const g = this.#g;
    const p = this.#parts.counts;
    if (!g || g.small) return;
    const c = g.layout.outcome;
    const tally = [0, 0, 0];
    const by = new Map();
    for (let v = 1; v <= g.n; v++) {
      tally[g.out[v]]++;
      if (g.grundy) by.set(g.grundy[v], (by.get(g.grundy[v]) ?? 0) + 1);
    }
    const kids = [
      `Whole graph: ${count(g.n, 'vertex', 'vertices')}, ${count(g.m, 'move')}. `,
      ...[
        ['Win', c.win],
        ['Lose', c.lose],
        ['Draw', c.draw],
      ].flatMap(([w, o], k) => [k ? ' · ' : '', `${w} `, h('b', {}, fmt(tally[o]))]),
      '.',
    ];
    if (g.grundy && this.#values === 'grundy') {
      const inf = g.layout.graph.grundyInfinite;
      const values = [...by.keys()].sort((a, b) => a - b);
      const shown = values.slice(0, 8);
      kids.push(' SG values: ');
      shown.forEach((x, k) => {
        kids.push(k ? ' · ' : '', `${x === inf ? '∞' : fmt(x)} × `, h('b', {}, fmt(by.get(x))));
      });
      if (values.length > shown.length) kids.push(` · … (${fmt(values.length)} values)`);
      kids.push('.');
    }
    p.replaceChildren(...kids);
  }

  /** Draws the neighbourhood of vertex `centre` (up to `k` moves away, either way) of a large graph. */
  async showAround(centre, k = 2, announce = true) {
    const g = this.#g;
    if (!g || g.small || !this.#session) return;
    const v = Math.max(1, Math.min(g.n, Math.floor(Number(centre)) || 1));
    this.#ball = { centre: v, k, loading: true };
    this.#parts.centre.value = String(v);
    this.#parts.radius.value = String(k);
    const r = await this.#session.ask('ball', { centre: v, k });
    if (this.#g !== g || this.#ball?.centre !== v || this.#ball.k !== k) return;
    if (r.error || !r.ids) {
      this.#ball = null;
      return this.#fail(r.error ?? { message: 'the neighbourhood could not be drawn', field: null });
    }
    const stubs = new Map();
    const sinks = new Set();
    r.ids.forEach((u, j) => {
      if (r.away[j] || r.from[j]) stubs.set(u, { away: r.away[j], from: r.from[j] });
      if (r.none[j]) sinks.add(u);
    });
    this.#ball = { centre: v, k, ids: r.ids, stubs, sinks, complete: r.complete };
    this.#view.setDrawing(r.layout);
    this.#layout();
    if (this.#session) this.#session.changed = 'all';
    if (announce) this.#parts.said.textContent = `Showing the ${count(r.ids.length, 'vertex', 'vertices')} around vertex ${fmt(v)}.`;
    this.dispatchEvent(new CustomEvent('loopy-around', { detail: { centre: v, k, vertices: r.ids.length }, bubbles: true, composed: true }));
    this.#redraw();
  }

  // ---- playback -----------------------------------------------------------------------------

  play() {
    const game = this.#session?.game;
    if (!game || this.#playing) return;
    if (Math.floor(this.#desired) >= game.length) this.#desired = 0;
    this.#playing = true;
    this.#redraw();
  }

  pause() {
    if (!this.#playing) return;
    this.#playing = false;
    this.#redraw();
  }

  toggle() {
    if (this.#playing) this.pause();
    else this.play();
  }

  /** Shows step `m` (clamped to 0 .. length) at the current granularity. */
  seek(m) {
    const s = this.#session;
    if (!s?.game) return;
    const x = Number(m);
    this.#nav++;
    this.#playing = false;
    this.#desired = Math.max(0, Math.min(s.game.length, Number.isNaN(x) ? 0 : x));
    s.target = Math.floor(this.#desired);
    s.force = true;
    s.pump();
    this.#redraw();
  }

  stepBy(d) {
    this.seek(Math.floor(this.#desired) + d);
  }

  #setGran(g) {
    this.#gran = g;
    this.#navAtGran = this.#nav;
    this.#session?.setGranularity(g);
    this.#redraw();
  }

  #setSpeed(v) {
    this.#speed = v;
    this.#redraw();
  }

  #faster(dir) {
    const k = SPEEDS.indexOf(this.#speed);
    this.#setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, k + dir))]);
  }

  #setValues(values) {
    this.#values = values;
    const g = this.#g;
    if (g && values === 'grundy' && !g.grundy) this.#fetchGrundy();
    this.#counts();
    this.#said();
    if (this.#popupFor) this.#openPopup(this.#popupFor);
    this.dispatchEvent(new CustomEvent('loopy-describe', { detail: { vertex: this.#sel }, bubbles: true, composed: true }));
    this.#redraw();
  }

  /** Selects vertex v for the inspector, or nothing with `select(null)`. */
  select(v) {
    const g = this.#g;
    const t = v === null || v === undefined ? null : Math.floor(Number(v));
    if (t !== null && (!g || !(t >= 1 && t <= g.n))) return;
    this.#sel = t;
    this.#said();
    this.#closePopup(false);
    this.dispatchEvent(new CustomEvent('loopy-select', { detail: t === null ? null : { vertex: t }, bubbles: true, composed: true }));
    this.#redraw();
  }

  /** The drawn vertices in order (all of a small graph, a large one's neighbourhood). */
  #drawnIds() {
    return this.#view?.d?.ids ?? [];
  }

  #moveSel(d) {
    const ids = this.#drawnIds();
    if (!ids.length) return;
    const k = ids.indexOf(this.#sel ?? -1);
    const next = k < 0 ? (d > 0 ? 0 : ids.length - 1) : (((k + d) % ids.length) + ids.length) % ids.length;
    this.select(ids[next]);
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
    const game = this.#session?.game;
    if (!g || !game || !(v >= 1 && v <= g.n)) return null;
    const rows = this.#session.moves(v);
    if (!rows) return null;
    if (this.#values === 'grundy' && g.grundy && g.grundy[v] === g.layout.graph.grundyInfinite && !g.kSets[v]) this.#fetchK(v);
    return describe(g, v, rows, game.snap?.[v], game.done, this.#quiz, this.#values === 'grundy');
  }

  async #fetchK(v) {
    const g = this.#g;
    g.kSets[v] = null;
    const r = await this.#session.ask('kset', { v });
    if (this.#g !== g || !r.set) return;
    g.kSets[v] = r.set;
    this.dispatchEvent(new CustomEvent('loopy-describe', { detail: { vertex: v }, bubbles: true, composed: true }));
    if (this.#popupFor === v) this.#openPopup(v);
  }

  /** Where vertex v is drawn, in viewport coordinates, or null when it is not drawn. */
  pointOf(v) {
    const p = this.#view?.point(v);
    if (!p) return null;
    const box = this.#parts.canvas.getBoundingClientRect();
    return { x: box.left + p[0], y: box.top + p[1] };
  }

  /** The shared graph worker's client (the page asks it for judge answers). */
  get client() {
    return this.#client;
  }

  /** Seeks to the step where vertex v is decided (the core says which). */
  async jumpToDecided(v) {
    const s = this.#session;
    if (!s?.game || !this.#g || !(v >= 1 && v <= this.#g.n)) return;
    const m = await s.decidedAt(v);
    if (m !== null) this.seek(m);
  }

  // ---- keyboard and pointer -----------------------------------------------------------------

  /** Handles a key of the element's keyboard model (GRAPH_KEYS); true when it did. The page forwards keys pressed outside. */
  handleKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return false;
    const t = e.composedPath()[0] || e.target;
    if (isTextField(t)) return false;
    const shift = e.shiftKey;
    switch (e.key) {
      case ' ':
        this.toggle();
        break;
      case 'ArrowLeft':
      case 'ArrowRight': {
        const d = e.key === 'ArrowLeft' ? -1 : 1;
        if (shift) this.#moveSel(d);
        else this.stepBy(d);
        break;
      }
      case 'ArrowDown': {
        if (!shift || !this.#sel || !this.#g) return false;
        const next = this.#g.best[this.#sel];
        if (next) this.select(next);
        break;
      }
      case 'Home':
      case 'End':
        this.seek(e.key === 'Home' ? 0 : Infinity);
        break;
      case '+':
      case '=':
        this.#faster(1);
        break;
      case '-':
      case '_':
      case '−':
        this.#faster(-1);
        break;
      case 'z':
        this.zoom(2);
        break;
      case 'Z':
        this.zoom(0.5);
        break;
      case '0':
        this.resetZoom();
        break;
      case 'j':
      case 'J':
        if (!this.#sel) return false;
        this.jumpToDecided(this.#sel);
        break;
      case 'h':
      case 'H':
        this.quiz = !this.#quiz;
        break;
      case 's':
      case 'S':
        this.values = this.#values === 'grundy' ? 'depth' : 'grundy';
        break;
      case 'c':
      case 'C':
        if (!this.#sel || this.#g?.small) return false;
        this.showAround(this.#sel, this.#ball?.k ?? 2);
        break;
      case 'Enter':
        if (t !== this.#parts.canvas || !this.#sel) return false;
        this.#why(this.#sel);
        break;
      case '?':
        this.#showKeys(this.#parts.keys.hidden);
        break;
      case 'Escape':
        if (!this.#parts.keys.hidden) this.#showKeys(false);
        else if (this.#popup.open) this.#closePopup(true);
        else if (this.#sel) this.select(null);
        else return false;
        break;
      default:
        return false;
    }
    e.preventDefault();
    return true;
  }

  #wirePointer() {
    const canvas = this.#parts.canvas;
    const local = (e) => {
      const r = canvas.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    const at = (e) => (this.#view ? this.#view.hit(...local(e)) : null);
    const down = new Map();
    let dragged = false;
    let pinch = 0;
    canvas.addEventListener('pointerdown', (e) => {
      down.set(e.pointerId, local(e));
      dragged = false;
      if (down.size === 2) {
        const [a, b] = [...down.values()];
        pinch = Math.hypot(a[0] - b[0], a[1] - b[1]);
      }
    });
    canvas.addEventListener('pointermove', (e) => {
      const prev = down.get(e.pointerId);
      if (prev && this.#view) {
        const here = local(e);
        down.set(e.pointerId, here);
        if (down.size === 2) {
          const [a, b] = [...down.values()];
          const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
          if (pinch > 0) this.zoom(d / pinch, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
          pinch = d;
          dragged = true;
        } else if (!this.#view.whole) {
          const [dx, dy] = [here[0] - prev[0], here[1] - prev[1]];
          if (dragged || Math.hypot(dx, dy) > 3) {
            dragged = true;
            canvas.setPointerCapture?.(e.pointerId);
            this.#view.pan(dx, dy);
            this.#moved();
          }
        }
        return;
      }
      if (e.pointerType !== 'mouse') return;
      const t = at(e);
      if (t !== this.#hover) this.#setHover(t);
    });
    const up = (e) => {
      down.delete(e.pointerId);
      if (down.size < 2) pinch = 0;
    };
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('pointerleave', () => this.#hover && this.#setHover(null));
    canvas.addEventListener('click', (e) => {
      if (dragged) return;
      const t = at(e);
      if (!t) return this.#closePopup(false);
      this.select(t);
      this.#why(t);
    });
    canvas.addEventListener('dblclick', (e) => {
      const t = at(e);
      if (t && !this.#g?.small) this.showAround(t, this.#ball?.k ?? 2);
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        if (!this.#view?.d || (this.#mode !== 'full' && !e.ctrlKey)) return;
        e.preventDefault();
        this.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0025)), ...local(e));
      },
      { passive: false },
    );
  }

  #why(v) {
    const ev = new CustomEvent('loopy-why', { detail: { vertex: v }, cancelable: true, bubbles: true, composed: true });
    if (this.dispatchEvent(ev)) this.#openPopup(v);
  }

  // ---- zoom ---------------------------------------------------------------------------------

  /** Zooms by `factor` around the point (x, y) of the canvas (CSS px), or around the selection, or the centre. */
  zoom(factor, x, y) {
    const view = this.#view;
    if (!view?.d) return;
    if (x === undefined && this.#sel && view.point(this.#sel)) {
      view.zoom(factor);
      view.centreOn(this.#sel);
    } else {
      view.zoom(factor, x, y);
    }
    this.#moved();
  }

  /** The whole drawing again. */
  resetZoom() {
    this.#view?.fit();
    this.#moved();
  }

  /** The zoom (1: the whole drawing). */
  get zoomLevel() {
    return this.#view?.d ? this.#view.cam.s / this.#view.fitS : 1;
  }

  #moved() {
    this.#closePopup(false);
    this.#redraw();
  }

  // ---- answers, keys, popup -----------------------------------------------------------------

  #setQuiz(on) {
    this.#quiz = on;
    this.#said();
    if (this.#popupFor) this.#openPopup(this.#popupFor);
    this.#redraw();
    this.dispatchEvent(new CustomEvent('loopy-describe', { detail: { vertex: this.#sel }, bubbles: true, composed: true }));
  }

  #showKeys(on) {
    const box = this.#parts.keys;
    box.hidden = !on;
    if (on) box.focus({ preventScroll: true });
    else this.#parts.canvas.focus({ preventScroll: true });
  }

  #setHover(v) {
    this.#hover = v;
    this.dispatchEvent(new CustomEvent('loopy-hover', { detail: v ? { vertex: v } : null, bubbles: true, composed: true }));
    this.#redraw();
  }

  #openPopup(v) {
    this.#popupFor = v;
    const d = this.describe(v);
    if (!d) return; // its moves are on their way; 'moves' opens it
    const view = this.#view;
    const p = view.point(v) ?? [view.w / 2, view.h / 2];
    const first = !this.#popup.open;
    this.#popup.show(d, p[0], p[1], Math.min(view.w, view.h));
    if (first) this.#popup.close.focus({ preventScroll: true });
  }

  #closePopup(refocus) {
    if (!this.#popup.open) return;
    this.#popup.hide();
    this.#popupFor = null;
    if (refocus) this.#parts.canvas.focus({ preventScroll: true });
  }

  #said() {
    const v = this.#sel;
    const d = v && this.describe(v);
    this.#parts.said.textContent = d ? `${d.title}: ${d.value}.` : '';
  }

  // ---- layout, theme ------------------------------------------------------------------------

  #buildSide() {
    const mode = ['none', 'compact', 'full'].includes(this.getAttribute('controls')) ? this.getAttribute('controls') : 'compact';
    const p = this.#parts;
    this.#mode = mode;
    this.#controls =
      mode === 'none'
        ? null
        : controls(mode, {
            jump: (m) => this.seek(m),
            step: (d) => this.stepBy(d),
            toggle: () => this.toggle(),
            scrub: (m) => this.seek(m),
            setSpeed: (v) => this.#setSpeed(v),
            setGran: (g) => this.#setGran(g),
            setQuiz: (on) => {
              this.quiz = on;
            },
            keys: () => this.#showKeys(true),
            refocus: () => this.#parts.canvas.focus({ preventScroll: true }),
          });
    const kids = [];
    if (mode === 'full') {
      kids.push(
        legend(false, LEGEND),
        p.narration,
        p.term,
        this.#controls.root,
        p.known,
        p.counts,
        p.around,
        legend(true, LEGEND),
        h('slot', { name: 'side' }),
        p.help,
      );
    } else {
      kids.push(p.narration);
      if (mode === 'compact') kids.push(p.term, this.#controls.root, p.around, legend(false, LEGEND));
    }
    p.side.replaceChildren(...kids);
    p.box.classList.toggle('full', mode === 'full');
    this.#layout();
    this.#redraw();
  }

  // As the ring's: no layout is read before the first ResizeObserver callback (reading one
  // in the constructor forced the host page's layout while it was being parsed).
  #sized = false;

  /**
   * Sizes the drawing to the element's width (and its max-height, when it has one): as wide
   * as the ring would be, and as tall as the drawing's shape asks within the height left.
   */
  #layout() {
    if (!this.#sized) return;
    const p = this.#parts;
    const W = this.clientWidth || 320;
    const maxH = p.probe.offsetHeight || Infinity;
    const cap = this.#mode === 'full' ? 640 : 480;
    const wide = this.#mode !== 'none' && W >= 560;
    p.box.classList.toggle('wide', wide);
    let size;
    let room;
    if (wide) {
      const side = Math.max(this.#mode === 'full' ? 300 : 270, Math.min(420, W * 0.4));
      room = maxH - 4;
      size = Math.min(W - side - 20, cap, room);
    } else {
      // Stacked: in an embed what is below the drawing takes its own height first; on a
      // page (full controls) the drawing takes the screen and the panels follow below it.
      const below = this.#mode === 'none' ? p.narration.offsetHeight + 10 : this.#mode === 'full' ? 0 : p.side.offsetHeight + 10;
      room = maxH - below - 4;
      size = Math.min(W, cap, room);
    }
    size = Math.max(160, Math.floor(size));
    const aspect = this.#view?.aspect() ?? 1;
    const height = Math.max(160, Math.floor(Math.min(room, size * 1.8, Math.max(size * 0.5, size * aspect))));
    p.box.style.setProperty('--ring', `${size}px`);
    p.box.style.setProperty('--stage-h', `${height}px`);
    if (this.#view?.resize(size, height, devicePixelRatio || 1)) {
      this.#closePopup(false);
      this.#redraw();
    }
  }

  #recolor() {
    if (!this.#view) return;
    const cs = getComputedStyle(this.#parts.box);
    const colors = {};
    for (const [k, v] of Object.entries(COLOR_VARS)) colors[k] = cs.getPropertyValue(v).trim();
    this.#view.setColors(colors);
    this.#redraw();
  }

  // ---- the frame ----------------------------------------------------------------------------

  #busy() {
    const s = this.#session;
    return !s?.game || s.busy || this.#dirty || this.#playing || Boolean(this.#ball && !this.#ball.ids);
  }

  #redraw() {
    this.#dirty = true;
    this.#wake();
  }

  #wake() {
    if (document.hidden) return;
    if (this.#dirty || this.#session?.busy || (this.#playing && this.#visible)) requestFrame(this);
  }

  /** One animation frame (called by frames.js). */
  frame(t) {
    const s = this.#session;
    const game = s?.game;
    const moving = this.#playing && this.#visible;
    if (game && moving) {
      const dt = this.#last ? Math.min(100, t - this.#last) : 0;
      this.#desired = Math.min(game.length, this.#desired + (dt * this.#speed) / 1000);
      if (this.#desired >= game.length) {
        if (this.hasAttribute('loop') && game.length > 0 && s.target >= game.length && game.position >= game.length) {
          this.#desired = 0;
        } else if (!this.hasAttribute('loop')) {
          this.#playing = false;
        }
      }
      this.#dirty = true;
    }
    this.#last = moving ? t : 0;
    if (game) {
      s.target = Math.floor(this.#desired);
      s.pump();
    }
    if (this.#dirty) this.#render();
    this.#wake();
  }

  #render() {
    this.#dirty = false;
    const s = this.#session;
    const game = s?.game;
    const g = this.#g;
    if (!game?.snap || !g || g.id !== game.id) return;
    s.takeChanged();
    const inf = g.layout.graph.grundyInfinite;
    const sg = this.#values === 'grundy' && g.grundy;
    this.#view.draw({
      word: (v) => game.snap[v],
      label: (v) => (sg ? (g.grundy[v] === inf ? '∞' : String(g.grundy[v])) : undefined),
      event: game.event,
      current: game.current,
      sel: this.#sel,
      hover: this.#hover,
      goal: g.goal,
      start: g.start,
      sinks: g.sinks ?? this.#ball?.sinks ?? null,
      // Optimal play follows from the final values: shown once the search has found them.
      optimal: game.done ? g.optimal : null,
      optimalMoves: game.done ? g.optimalMoves : null,
      stubs: this.#ball?.stubs ?? null,
    });
    const said = narrate(g, game.event);
    const p = this.#parts;
    if (p.narration.textContent !== said) p.narration.textContent = said;
    p.narration.setAttribute('aria-busy', String(this.#playing));
    const term = `${RULES}#${TERM[game.event?.kind] || 'retrograde'}`;
    if (p.term.href !== term) p.term.href = term;
    this.#controls?.render({
      playing: this.#playing,
      position: game.position,
      target: s.target,
      length: game.length,
      speed: this.#speed,
      g: game.g,
      quiz: this.#quiz,
    });
    const draws = g.n - game.resolved;
    let known = `${fmt(game.resolved)} of ${count(g.n, 'vertex', 'vertices')} decided${game.done ? `; ${count(draws, 'Draw')}` : ''}`;
    if (this.#ball?.ids)
      known += `. Showing the ${count(this.#ball.ids.length, 'vertex', 'vertices')} within ${count(this.#ball.k, 'move')} of vertex ${fmt(this.#ball.centre)}`;
    if (p.known.textContent !== known) p.known.textContent = known;
    if (this.#popupFor) {
      const d = this.describe(this.#popupFor);
      if (d) this.#popup.update(d);
    }
    this.#frames++;
    p.fallback.hidden = true;
    this.#report(game, said);
  }

  #report(game, narration) {
    const r = this.#reported;
    const detail = () => ({ step: game.position, length: game.length, granularity: game.g, event: game.event ?? null, narration });
    const g = this.#g;
    if (!r.ready) {
      r.ready = true;
      r.step = game.position;
      this.dispatchEvent(
        new CustomEvent('loopy-ready', {
          detail: { n: g.n, m: g.m, goal: g.goal, start: g.start, format: g.format, ...detail() },
          bubbles: true,
          composed: true,
        }),
      );
    } else if (game.position !== r.step) {
      r.step = game.position;
      this.dispatchEvent(new CustomEvent('loopy-step', { detail: detail(), bubbles: true, composed: true }));
    }
    const done = game.position >= game.length;
    if (done && !r.done)
      this.dispatchEvent(new CustomEvent('loopy-done', { detail: { ...detail(), loops: g.n - game.resolved }, bubbles: true, composed: true }));
    r.done = done;
  }
}

/** [u, w, u, w, ...] as a Set of "u w", or null. */
function pairs(flat) {
  if (!flat) return null;
  const set = new Set();
  for (let k = 0; k + 1 < flat.length; k += 2) set.add(`${flat[k]} ${flat[k + 1]}`);
  return set;
}

if (!customElements.get('loopy-graph')) customElements.define('loopy-graph', LoopyGraph);
