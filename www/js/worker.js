// worker.js: the wasm engine. Solves in chunks (progress, cancel), then answers seeks with snapshots.

import init, { Solver, parseJudge } from '../pkg/loopy.js';

const FULL_TEXT_MAX = 20000; // judge text sent whole up to this n; past it, on request
// Forward steps up to this many events go as packed events (at most 16 bytes each);
// longer jumps as a seek and a snapshot, whose cost does not grow with the distance.
const BATCH_MAX = 16384;
const ready = init();

let cur = null; // { id, n, prop, sol, prev (snapshot the page holds) }
const loads = new Map(); // id -> { cancelled }

const post = (msg, transfer = []) => postMessage(msg, transfer);
// A macrotask turn (so a cancel message gets in) without the 4 ms clamp of nested timers.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const tick = () => new Promise((resolve) => {
  waiting.push(resolve);
  channel.port2.postMessage(0);
});

function message(e) {
  return String(e && e.message ? e.message : e);
}

/** The next `count` events, packed (4 words each, see the README), for the page to apply. */
function batch(count) {
  const { prop } = cur;
  const events = prop.nextBatch(count);
  cur.prev = null; // the page's copy moved on without us: the next frame() sends it whole
  const msg = {
    t: 'events',
    id: cur.id,
    events,
    position: prop.position,
    length: prop.length,
    resolved: prop.resolved,
    done: prop.done,
  };
  post(msg, [events.buffer]);
}

/** The snapshot as a delta against what the page holds, or whole when much changed. */
function frame(extra) {
  const { prop, n } = cur;
  const snap = prop.snapshot();
  const prev = cur.prev;
  let current = -1;
  const idx = [];
  const limit = snap.length >> 3;
  let full = !prev;
  for (let s = 0; s < snap.length; s++) {
    const w = snap[s];
    if (w & 8) current = s;
    if (!full && w !== prev[s]) {
      idx.push(s);
      if (idx.length > limit) full = true;
    }
  }
  cur.prev = snap;
  const msg = {
    t: 'frame',
    id: cur.id,
    n,
    position: prop.position,
    length: prop.length,
    resolved: prop.resolved,
    done: prop.done,
    current,
    ...extra,
  };
  if (full) {
    msg.snap = snap.slice();
    return post(msg, [msg.snap.buffer]);
  }
  msg.idx = Uint32Array.from(idx);
  msg.val = Uint32Array.from(idx, (s) => snap[s]);
  post(msg, [msg.idx.buffer, msg.val.buffer]);
}

async function load({ id, n, s1, s2, g, at }) {
  const job = { cancelled: false };
  loads.set(id, job);
  let solver;
  try {
    solver = new Solver(n, s1, s2);
  } catch (e) {
    loads.delete(id);
    return post({ t: 'error', id, message: message(e) });
  }
  try {
    let chunk = 2048;
    const total = solver.totalStates;
    for (;;) {
      const t0 = performance.now();
      if (solver.advance(chunk)) break;
      const dt = performance.now() - t0;
      chunk = Math.max(256, Math.min(1 << 22, Math.round((chunk * 12) / Math.max(dt, 0.5))));
      post({ t: 'progress', id, resolved: solver.resolved, total });
      await tick();
      if (job.cancelled) {
        solver.free();
        solver = null;
        return post({ t: 'cancelled', id });
      }
    }
    post({ t: 'progress', id, resolved: solver.resolved, total, preparing: true });
    const prop = solver.propagation(g);
    solver.free(); // used up by propagation()
    solver = null;
    await tick();
    if (job.cancelled) {
      prop.free();
      return post({ t: 'cancelled', id });
    }
    const sol = prop.solution();
    const out = new Uint8Array(2 * n);
    out.set(sol.outcomes(1), 0);
    out.set(sol.outcomes(2), n);
    const dep = new Uint32Array(2 * n);
    dep.set(sol.depths(1), 0);
    dep.set(sol.depths(2), n);
    const best = new Uint32Array(2 * n);
    best.set(sol.bestMoves(1), 0);
    best.set(sol.bestMoves(2), n);
    await tick();
    if (job.cancelled) {
      prop.free();
      sol.free();
      return post({ t: 'cancelled', id });
    }
    const judge = n <= FULL_TEXT_MAX ? sol.toJudgeText() : null;
    if (cur) {
      cur.prop.free();
      cur.sol.free();
    }
    cur = { id, n, prop, sol, prev: null };
    const event = at > 0 ? prop.seek(at) : undefined;
    post({ t: 'loaded', id, n, s1, s2, g, out, dep, best, judge }, [out.buffer, dep.buffer, best.buffer]);
    frame({ event, moved: true });
  } catch (e) {
    solver?.free();
    post({ t: 'error', id, message: message(e) });
  } finally {
    loads.delete(id);
  }
}

function handle(msg) {
  switch (msg.t) {
    case 'load':
      return load(msg);
    case 'cancel': {
      const job = loads.get(msg.id);
      if (job) job.cancelled = true;
      return;
    }
    case 'seek': {
      if (!cur || cur.id !== msg.id) return post({ t: 'frame', id: msg.id, stale: true });
      const { prop } = cur;
      const ahead = msg.m - prop.position;
      // A short step forward through every event is the event stream itself: the page
      // applies the packed events to its copy of the picture. (Coarser granularities
      // leave out the pops and counter updates between their events, so they, and
      // any other move, get a seek and a fresh picture.)
      if (prop.granularity === 'events' && ahead > 0 && ahead <= BATCH_MAX) return batch(ahead);
      return frame({ event: prop.seek(msg.m), moved: true });
    }
    case 'gran':
      if (!cur || cur.id !== msg.id) return post({ t: 'frame', id: msg.id, stale: true });
      cur.prop.granularity = msg.g;
      return frame({ moved: false });
    case 'judge':
      return post({ t: 'judge', req: msg.req, text: cur && cur.id === msg.id ? cur.sol.toJudgeText() : '' });
    case 'parse':
      try {
        return post({ t: 'parsed', req: msg.req, games: parseJudge(msg.text) });
      } catch (e) {
        return post({ t: 'parsed', req: msg.req, message: message(e) });
      }
  }
}

onmessage = (e) => {
  ready.then(
    () => handle(e.data),
    (err) => post({ t: 'fatal', message: `The solver could not start: ${message(err)}` }),
  );
};
