// page-cpu.mjs: the machine's CPU seconds for opening a page until its element is ready, three ways: each in a fresh
// context, each in a new page of one context, and one page sent to about:blank and on (what tests/page-pool.mjs does).
// Why tests share pages (see page-pool.mjs). A figure, never a verdict: run it on an idle machine, beside
// `cargo xtask serve`:   LOOPY_URL=http://127.0.0.1:8000/ node tests/tools/page-cpu.mjs [path, default /]

import { readFileSync } from 'node:fs';
import { BASE_URL, launchBrowser } from '../browser.mjs';

/** The machine's busy CPU time so far, in seconds (user, nice, system, irq, softirq of /proc/stat). */
const busy = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return (f[0] + f[1] + f[2] + f[5] + f[6]) / 100;
};
const url = new URL(process.argv[2] || '/', BASE_URL).href;
const LOADS = 8;
const browser = await launchBrowser();
const ready = (page) => page.waitForFunction(() => document.querySelector('loopy-ring, loopy-graph')?.state === 'ready', null, { timeout: 120_000 });

/** Runs `open` once to warm up, then LOADS times, and prints the CPU and wall seconds per load. */
async function measure(name, open) {
  await open();
  const cpu = busy();
  const start = Date.now();
  for (let i = 0; i < LOADS; i++) await open();
  const each = (x) => (x / LOADS).toFixed(2);
  console.log(`${name.padEnd(34)} ${each(busy() - cpu)} CPU s, ${each((Date.now() - start) / 1000)} s a load`);
}

const viewport = { width: 1280, height: 800 };
await measure('a fresh context each', async () => {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  await context.close();
});
const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
await measure('a new page of one context each', async () => {
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  await page.close();
});
const page = await context.newPage();
const origin = new URL(url).origin;
await measure('one page, via about:blank', async () => {
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
  await page.goto(url);
  await ready(page);
});
await browser.close();
