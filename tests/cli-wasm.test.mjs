// The native CLI and the wasm module agree: same answers, same error messages.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runCli, TIMEOUT } from './browser.mjs';
import { initSync, solve, parseJudge } from '../www/pkg/loopy.js';

initSync({ module: readFileSync(new URL('../www/pkg/loopy_bg.wasm', import.meta.url)) });

/** A small xorshift, so that the games are the same on every run. */
function rng(seed) {
  let x = BigInt(seed);
  return (m) => {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    return Number(x % BigInt(m));
  };
}

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
  assert.deepEqual(parseJudge(input).map((g) => g.n), games.map((g) => g.n));
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
  const bad = [
    '1\n1\n1 1\n1 1\n',
    '1\n5\n2 3\n1 1\n',
    '1\n5\n2 1 1\n1 1\n',
    '1\n5\n1 x\n1 1\n',
    '1\n5\n1 1\n1 1\nextra\n',
    '2\n5\n1 1\n1 1\n',
  ];
  for (const input of bad) {
    const cli = await runCli(input);
    assert.equal(cli.code, 2, input);
    assert.equal(cli.stdout, '');
    assert.throws(() => parseJudge(input), (e) => {
      assert.equal(`loopy: ${e.message}\n`, cli.stderr);
      return true;
    });
  }
});
