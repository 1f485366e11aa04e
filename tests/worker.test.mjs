// Large games: the solve runs in the worker with a progress bar and can be cancelled
// (the previous game stays); n = 7000 with every step scrubs and steps back at every
// granularity; the page keeps drawing meanwhile. Nothing here asserts a time.

import assert from 'node:assert/strict';
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

/** Resolves to 'progress' once the bar shows, or 'done' if game n is on screen first. */
function progressOrDone(page, n) {
  return page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const check = () => {
          if (!document.querySelector('loopy-ring').shadowRoot.getElementById('progress-box').hidden) resolve('progress');
          else if (String(document.querySelector('loopy-ring').game?.n) === String(n)) resolve('done');
          else requestAnimationFrame(check);
        };
        check();
      }),
    n,
  );
}

async function submit(page, [n, s1, s2]) {
  await page.fill('#f-n', String(n));
  await page.fill('#f-s1', s1.join(', '));
  await page.fill('#f-s2', s2.join(', '));
  await page.click('#game-form button[type="submit"]');
}

test('a game of a million positions: progress, cancel keeps the old game, then the answer', async (t) => {
  const opened = await openLoopy(browser, '');
  const { page, context } = opened;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    const small = await page.textContent('#judge-output');
    // Several times, since a fast machine can finish before the cancel lands.
    let cancelled = false;
    for (let attempt = 0; attempt < 3 && !cancelled; attempt++) {
      await submit(page, [4000000, [1, 2], [1, 2]]);
      const first = await progressOrDone(page, 4000000);
      if (first === 'progress') {
        await frames(page, 3);
        assert.equal(await page.evaluate(() => String(document.querySelector('loopy-ring').game.n)), '5', 'the old game shows while solving');
        await page.click('#cancel').catch(() => {});
      }
      await page.waitForFunction(
        () =>
          document.getElementById('load-status').textContent.startsWith('Cancelled') ||
          String(document.querySelector('loopy-ring').game?.n) === '4000000',
        null,
        { timeout: TIMEOUT },
      );
      const d = await waitReady(page);
      t.diagnostic(`attempt ${attempt + 1}: ${first}, then ${d.n === '5' ? 'cancelled' : 'finished before the cancel'}`);
      if (d.n === '5') {
        cancelled = true;
        assert.ok(first === 'progress');
        assert.equal(await page.textContent('#judge-output'), small, 'the previous game stays after cancel');
        assert.equal(await page.isVisible('#progress-box'), false);
      } else {
        // Finished first: show the small game again and retry.
        await submit(page, [5, [2, 3], [1, 2, 3]]);
        await waitReady(page, { n: 5 });
      }
    }
    // Now let a million finish.
    await submit(page, MILLION);
    const seen = await progressOrDone(page, MILLION[0]);
    await waitReady(page, { n: MILLION[0] });
    t.diagnostic(`n = 10^6: ${seen === 'progress' ? 'the progress bar showed' : 'solved before the bar was due'}`);
    assert.ok(['progress', 'done'].includes(seen));
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
    await page.click('#copy');
    await page.waitForFunction(() => /^Copied|blocked/.test(document.getElementById('copy-status').textContent), null, { timeout: TIMEOUT });
    const copied = await page.evaluate(() => navigator.clipboard.readText()).catch(() => null);
    if (copied !== null) assert.equal(copied, cli.stdout.trimEnd(), 'Copy all copies the whole answer');
    // Scrub and step at this size.
    const total = Number((await hooks(page)).total);
    const mid = Math.floor(total / 2);
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
