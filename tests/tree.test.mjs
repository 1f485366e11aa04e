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
      // The verdict box says "Checking…" while the worker checks: the verdict is what comes after it.
      await page.waitForFunction(() => !['', 'Checking…'].includes(document.getElementById('check-verdict').textContent));
      assert.match(await page.textContent('#check-verdict'), verdict);
    }
    const game = await page.evaluate(() => document.querySelector('loopy-graph').game);
    assert.equal(game.format, 'tree');
    // The page's full legend says what the tree's stones, arrows and dashed lines are.
    await page.waitForFunction(
      () => document.querySelector('loopy-graph').shadowRoot.querySelectorAll('ul.legend.full li:is(.stones, .tree-move, .tree-tie)').length === 3,
    );
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
          `→ 1 (${tree.stones[1]} stones): an arrow into vertex 2`,
        ],
      ],
      [
        3,
        [
          `Vertex 3 has ${tree.stones[3]} stone and no neighbour has fewer`,
          '(→ 1 (5 stones): an arrow into it, or a dashed line for equal stones)',
          'answered by moving straight back',
        ],
      ],
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

// ---- the tree drawn: its stones beside each mark, its moves as arrows, its other edges as plain lines ----

/** A random tree of `n` vertices with stones from 0 to `most` (few values: equal stones on some edges), seeded. */
function randomTree(seed, n, most) {
  let x = seed >>> 0 || 1;
  const next = (m) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % m;
  };
  const stones = Array.from({ length: n }, () => next(most + 1));
  const lines = [String(n), stones.join(' ')];
  for (let v = 2; v <= n; v++) lines.push(next(2) ? `${v} ${1 + next(v - 1)}` : `${1 + next(v - 1)} ${v}`);
  return `${lines.join('\n')}\n`;
}

/** Trees to draw: AGC010F's samples (the third all equal stones) and random small ones with equal stones on some edges. */
const DRAWN = [...SAMPLES.map(([text]) => text), ...Array.from({ length: 6 }, (_, k) => randomTree(0x7ee + k * 7919, 4 + k, 2 + (k % 3)))];

/**
 * Records what the canvases draw, as drawn: every stroked or filled path as its points in CSS
 * px (`null` for an arc or an ellipse), dashed or not, and every text filled with where and
 * how it is aligned (`window.__drawn`).
 */
function recordDrawing() {
  const P = CanvasRenderingContext2D.prototype;
  window.__drawn = { paths: [], texts: [] };
  const path = new WeakMap();
  const wrap = (name, f) => {
    const o = P[name];
    P[name] = function (...a) {
      f(this, a);
      return o.apply(this, a);
    };
  };
  wrap('beginPath', (c) => path.set(c, []));
  wrap('moveTo', (c, a) => path.get(c)?.push([a[0], a[1]]));
  wrap('lineTo', (c, a) => path.get(c)?.push([a[0], a[1]]));
  wrap('quadraticCurveTo', (c, a) => path.get(c)?.push([a[2], a[3]]));
  wrap('arc', (c) => path.get(c)?.push(null));
  wrap('ellipse', (c) => path.get(c)?.push(null));
  wrap('stroke', (c) => window.__drawn.paths.push({ kind: 'stroke', pts: path.get(c)?.slice() ?? [], dash: c.getLineDash().length > 0 }));
  wrap('fill', (c) => window.__drawn.paths.push({ kind: 'fill', pts: path.get(c)?.slice() ?? [] }));
  wrap('fillText', (c, a) => window.__drawn.texts.push({ text: String(a[0]), x: a[1], y: a[2], align: c.textAlign }));
}

/**
 * Loads tree `text` into the post's element and returns a whole frame drawn once it is solved
 * and its tree's parts have come (every vertex's stones drawn): { marks, paths, texts }.
 */
async function drawnTree(page, text) {
  const tree = readTree(text);
  await page.evaluate((text) => document.querySelector('loopy-graph').load({ text }), text);
  await winsShown(page, tree.n, reducedMoves(tree).length);
  // Only this tree's frames: drawn (a selection made and dropped) until one labels every mark on its left.
  await page.evaluate(() => {
    window.__drawn.paths.length = 0;
    window.__drawn.texts.length = 0;
  });
  await page.waitForFunction(
    (n) => {
      const el = document.querySelector('loopy-graph');
      if (window.__drawn.texts.filter((t) => t.align === 'right').length >= n) return true;
      window.__drawn.paths.length = 0;
      window.__drawn.texts.length = 0;
      window.__flip = !window.__flip;
      el.select(window.__flip ? 1 : null);
      return false;
    },
    tree.n,
    { timeout: TIMEOUT, polling: 'raf' },
  );
  return page.evaluate(() => ({ marks: document.querySelector('loopy-graph').marks, ...window.__drawn }));
}

/** The text drawn for mark `m`'s stones: right-aligned, left of the mark at its height, the nearest (null: none). */
function stonesOf(m, texts) {
  const left = texts.filter((t) => t.align === 'right' && t.x < m.x - m.r && t.x > m.x - 3 * m.r && Math.abs(t.y - m.y) < m.r);
  return left.sort((a, b) => b.x - a.x)[0]?.text ?? null;
}

/** A count as the canvas shows it, read back: its digits grouped by threes (up to 999,999), else 1.84e19. */
const countOf = (label) => Number(String(label).replace(/,/g, ''));

/** Whether label `label` says `count` stones: exactly up to 999,999, else to its first three digits (cut, never rounded up). */
function says(label, count) {
  const shown = countOf(label);
  return count < 1e6 ? shown === count : shown <= count && shown > count * 0.99;
}

test("each vertex of a tree drawn in a post's <loopy-graph> is labelled with its stones: the input's count, drawn left of its mark", async () => {
  const opened = await openPage(browser, './examples/graph-post.html', { script: recordDrawing });
  const { page } = opened;
  try {
    for (const text of DRAWN) {
      const tree = readTree(text);
      const { marks, texts } = await drawnTree(page, text);
      assert.equal(marks.length, tree.n, text);
      for (const m of marks) {
        const label = stonesOf(m, texts);
        assert.ok(
          label !== null && says(label, tree.stones[m.v]),
          `vertex ${m.v}'s stones drawn left of its mark: "${label}" for ${tree.stones[m.v]} in\n${text}`,
        );
      }
    }
    // Large counts by their first digits and power of ten, past 2^53 too (the core's decimal strings).
    const { marks, texts } = await drawnTree(page, '4\n18446744073709551615 7 1000000000 999999\n1 2\n1 3\n3 4\n');
    assert.deepEqual(
      marks.map((m) => [m.v, stonesOf(m, texts)]),
      [
        [1, '1.84e19'],
        [2, '7'],
        [3, '1e9'],
        [4, '999,999'],
      ],
    );
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test("a tree's moves (to fewer stones) are drawn as arrows and its edges between equal stones as dashed lines without a head, every edge of the input once", async () => {
  const opened = await openPage(browser, './examples/graph-post.html', { script: recordDrawing });
  const { page } = opened;
  try {
    let ties = 0;
    for (const text of DRAWN) {
      const tree = readTree(text);
      const { marks, paths } = await drawnTree(page, text);
      const at = new Map(marks.map((m) => [m.v, m]));
      const near = (p, m, slack) => p && Math.hypot(p[0] - m.x, p[1] - m.y) <= m.r + slack;
      const lines = paths.filter((p) => p.kind === 'stroke' && p.pts.length >= 2 && p.pts.every(Boolean));
      const heads = paths.filter((p) => p.kind === 'fill' && p.pts.length === 3 && p.pts.every(Boolean));
      for (const [a, b] of tree.edges) {
        // The edge's line: from one end's mark to the other's.
        const line = (from, to) => lines.find((l) => near(l.pts[0], at.get(from), 6) && near(l.pts.at(-1), at.get(to), 6));
        const [hi, lo] = tree.stones[a] >= tree.stones[b] ? [a, b] : [b, a];
        const l = line(hi, lo) ?? line(lo, hi);
        assert.ok(l, `edge ${a} - ${b} drawn in\n${text}`);
        const head = (l) => heads.some((h) => Math.hypot(h.pts[0][0] - l.pts.at(-1)[0], h.pts[0][1] - l.pts.at(-1)[1]) < 0.5);
        if (tree.stones[a] === tree.stones[b]) {
          ties++;
          assert.ok(l.dash, `edge ${a} - ${b} (equal stones) dashed in\n${text}`);
          assert.ok(!head(l), `edge ${a} - ${b} (equal stones) has no head in\n${text}`);
        } else {
          const move = line(hi, lo);
          assert.ok(move && !move.dash && head(move), `edge ${hi} -> ${lo} drawn as an arrow onto ${lo} (fewer stones) in\n${text}`);
        }
      }
    }
    assert.ok(ties >= 4, `${ties} edges between equal stones drawn`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a drawn tree shows the Win vertices of loopy tree on random small trees', async () => {
  const opened = await openPage(browser, './examples/graph-post.html');
  const { page } = opened;
  try {
    for (let k = 0; k < 12; k++) {
      const text = randomTree(0xa6c + k * 104729, 2 + (k % 8), 1 + (k % 4));
      const cli = await runCli(text, ['tree']);
      assert.equal(cli.code, 0, cli.stderr);
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

/** The legend's lines of a tree in the element's shadow root: { stones, move, tie } texts, or null while there is none. */
function treeLegend(page) {
  return page.evaluate(() => {
    const root = document.querySelector('loopy-graph').shadowRoot;
    const text = (cls) => {
      const e = root.querySelector(`.legend li.${cls}`);
      return e ? e.textContent.trim() : null;
    };
    return { stones: text('stones'), move: text('tree-move'), tie: text('tree-tie') };
  });
}

test("a tree's legend says what its stones, arrows and dashed lines are, in English and in Chinese (docs/terms.md's words), and goes with the tree", async () => {
  const opened = await openPage(browser, './examples/graph-post.html');
  const { page } = opened;
  try {
    await drawnTreeReady(page, TREE_SAMPLE);
    await page.waitForFunction(() => document.querySelector('loopy-graph').shadowRoot.querySelector('.legend li.tree-tie'));
    const en = await treeLegend(page);
    assert.match(en.stones, /Left of a vertex, after a pebble: the stones on it/);
    assert.match(en.move, /arrow: a move to a neighbour with fewer stones/);
    assert.match(en.tie, /dashed line: an edge of the tree between equal stones.*answered by moving straight back/);
    await page.evaluate(() => document.querySelector('loopy-graph').setAttribute('lang', 'zh-CN'));
    await page.waitForFunction(() => /虚线/.test(document.querySelector('loopy-graph').shadowRoot.querySelector('.legend li.tree-tie')?.textContent));
    const zh = await treeLegend(page);
    assert.match(zh.stones, /石子数/);
    assert.match(zh.move, /箭头：走到石子更少的相邻顶点.*走法/);
    assert.match(zh.tie, /虚线：.*石子数相同.*直接走回来/);
    for (const s of Object.values(zh)) assert.doesNotMatch(s, /[A-Za-z]{3,}/, `no English left: ${s}`);
    // Another graph: the tree's lines go.
    await page.evaluate(() => document.querySelector('loopy-graph').load({ text: '1 2\n2 3\n' }));
    await page.waitForFunction(() => document.querySelector('loopy-graph').game?.format === 'edges');
    await page.waitForFunction(() => !document.querySelector('loopy-graph').shadowRoot.querySelector('.legend li.tree-tie'));
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

/** Loads tree `text` into the post's element and waits until every mark has its stones. */
async function drawnTreeReady(page, text) {
  const tree = readTree(text);
  await page.evaluate((text) => document.querySelector('loopy-graph').load({ text }), text);
  await winsShown(page, tree.n, reducedMoves(tree).length);
  await page.waitForFunction(() => document.querySelector('loopy-graph').shadowRoot.querySelector('.legend li.tree-tie'), null, { timeout: TIMEOUT });
}

test('no graph preset but the AGC010F one is read as a tree', () => {
  for (const p of GRAPH_PRESETS) {
    if (!p.text) continue;
    const format = core.parseGraph(p.text)[0].format;
    assert.equal(format === 'tree', p.id === 'tree-sample', `${p.id}: ${format}`);
  }
});
