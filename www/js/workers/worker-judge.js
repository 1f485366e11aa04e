// worker-judge.js: what the ring worker does with the whole API, loaded on first use: the judge box (the page's only: a judge-format input read, a text or a file, its games picked, its answer made, an answer checked).

import { checkAnswer, failure, lazyModule, post } from './worker-steps.js';

// The answer to a judge input is made up to about this many characters (a million games
// answer in half a gigabyte, more than a string can hold); the CLI prints the rest.
const ANSWER_MAX = 32 * 1024 * 1024;

let games = null; // the last judge-format input read by parseJudge, for picking its games
let gamesText = null; // its text, kept here so the page sends 14 MB once, not twice (or never: a file is read here)
let answer = null; // the judge's answer to it, { text, games }, once asked for

/** The module with the whole API: only the judge box needs it (a wrong game's errors come from the why module), so only it loads it. */
const fullModule = lazyModule(() => import('../../pkg/graphs/loopy.js')).get;

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
