// Browser tests of the lesson library (www/lessons/): at least four lessons in English and four in Chinese, linked from both
// pages and from the library; in each, every paragraph's view is reached when the reader scrolls to it (its step, its
// selection, the game it names), and every value a paragraph claims (its data-claims) is the solver's: Win, Lose, Loop and
// depths from the CLI (`loopy --depth`, `loopy graph`, `loopy dag`), Sprague-Grundy values from Smith's procedure as the
// spec writes it (an oracle here, not the core's); the paragraph's text names each claimed value, and the figure shows each
// claimed Win, Lose or Draw at the paragraph's step (read from its pixels). The Chinese lessons have no English words beyond
// the names the issue lets through.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPage, runCli, TIMEOUT } from './browser.mjs';
import { assertClean, frames, judgeInput, marksAt, pageEnglishLeft, screenshot } from './page-helpers.mjs';

const DIR = new URL('../www/lessons/', import.meta.url);
const LESSONS = readdirSync(DIR)
  .filter((f) => f.endsWith('.html') && f !== 'index.html')
  .sort();
const isZh = (file) => file.endsWith('.zh-CN.html');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** `key=value` pairs of a data-loopy text (values quoted with ' or " when they hold spaces). */
function settings(text) {
  const out = {};
  for (const m of String(text).matchAll(/([A-Za-z][\w-]*)(?:=(?:'([^']*)'|"([^"]*)"|(\S*)))?/g)) out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

/** A step set as the ring's attributes write it ("2-4,6") as numbers. */
function steps(text) {
  return text.split(',').flatMap((part) => {
    const [a, b = a] = part.split('-').map(Number);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}

/** A graph attribute ("1-2,2-3") as its edges and its number of vertices. */
function edgesOf(text) {
  const edges = text.split(',').map((e) => e.split('-').map(Number));
  return { edges, n: Math.max(...edges.flat()) };
}

/** The CLI's values and depths of a ring game: `at(p, pos)` → { value, depth }. */
async function ringOracle(n, s1, s2) {
  const { stdout, code, stderr } = await runCli(judgeInput(n, s1, s2), ['--depth']);
  assert.equal(code, 0, stderr);
  const lines = stdout
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  return (p, pos) => ({ value: lines[p - 1][pos - 1], depth: lines[p + 1][pos - 1] });
}

/** The CLI's value of every vertex (format goal; a graph without a goal gets one no move reaches). */
async function graphOracle(graph, goal) {
  const { edges, n } = edgesOf(graph);
  const g = goal ? Number(goal) : n + 1;
  const size = Math.max(n, g);
  const queries = [];
  for (let v = 1; v <= n; v++) if (v !== g) queries.push(v);
  const input = `${size} ${edges.length} ${queries.length}\n${edges.map((e) => e.join(' ')).join('\n')}\n${queries.map((v) => `${v} ${g}`).join('\n')}\n`;
  const { stdout, code, stderr } = await runCli(input, ['graph']);
  assert.equal(code, 0, stderr);
  const words = { 1: 'Win', '-1': 'Lose', 0: 'Draw' };
  const out = new Map();
  stdout
    .trim()
    .split('\n')
    .forEach((w, i) => {
      out.set(queries[i], words[w.trim()]);
    });
  return out;
}

/** The optimal-play set from vertex 1 as `loopy dag` prints it (the hero moving first). */
async function optimalOracle(graph) {
  const { edges, n } = edgesOf(graph);
  assert.ok(
    edges.every(([u, v]) => u < v),
    'format dag: moves from the smaller vertex to the larger',
  );
  const { stdout, code, stderr } = await runCli(`${n} ${edges.length} 1\n${edges.map((e) => e.join(' ')).join('\n')}\n`, ['dag']);
  assert.equal(code, 0, stderr);
  return stdout.trim().split('\n')[1].trim();
}

/**
 * Smith's generalised Sprague-Grundy values, by the procedure of graph-games.md written out
 * here (the oracle: not the core's code): a number, or `inf{K}` with K's values ascending.
 */
function smith(graph, goal) {
  const { edges, n } = edgesOf(graph);
  const succ = Array.from({ length: n + 1 }, () => []);
  for (const [u, v] of edges) if (Number(goal) !== u) succ[u].push(v);
  const val = new Array(n + 1).fill(null);
  for (let k = 0; ; k++) {
    for (let changed = true; changed; ) {
      changed = false;
      for (let u = 1; u <= n; u++) {
        if (val[u] !== null) continue;
        const s = succ[u];
        if (s.some((w) => val[w] === k)) continue;
        let all = true;
        for (let j = 0; j < k; j++) if (!s.some((w) => val[w] === j)) all = false;
        if (!all) continue;
        if (!s.every((w) => val[w] !== null || succ[w].some((x) => val[x] === k))) continue;
        val[u] = k;
        changed = true;
      }
    }
    let more = false;
    for (let u = 1; u <= n; u++) {
      if (val[u] !== null) continue;
      let all = true;
      for (let j = 0; j <= k; j++) if (!succ[u].some((w) => val[w] === j)) all = false;
      if (all) more = true;
    }
    if (!more) break;
  }
  return (v) => {
    if (val[v] !== null) return String(val[v]);
    const K = [...new Set(succ[v].map((w) => val[w]).filter((x) => x !== null))].sort((a, b) => a - b);
    return `inf{${K.join(',')}}`;
  };
}

/** The words that name each value in a lesson's language. */
const WORDS = {
  en: { Win: ['win', 'n-position'], Lose: ['lose', 'p-position'], Loop: ['loop'], Draw: ['draw'] },
  zh: { Win: ['必胜', 'N态'], Lose: ['必败', 'P态'], Loop: ['循环'], Draw: ['平局'] },
};

/** Checks paragraph `k`'s claims against the oracles for its view (`view`: the figure's attributes up to it); returns the failures. */
async function checkClaims(tag, view, claims, text, lang) {
  const bad = [];
  const says = (words) => words.some((w) => text.toLowerCase().includes(w.toLowerCase()));
  const named = (x) => text.includes(String(x));
  for (const claim of claims.split(/\s+/).filter(Boolean)) {
    const ring = /^p([12])@(\d+)=(Win|Lose|Loop)(?:\/(\d+))?$/.exec(claim);
    const vertex = /^v(\d+)=(Win|Lose|Draw)$/.exec(claim);
    const sg = /^sg(\d+)=(\d+|inf\{[\d,]*\})$/.exec(claim);
    const opt = /^opt=([\d,]+)$/.exec(claim);
    const m = ring ?? vertex ?? sg ?? opt;
    if (ring) {
      assert.equal(tag, 'loopy-ring', claim);
      const at = (await ringOracle(Number(view.n), steps(view.s1), steps(view.s2)))(Number(m[1]), Number(m[2]));
      if (at.value !== m[3]) bad.push(`${claim}: the CLI says ${at.value}`);
      if (m[4] && at.depth !== m[4]) bad.push(`${claim}: the CLI's depth is ${at.depth}`);
      if (!says(WORDS[lang][m[3]]) || !named(m[2]) || (m[4] && !named(m[4]))) bad.push(`${claim}: the text does not say it`);
    } else if (vertex) {
      const got = (await graphOracle(view.graph, view.goal)).get(Number(m[1]));
      if (got !== m[2]) bad.push(`${claim}: the CLI says ${got}`);
      if (!says(WORDS[lang][m[2]]) || !named(m[1])) bad.push(`${claim}: the text does not say it`);
    } else if (sg) {
      const got = smith(view.graph, view.goal)(Number(m[1]));
      if (got !== m[2]) bad.push(`${claim}: Smith's procedure gives ${got}`);
      const shown = m[2].startsWith('inf') ? '∞' : m[2];
      if (!named(shown) || !named(m[1])) bad.push(`${claim}: the text does not say it`);
    } else if (opt) {
      assert.equal(view.start, '1', 'the optimal-play set is the dag format’s, from vertex 1');
      const got = await optimalOracle(view.graph);
      if (got !== m[1].split(',').join(' ')) bad.push(`${claim}: loopy dag prints ${got}`);
      if (!m[1].split(',').every(named)) bad.push(`${claim}: the text does not name every vertex`);
    } else {
      bad.push(`${claim}: not a claim this test reads`);
    }
  }
  return bad;
}

/**
 * The marks a paragraph's claims are about (its ring states and vertices), with the value each claims: `{ at, value }`,
 * `at` the arguments of the figure's `pointOf` ([player, position] or [vertex]), `value` as the marks' colours name it
 * (a Draw is drawn in the Loop colour).
 */
function claimedMarks(claims) {
  const marks = [];
  for (const claim of claims.split(/\s+/).filter(Boolean)) {
    const ring = /^p([12])@(\d+)=(Win|Lose|Loop)/.exec(claim);
    const vertex = /^v(\d+)=(Win|Lose|Draw)$/.exec(claim);
    if (ring) marks.push({ claim, at: [Number(ring[1]), Number(ring[2])], value: ring[3] });
    if (vertex) marks.push({ claim, at: [Number(vertex[1])], value: vertex[2] === 'Draw' ? 'Loop' : vertex[2] });
  }
  return marks;
}

test('the library: at least four lessons in each language, each linked from the library and from both pages', async () => {
  const en = LESSONS.filter((f) => !isZh(f));
  const zh = LESSONS.filter(isZh);
  assert.ok(en.length >= 4 && zh.length >= 4, `${en.length} English and ${zh.length} Chinese lessons`);
  const opened = await openPage(browser, 'lessons/index.html');
  const links = await opened.page.$$eval('a', (as) => as.map((a) => a.getAttribute('href')));
  for (const f of LESSONS) assert.ok(links.includes(f), `the library links ${f}`);
  await opened.page.context().close();
  for (const page of ['index.html', 'graph.html']) {
    const p = await openPage(browser, page);
    await p.page.click('#lessons-link');
    await p.page.waitForURL(/lessons\/index\.html$/);
    await p.page.context().close();
  }
});

for (const file of LESSONS) {
  const lang = isZh(file) ? 'zh' : 'en';
  test(`${file}: each paragraph's view is reached as it is read, and every value it claims is the solver's`, async () => {
    const opened = await openPage(browser, `lessons/${file}`, { viewport: { width: 1280, height: 800 } });
    const { page } = opened;
    try {
      const story = await page.evaluate(() => {
        const s = document.querySelector('loopy-story');
        const fig = s.querySelector('[slot="figure"]');
        const attrs = Object.fromEntries([...fig.attributes].map((a) => [a.name, a.value]));
        const paragraphs = [...s.querySelectorAll(':scope > [data-loopy]')].map((p) => ({
          loopy: p.dataset.loopy,
          claims: p.dataset.claims ?? '',
          text: p.textContent,
        }));
        return { tag: fig.tagName.toLowerCase(), attrs, paragraphs };
      });
      assert.ok(story.paragraphs.length >= 4, `${file}: a lesson of ${story.paragraphs.length} paragraphs`);
      assert.ok(
        story.paragraphs.some((p) => p.claims),
        `${file}: its paragraphs claim values`,
      );
      // Fast, so that each paragraph's animation ends soon (the story animates at the figure's speed).
      await page.evaluate(() => document.querySelector('loopy-story [slot="figure"]').setAttribute('speed', '60'));
      let view = { ...story.attrs };
      for (const [k, p] of story.paragraphs.entries()) {
        const own = settings(p.loopy);
        view = { ...view, ...own };
        const bad = await checkClaims(story.tag, view, p.claims, p.text, lang);
        assert.deepEqual(bad, [], `${file}, paragraph ${k + 1}: its claims`);

        await page.evaluate(
          (k) => document.querySelectorAll('loopy-story > [data-loopy]')[k].scrollIntoView({ block: 'center', behavior: 'instant' }),
          k,
        );
        const want = {
          step: view.step ?? null,
          selected: view.selected ?? null,
          game: story.tag === 'loopy-ring' ? `${view.n}` : view.graph,
          goal: view.goal ?? null,
        };
        await page
          .waitForFunction(
            ({ want, ring }) => {
              const fig = document.querySelector('loopy-story [slot="figure"]');
              if (fig.state !== 'ready' || fig.playing || !fig.game) return false;
              const sel = fig.selected;
              const selected = sel === null ? null : typeof sel === 'object' ? `${sel.player}:${sel.pos}` : String(sel);
              const step = want.step === 'end' ? fig.length : want.step === null ? fig.step : Number(want.step);
              const game = ring ? String(fig.game.n) : fig.getAttribute('graph');
              return fig.step === step && selected === want.selected && game === want.game && fig.getAttribute('goal') === want.goal;
            },
            { want, ring: story.tag === 'loopy-ring' },
            { timeout: TIMEOUT },
          )
          .catch(async (e) => {
            const fig = await page.evaluate(() => {
              const f = document.querySelector('loopy-story [slot="figure"]');
              return {
                state: f.state,
                playing: f.playing,
                step: f.step,
                length: f.length,
                selected: f.selected,
                goal: f.getAttribute('goal'),
                at: f.parentElement.at,
              };
            });
            throw new Error(
              `${file}, paragraph ${k + 1}: its view ${JSON.stringify(want)} not reached; the figure: ${JSON.stringify(fig)} (${e.message})`,
            );
          });
        // What the paragraph claims is what its figure shows at its step: a reader sees the marks the text speaks of.
        const marks = claimedMarks(p.claims);
        if (marks.length) {
          await frames(page, 2);
          const shown = await marksAt(
            page,
            'loopy-story [slot="figure"]',
            marks.map((m) => m.at),
          );
          assert.deepEqual(
            Object.fromEntries(marks.map((m, i) => [m.claim, shown[i]])),
            Object.fromEntries(marks.map((m) => [m.claim, m.value])),
            `${file}, paragraph ${k + 1}: the figure at step ${want.step} shows each value the paragraph claims`,
          );
        }
      }
      await screenshot(page, `lesson-${file.replace('.html', '')}.png`);
      if (lang === 'zh') {
        const english = await pageEnglishLeft(page);
        assert.deepEqual(english, [], `${file}: no English words left`);
      }
      assertClean(assert, opened);
    } finally {
      await page.context().close();
    }
  });
}

test('a lesson as it is at 1920×1080: the figure wholly on screen beside the paragraph', async () => {
  const opened = await openPage(browser, `lessons/${LESSONS.find((f) => f.startsWith('ring'))}`, { viewport: { width: 1920, height: 1080 } });
  const { page } = opened;
  try {
    await page.evaluate(() => document.querySelectorAll('loopy-story > [data-loopy]')[1].scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.waitForFunction(() => document.querySelector('loopy-ring').state === 'ready');
    const box = await page.evaluate(() => document.querySelector('loopy-ring').getBoundingClientRect().toJSON());
    assert.ok(
      box.top >= 0 && box.bottom <= 1080 && box.height >= 0.4 * 1080,
      `the figure is wholly on screen, at least 40 % of its height (${JSON.stringify(box)})`,
    );
    await screenshot(page, 'lesson-1080.png');
  } finally {
    await page.context().close();
  }
});

test('the built site ships every lesson: each opens from the versioned folder, its figure ready, its story whole', async (t) => {
  if (!process.env.LOOPY_DIST_URL) return t.skip('no LOOPY_DIST_URL: the built site is not served');
  const distDir = process.env.LOOPY_DIST_DIR || fileURLToPath(new URL('../target/dist', import.meta.url));
  const [dir] = readdirSync(`${distDir}/site`).filter((d) => d.startsWith('loopy-'));
  const shipped = readdirSync(`${distDir}/site/${dir}/lessons`).filter((f) => f.endsWith('.html') && f !== 'index.html');
  assert.deepEqual(shipped.sort(), LESSONS, 'the same lessons as www/lessons/');
  for (const file of LESSONS) {
    const opened = await openPage(browser, new URL(`${dir}/lessons/${file}`, process.env.LOOPY_DIST_URL).href);
    try {
      const n = await opened.page.evaluate(() => document.querySelectorAll('loopy-story > [data-loopy]').length);
      await opened.page.waitForFunction(() => document.querySelector('loopy-story [slot="figure"]')?.state === 'ready', null, { timeout: TIMEOUT });
      assert.ok(n >= 4, `${file}: its paragraphs`);
      assertClean(assert, opened);
    } finally {
      await opened.page.context().close();
    }
  }
});
