// Every phase of a load answers Cancel (issue 17, items 1 and 2): the phases after the ring's
// solve (the animation's preparation) and the graph's values phase (Sprague-Grundy), on the
// issue's inputs. Cancel is pressed from inside the element's own progress event
// (cancelAt, page-helpers.mjs), so that it lands in the phase named; the load must then end
// cancelled (the element says `loopy-cancel`, never `loopy-ready` with the new game) and the
// game before stays. No time is asserted: how soon is a figure of `cargo xtask bench`
// (tests/bench/phases.mjs), not a test's.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { BASE_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { answerOf, assertClean, cancelAt, openLoopy, screenshot } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('item 1: Cancel pressed after the solve of a dense ring of n = 300,000 (the animation being prepared) stops the load, and the game before stays', async () => {
  const opened = await openLoopy(browser, '');
  const { page, context } = opened;
  try {
    const earlier = await page.evaluate(() => document.querySelector('loopy-ring').game.n);
    // Pressed as the preparation begins: its first part (propagation()) is followed by a look
    // at the messages, which the cancel meets. (What came after it, every state's best move,
    // took 17 s here before issue 17 and never looked: how long a phase goes without looking
    // is the bench's, tests/bench/phases.mjs.)
    await cancelAt(page, 'loopy-ring', 'preparing');
    await page.fill('#f-n', '300000');
    await page.fill('#f-s1', '150000-299999');
    await page.fill('#f-s2', '1-99999');
    await page.click('#game-form button[type="submit"]');
    const { answer, phases } = await answerOf(page);
    assert.equal(answer, 'cancelled', `the load went on after Cancel (${phases})`);
    assert.deepEqual(phases, ['solve', 'preparing', '(pressed)'], 'the phases the cancelled load reached');
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').game.n), earlier, 'the game before stays');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('item 2: Cancel pressed in the values phase of a 3,000-vertex transitive tournament plus a 2-cycle (SG values shown) stops the load, and the graph before stays', async () => {
  const opened = await openPage(browser, './graph.html?values=grundy');
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => document.querySelector('loopy-graph')?.state === 'ready', null, { timeout: TIMEOUT });
    const earlier = await page.evaluate(() => document.querySelector('loopy-graph').game.n);
    await cancelAt(page, 'loopy-graph', 'values');
    await page.evaluate(() => {
      // i -> j for 1 <= i < j <= 3000 (SG values 2999 .. 0), and 3001 <-> 3002 (a cycle: Smith's values).
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
      from.set([t + 1, t + 2], k);
      to.set([t + 2, t + 1], k);
      const el = document.querySelector('loopy-graph');
      el.setAttribute('values', 'grundy');
      el.load({ n: t + 2, from, to });
    });
    const { answer, phases } = await answerOf(page);
    assert.equal(answer, 'cancelled', `the load went on after Cancel (${phases})`);
    assert.deepEqual(phases, ['read', 'solve', 'values', '(pressed)'], 'the phases the cancelled load reached');
    assert.equal(await page.evaluate(() => document.querySelector('loopy-graph').game.n), earlier, 'the graph before stays');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('item 1 (seeks): a long seek gives way to a newer game: the sought step is never shown once the newer game is asked for', async (t) => {
  // A seek used to recount every counter directly in one call (about 20 s at n = 4.3·10^6),
  // so a game asked for meanwhile waited. It now convolves, in slices; the step n - 1 makes
  // player 1's steps span the ring, so its transforms are the longest the seek limit admits
  // (2^22 points: n = 4.3·10^6 so is refused now, game.tooSlowToSeek). The newer game is
  // asked for while they are under way: the seek must give way (its answer comes back stale),
  // so the old game is never shown at the step sought.
  const opened = await openLoopy(browser, '?n=2000000&s1=1-400,1999999&s2=1-200');
  const { page, context } = opened;
  try {
    await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      el.pause();
      const log = { target: Math.floor(el.length / 2), asked: false, shown: false, after: [] };
      window.__newer = log;
      const note = (e) => {
        if (!log.asked || log.shown) return;
        log.after.push({ n: el.game.n, step: el.step });
        if (e.type === 'loopy-ready' && el.game.n === 1000) log.shown = true;
      };
      el.addEventListener('loopy-step', note);
      el.addEventListener('loopy-ready', note);
      el.seek(log.target);
      // Well into the seek, a newer game.
      setTimeout(() => {
        log.asked = true;
        el.setAttribute('s2', '1-2');
        el.setAttribute('s1', '1-3');
        el.setAttribute('n', '1000');
      }, 500);
    });
    await page.waitForFunction(() => window.__newer.shown, null, { timeout: TIMEOUT, polling: 100 });
    const { target, after } = await page.evaluate(() => window.__newer);
    t.diagnostic(`shown after the newer game was asked for: ${JSON.stringify(after)}`);
    assert.deepEqual(
      after.filter((s) => s.n === 2000000 && s.step === target),
      [],
      `the seek to step ${target} went on after a newer game was asked for`,
    );
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('the seek limit: <loopy-ring> refuses before solving a ring whose seeks would each take seconds (game.tooSlowToSeek, in en and zh), and shows the costliest it admits', async () => {
  // The core's figures, from the whole API (seekCost and maxSeekCost are not in the ring module).
  const pkg = new URL('../www/pkg/graphs/', import.meta.url);
  const loopy = await import(new URL('loopy.js', pkg));
  loopy.initSync({ module: await readFile(new URL('loopy_bg.wasm', pkg)) });
  const max = loopy.maxSeekCost();
  // The two sides of the limit at its edge: a step set spanning the ring (transforms of 2^22
  // points within it, of 2^23 one position past it), with enough steps (321 each) that a
  // direct recount would cost more.
  const game = (n) => ({ n: String(n), s1: `1-320,${n - 1}`, s2: `1-320,${n - 1}` });
  const steps = (n) => [...Array.from({ length: 320 }, (_, k) => k + 1), n - 1];
  const fits = (() => {
    try {
      loopy.checkSeek(10_000_000, steps(10_000_000), steps(10_000_000));
    } catch (e) {
      return e.params.fits;
    }
  })();
  assert.ok(fits > 2 && fits < 10_000_000, `fits ${fits}`);
  const within = loopy.seekCost(fits, steps(fits), steps(fits));
  const past = loopy.seekCost(fits + 1, steps(fits + 1), steps(fits + 1));
  assert.ok(within <= max && past > max, `${within} and ${past} around ${max}`);
  // n = 5·10^6, 1,200 odd vs 600 even steps (tests/bench/phases.mjs bigring) is admitted too.
  const every = (a, b, d) => Array.from({ length: Math.floor((b - a) / d) + 1 }, (_, k) => a + k * d);
  assert.ok(loopy.seekCost(5_000_000, every(1, 2399, 2), every(2, 1200, 2)) <= max);

  const url = new URL('__seek-limit.html', BASE_URL).href;
  const doc = `<!doctype html><html lang="en"><head><title>Seek limit</title><script type="module" src="${new URL('loopy-ring.js', BASE_URL).href}"></script></head><body><loopy-ring n="5" s1="2,3" s2="1-3"></loopy-ring></body></html>`;
  const opened = await openPage(browser, url, { html: doc });
  const { page, context } = opened;
  const ready = (n) =>
    page.waitForFunction(
      (n) => {
        const el = document.querySelector('loopy-ring');
        return el?.game?.n === n && el.state === 'ready' && el.frameCount > 0;
      },
      n,
      { timeout: TIMEOUT, polling: 100 },
    );
  try {
    await ready(5);
    // Past the limit: an error, and no progress of a solve before it.
    const detail = await page.evaluate(
      ({ set, timeout }) =>
        new Promise((resolve) => {
          const el = document.querySelector('loopy-ring');
          const progress = [];
          el.addEventListener('loopy-progress', (e) => progress.push(e.detail));
          el.addEventListener('loopy-error', (e) => resolve({ ...e.detail, progress }), { once: true });
          setTimeout(() => resolve({ message: 'no loopy-error', progress }), timeout);
          for (const [k, v] of Object.entries(set)) el.setAttribute(k, v);
        }),
      { set: game(fits + 1), timeout: TIMEOUT },
    );
    const error = detail.errors?.[0] ?? {};
    assert.equal(error.code, 'game.tooSlowToSeek', detail.message);
    assert.equal(error.field, 'n');
    assert.equal(error.params.fits, fits);
    assert.equal(error.params.n, fits + 1);
    assert.equal(error.params.cost, past);
    assert.equal(error.params.max, max);
    assert.deepEqual(
      detail.progress.filter((p) => p.resolved > 0),
      [],
      'refused before any of the solve',
    );
    // The whole message is the title of the error box's item (its text may be shortened).
    const item = page.locator('loopy-ring [part="error"] li').first();
    const en = await item.getAttribute('title');
    await screenshot(page, 'seek-limit-en.png');
    assert.match(en, new RegExp(`n = ${fits + 1} with these step sets is too large to animate`));
    assert.match(en, new RegExp(`use n of at most ${fits}`));
    // Word for word the whole module's English (the core's, as the CLI words its errors),
    // though the ring module that refused it carries only the code.
    let whole = null;
    try {
      loopy.checkSeek(fits + 1, steps(fits + 1), steps(fits + 1));
    } catch (e) {
      whole = e.message;
    }
    assert.equal(en, whole);
    assert.equal(detail.message, whole);
    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('lang', 'zh-CN'));
    await page.waitForFunction(
      () => /无法播放动画/.test(document.querySelector('loopy-ring').shadowRoot.querySelector('[part="error"]')?.textContent ?? ''),
      null,
      {
        timeout: TIMEOUT,
      },
    );
    const zh = await item.getAttribute('title');
    await screenshot(page, 'seek-limit-zh.png');
    assert.match(zh.replaceAll(',', ''), new RegExp(`请把 n 减小到最多 ${fits}`), 'figures grouped as the catalog groups them');
    assert.doesNotMatch(zh, /too large|animate/, 'no English left');
    await page.evaluate(() => document.querySelector('loopy-ring').removeAttribute('lang'));

    // At the limit: the game is shown, and a seek to its middle lands.
    await page.evaluate((set) => {
      const el = document.querySelector('loopy-ring');
      for (const [k, v] of Object.entries(set)) el.setAttribute(k, v);
    }, game(fits));
    await ready(fits);
    await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      el.pause();
      el.seek(Math.floor(el.length / 2));
    });
    await page.waitForFunction(
      () => document.querySelector('loopy-ring').step === Math.floor(document.querySelector('loopy-ring').length / 2),
      null,
      {
        timeout: TIMEOUT,
        polling: 100,
      },
    );
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});
