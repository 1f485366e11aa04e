// Shared helpers for the browser and cross-language tests: the browser, a page opened with
// what went wrong on the way, axe, the CLI, and what stands in for a host (a static server
// for a directory, as a web app or a CDN serves it; the npm package packed and installed).
//
// `cargo xtask test` starts the static server and sets LOOPY_URL, LOOPY_CLI
// and CHROMIUM. Run by hand, the defaults fit `cargo xtask serve` plus a
// `cargo build --release -p loopy --bin loopy`.
//
// Chromium is Debian's (/usr/bin/chromium), driven by playwright-core:
// nothing here may download a browser build of its own.

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { noteOrigins, pooledPage } from './page-pool.mjs';

/** The page's base URL, with a trailing slash. */
export const BASE_URL = process.env.LOOPY_URL || 'http://127.0.0.1:8000/';

/** The same site sent with a strict Content-Security-Policy header (the test server's /csp/ mount). */
export const CSP_URL = process.env.LOOPY_CSP_URL || new URL('csp/', BASE_URL).href;

/** The release CLI that the page is compared with. */
export const CLI = process.env.LOOPY_CLI || fileURLToPath(new URL('../target/release/loopy', import.meta.url));

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** What `cargo xtask dist` wrote (site/ and npm/), and where the site is served. */
export const DIST_DIR = process.env.LOOPY_DIST_DIR || fileURLToPath(new URL('../target/dist', import.meta.url));
export const DIST_URL = process.env.LOOPY_DIST_URL || 'http://127.0.0.1:8001/';

/**
 * Timeout for any single wait, in ms. Generous on purpose: the CI machine can
 * be slow, and no test here measures speed.
 */
export const TIMEOUT = 120_000;

/** Headless Chromium with nothing that reaches out to the network. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    timeout: TIMEOUT,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * Opens `path` (relative to BASE_URL) in a page as a fresh context has it (one the
 * file's earlier tests gave back, reset: page-pool.mjs) and waits for the load event;
 * `script` (a page function, or a list of them) runs in every document the page opens
 * before the document's own scripts. `init(context)`, if given, runs first in a context of
 * its own (for a route, a listener), as does `fresh` (an empty HTTP cache). With `html`, the page at `path` is that
 * document instead of the server's. `context.close()` ends the test's use of it.
 * Returns the page with what went wrong on the way, so tests can assert that
 * nothing did:
 * - `consoleMessages`: console errors and warnings, and uncaught exceptions;
 * - `failedRequests`: requests that failed outright or got a status >= 400.
 */
export async function openPage(
  browser,
  path = '/',
  { viewport = { width: 1280, height: 800 }, init, script = [], reducedMotion = 'no-preference', fresh = false, html } = {},
) {
  // The pages' service worker (www/sw.js, offline use) is tests/offline.test.mjs's to test, in a context of its
  // own: here it would answer the pages a test routes (a story pasted into a fresh page) and cache in the background.
  // `reducedMotion: 'reduce'` for a test of where playback ends, not of how it moves there: the element jumps.
  const scripts = [script].flat();
  const create = async () => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block', reducedMotion });
    context.setDefaultTimeout(TIMEOUT);
    context.setDefaultNavigationTimeout(TIMEOUT);
    for (const s of scripts) await context.addInitScript(s);
    await init?.(context);
    return { context, page: await context.newPage() };
  };
  // A page the file's earlier tests gave back (see page-pool.mjs), unless the test adds init scripts first or
  // counts what a first visit downloads (`fresh`): a fresh context has an empty HTTP cache.
  let context;
  let page;
  if (init || fresh) ({ context, page } = await create());
  else {
    // Pages are passed on only to tests that want the same init scripts and motion (a context's setting).
    const entry = await pooledPage(browser, [reducedMotion, ...scripts.map(String)].join('\n'), create);
    ({ context, page } = entry);
    await page.setViewportSize(viewport);
    page.setDefaultTimeout(TIMEOUT);
    page.setDefaultNavigationTimeout(TIMEOUT);
    noteOrigins(entry);
  }
  const consoleMessages = [];
  const failedRequests = [];
  page.on('console', (msg) => {
    // Playwright's own notice that it blocked the service worker (see the context above) is no page's fault.
    if (msg.text().startsWith('Service Worker registration blocked by Playwright')) return;
    if (msg.type() === 'error' || msg.type() === 'warning') {
      const { url, lineNumber } = msg.location();
      consoleMessages.push(`${msg.type()}: ${msg.text()} (${url}:${lineNumber})`);
    }
  });
  page.on('pageerror', (err) => consoleMessages.push(`uncaught: ${err.stack || err}`));
  page.on('requestfailed', (req) => {
    // The icon is fetched after the load event; leaving the page at once aborts it.
    if (/favicon/.test(req.url()) && req.failure()?.errorText === 'net::ERR_ABORTED') return;
    failedRequests.push(`${req.method()} ${req.url()}: ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) failedRequests.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  const url = new URL(path, BASE_URL).href;
  // A document of the test's own at that URL, at the server's origin: a host page the server does not have.
  if (html !== undefined) await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(url, { waitUntil: 'load' });
  return { page, context, url, consoleMessages, failedRequests };
}

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG21 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs the accessibility checker axe-core on the page and returns its violations (by
 * default the WCAG 2 A and AA rules), each summarised as a string. axe is evaluated
 * through the DevTools protocol, which a page's strict CSP does not block.
 */
export async function axeViolations(page, tags = ['wcag2a', 'wcag2aa']) {
  const require = createRequire(import.meta.url);
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(`${source}\n;0`);
  const result = await page.evaluate((tags) => axe.run(document, { runOnly: { type: 'tag', values: tags } }), tags);
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Runs the CLI with `input` on stdin; resolves to { stdout, stderr, code }
 * (code is null if it died of a signal, then `signal` says which).
 */
export function runCli(input, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (d) => stdout.push(d));
    child.stderr.on('data', (d) => stderr.push(d));
    child.on('error', (err) => reject(new Error(`cannot run the CLI ${CLI}: ${err.message}`)));
    child.on('close', (code, signal) =>
      resolve({
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        code,
        signal,
      }),
    );
    // A CLI that exits before reading all of stdin is judged by its output,
    // not by the EPIPE it causes here.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * A static server for the directory `root` on a free port (a folder's index.html for the
 * folder), as a web app or a CDN serves files: with `cors`, every file with
 * `Access-Control-Allow-Origin: *` but the paths `noCors` (a RegExp) matches; the paths
 * `missing` (a RegExp) matches answer 404. Resolves to `{ url, close }`.
 */
export function serveFiles(root, { cors = false, noCors = null, missing = null } = {}) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const allow = cors && !noCors?.test(path) ? { 'access-control-allow-origin': '*' } : {};
    let file = join(root, normalize(path));
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = join(file, 'index.html');
    if (missing?.test(path) || !file.startsWith(root) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404, allow);
      return res.end('not found');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...allow });
    res.end(readFileSync(file));
  });
  return listen(server);
}

/** Starts `server` on a free port of 127.0.0.1; resolves to `{ url, close }`. */
export function listen(server) {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }));
  });
}

/**
 * The npm package as a user installs it: `npm pack` of target/dist/npm into a new
 * temporary directory, and the tarball installed offline into a project there (`name`,
 * an ES module package). Returns `{ tmp, project, packed }` (`packed`: npm pack's
 * account of the tarball); the caller removes `tmp`.
 */
export function installPackedPackage(name = 'project') {
  const tmp = mkdtempSync(join(tmpdir(), `loopy-${name}-`));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', join(DIST_DIR, 'npm'), '--pack-destination', tmp, '--json'], { cwd: tmp, encoding: 'utf8' }),
  );
  const project = join(tmp, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', join(tmp, packed.filename)], {
    cwd: project,
    encoding: 'utf8',
  });
  return { tmp, project, packed };
}
