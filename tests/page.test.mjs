// The visualizer page: answers equal to the CLI's, stepping and scrubbing, the inspector,
// bad input, the URL, reduced motion, embedding, accessibility and screenshots.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseSteps } from '../www/js/ring/ring-url.js';
import { launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import {
  answerWords,
  assertClean,
  axeViolations21,
  canvasPicture,
  cliAnswer,
  focusBody,
  frames,
  gameQuery,
  hooks,
  markValues,
  openLoopy,
  pressKey,
  screenshot,
  setScrubber,
  view,
  waitReady,
} from './page-helpers.mjs';

const SAMPLE1 = [5, [2, 3], [1, 2, 3]];
const SAMPLE2 = [8, [2, 3, 4, 6], [3, 6]];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Runs `body` on a fresh page at `query`, then checks the console and requests. */
async function withPage(query, body, options) {
  const opened = await openLoopy(browser, query, options);
  try {
    await body(opened.page, opened);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
}

test('games from the URL show exactly the CLI answer', async () => {
  const games = [SAMPLE1, SAMPLE2, [1000, [2, 6], [7, 11, 998]], [997, [1, 2, 5], [3, 400]], [29, [8, 13], [4, 16, 28]]];
  for (const [n, s1, s2] of games) {
    await withPage(gameQuery(n, s1, s2), async (page) => {
      const d = await hooks(page);
      assert.equal(d.n, String(n));
      assert.equal(await page.textContent('#judge-output'), await cliAnswer(n, s1, s2), `game n=${n}`);
      assert.equal(await page.inputValue('#f-n'), String(n));
    });
  }
});

test('the default page opens on the first sample, not playing, and passes axe', async () => {
  await withPage('', async (page) => {
    assert.equal((await hooks(page)).n, '5');
    assert.equal(await page.textContent('#judge-output'), await cliAnswer(...SAMPLE1));
    await frames(page, 20);
    assert.equal((await hooks(page)).step, '0', 'nothing plays until asked');
    assert.match(await page.textContent('#narration'), /^Start/);
    assert.equal(await page.getAttribute('#narration', 'aria-live'), 'polite');
    assert.deepEqual(await axeViolations21(page), []);
    await screenshot(page, 'page-1280x800.png');
  });
});

test("space, arrows, Home/End and the buttons change the picture to the step's values", async () => {
  const answer = await cliAnswer(...SAMPLE2);
  /** The marks read back from the canvas: what is decided so far is what the CLI answers, and how many are decided. */
  const decidedAsTheCli = async (page, what) => {
    const shown = await markValues(page);
    assert.deepEqual(shown, answerWords(answer, shown), `${what}: the decided states are drawn as the CLI decides them`);
    return shown.flat().filter((w) => w !== '-').length;
  };
  await withPage(gameQuery(...SAMPLE2), async (page) => {
    const total = Number((await hooks(page)).total);
    const start = await view(page);
    assert.equal(await decidedAsTheCli(page, 'the start'), 0, 'at the start no state is decided');
    await focusBody(page);
    await pressKey(page, 'ArrowRight');
    const one = await waitReady(page, { step: 1 });
    assert.ok((await decidedAsTheCli(page, 'step 1')) > 0, 'a step draws a decided state');
    assert.notEqual(await page.textContent('#narration'), start.narration);
    await pressKey(page, 'ArrowLeft');
    await waitReady(page, { step: 0, after: Number(one.frame) });
    assert.deepEqual(await view(page), start, 'back at the start');
    await pressKey(page, 'End');
    await waitReady(page, { step: total });
    assert.match(await page.textContent('#narration'), /^Done/);
    const end = (await view(page)).picture;
    assert.deepEqual(await markValues(page), answerWords(answer), 'the end draws every state as the CLI answers');
    await pressKey(page, 'Home');
    await waitReady(page, { step: 0 });
    assert.equal((await view(page)).picture, start.picture);
    // Space plays, space pauses.
    await pressKey(page, 'Space');
    await page.waitForFunction(() => Number(document.querySelector('loopy-ring').step) >= 2, null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#play-text'), 'Pause');
    await pressKey(page, 'Space');
    const paused = await waitReady(page);
    await frames(page, 30);
    assert.equal((await hooks(page)).step, paused.step, 'paused stays put');
    assert.equal(await page.textContent('#play-text'), 'Play');
    assert.ok((await decidedAsTheCli(page, `paused at step ${paused.step}`)) > 0);
    // The buttons.
    await page.click('#start');
    await waitReady(page, { step: 0 });
    await page.click('#fwd');
    await waitReady(page, { step: 1 });
    await page.click('#fwd');
    await waitReady(page, { step: 2 });
    await page.click('#back');
    await waitReady(page, { step: 1 });
    await page.click('#end');
    await waitReady(page, { step: total });
    assert.equal((await view(page)).picture, end);
    // Speed keys.
    const speed = await page.inputValue('#speed');
    await focusBody(page);
    await pressKey(page, '+');
    await page.waitForFunction((s) => document.querySelector('loopy-ring').shadowRoot.getElementById('speed').value !== s, speed);
    await pressKey(page, '-');
    await page.waitForFunction((s) => document.querySelector('loopy-ring').shadowRoot.getElementById('speed').value === s, speed);
  });
});

/** Steps k-1 times; then k times and back once: both must look the same. */
async function checkStepBack(page, k) {
  await focusBody(page);
  await pressKey(page, 'Home');
  await waitReady(page, { step: 0 });
  await pressKey(page, 'ArrowRight', k - 1);
  await waitReady(page, { step: k - 1 });
  const before = await view(page);
  await pressKey(page, 'ArrowRight');
  await waitReady(page, { step: k });
  const ahead = await view(page);
  await pressKey(page, 'ArrowLeft');
  await waitReady(page, { step: k - 1 });
  assert.deepEqual(await view(page), before, `k = ${k}`);
  return { before, ahead };
}

test('k steps forward and one back looks like k - 1 steps, at every granularity', async () => {
  await withPage(gameQuery(...SAMPLE2), async (page) => {
    for (const g of ['events', 'resolutions', 'layers']) {
      await page.check(`input[name="gran"][value="${g}"]`);
      await page.waitForFunction((g) => new URL(location.href).searchParams.get('g') === (g === 'events' ? null : g), g);
      const total = Number((await waitReady(page)).total);
      for (const k of [1, 2, Math.min(5, total), total]) {
        const { before, ahead } = await checkStepBack(page, k);
        assert.notEqual(ahead.narration, before.narration, `${g}: a step says something new`);
      }
    }
  });
});

test('playing forward by event batches (the core says what changed) draws what a fresh seek draws', async () => {
  // Playing at "every event" moves forward by Propagation.nextBatch, and the page's copy
  // of the picture takes the states the core says changed (changes()); a fresh page opened
  // at the same step draws from snapshot(). Several events per frame, small and band drawing both.
  // Speeds low enough that even slow frames (the loop caps a frame at 100 ms) stop mid-run.
  for (const [game, speed] of [
    [SAMPLE2, 20],
    [[100, [2, 6], [7, 11, 98]], 200],
  ]) {
    let reached;
    let played;
    await withPage(gameQuery(...game, `&speed=${speed}`), async (page) => {
      await focusBody(page);
      await pressKey(page, ' ');
      await frames(page, 12); // at most 24 and 240 events: both runs are longer
      await pressKey(page, ' ');
      const { step, total } = await waitReady(page);
      reached = Number(step);
      // Mid-run, where counters and the queue still show (the end shows neither).
      assert.ok(reached > 0 && reached < Number(total), `it played part of the run: ${step} of ${total}`);
      played = await view(page);
    });
    await withPage(gameQuery(...game, `&step=${reached}`), async (page) => {
      assert.deepEqual(await view(page), played, `n = ${game[0]}, step ${reached}`);
    });
  }
});

test('band drawing (n > 60) is the same whether stepped, scrubbed or jumped', async () => {
  const game = [100, [2, 6], [7, 11, 98]];
  await withPage(gameQuery(...game), async (page) => {
    await checkStepBack(page, 40);
    // Step 40 reached by steps, by the scrubber from the end, and by a fresh page.
    await focusBody(page);
    await pressKey(page, 'ArrowRight');
    await waitReady(page, { step: 40 });
    const stepped = await view(page);
    await pressKey(page, 'End');
    await waitReady(page, { step: (await hooks(page)).total });
    await setScrubber(page, 40);
    await waitReady(page, { step: 40 });
    assert.deepEqual(await view(page), stepped, 'scrubbed back');
    assert.equal(await page.textContent('#judge-output'), await cliAnswer(...game));
  });
  await withPage(gameQuery(...game, '&step=40'), async (page) => {
    const fresh = await view(page);
    assert.equal(fresh.step, '40');
    await focusBody(page);
    await pressKey(page, 'Home');
    await waitReady(page, { step: 0 });
    await pressKey(page, 'ArrowRight', 40);
    await waitReady(page, { step: 40 });
    assert.deepEqual(await view(page), fresh, 'opened at step 40 = stepped to 40');
  });
});

test('the inspector of a state of more moves than the core lists says how many there are in all', async () => {
  // Player 2 wins at once from anywhere, so player 1 at 1 loses by each of its 100 moves; the
  // core's facts list 64 of them, the inspector 24, and both say the 100.
  await withPage(gameQuery(300, ['1-100'], ['1-299'], '&p=1&pos=1'), async (page) => {
    await page.waitForFunction(() => /more moves\.$/.test(document.querySelector('#insp-body')?.textContent));
    assert.equal(await page.locator('#insp-body .moves li').count(), 24);
    const body = await page.textContent('#insp-body');
    assert.match(body, /… and 76 more moves\./);
    assert.match(body, /\+1 → 2, .*… \(100 moves in all\): every move hands player 2 a win\./);
  });
});

test('the inspector: keyboard on the ring, clicks, move buttons, and the URL', async () => {
  await withPage(gameQuery(29, [8, 13], [4, 16, 28], '&step=60'), async (page) => {
    const bare = await canvasPicture(page);
    // Shift + arrows move the selection (plain arrows step the animation).
    await page.focus('#ring');
    await pressKey(page, 'Shift+ArrowRight');
    await page.waitForFunction(() => /token at 1$/.test(document.querySelector('#insp-body strong')?.textContent));
    assert.match(await page.textContent('#insp-body strong'), /^Player 1 to move, token at 1$/);
    await pressKey(page, 'Shift+ArrowDown');
    await page.waitForFunction(() => /^Player 2 to move, token at 1$/.test(document.querySelector('#insp-body strong')?.textContent));
    const frame = await page.evaluate(() => document.querySelector('loopy-ring').frameCount);
    await pressKey(page, 'Shift+ArrowRight', 3);
    await page.waitForFunction(() => /token at 4$/.test(document.querySelector('#insp-body strong')?.textContent));
    await waitReady(page, { after: frame });
    assert.notEqual(await canvasPicture(page), bare, 'the selection is drawn');
    const body = await page.textContent('#insp-body');
    assert.match(body, /Value/);
    assert.match(body, /Best move/);
    assert.match(body, /Why/);
    assert.match(body, /(Decided|Not decided yet) at this step/);
    assert.match(await page.evaluate(() => location.search), /p=2&pos=4/);
    // A move button jumps to its target, the other player's state.
    const button = page.locator('#insp-body .moves button').first();
    const label = await button.textContent();
    const target = /→ (\d+)/.exec(label)[1];
    await button.click();
    await page.waitForFunction((t) => document.querySelector('#insp-body strong')?.textContent === `Player 1 to move, token at ${t}`, target);
    await waitReady(page);
    // The link reopens the same view.
    const search = await page.evaluate(() => location.search);
    assert.match(search, new RegExp(`step=60.*p=1&pos=${target}`));
    const here = await view(page);
    const inspector = await page.textContent('#insp-body');
    const again = await openLoopy(browser, search);
    try {
      assert.deepEqual(await view(again.page), here, 'same picture and narration from the link');
      assert.equal(await again.page.textContent('#insp-body'), inspector);
      assertClean(assert, again);
    } finally {
      await again.context.close();
    }
    // Escape clears; a click on a state selects it.
    await page.focus('#ring');
    await pressKey(page, 'Escape');
    await page.waitForFunction(() => !document.querySelector('#insp-body strong'));
    const spot = await page.evaluate(() => document.querySelector('loopy-ring').pointOf(1, 7));
    await page.mouse.click(spot.x, spot.y);
    await page.waitForFunction(() => document.querySelector('#insp-body strong')?.textContent === 'Player 1 to move, token at 7');
    assert.match(await page.evaluate(() => location.search), /p=1&pos=7/);
    assert.deepEqual(await axeViolations21(page), []);
  });
});

test('bad input shows the error by its field, keeps the text and the previous game', async () => {
  await withPage(gameQuery(...SAMPLE1), async (page) => {
    const answer = await page.textContent('#judge-output');
    const picture = await canvasPicture(page);
    const cases = [
      ['n', 'abc', /whole number.*“abc”/],
      ['n', '1', /n = 1 is too small/],
      ['s1', '2, 9', /player 1's step 9 is out of range/],
      ['s1', '2, x', /player 1's steps must be whole numbers, not “x”/],
      ['s2', '1 1', /player 2's step 1 is repeated/],
      ['s2', '', /player 2 has no steps/],
    ];
    for (const [field, text, message] of cases) {
      const input = `#f-${field}`;
      const good = await page.inputValue(input);
      await page.fill(input, text);
      await page.click('#game-form button[type="submit"]');
      await page.waitForFunction((f) => document.getElementById(`f-${f}-error`).textContent !== '', field);
      assert.match(await page.textContent(`#f-${field}-error`), message, `${field} = “${text}”`);
      assert.equal(await page.getAttribute(input, 'aria-invalid'), 'true');
      assert.ok((await page.getAttribute(input, 'aria-describedby')).split(' ').includes(`f-${field}-error`));
      assert.equal(await page.inputValue(input), text, 'the text stays as typed');
      await waitReady(page);
      assert.equal((await hooks(page)).n, '5');
      assert.equal(await page.textContent('#judge-output'), answer, 'the last good game stays');
      assert.equal(await canvasPicture(page), picture);
      assert.deepEqual(await axeViolations21(page), [], 'errors are accessible');
      await page.fill(input, good);
    }
    // Fixing the input clears the error and shows the new game.
    await page.fill('#f-n', '8');
    await page.fill('#f-s1', '2 3 4 6');
    await page.fill('#f-s2', '3, 6');
    await page.click('#game-form button[type="submit"]');
    await waitReady(page, { n: 8 });
    assert.equal(await page.textContent('#judge-output'), await cliAnswer(...SAMPLE2));
    assert.equal(await page.textContent('#f-s2-error'), '');
    assert.equal(await page.getAttribute('#f-s2', 'aria-invalid'), null);
  });
});

test('a bad game in the URL: the error by its field and over the ring, the typed text, and the URL kept', async () => {
  for (const [query, field, message] of [
    ['?n=1&s1=1&s2=x', 's2', /“x”/],
    ['?n=1&s1=1&s2=1', 'n', /n = 1 is too small/],
  ]) {
    const opened = await openPage(browser, `./${query}`);
    const { page } = opened;
    try {
      await page.waitForFunction((f) => document.getElementById(`f-${f}-error`).textContent !== '', field);
      assert.match(await page.textContent(`#f-${field}-error`), message);
      assert.equal(await page.getAttribute(`#f-${field}`, 'aria-invalid'), 'true');
      assert.equal(await page.inputValue('#f-n'), '1');
      // Where the visitor looks: over the ring, and no other game in its place.
      const shown = page.locator('loopy-ring [part="error"]');
      assert.equal(await shown.isVisible(), true);
      assert.match(await shown.textContent(), message);
      assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').state), 'error');
      assert.equal(await page.evaluate(() => location.search), query, 'the URL stays as it was');
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
});

test('a judge-format input with several games: errors, picking a game, and the whole answer', async () => {
  await withPage('', async (page) => {
    await page.fill('#judge-input', '1\n5\n2 3 3\n3 1 2 3\n');
    await page.click('#judge-form button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('judge-error').textContent !== '');
    assert.match(await page.textContent('#judge-error'), /game 1.*repeated/);
    assert.equal(await page.getAttribute('#judge-input', 'aria-invalid'), 'true');
    assert.equal(await page.inputValue('#judge-input'), '1\n5\n2 3 3\n3 1 2 3\n');
    const text = '2\n5\n2 3 2\n3 1 2 3\n8\n4 6 2 3 4\n2 3 6\n';
    await page.fill('#judge-input', text);
    await page.click('#judge-form button[type="submit"]');
    await page.waitForSelector('#judge-game', { state: 'visible' });
    assert.equal(await page.textContent('#judge-error'), '');
    await page.selectOption('#judge-game', '1');
    await waitReady(page, { n: 8 });
    assert.equal(await page.inputValue('#f-s1'), '2-4, 6');
    // The answer box answers the whole input, both games, as the judge does.
    const whole = `${await cliAnswer(...SAMPLE1)}\n${await cliAnswer(...SAMPLE2)}`;
    await page.waitForFunction((w) => document.getElementById('judge-output').textContent === w, whole);
    // A game chosen by hand brings back the answer for the game on screen.
    await page.getByRole('button', { name: 'Sample 1 (n = 5)' }).click();
    await waitReady(page, { n: 5 });
    await page.waitForFunction((w) => document.getElementById('judge-output').textContent === w, await cliAnswer(...SAMPLE1));
  });
});

/** Both step fields, read as the page reads them (ranges included). */
async function fieldSteps(page) {
  return [parseSteps(await page.inputValue('#f-s1'), 1).value, parseSteps(await page.inputValue('#f-s2'), 2).value];
}

test('presets and the random game load and match the CLI', async () => {
  await withPage('', async (page) => {
    for (const name of ['Sample 2 (n = 8)', 'Patchwork (n = 29)', 'A 68-move chase (n = 39)']) {
      await page.getByRole('button', { name }).click();
      const n = /n = (\d+)/.exec(name)[1];
      await waitReady(page, { n });
      const [s1, s2] = await fieldSteps(page);
      assert.equal(await page.textContent('#judge-output'), await cliAnswer(Number(n), s1, s2), name);
    }
    const before = await page.evaluate(() => location.search);
    await page.click('#random');
    await page.waitForFunction((b) => location.search !== b && document.querySelector('loopy-ring').state === 'ready', before);
    const n = Number(await page.inputValue('#f-n'));
    const [s1, s2] = await fieldSteps(page);
    await waitReady(page, { n });
    assert.equal(await page.textContent('#judge-output'), await cliAnswer(n, s1, s2), 'random game');
  });
});

test('autoplay=1 plays; with reduced motion nothing moves by itself but stepping works', async () => {
  await withPage(gameQuery(...SAMPLE2, '&autoplay=1&speed=20'), async (page) => {
    await page.waitForFunction(() => Number(document.querySelector('loopy-ring').step) > 0, null, { timeout: TIMEOUT });
  });
  const opened = await openPage(browser, './rules.html');
  try {
    const { page } = opened;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(new URL(`./${gameQuery(...SAMPLE2, '&autoplay=1&speed=20')}`, opened.url).href);
    await waitReady(page);
    await frames(page, 60);
    assert.equal((await hooks(page)).step, '0', 'autoplay is ignored');
    assert.equal(await page.textContent('#play-text'), 'Play');
    await focusBody(page);
    await pressKey(page, 'ArrowRight');
    await waitReady(page, { step: 1 });
    await page.click('#fwd');
    await waitReady(page, { step: 2 });
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('embed=1 shows only the ring, the controls, the narration and a one-line legend', async () => {
  await withPage(
    gameQuery(...SAMPLE2, '&embed=1'),
    async (page) => {
      for (const hidden of ['.intro', '#game-form', '#judge-output', '.legend.full', '#inspector']) {
        assert.equal(await page.isVisible(hidden), false, `${hidden} is hidden`);
      }
      for (const shown of ['#ring', '#play', '#scrubber', '#narration', '.legend', '#open-full']) {
        assert.equal(await page.isVisible(shown), true, `${shown} is shown`);
      }
      const href = await page.getAttribute('#open-full', 'href');
      assert.doesNotMatch(href, /embed/);
      assert.match(href, /n=8/);
      assert.equal(await page.getAttribute('#open-full', 'target'), '_blank');
      assert.deepEqual(await axeViolations21(page), []);
      await screenshot(page, 'embed-600x420.png');
    },
    { viewport: { width: 600, height: 420 } },
  );
});

test('the rules page is served and accessible', async () => {
  const opened = await openPage(browser, './rules.html');
  try {
    assert.match(await opened.page.textContent('h1'), /rules/);
    assert.deepEqual(await axeViolations21(opened.page), []);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('screenshots at 1280x800 and 390x844', async () => {
  const shots = [
    ['', 'default'],
    [gameQuery(29, [8, 13], [4, 16, 28], '&step=120&p=1&pos=5'), 'n29'],
    [gameQuery(2000, [2, 6], [7, 11, 1998], '&step=900'), 'n2000'],
    [gameQuery(...SAMPLE2, '&step=33&p=2&pos=1'), 'sample2-step33'],
  ];
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    for (const [query, name] of shots) {
      await withPage(
        query,
        async (page) => {
          await screenshot(page, `${name}-${width}x${height}.png`);
          if (name === 'default') await screenshot(page, `${name}-${width}x${height}-full.png`, true);
          const box = await page.locator('#ring').boundingBox();
          assert.ok(box.x >= 0 && box.x + box.width <= width, 'the ring fits the width');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.equal(overflow, 0, 'no sideways scrolling');
        },
        { viewport: { width, height } },
      );
    }
  }
});
