// The phases of the heaviest loads the page admits, timed under Node as the workers run them (part of `cargo xtask bench`).
//
// Usage: node tests/bench/phases.mjs ring|bigring|biggraph|tournament|hub [--quick] [--best] [--max [--anyway]]
//   ring: the worst accepted ring game (n = 10^6, s1 = 500000-999999, s2 = 1-333332), as
//   worker.js loads it: the solve in chunks, the animation's preparation (propagation()),
//   the arrays sent with the game (outcomes and depths; with --best also every state's best
//   move, which the worker no longer computes for a game this size), one state's facts (what
//   a popup asks; and the facts alone, with their size in JSON), and seeks to spread-out positions.
//   bigring: a ring of 5·10^6 positions (past 2^22, where the convolution stopped before its
//   prime was changed), its seeks in slices; with --max a ring of 10^7 (MAX_N) whose step set
//   spans it (transforms of 2^25 points, the largest, not kept between seeks). Also prints the
//   wasm memory the seeks grew (it never shrinks: the seeks' peak above the load's), and
//   the seek limit's verdict (seekCost, checkSeek): a game <loopy-ring> refuses (the --max
//   one) is not solved unless --anyway is given.
//   biggraph: a random DAG of 1,000 vertices and 33 M edges (the graph memory limit), its
//   edges pushed in chunks and built in steps, the longest single call of each, and three seeks.
//   hub: one vertex of 10^6 moves, its facts (what a popup and the inspector ask), with and
//   without its SG facts: time and size in JSON.
//   tournament: a transitive tournament of 3,000 vertices plus a 2-cycle (4.5 M edges), as
//   graph-worker.js loads it: the solve, the arrays, and the Sprague-Grundy values (the
//   "values" phase when they are shown).
//   Prints one TSV row per phase: "phase", game, phase name, ms (the longest single call
//   for the seeks, which is what a visitor waits for).
// Each game runs in its own process (`cargo xtask bench` starts both); one run each: the
// slow phases take minutes on the code before issue 17.

import { readFileSync } from 'node:fs';
import * as loopy from '../../www/pkg/graphs/loopy.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const wasm = loopy.initSync({ module: readFileSync(new URL('../../www/pkg/graphs/loopy_bg.wasm', import.meta.url)) });

const range = (a, b) => Uint32Array.from({ length: b - a + 1 }, (_, i) => a + i);
const row = (game, phase, ms) => console.log(`phase\t${game}\t${phase}\t${ms.toFixed(1)}`);
/**
 * Runs `step(budget)` until it says true, as the workers do: each budget resized from the
 * last call's time to take about `ms` (between 2^12 and `max`). The longest call, in ms.
 */
function inSlices(step, { budget = 1 << 20, ms = 16, max = 1 << 28 } = {}) {
  let longest = 0;
  for (;;) {
    const t0 = performance.now();
    const done = step(budget);
    const dt = performance.now() - t0;
    longest = Math.max(longest, dt);
    if (done) return longest;
    budget = Math.max(1 << 12, Math.min(max, Math.round((budget * ms) / Math.max(dt, 0.5))));
  }
}

function timed(game, phase, f) {
  const t = performance.now();
  const out = f();
  row(game, phase, performance.now() - t);
  return out;
}

if (args[0] === 'ring') {
  const game = 'ring n = 10^6';
  const [n, s1, s2] = [1_000_000, range(500000, 999999), range(1, 333332)];
  const solver = new loopy.Solver(n, s1, s2);
  timed(game, 'solve', () => {
    while (!solver.advance(1 << 24));
  });
  const prop = timed(game, 'prepare (propagation)', () => solver.propagation('events'));
  const sol = prop.solution();
  timed(game, 'outcomes and depths', () => {
    for (const p of [1, 2]) {
      sol.outcomes(p);
      sol.depths(p);
    }
  });
  // Every state's best move: what worker.js computed for every game before issue 17; it now
  // sends them only up to 2^22 moves, and this game has 6·10^11 (asked with --best).
  if (args.includes('--best')) timed(game, 'all best moves (bestMoves)', () => [1, 2].map((p) => sol.bestMoves(p)));
  timed(game, "one state's facts (explain, bestMove)", () => {
    sol.explain(1, 1);
    sol.bestMove(2, n - 1);
  });
  // The facts alone, of player 1 (500,000 moves): what crosses the wasm boundary as JSON
  // (all of them before the bound of issue 17, 57.5 MB; at most 64 listed after it). The
  // median of five calls: one call is a few ms now, which one busy moment would swamp.
  let facts;
  const calls = Array.from({ length: 5 }, () => {
    const t = performance.now();
    facts = sol.explain(1, 1);
    return performance.now() - t;
  }).sort((a, b) => a - b);
  row(game, "one state's facts alone (explain of player 1 at 1, 500,000 moves; median of 5)", calls[2]);
  console.log(
    `# those facts: ${JSON.stringify(facts).length} bytes of JSON, ${facts.moves.length} moves listed of ${facts.moveCount ?? facts.moves.length}`,
  );
  let worst = 0;
  const seeks = quick ? 2 : 5;
  for (let k = 1; k <= seeks; k++) {
    const t = performance.now();
    prop.seek(Math.floor((prop.length * k) / (seeks + 1)));
    prop.snapshot();
    worst = Math.max(worst, performance.now() - t);
  }
  row(game, `seek and snapshot (longest of ${seeks})`, worst);
  prop.free();
  sol.free();
} else if (args[0] === 'bigring') {
  // A ring past 2^22 positions, where a seek's recount could not be a convolution before
  // issue 17's prime change (the transform would pass 2^23 points) and counted every counter
  // directly: n = 5·10^6, 1,200 odd steps against 600 even ones (2^23 points now: the steps
  // span 2,398). With --max: n = 10^7 and one more step, n - 1, so that the transforms are
  // the largest any admitted ring needs (2^25 points, 128 MB each). A seek runs as
  // worker-steps.js runs it: seekBegin, then seekAdvance in slices of about 50 ms (the
  // longest slice is what a newer load waits for); the code before the slices had one seek() call.
  const max = args.includes('--max');
  const every = (a, b, d) => Uint32Array.from({ length: Math.floor((b - a) / d) + 1 }, (_, i) => a + i * d);
  const n = max ? 10_000_000 : 5_000_000;
  const game = max ? 'ring n = 10^7, 1,201 (to n - 1) vs 600 steps' : 'ring n = 5·10^6, 1,200 vs 600 steps';
  const s1 = max ? Uint32Array.from([...every(1, 2399, 2), n - 1]) : every(1, 2399, 2);
  const s2 = every(2, 1200, 2);
  // The seek limit (issue 17): what <loopy-ring>'s worker asks before solving.
  const cost = loopy.seekCost(n, s1, s2);
  let refused = null;
  try {
    loopy.checkSeek(n, s1, s2);
  } catch (e) {
    refused = e;
  }
  console.log(
    `# seek cost ${(cost / 1e6).toFixed(1)} M of at most ${(loopy.maxSeekCost() / 1e6).toFixed(1)} M: ${refused ? `refused by <loopy-ring> (${refused.code}; every game animates up to n = ${refused.params.fits})` : 'admitted by <loopy-ring>'}`,
  );
  // A game the page refuses is not solved and seeked here either, unless asked (--anyway).
  if (refused && !args.includes('--anyway')) process.exit(0);
  const solver = new loopy.Solver(n, s1, s2);
  timed(game, 'solve', () => {
    while (!solver.advance(1 << 24));
  });
  const prop = timed(game, 'prepare (propagation)', () => solver.propagation('events'));
  const seeks = quick ? 1 : 3;
  const loaded = wasm.memory.buffer.byteLength;
  let [whole, slice, begin, advance] = [0, 0, 0, 0];
  for (let k = 1; k <= seeks; k++) {
    const t = performance.now();
    const m = Math.floor((prop.length * k) / (seeks + 1));
    if (prop.seekBegin) {
      prop.seekBegin(m);
      begin = Math.max(begin, performance.now() - t);
      slice = Math.max(slice, begin);
      const longest = inSlices((b) => prop.seekAdvance(b), { budget: 1 << 22, ms: 50, max: 1 << 30 });
      slice = Math.max(slice, longest);
      advance = Math.max(advance, longest);
    } else {
      prop.seek(m);
      slice = Math.max(slice, performance.now() - t);
    }
    prop.snapshot();
    whole = Math.max(whole, performance.now() - t);
  }
  row(game, `seek and snapshot (longest of ${seeks})`, whole);
  row(game, 'longest single call of a seek (what a newer load waits for)', slice);
  if (prop.seekBegin) {
    row(game, 'longest seekBegin', begin);
    row(game, 'longest seekAdvance (slices of about 50 ms)', advance);
  }
  console.log(
    `# wasm memory: ${(loaded / 2 ** 20).toFixed(0)} MiB after the load, ${(wasm.memory.buffer.byteLength / 2 ** 20).toFixed(0)} MiB after the seeks`,
  );
  prop.free();
} else if (args[0] === 'biggraph') {
  // The largest graph the memory limit admits in edges: n = 1,000, m = 33 M, a random DAG
  // (every edge from the smaller vertex to the larger, so the BFS reaches every edge), as
  // graph-worker.js loads it: the graph read, built in chunks, then solved in chunks.
  const game = 'random DAG, n = 1,000, m = 33 M';
  const [n, m] = [1000, 33_000_000];
  const from = new Uint32Array(m);
  const to = new Uint32Array(m);
  let x = 12345;
  const next = () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return 1 + (x % n);
  };
  for (let k = 0; k < m; k++) {
    const [u, v] = [next(), next()];
    [from[k], to[k]] = u < v ? [u, v] : u > v ? [v, u] : [1, n];
  }
  // The graph read and built as graph-worker.js does it: begun (its size checked), its
  // edges pushed (GraphBuilder.push, in chunks sized for 16 ms, at most pushMax), then
  // GraphBuilder.advance in 16 ms chunks; with --once the one-call build (new GraphSolver),
  // to compare.
  let solver;
  if (args.includes('--once')) {
    solver = timed(game, 'read and build the graph (new GraphSolver, one call)', () => new loopy.GraphSolver(n, from, to, undefined));
  } else {
    const t = performance.now();
    const builder = timed(game, 'begin the graph (new GraphBuilder)', () => new loopy.GraphBuilder(n, m, undefined));
    let [longest, budget, at] = [0, 1 << 20, 0];
    const t1 = performance.now();
    while (at < m) {
      const end = Math.min(m, at + Math.min(budget, builder.pushMax));
      const t0 = performance.now();
      builder.push(from.subarray(at, end), to.subarray(at, end));
      const dt = performance.now() - t0;
      longest = Math.max(longest, dt);
      at = end;
      budget = Math.max(1 << 12, Math.min(1 << 28, Math.round((budget * 16) / Math.max(dt, 0.5))));
    }
    row(game, 'push the edges (GraphBuilder.push), in all', performance.now() - t1);
    row(game, 'longest push', longest);
    longest = inSlices((b) => builder.advance(b));
    solver = timed(game, 'hand the graph to its solve (builder.solver())', () => builder.solver());
    row(game, 'build (begin, push and advance, in 16 ms chunks), in all', performance.now() - t);
    row(game, 'longest advance of the build', longest);
    builder.free();
  }
  const t = performance.now();
  const slice = inSlices((b) => solver.advance(b));
  row(game, 'solve (advance, in 16 ms chunks)', performance.now() - t);
  row(game, 'longest advance of the solve', slice);
  const prop = timed(game, 'prepare (propagation)', () => solver.propagation('events'));
  // Seeks as the worker runs them (seekBegin, seekAdvance in 50 ms slices, then the
  // snapshot): to three quarters, back to a quarter (a rebuild: O(n + m), the graph's seek
  // bound, which its memory limit bounds), then ahead to the middle.
  let [whole, longest] = [0, 0];
  for (const f of [0.75, 0.25, 0.5]) {
    const t0 = performance.now();
    prop.seekBegin(Math.floor(prop.length * f));
    longest = Math.max(
      longest,
      inSlices((b) => prop.seekAdvance(b), { budget: 1 << 22, ms: 50, max: 1 << 30 }),
    );
    prop.snapshot();
    whole = Math.max(whole, performance.now() - t0);
  }
  row(game, 'seek and snapshot (longest of 3)', whole);
  row(game, 'longest seekAdvance of those seeks', longest);
  prop.free();
  solver.free();
} else if (args[0] === 'tournament') {
  const game = 'tournament 3,000 + 2-cycle';
  const t = 3000;
  const m = (t * (t - 1)) / 2 + 2;
  const from = new Uint32Array(m);
  const to = new Uint32Array(m);
  let k = 0;
  for (let i = 1; i <= t; i++) {
    for (let j = i + 1; j <= t; j++) {
      from[k] = i;
      to[k++] = j;
    }
  }
  from[k] = t + 1;
  to[k++] = t + 2;
  from[k] = t + 2;
  to[k++] = t + 1;
  const prop = timed(game, 'solve (GraphPropagation)', () => new loopy.GraphPropagation(t + 2, from, to, undefined, 'events'));
  const sol = prop.solution();
  timed(game, 'outcomes, depths, best moves', () => {
    sol.outcomes();
    sol.depths();
    sol.bestMoves();
  });
  timed(game, 'Sprague-Grundy values (grundy)', () => sol.grundy());
  prop.free();
  sol.free();
} else if (args[0] === 'hub') {
  // A vertex of 10^6 moves (issue 17: its facts listed every move): vertex 1 moves to each
  // of 2 ..= 1001 in turn, among a transitive tournament on 2 ..= 101 (SG values 0 to 99)
  // and 450 2-cycles on 102 ..= 1001 (draws of value ∞). One vertex's facts, as the popup
  // and the inspector ask them (GraphSolution.explain; with the SG facts when the values
  // are shown): the median of five calls, and their size in JSON.
  const game = 'hub, 10^6 moves from one vertex';
  const [from, to] = [[], []];
  const edge = (u, v) => {
    from.push(u);
    to.push(v);
  };
  for (let i = 2; i <= 101; i++) for (let j = i + 1; j <= 101; j++) edge(i, j);
  for (let a = 102; a <= 1001; a += 2) {
    edge(a, a + 1);
    edge(a + 1, a);
  }
  for (let k = 0; k < 1_000_000; k++) edge(1, 2 + (k % 1000));
  const sol = loopy.solveGraph(1001, Uint32Array.from(from), Uint32Array.from(to));
  timed(game, 'Sprague-Grundy values (grundy)', () => sol.grundy());
  for (const sg of [false, true]) {
    let facts;
    const calls = Array.from({ length: 5 }, () => {
      const t = performance.now();
      facts = sol.explain(1, undefined, sg);
      return performance.now() - t;
    }).sort((a, b) => a - b);
    row(game, `the facts of vertex 1${sg ? ', with its SG facts' : ''} (explain; median of 5)`, calls[2]);
    console.log(
      `# those facts: ${JSON.stringify(facts).length} bytes of JSON, ${facts.moves.length} moves listed of ${facts.moveCount ?? facts.moves.length}`,
    );
  }
  sol.free();
} else {
  console.error('usage: node tests/bench/phases.mjs ring|bigring|biggraph|tournament|hub [--quick]');
  process.exit(2);
}
