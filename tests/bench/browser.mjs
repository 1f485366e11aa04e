// The browser half of `cargo xtask bench`: the page in headless Chromium.
//
// Usage: LOOPY_URL=http://127.0.0.1:PORT/ node tests/bench/browser.mjs [--quick]
// Prints a Markdown section: frame times while playing n = 7000 (full step sets) at
// the top speed, scrubbing latency, time to the first paint of a solved game, the
// gzipped weight of everything the page (and graph mode's page) loads and of the element alone (the files of the
// npm package that `cargo xtask dist` writes, types excluded), and the blog example's
// budgets: .wasm requests, time until every element is drawn, long main-thread tasks,
// animation frames at rest. Figures only; nothing here passes or fails on a number.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BASE_URL, launchBrowser } from '../browser.mjs';

const DIST_NPM = process.env.LOOPY_DIST_DIR
  ? join(process.env.LOOPY_DIST_DIR, 'npm')
  : fileURLToPath(new URL('../../target/dist/npm', import.meta.url));

const quick = process.argv.includes('--quick');
const FULL_7000 = '?n=7000&s1=1-6999&s2=1-6999';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Waits until the page's element (`loopy-ring`, or `tag`) has drawn its game (and, unless playing, is idle). */
async function ready(page, tag = 'loopy-ring') {
  await page.waitForFunction(
    (tag) => {
      const el = document.querySelector(tag);
      return el?.game && el.frameCount > 0 && (el.playing || el.state === 'ready');
    },
    tag,
    { timeout: 120_000 },
  );
}

/** The element's own weight: every file of its npm package but the types, gzipped. */
function elementWeight() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|wasm)$/.test(name)) files.push(path);
    }
  };
  walk(DIST_NPM);
  let js = 0;
  let wasm = 0;
  for (const f of files) {
    const gz = gzipSync(readFileSync(f), { level: 9 }).length;
    if (f.endsWith('.wasm')) wasm += gz;
    else js += gz;
  }
  return { js, wasm, total: js + wasm, files: files.length };
}

/** The blog example with every element on screen at once (a tall window): budgets. */
async function blog(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 5000 } });
  const page = await context.newPage();
  let wasm = 0;
  page.on('request', (r) => r.url().endsWith('.wasm') && wasm++);
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
    window.rafCalls = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (f) => {
      window.rafCalls++;
      return raf(f);
    };
  });
  await page.goto(`${BASE_URL}examples/blog.html`);
  const drawn = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const els = [...document.querySelectorAll('loopy-ring')];
        const times = els.map(() => 0);
        const check = () => {
          els.forEach((el, k) => {
            if (!times[k] && el.frameCount > 0) times[k] = performance.now();
          });
          if (times.every(Boolean)) resolve(times);
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
  // Play each to its end at top speed, then rest.
  await page.evaluate(async () => {
    for (const el of document.querySelectorAll('loopy-ring')) {
      el.speed = 1e7;
      el.play();
    }
    await new Promise((r) => {
      const wait = () =>
        [...document.querySelectorAll('loopy-ring')].every((el) => !el.playing && el.state === 'ready') ? r() : setTimeout(wait, 50);
      wait();
    });
  });
  await page.waitForTimeout(300);
  const before = await page.evaluate(() => window.rafCalls);
  await page.waitForTimeout(2000);
  const rest = (await page.evaluate(() => window.rafCalls)) - before;
  const long = await page.evaluate(() => window.longTasks);
  await context.close();
  return { wasm, drawn: Math.max(...drawn), long: long.filter((d) => d > 50), restFps: rest / 2 };
}

/** Everything the page (the ring's, or graph mode's `graph.html`) fetches, gzipped at level 9, by kind. */
async function pageWeight(browser, path = '', tag = 'loopy-ring') {
  const page = await browser.newPage();
  const bodies = [];
  page.on('response', async (r) => {
    try {
      bodies.push({ url: r.url(), body: await r.body() });
    } catch {
      // a response without a body (a redirect, say) weighs nothing
    }
  });
  await page.goto(new URL(path, BASE_URL).href, { waitUntil: 'networkidle' });
  await ready(page, tag);
  await page.close();
  const byKind = {};
  let total = 0;
  for (const { url, body } of bodies) {
    const path = new URL(url).pathname;
    const kind = path.endsWith('/') ? 'html' : path.split('.').pop();
    const gz = gzipSync(body, { level: 9 }).length;
    byKind[kind] = (byKind[kind] || 0) + gz;
    total += gz;
  }
  return { total, byKind, files: bodies.length };
}

/** Milliseconds from navigation start to the first frame showing a solved game. */
async function firstPaint(browser, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}?n=8&s1=2,3,4,6&s2=3,6`);
    const t = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const check = () => {
            const el = document.querySelector('loopy-ring');
            if (el?.state === 'ready' && el.frameCount > 0) {
              // The frame that drew it is on screen at the next animation frame.
              requestAnimationFrame(() => resolve(performance.now()));
            } else {
              requestAnimationFrame(check);
            }
          };
          check();
        }),
    );
    times.push(t);
    await context.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** requestAnimationFrame intervals over `seconds` while the page plays at top speed. */
async function frameTimes(browser, seconds) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${BASE_URL}${FULL_7000}&g=events&speed=10000000&autoplay=1`);
  await ready(page);
  const before = Number(await page.evaluate(() => document.querySelector('loopy-ring').step));
  const stamps = await page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const t = [];
        const tick = (ts) => {
          t.push(ts);
          if (ts - t[0] < ms) requestAnimationFrame(tick);
          else resolve(t);
        };
        requestAnimationFrame(tick);
      }),
    seconds * 1000,
  );
  const after = Number(await page.evaluate(() => document.querySelector('loopy-ring').step));
  await page.close();
  const gaps = stamps
    .slice(1)
    .map((t, i) => t - stamps[i])
    .sort((a, b) => a - b);
  return {
    frames: gaps.length,
    p50: percentile(gaps, 50),
    p95: percentile(gaps, 95),
    p99: percentile(gaps, 99),
    max: gaps[gaps.length - 1],
    advanced: after - before,
  };
}

/** Time from moving the scrubber to the frame that shows the new step. */
async function scrubLatency(browser, count) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${BASE_URL}${FULL_7000}&g=events`);
  await ready(page);
  const times = await page.evaluate(async (count) => {
    const el = document.querySelector('loopy-ring');
    const scrub = el.shadowRoot.getElementById('scrubber');
    const total = el.length;
    const out = [];
    for (let k = 0; k < count; k++) {
      const target = Math.floor((((k * 7919 + 13) % 1000) / 1000) * total);
      const t0 = performance.now();
      scrub.value = String(target);
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => {
        const wait = () => {
          if (el.step === target && el.state === 'ready') {
            requestAnimationFrame(() => resolve());
          } else requestAnimationFrame(wait);
        };
        wait();
      });
      out.push(performance.now() - t0);
    }
    return out;
  }, count);
  await page.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

const browser = await launchBrowser();
try {
  const weight = await pageWeight(browser);
  const graphs = await pageWeight(browser, 'graph.html', 'loopy-graph');
  const element = elementWeight();
  const post = await blog(browser);
  const paint = await firstPaint(browser, quick ? 3 : 7);
  const frames = await frameTimes(browser, quick ? 3 : 5);
  const scrub = await scrubLatency(browser, quick ? 10 : 30);
  const kb = (b) => (b / 1024).toFixed(1);
  let s = '## The page in headless Chromium\n\n| measure | value |\n|---|---:|\n';
  s += `| page weight, gzipped (${weight.files} files) | ${kb(weight.total)} KB |\n`;
  for (const [kind, b] of Object.entries(weight.byKind).sort()) s += `| &nbsp; of which .${kind} | ${kb(b)} KB |\n`;
  s += `| the element alone (JS + wasm, ${element.files} files), gzipped | ${kb(element.total)} KB (JS ${kb(element.js)}, wasm ${kb(element.wasm)}) |\n`;
  const graphKinds = Object.entries(graphs.byKind)
    .sort()
    .map(([kind, b]) => `.${kind} ${kb(b)}`)
    .join(', ');
  s += `| graph mode (graph.html, a sample drawn), gzipped (${graphs.files} files) | ${kb(graphs.total)} KB (${graphKinds}) |\n`;
  s += `| blog example (3 elements, all on screen): .wasm requests | ${post.wasm} |\n`;
  s += `| &nbsp; every element drawn, after navigation start | ${post.drawn.toFixed(0)} ms |\n`;
  s += `| &nbsp; main-thread tasks over 50 ms (loading, then playing all three to the end) | ${post.long.length ? `${post.long.map((d) => d.toFixed(0)).join(', ')} ms` : 'none'} |\n`;
  s += `| &nbsp; animation frames a second, all paused | ${post.restFps} |\n`;
  s += `| first paint of a solved game (n = 8), median | ${paint.toFixed(0)} ms |\n`;
  s += `| frame time playing n = 7000 full sets at top speed: p50 / p95 / p99 / max | ${frames.p50.toFixed(1)} / ${frames.p95.toFixed(1)} / ${frames.p99.toFixed(1)} / ${frames.max.toFixed(1)} ms |\n`;
  s += `| &nbsp; frames measured, events advanced | ${frames.frames}, ${frames.advanced} |\n`;
  s += `| scrub to a random step at n = 7000 (until drawn): p50 / p95 / max | ${scrub.p50.toFixed(1)} / ${scrub.p95.toFixed(1)} / ${scrub.max.toFixed(1)} ms |\n`;
  console.log(s);
} finally {
  await browser.close();
}
