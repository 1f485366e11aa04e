// Helpers for the visualizer's browser tests (on top of browser.mjs): waiting for the
// page's test hooks, reading the canvas, accessibility with the WCAG 2.1 tags, the CLI,
// the messages between a page and its workers (watchPage) and the orders tests assert on
// them (a cancelled load, frames while the worker solves), posts and snippets, and what
// the pure tests share too (the seeded rng, explain.js's ring context).
//
// The page is one <loopy-ring> element plus panels. The element publishes its state as
// properties: `state` ("ready" once the worker is idle and the shown step is drawn, else
// "busy"), `step`, `length`, `game.n` and `frameCount`. `hooks` reads them as strings
// (state, step, total, n, frame) for the first element on the page, or for `selector`.

import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LAYOUT } from '../www/pkg/layout.js';
import { axeViolations, BASE_URL, openPage, runCli, TIMEOUT, WCAG21 } from './browser.mjs';

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

/**
 * A seeded generator (xorshift64, as crate/tests/common/rng.rs), so that every run draws
 * the same and a failure can be replayed: `below(m)` is a whole number from 0 to m - 1.
 */
export function rng(seed) {
  let x = BigInt(seed);
  return (m) => {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    return Number(x % BigInt(m));
  };
}

/**
 * The context of a ring game that www/js/ring/explain.js reads, from the core's answer, as
 * the element builds it: { g, sol }, `sol` the core's Solution (`loopy`: the whole wasm
 * module, www/pkg/graphs/, initialised).
 */
export function ringContext(loopy, n, s1, s2) {
  const sol = loopy.solve(n, s1, s2);
  const both = (Kind, f) => {
    const a = new Kind(2 * n);
    a.set(f(1), 0);
    a.set(f(2), n);
    return a;
  };
  const sorted = (s) => Uint32Array.from(s).sort();
  const g = {
    n,
    steps: [null, sorted(s1), sorted(s2)],
    out: both(Uint8Array, (p) => sol.outcomes(p)),
    dep: both(Uint32Array, (p) => sol.depths(p)),
    best: both(Uint32Array, (p) => sol.bestMoves(p)),
    layout: LAYOUT,
  };
  return { g, sol };
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
      // On the page, its summary and judge answer (which the why module writes) have caught up with the ring.
      const summary = selector === 'loopy-ring' ? document.getElementById('game-summary') : null;
      const g = el.game;
      const caughtUp = !summary || summary.dataset.shown === `${g.n} ${g.s1} ${g.s2}`;
      return (
        d.state === 'ready' &&
        caughtUp &&
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

/**
 * The colours of an element's canvas around its marks: for each of `points` (the arguments
 * of the element's `pointOf`: a ring's player and position, a graph's vertex), the [r, g, b]
 * of the pixel at each of `offsets` ([dx, dy] in CSS px from the mark's centre).
 */
export function pixelsAround(page, selector, points, offsets) {
  return page.evaluate(
    ({ selector, points, offsets }) => {
      const el = document.querySelector(selector);
      const canvas = el.shadowRoot.querySelector('canvas[part="canvas"]');
      const box = canvas.getBoundingClientRect();
      const d = canvas.width / box.width;
      // One copy of the picture, read as often as needed (made for it, else Chromium warns on the console).
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(canvas, 0, 0);
      return points.map((at) => {
        const { x, y } = el.pointOf(...at);
        return offsets.map(([dx, dy]) => [
          ...ctx.getImageData(Math.round((x - box.left + dx) * d), Math.round((y - box.top + dy) * d), 1, 1).data.slice(0, 3),
        ]);
      });
    },
    { selector, points, offsets },
  );
}

/** A cross of pixels through a mark, 3 to 7 CSS px from its centre (the digit is in the middle). */
const CROSS = [-7, -6, -5, -4, -3, 3, 4, 5, 6, 7].flatMap((r) => [
  [r, 0],
  [0, r],
]);

/**
 * The value each mark of an element's canvas shows, read back from its pixels (pixelsAround,
 * `points` as there): 'Win', 'Lose' or 'Loop' where a cross of pixels through the mark is
 * mostly that value's colour, '-' where it is the undecided colour, '?' where it is none of
 * them. The colours are the element's own custom properties (--loopy-win, -lose, -loop,
 * -unknown), so any theme reads back the same words.
 */
export async function marksAt(page, selector, points) {
  const colours = await page.evaluate((selector) => {
    const css = getComputedStyle(document.querySelector(selector));
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    return [
      ['Win', '--loopy-win'],
      ['Lose', '--loopy-lose'],
      ['Loop', '--loopy-loop'],
      ['-', '--loopy-unknown'],
    ].map(([value, name]) => {
      probe.fillStyle = css.getPropertyValue(name).trim();
      probe.fillRect(0, 0, 1, 1);
      return [value, [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)]];
    });
  }, selector);
  const pixels = await pixelsAround(page, selector, points, CROSS);
  return pixels.map((samples) => {
    const votes = new Map();
    for (const px of samples) {
      const hit = colours.find(([, c]) => c.every((v, i) => Math.abs(v - px[i]) <= 6));
      if (hit) votes.set(hit[0], (votes.get(hit[0]) ?? 0) + 1);
    }
    const best = [...votes].sort((a, b) => b[1] - a[1])[0];
    return best && best[1] >= samples.length * 0.3 ? best[0] : '?';
  });
}

/** What a ring's canvas shows for every state (marksAt): for player 1 then 2, positions 1 to n-1. */
export async function markValues(page, selector = 'loopy-ring') {
  const n = await page.evaluate((selector) => document.querySelector(selector).game.n, selector);
  const positions = Array.from({ length: n - 1 }, (_, k) => k + 1);
  const values = await marksAt(
    page,
    selector,
    [1, 2].flatMap((p) => positions.map((pos) => [p, pos])),
  );
  return [values.slice(0, n - 1), values.slice(n - 1)];
}

/** The judge answer's words (two lines of Win/Lose/Loop) as markValues gives them; with `decided`, only where `decided` is not '-'. */
export function answerWords(answer, decided) {
  const words = answer
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  return decided ? words.map((row, p) => row.map((w, k) => (decided[p][k] === '-' ? '-' : w))) : words;
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

/**
 * Waits until every Loopy element on the page is settled (settled(): its game on screen, no
 * part, word or fact still on its way) and two more frames have drawn what that brought.
 */
export async function settledElements(page) {
  await page.evaluate(() => Promise.all([...document.querySelectorAll('loopy-ring, loopy-graph')].map((e) => e.settled())));
  await frames(page, 2);
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
 * Watches a page from before any of its scripts runs (an init script: pass it as openPage's
 * `script`), from outside, with no hooks in the app:
 * - `window.__frames`: how many animation frames the page has had (a requestAnimationFrame
 *   loop of the watcher's own), a count that stands still while the main thread is blocked;
 * - `window.__workerLog`: the messages between the page and its workers that concern loads and
 *   questions, in the order the page sees them, each with `frame`, the frame count then: what
 *   the page asks ({ from: 'page', t, id, req } for load, cancel, parse and checkAnswer) and the workers'
 *   answers ({ from: 'worker', t, id, req, phase } for progress, loaded, cancelled, error and answer;
 *   `phase` is a progress message's: a graph's phase, or 'preparing' once a ring's solve is over).
 * (The main thread's long tasks are a bench figure: tests/bench/browser.mjs watches them.)
 */
export function watchPage() {
  {
    window.__frames = 0;
    const count = () => {
      window.__frames++;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    window.__workerLog = [];
    const log = window.__workerLog;
    const note = (from, { t, id, req, phase, preparing } = {}) =>
      log.push({ from, t, id, req, phase: phase ?? (preparing ? 'preparing' : undefined), frame: window.__frames });
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          if (['progress', 'loaded', 'cancelled', 'error', 'answer'].includes(e.data?.t)) note('worker', e.data);
        });
      }

      postMessage(msg, ...rest) {
        if (['load', 'cancel', 'parse', 'checkAnswer'].includes(msg?.t)) note('page', msg);
        return super.postMessage(msg, ...rest);
      }
    };
  }
}

/** The page's newest load (watchPage): its id, or null before any. */
export function newestLoad(page) {
  return page.evaluate(() => window.__workerLog.findLast((m) => m.from === 'page' && m.t === 'load')?.id ?? null);
}

/** What the workers said about load `id` (watchPage), in order: [{ t, phase, frame }]. */
export function answersTo(page, id) {
  return page.evaluate(
    (id) => window.__workerLog.filter((m) => m.from === 'worker' && m.id === id).map(({ t, phase, frame }) => ({ t, phase, frame })),
    id,
  );
}

/** How a load ended (watchPage): the workers' words about load `id` other than progress ('loaded', 'cancelled', 'error'), in order. */
export async function endsOf(page, id) {
  return (await answersTo(page, id)).filter((m) => m.t !== 'progress').map((m) => m.t);
}

/**
 * Clicks Cancel (the page's, or the element's own) while load `id` (by default the page's
 * newest, watchPage) is under way, and waits until its worker has ended that load and the
 * status line says so ("Cancelled", when it was cancelled). Resolves to how the load ended
 * (endsOf): `['cancelled']` when the worker stopped it; a load that finished its work
 * regardless ends `['loaded']`. No time is measured (how soon Cancel is answered is the
 * bench's, tests/bench/browser.mjs).
 */
export async function cancelLoad(page, id) {
  const load = id ?? (await newestLoad(page));
  await page.evaluate(() => {
    const button = document.getElementById('cancel') ?? document.querySelector('loopy-ring')?.shadowRoot.getElementById('cancel');
    button.click();
  });
  await page.waitForFunction((id) => window.__workerLog.some((m) => m.from === 'worker' && m.id === id && m.t !== 'progress'), load, {
    timeout: TIMEOUT,
    polling: 50,
  });
  const ends = await endsOf(page, load);
  if (ends[0] === 'cancelled') {
    await page.waitForFunction(() => document.getElementById('load-status')?.textContent.startsWith('Cancelled') ?? true, null, { timeout: TIMEOUT });
  }
  return ends;
}

/**
 * The questions of kind `t` ('parse', 'checkAnswer') that the page asked its workers
 * (watchPage), oldest first, each with whether a worker has answered it: [true, …]. The
 * work such a question names is the worker's, not the main thread's.
 */
export function askedOfWorker(page, t) {
  return page.evaluate((t) => {
    const log = window.__workerLog;
    return log.filter((m) => m.from === 'page' && m.t === t).map((q) => log.some((a) => a.from === 'worker' && a.t === 'answer' && a.req === q.req));
  }, t);
}

/**
 * Asserts that the page went on drawing while the worker worked on load `id` (watchPage):
 * the worker reported progress, and the page's frame count, recorded with each progress
 * message, grew from the first to the last. A solve on the main thread (no worker reports
 * any) or a page that draws nothing while the worker solves breaks it; a slow machine does
 * not (no time is asserted). Returns { messages, frames } for a diagnostic.
 */
export async function assertDrewWhileSolving(assert, page, id, what = `load ${id}`) {
  const frames = (await answersTo(page, id)).filter((m) => m.t === 'progress').map((m) => m.frame);
  assert.ok(frames.length >= 2, `${what}: the worker reported progress (${frames.length} messages)`);
  assert.ok(frames.at(-1) > frames[0], `${what}: the page drew no frame while the worker reported progress (frame ${frames[0]} throughout)`);
  return { messages: frames.length, frames: frames.at(-1) - frames[0] };
}

/**
 * In the page: presses the Cancel of element `selector` (its own button, else its cancel())
 * `delay` ms after its first `loopy-progress` of phase `phase`, or within that event when
 * `delay` is 0 ('preparing': the ring's animation being prepared, after its solve; else a
 * graph's phase by name), so that the press lands in that phase. Records in `window.__cancel` the phases the element reported, in order
 * (`phases`, each once, with '(pressed)' where Cancel was pressed) and what the element said
 * first after the press (`answer`: 'cancelled' for `loopy-cancel`, 'ready' for the
 * `loopy-ready` of the load finished regardless, 'error' for `loopy-error`).
 */
export function cancelAt(page, selector, phase, delay = 0) {
  return page.evaluate(
    ({ selector, phase, delay }) => {
      const el = document.querySelector(selector);
      const log = { pressed: false, answer: null, phases: [] };
      window.__cancel = log;
      const press = () => {
        log.pressed = true;
        log.phases.push('(pressed)');
        const button = el.shadowRoot.getElementById('cancel');
        if (button) button.click();
        else el.cancel();
      };
      const onProgress = (e) => {
        const now = e.detail.phase ?? (e.detail.preparing ? 'preparing' : 'solve');
        if (log.phases.at(-1) === now) return;
        log.phases.push(now);
        if (now !== phase || log.phases.indexOf(now) !== log.phases.length - 1) return;
        // At once (delay 0) from the progress event itself: the worker has just gone on into the phase.
        if (delay) setTimeout(press, delay);
        else press();
      };
      el.addEventListener('loopy-progress', onProgress);
      for (const [type, answer] of [
        ['loopy-cancel', 'cancelled'],
        ['loopy-ready', 'ready'],
        ['loopy-error', 'error'],
      ]) {
        el.addEventListener(type, () => {
          if (!log.pressed || log.answer !== null) return;
          log.answer = answer;
          el.removeEventListener('loopy-progress', onProgress);
        });
      }
    },
    { selector, phase, delay },
  );
}

/**
 * Waits until the Cancel that cancelAt pressed has been answered: { answer, phases }. No time
 * is measured: a worker that never looks at its messages in the phase breaks it (the load
 * then ends 'ready'), a hang too; how soon is a figure of `cargo xtask bench`
 * (tests/bench/phases.mjs).
 */
export async function answerOf(page) {
  await page.waitForFunction(() => window.__cancel.pressed && window.__cancel.answer !== null, null, { timeout: TIMEOUT, polling: 100 });
  return page.evaluate(() => ({ answer: window.__cancel.answer, phases: window.__cancel.phases }));
}

/** Waits until the progress bar says that `count` states are decided ("…: 1,234 of …"). */
export function waitDecided(page, count) {
  return page.waitForFunction(
    (count) => {
      const label = document.getElementById('progress-label') ?? document.querySelector('loopy-ring').shadowRoot.getElementById('progress-label');
      const decided = /: ([\d,]+) of/.exec(label.textContent);
      return decided && Number(decided[1].replace(/,/g, '')) >= count;
    },
    count,
    { timeout: TIMEOUT, polling: 100 },
  );
}

/** Game k of the big judge inputs (fillBigJudge): n from 6 to 102 (not the sample's 5), one step each. */
export function bigJudgeGame(k) {
  const n = 6 + (k % 97);
  return { n, s1: 1 + (k % (n - 1)), s2: 1 + ((3 * k + 1) % (n - 1)) };
}

/**
 * Puts a judge input of T games (bigJudgeGame) into the page's judge box, made in the page
 * (14 MB at T = 10^6). The box is hidden first: Chromium lays out a textarea's whole text
 * in one task on the next frame (minutes for 14 MB on a busy 2-core machine), the same on
 * any page and no part of what the tests check; the page reads the box's value all the same.
 */
export function fillBigJudge(page, T) {
  return page.evaluate((T) => {
    const parts = [`${T}\n`];
    for (let k = 0; k < T; k++) {
      const n = 6 + (k % 97); // as bigJudgeGame(k)
      parts.push(`${n}\n1 ${1 + (k % (n - 1))}\n1 ${1 + ((3 * k + 1) % (n - 1))}\n`);
    }
    const box = document.getElementById('judge-input');
    box.hidden = true;
    box.value = parts.join('');
  }, T);
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

/**
 * A blog post holding `body`, served by the test (a route at `name`, beside the test
 * server's pages) with `<html lang="${lang}">`, `head` in its head and the module of each
 * element `body` names: opened, and each of `drawn` (CSS selectors; by default the first
 * element of each kind) scrolled to and drawn. `canvasText`: record what canvases draw
 * (recordCanvasText). Resolves to what openPage gives.
 */
export async function openPost(browser, body, { name = '__post.html', lang = 'en', head = '', viewport, canvasText = false, drawn } = {}) {
  const tags = ['loopy-ring', 'loopy-graph'].filter((tag) => body.includes(`<${tag}`));
  const url = new URL(name, BASE_URL).href;
  const scripts = tags.map((tag) => `<script type="module" src="${new URL(`${tag}.js`, BASE_URL).href}"></script>`).join('\n');
  const doc = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${head}\n${scripts}</head>\n<body>${body}</body></html>`;
  const opened = await openPage(browser, url, { viewport, html: doc, script: canvasText ? recordCanvasText : [] });
  for (const tag of tags) await opened.page.waitForFunction((tag) => customElements.get(tag) !== undefined, tag, { timeout: TIMEOUT });
  for (const selector of drawn ?? tags) {
    await opened.page.locator(selector).first().scrollIntoViewIfNeeded();
    await waitReady(opened.page, { selector });
  }
  return opened;
}

/**
 * A share snippet (an element, or an iframe of an embed page) pasted into a fresh page of
 * the test server's origin, as a blogger pastes it into a post: { opened (openPage's), frame },
 * `frame` the iframe's when the snippet is one, else the page.
 */
export async function pasteSnippet(browser, snippet) {
  const opened = await openPage(browser, './rules.html');
  await opened.page.setContent(
    `<!doctype html><html lang="en"><head><title>post</title></head><body><main><h1>A post</h1>${snippet}</main></body></html>`,
  );
  const frame = snippet.startsWith('<iframe') ? await (await opened.page.waitForSelector('iframe')).contentFrame() : opened.page;
  return { opened, frame };
}

/**
 * Starts recording the text each canvas draws (`fillText`, `strokeText`) into
 * `window.__canvasText`; an init script (openPage's `script`), so that it runs before any element does.
 */
export function recordCanvasText() {
  window.__canvasText = new Set();
  for (const proto of [globalThis.CanvasRenderingContext2D?.prototype, globalThis.OffscreenCanvasRenderingContext2D?.prototype]) {
    if (!proto) continue;
    for (const name of ['fillText', 'strokeText']) {
      const draw = proto[name];
      proto[name] = function (text, ...rest) {
        window.__canvasText.add(String(text));
        return draw.call(this, text, ...rest);
      };
    }
  }
}

/**
 * Every English word a reader of the Loopy elements in `selectors` can see or hear: the
 * text of their shadow trees (hidden panels too, since they open), every aria-label,
 * aria-valuetext, aria-roledescription, title, placeholder and alt in them, and what the
 * canvases drew (recordCanvasText). Names the issue lets through are not counted: Loopy,
 * SG, mex, key names, format names, single letters (n, K, P, N). `[{ where, text }]`.
 */
export function englishLeft(page, selectors = ['loopy-ring', 'loopy-graph']) {
  return page.evaluate((selectors) => {
    const ALLOWED = new Set(
      'Loopy SG mex Esc Escape Enter Space Shift Ctrl Alt Tab Home End PageUp PageDown Backspace Delete PgUp PgDn goal dag tree AGC sg GIF PNG WebM MP4 URL HTML CSV JSON SVG BFS ID'.split(
        ' ',
      ),
    );
    const english = (text) => (String(text).match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !ALLOWED.has(w));
    const found = [];
    const note = (where, text) => {
      if (english(text).length) found.push({ where, text: String(text).trim().slice(0, 200) });
    };
    const walk = (root, where) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.tagName === 'STYLE' || el.tagName === 'SCRIPT') continue;
        for (const a of ['aria-label', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt']) {
          if (el.hasAttribute(a)) note(`${where} ${el.tagName.toLowerCase()}[${a}]`, el.getAttribute(a));
        }
        for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) note(`${where} ${el.tagName.toLowerCase()}`, n.textContent);
        if (el.shadowRoot) walk(el.shadowRoot, `${where} ${el.tagName.toLowerCase()}>`);
      }
    };
    for (const sel of selectors) {
      for (const el of document.querySelectorAll(sel)) {
        for (const a of ['aria-label', 'title']) if (el.hasAttribute(a)) note(`${sel}[${a}]`, el.getAttribute(a));
        if (el.shadowRoot) walk(el.shadowRoot, sel);
      }
    }
    for (const text of window.__canvasText ?? []) note('canvas', text);
    return found;
  }, selectors);
}

/**
 * Every English word a reader of a whole Loopy page can see or hear: what `englishLeft`
 * finds in the elements, plus the page's own document (its title, text, aria-label, title,
 * placeholder, alt and <option> labels, hidden panels too). Not counted, besides the names
 * `englishLeft` lets through: code (<code>, <kbd>, <pre>, <var>, and whatever is marked
 * translate="no", as the judge's output, whose Win / Lose / Loop are the judge's words),
 * text marked as English on purpose (lang="en": a language's own name in the switch), and
 * the names of tools and sites the words cite (JavaScript, WebAssembly, iframe, Tyvj, the
 * `loopy` command and its file). With `elements: false`, the page's own words alone (not the
 * elements' shadow trees, nor the keys list the page copies from its element).
 * `[{ where, text }]`.
 */
export async function pageEnglishLeft(page, { elements = true } = {}) {
  const inElements = elements ? await englishLeft(page) : [];
  const inPage = await page.evaluate((elements) => {
    const ALLOWED = new Set(
      'Loopy SG mex Esc Escape Enter Space Shift Ctrl Alt Tab Home End PageUp PageDown Backspace Delete PgUp PgDn goal dag tree AGC sg GIF PNG WebM MP4 URL HTML CSV JSON SVG BFS ID JavaScript WebAssembly iframe Tyvj loopy graph input txt'.split(
        ' ',
      ),
    );
    const english = (text) => (String(text).match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !ALLOWED.has(w));
    const SKIP = new Set(['SCRIPT', 'STYLE', 'CODE', 'KBD', 'PRE', 'VAR', 'LOOPY-RING', 'LOOPY-GRAPH', 'TEXTAREA']);
    const found = [];
    const note = (where, text) => {
      if (english(text).length) found.push({ where, text: String(text).trim().slice(0, 200) });
    };
    note('title', document.title);
    const walk = (el) => {
      // The keys list is the element's (its `keys`, in its words): counted with the elements.
      if (!elements && el.id === 'keys-list') return;
      if (SKIP.has(el.tagName) || el.getAttribute('translate') === 'no' || /^en\b/.test(el.getAttribute('lang') ?? '')) {
        // The elements' light DOM (the fallback text, the page's inspector slotted into them) is the page's.
        if (!/^LOOPY-/.test(el.tagName)) return;
      } else {
        for (const a of ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt']) {
          if (el.hasAttribute(a)) note(`${el.tagName.toLowerCase()}#${el.id}[${a}]`, el.getAttribute(a));
        }
        if (el.tagName === 'META' && el.name === 'description') note('meta description', el.content);
      }
      for (const n of el.childNodes) {
        if (n.nodeType === 3 && n.textContent.trim() && !SKIP.has(el.tagName)) note(`${el.tagName.toLowerCase()}#${el.id}`, n.textContent);
        if (n.nodeType === 1) walk(n);
      }
    };
    walk(document.documentElement);
    return found;
  }, elements);
  return [...inElements, ...inPage];
}

/**
 * The colours of the canvas pixels near state (player, pos): `ray`, a strip 5 px wide along
 * the ray from the ring's centre through it (a bin is 2 px wide), 40 px each way; or
 * `radius`, the square of that many px around it; counted by colour (`'r,g,b'`: pixels).
 */
export function coloursNear(page, player, pos, { ray = false, radius = 8 } = {}) {
  return page.evaluate(
    ({ player, pos, ray, radius }) => {
      const r = document.querySelector('loopy-ring');
      const canvas = r.shadowRoot.getElementById('ring');
      // Read from a copy made for reading, so Chromium does not warn about repeated readbacks.
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const cctx = copy.getContext('2d', { willReadFrequently: true });
      cctx.drawImage(canvas, 0, 0);
      const all = cctx.getImageData(0, 0, copy.width, copy.height).data;
      const box = canvas.getBoundingClientRect();
      const d = canvas.width / box.width;
      const { x, y } = r.pointOf(player, pos);
      const [cx, cy] = [box.left + box.width / 2, box.top + box.height / 2];
      const len = Math.hypot(x - cx, y - cy) || 1;
      const [ux, uy] = ray ? [(x - cx) / len, (y - cy) / len] : [1, 0];
      const reach = ray ? 40 : radius;
      const across = ray ? 2.5 : radius;
      // Each device pixel once, counted by colour.
      const seen = new Set();
      const out = {};
      for (let t = -reach; t <= reach; t += 0.25) {
        for (let w = -across; w <= across; w += 0.25) {
          const px = Math.round((x + ux * t - uy * w - box.left) * d);
          const py = Math.round((y + uy * t + ux * w - box.top) * d);
          const k = 4 * (py * canvas.width + px);
          if (seen.has(k)) continue;
          seen.add(k);
          const c = `${all[k]},${all[k + 1]},${all[k + 2]}`;
          out[c] = (out[c] || 0) + 1;
        }
      }
      return out;
    },
    { player, pos, ray, radius },
  );
}

export const WIN = '0,114,178'; // --loopy-win, #0072B2
export const WIN_QUEUED = '115,177,213'; // the same, paler while it waits in the queue
/** Device pixels of the Win colour (settled or queued) among counted colours. */
export const blue = (counts) => (counts[WIN] || 0) + (counts[WIN_QUEUED] || 0);

/**
 * What the page's workers hold, in bytes: each worker's JS heap after a garbage collection
 * and the wasm memories in it (a wasm memory is not in the JS heap, and never shrinks while
 * its module lives), nested workers included. Through the DevTools protocol from the
 * browser's session (`session`): every worker target is attached to, and asked.
 */
export async function workerMemory(session) {
  const { targetInfos } = await session.send('Target.getTargets');
  let bytes = 0;
  for (const t of targetInfos.filter((t) => t.type === 'worker')) {
    let sessionId;
    try {
      ({ sessionId } = await session.send('Target.attachToTarget', { targetId: t.targetId, flatten: false }));
    } catch {
      continue; // a worker gone meanwhile
    }
    let id = 0;
    const answers = new Map();
    const heard = (e) => {
      if (e.sessionId !== sessionId) return;
      const m = JSON.parse(e.message);
      answers.get(m.id)?.(m);
    };
    session.on('Target.receivedMessageFromTarget', heard);
    const ask = (method, params = {}) =>
      new Promise((resolve) => {
        const k = ++id;
        answers.set(k, resolve);
        session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: k, method, params }) }).catch(() => resolve({}));
      });
    try {
      await ask('HeapProfiler.collectGarbage');
      bytes += (await ask('Runtime.getHeapUsage')).result?.usedSize ?? 0;
      const proto = await ask('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
      const found = await ask('Runtime.queryObjects', { prototypeObjectId: proto.result.result.objectId });
      const sum = await ask('Runtime.callFunctionOn', {
        objectId: found.result.objects.objectId,
        functionDeclaration: 'function () { return this.reduce((s, m) => s + m.buffer.byteLength, 0); }',
        returnByValue: true,
      });
      bytes += sum.result?.result?.value ?? 0;
    } finally {
      session.off('Target.receivedMessageFromTarget', heard);
      await session.send('Target.detachFromTarget', { sessionId }).catch(() => {});
    }
  }
  return bytes;
}

/**
 * The pixels of every canvas on the page, shadow roots included (a canvas's pixels are not
 * in the JS heap), and how many of them are print pictures drawn (class `print`, a width).
 */
export function canvasPixels(page) {
  return page.evaluate(() => {
    let pixels = 0;
    let prints = 0;
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'canvas') {
          pixels += el.width * el.height;
          if (el.classList.contains('print') && el.width > 0) prints++;
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return { pixels, prints };
  });
}
