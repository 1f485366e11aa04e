// The browser half of `cargo xtask bench`: the page in headless Chromium.
//
// Usage: LOOPY_URL=http://127.0.0.1:PORT/ node tests/bench/browser.mjs [--quick]
// Prints a Markdown section: frame times while playing n = 7000 (full step sets) at
// the top speed, scrubbing latency, time to the first paint of a solved game, and the
// gzipped weight of everything the page loads. Figures only; nothing here passes or
// fails on a number.
import { gzipSync } from 'node:zlib';
import { launchBrowser, BASE_URL } from '../browser.mjs';

const quick = process.argv.includes('--quick');
const FULL_7000 = '?n=7000&s1=1-6999&s2=1-6999';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function ready(page) {
  await page.waitForFunction(() => document.documentElement.dataset.state === 'ready', null, {
    timeout: 120_000,
  });
}

/** Everything the page fetches, gzipped at level 9, by kind. */
async function pageWeight(browser) {
  const page = await browser.newPage();
  const bodies = [];
  page.on('response', async (r) => {
    try {
      bodies.push({ url: r.url(), body: await r.body() });
    } catch {
      // a response without a body (a redirect, say) weighs nothing
    }
  });
  await page.goto(BASE_URL, { waitUntil: 'networkidle' });
  await ready(page);
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
            const root = document.documentElement;
            if (root.dataset.state === 'ready' && Number(root.dataset.frame) > 0) {
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
  const before = Number(await page.evaluate(() => document.documentElement.dataset.step));
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
  const after = Number(await page.evaluate(() => document.documentElement.dataset.step));
  await page.close();
  const gaps = stamps.slice(1).map((t, i) => t - stamps[i]).sort((a, b) => a - b);
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
    const root = document.documentElement;
    const scrub = document.querySelector('input[type=range]');
    const total = Number(root.dataset.total);
    const out = [];
    for (let k = 0; k < count; k++) {
      const target = Math.floor(((k * 7919 + 13) % 1000) / 1000 * total);
      const t0 = performance.now();
      scrub.value = String(target);
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => {
        const wait = () => {
          if (Number(root.dataset.step) === target && root.dataset.state === 'ready') {
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
  const paint = await firstPaint(browser, quick ? 3 : 7);
  const frames = await frameTimes(browser, quick ? 3 : 5);
  const scrub = await scrubLatency(browser, quick ? 10 : 30);
  const kb = (b) => (b / 1024).toFixed(1);
  let s = '## The page in headless Chromium\n\n| measure | value |\n|---|---:|\n';
  s += `| page weight, gzipped (${weight.files} files) | ${kb(weight.total)} KB |\n`;
  for (const [kind, b] of Object.entries(weight.byKind).sort()) s += `| &nbsp; of which .${kind} | ${kb(b)} KB |\n`;
  s += `| first paint of a solved game (n = 8), median | ${paint.toFixed(0)} ms |\n`;
  s += `| frame time playing n = 7000 full sets at top speed: p50 / p95 / p99 / max | ${frames.p50.toFixed(1)} / ${frames.p95.toFixed(1)} / ${frames.p99.toFixed(1)} / ${frames.max.toFixed(1)} ms |\n`;
  s += `| &nbsp; frames measured, events advanced | ${frames.frames}, ${frames.advanced} |\n`;
  s += `| scrub to a random step at n = 7000 (until drawn): p50 / p95 / max | ${scrub.p50.toFixed(1)} / ${scrub.p95.toFixed(1)} / ${scrub.max.toFixed(1)} ms |\n`;
  console.log(s);
} finally {
  await browser.close();
}
