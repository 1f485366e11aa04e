// ring-element.js: the <loopy-ring> element: a ring game solved by retrograde analysis and animated (loopy-ring.js defines it for a post, page.js for the page). The element core (element/base.js) does the rest.

import { LAYOUT } from '../../pkg/layout.js';
import { COMMON_ATTRS, LoopyElement } from '../element/base.js';
import { connect } from '../element/client.js';
import { reduced } from '../element/presence.js';
import { presentRoom, room, setSize } from '../element/skeleton.js';
import { h } from '../element/style.js';
import { formatSteps, parseN, parseSelected, parseSteps, reflectAttributes } from '../element/url.js';
import { INSPECT_WORDS, narrate, skipNote } from './explain.js';
import { predecessorIndex, Ring } from './ring.js';
import { playerStates, stateIndex } from './states.js';
import { TokenMotion } from './token.js';

const GAME_ATTRS = ['n', 's1', 's2'];
/** The default game (the page's first preset): the spec's first sample, which a wrong game's error box offers. */
export const DEFAULT_GAME = { n: '5', s1: '2,3', s2: '1,2,3' };
/**
 * Where the element's files are: `{ worker, rules, quiz, popup, bands, inspect, options, present, flags }` (the shared worker, the rules page
 * with its glossary, a function that imports element/quiz.js when the quiz is first
 * turned on, one that imports element/popup.js when a why popup first opens, one that imports ring/bands.js when a ring too dense for marks is first
 * drawn, one that imports ring/inspect.js when a state is first explained, one that imports element/options.js when the controls' options first show, one that imports element/present.js when it first presents, and one that imports element/flags.js when a page first flags a checked answer's differences), given by whoever defines the element, from its own
 * `import.meta.url`: this module's is not to be trusted, since `cargo xtask dist`
 * bundles it into loopy-ring.js, one folder up.
 */
let files = null;

export { predecessorIndex };

export class LoopyRing extends LoopyElement {
  static gameAttributes = GAME_ATTRS;
  /** What the element's words call its game, a target and its view. */
  static nouns = { game: 'game', target: 'state', view: 'ring', draw: 'Loop' };
  static observedAttributes = [...GAME_ATTRS, ...COMMON_ATTRS];

  #g = null; // the shown game for explain.js: { id, n, steps: [, s1, s2], out, dep, best }
  #decidable = 0; // states the search decides (not Loop), to know when only checks are left
  #note = null; // the element's own narration (a skip: { left, loops }), until the next move, worded when said
  #predIndex = null;
  #inspect = null; // ring/inspect.js's inspector, fetched when a state is first explained
  #inspectLoading = null; // its module on the way
  #asked = []; // the states explained while it came: their words follow it
  #inspectFailed = false; // it could not be fetched: every popup says so

  static {
    reflectAttributes(LoopyRing, ['n', 's1', 's2', 'granularity', 'speed', 'controls', 'theme'], ['autoplay', 'loop', 'quiz']);
  }

  // ---- what the core asks of a ring ---------------------------------------------------------

  _canvasLabels() {
    return { id: 'ring', roledescription: this._t('ring.canvas.role'), label: this._t('ring.canvas.label') };
  }

  _quizModule() {
    return files.quiz();
  }

  _popupModule() {
    return files.popup();
  }

  _optionsModule() {
    return files.options();
  }

  _presentModule() {
    return files.present();
  }

  _flagsModule() {
    return files.flags();
  }

  _rules() {
    return files.rules.href;
  }

  _connect() {
    return connect(files.worker);
  }

  _createView(canvas) {
    const ring = new Ring(canvas, { loadBands: files.bands });
    // The frame that needed the bands is drawn once they have come.
    ring.bandsCame = () => this._redraw();
    return ring;
  }

  _fetching() {
    // The bands' module, the inspector's, or a state's facts asked of the worker's why module (settled() waits for them).
    return Boolean(this._view?.waitingForBands) || Boolean(this._session?.asking) || this.#inspectLoading !== null;
  }

  /**
   * Fetches the inspector (ring/inspect.js) the first time a state is explained: a post whose
   * reader never asks about a state never downloads it. Meanwhile `describe()` says nothing
   * yet, as while a state's facts come from the worker; once it is here, each state asked
   * about meanwhile is explained (`loopy-describe` follows, the popup opens). A module that
   * cannot be fetched leaves the element going on: its popups say so (each frame asking
   * again would fetch it in a loop).
   */
  #loadInspector() {
    this.#inspectLoading ??= files.inspect().then(
      ({ inspector }) => {
        this.#inspect = inspector(INSPECT_WORDS);
        this.#inspectLoading = null;
        this._redraw();
        for (const t of this.#asked.splice(0)) this._selection.moved(t);
      },
      () => {
        this.#inspectLoading = null;
        this.#inspectFailed = true;
        this._redraw();
        this.#unavailable();
      },
    );
  }

  /** The states asked about say that they cannot be explained (the inspector could not be fetched). */
  #unavailable() {
    for (const t of this.#asked.splice(0)) this._selection.unavailable(t);
  }

  _openSession(client, receive) {
    return client.session(receive);
  }

  _gameKey() {
    return JSON.stringify(Object.fromEntries(GAME_ATTRS.map((a) => [a, this.getAttribute(a) ?? ''])));
  }

  _readGame() {
    const n = parseN(this.getAttribute('n') ?? '');
    const s1 = parseSteps(this.getAttribute('s1') ?? '', 1);
    const s2 = parseSteps(this.getAttribute('s2') ?? '', 2);
    const errors = [
      ['n', n],
      ['s1', s1],
      ['s2', s2],
    ]
      .filter(([, r]) => r.error)
      .map(([field, r]) => ({ field, message: r.error, code: r.code, params: r.params }));
    // The core checks what could be read, so that every wrong field is named (element/loader.js).
    if (errors.length) return { errors, fields: { n: n.value ?? null, s1: s1.value ?? null, s2: s2.value ?? null } };
    return { source: { n: n.value, s1: s1.value, s2: s2.value }, progress: this._t('ring.progress.solving', { n: n.value }) };
  }

  _checkFields({ n, s1, s2 }) {
    return this.client.checkGame(n, s1, s2);
  }

  /** The ways back to a game that the error box offers: the nearest valid game (the core's) and the default one. */
  _offers(nearest) {
    const show = (g) => {
      for (const a of GAME_ATTRS) this.setAttribute(a, g[a]);
    };
    const offers = [];
    if (nearest) {
      const steps = (s) => formatSteps(s, ', ');
      offers.push({
        text: this._t('ring.offer.nearest', { n: nearest.n, s1: steps(nearest.s1), s2: steps(nearest.s2) }),
        run: () => show({ n: String(nearest.n), s1: formatSteps(nearest.s1), s2: formatSteps(nearest.s2) }),
      });
    }
    offers.push({ text: this._t('ring.offer.default', { n: Number(DEFAULT_GAME.n) }), run: () => show(DEFAULT_GAME) });
    return offers;
  }

  _loadSession(r, gran, at) {
    this._session.load(r.source, gran, at);
  }

  _progress(m) {
    return {
      value: m.resolved / m.total,
      text: m.preparing
        ? this._t('ring.progress.preparing', { n: m.total / 2 + 1 })
        : this._t('ring.progress.states', { n: m.total / 2 + 1, resolved: m.resolved, count: m.total }),
      detail: { resolved: m.resolved, total: m.total, preparing: Boolean(m.preparing) },
    };
  }

  _model(game) {
    this.#g = { id: game.id, n: game.n, steps: [null, game.s1, game.s2], out: game.out, dep: game.dep, best: game.best, layout: LAYOUT };
    return this.#g;
  }

  _onLoaded(game) {
    this.#predIndex = game.table ? predecessorIndex(game.n, game.table, LAYOUT.moveWords) : null;
    // States the search will decide; once they all are, the rest of the run only checks moves.
    const oc = LAYOUT.outcome;
    this.#decidable = 0;
    for (let s = 0; s < game.out.length; s++) if (s % game.n && game.out[s] !== oc.loop) this.#decidable++;
    this.#note = null;
    // A game played on the old ring is over.
    this.token = null;
    this.#caption = null;
    this._view.setGame(game.n);
  }

  _onNavigate() {
    this.#note = null;
  }

  _onDisconnect() {
    this.#g = null;
  }

  _parseSelected(text) {
    return parseSelected(text);
  }

  _validTarget(t) {
    return Boolean(this.#g) && (t.p === 1 || t.p === 2) && t.pos >= 1 && t.pos < this.#g.n;
  }

  _same(a, b) {
    return a === b || (a !== null && b !== null && a.p === b.p && a.pos === b.pos);
  }

  _flagTarget(d) {
    const t = { p: d.player, pos: d.pos };
    return this._validTarget(t) ? t : null;
  }

  _targetDetail(t) {
    return t === null ? null : { player: t.p, pos: t.pos };
  }

  _movesTarget(m) {
    return { p: m.p, pos: m.pos };
  }

  _stateIndex(t) {
    return stateIndex(this.#g.n, t.p, t.pos);
  }

  _describe(t) {
    return this.describe(t.p, t.pos);
  }

  _eventTarget(game) {
    const ev = game.event;
    return ev?.kind === 'resolve' ? { p: ev.player, pos: ev.pos } : null;
  }

  _facts(t) {
    return this._session.explain(t.p, t.pos);
  }

  _targetPoint(t) {
    const ring = this._view;
    const [x, y] = ring.point(t.pos, ring.trackR(t.p));
    return { x, y, r: ring.g.marks ? ring.g.r : 4, w: ring.g.size, h: ring.g.size };
  }

  /** Fires `loopy-pick` for a state clicked (or chosen with Enter); false when a listener took it (a game's move). */
  _pick(t) {
    return this.dispatchEvent(
      new CustomEvent('loopy-pick', { detail: { player: t.p, pos: t.pos }, cancelable: true, bubbles: true, composed: true }),
    );
  }

  _readyDetail(game) {
    return { n: game.n, s1: game.s1, s2: game.s2 };
  }

  _loops(game) {
    return 2 * (game.n - 1) - game.resolved;
  }

  _known(game) {
    const total = 2 * (game.n - 1);
    const loops = total - game.resolved;
    const params = { resolved: game.resolved, count: total, loops: this._t('ring.loops', { count: loops }) };
    return game.done ? this._t('ring.known.done', params) : this._t('ring.known', params);
  }

  _narration(game) {
    const w = this._words;
    return this.#note ? skipNote(w, this.#note.left, this.#note.loops) : narrate(this.#g, game.event, w);
  }

  _caption() {
    return this.#caption ?? undefined;
  }

  _termKind() {
    return this.#note ? 'skip' : undefined;
  }

  _sideKids(mode, controls, compact, full) {
    const p = this._parts;
    p.help ??= h('p', { className: 'hint', id: 'ring-help' });
    p.help.textContent = this._t('ring.help');
    // A one-line legend by the ring when the side column sits below it (phones); the full one beside it.
    if (mode === 'full') return [compact, p.narration, p.term, controls, p.known, full, h('slot', { name: 'side' }), p.help];
    return mode === 'compact' ? [p.narration, p.term, controls, compact] : [p.narration];
  }

  _keyMap() {
    const moveSel = (player, d) => {
      const g = this.#g;
      if (!g) return;
      const m = g.n - 1;
      const cur = this._sel || { p: 1, pos: d > 0 ? 0 : 1 };
      this.select(player || cur.p, ((((cur.pos - 1 + d) % m) + m) % m) + 1);
    };
    return [
      {
        keys: ['ArrowLeft', 'ArrowRight'],
        shift: true,
        label: 'Shift + ← →',
        what: this._t('ring.keys.position'),
        run: (e) => moveSel(0, e.key === 'ArrowLeft' ? -1 : 1),
      },
      { keys: ['PageUp', 'PageDown'], label: 'Shift + ← →', what: '', run: (e) => moveSel(0, e.key === 'PageUp' ? -10 : 10) },
      {
        keys: ['ArrowUp', 'ArrowDown'],
        shift: true,
        label: 'Shift + ↑ ↓',
        what: this._t('ring.keys.track'),
        run: (e) => moveSel(e.key === 'ArrowUp' ? 1 : 2, 0),
      },
    ];
  }

  _zoomable() {
    return Boolean(this._view?.g.n);
  }

  _zoomBy(factor, x, y, sel) {
    const g = this._view.g;
    if (x === undefined && sel) {
      g.centreOn(sel.p, sel.pos);
      g.zoom(factor);
    } else {
      g.zoom(factor, x, y);
    }
  }

  _resetZoom() {
    this._view.g.reset();
  }

  _zoomLevel() {
    return this._view.g.cam.s;
  }

  _canPan() {
    return !this._view.g.whole;
  }

  _pan(dx, dy) {
    this._view.g.pan(dx, dy);
  }

  _onHidden(hidden) {
    // A hidden tab draws no frames: a token on its way is simply there.
    if (hidden) this.#token.settle();
  }

  // ---- attributes and properties ------------------------------------------------------------

  /** The selected state `{ player, pos }`, or null; setting it selects. */
  get selected() {
    const t = this._sel;
    return t ? { player: t.p, pos: t.pos } : null;
  }

  set selected(v) {
    if (!v) this.select(null);
    else this.select(v.player, v.pos);
  }

  /** The game on screen: `{ n, s1, s2 }` (steps ascending), or null. */
  get game() {
    const g = this.#g;
    return g ? { n: g.n, s1: g.steps[1], s2: g.steps[2] } : null;
  }

  /** What a link or an embed needs to show this view again. */
  get view() {
    const game = this._session?.game;
    if (!game) return null;
    return { game: { n: game.n, s1: game.s1, s2: game.s2 }, g: game.g, step: game.position, speed: this._speed, sel: this._sel };
  }

  /** Selects state (player, pos) for the inspector, or nothing with `select(null)`. */
  select(player, pos) {
    this._select(player === 1 || player === 2 ? { p: player, pos: Math.floor(Number(pos)) } : null);
  }

  /** Seeks to the step where state (player, pos) is decided (the core says which). */
  jumpToDecided(player, pos) {
    return this._jumpTo({ p: player, pos });
  }

  /** Selects state (player, pos) and opens its popup (where a checked answer differs, say). */
  showWhy(player, pos) {
    this._showWhy({ p: player, pos });
  }

  // ---- a game played on the ring (the page's play panel drives these) -----------------------

  /**
   * The moves from state (player, pos), always from the core: `{ best, moves }`, where
   * `best` is the core's best step (Solution.bestMove: the fastest win, the longest
   * resistance, or staying in the Loop) and `moves` lists `{ step, to, outcome, depth,
   * grade, after }` (the opponent's value at `to`, `to` 0 being the hole; the core's grade
   * of the move, a `LAYOUT.grade` code, and `after`, the mover's `{ outcome, depth }` once
   * it is made). Null without a game. The state's account (`describe`, which a hint gives
   * as its why) is ready with them: its facts are asked first and the inspector's module
   * fetched meanwhile, so a turn is never offered with a hint that cannot say why.
   */
  async movesFrom(player, pos) {
    const s = this._session;
    if (!s?.game || (player !== 1 && player !== 2) || !(pos >= 1 && pos < s.game.n)) return null;
    // Asked before the turn, so both are here when it is (not through describe(), which
    // would also queue the state to be described again once the inspector arrives).
    s.explain(player, pos);
    if (!this.#inspect && !this.#inspectFailed) this.#loadInspector();
    const inspecting = this.#inspectLoading;
    const r = await s.turn(player, pos);
    await inspecting;
    if (!r) return null;
    const w = LAYOUT.moveWords;
    const gw = LAYOUT.gradeWords;
    const moves = [];
    for (let k = 0, g = 0; k + w <= r.rows.length; k += w, g += gw) {
      const after = { outcome: r.grades[g + 1], depth: r.grades[g + 2] };
      moves.push({ step: r.rows[k], to: r.rows[k + 1], outcome: r.rows[k + 2], depth: r.rows[k + 3], grade: r.grades[g], after });
    }
    return { best: r.best, moves };
  }

  /** The game's token `{ player, pos }` drawn on the ring (pos 0: in the hole), or null; setting it places it at once. */
  get token() {
    const at = this.#token.at;
    return at && { player: at.p, pos: at.pos };
  }

  set token(v) {
    this.#token.place(v ? { p: v.player, pos: v.pos } : null);
    this._redraw();
  }

  /** Moves the token to `{ player, pos }` along the ring (at once under reduced motion); resolves when it is there. */
  moveToken(v) {
    const animate = !reduced.matches && this._visible && !document.hidden;
    const moving = this.#token.glide(v ? { p: v.player, pos: v.pos } : null, animate);
    this._redraw();
    return moving;
  }

  /** A line that replaces the narration while set (a game's commentary), or null. */
  get caption() {
    return this.#caption;
  }

  set caption(text) {
    this.#caption = text ?? null;
    this._redraw();
  }

  #token = new TokenMotion();
  #caption = null;

  // ---- exports ----------------------------------------------------------------------------

  /**
   * The frame on screen drawn afresh at `scale` device pixels per CSS pixel, on an
   * OffscreenCanvas of its own (never read back from the live canvas): the same view,
   * zoom, selection and token. Null before the first frame.
   */
  frameCanvas(scale = 2) {
    const game = this._session?.game;
    if (!this._view || !game?.snap) return null;
    return this._view.copy(scale, {
      snap: game.snap,
      changed: 'all',
      event: game.event,
      current: game.current,
      preds: this.#preds(game.current),
      sel: this._sel,
      hover: null,
      token: this.#token.at,
      words: this._words,
    });
  }

  /** The ring's colours (the theme's, as the canvas draws them). */
  get palette() {
    return this._view ? { ...this._view.colors } : null;
  }

  // ---- reading the solved game --------------------------------------------------------------

  #row(arr, first) {
    const g = this.#g;
    if (!g || !arr || (first !== 1 && first !== 2)) return null;
    return playerStates(arr, g.n, first).slice();
  }

  /** Outcome codes with player `first` (1 or 2) moving first, by position: as `Solution.outcomes`. */
  outcomes(first) {
    return this.#row(this.#g?.out, first);
  }

  /** Depths with player `first` moving first, by position: as `Solution.depths`. */
  depths(first) {
    return this.#row(this.#g?.dep, first);
  }

  /**
   * The core's best step from every position with player `first` to move: as `Solution.bestMoves`.
   * Null for a game of more than 2^22 moves, where they are not computed up front (describe()
   * gives one state's).
   */
  bestMoves(first) {
    return this.#row(this.#g?.best, first);
  }

  /** What the inspector says about state (player, pos) now (explain.js `describe`), or null. */
  describe(player, pos) {
    const g = this.#g;
    const game = this._session?.game;
    if (!g || !game || !(pos >= 1 && pos < g.n) || (player !== 1 && player !== 2)) return null;
    // The worker's facts and the inspector's module are asked for at once, each fetched once.
    const facts = this._session.explain(player, pos);
    if (!this.#inspect) {
      if (!this.#asked.some((t) => t.p === player && t.pos === pos)) this.#asked.push({ p: player, pos });
      // After a failed fetch, the popup asking now says so once it has asked (not in the middle of it).
      if (this.#inspectFailed) queueMicrotask(() => this.#unavailable());
      else this.#loadInspector();
      return null;
    }
    if (!facts) return facts;
    const d = this.#inspect.describe(g, facts, game.snap, game.done, this._quizFor({ p: player, pos }), this._words);
    return this._flags.annotate({ p: player, pos }, d);
  }

  /** Where state (player, pos) is drawn, in viewport coordinates (for tours and tests), or null. */
  pointOf(player, pos) {
    const ring = this._view;
    if (!ring || !this.#g) return null;
    return this._toViewport(ring.point(pos, ring.trackR(player)));
  }

  /** The whole judge answer of the game on screen. */
  judgeText() {
    return this._session ? this._session.judgeText() : Promise.resolve('');
  }

  /** Outlines one part of the element ('ring', 'narration', 'controls', 'legend'), or none, for a tour. */
  highlight(part) {
    for (const el of this._root.querySelectorAll('.lit')) el.classList.remove('lit');
    const parts = {
      ring: this._parts.stage,
      narration: this._parts.narration,
      controls: this._controls?.root,
      legend: this._root.querySelector('.legend'),
    };
    // Its own parts only: `__proto__` or `constructor` names none.
    (Object.hasOwn(parts, part) ? parts[part] : null)?.classList.add('lit');
  }

  /**
   * The texts of the frame on screen, for tests: { labels: [{ text, x, y, w, h, size }]
   * (position numbers and the centre's words, boxes centred on x, y), marks: [{ x, y, r,
   * text, size, badge }] }, in CSS px of the canvas.
   */
  get canvasTexts() {
    const t = this._view?.texts;
    return t ? structuredClone(t) : { labels: [], marks: [] };
  }

  // ---- layout and the frame -----------------------------------------------------------------

  /** Sizes the ring to the element's width (and its max-height, when it has one). */
  _size() {
    const p = this._parts;
    const present = this.presenting;
    // A screen taller than wide (a phone held upright) stacks the words under the ring.
    const upright = present && this.clientWidth < this.clientHeight;
    const { W, maxH, cap, wide, side } = room(this, p, this._mode, present && !upright);
    let size;
    if (present) {
      // The screen: the ring as large as the square it fits in, the words beside it in a
      // column of their own (or under it, upright).
      const { width, height } = presentRoom(this, p, this._mode, W, wide);
      size = Math.min(width, height);
    } else if (wide) {
      size = Math.min(W - side - 20, cap, maxH - 4);
    } else {
      // Stacked: what is below the ring takes its own height first; in full mode only as far
      // as the transport (the legend, the narration and play/step), the rest is for scrolling,
      // or a phone's first screen would get a ring of 160 px.
      let below = this._mode === 'none' ? p.narration.offsetHeight + 10 : p.side.offsetHeight + 10;
      const transport = this._mode === 'full' && this._controls?.root.querySelector('.transport');
      if (transport?.offsetHeight) below = transport.getBoundingClientRect().bottom - p.side.getBoundingClientRect().top + 10;
      // The legend's "Every mark", once opened, is read below the fold: opening it does not shrink the ring.
      const more = p.side.querySelector('.legend.compact details[open] ul');
      if (more?.offsetHeight && transport?.offsetHeight) below -= more.offsetHeight;
      size = Math.min(W, cap, maxH - below - 4);
    }
    // Presenter mode: no text on the canvas smaller than 2.5 % of the screen's height.
    const texts = Boolean(this._view?.setTextMin(present ? Math.ceil(0.025 * window.innerHeight) : 0));
    return Boolean(this._view?.layout(setSize(p, size), devicePixelRatio || 1)) || texts;
  }

  /**
   * While playing every event: once every decidable state is known, the rest of the run
   * only checks moves into states already decided, and the picture never changes (at
   * n = 7000 with every step, about 10^8 checks). Playback skips them and says so.
   */
  #skipChecks(game, desired) {
    if (game.g !== 'events' || game.resolved < this.#decidable || desired >= game.length - 1) return false;
    if (game.position !== Math.floor(desired)) return false; // the picture is still catching up
    const left = game.length - 1 - game.position;
    if (left < 1000) return false;
    this.seek(game.length);
    this.#note = { left, loops: 2 * (game.n - 1) - game.resolved };
    return true;
  }

  _beforeAdvance(game, desired) {
    return this.#skipChecks(game, desired);
  }

  _animating() {
    return this.#token.moving;
  }

  _frameExtras(t) {
    return this.#token.tick(t);
  }

  _afterFrame() {
    this.#token.arrived();
  }

  _draw(game, changed) {
    this._view.draw({
      snap: game.snap,
      changed,
      event: game.event,
      current: game.current,
      preds: this.#preds(game.current),
      token: this.#token.drawn,
      sel: this._sel,
      hover: this._hover,
      flags: this._flags.targets,
      asked: this._askedIndex,
      words: this._words,
    });
  }

  /** The popped state's predecessors, in the order the search checks them (games small enough for a move table). */
  #preds(current) {
    return current >= 0 && this.#predIndex ? this.#predIndex[current] : null;
  }
}

/**
 * Defines `<loopy-ring>` (once: a second call changes nothing), its worker and rules
 * page at the URLs `worker` and `rules`; `quiz()` imports element/quiz.js, `popup()`
 * element/popup.js, `bands()` ring/bands.js, `inspect()` ring/inspect.js, `options()` element/options.js, `present()` element/present.js, `flags()` element/flags.js (lazy `import()`s
 * written where the module's URL is the file's own).
 */
export function defineLoopyRing({ worker, rules, quiz, popup, bands, inspect, options, present, flags }) {
  files ??= { worker, rules: new URL(rules), quiz, popup, bands, inspect, options, present, flags };
  if (!customElements.get('loopy-ring')) customElements.define('loopy-ring', LoopyRing);
}
