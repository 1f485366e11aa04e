// Large games: the solve runs in the worker with a progress bar and can be cancelled
// (the previous game stays); n = 7000 with every step scrubs and steps back at every
// granularity; the page keeps drawing meanwhile. Nothing here asserts a time.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { launchBrowser, runCli, TIMEOUT } from './browser.mjs';
import {
  assertClean,
  cliAnswer,
  focusBody,
  frames,
  gameQuery,
  hooks,
  judgeInput,
  openLoopy,
  pressKey,
  screenshot,
  setScrubber,
  view,
  waitReady,
} from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const MILLION = [1000000, [2, 6], [7, 11, 999998]];

async function submit(page, [n, s1, s2]) {
  await page.fill('#f-n', String(n));
  await page.fill('#f-s1', Array.isArray(s1) ? s1.join(', ') : s1);
  await page.fill('#f-s2', Array.isArray(s2) ? s2.join(', ') : s2);
  await page.click('#game-form button[type="submit"]');
}

/**
 * A game near the core's work limit (the dense family of issue 11, grown until its
 * estimate nears maxWork()): tens of seconds of solving, so a cancel given as soon as the
 * progress bar shows always lands before the end.
 */
const NEAR_LIMIT = [1150000, '575000-1149999', '1-383332'];

test('Cancel keeps the old game: a solve near the work limit is cancelled while it runs', async () => {
  // The whole API (estimateWork and maxWork are not in the element's ring module).
  const pkg = new URL('../www/pkg/graphs/', import.meta.url);
  const loopy = await import(new URL('loopy.js', pkg));
  loopy.initSync({ module: await readFile(new URL('loopy_bg.wasm', pkg)) });
  const range = (text) => {
    const [a, b] = text.split('-').map(Number);
    return Array.from({ length: b - a + 1 }, (_, k) => a + k);
  };
  const work = loopy.estimateWork(NEAR_LIMIT[0], range(NEAR_LIMIT[1]), range(NEAR_LIMIT[2]));
  assert.ok(work > 0.9 * loopy.maxWork() && work <= loopy.maxWork(), `estimated work ${work} of at most ${loopy.maxWork()}`);

  const opened = await openLoopy(browser, '');
  const { page, context } = opened;
  try {
    const small = await page.textContent('#judge-output');
    await submit(page, NEAR_LIMIT);
    await page.locator('#progress-box').waitFor({ state: 'visible' });
    await frames(page, 3);
    assert.equal((await hooks(page)).n, '5', 'the old game shows while solving');
    await page.click('#cancel');
    await page.waitForFunction(() => document.getElementById('load-status').textContent.startsWith('Cancelled'), null, { timeout: TIMEOUT });
    const d = await waitReady(page);
    assert.equal(d.n, '5', 'the old game stays');
    assert.equal(await page.textContent('#judge-output'), small, 'and so does its answer');
    assert.equal(await page.isVisible('#progress-box'), false);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('a game of a million positions: progress, the answer and Copy all as the CLI gives them, scrub and step', async () => {
  const opened = await openLoopy(browser, '');
  const { page, context } = opened;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    await page.evaluate(() => {
      window.progress = [];
      document.querySelector('loopy-ring').addEventListener('loopy-progress', (e) => window.progress.push(e.detail));
    });
    await submit(page, MILLION);
    await waitReady(page, { n: MILLION[0] });
    // The solve reports its progress on the way (its first budget of work does not finish
    // it), then that it prepares the animation.
    const progress = await page.evaluate(() => window.progress);
    const total = 2 * (MILLION[0] - 1);
    assert.ok(
      progress.some((p) => !p.preparing && p.resolved > 0 && p.resolved < p.total),
      `progress part way: ${JSON.stringify(progress.slice(0, 3))}`,
    );
    assert.ok(progress.every((p) => p.total === total && p.resolved <= total));
    assert.ok(progress.at(-1).preparing, 'the last word is that the animation is being prepared');
    const cli = await runCli(judgeInput(...MILLION));
    assert.equal(cli.code, 0, cli.stderr);
    const lines = cli.stdout.trimEnd().split('\n');
    const shown = (await page.textContent('#judge-output')).split('\n');
    assert.equal(shown.length, 2);
    for (const k of [0, 1]) {
      const words = shown[k].replace(/ …$/, '').split(' ');
      assert.equal(words.length, 60);
      assert.ok(lines[k].startsWith(`${words.join(' ')} `), `line ${k + 1} starts like the CLI's`);
    }
    assert.equal(await page.isVisible('#judge-note'), true);
    // With the clipboard allowed, Copy all copies the whole answer.
    const answer = cli.stdout.trimEnd();
    await page.click('#copy');
    await page.waitForFunction(() => /^Copied|blocked/.test(document.getElementById('copy-status').textContent), null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#copy-status'), `Copied ${answer.length.toLocaleString('en-US')} characters.`);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), answer, 'Copy all copies the whole answer');
    // Scrub and step at this size.
    const steps = Number((await hooks(page)).total);
    const mid = Math.floor(steps / 2);
    await setScrubber(page, mid);
    await waitReady(page, { step: mid });
    await focusBody(page);
    await pressKey(page, 'ArrowLeft');
    await waitReady(page, { step: mid - 1 });
    await page.evaluate(() => scrollTo(0, 0));
    await screenshot(page, 'million-1280x800.png');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('n = 7000 with every step: scrub, step and step back at every granularity', async () => {
  const all = Array.from({ length: 6999 }, (_, k) => k + 1);
  const opened = await openLoopy(browser, '?n=7000&s1=1-6999&s2=1-6999');
  const { page, context } = opened;
  try {
    assert.equal(await page.textContent('#judge-output'), await cliAnswer(7000, all, all));
    assert.ok(Number((await hooks(page)).total) > 9e7, 'about 10^8 events');
    for (const g of ['events', 'resolutions', 'layers']) {
      await page.check(`input[name="gran"][value="${g}"]`);
      await page.waitForFunction((g) => (new URL(location.href).searchParams.get('g') ?? 'events') === g, g);
      const total = Number((await waitReady(page)).total);
      for (const m of new Set([Math.floor(total / 2), Math.floor(total / 3), total].filter((m) => m >= 1))) {
        await setScrubber(page, m - 1);
        await waitReady(page, { step: m - 1 });
        const before = await view(page);
        await focusBody(page);
        await pressKey(page, 'ArrowRight');
        await waitReady(page, { step: m });
        await pressKey(page, 'ArrowLeft');
        await waitReady(page, { step: m - 1 });
        assert.deepEqual(await view(page), before, `${g}: step ${m} and back`);
      }
    }
    // Playing at full speed keeps drawing and moving.
    await page.selectOption('#speed', '10000000');
    await page.check('input[name="gran"][value="events"]');
    await focusBody(page);
    await pressKey(page, 'Home');
    await waitReady(page, { step: 0 });
    await page.click('#play');
    await page.waitForFunction(() => Number(document.querySelector('loopy-ring').step) > 1e6, null, { timeout: TIMEOUT });
    await frames(page, 10);
    await page.click('#play');
    await waitReady(page);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('gameQuery-opened large band game matches the CLI', async () => {
  const game = [5000, [1, 2], [1, 2]];
  const opened = await openLoopy(browser, gameQuery(...game, '&step=4000&g=resolutions'));
  try {
    assert.equal(await opened.page.textContent('#judge-output'), await cliAnswer(...game));
    assert.equal((await hooks(opened.page)).step, '4000');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});
