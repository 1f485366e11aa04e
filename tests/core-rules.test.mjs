// The rules the pages used to compute and now ask the core for, held under Node to plain
// JS statements of them: a link's random graph (the pages' own xorshift, as it drew every
// `random=` link before the core did), a ring's predecessor table (every move turned
// around), its move count, and the events told with their plies. Plain node, no browser.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import fc from 'fast-check';
import { LAYOUT } from '../www/pkg/layout.js';

// The whole module: it has every binding (the ring's and the graph element's among them).
const pkg = new URL('../www/pkg/graphs/', import.meta.url);
const loopy = await import(new URL('loopy.js', pkg));
loopy.initSync({ module: await readFile(new URL('loopy_bg.wasm', pkg)) });

/**
 * The random graph `{ n, degree: 2, seed }` exactly as graph-presets.js drew it before the
 * core made link graphs: a 32-bit xorshift from `seed >>> 0 || 1`, each draw `x / 2^32`,
 * `2n` edges, tail then head, `1 + floor(draw · n)`.
 */
function pagesRandomGraph(n, seed) {
  let x = seed >>> 0 || 1;
  const r = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
  const m = Math.round(2 * n);
  const from = new Uint32Array(m);
  const to = new Uint32Array(m);
  for (let k = 0; k < m; k++) {
    from[k] = 1 + Math.floor(r() * n);
    to[k] = 1 + Math.floor(r() * n);
  }
  return { n, from, to };
}

/** The core's link graph as `{ n, from, to }`: its array holds the tails, then the heads. */
function coreRandomGraph(n, seed) {
  const e = loopy.randomGraph(n, seed);
  const m = LAYOUT.graph.randomDegree * n;
  assert.equal(e.length, 2 * m);
  return { n, from: e.subarray(0, m), to: e.subarray(m) };
}

test('randomGraph draws the graph every random= link drew before the core made it', () => {
  assert.equal(LAYOUT.graph.randomDegree, 2);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 3000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n, seed) => {
      assert.deepEqual(coreRandomGraph(n, seed), pagesRandomGraph(n, seed));
    }),
    { numRuns: 300 },
  );
  // The graph page's million-vertex preset, and seeds at the edges of 32 bits.
  for (const [n, seed] of [
    [1000000, 1],
    [777777, 0],
    [12345, 2 ** 32],
    [12345, 2 ** 32 - 1],
  ]) {
    assert.deepEqual(coreRandomGraph(n, seed), pagesRandomGraph(n, seed), `n=${n} seed=${seed}`);
  }
});

test('randomGraph refuses a graph over the core limit before drawing it, as the random attribute', () => {
  const most = Math.floor(LAYOUT.graph.maxBytes / (LAYOUT.graph.bytesPerVertex + 2 * LAYOUT.graph.bytesPerEdge));
  assert.equal(loopy.randomGraph(most, 1).length, 4 * most);
  for (const n of [0, most + 1]) {
    assert.throws(
      () => loopy.randomGraph(n, 1),
      (e) => e.field === 'random' && /^graph\./.test(e.code),
    );
  }
});

/** For every state, its predecessors `[player, pos, step]` from the moves alone (Solution.moves), sorted by step. */
function turnedAround(sol, n) {
  const index = Array.from({ length: 2 * n }, () => []);
  for (const p of [1, 2]) {
    for (let i = 1; i < n; i++) {
      const rows = sol.moves(p, i);
      for (let k = 0; k < rows.length; k += LAYOUT.moveWords) {
        const [step, succ] = [rows[k], rows[k + 1]];
        if (succ !== 0) index[LAYOUT.ring.block[LAYOUT.ring.other[p]] * n + succ].push([p, i, step]);
      }
    }
  }
  for (const list of index) list.sort((a, b) => a[2] - b[2]);
  return index;
}

const game = fc.integer({ min: 2, max: 60 }).chain((n) => {
  const steps = fc.uniqueArray(fc.integer({ min: 1, max: n - 1 }), { minLength: 1, maxLength: n - 1 });
  return fc.tuple(fc.constant(n), steps, steps);
});

test('the predecessor table is every move turned around, in step order, and the move count all moves', () => {
  fc.assert(
    fc.property(game, ([n, s1, s2]) => {
      const sol = loopy.solve(n, s1, s2);
      try {
        assert.equal(sol.moveCount, (n - 1) * (s1.length + s2.length));
        const t = sol.predecessorTable();
        const want = turnedAround(sol, n);
        for (let s = 0; s < 2 * n; s++) {
          const rows = [];
          for (let k = t[s]; k < t[s + 1]; k += LAYOUT.predWords) rows.push([...t.subarray(k, k + LAYOUT.predWords)]);
          assert.deepEqual(rows, want[s], `n=${n} s1=${s1} s2=${s2} state ${s}`);
        }
        // The players of the state blocks, as the layout numbers them.
        for (const p of [1, 2]) assert.equal(LAYOUT.ring.player[LAYOUT.ring.block[p]], p);
      } finally {
        sol.free();
      }
    }),
    { numRuns: 200 },
  );
});

test('a ring event is told with how its plies fall to the mover and the opponent', () => {
  const run = new loopy.Propagation(8, [2, 3, 4, 6], [3, 6]);
  try {
    for (let e = run.next(); e !== undefined; e = run.next()) {
      if (e.kind !== 'resolve' && e.kind !== 'pop') {
        assert.equal(e.plies, undefined);
        continue;
      }
      // The mover makes the first ply, the third, ...
      let mover = 0;
      for (let k = 1; k <= e.depth; k++) if (k % 2) mover++;
      assert.deepEqual(e.plies, { mover, opponent: e.depth - mover });
    }
  } finally {
    run.free();
  }
});

test('every outcome code names its outcome, as the facts spell it', () => {
  const sol = loopy.solve(5, [2, 3], [1, 2, 3]);
  try {
    const out = sol.outcomes(1);
    for (let pos = 1; pos < 5; pos++) assert.equal(LAYOUT.outcomeNames[out[pos]], sol.explain(1, pos).outcome);
  } finally {
    sol.free();
  }
});
