// workers/graph-text.js: what the graph worker does with a graph given as text, loaded on first use (a post's element given a text, the graph page): the text read by the core's readers (the whole module), its instance or query picked, and the judge's answer to it and the check of an answer.

import { BOX_H, boxWidth } from './graph-layout.js';
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
 * What a tree drawn whole comes with, all from the core: why each vertex has its value in
 * the tree's terms (treeFacts: its stones, the moves the reduction keeps and those it drops),
 * the stones on each vertex (decimal strings: they may pass 2^53), and its drawing.
 */
async function treeOf(inst, body, whole) {
  return { facts: (await whole()).treeFacts(body), stones: inst.stones, layout: treeLayout(inst) };
}

/**
 * A tree laid out as a tree, as workers/graph-layout.js lays out a graph ({ width, height,
 * ids, x, y, edges, lines, box }): vertex 1 on top, each vertex's neighbours below it in
 * ascending order, each leaf a column of its own and a parent above the middle of its
 * children (across instead when that is much taller than wide, as dagre's choice is). `edges`
 * are the moves the reduction keeps (the core's `from`, `to`), `lines` the tree's edges without
 * a move (between equal stones: the core's `tieFrom`, `tieTo`), all straight. A box makes room
 * on the left of its mark for the stones as graph/graph-tree.js labels them (at most 7
 * characters, "999,999", and the pebble).
 */
function treeLayout(inst) {
  const { n, treeFrom, treeTo } = inst;
  const near = Array.from({ length: n + 1 }, () => []);
  for (let k = 0; k < treeFrom.length; k++) {
    near[treeFrom[k]].push(treeTo[k]);
    near[treeTo[k]].push(treeFrom[k]);
  }
  // Depth first from vertex 1, the smaller neighbour first: the leaves come left to right.
  const depth = new Uint32Array(n + 1);
  const up = new Uint32Array(n + 1);
  const order = [];
  const stack = [1];
  while (stack.length) {
    const v = stack.pop();
    order.push(v);
    const down = near[v].filter((u) => u !== up[v]).sort((a, b) => b - a);
    for (const u of down) {
      up[u] = v;
      depth[u] = depth[v] + 1;
    }
    stack.push(...down);
  }
  // Each leaf a column, left to right; each parent over the middle of its children (which come
  // after it in `order`: walked backwards, they are placed first).
  const kids = new Uint32Array(n + 1);
  for (const v of order) if (up[v]) kids[up[v]]++;
  const slot = new Float64Array(n + 1);
  let leaves = 0;
  for (const v of order) if (!kids[v]) slot[v] = leaves++;
  const lo = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const hi = new Float64Array(n + 1).fill(Number.NEGATIVE_INFINITY);
  for (let k = order.length - 1; k >= 0; k--) {
    const v = order[k];
    if (kids[v]) slot[v] = (lo[v] + hi[v]) / 2;
    const p = up[v];
    if (p) {
      lo[p] = Math.min(lo[p], slot[v]);
      hi[p] = Math.max(hi[p], slot[v]);
    }
  }
  const longest = Math.min(6, Math.max(...inst.stones.slice(1).map((s) => s.length)));
  const chars = Math.max(String(n).length + Math.floor((String(n).length - 1) / 3), longest + Math.floor((longest - 1) / 3) + 1);
  const w = boxWidth(chars);
  const ranks = Math.max(...depth.slice(1)) + 1;
  const M = 4;
  // As dagre spaces them: 14 between two boxes of a rank, 30 between two ranks.
  let across = false;
  let width = 2 * M + leaves * (w + 14) - 14;
  let height = 2 * M + ranks * (BOX_H + 30) - 30;
  if (height > 1.6 * width) {
    across = true;
    [width, height] = [2 * M + ranks * (w + 30) - 30, 2 * M + leaves * (BOX_H + 14) - 14];
  }
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let v = 1; v <= n; v++) {
    x[v - 1] = across ? M + depth[v] * (w + 30) + w / 2 : M + slot[v] * (w + 14) + w / 2;
    y[v - 1] = across ? M + slot[v] * (BOX_H + 14) + BOX_H / 2 : M + depth[v] * (BOX_H + 30) + BOX_H / 2;
  }
  const list = (from, to) => Array.from(from, (u, k) => ({ from: u, to: to[k], points: [] }));
  return {
    width,
    height,
    ids: Uint32Array.from({ length: n }, (_, k) => k + 1),
    x,
    y,
    edges: list(inst.from, inst.to),
    lines: list(inst.tieFrom, inst.tieTo),
    box: [w, BOX_H],
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
