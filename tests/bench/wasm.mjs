// The wasm half of `cargo xtask bench`: solve() under Node on the native half's inputs.
//
// Usage: node tests/bench/wasm.mjs DIR [--quick]
// Reads DIR/families.txt (judge format) and DIR/families.expected (the native answers),
// checks that wasm gives the same answers before timing anything, then prints one
// TSV row per game: index, median ms per solve() call. Then the scale rows:
// "scale", n, steps per player, ms, bytes of wasm memory per state.
import { readFileSync } from 'node:fs';
import { initSync, solve, parseJudge } from '../../www/pkg/loopy.js';

const [dir, ...flags] = process.argv.slice(2);
const quick = flags.includes('--quick');
const wasmUrl = new URL('../../www/pkg/loopy_bg.wasm', import.meta.url);
const wasmBytes = readFileSync(wasmUrl);
initSync({ module: wasmBytes });

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

const runs = quick ? 3 : 7;
const games = parseJudge(readFileSync(`${dir}/families.txt`, 'utf8'));
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
  const ms = medianMs(runs, () => solve(g.n, s1, s2).free());
  console.log(`${i}\t${ms}`);
});

// Scale: n = 10^6 with 16 random steps each, in a fresh instance so that the memory
// growth is this solve's alone.
let seed = 0x5ca1ab1en;
function below(m) {
  seed ^= (seed << 13n) & 0xffffffffffffffffn;
  seed ^= seed >> 7n;
  seed ^= (seed << 17n) & 0xffffffffffffffffn;
  return Number(seed % BigInt(m));
}
function pick(n, k) {
  const set = new Set();
  while (set.size < k) set.add(1 + below(n - 1));
  return Uint32Array.from([...set].sort((a, b) => a - b));
}
for (const n of [1_000_000]) {
  const s1 = pick(n, 16);
  const s2 = pick(n, 16);
  const exports = initSync({ module: wasmBytes });
  const before = exports.memory.buffer.byteLength;
  const t = performance.now();
  const answer = solve(n, s1, s2);
  const ms = performance.now() - t;
  const grown = exports.memory.buffer.byteLength - before;
  answer.free();
  const timed = medianMs(quick ? 1 : 3, () => solve(n, s1, s2).free());
  console.log(`scale\t${n}\t16\t${Math.min(ms, timed)}\t${grown / (2 * (n - 1))}`);
}
