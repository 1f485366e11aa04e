// judge-worker.js: the judge box's work on one judge-format input, in a worker of its own that the ring worker ends when another input is read (or a check is done): its memory, the whole module's wasm memory included, which never shrinks, goes with it.

import { checkAnswer, failure, post } from './worker-steps.js';

// The answer to a judge input is made up to about this many characters (a million games
// answer in half a gigabyte, more than a string can hold); the CLI prints the rest.
const ANSWER_MAX = 32 * 1024 * 1024;

let source = null; // the input read: the pasted text, or the File (read again when needed, never kept as text)
let games = null; // its games, for picking
let answer = null; // the judge's answer to it, { text, games }, once asked for
let full = null; // the whole API (judge text readers, checker)

/** The module with the whole API. */
function fullModule() {
  full ||= import('../../pkg/graphs/loopy.js').then(async (m) => {
    await m.default();
    return m;
  });
  return full;
}

/** The input's text: the pasted text, or the file's, read now and let go of by the caller. */
function textOf(s) {
  return typeof s === 'string' ? Promise.resolve(s) : s.text();
}

/** The input's bytes (a file's read as bytes: no text made of them). */
async function bytesOf(s) {
  return typeof s === 'string' ? new TextEncoder().encode(s) : new Uint8Array(await s.arrayBuffer());
}

/** A judge box message: 'parse' (a text or a file), 'pick', 'answers', 'answerText' or 'checkAnswer' (with the input's `input`). */
async function handle(msg) {
  const reply = (r) => post({ t: 'answer', req: msg.req, ...r });
  switch (msg.t) {
    case 'parse': {
      const m = await fullModule();
      let text;
      try {
        text = await textOf(msg.file ?? msg.text);
      } catch (e) {
        return reply({
          error: { message: `The file could not be read: ${e.message}`, code: 'worker.unreadable', params: { reason: String(e.message) } },
        });
      }
      try {
        games = m.parseJudge(text);
        source = msg.file ?? msg.text;
        answer = null;
        return reply({ count: games.length, first: games[0] });
      } catch (e) {
        return reply({ error: failure(e) });
      }
    }
    case 'pick':
      return reply({ game: games?.[msg.k] ?? null });
    case 'answers': {
      // The judge output of the input, as the CLI prints it, up to ANSWER_MAX characters:
      // its first `shown` characters now, the rest kept here for "Copy all".
      const m = await fullModule();
      try {
        answer = source === null ? { text: '', games: 0 } : m.judgeAnswer(await textOf(source), ANSWER_MAX);
        const { text, games: answered } = answer;
        return reply({ head: text.slice(0, msg.shown), length: text.length, games: answered, of: games?.length ?? 0 });
      } catch (e) {
        return reply({ error: failure(e) });
      }
    }
    case 'answerText':
      return reply({ text: answer?.text ?? '' });
    case 'checkAnswer': {
      const m = await fullModule();
      try {
        return reply({ report: await checkAnswer(m, 'ring', await bytesOf(msg.input), msg.output) });
      } catch (e) {
        return reply({ error: failure(e) });
      }
    }
  }
}

// One message at a time, in the order they came (a pick waits for the parse before it).
let queue = Promise.resolve();
addEventListener('message', (e) => {
  queue = queue.then(() => handle(e.data)).catch((err) => post({ t: 'answer', req: e.data?.req, error: failure(err) }));
});
