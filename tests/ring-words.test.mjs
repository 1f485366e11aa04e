// The ring element in the reader's words (issue 20): a language or terms change re-words everything the ring built (its
// narration, the canvas's labels, the counter, the popup, presenter mode's button), with the game, step, selection and
// zoom kept, and no new solve.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, TIMEOUT } from './browser.mjs';
import { openPost } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A post in `lang` holding `<loopy-ring ${attrs}>` (the element's module from the test server), drawn. */
async function post(attrs, lang = 'en') {
  return openPost(browser, `<loopy-ring ${attrs}></loopy-ring>`, { name: '__ring-words.html', lang, head: '<title>ring</title>' });
}

/** What the ring says now: narration, counter, the canvas's labels, the popup, the leave button, step, selection, zoom, solves. */
function said(page) {
  return page.evaluate(() => {
    const el = document.querySelector('loopy-ring');
    const root = el.shadowRoot;
    return {
      narration: el.narration,
      known: root.getElementById('known').textContent,
      labels: el.canvasTexts.labels.map((l) => l.text),
      popup: root.querySelector('.popup').hidden ? null : root.querySelector('.popup').textContent,
      leave: root.querySelector('.leave').getAttribute('aria-label'),
      step: el.step,
      selected: el.selected,
      zoom: el.zoomLevel,
      frames: el.frameCount,
    };
  });
}

test('a language change re-words the narration, the canvas labels, the counter and the open popup, the step and selection kept', async () => {
  const { page, context } = await post('n="8" s1="2-4,6" s2="3,6" controls="full" step="6"');
  try {
    const { x, y } = await page.evaluate(() => document.querySelector('loopy-ring').pointOf(1, 2));
    await page.mouse.click(x, y);
    await page.waitForFunction(() => !document.querySelector('loopy-ring').shadowRoot.querySelector('.popup').hidden, null, { timeout: TIMEOUT });
    const en = await said(page);
    assert.match(en.narration, /^Player \d at \d/);
    assert.ok(en.labels.includes('0 hole') && en.labels.includes('Outer ring:') && en.labels.includes('player 2 to move'), en.labels.join('|'));
    assert.match(en.popup, /Player 1 to move, token at 2/);
    assert.match(en.known, /of 14 states decided/);

    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('lang', 'zh-CN'));
    await page.waitForFunction(() => /行动方/.test(document.querySelector('loopy-ring').narration), null, { timeout: TIMEOUT });
    await page.waitForFunction((f) => document.querySelector('loopy-ring').frameCount > f, en.frames, { timeout: TIMEOUT });
    const zh = await said(page);
    assert.deepEqual([zh.step, zh.selected, zh.zoom], [en.step, en.selected, en.zoom], 'step, selection and zoom kept');
    assert.ok(zh.labels.includes('0 终止位置') && zh.labels.includes('外圈：') && zh.labels.includes('轮到行动方 2'), zh.labels.join('|'));
    assert.doesNotMatch(zh.labels.join(' '), /[A-Za-z]{2,}/, 'no English left on the canvas');
    assert.match(zh.popup, /轮到行动方 1，棋子在位置 2/, 'the open popup says it again');
    assert.match(zh.popup, /必胜态/);
    assert.match(zh.known, /^已确定 \d+ \/ 14 个状态$/);
    assert.equal(zh.leave, '退出演示模式');

    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('terms', 'pn'));
    await page.waitForFunction(() => /N态/.test(document.querySelector('loopy-ring').shadowRoot.querySelector('.popup').textContent), null, {
      timeout: TIMEOUT,
    });
    const pn = await said(page);
    assert.doesNotMatch(pn.popup, /必胜态|必败态/);
    assert.deepEqual([pn.step, pn.selected], [en.step, en.selected]);

    await page.evaluate(() => document.querySelector('loopy-ring').removeAttribute('lang'));
    await page.waitForFunction(() => /N-position/.test(document.querySelector('loopy-ring').shadowRoot.querySelector('.popup').textContent), null, {
      timeout: TIMEOUT,
    });
    await page.evaluate(() => document.querySelector('loopy-ring').removeAttribute('terms'));
    await page.waitForFunction((line) => document.querySelector('loopy-ring').narration === line, en.narration, { timeout: TIMEOUT });
    const back = await said(page);
    assert.equal(back.popup, en.popup, 'the popup in English again, word for word');
    assert.deepEqual(back.labels, en.labels);
    assert.deepEqual([back.step, back.selected], [en.step, en.selected]);
  } finally {
    await context.close();
  }
});
