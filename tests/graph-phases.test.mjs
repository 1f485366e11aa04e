// A <loopy-graph> load answers Cancel while its graph is built and while it is laid out
// (issue 17): the build of the largest graph the memory limit admits (33 M edges) and
// dagre's layout of a graph at the drawing limit (200 vertices, 800 moves) each took one
// call of seconds that a Cancel or a newer load waited for. Cancel is pressed from inside
// the element's own progress event (cancelAt, page-helpers.mjs), so that it lands in the
// phase named; the load must then end cancelled, before its next phase, with the graph
// before still shown. No time is asserted: how soon is a figure of `cargo xtask bench`
// (tests/bench/phases.mjs biggraph, tests/bench/layout.mjs), not a test's.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { answerOf, assertClean, cancelAt } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The graph page with its first graph shown: the page and what it shows ({ n, m }). */
async function openGraphPage() {
  const opened = await openPage(browser, './graph.html');
  const { page } = opened;
  await page.waitForFunction(() => document.querySelector('loopy-graph')?.state === 'ready', null, { timeout: TIMEOUT });
  const shown = await page.evaluate(() => {
    const { n, m } = document.querySelector('loopy-graph').game;
    return { n, m };
  });
  return { opened, shown };
}

/** In the page: a graph of `n` vertices and `m` distinct moves u -> v (u != v), drawn by a fixed generator, as `load()` takes it. */
function randomMoves(n, m, seed) {
  let x = seed;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return 1 + ((x >>> 8) % n);
  };
  const seen = new Set();
  const from = new Uint32Array(m);
  const to = new Uint32Array(m);
  for (let k = 0; k < m; ) {
    const [u, v] = [next(), next()];
    if (u === v || seen.has(u * n + v)) continue;
    seen.add(u * n + v);
    from[k] = u;
    to[k++] = v;
  }
  return { n, from, to };
}

/** The element's graph: { state, n, m } (n and m null when none). */
function shownOf(page) {
  return page.evaluate(() => {
    const el = document.querySelector('loopy-graph');
    return { state: el.state, n: el.game?.n ?? null, m: el.game?.m ?? null };
  });
}

test('Cancel pressed while the largest graph the limit admits (33 M edges) is built stops the load before its solve, and the previous graph stays', async (t) => {
  const { opened, shown } = await openGraphPage();
  const { page, context } = opened;
  try {
    // Pressed 300 ms into the read phase: the edges (copied in and checked, then sorted
    // both ways) take seconds, in one call before the build ran in steps; the solve's
    // progress comes only once the graph is built.
    await cancelAt(page, 'loopy-graph', 'read', 300);
    await page.evaluate(() => {
      // A random DAG of 1,000 vertices and 33 M edges, as tests/bench/phases.mjs biggraph.
      const [n, m] = [1000, 33_000_000];
      const from = new Uint32Array(m);
      const to = new Uint32Array(m);
      let x = 12345;
      const next = () => {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        return 1 + (x % n);
      };
      for (let k = 0; k < m; k++) {
        const [u, v] = [next(), next()];
        from[k] = Math.min(u, v);
        to[k] = u === v ? n : Math.max(u, v);
        if (u === v) from[k] = 1;
      }
      document.querySelector('loopy-graph').load({ n, from, to });
    });
    const { answer, phases } = await answerOf(page);
    t.diagnostic(`answered ${answer}; phases ${phases}`);
    assert.equal(answer, 'cancelled', `the load went on after Cancel (${phases})`);
    // The worker stopped inside the build: the cancelled load never reached its solve.
    assert.deepEqual(phases, ['read', '(pressed)'], 'the phases the cancelled load reached');
    await page.waitForFunction(() => document.querySelector('loopy-graph').state === 'ready', null, { timeout: TIMEOUT });
    assert.deepEqual(await shownOf(page), { state: 'ready', ...shown }, 'the graph shown before stays');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('Cancel pressed while a graph at the drawing limit (200 vertices, 800 moves) is laid out stops the load, and a newer load meanwhile is drawn instead', async (t) => {
  const { opened, shown } = await openGraphPage();
  const { page, context } = opened;
  try {
    // The generator, defined in the page (the graph is made there, as a page would).
    await page.evaluate(`window.__moves = ${randomMoves}`);
    await cancelAt(page, 'loopy-graph', 'draw', 500);
    await page.evaluate(() => document.querySelector('loopy-graph').load(window.__moves(200, 800, 7)));
    const { answer, phases } = await answerOf(page);
    t.diagnostic(`answered ${answer}; phases ${phases}`);
    assert.equal(answer, 'cancelled', `the load went on after Cancel (${phases})`);
    assert.deepEqual(phases, ['read', 'solve', 'values', 'draw', '(pressed)'], 'the phases the cancelled load reached');
    await page.waitForFunction(() => document.querySelector('loopy-graph').state === 'ready', null, { timeout: TIMEOUT });
    assert.deepEqual(await shownOf(page), { state: 'ready', ...shown }, 'the graph shown before stays');

    // A newer load made during the same layout: the layout gives way, and the new graph is
    // drawn (by a new layout worker), never the one laid out when it was asked for.
    await page.evaluate(() => {
      const el = document.querySelector('loopy-graph');
      const log = { issued: false, drawn: false, ready: [] };
      window.__newer = log;
      el.addEventListener('loopy-ready', () => {
        if (log.issued) log.ready.push(el.game.n);
      });
      const onProgress = (e) => {
        if (e.detail.phase !== 'draw') return;
        el.removeEventListener('loopy-progress', onProgress);
        setTimeout(() => {
          log.issued = true;
          el.load({ n: 3, from: [1, 2], to: [2, 3] });
          const watch = () => {
            if (el.state === 'ready' && el.game?.n === 3 && el.marks.length === 3) log.drawn = true;
            else requestAnimationFrame(watch);
          };
          requestAnimationFrame(watch);
        }, 500);
      };
      el.addEventListener('loopy-progress', onProgress);
      el.load(window.__moves(200, 800, 7));
    });
    await page.waitForFunction(() => window.__newer.drawn, null, { timeout: TIMEOUT, polling: 100 });
    const newer = await page.evaluate(() => window.__newer);
    assert.deepEqual(newer.ready, [3], 'after the newer load, only the newer graph was shown');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});
