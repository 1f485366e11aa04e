// Shared helpers for the browser and cross-language tests.
//
// `cargo xtask test` starts the static server and sets LOOPY_URL, LOOPY_CLI
// and CHROMIUM. Run by hand, the defaults fit `cargo xtask serve` plus a
// `cargo build --release -p loopy --bin loopy`.
//
// Chromium is Debian's (/usr/bin/chromium), driven by playwright-core:
// nothing here may download a browser build of its own.

import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The page's base URL, with a trailing slash. */
export const BASE_URL = process.env.LOOPY_URL || 'http://127.0.0.1:8000/';

/** The same site sent with a strict Content-Security-Policy header (the test server's /csp/ mount). */
export const CSP_URL = process.env.LOOPY_CSP_URL || new URL('csp/', BASE_URL).href;

/** The release CLI that the page is compared with. */
export const CLI = process.env.LOOPY_CLI || fileURLToPath(new URL('../target/release/loopy', import.meta.url));

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

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
 * Opens `path` (relative to BASE_URL) in a fresh context and waits for the
 * load event; `init(context)`, if given, runs first (to add init scripts).
 * Returns the page with what went wrong on the way, so tests can assert that
 * nothing did:
 * - `consoleMessages`: console errors and warnings, and uncaught exceptions;
 * - `failedRequests`: requests that failed outright or got a status >= 400.
 */
export async function openPage(browser, path = '/', { viewport = { width: 1280, height: 800 }, init } = {}) {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(TIMEOUT);
  context.setDefaultNavigationTimeout(TIMEOUT);
  await init?.(context);
  const page = await context.newPage();
  const consoleMessages = [];
  const failedRequests = [];
  page.on('console', (msg) => {
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
