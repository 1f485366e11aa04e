// The exports' figures for README "How fast" (issue 34, item 6): how many bytes a 7 s GIF
// slide at 1280 x 720 weighs (the ring, and a graph), the WebM of the same, the PNG slides,
// and how long each takes to make in headless Chromium (wall time from the click to the
// file, on a shared machine: a figure, not a budget). Nothing here passes or fails.
//
// Usage: LOOPY_URL=http://127.0.0.1:PORT/ node tests/bench/exports.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BASE_URL, launchBrowser } from '../browser.mjs';

const RING = '?n=30&s1=1,2&s2=1,2';
const GRAPH = 'graph.html?graph=1-2,2-3,3-4,5-6,6-5,5-1';

/** Makes the file behind `button` with the dialog's fields set by `fields`: { bytes, ms }. */
async function make(page, button, fields = {}) {
  for (const [id, value] of Object.entries(fields)) {
    if (typeof value === 'boolean') await page.setChecked(id, value);
    else if (id === '#export-from' || id === '#export-to') await page.fill(id, String(value));
    else if (value === 'gif' || value === 'webm') await page.check(`#export-${value}`);
    else await page.selectOption(id, String(value));
  }
  const t0 = performance.now();
  await page.click(button);
  await page.waitForFunction(() => /ready|No |Cancelled/.test(document.getElementById('export-status').textContent), null, { timeout: 600_000 });
  const ms = performance.now() - t0;
  const frames = await page.textContent('#export-frames');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
  const bytes = await readFile(await download.path());
  if (process.env.LOOPY_BENCH_SAVE) await writeFile(join(process.env.LOOPY_BENCH_SAVE, download.suggestedFilename()), bytes);
  return { bytes: bytes.length, ms, frames: button === '#export-clip' ? frames.replace(/:.*/, '') : '' };
}

async function open(browser, path, selector) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(new URL(path, BASE_URL).href);
  await page.waitForFunction((s) => document.querySelector(s)?.state === 'ready', selector, { timeout: 120_000 });
  await page.click('#export-open');
  await page.waitForSelector('#export-dialog[open]');
  return { context, page };
}

const browser = await launchBrowser();
const rows = [];
const row = (what, r) => rows.push(`| ${what} | ${r.frames} | ${(r.bytes / 1024).toFixed(0)} KB | ${(r.ms / 1000).toFixed(1)} s |`);
try {
  const ring = await open(browser, RING, 'loopy-ring');
  const clip = { '#export-from': 0, '#export-to': 70, '#export-speed': 10, '#export-fps': 15, '#export-size': '1280x720' };
  row(
    'Ring n = 30, steps 0 to 70, 7.07 s GIF slide 1280 × 720 at 15 fps, no words',
    await make(ring.page, '#export-clip', { ...clip, f: 'gif', '#export-clip-narration': false }),
  );
  row(
    'the same with title, legend and narration',
    await make(ring.page, '#export-clip', {
      ...clip,
      f: 'gif',
      '#export-clip-narration': true,
      '#export-clip-title': true,
      '#export-clip-legend': true,
    }),
  );
  row('the same as WebM', await make(ring.page, '#export-clip', { ...clip, f: 'webm' }));
  row('PNG slide 1920 × 1080, title, legend, narration', await make(ring.page, '#export-png', { '#export-png-size': '1920x1080' }));
  await ring.context.close();
  const graph = await open(browser, GRAPH, 'loopy-graph');
  const to = await graph.page.evaluate(() => document.querySelector('loopy-graph').length);
  row(
    `Graph of 6 vertices, steps 0 to ${to} at 2 a second, GIF slide 1280 × 720 at 10 fps, narration`,
    await make(graph.page, '#export-clip', {
      '#export-from': 0,
      '#export-to': to,
      '#export-speed': 2,
      '#export-fps': 10,
      f: 'gif',
      '#export-size': '1280x720',
    }),
  );
  row('PNG slide 1280 × 720 of the graph', await make(graph.page, '#export-png', { '#export-png-size': '1280x720' }));
  await graph.context.close();
} finally {
  await browser.close();
}
console.log('| Export | Frames | Bytes | Time to make |\n|---|---:|---:|---:|');
console.log(rows.join('\n'));
