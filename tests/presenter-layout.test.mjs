// Presenter mode with everything open, and popups that leave what they explain in view: at 1024x768 and 1920x1080 the
// ring's and the graph's pages in presenter mode, with the quiz asking, a state selected and the inspector open, keep the
// drawing wholly on screen and at least 60 % of its height (the side column scrolls on its own); the why popup covers
// neither its state, nor the states its sentences name (where each move leads, from the game's rule: an oracle of its own),
// nor the ring's hole, with the marks' places read from the view's public geometry; on a phone it is a sheet under the
// drawing, which stays in view.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, focusBody, frames, gameQuery, screenshot, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const SAMPLE2 = [8, [2, 3, 4, 6], [3, 6]];
const GRAPH = './graph.html?graph=1-2,2-3,3-1,3-4,4-5,5-6,2-6,1-7,7-8,8-7&goal=6&start=1';

/** The boxes (viewport px) of the element's drawing, side column, popup and the inspector inside it. */
function layoutOf(page, tag) {
  return page.evaluate((tag) => {
    const el = document.querySelector(tag);
    const sr = el.shadowRoot;
    const box = (e) => (e?.getClientRects().length ? e.getBoundingClientRect().toJSON() : null);
    const side = sr.querySelector('.side');
    const popup = sr.querySelector('[part="popup"]');
    const key = tag === 'loopy-graph' ? sr.getElementById('numbers') : sr.querySelector('.legend.compact .note');
    // The legend strip's items, and the open-moves badge of the Undecided swatch (it must touch no other item).
    const items = [...sr.querySelectorAll('.legend.compact .strip .item')].filter((e) => e.getClientRects().length);
    const badge = sr.querySelector('.legend.compact .strip .sw.unk i');
    const others = items.filter((e) => !e.contains(badge)).flatMap((e) => [...e.getClientRects()].map((r) => r.toJSON()));
    // Every word shown in the side column and the inspector slotted into it, with its size.
    const words = [];
    for (const root of [side, document.getElementById('insp-body')]) {
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const e = n.parentElement;
        if (n.textContent.trim() && e.getClientRects().length && !e.closest('[hidden]'))
          words.push({ text: n.textContent.trim().slice(0, 30), size: parseFloat(getComputedStyle(e).fontSize) });
      }
    }
    return {
      words,
      key: box(key),
      keyText: key?.textContent ?? '',
      keySize: key ? parseFloat(getComputedStyle(key).fontSize) : 0,
      badge: box(badge),
      badgeSize: badge ? parseFloat(getComputedStyle(badge).fontSize) : 0,
      others,
      canvas: box(sr.querySelector('canvas')),
      side: box(side),
      sideScrolls: side.scrollHeight > side.clientHeight + 1 && getComputedStyle(side).overflowY !== 'visible',
      popup: popup.hidden ? null : box(popup),
      quiz: box(sr.getElementById('quiz-box')),
      inspector: box(document.getElementById('insp-body')),
    };
  }, tag);
}

/**
 * Presses F and waits until the element presents in the full screen it asked for (the browser grants it a frame or
 * more after the element presents) and has laid itself out at that size (the frame after the resize).
 */
async function presentWithF(page, tag) {
  await page.keyboard.press('f');
  await page.waitForFunction(
    (tag) => {
      const el = document.querySelector(tag);
      return el.presenting && document.fullscreenElement === el;
    },
    tag,
    { timeout: TIMEOUT },
  );
  await frames(page, 3);
}

const inside = (r, width, height) => r.left >= -0.5 && r.top >= -0.5 && r.right <= width + 0.5 && r.bottom <= height + 0.5;

for (const [width, height] of [
  [1024, 768],
  [1920, 1080],
]) {
  for (const [tag, path] of [
    ['loopy-ring', `./index.html${gameQuery(...SAMPLE2, '&g=resolutions')}`],
    ['loopy-graph', GRAPH],
  ]) {
    test(`presenter mode at ${width}x${height} on ${tag}'s page, with the quiz asking, a state selected and the inspector open: the drawing stays wholly on screen and at least 60 % of its height`, async () => {
      const opened = await openPage(browser, path, { viewport: { width, height } });
      const { page } = opened;
      const at = `${tag} ${width}x${height}`;
      try {
        await waitReady(page, { selector: tag });
        await focusBody(page);
        await presentWithF(page, tag);
        // The quiz on (H), then a step: it asks about the state that step decides.
        await page.keyboard.press('h');
        await page.keyboard.press('ArrowRight');
        await waitReady(page, { selector: tag, step: 1 });
        await page.waitForFunction((tag) => document.querySelector(tag)._asking.askedIndex >= 0, tag, { timeout: TIMEOUT });
        // A state selected with its why open, and the inspector's account of it.
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.press('Enter');
        await page.locator(`${tag} [part="popup"]`).waitFor({ state: 'visible' });
        await page.waitForFunction(() => /\S/.test(document.getElementById('insp-body')?.textContent ?? ''), null, { timeout: TIMEOUT });
        await frames(page, 3); // the element lays out what the panels' opening changed in its next frame
        const b = await layoutOf(page, tag);
        await screenshot(page, `presenter-layout-${tag}-${width}x${height}.png`);
        assert.ok(b.quiz && b.inspector, `${at}: the quiz and the inspector show`);
        assert.ok(b.words.length > 20, `${at}: the side column's words are read`);
        for (const w of b.words) assert.ok(w.size >= 0.025 * height - 0.01, `${at}: “${w.text}” is ${w.size} px, at least 2.5 % of the height`);
        assert.ok(inside(b.canvas, width, height), `${at}: the drawing is wholly on screen ${JSON.stringify(b.canvas)}`);
        assert.ok(b.canvas.height >= 0.6 * height, `${at}: the drawing is at least 60 % of the height (${b.canvas.height} px)`);
        assert.ok(inside(b.side, width, height), `${at}: the side column keeps to the screen ${JSON.stringify(b.side)}`);
        assert.ok(b.sideScrolls, `${at}: what the side column holds past the screen scrolls in it`);
        assert.ok(b.popup && inside(b.popup, width, height), `${at}: the why popup is on the screen ${JSON.stringify(b.popup)}`);
        // What the numbers mean, in view: the key line on the screen, as large as the rest, and clear of the popup.
        assert.match(
          b.keyText,
          tag === 'loopy-graph' ? /numbers in the marks are depths/ : /number is how many moves the game lasts/,
          `${at}: the key line`,
        );
        assert.ok(b.key && inside(b.key, width, height), `${at}: the key line is on the screen ${JSON.stringify(b.key)}`);
        assert.ok(b.keySize >= 0.025 * height - 0.01, `${at}: the key line is ${b.keySize} px, at least 2.5 % of the height`);
        assert.ok(!overlaps(b.popup, b.key), `${at}: the popup leaves the key line in view`);
        assert.ok(!overlaps(b.popup, b.quiz), `${at}: the popup leaves the quiz's question in view`);
        // The legend's icons: the Undecided swatch's count as large, touching no other item of the strip.
        assert.ok(b.badge && b.badgeSize >= 0.025 * height - 0.01, `${at}: the legend's count digit is ${b.badgeSize} px`);
        for (const o of b.others)
          assert.ok(!overlaps(b.badge, o), `${at}: the Undecided swatch's count touches another item ${JSON.stringify([b.badge, o])}`);
        assertClean(assert, opened);
      } finally {
        await opened.context.close();
      }
    });
  }
}

/** Whether rectangles { left, top, right, bottom } share more than a sliver. */
const overlaps = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

/**
 * Clicks the mark of state `t` ({ p, pos } or a vertex) where the view draws it, waits for its popup, and returns the
 * popup's box and the boxes of the marks `named` (targets) and of the ring's hole, all in viewport px, from the view's
 * public geometry (pointOf, targetPoint: the marks' centres and radius).
 */
async function popupOver(page, tag, t, named) {
  const at = await page.evaluate(
    ({ tag, t }) => {
      const el = document.querySelector(tag);
      const c = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
      const [x, y] = el._view.pointOf(t);
      return { x: c.left + x, y: c.top + y };
    },
    { tag, t },
  );
  await page.mouse.click(at.x, at.y);
  await page.locator(`${tag} [part="popup"]`).waitFor({ state: 'visible' });
  await frames(page, 2);
  return page.evaluate(
    ({ tag, t, named }) => {
      const el = document.querySelector(tag);
      const view = el._view;
      const c = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
      const rectOf = (u) => {
        const [x, y] = view.pointOf(u);
        const { r } = view.targetPoint(u);
        return { left: c.left + x - r, top: c.top + y - r, right: c.left + x + r, bottom: c.top + y + r };
      };
      const out = {
        popup: el.shadowRoot.querySelector('[part="popup"]').getBoundingClientRect().toJSON(),
        canvas: c.toJSON(),
        own: rectOf(t),
        named: named.map((u) => ({ u, rect: rectOf(u) })),
        selected: el.selected,
      };
      if (tag === 'loopy-ring') {
        // The hole: position 0 across both tracks.
        const [x1, y1] = view.point(0, view.trackR(1));
        const [x2, y2] = view.point(0, view.trackR(2));
        const { r } = view.targetPoint({ p: 1, pos: 1 });
        out.hole = {
          left: c.left + Math.min(x1, x2) - r / 2,
          top: c.top + Math.min(y1, y2) - r,
          right: c.left + Math.max(x1, x2) + r / 2,
          bottom: c.top + Math.max(y1, y2) + r,
        };
      }
      return out;
    },
    { tag, t, named },
  );
}

/** Where the ring game's rule takes state (p, pos): for each step of the player to move, the other player's state, or the hole. */
function ringMoves(n, steps, p, pos) {
  const q = 3 - p;
  const named = [];
  let hole = false;
  for (const s of steps[p - 1]) {
    const j = (pos + s) % n;
    if (j === 0) hole = true;
    else named.push({ p: q, pos: j });
  }
  return { named, hole };
}

for (const [width, height, present] of [
  [1024, 768, true],
  [1280, 800, false],
]) {
  test(`the why popup on a ring of 5 at ${width}x${height}${present ? ' in presenter mode' : ''} covers neither its state, nor the states its sentences name, nor the hole`, async () => {
    const [n, s1, s2] = [5, [1, 2], [1, 3]];
    const opened = await openPage(browser, `./index.html${gameQuery(n, s1, s2)}`, { viewport: { width, height } });
    const { page } = opened;
    try {
      await waitReady(page);
      await focusBody(page);
      if (present) await presentWithF(page, 'loopy-ring');
      await page.keyboard.press('End');
      await page.waitForFunction(() => document.querySelector('loopy-ring').step === document.querySelector('loopy-ring').length, null, {
        timeout: TIMEOUT,
      });
      await waitReady(page);
      await frames(page, 2);
      for (const p of [1, 2])
        for (let pos = 1; pos < n; pos++) {
          const at = `${width}x${height}, player ${p} at ${pos}`;
          const { named, hole } = ringMoves(n, [s1, s2], p, pos);
          const b = await popupOver(page, 'loopy-ring', { p, pos }, named);
          assert.deepEqual(b.selected, { player: p, pos }, `${at}: the click selected it`);
          if (p === 2 && pos === 4) await screenshot(page, `popup-clear-ring5-${width}x${height}.png`);
          assert.ok(inside(b.popup, width, height), `${at}: the popup is on the screen ${JSON.stringify(b.popup)}`);
          assert.ok(!overlaps(b.popup, b.own), `${at}: the popup leaves its own state in view`);
          for (const { u, rect } of b.named)
            assert.ok(!overlaps(b.popup, rect), `${at}: the popup leaves player ${u.p} at ${u.pos} in view, a state it names`);
          assert.ok(!overlaps(b.popup, b.hole), `${at}: the popup leaves the hole in view${hole ? ', which it names' : ''}`);
          // Its × closes it (Esc would leave presenter mode too).
          await page.click('loopy-ring [part="popup"] .close');
          await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'hidden' });
          if (present) assert.ok(await page.evaluate(() => document.querySelector('loopy-ring').presenting), `${at}: still presenting`);
        }
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });
}

/** The canvas texts one fresh frame of the element `selector` draws (recorded by the init script's fillText hook). */
function frameTexts(page, selector) {
  return page.evaluate(async (selector) => {
    const el = document.querySelector(selector);
    const frames = el.frameCount;
    window.__texts = [];
    window.__recording = true;
    el._redraw();
    while (el.frameCount === frames) await new Promise((r) => requestAnimationFrame(r));
    window.__recording = false;
    return window.__texts;
  }, selector);
}
test('the why popup on a graph in presenter mode at 1024x768 leaves the vertex and the vertices it moves to in view', async () => {
  const [width, height] = [1024, 768];
  const edges = [
    [1, 2],
    [2, 3],
    [3, 1],
    [3, 4],
    [4, 5],
    [5, 6],
    [2, 6],
    [1, 7],
    [7, 8],
    [8, 7],
  ];
  const opened = await openPage(browser, GRAPH, { viewport: { width, height } });
  const { page } = opened;
  try {
    await waitReady(page, { selector: 'loopy-graph' });
    await focusBody(page);
    await presentWithF(page, 'loopy-graph');
    await page.keyboard.press('End');
    await waitReady(page, { selector: 'loopy-graph' });
    await frames(page, 2);
    for (const v of [1, 2, 3, 7]) {
      const named = edges.filter(([a]) => a === v).map(([, b]) => b);
      const b = await popupOver(page, 'loopy-graph', v, named);
      assert.ok(inside(b.popup, width, height), `vertex ${v}: the popup is on the screen`);
      assert.ok(!overlaps(b.popup, b.own), `vertex ${v}: the popup leaves the vertex in view`);
      for (const { u, rect } of b.named) assert.ok(!overlaps(b.popup, rect), `vertex ${v}: the popup leaves vertex ${u}, which it names, in view`);
      await page.mouse.click(5, height - 5); // a press outside closes it
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

for (const [tag, path] of [
  ['loopy-ring', `./index.html${gameQuery(...SAMPLE2)}`],
  ['loopy-graph', GRAPH],
]) {
  test(`on a phone (390x844) the why popup of ${tag} is a sheet on the bottom edge that leaves the drawing (and the state it explains) in view`, async () => {
    const [width, height] = [390, 844];
    const opened = await openPage(browser, path, { viewport: { width, height } });
    const { page } = opened;
    try {
      await waitReady(page, { selector: tag });
      await page.locator(`${tag} canvas`).scrollIntoViewIfNeeded();
      const t = tag === 'loopy-ring' ? { p: 2, pos: 4 } : 3;
      const before = await page.evaluate(() => window.scrollY);
      const b = await popupOver(page, tag, t, []);
      await screenshot(page, `popup-sheet-${tag}-${width}x${height}.png`);
      const scrolled = await page.evaluate(() => window.scrollY);
      const canvas = await page.evaluate(
        (tag) => document.querySelector(tag).shadowRoot.querySelector('canvas').getBoundingClientRect().toJSON(),
        tag,
      );
      assert.ok(b.popup.bottom <= height + 0.5 && b.popup.top >= 0, `the sheet is on the screen ${JSON.stringify(b.popup)}`);
      assert.ok(b.popup.bottom >= height - 12, `the sheet sits on the screen's bottom edge ${JSON.stringify(b.popup)}`);
      assert.ok(!overlaps(b.popup, b.own), 'the sheet leaves the state it explains in view');
      // The drawing stays in view above it: all of it where the screen has room under it (the ring); a drawing taller
      // than the screen's room (the graph's, 610 px) keeps at least a third of the screen, with the state explained.
      const seen = Math.min(canvas.bottom, b.popup.top) - Math.max(0, canvas.top);
      if (tag === 'loopy-ring') assert.ok(!overlaps(b.popup, canvas), `the sheet covers none of the drawing ${JSON.stringify([b.popup, canvas])}`);
      else assert.ok(seen >= height / 3, `the drawing stays in view above it (${seen} px of ${canvas.height})`);
      assert.equal(scrolled, before, 'nothing scrolled');
      assert.ok(b.popup.width >= 0.85 * width, `the sheet is as wide as the element (${b.popup.width} px)`);
      // What the numbers mean is said on the phone's screen too, under the drawing (not only inside "Every mark").
      await page.keyboard.press('Escape');
      const key = await page.evaluate((tag) => {
        const sr = document.querySelector(tag).shadowRoot;
        const e = tag === 'loopy-graph' ? sr.getElementById('numbers') : sr.querySelector('.legend.compact .note');
        return { shown: Boolean(e?.getClientRects().length), text: e?.textContent ?? '' };
      }, tag);
      assert.ok(key.shown, `the key line shows on a phone: ${key.text}`);
      assert.match(key.text, /depths|how many moves/);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });
}

/**
 * Records every text the page's canvases fill (`window.__texts`: { text, size, left, top, right, bottom } in the
 * canvas's CSS px: the font's size, and the glyphs' box as measureText gives it) while `window.__recording` is set.
 */
function recordTexts() {
  const P = CanvasRenderingContext2D.prototype;
  const fill = P.fillText;
  window.__texts = [];
  P.fillText = function (text, x, y, ...rest) {
    if (window.__recording && this.canvas.isConnected) {
      const size = parseFloat(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? '0');
      // The glyphs' own box as the context measures it (alignment and baseline included), in CSS px through the view's dpr scale.
      const m = this.measureText(text);
      const t = this.getTransform();
      const dpr = t.a || 1;
      const [cx, cy] = [(t.a * x + t.e) / dpr, (t.d * y + t.f) / dpr];
      window.__texts.push({
        text: String(text),
        size,
        left: cx - m.actualBoundingBoxLeft,
        right: cx + m.actualBoundingBoxRight,
        top: cy - m.actualBoundingBoxAscent,
        bottom: cy + m.actualBoundingBoxDescent,
      });
    }
    return fill.call(this, text, x, y, ...rest);
  };
}

for (const [width, height] of [
  [1024, 768],
  [1920, 1080],
]) {
  test(`presenter mode at ${width}x${height}: every text the graph's canvas draws (SG values, K sets, vertex numbers, the goal's tag, counts) is at least 2.5 % of the height, and none overlaps another`, async () => {
    const opened = await openPage(browser, `${GRAPH}&values=grundy`, {
      viewport: { width, height },
      script: recordTexts,
    });
    const { page } = opened;
    const at = `${width}x${height}`;
    const least = 0.025 * height;
    try {
      await waitReady(page, { selector: 'loopy-graph' });
      await focusBody(page);
      await presentWithF(page, 'loopy-graph');
      for (const step of ['first', 'end']) {
        await page.keyboard.press(step === 'end' ? 'End' : 'ArrowRight');
        await waitReady(page, { selector: 'loopy-graph' });
        await frames(page, 2);
        const texts = await frameTexts(page, 'loopy-graph');
        await screenshot(page, `presenter-graph-texts-${step}-${width}x${height}.png`);
        assert.ok(texts.length >= 8, `${at}, ${step}: the canvas draws its numbers (${texts.length})`);
        if (step === 'end')
          assert.ok(
            texts.some((t) => /^\{.*\}$/.test(t.text)),
            `${at}: a K set is drawn: ${texts.map((t) => t.text).join(' ')}`,
          );
        for (const t of texts)
          assert.ok(t.size >= least - 0.01, `${at}, ${step}: “${t.text}” is ${t.size} px, at least 2.5 % of the height (${least})`);
        for (let i = 0; i < texts.length; i++)
          for (let j = i + 1; j < texts.length; j++)
            assert.ok(
              !overlaps(texts[i], texts[j]),
              `${at}, ${step}: “${texts[i].text}” and “${texts[j].text}” overlap ${JSON.stringify([texts[i], texts[j]])}`,
            );
      }
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });
}

for (const [width, height] of [
  [1920, 1080],
  [1024, 768],
]) {
  test(`presenter mode at ${width}x${height} on a ring of 29: every text the canvas draws is at least 2.5 % of the height, each position is labelled once and no label overlaps another (“0 hole” over “1”)`, async () => {
    const opened = await openPage(browser, './index.html?n=29&s1=2,3,5&s2=1,4&step=6&present=1', {
      viewport: { width, height },
      script: recordTexts,
    });
    const { page } = opened;
    const at = `${width}x${height}`;
    try {
      await waitReady(page, { step: 6 });
      await page.waitForFunction(() => document.querySelector('loopy-ring').presenting, null, { timeout: TIMEOUT });
      await frames(page, 3); // presenting from the URL (no key, so no full screen): laid out in the window the frame after
      const texts = await frameTexts(page, 'loopy-ring');
      await screenshot(page, `presenter-ring29-${width}x${height}.png`);
      assert.ok(
        texts.some((t) => t.text === '0 hole'),
        `${at}: the hole is labelled`,
      );
      const labels = texts.map((t) => t.text).filter((x) => /^\d+$|hole/.test(x));
      assert.ok(labels.length >= 20, `${at}: the positions are labelled: ${labels.join(' ')}`);
      for (const t of texts) assert.ok(t.size >= 0.025 * height - 0.01, `${at}: “${t.text}” is ${t.size} px, at least 2.5 % of the height`);
      const holes = texts.filter((t) => t.text === '0 hole');
      assert.equal(holes.length, 1, `${at}: the hole's label is drawn once`);
      for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++)
          assert.ok(
            !overlaps(texts[i], texts[j]),
            `${at}: “${texts[i].text}” and “${texts[j].text}” overlap ${JSON.stringify([texts[i], texts[j]])}`,
          );
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });
}
