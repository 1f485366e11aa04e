// The npm package in a bundler (issue 32): a tiny app installs the packed tarball (`npm pack` of
// target/dist/npm, installed offline), imports the package, builds with Vite (from tests/node_modules:
// no network) and opens the build in Chromium: its <loopy-ring> and <loopy-graph> work, with the
// CLI's values, their workers and wasm (and the ring's why module, loaded by its worker when first
// asked) bundled by Vite from the package's `new Worker(new URL('…', import.meta.url))` literals.

import assert from 'node:assert/strict';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'vite';
import { installPackedPackage, launchBrowser, openPage, runCli, serveFiles, TIMEOUT } from './browser.mjs';
import { answerWords, assertClean, cliAnswer } from './page-helpers.mjs';

const PACKAGE = 'loopy-games';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('an app built with Vite from the packed package: its ring and graph work, workers and wasm bundled, with the CLI’s values', async () => {
  const { tmp, project: app } = installPackedPackage('app');
  let server;
  try {
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
    server = await serveFiles(out);
    const opened = await openPage(browser, server.url);
    const { page, context } = opened;
    try {
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
      assertClean(assert, opened);
    } finally {
      await context.close();
    }
  } finally {
    server?.close();
    rmSync(tmp, { recursive: true, force: true });
  }
});
