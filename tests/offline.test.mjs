// Browser tests of working offline (www/sw.js, registered by www/offline.js): each page visited once online, its service
// worker's cache made whole, then the network cut (Playwright's setOffline) and the page reloaded: the ring page solves (its
// values against the CLI's), quizzes, explains in its popup, presents (F), plays against the solver and exports a picture; the
// graph page, never opened before, opens and draws. The same on the built site (LOOPY_DIST_URL, when it is served). A post
// does not get it; a part of the page that cannot be fetched says so in view.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launchBrowser, runCli, TIMEOUT } from './browser.mjs';
import { judgeInput, screenshot, waitReady } from './page-helpers.mjs';

const DIST_DIR = process.env.LOOPY_DIST_DIR || fileURLToPath(new URL('../target/dist', import.meta.url));
const DIST_URL = process.env.LOOPY_DIST_URL;

/** The sites to test: www/ as served, and the built site's folder when its server is given. */
function sites() {
  const out = [['www', BASE_URL]];
  if (DIST_URL) {
    const [dir] = readdirSync(`${DIST_DIR}/site`).filter((d) => d.startsWith('loopy-'));
    out.push(['dist', new URL(`${dir}/`, DIST_URL).href]);
  }
  return out;
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A fresh context (its own service workers and caches) and a page in it, with the page's errors collected. */
async function fresh(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** Waits until the page's service worker says it has every file (offline.js marks <html data-loopy-offline>). */
async function cached(page) {
  await page.waitForFunction(() => document.documentElement.dataset.loopyOffline, null, { timeout: TIMEOUT });
  return page.evaluate(() => document.documentElement.dataset.loopyOffline);
}

const SAMPLE2 = { n: 8, s1: [2, 3, 4, 6], s2: [3, 6] };

for (const [name, base] of sites()) {
  test(`${name}: the ring page, visited once online, does everything with the network off after a reload`, async () => {
    const { context, page, errors } = await fresh();
    try {
      await page.goto(new URL('index.html?n=5&s1=2,3&s2=1,2,3', base).href);
      await waitReady(page);
      const version = await cached(page);
      assert.ok(version, 'the service worker says which version it cached');

      await context.setOffline(true);
      await page.reload();
      await waitReady(page, { n: 5 });
      assert.equal(await page.evaluate(() => navigator.onLine), false, 'the page is offline');

      // Solve: a game never solved before, its values those of the CLI.
      await page.evaluate(({ n, s1, s2 }) => {
        const ring = document.querySelector('loopy-ring');
        ring.setAttribute('s1', s1.join(','));
        ring.setAttribute('s2', s2.join(','));
        ring.setAttribute('n', String(n));
      }, SAMPLE2);
      await waitReady(page, { n: 8 });
      const length = await page.evaluate(() => {
        const ring = document.querySelector('loopy-ring');
        ring.setAttribute('step', String(ring.length));
        return ring.length;
      });
      await waitReady(page, { step: length });
      const answer = (await runCli(judgeInput(SAMPLE2.n, SAMPLE2.s1, SAMPLE2.s2))).stdout.trimEnd();
      await page.waitForFunction((answer) => document.getElementById('judge-output').textContent === answer, answer);

      // The why popup of a state.
      await page.evaluate(() => document.querySelector('loopy-ring').showWhy(2, 1));
      const popup = page.locator('loopy-ring [part="popup"]');
      await popup.waitFor({ state: 'visible' });
      assert.match(await popup.textContent(), /\S/, 'the popup says why');
      await page.keyboard.press('Escape');

      // The quiz: it asks, not "Preparing…".
      await page.evaluate(() => {
        const r = document.querySelector('loopy-ring');
        r.setAttribute('step', '0');
        r.setAttribute('quiz', '');
        r.setAttribute('step', '3');
      });
      await page.waitForFunction(() => {
        const q = document.querySelector('loopy-ring').shadowRoot.getElementById('quiz-q');
        return q && /\?/.test(q.textContent);
      });
      assert.doesNotMatch(await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.textContent), /Preparing the question/);
      await page.evaluate(() => document.querySelector('loopy-ring').removeAttribute('quiz'));

      // Presenter mode (F), and out again.
      await page.locator('loopy-ring').focus();
      await page.keyboard.press('f');
      await page.waitForFunction(() => document.querySelector('loopy-ring').presenting);
      await screenshot(page, `offline-${name}-present.png`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('loopy-ring').presenting);

      // Play against the solver: the panel opens and a game starts.
      await page.click('#play-open');
      await page.waitForSelector('#play-start');
      await page.click('#play-start');
      await page.waitForFunction(() => /\S/.test(document.getElementById('inspector').textContent));

      // Export: a picture made and downloaded (its encoders are the cache's too).
      await page.click('#export-open');
      await page.waitForSelector('#export-dialog[open]');
      await page.click('#export-png');
      await page.waitForFunction(() => /ready|No |Cancelled/.test(document.getElementById('export-status').textContent));
      assert.match(await page.textContent('#export-status'), /ready/);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
      assert.match(download.suggestedFilename(), /\.png$/);
      await page.keyboard.press('Escape');

      // The graph page, never opened: it opens and draws from the cache.
      await page.goto(new URL('graph.html', base).href);
      await page.waitForFunction(() => {
        const g = document.querySelector('loopy-graph');
        return g?.state === 'ready' && g.length > 0 && g.game;
      });
      const drawn = await page.evaluate(() => {
        const c = document.querySelector('loopy-graph').shadowRoot.querySelector('canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let inked = 0;
        for (let i = 0; i < d.length; i += 4 * 97) if (d[i + 3] > 0 && d[i] + d[i + 1] + d[i + 2] < 600) inked++;
        return inked;
      });
      assert.ok(drawn > 20, `the graph is drawn offline (${drawn} inked samples)`);
      await screenshot(page, `offline-${name}-graph.png`);
      assert.deepEqual(errors, [], 'no error on the way');
    } finally {
      await context.close();
    }
  });

  test(`${name}: the graph page, visited once online, reopens offline and the ring page too`, async () => {
    const { context, page, errors } = await fresh();
    try {
      await page.goto(new URL('graph.html', base).href);
      await page.waitForFunction(() => document.querySelector('loopy-graph')?.state === 'ready');
      await cached(page);
      await context.setOffline(true);
      await page.reload();
      await page.waitForFunction(() => {
        const g = document.querySelector('loopy-graph');
        return g?.state === 'ready' && g.length > 0;
      });
      await page.goto(new URL('index.html', base).href);
      await waitReady(page);
      assert.deepEqual(errors, [], 'no error on the way');
    } finally {
      await context.close();
    }
  });

  test(`${name}: a post does not get it: visited online with the site cached, it does not open offline`, async () => {
    const { context, page } = await fresh();
    try {
      await page.goto(new URL('index.html', base).href);
      await cached(page);
      await page.goto(new URL('examples/blog.html', base).href);
      await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'ready');
      await context.setOffline(true);
      await assert.rejects(page.reload(), 'the post is not served from the cache');
    } finally {
      await context.close();
    }
  });
}

test('a new version replaces the cache on the next visit online', async () => {
  const { context, page } = await fresh();
  try {
    await page.goto(new URL('index.html', BASE_URL).href);
    const first = await cached(page);
    // The next version: the same files under another version's name (what a new build's offline.json says).
    await context.route('**/offline.json', async (route) => {
      const res = await route.fetch();
      const manifest = await res.json();
      await route.fulfill({ response: res, json: { ...manifest, version: `${manifest.version}-next` } });
    });
    await page.reload();
    // The page's view of the caches, polled (an async predicate would be a promise, always truthy).
    const names = () => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('loopy-offline ')));
    const want = [`loopy-offline ${first}-next`];
    for (let tries = 0; tries < 240 && JSON.stringify(await names()) !== JSON.stringify(want); tries++) await page.waitForTimeout(500);
    assert.deepEqual(await names(), want, 'only the new version’s cache is left');
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(true);
    await page.reload();
    await waitReady(page);
  } finally {
    await context.close();
  }
});

test('a part that cannot be fetched says so in view: the quiz, presenter mode, a page’s dialog', async () => {
  const { context, page } = await fresh();
  try {
    // No service worker here: the files are cut one by one, as a network that went halfway would.
    await context.route(/\/(quiz|present)\.js$|export-dialog\.js$/, (route) => route.abort());
    await page.goto(new URL('index.html?n=5&s1=2,3&s2=1,2,3', BASE_URL).href);
    await waitReady(page);
    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('quiz', ''));
    await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('loopy-ring').shadowRoot.textContent));
    await page.locator('loopy-ring').focus();
    await page.keyboard.press('f');
    await page.waitForFunction(() => /Presenter mode could not be loaded/.test(document.querySelector('loopy-ring').shadowRoot.textContent));
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').presenting), false);
    await page.click('#export-open');
    await page.waitForFunction(() => /could not be loaded/.test(document.getElementById('load-status').textContent));
  } finally {
    await context.close();
  }
});
