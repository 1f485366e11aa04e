// The built site (`cargo xtask dist`, as a static host serves it) read in Chinese with P/N terms
// speaks it everywhere, as www/ does (issue 32): the share dialogs give snippets with lang="zh-CN"
// and terms="pn", Chinese fallbacks and titles, and a link and an iframe that keep the language; the
// tour and the play panel are Chinese. Its pages' modules are built together, so the share dialog,
// the tour and the play panel share the page's one language state (they had a copy of their own).

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { DIST_DIR, DIST_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, pageEnglishLeft, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The site's page `path` in its versioned directory. */
function site(path) {
  const [dir] = readdirSync(`${DIST_DIR}/site`).filter((d) => d.startsWith('loopy-'));
  return new URL(`${dir}/${path}`, DIST_URL).href;
}

/** Opens the share dialog of the page open and returns its three snippets. */
async function shareSnippets(page) {
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-dialog').open, null, { timeout: TIMEOUT });
  const out = {
    link: await page.inputValue('#share-link'),
    element: await page.inputValue('#share-element'),
    iframe: await page.inputValue('#share-iframe'),
  };
  await page.keyboard.press('Escape');
  return out;
}

test('the built ring page in zh-CN with P/N terms: its share snippets carry lang and terms, in Chinese; the one script is loopy.js', async () => {
  const opened = await openPage(browser, site('?n=8&s1=2-4,6&s2=3,6&step=3&lang=zh-CN&terms=pn'));
  const { page } = opened;
  try {
    await waitReady(page);
    const s = await shareSnippets(page);
    assert.match(s.link, /[?&]lang=zh-CN(&|$)/);
    assert.match(s.link, /[?&]terms=pn(&|$)/);
    assert.match(s.element, /^<script type="module" src="[^"]+\/loopy\.js"><\/script>\n/);
    assert.match(s.element, /<loopy-ring [^>]*\blang="zh-CN"/);
    assert.match(s.element, /<loopy-ring [^>]*\bterms="pn"/);
    assert.match(s.element, />环上的游戏：n = 8，由 Loopy 逆向求解。<\/loopy-ring>/);
    assert.match(s.iframe, /<iframe src="[^"]*[?&]lang=zh-CN&terms=pn"/);
    assert.match(s.iframe, /title="Loopy：逆向求解环上的游戏"/);
    assert.match(s.iframe, /loopy:resize/, 'with the parent’s lines that size it');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('the built graph page in zh-CN: its share snippets carry the language', async () => {
  const opened = await openPage(browser, site('graph.html?graph=1-2,2-3,3-1,3-4&goal=4&start=1&lang=zh-CN&terms=pn'));
  const { page } = opened;
  try {
    await waitReady(page, { selector: 'loopy-graph' });
    const s = await shareSnippets(page);
    assert.match(s.link, /graph\.html\?[^"]*lang=zh-CN&terms=pn/);
    assert.match(s.element, /<loopy-graph [^>]*\blang="zh-CN" terms="pn"/);
    assert.match(s.iframe, /src="[^"]*graph\.html\?[^"]*lang=zh-CN&terms=pn"/);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('the built ring page in zh-CN: the tour and the play panel are Chinese, and no English word is left', async () => {
  const opened = await openPage(browser, site('?tour=1&lang=zh-CN&terms=pn'));
  const { page } = opened;
  try {
    await page.waitForFunction(() => !document.getElementById('tour').hidden, null, { timeout: TIMEOUT });
    await page.waitForFunction(() => !document.getElementById('tour-next').disabled, null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#tour-next'), '下一步');
    await page.click('#tour-next');
    await page.waitForFunction(() => /第 2 步/.test(document.getElementById('tour-count').textContent), null, { timeout: TIMEOUT });
    assert.match(await page.textContent('#tour-text'), /^顶部的黑条是终止位置/);
    assert.deepEqual(await pageEnglishLeft(page), [], 'no English word with the tour open');
    await page.goto(site('?n=8&s1=2-4,6&s2=3,6&lang=zh-CN&terms=pn'));
    await waitReady(page);
    await page.click('#play-open');
    await page.waitForSelector('#play-start');
    assert.deepEqual(await pageEnglishLeft(page), [], 'no English word with the play panel open');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});
