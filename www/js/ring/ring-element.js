// ring/ring-element.js: the <loopy-ring> element: a ring game solved by retrograde analysis and animated; the element core (element/base.js) does the rest with the ring's strategies (ring-game.js, ring-picture.js, ring-words.js). `defineLoopyRing` defines it (loopy-ring.js for a post, page.js for the page).

import { LAYOUT } from '../../pkg/layout.js';
import { COMMON_ATTRS, LoopyElement } from '../element/base.js';
import { reflectAttributes } from '../element/url.js';
import { GAME_ATTRS, RING_TARGETS, RingSource } from './ring-game.js';
import { RingPicture } from './ring-picture.js';
import { RingWords } from './ring-words.js';

/**
 * Where the element's files are (see `defineLoopyRing`), given by whoever defines the element
 * from its own `import.meta.url`: this module's is not to be trusted, since `cargo xtask dist`
 * bundles it into loopy-ring.js, one folder up.
 */
let files = null;

export class LoopyRing extends LoopyElement {
  static observedAttributes = [...GAME_ATTRS, ...COMMON_ATTRS, 'hole'];

  static {
    reflectAttributes(LoopyRing, ['n', 's1', 's2', 'granularity', 'speed', 'controls', 'theme', 'players', 'hole'], ['autoplay', 'loop', 'quiz']);
  }

  constructor() {
    super({
      files,
      targets: RING_TARGETS,
      source: (el) => new RingSource(el),
      view: (el) => new RingPicture(el),
      words: (el) => new RingWords(el),
    });
  }

  /** The game on screen: `{ n, s1, s2 }` (steps ascending), or null. */
  get game() {
    const g = this._g;
    return g ? { n: g.n, s1: g.steps[1], s2: g.steps[2] } : null;
  }

  /** What a link or an embed needs to show this view again. */
  get view() {
    const game = this._session?.game;
    if (!game) return null;
    return { game: { n: game.n, s1: game.s1, s2: game.s2 }, g: game.g, step: game.position, speed: this._play.speed, sel: this._sel };
  }

  // ---- a game played on the ring (the page's play panel drives these) -----------------------

  /**
   * The moves from state (player, pos), always from the core: `{ best, moves }`, where
   * `best` is the core's best step (Solution.bestMove: the fastest win, the longest
   * resistance, or staying in the Loop) and `moves` lists `{ step, to, outcome, depth,
   * grade, after }` (the opponent's value at `to`, `to` 0 being the hole; the core's grade
   * of the move, a `LAYOUT.grade` code, and `after`, the mover's `{ outcome, depth }` once
   * it is made), with the core's facts of the state: `opponent` (the player to move after
   * it), `plies` (`{ mover, opponent }`: the moves each makes under best play) and `hole`
   * (its move onto the hole and who wins by it, or null). Null without a game. The state's
   * account (`describe`, which a hint gives as its why) is ready with them: its facts are
   * asked first and the inspector's module fetched meanwhile, so a turn is never offered
   * with a hint that cannot say why.
   */
  async movesFrom(player, pos) {
    const s = this._session;
    const t = RING_TARGETS.args(player, pos);
    if (!s?.game || t === null || !this._valid(t)) return null;
    // Asked before the turn, so both are here when it is (not through describe(), which
    // would also queue the state to be described again once the inspector arrives).
    const inspecting = this._source.prepare(t);
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
    const { opponent, plies, hole = null } = r.facts;
    return { best: r.best, moves, opponent, plies, hole };
  }

  /**
   * Optimal play from state (player, pos), the core's (RingFacts.line): `{ moves: [{ player,
   * pos, step, to }], end }`, `end` being `{ kind: 'hole', winner }`, `{ kind: 'repeat', at }`
   * (the last move comes back to the state of `moves[at]`) or `{ kind: 'cut' }`; null
   * without a game.
   */
  optimalLine(player, pos) {
    const t = RING_TARGETS.args(player, pos);
    return this._session?.game && t !== null && this._valid(t) ? this._session.line(t.p, t.pos) : Promise.resolve(null);
  }

  /** The game's token `{ player, pos }` drawn on the ring (pos 0: in the hole), or null; setting it places it at once. */
  get token() {
    const at = this._spec.view.token;
    return at && { player: at.p, pos: at.pos };
  }

  set token(v) {
    this._spec.view.place(v ? { p: v.player, pos: v.pos } : null);
  }

  /** Moves the token to `{ player, pos }` along the ring (at once under reduced motion); resolves when it is there. */
  moveToken(v) {
    return this._spec.view.glide(v ? { p: v.player, pos: v.pos } : null);
  }

  /** A line that replaces the narration while set (a game's commentary), or null. */
  get caption() {
    return this._spec.words.caption;
  }

  set caption(text) {
    this._spec.words.caption = text ?? null;
    this._redraw();
  }

  // ---- exports ----------------------------------------------------------------------------

  /**
   * The frame on screen drawn afresh at `scale` device pixels per CSS pixel, on an
   * OffscreenCanvas of its own (never read back from the live canvas): the same view,
   * zoom, selection and token, or a slide's `size` (CSS px, export/ring-subject.js) with its
   * labels at least `textMin`. Null before the first frame.
   */
  frameCanvas(scale = 2, size, textMin) {
    const game = this._session?.game;
    if (!this._view || !game?.snap) return null;
    return this._view.copy(scale, this._spec.view.frame(game, 'all', true), size, textMin);
  }

  /** The ring's colours (the theme's, as the canvas draws them). */
  get palette() {
    return this._view ? { ...this._view.colors } : null;
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
      controls: this._side.controls?.root,
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
}

/**
 * Defines `<loopy-ring>` (once: a second call changes nothing) with its files: `worker` (the
 * shared worker, as `(Worker) => new Worker(new URL(…, import.meta.url), { type: 'module' })`: workers/start.js
 * starts it from any origin) and `rules` (the rules page with its glossary) and the modules loaded
 * on first use, each a function that imports it where the module's URL is the file's own:
 * `quiz` (element/quiz.js, the quiz first turned on), `popup` (element/popup.js, a why popup
 * first opened, with `clear`: ring/ring-clear.js, what it keeps clear), `options` (element/options.js, the controls' options first shown),
 * `present` (element/present.js, presenter mode first on), `flags` (element/flags.js, a
 * page first flagging a checked answer's differences), `errors` (element/errors.js, a game
 * that first cannot be shown), `inspect` (ring/inspect.js, a state first explained),
 * `narrate` (ring/narrate.js, the first event told), `token` (ring/token-paint.js, a game's
 * token first drawn) and `bands` (ring/bands.js, a ring too dense for marks first drawn).
 */
export function defineLoopyRing({ worker, rules, ...lazy }) {
  files ??= { worker, rules: new URL(rules), ...lazy };
  if (!customElements.get('loopy-ring')) customElements.define('loopy-ring', LoopyRing);
}
