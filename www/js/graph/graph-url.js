// graph-url.js: pure parsing and serialising of a graph view: the `graph` attribute and URL parameter (`1-2,2-3`), vertex fields, the query string, the element's attributes.

import { LAYOUT } from '../../pkg/layout.js';
import { clip, playbackAttributes, readPlayback, tokens, whole, writeQuery } from '../element/url.js';

const EDGE = /^(\d+)-(\d+)$/;
/** The code of a vertex field's error, by the name the caller gives the field (`parseVertex`). */
const VERTEX_CODES = { 'The goal': 'attr.goalNotAVertex', 'The start': 'attr.startNotAVertex', 'The centre': 'attr.centreNotAVertex' };
const VERTEX = /^\d+$/;

/**
 * A graph from its short form: edges `u-v` and lone vertices `v`, separated by commas or
 * white space: `{ value: { n, from, to } }` (`n`: the largest vertex named), or `{ error,
 * code, params }` naming the bad token (the English, and the catalog's `error.CODE`). At most `maxEdges` edges, counted before anything is allocated.
 * Which numbers are vertices is the core's to say (it names the edge at fault).
 */
export function parseEdges(text, maxEdges = LAYOUT.graph.maxEdges) {
  const t = tokens(text);
  if (t.length === 0) return { error: 'the graph is missing: write its moves like 1-2,2-3,3-1', code: 'attr.graphMissing', params: {} };
  let edges = 0;
  for (const tok of t) {
    if (EDGE.test(tok)) edges++;
    else if (!VERTEX.test(tok)) {
      const token = clip(tok);
      return { error: `“${token}” is not a move u-v or a vertex: write the graph like 1-2,2-3,3-1`, code: 'attr.badMove', params: { token } };
    }
  }
  if (edges > maxEdges) {
    return {
      error: `the graph has too many moves: at most ${maxEdges.toLocaleString('en-US')}`,
      code: 'attr.tooManyMoves',
      params: { max: maxEdges },
    };
  }
  const from = new Uint32Array(edges);
  const to = new Uint32Array(edges);
  let n = 0;
  let k = 0;
  // Numbers past 2^32 cannot be vertices; keep them visible to the core's range check.
  const num = (s) => Math.min(Number(s), 0xffffffff);
  for (const tok of t) {
    const e = EDGE.exec(tok);
    if (e) {
      from[k] = num(e[1]);
      to[k] = num(e[2]);
      n = Math.max(n, from[k], to[k]);
      k++;
    } else {
      n = Math.max(n, num(tok));
    }
  }
  return { value: { n, from, to } };
}

/** The short form of a graph: its edges `u-v`, and any vertex no edge names. */
export function formatEdges(n, from, to) {
  const named = new Uint8Array(n + 1);
  const parts = [];
  for (let k = 0; k < from.length; k++) {
    parts.push(`${from[k]}-${to[k]}`);
    named[from[k]] = named[to[k]] = 1;
  }
  for (let v = 1; v <= n; v++) if (!named[v]) parts.push(String(v));
  return parts.join(',');
}

/** A vertex field (goal, start, centre): `{ value }` (null when empty) or `{ error, code, params }`. */
export function parseVertex(text, what) {
  const t = String(text ?? '').trim();
  if (t === '') return { value: null };
  if (!VERTEX.test(t)) return { error: `${what} must be a vertex number, not “${clip(t)}”`, code: VERTEX_CODES[what], params: { token: clip(t) } };
  return { value: Math.min(Number(t), 0xffffffff) };
}

/**
 * The graph view a query string asks for. The graph stays raw text (the element checks it
 * and shows its errors); the rest is checked here and left out when malformed.
 */
export function parseGraphQuery(search) {
  const q = new URLSearchParams(search);
  const out = {};
  if (q.has('graph')) out.graph = q.get('graph');
  for (const k of ['goal', 'start']) if (q.has(k)) out[k] = q.get(k);
  // A random graph's size and seed as written: a malformed one is the element's error
  // (as random=0 is the core's), never silently the default graph.
  if (q.has('random') && !q.has('graph')) {
    const n = q.get('random');
    const seed = q.get('seed');
    out.random = { n: whole(n) ?? n, seed: seed === null ? 1 : (whole(seed) ?? seed) };
  }
  const v = whole(q.get('v'));
  if (v > 0) out.sel = v;
  if (q.get('values') === 'grundy') out.values = 'grundy';
  return readPlayback(q, out);
}

/** The query string (with its `?`) for a graph view (the element's `view`); commas stay readable. */
export function serializeGraphQuery(v) {
  return writeQuery((add, shared) => {
    if (v.graph) add('graph', v.graph);
    else if (v.random) {
      add('random', v.random.n);
      add('seed', v.random.seed);
    }
    if (v.goal) add('goal', v.goal);
    if (v.start) add('start', v.start);
    if (v.values === 'grundy') add('values', 'grundy');
    shared.playback(v);
    if (v.sel) add('v', v.sel);
    shared.flags(v);
  });
}

/** The `<loopy-graph>` attributes that give a view's game (graph or random and seed, goal, start), as `{ name: value }`. */
export function graphGameAttributes(v) {
  const a = v.graph ? { graph: v.graph } : { random: String(v.random.n), seed: String(v.random.seed) };
  if (v.goal) a.goal = String(v.goal);
  if (v.start) a.start = String(v.start);
  return a;
}

/** The `<loopy-graph>` attributes for a view, as `name="value"` text (for embed snippets). */
export function graphAttributes(v) {
  const a = Object.entries(graphGameAttributes(v)).map(([k, x]) => `${k}="${x}"`);
  if (v.values === 'grundy') a.push('values="grundy"');
  a.push(...playbackAttributes(v));
  if (v.sel) a.push(`selected="${v.sel}"`);
  return a.join(' ');
}

/**
 * The graph an element's attributes (`attr(name)`) describe, within the core's edge
 * limit: `{ source, start }` or `{ errors: [{ field, message, code, params }] }`.
 */
export function graphFromAttributes(attr) {
  const errors = [];
  const goal = parseVertex(attr('goal'), 'The goal');
  const start = parseVertex(attr('start'), 'The start');
  const fail = (field, r) => errors.push({ field, message: r.error, code: r.code, params: r.params });
  if (goal.error) fail('goal', goal);
  if (start.error) fail('start', start);
  const random = attr('random');
  if (random !== null && attr('graph') === null) {
    const n = whole(random);
    if (n === undefined) {
      errors.push({
        field: 'random',
        message: `random must be a number of vertices, not “${random}”`,
        code: 'attr.random',
        params: { value: random },
      });
    }
    const seedText = attr('seed');
    const seed = seedText === null ? 1 : whole(seedText);
    if (seed === undefined) {
      const token = clip(seedText);
      errors.push({ field: 'seed', message: `seed must be a whole number, not “${token}”`, code: 'attr.seed', params: { token } });
    }
    if (errors.length) return { errors };
    return { source: { random: { n, seed } }, start: start.value };
  }
  const edges = parseEdges(attr('graph'));
  if (edges.error) fail('graph', edges);
  if (errors.length) return { errors };
  const { n, from, to } = edges.value;
  const source = { n, from, to, goal: goal.value ?? undefined };
  return { source, start: start.value };
}

/**
 * What a link needs for the graph on screen: a random graph its size and seed, any other
 * small one its edges (the worker sends them); null for a large graph given as data.
 */
export function shareOf(game) {
  if (game.format === 'random') return { random: { n: game.n, seed: game.seed } };
  if (!game.edges) return null;
  return { graph: formatEdges(game.n, game.edges.from, game.edges.to), goal: game.goal };
}

/** [u, w, u, w, ...] as a Set of "u w", or null. */
export function pairs(flat) {
  if (!flat) return null;
  const set = new Set();
  for (let k = 0; k + 1 < flat.length; k += 2) set.add(`${flat[k]} ${flat[k + 1]}`);
  return set;
}
