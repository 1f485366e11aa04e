// The pages in the reader's language (issue 20): index.html and graph.html with ?lang=zh-CN say no English word, the language switch and the terms radio re-word the page and its element with the game and step kept and the URL following, and the share dialog's link, element and iframe carry the language and terms.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, hooks, pageEnglishLeft, recordCanvasText, screenshot, settledElements, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens `path` with canvas text recorded and waits until the element (`selector`) has drawn its game. */
async function open(path, selector, viewport) {
  const opened = await openPage(browser, path, { viewport, script: recordCanvasText });
  await waitReady(opened.page, { selector });
  return opened;
}

/** Waits until the page's heading (#game-summary) matches `re`. */
function summaryMatches(page, re) {
  return page.waitForFunction((src) => new RegExp(src).test(document.getElementById('game-summary').textContent), re.source, {
    timeout: TIMEOUT,
  });
}

test("index.html?lang=zh-CN: no English word in the page's own words, its inspector's labels Chinese", async () => {
  const opened = await open('./?n=8&s1=2-4,6&s2=3,6&step=6&lang=zh-CN', 'loopy-ring');
  const { page } = opened;
  try {
    await summaryMatches(page, /^大小为 8 的环/);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assert.deepEqual(await pageEnglishLeft(page, { elements: false }), []);
    assert.equal(await page.getAttribute('#rules-link', 'href'), 'rules.zh-CN.html', 'the rules in the reader’s language');
    const term = await page.$eval('loopy-ring', (el) => el.shadowRoot.getElementById('term').href);
    assert.match(term, /\/rules\.zh-CN\.html#/, 'the element’s “What does this mean?” too');
    assert.equal(await page.inputValue('#lang-pick'), 'zh-CN');
    await page.evaluate(() => document.querySelector('loopy-ring').select(1, 2));
    await page.waitForFunction(() => document.querySelector('#insp-body dl'), null, { timeout: TIMEOUT });
    assert.deepEqual(await page.$$eval('#insp-body dt', (dts) => dts.map((d) => d.textContent)), ['值', '当前', '最优走法', '理由']);
    await screenshot(page, 'page-zh-1280x800.png', true);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test("graph.html?lang=zh-CN: no English word in the page's own words", async () => {
  const opened = await open('./graph.html?lang=zh-CN', 'loopy-graph');
  const { page } = opened;
  try {
    await summaryMatches(page, /个顶点/);
    assert.deepEqual(await pageEnglishLeft(page, { elements: false }), []);
    assert.equal(await page.getAttribute('#rules-link', 'href'), 'rules.zh-CN.html#graphs');
    const term = await page.$eval('loopy-graph', (el) => el.shadowRoot.getElementById('term').href);
    assert.match(term, /\/rules\.zh-CN\.html#/, 'the element’s “What does this mean?” too');
    await screenshot(page, 'graph-zh-1280x800.png', true);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

// The pages' own words and the elements' (their shadow trees, keys list, the inspector's facts).
test('both pages in Chinese with their elements, a state selected: no English word at all', async () => {
  for (const [path, selector, pick] of [
    ['./?n=8&s1=2-4,6&s2=3,6&step=6&lang=zh-CN', 'loopy-ring', [1, 2]],
    ['./graph.html?lang=zh-CN', 'loopy-graph', [1]],
  ]) {
    const opened = await open(path, selector);
    try {
      await opened.page.evaluate(({ selector, pick }) => document.querySelector(selector).select(...pick), { selector, pick });
      await opened.page.waitForFunction(() => document.querySelector('#insp-body dl'), null, { timeout: TIMEOUT });
      await settledElements(opened.page);
      assert.deepEqual(await pageEnglishLeft(opened.page), [], path);
    } finally {
      await opened.context.close();
    }
  }
});

test('the language switch and the terms radio re-word the page and the element, the game and step kept, and the URL follows', async () => {
  const opened = await open('./?n=8&s1=2-4,6&s2=3,6&step=6', 'loopy-ring');
  const { page } = opened;
  try {
    await summaryMatches(page, /^Ring of 8 ·/);
    const before = await hooks(page);
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await page.selectOption('#lang-pick', 'zh-CN');
    await summaryMatches(page, /^大小为 8 的环/);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN' && /lang=zh-CN/.test(location.search), null, {
      timeout: TIMEOUT,
    });
    // No reload: the same document, the element on the same step of the same game (it follows <html lang> by itself).
    assert.equal(await page.evaluate(() => window.__sameDocument), true);
    const after = await hooks(page);
    assert.equal(after.n, before.n);
    assert.equal(after.step, before.step);
    assert.match(await page.textContent('#input-h'), /^选择一个游戏$/);

    await page.check('input[name="terms"][value="pn"]');
    await page.waitForFunction(() => document.querySelector('loopy-ring').getAttribute('terms') === 'pn' && /terms=pn/.test(location.search), null, {
      timeout: TIMEOUT,
    });
    assert.match(
      await page.textContent('.intro .more'),
      /N态.*P态：上一个行动的玩家必胜，即当前行动方必败/,
      'the glossary sentence, with the P/N terms',
    );
    assert.equal(await page.getAttribute('.modes a:not([aria-current])', 'href'), 'graph.html?lang=zh-CN&terms=pn', 'graph mode in the same words');
    assert.equal((await hooks(page)).step, before.step);

    // A reload of the address the page now shows reads the same: Chinese, P/N terms, the same step.
    await page.reload();
    await waitReady(page, { selector: 'loopy-ring' });
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assert.equal(await page.getAttribute('loopy-ring', 'terms'), 'pn');
    assert.equal(await page.isChecked('input[name="terms"][value="pn"]'), true);
    assert.equal((await hooks(page)).step, before.step);

    await page.selectOption('#lang-pick', 'en');
    await summaryMatches(page, /^Ring of 8 ·/);
    await page.waitForFunction(() => !/lang=/.test(location.search), null, { timeout: TIMEOUT });
    assert.equal(await page.getAttribute('#rules-link', 'href'), 'rules.html');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('the share dialog carries the language and terms: the link, the element’s lang and terms, and the iframe', async () => {
  const opened = await open('./?n=8&s1=2-4,6&s2=3,6&step=3&lang=zh-CN&terms=pn', 'loopy-ring');
  const { page } = opened;
  try {
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-dialog').open, null, { timeout: TIMEOUT });
    const link = await page.inputValue('#share-link');
    const element = await page.inputValue('#share-element');
    const iframe = await page.inputValue('#share-iframe');
    assert.match(link, /[?&]lang=zh-CN(&|$)/);
    assert.match(link, /[?&]terms=pn(&|$)/);
    assert.match(element, /<loopy-ring [^>]*\blang="zh-CN"/);
    assert.match(element, /<loopy-ring [^>]*\bterms="pn"/);
    assert.match(element, />环上的游戏：n = 8，由 Loopy 逆向求解。<\/loopy-ring>/);
    assert.match(iframe, /src="[^"]*[?&]lang=zh-CN[^"]*"/);
    assert.match(iframe, /title="Loopy：逆向求解环上的游戏"/);
    await page.keyboard.press('Escape');

    // The graph page's snippets too.
    await page.goto(new URL('graph.html?graph=1-2,2-3,3-1,3-4&lang=zh-CN', page.url()).href);
    await waitReady(page, { selector: 'loopy-graph' });
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-dialog').open, null, { timeout: TIMEOUT });
    assert.match(await page.inputValue('#share-link'), /graph\.html\?[^"]*lang=zh-CN/);
    assert.match(await page.inputValue('#share-element'), /<loopy-graph [^>]*\blang="zh-CN"/);
    assert.doesNotMatch(await page.inputValue('#share-element'), /terms=/);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('an English page stays English and fetches no Chinese catalog', async () => {
  const opened = await openPage(browser, './', {
    init: async (context) => {
      context.fetched = [];
      // The page's own requests: its service worker caches the whole site for offline use, after the load, on purpose.
      context.on('request', (r) => r.serviceWorker() || context.fetched.push(new URL(r.url()).pathname));
    },
  });
  const { page, context } = opened;
  try {
    await waitReady(page);
    await summaryMatches(page, /^Ring of 5 ·/);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.deepEqual(
      context.fetched.filter((p) => /zh-CN/.test(p)),
      [],
    );
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('rules.zh-CN.html: the whole rules page and glossary in Chinese, with every anchor of the English one, each linking the other', async () => {
  const en = await openPage(browser, './rules.html');
  const zh = await openPage(browser, './rules.zh-CN.html');
  try {
    assert.equal(await zh.page.getAttribute('html', 'lang'), 'zh-CN');
    assert.deepEqual(await pageEnglishLeft(zh.page), []);
    // The elements' "What does this mean?" links and the pages' links name these anchors: both pages have them all.
    const ids = (page) => page.$$eval('[id]', (els) => els.map((e) => e.id).sort());
    assert.deepEqual(await ids(zh.page), await ids(en.page));
    assert.match(await zh.page.textContent('#terms + dd'), /P态是上一个行动的玩家必胜的状态，即当前行动方必败/);
    assert.equal(await en.page.getAttribute('a[hreflang="zh-CN"]', 'href'), 'rules.zh-CN.html');
    assert.equal(await zh.page.getAttribute('a[hreflang="en"]', 'href'), 'rules.html');
    assertClean(assert, zh);
  } finally {
    await en.context.close();
    await zh.context.close();
  }
});

test('both pages in Chinese at 390x844: the switch and the terms fit, nothing wider than the screen (screenshots)', async () => {
  for (const [path, selector, name] of [
    ['./?lang=zh-CN', 'loopy-ring', 'page-zh-390x844.png'],
    ['./graph.html?lang=zh-CN', 'loopy-graph', 'graph-zh-390x844.png'],
  ]) {
    const opened = await open(path, selector, { width: 390, height: 844 });
    try {
      assert.equal(await opened.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, path);
      await screenshot(opened.page, name);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
});

test('a checked answer in Chinese: the verdict, the counts as plural messages and the difference named in the page’s words', async () => {
  const opened = await open('./?n=5&s1=2,3&s2=1-3&lang=zh-CN', 'loopy-ring');
  const { page } = opened;
  try {
    // The first sample as a judge input; its answer is "Lose Win Win Loop" / "Loop Win Win Win": one wrong value, then a missing word.
    await page.fill('#judge-input', '1\n5\n2 2 3\n3 1 2 3\n');
    await page.click('#judge-form button[type="submit"]');
    await page.waitForFunction(() => /1 组游戏/.test(document.getElementById('judge-count').textContent), null, { timeout: TIMEOUT });
    await page.fill('#answer-input', 'Win Win Win Loop\nLoop Win Win\n');
    await page.click('#check-form button[type="submit"]');
    await page.waitForFunction(() => /差异/.test(document.getElementById('check-verdict').textContent), null, { timeout: TIMEOUT });
    const verdict = await page.textContent('#check-verdict');
    assert.match(verdict, /^答案错误（第 1 组游戏，行动方 1，位置 1）：应为 Lose，实为 Win（共 2 处差异：1 个值错误，缺少 1 个词。）$/);
    assert.match(await page.textContent('#check-where'), /^第 1 处差异，共 2 处：第 1 组游戏，行动方 1，位置 1$/);
    // The same report, said again in English by the switch: the checker's own line and the counts in English plurals.
    await page.selectOption('#lang-pick', 'en');
    await page.waitForFunction(() => /differences in all/.test(document.getElementById('check-verdict').textContent), null, { timeout: TIMEOUT });
    assert.match(await page.textContent('#check-verdict'), /\(2 differences in all: 1 wrong value, 1 missing word\.\)$/);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('the tour in Chinese, said again in English by the switch at the same step', async () => {
  const opened = await open('./?tour=1&lang=zh-CN', 'loopy-ring');
  const { page } = opened;
  try {
    await page.waitForFunction(() => !document.getElementById('tour').hidden, null, { timeout: TIMEOUT });
    await page.waitForFunction(() => !document.getElementById('tour-next').disabled, null, { timeout: TIMEOUT });
    await page.click('#tour-next');
    await page.waitForFunction(() => /第 2 步/.test(document.getElementById('tour-count').textContent), null, { timeout: TIMEOUT });
    assert.match(await page.textContent('#tour-text'), /^顶部的黑条是终止位置/);
    assert.equal(await page.textContent('#tour-next'), '下一步');
    await page.selectOption('#lang-pick', 'en');
    await page.waitForFunction(() => document.getElementById('tour-count').textContent === '(2 of 8)', null, { timeout: TIMEOUT });
    assert.match(await page.textContent('#tour-text'), /^The black bar at the top is the hole/);
    assert.equal(await page.textContent('#tour-next'), 'Next');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});
