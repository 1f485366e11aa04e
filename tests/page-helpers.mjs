// Helpers for the visualizer's browser tests (on top of browser.mjs): waiting for the
// page's test hooks, reading the canvas, accessibility with the WCAG 2.1 tags, the CLI.
//
// The page is one <loopy-ring> element plus panels. The element publishes its state as
// properties: `state` ("ready" once the worker is idle and the shown step is drawn, else
// "busy"), `step`, `length`, `game.n` and `frameCount`. `hooks` reads them as strings
// (state, step, total, n, frame) for the first element on the page, or for `selector`.

import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { axeViolations, openPage, runCli, TIMEOUT, WCAG21 } from './browser.mjs';

export const ARTIFACTS = new URL('./artifacts/', import.meta.url);

/** The judge-format input of one game. */
export function judgeInput(n, s1, s2) {
  return `1\n${n}\n${s1.length} ${s1.join(' ')}\n${s2.length} ${s2.join(' ')}\n`;
}

/** The CLI's two output lines for one game. */
export async function cliAnswer(n, s1, s2) {
  const { stdout, stderr, code } = await runCli(judgeInput(n, s1, s2));
  if (code !== 0) throw new Error(`CLI failed (${code}): ${stderr}`);
  return stdout.trimEnd();
}

/** The query string for a game. */
export function gameQuery(n, s1, s2, extra = '') {
  return `?n=${n}&s1=${s1.join(',')}&s2=${s2.join(',')}${extra}`;
}

/** The state of the element (the first <loopy-ring>, or `selector`), as strings. */
export function hooks(page, selector = 'loopy-ring') {
  return page.evaluate(readHooks, selector);
}

/** In the page: the element's state as strings (used by hooks and waitReady). */
function readHooks(selector) {
  const el = document.querySelector(selector);
  if (!el || el.state === undefined) return {};
  const s = (x) => (x === undefined || x === null ? undefined : String(x));
  return { state: el.state, step: s(el.step), total: s(el.length), n: s(el.game?.n), frame: s(el.frameCount) };
}

/**
 * Waits until the page is idle and drawn; with `step`, until that step is shown;
 * with `n`, until that game is on screen; with `after`, until a frame later than it.
 */
export async function waitReady(page, { step, n, after, selector = 'loopy-ring' } = {}) {
  await page.waitForFunction(
    ({ step, n, after, selector }) => {
      const el = document.querySelector(selector);
      if (!el || el.state === undefined || !el.game) return false;
      const d = { state: el.state, step: String(el.step), n: String(el.game.n), frame: String(el.frameCount) };
      return (
        d.state === 'ready' &&
        (step === undefined || d.step === String(step)) &&
        (n === undefined || d.n === String(n)) &&
        (after === undefined || Number(d.frame) > after)
      );
    },
    { step, n, after, selector },
    { timeout: TIMEOUT, polling: 'raf' },
  );
  return hooks(page, selector);
}

/** Opens the page at `query` and waits until it has drawn its game. */
export async function openLoopy(browser, query = '', options = {}) {
  const opened = await openPage(browser, `./${query}`, options);
  await waitReady(opened.page);
  return opened;
}

/** The ring's pixels as a data URL. */
export function canvasPicture(page, selector = 'loopy-ring') {
  return page.evaluate((selector) => document.querySelector(selector).shadowRoot.getElementById('ring').toDataURL(), selector);
}

/** An element inside the first <loopy-ring>'s shadow root, by id, as a page function source. */
export const inRing = (id) => `document.querySelector('loopy-ring').shadowRoot.getElementById('${id}')`;

/** What the page shows for the current step: picture (a hash of it), narration, step. */
export async function view(page, selector = 'loopy-ring') {
  return {
    picture: createHash('sha256')
      .update(await canvasPicture(page, selector))
      .digest('hex')
      .slice(0, 16),
    narration: await page.locator(`${selector} #narration`).textContent(),
    step: (await hooks(page, selector)).step,
  };
}

/** Presses `key` with the focus on the page body (not a field), `times` times. */
export async function pressKey(page, key, times = 1) {
  for (let k = 0; k < times; k++) await page.keyboard.press(key);
}

/** Moves the focus off any control, so page shortcuts apply. */
export async function focusBody(page) {
  await page.evaluate(() => {
    document.activeElement?.blur();
    document.body.focus();
  });
}

/** axe-core with the WCAG 2.0 and 2.1 A/AA rules; one string per violation. */
export function axeViolations21(page) {
  return axeViolations(page, WCAG21);
}

/** Saves a screenshot into tests/artifacts/ (git-ignored). */
export async function screenshot(page, name, fullPage = false) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: fileURLToPath(new URL(name, ARTIFACTS)), fullPage });
}

/** Asserts nothing went wrong on the way: no console errors or warnings, no failed request. */
export function assertClean(assert, opened) {
  assert.deepEqual(opened.consoleMessages, [], 'console errors or warnings');
  assert.deepEqual(opened.failedRequests, [], 'failed requests');
}

/** Waits for `count` animation frames: lets the page run (and shows it is not blocked)
 * without asserting any time. */
export function frames(page, count) {
  return page.evaluate(
    (count) =>
      new Promise((resolve) => {
        let k = 0;
        const tick = () => (++k >= count ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}

/** Moves the timeline scrubber to `value` as a visitor's drag would. */
export async function setScrubber(page, value, selector = 'loopy-ring') {
  await page.evaluate(
    ({ value, selector }) => {
      const s = document.querySelector(selector).shadowRoot.getElementById('scrubber');
      s.value = String(value);
      s.dispatchEvent(new Event('input', { bubbles: true }));
    },
    { value, selector },
  );
}

/**
 * Watches a context's pages from before any of their scripts runs (pass it as openPage's
 * `init`), measuring from outside without hooks in the app:
 * - `window.__longTasks`: the main thread's long tasks ({ start, duration } in ms), as the
 *   browser reports them (PerformanceObserver 'longtask': tasks over 50 ms);
 * - `window.__workerLog`: what the page asks its worker to load ({ from: 'page', t: 'load', id })
 *   and the worker's answers about loads ({ from: 'worker', t, id } for progress, loaded,
 *   cancelled and error), in the order the page sees them.
 */
export async function watchPage(context) {
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
    window.__workerLog = [];
    const log = window.__workerLog;
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          const { t, id } = e.data ?? {};
          if (['progress', 'loaded', 'cancelled', 'error'].includes(t)) log.push({ from: 'worker', t, id });
        });
      }

      postMessage(msg, ...rest) {
        if (msg?.t === 'load') log.push({ from: 'page', t: 'load', id: msg.id });
        return super.postMessage(msg, ...rest);
      }
    };
  });
}

/** The page's clock (performance.now()), to mark the start of a window of long tasks. */
export function pageNow(page) {
  return page.evaluate(() => performance.now());
}

/**
 * A task the visitor notices as a freeze: 200 ms and more. The browser calls every task
 * over 50 ms long; on a machine shared with other work an idle page has those now and
 * then, and handing a 14 MB judge input to the worker is one. The defects these tests
 * guard against froze the page for seconds.
 */
export const FREEZE_MS = 200;

/** The main thread's freezes (long tasks of FREEZE_MS or more, watchPage) since `since`, in ms. */
export function freezesSince(page, since = 0) {
  return page.evaluate(
    ({ since, min }) => window.__longTasks.filter((t) => t.start >= since && t.duration >= min).map((t) => Math.round(t.duration)),
    { since, min: FREEZE_MS },
  );
}

/** What the page's heading says while game n is shown: "Ring of 1,000 · …". */
export const summaryOf = (n) => `Ring of ${Number(n).toLocaleString('en-US')} ·`;

/** Waits until the page's heading says game n is shown. */
export function waitShown(page, n) {
  return page.waitForFunction((prefix) => document.getElementById('game-summary').textContent.startsWith(prefix), summaryOf(n), {
    timeout: TIMEOUT,
  });
}

/**
 * Submits games ([n, s1 text, s2 text]) through the page's form, `every` ms apart, timed
 * in the page; resolves after the last submit.
 */
export function submitGames(page, games, every = 0) {
  return page.evaluate(
    async ({ games, every }) => {
      for (const [k, [n, s1, s2]] of games.entries()) {
        if (k) await new Promise((resolve) => setTimeout(resolve, every));
        document.getElementById('f-n').value = String(n);
        document.getElementById('f-s1').value = s1;
        document.getElementById('f-s2').value = s2;
        document.getElementById('game-form').requestSubmit();
      }
    },
    { games, every },
  );
}
