// worker.js: the wasm engine that every element on a page shares: one session per element, solved in chunks, stepped on request.

import init, * as core from '../../pkg/loopy.js';
import { playerStates, stateIndex } from '../ring/states.js';
import { flatTable, frame, Made, post, Sessions, startWorker, tick } from './worker-steps.js';

const FULL_TEXT_MAX = 20000; // judge text sent whole up to this n; past it, on request
// Every state's moves are sent with the game up to this many rows; past it, a state's on request.
const MOVE_TABLE_MAX = 1 << 16;
// What the core says about every state (Solution.explain) is sent with the game up to this many moves; past it, a state's on request.
const FACT_TABLE_MAX = 4096;
// Every state's best move (Solution.bestMoves, a scan of each state's moves: n·|s| at worst, minutes at
// n = 10^6 with dense steps) is sent with the game up to this many moves; past it the popup, the
// inspector and play ask the core for one state's (explain, bestMove), and the element's bestMoves() is null.
const BEST_TABLE_MAX = 1 << 22;
// A chunk of solving aims at this many ms, so that a cancel or a newer load is seen soon.
const CHUNK_MS = 16;

const sessions = new Sessions(() => ({}), free);

function free(s) {
  s.prop?.free();
  s.sol?.free();
  s.prop = s.sol = null;
}

/**
 * Every state's moves from the core (Solution.moves), for a small game: `rows` (4 words a
 * move) and `at`, where state s (stateIndex) starts (s + 1 ends it; the holes have none).
 */
function moveTable(sol, n) {
  const states = [];
  for (const p of [1, 2]) for (let pos = 1; pos < n; pos++) states[stateIndex(n, p, pos)] = [p, pos];
  return flatTable(2 * n, (s) => (states[s] ? sol.moves(...states[s]) : null));
}

/**
 * What the core says about every state of a small game (Solution.explain), sent with it so
 * that the popup and the inspector can say why at once: `facts[p][pos]` (null for the hole).
 */
const factTable = (sol, n) => [null, 1, 2].map((p) => p && Array.from({ length: n }, (_, pos) => (pos ? sol.explain(p, pos) : null)));

/** Solves in chunks of about CHUNK_MS, then hands the session its new game. */
async function load(msg, s, job) {
  const { sid } = msg;
  // Messages already queued (a newer load, a cancel) are seen before any work starts.
  await tick();
  if (job.cancelled) return post({ t: 'cancelled', sid, id: job.id });
  // Every way out of this load frees what it made, but what it hands to the session.
  const made = new Made();
  let solver;
  try {
    solver = made.add(new core.Solver(msg.n, msg.s1, msg.s2));
  } catch (e) {
    // A wrong game: its error in English, every wrong field with the core's message, and the
    // nearest valid game, from the whole module (loaded only now: most pages never need it;
    // the ring module's errors carry their code and params, no English).
    const wrong = await import('./worker-judge.js').then((j) => j.wrongGame(e, msg.n, msg.s1, msg.s2)).catch(() => ({}));
    return sessions.fail(s, job, e, wrong);
  }
  try {
    // A game each of whose seeks would take more than about a second is refused before its
    // solve (the core's limit, code game.tooSlowToSeek; the CLI, which never seeks, solves it).
    core.checkSeek(msg.n, msg.s1, msg.s2);
    // advance() takes a budget of work (bitset words, edges, pops: nanoseconds each), and
    // one call never does much more than its budget, so the budget is sized by time.
    let budget = 1 << 20;
    const total = solver.totalStates;
    for (;;) {
      const t0 = performance.now();
      if (solver.advance(budget)) break;
      const dt = performance.now() - t0;
      budget = Math.max(1 << 12, Math.min(1 << 28, Math.round((budget * CHUNK_MS) / Math.max(dt, 0.5))));
      post({ t: 'progress', sid, id: job.id, resolved: solver.resolved, total });
      await tick();
      if (job.cancelled) return post({ t: 'cancelled', sid, id: job.id });
    }
    post({ t: 'progress', sid, id: job.id, resolved: solver.resolved, total, preparing: true });
    const prop = made.add(solver.propagation(msg.g));
    made.drop(solver); // used up by propagation()
    const sol = made.add(prop.solution());
    await tick();
    if (job.cancelled) return post({ t: 'cancelled', sid, id: job.id });
    const n = msg.n;
    const both = (Kind, f) => {
      const a = new Kind(2 * n);
      for (const p of [1, 2]) playerStates(a, n, p).set(f(p));
      return a;
    };
    const s1 = Uint32Array.from(msg.s1).sort();
    const s2 = Uint32Array.from(msg.s2).sort();
    const moves = (n - 1) * (s1.length + s2.length);
    const out = both(Uint8Array, (p) => sol.outcomes(p));
    const dep = both(Uint32Array, (p) => sol.depths(p));
    const best = moves <= BEST_TABLE_MAX ? both(Uint32Array, (p) => sol.bestMoves(p)) : null;
    const judge = n <= FULL_TEXT_MAX ? sol.toJudgeText() : null;
    const table = moves <= MOVE_TABLE_MAX ? moveTable(sol, n) : null;
    const facts = moves <= FACT_TABLE_MAX ? factTable(sol, n) : null;
    free(s);
    made.keep(prop, sol);
    Object.assign(s, { id: job.id, n, prop, sol, seen: false, load: null });
    if (msg.at > 0) prop.seek(Math.min(msg.at, prop.length));
    const transfer = [out.buffer, dep.buffer, s1.buffer, s2.buffer];
    if (best) transfer.push(best.buffer);
    if (table) transfer.push(table.rows.buffer, table.at.buffer);
    post({ t: 'loaded', sid, id: job.id, n, s1, s2, g: msg.g, out, dep, best, judge, table, facts }, transfer);
    frame(sid, s, true);
  } catch (e) {
    // The reader's game fails here only its seek check (game.tooSlowToSeek): its English
    // from the whole module, as above. Other errors (the worker's own arguments) keep their code.
    const words = await import('./worker-judge.js').then((j) => j.worded(e, (m) => m.checkSeek(msg.n, msg.s1, msg.s2))).catch(() => ({}));
    sessions.fail(s, job, e, words);
  } finally {
    made.free();
  }
}

/** A question about the game of session `s` (null: the message is about an older game). */
function handle(msg, s) {
  switch (msg.t) {
    case 'judge':
      return post({ t: 'answer', req: msg.req, text: s ? s.sol.toJudgeText() : '' });
    case 'decided':
      return post({ t: 'answer', req: msg.req, position: s ? s.prop.decidedAt(msg.state) : null });
    case 'explain':
      // Why a state has its value: the core's facts (Solution.explain).
      return post({ t: 'answer', req: msg.req, facts: s ? s.sol.explain(msg.p, msg.pos) : null });
    case 'turn':
      // A turn in a game against the solver: the state's moves, each graded, and the core's best one (and why).
      if (!s) return post({ t: 'answer', req: msg.req, rows: null, best: 0 });
      return post({
        t: 'answer',
        req: msg.req,
        rows: s.sol.moves(msg.p, msg.pos),
        grades: s.sol.grades(msg.p, msg.pos),
        best: s.sol.bestMove(msg.p, msg.pos),
        facts: s.sol.explain(msg.p, msg.pos),
      });
    case 'check':
      // Fields read so far of a game that cannot be shown (null: unreadable): every error, and the nearest valid game.
      return import('./worker-judge.js')
        .then((j) => j.checkGame(msg.n, msg.s1, msg.s2))
        .then(
          (check) => post({ t: 'answer', req: msg.req, check }),
          () => post({ t: 'answer', req: msg.req, check: null }),
        );
    case 'parse':
    case 'pick':
    case 'answers':
    case 'answerText':
    case 'checkAnswer':
      // The page's judge box: its own module, loaded when first used (a post never needs it).
      return import('./worker-judge.js').then((judge) => judge.handle(msg));
  }
}

// The .wasm found from this file, not from the glue's own import.meta.url: `cargo xtask
// dist` bundles the glue into this file.
startWorker(init({ module_or_path: new URL('../../pkg/loopy_bg.wasm', import.meta.url) }), sessions, { load, handle });
