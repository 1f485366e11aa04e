// Browser tests of the pages' own keys (issue 34, item 7): P opens the game against the solver, E the export dialog, N and
// Shift + N the next and previous preset, on the ring page (N and E on the graph page too), each in the page's keys list; and in
// presenter mode one Esc leaves it, whatever is open (the popup, the keys).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { focusBody, frames, hooks, openLoopy, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The page's keys list, as [key, what] lines. */
const keysListed = (page) =>
  page.evaluate(() => [...document.querySelectorAll('#keys-list dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]));

test('the ring page: N and Shift + N go through the presets, P opens play, E the export dialog, all in the keys list', async () => {
  const opened = await openLoopy(browser);
  const { page } = opened;
  try {
    const listed = await keysListed(page);
    for (const k of ['P', 'E', 'N, Shift + N'])
      assert.ok(
        listed.some(([key, what]) => key === k && what),
        `the keys list has ${k}: ${JSON.stringify(listed)}`,
      );
    assert.equal((await hooks(page)).n, '5', 'the page opens on the first preset');
    await focusBody(page);
    await page.keyboard.press('n');
    await waitReady(page, { n: 8 });
    await page.keyboard.press('n');
    await waitReady(page, { n: 29 });
    await page.keyboard.press('Shift+N');
    await waitReady(page, { n: 8 });
    await page.keyboard.press('Shift+N');
    await waitReady(page, { n: 5 });

    await page.keyboard.press('p');
    await page.waitForSelector('#play-start', { state: 'visible' });
    await focusBody(page);
    await page.keyboard.press('e');
    await page.waitForSelector('#export-dialog[open]');
    await page.keyboard.press('Escape');
  } finally {
    await page.context().close();
  }
});

test('the graph page: N and Shift + N go through its presets, E opens the export dialog, both in its keys list', async () => {
  const { page } = await openPage(browser, 'graph.html');
  try {
    await page.waitForFunction(() => document.querySelector('loopy-graph')?.state === 'ready', null, { timeout: TIMEOUT });
    const listed = await keysListed(page);
    for (const k of ['E', 'N, Shift + N'])
      assert.ok(
        listed.some(([key, what]) => key === k && what),
        `the keys list has ${k}: ${JSON.stringify(listed)}`,
      );
    await focusBody(page);
    await page.keyboard.press('e');
    await page.waitForSelector('#export-dialog[open]');
    await page.keyboard.press('Escape');
    // The graph box holds the preset's text (what the element is given).
    const first = await page.inputValue('#graph-input');
    await focusBody(page);
    await page.keyboard.press('n');
    await page.waitForFunction((first) => document.getElementById('graph-input').value !== first, first, { timeout: TIMEOUT });
    await page.waitForFunction(() => document.querySelector('loopy-graph').state === 'ready', null, { timeout: TIMEOUT });
    await page.keyboard.press('Shift+N');
    await page.waitForFunction((first) => document.getElementById('graph-input').value === first, first, { timeout: TIMEOUT });
  } finally {
    await page.context().close();
  }
});

test('presenter mode: one Esc leaves it, with the why popup open and focused, or the keys list open; F right after Esc presents again and stays', async () => {
  const { page } = await openLoopy(browser, '?n=8&s1=2,3,4,6&s2=3,6', { viewport: { width: 1280, height: 720 } });
  try {
    const presenting = () => page.evaluate(() => document.querySelector('loopy-ring').presenting);
    for (const open of ['popup', 'keys']) {
      await focusBody(page);
      await page.keyboard.press('f');
      await page.waitForFunction(() => document.querySelector('loopy-ring').presenting, null, { timeout: TIMEOUT });
      if (open === 'popup') {
        await page.evaluate(() => document.querySelector('loopy-ring').showWhy(1, 2));
        await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'visible' });
        await page.locator('loopy-ring [part="popup"] button').first().focus();
      } else {
        await page.keyboard.press('?');
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('loopy-ring').presenting, null, { timeout: TIMEOUT });
      assert.equal(await presenting(), false, `one Esc with the ${open} open leaves presenter mode`);
    }
    // F at once after Esc presents again, and stays: the end of the full screen that Esc gave back comes after it.
    await focusBody(page);
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.fullscreenElement === document.querySelector('loopy-ring'), null, { timeout: TIMEOUT });
    await page.evaluate(() => {
      window.__fullscreenChanges = 0;
      document.addEventListener('fullscreenchange', () => window.__fullscreenChanges++);
    });
    await page.keyboard.press('Escape');
    await page.keyboard.press('f');
    // Once the end of the full screen that Esc gave back has been told (the element heard it first: its listener was
    // added before this one), and a frame has drawn what it did.
    await page.waitForFunction(() => window.__fullscreenChanges >= 1, null, { timeout: TIMEOUT });
    await frames(page, 2);
    assert.equal(await presenting(), true, 'F right after Esc presents again, and the end of the old full screen leaves it on');
  } finally {
    await page.context().close();
  }
});
