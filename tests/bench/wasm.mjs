// The wasm half of `cargo xtask bench`: solve() under Node on the native half's inputs.
//
// Usage: node tests/bench/wasm.mjs DIR [--quick]
//   Reads DIR/families.txt (judge format) and DIR/families.expected (the native
//   answers), checks that wasm gives the same answers before timing anything, then
//   prints one TSV row per game: "family", index, median ms per solve() call. Then it
//   runs each scale case in a fresh Node process (so that the wasm memory it reports
//   is that solve's alone) and prints "scale", label, n, ms, bytes of memory per state.
//   Then, also each in a fresh Node process, the graph cases: "graph", label, n, m,
//   ms to solve (values and depths, the arrays' copy into wasm included), and bytes of
//   wasm memory grown per edge plus vertex.
// Usage: node tests/bench/wasm.mjs --scale LABEL (one scale case, as above).
// Usage: node tests/bench/wasm.mjs --graph LABEL (one graph case, as above).

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as graphs from '../../www/pkg/graphs/loopy.js';

// solve() is the whole module's (the ring's own module, which the element's worker loads, solves
// through a Solver and leaves it out): the same core, so the same times and bytes.
const { initSync, solve } = graphs;

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const wasmBytes = readFileSync(new URL('../../www/pkg/graphs/loopy_bg.wasm', import.meta.url));

/** Median over `runs` samples of the time of one call, each sample long enough to time. */
function medianMs(runs, f) {
  let t = performance.now();
  f();
  const once = Math.max(performance.now() - t, 1e-3);
  const reps = Math.min(10000, Math.max(1, Math.ceil(20 / once)));
  const samples = [];
  for (let r = 0; r < runs; r++) {
    t = performance.now();
    for (let i = 0; i < reps; i++) f();
    samples.push((performance.now() - t) / reps);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(runs / 2)];
}

/** n = 10^6 with 16 steps each: random (few states resolve) or 1..16 (a deep BFS). */
function scaleCase(label) {
  let seed = 0x5ca1ab1en;
  const below = (m) => {
    seed ^= (seed << 13n) & 0xffffffffffffffffn;
    seed ^= seed >> 7n;
    seed ^= (seed << 17n) & 0xffffffffffffffffn;
    return Number(seed % BigInt(m));
  };
  const pick = (n, k) => {
    const set = new Set();
    while (set.size < k) set.add(1 + below(n - 1));
    return Uint32Array.from([...set].sort((a, b) => a - b));
  };
  const n = 1_000_000;
  const oneTo16 = Uint32Array.from({ length: 16 }, (_, i) => i + 1);
  const [s1, s2] = label === 'random' ? [pick(n, 16), pick(n, 16)] : [oneTo16, oneTo16];
  return { n, s1, s2 };
}

/** A graph with 10^6 vertices: 5·10^6 random edges, or the text of a chain in format dag. */
function graphCase(label) {
  const n = 1_000_000;
  if (label === 'dag chain (text)') {
    const lines = [`${n} ${n - 1} 1`];
    for (let v = 1; v < n; v++) lines.push(`${v} ${v + 1}`);
    return { n, m: n - 1, text: `${lines.join('\n')}\n` };
  }
  const m = 5_000_000;
  let x = 0x2545f491;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
  const from = new Uint32Array(m);
  const to = new Uint32Array(m);
  for (let i = 0; i < m; i++) {
    from[i] = 1 + next();
    to[i] = 1 + next();
  }
  return { n, m, from, to };
}

if (args[0] === '--graph') {
  // Games on graphs are in the module built with the `graphs` feature.
  const wasm = graphs.initSync({ module: readFileSync(new URL('../../www/pkg/graphs/loopy_bg.wasm', import.meta.url)) });
  const { solveGraph, parseGraph } = graphs;
  const label = args[1];
  const { n, m, from, to, text } = graphCase(label);
  const solveOnce = () => {
    if (text) {
      const [inst] = parseGraph(text, 'dag');
      const sol = solveGraph(inst.n, inst.from, inst.to);
      if (sol.optimalSet(1).length !== n) throw new Error('the chain is one optimal play');
      sol.free();
    } else {
      const sol = solveGraph(n, from, to);
      if (sol.depths().length !== n + 1) throw new Error('one depth per vertex');
      sol.free();
    }
  };
  // The memory is the first solve's; the time the best of three (the machine is shared).
  const before = wasm.memory.buffer.byteLength;
  let ms = Infinity;
  let grown = 0;
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    solveOnce();
    ms = Math.min(ms, performance.now() - t);
    if (run === 0) grown = wasm.memory.buffer.byteLength - before;
  }
  console.log(`graph\t${label}\t${n}\t${m}\t${ms}\t${grown / (n + m)}`);
  process.exit(0);
}

const wasm = initSync({ module: wasmBytes });

if (args[0] === '--scale') {
  const label = args[1];
  const { n, s1, s2 } = scaleCase(label);
  const before = wasm.memory.buffer.byteLength;
  const t = performance.now();
  solve(n, s1, s2).free();
  const first = performance.now() - t;
  const grown = wasm.memory.buffer.byteLength - before;
  const ms = Math.min(
    first,
    medianMs(quick ? 1 : 3, () => solve(n, s1, s2).free()),
  );
  console.log(`scale\t${label}\t${n}\t${ms}\t${grown / (2 * (n - 1))}`);
  process.exit(0);
}

const dir = args[0];
const runs = quick ? 3 : 7;
// The judge reader lives in the full module (the ring-only one the page loads leaves it out).
graphs.initSync({ module: readFileSync(new URL('../../www/pkg/graphs/loopy_bg.wasm', import.meta.url)) });
const games = graphs.parseJudge(readFileSync(`${dir}/families.txt`, 'utf8'));
const expected = readFileSync(`${dir}/families.expected`, 'utf8').split('\n');
games.forEach((g, i) => {
  const s1 = Uint32Array.from(g.s1);
  const s2 = Uint32Array.from(g.s2);
  const answer = solve(g.n, s1, s2);
  const text = answer.toJudgeText();
  answer.free();
  if (text !== `${expected[2 * i]}\n${expected[2 * i + 1]}`) {
    console.error(`game ${i + 1}: wasm and native answers differ; no time is reported`);
    process.exit(1);
  }
  console.log(`family\t${i}\t${medianMs(runs, () => solve(g.n, s1, s2).free())}`);
});
const self = fileURLToPath(import.meta.url);
for (const label of ['random', '1..16']) {
  const flags = quick ? ['--quick'] : [];
  process.stdout.write(execFileSync(process.execPath, [self, '--scale', label, ...flags]));
}
for (const label of ['random, m = 5n', 'dag chain (text)']) {
  process.stdout.write(execFileSync(process.execPath, [self, '--graph', label]));
}
