// The tree format (AGC010F "Tree Game") on the graph page and in a post's <loopy-graph>: read by the core as the game its stones reduce to, its Win vertices the CLI's `loopy tree` answer.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { GRAPH_PRESETS } from '../www/js/graph/graph-presets.js';
import * as core from '../www/pkg/graphs/loopy.js';
import { launchBrowser, openPage, runCli, TIMEOUT } from './browser.mjs';
import { assertClean } from './page-helpers.mjs';

core.initSync({ module: readFileSync(new URL('../www/pkg/graphs/loopy_bg.wasm', import.meta.url)) });
const L = core.layout();
const TREE_SAMPLE = GRAPH_PRESETS.find((p) => p.id === 'tree-sample').text;
// AGC010F's three samples (the second is the preset), with the answers of the statement.
const SAMPLES = [
  ['3\n1 2 3\n1 2\n2 3\n', [2]],
  [TREE_SAMPLE, [1, 2]],
  ['3\n1 1 1\n1 2\n2 3\n', []],
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The tree's numbers read back by hand: N, the stones, the edges (an oracle independent of the core's reader). */
function readTree(text) {
  const t = text.trim().split(/\s+/).map(Number);
  const n = t[0];
  const stones = [0, ...t.slice(1, n + 1)];
  const edges = [];
  for (let k = n + 1; k < t.length; k += 2) edges.push([t[k], t[k + 1]]);
  return { n, stones, edges };
}

/** The moves the reduction keeps, sorted: each tree edge from its end with more stones to the one with fewer. */
function reducedMoves({ stones, edges }) {
  const out = [];
  for (const [a, b] of edges) {
    if (stones[a] > stones[b]) out.push(`${a}>${b}`);
    else if (stones[b] > stones[a]) out.push(`${b}>${a}`);
  }
  return out.sort();
}

test('parseGraph reads the tree format (by name and by its first line) as its reduced game: a move to each neighbour with fewer stones, the stones and the tree edges with it', () => {
  for (const [text] of SAMPLES) {
    const tree = readTree(text);
    for (const inst of [core.parseGraph(text)[0], core.parseGraph(text, 'tree')[0]]) {
      assert.equal(inst.format, 'tree');
      assert.equal(inst.n, tree.n);
      const moves = Array.from(inst.from, (u, i) => `${u}>${inst.to[i]}`).sort();
      assert.deepEqual(moves, reducedMoves(tree));
      assert.deepEqual(inst.stones.slice(1), tree.stones.slice(1).map(String));
      assert.deepEqual(
        Array.from(inst.treeFrom, (u, i) => [u, inst.treeTo[i]]),
        tree.edges,
      );
    }
  }
  // Stones past 2^53 keep every digit.
  const big = core.parseGraph('2\n18446744073709551615 18446744073709551614\n1 2\n')[0];
  assert.deepEqual(big.stones.slice(1), ['18446744073709551615', '18446744073709551614']);
  // treeFacts: each vertex's stones and rule, in the tree's terms (sample 2 worked by hand:
  // 3, 4 and 5 have no neighbour with fewer stones; 2 wins by moving to 4, the smaller of two
  // losing neighbours with fewer, 1 (5 stones) answered by moving back; 1 wins by moving to 3).
  const facts = core.treeFacts(TREE_SAMPLE);
  assert.equal(facts[0], null);
  assert.deepEqual(
    facts.slice(1).map((f) => [f.v, f.stones, f.reason.kind, f.reason.to ?? null]),
    [
      [1, 5, 'moveToLose', 3],
      [2, 4, 'moveToLose', 4],
      [3, 1, 'noSmaller', null],
      [4, 2, 'noSmaller', null],
      [5, 3, 'noSmaller', null],
    ],
  );
  assert.deepEqual(facts[2].answered, [{ to: 1, stones: 5 }]);
  assert.throws(() => core.treeFacts(null), TypeError);
  assert.throws(
    () => core.treeFacts('3\n1 2 3\n1 2\n'),
    (e) => e.field === 'text',
  );
  // A tree with a cycle is refused with its line, as the CLI refuses it.
  assert.throws(
    () => core.parseGraph('3\n1 2 3\n1 2\n2 1\n'),
    (e) => e.field === 'text' && e.line === 4,
  );
});

test("graphAnswer's tree answer is loopy tree's, byte for byte, on AGC010F's samples", async () => {
  for (const [text, winners] of SAMPLES) {
    const cli = await runCli(text, ['tree']);
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal(cli.stdout, `${winners.join(' ')}\n`);
    assert.equal(core.graphAnswer(text, 'tree'), cli.stdout);
  }
});

/** The element's Win vertices once its solve is over. */
async function winsShown(page, n, m) {
  await page.waitForFunction(
    ({ n, m }) => {
      const el = document.querySelector('loopy-graph');
      return el?.game?.format === 'tree' && el.game.n === n && el.game.m === m && el.state === 'ready';
    },
    { n, m },
    { timeout: TIMEOUT, polling: 'raf' },
  );
  const out = await page.evaluate(() => Array.from(document.querySelector('loopy-graph').outcomes()));
  return out.flatMap((o, v) => (v > 0 && o === L.outcome.win ? [v] : []));
}

test("the graph page's AGC010F preset shows the reduced game, its Win vertices and its judge answer loopy tree's, each vertex's why in the tree's words", async () => {
  const cli = await runCli(TREE_SAMPLE, ['tree']);
  const opened = await openPage(browser, './graph.html');
  const { page } = opened;
  try {
    const name = GRAPH_PRESETS.find((p) => p.id === 'tree-sample').name;
    await page.getByRole('button', { name, exact: true }).click();
    const wins = await winsShown(page, 5, reducedMoves(readTree(TREE_SAMPLE)).length);
    assert.deepEqual(wins, cli.stdout.trim().split(' ').map(Number));
    // The judge's answer beside it is loopy tree's, byte for byte.
    await page.waitForFunction((t) => document.getElementById('judge-output').textContent === t, cli.stdout);
    // An answer checked by the core as loopy tree check does: the CLI's own, then one with a winner left out.
    for (const [answer, verdict] of [
      [cli.stdout, /^ok/],
      ['1\n', /^wrong answer vertex 2/],
    ]) {
      await page.fill('#answer-input', answer);
      await page.evaluate(() => {
        document.getElementById('check-verdict').textContent = '';
      });
      await page.click('#check-form button[type="submit"]');
      await page.waitForFunction(() => document.getElementById('check-verdict').textContent !== '');
      assert.match(await page.textContent('#check-verdict'), verdict);
    }
    const game = await page.evaluate(() => document.querySelector('loopy-graph').game);
    assert.equal(game.format, 'tree');
    // The inspector's why is the tree's: vertex 2 (4 stones) wins by moving to 4 (2 stones),
    // a neighbour with fewer, and its move up to 1 (5 stones) is answered by moving back;
    // vertex 3 (1 stone) has no neighbour with fewer.
    const tree = readTree(TREE_SAMPLE);
    for (const [v, words] of [
      [
        2,
        [
          `Vertex 2 has ${tree.stones[2]} stones`,
          `→ 4 (${tree.stones[4]} stones)`,
          'leaves the opponent at a losing vertex',
          `→ 1 (${tree.stones[1]} stones)`,
        ],
      ],
      [3, [`Vertex 3 has ${tree.stones[3]} stone and no neighbour has fewer`, 'answered by moving straight back']],
    ]) {
      await page.evaluate((v) => document.querySelector('loopy-graph').select(v), v);
      await page.waitForFunction((v) => document.querySelector('#insp-body strong')?.textContent === `Vertex ${v}`, v);
      await page.waitForFunction((w) => document.querySelector('#insp-body').textContent.includes(w), words[0]);
      const said = await page.textContent('#insp-body');
      for (const w of words) assert.ok(said.includes(w), `vertex ${v}: "${w}" in "${said}"`);
    }
    assert.equal(game.m, reducedMoves(readTree(TREE_SAMPLE)).length);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test("a post's <loopy-graph> given AGC010F's samples as text shows each one's Win vertices as loopy tree prints them", async () => {
  const opened = await openPage(browser, './examples/graph-post.html');
  const { page } = opened;
  try {
    for (const [text] of SAMPLES) {
      const cli = await runCli(text, ['tree']);
      const tree = readTree(text);
      await page.evaluate((text) => document.querySelector('loopy-graph').load({ text }), text);
      const wins = await winsShown(page, tree.n, reducedMoves(tree).length);
      assert.deepEqual(wins, cli.stdout.trim() ? cli.stdout.trim().split(' ').map(Number) : [], text);
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});
