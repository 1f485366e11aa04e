// A post in Simplified Chinese (issue 20): both elements speak the post's language and its terms (必胜态 / 必败态, P态 / N态), every word a reader sees or hears, and turn back to English, the step kept, when <html lang> changes.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, TIMEOUT } from './browser.mjs';
import { englishLeft, openPost, screenshot, settledElements, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The ring spec sample and the goal-format graph with a draw. */
const RING = '<loopy-ring n="8" s1="2-4,6" s2="3,6" controls="full" step="6"></loopy-ring>';
const GRAPH = '<loopy-graph graph="1-2,2-3,3-1,3-4,4-5" controls="full"></loopy-graph>';

/** A zh-CN post (the elements' modules from the test server) holding `body`, with canvas text recorded. */
async function post(body, { lang = 'zh-CN', viewport } = {}) {
  const head = '<title>博弈论：图上的游戏</title>';
  return openPost(browser, `<h1>环上的游戏</h1><p>先看样例。</p>${body}`, { name: '__zh-post.html', lang, head, viewport, canvasText: true });
}

/** Steps the element forward with its keys, then clicks a state so that its popup opens. */
async function stepAndPick(page, tag, target) {
  await page.locator(tag).first().scrollIntoViewIfNeeded();
  await page.evaluate((tag) => document.querySelector(tag).shadowRoot.querySelector('canvas').focus(), tag);
  for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
  const { x, y } = await page.evaluate(({ tag, target }) => document.querySelector(tag).pointOf(...target), { tag, target });
  await page.mouse.click(x, y);
}

test('a zh-CN post: no English word a reader sees or hears in either element after load, steps, a selection and the popup', async () => {
  const opened = await post(RING + GRAPH);
  const { page } = opened;
  try {
    await stepAndPick(page, 'loopy-ring', [1, 2]);
    await stepAndPick(page, 'loopy-graph', [1]);
    await settledElements(page);
    const left = await englishLeft(page);
    assert.deepEqual(left, [], `English left:\n${left.map((l) => `${l.where}: ${l.text}`).join('\n')}`);
    const said = await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.textContent);
    assert.match(said, /必胜|必败/);
  } finally {
    await opened.context.close();
  }
});

test('terms="pn": the Chinese says P态 / N态, the English P-position / N-position', async () => {
  const opened = await post(RING.replace('<loopy-ring', '<loopy-ring terms="pn"') + GRAPH.replace('<loopy-graph', '<loopy-graph terms="pn"'));
  const { page } = opened;
  try {
    const text = (tag) => page.evaluate((tag) => document.querySelector(tag).shadowRoot.textContent, tag);
    for (const tag of ['loopy-ring', 'loopy-graph']) {
      const zh = await text(tag);
      assert.match(zh, /P态/, `${tag} says P态`);
      assert.match(zh, /N态/, `${tag} says N态`);
      assert.doesNotMatch(zh, /必胜态|必败态/, `${tag}: not the wl terms`);
    }
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(() => /P-position/.test(document.querySelector('loopy-ring').shadowRoot.textContent), null, { timeout: TIMEOUT });
    for (const tag of ['loopy-ring', 'loopy-graph']) assert.match(await text(tag), /N-position/, `${tag} says N-position`);
  } finally {
    await opened.context.close();
  }
});

test('setting <html lang="en"> turns both elements back to English with the step kept, and lang="zh" to Chinese again', async () => {
  const opened = await post(RING + GRAPH);
  const { page } = opened;
  try {
    await stepAndPick(page, 'loopy-ring', [1, 2]);
    // The key presses' steps are taken by the frames that follow them: read the steps once both are settled.
    await settledElements(page);
    const before = await page.evaluate(() => [...document.querySelectorAll('loopy-ring, loopy-graph')].map((e) => e.step));
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(() => /Win|Lose/.test(document.querySelector('loopy-ring').shadowRoot.textContent), null, { timeout: TIMEOUT });
    const narration = await page.evaluate(() => [...document.querySelectorAll('loopy-ring, loopy-graph')].map((e) => e.narration));
    for (const n of narration) assert.doesNotMatch(n, /[\u4e00-\u9fff]/, `English narration: ${n}`);
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll('loopy-ring, loopy-graph')].map((e) => e.step)),
      before,
      'the steps kept',
    );
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'zh'));
    await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(document.querySelector('loopy-ring').narration), null, { timeout: TIMEOUT });
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll('loopy-ring, loopy-graph')].map((e) => e.step)),
      before,
      'the steps kept',
    );
  } finally {
    await opened.context.close();
  }
});

test('an element’s own lang wins over the page’s, and an English reader never fetches the Chinese catalog', async () => {
  const fetched = [];
  const opened = await post(RING.replace('<loopy-ring', '<loopy-ring lang="zh-Hans"'), { lang: 'en' });
  try {
    assert.match(await opened.page.evaluate(() => document.querySelector('loopy-ring').narration), /[\u4e00-\u9fff]/);
  } finally {
    await opened.context.close();
  }
  const english = await post(GRAPH, { lang: 'en' });
  english.page.on('request', (r) => fetched.push(r.url()));
  try {
    await english.page.reload();
    await english.page.locator('loopy-graph').scrollIntoViewIfNeeded();
    await waitReady(english.page, { selector: 'loopy-graph' });
    assert.deepEqual(
      fetched.filter((u) => u.includes('i18n/zh')),
      [],
    );
  } finally {
    await english.context.close();
  }
});

test('screenshots of a Chinese post at 1280×800, 390×844 and in presenter mode at 1920×1080', async () => {
  for (const [name, viewport, body] of [
    ['zh-desktop', { width: 1280, height: 800 }, RING + GRAPH],
    [
      'zh-phone',
      { width: 390, height: 844 },
      RING.replace('controls="full"', 'controls="compact"') + GRAPH.replace('controls="full"', 'controls="compact"'),
    ],
    ['zh-present', { width: 1920, height: 1080 }, RING.replace('controls="full"', 'present')],
  ]) {
    const opened = await post(body, { viewport });
    try {
      await stepAndPick(opened.page, 'loopy-ring', [1, 2]);
      await settledElements(opened.page);
      await screenshot(opened.page, `${name}.png`, true);
    } finally {
      await opened.context.close();
    }
  }
});
