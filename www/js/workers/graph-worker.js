// graph-worker.js: the engine for games on graphs that every <loopy-graph> on a page shares: the graph-element build of the wasm module (the whole one, which the judge answer needs, when its URL has `?judge`: the graph page's), and the layouts, each run by dagre in a worker of its own (layout-worker.js, started on the first drawing) that a Cancel ends.

import initElement, * as element from '../../pkg/graph-element/loopy.js';
import { LAYOUT } from '../../pkg/layout.js';
import { startWorker as spawn } from './start.js';
import { failure, frame, lazyModule, Made, post, Sessions, startWorker, tick } from './worker-steps.js';

// A chunk of the solve or of the Sprague-Grundy values aims at this many ms, so that a cancel or a newer load is seen soon.
const CHUNK_MS = 16;
/** How often a layout under way looks whether it is still wanted, in ms. */
const LAYOUT_POLL_MS = 20;

/** The module with the judge answers (the whole API): only the graph page's judge box and a graph given as text need it, so only they load it. */
const judge = lazyModule(() => import('../../pkg/graphs/loopy.js'));
const judgeModule = judge.get;
/** The module in use: the element's, or with `?judge` in this worker's URL (the graph page) the whole one. */
let core = element;

const sessions = new Sessions(() => ({ parsed: null, grundy: null }), free);

function free(s) {
  s.prop?.free();
  s.sol?.free();
  s.prop = s.sol = null;
  s.grundy = null;
}

/**
 * The graph a load asks for: { format, n, from, to, goal?, start?, heroFirst? }, and for
 * a text what it holds (its instances and queries, for the page's picker).
 */
async function pick(s, source) {
  if (source.random) {
    // The core's random graph (its size checked before its moves are drawn: an error then
    // names the field `random`, or `seed`): tails, then heads.
    const { n, seed } = source.random;
    const ends = core.randomGraph(n, seed);
    const m = ends.length / 2;
    return { graph: { format: 'random', n, from: ends.subarray(0, m), to: ends.subarray(m), seed, start: source.start } };
  }
  if (source.text === undefined && !source.file) {
    const { n, from, to, goal, start } = source;
    return { graph: { format: 'edges', n, from, to, goal, start } };
  }
  // A text (or the graph page's file): read by the core's text readers, in the whole module,
  // with the worker's text handling (graph-text.js), both loaded then (the element's own
  // module stays small), as the judge answer does.
  return (await import('./graph-text.js')).fromText(s, source, judgeModule);
}

/**
 * The layout of the vertices `ids` and the moves among them (`succ(v)`: the vertices v moves
 * to), or null as soon as `stop()` says it is no longer wanted. dagre runs in a layout worker
 * (one call of up to 20 s at the drawing limit), which is then terminated: this worker stays
 * free for the messages meanwhile, and a Cancel or a newer load is answered at once.
 */
async function drawing(ids, succ, stop) {
  const inside = new Set(ids);
  const from = [];
  const to = [];
  for (const v of ids) {
    for (const w of succ(v)) {
      if (inside.has(w)) {
        from.push(v);
        to.push(w);
      }
    }
  }
  return layouts.run({ ids, from, to }, stop);
}

/**
 * The layout workers: one kept idle for the next drawing (dagre loaded once), more started
 * when drawings overlap (two elements), and any whose drawing is no longer wanted ended.
 */
class LayoutWorkers {
  #idle = null;

  /** `job`'s layout from a layout worker; null once `stop()` holds (the worker is ended). */
  run(job, stop) {
    // From any origin: this worker is the page's origin's when the page loads Loopy from another (workers/start.js).
    const worker = this.#idle ?? spawn((Worker) => new Worker(new URL('./layout-worker.js', import.meta.url), { type: 'module' })).worker;
    this.#idle = null;
    if (!worker) return Promise.reject(layoutError(null));
    return new Promise((resolve, reject) => {
      const end = (reuse, settle) => {
        clearInterval(poll);
        worker.onmessage = worker.onerror = null;
        if (reuse && !this.#idle) this.#idle = worker;
        else worker.terminate();
        settle();
      };
      const poll = setInterval(() => {
        if (stop()) end(false, () => resolve(null));
      }, LAYOUT_POLL_MS);
      worker.onmessage = ({ data }) => (data.error ? end(false, () => reject(layoutError(data.error))) : end(true, () => resolve(data.layout)));
      worker.onerror = (e) => {
        e.preventDefault();
        end(false, () => reject(layoutError(e.message || null)));
      };
      worker.postMessage(job);
    });
  }
}

const layouts = new LayoutWorkers();

/** A layout that failed, with the code the page words it by (error.worker.layout*): `reason` is dagre's or the worker's, null when the worker could not start. */
function layoutError(reason) {
  const e = new Error(reason ? `The graph could not be drawn: ${reason}` : 'The graph could not be drawn: its layout worker could not start');
  return Object.assign(e, { code: reason ? 'worker.layoutFailed' : 'worker.layoutStart', params: reason ? { reason: String(reason) } : {} });
}

/** succ(v) for a graph's edge list `{ from, to }` on vertices 1 ..= n. */
function adjacency(n, { from, to }) {
  const out = Array.from({ length: n + 1 }, () => []);
  for (let k = 0; k < from.length; k++) out[from[k]].push(to[k]);
  return (v) => out[v];
}

/**
 * Runs `work(budget)` until it says true, in chunks of about CHUNK_MS (the budget sized by
 * the last chunk's time), with `await stop()` between two: false as soon as it says the
 * work is no longer wanted (a cancel, a newer graph).
 */
async function chunked(work, stop) {
  let budget = 1 << 20;
  for (;;) {
    const t0 = performance.now();
    if (work(budget)) return true;
    const dt = performance.now() - t0;
    budget = Math.max(1 << 12, Math.min(1 << 28, Math.round((budget * CHUNK_MS) / Math.max(dt, 0.5))));
    if (await stop()) return false;
  }
}

/**
 * The Sprague-Grundy values of `sol` (GraphSolution.grundyAdvance, then grundy), computed in
 * chunks of about CHUNK_MS with a macrotask turn between two; null as soon as `stop()` says
 * the work is no longer wanted (a cancel, a newer graph).
 */
async function sgValues(sol, stop) {
  const done = await chunked(
    (budget) => sol.grundyAdvance(budget),
    async () => {
      await tick();
      return stop();
    },
  );
  return done ? sol.grundy() : null;
}

/** Loads a graph in phases (read, solve, values, drawing), telling the page how far it got; a cancel or a newer load is seen between phases. */
async function load(msg, s, job) {
  const { sid } = msg;
  const phases = ['read', 'solve', 'values', 'draw'];
  const progress = (phase, n) => post({ t: 'progress', sid, id: job.id, phase, done: phases.indexOf(phase), of: phases.length, n });
  const stopped = async () => {
    await tick();
    if (!job.cancelled) return false;
    post({ t: 'cancelled', sid, id: job.id });
    return true;
  };
  // Every way out of this load frees what it made, but what it hands to the session.
  const made = new Made();
  try {
    if (await stopped()) return;
    progress('read', 0);
    if (msg.source.text !== undefined && (await stopped())) return;
    const { graph, text } = await pick(s, msg.source);
    const { n, goal, start } = graph;
    if (await stopped()) return;
    // The graph begun (its size checked), its edges copied in (GraphBuilder.push, at most
    // pushMax a call, each array to its own end: the core checks their totals), built
    // (GraphBuilder.advance: the edges checked and sorted both ways), then solved
    // (GraphSolver.advance), each in chunks of about CHUNK_MS followed by a look at the
    // messages: on the largest graph the limit admits each takes seconds.
    const { from, to } = graph;
    const builder = made.add(new core.GraphBuilder(n, from.length, goal ? { goal } : undefined));
    const most = builder.pushMax;
    // A view of a typed array (the copy is the core's), a slice of a plain one.
    const part = (a, start, end) => (ArrayBuffer.isView(a) ? a.subarray(start, end) : a.slice(start, end));
    let at = 0;
    const push = (budget) => {
      const end = at + Math.max(1, Math.min(budget, most));
      builder.push(part(from, at, Math.min(end, from.length)), part(to, at, Math.min(end, to.length)));
      at = end;
      return at >= from.length && at >= to.length;
    };
    if (!(await chunked(push, stopped))) return;
    if (!(await chunked((budget) => builder.advance(budget), stopped))) return;
    const solver = made.add(builder.solver());
    made.drop(builder); // used up by solver()
    progress('solve', n);
    if (!(await chunked((budget) => solver.advance(budget), stopped))) return;
    const prop = made.add(solver.propagation(msg.g));
    made.drop(solver); // used up by propagation()
    const sol = made.add(prop.solution());
    const out = sol.outcomes();
    const dep = sol.depths();
    const best = sol.bestMoves();
    // The start is checked (a vertex of the graph) before anything is shown.
    const optimal = start ? sol.optimalSet(start) : null;
    const optimalMoves = start ? sol.optimalMoves(start) : null;
    progress('values', n);
    if (await stopped()) return;
    const m = graph.from.length;
    // Drawn whole up to the core's drawing limit (layout().graph), else a neighbourhood at a time.
    const small = n <= LAYOUT.graph.drawMaxVertices && m <= LAYOUT.graph.drawMaxEdges;
    // The SG values when they are shown (or the graph is drawn whole, for the inspector's
    // facts); else when first asked for ('grundy').
    let grundy = null;
    if (small || msg.values === 'grundy') {
      grundy = await sgValues(sol, () => job.cancelled);
      if (!grundy) {
        post({ t: 'cancelled', sid, id: job.id });
        return;
      }
    }
    // What the element counts and marks: the vertices of each value, and (drawn whole) those where the game is over without a goal.
    const counts = sol.counts();
    const grundyCounts = grundy ? sol.grundyCounts() : null;
    const deadEnds = small ? sol.deadEnds() : null;
    // What the core says about every vertex of a small graph (GraphSolution.explain), with
    // the SG facts when the values are known: the inspector can say why at once.
    const facts = small ? Array.from({ length: n + 1 }, (_, v) => (v ? sol.explain(v, start ?? undefined, Boolean(grundy)) : null)) : null;
    progress('draw', n);
    if (await stopped()) return;
    const ids = Array.from({ length: small ? n : 0 }, (_, k) => k + 1);
    // A small graph is drawn with every edge of its input (the goal's too, never used as
    // moves), and sent back whole, so that a link can carry it.
    const edges = small ? { from: Uint32Array.from(graph.from), to: Uint32Array.from(graph.to) } : null;
    // A tree comes laid out as a tree (workers/graph-text.js); any other graph by dagre.
    const layout = small ? (text?.tree?.layout ?? (await drawing(ids, adjacency(n, edges), () => job.cancelled))) : null;
    if (await stopped()) return;
    free(s);
    made.keep(prop, sol);
    Object.assign(s, { id: job.id, n, prop, sol, seen: false, load: null, grundy, start: start ?? undefined, dead: null });
    if (msg.at > 0) prop.seek(Math.min(msg.at, prop.length));
    const total = prop.totalStates;
    const transfer = [out.buffer, dep.buffer, best.buffer];
    if (grundy) transfer.push(grundy.buffer, grundyCounts.buffer);
    if (small) transfer.push(deadEnds.buffer, edges.from.buffer, edges.to.buffer);
    post(
      {
        t: 'loaded',
        sid,
        id: job.id,
        n,
        m,
        goal: goal ?? null,
        start: start ?? null,
        format: graph.format,
        heroFirst: graph.heroFirst ?? null,
        seed: graph.seed ?? null,
        edges,
        g: msg.g,
        out,
        dep,
        best,
        grundy,
        grundyCounts,
        counts,
        deadEnds,
        total,
        optimal,
        optimalMoves,
        facts,
        layout,
        text: text ?? null,
        small,
      },
      transfer,
    );
    frame(sid, s, true);
  } catch (e) {
    sessions.fail(s, job, e);
  } finally {
    made.free();
  }
}

/** A question about the graph of session `s` (null: the message is about an older graph). */
async function handle(msg, s) {
  const answer = (data) => post({ t: 'answer', req: msg.req, ...data });
  switch (msg.t) {
    case 'decided':
      return answer({ position: s ? s.prop.decidedAt(msg.state) : null });
    case 'explain':
      try {
        return answer({ facts: s ? s.sol.explain(msg.v, s.start, Boolean(msg.grundy)) : null });
      } catch (e) {
        return answer({ facts: null, error: failure(e) });
      }
    case 'grundy':
      if (!s) return answer({ values: null });
      if (!s.grundy) {
        // In chunks: a newer graph (which frees this one) or a cancel gets in meanwhile.
        const { sol } = s;
        const values = await sgValues(sol, () => s.sol !== sol);
        if (!values) return answer({ values: null });
        s.grundy = values;
      }
      return answer({ values: s.grundy.slice(), counts: s.sol.grundyCounts() });
    case 'optimal':
      try {
        return answer(s ? { set: s.sol.optimalSet(msg.start), moves: s.sol.optimalMoves(msg.start) } : { set: null });
      } catch (e) {
        return answer({ error: failure(e) });
      }
    case 'ball':
      try {
        if (!s) return answer({ ids: null });
        // A large graph's neighbourhood: its module, loaded then (a graph drawn whole never asks).
        const { ball } = await import('./graph-ball.js');
        const { sol } = s;
        s.dead ??= new Set(sol.deadEnds());
        return answer(await ball(sol, msg.centre, msg.k, s.dead, (ids, succ) => drawing(ids, succ, () => s.sol !== sol)));
      } catch (e) {
        return answer({ error: failure(e) });
      }
    case 'answer':
    case 'checkAnswer':
      // The graph page's judge answer and its check of an answer: with the text handling, loaded then.
      return (await import('./graph-text.js')).judge(msg, judgeModule).then(answer);
  }
}

// The .wasm found from this file, not from the glue's own import.meta.url: `cargo xtask
// dist` bundles the glue into this file.
async function start() {
  // This module's own URL (a worker started from a blob: has the blob's as its location).
  if (new URL(import.meta.url).searchParams.has('judge')) {
    core = await judgeModule();
    return judge.wasm;
  }
  return initElement({ module_or_path: new URL('../../pkg/graph-element/loopy_bg.wasm', import.meta.url) });
}
startWorker(start(), sessions, { load, handle });
