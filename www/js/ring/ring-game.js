// ring/ring-game.js: what <loopy-ring> hands the element core about its game: its targets (a state, { p, pos }) and its game source (the ring worker, the fields n, s1, s2, its loads and progress, the model the pictures and words read, a state's account).

import { LAYOUT } from '../../pkg/layout.js';
import { Accounts } from '../element/accounts.js';
import { connect } from '../element/client.js';
import { playerStates, predecessorsOf, stateIndex } from '../workers/states.js';
import { INSPECT_WORDS } from './explain.js';
import { RingSession } from './ring-client.js';
import { formatSteps, parseN, parseSelected, parseSteps } from './ring-url.js';

/** The ring's game attributes. */
export const GAME_ATTRS = ['n', 's1', 's2'];
/** The default game (the page's first preset): the spec's first sample, which a wrong game's error box offers. */
export const DEFAULT_GAME = { n: '5', s1: '2,3', s2: '1,2,3' };

const { player: PLAYERS, firstPos: FIRST } = LAYOUT.ring;

/**
 * A ring's targets: states `{ p, pos }` (one of the core's players to move, the token at a
 * position from its first to n - 1), named `{ player, pos }` in events and the API; `g` is
 * the game on screen (the source's model).
 */
export const RING_TARGETS = {
  parse: parseSelected,
  valid: (g, t) => PLAYERS.includes(t.p) && t.pos >= FIRST && t.pos < g.n,
  same: (a, b) => a === b || (a !== null && b !== null && a.p === b.p && a.pos === b.pos),
  detail: (t) => (t === null ? null : { player: t.p, pos: t.pos }),
  fromDetail: (g, d) => {
    const t = { p: d.player, pos: d.pos };
    return g && RING_TARGETS.valid(g, t) ? t : null;
  },
  fromMoves: (m) => ({ p: m.p, pos: m.pos }),
  index: (g, t) => stateIndex(g.n, t.p, t.pos),
  ofEvent: ({ event: ev }) => (ev?.kind === 'resolve' ? { p: ev.player, pos: ev.pos } : null),
  /** A state from the API's arguments (player, pos), or null. */
  args: (player, pos) => (PLAYERS.includes(player) ? { p: player, pos: Math.floor(Number(pos)) } : null),
  toPublic: (t) => ({ player: t.p, pos: t.pos }),
  fromPublic: (v) => (v ? RING_TARGETS.args(v.player, v.pos) : null),
  /** Per-state array `arr` by position with player `first` moving first, as `Solution.outcomes` gives it. */
  row: (g, arr, first) => (!g || !arr || !PLAYERS.includes(first) ? null : playerStates(arr, g.n, first).slice()),
};

/**
 * The ring's game source for the element `el`: its files (`el._files`: the worker, and the
 * inspector, ring/inspect.js, fetched when a state is first explained: element/accounts.js).
 */
export class RingSource {
  attributes = GAME_ATTRS;
  #el;
  #accounts; // a state's account: ring/inspect.js's inspector, fetched when a state is first explained
  #preds = null; // the core's predecessor table (Solution.predecessorTable), or null for a game too large for one
  #decidable = 0; // states the search decides (not Loop), to know when only checks are left

  constructor(el) {
    this.#el = el;
    this.#accounts = new Accounts(el, el._files.inspect, ({ inspector }) => inspector(INSPECT_WORDS));
  }

  connect() {
    return connect(this.#el._files.worker);
  }

  session(client, receive) {
    return client.session(receive, RingSession);
  }

  read() {
    const el = this.#el;
    const n = parseN(el.getAttribute('n') ?? '');
    const s1 = parseSteps(el.getAttribute('s1') ?? '', 1);
    const s2 = parseSteps(el.getAttribute('s2') ?? '', 2);
    const errors = [
      ['n', n],
      ['s1', s1],
      ['s2', s2],
    ]
      .filter(([, r]) => r.error)
      .map(([field, r]) => ({ field, message: r.error, code: r.code, params: r.params }));
    // The core checks what could be read, so that every wrong field is named (element/loader.js).
    if (errors.length) return { errors, fields: { n: n.value ?? null, s1: s1.value ?? null, s2: s2.value ?? null } };
    return { source: { n: n.value, s1: s1.value, s2: s2.value }, progress: el._t('ring.progress.solving', { n: n.value }) };
  }

  check({ n, s1, s2 }) {
    return this.#el._session.checkGame(n, s1, s2);
  }

  /** The ways back to a game that the error box offers: the nearest valid game (the core's) and the default one. */
  offers(nearest) {
    const el = this.#el;
    const show = (g) => {
      for (const a of GAME_ATTRS) el.setAttribute(a, g[a]);
    };
    const offers = [];
    if (nearest) {
      const steps = (s) => formatSteps(s, ', ');
      offers.push({
        text: el._t('ring.offer.nearest', { n: nearest.n, s1: steps(nearest.s1), s2: steps(nearest.s2) }),
        run: () => show({ n: String(nearest.n), s1: formatSteps(nearest.s1), s2: formatSteps(nearest.s2) }),
      });
    }
    offers.push({ text: el._t('ring.offer.default', { n: Number(DEFAULT_GAME.n) }), run: () => show(DEFAULT_GAME) });
    return offers;
  }

  load(session, read, gran, at) {
    session.load(read.source, gran, at);
  }

  progress(m) {
    const t = (key, params) => this.#el._t(key, params);
    return {
      value: m.resolved / m.total,
      text: m.preparing ? t('ring.progress.preparing', { n: m.n }) : t('ring.progress.states', { n: m.n, resolved: m.resolved, count: m.total }),
      detail: { resolved: m.resolved, total: m.total, preparing: Boolean(m.preparing) },
    };
  }

  /** The game on screen for the pictures and words: { id, n, steps: [, s1, s2], out, dep, best, layout }. */
  model(game) {
    return { id: game.id, n: game.n, steps: [null, game.s1, game.s2], out: game.out, dep: game.dep, best: game.best, layout: LAYOUT };
  }

  loaded(game) {
    this.#preds = game.preds;
    this.#decidable = game.decidable;
  }

  /** States the search decides (not Loop): once they all are, the rest of the run only checks moves (the core's count). */
  get decidable() {
    return this.#decidable;
  }

  /** The popped state's predecessors, in the order the search checks them (the core's table, for games small enough to have one). */
  preds(current) {
    return current >= 0 && this.#preds ? predecessorsOf(this.#preds, current) : null;
  }

  readyDetail(game) {
    return { n: game.n, s1: game.s1, s2: game.s2 };
  }

  /** States never decided when the run is over (of the core's count of states). */
  loops(game) {
    return game.total - game.resolved;
  }

  facts(t) {
    return this.#el._session.explain(t.p, t.pos);
  }

  /** The inspector's account of state t now (ring/inspect.js `describe`), or null while its facts or the inspector come. */
  describe(t) {
    const el = this.#el;
    const game = el._session.game;
    const facts = this.facts(t);
    return this.#accounts.of(t, facts, (inspect) => inspect.describe(el._g, facts, game.snap, game.done, el._asking.hides(t), el._words));
  }

  /** Asks for state t's facts and the inspector at once; resolves when the inspector is here (or could not come). */
  prepare(t) {
    this.facts(t);
    return this.#accounts.prepare();
  }
}
