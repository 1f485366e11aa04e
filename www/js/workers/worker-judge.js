// worker-judge.js: what the ring worker does with the whole API, loaded on first use: the judge box (the page's only: a judge-format input read, a text or a file, its games picked, its answer made, an answer checked), a wrong game's every error, and the words, field and params of the ring module's errors (which carry their code alone).

import { checkAnswer, failure, post } from './worker-steps.js';

// The answer to a judge input is made up to about this many characters (a million games
// answer in half a gigabyte, more than a string can hold); the CLI prints the rest.
const ANSWER_MAX = 32 * 1024 * 1024;

let games = null; // the last judge-format input read by parseJudge, for picking its games
let gamesText = null; // its text, kept here so the page sends 14 MB once, not twice (or never: a file is read here)
let answer = null; // the judge's answer to it, { text, games }, once asked for
let full = null; // the whole API (judge text readers, graphs), loaded the first time a judge input is read

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
      return Promise.all([fullModule(), msg.file ? msg.file.text() : msg.text]).then(
        ([m, text]) => {
          try {
            games = m.parseJudge(text);
            gamesText = text;
            answer = null;
            post({ t: 'answer', req: msg.req, count: games.length, first: games[0] });
          } catch (e) {
            games = null;
            gamesText = null;
            answer = null;
            post({ t: 'answer', req: msg.req, error: failure(e) });
          }
        },
        (e) => post({ t: 'answer', req: msg.req, error: { message: `The file could not be read: ${e.message}` } }),
      );
    case 'pick':
      return post({ t: 'answer', req: msg.req, game: games?.[msg.k] ?? null });
    case 'answers':
      // The judge output of the input last read, as the CLI prints it, up to ANSWER_MAX
      // characters: its first `shown` characters now, the rest kept here for "Copy all".
      return fullModule().then((m) => {
        try {
          answer = gamesText === null ? { text: '', games: 0 } : m.judgeAnswer(gamesText, ANSWER_MAX);
          const { text, games: answered } = answer;
          post({ t: 'answer', req: msg.req, head: text.slice(0, msg.shown), length: text.length, games: answered, of: games?.length ?? 0 });
        } catch (e) {
          post({ t: 'answer', req: msg.req, error: failure(e) });
        }
      });
    case 'answerText':
      return post({ t: 'answer', req: msg.req, text: answer?.text ?? '' });
    case 'checkAnswer':
      return fullModule().then((m) => check(m, msg));
  }
}

/** Checks the answer `msg.output` (a text or a File) against the input last read: posts { report } or { error }. */
async function check(m, msg) {
  const reply = (r) => post({ t: 'answer', req: msg.req, ...r });
  if (gamesText === null) {
    return reply({ error: { message: 'Read a judge-format input first (paste it above or open it as a file): your answer is checked against it.' } });
  }
  try {
    reply({ report: await checkAnswer(m, 'ring', new TextEncoder().encode(gamesText), msg.output) });
  } catch (e) {
    reply({ error: failure(e) });
  }
}
