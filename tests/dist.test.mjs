// What `cargo xtask dist` writes: the static site in a versioned directory, served as any
// static host would serve it (the elements of the example post draw, the page answers as
// the CLI does), and the npm package that `npm pack` packs.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPage } from './browser.mjs';
import { assertClean, cliAnswer, waitReady } from './page-helpers.mjs';

const DIST_DIR = process.env.LOOPY_DIST_DIR || fileURLToPath(new URL('../target/dist', import.meta.url));
const DIST_URL = process.env.LOOPY_DIST_URL || 'http://127.0.0.1:8001/';
const VERSION = /^version = "(.+)"$/m.exec(readFileSync(new URL('../crate/Cargo.toml', import.meta.url), 'utf8'))[1];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The one versioned directory of the site. */
function versionDir() {
  const dirs = readdirSync(`${DIST_DIR}/site`).filter((d) => d.startsWith('loopy-'));
  assert.equal(dirs.length, 1, `one versioned directory: ${dirs}`);
  assert.match(dirs[0], new RegExp(`^loopy-${VERSION.replace(/\./g, '\\.')}-[0-9a-f]{8}$`));
  return dirs[0];
}

test('the dist site works from its versioned directory on a plain static host', async () => {
  const dir = versionDir();
  const fetched = [];
  const init = (context) => context.on('request', (r) => fetched.push(new URL(r.url()).pathname.slice(`/${dir}/`.length)));
  const opened = await openPage(browser, new URL(`${dir}/examples/blog.html`, DIST_URL).href, { init });
  const { page } = opened;
  try {
    const count = await page.evaluate(() => document.querySelectorAll('loopy-ring').length);
    assert.equal(count, 3);
    for (let k = 0; k < count; k++) {
      await page.locator(`loopy-ring >> nth=${k}`).scrollIntoViewIfNeeded();
      await page.evaluate((k) => document.querySelectorAll('loopy-ring')[k].classList.add(`k${k}`), k);
      await waitReady(page, { selector: `.k${k}` });
    }
    assertClean(assert, opened);
    // The element comes bundled: one script, its worker and the wasm, whatever it imports.
    const element = fetched.filter((f) => !/^examples\/blog\.(html|css)$|favicon/.test(f)).sort();
    assert.deepEqual(element, ['js/worker.js', 'loopy-ring.js', 'pkg/loopy_bg.wasm']);
  } finally {
    await opened.context.close();
  }
  const home = await openPage(browser, DIST_URL);
  try {
    await home.page.waitForURL(new RegExp(`${dir}/`));
    await waitReady(home.page);
    assert.equal(await home.page.textContent('#judge-output'), await cliAnswer(5, [2, 3], [1, 2, 3]));
  } finally {
    await home.context.close();
  }
});

test('the npm package packs the element, its worker, the wasm and the types, and nothing of the page', () => {
  const npm = `${DIST_DIR}/npm`;
  const pkg = JSON.parse(readFileSync(`${npm}/package.json`, 'utf8'));
  assert.equal(pkg.name, 'loopy-ring');
  assert.equal(pkg.version, VERSION, 'the crate version');
  assert.equal(pkg.exports['.'].default, './loopy-ring.js');
  assert.equal(pkg.types, './loopy-ring.d.ts');
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: npm, encoding: 'utf8' }));
  const files = packed.files.map((f) => f.path).sort();
  for (const f of ['loopy-ring.js', 'loopy-ring.d.ts', 'js/worker.js', 'pkg/loopy_bg.wasm', 'rules.html', 'package.json']) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  // The element's own modules are inside its bundle; the page and the graph mode are not its.
  for (const f of ['js/ring-element.js', 'js/client.js', 'js/page.js', 'index.html', 'graph.html', 'loopy-graph.js', 'examples/blog.html']) {
    assert.ok(!files.includes(f), `${f} is not packed`);
  }
  assert.equal(packed.version, VERSION);
});
