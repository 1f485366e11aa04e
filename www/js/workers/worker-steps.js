// worker-steps.js: what both workers (the ring's worker.js, graph-worker.js) do alike: the session table, load jobs, a macrotask turn, errors as data, stepping a stepper and sending its pictures, start-up.

// Forward steps up to this many events go through nextBatch (the stream itself); longer
// jumps through seek, whose cost does not grow with the distance.
const BATCH_MAX = 16384;
// A slice of a long seek aims at this many ms, so that a newer load is seen soon.
const SEEK_SLICE_MS = 50;

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

/**
 * The wasm objects one load makes, freed on every way out of it: a load runs inside
 * `try { ... } finally { made.free(); }`, so a cancel, an error or a newer load cannot
 * leave a solver behind (issue 17, item 3). What the load hands on to its session it
 * `keep`s; what it has used up it may `drop` early.
 */
export class Made {
  #objects = new Set();

  /** `o`, to be freed when the load ends unless kept. */
  add(o) {
    this.#objects.add(o);
    return o;
  }

  /** Frees `o` now (used up, or no longer needed). */
  drop(o) {
    if (this.#objects.delete(o)) o.free();
  }

  /** `objects` outlive the load: its session frees them. */
  keep(...objects) {
    for (const o of objects) this.#objects.delete(o);
  }

  /** Frees whatever was not kept. */
  free() {
    for (const o of this.#objects) o.free();
    this.#objects.clear();
  }
}

/**
 * A wasm module loaded on first use (`load`: the `import()` of its glue, written where its
 * URL is right), its wasm instantiated: `get()` gives a promise of the module, the same each
 * time; `tried` is that promise once asked for (null before), and `wasm` the instance's
 * exports once it has come.
 */
export function lazyModule(load) {
  const m = {
    tried: null,
    wasm: null,
    get: () =>
      (m.tried ||= load().then(async (module) => {
        m.wasm = await module.default();
        return module;
      })),
  };
  return m;
}

/** An error as data for the page: the core's message, the field it concerns, and its stable code and params (for the reader's language). */
export function failure(e) {
  return { message: String(e?.message ?? e), field: e?.field ?? null, line: e?.line ?? null, code: e?.code ?? null, params: e?.params ?? null };
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
  if (prop.granularity === 'events' && ahead > 0 && ahead <= BATCH_MAX) {
    prop.nextBatch(ahead);
    return frame(sid, s, true);
  }
  return seekInSlices(sid, s, msg);
}

/**
 * A seek in slices of about SEEK_SLICE_MS (Propagation.seekBegin, then seekAdvance): on the
 * largest rings a seek's recount takes seconds (transforms of up to 2^25 points at n = 10^7),
 * and between two slices a newer load or a drop of the session is seen; the seek then gives
 * way (its frame comes back stale) and the stepper is left to the next seek, which replaces it.
 */
async function seekInSlices(sid, s, msg) {
  const { prop, load } = s;
  prop.seekBegin(Math.max(0, Math.min(msg.m, prop.length)));
  let budget = 1 << 22;
  for (;;) {
    const t0 = performance.now();
    if (prop.seekAdvance(budget)) break;
    const dt = performance.now() - t0;
    budget = Math.max(1 << 12, Math.min(1 << 30, Math.round((budget * SEEK_SLICE_MS) / Math.max(dt, 0.5))));
    await tick();
    if (s.prop !== prop || s.load !== load) return post({ t: 'frame', sid, id: msg.id, stale: true });
  }
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
 * Starts a worker: once `ready` (a promise of the wasm module's exports) holds, says hello (or that the solver could
 * not start), then answers the messages both workers share through `sessions`, starts a
 * load as `load(msg, s, job)` (the session and its new job), and hands any other message
 * to `handle(msg, s)`, `s` the session when the message is about its current game, else null.
 */
export function startWorker(ready, sessions, { load, handle }) {
  let wasm = null;
  ready.then(
    (exports) => {
      wasm = exports;
      post({ t: 'hello' });
    },
    (e) => {
      const reason = failure(e).message;
      post({ t: 'fatal', message: `The solver could not start: ${reason}`, code: 'worker.cannotStart', params: { reason } });
    },
  );
  const receive = (msg) => {
    // For the tests: the bytes of this worker's wasm memory (it only grows), to see that
    // loads and cancels leave it where it was. The page never asks.
    if (msg.t === 'memory') return post({ t: 'answer', req: msg.req, bytes: wasm?.memory?.buffer.byteLength ?? null });
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

// A checked answer lists up to this many differences (all are counted): the pages mark
// them one game or query at a time, and more than this are not read one by one.
const CHECK_LISTED = 10000;

/**
 * The core's CheckReport (module `m`'s AnswerCheck) for `output`, a text or a File
 * streamed a piece at a time (a 200 MB output is never whole in memory), against judge
 * input `input` (bytes) in `format` ('ring', 'goal' or 'dag').
 */
export async function checkAnswer(m, format, input, output) {
  const checker = new m.AnswerCheck(format, input, true, CHECK_LISTED);
  try {
    if (typeof output === 'string') checker.push(new TextEncoder().encode(output));
    else {
      const reader = output.stream().getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) checker.push(r.value);
    }
    return checker.finish();
  } finally {
    checker.free();
  }
}
