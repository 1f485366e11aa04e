// worker-judge.js: what the ring worker does with the whole API, loaded on first use: the judge box (the page's only: a judge-format input read, a text or a file, its games picked, its answer made, an answer checked: each input in a worker of its own, judge-worker.js, ended when the next comes, and each check in another, ended when it is done), a wrong game's every error, and the words, field and params of the ring module's errors (which carry their code alone).

import { failure, post } from './worker-steps.js';

let full = null; // the whole API (a wrong game's errors, the ring module's errors worded), loaded on first use

/**
 * The worker of the input read last (its games picked, its answer made), or null. A new
 * input ends it, and with it everything the last one held: the text, the games, the
 * answer and the whole module's wasm memory, which grows with the input and never shrinks.
 */
let reader = null;
/** The input read last as the page gave it (a File is a handle to the file, not its bytes), for the checks. */
let input = null;

/** The requests `reader` has not answered yet: ended with it, each is answered as superseded. */
const asked = new Map(); // req -> its message's kind

/** Sends `msg` to the reader, its answer going straight to the page. */
function ask(msg) {
  asked.set(msg.req, msg.t);
  reader.postMessage(msg);
}

/** Ends the reader; what it was asked and did not answer is answered as superseded (nobody waits forever). */
function endReader() {
  reader?.terminate();
  reader = null;
  input = null;
  for (const [req, t] of asked) {
    const none = t === 'pick' ? { game: null } : t === 'answerText' ? { text: '' } : { error: { message: 'A newer judge input was read.' } };
    post({ t: 'answer', req, superseded: true, ...none });
  }
  asked.clear();
}

/** A reader for the input `source` (its parse request `req`): the input counts for checks once it is read. */
function startReader(source, req) {
  const w = new Worker(new URL('./judge-worker.js', import.meta.url), { type: 'module' });
  w.onmessage = (e) => {
    if (w !== reader) return;
    asked.delete(e.data.req);
    if (e.data.req === req) input = e.data.error ? null : source;
    post(e.data);
  };
  return w;
}

/** The module with the whole API: only the judge box needs it, so only it loads it. */
function fullModule() {
  full ||= import('../../pkg/graphs/loopy.js').then(async (m) => {
    await m.default();
    return m;
  });
  return full;
}

/**
 * Every error of a ring game's fields (null for one that could not be read) and the
 * nearest valid game: the core's checkGame, `{ errors, nearest }`.
 */
export async function checkGame(n, s1, s2) {
  return (await fullModule()).checkGame(n, s1, s2);
}

/**
 * A game the ring module refused with `e` (its `new Solver(n, s1, s2)` threw): `e` as the
 * whole module words it (see `worded`), every error of the game's fields and the nearest
 * valid game (checkGame's `errors` and `nearest`, when it can read the fields).
 */
export async function wrongGame(e, n, s1, s2) {
  const m = await fullModule();
  let check = {};
  try {
    check = m.checkGame(n, s1, s2);
  } catch {
    // Fields checkGame cannot read: the Solver's own error (worded below) says which.
  }
  return { ...again(e, () => new m.Solver(n, s1, s2)), ...check };
}

/**
 * `e`, an error of the ring module, which carries its code alone (crate/src/wasm/args.rs
 * `coded`: its message is its code; no params, no field), as the worker posts it
 * (`failure`) with all the rest from the whole module: `call(m)` makes the same failing
 * call in the whole module `m`, and the error it throws with the same code is posted, its
 * English message, field, params and line. `e` as it is (its code alone) when that call
 * does not fail alike.
 */
export async function worded(e, call) {
  const m = await fullModule();
  return again(e, () => call(m));
}

/** `failure(e)`, or that of the error `call()` throws when it has `e`'s code (its words, field and params). */
function again(e, call) {
  try {
    call()?.free?.(); // it failed in the ring module, so it fails here too: nothing is kept
  } catch (same) {
    if (same?.code === e?.code) return failure(same);
  }
  return failure(e);
}

/** A judge box message: 'parse' (a text or a file), 'pick', 'answers', 'answerText' or 'checkAnswer'. */
export function handle(msg) {
  switch (msg.t) {
    case 'parse':
      // A new input: the last one's worker goes, and all it held.
      endReader();
      reader = startReader(msg.file ?? msg.text, msg.req);
      return ask(msg);
    case 'pick':
    case 'answers':
    case 'answerText':
      if (reader) return ask(msg);
      return post({
        t: 'answer',
        req: msg.req,
        ...(msg.t === 'pick' ? { game: null } : msg.t === 'answerText' ? { text: '' } : { error: { message: 'Read a judge-format input first.' } }),
      });
    case 'checkAnswer':
      return check(msg);
  }
}

/**
 * Checks the answer `msg.output` (a text or a File) against the input last read, in a
 * worker of its own that ends with the check (its memory with it): posts { report } or { error }.
 */
function check(msg) {
  if (input === null) {
    return post({
      t: 'answer',
      req: msg.req,
      error: { message: 'Read a judge-format input first (paste it above or open it as a file): your answer is checked against it.' },
    });
  }
  const w = new Worker(new URL('./judge-worker.js', import.meta.url), { type: 'module' });
  w.onmessage = (e) => {
    w.terminate();
    post(e.data);
  };
  w.onerror = () => {
    w.terminate();
    post({ t: 'answer', req: msg.req, error: { message: 'The check could not run.' } });
  };
  w.postMessage({ ...msg, input });
}
