// The npm package in a bundler (issue 32): a tiny app installs the packed tarball (`npm pack` of
// target/dist/npm, installed offline), imports the package, builds with Vite (from tests/node_modules:
// no network) and opens the build in Chromium: its <loopy-ring> and <loopy-graph> work, with the
// CLI's values, their workers and wasm (and the ring's why module, loaded by its worker when first
// asked) bundled by Vite from the package's `new Worker(new URL('…', import.meta.url))` literals.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { launchBrowser, runCli, TIMEOUT } from './browser.mjs';
import { answerWords, cliAnswer } from './page-helpers.mjs';

const DIST_DIR = process.env.LOOPY_DIST_DIR || fileURLToPath(new URL('../target/dist', import.meta.url));
const PACKAGE = 'loopy-games';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A static server for `root` on a free port: `{ url, close }`. */
function serve(root) {
  const server = createServer((req, res) => {
    let file = join(root, normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(root) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() })),
  );
}

test('an app built with Vite from the packed package: its ring and graph work, workers and wasm bundled, with the CLI’s values', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'loopy-vite-'));
  let server;
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', join(DIST_DIR, 'npm'), '--pack-destination', tmp, '--json'], { cwd: tmp, encoding: 'utf8' }),
    );
    const app = join(tmp, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', join(tmp, packed.filename)], {
      cwd: app,
      encoding: 'utf8',
    });
    writeFileSync(
      join(app, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title><link rel="icon" href="data:,"><script type="module" src="./main.js"></script></head>
<body><loopy-ring n="8" s1="2-4,6" s2="3,6" controls="compact">ring</loopy-ring>
<loopy-graph graph="1-2,2-3,3-1,3-4" goal="4" start="1" controls="compact">graph</loopy-graph></body></html>`,
    );
    // The package itself: loopy.js, which defines each element when the page has one.
    writeFileSync(join(app, 'main.js'), `import '${PACKAGE}';\n`);
    const out = join(app, 'dist');
    // As the package's README says: module workers (they load modules when first used).
    await build({ root: app, configFile: false, logLevel: 'error', build: { outDir: out, emptyOutDir: true }, worker: { format: 'es' } });
    const built = readdirSync(join(out, 'assets'));
    // Vite bundled the workers and emitted the wasm, under its own names.
    assert.ok(
      built.some((f) => /^worker-.*\.js$/.test(f)),
      `the ring's worker: ${built.join(', ')}`,
    );
    assert.ok(
      built.some((f) => /^graph-worker-.*\.js$/.test(f)),
      `the graph's worker: ${built.join(', ')}`,
    );
    assert.ok(built.filter((f) => f.endsWith('.wasm')).length >= 3, `the wasm modules: ${built.join(', ')}`);
    server = await serve(out);
    const context = await browser.newContext();
    context.setDefaultTimeout(TIMEOUT);
    const page = await context.newPage();
    const wrong = [];
    page.on('pageerror', (e) => wrong.push(`uncaught: ${e}`));
    page.on('console', (m) => m.type() === 'error' && wrong.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && wrong.push(`${r.status()} ${r.url()}`));
    try {
      await page.goto(server.url);
      for (const tag of ['loopy-ring', 'loopy-graph']) {
        await page.locator(tag).scrollIntoViewIfNeeded();
        await page.waitForFunction((tag) => document.querySelector(tag)?.state === 'ready', tag, { timeout: TIMEOUT });
      }
      const ring = await page.evaluate(() => {
        const el = document.querySelector('loopy-ring');
        return [1, 2].map((p) => [...el.outcomes(p)].slice(1).map((c) => ['Loop', 'Win', 'Lose'][c]));
      });
      const cli = await cliAnswer(8, [2, 3, 4, 6], [3, 6]);
      assert.deepEqual(ring, answerWords(cli));
      // The judge text comes from the why module, which the worker loads when first asked: a chunk Vite made of it.
      assert.equal((await page.evaluate(() => document.querySelector('loopy-ring').judgeText())).trimEnd(), cli);
      const graph = await page.evaluate(() =>
        [1, 2, 3].map((v) => ({ 1: '1', 2: '-1', 0: '0' })[document.querySelector('loopy-graph').outcomes()[v]]),
      );
      const { stdout } = await runCli('4 4 3\n1 2\n2 3\n3 1\n3 4\n1 4\n2 4\n3 4\n', ['graph']);
      assert.deepEqual(graph, stdout.trim().split('\n'));
      // The graph was laid out by its own layout worker (a worker the graph worker starts, bundled too).
      await page.waitForFunction(() => document.querySelector('loopy-graph').marks?.length === 4, null, { timeout: TIMEOUT });
      assert.deepEqual(wrong, []);
    } finally {
      await context.close();
    }
  } finally {
    server?.close();
    rmSync(tmp, { recursive: true, force: true });
  }
});
