// The native CLI and the wasm module agree: same answers, same error messages.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import * as graphs from '../www/pkg/graphs/loopy.js';
import { runCli, TIMEOUT } from './browser.mjs';
import { rng } from './page-helpers.mjs';

// The whole API, games on graphs too, is the module built with the `graphs` feature.
graphs.initSync({ module: readFileSync(new URL('../www/pkg/graphs/loopy_bg.wasm', import.meta.url)) });
const { graphAnswer, parseGraph, parseJudge, solve, solveGraph, layout } = graphs;

function judgeInput(games) {
  const line = (s) => [s.length, ...s].join(' ');
  return `${games.length}\n${games.map((g) => `${g.n}\n${line(g.s1)}\n${line(g.s2)}`).join('\n')}\n`;
}

function wasmAnswer(games) {
  return games
    .map((g) => {
      const sol = solve(g.n, g.s1, g.s2);
      const text = sol.toJudgeText();
      sol.free();
      return `${text}\n`;
    })
    .join('');
}

test('wasm solve() prints what the CLI prints on random games', { timeout: TIMEOUT }, async () => {
  const below = rng(0xc0ffee);
  const games = [];
  for (let i = 0; i < 60; i++) {
    const n = 2 + below(400);
    const pick = (density) => {
      const s = [];
      for (let x = 1; x < n; x++) if (below(1000) < density) s.push(x);
      return s.length ? s : [1 + below(n - 1)];
    };
    const d = [5, 50, 300, 700, 1000][i % 5];
    games.push({ n, s1: pick(d), s2: pick(1000 - d + 5) });
  }
  const input = judgeInput(games);
  const cli = await runCli(input);
  assert.equal(cli.code, 0, cli.stderr);
  assert.equal(wasmAnswer(games), cli.stdout);
  // parseJudge reads the same input the CLI read.
  assert.deepEqual(
    parseJudge(input).map((g) => g.n),
    games.map((g) => g.n),
  );
});

test('wasm solve() prints what the CLI prints on maximal games', { timeout: TIMEOUT }, async () => {
  const n = 7000;
  const all = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const games = [
    { n, s1: all, s2: all },
    { n, s1: all.filter((x) => x % 2 === 0), s2: all.filter((x) => x % 3 === 1) },
    { n, s1: all.filter((x) => x >= n / 2), s2: all.filter((x) => x <= n / 3) },
  ];
  for (const g of games) {
    const cli = await runCli(judgeInput([g]));
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal(wasmAnswer([g]), cli.stdout);
  }
});

test('bad input gives the same message from the CLI and from parseJudge', { timeout: TIMEOUT }, async () => {
  const bad = ['1\n1\n1 1\n1 1\n', '1\n5\n2 3\n1 1\n', '1\n5\n2 1 1\n1 1\n', '1\n5\n1 x\n1 1\n', '1\n5\n1 1\n1 1\nextra\n', '2\n5\n1 1\n1 1\n'];
  for (const input of bad) {
    const cli = await runCli(input);
    assert.equal(cli.code, 2, input);
    assert.equal(cli.stdout, '');
    assert.throws(
      () => parseJudge(input),
      (e) => {
        assert.equal(`loopy: ${e.message}\n`, cli.stderr);
        return true;
      },
    );
  }
});

/** A random graph text: format goal (one graph, queries) or dag (instances). */
function randomGraphs(below) {
  const goalLines = [];
  const n = 2 + below(60);
  const m = below(4 * n);
  const q = 40;
  goalLines.push(`${n} ${m} ${q}`);
  for (let i = 0; i < m; i++) goalLines.push(`${1 + below(n)} ${1 + below(n)}`);
  for (let i = 0; i < q; i++) {
    const s = 1 + below(n);
    goalLines.push(`${s} ${1 + ((s + below(n - 1)) % n)}`);
  }
  const dagLines = [];
  for (let k = 0; k < 20; k++) {
    const dn = 1 + below(30);
    const dm = below(3 * dn);
    dagLines.push(`${dn} ${dm} ${below(2)}`);
    for (let i = 0; i < dm; i++) dagLines.push(`${1 + below(dn)} ${1 + below(dn)}`);
  }
  return { goal: `${goalLines.join('\n')}\n`, dag: `${dagLines.join('\n')}\n` };
}

/** What `loopy graph` prints, computed with the wasm API. */
function wasmGoal(text) {
  const [g] = parseGraph(text, 'goal');
  const { outcome } = layout();
  const words = { [outcome.win]: '1', [outcome.lose]: '-1', [outcome.draw]: '0' };
  let out = '';
  for (let k = 0; k < g.queryStarts.length; k++) {
    const sol = solveGraph(g.n, g.from, g.to, { goal: g.queryGoals[k] });
    out += `${words[sol.outcomes()[g.queryStarts[k]]]}\n`;
    sol.free();
  }
  return out;
}

/** What `loopy dag` prints, computed with the wasm API. */
function wasmDag(text) {
  const { outcome } = layout();
  return parseGraph(text, 'dag')
    .map((inst) => {
      const sol = solveGraph(inst.n, inst.from, inst.to);
      const firstWins = sol.outcomes()[inst.start] === outcome.win;
      const line = `${Number(firstWins === inst.heroFirst)}\n${[...sol.optimalSet(inst.start)].join(' ')}\n`;
      sol.free();
      return line;
    })
    .join('');
}

test('wasm solveGraph answers what loopy graph and loopy dag print', { timeout: TIMEOUT }, async () => {
  const below = rng(0x6a9e);
  for (let round = 0; round < 15; round++) {
    const { goal, dag } = randomGraphs(below);
    const g = await runCli(goal, ['graph']);
    assert.equal(g.code, 0, g.stderr);
    assert.equal(wasmGoal(goal), g.stdout);
    assert.equal(graphAnswer(goal, 'goal'), g.stdout, 'graphAnswer is the CLI answer');
    const d = await runCli(dag, ['dag']);
    assert.equal(d.code, 0, d.stderr);
    assert.equal(wasmDag(dag), d.stdout);
    assert.equal(graphAnswer(dag, 'dag'), d.stdout, 'graphAnswer is the CLI answer');
  }
  // And the spec's samples, through both.
  const sample = '8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n';
  assert.equal(wasmGoal(sample), '-1\n1\n0\n-1\n');
  assert.equal((await runCli(sample, ['graph'])).stdout, '-1\n1\n0\n-1\n');
  assert.equal(wasmDag('5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n'), '1\n1 2 4 5\n');
});

test('bad graph texts give the same message from the CLI and from parseGraph', { timeout: TIMEOUT }, async () => {
  const bad = [
    ['graph', 'goal', '3 2 1\n1 2\n2 4\n1 3\n'],
    ['graph', 'goal', '0 0 0\n'],
    ['graph', 'goal', '3 1 1\n1 2\n2 2\n'],
    ['graph', 'goal', '3 1 1\n1 2\n1 2\nextra\n'],
    ['graph', 'goal', '3 -2 1\n'],
    ['dag', 'dag', '2 1 2\n1 2\n'],
    ['dag', 'dag', '3 2 1\n1 2\n'],
    ['dag', 'dag', '2 1 1\n1 x\n'],
  ];
  for (const [command, format, input] of bad) {
    const cli = await runCli(input, [command]);
    assert.equal(cli.code, 2, input);
    assert.equal(cli.stdout, '');
    assert.throws(
      () => parseGraph(input, format),
      (e) => {
        assert.equal(`loopy: ${e.message}\n`, cli.stderr);
        assert.equal(e.field, 'text');
        assert.equal(typeof e.line, 'number');
        return true;
      },
    );
  }
});

test("the generated pkg/layout.js is the whole module's layout(), frozen; the ring module leaves layout() and the why out", async () => {
  const { LAYOUT } = await import('../www/pkg/layout.js');
  const ringModule = await import('../www/pkg/loopy.js');
  assert.equal(ringModule.layout, undefined, 'the page and <loopy-ring> read pkg/layout.js instead');
  // Nor what the element's worker never calls: it solves through Solver and its propagation().
  assert.equal(ringModule.solve, undefined, 'the ring module leaves solve() to the whole API');
  assert.equal(ringModule.Solver.prototype.solution, undefined, 'the ring module leaves Solver.solution() to the whole API');
  assert.equal(graphs.Solver.prototype.solution.name, 'solution', 'the whole API keeps it');
  // Nor the getters and methods it never reads: it steps with nextBatch and seek, knows its game's n, and asks a
  // state's best move and its moves of the why module.
  for (const [name, Ring, Whole, keys] of [
    ['Propagation', ringModule.Propagation, graphs.Propagation, ['next', 'globalPosition', 'n']],
    ['Solution', ringModule.Solution, graphs.Solution, ['n', 'bestMove', 'moves']],
    ['Solver', ringModule.Solver, graphs.Solver, ['done']],
  ]) {
    for (const key of keys) {
      assert.ok(!(key in Ring.prototype), `the ring module leaves ${name}.${key} to the whole API`);
      assert.ok(key in Whole.prototype, `the whole API keeps ${name}.${key}`);
    }
  }
  // Nor the why: explain, grades and the judge text are the why module's (pkg/ring-why/), loaded on the first question.
  for (const f of ['explain', 'grades', 'toJudgeText']) {
    assert.equal(ringModule.Solution.prototype[f], undefined, `the ring module leaves Solution.${f} to the why module`);
    assert.equal(typeof graphs.Solution.prototype[f], 'function', `the whole API keeps Solution.${f}`);
  }
  assert.deepEqual(LAYOUT, layout());
  assert.ok(Object.isFrozen(LAYOUT.snapshot.stack), 'nested parts are frozen too');
});

test('checkGraphSize gives the error solveGraph gives for the size alone', () => {
  const { maxEdges } = layout().graph;
  assert.doesNotThrow(() => graphs.checkGraphSize(1, maxEdges));
  const message = (f) => {
    try {
      f();
    } catch (e) {
      return `${e.field}: ${e.message}`;
    }
    return 'no error';
  };
  assert.match(
    message(() => graphs.checkGraphSize(1, maxEdges + 1)),
    /^n: a graph of n = 1 vertices and m = \d+ edges is too large/,
  );
  assert.equal(
    message(() => graphs.checkGraphSize(0, 0)),
    message(() => solveGraph(0, [], [])),
  );
});

/** One random fault in an answer: a changed, removed, inserted or non-value word, a line removed, added or swapped. */
function plantFault(answer, format, below) {
  const lines = answer.split('\n').filter((l) => l !== '');
  if (lines.length === 0) return 'Win\n';
  const values = { ring: ['Win', 'Lose', 'Loop'], goal: ['1', '-1', '0'], dag: ['0', '1', '2', '3', '4', '5'] }[format];
  const i = below(lines.length);
  const words = lines[i].split(' ');
  const j = below(words.length);
  switch (below(7)) {
    case 0:
      words[j] = values[below(values.length)];
      break;
    case 1:
      words.splice(j, 1);
      break;
    case 2:
      words.splice(j, 0, values[below(values.length)]);
      break;
    case 3:
      words[j] = ['win', 'x', '1.0', '-'][below(4)];
      break;
    case 4:
      lines.splice(i, 1);
      return `${lines.join('\n')}\n`;
    case 5:
      lines.push(values[below(values.length)]);
      return `${lines.join('\n')}\n`;
    default: {
      const k = i ^ 1;
      if (k < lines.length) [lines[i], lines[k]] = [lines[k], lines[i]];
      return `${lines.join('\n')}\n`;
    }
  }
  lines[i] = words.join(' ');
  return `${lines.join('\n')}\n`;
}

test('the CLI and checkAnswer agree on random inputs with random faults', { timeout: TIMEOUT }, async () => {
  const { checkAnswer, AnswerCheck } = graphs;
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'loopy-check-'));
  const below = rng(0x5eed_c4ec);
  const bytes = (s) => new TextEncoder().encode(s);
  const kinds = new Set();
  try {
    for (let round = 0; round < 36; round++) {
      const format = ['ring', 'goal', 'dag'][round % 3];
      const sub = { ring: [], goal: ['graph'], dag: ['dag'] }[format];
      const gen = await runCli('', ['gen', ...sub, '--seed', String(round), '--n', '9', '--games', '3']);
      assert.equal(gen.code, 0, gen.stderr);
      const right = await runCli(gen.stdout, sub);
      assert.equal(right.code, 0, right.stderr);
      let output = right.stdout;
      const faults = below(4);
      for (let f = 0; f < faults; f++) output = plantFault(output, format, below);
      const inputFile = join(dir, 'in');
      writeFileSync(inputFile, gen.stdout);
      for (const all of [false, true]) {
        const cli = await runCli(output, [...sub, 'check', inputFile, '-', ...(all ? ['--all'] : [])]);
        const lines = cli.stdout.split('\n').filter((l) => l !== '');
        const report = checkAnswer(format, bytes(gen.stdout), bytes(output), all, 1000);
        assert.equal(report.exitCode, cli.code, `${format} ${JSON.stringify(output)}: ${cli.stdout}`);
        assert.equal(report.message, lines.at(-1), 'the verdict line is the same');
        if (all) assert.equal(report.total, lines.length - 1, '--all lists every difference');
        if (report.first) kinds.add(report.first.kind);
        // The same output pushed in random chunks, cut anywhere.
        const check = new AnswerCheck(format, bytes(gen.stdout), all, 1000);
        const out = bytes(output);
        for (let at = 0; at < out.length; ) {
          const next = at + 1 + below(8);
          check.push(out.subarray(at, next));
          at = next;
        }
        assert.deepEqual(check.finish(), report);
        check.free();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(kinds.size >= 4, `several kinds of difference came up: ${[...kinds]}`);
});

test("the why module (pkg/ring-why/) answers as the whole module from a solve's arrays, without solving, on random games", async () => {
  const why = await import('../www/pkg/ring-why/loopy.js');
  why.initSync({ module: readFileSync(new URL('../www/pkg/ring-why/loopy_bg.wasm', import.meta.url)) });
  assert.equal(why.Solver, undefined, 'it does not solve');
  const rand = rng(20261203);
  for (let k = 0; k < 40; k++) {
    const n = 2 + rand(40);
    const steps = () => [...new Set(Array.from({ length: 1 + rand(5) }, () => 1 + rand(n - 1)))];
    const [s1, s2] = [steps(), steps()];
    const sol = graphs.solve(n, s1, s2);
    const facts = new why.RingFacts(n, s1, s2, sol.outcomes(1), sol.outcomes(2), sol.depths(1), sol.depths(2));
    try {
      assert.equal(facts.toJudgeText(), sol.toJudgeText());
      for (const p of [1, 2]) {
        for (let pos = 1; pos < n; pos++) {
          assert.deepEqual(facts.explain(p, pos), sol.explain(p, pos), `n=${n} s1=${s1} s2=${s2} (${p}, ${pos})`);
          assert.deepEqual(facts.grades(p, pos), sol.grades(p, pos));
          assert.deepEqual(facts.moves(p, pos), sol.moves(p, pos));
          assert.equal(facts.bestMove(p, pos), sol.bestMove(p, pos));
        }
      }
    } finally {
      facts.free();
      sol.free();
    }
  }
  // An array of another length: the whole module names the field; the why module, like the
  // ring module, carries the code alone (crate/src/wasm/args.rs `coded`: its worker answers
  // a refused question with nothing).
  const wrong = (m) => new m.RingFacts(5, [2, 3], [1, 2, 3], new Uint8Array(5), new Uint8Array(4), new Uint32Array(5), new Uint32Array(5));
  assert.throws(
    () => wrong(graphs),
    (e) => e.code === 'arg.valuesLength' && e.field === 'out2',
  );
  assert.throws(
    () => wrong(why),
    (e) => e.code === 'arg.valuesLength' && e.message === e.code && !('field' in e),
  );
});
