// element/base.js: the element core that <loopy-ring> and <loopy-graph> share: life cycle, loading, playback and the public API, over controllers (side.js, keyboard.js, camera.js, asking.js, presenter.js, flagging.js, updates.js) and the strategies an element hands it.

import { Asking } from './asking.js';
import { Camera } from './camera.js';
import { Flagging } from './flagging.js';
import { rulesHref } from './glossary.js';
import { Localizer } from './i18n.js';
import { Keyboard } from './keyboard.js';
import { LazyParts } from './lazy.js';
import { Loader } from './loader.js';
import { defaultSpeed, Playback } from './playback.js';
import { reduced, StepEvents, watch } from './presence.js';
import { Presenter } from './presenter.js';
import { Selection } from './selection.js';
import { SidePanel } from './side.js';
import { reword, skeleton } from './skeleton.js';
import { sheet, themeColors } from './style.js';
import { Updates } from './updates.js';
import { GRANULARITIES, snapSpeed, whole } from './url.js';

/** The attributes both elements observe; an element adds its game's and its own (`static observedAttributes`). */
export const COMMON_ATTRS = 'granularity speed step selected autoplay loop controls theme quiz lang terms present players'.split(' ');

/**
 * The element core. An element hands it, in `spec`: `files` (its worker, rules page and the
 * modules loaded on first use, from its entry: see `defineLoopyRing`), `sheets` (its own look),
 * and its strategies: `targets` (pure functions that parse, check, compare, number and name
 * what can be selected: opaque to the core) and, made for each element, `source(el)` (its
 * worker, fields, loads, a target's account), `view(el)` (the canvas view it makes, sizes and
 * draws, which zooms, pans and hit-tests itself) and `words(el)` (labels, legend, side, keys).
 * What both elements do alike is a controller, each method optional: `connected`,
 * `disconnected`, `visible`, `attribute(name, value)` (true when it took it), `relabel`,
 * `loaded(game)`, `busy`, `animating`, `advance(game, desired)`, `update(t)` (true when the
 * picture changed), `updated`, `navigated`, `hidden`; an element adds its own with `_use`.
 * Controllers and strategies read the core through its `_` names and never write its fields.
 */
export class LoopyElement extends HTMLElement {
  #view = null;
  #session = null;
  #client = null;
  #g = null; // the game on screen, as the element's source models it
  #visible = false;
  #started = false;
  #sized = false;
  #autoplayed = false;
  #unwatch = null;
  #lazies = new LazyParts();
  #controllers = [];

  constructor({ files, sheets = [], targets, source, view, words }) {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet(), ...sheets];
    const spec = { targets };
    const fixed = (props) => {
      for (const [k, v] of Object.entries(props)) Object.defineProperty(this, `_${k}`, { value: v });
    };
    fixed({ root, spec, targets, files, words: new Localizer(this, () => this.#relabel()), events: new StepEvents(this) });
    fixed({ play: new Playback({ changed: () => this._redraw(), navigated: () => this.#each('navigated') }) });
    // The popup's module (element/popup.js) with the view's own module of what a popup keeps clear as its `clear`
    // (graph/graph-clear.js, ring/ring-clear.js), fetched together the first time a popup opens.
    const popup = () => Promise.all([files.popup(), files.clear?.()]).then(([m, clear]) => ({ ...m, clear }));
    fixed({ selection: new Selection(this, this._lazy(popup)), updates: new Updates(this, this.#controllers, this.#lazies) });
    spec.words = words(this);
    fixed({ kind: spec.words.kind, keyboard: new Keyboard(this) });
    const on = { words: this._words, names: spec.words.labels(), popup: this._selection.popupRoot, keys: this.keys, rules: files.rules.href };
    fixed({ parts: skeleton(root, { ...on, cancel: () => this.cancel(), leave: () => this.present(false) }) });
    spec.source = source(this);
    spec.view = view(this);
    fixed({ source: spec.source });
    fixed({
      loader: new Loader(this, files.errors),
      asking: this._use(new Asking(this, files.quiz)),
      presenter: this._use(new Presenter(this, files.present)),
    });
    fixed({
      flagging: this._use(new Flagging(this, files.flags)),
      camera: this._use(new Camera(this)),
      side: this._use(new SidePanel(this, files.options)),
    });
  }

  // ---- the public API: what only reads the core or a controller, or passes a call on ----------

  static {
    const define = (name, desc) => Object.defineProperty(LoopyElement.prototype, name, { configurable: true, ...desc });
    // What controllers and strategies read besides the fixed `_` properties (the `_` names are not API).
    const getters = {
      _g: (el) => el.#g, // the game on screen, as the element's source models it
      _view: (el) => el.#view,
      _session: (el) => el.#session,
      _visible: (el) => el.#visible,
      _sel: (el) => el._selection.selected,
      length: (el) => el.#session?.game?.length ?? 0, // steps in the whole run at the current granularity
      playing: (el) => el._play.playing,
      loading: (el) => el._loader.queued || Boolean(el.#session?.loading), // its loopy-ready, -error or -cancel is still to come
      frameCount: (el) => el._updates.frames, // frames drawn so far (tests wait for a frame after an action)
      client: (el) => el.#client, // the shared worker's client (the page asks it for judge answers)
      narration: (el) => el._parts.narration.textContent,
      keys: (el) => el._keyboard.lines, // [[keys, what they do], ...], as the element's list shows them
      quizScore: (el) => el._asking.score, // { right, answered }
      presenting: (el) => el._presenter.on, // the `present` attribute, once presenter mode's look is here
      zoomLevel: (el) => el._camera.level, // 1: the whole view
    };
    const methods = {
      _t: (el, key, params) => el._words.t(key, params), // the message `key` in the element's language and terms
      _index: (el, t) => el._targets.index(el.#g, t),
      _valid: (el, t) => el.#g !== null && el._targets.valid(el.#g, t),
      _use: (el, controller) => el.#controllers.push(controller) && controller, // adds a controller (see above), returns it
      _lazy: (el, load, hooks) => el.#lazies.add(load, hooks), // a part loaded on first use (element/lazy.js): busy while it comes
      _say: (el, text) => {
        el._parts.said.textContent = text; // the element's live region
      },
      _focusCanvas: (el) => el._parts.canvas.focus({ preventScroll: true }),
      _redraw: (el) => el._updates.redraw(), // something changed: the next frame draws it
      _wake: (el) => el._updates.wake(), // a frame, if there is something to draw or something moves on screen
      // Fires `loopy-pick` for a target clicked (or chosen with Enter); false when a listener took it (a game's move).
      _pick: (el, t) =>
        el.dispatchEvent(new CustomEvent('loopy-pick', { detail: el._targets.detail(t), cancelable: true, bubbles: true, composed: true })),
      play: (el) => el._play.play(),
      pause: (el) => el._play.pause(),
      toggle: (el) => el._play.toggle(),
      seek: (el, m) => el._play.seek(m), // step m (clamped to 0 .. length) at the current granularity
      stepBy: (el, d) => el._play.stepBy(d),
      cancel: (el) => el.#session?.cancel(), // the solve in flight; the game on screen stays
      settled: (el) => el._updates.settled(), // a game on screen at the element's granularity, nothing awaited
      handleKey: (el, e) => el._keyboard.handle(e), // true when a key of its map took it (a page forwards keys to it)
      present: (el, on = true) => el._presenter.present(on),
      zoom: (el, factor, x, y) => el._camera.zoom(factor, x, y), // around (x, y) of the canvas, or the selection, or the centre
      resetZoom: (el) => el._camera.reset(),
      frame: (el, t) => el._updates.frame(t), // one animation frame (element/frames.js calls it)
      // Targets as the element's API names them (its targets' `args`); rows as the core's solution gives them.
      select: (el, ...args) => el._select(el._targets.args(...args)),
      jumpToDecided: (el, ...args) => el._jumpTo(el._targets.args(...args)),
      outcomes: (el, ...args) => el._targets.row(el.#g, el.#g?.out, ...args),
      depths: (el, ...args) => el._targets.row(el.#g, el.#g?.dep, ...args),
      bestMoves: (el, ...args) => el._targets.row(el.#g, el.#g?.best, ...args),
    };
    for (const [name, read] of Object.entries(getters))
      define(name, {
        get() {
          return read(this);
        },
      });
    for (const [name, call] of Object.entries(methods))
      define(name, {
        writable: true,
        value(...args) {
          return call(this, ...args);
        },
      });
  }

  /** The step on screen (at the current granularity); setting it seeks. */
  get step() {
    return this.#session?.game?.position ?? 0;
  }

  set step(m) {
    this.seek(m);
  }

  /** 'idle' with no game and none on its way, 'ready' once idle and drawn, 'busy' while solving, seeking, playing or fetching, 'error' when the game is bad. */
  get state() {
    const shown = Boolean(this.#session?.game);
    if (this._loader.errors && !shown) return 'error';
    if (!shown && (!this.#started || this._loader.stopped)) return 'idle';
    return this._updates.busy() ? 'busy' : 'ready';
  }

  /** Whether a game is on its way: its `loopy-ready`, `loopy-error` or `loopy-cancel` is still to come, and the game on screen, if any, is the one before it. */
  get loading() {
    return this._loader.queued || Boolean(this.#session?.loading);
  }

  /** The targets flagged as differing from a checked answer, as they were set (element/flagging.js). */
  get flagged() {
    return this._flagging.now.details;
  }

  set flagged(details) {
    this._flagging.set(details);
  }

  /** The selected target (as the element's events name it), or null; setting it selects. */
  get selected() {
    const t = this._sel;
    return t === null ? null : this._targets.toPublic(t);
  }

  set selected(v) {
    this._select(v === null || v === undefined ? null : this._targets.fromPublic(v));
  }

  attributeChangedCallback(name, old, value) {
    const game = this._source.attributes;
    // The same game set again loads again if its last load was cancelled or failed (the loader decides).
    if (old === value && !game.includes(name)) return;
    if (game.includes(name)) {
      this._source.gameChanged?.();
      if (this.#started) this._loader.queue();
      return;
    }
    if (name === 'granularity') return this._play.setGranularity(GRANULARITIES.includes(value) ? value : 'events');
    if (name === 'speed') return this._play.setSpeed(snapSpeed(value, this._play.speed));
    if (name === 'step') return this.#session?.game && !this._loader.queued && this.seek(whole(value) ?? 0);
    if (name === 'selected') return this.#g && this._select(this._targets.parse(value));
    if (name === 'theme') return this._recolor();
    if (name === 'lang' || name === 'terms' || name === 'players' || name === 'hole') return this._words.update();
    if (!this.#controllers.some((c) => c.attribute?.(name, value))) this._source.attribute?.(name, value);
  }

  // ---- life cycle ---------------------------------------------------------------------------

  connectedCallback() {
    this._words.connect();
    this.#each('connected');
    this.#unwatch = watch(this, {
      visible: (v) => {
        this.#visible = v;
        if (v) this.#each('visible');
        if (v) this.#start();
        this._wake();
      },
      resized: () => {
        // Laid out in the element's next frame, not here: a size changed inside a
        // ResizeObserver callback is a "loop completed with undelivered notifications"
        // error on the host page's window.
        this.#sized = true;
        this._updates.relayout();
      },
      scheme: () => this.getAttribute('theme') === 'auto' && this._recolor(),
      motion: () => this.pause(),
      hidden: () => {
        this.#each('hidden', document.hidden);
        this._wake();
      },
    });
  }

  disconnectedCallback() {
    this._words.disconnect();
    this.#sized = false;
    this.#unwatch?.();
    this.#each('disconnected');
    this.#visible = false;
    this.#started = false;
    this.#session?.drop();
    this.#session = null;
    this.#g = null;
    this._loader.reset();
  }

  async #start() {
    if (this.#started) return;
    this.#started = true;
    this.#client = this._source.connect();
    try {
      await this.#client.ready;
    } catch (e) {
      return this._loader.fail({ message: e.message, field: null, code: e.code, params: e.params });
    }
    if (!this.#started) return;
    this.#view = this._spec.view.create(this._parts.canvas);
    this._recolor();
    this.#session = this._source.session(this.#client, (type, m) => this.#receive(type, m));
    this._play.attach(this.#session);
    this._play.startAt(GRANULARITIES.includes(this.getAttribute('granularity')) ? this.getAttribute('granularity') : 'events');
    this._source.started?.();
    this._layout();
    this._loader.load(true);
  }

  /** Calls `name(...args)` on every controller that has it. */
  #each(name, ...args) {
    for (const c of this.#controllers) c[name]?.(...args);
  }

  // ---- loading a game (element/loader.js) ----------------------------------------------------

  /** What the session hears from the worker: a game loaded, a frame, facts come (or not to come), or the load's own news (the loader's). */
  #receive(type, m) {
    if (type === 'loaded') return this.#loaded(m);
    if (type === 'frame') this._play.framed(m);
    if (type === 'frame' || type === 'moves' || type === 'unavailable') this._redraw();
    // The quiz's question waits for its target's facts, and settled() for every fact asked: a frame finds them;
    // a module that explains that could not be loaded: the popup says so, the element goes on.
    if (type === 'moves') this._selection.moved(this._targets.fromMoves(m));
    else if (type === 'unavailable') this._selection.unavailable(this._targets.fromMoves(m));
    else if (type !== 'frame') this._loader.receive(type, m);
  }

  #loaded(game) {
    const opts = this._loader.loaded();
    this._selection.close(false);
    this.#g = this._source.model(game);
    this._flagging.clear();
    this._source.loaded?.(game, opts);
    this._selection.reset(opts.sel ?? null);
    this.#each('loaded', game, opts);
    this._events.reset();
    const gran = this._play.granularity;
    if (gran !== game.g) this.#session.setGranularity(gran); // changed while it loaded
    // Autoplay once per element, when it first becomes visible (it is: loads start then).
    const auto = this.hasAttribute('autoplay') && !this.#autoplayed && !reduced.matches;
    if (auto) this.#autoplayed = true;
    this._play.reset(game.position, opts.speed || defaultSpeed(game.length), auto);
  }

  // ---- playback, stories ----------------------------------------------------------------------

  /** Plays from the step on screen to step `m` at the element's speed (or `speed`, for this move alone) and stops there; under reduced motion it jumps (a story's paragraph). */
  playTo(m, speed) {
    if (reduced.matches) this._play.seek(m);
    else this._play.playTo(m, speed);
  }

  /** Says `text` once in the element's live region (a story's paragraph says what it changed). */
  announce(text) {
    this._selection.hush(); // the selection's words, if its facts come later, do not replace it
    this._say(text);
  }

  /** The picture on screen on a canvas of its own at `scale` device pixels per CSS pixel (the element's `frameCanvas` when it has one, else a copy), or null before the first frame. */
  pictureCanvas(scale = 2) {
    if (!this.#session?.game?.snap) return null;
    const own = this.frameCanvas?.(scale);
    if (own) return own;
    const c = this._parts.canvas;
    const out = new OffscreenCanvas(c.width, c.height);
    out.getContext('2d').drawImage(c, 0, 0);
    return out;
  }

  // ---- targets, named as the element's API names them (its targets' `args`) -----------------

  /** Selects a target and opens its popup, whoever explains on the page (a checked answer's difference). */
  showWhy(...args) {
    const t = this._targets.args(...args);
    if (t === null || !this._valid(t)) return;
    this._selection.select(t);
    this._selection.open(t);
  }

  /** What the popup says about a target now, or null (without a game, or while its facts come: `loopy-describe` follows). */
  describe(...args) {
    const t = this._targets.args(...args);
    return t !== null && this._valid(t) && this.#session?.game ? this._source.describe(t) : null;
  }

  /** Where a target is drawn, in viewport coordinates (for tours and tests), or null. */
  pointOf(...args) {
    const t = this._targets.args(...args);
    const p = t !== null && this.#g ? this.#view?.pointOf(t) : null;
    const box = this._parts.canvas.getBoundingClientRect();
    return p ? { x: box.left + p[0], y: box.top + p[1] } : null;
  }

  /** Selects target t (null: nothing) for the inspector. */
  _select(t) {
    if (t === null || this.#g) this._selection.select(t);
  }

  /** Seeks to the step where target t is decided (the core says which). */
  async _jumpTo(t) {
    const s = this.#session;
    if (t === null || !s?.game || !this._valid(t)) return;
    const m = await s.decidedAt(this._index(t));
    if (m !== null) this.seek(m);
  }

  // ---- words, layout, theme, frames ---------------------------------------------------------

  /** The language or the terms changed: every word is said again, the game, step, selection and mode kept. */
  #relabel() {
    reword(this._parts, this._words, { names: this._spec.words.labels(), keys: this.keys });
    this._say(''); // the live region's last words were the old language's: nothing stays of it
    if (!this.#session?.game) this._parts.term.href = rulesHref(this._files.rules.href, this._words.code, null);
    this.#each('relabel');
    this._loader.reword();
    this._selection.relabel();
    this._spec.words.relabel?.();
    this._redraw();
  }

  /** Lays the stage out, once the element has a size worth reading (before its first ResizeObserver callback a layout would force the page's in the middle of parsing). */
  _layout() {
    if (this.#sized && this._spec.view.size()) this._camera.moved();
  }

  /** The theme's colours, as the view draws them (a custom property left empty keeps the view's own). */
  _recolor() {
    if (!this.#view) return;
    this.#view.setColors(themeColors(this._parts.box));
    this.#session?.redrawAll();
    this._redraw();
  }
}
