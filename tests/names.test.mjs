// The statement's own names (issue 36): players="先手,后手" (or "Rick,Morty") and hole="黑洞" on <loopy-ring>, players on
// <loopy-graph>, reflected as properties and carried by the pages' URLs and share snippets, said in every sentence, label,
// legend, popup and canvas label of the element in either language, and the catalog's words again once they go.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { openPost, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * Every text of the element `selector` a reader can see or hear, at each of the steps given:
 * its shadow tree's text and labels (hidden panels too), its narration, the popup's account
 * of the selected target, and what its canvas drew (recorded by openPost's canvasText).
 */
async function allTexts(page, selector, steps) {
  await page.evaluate(() => {
    // The selected target as describe() takes it: (player, pos) on a ring, a vertex on a graph.
    window.targetOf = (el) => (el.localName === 'loopy-ring' ? [el.selected.player, el.selected.pos] : [el.selected]);
  });
  const texts = [];
  for (const step of steps) {
    await page.evaluate(({ selector, step }) => document.querySelector(selector).seek(step), { selector, step });
    await waitReady(page, { selector, step });
    // The popup's account of the selected target, once its facts have come from the worker.
    await page.waitForFunction((selector) => document.querySelector(selector).describe(...targetOf(document.querySelector(selector))), selector, {
      timeout: TIMEOUT,
    });
    texts.push(
      await page.evaluate((selector) => {
        const el = document.querySelector(selector);
        const out = [el.narration];
        for (const e of el.shadowRoot.querySelectorAll('*')) {
          if (e.tagName === 'STYLE') continue;
          for (const a of ['aria-label', 'aria-valuetext', 'title']) if (e.hasAttribute(a)) out.push(e.getAttribute(a));
          for (const n of e.childNodes) if (n.nodeType === 3) out.push(n.textContent);
        }
        const d = el.describe(...targetOf(el));
        if (d) out.push(d.title, d.value, d.live, d.best, d.why, ...(d.moves ?? []).map((m) => `${m.text} ${m.title ?? ''}`));
        out.push(...(window.__canvasText ?? []));
        return out.filter(Boolean).join('\n');
      }, selector),
    );
  }
  return texts.join('\n');
}

const RING = (attrs) => `<loopy-ring n="8" s1="2-4,6" s2="3,6" controls="full" selected="1:6" ${attrs}></loopy-ring>`;
const GRAPH = (attrs) => `<loopy-graph graph="1-2,2-3,3-1,3-4,4-5,6-7,7-6" goal="5" start="1" controls="full" selected="3" ${attrs}></loopy-graph>`;

test('a Chinese post names the players 先手 and 后手 and the hole 黑洞: every text of the ring and the graph says them, none says 行动方 or 终止位置', async () => {
  const opened = await openPost(browser, `${RING('players="先手,后手" hole="黑洞"')}${GRAPH('players="先手,后手"')}`, {
    name: '__names-zh.html',
    lang: 'zh-CN',
    canvasText: true,
  });
  const { page } = opened;
  try {
    assert.deepEqual(
      await page.evaluate(() => {
        const r = document.querySelector('loopy-ring');
        const g = document.querySelector('loopy-graph');
        return [r.players, r.hole, g.players];
      }),
      ['先手,后手', '黑洞', '先手,后手'],
      'reflected as properties',
    );
    const ring = await allTexts(page, 'loopy-ring', [3, 6, 20]);
    assert.match(ring, /轮到先手/);
    assert.match(ring, /后手/);
    assert.match(ring, /0 黑洞/, 'the canvas labels the hole by its name');
    assert.match(ring, /黑洞（位置 0）/);
    assert.doesNotMatch(ring, /行动方 ?[12]|终止位置/);
    assert.doesNotMatch(ring, /先手 |后手 /, 'no space between a Chinese name and the Chinese around it');
    const graph = await allTexts(page, 'loopy-graph', [2, 8]);
    assert.match(graph, /先手可以必胜/, 'the legend');
    assert.match(graph, /后手/);
    assert.doesNotMatch(graph, /当前行动方|对手/);
    // The names go: the catalog's words again, the step kept.
    await page.evaluate(() => {
      const r = document.querySelector('loopy-ring');
      r.players = null;
      r.removeAttribute('hole');
    });
    await page.waitForFunction(
      () => document.querySelector('loopy-ring').shadowRoot.getElementById('ring-help').textContent.includes('行动方 1'),
      null,
      {
        timeout: TIMEOUT,
      },
    );
    assert.match(
      await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.getElementById('ring-help').textContent),
      /终止位置（位置 0）/,
    );
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').step), 20);
  } finally {
    await opened.context.close();
  }
});

test('an English post names the players Rick and Morty and the hole "the black hole": every text says them, a sentence opens with a capital', async () => {
  const opened = await openPost(browser, `${RING('players="Rick,Morty" hole="the black hole"')}${GRAPH('players="Rick, Morty"')}`, {
    name: '__names-en.html',
    lang: 'en',
    canvasText: true,
  });
  const { page } = opened;
  try {
    const ring = await allTexts(page, 'loopy-ring', [3, 6, 20]);
    assert.match(ring, /Outer ring: Rick to move\. Inner ring: Morty to move\. The black hole \(position 0\)/);
    assert.match(ring, /Rick to move, token at 6/, 'the popup’s title');
    assert.doesNotMatch(ring, /player [12]|the hole/i);
    const graph = await allTexts(page, 'loopy-graph', [2, 8]);
    assert.match(graph, /Rick can force a win/);
    assert.doesNotMatch(graph, /the player to move|the opponent/i);
    // One name, or the same name twice, is not a pair of names: the catalog's words stay.
    await page.evaluate(() => {
      document.querySelector('loopy-ring').players = 'Rick';
    });
    await page.waitForFunction(
      () => document.querySelector('loopy-ring').shadowRoot.getElementById('ring-help').textContent.includes('player 1'),
      null,
      {
        timeout: TIMEOUT,
      },
    );
  } finally {
    await opened.context.close();
  }
});

test('the ring page takes players= and hole= from its URL: its summary and play panel say them, its share link and snippet carry them', async () => {
  const opened = await openPage(
    browser,
    `./?n=8&s1=2-4,6&s2=3,6&lang=zh-CN&players=${encodeURIComponent('先手,后手')}&hole=${encodeURIComponent('黑洞')}`,
  );
  const { page } = opened;
  try {
    await waitReady(page);
    assert.match(await page.textContent('#game-summary'), /先手的步长 \{2–4, 6\} · 后手的步长 \{3, 6\}/);
    assert.match(await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.getElementById('ring-help').textContent), /轮到先手/);
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-dialog').open && document.getElementById('share-element').value, null, {
      timeout: TIMEOUT,
    });
    const element = await page.inputValue('#share-element');
    assert.match(element, / players="先手,后手" hole="黑洞"/);
    assert.match(await page.inputValue('#share-link'), /players=%E5%85%88%E6%89%8B,%E5%90%8E%E6%89%8B&hole=%E9%BB%91%E6%B4%9E/);
    assert.match(decodeURIComponent(new URL(page.url()).search), /players=先手,后手&hole=黑洞/, 'the address bar keeps them');
    await page.keyboard.press('Escape');
    await page.click('#play-open');
    await page.waitForSelector('#play-start', { timeout: TIMEOUT });
    const panel = await page.evaluate(
      () => document.getElementById('play-start').closest('section, dialog, div.panel, aside')?.textContent ?? document.body.textContent,
    );
    assert.match(panel, /先手（外圈）/, 'the play panel');
    assert.doesNotMatch(panel, /行动方/);
  } finally {
    await opened.context.close();
  }
});

test('the graph page takes players= from its URL: its element says them, its share snippet carries them', async () => {
  const opened = await openPage(browser, `./graph.html?lang=zh-CN&players=${encodeURIComponent('先手,后手')}`);
  const { page } = opened;
  try {
    await waitReady(page, { selector: 'loopy-graph' });
    assert.equal(await page.evaluate(() => document.querySelector('loopy-graph').players), '先手,后手');
    // The popup's account of a vertex names the player to move and the opponent.
    const account = await page.waitForFunction(
      () => {
        const d = document.querySelector('loopy-graph').describe(1);
        return d && [d.value, d.why, d.best, ...(d.moves ?? []).map((m) => m.text)].join(' ');
      },
      null,
      { timeout: TIMEOUT },
    );
    const text = await account.jsonValue();
    assert.match(text, /先手|后手/, text);
    assert.doesNotMatch(text, /当前行动方|对手/, text);
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-dialog').open && document.getElementById('share-element').value, null, {
      timeout: TIMEOUT,
    });
    assert.match(await page.inputValue('#share-element'), / players="先手,后手"/);
    assert.doesNotMatch(await page.inputValue('#share-element'), / hole=/, 'a graph has no hole');
  } finally {
    await opened.context.close();
  }
});
