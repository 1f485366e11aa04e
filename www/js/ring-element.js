// ring-element.js: the <loopy-ring> element's code: a ring game solved by retrograde analysis and animated (loopy-ring.js defines it for a post, page.js for the page).

import { connect } from './client.js';
import { controls, keyList, legend } from './controls.js';
import { count, describe, fmt, narrate, TERM } from './explain.js';
import { requestFrame } from './frames.js';
import { Popup } from './popup.js';
import { Ring } from './ring.js';
import { COLOR_VARS, h, sheet } from './style.js';
import { GRANULARITIES, parseN, parseSelected, parseSteps, reflectAttributes, SPEEDS, shortMessage, snapSpeed, whole } from './url.js';

const GAME_ATTRS = ['n', 's1', 's2'];
/** How long the token takes to move along the ring (ms). */
const TOKEN_MS = 450;
/**
 * Where the element's files are: `{ worker, rules }` (the shared worker, the rules page
 * with its glossary), given by whoever defines the element, from its own
 * `import.meta.url`: this module's is not to be trusted, since `cargo xtask dist`
 * bundles it into loopy-ring.js, one folder up.
 */
let files = null;
const rules = () => files.rules.href;
const reduced = matchMedia('(prefers-reduced-motion: reduce)');
const dark = matchMedia('(prefers-color-scheme: dark)');

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

export class LoopyRing extends HTMLElement {
  static observedAttributes = [...GAME_ATTRS, 'granularity', 'speed', 'step', 'selected', 'autoplay', 'loop', 'controls', 'theme', 'quiz', 'present'];

  #root;
  #parts = {};
  #ring = null;
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
  // Playback: the step the animation heads for (fractional while playing), and how.
  #desired = 0;
  #playing = false;
  #speed = 0;
  #gran = 'events';
  #sel = null;
  #hover = null;
  #g = null; // the shown game for explain.js: { id, n, steps: [, s1, s2], out, dep, best }
  #nav = 0;
  #navAtGran = -1;
  #autoplayed = false;
  #error = null;
  #quiz = false;
  #note = null; // a narration line of the element's own (a skip), until the next move
  #decidable = 0; // states the search decides (not Loop), to know when only checks are left

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [sheet()];
    const p = this.#parts;
    p.canvas = h('canvas', {
      id: 'ring',
      part: 'canvas',
      tabIndex: 0,
      role: 'application',
      ariaRoledescription: 'game ring',
      ariaLabel: 'The ring. Click a state or use the arrow keys to inspect it.',
    });
    this.#popup = new Popup(
      () => this.#closePopup(true),
      () => this.#popupFor && this.jumpToDecided(this.#popupFor.p, this.#popupFor.pos),
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
      keyList(),
      h('p', { className: 'hint' }, 'They work whenever the focus is not in a text field. Esc closes this list.'),
    );
    // The light-DOM content shows in the stage until the first picture (a post never shows an empty box).
    p.fallback = h('div', { className: 'fallback' }, h('slot', {}));
    // Presenter mode's way out for a mouse (the keyboard has F and Esc).
    p.leave = h('button', { type: 'button', className: 'leave', title: 'Leave presenter mode (Esc)', ariaLabel: 'Leave presenter mode' }, '×');
    p.leave.onclick = () => this.present(false);
    p.stage = h('div', { className: 'stage', part: 'stage' }, p.fallback, p.canvas, p.error, p.progressBox, this.#popup.root, p.keys, p.leave);
    p.narration = h('p', { className: 'narration', part: 'narration', ariaLive: 'polite', id: 'narration' }, 'Loading…');
    p.term = h('a', { className: 'term', id: 'term', target: '_blank', rel: 'noopener', href: rules() }, 'What does this mean?');
    p.known = h('p', { className: 'known', id: 'known' });
    p.help = h(
      'p',
      { className: 'hint', id: 'ring-help' },
      'Outer ring: player 1 to move. Inner ring: player 2 to move. The hole (position 0) is at the top; positions go clockwise.',
    );
    p.said = h('p', { className: 'sr', ariaLive: 'polite' });
    p.side = h('div', { className: 'side', part: 'side' });
    p.box = h('div', { className: 'box', part: 'box' }, p.stage, p.side);
    // Resolves the CSS length --loopy-max-height (any unit) to pixels.
    p.probe = h('div', { className: 'probe', ariaHidden: 'true' });
    this.#root.append(p.box, p.said, p.probe);
    // The side (controls, legend) is built when the element first comes into view: a post with
    // several elements would otherwise build them all in the task that parses it.
    this.#wirePointer();
    this.addEventListener('keydown', (e) => this.handleKey(e));
  }

  // ---- attributes and properties --------------------------------------------------------

  static {
    reflectAttributes(LoopyRing, ['n', 's1', 's2', 'granularity', 'speed', 'controls', 'theme'], ['autoplay', 'loop', 'quiz']);
  }

  /** The step on screen (at the current granularity); setting it seeks. */
  get step() {
    return this.#session?.game?.position ?? 0;
  }

  set step(m) {
    this.seek(m);
  }

  /** The selected state `{ player, pos }`, or null; setting it selects. */
  get selected() {
    return this.#sel ? { player: this.#sel.p, pos: this.#sel.pos } : null;
  }

  set selected(v) {
    if (!v) this.select(null);
    else this.select(v.player, v.pos);
  }

  /** Steps in the whole run at the current granularity. */
  get length() {
    return this.#session?.game?.length ?? 0;
  }

  get playing() {
    return this.#playing;
  }

  /** 'ready' once idle and drawn, 'busy' while solving, seeking or playing, 'error' when the game is bad. */
  get state() {
    if (this.#error && !this.#session?.game) return 'error';
    return this.#busy() ? 'busy' : 'ready';
  }

  /** Frames drawn so far (tests wait for a frame after an action). */
  get frameCount() {
    return this.#frames;
  }

  /** The game on screen: `{ n, s1, s2 }` (steps ascending), or null. */
  get game() {
    const g = this.#g;
    return g ? { n: g.n, s1: g.steps[1], s2: g.steps[2] } : null;
  }

  /** What a link or an embed needs to show this view again. */
  get view() {
    const game = this.#session?.game;
    if (!game) return null;
    return { game: { n: game.n, s1: game.s1, s2: game.s2 }, g: game.g, step: game.position, speed: this.#speed, sel: this.#sel };
  }

  attributeChangedCallback(name, old, value) {
    // The same game set again loads again if its last load was cancelled or failed (#load decides).
    if (old === value && !GAME_ATTRS.includes(name)) return;
    switch (name) {
      case 'n':
      case 's1':
      case 's2':
        return this.#queueLoad();
      case 'granularity':
        return this.#setGran(GRANULARITIES.includes(value) ? value : 'events');
      case 'speed':
        this.#speed = snapSpeed(value, this.#speed);
        return this.#redraw();
      case 'step':
        if (this.#session?.game && !this.#queued) this.seek(whole(value) ?? 0);
        return;
      case 'selected': {
        const s = parseSelected(value);
        if (this.#g) this.select(s ? s.p : null, s?.pos);
        return;
      }
      case 'controls':
        if (this.#built) this.#buildSide();
        return;
      case 'theme':
        return this.#recolor();
      case 'quiz':
        return this.#setQuiz(value !== null);
      case 'present':
        return this.#presented(value !== null);
    }
  }

  // ---- life cycle ---------------------------------------------------------------------------

  connectedCallback() {
    // An instance starts work only when it is (nearly) on screen.
    this.#observer = new IntersectionObserver(
      (entries) => {
        const v = entries[entries.length - 1].isIntersecting;
        if (v === this.#visible) return;
        this.#visible = v;
        if (v && !this.#built) this.#buildSide();
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
    document.addEventListener('fullscreenchange', this.#onFullscreen);
  }

  disconnectedCallback() {
    this.#sized = false;
    this.#observer?.disconnect();
    this.#resize?.disconnect();
    dark.removeEventListener('change', this.#onScheme);
    reduced.removeEventListener('change', this.#onMotion);
    document.removeEventListener('visibilitychange', this.#onVisibility);
    document.removeEventListener('fullscreenchange', this.#onFullscreen);
    this.#visible = false;
    this.#started = false;
    this.#session?.drop();
    this.#session = null;
    this.#g = null;
    this.#gameKey = '';
  }

  #onScheme = () => this.getAttribute('theme') === 'auto' && this.#recolor();
  #onMotion = () => reduced.matches && this.pause();
  #onVisibility = () => {
    // A hidden tab draws no frames: a token on its way is simply there.
    if (document.hidden && this.#tokenMove) {
      this.#tokenMove.done();
      this.#tokenMove = null;
    }
    this.#wake();
  };
  // Leaving full screen (Esc, the browser's own button) leaves presenter mode too.
  #onFullscreen = () => {
    if (document.fullscreenElement === this) this.#fullscreen = true;
    else if (this.#fullscreen) {
      this.#fullscreen = false;
      this.present(false);
    }
  };

  #fullscreen = false;

  async #start() {
    if (this.#started) return;
    this.#started = true;
    this.#client = connect(files.worker);
    let layout;
    try {
      layout = await this.#client.ready;
    } catch (e) {
      return this.#fail({ message: e.message, field: null });
    }
    if (!this.#started) return;
    this.#ring = new Ring(this.#parts.canvas, layout);
    this.#recolor();
    this.#session = this.#client.session((type, m) => this.#receive(type, m));
    this.#gran = GRANULARITIES.includes(this.getAttribute('granularity')) ? this.getAttribute('granularity') : 'events';
    this.#layout();
    this.#load(true);
  }

  // ---- loading a game -----------------------------------------------------------------------

  #queueLoad() {
    if (!this.#started || this.#queued) return;
    // n, s1 and s2 set one after another make one load.
    this.#queued = Promise.resolve().then(() => {
      this.#queued = null;
      this.#load(false);
    });
  }

  /** Reads n, s1, s2 and asks the worker to solve them; errors go to the element and `loopy-error`. */
  #load(initial) {
    if (!this.#session) return;
    const limit = this.#client.layout.maxN;
    const text = Object.fromEntries(GAME_ATTRS.map((a) => [a, this.getAttribute(a) ?? '']));
    const key = JSON.stringify(text);
    if (key === this.#gameKey && !this.#error) return;
    this.#gameKey = key;
    const n = parseN(text.n);
    const s1 = parseSteps(text.s1, 1, limit);
    const s2 = parseSteps(text.s2, 2, limit);
    const errors = [
      ['n', n],
      ['s1', s1],
      ['s2', s2],
    ]
      .filter(([, r]) => r.error)
      .map(([field, r]) => ({ field, message: r.error }));
    if (errors.length) return this.#fail(errors[0], errors);
    this.#loadingOpts = {
      at: initial ? (whole(this.getAttribute('step')) ?? 0) : 0,
      sel: initial ? parseSelected(this.getAttribute('selected')) : null,
      speed: snapSpeed(this.getAttribute('speed'), 0),
    };
    this.#session.load({ n: n.value, s1: s1.value, s2: s2.value }, this.#gran, this.#loadingOpts.at);
    clearTimeout(this.#progressTimer);
    this.#parts.progress.value = 0;
    this.#parts.progressText.textContent = `Solving n = ${fmt(n.value)}…`;
    // Quick solves never show the bar; slow ones show it after a moment.
    this.#progressTimer = setTimeout(() => (this.#parts.progressBox.hidden = false), 150);
    this.#redraw();
  }

  #progressTimer = 0;

  #endLoad() {
    clearTimeout(this.#progressTimer);
    this.#parts.progressBox.hidden = true;
  }

  /** Shows errors inside the element and fires `loopy-error`; the last good game stays. */
  #fail(first, all = [first]) {
    this.#endLoad();
    this.#error = all;
    const box = this.#parts.error;
    box.replaceChildren(
      h('span', {}, this.#g ? 'This game cannot be shown (the previous one stays):' : 'This game cannot be shown:'),
      // Short in the alert (a core message can run to a paragraph), whole in the title.
      h(
        'ul',
        {},
        ...all.map((e) => {
          const { text, cut } = shortMessage(e.message);
          return h('li', cut ? { title: e.message } : {}, text);
        }),
      ),
    );
    box.hidden = false;
    this.dispatchEvent(
      new CustomEvent('loopy-error', { detail: { message: first.message, field: first.field, errors: all }, bubbles: true, composed: true }),
    );
    this.#redraw();
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
        // A new granularity numbers the same place anew, unless the visitor moved meanwhile.
        if (!m.stale && !m.moved && this.#session.game && this.#navAtGran === this.#nav) {
          this.#desired = this.#session.target = this.#session.game.position;
        }
        return this.#redraw();
      case 'progress': {
        const p = this.#parts;
        p.progress.value = m.resolved / m.total;
        p.progressText.textContent = m.preparing
          ? `Preparing the animation of n = ${fmt(m.total / 2 + 1)}…`
          : `Solving n = ${fmt(m.total / 2 + 1)}: ${fmt(m.resolved)} of ${fmt(m.total)} states decided`;
        this.dispatchEvent(new CustomEvent('loopy-progress', { detail: { resolved: m.resolved, total: m.total, preparing: Boolean(m.preparing) } }));
        return;
      }
      case 'error':
        this.#gameKey = ''; // the same text again is tried again
        return this.#fail({ message: m.message, field: m.field });
      case 'cancelled':
        this.#endLoad();
        this.#gameKey = '';
        this.dispatchEvent(new CustomEvent('loopy-cancel', { detail: {} }));
        return this.#redraw();
      case 'fatal':
        return this.#fail({ message: m.message, field: null });
      case 'moves': {
        // A state's moves arrived: whatever explains it can now say why.
        const t = this.#popupFor;
        if (t && t.p === m.p && t.pos === m.pos) this.#openPopup(t);
        this.#said();
        this.dispatchEvent(new CustomEvent('loopy-describe', { detail: { player: m.p, pos: m.pos }, bubbles: true, composed: true }));
        return;
      }
    }
  }

  #loaded(game) {
    const opts = this.#loadingOpts || {};
    this.#endLoad();
    this.#error = null;
    this.#parts.error.hidden = true;
    this.#closePopup(false);
    this.#g = { id: game.id, n: game.n, steps: [null, game.s1, game.s2], out: game.out, dep: game.dep, best: game.best, layout: this.#client.layout };
    this.#predIndex = game.table ? predecessorIndex(game.n, game.table, this.#client.layout.moveWords) : null;
    // States the search will decide; once they all are, the rest of the run only checks moves.
    const oc = this.#client.layout.outcome;
    this.#decidable = 0;
    for (let s = 0; s < game.out.length; s++) if (s % game.n && game.out[s] !== oc.loop) this.#decidable++;
    this.#note = null;
    // A game played on the old ring is over.
    this.token = null;
    this.#caption = null;
    this.#ring.setGame(game.n);
    this.#sel = opts.sel && opts.sel.pos < game.n ? opts.sel : null;
    this.#hover = null;
    this.#desired = game.position;
    this.#speed = opts.speed || defaultSpeed(game.length);
    this.#playing = false;
    this.#reported = { step: -1, id: game.id, done: false, ready: false };
    if (this.#gran !== game.g) this.#session.setGranularity(this.#gran); // changed while it loaded
    const auto = this.hasAttribute('autoplay') && !this.#autoplayed && !reduced.matches;
    if (auto) {
      // Once per element, when it first becomes visible (it is: loads start then).
      this.#autoplayed = true;
      this.#playing = true;
    }
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
    this.#note = null;
    this.#playing = false;
    this.#desired = Math.max(0, Math.min(s.game.length, Number.isNaN(x) ? 0 : x));
    s.target = Math.floor(this.#desired);
    s.force = true;
    s.pump(); // ask the worker now; the answer is drawn at the next frame
    this.#redraw();
  }

  /** Moves `d` steps forward (or back, when negative). */
  stepBy(d) {
    this.seek(Math.floor(this.#desired) + d);
  }

  #setGran(g) {
    this.#gran = g;
    this.#note = null;
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

  /** Selects state (player, pos) for the inspector, or nothing with `select(null)`. */
  select(player, pos) {
    const g = this.#g;
    const t = player === 1 || player === 2 ? { p: player, pos: Math.floor(Number(pos)) } : null;
    if (t && (!g || !(t.pos >= 1 && t.pos < g.n))) return;
    this.#sel = t;
    this.#said();
    this.#closePopup(false);
    this.dispatchEvent(new CustomEvent('loopy-select', { detail: t ? { player: t.p, pos: t.pos } : null, bubbles: true, composed: true }));
    this.#redraw();
  }

  #moveSel(p, d) {
    const g = this.#g;
    if (!g) return;
    const m = g.n - 1;
    const cur = this.#sel || { p: 1, pos: d > 0 ? 0 : 1 };
    this.select(p || cur.p, ((((cur.pos - 1 + d) % m) + m) % m) + 1);
  }

  // ---- a game played on the ring (the page's play panel drives these) -----------------------

  /**
   * The moves from state (player, pos), always from the core: `{ best, moves }`, where
   * `best` is the core's best step (Solution.bestMove: the fastest win, the longest
   * resistance, or staying in the Loop) and `moves` lists `{ step, to, outcome, depth }`
   * (the opponent's value at `to`; `to` 0 is the hole). Null without a game.
   */
  async movesFrom(player, pos) {
    const s = this.#session;
    if (!s?.game || (player !== 1 && player !== 2) || !(pos >= 1 && pos < s.game.n)) return null;
    const r = await s.turn(player, pos);
    if (!r) return null;
    const w = this.#client.layout.moveWords;
    const moves = [];
    for (let k = 0; k + w <= r.rows.length; k += w) moves.push({ step: r.rows[k], to: r.rows[k + 1], outcome: r.rows[k + 2], depth: r.rows[k + 3] });
    return { best: r.best, moves };
  }

  /** The game's token `{ player, pos }` drawn on the ring (pos 0: in the hole), or null; setting it places it at once. */
  get token() {
    return this.#token && { player: this.#token.p, pos: this.#token.pos };
  }

  set token(v) {
    this.#tokenMove?.done();
    this.#tokenMove = null;
    this.#token = v ? { p: v.player, pos: v.pos } : null;
    this.#redraw();
  }

  /** Moves the token to `{ player, pos }` along the ring (at once under reduced motion); resolves when it is there. */
  moveToken(v) {
    const from = this.#token;
    this.token = v;
    if (!from || !v || reduced.matches || !this.#visible || document.hidden) return Promise.resolve();
    return new Promise((resolve) => {
      this.#tokenMove = { from, start: 0, t: 0, done: resolve };
      this.#wake();
    });
  }

  /** A line that replaces the narration while set (a game's commentary), or null. */
  get caption() {
    return this.#caption;
  }

  set caption(text) {
    this.#caption = text ?? null;
    this.#redraw();
  }

  #token = null;
  #tokenMove = null;
  #caption = null;

  // ---- exports ----------------------------------------------------------------------------

  /**
   * The frame on screen drawn afresh at `scale` device pixels per CSS pixel, on an
   * OffscreenCanvas of its own (never read back from the live canvas): the same view,
   * zoom, selection and token. Null before the first frame.
   */
  frameCanvas(scale = 2) {
    const s = this.#session;
    const game = s?.game;
    if (!this.#ring || !game?.snap) return null;
    const live = this.#ring.g;
    const ring = new Ring(new OffscreenCanvas(1, 1), this.#client.layout);
    ring.setColors(this.#ring.colors);
    ring.layout(live.size, scale);
    ring.setGame(game.n);
    ring.g.cam = { ...live.cam };
    ring.g.refresh();
    ring.draw({
      snap: game.snap,
      changed: 'all',
      event: game.event,
      current: game.current,
      preds: this.#preds(game.current),
      sel: this.#sel,
      hover: null,
      token: this.#token,
    });
    return ring.canvas;
  }

  /** The narration line on screen. */
  get narration() {
    return this.#parts.narration.textContent;
  }

  /** The ring's colours (the theme's, as the canvas draws them). */
  get palette() {
    return this.#ring ? { ...this.#ring.colors } : null;
  }

  // ---- reading the solved game --------------------------------------------------------------

  #row(arr, first) {
    const g = this.#g;
    if (!g || (first !== 1 && first !== 2)) return null;
    return arr.slice((first - 1) * g.n, first * g.n);
  }

  /** Outcome codes with player `first` (1 or 2) moving first, by position: as `Solution.outcomes`. */
  outcomes(first) {
    return this.#row(this.#g?.out, first);
  }

  /** Depths with player `first` moving first, by position: as `Solution.depths`. */
  depths(first) {
    return this.#row(this.#g?.dep, first);
  }

  /** The core's best step from every position with player `first` to move: as `Solution.bestMoves`. */
  bestMoves(first) {
    return this.#row(this.#g?.best, first);
  }

  /** What the inspector says about state (player, pos) now (explain.js `describe`), or null. */
  describe(player, pos) {
    const g = this.#g;
    const game = this.#session?.game;
    if (!g || !game || !(pos >= 1 && pos < g.n) || (player !== 1 && player !== 2)) return null;
    const rows = this.#session.moves(player, pos);
    return rows && describe(g, player, pos, rows, game.snap?.[(player - 1) * g.n + pos], game.done, this.#quiz);
  }

  /** Where state (player, pos) is drawn, in viewport coordinates (for tours and tests), or null. */
  pointOf(player, pos) {
    if (!this.#ring || !this.#g) return null;
    const [x, y] = this.#ring.point(pos, this.#ring.trackR(player));
    const box = this.#parts.canvas.getBoundingClientRect();
    return { x: box.left + x, y: box.top + y };
  }

  /** The whole judge answer of the game on screen. */
  judgeText() {
    return this.#session ? this.#session.judgeText() : Promise.resolve('');
  }

  /** The page's shared worker client (for the page's judge box). */
  get client() {
    return this.#client;
  }

  // ---- keyboard and pointer -----------------------------------------------------------------

  /**
   * Handles a key of the keyboard model (controls.js KEYS); true when it did. The page
   * forwards keys pressed outside the element. Space, the arrows and Home/End always drive
   * playback except in text fields: on a focused button Space plays rather than presses it,
   * and on a slider or radio the arrows step rather than change it.
   */
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
        if (shift) this.#moveSel(0, d);
        else this.stepBy(d);
        break;
      }
      case 'ArrowUp':
      case 'ArrowDown':
        // Plain up and down stay with the control that has the focus (a list, a radio group).
        if (!shift) return false;
        this.#moveSel(e.key === 'ArrowUp' ? 1 : 2, 0);
        break;
      case 'PageUp':
      case 'PageDown':
        this.#moveSel(0, e.key === 'PageUp' ? -10 : 10);
        break;
      case 'Home':
      case 'End':
        this.seek(e.key === 'Home' ? 0 : Infinity);
        break;
      case '+':
      case '=':
        this.#faster(1);
        break;
      case 'g':
      case 'G': {
        const k = GRANULARITIES.indexOf(this.#gran) + (shift ? -1 : 1);
        this.#setGran(GRANULARITIES[(k + GRANULARITIES.length) % GRANULARITIES.length]);
        break;
      }
      case 'f':
      case 'F':
        this.present(!this.presenting);
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
        this.jumpToDecided(this.#sel.p, this.#sel.pos);
        break;
      case 'h':
      case 'H':
        this.quiz = !this.#quiz;
        break;
      case 'Enter':
        if (t !== this.#parts.canvas || !this.#sel) return false;
        if (this.#picked(this.#sel)) this.#why(this.#sel);
        break;
      case '?':
        this.#showKeys(this.#parts.keys.hidden);
        break;
      case 'Escape':
        if (!this.#parts.keys.hidden) this.#showKeys(false);
        else if (this.#popup.open) this.#closePopup(true);
        else if (this.presenting) this.present(false);
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
    const at = (e) => (this.#ring ? this.#ring.hit(...local(e)) : null);
    const same = (a, b) => a === b || (a && b && a.p === b.p && a.pos === b.pos);
    // Pointers down: one drags the view (when zoomed in), two pinch-zoom it.
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
      if (prev && this.#ring) {
        const here = local(e);
        down.set(e.pointerId, here);
        if (down.size === 2) {
          const [a, b] = [...down.values()];
          const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
          if (pinch > 0) this.zoom(d / pinch, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
          pinch = d;
          dragged = true;
        } else if (!this.#ring.g.whole) {
          const [dx, dy] = [here[0] - prev[0], here[1] - prev[1]];
          if (dragged || Math.hypot(dx, dy) > 3) {
            dragged = true;
            canvas.setPointerCapture?.(e.pointerId);
            this.#ring.g.pan(dx, dy);
            this.#moved();
          }
        }
        return;
      }
      if (e.pointerType !== 'mouse') return;
      const t = at(e);
      if (!same(t, this.#hover)) this.#setHover(t);
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
      if (!this.#picked(t)) return;
      this.select(t.p, t.pos);
      this.#why(t);
    });
    // The wheel zooms on the page's own ring; in someone else's post only with Ctrl (or a
    // pinch on a touchpad, which arrives as one), so that scrolling past it stays scrolling.
    canvas.addEventListener(
      'wheel',
      (e) => {
        if (!this.#ring || (this.#mode !== 'full' && !e.ctrlKey)) return;
        e.preventDefault();
        this.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0025)), ...local(e));
      },
      { passive: false },
    );
  }

  /** Fires `loopy-pick` for a state clicked (or chosen with Enter); false when a listener took it (a game's move). */
  #picked(t) {
    return this.dispatchEvent(
      new CustomEvent('loopy-pick', { detail: { player: t.p, pos: t.pos }, cancelable: true, bubbles: true, composed: true }),
    );
  }

  /** Asks whoever explains (the page's inspector, by cancelling `loopy-why`; else the popup) why state t has its value. */
  #why(t) {
    const ev = new CustomEvent('loopy-why', { detail: { player: t.p, pos: t.pos }, cancelable: true, bubbles: true, composed: true });
    if (this.dispatchEvent(ev)) this.#openPopup(t);
  }

  // ---- zoom ---------------------------------------------------------------------------------

  /** Zooms by `factor` around the point (x, y) of the ring (CSS px), or around the selection, or the centre. */
  zoom(factor, x, y) {
    const g = this.#ring?.g;
    if (!g?.n) return;
    if (x === undefined && this.#sel) {
      g.centreOn(this.#sel.p, this.#sel.pos);
      g.zoom(factor);
    } else {
      g.zoom(factor, x, y);
    }
    this.#moved();
  }

  /** The whole ring again. */
  resetZoom() {
    this.#ring?.g.reset();
    this.#moved();
  }

  /** The zoom (1: the whole ring). */
  get zoomLevel() {
    return this.#ring ? this.#ring.g.cam.s : 1;
  }

  #moved() {
    if (this.#session) this.#session.changed = 'all';
    this.#closePopup(false);
    this.#redraw();
  }

  // ---- answers, keys, the tour ------------------------------------------------------------

  #setQuiz(on) {
    this.#quiz = on;
    this.#said();
    if (this.#popupFor) this.#openPopup(this.#popupFor);
    this.#redraw();
    this.dispatchEvent(new CustomEvent('loopy-describe', { detail: this.selected, bubbles: true, composed: true }));
  }

  /** Seeks to the step where state (player, pos) is decided (the core says which). */
  async jumpToDecided(player, pos) {
    const s = this.#session;
    const g = this.#g;
    if (!s?.game || !g || !(pos >= 1 && pos < g.n)) return;
    const m = await s.decidedAt((player - 1) * g.n + pos);
    if (m !== null) this.seek(m);
  }

  #showKeys(on) {
    const box = this.#parts.keys;
    box.hidden = !on;
    if (on) box.focus({ preventScroll: true });
    else this.#parts.canvas.focus({ preventScroll: true });
  }

  /** Outlines one part of the element ('ring', 'narration', 'controls', 'legend'), or none, for a tour. */
  highlight(part) {
    for (const el of this.#root.querySelectorAll('.lit')) el.classList.remove('lit');
    const el = {
      ring: this.#parts.stage,
      narration: this.#parts.narration,
      controls: this.#controls?.root,
      legend: this.#root.querySelector('.legend'),
    }[part];
    el?.classList.add('lit');
  }

  /** True in presenter mode (the `present` attribute). */
  get presenting() {
    return this.hasAttribute('present');
  }

  /**
   * Presenter mode on or off: the element fills the screen (the Fullscreen API when the
   * browser grants it, else the whole window) with large, high-contrast type; the keyboard
   * model drives it. Esc, F or the × leave it.
   */
  async present(on = true) {
    this.toggleAttribute('present', on);
    try {
      if (on && !document.fullscreenElement) await this.requestFullscreen?.({ navigationUI: 'hide' });
      if (!on && document.fullscreenElement === this) await document.exitFullscreen();
    } catch {
      // Refused (no user gesture, or not allowed here): presenter mode fills the window instead.
    }
  }

  #presented(on) {
    this.#parts.box.classList.toggle('present', on);
    this.#closePopup(false);
    this.#layout();
    this.#parts.canvas.focus({ preventScroll: true });
    this.dispatchEvent(new CustomEvent('loopy-present', { detail: { on }, bubbles: true, composed: true }));
  }

  #setHover(t) {
    this.#hover = t;
    this.dispatchEvent(new CustomEvent('loopy-hover', { detail: t ? { player: t.p, pos: t.pos } : null, bubbles: true, composed: true }));
    this.#redraw();
  }

  #openPopup(t) {
    this.#popupFor = t;
    const d = this.describe(t.p, t.pos);
    if (!d) return; // its moves are on their way; 'moves' opens it
    const [x, y] = this.#ring.point(t.pos, this.#ring.trackR(t.p));
    const first = !this.#popup.open;
    this.#popup.show(d, x, y, this.#ring.g.size);
    if (first) this.#popup.close.focus({ preventScroll: true });
  }

  #popupFor = null;

  #closePopup(refocus) {
    if (!this.#popup.open) return;
    this.#popup.hide();
    this.#popupFor = null;
    if (refocus) this.#parts.canvas.focus({ preventScroll: true });
  }

  /** Announces the selection to screen readers (the narration region is for the search). */
  #said() {
    const t = this.#sel;
    const d = t && this.describe(t.p, t.pos);
    this.#parts.said.textContent = d ? `${d.title}: ${d.value}.` : '';
  }

  // ---- layout, theme ------------------------------------------------------------------------

  #built = false;

  #buildSide() {
    this.#built = true;
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
      // A one-line legend by the ring when the side column sits below it (phones); the full one beside it.
      kids.push(legend(false), p.narration, p.term, this.#controls.root, p.known, legend(true), h('slot', { name: 'side' }), p.help);
    } else {
      kids.push(p.narration);
      if (mode === 'compact') kids.push(p.term, this.#controls.root, legend(false));
    }
    p.side.replaceChildren(...kids);
    p.box.classList.toggle('full', mode === 'full');
    this.#layout();
    this.#redraw();
  }

  #mode = 'compact';

  // Until the first ResizeObserver callback the element has no size worth reading: a layout
  // asked for before it (in the constructor, or by each attribute of an upgrade) would force
  // the page's layout in the middle of parsing, once for every element (~10 ms each).
  #sized = false;

  /** Sizes the ring to the element's width (and its max-height, when it has one). */
  #layout() {
    if (!this.#sized) return;
    const p = this.#parts;
    const W = this.clientWidth || 320;
    const maxH = p.probe.offsetHeight || Infinity;
    const cap = this.#mode === 'full' ? 640 : 480;
    const present = this.presenting;
    const wide = this.#mode !== 'none' && (W >= 560 || present);
    p.box.classList.toggle('wide', wide);
    let size;
    if (present) {
      // The screen: the ring as tall as it fits, the words beside it in a column of their own.
      const cs = getComputedStyle(this);
      const H = this.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
      const inner = W - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      size = this.#mode === 'none' ? Math.min(inner, H - p.narration.offsetHeight - 12) : Math.min(H, inner - Math.max(340, inner * 0.36) - 24);
    } else if (wide) {
      const side = Math.max(this.#mode === 'full' ? 300 : 270, Math.min(420, W * 0.4));
      size = Math.min(W - side - 20, cap, maxH - 4);
    } else {
      // Stacked: what is below the ring takes its own height first; in full mode only as far
      // as the transport (the legend, the narration and play/step), the rest is for scrolling,
      // or a phone's first screen would get a ring of 160 px.
      let below = this.#mode === 'none' ? p.narration.offsetHeight + 10 : p.side.offsetHeight + 10;
      const transport = this.#mode === 'full' && this.#controls?.root.querySelector('.transport');
      if (transport?.offsetHeight) below = transport.getBoundingClientRect().bottom - p.side.getBoundingClientRect().top + 10;
      size = Math.min(W, cap, maxH - below - 4);
    }
    size = Math.max(160, Math.floor(size));
    p.box.style.setProperty('--ring', `${size}px`);
    if (this.#ring?.layout(size, devicePixelRatio || 1)) {
      if (this.#session) this.#session.changed = 'all';
      this.#closePopup(false);
      this.#redraw();
    }
  }

  #recolor() {
    if (!this.#ring) return;
    const cs = getComputedStyle(this.#parts.box);
    const colors = {};
    for (const [k, v] of Object.entries(COLOR_VARS)) {
      const x = cs.getPropertyValue(v).trim();
      if (x) colors[k] = x;
    }
    this.#ring.setColors(colors);
    if (this.#session) this.#session.changed = 'all';
    this.#redraw();
  }

  // ---- the frame ----------------------------------------------------------------------------

  #busy() {
    const s = this.#session;
    return !s?.game || s.busy || this.#dirty || this.#playing;
  }

  #redraw() {
    this.#dirty = true;
    this.#wake();
  }

  /** Asks for a frame when there is something to draw, or when playing on screen (off screen, playback waits). */
  #wake() {
    if (document.hidden) return;
    if (this.#dirty || this.#session?.busy || this.#tokenMove || (this.#playing && this.#visible)) requestFrame(this);
  }

  /** One animation frame (called by frames.js). */
  frame(t) {
    const s = this.#session;
    const game = s?.game;
    const moving = this.#playing && this.#visible;
    if (game && moving && this.#skipChecks(game)) {
      // skipped to the end; nothing else to advance this frame
    } else if (game && moving) {
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
    const tm = this.#tokenMove;
    if (tm) {
      tm.start ||= t;
      tm.t = Math.min(1, (t - tm.start) / TOKEN_MS);
      this.#dirty = true;
    }
    if (this.#dirty) this.#render();
    if (tm && tm.t >= 1) {
      this.#tokenMove = null;
      tm.done();
    }
    this.#wake();
  }

  /**
   * While playing every event: once every decidable state is known, the rest of the run
   * only checks moves into states already decided, and the picture never changes (at
   * n = 7000 with every step, about 10^8 checks). Playback skips them and says so.
   */
  #skipChecks(game) {
    if (game.g !== 'events' || game.resolved < this.#decidable || this.#desired >= game.length - 1) return false;
    if (game.position !== Math.floor(this.#desired)) return false; // the picture is still catching up
    const left = game.length - 1 - game.position;
    if (left < 1000) return false;
    this.seek(game.length);
    this.#note = `Every state that can be decided is decided. The remaining ${count(left, 'check')} only look at moves into decided states and change nothing, so playback skipped them: ${narrate(this.#g, { kind: 'done', loops: 2 * (game.n - 1) - game.resolved })}`;
    return true;
  }

  #render() {
    this.#dirty = false;
    const s = this.#session;
    const game = s?.game;
    if (!game?.snap) return;
    const g = this.#g;
    this.#ring.draw({
      snap: game.snap,
      changed: s.takeChanged(),
      event: game.event,
      current: game.current,
      preds: this.#preds(game.current),
      token: this.#token && { ...this.#token, from: this.#tokenMove?.from ?? null, t: this.#tokenMove?.t ?? 1 },
      sel: this.#sel,
      hover: this.#hover,
    });
    const said = this.#caption ?? this.#note ?? narrate(g, game.event);
    const p = this.#parts;
    if (p.narration.textContent !== said) p.narration.textContent = said;
    p.narration.setAttribute('aria-busy', String(this.#playing));
    // The glossary entry for what the last event did.
    const term = `${rules()}#${this.#note ? 'skip' : TERM[game.event?.kind] || 'retrograde'}`;
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
    const total = 2 * (game.n - 1);
    const loops = total - game.resolved;
    const known = `${fmt(game.resolved)} of ${count(total, 'state')} decided${game.done ? `; ${count(loops, 'Loop')}` : ''}`;
    if (p.known.textContent !== known) p.known.textContent = known;
    if (this.#popupFor) {
      const d = this.describe(this.#popupFor.p, this.#popupFor.pos);
      if (d) this.#popup.update(d);
    }
    this.#frames++;
    p.fallback.hidden = true;
    this.#report(game, said);
  }

  /** The popped state's predecessors, in the order the search checks them (games small enough for a move table). */
  #preds(current) {
    return current >= 0 && this.#predIndex ? this.#predIndex[current] : null;
  }

  #predIndex = null;

  /** Fires loopy-ready (first frame of a game), loopy-step (a new step on screen), loopy-done (the end reached). */
  #report(game, narration) {
    const r = this.#reported;
    const detail = () => ({ step: game.position, length: game.length, granularity: game.g, event: game.event ?? null, narration });
    if (!r.ready) {
      r.ready = true;
      r.step = game.position;
      this.dispatchEvent(
        new CustomEvent('loopy-ready', { detail: { n: game.n, s1: game.s1, s2: game.s2, ...detail() }, bubbles: true, composed: true }),
      );
    } else if (game.position !== r.step) {
      r.step = game.position;
      this.dispatchEvent(new CustomEvent('loopy-step', { detail: detail(), bubbles: true, composed: true }));
    }
    const done = game.position >= game.length;
    if (done && !r.done)
      this.dispatchEvent(
        new CustomEvent('loopy-done', { detail: { ...detail(), loops: 2 * (game.n - 1) - game.resolved }, bubbles: true, composed: true }),
      );
    r.done = done;
  }
}

/**
 * For every state, the states that move to it, as [{ p, i, step }] in step order: the
 * core's move table turned around (the order the search examines them in).
 */
export function predecessorIndex(n, table, words) {
  const index = Array.from({ length: 2 * n }, () => []);
  for (let s = 0; s < 2 * n; s++) {
    const p = s < n ? 1 : 2;
    const i = s % n;
    for (let k = table.at[s]; k < table.at[s + 1]; k += words) {
      const succ = table.rows[k + 1];
      if (succ !== 0) index[(2 - p) * n + succ].push({ p, i, step: table.rows[k] });
    }
  }
  for (const list of index) list.sort((a, b) => a.step - b.step);
  return index;
}

/**
 * Defines `<loopy-ring>` (once: a second call changes nothing), its worker and rules
 * page at the URLs `worker` and `rules`.
 */
export function defineLoopyRing({ worker, rules }) {
  files ??= { worker: new URL(worker), rules: new URL(rules) };
  if (!customElements.get('loopy-ring')) customElements.define('loopy-ring', LoopyRing);
}
