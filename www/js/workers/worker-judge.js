// worker-judge.js: what the ring worker does with a judge input, loaded on first use: the judge box (the page's only: a judge-format input read, a text or a file, its games picked, its answer made, an answer checked: each input in a worker of its own, judge-worker.js, ended when the next comes, and each check in another, ended when it is done).

import { post } from './worker-steps.js';

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
        ...(msg.t === 'pick'
          ? { game: null }
          : msg.t === 'answerText'
            ? { text: '' }
            : { error: { message: 'Read a judge-format input first.', code: 'worker.noInput', params: {} } }),
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
      error: {
        message: 'Read a judge-format input first (paste it above or open it as a file): your answer is checked against it.',
        code: 'worker.noInputToCheck',
        params: {},
      },
    });
  }
  const w = new Worker(new URL('./judge-worker.js', import.meta.url), { type: 'module' });
  w.onmessage = (e) => {
    w.terminate();
    post(e.data);
  };
  w.onerror = () => {
    w.terminate();
    post({ t: 'answer', req: msg.req, error: { message: 'The check could not run.', code: 'worker.checkFailed', params: {} } });
  };
  w.postMessage({ ...msg, input });
}
