// worker.js: the wasm engine that every element on a page shares: one session per element, solved in chunks, stepped on request.

import { LAYOUT } from '../../pkg/layout.js';
import init, * as core from '../../pkg/loopy.js';
import { playerStates } from './states.js';
import { frame, lazyModule, Made, post, Sessions, startWorker, tick } from './worker-steps.js';

// A chunk of solving aims at this many ms, so that a cancel or a newer load is seen soon.
const CHUNK_MS = 16;

const sessions = new Sessions(() => ({ facts: null, steps: null }), free);

function free(s) {
  s.prop?.free();
  s.sol?.free();
  s.facts?.free();
  s.prop = s.sol = s.facts = null;
}

/**
 * The module that explains (a state's facts, its graded moves, the judge text) and says
 * what is wrong with a game: not in the ring's module, so a reader who never asks why
 * never downloads it.
 */
const why = lazyModule(() => import('../../pkg/ring-why/loopy.js'));
const whyModule = why.get;

/**
 * The RingFacts of session `s`'s game, made from its solve's values on the first question
 * (no second solve) and freed with the session; null when the why module could not be
 * loaded, or when the session's game changed (or left) while it loaded.
 */
async function factsOf(s) {
  const { sol } = s;
  if (s.facts) return s.facts;
  const m = await whyModule().catch(() => null);
  if (!m || !sol || s.sol !== sol) return null;
  s.facts ||= new m.RingFacts(s.n, ...s.steps, sol.outcomes(1), sol.outcomes(2), sol.depths(1), sol.depths(2));
  return s.facts;
}

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
    // A wrong game: every wrong field with its code and params, and the nearest valid game,
    // from the why module (the ring module's errors carry their code alone); the element words
    // them from its catalog. Without that module, the code alone: the element says it in its
    // catalog's sentence (core.errorCode).
    const wrong = await whyModule()
      .then((m) => m.checkGame(msg.n, msg.s1, msg.s2))
      .catch(() => ({}));
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
      post({ t: 'progress', sid, id: job.id, n: msg.n, resolved: solver.resolved, total });
      await tick();
      if (job.cancelled) return post({ t: 'cancelled', sid, id: job.id });
    }
    post({ t: 'progress', sid, id: job.id, n: msg.n, resolved: solver.resolved, total, preparing: true });
    const prop = made.add(solver.propagation(msg.g));
    made.drop(solver); // used up by propagation()
    const sol = made.add(prop.solution());
    await tick();
    if (job.cancelled) return post({ t: 'cancelled', sid, id: job.id });
    const n = msg.n;
    const both = (Kind, f) => {
      const a = new Kind(2 * n);
      for (const p of LAYOUT.ring.player) playerStates(a, n, p).set(f(p));
      return a;
    };
    const s1 = Uint32Array.from(msg.s1).sort();
    const s2 = Uint32Array.from(msg.s2).sort();
    const out = both(Uint8Array, (p) => sol.outcomes(p));
    const dep = both(Uint32Array, (p) => sol.depths(p));
    // Every state's best move (Solution.bestMoves, a scan of each state's moves: n·|s| at worst,
    // minutes at n = 10^6 with dense steps), up to the core's limit; past it the popup, the
    // inspector and play ask the core for one state's (explain, bestMove), and the element's bestMoves() is null.
    const best = sol.moveCount <= LAYOUT.ring.bestTableMax ? both(Uint32Array, (p) => sol.bestMoves(p)) : null;
    // Each state's predecessors in the order the search checks them (the core's, for games up to its limit).
    const preds = sol.predecessorTable() ?? null;
    // What the element counts against: the states the search decides, and all of them.
    const { decidable } = prop;
    free(s);
    made.keep(prop, sol);
    Object.assign(s, { id: job.id, n, prop, sol, steps: [msg.s1, msg.s2], seen: false, load: null });
    if (msg.at > 0) prop.seek(Math.min(msg.at, prop.length));
    const transfer = [out.buffer, dep.buffer, s1.buffer, s2.buffer];
    if (best) transfer.push(best.buffer);
    if (preds) transfer.push(preds.buffer);
    // The why (facts, grades, judge text) is not sent: the element asks for it (factsOf).
    const loaded = { n, s1, s2, g: msg.g, out, dep, best, preds, decidable, total, judge: null, facts: null };
    post({ t: 'loaded', sid, id: job.id, ...loaded }, transfer);
    frame(sid, s, true);
  } catch (e) {
    // The reader's game fails here only its seek check (game.tooSlowToSeek): its field and
    // params from the why module, as above. Other errors (the worker's own arguments) keep their code alone.
    const seek = await whyModule()
      .then((m) => m.seekError(msg.n, msg.s1, msg.s2))
      .catch(() => null);
    sessions.fail(s, job, e, seek?.code === e?.code ? seek : {});
  } finally {
    made.free();
  }
}

/** A question about the game of session `s` (null: the message is about an older game). */
function handle(msg, s) {
  switch (msg.t) {
    case 'judge':
      return answerWhy(msg, s, (f) => ({ text: f.toJudgeText() }), { text: '' });
    case 'decided':
      return post({ t: 'answer', req: msg.req, position: s ? s.prop.decidedAt(msg.state) : null });
    case 'line':
      // Optimal play from a state, and how it ends (a game watched on the ring: RingFacts.line).
      return answerWhy(msg, s, (f) => ({ line: f.line(msg.p, msg.pos) }), { line: null });
    case 'explain':
      // Why a state has its value: the core's facts (RingFacts.explain).
      return answerWhy(msg, s, (f) => ({ facts: f.explain(msg.p, msg.pos) }), { facts: null });
    case 'turn':
      // A turn in a game against the solver: the state's moves, each graded, and the core's best one (and why).
      return answerWhy(
        msg,
        s,
        (f) => ({
          rows: f.moves(msg.p, msg.pos),
          grades: f.grades(msg.p, msg.pos),
          best: f.bestMove(msg.p, msg.pos),
          facts: f.explain(msg.p, msg.pos),
        }),
        { rows: null, best: 0 },
      );
    case 'check':
      // Fields read so far of a game that cannot be shown (null: unreadable): every error, and the nearest valid game.
      return whyModule()
        .then((m) => m.checkGame(msg.n, msg.s1, msg.s2))
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

/**
 * Answers a question of why about session `s`'s game: `pick(facts)` from its RingFacts, or
 * `none` (with `unavailable: true` when the why module could not be loaded).
 */
async function answerWhy(msg, s, pick, none) {
  try {
    const facts = s ? await factsOf(s) : null;
    if (facts && s.facts === facts) return post({ t: 'answer', req: msg.req, ...pick(facts) });
  } catch {
    // A question the core refuses (not a state of this game): answered with nothing, so no asker waits forever.
    return post({ t: 'answer', req: msg.req, ...none });
  }
  const unavailable =
    s !== null &&
    why.tried !== null &&
    (await why.tried.then(
      () => false,
      () => true,
    ));
  post({ t: 'answer', req: msg.req, ...none, unavailable });
}

// The .wasm found from this file, not from the glue's own import.meta.url: `cargo xtask
// dist` bundles the glue into this file.
startWorker(init({ module_or_path: new URL('../../pkg/loopy_bg.wasm', import.meta.url) }), sessions, { load, handle });
