// Smoke test: the page loads its wasm, solves the default game, shows the
// same judge output as the CLI, and nothing on the way logs or 404s.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { axeViolations, launchBrowser, openPage, runCli, TIMEOUT } from './browser.mjs';

// The page's default game: n = 5, s1 = {2, 3}, s2 = {1, 2, 3} (the spec's first sample).
const GAME_INPUT = '1\n5\n2 2 3\n3 1 2 3\n';
const EXPECTED = 'Lose Win Win Loop\nLoop Win Win Win';
const ARTIFACTS = new URL('./artifacts/', import.meta.url);

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('the CLI solves the default game as the spec says', async () => {
  const { stdout, stderr, code } = await runCli(GAME_INPUT);
  assert.equal(code, 0, `CLI failed: ${stderr}`);
  assert.equal(stdout.trimEnd(), EXPECTED);
});

test('the page shows the same judge output as the CLI, without errors', async () => {
  const { page, context, consoleMessages, failedRequests } = await openPage(browser, '/');
  try {
    await page.waitForFunction(() => document.querySelector('#judge-output')?.textContent.trim().length > 0, null, { timeout: TIMEOUT });
    const shown = await page.textContent('#judge-output');
    const cli = await runCli(GAME_INPUT);
    assert.equal(cli.code, 0, `CLI failed: ${cli.stderr}`);
    assert.equal(shown, cli.stdout.trimEnd());
    assert.equal(shown, EXPECTED);
    assert.deepEqual(await axeViolations(page), [], 'accessibility violations');
    assert.deepEqual(consoleMessages, [], 'console errors or warnings');
    assert.deepEqual(failedRequests, [], 'failed requests');
  } finally {
    // The picture is there to look at, pass or fail.
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: fileURLToPath(new URL('smoke.png', ARTIFACTS)), fullPage: true }).catch(() => {});
    await context.close();
  }
});
