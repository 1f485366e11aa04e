// workers/graph-text.js: what the graph worker does with a graph given as text, loaded on first use (a post's element given a text, the graph page): the text read by the core's readers (the whole module), its instance or query picked, and the judge's answer to it and the check of an answer.

import { checkAnswer, failure } from './worker-steps.js';

/** Graph texts with more instances than this list only the first ones' sizes. */
const LISTED_MAX = 1000;

/** A typed error for the page: a message, the field it concerns, and (for the worker's own) its code and params, as the core's have. */
function fieldError(message, field, code, params) {
  const e = new Error(message);
  e.field = field;
  if (code) Object.assign(e, { code, params });
  return e;
}

/**
 * The graph of a text given to session `s` (`source`: { text } or { file }, with its
 * `instance` and `query`), read by the whole module (`whole()`, a promise of it): as the
 * graph worker's `pick` answers, the graph and what the text holds (its instances and
 * queries, for the page's picker).
 */
export async function fromText(s, source, whole) {
  // A file (the graph page's) is read here, off the page.
  const body = source.file ? await readFile(source.file) : source.text;
  if (s.parsed?.text !== body) s.parsed = { text: body, instances: (await whole()).parseGraph(body) };
  const all = s.parsed.instances;
  const k = source.instance ?? 0;
  if (!(k >= 0 && k < all.length))
    throw fieldError(`there is no instance ${k + 1}: the text has ${all.length}`, 'instance', 'worker.noInstance', {
      instance: k + 1,
      count: all.length,
    });
  const inst = all[k];
  const graph = { format: inst.format, n: inst.n, from: inst.from, to: inst.to, goal: inst.goal, start: inst.start, heroFirst: inst.heroFirst };
  const starts = inst.queryStarts;
  let query = null;
  if (starts?.length) {
    query = source.query ?? 0;
    if (!(query >= 0 && query < starts.length))
      throw fieldError(`there is no query ${query + 1}: the text has ${starts.length}`, 'query', 'worker.noQuery', {
        query: query + 1,
        count: starts.length,
      });
    graph.start = starts[query];
    graph.goal = inst.queryGoals[query];
  }
  const text = {
    format: inst.format,
    count: all.length,
    instance: k,
    query,
    sizes: all.slice(0, LISTED_MAX).map((i) => ({ n: i.n, m: i.from.length, heroFirst: i.heroFirst })),
    queries: starts ? { starts: starts.slice(), goals: inst.queryGoals.slice() } : null,
    tree: inst.format === 'tree' && inst.n <= (await whole()).layout().graph.drawMaxVertices ? await treeOf(inst, body, whole) : null,
  };
  return { graph, text };
}

/**
 * What a tree drawn whole comes with, all the core's: why each vertex has its value in the
 * tree's terms (treeFacts: its stones, the moves the reduction keeps and those it drops), the
 * stones on each vertex (decimal strings: they may pass 2^53), and for its layout the tree's
 * edges without a move (between equal stones) and room beside each mark for its stones (the
 * longest count as graph/graph-tree.js labels it, at most 7 characters, and the pebble before it).
 */
async function treeOf(inst, body, whole) {
  const longest = Math.min(6, Math.max(...inst.stones.slice(1).map((s) => s.length)));
  return {
    facts: (await whole()).treeFacts(body),
    stones: inst.stones,
    layout: { from: inst.tieFrom, to: inst.tieTo, chars: longest + Math.floor((longest - 1) / 3) + 1 },
  };
}

/**
 * The judge's answers to a text (or a file) of the graph page: 'answer', what `loopy graph`
 * or `loopy dag` prints for it, and 'checkAnswer', an answer to it checked by the core (the
 * output streamed from its file): `{ text }`, `{ report }` or `{ error }`.
 */
export async function judge(msg, whole) {
  try {
    if (msg.t === 'answer') return { text: (await whole()).graphAnswer(msg.file ? await readFile(msg.file) : msg.text, msg.format) };
    const input = msg.file ? new Uint8Array(await msg.file.arrayBuffer()) : new TextEncoder().encode(msg.text);
    return { report: await checkAnswer(await whole(), msg.format, input, msg.output) };
  } catch (e) {
    return { error: failure(e) };
  }
}

/** A file's text, read here; a file that cannot be read is the text's error. */
async function readFile(file) {
  try {
    return await file.text();
  } catch (e) {
    throw fieldError(`The file could not be read: ${e.message}`, 'text', 'worker.unreadable', { reason: String(e.message) });
  }
}
