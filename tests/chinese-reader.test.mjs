// What a Chinese reader reads (issue 36): every text of both elements and their pages (narration at several steps, legend,
// popup, inspector, quiz, play panel, tour, share dialog, an error) in zh-CN, with Win/Lose terms and with P/N terms, holds
// no English word beyond key names, SG, mex and BFS, and none of the variants docs/terms.md forbids; and a page switched
// from zh-CN to en and back keeps nothing of the old language (status lines, live regions, an open popup, the keys list).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { pageEnglishLeft, recordCanvasText, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The variants docs/terms.md's "never (zh-CN)" column forbids. */
const VARIANTS = (() => {
  const table = readFileSync(new URL('../docs/terms.md', import.meta.url), 'utf8');
  const body = table.slice(table.indexOf('<!-- terms:begin -->'), table.indexOf('<!-- terms:end -->'));
  return body
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*(concept|---)/.test(l))
    .flatMap((l) => l.split('|')[4].split(' / '))
    .map((s) => s.trim())
    .filter(Boolean);
})();

/** Every text a reader of the page sees or hears: the document's and the elements' shadow trees' text and labels, hidden panels too, and the canvases' words. */
function everyText(page) {
  return page.evaluate(() => {
    const out = [document.title];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.tagName === 'STYLE' || el.tagName === 'SCRIPT') continue;
        for (const a of ['aria-label', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt'])
          if (el.hasAttribute(a)) out.push(el.getAttribute(a));
        for (const n of el.childNodes) if (n.nodeType === 3) out.push(n.textContent);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    out.push(...(window.__canvasText ?? []));
    return out.join('\n');
  });
}

/** What is wrong with the page's words now: English words (pageEnglishLeft) and the variants the term table forbids. */
async function wrongWords(page, where) {
  const english = (await pageEnglishLeft(page)).map((e) => `${where}: English in ${e.where}: ${e.text}`);
  const text = await everyText(page);
  const variants = VARIANTS.filter((v) => text.includes(v)).map((v) => `${where}: the variant ${v}`);
  return [...english, ...variants];
}

/** Waits until `selector`'s element is idle at `step`. */
async function seekTo(page, selector, step) {
  await page.evaluate(({ selector, step }) => document.querySelector(selector).seek(step), { selector, step });
  await waitReady(page, { selector, step });
}

/** The words of the share dialog, opened and closed again. */
async function shareDialogWords(page) {
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-dialog').open && document.getElementById('share-element').value, null, {
    timeout: TIMEOUT,
  });
  const wrong = await wrongWords(page, 'share dialog');
  await page.keyboard.press('Escape');
  return wrong;
}

/** The words of the error box once `selector`'s attribute `name` is set to a bad `value`. */
async function errorWords(page, selector, name, value) {
  await page.evaluate(({ selector, name, value }) => document.querySelector(selector).setAttribute(name, value), { selector, name, value });
  await page.waitForFunction(
    (selector) => document.querySelector(selector).shadowRoot.querySelector('[part~="error"]:not([hidden])')?.textContent,
    selector,
    {
      timeout: TIMEOUT,
    },
  );
  return wrongWords(page, 'error');
}

for (const terms of ['wl', 'pn']) {
  test(`the ring page in zh-CN, terms=${terms}: narration, legend, popup, inspector, quiz, play panel, tour, share dialog and an error, no English word and no variant`, async () => {
    const opened = await openPage(browser, `./?n=8&s1=2-4,6&s2=3,6&lang=zh-CN&terms=${terms}`, { script: recordCanvasText });
    const { page } = opened;
    const wrong = [];
    try {
      await waitReady(page);
      for (const step of [0, 3, 6, 12, 30]) {
        await seekTo(page, 'loopy-ring', step);
        wrong.push(...(await wrongWords(page, `step ${step}`)));
      }
      // A state selected: the popup and the inspector.
      await page.evaluate(() => document.querySelector('loopy-ring').select(2, 7));
      await page.waitForFunction(() => document.querySelector('#insp-body dl'), null, { timeout: TIMEOUT });
      wrong.push(...(await wrongWords(page, 'popup and inspector')));
      // The quiz asks.
      await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('quiz', ''));
      await seekTo(page, 'loopy-ring', 2);
      await page.waitForFunction(
        () => document.querySelector('loopy-ring').presenting !== undefined && document.querySelector('loopy-ring').quiz,
        null,
        { timeout: TIMEOUT },
      );
      wrong.push(...(await wrongWords(page, 'quiz')));
      await page.evaluate(() => document.querySelector('loopy-ring').removeAttribute('quiz'));
      // The play panel, a game begun.
      await page.click('#play-open');
      await page.waitForSelector('#play-start', { timeout: TIMEOUT });
      await page.click('#play-start');
      await page.waitForFunction(() => document.getElementById('play-status')?.textContent, null, { timeout: TIMEOUT });
      wrong.push(...(await wrongWords(page, 'play panel')));
      await page.click('#play-stop').catch(() => {});
      // The share dialog.
      wrong.push(...(await shareDialogWords(page)));
      // The tour, every step of it.
      await page.click('#tour-start');
      await page.waitForFunction(() => !document.getElementById('tour').hidden && !document.getElementById('tour-next').disabled, null, {
        timeout: TIMEOUT,
      });
      for (let k = 1; k < 8; k++) {
        wrong.push(...(await wrongWords(page, `tour ${k}`)));
        const before = await page.textContent('#tour-text');
        await page.click('#tour-next');
        await page.waitForFunction((b) => document.getElementById('tour-text').textContent !== b, before, { timeout: TIMEOUT });
      }
      wrong.push(...(await wrongWords(page, 'tour 8')));
      // An error.
      wrong.push(...(await errorWords(page, 'loopy-ring', 's1', '9')));
      assert.deepEqual([...new Set(wrong)], []);
    } finally {
      await opened.context.close();
    }
  });

  test(`the graph page in zh-CN, terms=${terms}: narration, legend, popup, inspector, quiz, share dialog and an error, no English word and no variant`, async () => {
    const opened = await openPage(browser, `./graph.html?lang=zh-CN&terms=${terms}`, { script: recordCanvasText });
    const { page } = opened;
    const wrong = [];
    try {
      await waitReady(page, { selector: 'loopy-graph' });
      const length = await page.evaluate(() => document.querySelector('loopy-graph').length);
      for (const step of [0, 2, Math.floor(length / 2), length]) {
        await seekTo(page, 'loopy-graph', step);
        wrong.push(...(await wrongWords(page, `step ${step}`)));
      }
      await page.evaluate(() => document.querySelector('loopy-graph').select(1));
      await page.waitForFunction(() => document.querySelector('#insp-body dl'), null, { timeout: TIMEOUT });
      wrong.push(...(await wrongWords(page, 'popup and inspector')));
      await page.evaluate(() => document.querySelector('loopy-graph').setAttribute('quiz', ''));
      await seekTo(page, 'loopy-graph', 1);
      wrong.push(...(await wrongWords(page, 'quiz')));
      await page.evaluate(() => document.querySelector('loopy-graph').removeAttribute('quiz'));
      wrong.push(...(await shareDialogWords(page)));
      wrong.push(...(await errorWords(page, 'loopy-graph', 'graph', '1-x')));
      assert.deepEqual([...new Set(wrong)], []);
    } finally {
      await opened.context.close();
    }
  });
}

/** Every Chinese text left in the page (document and shadow trees, labels too, the canvases' words), but a language's own name (`lang="zh-CN"`). */
function chineseLeft(page) {
  return page.evaluate(() => {
    const found = [];
    const han = /[\u3400-\u9fff\u3000-\u303f\uff01-\uff5e]/;
    const note = (where, text) => {
      if (han.test(text)) found.push(`${where}: ${String(text).trim().slice(0, 120)}`);
    };
    const walk = (root, where) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.tagName === 'STYLE' || el.tagName === 'SCRIPT' || /^zh/.test(el.getAttribute('lang') ?? '') || el.closest?.('[lang^="zh"]:not(html)'))
          continue;
        for (const a of ['aria-label', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt'])
          if (el.hasAttribute(a)) note(`${where} ${el.tagName.toLowerCase()}[${a}]`, el.getAttribute(a));
        for (const n of el.childNodes) if (n.nodeType === 3) note(`${where} ${el.tagName.toLowerCase()}#${el.id}`, n.textContent);
        if (el.shadowRoot) walk(el.shadowRoot, `${where} ${el.tagName.toLowerCase()}>`);
      }
    };
    walk(document, '');
    note('title', document.title);
    return found;
  });
}

test('a language switch leaves nothing of the old language: zh-CN → en → zh-CN on the ring page, a popup open, the play panel, the keys list and the live regions', async () => {
  const opened = await openPage(browser, './?n=8&s1=2-4,6&s2=3,6&step=6&lang=zh-CN', { script: recordCanvasText });
  const { page } = opened;
  try {
    await waitReady(page);
    await page.evaluate(() => document.querySelector('loopy-ring').select(1, 4));
    await page.waitForFunction(() => document.querySelector('#insp-body dl'), null, { timeout: TIMEOUT });
    await page.click('#play-open');
    await page.waitForSelector('#play-start', { timeout: TIMEOUT });
    // The element says something in its live region (a step), then the language changes.
    await page.keyboard.press('ArrowRight').catch(() => {});
    await seekTo(page, 'loopy-ring', 7);
    await page.selectOption('#lang-pick', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && document.querySelector('loopy-ring')._words?.code === 'en', null, {
      timeout: TIMEOUT,
    });
    await waitReady(page, { step: 7 });
    // Canvas words drawn from now on.
    await page.evaluate(() => window.__canvasText?.clear());
    await seekTo(page, 'loopy-ring', 8);
    assert.deepEqual(await chineseLeft(page), [], 'nothing Chinese after the switch to English');
    assert.deepEqual(
      (await page.evaluate(() => [...(window.__canvasText ?? [])])).filter((t) => /[\u3400-\u9fff]/.test(t)),
      [],
      'the canvas',
    );
    await page.selectOption('#lang-pick', 'zh-CN');
    await page.waitForFunction(() => document.querySelector('loopy-ring')._words?.code === 'zh-CN', null, { timeout: TIMEOUT });
    await page.evaluate(() => window.__canvasText?.clear());
    await seekTo(page, 'loopy-ring', 9);
    assert.deepEqual(await pageEnglishLeft(page), [], 'nothing English after the switch back');
  } finally {
    await opened.context.close();
  }
});

test('a language switch leaves nothing of the old language on a post: <html lang> zh-CN → en → zh-CN while both elements load, a popup open', async () => {
  const opened = await openPage(browser, './rules.html', { script: recordCanvasText });
  const { page } = opened;
  try {
    // A post whose elements are still loading when the language changes (the status line is said again).
    await page.evaluate(async (base) => {
      document.documentElement.lang = 'zh-CN';
      const make = (tag, attrs) => {
        const el = document.createElement(tag);
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
        return el;
      };
      document.body.replaceChildren(
        make('loopy-ring', { n: '8', s1: '2-4,6', s2: '3,6', controls: 'full', selected: '1:4' }),
        make('loopy-graph', { graph: '1-2,2-3,3-1,3-4,4-5', controls: 'full', selected: '3' }),
      );
      await import(new URL('loopy-ring.js', base).href);
      await import(new URL('loopy-graph.js', base).href);
    }, new URL('./', page.url()).href);
    await page.waitForFunction(() => document.querySelector('loopy-ring')._words?.code === 'zh-CN', null, { timeout: TIMEOUT });
    await page.evaluate(() => {
      document.documentElement.lang = 'en';
    });
    await waitReady(page);
    await waitReady(page, { selector: 'loopy-graph' });
    await page.evaluate(() => window.__canvasText?.clear());
    await seekTo(page, 'loopy-ring', 5);
    await seekTo(page, 'loopy-graph', 3);
    assert.deepEqual(await chineseLeft(page), [], 'nothing Chinese after <html lang="en">');
    await page.evaluate(() => {
      document.documentElement.lang = 'zh-CN';
    });
    await page.waitForFunction(() => document.querySelector('loopy-graph')._words?.code === 'zh-CN', null, { timeout: TIMEOUT });
    await page.evaluate(() => window.__canvasText?.clear());
    await seekTo(page, 'loopy-ring', 6);
    await seekTo(page, 'loopy-graph', 4);
    const left = (await pageEnglishLeft(page, { elements: true })).filter((e) => /loopy-|canvas/.test(e.where));
    assert.deepEqual(left, [], 'nothing English in the elements after <html lang="zh-CN">');
  } finally {
    await opened.context.close();
  }
});
