// Checking an answer on the pages: a contestant's output, pasted or opened as a file, is
// checked against the judge input read; the verdict names the first difference, and the
// ring or the graph shows it: its game or query loaded, the differing states flagged (a
// legend row says what the flag is), the first selected with its popup saying the right
// word and the wrong one, and "Next difference" going through the rest.
//
// The oracle for where a difference is: the faults are planted by the test at places it
// chose, in the CLI's own answer (`loopy`, `loopy graph`, `loopy dag`), so the page must
// find exactly those places.

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, runCli, TIMEOUT } from './browser.mjs';
import { askedOfWorker, assertClean, frames, screenshot, waitReady, waitShown, watchPage } from './page-helpers.mjs';

let browser;
let dir;
before(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'loopy-check-'));
});
after(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const OTHER = { Win: 'Lose', Lose: 'Loop', Loop: 'Win' };

/** The CLI's answer to a judge input, as lines. */
async function answerLines(input, args = []) {
  const { stdout, code, stderr } = await runCli(input, args);
  assert.equal(code, 0, stderr);
  return stdout.trimEnd().split('\n');
}

/** Changes word `pos` (1-based) of line `line` (0-based) to another value; returns [expected, found]. */
function plant(lines, line, pos) {
  const words = lines[line].split(' ');
  const expected = words[pos - 1];
  words[pos - 1] = OTHER[expected];
  lines[line] = words.join(' ');
  return [expected, words[pos - 1]];
}

/** The page's check verdict once it has one (not "Checking…"). */
async function verdict(page) {
  await page.waitForFunction(
    () => {
      const t = document.getElementById('check-verdict').textContent;
      return t && t !== 'Checking…';
    },
    null,
    { timeout: TIMEOUT },
  );
  return page.evaluate(() => {
    const v = document.getElementById('check-verdict');
    return { text: v.textContent, cls: v.className };
  });
}

/** The element's popup text, once open. */
async function popupText(page, selector) {
  await page.waitForFunction((s) => !document.querySelector(s).shadowRoot.querySelector('.popup').hidden, selector, { timeout: TIMEOUT });
  return page.evaluate((s) => document.querySelector(s).shadowRoot.querySelector('.popup').textContent, selector);
}

test('a wrong value among a million games, both opened as files and read by the worker, is named, shown on its ring and explained', async () => {
  // T = 10^6 small games (n = 3 to 5), so that the output stays about 20 MB.
  const T = 1000000;
  const game = (k) => ({ n: 3 + (k % 3), s1: 1 + (k % 2), s2: 1 });
  const parts = [`${T}\n`];
  for (let k = 0; k < T; k++) {
    const g = game(k);
    parts.push(`${g.n}\n1 ${g.s1}\n1 ${g.s2}\n`);
  }
  const input = parts.join('');
  const lines = await answerLines(input);
  assert.equal(lines.length, 2 * T);
  // The fault: game K (1-based), player 2, position 2.
  const K = 777777;
  const [expected, found] = plant(lines, 2 * (K - 1) + 1, 2);
  await writeFile(join(dir, 'in.txt'), input);
  await writeFile(join(dir, 'out.txt'), `${lines.join('\n')}\n`);

  const opened = await openPage(browser, './', { script: watchPage });
  const { page, context } = opened;
  try {
    await waitReady(page);
    await page.setInputFiles('#judge-file', join(dir, 'in.txt'));
    await page.waitForFunction(() => document.getElementById('judge-count').textContent.includes('read from in.txt'), null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#judge-count'), '1,000,000 games read from in.txt');
    assert.equal(await page.inputValue('#judge-input'), '', 'the file is never put in the box');
    await page.setInputFiles('#answer-file', join(dir, 'out.txt'));
    await page.click('#check-form button[type="submit"]');
    const v = await verdict(page);
    assert.match(v.text, /^wrong answer/);
    assert.match(v.text, /game 777,?777, player 2, position 2/);
    assert.equal(v.cls, 'bad');
    // The ring shows game K (its steps in the fields), the state flagged and explained.
    const g = game(K - 1);
    await page.waitForFunction(() => document.querySelector('loopy-ring').flagged.length > 0, null, { timeout: TIMEOUT });
    assert.deepEqual(await page.evaluate(() => ['n', 's1', 's2'].map((f) => document.getElementById(`f-${f}`).value)), [g.n, g.s1, g.s2].map(String));
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').game.n), g.n);
    const flagged = await page.evaluate(() => document.querySelector('loopy-ring').flagged);
    assert.deepEqual(
      flagged.map((f) => [f.player, f.pos, f.expected, f.found]),
      [[2, 2, expected, found]],
    );
    const popup = await popupText(page, 'loopy-ring');
    assert.match(popup, new RegExp(`Your answer says ${found} here, but the judge’s answer is ${expected}\\.`));
    assert.match(await page.textContent('#check-where'), /^Difference 1 of 1: game 777,777, player 2, position 2$/);
    assert.equal(await page.isVisible('#check-next'), false, 'one difference: no Next');
    // Both files went to the worker, which read them and answered (the page drawing on meanwhile).
    assert.deepEqual(await askedOfWorker(page, 'parse'), [true], 'the input read by the worker');
    assert.deepEqual(await askedOfWorker(page, 'checkAnswer'), [true], 'the answer checked by the worker');
    await frames(page, 5);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('pasted answers: a right one is ok; faults in two games are flagged game by game, with a legend row, and Next goes through them', async () => {
  // The spec's samples: the ring game's two games (n = 5 and n = 8).
  const input = '2\n5\n2 3 2\n3 1 2 3\n8\n4 2 3 4 6\n2 3 6\n';
  const right = await answerLines(input);
  const opened = await openPage(browser, './');
  const { page, context } = opened;
  try {
    await waitReady(page);
    await page.fill('#judge-input', input);
    await page.click('#judge-form button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('judge-count').textContent === '2 games read', null, { timeout: TIMEOUT });
    // A right answer, with the judge's own white space changed: ok.
    await page.fill('#answer-input', `${right.join('\n')}\n`);
    await page.click('#check-form button[type="submit"]');
    let v = await verdict(page);
    assert.match(v.text, /^ok/);
    assert.equal(v.cls, 'ok');
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').flagged.length), 0);

    // One fault in game 1 (player 2, position 4: line index 1), two in game 2 (player 1,
    // positions 3 and 6: line index 2).
    const wrong = right.slice();
    const g1 = plant(wrong, 1, 4);
    const g2a = plant(wrong, 2, 3);
    const g2b = plant(wrong, 2, 6);
    await page.fill('#answer-input', `${wrong.join('\n')}\n`);
    await page.click('#check-form button[type="submit"]');
    v = await verdict(page);
    assert.match(v.text, /^wrong answer/);
    assert.match(v.text, /game 1, player 2, position 4/);
    assert.match(v.text, /3 differences in all: 3 wrong values/);
    await waitShown(page, 5);
    // The flags go on once the game is on screen (the page puts them on after its first frame).
    await page.waitForFunction(() => document.querySelector('loopy-ring').flagged.length > 0, null, { timeout: TIMEOUT });
    const flags = () => page.evaluate(() => document.querySelector('loopy-ring').flagged.map((f) => [f.player, f.pos, f.expected, f.found]));
    assert.deepEqual(await flags(), [[2, 4, ...g1]]);
    assert.equal(await page.isVisible('#check-next'), true);
    // The legend's flag row is shown while flags are.
    const legendRow = () =>
      page.evaluate(() => {
        const li = document.querySelector('loopy-ring').shadowRoot.querySelector('.legend li.flag');
        return li ? getComputedStyle(li).display !== 'none' : null;
      });
    assert.equal(await legendRow(), true);
    await page.locator('loopy-ring').scrollIntoViewIfNeeded();
    await screenshot(page, 'check-ring-flagged.png');
    await page.click('#check-next');
    await waitShown(page, 8);
    await page.waitForFunction(() => document.querySelector('loopy-ring').flagged.length === 2, null, { timeout: TIMEOUT });
    assert.deepEqual(await flags(), [
      [1, 3, ...g2a],
      [1, 6, ...g2b],
    ]);
    assert.deepEqual(await page.evaluate(() => document.querySelector('loopy-ring').selected), { player: 1, pos: 3 });
    assert.match(await page.textContent('#check-where'), /^Difference 2 of 3: game 2, player 1, position 3$/);
    await page.click('#check-next');
    await page.waitForFunction(() => document.querySelector('loopy-ring').selected?.pos === 6, null, { timeout: TIMEOUT });
    // Another game chosen by hand clears the flags, and the legend row goes.
    await page.selectOption('#judge-game', '0');
    await waitShown(page, 5);
    await page.waitForFunction(() => document.querySelector('loopy-ring').flagged.length === 0, null, { timeout: TIMEOUT });
    assert.equal(await legendRow(), false);
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});

test('the graph page checks answers in formats goal and dag: the wrong query’s start and the missing vertex are flagged', async () => {
  const opened = await openPage(browser, './graph.html');
  const { page, context } = opened;
  try {
    await waitReady(page, { selector: 'loopy-graph' });
    // Format goal: the spec sample (4 queries); query 3's answer changed.
    const goal = '8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n';
    const lines = await answerLines(goal, ['graph']);
    const queryStart = 7; // query 3 is "7 6"
    const expected = lines[2];
    lines[2] = expected === '1' ? '-1' : '1';
    await page.fill('#graph-input', goal);
    await page.click('#graph-form button[type="submit"]');
    await page.waitForFunction(() => !document.getElementById('check-form').hidden, null, { timeout: TIMEOUT });
    await page.fill('#answer-input', `${lines.join('\n')}\n`);
    await page.click('#check-form button[type="submit"]');
    let v = await verdict(page);
    assert.match(v.text, /^wrong answer/);
    assert.match(v.text, /query 3, vertex 7/);
    await page.waitForFunction(() => document.querySelector('loopy-graph').flagged.length === 1, null, { timeout: TIMEOUT });
    const flagged = await page.evaluate(() => document.querySelector('loopy-graph').flagged.map((f) => [f.vertex, f.expected, f.found]));
    assert.deepEqual(flagged, [[queryStart, expected, lines[2]]]);
    assert.equal(await page.evaluate(() => document.querySelector('loopy-graph').text.query), 2);
    assert.match(await popupText(page, 'loopy-graph'), /Your answer says/);
    await page.locator('loopy-graph').scrollIntoViewIfNeeded();
    await screenshot(page, 'check-graph-flagged.png');

    // Format dag: the spec sample; a vertex left out of the optimal set.
    const dag = '5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n';
    const dagLines = await answerLines(dag, ['dag']);
    const set = dagLines[1].split(' ');
    const left = set.pop();
    await page.fill('#graph-input', dag);
    await page.click('#graph-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('loopy-graph').text?.format === 'dag', null, { timeout: TIMEOUT });
    await page.fill('#answer-input', `${dagLines[0]}\n${set.join(' ')}\n`);
    await page.click('#check-form button[type="submit"]');
    v = await verdict(page);
    assert.match(v.text, /^wrong answer/);
    assert.match(v.text, new RegExp(`instance 1.*vertex ${left}`));
    await page.waitForFunction(() => document.querySelector('loopy-graph').flagged.length === 1, null, { timeout: TIMEOUT });
    assert.deepEqual(await page.evaluate(() => document.querySelector('loopy-graph').flagged.map((f) => f.vertex)), [Number(left)]);
    assert.match(await popupText(page, 'loopy-graph'), new RegExp(`Your answer leaves vertex ${left} out`));
    assertClean(assert, opened);
  } finally {
    await context.close();
  }
});
