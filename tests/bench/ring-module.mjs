// ring-module.mjs: the ring module (www/pkg/, built for size: see RING_MODULE in xtask/src/build.rs) against the whole module (www/pkg/graphs/, built as release) on what <loopy-ring>'s worker runs: the solve, seeks that step, nextBatch, a seek that rebuilds, a snapshot.
// Usage: node tests/bench/ring-module.mjs [--quick]. Prints a Markdown table: medians of
// several runs, the two modules taking turns, and their ratio (the same code, so the
// ratio is what the ring module's build settings cost; above 1 is slower).

import { readFileSync } from 'node:fs';
import * as whole from '../../www/pkg/graphs/loopy.js';
import * as ring from '../../www/pkg/loopy.js';

const quick = process.argv.includes('--quick');
const runs = quick ? 3 : 9;
for (const [m, dir] of [
  [ring, '../../www/pkg/'],
  [whole, '../../www/pkg/graphs/'],
]) {
  m.initSync({ module: readFileSync(new URL(`${dir}loopy_bg.wasm`, import.meta.url)) });
}

const range = (a, b, d = 1) => Uint32Array.from({ length: Math.floor((b - a) / d) + 1 }, (_, i) => a + i * d);
const ms = (f) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
const solved = (m, n, s1, s2) => {
  const s = new m.Solver(n, s1, s2);
  while (!s.advance(1e9));
  const p = s.propagation('events');
  s.free();
  return p;
};
const seek = (p, to, budget = 1e9) => {
  p.seekBegin(to);
  while (!p.seekAdvance(budget));
};

const small = range(1, 16);
const n = 1_048_577; // SEEK_FITS: the widest ring on which every game animates
const wide1 = Uint32Array.from({ length: 321 }, (_, i) => 1 + Math.floor((i * (n - 2)) / 320));
const wide2 = Uint32Array.from(new Set(Array.from({ length: 300 }, (_, i) => (1 + Math.floor((i * (n - 3)) / 299)) | 1)));
const STEP = 20_000;

/** ns an event of 50 calls of `f`, each over STEP events. */
const nsPerEvent = (f) =>
  (ms(() => {
    for (let k = 0; k < 50; k++) f();
  }) *
    1e6) /
  (50 * STEP);

/** One run of every measure on module `m`: ms, or ns per event for the stepping ones. */
function once(m) {
  const out = {};
  out.solve = ms(() => solved(m, 1_000_000, small, small).free());
  out.dense = ms(() => {
    for (let k = 0; k < 20; k++) solved(m, 7000, range(1, 200), range(1, 599, 2)).free();
  });
  const p = solved(m, 1_000_000, small, small);
  let at = Math.floor(p.length * 0.3);
  seek(p, at);
  out.stepping = nsPerEvent(() => {
    at += STEP;
    seek(p, at, 1 << 22);
  });
  out.batch = nsPerEvent(() => p.nextBatch(STEP));
  out.snapshot = ms(() => p.snapshot());
  p.free();
  const q = solved(m, n, wide1, wide2);
  seek(q, q.length);
  out.rebuild = ms(() => {
    seek(q, Math.floor(q.length * 0.1), 1 << 24);
  });
  q.free();
  return out;
}

const rows = [
  ['solve', 'solve, n = 10^6, steps 1..16 (ms)'],
  ['dense', '20 solves, n = 7000, 200 vs 300 steps (ms)'],
  ['stepping', 'seeks ahead by 20,000 events, n = 10^6 (ns an event)'],
  ['batch', 'nextBatch of 20,000 events, n = 10^6 (ns an event)'],
  ['snapshot', 'snapshot, n = 10^6 (ms)'],
  ['rebuild', 'a seek back (a rebuild), n = 2^20 + 1, 321 vs 300 steps spanning it (ms)'],
];
const seen = { ring: [], whole: [] };
for (let r = 0; r < runs; r++) {
  seen.ring.push(once(ring));
  seen.whole.push(once(whole));
}
const median = (list, key) => {
  const v = list.map((o) => o[key]).sort((a, b) => a - b);
  return v[v.length >> 1];
};
console.log(`\n### The ring module against the whole module (medians of ${runs} runs)\n`);
console.log('| measure | ring module (for size) | whole module (release) | ratio |');
console.log('|---|---:|---:|---:|');
for (const [key, label] of rows) {
  const a = median(seen.ring, key);
  const b = median(seen.whole, key);
  console.log(`| ${label} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(2)} |`);
}
