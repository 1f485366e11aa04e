// client.js: the one worker that every element on a page shares, and each element's session in it (a mirror of its game on screen).

import { LAYOUT } from '../../pkg/layout.js';
import { startWorker } from '../workers/start.js';
import { errorText } from './errors.js';
import { withWords, words } from './i18n.js';

const shared = new Map(); // the worker's description (its URL, or the entry's function) -> its client

/**
 * The page's client of the shared worker that `source` describes (workers/start.js: a URL, or the entry's
 * `(Worker) => new Worker(new URL('…', import.meta.url), { type: 'module' })`, found from its own
 * `import.meta.url`), started on first use (its .wasm is fetched once), from any origin.
 */
export function connect(source) {
  const key = source instanceof URL ? source.href : source;
  if (!shared.has(key)) shared.set(key, new Client(source));
  return shared.get(key);
}

class Client {
  constructor(source) {
    this.sessions = new Map();
    this.requests = new Map();
    this.ids = 0;
    this.said = false; // the worker has said hello
    this.ready = new Promise((resolve, reject) => {
      this.started = resolve;
      this.failed = reject;
    });
    this.ready.catch(() => {}); // each caller sees the failure through its own await
    this.start = startWorker(source);
    this.worker = this.start.worker;
    if (!this.worker) {
      this.failedWith();
      return;
    }
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      // Before its hello the worker did not start: why (the page's CSP, a missing file, no CORS) is found out.
      if (!this.said) this.failedWith();
      else this.failedWith(e.message ? 'worker.stopped' : 'worker.unloaded', { reason: e.message });
    };
  }

  /**
   * The worker failed: `code` with `params` (it stopped, or it said what kept it from starting), or, without
   * them, it did not start and why is found out. Said with workers/start-failed.js, fetched from next to the
   * worker only now with the English words of these failures (a URL made at run time: a bundled app's
   * same-origin workers seldom fail). Without that module the code alone is said (errors.js words it in a
   * sentence of its own).
   */
  failedWith(code, params) {
    const start = this.start;
    withWords(() => import(/* @vite-ignore */ new URL('./start-failed.js', start.url)))()
      .then(
        (m) => (code ? { code, params: { ...m.where(start), ...params } } : m.whyNot(start)),
        () => ({ code: code || 'start.module', params: params ?? {} }),
      )
      .then((f) => this.fatal(errorText(words('en'), { ...f, message: f.code }), f.code, f.params));
  }

  /** The worker is gone, or never started: the element waiting for it and every session hear it, with the error's code and params for the reader's words. */
  fatal(message, code = null, params = null) {
    this.failed(Object.assign(new Error(message), { code, params }));
    for (const s of this.sessions.values()) s.notify('fatal', { message, code, params });
  }

  /**
   * A session for one element, of class `Kind` (a Session); `notify(type, data)` hears
   * 'loaded', 'frame', 'progress', 'error', 'cancelled', 'fatal'.
   */
  session(notify, Kind = Session) {
    const s = new Kind(this, ++this.ids, notify);
    this.sessions.set(s.sid, s);
    return s;
  }

  post(msg) {
    this.worker?.postMessage(msg);
  }

  /** A question with one answer (a game's check; the ring page's judge questions: js/page/judge-client.js). */
  ask(msg) {
    const req = ++this.ids;
    return new Promise((resolve) => {
      this.requests.set(req, resolve);
      this.post({ ...msg, req });
    });
  }

  /**
   * Every error of a ring game's fields (`null` for a field that could not be read) and
   * the nearest valid game: the core's checkGame, `{ errors: [{ field, message }], nearest }`.
   */
  checkGame(n, s1, s2) {
    return this.ask({ t: 'check', n, s1, s2 }).then((m) => m.check);
  }

  receive(m) {
    if (m.t === 'hello') {
      this.said = true; // it started: an error from now on is its stopping
      return this.started();
    }
    // The worker ran but its wasm could not be loaded (no CORS, a wrong type, a CSP without 'wasm-unsafe-eval').
    if (m.t === 'fatal' && !this.said && m.code === 'worker.cannotStart') return this.failedWith('start.wasm', { detail: m.params?.reason });
    if (m.t === 'fatal') return this.fatal(m.message, m.code, m.params);
    if (m.req) {
      const resolve = this.requests.get(m.req);
      this.requests.delete(m.req);
      return resolve?.(m);
    }
    this.sessions.get(m.sid)?.receive(m);
  }
}

/**
 * One element's game in the worker. Keeps a copy of what the element draws: the game
 * (final values, depths, best moves) and the snapshot at the shown step. At most one
 * seek is in flight: `pump()` (once per frame) asks for the step in `target` when idle.
 */
export class Session {
  constructor(client, sid, notify) {
    this.client = client;
    this.sid = sid;
    this.notify = notify;
    this.game = null; // { id, n, s1, s2, g, out, dep, best, judge, snap, position, length, resolved, done, current, event }
    this.incoming = null;
    this.loadingId = 0;
    this.pending = 0;
    this.target = 0;
    this.force = false; // the visitor asked for a step: seek even to the current number
    this.changed = 'all'; // state indices changed since the last draw, or 'all'
    this.cache = new Map(); // the core's facts fetched on request (the ring's why module answers them)
    this.asking = 0; // facts asked of the worker and not answered yet
  }

  get busy() {
    return this.pending > 0 || this.loadingId !== 0 || (this.game !== null && this.target !== this.game.position);
  }

  /** Whether a game is on its way: being solved, or solved and waiting for its first frame. */
  get loading() {
    return this.loadingId !== 0 || this.incoming !== null;
  }

  /** Solves `game` ({ n, s1, s2 }) in the worker; the current game stays until it is done. */
  load(game, g, at = 0) {
    return this._load({ n: game.n, s1: game.s1, s2: game.s2, g, at });
  }

  /** Asks the worker to load (`fields` of the message, with `transfer`): the load's id. */
  _load(fields, transfer) {
    const id = ++this.client.ids;
    this.loadingId = id;
    this.client.worker.postMessage({ t: 'load', sid: this.sid, id, ...fields }, transfer);
    return id;
  }

  cancel() {
    if (this.loadingId) this.client.post({ t: 'cancel', sid: this.sid, id: this.loadingId });
  }

  setGranularity(g) {
    if (!this.game || this.game.g === g) return;
    this.game.g = g;
    this.pending++;
    this.client.post({ t: 'gran', sid: this.sid, id: this.game.id, g });
  }

  /** Sends the next seek if the worker is idle and the target moved. */
  pump() {
    const game = this.game;
    if (!game || this.pending) return;
    this.target = Math.max(0, Math.min(game.length, this.target));
    // After a change of granularity the search sits between two events of the new one;
    // asked for its own step, it moves onto the step's event like any seek.
    const forced = this.force && game.offGrid;
    this.force = false;
    if (this.target !== game.position || forced) {
      this.pending++;
      this.client.post({ t: 'seek', sid: this.sid, id: game.id, m: this.target });
    }
  }

  /** The whole judge text of the current game. */
  judgeText() {
    const game = this.game;
    if (!game) return Promise.resolve('');
    if (game.judge !== null) return Promise.resolve(game.judge);
    return this.client.ask({ t: 'judge', sid: this.sid, id: game.id }).then((m) => m.text);
  }

  /**
   * What the core says about state (p, pos) of the game on screen (Solution.explain: its
   * value, moves, best move and why), or null while it is fetched: then `notify('moves')`
   * follows once it is here.
   */
  explain(p, pos) {
    const game = this.game;
    if (!game) return null;
    if (game.facts) return game.facts[p]?.[pos] ?? null;
    return this.fetched(`${game.id}:explain:${p}:${pos}`, { t: 'explain', p, pos }, (m) => m.facts, { p, pos });
  }

  /**
   * An answer kept in the cache under `key`, or null while `msg` asks the worker for it:
   * `pick(answer)` is what is kept, and `notify('moves', detail)` says it arrived; or
   * `notify('unavailable', detail)` that it cannot come (the module that explains could
   * not be loaded: the key stays null, not asked again).
   */
  fetched(key, msg, pick, detail) {
    const game = this.game;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    this.cache.set(key, null);
    if (this.cache.size > 64) this.cache.delete(this.cache.keys().next().value);
    this.asking++;
    this.client.ask({ ...msg, sid: this.sid, id: game.id }).then((m) => {
      this.asking--;
      if (m.unavailable) return this.notify('unavailable', detail);
      const value = pick(m);
      if (!value) return this.cache.delete(key);
      this.cache.set(key, value);
      this.notify('moves', detail);
    });
    return null;
  }

  /**
   * A turn of a game against the solver from state (p, pos): `{ rows, best }`, the
   * state's moves (rows of [step, succ, outcome, depth]) and the core's best step
   * (Solution.bestMove), always asked of the worker; null when the game changed meanwhile.
   * The core's facts come with them and are kept, so what explains the state says why at once.
   */
  turn(p, pos) {
    const game = this.game;
    if (!game) return Promise.resolve(null);
    return this.client.ask({ t: 'turn', sid: this.sid, id: game.id, p, pos }).then((m) => {
      if (!m.rows || this.game !== game) return null;
      if (!game.facts) this.cache.set(`${game.id}:explain:${p}:${pos}`, m.facts);
      return { rows: m.rows, grades: m.grades, best: m.best };
    });
  }

  /** The step (at the current granularity) from which snapshot state `state` is shown decided (the core's decidedAt), or null. */
  decidedAt(state) {
    const game = this.game;
    if (!game) return Promise.resolve(null);
    return this.client.ask({ t: 'decided', sid: this.sid, id: game.id, state }).then((m) => m.position);
  }

  takeChanged() {
    const c = this.changed;
    this.changed = [];
    return c;
  }

  /** Frees the worker's side (the element left the page). */
  drop() {
    this.client.post({ t: 'drop', sid: this.sid });
    this.client.sessions.delete(this.sid);
  }

  receive(m) {
    switch (m.t) {
      case 'progress':
        if (m.id === this.loadingId) this.notify('progress', m);
        return;
      case 'error':
      case 'cancelled':
        // Only the newest load speaks; answers to older ones are stale.
        if (m.id !== this.loadingId) return;
        this.loadingId = 0;
        return this.notify(m.t, m);
      case 'loaded':
        if (m.id !== this.loadingId) return;
        this.loadingId = 0;
        // The old game stays on screen until the new one's first frame.
        this.incoming = { ...m, snap: null, current: -1 };
        return;
      case 'frame':
        return this.frame(m);
    }
  }

  frame(m) {
    const first = this.incoming && m.id === this.incoming.id;
    if (first) {
      // Seeks in flight belong to the old game; their answers come back stale.
      this.game = this.incoming;
      this.incoming = null;
    } else {
      this.pending = Math.max(0, this.pending - 1);
    }
    const game = this.game;
    if (m.stale || !game || m.id !== game.id) return this.notify('frame', { stale: true });
    const bit = LAYOUT.snapshot.current;
    if (m.snap) {
      game.snap = m.snap;
      game.current = currentOf(m.snap, bit);
      this.changed = 'all';
    } else {
      const p = m.pairs;
      for (let k = 0; k < p.length; k += 2) {
        game.snap[p[k]] = p[k + 1];
        if (p[k + 1] & bit) game.current = p[k];
        else if (p[k] === game.current) game.current = -1;
      }
      if (this.changed !== 'all') {
        if (this.changed.length + p.length / 2 > game.n >> 2) this.changed = 'all';
        else for (let k = 0; k < p.length; k += 2) this.changed.push(p[k]);
      }
    }
    game.position = m.position;
    game.length = m.length;
    game.resolved = m.resolved;
    game.done = m.done;
    game.offGrid = !m.moved;
    if (m.moved) game.event = m.event;
    if (first) {
      this.target = m.position;
      this.changed = 'all';
      return this.notify('loaded', game);
    }
    this.notify('frame', { moved: m.moved });
  }
}

/** The state being popped (its snapshot word has the core's `current` bit), or -1. */
function currentOf(snap, bit) {
  for (let s = 0; s < snap.length; s++) if (snap[s] & bit) return s;
  return -1;
}
