// The graph mode's layout library, measured: dagre (what the page uses, through the page's own
// www/js/workers/graph-layout.js) against elkjs's layered algorithm, on the presets and on larger
// graphs: time (median of 3, after a warm-up), overlapping vertex boxes, the drawing's size,
// and how large a vertex's mark would be with the whole drawing fitted into 640 px.
//
// Usage: node tests/bench/layout.mjs [--quick]   (after `cargo xtask build`)
// Prints a Markdown table. Figures only; nothing here passes or fails on a number.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GRAPH_PRESETS } from '../../www/js/graph/graph-presets.js';
import { BOX_H, boxWidth, layeredLayout, MARK } from '../../www/js/workers/graph-layout.js';
import { initSync, parseGraph } from '../../www/pkg/graphs/loopy.js';
import * as dagre from '../../www/vendor/dagre.esm.js';

initSync({ module: readFileSync(new URL('../../www/pkg/graphs/loopy_bg.wasm', import.meta.url)) });
const ELK = createRequire(import.meta.url)('elkjs/lib/elk.bundled.js');
const elk = new ELK();
const quick = process.argv.includes('--quick');
const CANVAS = 640;

/** A small xorshift, so that the graphs are the same on every run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (m) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % m;
  };
}

function randomGraph(n, m, seed) {
  const r = rng(seed);
  const from = [];
  const to = [];
  for (let k = 0; k < m; k++) {
    from.push(1 + r(n));
    to.push(1 + r(n));
  }
  return { n, from, to };
}

/** The subtraction game {1, 3, 4} on heaps 0 .. n - 1 (vertex h + 1 is heap h): a DAG, three moves a vertex. */
function subtraction(n) {
  const from = [];
  const to = [];
  for (let h = 1; h < n; h++) {
    for (const x of [1, 3, 4]) {
      if (x <= h) {
        from.push(h + 1);
        to.push(h - x + 1);
      }
    }
  }
  return { n, from, to };
}

const cases = [];
for (const p of GRAPH_PRESETS) {
  const inst = parseGraph(p.text)[0];
  cases.push({ name: `preset: ${p.name}`, n: inst.n, from: [...inst.from], to: [...inst.to] });
}
for (const n of quick ? [100, 200] : [100, 200, 300, 500, 1000]) cases.push({ name: `random, m = 2n`, ...randomGraph(n, 2 * n, n) });
for (const n of quick ? [200] : [200, 1000]) cases.push({ name: 'subtraction {1,3,4} (a DAG)', ...subtraction(n) });

/** Pairs of vertex boxes that overlap (centres closer than a box in both directions). */
function overlaps(xs, ys, BOX_W) {
  let count = 0;
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) {
      if (Math.abs(xs[i] - xs[j]) < BOX_W - 0.5 && Math.abs(ys[i] - ys[j]) < BOX_H - 0.5) count++;
    }
  }
  return count;
}

async function timed(f, runs) {
  const times = [];
  let out;
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    out = await f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], out };
}

function runDagre(c) {
  const ids = Array.from({ length: c.n }, (_, k) => k + 1);
  return layeredLayout(dagre, ids, c.from, c.to, 'TB');
}

async function runElk(c) {
  const BOX_W = boxWidth(c.n.toLocaleString('en-US').length);
  const children = Array.from({ length: c.n }, (_, k) => ({ id: String(k + 1), width: BOX_W, height: BOX_H }));
  const edges = [];
  const seen = new Set();
  c.from.forEach((u, k) => {
    const key = `${u} ${c.to[k]}`;
    if (u !== c.to[k] && !seen.has(key)) {
      seen.add(key);
      edges.push({ id: `e${k}`, sources: [String(u)], targets: [String(c.to[k])] });
    }
  });
  const r = await elk.layout({ id: 'root', layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'DOWN' }, children, edges });
  const xs = r.children.map((ch) => ch.x + BOX_W / 2);
  const ys = r.children.map((ch) => ch.y + BOX_H / 2);
  return { width: r.width, height: r.height, x: xs, y: ys };
}

// Warm both up (JIT, elk's start).
await runElk(cases[0]);
runDagre(cases[0]);

const rows = [];
for (const c of cases) {
  const runs = c.n > 400 ? 1 : 3;
  const d = await timed(() => runDagre(c), runs);
  const e = await timed(() => runElk(c), runs);
  const mark = (l) => ((MARK * CANVAS) / Math.max(l.width, l.height)).toFixed(1);
  rows.push(
    `| ${c.name} | ${c.n} | ${c.from.length} | ${d.ms.toFixed(0)} | ${overlaps(d.out.x, d.out.y, d.out.box[0])} | ${d.out.width.toFixed(0)} × ${d.out.height.toFixed(0)} | ${mark(d.out)} ` +
      `| ${e.ms.toFixed(0)} | ${overlaps(e.out.x, e.out.y, boxWidth(c.n.toLocaleString('en-US').length))} | ${e.out.width.toFixed(0)} × ${e.out.height.toFixed(0)} | ${mark(e.out)} |`,
  );
}
console.log('#### Graph layout: dagre (used) against elkjs (layered), under Node\n');
console.log('| graph | n | m | dagre ms | overlaps | size | mark px at 640 | elk ms | overlaps | size | mark px at 640 |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
