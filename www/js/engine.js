// engine.js: the main thread's side of the worker: requests, and a mirror of the game on screen.

/**
 * The worker solves and steps; this keeps a copy of what the page draws: the current
 * game (final values and depths) and the snapshot at the shown step. At most one seek is
 * in flight: `pump()` (once per frame) asks for the step in `target` when idle.
 */
export class Engine {
  constructor(notify) {
    this.notify = notify; // (type, data) for 'loaded', 'frame', 'progress', 'error', 'cancelled', 'fatal'
    this.game = null; // { id, n, s1, s2, g, out, dep, best, judge, snap, position, length, resolved, done, current, event }
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
      case 'events':
        return this.events(m);
    }
  }

  /** Applies packed events (Propagation.nextBatch) to the picture, as the core's
   * `snapshot()` would show it after them; tests hold the two equal. */
  events(m) {
    this.pending = Math.max(0, this.pending - 1);
    const game = this.game;
    if (!game || m.id !== game.id) return this.notify('frame', { stale: true });
    const { snap, n } = game;
    const ev = m.events;
    const touched = [];
    const touch = (s, w) => {
      snap[s] = w;
      touched.push(s);
    };
    for (let k = 0; k < ev.length; k += 4) {
      const kind = ev[k] & 0xff;
      const s = ((ev[k] >> 8) & 0xff) === 2 ? n + ev[k + 1] : ev[k + 1];
      if (kind === KIND.layer || kind === KIND.done || kind === KIND.pop) {
        // The popped state stops being current when the next pop, layer or done comes.
        if (game.current >= 0) touch(game.current, snap[game.current] & ~SNAP.current);
        game.current = -1;
      }
      if (kind === KIND.resolve) {
        touch(s, ((ev[k] >> 16) & 0xff) | (ev[k + 2] << SNAP.shift) | SNAP.queued);
      } else if (kind === KIND.pop) {
        touch(s, (snap[s] & ~SNAP.queued) | SNAP.current);
        game.current = s;
      } else if (kind === KIND.update) {
        touch(s, ev[k + 2] << SNAP.shift);
      } else if (kind === KIND.done) {
        // Every state still unresolved is Loop; the holes stay empty.
        for (let t = 0; t < snap.length; t++) {
          if ((snap[t] & 3) === 0 && t % n !== 0) snap[t] = SNAP.loop;
        }
        this.changed = 'all';
      }
    }
    if (this.changed !== 'all') {
      if (this.changed.length + touched.length > n >> 2) this.changed = 'all';
      else for (const s of touched) this.changed.push(s);
    }
    Object.assign(game, pick({ ...m, current: game.current }));
    game.offGrid = false;
    if (ev.length) game.event = unpack(ev.subarray(ev.length - 4), n);
    this.notify('frame', { moved: true });
  }

  frame(m) {
    if (this.incoming && m.id === this.incoming.id) {
      const { id, n, s1, s2, g, out, dep, best, judge } = this.incoming;
      this.incoming = null;
      if (this.loadingId === id) this.loadingId = 0;
      // Seeks in flight belong to the old game; their answers come back stale.
      this.game = { id, n, s1, s2, g, out, dep, best, judge, snap: m.snap, event: m.event };
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

// The packed event layout and the snapshot bits (README: "Packed layout", "Snapshot layout").
const KIND = { resolve: 0, pop: 1, update: 2, skip: 3, layer: 4, done: 5 };
const SNAP = { loop: 3, queued: 4, current: 8, shift: 4 };
const OUTCOME = ['Loop', 'Win', 'Lose'];

/** One packed event (4 words) as the object `Propagation.next()` would give. */
export function unpack(w, n) {
  const kind = w[0] & 0xff;
  const player = (w[0] >> 8) & 0xff;
  const outcome = OUTCOME[(w[0] >> 16) & 0xff];
  const succ = (w[1] + w[3]) % n;
  switch (kind) {
    case KIND.resolve:
      return { kind: 'resolve', player, pos: w[1], outcome, depth: w[2], step: w[3], succ };
    case KIND.pop:
      return { kind: 'pop', player, pos: w[1], outcome, depth: w[2] };
    case KIND.update:
      return { kind: 'update', player, pos: w[1], step: w[3], succ, left: w[2] };
    case KIND.skip:
      return { kind: 'skip', player, pos: w[1], step: w[3], succ };
    case KIND.layer:
      return { kind: 'layer', depth: w[1], count: w[2] };
    default:
      return { kind: 'done', loops: w[1] };
  }
}
