// The element core's words (issue 20): on a zh-CN post the controls, the core's lines of the keys list, the legend, the popup's frame, the quiz and the glossary link of both elements are Chinese, and English again, with the step and selection kept, after <html lang="en">; the type is the post's.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, TIMEOUT } from './browser.mjs';
import { openPost, screenshot } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const RING = '<loopy-ring n="8" s1="2-4,6" s2="3,6" controls="full" step="6" selected="1:2"></loopy-ring>';
const GRAPH = '<loopy-graph graph="1-2,2-3,3-1,3-4,4-5" controls="full"></loopy-graph>';
const HAN = /[\u4e00-\u9fff]/;

/** A post in `lang` holding `body` (the elements' modules from the test server), its font `font`. */
async function post(body, { lang = 'zh-CN', viewport, font = '"Noto Serif CJK SC", serif' } = {}) {
  const head = `<title>博弈论</title><style>body { font-family: ${font}; margin: 8px; }</style>`;
  return openPost(browser, body, { name: '__words-post.html', lang, head, viewport });
}

/**
 * What the core says in element `tag`: every text and label of its controls, its keys
 * list's lines (by key), its legend's names and titles, its popup's frame (none until a
 * popup first opens: element/popup.js comes then), its quiz panel and its glossary link.
 */
function coreWords(page, tag) {
  return page.evaluate((tag) => {
    const el = document.querySelector(tag);
    const r = el.shadowRoot;
    const texts = (root) => {
      const out = [];
      if (!root) return out;
      for (const e of [root, ...root.querySelectorAll('*')]) {
        // (a quiz's question names its target in the element's own words)
        if (e.tagName === 'svg' || e.tagName === 'path' || e.classList.contains('quiz-q')) continue;
        for (const a of ['aria-label', 'aria-valuetext', 'title']) if (e.hasAttribute(a)) out.push(e.getAttribute(a));
        for (const n of e.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
      }
      return out;
    };
    const keys = Object.fromEntries([...r.querySelectorAll('.keys-box dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]));
    const popup = r.querySelector('.popup');
    const jump = popup.querySelector('.jump');
    return {
      controls: texts(r.querySelector('.controls')),
      keys,
      keysBox: [
        r.querySelector('.keys-box').getAttribute('aria-label'),
        r.querySelector('.keys-box strong').textContent,
        r.querySelector('.keys-box .hint').textContent,
      ],
      legend: [...r.querySelectorAll('.legend .item')].map((i) => [i.className.replace('item ', ''), i.lastChild.textContent.trim(), i.title]),
      fullLegend: [...r.querySelectorAll('.legend.full li')].map((li) => [li.className, li.textContent.trim()]),
      popup: jump ? [popup.getAttribute('aria-label'), popup.querySelector('.close').getAttribute('aria-label'), jump.textContent, jump.title] : [],
      popupOpen: !popup.hidden,
      quiz: texts(r.querySelector('.quiz')),
      term: [r.getElementById('term').textContent, r.getElementById('term').href],
      step: el.step,
      selected: el.selected ?? null,
    };
  }, tag);
}

/** The words of `list` with English in them (key names and BFS let through). */
const english = (list) => list.filter((s) => /[A-Za-z]{2,}/.test(s.replace(/\b(Space|Esc|Shift|BFS)\b/g, '')));

/** The keys list's lines the core writes (the others are the element's own). */
const CORE_KEYS = ['Space', '← →', 'Home End', '+ −', 'G, Shift + G', 'Enter', 'J', 'H', 'Z, Shift + Z, 0', '?'];

test('a zh-CN post: the core’s controls, keys list, legend, popup frame, quiz and glossary link are Chinese in both elements; English again after <html lang="en">, the step and selection kept', async () => {
  const opened = await post(RING.replace('<loopy-ring', '<loopy-ring quiz') + GRAPH);
  const { page } = opened;
  try {
    // The popup of the selected state open (Enter on the canvas), to be re-worded open.
    await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.querySelector('canvas').focus());
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('loopy-ring').shadowRoot.querySelector('.popup .jump'), null, { timeout: TIMEOUT });
    const zh = {};
    for (const tag of ['loopy-ring', 'loopy-graph']) {
      const w = await coreWords(page, tag);
      zh[tag] = w;
      assert.deepEqual(english(w.controls), [], `${tag}: the controls in Chinese`);
      assert.ok(
        w.controls.some((s) => s === '播放'),
        `${tag}: the play button says 播放`,
      );
      for (const k of CORE_KEYS) assert.match(w.keys[k], HAN, `${tag}: the line of ${k} in Chinese`);
      assert.deepEqual(english(w.keysBox), [], `${tag}: the keys box in Chinese`);
      assert.deepEqual(english(w.popup), [], `${tag}: the popup's frame in Chinese`);
      assert.match(w.term[0], HAN);
      assert.match(w.term[1], /rules\.zh-CN\.html/, `${tag}: the glossary link goes to the Chinese rules page`);
    }
    // The ring's legend is the core's own, every line; the graph's shares its Lose, Undecided and flag lines.
    const ring = zh['loopy-ring'];
    assert.ok(ring.popupOpen, 'the popup is open');
    assert.equal(ring.popup[2], '显示它何时被确定');
    assert.deepEqual(
      ring.legend.map(([cls, name]) => [cls, name]),
      [
        ['win', '必胜态'],
        ['lose', '必败态'],
        ['loop', '循环'],
        ['unk', '未确定'],
        ['flag', '你的答案不同'],
      ],
    );
    for (const [cls, text] of ring.fullLegend) assert.doesNotMatch(text, /[A-Za-z]{2,}/, `ring legend ${cls}`);
    const graphLegend = Object.fromEntries(zh['loopy-graph'].legend.map(([cls, name]) => [cls, name]));
    assert.equal(graphLegend.lose, '必败态');
    assert.equal(graphLegend.unk, '未确定');
    assert.deepEqual(english(ring.quiz), [], 'the quiz panel in Chinese');
    assert.ok(ring.quiz.includes('还没有回答。'));

    // Back to English: the very words of before issue 20, the game, step and selection kept.
    const before = { ring: ring.step, graph: zh['loopy-graph'].step, sel: ring.selected };
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(
      () => document.querySelector('loopy-ring').shadowRoot.getElementById('term').textContent === 'What does this mean?',
      null,
      {
        timeout: TIMEOUT,
      },
    );
    for (const tag of ['loopy-ring', 'loopy-graph']) {
      const w = await coreWords(page, tag);
      for (const s of [...w.controls, ...Object.values(w.keys), ...w.keysBox, ...w.popup, ...w.quiz, w.term[0]])
        assert.doesNotMatch(s, HAN, `${tag}: English again: ${s}`);
      assert.ok(w.controls.includes('Play'));
      assert.equal(w.keys.Space, 'play or pause (a focused button or list keeps Space for itself)');
      assert.match(w.term[1], /\/rules\.html#/);
    }
    const en = await coreWords(page, 'loopy-ring');
    assert.deepEqual(
      en.legend.map(([cls, name, title]) => [cls, name, title]),
      [
        ['win', 'Win', 'Win (circle): the player to move can force a win; the number is how many moves the game lasts.'],
        ['lose', 'Lose', 'Lose (square): every move hands the opponent a win; the number is how many moves the game lasts.'],
        ['loop', 'Loop', 'Loop (diamond, ∞): no one can force a win, so the game never ends.'],
        ['unk', 'Undecided', 'Not decided yet (grey): the small number counts its moves still open.'],
        [
          'flag',
          'Your answer differs',
          'Green ring and ✗: a checked answer gives another word here; the popup says which, and why it is not the value.',
        ],
      ],
    );
    assert.ok(en.quiz.includes('No answers yet.'));
    assert.ok(en.popupOpen, 'the popup stays open');
    assert.deepEqual(en.popup, ['Why this value', 'Close', 'Show when it is decided', 'Jump to the step where it is decided (J)']);
    assert.ok(en.controls.includes('6 of 63') || en.controls.some((s) => /^\d+ of \d+$/.test(s)), 'the counter in English');
    assert.equal(en.step, before.ring, 'the ring’s step kept');
    assert.equal((await coreWords(page, 'loopy-graph')).step, before.graph, 'the graph’s step kept');
    assert.deepEqual(en.selected, before.sel, 'the selection kept');
  } finally {
    await opened.context.close();
  }
});

test('terms="pn": the core’s legend and quiz say N-position / P-position in English, N态 / P态 in Chinese', async () => {
  const opened = await post(RING.replace('<loopy-ring', '<loopy-ring terms="pn" quiz'));
  const { page } = opened;
  try {
    const zh = await coreWords(page, 'loopy-ring');
    assert.deepEqual(
      zh.legend.slice(0, 2).map(([, name]) => name),
      ['N态', 'P态'],
    );
    assert.ok(zh.quiz.includes('N态（N）') && zh.quiz.includes('P态（P）'), 'the quiz keys are N and P under terms="pn"');
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(
      () => document.querySelector('loopy-ring').shadowRoot.getElementById('term').textContent === 'What does this mean?',
      null,
      {
        timeout: TIMEOUT,
      },
    );
    const en = await coreWords(page, 'loopy-ring');
    assert.deepEqual(
      en.legend.slice(0, 2).map(([, name]) => name),
      ['N-position', 'P-position'],
    );
    assert.ok(en.quiz.includes('N-position (N)') && en.quiz.includes('P-position (P)'));
  } finally {
    await opened.context.close();
  }
});

test('the element writes in the post’s type: its font is the page’s unless --loopy-font says another', async () => {
  const opened = await post(`${RING}<loopy-ring n="5" s1="2,3" s2="1,2,3" id="own" style="--loopy-font: monospace"></loopy-ring>`);
  const { page } = opened;
  try {
    const fonts = await page.evaluate(() =>
      [...document.querySelectorAll('loopy-ring')].map((el) => getComputedStyle(el.shadowRoot.querySelector('.narration')).fontFamily),
    );
    assert.equal(fonts[0], '"Noto Serif CJK SC", serif', 'the post’s font');
    assert.equal(fonts[1], 'monospace', '--loopy-font overrides it');
  } finally {
    await opened.context.close();
  }
});

test('screenshots: a Chinese post in compact mode at 640×460 and 360×420 and in presenter mode, the side fits its box', async () => {
  const compact = (s) => s.replace('controls="full"', 'controls="compact"');
  for (const [name, viewport, body] of [
    ['words-zh-640.png', { width: 640, height: 460 }, compact(RING)],
    ['words-zh-360.png', { width: 360, height: 420 }, compact(RING)],
    ['words-zh-graph-360.png', { width: 360, height: 420 }, compact(GRAPH)],
    ['words-zh-present.png', { width: 1920, height: 1080 }, RING.replace('controls="full"', 'present')],
  ]) {
    const opened = await post(body, { viewport, font: 'sans-serif' });
    try {
      const tag = body.includes('loopy-ring') ? 'loopy-ring' : 'loopy-graph';
      // The options menu open, so that its Chinese is seen wrapped too.
      await opened.page.evaluate((tag) => {
        const menu = document.querySelector(tag).shadowRoot.querySelector('details.menu');
        if (menu) menu.open = true;
      }, tag);
      // Its options come with its first opening (element/options.js).
      await opened.page.waitForFunction(
        (tag) => {
          const sr = document.querySelector(tag).shadowRoot;
          return !sr.querySelector('details.menu') || sr.querySelector('details.menu #speed');
        },
        tag,
        { timeout: TIMEOUT },
      );
      // Nothing of the side reaches past the element's box (CJK text wraps).
      const over = await opened.page.evaluate((tag) => {
        const el = document.querySelector(tag);
        const box = el.getBoundingClientRect();
        return [...el.shadowRoot.querySelectorAll('.side *')]
          .filter((e) => e.getClientRects().length && !e.closest('details:not([open]) > :not(summary)'))
          .filter((e) => e.getBoundingClientRect().right > box.right + 1)
          .map((e) => `${e.tagName} ${e.textContent.slice(0, 30)}`);
      }, tag);
      assert.deepEqual(over, [], `${name}: nothing wider than the element`);
      await screenshot(opened.page, name, true);
    } finally {
      await opened.context.close();
    }
  }
});
