// worker-steps.js: what both workers (the ring's worker.js, graph-worker.js) do alike: the session table, load jobs, a macrotask turn, errors as data, stepping a stepper and sending its pictures, start-up.

// Forward steps up to this many events go through nextBatch (the stream itself); longer
// jumps through seek, whose cost does not grow with the distance.
const BATCH_MAX = 16384;

export const post = (msg, transfer = []) => postMessage(msg, transfer);

// A macrotask turn (so a cancel or a newer load gets in) without the 4 ms clamp of nested timers.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
export const tick = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });

/** An error as data for the page: the core's message and the field it concerns. */
export function failure(e) {
  return { message: String(e?.message ?? e), field: e?.field ?? null, line: e?.line ?? null };
}

/**
 * Per-item arrays made one: `rows`, every `part(k)` for k from 0 to `count - 1` in turn
 * (null: none), and `at`, where item k's start (`at[k + 1]` ends it). For the move tables.
 */
export function flatTable(count, part) {
  const parts = [];
  const at = new Uint32Array(count + 1);
  let len = 0;
  for (let k = 0; k < count; k++) {
    at[k] = len;
    const r = part(k);
    if (!r) continue;
    parts.push(r);
    len += r.length;
  }
  at[count] = len;
  const rows = new Uint32Array(len);
  let k = 0;
  for (const r of parts) {
    rows.set(r, k);
    k += r.length;
  }
  return { rows, at };
}

/**
 * The picture after a move of session `s` (its stepper is `s.prop`, its game `s.id`): the
 * states that changed since the page's copy, or all of them.
 */
export function frame(sid, s, moved) {
  const { prop } = s;
  const limit = prop.totalStates >> 3;
  const pairs = s.seen ? prop.changes(limit) : undefined;
  s.seen = true;
  const msg = {
    t: 'frame',
    sid,
    id: s.id,
    position: prop.position,
    length: prop.length,
    resolved: prop.resolved,
    done: prop.done,
    moved,
  };
  if (moved) msg.event = prop.lastEvent;
  if (pairs) {
    msg.pairs = pairs;
    return post(msg, [pairs.buffer]);
  }
  msg.snap = prop.snapshot();
  post(msg, [msg.snap.buffer]);
}

/**
 * A session's 'seek' and 'gran' messages (`current`: the message is about the session's
 * game): moves its stepper and sends the picture; a message about an older game gets a
 * stale frame.
 */
export function step(sid, s, msg, current) {
  if (!current) return post({ t: 'frame', sid, id: msg.id, stale: true });
  const { prop } = s;
  if (msg.t === 'gran') {
    prop.granularity = msg.g;
    return frame(sid, s, false);
  }
  const ahead = msg.m - prop.position;
  if (prop.granularity === 'events' && ahead > 0 && ahead <= BATCH_MAX) prop.nextBatch(ahead);
  else prop.seek(Math.max(0, Math.min(msg.m, prop.length)));
  frame(sid, s, true);
}

/**
 * A worker's sessions, one per element (by `sid`), and the messages both workers answer
 * alike: 'cancel', 'seek', 'gran' and 'drop'. `extra()` gives a new session's own fields;
 * `free(s)` lets go of its wasm objects.
 */
export class Sessions {
  #table = new Map();
  #extra;
  #free;

  constructor(extra, free) {
    this.#extra = extra;
    this.#free = free;
  }

  /** The session of `sid`, made when first asked for. */
  get(sid) {
    let s = this.#table.get(sid);
    if (!s) {
      s = { id: 0, n: 0, prop: null, sol: null, seen: false, load: null, ...this.#extra() };
      this.#table.set(sid, s);
    }
    return s;
  }

  /** The session a message is about, when the message is about its current game; else null. */
  current(msg) {
    const s = msg.sid ? this.#table.get(msg.sid) : null;
    return s?.prop && s.id === msg.id ? s : null;
  }

  /** A new load job for `sid`'s session (the one before it is cancelled): { s, job }. */
  start(sid, id) {
    const s = this.get(sid);
    const job = { id, sid, cancelled: false };
    if (s.load) s.load.cancelled = true;
    s.load = job;
    return { s, job };
  }

  /** Load `job` of session `s` failed with `e`: the page is told (with `more`: a wrong game's every error and the nearest valid one), the session is free for another. */
  fail(s, job, e, more = {}) {
    if (s.load === job) s.load = null;
    post({ t: 'error', sid: job.sid, id: job.id, ...failure(e), ...more });
  }

  /** Answers the messages both workers share; false for any other. */
  common(msg) {
    const s = msg.sid ? this.#table.get(msg.sid) : null;
    switch (msg.t) {
      case 'cancel':
        if (s?.load && s.load.id === msg.id) s.load.cancelled = true;
        return true;
      case 'seek':
      case 'gran':
        step(msg.sid, s, msg, this.current(msg) !== null);
        return true;
      case 'drop':
        if (s) {
          if (s.load) s.load.cancelled = true;
          this.#free(s);
          this.#table.delete(msg.sid);
        }
        return true;
      default:
        return false;
    }
  }
}

/**
 * Starts a worker: once `ready` (a promise) holds, says hello (or that the solver could
 * not start), then answers the messages both workers share through `sessions`, starts a
 * load as `load(msg, s, job)` (the session and its new job), and hands any other message
 * to `handle(msg, s)`, `s` the session when the message is about its current game, else null.
 */
export function startWorker(ready, sessions, { load, handle }) {
  ready.then(
    () => post({ t: 'hello' }),
    (e) => post({ t: 'fatal', message: `The solver could not start: ${failure(e).message}` }),
  );
  const receive = (msg) => {
    if (sessions.common(msg)) return;
    if (msg.t !== 'load') return handle(msg, sessions.current(msg));
    const { s, job } = sessions.start(msg.sid, msg.id);
    return load(msg, s, job);
  };
  self.addEventListener('message', (e) => {
    ready.then(
      () => receive(e.data),
      () => {},
    );
  });
}
