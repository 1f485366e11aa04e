// Graph mode (graph.html, <loopy-graph>): the marks drawn against the CLI, solveGraph and an
// independent reading of the rules; the layout at two widths; stepping back; a graph of a
// million vertices (progress, cancel, the neighbourhood); sharing by link and by element;
// bad input; accessibility, the strict CSP, the ring page's weight, the dist folder; and
// screenshots of every preset mid-solve.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { GRAPH_INSPECT_WORDS, GRAPH_NARRATE_WORDS } from '../www/js/graph/graph-explain.js';
import { inspector } from '../www/js/graph/graph-inspect.js';
import { narrator } from '../www/js/graph/graph-narrate.js';
import { GRAPH_PRESETS } from '../www/js/graph/graph-presets.js';
import * as core from '../www/pkg/graphs/loopy.js';
import { BASE_URL, CSP_URL, launchBrowser, openPage, runCli, TIMEOUT } from './browser.mjs';
import { assertClean, axeViolations21, focusBody, frames, pasteSnippet, screenshot } from './page-helpers.mjs';

const { narrate } = narrator(GRAPH_NARRATE_WORDS);

const { describe } = inspector(GRAPH_INSPECT_WORDS);

core.initSync({ module: readFileSync(new URL('../www/pkg/graphs/loopy_bg.wasm', import.meta.url)) });
const L = core.layout();
const DIST_URL = process.env.LOOPY_DIST_URL;
const DIST_DIR = process.env.LOOPY_DIST_DIR;
const PAGE = './graph.html';
const GOAL_SAMPLE = GRAPH_PRESETS.find((p) => p.id === 'goal-sample').text;
const DAG_SAMPLE = GRAPH_PRESETS.find((p) => p.id === 'dag-sample').text;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// ---- an independent reading of the rules (docs/rules.md, games on graphs) ----------------

/**
 * Win, Lose or Draw and the depth of every vertex, by the definitions in rounds: round 0
 * decides the goal and the vertices without a move (Lose in 0); round d decides, from what
 * the earlier rounds decided, every vertex with a move to a Lose (Win in d) and every vertex
 * whose moves all reach a Win (Lose in d). What no round decides is a Draw.
 */
function oracle(n, from, to, goal) {
  const moves = Array.from({ length: n + 1 }, () => []);
  for (let k = 0; k < from.length; k++) if (from[k] !== goal) moves[from[k]].push(to[k]);
  const out = new Array(n + 1).fill('Draw');
  const dep = new Array(n + 1).fill(0);
  const decided = new Array(n + 1).fill(false);
  for (let v = 1; v <= n; v++) {
    if (v === goal || moves[v].length === 0) {
      out[v] = 'Lose';
      decided[v] = true;
    }
  }
  for (let d = 1; ; d++) {
    const now = [];
    for (let v = 1; v <= n; v++) {
      if (decided[v]) continue;
      const known = moves[v].filter((w) => decided[w]);
      if (known.some((w) => out[w] === 'Lose')) now.push([v, 'Win']);
      else if (known.length === moves[v].length) now.push([v, 'Lose']);
    }
    if (!now.length) break;
    for (const [v, o] of now) {
      out[v] = o;
      dep[v] = d;
      decided[v] = true;
    }
  }
  return { out, dep };
}

/** Sprague-Grundy values of an acyclic graph by the definition (mex of the successors' values). */
function mexValues(n, from, to) {
  const moves = Array.from({ length: n + 1 }, () => []);
  for (let k = 0; k < from.length; k++) moves[from[k]].push(to[k]);
  const sg = new Array(n + 1).fill(undefined);
  const value = (v) => {
    if (sg[v] === undefined) {
      const seen = new Set(moves[v].map(value));
      let m = 0;
      while (seen.has(m)) m++;
      sg[v] = m;
    }
    return sg[v];
  };
  for (let v = 1; v <= n; v++) value(v);
  return sg;
}

const SHAPE = { Win: 'circle', Lose: 'square', Draw: 'diamond' };

/** The marks a finished run must show, from the oracle (and SG values, when given). */
function expectedMarks(n, from, to, goal, sg = null) {
  const { out, dep } = oracle(n, from, to, goal);
  const marks = {};
  for (let v = 1; v <= n; v++) {
    let label = out[v] === 'Draw' ? '∞' : String(dep[v]);
    if (sg) label = sg[v] === L.graph.grundyInfinite ? '∞' : String(sg[v]);
    marks[v] = { shape: SHAPE[out[v]], label };
  }
  return marks;
}

/** The core's random graph (as a `random=` link draws it) of n vertices: `{ from, to }`. */
function randomGraph(n, seed) {
  const ends = core.randomGraph(n, seed);
  return { from: ends.subarray(0, ends.length / 2), to: ends.subarray(ends.length / 2) };
}

/** A seeded random graph of n vertices (the core's: 2n moves) as the short form `1-2,2-3` (and its arrays). */
function randomShort(n, seed) {
  const { from, to } = randomGraph(n, seed);
  const named = new Set([...from, ...to]);
  const lone = [];
  for (let v = 1; v <= n; v++) if (!named.has(v)) lone.push(String(v));
  // Vertex n must be named for n to be what the core reads.
  if (!named.has(n) && !lone.includes(String(n))) lone.push(String(n));
  return { n, from: [...from], to: [...to], text: [...[...from].map((u, k) => `${u}-${to[k]}`), ...lone].join(',') };
}

// ---- the page ---------------------------------------------------------------------------------

/** Waits until the element is idle and drawn (with `n`: that graph; `step`: that step; `after`: a frame later than it). */
async function ready(page, { n, step, after } = {}) {
  await page.waitForFunction(
    ({ n, step, after }) => {
      const el = document.querySelector('loopy-graph');
      if (!el?.game || el.state !== 'ready') return false;
      return (n === undefined || el.game.n === n) && (step === undefined || el.step === step) && (after === undefined || el.frameCount > after);
    },
    { n, step, after },
    { timeout: TIMEOUT, polling: 'raf' },
  );
  return page.evaluate(() => {
    const el = document.querySelector('loopy-graph');
    return { ...el.game, step: el.step, length: el.length, selected: el.selected, frame: el.frameCount };
  });
}

async function openGraph(path = PAGE, options) {
  const opened = await openPage(browser, path, options);
  await ready(opened.page);
  return opened;
}

async function withGraph(path, body, options) {
  const opened = await openGraph(path, options);
  try {
    await body(opened.page, opened);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
}

const marksOf = (page) => page.evaluate(() => document.querySelector('loopy-graph').marks);

/** The marks drawn, by vertex: { v: { shape, label } }. */
async function drawnMarks(page) {
  const out = {};
  for (const m of await marksOf(page)) out[m.v] = { shape: m.shape, label: m.label };
  return out;
}

/** Runs the element to its end and waits for the picture. */
async function toEnd(page) {
  const length = await page.evaluate(() => {
    const el = document.querySelector('loopy-graph');
    el.seek(Number.POSITIVE_INFINITY);
    return el.length;
  });
  return ready(page, { step: length });
}

/** What is on screen: the canvas's pixels (hashed), the narration, the step. */
async function picture(page) {
  const shot = await page.evaluate(() => {
    const el = document.querySelector('loopy-graph');
    return {
      url: el.shadowRoot.getElementById('graph').toDataURL(),
      narration: el.shadowRoot.getElementById('narration').textContent,
      step: el.step,
    };
  });
  return { picture: createHash('sha256').update(shot.url).digest('hex').slice(0, 16), narration: shot.narration, step: shot.step };
}

async function clickPreset(page, id) {
  const name = id === 'million' ? 'A million vertices (random)' : GRAPH_PRESETS.find((p) => p.id === id).name;
  const frame = await page.evaluate(() => document.querySelector('loopy-graph').frameCount);
  await page.getByRole('button', { name, exact: true }).click();
  return ready(page, { after: frame });
}

// ---- pure: the words -----------------------------------------------------------------------------

/** The graph context graph-explain.js reads, from the core's solution. */
function context(sol, n, goal, moveCount) {
  return {
    n,
    goal,
    out: sol.outcomes(),
    dep: sol.depths(),
    best: sol.bestMoves(),
    grundy: sol.grundy(),
    moveCount,
    layout: L,
  };
}

test('every event of both spec samples is narrated, naming its vertex', () => {
  for (const text of [GOAL_SAMPLE, DAG_SAMPLE]) {
    const inst = core.parseGraph(text)[0];
    const goal = inst.queryGoals ? inst.queryGoals[0] : undefined;
    const prop = new core.GraphPropagation(inst.n, inst.from, inst.to, goal ? { goal } : undefined);
    const sol = prop.solution();
    const g = context(sol, inst.n, goal ?? null, (v) => sol.moves(v).length / L.moveWords);
    assert.match(narrate(g, undefined), /^Start/);
    const seen = new Set();
    for (let ev = prop.next(); ev; ev = prop.next()) {
      const said = narrate(g, ev);
      seen.add(ev.kind);
      if (ev.kind === 'layer') assert.match(said, new RegExp(`Depth ${ev.depth} is complete`));
      else if (ev.kind === 'done') assert.match(said, /^Done/);
      else assert.match(said, new RegExp(`vertex ${ev.pos}\\b`, 'i'), `${ev.kind}: ${said}`);
      assert.doesNotMatch(said, /undefined|NaN|player \d/, said);
    }
    assert.deepEqual([...seen].sort(), ['done', 'layer', 'pop', 'resolve', 'skip', 'update'].filter((k) => seen.has(k)).sort());
    assert.ok(seen.has('update') || seen.has('skip'), 'the samples check moves');
    prop.free();
    sol.free();
  }
});

test('the inspector says why: each move and where it leads, the SG values its moves reach and the mex, K for ∞', () => {
  // The dag sample: sg(1) = mex{sg(2), sg(3)} = mex{0, 1} = 2 (the spec's worked example).
  const inst = core.parseGraph(DAG_SAMPLE)[0];
  const sol = core.solveGraph(inst.n, inst.from, inst.to);
  const g = context(sol, inst.n, null, (v) => sol.moves(v).length / L.moveWords);
  const why = (s, v, start) => s.explain(v, start, true);
  const d = describe(g, why(sol, 1, 1), undefined, true, false, true);
  assert.match(d.value, /^Win in 3 moves/);
  assert.deepEqual(
    d.moves.map((m) => m.to),
    [2, 3],
  );
  assert.match(d.moves[0].text, /→ 2: Lose in 2 moves for the opponent \(SG 0\)/);
  assert.match(d.why, /→ 2 leaves the opponent at a losing vertex/);
  assert.match(d.sg, /SG value 2: Its moves reach the values \{0, 1\}, and 2 is the smallest value not among them \(the mex\)/);
  assert.equal(d.title, 'Vertex 1 (the start)');
  assert.equal(d.optimal, 'In the optimal-play set from 1: it is the start.');
  assert.equal(describe(g, why(sol, 4, 1), undefined, true).optimal, 'In the optimal-play set from 1: correct play can go 1 → 2 → 4.');
  assert.equal(
    describe(g, why(sol, 3, 1), undefined, true).optimal,
    'Not in the optimal-play set from 1: correct play never moves here (1 → 3 would hand the opponent a win).',
  );
  assert.equal(describe(g, why(sol, 1, 1), undefined, true, false, false).sg, null, 'SG reasons only when SG values are shown');
  assert.match(describe(g, why(sol, 5), undefined, true, false, true).why, /no move/);
  // A 2-cycle with an exit to a sink, 1 <-> 2 and 2 -> 3: whatever values the core gives,
  // the words say the same (a finite value, or ∞ with its K and what K makes it).
  const c = core.solveGraph(3, [1, 2, 2], [2, 1, 3]);
  const gc = context(c, 3, null, () => null);
  for (let v = 1; v <= 3; v++) {
    const dv = describe(gc, why(c, v), undefined, true, false, true);
    const x = gc.grundy[v];
    if (x === L.graph.grundyInfinite) {
      assert.match(dv.sg, /∞\(K\) with K = \{/, `vertex ${v}`);
      assert.match(dv.sg, c.grundyInfinite(v)[0] === 0 ? /0 is in K/ : /0 is not in K/);
    } else {
      assert.match(dv.sg, new RegExp(`^SG value ${x}`), `vertex ${v}`);
    }
  }
  // The 2-cycle alone is the spec's example: both ∞(∅), a draw.
  const two = core.solveGraph(2, [1, 2], [2, 1]);
  const g2 = context(two, 2, null, () => 1);
  const d2 = describe(g2, why(two, 1), undefined, true, false, true);
  assert.match(d2.value, /^Draw/);
  assert.match(d2.sg, /∞\(K\) with K = \{\}: Its moves reach no finite value and ∞ \(→ 2\).*0 is not in K/);
  for (const s of [sol, c, two]) s.free();
});

// ---- the marks, the judge answer ---------------------------------------------------------------

test("the goal sample, query by query: every mark at the end is the value the rules give, and the answer is loopy graph's", async () => {
  const cli = await runCli(GOAL_SAMPLE, ['graph']);
  assert.equal(cli.code, 0, cli.stderr);
  const lines = cli.stdout.trimEnd().split('\n');
  const inst = core.parseGraph(GOAL_SAMPLE)[0];
  await withGraph(PAGE, async (page) => {
    // The answer comes from the whole module, which the worker loads when first asked for it.
    await page.waitForFunction(() => document.getElementById('judge-output').textContent !== '');
    assert.equal(await page.textContent('#judge-output'), cli.stdout, 'the page prints what the CLI prints');
    assert.equal(await page.locator('#graph-pick option').count(), 4);
    for (let q = 0; q < 4; q++) {
      const [start, goal] = [inst.queryStarts[q], inst.queryGoals[q]];
      if (q > 0) {
        const frame = await page.evaluate(() => document.querySelector('loopy-graph').frameCount);
        await page.selectOption('#graph-pick', String(q));
        await ready(page, { after: frame });
      }
      const shown = await toEnd(page);
      assert.deepEqual([shown.goal, shown.start], [goal, start], `query ${q + 1}`);
      const drawn = await drawnMarks(page);
      assert.deepEqual(drawn, expectedMarks(inst.n, inst.from, inst.to, goal), `query ${q + 1}: the marks`);
      // The start's mark is the CLI's answer to the query.
      const word = { 1: 'circle', '-1': 'square', 0: 'diamond' }[lines[q]];
      assert.equal(drawn[start].shape, word, `query ${q + 1}: loopy graph says ${lines[q]}`);
      // And solveGraph agrees (the same core the page runs, called here directly).
      const sol = core.solveGraph(inst.n, inst.from, inst.to, { goal });
      const outcomes = await page.evaluate(() => Array.from(document.querySelector('loopy-graph').outcomes()));
      assert.deepEqual(outcomes, Array.from(sol.outcomes()));
      sol.free();
    }
  });
});

test("the dag sample: the answer is loopy dag's byte for byte, the marks and SG values are the rules', optimal play is the answer's set", async () => {
  const cli = await runCli(DAG_SAMPLE, ['dag']);
  assert.equal(cli.code, 0, cli.stderr);
  // Two instances, the second with the opponent first: the picker and both answers.
  const text = `${DAG_SAMPLE}4 3 0\n1 2\n2 3\n3 4\n`;
  const cli2 = await runCli(text, ['dag']);
  await withGraph(PAGE, async (page) => {
    await clickPreset(page, 'dag-sample');
    // The answer may come after the drawing: the worker loads the whole module for it.
    await page.waitForFunction((t) => document.getElementById('judge-output').textContent === t, cli.stdout);
    assert.equal(await page.textContent('#judge-output'), cli.stdout);
    const inst = core.parseGraph(DAG_SAMPLE)[0];
    await page.check('input[name="values"][value="grundy"]');
    await toEnd(page);
    await frames(page, 3);
    const sg = mexValues(inst.n, inst.from, inst.to);
    assert.deepEqual(await drawnMarks(page), expectedMarks(inst.n, inst.from, inst.to, undefined, sg));
    const sol = core.solveGraph(inst.n, inst.from, inst.to);
    assert.deepEqual(await page.evaluate(() => Array.from(document.querySelector('loopy-graph').grundy())), Array.from(sol.grundy()));
    sol.free();
    // The second line of the answer is the optimal-play set the page highlights.
    assert.deepEqual(await page.evaluate(() => document.querySelector('loopy-graph').optimalSet()), cli.stdout.split('\n')[1].split(' ').map(Number));
    await page.fill('#graph-input', text);
    await page.click('#graph-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll('#graph-pick option').length === 2);
    await page.waitForFunction((t) => document.getElementById('judge-output').textContent === t, cli2.stdout);
    await page.selectOption('#graph-pick', '1');
    const second = await ready(page, { n: 4 });
    assert.equal(second.heroFirst, false);
    assert.match(await page.textContent('#game-summary'), /instance 2 of 2, the opponent moves first/);
  });
});

test("a random graph of 200 vertices: every mark mid-run is the core's picture, and at the end the rules' value", async () => {
  const { n, from, to, text } = randomShort(200, 7);
  const goal = 7;
  const prop = new core.GraphPropagation(n, from, to, { goal });
  await withGraph(`${PAGE}?graph=${text}&goal=${goal}`, async (page) => {
    const shown = await ready(page, { n });
    assert.equal(shown.drawn, 'whole');
    assert.equal(shown.length, prop.length);
    // Mid-run: each mark is the snapshot word the core's stepper has at that step.
    const mid = Math.floor(prop.length / 2);
    await page.evaluate((m) => document.querySelector('loopy-graph').seek(m), mid);
    await ready(page, { step: mid });
    prop.seek(mid);
    const snap = prop.snapshot();
    const b = L.snapshot;
    const shapeOf = (w) => ({ [b.win]: 'circle', [b.lose]: 'square', [b.loop]: 'diamond', [b.unknown]: 'empty' })[w & b.valueMask];
    const marks = await marksOf(page);
    assert.equal(marks.length, n, 'every vertex is drawn');
    for (const m of marks) {
      const w = snap[m.v];
      assert.equal(m.shape, shapeOf(w), `vertex ${m.v} at step ${mid}`);
      assert.equal(m.label, (w & b.valueMask) === b.unknown ? '' : String(w >>> b.shift), `vertex ${m.v}'s number`);
    }
    await toEnd(page);
    assert.deepEqual(await drawnMarks(page), expectedMarks(n, from, to, goal));
    // SG values in the marks are the core's.
    await page.evaluate(() => {
      document.querySelector('loopy-graph').values = 'grundy';
    });
    await frames(page, 3);
    await ready(page);
    const sol = prop.solution();
    assert.deepEqual(await drawnMarks(page), expectedMarks(n, from, to, goal, sol.grundy()));
    sol.free();
  });
  prop.free();
});

// ---- the layout -----------------------------------------------------------------------------------

test('the layout: no two vertices overlap and every vertex is inside the canvas, at 1280 and 390 px wide', async () => {
  const big = randomShort(200, 11);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    const opened = await openGraph(PAGE, { viewport: { width, height } });
    const { page } = opened;
    try {
      const cases = [...GRAPH_PRESETS.map((p) => p.id), 'random 200'];
      for (const id of cases) {
        if (id === 'random 200') {
          await page.goto(new URL(`${PAGE}?graph=${big.text}`, BASE_URL).href);
          await ready(page, { n: 200 });
        } else {
          await clickPreset(page, id);
        }
        const marks = await marksOf(page);
        const size = await page.evaluate(() => document.querySelector('loopy-graph').canvasSize);
        assert.ok(marks.length > 0, id);
        // A mark's extent: the diamond reaches 1.25 r from its centre, the others less.
        for (const m of marks) {
          const e = 1.25 * m.r;
          assert.ok(
            m.x - e >= 0 && m.y - e >= 0 && m.x + e <= size.width && m.y + e <= size.height,
            `${width} px, ${id}: vertex ${m.v} inside the canvas`,
          );
        }
        for (let i = 0; i < marks.length; i++) {
          for (let j = i + 1; j < marks.length; j++) {
            const [a, c] = [marks[i], marks[j]];
            const apart = Math.abs(a.x - c.x) >= 1.25 * (a.r + c.r) || Math.abs(a.y - c.y) >= 1.25 * (a.r + c.r);
            assert.ok(apart, `${width} px, ${id}: vertices ${a.v} and ${c.v} overlap`);
          }
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${width} px: no sideways scrolling`);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
});

// ---- playback -----------------------------------------------------------------------------------

test('k steps forward and one back looks like k - 1 steps, at every granularity', async () => {
  await withGraph(PAGE, async (page) => {
    await clickPreset(page, 'ring');
    for (const g of ['events', 'resolutions', 'layers']) {
      const frame = await page.evaluate(() => document.querySelector('loopy-graph').frameCount);
      await page.evaluate((g) => {
        document.querySelector('loopy-graph').granularity = g;
      }, g);
      const { length } = await ready(page, { after: frame });
      for (const k of [1, 2, Math.min(5, length), length]) {
        await page.evaluate((m) => document.querySelector('loopy-graph').seek(m), k - 1);
        await ready(page, { step: k - 1 });
        const before = await picture(page);
        await page.keyboard.press('ArrowRight');
        await ready(page, { step: k });
        const ahead = await picture(page);
        assert.notEqual(ahead.narration, before.narration, `${g}, k = ${k}: a step says something new`);
        await page.keyboard.press('ArrowLeft');
        await ready(page, { step: k - 1 });
        assert.deepEqual(await picture(page), before, `${g}, k = ${k}`);
      }
    }
  });
});

// ---- a million vertices ---------------------------------------------------------------------------

test("a graph of a million vertices: progress, a cancel keeps the previous graph, then its neighbourhood draws with the core's values", async () => {
  await withGraph(PAGE, async (page) => {
    const first = await ready(page);
    // Cancel as soon as the solve has begun: the previous graph stays.
    await page.evaluate(() => {
      const el = document.querySelector('loopy-graph');
      window.progress = [];
      window.cancelled = false;
      el.addEventListener('loopy-progress', (e) => {
        window.progress.push(e.detail);
        if (e.detail.phase === 'solve' && !window.cancelAsked) {
          window.cancelAsked = true;
          el.shadowRoot.getElementById('cancel').click();
        }
      });
      el.addEventListener('loopy-cancel', () => {
        window.cancelled = true;
      });
    });
    await page.getByRole('button', { name: 'A million vertices (random)' }).click();
    await page.waitForFunction(() => window.cancelled, null, { timeout: TIMEOUT });
    await frames(page, 5);
    const kept = await ready(page);
    assert.deepEqual([kept.n, kept.m, kept.goal], [first.n, first.m, first.goal], 'the previous graph stays');
    assert.match(await page.textContent('#load-status'), /Cancelled/);
    assert.ok(
      (await page.evaluate(() => window.progress)).some((p) => p.phase === 'solve' && p.n === 1e6),
      'progress named the graph',
    );
    // Again, to the end: progress shows, then the neighbourhood of vertex 1.
    await page.evaluate(() => {
      window.progress = [];
      window.cancelAsked = true;
      window.barShown = false;
      const bar = document.querySelector('loopy-graph').shadowRoot.getElementById('progress-box');
      new MutationObserver(() => {
        if (!bar.hidden) window.barShown = true;
      }).observe(bar, { attributes: true });
    });
    await page.getByRole('button', { name: 'A million vertices (random)' }).click();
    const big = await ready(page, { n: 1e6 });
    assert.equal(big.drawn, 'neighbourhood');
    const phases = (await page.evaluate(() => window.progress)).map((p) => p.phase);
    assert.deepEqual(phases, ['read', 'solve', 'values', 'draw'], 'progress through every phase');
    assert.ok(await page.evaluate(() => window.barShown), 'the progress bar showed');
    assert.match(
      await page.locator('loopy-graph #counts').textContent(),
      /Whole graph: 1,000,000 vertices, 2,000,000 moves\. Win [\d,]+ · Lose [\d,]+ · Draw [\d,]+/,
    );
    // The neighbourhood: vertex 1 and its neighbours, drawn like a small graph, their marks the core's.
    const { from, to } = randomGraph(1e6, 1);
    const sol = core.solveGraph(1e6, from, to);
    const out = sol.outcomes();
    const dep = sol.depths();
    await toEnd(page);
    const marks = await marksOf(page);
    assert.ok(marks.length > 1 && marks.length <= 60, `a neighbourhood of ${marks.length} vertices`);
    assert.ok(
      marks.some((m) => m.v === 1),
      'around vertex 1',
    );
    const near = new Set([1, ...sol.moves(1).filter((_, k) => k % L.moveWords === 0), ...sol.predecessors(1)]);
    for (const v of near)
      assert.ok(
        marks.some((m) => m.v === v),
        `vertex ${v}, next to 1, is drawn`,
      );
    const word = { [L.outcome.win]: 'circle', [L.outcome.lose]: 'square', [L.outcome.draw]: 'diamond' };
    for (const m of marks) {
      assert.equal(m.shape, word[out[m.v]], `vertex ${m.v}`);
      if (m.shape !== 'diamond') assert.equal(m.label, String(dep[m.v]), `vertex ${m.v}'s depth`);
    }
    // Another centre, by the form inside the element.
    const centre = marks.find((m) => m.v !== 1).v;
    await page.locator('loopy-graph #centre').fill(String(centre));
    await page.locator('loopy-graph #around button').click();
    await page.waitForFunction(
      (c) =>
        document.querySelector('loopy-graph').marks.some((m) => m.v === c) &&
        document
          .querySelector('loopy-graph')
          .shadowRoot.getElementById('known')
          .textContent.includes(`of vertex ${c.toLocaleString('en-US')}`),
      centre,
    );
    sol.free();
    assert.deepEqual(await axeViolations21(page), []);
  });
});

// ---- sharing --------------------------------------------------------------------------------------

test('a graph shared by link, by element and by iframe reopens the same view', async () => {
  const opened = await openGraph(PAGE);
  const { page } = opened;
  try {
    await clickPreset(page, 'cycle');
    await page.evaluate(() => {
      const el = document.querySelector('loopy-graph');
      el.seek(6);
    });
    await ready(page, { step: 6 });
    await page.evaluate(() => document.querySelector('loopy-graph').select(3));
    const shown = await ready(page);
    const marks = await drawnMarks(page);
    const url = new URL(page.url()).searchParams;
    assert.deepEqual(
      ['graph', 'start', 'step', 'v'].map((k) => url.get(k)),
      ['1-2,2-3,3-4,4-5,5-1,3-6,6-7', '1', '6', '3'],
      'the URL says what is on screen',
    );
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    const element = await page.inputValue('#share-element');
    const iframe = await page.inputValue('#share-iframe');
    assert.match(
      element,
      /^<script type="module" src="http[^"]+\/loopy\.js"><\/script>\n<loopy-graph graph="1-2,2-3,3-4,4-5,5-1,3-6,6-7" start="1" step="6" /,
    );
    assert.match(iframe, /graph\.html\?graph=.*embed=1/);
    const same = async (frame, what) => {
      await frame.waitForFunction(() => document.querySelector('loopy-graph')?.state === 'ready', null, { timeout: TIMEOUT });
      const d = await frame.evaluate(() => {
        const el = document.querySelector('loopy-graph');
        const m = {};
        for (const x of el.marks) m[x.v] = { shape: x.shape, label: x.label };
        return { ...el.game, step: el.step, length: el.length, selected: el.selected, marks: m };
      });
      assert.deepEqual(
        { n: d.n, m: d.m, goal: d.goal, start: d.start, step: d.step, length: d.length, selected: d.selected, marks: d.marks },
        { n: shown.n, m: shown.m, goal: shown.goal, start: shown.start, step: 6, length: shown.length, selected: 3, marks },
        what,
      );
    };
    const a = await openPage(browser, link);
    try {
      await same(a.page, 'the link');
      assert.equal(await a.page.inputValue('#graph-input'), '1 2\n2 3\n3 4\n4 5\n5 1\n3 6\n6 7\nstart 1\n', 'the box shows the graph');
      assertClean(assert, a);
    } finally {
      await a.context.close();
    }
    for (const snippet of [element, iframe]) {
      const { opened: b, frame } = await pasteSnippet(browser, snippet);
      try {
        await same(frame, snippet.slice(0, 40));
        // This post's strict CSP refuses the iframe snippet's inline lines that size the frame: it keeps its own size.
        b.consoleMessages = b.consoleMessages.filter((m) => !/Executing inline script violates/.test(m));
        assertClean(assert, b);
      } finally {
        await b.context.close();
      }
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a graph link to the ring page opens graph mode with that graph', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(new URL('./?graph=1-2,2-3,3-1,3-4&goal=4&start=1', BASE_URL).href);
    await page.waitForURL(/graph\.html\?graph=1-2,2-3,3-1,3-4&goal=4&start=1/);
    const shown = await ready(page, { n: 4 });
    assert.deepEqual([shown.goal, shown.start], [4, 1]);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      fetched.filter((p) => /\/(worker\.js|pkg\/loopy_bg\.wasm)$/.test(p)),
      [],
      'the ring never started',
    );
  } finally {
    await context.close();
  }
});

// ---- bad input ------------------------------------------------------------------------------------

test("bad input: the core's message with its line by the box, and the last good graph stays", async () => {
  await withGraph(PAGE, async (page) => {
    const good = await ready(page);
    const before = await picture(page);
    for (const [text, line, message] of [
      ['1 2\n2 3\n3 x\n', 3, /line 3: expected the second vertex of edge 3, found "x" \(not a whole number\)/],
      ['5 5 1\n1 2\n1 3\n2 4\n4 9\n3 5\n', 5, /line 5: expected the second vertex of edge 4 of 5, a vertex from 1 to n = 5, found 9/],
      ['3 2 1\n1 2\n2 3\n2 2\n', 4, /line 4: the start 2 is also the goal/],
    ]) {
      // The CLI or parseGraph says the same (the message is the core's).
      let expected;
      try {
        core.parseGraph(text);
      } catch (e) {
        expected = e.message;
        assert.equal(e.line, line);
      }
      assert.match(expected, message);
      await page.fill('#graph-input', text);
      await page.click('#graph-form button[type="submit"]');
      await page.waitForFunction(() => document.getElementById('graph-error').textContent !== '');
      assert.equal(await page.textContent('#graph-error'), expected);
      assert.equal(await page.getAttribute('#graph-input', 'aria-invalid'), 'true');
      // The caret is put on the bad line.
      const selected = await page.evaluate(() => {
        const b = document.getElementById('graph-input');
        return b.value.slice(b.selectionStart, b.selectionEnd);
      });
      assert.equal(selected, text.split('\n')[line - 1]);
      const kept = await ready(page);
      assert.deepEqual([kept.n, kept.m, kept.goal, kept.start], [good.n, good.m, good.goal, good.start], 'the last good graph stays');
      assert.equal((await picture(page)).picture, before.picture, 'and is drawn as it was');
      assert.deepEqual(await axeViolations21(page), []);
    }
    // A good text clears the message.
    await page.fill('#graph-input', '1 2\n2 3\n');
    await page.click('#graph-form button[type="submit"]');
    await ready(page, { n: 3 });
    assert.equal(await page.textContent('#graph-error'), '');
    assert.equal(await page.getAttribute('#graph-input', 'aria-invalid'), null);
  });
  // Bad attributes in a link: the element says which, inside itself.
  await withGraph(`${PAGE}?graph=1-2,2-3`, async (page) => {
    const detail = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const el = document.querySelector('loopy-graph');
          el.addEventListener('loopy-error', (e) => resolve(e.detail), { once: true });
          el.setAttribute('goal', '9');
        }),
    );
    assert.equal(detail.field, 'goal');
    assert.match(await page.locator('loopy-graph [part="error"]').textContent(), /goal/);
    assert.equal((await ready(page)).n, 3, 'the graph stays');
  });
});

// ---- the page as a whole ---------------------------------------------------------------------------

test('graph mode passes axe with a vertex inspected, and the ring page loads nothing of it', async () => {
  await withGraph(PAGE, async (page) => {
    await toEnd(page);
    const spot = await page.evaluate(() => document.querySelector('loopy-graph').pointOf(3));
    await page.mouse.click(spot.x, spot.y);
    await page.waitForFunction(() => document.querySelector('#insp-body strong')?.textContent === 'Vertex 3');
    assert.match(await page.textContent('#insp-body'), /Win in 3 moves/);
    assert.equal(await page.isVisible('#set-start'), true);
    await page.click('#set-start');
    await page.waitForFunction(() => document.querySelector('loopy-graph').game.start === 3);
    assert.deepEqual(await axeViolations21(page), []);
  });
  const opened = await openPage(browser, './');
  const requests = [];
  opened.page.on('request', (r) => requests.push(r.url()));
  try {
    await opened.page.reload({ waitUntil: 'load' });
    await opened.page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
    assert.deepEqual(
      requests.filter((u) => /graph|vendor|dagre/.test(new URL(u).pathname)),
      [],
      'the ring page fetches no file of graph mode',
    );
  } finally {
    await opened.context.close();
  }
});

test('under a strict CSP (as a header): no violation through a full run, the layout library and the inspector', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
    });
    const res = await page.goto(new URL(PAGE, CSP_URL).href);
    assert.match(res.headers()['content-security-policy'] || '', /style-src 'self'/);
    await ready(page);
    for (const id of ['subtraction', 'ring']) {
      await clickPreset(page, id);
      await page.evaluate(() => {
        const el = document.querySelector('loopy-graph');
        el.speed = 1e7;
        el.setAttribute('theme', 'dark');
        el.play();
      });
      await page.waitForFunction(() => {
        const el = document.querySelector('loopy-graph');
        return el.step === el.length;
      });
      const spot = await page.evaluate(() => document.querySelector('loopy-graph').pointOf(2));
      await page.mouse.click(spot.x, spot.y);
    }
    await page.click('#share');
    await page.keyboard.press('Escape');
    assert.deepEqual(await page.evaluate(() => window.violations), []);
  } finally {
    await context.close();
  }
});

test('the dist folder serves graph mode: its page, element, worker, wasm and layout library', {
  skip: !DIST_URL && 'LOOPY_DIST_URL is not set',
}, async () => {
  const [dir] = readdirSync(`${DIST_DIR}/site`).filter((d) => d.startsWith('loopy-'));
  await withGraph(new URL(`${dir}/graph.html?graph=1-2,2-3,3-1,3-4&goal=4&start=1`, DIST_URL).href, async (page) => {
    await ready(page, { n: 4 });
    await toEnd(page);
    assert.deepEqual(await drawnMarks(page), expectedMarks(4, [1, 2, 3, 3], [2, 3, 1, 4], 4));
  });
});

/** The fill of each mark shape in the element's light theme (style.js: --loopy-win, -lose, -loop, -unknown). */
const FILL = { circle: [0, 114, 178], square: [213, 94, 0], diamond: [204, 121, 167], empty: [237, 237, 237] };

test("screenshots of every preset mid-solve at 1280 and 390 px wide: each vertex in its value's colour, the decided ones as the rules decide them", async () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    const opened = await openGraph(PAGE, { viewport: { width, height } });
    const { page } = opened;
    try {
      for (const p of GRAPH_PRESETS) {
        const shown = await clickPreset(page, p.id);
        const mid = Math.floor(shown.length / 2);
        await page.evaluate((m) => document.querySelector('loopy-graph').seek(m), mid);
        await ready(page, { step: mid });
        await page.evaluate(() => document.getElementById('game-summary').scrollIntoView());
        await screenshot(page, `graph-${p.id}-${width}.png`);
        // What the picture shows: each vertex's mark, read back from the canvas's pixels
        // above its label, in the colour of its shape; each decided one as the oracle
        // decides it, with its depth; mid-solve, some decided and some not yet.
        const inst = core.parseGraph(p.text)[0];
        const { out, dep } = oracle(inst.n, inst.from, inst.to, shown.goal);
        const marks = await marksOf(page);
        assert.equal(marks.length, inst.n, `${p.id}: every vertex drawn`);
        const pixels = await page.evaluate((marks) => {
          const el = document.querySelector('loopy-graph');
          const canvas = el.shadowRoot.querySelector('canvas[part="canvas"]');
          const d = canvas.width / el.canvasSize.width;
          // One copy of the picture, read as often as needed (else Chromium warns on the console).
          const copy = document.createElement('canvas');
          copy.width = canvas.width;
          copy.height = canvas.height;
          const ctx = copy.getContext('2d', { willReadFrequently: true });
          ctx.drawImage(canvas, 0, 0);
          // Nine points across the mark (its label covers some of them).
          const at = (m, dx, dy) => [...ctx.getImageData(Math.round((m.x + dx * m.r) * d), Math.round((m.y + dy * m.r) * d), 1, 1).data.slice(0, 3)];
          return marks.map((m) => [-0.6, 0, 0.6].flatMap((dy) => [-0.6, 0, 0.6].map((dx) => at(m, dx, dy))));
        }, marks);
        const decided = marks.filter((m) => m.shape !== 'empty');
        const near = (c, want) => c.every((x, i) => Math.abs(x - want[i]) <= 8);
        for (const [k, m] of marks.entries()) {
          // Most of the mark is its shape's fill, more than any other value's.
          const votes = Object.fromEntries(Object.entries(FILL).map(([shape, fill]) => [shape, pixels[k].filter((c) => near(c, fill)).length]));
          const most = Math.max(...Object.values(votes));
          assert.ok(
            votes[m.shape] >= 3 && votes[m.shape] === most,
            `${width} px, ${p.id}: vertex ${m.v} (${m.shape}) is drawn ${JSON.stringify(votes)} (points of each fill, of 9)`,
          );
        }
        // The number in a mark: the depth, or the SG value where the preset shows those (an acyclic game).
        const sg = p.values === 'grundy' ? mexValues(inst.n, inst.from, inst.to) : null;
        for (const m of decided) {
          assert.equal(m.shape, SHAPE[out[m.v]], `${width} px, ${p.id}: vertex ${m.v}`);
          if (sg) assert.equal(m.label, String(sg[m.v]), `${p.id}: vertex ${m.v}'s SG value`);
          else if (m.shape !== 'diamond') assert.equal(m.label, String(dep[m.v]), `${p.id}: vertex ${m.v}'s depth`);
        }
        assert.ok(decided.length > 0, `${p.id}: mid-solve (step ${mid}), some vertices are decided`);
      }
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
});

/** The values the page shows, three ways: the radio checked, the URL's `values`, the element's own (and whether its marks show SG values). */
function valuesShown(page) {
  return page.evaluate(() => {
    const el = document.querySelector('loopy-graph');
    return {
      radio: document.querySelector('input[name="values"]:checked').value,
      url: new URLSearchParams(location.search).get('values') ?? 'depth',
      element: el.getAttribute('values') ?? 'depth',
      words: el.shadowRoot.getElementById('numbers').textContent,
    };
  });
}

async function valuesAre(page, v, at) {
  await page.waitForFunction((v) => (new URLSearchParams(location.search).get('values') ?? 'depth') === v, v, { timeout: TIMEOUT });
  const s = await valuesShown(page);
  assert.deepEqual([s.radio, s.url, s.element], [v, v, v], `${at}: the radio, the URL and the element agree (${JSON.stringify(s)})`);
  assert.match(s.words, v === 'grundy' ? /Sprague-Grundy values/ : /depths/, `${at}: the element says what its numbers are`);
}

test('graph mode in sync: the S key, the radios and the URL are one state, before and after a preset; presets are named by their problems and bring the drawing into view', async () => {
  await withGraph(
    PAGE,
    async (page) => {
      await valuesAre(page, 'depth', 'at first');
      await focusBody(page);
      await page.keyboard.press('s');
      await valuesAre(page, 'grundy', 'after S');
      await page.keyboard.press('s');
      await valuesAre(page, 'depth', 'after S again');
      // The presets are named by the problems their samples come from.
      const names = await page.$$eval('#preset-list button', (bs) => bs.map((b) => b.textContent));
      assert.ok(
        names.some((x) => x.startsWith('Luogu P6560 sample')),
        names.join(' | '),
      );
      assert.ok(
        names.some((x) => x.startsWith('Tyvj 1371 sample')),
        names.join(' | '),
      );
      assert.ok(!names.some((x) => /Spec sample/.test(x)), 'not our word for them');
      // A preset that shows SG values, clicked from below the drawing: the drawing comes into view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await clickPreset(page, 'subtraction');
      const top = await page.evaluate(() => document.querySelector('loopy-graph').getBoundingClientRect().top);
      assert.ok(top >= -1 && top < 200, `the drawing is in view after the click (its top at ${top} px)`);
      await valuesAre(page, 'grundy', 'after the SG preset');
      await focusBody(page);
      await page.keyboard.press('s');
      await valuesAre(page, 'depth', 'after the SG preset and S');
      await page.getByRole('radio', { name: /Sprague-Grundy/ }).check();
      await valuesAre(page, 'grundy', 'after the radio');
      await clickPreset(page, 'cycle');
      await valuesAre(page, 'depth', 'after a depth preset');
      // The million preset: the box no longer holds the previous sample's text.
      await page.getByRole('button', { name: 'A million vertices (random)', exact: true }).click();
      const box = await page.evaluate(() => {
        const b = document.getElementById('graph-input');
        return { value: b.value, placeholder: b.placeholder };
      });
      assert.equal(box.value, '', 'the box is emptied');
      assert.match(box.placeholder, /random graph of 1,000,000 vertices \(seed 1\) is drawn/);
    },
    { viewport: { width: 1280, height: 800 } },
  );
});

test('a compact embed says whether its numbers are depths or SG values', async () => {
  for (const v of ['depth', 'grundy']) {
    const opened = await openGraph(`${PAGE}?graph=1-2,2-3,3-1,3-4${v === 'grundy' ? '&values=grundy' : ''}&embed=1`);
    try {
      const words = await opened.page.evaluate(() => {
        const el = document.querySelector('loopy-graph');
        const p = el.shadowRoot.getElementById('numbers');
        return p.getClientRects().length ? p.textContent : '';
      });
      assert.match(words, v === 'grundy' ? /Sprague-Grundy values/ : /depths/, `${v}: ${words}`);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
});

test('∞ marks show K, the finite SG values their moves reach', async () => {
  await withGraph(PAGE, async (page) => {
    await clickPreset(page, 'cycle');
    await page.getByRole('radio', { name: /Sprague-Grundy/ }).check();
    await toEnd(page);
    await page.waitForFunction(() => document.querySelector('loopy-graph').marks.some((m) => m.label === '∞' && m.sub), null, { timeout: TIMEOUT });
    const marks = await drawnMarksWithK(page);
    // By the spec's rules: 7 has no move (γ 0), 6 moves only to 7 (γ 1); the cycle 1 → … → 5 → 1
    // has no finite value, and of its vertices only 3 reaches a finite one (6, γ 1).
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((v) => [v, marks[v].label, marks[v].sub]),
      [
        [1, '∞', '{}'],
        [2, '∞', '{}'],
        [3, '∞', '{1}'],
        [4, '∞', '{}'],
        [5, '∞', '{}'],
      ],
    );
    assert.deepEqual([marks[6].label, marks[6].sub ?? null, marks[7].label, marks[7].sub ?? null], ['1', null, '0', null], 'finite values have no K');
    await page.evaluate(() => document.querySelector('loopy-graph').scrollIntoView({ block: 'start' }));
    await screenshot(page, 'graph-k.png');
  });
});

async function drawnMarksWithK(page) {
  const out = {};
  for (const m of await marksOf(page)) out[m.v] = { label: m.label, sub: m.sub };
  return out;
}

test('the neighbourhood of a vertex of the million graph is readable: marks large enough for their numbers, the stubs explained, the box not holding another graph', async () => {
  await withGraph(
    `${PAGE}?random=1000000&seed=1`,
    async (page) => {
      await page.waitForFunction(() => document.querySelector('loopy-graph').marks.length > 0, null, { timeout: TIMEOUT });
      await toEnd(page);
      const marks = await marksOf(page);
      assert.ok(marks.length >= 5, `a neighbourhood is drawn (${marks.length} vertices)`);
      for (const m of marks) {
        assert.ok(m.r >= 10, `vertex ${m.v}: a mark of ${m.r.toFixed(1)} px radius, large enough to read`);
        assert.notEqual(m.label, '', `vertex ${m.v}: its number is drawn in its mark`);
      }
      const help = await page.evaluate(() => {
        const p = document.querySelector('loopy-graph').shadowRoot.getElementById('stubs-help');
        return p.getClientRects().length ? p.textContent : '';
      });
      assert.match(help, /“→\+2” counts the moves into it from vertices not drawn here, and “\+3→” counts its moves to vertices not drawn here/);
      const box = await page.evaluate(() => ({
        value: document.getElementById('graph-input').value,
        placeholder: document.getElementById('graph-input').placeholder,
      }));
      assert.equal(box.value, '');
      assert.match(box.placeholder, /random graph of 1,000,000 vertices \(seed 1\) is drawn/);
      await page.evaluate(() => document.querySelector('loopy-graph').scrollIntoView({ block: 'start' }));
      await screenshot(page, 'graph-million-around.png');
    },
    { viewport: { width: 1280, height: 800 } },
  );
});
