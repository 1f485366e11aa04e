// Helpers for the visualizer's browser tests (on top of browser.mjs): waiting for the
// page's test hooks, reading the canvas, accessibility with the WCAG 2.1 tags, the CLI.
//
// The page publishes its state on <html>: data-state ("ready" once the worker is idle
// and the shown step is drawn, else "busy"), data-step, data-total, data-n, data-frame.

import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { openPage, runCli, TIMEOUT } from './browser.mjs';

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

/** Page state from the <html> data attributes. */
export function hooks(page) {
  return page.evaluate(() => ({ ...document.documentElement.dataset }));
}

/**
 * Waits until the page is idle and drawn; with `step`, until that step is shown;
 * with `n`, until that game is on screen; with `after`, until a frame later than it.
 */
export async function waitReady(page, { step, n, after } = {}) {
  await page.waitForFunction(
    ({ step, n, after }) => {
      const d = document.documentElement.dataset;
      return (
        d.state === 'ready' &&
        (step === undefined || d.step === String(step)) &&
        (n === undefined || d.n === String(n)) &&
        (after === undefined || Number(d.frame) > after)
      );
    },
    { step, n, after },
    { timeout: TIMEOUT, polling: 'raf' },
  );
  return hooks(page);
}

/** Opens the page at `query` and waits until it has drawn its game. */
export async function openLoopy(browser, query = '', options = {}) {
  const opened = await openPage(browser, `./${query}`, options);
  await waitReady(opened.page);
  return opened;
}

/** The ring's pixels as a data URL. */
export function canvasPicture(page) {
  return page.evaluate(() => document.getElementById('ring').toDataURL());
}

/** What the page shows for the current step: picture (a hash of it), narration, step. */
export async function view(page) {
  return {
    picture: createHash('sha256').update(await canvasPicture(page)).digest('hex').slice(0, 16),
    narration: await page.textContent('#narration'),
    step: (await hooks(page)).step,
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
export async function axeViolations21(page) {
  const require = createRequire(import.meta.url);
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const result = await page.evaluate(() =>
    // eslint-disable-next-line no-undef
    axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
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
export async function setScrubber(page, value) {
  await page.evaluate((value) => {
    const s = document.getElementById('scrubber');
    s.value = String(value);
    s.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}
