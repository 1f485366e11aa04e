// Browser tests of the story writer's drafts and of opening a story to edit (issue 34, item 5): a named draft survives a
// reload and gives back the same story (the game and every paragraph: the writer's HTML as it was), and is deleted for good;
// a lesson's <loopy-story> markup pasted in (read here from www/lessons/ with a regular expression) or a lesson opened from
// the library's list comes back paragraph by paragraph, each with its view written out in full; a paragraph is edited in
// place; a story of the other figure is refused with a reason.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The paragraphs of the writer's HTML: `{ settings, text }` (the data-loopy text, the text as written). */
function paragraphsOf(html) {
  return [...html.matchAll(/<p data-loopy="([^"]*)">([\s\S]*?)<\/p>/g)].map((m) => ({ settings: m[1], text: m[2] }));
}

async function openWriter(page) {
  // A reload puts the page back where it was scrolled: the ring starts once it is in view.
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready', null, { timeout: TIMEOUT });
  await page.click('#story-open');
  await page.waitForSelector('#story-draft-save');
}

/** Takes the ring to step `step` at granularity `g`, then adds paragraph `text`. */
async function addParagraph(page, g, step, text) {
  await page.evaluate(
    async ({ g, step }) => {
      const ring = document.querySelector('loopy-ring');
      ring.setAttribute('granularity', g);
      await ring.settled();
      ring.seek(step);
    },
    { g, step },
  );
  await page.waitForFunction((step) => document.querySelector('loopy-ring').step === step, step);
  await page.fill('#story-text', text);
  await page.click('#story-add');
}

test('a named draft survives a reload and gives back the same story, game and paragraphs; deleted, it is gone for good', async () => {
  const opened = await openPage(browser, './?n=8&s1=2-4,6&s2=3,6');
  const { page, context } = opened;
  try {
    await openWriter(page);
    await addParagraph(page, 'events', 5, 'First, the positions next to the hole.');
    await addParagraph(page, 'layers', 3, 'Then three depths, <b>escaped</b>.');
    const before = await page.inputValue('#story-html');
    assert.equal(paragraphsOf(before).length, 2);
    await page.fill('#story-draft-name', 'Class 3');
    await page.click('#story-draft-save');
    await page.waitForSelector('#story-drafts li[data-name="Class 3"]');

    // Another game on the page, then a reload: the draft is still there and brings its game back.
    await page.goto(new URL('./?n=6&s1=1&s2=2', opened.url).href);
    await openWriter(page);
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').getAttribute('n')), '6');
    assert.match(await page.textContent('#story-drafts'), /Class 3/);
    await page.click('#story-drafts li[data-name="Class 3"] button:first-of-type');
    await page.waitForFunction(
      () => document.querySelector('loopy-ring').getAttribute('n') === '8' && document.querySelector('#story-list').children.length === 2,
    );
    await page.waitForFunction((want) => document.querySelector('#story-html').value === want, before);
    assert.equal(await page.inputValue('#story-html'), before, 'the same story, to the byte');

    // Deleted: gone from the list, and after a reload too.
    await page.click('#story-drafts li[data-name="Class 3"] button:last-of-type');
    await page.waitForFunction(() => !document.querySelector('#story-drafts li[data-name="Class 3"]'));
    await page.reload();
    await openWriter(page);
    assert.doesNotMatch(await page.textContent('#story-drafts'), /Class 3/);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test("a lesson's story markup pasted in, or the lesson opened from the library's list, comes back paragraph by paragraph to edit", async () => {
  const lesson = readFileSync(new URL('../www/lessons/ring-786a.html', import.meta.url), 'utf8');
  const markup = lesson.match(/<loopy-story[\s\S]*?<\/loopy-story>/)[0];
  const figure = markup.match(/<loopy-ring([^>]*)>/)[1];
  const want = [...markup.matchAll(/<p data-loopy="([^"]*)"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => ({
    step: m[1].match(/step=(\S+)/)?.[1],
    text: m[2]
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
  const opened = await openPage(browser, './?n=7&s1=1-2&s2=1-2');
  const { page, context } = opened;
  try {
    await openWriter(page);
    for (const how of ['paste', 'lesson']) {
      await page.evaluate(() => {
        document.querySelector('loopy-ring').setAttribute('n', '7');
      });
      if (how === 'paste') {
        await page.fill('#story-import', `<p>Some post.</p>\n${markup}\n<p>More of the post.</p>`);
        await page.click('#story-import-open');
      } else {
        const value = await page.evaluate(
          () => [...document.querySelectorAll('#story-lesson option')].find((o) => /ring-786a\.html$/.test(o.value))?.value,
        );
        assert.ok(value, "the library's lessons are listed");
        await page.selectOption('#story-lesson', value);
        await page.click('#story-lesson-open');
      }
      // Opened: the lesson's game on the page's figure (it was n = 7), its paragraphs in the list.
      const n = figure.match(/\bn="([^"]*)"/)[1];
      await page.waitForFunction(
        ({ n, count }) =>
          document.querySelector('loopy-ring').getAttribute('n') === n && document.querySelector('#story-list').children.length === count,
        { n, count: want.length },
      );
      const ring = await page.evaluate(() =>
        Object.fromEntries(['n', 's1', 's2'].map((k) => [k, document.querySelector('loopy-ring').getAttribute(k)])),
      );
      for (const k of ['n', 's1', 's2']) assert.equal(ring[k], figure.match(new RegExp(`\\b${k}="([^"]*)"`))[1], `${how}: the lesson's ${k}`);
      const got = paragraphsOf(await page.inputValue('#story-html'));
      assert.equal(got.length, want.length);
      for (const [k, p] of got.entries()) {
        assert.equal(p.text.replaceAll('&#39;', "'").replaceAll('&amp;', '&'), want[k].text, `${how}: paragraph ${k}'s text`);
        // Written out in full: the step each paragraph's view has (its own, or the one before it carried on).
        const carried = want
          .slice(0, k + 1)
          .map((w) => w.step)
          .filter(Boolean)
          .at(-1);
        assert.match(p.settings, new RegExp(`\\bstep=${carried}\\b`), `${how}: paragraph ${k}'s step`);
      }
    }

    // Edited in place: its text and view in the box, then back where it was.
    await page.click('#story-list li:nth-child(2) button:first-of-type');
    assert.equal(await page.inputValue('#story-text'), want[1].text);
    await page.fill('#story-text', 'Depth 1, said again.');
    await page.click('#story-add');
    const edited = paragraphsOf(await page.inputValue('#story-html'));
    assert.equal(edited.length, want.length);
    assert.equal(edited[1].text, 'Depth 1, said again.');
    assert.equal(edited[2].text.replaceAll('&#39;', "'"), want[2].text);

    // A graph's story on the ring page: refused, with the reason.
    const graphLesson = readFileSync(new URL('../www/lessons/draws-p6560.html', import.meta.url), 'utf8');
    await page.fill('#story-import', graphLesson);
    await page.click('#story-import-open');
    await page.waitForFunction(() => /loopy-graph/.test(document.querySelector('#story-status').textContent));
    assert.equal(paragraphsOf(await page.inputValue('#story-html')).length, want.length, 'the story in the writer stays');
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});
