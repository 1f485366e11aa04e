// element/base.js: what <loopy-ring> and <loopy-graph> do alike, written once: shadow skeleton, life cycle, loading and errors, playback, the frame loop, keys, pointer and zoom, popup, side panel.

import { TERM } from '../ring/explain.js';
import { requestFrame } from './frames.js';
import { Localizer } from './i18n.js';
import { keyLines, keyMap, QUIZ_KEYS, runKey } from './keys.js';
import { Loader } from './loader.js';
import { defaultSpeed, Playback } from './playback.js';
import { wirePointer } from './pointer.js';
import { followFullscreen, reduced, StepEvents, watch } from './presence.js';
import { Selection } from './selection.js';
import { reword, side, skeleton } from './skeleton.js';
import { h, sheet, themeColors } from './style.js';
import { GRANULARITIES, snapSpeed, whole } from './url.js';

/**
 * The core's sentences that name what an element shows (its game, a target, its view), as
 * literal catalog keys: a ring's states; a subclass names its own in `static words` (the same
 * roles; <loopy-graph>'s are in loopy-graph.js, so that the ring's bundle carries none of them).
 */
const KIND_WORDS = {
  state: {
    enter: 'core.keys.enter.state',
    jump: 'core.keys.jump.state',
    zoom: 'core.keys.zoom.ring',
    quizKey: 'core.keys.answer.loop',
    quizIdle: 'core.quiz.idle.state',
    cannot: 'core.error.game',
    cannotKept: 'core.error.game.kept',
    nothing: 'core.error.game.nothing',
  },
};

/**
 * The rules pages in other languages, by the English page's URL and the language's code
 * (`addRulesPage`): the entries say where theirs are, next to their own files.
 */
const RULES_PAGES = new Map();

/** No target flagged: what an element's flags are until a page first flags some (element/flags.js is fetched then). */
const NO_FLAGS = { details: [], targets: [], size: 0, find: () => null, annotate: (_t, d) => d };

/** Says that the rules page `english` (a URL) reads in language `code` at `url`: the elements' "What does this mean?" links there. */
export function addRulesPage(english, code, url) {
  RULES_PAGES.set(`${code} ${String(english)}`, String(url));
}

/** The attributes both elements observe; an element adds its game's and its own (`static observedAttributes`). */
export const COMMON_ATTRS = ['granularity', 'speed', 'step', 'selected', 'autoplay', 'loop', 'controls', 'theme', 'quiz', 'lang', 'terms', 'present'];

/**
 * The element core. A subclass brings its game source and its view through `_` methods,
 * its hooks; everything else is here, once. Targets (what can be selected, hovered or
 * explained: a ring's `{ p, pos }`, a graph's vertex number) are opaque to the core: the
 * subclass checks, compares, names and explains them. The hooks, by concern: the parts
 * (`_canvasLabels`, `_rules`, `_sideKids`, `_legend`, `_size`; optional `_extraSheets`),
 * the game (`static gameAttributes`, `_connect`, `_openSession`,
 * `_createView`, `_gameKey`, `_readGame`, `_loadSession`, `_progress`, `_model`, `_quizModule`
 * (an `import()` of element/quiz.js, made where the file's URL is its own), `_popupModule` (the same of element/popup.js), `_optionsModule` (of element/options.js), `_presentModule` (of element/present.js), `_flagsModule` (of element/flags.js), `static nouns`
 * (and, optional, `static words`: the keys of the core's sentences that name its things, see
 * KIND_WORDS);
 * optional `_onStart`, `_onLoaded`, `_onAttribute`, `_onGameAttribute`, `_checkFields`,
 * `_offers`: see element/loader.js), targets
 * (`_parseSelected`, `_validTarget`, `_same`, `_targetDetail`, `_movesTarget`, `_stateIndex`,
 * `_describe`, `_targetPoint`; optional `_pick`; the view's `hit(x, y)` finds a target), the picture
 * (`_draw`, `_narration`, `_known`, `_readyDetail`, `_loops`; optional `_caption`,
 * `_termKind`, `_beforeAdvance`, `_frameExtras`, `_afterFrame`, `_animating`, `_busyExtra`,
 * `_fetching` (the view waits for a module of its own: busy, and settled() waits too),
 * `_onNavigate`), zoom (`_zoomBy`, `_resetZoom`, `_zoomLevel`, `_canPan`, `_pan`;
 * optional `_zoomable`) and keys (`_keyMap`; optional `_modeKeys`); in presenter mode
 * (the `present` attribute, the core's) `_size` reads `presenting`. Words: every hook that returns words (`_canvasLabels`,
 * `_legend`, the key lines, `_narration`, `_known`, `_progress`, `_readGame`'s `progress`,
 * `_describe`) says them with `this._t(key, params)` when it is called; on a change of
 * language or terms the core calls them again (and `_onRelabel` for the rest).
 */
export class LoopyElement extends HTMLElement {
  #root;
  #parts = {};
  #view = null;
  #session = null;
  #client = null;
  #controls = null;
  #pick;
  #unwatch = null;
  #unfull = null; // stops following full screen (presenter mode)
  #visible = false;
  #started = false;
  #built = false;
  #sized = false;
  #relayout = false; // the element's size changed: its next frame lays it out
  #mode = 'compact';
  #dirty = true;
  #frames = 0;
  #events = new StepEvents(this);
  #play = new Playback({ changed: () => this._redraw(), navigated: () => this._onNavigate?.() });
  #autoplayed = false;
  #g = null;
  #quiz = false;
  #loader;
  #flags = NO_FLAGS; // a checked answer's differences (element/flags.js, fetched when a page first flags some)
  #flagsLoading = null; // its module on the way
  #flagsWanted = []; // the differences last set, flagged once the module is here
  #ask = null; // the quiz (element/quiz.js), loaded when first turned on
  #askLoading = null; // its module on the way
  #askSlot = h('div', { className: 'quiz-slot' }); // where its panel goes in the side column
  #options = null; // the controls' options (element/options.js), fetched when first shown
  #optionsLoading = null; // their module on the way
  #optionsFailed = false; // it could not be fetched
  #presentLook = null; // presenter mode's stylesheet (element/present.js), adopted when first presenting
  #presentLoading = null; // its module on the way
  #askedNow = null; // the target the quiz asks about in the frame on screen
  #pausedFor = null; // the question playback last stopped at
  #settling = []; // what settled() promised, until a frame finds the element settled
  #words = new Localizer(this, () => this.#relabel()); // the reader's language and terms (element/i18n.js)

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [sheet(), ...(this._extraSheets?.() ?? [])];
    this.#pick = new Selection(
      {
        valid: (t) => this.#g !== null && this._validTarget(t),
        same: (a, b) => this._same(a, b),
        detail: (t) => this._targetDetail(t),
        describe: (t) => this._describe(t),
        point: (t) => this._targetPoint(t),
        jump: (t) => this._jumpTo(t),
        say: (text) => {
          this.#parts.said.textContent = text;
        },
        focusCanvas: () => this.#parts.canvas.focus({ preventScroll: true }),
        dispatchEvent: (e) => this.dispatchEvent(e),
        changed: () => this._redraw(),
        words: this.#words,
      },
      () => this._popupModule(),
    );
    this.#parts = skeleton(this.#root, {
      words: this.#words,
      names: this._canvasLabels(),
      popup: this.#pick.popupRoot,
      keys: this.keys,
      rules: this._rules(),
      cancel: () => this.cancel(),
      leave: () => this.present(false),
    });
    const p = this.#parts;
    this.#loader = new Loader(
      {
        ready: () => this.#session !== null,
        gameKey: () => this._gameKey(),
        readGame: () => this._readGame(),
        loadSession: (read, at) => this._loadSession(read, this.#play.granularity, at),
        parseSelected: (text) => this._parseSelected(text),
        getAttribute: (name) => this.getAttribute(name),
        words: this.#words,
        gameWords: () => this.#kind(),
        hasGame: () => this.#g !== null,
        checkFields: (fields) => this._checkFields?.(fields) ?? null,
        offers: (nearest) => this._offers?.(nearest) ?? [],
        dispatchEvent: (e) => this.dispatchEvent(e),
        changed: () => this._redraw(),
      },
      p,
    );
    // The side (controls, legend) is built when the element first comes into view: a post with
    // several elements would otherwise build them all in the task that parses it.
    wirePointer(p.canvas, {
      hit: (x, y) => (this.#view ? this.#view.hit(x, y) : null),
      same: (a, b) => this._same(a, b),
      canPan: () => Boolean(this.#view) && this._canPan(),
      pan: (dx, dy) => {
        this._pan(dx, dy);
        this._moved();
      },
      zoom: (f, x, y) => this.zoom(f, x, y),
      wheelZooms: (e) => this.#zoomable() && (this.#mode === 'full' || e.ctrlKey),
      hover: (t) => this.#pick.hover(t),
      hovered: () => this.#pick.hovered,
      click: (t) => {
        if (t === null) return this.#pick.close(false);
        if (this._pick?.(t) === false) return;
        this.#pick.select(t);
        this.#pick.why(t);
      },
    });
    this.addEventListener('keydown', (e) => this.handleKey(e));
    // A press on the element's words (the narration, the legend, the counter) gives it the
    // keys, as a press on the canvas does: a post's reader or a teacher clicks it, then drives
    // it from the keyboard. A control keeps the press (and the focus) for itself. On the click,
    // not the press: the press's own default would move the focus to the page again.
    p.side.addEventListener('click', (e) => {
      const t = e.composedPath()[0];
      if (t instanceof Element && t.closest('button, input, select, textarea, a, summary, label, [tabindex]')) return;
      p.canvas.focus({ preventScroll: true });
    });
  }

  // ---- what the subclass reads ----------------------------------------------------------------

  get _parts() {
    return this.#parts;
  }

  /** The element's words (element/i18n.js): `this._words.t(key, params)`, `.num(x)`, `.list(items)`, `.code`, `.terms`. */
  get _words() {
    return this.#words;
  }

  /** The message `key` in the element's language and terms. */
  _t(key, params) {
    return this.#words.t(key, params);
  }
  get _root() {
    return this.#root;
  }
  get _view() {
    return this.#view;
  }
  get _session() {
    return this.#session;
  }
  get _sel() {
    return this.#pick.selected;
  }
  get _hover() {
    return this.#pick.hovered;
  }
  get _quiz() {
    return this.#quiz;
  }

  /**
   * The target the quiz asks about now, or null: the one the reader picked, if not yet
   * answered, else the one the step on screen decides (`_eventTarget`), if not yet answered.
   */
  _question() {
    if (!this.#quiz || !this.#ask || !this.#g || !this.#session?.game) return null;
    const open = (t) => t !== null && t !== undefined && this._validTarget(t) && !this.#ask.answered(this._stateIndex(t));
    const sel = this.#pick.selected;
    if (open(sel)) return sel;
    const t = this._eventTarget?.(this.#session.game) ?? null;
    return open(t) ? t : null;
  }

  /**
   * How target t is to be explained: 'ask' while the quiz asks for its value (all of it
   * hidden), false once the reader has answered it (all of it said), else whether the quiz is on.
   */
  _quizFor(t) {
    if (!this.#quiz) return false;
    const q = this._question();
    if (q !== null && this._same(q, t)) return 'ask';
    return !this.#ask?.answered(this._stateIndex(t));
  }

  /** The state index whose mark the picture hides for the quiz in this frame, or -1. */
  get _askedIndex() {
    return this.#askedNow === null ? -1 : this._stateIndex(this.#askedNow);
  }

  /** The quiz's tally: { right, answered } (for tests and pages). */
  get quizScore() {
    return this.#ask?.tally ?? { right: 0, answered: 0 };
  }
  get _mode() {
    return this.#mode;
  }
  get _visible() {
    return this.#visible;
  }
  get _speed() {
    return this.#play.speed;
  }
  get _controls() {
    return this.#controls;
  }

  /** A point of the picture ([x, y], CSS pixels from the canvas's corner) in viewport coordinates. */
  _toViewport([x, y]) {
    const box = this.#parts.canvas.getBoundingClientRect();
    return { x: box.left + x, y: box.top + y };
  }

  // ---- properties -------------------------------------------------------------------------

  /** The step on screen (at the current granularity); setting it seeks. */
  get step() {
    return this.#session?.game?.position ?? 0;
  }

  set step(m) {
    this.seek(m);
  }

  /** Steps in the whole run at the current granularity. */
  get length() {
    return this.#session?.game?.length ?? 0;
  }

  get playing() {
    return this.#play.playing;
  }

  /**
   * 'idle' with no game and none on its way (never scrolled into view, or its first load
   * cancelled), 'ready' once idle and drawn, 'busy' while solving, seeking or playing,
   * 'error' when the game is bad.
   */
  get state() {
    const shown = Boolean(this.#session?.game);
    if (this.#loader.errors && !shown) return 'error';
    if (!shown && (!this.#started || this.#loader.stopped)) return 'idle';
    return this.#busy() ? 'busy' : 'ready';
  }

  /**
   * Whether a game is on its way (its attributes just set, being solved, or solved and
   * waiting for its first frame): its `loopy-ready`, `loopy-error` or `loopy-cancel` is
   * still to come, and the game on screen, if any, is the one before it.
   */
  get loading() {
    return this.#loader.queued || Boolean(this.#session?.loading);
  }

  /** Frames drawn so far (tests wait for a frame after an action). */
  get frameCount() {
    return this.#frames;
  }

  /** The shared worker's client (the page asks it for judge answers). */
  get client() {
    return this.#client;
  }

  /** The narration line on screen. */
  get narration() {
    return this.#parts.narration.textContent;
  }

  /** The element's keys as the list shows them: [[keys, what they do], ...] (the page lists the same). */
  get keys() {
    return keyLines(this.#keyMap());
  }

  attributeChangedCallback(name, old, value) {
    const game = this.constructor.gameAttributes;
    // The same game set again loads again if its last load was cancelled or failed (#load decides).
    if (old === value && !game.includes(name)) return;
    if (game.includes(name)) {
      this._onGameAttribute?.();
      if (this.#started) this.#loader.queue();
      return;
    }
    switch (name) {
      case 'granularity':
        return this.#play.setGranularity(GRANULARITIES.includes(value) ? value : 'events');
      case 'speed':
        return this.#play.setSpeed(snapSpeed(value, this.#play.speed));
      case 'step':
        if (this.#session?.game && !this.#loader.queued) this.seek(whole(value) ?? 0);
        return;
      case 'selected':
        if (this.#g) this._select(this._parseSelected(value));
        return;
      case 'controls':
        if (this.#built) this.#buildSide();
        return;
      case 'theme':
        return this._recolor();
      case 'quiz':
        return this.#setQuiz(value !== null);
      case 'lang':
      case 'terms':
        return this.#words.update();
      case 'present':
        return this.#presented(value !== null);
      default:
        return this._onAttribute?.(name, value);
    }
  }

  // ---- life cycle ---------------------------------------------------------------------------

  /** A press outside the options menu, the popup or the keys box closes it (a press on the canvas is the canvas's own: it explains what it hits). */
  #outside = (e) => {
    const path = e.composedPath();
    const menu = this.#controls?.menu;
    if (menu?.open && !path.includes(menu)) this.#controls.closeMenu();
    const pick = this.#pick;
    if (pick.popupOpen && !path.includes(pick.popupRoot) && !path.includes(this.#parts.canvas)) pick.close(false);
    const keys = this.#parts.keys;
    if (!keys.hidden && !path.includes(keys) && !path.some((n) => n.id === 'keys')) keys.hidden = true;
  };

  connectedCallback() {
    document.addEventListener('pointerdown', this.#outside, true);
    this.#words.connect();
    this.#unwatch = watch(this, {
      visible: (v) => {
        this.#visible = v;
        if (v && !this.#built) this.#buildSide();
        if (v) this.#start();
        this._wake();
      },
      resized: () => {
        // Laid out in the element's next frame, not here: a size changed inside a
        // ResizeObserver callback is a "loop completed with undelivered notifications"
        // error on the host page's window.
        this.#sized = true;
        this.#relayout = true;
        this._wake();
      },
      scheme: () => this.getAttribute('theme') === 'auto' && this._recolor(),
      motion: () => this.pause(),
      hidden: () => {
        this._onHidden?.(document.hidden);
        this._wake();
      },
    });
    // Leaving full screen (Esc, the browser's own button) leaves presenter mode too.
    this.#unfull = followFullscreen(this, () => this.present(false));
    this._onConnect?.();
  }

  disconnectedCallback() {
    document.removeEventListener('pointerdown', this.#outside, true);
    this.#words.disconnect();
    this.#sized = false;
    this.#unwatch?.();
    this.#unfull?.();
    this._onDisconnect?.();
    this.#visible = false;
    this.#started = false;
    this.#session?.drop();
    this.#session = null;
    this.#g = null;
    this.#loader.reset();
  }

  async #start() {
    if (this.#started) return;
    this.#started = true;
    this.#client = this._connect();
    try {
      await this.#client.ready;
    } catch (e) {
      return this.#loader.fail({ message: e.message, field: null, code: e.code, params: e.params });
    }
    if (!this.#started) return;
    this.#view = this._createView(this.#parts.canvas);
    this._recolor();
    this.#session = this._openSession(this.#client, (type, m) => this.#receive(type, m));
    this.#play.attach(this.#session);
    this.#play.startAt(GRANULARITIES.includes(this.getAttribute('granularity')) ? this.getAttribute('granularity') : 'events');
    this._onStart?.();
    this._layout();
    this.#loader.load(true);
  }

  // ---- loading a game (element/loader.js) ----------------------------------------------------

  /** The element's loads: `fail(first, all)` shows errors, `forget()` makes the same game load again, `load(false)` reads it now. */
  get _loader() {
    return this.#loader;
  }

  /** Cancels the solve in flight; the game on screen stays. */
  cancel() {
    this.#session?.cancel();
  }

  #receive(type, m) {
    switch (type) {
      case 'loaded':
        return this.#loaded(m);
      case 'frame':
        this.#play.framed(m);
        return this._redraw();
      case 'progress': {
        const { value, text, detail } = this._progress(m);
        this.#loader.progress(value, text);
        this.dispatchEvent(new CustomEvent('loopy-progress', { detail }));
        return;
      }
      case 'error':
        return this.#loader.failed(m);
      case 'cancelled':
        this.#loader.cancelled();
        this.dispatchEvent(new CustomEvent('loopy-cancel', { detail: {} }));
        return this._redraw();
      case 'fatal':
        return this.#loader.fail({ message: m.message, field: null, code: m.code, params: m.params });
      case 'moves':
        // The quiz's question waits for its target's facts, and settled() for every fact asked: a frame finds them here.
        this._redraw();
        return this.#pick.moved(this._movesTarget(m));
      case 'unavailable':
        // The module that explains could not be loaded: the popup says so, the element goes on.
        this._redraw();
        return this.#pick.unavailable(this._movesTarget(m));
    }
  }

  #loaded(game) {
    const opts = this.#loader.loaded();
    this.#pick.close(false);
    this.#g = this._model(game);
    this.flagged = []; // a checked answer's differences were the last game's
    this._onLoaded?.(game, opts);
    this.#pick.reset(opts.sel ?? null);
    this.#ask?.reset();
    this.#pausedFor = null;
    this.#events.reset();
    const gran = this.#play.granularity;
    if (gran !== game.g) this.#session.setGranularity(gran); // changed while it loaded
    // Autoplay once per element, when it first becomes visible (it is: loads start then).
    const auto = this.hasAttribute('autoplay') && !this.#autoplayed && !reduced.matches;
    if (auto) this.#autoplayed = true;
    this.#play.reset(game.position, opts.speed || defaultSpeed(game.length), auto);
  }

  // ---- playback ---------------------------------------------------------------------------

  play() {
    this.#play.play();
  }

  pause() {
    this.#play.pause();
  }

  toggle() {
    this.#play.toggle();
  }

  /** Shows step `m` (clamped to 0 .. length) at the current granularity. */
  seek(m) {
    this.#play.seek(m);
  }

  /** Moves `d` steps forward (or back, when negative). */
  stepBy(d) {
    this.#play.stepBy(d);
  }

  // ---- stories (loopy-story.js) --------------------------------------------------------------

  /**
   * Plays from the step on screen to step `m` (forwards or backwards) at the element's
   * speed and stops there; under reduced motion it jumps. A story's paragraph calls it;
   * any control of the reader's ends it.
   */
  playTo(m) {
    if (reduced.matches) this.#play.seek(m);
    else this.#play.playTo(m);
  }

  /**
   * Resolves once a game is on screen at the element's granularity and no answer of the
   * worker's is awaited: a story sets the granularity, then numbers its step at it.
   */
  settled() {
    if (this.#isSettled()) return Promise.resolve();
    return new Promise((resolve) => {
      this.#settling.push(resolve);
      this._wake();
    });
  }

  #isSettled() {
    const s = this.#session;
    return (
      Boolean(s?.game) &&
      !this.#askLoading &&
      !this.#optionsLoading &&
      !this.#presentLoading &&
      !this.#flagsLoading &&
      !this._fetching?.() &&
      !s.pending &&
      !s.loadingId &&
      !this.#loader.queued &&
      s.game.g === this.#play.granularity
    );
  }

  /** Says `text` once in the element's live region (a story's paragraph says what it changed). */
  announce(text) {
    this.#pick.hush(); // the selection's words, if its facts come later, do not replace it
    this.#parts.said.textContent = text;
  }

  /**
   * The picture on screen on a canvas of its own at `scale` device pixels per CSS pixel
   * (the view's own `frameCanvas`, as the PNG export draws it, when it has one; else a copy
   * of the canvas), or null before the first frame. A story prints one per paragraph.
   */
  pictureCanvas(scale = 2) {
    if (!this.#session?.game?.snap) return null;
    const own = this.frameCanvas?.(scale);
    if (own) return own;
    const c = this.#parts.canvas;
    const out = new OffscreenCanvas(c.width, c.height);
    out.getContext('2d').drawImage(c, 0, 0);
    return out;
  }

  // ---- selection, popup, the why (element/selection.js) -----------------------------------

  /** Selects target t (null: nothing) for the inspector; fires `loopy-select`. */
  _select(t) {
    if (t === null || this.#g) this.#pick.select(t);
  }

  /** Seeks to the step where target t is decided (the core says which). */
  async _jumpTo(t) {
    const s = this.#session;
    if (!s?.game || !this.#g || !this._validTarget(t)) return;
    const m = await s.decidedAt(this._stateIndex(t));
    if (m !== null) this.seek(m);
  }

  /** Selects target t and opens its popup, whoever explains on the page (a checked answer's difference). */
  _showWhy(t) {
    if (!this.#g || !this._validTarget(t)) return;
    this.#pick.select(t);
    this.#pick.open(t);
  }

  // ---- a checked answer's differences (element/flags.js) -------------------------------------

  /** The states (or vertices) flagged as differing from a checked answer, as they were set. */
  get flagged() {
    return this.#flags.details;
  }

  /**
   * Flags the game's targets where a checked answer differs: [{ player, pos } or { vertex }, expected, found }].
   * The first differences a page flags fetch element/flags.js (a post never does): they show
   * once it is here (settled() waits for it); one that cannot be fetched leaves nothing
   * flagged, and the element says so.
   */
  set flagged(details) {
    this.#flagsWanted = details;
    if (this.#flags === NO_FLAGS) {
      if (Array.isArray(details) && details.length) this.#loadFlags();
      return;
    }
    this.#flags.set(details);
    this.#parts.box.classList.toggle('flagged', this.#flags.size > 0);
    this.#pick.reexplain();
    this._redraw();
  }

  #loadFlags() {
    this.#flagsLoading ??= this._flagsModule().then(
      ({ Flags }) => {
        this.#flags = new Flags({ parse: (d) => this._flagTarget(d), same: (a, b) => this._same(a, b), words: () => this.#words });
        this.#flagsLoading = null;
        this.flagged = this.#flagsWanted;
      },
      () => {
        this.#flagsLoading = null;
        this.#parts.said.textContent = this._t('core.flags.unloaded');
        this._redraw();
      },
    );
  }

  /** The flagged targets, for the view; description `d` of target t with the answer's line when t is flagged. */
  get _flags() {
    return this.#flags;
  }

  /** The selection, the popup and what explains them (element/selection.js). */
  get _selection() {
    return this.#pick;
  }

  #setQuiz(on) {
    this.#quiz = on;
    if (on && !this.#ask) this.#loadQuiz();
    this.#pick.reexplain();
    this._redraw();
  }

  /**
   * Loads the quiz (element/quiz.js) the first time it is turned on: a page or post that
   * never quizzes never downloads it. Until it is there every undecided value stays hidden
   * and nothing is asked.
   */
  #loadQuiz() {
    this.#askLoading ??= this._quizModule().then(({ Quiz }) => {
      this.#ask = new Quiz({
        h,
        shadow: this.#root,
        guesses: QUIZ_KEYS,
        draw: this.constructor.nouns.draw,
        words: this.#words,
        index: (t) => this._stateIndex(t),
        facts: (t) => this._facts(t),
        describe: (t) => this._describe(t),
        changed: () => {
          this.#pick.reexplain();
          this._redraw();
        },
      });
      this.#askSlot.append(this.#ask.root);
      this.#askLoading = null;
      this.#pick.reexplain();
      this._redraw();
    });
    // A module that cannot be fetched leaves the quiz off, not the element busy for ever.
    this.#askLoading.catch(() => {
      this.#askLoading = null;
      this._redraw();
    });
  }

  /**
   * Fetches the controls' options (element/options.js) once: a compact element's on its
   * menu's first opening (or a pointer on its way there), a full one's before its side is
   * built. settled() waits for them; a module that cannot be fetched leaves the controls
   * without them, saying so where they would be.
   */
  #loadOptions() {
    this.#optionsLoading ??= this._optionsModule().then(
      (module) => {
        this.#options = module;
        this.#optionsLoading = null;
        this._redraw();
        return module;
      },
      (e) => {
        this.#optionsFailed = true;
        this.#optionsLoading = null;
        this._redraw();
        throw e;
      },
    );
    return this.#optionsLoading;
  }

  #showKeys(on) {
    const box = this.#parts.keys;
    box.hidden = !on;
    if (on) box.focus({ preventScroll: true });
    else this.#parts.canvas.focus({ preventScroll: true });
  }

  // ---- keys ---------------------------------------------------------------------------------

  /**
   * Handles a key of the element's keyboard model (its key map, which its list of keys
   * states too); true when it did. The page forwards keys pressed outside the element.
   */
  handleKey(e) {
    return runKey(this.#keyMap(), e);
  }

  /** The whole key map: playback first, then the subclass's own keys, then the common rest. */
  #keyMap() {
    const play = this.#play;
    return keyMap({
      toggle: () => play.toggle(),
      stepBy: (d) => play.stepBy(d),
      seek: (m) => play.seek(m),
      faster: (d) => play.faster(d),
      cycleGranularity: (d) => play.cycleGranularity(d),
      enter: (e) => this.#enter(e),
      jump: () => this.#pick.selected !== null && void this._jumpTo(this.#pick.selected),
      quiz: () => {
        this.quiz = !this.#quiz;
      },
      zoom: (f) => this.zoom(f),
      resetZoom: () => this.resetZoom(),
      escape: () => this.#escape(),
      showKeys: () => this.#showKeys(this.#parts.keys.hidden),
      w: this.#words,
      enterWhat: this._t(this.#kind().enter),
      jumpWhat: this._t(this.#kind().jump),
      zoomWhat: this._t(this.#kind().zoom),
      escapeWhat: this._t('core.keys.escape'),
      own: this._keyMap(),
      modes: [...(this._modeKeys?.() ?? []), ...this.#quizKeys()],
      present: [
        {
          keys: ['f', 'F'],
          label: 'F',
          what: this._t('core.keys.present'),
          run: () => {
            this.present(!this.presenting);
          },
        },
      ],
    });
  }

  /** The keys that answer the quiz: they apply only while it asks something. */
  #quizKeys() {
    const last = this.constructor.nouns.draw === 'Loop' ? 'O' : 'D';
    const what = this._t(this.#kind().quizKey);
    return QUIZ_KEYS.map(({ keys, outcome }, k) => ({
      keys,
      label: `W, L, ${last}`,
      what: k ? '' : what,
      run: () => (this.#quiz && this.#ask?.answer(outcome)) || false,
    }));
  }

  #enter(e) {
    const t = this.#pick.selected;
    if ((e.composedPath()[0] || e.target) !== this.#parts.canvas || t === null) return false;
    if (this._pick?.(t) !== false) this.#pick.why(t);
  }

  #escape() {
    if (!this.#parts.keys.hidden) this.#showKeys(false);
    else if (this.#controls?.closeMenu()) return;
    else if (this.#pick.popupOpen) this.#pick.close(true);
    else if (this.presenting) this.present(false);
    else if (this.#pick.selected !== null) this.#pick.select(null);
    else return false;
  }

  // ---- presenter mode -----------------------------------------------------------------------

  /** True in presenter mode (the `present` attribute, once its look is here). */
  get presenting() {
    return this.hasAttribute('present') && this.#presentLook !== null;
  }

  /**
   * Presenter mode on or off: the element fills the screen (the Fullscreen API when the
   * browser grants it, else the whole window) with large, high-contrast type; the keyboard
   * model drives it. Esc, F or the × leave it. Its look comes first (fetched the first time),
   * so that the screen never shows the element's own look stretched; one that cannot be
   * fetched leaves the element as it is, saying so.
   */
  async present(on = true) {
    if (on) {
      try {
        await this.#loadPresentLook();
      } catch {
        return;
      }
    }
    this.toggleAttribute('present', on);
    try {
      if (on && !document.fullscreenElement) await this.requestFullscreen?.({ navigationUI: 'hide' });
      if (!on && document.fullscreenElement === this) await document.exitFullscreen();
    } catch {
      // Refused (no user gesture, or not allowed here): presenter mode fills the window instead.
    }
  }

  /**
   * Fetches presenter mode's look (element/present.js) once and adopts it, right after the
   * element's own sheet (a subclass's extra sheets keep the last word). settled() waits for it.
   */
  #loadPresentLook() {
    if (this.#presentLook) return Promise.resolve();
    this.#presentLoading ??= this._presentModule().then(
      ({ sheet }) => {
        const look = sheet();
        const [own, ...rest] = this.#root.adoptedStyleSheets;
        this.#root.adoptedStyleSheets = [own, look, ...rest];
        this.#presentLook = look;
        this.#presentLoading = null;
        this._redraw();
      },
      (e) => {
        this.#presentLoading = null;
        this.#parts.said.textContent = this._t('core.present.unloaded');
        this._redraw();
        throw e;
      },
    );
    return this.#presentLoading;
  }

  #presented(on) {
    // Set by a page before its look has come: presenter mode starts once it is here.
    if (on && !this.#presentLook) {
      this.#loadPresentLook().then(
        () => this.hasAttribute('present') && this.#presented(true),
        () => this.removeAttribute('present'),
      );
      return;
    }
    this.#parts.box.classList.toggle('present', on);
    this.#pick.close(false);
    this._layout();
    this.#parts.canvas.focus({ preventScroll: true });
    this.dispatchEvent(new CustomEvent('loopy-present', { detail: { on }, bubbles: true, composed: true }));
  }

  // ---- zoom ---------------------------------------------------------------------------------

  /** Zooms by `factor` around the point (x, y) of the canvas (CSS px), or around the selection, or the centre. */
  zoom(factor, x, y) {
    if (!this.#zoomable()) return;
    this._zoomBy(factor, x, y, this.#pick.selected);
    this._moved();
  }

  /** Whether the view can zoom now (it has something drawn). */
  #zoomable() {
    return Boolean(this.#view) && (this._zoomable?.() ?? true);
  }

  /** The whole view again. */
  resetZoom() {
    if (this.#view) this._resetZoom();
    this._moved();
  }

  /** The zoom (1: the whole view). */
  get zoomLevel() {
    return this.#view ? this._zoomLevel() : 1;
  }

  /** The view moved: everything is drawn again, and a popup pointing at the old place closes. */
  _moved() {
    if (this.#session) this.#session.changed = 'all';
    this.#pick.close(false);
    this._redraw();
  }

  // ---- side panel, layout, theme ------------------------------------------------------------

  /**
   * The language or the terms changed (element/i18n.js): every word is said again, the game,
   * step, selection and mode kept. The subclass re-words what it owns (`_onRelabel`).
   */
  #relabel() {
    reword(this.#parts, this.#words, { names: this._canvasLabels(), keys: this.keys });
    if (!this.#session?.game) this.#parts.term.href = this.#rulesHref();
    if (this.#built) this.#buildSide();
    this.#loader.reword();
    this.#ask?.relabel();
    this.#pick.relabel();
    this._onRelabel?.();
    this._redraw();
  }

  /** The keys of the core's sentences that name this element's things (`static words`, else by its nouns: KIND_WORDS). */
  #kind() {
    const own = this.constructor.words;
    const base = KIND_WORDS[this.constructor.nouns?.target] ?? KIND_WORDS.state;
    return own ? { ...base, ...own } : base;
  }

  /** The rules page in the reader's language: the one an entry gave for it (`addRulesPage`), else the English one. */
  #rulesHref() {
    const english = this._rules();
    return RULES_PAGES.get(`${this.#words.code} ${english}`) ?? english;
  }

  #buildSide() {
    this.#built = true;
    const mode = ['none', 'compact', 'full'].includes(this.getAttribute('controls')) ? this.getAttribute('controls') : 'compact';
    // Full controls show their options at once: the side is built once they have come (or
    // could not), whole, rather than built and then grown.
    this.#mode = mode;
    if (mode === 'full' && !this.#options && this.#optionsFailed === false) {
      this.#loadOptions().then(
        () => this.#buildSide(),
        () => this.#buildSide(),
      );
      return;
    }
    this.#mode = mode;
    const play = this.#play;
    this.#controls = side(this.#parts, mode, {
      jump: (m) => play.seek(m),
      step: (d) => play.stepBy(d),
      toggle: () => play.toggle(),
      scrub: (m) => play.seek(m),
      setSpeed: (v) => play.setSpeed(v),
      setGran: (g) => play.setGranularity(g),
      setQuiz: (on) => {
        this.quiz = on;
      },
      keys: () => this.#showKeys(true),
      refocus: () => this.#parts.canvas.focus({ preventScroll: true }),
      optionsModule: () => this.#options,
      loadOptions: () => this.#loadOptions(),
      shadow: this.#root,
      words: this.#words,
      legend: this._legend?.(),
      // The quiz's questions and answers right under the narration, in every mode.
      kids: (...args) => {
        const kids = this._sideKids(...args);
        kids.splice(kids.indexOf(this.#parts.narration) + 1, 0, this.#askSlot);
        return kids;
      },
    });
    this._layout();
    this._redraw();
  }

  /** Lays the stage out, once the element has a size worth reading. */
  _layout() {
    // Until the first ResizeObserver callback the element has no size worth reading: a layout
    // asked for before it (in the constructor, or by each attribute of an upgrade) would force
    // the page's layout in the middle of parsing, once for every element (~10 ms each).
    if (this.#sized && this._size()) this._moved();
  }

  /** The theme's colours, as the view draws them (a custom property left empty keeps the view's own). */
  _recolor() {
    if (!this.#view) return;
    this.#view.setColors(themeColors(this.#parts.box));
    if (this.#session) this.#session.changed = 'all';
    this._redraw();
  }

  // ---- the frame ----------------------------------------------------------------------------

  #busy() {
    const s = this.#session;
    // The quiz's module on its way is busy too, as settled() waits for it: its question is not on screen yet.
    return (
      !s?.game ||
      s.busy ||
      this.#dirty ||
      this.#play.playing ||
      this.#askLoading !== null ||
      this.#optionsLoading !== null ||
      this.#presentLoading !== null ||
      this.#flagsLoading !== null ||
      Boolean(this._busyExtra?.() || this._fetching?.())
    );
  }

  _redraw() {
    this.#dirty = true;
    this._wake();
  }

  /** Asks for a frame when there is something to draw, or when playing on screen (off screen, playback waits). */
  _wake() {
    if (document.hidden) return;
    if (this.#relayout || this.#dirty || this.#settling.length || this.#session?.busy || this._animating?.() || (this.#play.playing && this.#visible))
      requestFrame(this);
  }

  /** One animation frame (called by frames.js). */
  frame(t) {
    if (this.#relayout) {
      this.#relayout = false;
      this._layout();
    }
    const game = this.#session?.game;
    const moving = this.#play.playing && this.#visible;
    const skip = this._beforeAdvance && ((desired) => this._beforeAdvance(game, desired));
    if (this.#play.advance(t, moving, this.hasAttribute('loop'), skip)) this.#dirty = true;
    if (this._frameExtras?.(t)) this.#dirty = true;
    if (this.#dirty) this.#render();
    if (this.#settling.length && this.#isSettled()) for (const resolve of this.#settling.splice(0)) resolve();
    this._afterFrame?.();
    this._wake();
  }

  #render() {
    this.#dirty = false;
    const s = this.#session;
    const game = s?.game;
    const g = this.#g;
    if (!game?.snap || !g || g.id !== game.id) {
      if (!g) this.#controls?.render(null);
      return;
    }
    // The quiz's question: its value stays hidden on the picture, in the narration and in every why.
    const q = this._question();
    this.#askedNow = q;
    this._draw(game, s.takeChanged());
    const fromStep = q !== null && this._same(q, this._eventTarget?.(game) ?? null);
    const d = q === null ? null : this._describe(q);
    // While the quiz's module or its question's facts are on the way, the narration tells nothing either.
    const waiting = this.#quiz && (!this.#ask || (fromStep && !d));
    const said = this._caption?.() ?? (waiting ? this._t('core.quiz.preparing') : fromStep ? this.#ask.ask(d) : this._narration(game));
    // The question's own box says so too while its facts come (from the worker's why module).
    this.#ask?.render(this.#quiz, d ? q : null, d, this._t(waiting ? 'core.quiz.preparing' : this.#kind().quizIdle));
    // Playing, the quiz stops at each new question, so that the reader can answer it.
    if (fromStep && this.#play.playing) {
      const key = this._stateIndex(q);
      if (key !== this.#pausedFor) {
        this.#pausedFor = key;
        this.#play.pause();
      }
    }
    const p = this.#parts;
    if (p.narration.textContent !== said) p.narration.textContent = said;
    p.narration.setAttribute('aria-busy', String(this.#play.playing));
    // The glossary entry for what the last event did.
    const term = `${this.#rulesHref()}#${this._termKind?.(game) ?? (TERM[game.event?.kind] || 'retrograde')}`;
    if (p.term.href !== term) p.term.href = term;
    this.#controls?.render({
      playing: this.#play.playing,
      position: game.position,
      target: s.target,
      length: game.length,
      speed: this.#play.speed,
      g: game.g,
      quiz: this.#quiz,
    });
    const known = this._known(game);
    if (p.known.textContent !== known) p.known.textContent = known;
    this.#pick.update();
    this.#frames++;
    p.fallback.hidden = true;
    this.#events.report(
      game,
      said,
      () => this._readyDetail(game),
      () => this._loops(game),
    );
  }
}
