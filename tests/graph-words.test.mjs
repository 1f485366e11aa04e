// The graph element's own words in the reader's language (issue 20): what <loopy-graph> builds besides the element core's
// panel (narration, the inspector's account, the lines under the legend, the legend's graph lines, the counts and the
// around form of a large graph, the canvas's labels and the goal's tag) is Chinese on a zh-CN post, says P态 / N态 under
// terms="pn", and turns back to English when <html lang> changes, the step, the selection and the values kept.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, TIMEOUT } from './browser.mjs';
import { openPost, settledElements } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A post in `lang` with a small graph that has a goal and a draw (#small) and a large random one (#large). */
async function post(lang, terms = 'wl') {
  const body = `
<loopy-graph id="small" graph="1-2,2-3,3-1,3-4,4-5,6-7,7-6" goal="5" start="1" terms="${terms}" controls="full"></loopy-graph>
<loopy-graph id="large" random="3000" seed="2" terms="${terms}" controls="full"></loopy-graph>`;
  const viewport = { width: 1280, height: 800 };
  return openPost(browser, body, {
    name: '__graph-words.html',
    lang,
    head: '<title>graph</title>',
    viewport,
    canvasText: true,
    drawn: ['#small', '#large'],
  });
}

/** Everything the graph element itself words, by where it is shown, for both elements. */
function graphWords(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('loopy-graph')) {
      const sr = el.shadowRoot;
      const canvas = sr.querySelector('canvas');
      const around = sr.getElementById('around');
      const d = el.selected === null ? null : el.describe(el.selected);
      Object.assign(out, {
        [`${el.id} narration`]: el.narration,
        [`${el.id} numbers`]: sr.getElementById('numbers').textContent,
        [`${el.id} help`]: sr.getElementById('graph-help').textContent,
        [`${el.id} known`]: sr.getElementById('known')?.textContent ?? '',
        [`${el.id} canvas`]: `${canvas.getAttribute('aria-roledescription')} | ${canvas.getAttribute('aria-label')}`,
        [`${el.id} legend`]: [...sr.querySelectorAll('.legend li')]
          .filter((li) => ['win', 'lose', 'loop', 'optimal', 'digits', 'queued', 'popped', 'pred', 'selected', 'end'].includes(li.className))
          .map((li) => li.textContent)
          .join(' | '),
        [`${el.id} account`]: d
          ? [d.title, d.value, d.live, d.best, d.why, d.optimal, ...d.moves.map((m) => `${m.text} ${m.title}`)].join(' | ')
          : '',
      });
      // Only a graph too large to draw whole has the neighbourhood's parts (graph/graph-large.js).
      if (el.id === 'large') {
        out['large stubs'] = sr.getElementById('stubs-help').textContent; // a large graph's part only (graph/graph-large.js)
        out['large counts'] = sr.getElementById('counts').textContent;
        out['large around'] = [
          around.textContent,
          ...[...around.querySelectorAll('[aria-label]')].map((x) => x.getAttribute('aria-label')),
          ...[...around.querySelectorAll('option')].map((o) => o.text),
        ].join(' | ');
      }
    }
    out.drawn = [...window.__canvasText].filter((t) => /[A-Za-z\u4e00-\u9fff]/.test(t)).join(' | ');
    return out;
  });
}

/** Steps both elements on and selects a vertex of each. */
async function stepAndSelect(page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('loopy-graph')) {
      el.seek(Math.floor(el.length / 2));
      el.select(1);
    }
  });
  await page.waitForFunction(
    () => [...document.querySelectorAll('loopy-graph')].every((el) => el.state === 'ready' && el.describe(1) !== null),
    null,
    {
      timeout: TIMEOUT,
    },
  );
}

const ENGLISH = /[A-Za-z]{3,}/g;
/** The words left in English in `words`, but the names the issue lets through (SG, mex, key names). */
function englishIn(words) {
  return Object.entries(words)
    .map(([where, text]) => [where, (text.match(ENGLISH) ?? []).filter((w) => !['mex', 'Shift'].includes(w))])
    .filter(([, left]) => left.length);
}

test('on a zh-CN post the graph says its own words in Chinese, its goal tag too, and <html lang="en"> turns them back to English with the step, the selection and the values kept', async () => {
  const { page, context } = await post('zh-CN');
  try {
    await stepAndSelect(page);
    await page.evaluate(() => {
      document.getElementById('large').values = 'grundy';
    });
    await page.waitForFunction(() => /SG 值：/.test(document.getElementById('large').shadowRoot.getElementById('counts').textContent), null, {
      timeout: TIMEOUT,
    });
    const zh = await graphWords(page);
    assert.deepEqual(englishIn(zh), [], `English left in the graph's own words:\n${JSON.stringify(zh, null, 1)}`);
    for (const [where, text] of Object.entries(zh)) if (where !== 'drawn') assert.match(text, /[\u4e00-\u9fff]/, `${where} is said in Chinese`);
    assert.match(zh.drawn, /目标点/, 'the goal tag on the canvas');
    assert.match(zh['small legend'], /必胜态.*必败态.*平局/);
    const before = await page.evaluate(() => [...document.querySelectorAll('loopy-graph')].map((el) => [el.step, el.selected, el.values]));

    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(
      () => !/[\u4e00-\u9fff]/.test(document.getElementById('large').shadowRoot.getElementById('counts').textContent),
      null,
      {
        timeout: TIMEOUT,
      },
    );
    await settledElements(page);
    const en = await graphWords(page);
    for (const [where, text] of Object.entries(en))
      if (where !== 'drawn') assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `${where} back in English: ${text}`);
    assert.match(en['small narration'], /vertex/i);
    assert.match(en['large counts'], /^Whole graph: 3,000 vertices, 6,000 moves\. Win [\d,]+ · Lose [\d,]+ · Draw [\d,]+\. SG values: /);
    assert.match(en['large around'], /Around vertex.*within.*Show.*Centre vertex.*Moves away from it.*1 move \| 2 moves/);
    assert.match(en['small account'], /^Vertex 1 \(the start\) \| /);
    assert.match(await page.evaluate(() => [...window.__canvasText].join(' ')), /goal/, 'the goal tag in English');
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll('loopy-graph')].map((el) => [el.step, el.selected, el.values])),
      before,
      'the step, the selection and the values kept',
    );
  } finally {
    await context.close();
  }
});

test('terms="pn": the graph says N态 / P态 in Chinese and N-position / P-position in English, the draw as before', async () => {
  const { page, context } = await post('zh-CN', 'pn');
  try {
    await stepAndSelect(page);
    await page.evaluate(() => document.getElementById('small').seek(Number.POSITIVE_INFINITY));
    await page.waitForFunction(() => /平局/.test(document.getElementById('small').narration), null, { timeout: TIMEOUT });
    const zh = await graphWords(page);
    assert.match(zh['small legend'], /N态.*P态.*平局/, zh['small legend']);
    assert.match(zh['large counts'], /N态 [\d,]+ · P态 [\d,]+ · 平局 [\d,]+/, zh['large counts']);
    assert.match(zh['small account'], /N态|P态|平局/, zh['small account']);
    assert.doesNotMatch(Object.values(zh).join(' '), /必胜态|必败态/, 'not the wl terms');
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(() => /N-position/.test(document.getElementById('large').shadowRoot.getElementById('counts').textContent), null, {
      timeout: TIMEOUT,
    });
    const en = await graphWords(page);
    assert.match(en['small legend'], /N-position.*P-position.*Draw/, en['small legend']);
    assert.doesNotMatch(`${en['small legend']} ${en['large counts']}`, /\bWin\b|\bLose\b/, 'not the wl terms');
  } finally {
    await context.close();
  }
});
