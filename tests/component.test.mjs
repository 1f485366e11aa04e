// The <loopy-ring> element in someone else's page: the blog example (three elements, one
// worker, one .wasm, lazy start, independent playback), attributes and values against the
// CLI, its events, bad attributes, themes, the share dialog's snippets, the embed page in
// an iframe, a strict CSP sent as a header, and no animation frames while nothing moves.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, CSP_URL, launchBrowser, openPage, runCli, TIMEOUT } from './browser.mjs';
import {
  answerWords,
  assertClean,
  axeViolations21,
  canvasPicture,
  frames,
  hooks,
  judgeInput,
  markValues,
  pasteSnippet,
  screenshot,
  waitReady,
} from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const BLOG = './examples/blog.html';
const nth = (k) => `loopy-ring >> nth=${k}`;
const sel = (k) => `.k${k}`;

/** Opens the blog example with its three elements tagged .k0, .k1, .k2 (for selectors). */
async function openBlog(options) {
  const opened = await openPage(browser, BLOG, options);
  await opened.page.evaluate(() =>
    document.querySelectorAll('loopy-ring').forEach((el, k) => {
      el.classList.add(`k${k}`);
    }),
  );
  return opened;
}

/** The CLI's answer and depths for one game, as per-position arrays for each first player. */
async function cliValues(n, s1, s2) {
  const { stdout, code, stderr } = await runCli(judgeInput(n, s1, s2), ['--depth']);
  assert.equal(code, 0, stderr);
  const [w1, w2, d1, d2] = stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split(' '));
  const code_ = { Loop: 0, Win: 1, Lose: 2 };
  const out = (w) => [0, ...w.map((x) => code_[x])];
  const dep = (d) => [0, ...d.map((x) => (x === '-' ? 0 : Number(x)))];
  return { outcomes: [out(w1), out(w2)], depths: [dep(d1), dep(d2)] };
}

test('the blog example: three elements draw, one worker and one .wasm, an off-screen one waits for the reader', async () => {
  const opened = await openPage(browser, BLOG);
  const { page } = opened;
  const wasm = [];
  page.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(r.url()));
  try {
    await page.evaluate(() =>
      document.querySelectorAll('loopy-ring').forEach((el, k) => {
        el.classList.add(`k${k}`);
      }),
    );
    await waitReady(page, { selector: sel(0) });
    // The third element is far below the fold: it has not even started.
    assert.equal((await hooks(page, sel(2))).n, undefined, 'the off-screen element has no game yet');
    const fallbackShown = (k) => page.evaluate((k) => !document.querySelectorAll('loopy-ring')[k].shadowRoot.querySelector('.fallback').hidden, k);
    assert.equal(await fallbackShown(2), true, 'its fallback text shows meanwhile');
    for (const k of [1, 2]) {
      await page.locator(nth(k)).scrollIntoViewIfNeeded();
      await waitReady(page, { selector: sel(k) });
    }
    const ns = await page.evaluate(() => [...document.querySelectorAll('loopy-ring')].map((el) => el.game.n));
    assert.deepEqual(ns, [5, 8, 100000]);
    for (const k of [0, 1, 2]) assert.equal(await fallbackShown(k), false, 'a drawn element hides its fallback');
    assert.equal(page.workers().length, 1, 'one worker for all the elements');
    await page.reload({ waitUntil: 'load' });
    // The reload fetched it once more at most; count only after it.
    wasm.length = 0;
    await page.evaluate(() =>
      document.querySelectorAll('loopy-ring').forEach((el, k) => {
        el.classList.add(`k${k}`);
      }),
    );
    for (const k of [0, 1, 2]) {
      await page.locator(nth(k)).scrollIntoViewIfNeeded();
      await waitReady(page, { selector: sel(k) });
    }
    assert.equal(wasm.length, 1, `exactly one .wasm request: ${wasm.join(', ')}`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('playing one element does not advance the others, and an element off screen does not advance', async () => {
  // Tall enough that the first two elements are both on screen.
  const opened = await openBlog({ viewport: { width: 1280, height: 2000 } });
  const { page } = opened;
  try {
    await waitReady(page, { selector: sel(0) });
    await waitReady(page, { selector: sel(1) });
    await page.evaluate(() => {
      const [a] = document.querySelectorAll('loopy-ring');
      a.speed = 5;
      a.play();
    });
    await page.waitForFunction(() => document.querySelector('loopy-ring').step >= 3, null, { timeout: TIMEOUT });
    assert.equal((await hooks(page, sel(1))).step, '0', 'the second element stays at its start');
    // Scroll the playing element away: it waits, then goes on when it is back.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await frames(page, 5);
    const away = Number((await hooks(page, sel(0))).step);
    await frames(page, 40);
    assert.equal(Number((await hooks(page, sel(0))).step), away, 'no progress off screen');
    await page.locator(nth(0)).scrollIntoViewIfNeeded();
    await page.waitForFunction((s) => document.querySelector('loopy-ring').step > s, away, { timeout: TIMEOUT });
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('changing attributes re-solves; values, properties and events match the CLI and the documentation', async () => {
  const opened = await openBlog();
  const { page } = opened;
  try {
    await waitReady(page, { selector: sel(0) });
    await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      window.seen = [];
      for (const type of ['loopy-ready', 'loopy-step', 'loopy-done', 'loopy-error', 'loopy-select']) {
        el.addEventListener(type, (e) => window.seen.push({ type, detail: JSON.parse(JSON.stringify(e.detail)) }));
      }
      el.setAttribute('n', '29');
      el.s1 = '8,13';
      el.s2 = '4,16,28';
    });
    await waitReady(page, { selector: sel(0), n: 29 });
    const cli = await cliValues(29, [8, 13], [4, 16, 28]);
    for (const p of [1, 2]) {
      const got = await page.evaluate((p) => {
        const el = document.querySelector('loopy-ring');
        return { outcomes: Array.from(el.outcomes(p)), depths: Array.from(el.depths(p)) };
      }, p);
      assert.deepEqual(got.outcomes, cli.outcomes[p - 1], `outcomes(${p})`);
      assert.deepEqual(got.depths, cli.depths[p - 1], `depths(${p})`);
    }
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').getAttribute('s1')), '8,13', 'properties reflect attributes');
    // seek, select, play to the end.
    await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      el.seek(5);
      el.select(2, 4);
    });
    await waitReady(page, { selector: sel(0), step: 5 });
    await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      el.speed = 10000;
      el.play();
    });
    await page.waitForFunction(() => window.seen.some((e) => e.type === 'loopy-done'), null, { timeout: TIMEOUT });
    const seen = await page.evaluate(() => window.seen);
    const first = (type) => seen.find((e) => e.type === type)?.detail;
    const ready = first('loopy-ready');
    assert.deepEqual(Object.keys(ready).sort(), ['event', 'granularity', 'length', 'n', 'narration', 's1', 's2', 'step']);
    assert.equal(ready.n, 29);
    assert.deepEqual(Object.values(ready.s1), [8, 13]);
    assert.equal(ready.granularity, 'events');
    const step = first('loopy-step');
    assert.equal(step.step, 5);
    assert.match(step.narration, /\S/);
    assert.deepEqual(first('loopy-select'), { player: 2, pos: 4 });
    const done = first('loopy-done');
    assert.equal(done.step, done.length);
    const loops = cli.outcomes.map((row) => row.slice(1).filter((o) => o === 0).length).reduce((a, b) => a + b);
    assert.equal(done.loops, loops, 'loops = the Loop states');
    assert.equal(done.event.kind, 'done');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a bad attribute shows its error inside the element and fires loopy-error; the last game stays; a fix works', async () => {
  const opened = await openBlog();
  const { page } = opened;
  try {
    await waitReady(page, { selector: sel(0) });
    const picture = await canvasPicture(page, sel(0));
    for (const [attr, value, field, message, game] of [
      ['n', '1', 'n', /n = 1 is too small/, [1, [2, 3], [1, 2, 3]]],
      ['s1', '0', 's1', /player 1's step 0 is out of range/, [5, [0], [1, 2, 3]]],
      ['n', '20000000', 'n', /is too large/, [20_000_000, [2, 3], [1, 2, 3]]],
      ['n', 'abc', 'n', /whole number.*“abc”/],
    ]) {
      const detail = await page.evaluate(
        ([attr, value]) =>
          new Promise((resolve) => {
            const el = document.querySelector('loopy-ring');
            el.addEventListener('loopy-error', (e) => resolve(e.detail), { once: true });
            el.setAttribute(attr, value);
          }),
        [attr, value],
      );
      assert.equal(detail.field, field, `${attr}="${value}"`);
      assert.match(detail.message, message);
      const box = page.locator(`${sel(0)} [part="error"]`);
      assert.equal(await box.isVisible(), true);
      assert.match(await box.textContent(), message);
      if (game) {
        // A game the core refuses: the CLI's sentence word for word (the ring module
        // carries codes only; the worker words them with the whole module).
        const { stderr } = await runCli(judgeInput(...game));
        const cli = stderr.trim().replace(/^loopy: game 1, line \d+: /, '');
        assert.equal(detail.message, cli);
        assert.ok((await box.textContent()).includes(cli), `the box says ${cli}`);
      }
      await waitReady(page, { selector: sel(0) });
      assert.equal((await hooks(page, sel(0))).n, '5', 'the last good game stays');
      assert.equal(await canvasPicture(page, sel(0)), picture);
      assert.deepEqual(await axeViolations21(page), []);
      await page.evaluate(({ attr }) => document.querySelector('loopy-ring').setAttribute(attr, attr === 'n' ? '5' : '2,3'), { attr });
      await waitReady(page, { selector: sel(0), n: 5 });
      assert.equal(await box.isVisible(), false, 'the corrected game clears the error');
    }
    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('n', '8'));
    await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      el.s1 = '2-4,6';
      el.s2 = '3,6';
    });
    await waitReady(page, { selector: sel(0), n: 8 });
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('themes and custom properties colour the canvas; the why popup opens on a click', async () => {
  const opened = await openBlog();
  const { page } = opened;
  try {
    await waitReady(page, { selector: sel(0) });
    await page.evaluate(() => document.querySelector('loopy-ring').seek(Infinity));
    await waitReady(page, { selector: sel(0), step: 24 });
    // Read back from the pixels in each theme's own colours: every state as the CLI answers.
    const answer = answerWords((await runCli(judgeInput(5, [2, 3], [1, 2, 3]))).stdout);
    assert.deepEqual(await markValues(page, sel(0)), answer, 'the light theme draws the answer');
    const light = await canvasPicture(page, sel(0));
    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('theme', 'dark'));
    await waitReady(page, { selector: sel(0) });
    const dark = await canvasPicture(page, sel(0));
    assert.notEqual(dark, light, 'the dark theme repaints');
    assert.deepEqual(await markValues(page, sel(0)), answer, "in the dark theme's colours");
    await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      el.removeAttribute('theme');
      el.style.setProperty('--loopy-win', 'rgb(0, 160, 0)');
      el.setAttribute('theme', 'light');
    });
    await waitReady(page, { selector: sel(0) });
    const colours = await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      const canvas = el.shadowRoot.getElementById('ring');
      const { x, y } = el.pointOf(1, 2); // player 1 at 2: Win
      const box = canvas.getBoundingClientRect();
      const d = canvas.width / box.width;
      // The row of pixels through the mark (its centre holds the depth's digit).
      const row = canvas
        .getContext('2d')
        .getImageData(Math.round((x - box.left - 12) * d), Math.round((y - box.top) * d), Math.round(24 * d), 1).data;
      const out = [];
      for (let k = 0; k < row.length; k += 4) out.push(`${row[k]},${row[k + 1]},${row[k + 2]}`);
      return out;
    });
    assert.ok(colours.includes('0,160,0'), `--loopy-win colours the Win marks: ${[...new Set(colours)].join(' ')}`);
    // A click on a state explains it in a popup inside the element.
    await page.locator(nth(0)).scrollIntoViewIfNeeded();
    const spot = await page.evaluate(() => document.querySelector('loopy-ring').pointOf(2, 1));
    await page.mouse.click(spot.x, spot.y);
    const popup = page.locator(`${sel(0)} [part="popup"]`);
    await popup.waitFor({ state: 'visible' });
    assert.match(await popup.textContent(), /Player 2 to move, token at 1/);
    assert.match(await popup.textContent(), /Best move/);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('no animation frame runs while every element is paused and drawn', async () => {
  const opened = await openBlog();
  const { page } = opened;
  try {
    await page.evaluate(() => {
      window.rafCalls = 0;
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (f) => {
        window.rafCalls++;
        return raf(f);
      };
    });
    for (const k of [0, 1, 2]) {
      await page.locator(nth(k)).scrollIntoViewIfNeeded();
      await waitReady(page, { selector: sel(k) });
    }
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    const before = await page.evaluate(() => window.rafCalls);
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
    assert.equal(await page.evaluate(() => window.rafCalls), before, 'no requestAnimationFrame in a second of rest');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('without JavaScript the fallback text shows', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(new URL(BLOG, BASE_URL).href);
    assert.equal(await page.locator('loopy-ring .fallback').first().isVisible(), true);
    assert.match(await page.locator('loopy-ring .fallback').first().textContent(), /n = 5/);
  } finally {
    await context.close();
  }
});

test('the share dialog: the link, the element and the iframe snippets reproduce the view', async () => {
  const opened = await openPage(browser, './?n=29&s1=8,13&s2=4,16,28&step=30&p=2&pos=4&g=resolutions');
  const { page } = opened;
  try {
    const shown = await waitReady(page);
    await page.click('#share');
    // The dialog's module loads on first use: its snippets are there once it is open.
    await page.waitForSelector('#share-dialog[open]');
    const link = await page.inputValue('#share-link');
    const element = await page.inputValue('#share-element');
    const iframe = await page.inputValue('#share-iframe');
    assert.match(element, /^<script type="module" src="http[^"]+\/loopy\.js"><\/script>\n<loopy-ring /);
    assert.match(element, /step="30"/);
    assert.match(element, /selected="2:4"/);
    assert.match(iframe, /embed=1/);
    const expect = { n: '29', step: shown.step, total: shown.total };
    // The link.
    const a = await openPage(browser, link);
    try {
      const d = await waitReady(a.page);
      assert.deepEqual({ n: d.n, step: d.step, total: d.total }, expect);
      assert.deepEqual(await a.page.evaluate(() => document.querySelector('loopy-ring').selected), { player: 2, pos: 4 });
    } finally {
      await a.context.close();
    }
    // The element and the iframe, pasted into a fresh page of this origin.
    for (const snippet of [element, iframe]) {
      const { opened: b, frame } = await pasteSnippet(browser, snippet);
      try {
        await frame.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
        const d = await frame.evaluate(() => {
          const el = document.querySelector('loopy-ring');
          return { n: String(el.game.n), step: String(el.step), total: String(el.length), sel: el.selected };
        });
        assert.deepEqual(d, { ...expect, sel: { player: 2, pos: 4 } }, snippet.slice(0, 30));
      } finally {
        await b.context.close();
      }
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('the embed pages (ring and graph) in an iframe tell their height; resized to it, nothing is clipped at 640 and 360 px', async () => {
  for (const [width, height, path, tag] of [
    [640, 460, './?n=8&s1=2-4,6&s2=3,6&step=33&embed=1', 'loopy-ring'],
    [360, 420, './?n=8&s1=2-4,6&s2=3,6&step=33&embed=1', 'loopy-ring'],
    [640, 460, './graph.html?graph=1-2,2-3,3-1,3-4&goal=4&start=1&embed=1', 'loopy-graph'],
    [360, 420, './graph.html?graph=1-2,2-3,3-1,3-4&goal=4&start=1&embed=1', 'loopy-graph'],
  ]) {
    const opened = await openPage(browser, './rules.html', { viewport: { width: width + 40, height: 900 } });
    const { page } = opened;
    try {
      const src = new URL(path, BASE_URL).href;
      await page.setContent('<!doctype html><html lang="en"><head><title>parent</title></head><body></body></html>');
      // The parent side of the README's snippet: listen first, then add the iframe.
      await page.evaluate(
        ({ src, width, height }) => {
          window.heights = [];
          addEventListener('message', (e) => {
            if (e.data?.type !== 'loopy:resize') return;
            window.heights.push(e.data.height);
            for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.height = String(e.data.height);
          });
          const f = document.createElement('iframe');
          Object.assign(f, { title: 'Loopy', src, width: String(width), height: String(height) });
          document.body.append(f);
        },
        { src, width, height },
      );
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForFunction((tag) => document.querySelector(tag)?.state === 'ready', tag, { timeout: TIMEOUT });
      await page.waitForFunction(() => window.heights.length > 0, null, { timeout: TIMEOUT });
      await frames(page, 5);
      const inside = await frame.evaluate((tag) => {
        const d = document.documentElement;
        const el = document.querySelector(tag);
        const parts = ['stage', 'narration', 'controls', 'legend'].map((p) => el.shadowRoot.querySelector(`[part="${p}"]`).getBoundingClientRect());
        return {
          scroll: [d.scrollWidth, d.clientWidth, d.scrollHeight, d.clientHeight],
          bottom: Math.max(...parts.map((r) => r.bottom), document.getElementById('open-full').getBoundingClientRect().bottom),
          right: Math.max(...parts.map((r) => r.right)),
        };
      }, tag);
      const [sw, cw, sh, ch] = inside.scroll;
      assert.ok(sw <= cw, `${tag} ${width}: no sideways scrolling (${sw} > ${cw})`);
      assert.ok(sh <= ch, `${tag} ${width}: no scrollbar once resized (${sh} > ${ch})`);
      assert.ok(inside.bottom <= ch && inside.right <= cw, `${tag} ${width}: every part inside the frame`);
      const told = await page.evaluate(() => window.heights.at(-1));
      assert.ok(told <= height, `${tag} ${width}: it fits the ${height} px it was given (told ${told})`);
      await screenshot(page, `embed-iframe-${tag}-${width}.png`);
    } finally {
      await opened.context.close();
    }
  }
});

test('under a strict CSP (as a header): no violation through a full run of the page and the blog', async () => {
  for (const path of ['./?n=29&s1=8,13&s2=4,16,28', BLOG]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
      });
      const res = await page.goto(new URL(path, CSP_URL).href);
      const csp = res.headers()['content-security-policy'] || '';
      assert.match(csp, /style-src 'self'/, 'the server sends the policy as a header');
      await page.evaluate(() =>
        document.querySelectorAll('loopy-ring').forEach((el, k) => {
          el.classList.add(`k${k}`);
        }),
      );
      const count = await page.evaluate(() => document.querySelectorAll('loopy-ring').length);
      for (let k = 0; k < count; k++) {
        await page.locator(nth(k)).scrollIntoViewIfNeeded();
        await waitReady(page, { selector: sel(k) });
        await page.evaluate((k) => {
          const el = document.querySelectorAll('loopy-ring')[k];
          el.speed = 1e7;
          el.setAttribute('theme', 'dark');
          el.play();
        }, k);
        await page.waitForFunction(
          (k) => {
            const el = document.querySelectorAll('loopy-ring')[k];
            return el.step === el.length;
          },
          k,
          { timeout: TIMEOUT },
        );
        const spot = await page.evaluate((k) => document.querySelectorAll('loopy-ring')[k].pointOf(1, 1), k);
        await page.mouse.click(spot.x, spot.y);
      }
      if (path !== BLOG) {
        await page.click('#share');
        await page.waitForSelector('#share-dialog[open]');
        await page.keyboard.press('Escape');
      }
      assert.deepEqual(await page.evaluate(() => window.violations), [], path);
    } finally {
      await context.close();
    }
  }
});

test('screenshots of the blog example at 1280 and 390 px wide', async () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    const opened = await openBlog({ viewport: { width, height } });
    const { page } = opened;
    try {
      for (const k of [0, 1, 2]) {
        await page.locator(nth(k)).scrollIntoViewIfNeeded();
        await waitReady(page, { selector: sel(k) });
      }
      await page.evaluate(() => {
        for (const el of document.querySelectorAll('loopy-ring')) el.seek(Math.floor(el.length / 2));
      });
      for (const k of [0, 1, 2]) await waitReady(page, { selector: sel(k) });
      await page.locator(nth(1)).scrollIntoViewIfNeeded();
      await screenshot(page, `blog-${width}.png`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, 'no sideways scrolling');
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
});
