// Browser tests of issue 37, the new surfaces under hostile use: a long story keeps no print picture while it is read (the
// pictures' pixels with 200 and 2,000 paragraphs are a one-paragraph story's) and, when printing is near, never more than a
// small pool of them, given back when the reader reads on; story.html's paragraphs cannot turn presenter mode on, outline
// `__proto__` or read `step=12abc` as 12; a figure that is not a Loopy element is said once, with no uncaught error; an edit
// to one paragraph of 2,000 redoes that paragraph's box and settings alone; the writer gives no iframe address longer than
// servers take; no ResizeObserver loop error reaches the window of the pages; a bad catalog is refused while the elements
// on the page stay ready, and a good one is taken after it.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BASE_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, canvasPixels, frames, openPost, workerMemory } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const RING = 'n="8" s1="2-4,6" s2="3,6"';

/** A story of `count` paragraphs on the ring of 8, paragraph k at step k (mod 13). */
function storyBody(count, { id = 'long' } = {}) {
  const paras = Array.from({ length: count }, (_, k) => `<p data-loopy="step=${k % 13}">Paragraph ${k + 1}.</p>`).join('\n');
  const script = `<script type="module" src="${new URL('loopy-story.js', BASE_URL).href}"></script>`;
  return `${script}<loopy-story id="${id}"><loopy-ring slot="figure" ${RING} controls="compact" speed="60">The ring of 8.</loopy-ring>\n${paras}</loopy-story>`;
}

/** Opens a story of `count` paragraphs, shows its middle paragraph, and leaves the reader still for a while. */
async function readStill(count) {
  const opened = await openPost(browser, storyBody(count), { name: `__story-${count}.html`, drawn: ['#long loopy-ring'] });
  const { page } = opened;
  await page.waitForFunction(() => customElements.get('loopy-story'), null, { timeout: TIMEOUT });
  await page.evaluate((k) => document.querySelectorAll('#long > p')[k].scrollIntoView({ block: 'center' }), Math.floor(count / 2));
  await page.waitForFunction(() => document.getElementById('long').at >= 0 && document.getElementById('long').figure.state === 'ready', null, {
    timeout: TIMEOUT,
  });
  // The reader stays still: the story used to start drawing every paragraph's picture after 2 s.
  await page.waitForTimeout(8000);
  return opened;
}

test('item 1: a story of 200 or 2,000 paragraphs read and left still holds the canvas pixels of a one-paragraph story: no print picture is drawn', async () => {
  const held = {};
  // The three readers are left still at the same time, each in a page of its own.
  const counts = [1, 200, 2000];
  const pages = await Promise.allSettled(counts.map((count) => readStill(count)));
  try {
    for (const [k, count] of counts.entries()) {
      if (pages[k].status === 'rejected') throw pages[k].reason;
      held[count] = await canvasPixels(pages[k].value.page);
      assertClean(assert, pages[k].value);
    }
  } finally {
    for (const p of pages) await p.value?.context.close();
  }
  for (const count of [200, 2000]) {
    assert.equal(held[count].prints, 0, `${count} paragraphs: no print picture while reading`);
    assert.ok(held[count].pixels <= held[1].pixels, `${count} paragraphs: ${held[count].pixels} canvas pixels, one paragraph ${held[1].pixels}`);
  }
});

test('item 1: printing near, a story of 200 paragraphs draws at most the pool of pictures at the print size; reading on gives them back', async () => {
  const opened = await readStill(200);
  const { page } = opened;
  try {
    const still = await canvasPixels(page);
    await page.evaluate(() => document.getElementById('long').preparePrint());
    const printing = await canvasPixels(page);
    const sizes = await page.evaluate(() =>
      [...document.getElementById('long').shadowRoot.querySelectorAll('canvas.print')].map((c) => [c.width, c.height]),
    );
    assert.ok(printing.prints >= 1, 'pictures are drawn when asked for');
    assert.ok(printing.prints <= 48, `at most the pool: ${printing.prints} pictures for 200 paragraphs`);
    assert.ok(sizes.length <= 48, `no more canvases than the pool: ${sizes.length}`);
    // 12 cm at 2 device pixels a CSS pixel: about 900 pixels wide.
    for (const [w] of sizes.filter(([w]) => w > 0)) assert.ok(w >= 800 && w <= 1000, `a picture ${w} px wide`);
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(
      () =>
        [...document.getElementById('long').shadowRoot.querySelectorAll('canvas.print')].filter((c) => c.getBoundingClientRect().height > 0).length,
    );
    assert.equal(shown, printing.prints, 'printed, each drawn picture shows');
    await page.emulateMedia({ media: 'screen' });
    // Printed (the browser says so), the reader reads on: the pictures go back to the pool.
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    await page.evaluate(() => document.querySelectorAll('#long > p')[10].scrollIntoView({ block: 'center' }));
    await page.waitForFunction(() => document.getElementById('long').at === 10, null, { timeout: TIMEOUT });
    const after = await canvasPixels(page);
    assert.equal(after.prints, 0);
    assert.ok(after.pixels <= still.pixels, `pixels back: ${after.pixels} (before ${still.pixels})`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('items 4, 5 and 9: story.html paragraphs cannot turn presenter mode on, outline __proto__ or constructor, or read step=12abc as step 12', async () => {
  const q = new URLSearchParams({ figure: 'loopy-ring', n: '8', s1: '2-4,6', s2: '3,6', speed: '60' });
  for (const p of [
    'present\nFirst.',
    'step=12abc highlight=__proto__\nSecond.',
    'highlight=constructor step=1e309\nThird.',
    'step=4 highlight=ring\nFourth.',
  ])
    q.append('p', p);
  const opened = await openPage(browser, `./story.html?${q}`);
  const { page } = opened;
  try {
    await page.waitForFunction(() => document.querySelector('loopy-story')?.figure?.state === 'ready', null, { timeout: TIMEOUT });
    const seen = await page.evaluate(async () => {
      const story = document.querySelector('loopy-story');
      const fig = story.figure;
      const events = [];
      story.addEventListener('loopy-story-step', (e) => events.push(e.detail.index));
      const out = [];
      for (const k of [0, 1, 2, 3]) {
        await story.show(k);
        await fig.settled();
        await new Promise((r) => setTimeout(r, 100));
        out.push({
          present: fig.hasAttribute('present') || Boolean(fig.presenting),
          said: fig.shadowRoot.querySelector('.sr[aria-live]')?.textContent ?? '',
          lit: [...fig.shadowRoot.querySelectorAll('.lit')].length,
          step: fig.step,
          playing: fig.playing,
        });
      }
      return { out, events, views: story.views };
    });
    assert.deepEqual(seen.events, [0, 1, 2, 3], 'each paragraph says it took the figure');
    for (const [k, s] of seen.out.entries()) {
      assert.equal(s.present, false, `paragraph ${k + 1}: no presenter mode`);
      assert.match(s.said, /^The figure goes to step \d+ of \d+\.$/, `paragraph ${k + 1} is announced`);
    }
    assert.equal(seen.out[1].lit, 0, 'highlight=__proto__ outlines nothing');
    assert.equal(seen.out[2].lit, 0, 'highlight=constructor outlines nothing');
    assert.equal(seen.out[3].lit, 1, 'highlight=ring outlines the ring');
    for (const v of seen.views) {
      assert.equal(Object.hasOwn(v, 'present'), false, 'present is not a paragraph setting');
      assert.equal(Object.hasOwn(v, 'constructor'), false);
    }
    assert.equal(seen.views[1].highlight, null);
    // Each paragraph's step, reached and still: 12abc and 1e309 are bad values, so step 0 (parseInt read 12 and 1).
    for (const [k, want] of [
      [3, 4],
      [1, 0],
      [3, 4],
      [2, 0],
    ]) {
      await page.evaluate((k) => document.querySelector('loopy-story').show(k), k);
      await page.waitForFunction(
        (want) => {
          const fig = document.querySelector('loopy-story').figure;
          return fig.step === want && !fig.playing && fig.state === 'ready';
        },
        want,
        { timeout: TIMEOUT },
      );
      // Still there a moment later (not on its way to another step).
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => document.querySelector('loopy-story').figure.step), want, `paragraph ${k + 1}: step ${want}`);
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('item 6: a story whose figure is a div says so once, raises no uncaught error, and its text stays readable', async () => {
  const body = `<loopy-story id="div-story"><div slot="figure">A chart of my own.</div>
    <p data-loopy="step=3 caption='Three.'">The first paragraph.</p><p data-loopy="step=end">The second paragraph.</p></loopy-story>
    <loopy-story id="span-story"><span slot="figure">Not a figure.</span><p data-loopy="step=1">Another.</p></loopy-story>
    <script type="module" src="${new URL('loopy-story.js', BASE_URL).href}"></script>`;
  const opened = await openPost(browser, body, { name: '__div-story.html', drawn: [] });
  const { page } = opened;
  try {
    await page.waitForFunction(() => customElements.get('loopy-story'), null, { timeout: TIMEOUT });
    const seen = await page.evaluate(async () => {
      const story = document.getElementById('div-story');
      for (const k of [0, 1, -1, 0]) await story.show(k);
      story.querySelector('p').dataset.loopy = 'step=2';
      await new Promise((r) => setTimeout(r, 300));
      const notices = [...story.shadowRoot.querySelectorAll('.notice')].filter((n) => !n.hidden).map((n) => n.textContent);
      const texts = [...story.querySelectorAll('p')].map((p) => p.getBoundingClientRect().height);
      const other = document.getElementById('span-story').shadowRoot.querySelector('.notice');
      return { notices, texts, other: other.hidden ? null : other.textContent };
    });
    assert.equal(seen.notices.length, 1, 'said once');
    assert.match(seen.notices[0], /<div> is not a Loopy element/);
    assert.match(seen.other, /<span> is not a Loopy element/);
    for (const h of seen.texts) assert.ok(h > 0, 'the paragraphs are shown');
    await page.waitForTimeout(500);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('item 7: an edit to one paragraph of 2,000 reads that paragraph alone and replaces no other box; the views stay those of the whole story', async () => {
  const opened = await openPost(browser, storyBody(2000), { name: '__story-edit.html', drawn: ['#long loopy-ring'] });
  const { page } = opened;
  try {
    await page.waitForFunction(() => customElements.get('loopy-story') && document.getElementById('long').views.length === 2000, null, {
      timeout: TIMEOUT,
    });
    const work = await page.evaluate(async () => {
      const story = document.getElementById('long');
      const paras = [...story.querySelectorAll(':scope > p')];
      // What an edit costs: the paragraphs' settings read, and the nodes the story's shadow root takes in or lets go.
      let reads = 0;
      const getAttribute = Element.prototype.getAttribute;
      Element.prototype.getAttribute = function (name) {
        if (name === 'data-loopy') reads++;
        return getAttribute.call(this, name);
      };
      let moved = 0;
      new MutationObserver((records) => {
        for (const r of records) moved += r.addedNodes.length + r.removedNodes.length;
      }).observe(story.shadowRoot, { childList: true, subtree: true });
      const settle = () => new Promise((r) => setTimeout(r, 50));
      const costs = [];
      const measure = async (what, edit) => {
        reads = 0;
        moved = 0;
        edit();
        await settle();
        costs.push({ what, reads, moved });
      };
      await measure('edit', () => {
        paras[1000].dataset.loopy = 'step=end granularity=layers';
      });
      await measure('caption', () => {
        paras[1500].dataset.loopy = "step=5 caption='New.'";
      });
      await measure('add', () => {
        const p = document.createElement('p');
        p.dataset.loopy = 'step=7';
        p.textContent = 'Added.';
        story.insertBefore(p, paras[500]);
      });
      await measure('remove', () => paras[1200].remove());
      await measure('plain text', () => story.insertBefore(document.createElement('h2'), paras[300]));
      Element.prototype.getAttribute = getAttribute;
      return {
        costs,
        views: story.views.map((v) => [v.step, v.granularity ?? null, v.caption]),
        texts: [...story.querySelectorAll(':scope > p')].map((p) => p.dataset.loopy),
      };
    });
    for (const { what, reads, moved } of work.costs) {
      assert.ok(reads <= 2, `${what}: ${reads} paragraphs' settings read`);
      assert.ok(moved <= 4, `${what}: ${moved} nodes of the shadow root taken in or let go`);
    }
    // The oracle: every paragraph's view from its data-loopy text alone, carried over by hand.
    const want = [];
    let step = '0';
    let granularity = null;
    for (const text of work.texts) {
      const s = /step=(\S+)/.exec(text)?.[1];
      const g = /granularity=(\S+)/.exec(text)?.[1];
      if (s !== undefined) step = s;
      if (g !== undefined) granularity = g;
      want.push([step, granularity, /caption='([^']*)'/.exec(text)?.[1] ?? null]);
    }
    assert.equal(work.views.length, 2000);
    assert.deepEqual(work.views, want);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('item 10: the story writer gives no iframe address longer than servers take, says how long one may be, and keeps the HTML', async () => {
  const opened = await openPage(browser, './?n=8&s1=2-4,6&s2=3,6');
  const { page } = opened;
  try {
    await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
    await page.click('#story-open');
    await page.waitForSelector('#story-text', { timeout: TIMEOUT });
    const add = async (text) => {
      await page.fill('#story-text', text);
      await page.click('#story-add');
      return page.evaluate(() => ({
        status: document.getElementById('story-status').textContent,
        iframe: document.getElementById('story-iframe').value,
        html: document.getElementById('story-html').value,
      }));
    };
    const first = await add('A short paragraph.');
    assert.match(first.status, /^Paragraph 1 added\.$/);
    assert.match(first.iframe, /^<iframe src="/);
    let last = first;
    for (let k = 0; k < 4 && !/too long/.test(last.status); k++) last = await add('环'.repeat(400));
    assert.match(last.status, /too long for an iframe address \([\d,]+ characters; a link may have at most 8,000\)/);
    assert.match(last.status, /^Paragraph \d added\./);
    assert.equal(last.iframe, '', 'no address that servers refuse');
    assert.ok(last.html.includes('环'.repeat(400)), 'the HTML holds the story');
    assert.equal(await page.evaluate(() => document.querySelector('#story-iframe + button').disabled), true);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

/**
 * Waits until what a scroll or a resize set off has run its course: two frames (the
 * observers' callbacks, and the elements they start), every element's load done and drawn
 * (`loading` false), then two frames more, in which a layout it caused is observed.
 */
async function settled(page) {
  await frames(page, 2);
  await page.waitForFunction(() => [...document.querySelectorAll('loopy-ring, loopy-graph')].every((el) => !el.loading), null, {
    timeout: TIMEOUT,
  });
  await frames(page, 2);
}

test('item 11: no error event reaches the window of index.html, examples/story.html and examples/zh.html while read, scrolled and resized', async () => {
  for (const path of ['./', './examples/story.html', './examples/zh.html']) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      const opened = await openPage(browser, path, {
        viewport: { width, height },
        script: () => {
          window.__errors = [];
          addEventListener('error', (e) => window.__errors.push(e.message));
        },
      });
      const { page } = opened;
      try {
        // The first ring read (an element starts once it comes near the screen: on a page whose text
        // pushes it below the fold, the reader scrolls to it), then the reader starts again from the top.
        await page.locator('loopy-ring').first().scrollIntoViewIfNeeded();
        await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
        await page.evaluate(() => scrollTo(0, 0));
        await settled(page);
        for (let k = 0; k < 8; k++) {
          await page.evaluate(() => scrollBy(0, innerHeight * 0.7));
          await settled(page);
        }
        await page.setViewportSize({ width: width - 200, height });
        await settled(page);
        await page.setViewportSize({ width, height: height - 100 });
        await settled(page);
        assert.deepEqual(await page.evaluate(() => window.__errors), [], `${path} at ${width}`);
      } finally {
        await opened.context.close();
      }
    }
  }
});

test('item 3: bad catalogs are refused with their key named while the elements on the page stay ready; a good catalog is taken after them', async () => {
  const opened = await openPage(browser, './examples/story.html', {
    script: () => {
      window.__errors = [];
      addEventListener('error', (e) => window.__errors.push(e.message));
      addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));
    },
  });
  const { page } = opened;
  try {
    for (const id of ['graph-story', 'ring-story']) {
      await page.evaluate((id) => document.querySelector(`#${id} > p`).scrollIntoView({ block: 'center' }), id);
      await page.waitForFunction((id) => document.getElementById(id).figure?.state === 'ready', id, { timeout: TIMEOUT });
    }
    const seen = await page.evaluate(async () => {
      const i18n = await import(new URL('../js/element/i18n.js', document.baseURI).href);
      const figures = [...document.querySelectorAll('loopy-story')].map((s) => s.figure);
      // Every element speaks French, so that each catalog below would be said at once if taken.
      for (const f of figures) f.setAttribute('lang', 'fr');
      const refused = [];
      for (const c of [
        { $code: 'fr', 'term.win': 'G{=term.win}' },
        { $code: 'fr', 'term.win': '{=term.lose}', 'term.lose': '{=term.win}' },
        { $code: 'fr', 'term.win': 5 },
        { $code: 'fr', 'term.win': '{=constructor}' },
        { $code: 'fr x', 'term.win': 'G' },
        { $code: 'fr', 'term.win': 'G'.repeat(10 * 1024 * 1024) },
      ]) {
        try {
          await i18n.registerTranslation(c);
          refused.push(null);
        } catch (e) {
          refused.push([e.code, e.key, e.message.includes(JSON.stringify(e.key))]);
        }
      }
      // Still answering: each settles and is ready (a frame or two after the language changed).
      await Promise.all(figures.map((f) => f.settled()));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const states = figures.map((f) => f.state);
      // They still work: a step forward is drawn.
      for (const f of figures) f.seek(1);
      await Promise.all(figures.map((f) => f.settled()));
      const steps = figures.map((f) => f.step);
      await i18n.registerTranslation({ $code: 'fr', $name: 'Français', 'story.goes': 'La figure passe à l’étape {step} sur {length}.' });
      await document.getElementById('ring-story').show(1);
      const said = figures[0].shadowRoot.querySelector('.sr[aria-live]').textContent;
      return { refused, states, steps, said };
    });
    assert.deepEqual(
      seen.refused.map((r) => r?.slice(0, 2)),
      [
        ['catalog.cycle', 'term.win'],
        ['catalog.cycle', 'term.win'],
        ['catalog.notText', 'term.win'],
        ['catalog.unknownMessage', 'term.win'],
        ['catalog.badCode', '$code'],
        ['catalog.tooLong', 'term.win'],
      ],
    );
    for (const r of seen.refused) assert.equal(r[2], true, 'the message names the key');
    assert.deepEqual(seen.states, ['ready', 'ready']);
    assert.deepEqual(seen.steps, [1, 1]);
    assert.match(seen.said, /^La figure passe à l’étape 6 sur \d+\.$/);
    assert.deepEqual(await page.evaluate(() => window.__errors), []);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('item 2: the judge box gives its memory back: a 19-byte judge file read after a 50 MB one (and a check) leaves the workers holding what the 19-byte one did before', async (t) => {
  // The sample game, then 4,999 games on rings of 2,000 with 1,000 steps each (about 50 MB): the
  // element shows the first game, so what grows is the judge box's (the ring module's wasm
  // memory, which never shrinks either, would keep what a big game on screen took).
  const dir = mkdtempSync(join(tmpdir(), 'loopy-judge-'));
  const big = join(dir, 'big.txt');
  const small = join(dir, 'small.txt');
  const steps = Array.from({ length: 1000 }, (_, k) => 2 * k + 1).join(' ');
  const game = `2000\n1000 ${steps}\n1000 ${steps}\n`;
  writeFileSync(big, `5000\n5\n2 3 2\n3 1 2 3\n${game.repeat(4999)}`);
  writeFileSync(small, '1\n5\n2 3 2\n3 1 2 3\n');
  const opened = await openPage(browser, './');
  const { page } = opened;
  const session = await browser.newBrowserCDPSession();
  try {
    await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
    const settle = async () => {
      await page.waitForTimeout(1000);
      return workerMemory(session);
    };
    // Where the page is with the small file read (the judge box's worker and its module loaded).
    const readSmall = async () => {
      await page.setInputFiles('#judge-file', small);
      await page.waitForFunction(() => /^1 game read/.test(document.getElementById('judge-count').textContent), null, { timeout: TIMEOUT });
      await page.waitForFunction(() => document.getElementById('results-hint').textContent !== '', null, { timeout: TIMEOUT });
    };
    await readSmall();
    const start = await settle();
    await page.setInputFiles('#judge-file', big);
    await page.waitForFunction(() => /5,000 games read/.test(document.getElementById('judge-count').textContent), null, { timeout: TIMEOUT });
    await page.waitForFunction(() => document.getElementById('results-hint').textContent.startsWith('The first '), null, { timeout: TIMEOUT });
    // The answer to the big input, checked against it, as a file too.
    writeFileSync(join(dir, 'answer.txt'), 'W\n'.repeat(10));
    await page.setInputFiles('#answer-file', join(dir, 'answer.txt'));
    await page.click('#check-form button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('check-verdict').className !== '', null, { timeout: TIMEOUT });
    const peak = await workerMemory(session);
    await readSmall();
    const end = await settle();
    const mb = (x) => `${(x / 2 ** 20).toFixed(0)} MB`;
    const grown = peak - start;
    t.diagnostic(`the page's workers: ${mb(start)} with the small file, ${mb(peak)} with the big one checked, ${mb(end)} with the small one again`);
    assert.ok(grown > 100 * 2 ** 20, `the measure sees the big input: ${mb(start)} → ${mb(peak)}`);
    assert.ok(end - start < 16 * 2 ** 20, `memory returns: ${mb(start)} → ${mb(peak)} with the big file → ${mb(end)} after the small one`);
    assertClean(assert, opened);
  } finally {
    await session.detach();
    await opened.context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
