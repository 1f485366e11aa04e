// engine.js: the main thread's side of the worker: requests, and a mirror of the game on screen.

/**
 * The worker solves and steps; this keeps a copy of what the page draws: the current
 * game (final values and depths) and the snapshot at the shown step. At most one seek is
 * in flight: `pump()` (once per frame) asks for the step in `target` when idle.
 */
export class Engine {
  constructor(notify) {
    this.notify = notify; // (type, data) for 'loaded', 'frame', 'progress', 'error', 'cancelled', 'fatal'
    this.game = null; // { id, n, s1, s2, g, out, dep, judge, snap, position, length, resolved, done, current, event }
    this.incoming = null;
    this.loadingId = 0;
    this.pending = 0;
    this.target = 0;
    this.force = false; // the user asked for a step: seek even to the current number
    this.changed = 'all'; // state indices changed since the last draw, or 'all'
    this.ids = 0;
    this.requests = new Map();
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      notify('fatal', { message: `The solver stopped: ${e.message || 'unknown error'}` });
    };
  }

  get busy() {
    return this.pending > 0 || this.loadingId !== 0 || (this.game !== null && this.target !== this.game.position);
  }

  /** Solves `game` ({ n, s1, s2 }) in the worker; the current game stays until it is done. */
  load(game, g, at = 0) {
    if (this.loadingId) this.cancel();
    const id = ++this.ids;
    this.loadingId = id;
    this.worker.postMessage({ t: 'load', id, n: game.n, s1: game.s1, s2: game.s2, g, at });
    return id;
  }

  cancel() {
    if (this.loadingId) this.worker.postMessage({ t: 'cancel', id: this.loadingId });
  }

  setGranularity(g) {
    if (!this.game || this.game.g === g) return;
    this.game.g = g;
    this.pending++;
    this.worker.postMessage({ t: 'gran', id: this.game.id, g });
  }

  /** Sends the next seek if the worker is idle and the target moved. */
  pump() {
    const game = this.game;
    if (!game || this.pending) return;
    this.target = Math.max(0, Math.min(game.length, this.target));
    // After a change of granularity the BFS sits between two events of the new one;
    // asked for its own step, it moves onto the step's event like any seek.
    const forced = this.force && game.offGrid;
    this.force = false;
    if (this.target !== game.position || forced) {
      this.pending++;
      this.worker.postMessage({ t: 'seek', id: game.id, m: this.target });
    }
  }

  ask(msg) {
    const req = ++this.ids;
    return new Promise((resolve) => {
      this.requests.set(req, resolve);
      this.worker.postMessage({ ...msg, req });
    });
  }

  /** The whole judge text of the current game. */
  judgeText() {
    const game = this.game;
    if (game.judge !== null) return Promise.resolve(game.judge);
    return this.ask({ t: 'judge', id: game.id }).then((m) => m.text);
  }

  /** parseJudge in the worker: resolves to { games } or { message }. */
  parse(text) {
    return this.ask({ t: 'parse', text });
  }

  takeChanged() {
    const c = this.changed;
    this.changed = [];
    return c;
  }

  receive(m) {
    if (m.req && this.requests.has(m.req)) {
      const resolve = this.requests.get(m.req);
      this.requests.delete(m.req);
      return resolve(m);
    }
    switch (m.t) {
      case 'progress':
        if (m.id === this.loadingId) this.notify('progress', m);
        return;
      case 'error':
      case 'cancelled':
        if (m.id === this.loadingId) this.loadingId = 0;
        return this.notify(m.t, m);
      case 'fatal':
        this.loadingId = 0;
        return this.notify('fatal', m);
      case 'loaded':
        this.incoming = m;
        return;
      case 'frame':
        return this.frame(m);
    }
  }

  frame(m) {
    if (this.incoming && m.id === this.incoming.id) {
      const { id, n, s1, s2, g, out, dep, judge } = this.incoming;
      this.incoming = null;
      if (this.loadingId === id) this.loadingId = 0;
      // Seeks in flight belong to the old game; their answers come back stale.
      this.game = { id, n, s1, s2, g, out, dep, judge, snap: m.snap, event: m.event };
      Object.assign(this.game, pick(m));
      this.target = m.position;
      this.changed = 'all';
      return this.notify('loaded', this.game);
    }
    this.pending = Math.max(0, this.pending - 1);
    const game = this.game;
    if (m.stale || !game || m.id !== game.id) return this.notify('frame', { stale: true });
    if (m.snap) {
      game.snap = m.snap;
      this.changed = 'all';
    } else {
      const { idx, val } = m;
      for (let k = 0; k < idx.length; k++) game.snap[idx[k]] = val[k];
      if (this.changed !== 'all') {
        if (this.changed.length + idx.length > game.n >> 2) this.changed = 'all';
        else for (let k = 0; k < idx.length; k++) this.changed.push(idx[k]);
      }
    }
    Object.assign(game, pick(m));
    game.offGrid = !m.moved;
    if (m.moved) game.event = m.event;
    this.notify('frame', { moved: m.moved });
  }
}

const pick = ({ position, length, resolved, done, current }) => ({ position, length, resolved, done, current });
