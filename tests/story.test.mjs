// Browser tests of <loopy-story> (www/loopy-story.js) on the example post www/examples/story.html: scrolled to each paragraph in
// turn and back, the figure shows the paragraph's step, selection and granularity and stays in view, at 1280×800 and 390×844;
// it animates through the steps between (jumps under reduced motion); the reader's own controls work between paragraphs; each
// paragraph is announced once; axe and the strict CSP are clean; printing gives a picture per paragraph; without JavaScript the
// text and the fallback show. The story writer on the ring page and on the graph page: its output, pasted into a fresh page or
// shown in its iframe, reproduces each paragraph's view.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeViolations, BASE_URL, CSP_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, screenshot } from './page-helpers.mjs';

const POST = './examples/story.html';

/**
 * What each paragraph of the post asks for, written out by hand from its data-loopy text (the
 * oracle: not read back from the element): the step ('end': the figure's length), the selection
 * (null: none) and the granularity, each carried over from the paragraphs before when not given.
 */
const STORIES = {
  'ring-story': [
    { step: 0, selected: null, g: 'events' },
    { step: 6, selected: '1:2', g: 'events' },
    { step: 12, selected: '2:4', g: 'events', caption: 'Player 2 at position 4: look at what each move leads to.' },
    { step: 2, selected: '2:4', g: 'layers' },
    { step: 'end', selected: '1:1', g: 'layers' },
  ],
  'graph-story': [
    { step: 0, selected: null, g: 'events' },
    { step: 3, selected: '3', g: 'events' },
    { step: 'end', selected: '1', g: 'resolutions' },
  ],
};

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Speeds both figures up (their own `speed` attribute: the story animates at the element's speed). */
async function fast(page, speed = 60) {
  await page.evaluate(async (speed) => {
    for (const s of document.querySelectorAll('loopy-story')) s.firstElementChild.setAttribute('speed', String(speed));
  }, speed);
}

/** Scrolls paragraph `k` of story `id` to the middle of the viewport. */
function scrollTo(page, id, k) {
  return page.evaluate(
    ({ id, k }) => document.querySelectorAll(`#${id} > [data-loopy]`)[k].scrollIntoView({ block: 'center', behavior: 'instant' }),
    { id, k },
  );
}

/** Waits until story `id`'s figure shows `want` and is idle; returns what it shows. */
async function waitView(page, id, want) {
  await page.waitForFunction(
    ({ id, want }) => {
      const fig = document.getElementById(id).figure;
      if (fig?.state !== 'ready' || fig.playing || !fig.view) return false;
      const step = want.step === 'end' ? fig.length : want.step;
      return fig.step === step && fig.view.g === want.g;
    },
    { id, want },
    { timeout: TIMEOUT },
  );
  return page.evaluate((id) => {
    const fig = document.getElementById(id).figure;
    const sel = fig.selected;
    const canvas = fig.shadowRoot.querySelector('canvas').getBoundingClientRect();
    const box = fig.getBoundingClientRect();
    const caption = document.getElementById(id).shadowRoot.querySelector('.caption');
    return {
      step: fig.step,
      length: fig.length,
      g: fig.view.g,
      values: fig.view.values ?? null,
      selected: sel === null ? null : typeof sel === 'object' ? `${sel.player}:${sel.pos}` : String(sel),
      canvas: { top: canvas.top, bottom: canvas.bottom, left: canvas.left, right: canvas.right },
      box: { top: box.top, bottom: box.bottom },
      vh: innerHeight,
      vw: innerWidth,
      caption: caption.hidden ? null : caption.textContent,
    };
  }, id);
}

/** Asserts that story `id` shows paragraph `k`'s view (`got`) with its picture in the viewport. */
function assertView(id, k, got, size) {
  const want = STORIES[id][k];
  const where = `${id}, paragraph ${k + 1}, at ${size}`;
  assert.equal(got.step, want.step === 'end' ? got.length : want.step, `${where}: the step`);
  assert.equal(got.g, want.g, `${where}: the granularity`);
  assert.equal(got.selected, want.selected, `${where}: the selection`);
  assert.equal(got.caption, want.caption ?? null, `${where}: the caption`);
  const c = got.canvas;
  assert.ok(
    c.top >= -1 && c.bottom <= got.vh + 1 && c.left >= -1 && c.right <= got.vw + 1,
    `${where}: the picture is in the viewport (${JSON.stringify(c)})`,
  );
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`scrolled to each paragraph and back, each figure shows the paragraph's view and stays in view (${width}×${height})`, async () => {
    const opened = await openPage(browser, POST, { viewport: { width, height } });
    const { page, context } = opened;
    try {
      await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-ring') && customElements.get('loopy-graph'));
      await fast(page);
      for (const id of Object.keys(STORIES)) {
        const n = STORIES[id].length;
        const order = [...Array(n).keys(), ...[...Array(n - 1).keys()].reverse()];
        for (const k of order) {
          await scrollTo(page, id, k);
          assertView(id, k, await waitView(page, id, STORIES[id][k]), `${width}×${height}`);
          if (k === 2) {
            // Mid-scroll: the next paragraph half way up, the figure still showing this one's view.
            await page.evaluate(() => scrollBy(0, Math.round(innerHeight * 0.2)));
            await screenshot(page, `story-${id}-${width}.png`);
            await page.evaluate(() => scrollBy(0, -Math.round(innerHeight * 0.2)));
          }
        }
      }
      assertClean(assert, opened);
    } finally {
      await context.close();
    }
  });
}

test("show(k) called as a story is added holds: the story's first look at its reading line is not a scroll and does not undo it", async () => {
  const opened = await openPage(browser, POST, { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-ring'));
    // A story added at the top of the page, its first paragraph taller than the viewport (so
    // the reading line is in it), shown at its last paragraph in the same task, before its
    // line's observer has reported anything.
    await page.evaluate(() => {
      const story = document.createElement('loopy-story');
      story.id = 'late-story';
      const ring = document.querySelector('#ring-story loopy-ring').cloneNode(false);
      ring.removeAttribute('id');
      ring.setAttribute('slot', 'figure');
      ring.setAttribute('speed', '60');
      story.append(ring);
      for (const [text, settings] of [
        ['First.', 'step=0'],
        ['Last.', 'step=end'],
      ]) {
        const p = document.createElement('p');
        p.dataset.loopy = settings;
        p.textContent = text;
        if (settings === 'step=0') p.style.minHeight = '200vh';
        story.append(p);
      }
      document.body.prepend(story);
      story.show(1);
    });
    await page.waitForFunction(() => document.getElementById('late-story').figure?.state === 'ready', null, { timeout: TIMEOUT });
    // Two frames and a moment: the line's observer has reported by then.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
    assert.equal(await page.evaluate(() => document.getElementById('late-story').at), 1, 'the story still shows the paragraph it was told to');
    await page.waitForFunction(
      () => {
        const fig = document.getElementById('late-story').figure;
        return fig.state === 'ready' && !fig.playing && fig.length > 0 && fig.step === fig.length;
      },
      null,
      { timeout: TIMEOUT },
    );
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('a paragraph animates the figure through the steps between at its speed; under reduced motion it jumps', async () => {
  for (const reduced of [false, true]) {
    const opened = await openPage(browser, POST, { viewport: { width: 1280, height: 800 } });
    const { page, context } = opened;
    try {
      if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-ring'));
      await fast(page, 30);
      await scrollTo(page, 'ring-story', 0);
      await waitView(page, 'ring-story', STORIES['ring-story'][0]);
      await page.evaluate(() => {
        window.steps = [];
        document.getElementById('ring-story').figure.addEventListener('loopy-step', (e) => window.steps.push(e.detail.step));
      });
      await scrollTo(page, 'ring-story', 2);
      await waitView(page, 'ring-story', STORIES['ring-story'][2]);
      const steps = await page.evaluate(() => window.steps);
      if (reduced) assert.deepEqual(steps, [12], 'under reduced motion the figure jumps to the step');
      else {
        assert.ok(steps.length >= 6, `the figure passes the steps between (${steps})`);
        assert.deepEqual(
          steps,
          [...steps].sort((a, b) => a - b),
          'forwards',
        );
        assert.equal(steps.at(-1), 12);
      }
      assertClean(assert, opened);
    } finally {
      await context.close();
    }
  }
});

test('the reader stays in control: the figure controls work between paragraphs, and the next paragraph takes over', async () => {
  const opened = await openPage(browser, POST, { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-ring'));
    await fast(page);
    await scrollTo(page, 'ring-story', 1);
    await waitView(page, 'ring-story', STORIES['ring-story'][1]);
    // The reader steps on with the figure's own keys.
    await page.evaluate(() => document.getElementById('ring-story').figure.shadowRoot.querySelector('canvas').focus());
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.getElementById('ring-story').figure.step === 8);
    // Nothing takes it back while the same paragraph is at the middle (a small scroll).
    await page.evaluate(() => scrollBy(0, 10));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.evaluate(() => document.getElementById('ring-story').figure.step), 8, 'the reader keeps the step');
    await scrollTo(page, 'ring-story', 2);
    assertView('ring-story', 2, await waitView(page, 'ring-story', STORIES['ring-story'][2]), '1280×800');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('each paragraph is announced once in the figure live region', async () => {
  const opened = await openPage(browser, POST, { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-ring'));
    await fast(page);
    await scrollTo(page, 'ring-story', 0);
    await waitView(page, 'ring-story', STORIES['ring-story'][0]);
    // The first paragraph's own announcement comes once its view is applied, which can be after the figure already
    // shows that view (step 0 at load): it is said before the counting starts.
    await page.waitForFunction(() =>
      /^The figure goes to step 0 of \d+\.$/.test(
        document.getElementById('ring-story').figure.shadowRoot.querySelector('.sr[aria-live]').textContent,
      ),
    );
    await page.evaluate(() => {
      const live = document.getElementById('ring-story').figure.shadowRoot.querySelector('.sr[aria-live]');
      window.said = [];
      new MutationObserver(() => window.said.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
    });
    for (const k of [1, 2, 3]) {
      await scrollTo(page, 'ring-story', k);
      await waitView(page, 'ring-story', STORIES['ring-story'][k]);
    }
    const said = await page.evaluate(() => window.said);
    assert.equal(said.length, 3, `one announcement a paragraph: ${JSON.stringify(said)}`);
    assert.equal(said[1], STORIES['ring-story'][2].caption, 'a paragraph with a caption says its caption');
    assert.match(said[0], /^The figure goes to step 6 of \d+\.$/);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('the post is axe clean with both stories at work', async () => {
  const opened = await openPage(browser, POST, { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-graph'));
    await fast(page);
    for (const id of Object.keys(STORIES)) {
      await scrollTo(page, id, 1);
      await waitView(page, id, STORIES[id][1]);
    }
    assert.deepEqual(await axeViolations(page), []);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('under the strict CSP (as a header): no violation while both stories are read', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
    });
    const res = await page.goto(new URL(POST, CSP_URL).href);
    assert.match(res.headers()['content-security-policy'] || '', /style-src 'self'/, 'the server sends the policy as a header');
    await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-graph'));
    await fast(page);
    for (const id of Object.keys(STORIES)) {
      for (const k of STORIES[id].keys()) {
        await scrollTo(page, id, k);
        await waitView(page, id, STORIES[id][k]);
      }
    }
    assert.deepEqual(await page.evaluate(() => window.violations), []);
  } finally {
    await context.close();
  }
});

test('printed with the post’s button (preparePrint(), then print()), each paragraph comes with a picture of its view; on screen the pictures are hidden', async () => {
  const opened = await openPage(browser, POST, { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => customElements.get('loopy-story') && customElements.get('loopy-graph'));
    for (const id of Object.keys(STORIES)) {
      await scrollTo(page, id, 0);
      await waitView(page, id, STORIES[id][0]);
    }
    // Printing is near: the post's print button has every story draw its pictures (not before:
    // issue 37), then prints (the browser's print counted here, not run).
    await page.evaluate(() => {
      window.__printed = 0;
      window.print = () => window.__printed++;
    });
    await page.click('#print-stories');
    await page.waitForFunction(() => window.__printed === 1, null, { timeout: TIMEOUT });
    const count = (id) =>
      page.evaluate(
        (id) => [...document.getElementById(id).shadowRoot.querySelectorAll('.print')].filter((c) => !c.hidden && c.width > 0).length,
        id,
      );
    for (const id of Object.keys(STORIES)) {
      await page.waitForFunction(
        (id) => [...document.getElementById(id).shadowRoot.querySelectorAll('.print')].every((c) => !c.hidden && c.width > 0),
        id,
        {
          timeout: TIMEOUT,
        },
      );
      assert.equal(await count(id), STORIES[id].length, `${id}: one picture a paragraph`);
    }
    const shown = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('loopy-story')]
            .flatMap((s) => [...s.shadowRoot.querySelectorAll('.print')])
            .filter((i) => i.getBoundingClientRect().height > 0).length,
      );
    assert.equal(await shown(), 0, 'on screen no picture shows');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await shown(), STORIES['ring-story'].length + STORIES['graph-story'].length, 'printed, every picture shows');
    const figures = await page.evaluate(() => [...document.querySelectorAll('loopy-story')].map((s) => s.figure.getBoundingClientRect().height));
    assert.deepEqual(figures, [0, 0], 'printed, the live figures are left out');
    await screenshot(page, 'story-print-1280.png', true);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('without JavaScript the post is the text with each figure fallback content', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(new URL(POST, BASE_URL).href);
    const text = await page.evaluate(() => document.body.textContent);
    assert.match(text, /At the start nothing is known except the hole/);
    assert.match(text, /Without JavaScript the figure cannot be drawn/);
    assert.match(text, /A game on a graph with five vertices/);
    await screenshot(page, 'story-nojs-390.png');
  } finally {
    await context.close();
  }
});

/**
 * The story writer's output reproduces its views: its HTML (`markup`) pasted into a fresh post on
 * the same site, then its iframe page (`iframe`), each scrolled to every paragraph in turn and back,
 * shows paragraph k's view as the teacher saw it when adding it (`want[k]`: step, granularity,
 * selection, and the numbers in the marks when given) and paragraph k's text (`plan[k].text`).
 */
async function assertPastedViews(context, markup, iframe, want, plan) {
  const fresh = await context.newPage();
  const url = new URL('./examples/pasted-story.html', BASE_URL).href;
  await fresh.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A pasted story</title><link rel="icon" href="../favicon.svg"><link rel="stylesheet" href="story.css"></head><body><article>${markup.replace('<loopy-story>', '<loopy-story id="pasted">')}</article></body></html>`,
    }),
  );
  const n = want.length;
  const order = [...Array(n).keys(), ...[...Array(n - 1).keys()].reverse()];
  for (const address of [url, /src="([^"]+)"/.exec(iframe)[1].replaceAll('&amp;', '&')]) {
    await fresh.goto(address);
    await fresh.waitForFunction(() => document.querySelector('loopy-story')?.figure && customElements.get('loopy-story'));
    await fresh.evaluate(() => {
      const s = document.querySelector('loopy-story');
      s.id = 'pasted';
      s.figure.setAttribute('speed', '60');
    });
    for (const k of order) {
      await scrollTo(fresh, 'pasted', k);
      const got = await waitView(fresh, 'pasted', want[k]);
      const where = `${address}: paragraph ${k + 1}`;
      assert.equal(got.step, want[k].step, `${where}, the step`);
      assert.equal(got.g, want[k].g, `${where}, the granularity`);
      assert.equal(got.selected, want[k].selected, `${where}, the selection`);
      if (want[k].values) assert.equal(got.values, want[k].values, `${where}, the numbers in the marks`);
    }
    const texts = await fresh.evaluate(() => [...document.querySelectorAll('loopy-story > p[data-loopy]')].map((p) => p.textContent));
    assert.deepEqual(
      texts,
      plan.map((p) => p.text),
      `${address}: the paragraphs' texts`,
    );
  }
}

test('the story writer on the ring page: its HTML pasted into a fresh page, and its iframe page, reproduce each paragraph view', async () => {
  const opened = await openPage(browser, './?n=8&s1=2-4,6&s2=3,6', { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
    await page.click('#story-open');
    await page.waitForSelector('#story-add');
    // What the teacher does: a granularity, a step, a selection; then the paragraph. The view recorded here is the oracle.
    const plan = [
      { g: 'events', step: 5, sel: [1, 3], text: 'First, the positions next to the hole.' },
      { g: 'events', step: 20, sel: null, text: 'Then the search goes on, <b>not bold</b> & safe.' },
      { g: 'layers', step: 3, sel: [2, 5], text: "At layer 3, player 2's position 5." },
    ];
    const want = [];
    for (const p of plan) {
      await page.evaluate(async ({ g, step, sel }) => {
        const ring = document.querySelector('loopy-ring');
        ring.setAttribute('granularity', g);
        await ring.settled();
        ring.seek(step);
        ring.select(sel ? sel[0] : null, sel ? sel[1] : undefined);
      }, p);
      await page.waitForFunction(
        (step) => document.querySelector('loopy-ring').step === step && document.querySelector('loopy-ring').state === 'ready',
        p.step,
      );
      want.push({ step: p.step, g: p.g, selected: p.sel ? p.sel.join(':') : null });
      await page.fill('#story-text', p.text);
      await page.click('#story-add');
    }
    const markup = await page.inputValue('#story-html');
    const iframe = await page.inputValue('#story-iframe');
    assert.equal((markup.match(/<p data-loopy=/g) || []).length, plan.length, markup);
    assert.match(markup, /&lt;b&gt;not bold&lt;\/b&gt; &amp; safe/, 'the text is escaped');
    // The preview shows the story as a post would.
    await page.click('#story-preview-open');
    await page.waitForFunction(() => document.querySelector('#story-preview loopy-story')?.figure);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#story-preview loopy-story > p[data-loopy]').length), plan.length);
    assertClean(assert, opened);

    await assertPastedViews(context, markup, iframe, want, plan);
  } finally {
    await context.close();
  }
});

test('the story writer on the graph page: its HTML pasted into a fresh page, and its iframe page, reproduce each paragraph view', async () => {
  const opened = await openPage(browser, './graph.html', { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    // A graph typed in the box (loaded as text, not given by attributes), with a cycle, so that some vertices are draws.
    const graph = '1 2\n2 3\n3 1\n3 4\n4 5\n2 6\n6 7\nstart 1\n';
    await page.waitForFunction(() => document.querySelector('loopy-graph')?.state === 'ready', null, { timeout: TIMEOUT });
    await page.fill('#graph-input', graph);
    await page.click('#graph-form button[type="submit"]');
    await page.waitForFunction(
      () => document.querySelector('loopy-graph').game?.n === 7 && document.querySelector('loopy-graph').state === 'ready',
      null,
      {
        timeout: TIMEOUT,
      },
    );
    await page.click('#story-open');
    await page.waitForSelector('#story-add');
    // What the teacher does: a granularity, a step, a vertex, the numbers in the marks; then the paragraph. The view recorded here is the oracle.
    const plan = [
      { g: 'events', step: 3, sel: 4, values: 'depth', text: 'First, the vertices that end the game.' },
      { g: 'resolutions', step: 2, sel: null, values: 'grundy', text: 'Then the Sprague-Grundy values, <i>not italic</i> & safe.' },
      { g: 'layers', step: 1, sel: 2, values: 'grundy', text: 'At layer 1, vertex 2.' },
      { g: 'events', step: 'end', sel: 3, values: 'depth', text: 'At the end, the cycle is left: a draw.' },
    ];
    const want = [];
    for (const p of plan) {
      await page.check(`input[name="values"][value="${p.values}"]`);
      const step = await page.evaluate(async ({ g, step, sel }) => {
        const fig = document.querySelector('loopy-graph');
        fig.setAttribute('granularity', g);
        await fig.settled();
        const m = step === 'end' ? fig.length : step;
        fig.seek(m);
        fig.select(sel);
        return m;
      }, p);
      await page.waitForFunction(
        (step) => document.querySelector('loopy-graph').step === step && document.querySelector('loopy-graph').state === 'ready',
        step,
      );
      want.push({ step, g: p.g, selected: p.sel === null ? null : String(p.sel), values: p.values });
      await page.fill('#story-text', p.text);
      await page.click('#story-add');
    }
    const markup = await page.inputValue('#story-html');
    const iframe = await page.inputValue('#story-iframe');
    assert.equal((markup.match(/<p data-loopy=/g) || []).length, plan.length, markup);
    assert.match(markup, /<loopy-graph slot="figure" graph="1-2,2-3,3-1,3-4,4-5,2-6,6-7" start="1"/, 'the figure is the graph on the page');
    assert.match(markup, /&lt;i&gt;not italic&lt;\/i&gt; &amp; safe/, 'the text is escaped');
    // The preview shows the story as a post would.
    await page.click('#story-preview-open');
    await page.waitForFunction(() => document.querySelector('#story-preview loopy-story')?.figure);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#story-preview loopy-story > p[data-loopy]').length), plan.length);
    await screenshot(page, 'story-writer-graph-1280.png', true);
    assert.deepEqual(await axeViolations(page), []);
    assertClean(assert, opened);
    await assertPastedViews(context, markup, iframe, want, plan);
  } finally {
    await context.close();
  }
});

test('the story writer on the graph page: a graph too large for a link gives no story, and the writer says why', async () => {
  const opened = await openPage(browser, './graph.html', { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => document.querySelector('loopy-graph')?.state === 'ready', null, { timeout: TIMEOUT });
    // A path of 300 vertices: more than the page draws whole, so the worker sends no edges for a link.
    const path = Array.from({ length: 299 }, (_, k) => `${k + 1} ${k + 2}`).join('\n');
    await page.fill('#graph-input', path);
    await page.click('#graph-form button[type="submit"]');
    await page.waitForFunction(
      () => document.querySelector('loopy-graph').game?.n === 300 && document.querySelector('loopy-graph').state === 'ready',
      null,
      {
        timeout: TIMEOUT,
      },
    );
    await page.click('#story-open');
    await page.waitForSelector('#story-add');
    await page.fill('#story-text', 'A long path.');
    await page.click('#story-add');
    assert.equal(await page.inputValue('#story-html'), '', 'no story HTML');
    assert.equal(await page.inputValue('#story-iframe'), '', 'no iframe');
    assert.match(await page.textContent('#story-status'), /too large to write into a story/);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#story-list li').length), 0, 'no paragraph is taken');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

/** Every English word the story writer shows (its text, buttons and labels; not the HTML it writes in its text boxes). */
function writerEnglish(page) {
  return page.evaluate(() => {
    const box = document.getElementById('story-writer');
    const texts = [...box.querySelectorAll('*')]
      .filter((e) => e.localName !== 'textarea' && !e.closest('#story-preview'))
      .flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent));
    // Names stay as they are: HTML, the iframe tag, Ctrl+C, SG (the Chinese lessons' titles, listed to open one: SG 值).
    return (texts.join(' ').match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['HTML', 'iframe', 'Ctrl', 'SG'].includes(w));
  });
}

test('the story writer on a zh-CN page speaks Chinese, its iframe page too, and turns English again with its paragraphs kept', async () => {
  const opened = await openPage(browser, './?n=8&s1=2-4,6&s2=3,6', { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
    // A Chinese page (its entry tells the words module where the Chinese catalog is, as the pages do).
    await page.evaluate(async () => {
      const i18n = await import(new URL('js/element/i18n.js', document.baseURI).href);
      i18n.addCatalogLoader('zh-CN', () => import(new URL('js/i18n/zh-CN.js', document.baseURI).href));
      document.documentElement.setAttribute('lang', 'zh-CN');
    });
    await page.click('#story-open');
    await page.waitForFunction(() => document.getElementById('story-h')?.textContent === '写一个故事', null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#story-status'), '还没有段落。');
    await page.click('#story-add');
    assert.equal(await page.textContent('#story-status'), '请先写好段落：图停在这一格时，读者读的就是这段文字。');
    await page.evaluate(async () => {
      const ring = document.querySelector('loopy-ring');
      ring.seek(6);
      ring.select(1, 2);
    });
    await page.waitForFunction(() => document.querySelector('loopy-ring').step === 6);
    await page.fill('#story-text', '先看与终止位置相邻的状态。');
    await page.click('#story-add');
    assert.equal(await page.textContent('#story-status'), '已添加第 1 段。');
    assert.equal(await page.textContent('#story-list .hint'), '第 6 格（检查一条走法），选中 1:2：');
    assert.deepEqual(await writerEnglish(page), [], 'no English word in the writer');
    const iframe = await page.inputValue('#story-iframe');
    assert.match(iframe, /title="Loopy：图随文字变化的故事"/, iframe);
    const src = /src="([^"]+)"/.exec(iframe)[1].replaceAll('&amp;', '&');
    assert.equal(new URL(src).searchParams.get('lang'), 'zh-CN', 'the iframe page is told the language');

    // The iframe's page: Chinese, its title and its figure's words.
    const frame = await context.newPage();
    await frame.goto(src);
    await frame.waitForFunction(() => document.querySelector('loopy-story')?.figure?.state === 'ready', null, { timeout: TIMEOUT });
    assert.equal(await frame.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.equal(await frame.title(), '用 Loopy 讲的故事');
    await frame.waitForFunction(() => document.querySelector('loopy-story').figure._words.code === 'zh-CN', null, { timeout: TIMEOUT });
    await frame.close();

    // The page turns English: the writer says its words again, the paragraph and its place kept.
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(() => document.getElementById('story-h').textContent === 'Write a story', null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#story-status'), 'Paragraph 1 added.');
    assert.equal(await page.textContent('#story-list .hint'), 'At step 6 (check one move), with 1:2 selected:');
    assert.match(await page.inputValue('#story-html'), /先看与终止位置相邻的状态。/);
    assert.doesNotMatch(await page.inputValue('#story-iframe'), /lang=/, 'an English iframe page needs no lang');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('a story on a zh-CN page: its paragraphs are announced and its print pictures named in Chinese', async () => {
  const opened = await openPage(browser, POST, { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    await page.evaluate(async () => {
      const i18n = await import(new URL('../js/element/i18n.js', document.baseURI).href);
      i18n.addCatalogLoader('zh-CN', () => import(new URL('../js/i18n/zh-CN.js', document.baseURI).href));
      document.documentElement.setAttribute('lang', 'zh-CN');
    });
    await page.waitForFunction(() => document.querySelector('#ring-story loopy-ring')?._words?.code === 'zh-CN', null, { timeout: TIMEOUT });
    // Drawn when printing is near, each picture is named by the figure's narration, in Chinese.
    const labels = await page.evaluate(async () => {
      const story = document.getElementById('ring-story');
      await story.preparePrint();
      return [...story.shadowRoot.querySelectorAll('canvas.print')].map((c) => c.getAttribute('aria-label'));
    });
    assert.equal(labels.length, 5);
    for (const l of labels) assert.match(l, /^[^A-Za-z]*[\u4e00-\u9fff][^A-Za-z]*$/, l);
    // Paragraph 2 has no caption of its own: the figure says where it went, in Chinese.
    await page.evaluate(() => document.getElementById('ring-story').show(1));
    await page.waitForFunction(
      () =>
        /^图转到第 6 格（共 \d+ 格）。$/.test(
          document.querySelector('#ring-story loopy-ring').shadowRoot.querySelector('.sr[aria-live]')?.textContent ?? '',
        ),
      null,
      { timeout: TIMEOUT },
    );
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('the Chinese example post: zh-CN, both elements and a terms="pn" one, each speaking Chinese; the English examples link to it', async () => {
  const opened = await openPage(browser, './examples/zh.html', { viewport: { width: 1280, height: 800 } });
  const { page, context } = opened;
  try {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    const figures = await page.evaluate(() =>
      [...document.querySelectorAll('loopy-ring, loopy-graph')].map((e) => [e.localName, e.getAttribute('terms')]),
    );
    assert.deepEqual(figures, [
      ['loopy-ring', null],
      ['loopy-graph', null],
      ['loopy-ring', 'pn'],
    ]);
    await page.waitForFunction(() => [...document.querySelectorAll('loopy-ring, loopy-graph')].every((e) => e._words?.code === 'zh-CN'), null, {
      timeout: TIMEOUT,
    });
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring[terms]')._words.terms), 'pn');
    assertClean(assert, opened);
    for (const other of ['blog.html', 'graph-post.html', 'story.html']) {
      await page.goto(new URL(`examples/${other}`, BASE_URL).href);
      assert.equal(await page.locator('a[href="zh.html"]').count(), 1, `${other} links to the Chinese post`);
    }
  } finally {
    await context.close();
  }
});
