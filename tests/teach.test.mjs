// Teaching that works (issue 21, first half): the why beside a clicked state on every page
// and element (the newcomer's minute), hover previews, the legend's meanings in every mode,
// a real quiz, bad links that lead back to a game, and one keyboard model. The oracle for
// values is the CLI (or the rules of the ring applied by hand here), never the page.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, runCli, TIMEOUT } from './browser.mjs';
import { answerWords, assertClean, blue, coloursNear, judgeInput, markValues, openLoopy, screenshot, waitReady } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The first Lose state of a game by the CLI's answer: player 1's line first, then player 2's. */
async function firstLose(n, s1, s2) {
  const words = answerWords((await runCli(judgeInput(n, s1, s2))).stdout);
  for (const p of [1, 2]) {
    const k = words[p - 1].indexOf('Lose');
    if (k >= 0) return { p, pos: k + 1 };
  }
  return null;
}

/** The popup's box, text and the clicked mark's centre and radius, in viewport coordinates. */
function popupSeen(page, selector = 'loopy-ring') {
  return page.evaluate((selector) => {
    const el = document.querySelector(selector);
    const popup = el.shadowRoot.querySelector('[part="popup"]');
    return {
      open: !popup.hidden,
      box: popup.getBoundingClientRect().toJSON(),
      text: popup.textContent,
      scrollY: window.scrollY,
    };
  }, selector);
}

/** True when the box covers any of the disc of radius r around (x, y). */
function covers(box, { x, y }, r) {
  const cx = Math.max(box.left, Math.min(x, box.right));
  const cy = Math.max(box.top, Math.min(y, box.bottom));
  return Math.hypot(cx - x, cy - y) < r;
}

test("the newcomer's minute: on the default page, a click on the first Lose state shows its why beside it, in the first screen, naming its moves and what they reach", async () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    const opened = await openLoopy(browser, '', { viewport: { width, height } });
    const { page } = opened;
    try {
      const game = await page.evaluate(() => {
        const g = document.querySelector('loopy-ring').game;
        return { n: g.n, s1: [...g.s1], s2: [...g.s2] };
      });
      const state = await firstLose(game.n, game.s1, game.s2);
      assert.ok(state, 'the default game has a Lose state');
      const spot = await page.evaluate(({ p, pos }) => document.querySelector('loopy-ring').pointOf(p, pos), state);
      assert.ok(spot.y > 0 && spot.y < height, `${width}x${height}: the state is on the first screen`);
      await page.mouse.click(spot.x, spot.y);
      await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'visible' });
      const seen = await popupSeen(page);
      await screenshot(page, `newcomer-why-${width}x${height}.png`);
      const at = `${width}x${height}, player ${state.p} at ${state.pos}`;
      assert.equal(seen.scrollY, 0, `${at}: nothing scrolled`);
      const b = seen.box;
      assert.ok(b.top >= 0 && b.left >= 0 && b.bottom <= height && b.right <= width, `${at}: the why is on the first screen (${JSON.stringify(b)})`);
      assert.ok(!covers(b, spot, 6), `${at}: the why sits beside the state, not over it (${JSON.stringify({ b, spot })})`);
      assert.match(seen.text, new RegExp(`Player ${state.p} to move, token at ${state.pos}(?!\\d)`), `${at}: the why names the state`);
      assert.match(seen.text, /Lose in \d+ move/, `${at}: the why gives the value`);
      // Every move, by the rules: +s lands on (pos + s) mod n, and each hands the opponent a win.
      for (const s of state.p === 1 ? game.s1 : game.s2) {
        const to = (state.pos + s) % game.n;
        assert.ok(seen.text.includes(`+${s} → ${to}`), `${at}: the why names the move +${s} → ${to}: ${seen.text}`);
      }
      assert.match(seen.text, new RegExp(`every move hands player ${3 - state.p} a win`), `${at}: the why says what the moves reach`);
      // The page's inspector follows the same state.
      assert.match(
        await page.textContent('#insp-body'),
        new RegExp(`Player ${state.p} to move, token at ${state.pos}(?!\\d)`),
        `${at}: the inspector follows`,
      );
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
});

test('hovering a state previews its why beside it (on a device that hovers); a click keeps it; the graph page explains beside the vertex too', async () => {
  const opened = await openLoopy(browser, '?n=8&s1=2,3,4,6&s2=3,6');
  const { page } = opened;
  try {
    const spot = await page.evaluate(() => document.querySelector('loopy-ring').pointOf(2, 5));
    await page.mouse.move(spot.x, spot.y);
    await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'visible' });
    assert.match((await popupSeen(page)).text, /Player 2 to move, token at 5(?!\d)/, 'the hover previews the state');
    assert.ok(!covers((await popupSeen(page)).box, spot, 6), 'the preview is beside the state');
    await page.mouse.move(5, 5);
    await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'hidden' });
    await page.mouse.click(spot.x, spot.y);
    await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'visible' });
    await page.mouse.move(5, 5);
    assert.equal((await popupSeen(page)).open, true, 'a clicked why stays when the pointer leaves');
    await page.keyboard.press('Escape');
    await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'hidden' });
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
  const graph = await openPage(browser, './graph.html?graph=1-2,2-3,3-1,3-4&goal=4&start=1');
  try {
    const { page } = graph;
    await waitReady(page, { selector: 'loopy-graph' });
    const spot = await page.evaluate(() => document.querySelector('loopy-graph').pointOf(3));
    await page.mouse.click(spot.x, spot.y);
    await page.locator('loopy-graph [part="popup"]').waitFor({ state: 'visible' });
    const seen = await popupSeen(page, 'loopy-graph');
    assert.match(seen.text, /Vertex 3(?!\d)/, 'the graph page explains the vertex in the popup');
    assert.ok(!covers(seen.box, spot, 6), 'beside the vertex');
    assert.match(await page.textContent('#insp-body'), /Vertex 3(?!\d)/, 'and its inspector follows');
    assertClean(assert, graph);
  } finally {
    await graph.context.close();
  }
});

/** What a page with a bad link shows: the element's error box, its offers, and every place that could still say "Loading". */
function badLinkSeen(page) {
  return page.evaluate(() => {
    const el = document.querySelector('loopy-ring');
    const sr = el.shadowRoot;
    const box = sr.querySelector('[part="error"]');
    const shown = (e) => e && !e.hidden && e.offsetParent !== null;
    const stepOut = sr.getElementById('step-out');
    return {
      error: shown(box),
      items: [...box.querySelectorAll('li')].map((li) => li.title || li.textContent),
      offers: [...box.querySelectorAll('button')].map((b) => b.textContent),
      narration: sr.getElementById('narration').textContent,
      summary: document.getElementById('game-summary').textContent,
      fallback: shown(sr.querySelector('.fallback')),
      progress: shown(sr.querySelector('[part="progress"]')),
      counter: shown(stepOut) ? stepOut.textContent : null,
      fields: Object.fromEntries(['n', 's1', 's2'].map((f) => [f, document.getElementById(`f-${f}-error`).textContent])),
      text: document.body.textContent,
    };
  });
}

test('a bad link names every wrong field with its own message, leaves no "Loading…", and offers the nearest valid game and the default one', async () => {
  // The wrong fields by the rules (n >= 2; steps from 1 to n - 1; each player has some).
  const cases = [
    { query: '?n=1&s1=0&s2=1', wrong: ['n', 's1'], nearest: 2 },
    { query: '?s1=0', wrong: ['n', 's1', 's2'] },
    { query: '?n=5&s1=9', wrong: ['s1', 's2'], nearest: 5 },
  ];
  const words = { n: /\bn\b/, s1: /player 1/i, s2: /player 2/i };
  for (const [k, c] of cases.entries()) {
    const opened = await openPage(browser, `./${c.query}`);
    const { page } = opened;
    try {
      await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'error' && document.getElementById('f-s1-error').isConnected);
      // The core's check of the other fields comes back from the worker: wait for the whole list.
      await page.waitForFunction(
        (count) => document.querySelector('loopy-ring').shadowRoot.querySelectorAll('[part="error"] li').length >= count,
        c.wrong.length,
      );
      const seen = await badLinkSeen(page);
      await screenshot(page, `bad-link-${k + 1}.png`);
      const at = c.query;
      assert.ok(seen.error, `${at}: the error box shows`);
      assert.equal(seen.items.length, c.wrong.length, `${at}: one message per wrong field: ${JSON.stringify(seen.items)}`);
      for (const [i, f] of c.wrong.entries()) assert.match(seen.items[i], words[f], `${at}: message ${i + 1} is about ${f}: ${seen.items[i]}`);
      for (const f of ['n', 's1', 's2']) {
        if (c.wrong.includes(f)) assert.match(seen.fields[f], words[f], `${at}: the ${f} field has its own message`);
        else assert.equal(seen.fields[f], '', `${at}: the ${f} field has no message`);
      }
      assert.doesNotMatch(`${seen.narration}\n${seen.summary}\n${seen.text}`, /Loading/, `${at}: nothing says "Loading"`);
      assert.equal(seen.fallback, false, `${at}: the no-JavaScript text is hidden`);
      assert.equal(seen.progress, false, `${at}: no progress bar`);
      assert.ok(seen.counter === null || !/0 of 0/.test(seen.counter), `${at}: no "Step 0 of 0" (${seen.counter})`);
      assert.ok(
        seen.offers.some((t) => /nearest valid game/.test(t)),
        `${at}: the nearest valid game is offered: ${seen.offers}`,
      );
      assert.ok(
        seen.offers.some((t) => /default game/.test(t)),
        `${at}: the default game is offered: ${seen.offers}`,
      );
      assertClean(assert, opened);
      if (c.nearest) {
        await page.locator('loopy-ring [part="error"] button', { hasText: 'nearest valid game' }).click();
        const h = await waitReady(page, { n: c.nearest });
        assert.equal(h.n, String(c.nearest), `${at}: the nearest valid game is shown`);
        assert.equal(await page.inputValue('#f-n'), String(c.nearest), `${at}: the fields follow it`);
        assert.equal(await page.locator('loopy-ring [part="error"]').isVisible(), false, `${at}: the error box closes`);
      } else {
        await page.locator('loopy-ring [part="error"] button', { hasText: 'default game' }).click();
        await waitReady(page, { n: 5 });
      }
      assert.doesNotMatch(await page.textContent('#game-summary'), /cannot/, `${at}: the summary names the game again`);
    } finally {
      await opened.context.close();
    }
  }
});

/** The legend in view: its text a reader sees (not a tooltip's), and its lines in view by the swatch's class. */
function legendSeen(page, selector) {
  return page.evaluate((selector) => {
    const sr = document.querySelector(selector).shadowRoot;
    const legend = [...sr.querySelectorAll('[part="legend"]')].find((l) => l.offsetParent !== null);
    if (!legend) return null;
    const shown = (e) => e.offsetParent !== null && e.getClientRects().length > 0;
    const lines = {};
    for (const li of legend.querySelectorAll('li')) if (shown(li)) lines[li.querySelector('.sw').classList[1]] = li.textContent.trim();
    const parts = [...legend.querySelectorAll('li, p')].filter(shown).map((e) => e.textContent.trim());
    return { lines, text: parts.join(' | '), more: Boolean(legend.querySelector('details')), box: legend.getBoundingClientRect().toJSON() };
  }, selector);
}

test('the legend explains every mark and number in every mode: full, a phone, a compact embed, and the graph with its values and optimal set', async () => {
  const ring = [
    ['page 1280x800', '?n=8&s1=2,3,4,6&s2=3,6', { width: 1280, height: 800 }],
    ['page 390x844', '?n=8&s1=2,3,4,6&s2=3,6', { width: 390, height: 844 }],
    ['embed 390x844', '?n=8&s1=2,3,4,6&s2=3,6&embed=1', { width: 390, height: 844 }],
    ['embed 640x460', '?n=8&s1=2,3,4,6&s2=3,6&embed=1', { width: 640, height: 460 }],
  ];
  for (const [name, query, viewport] of ring) {
    const opened = await openLoopy(browser, query, { viewport });
    const { page } = opened;
    try {
      let seen = await legendSeen(page, 'loopy-ring');
      assert.ok(seen, `${name}: a legend is in view`);
      const t = seen.text;
      for (const w of ['Win', 'Lose', 'Loop']) assert.match(t, new RegExp(w), `${name}: ${w} is in the legend: ${t}`);
      assert.match(t, /number[^.|]*how many moves the game lasts/, `${name}: the number in a Win or Lose mark is explained: ${t}`);
      assert.match(t, /Lose[^|]*(number|moves the game lasts)|number is how many moves/, `${name}: including a Lose mark's: ${t}`);
      assert.match(t, /∞[^.|]*never ends/, `${name}: the ∞ of a Loop is explained: ${t}`);
      assert.match(t, /small number[^.|]*moves still open/, `${name}: the small number of an undecided state is explained: ${t}`);
      if (seen.more) {
        await page.locator('loopy-ring [part="legend"] summary').filter({ visible: true }).click();
        seen = await legendSeen(page, 'loopy-ring');
      }
      for (const mark of ['queued', 'popped', 'pred', 'selected', 'hole', 'bands']) {
        assert.ok(seen.lines[mark]?.length > 12, `${name}: the ${mark} mark has a meaning in view: ${JSON.stringify(seen.lines)}`);
      }
      await screenshot(page, `legend-${name.replace(/ /g, '-')}.png`);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  }
  const graph = await openPage(browser, './graph.html?graph=1-2,2-3,3-1,3-4&goal=4&start=1&embed=1', { viewport: { width: 390, height: 844 } });
  try {
    const { page } = graph;
    await waitReady(page, { selector: 'loopy-graph' });
    // The legend, and the element's line on what its numbers are (in every mode).
    const said = async () => `${(await legendSeen(page, 'loopy-graph')).text} | ${await page.textContent('loopy-graph #numbers')}`;
    let text = await said();
    assert.match(text, /depths: how many moves the game lasts/, `the compact graph legend says the numbers are depths: ${text}`);
    assert.match(text, /[Gg]rey discs and dark arrows[,:] where correct play/, 'and what the optimal-play marks are');
    assert.match(text, /Draw/, 'and names a Draw');
    await page.evaluate(() => document.querySelector('loopy-graph').setAttribute('values', 'grundy'));
    await page.waitForFunction(() => /Sprague-Grundy/.test(document.querySelector('loopy-graph').shadowRoot.getElementById('numbers').textContent));
    text = await said();
    assert.match(text, /Sprague-Grundy values/, `with SG values shown, it says so: ${text}`);
    assert.match(text, /∞ marks a vertex with no finite value/, `and what ∞ is follows: ${text}`);
    await screenshot(page, 'legend-graph-embed-390x844.png');
    assertClean(assert, graph);
  } finally {
    await graph.context.close();
  }
});

/** The quiz as the reader sees it: the question, feedback and score, the narration, and the asked state's account. */
function quizSeen(page) {
  return page.evaluate(() => {
    const el = document.querySelector('loopy-ring');
    const sr = el.shadowRoot;
    const ev = el.view && el.shadowRoot.getElementById('narration').textContent;
    const box = sr.getElementById('quiz-box');
    return {
      shown: box.offsetParent !== null,
      question: sr.getElementById('quiz-q').textContent,
      feedback: sr.getElementById('quiz-feedback').textContent,
      score: sr.getElementById('quiz-score').textContent,
      narration: ev,
      step: el.step,
      playing: el.playing,
      tally: el.quizScore,
    };
  });
}

/** The state the quiz asks about, read from its question ("Player 2 to move, token at 5: ..."). */
function askedState(question) {
  const m = /Player (\d) to move, token at (\d+)/.exec(question);
  return m && { p: Number(m[1]), pos: Number(m[2]) };
}

test('the quiz hides the asked value on the ring, in the narration and in every why, takes Win / Lose / Loop (and a depth) from the keyboard, explains and scores; in presenter mode too', async () => {
  const [n, s1, s2] = [8, [2, 3, 4, 6], [3, 6]];
  const words = answerWords((await runCli(judgeInput(n, s1, s2))).stdout);
  // `loopy --depth` prints the two value lines, then the two depth lines.
  const depths = (await runCli(judgeInput(n, s1, s2), ['--depth'])).stdout
    .trim()
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/));
  const key = { Win: 'w', Lose: 'l', Loop: 'o' };
  const opened = await openLoopy(browser, `?n=${n}&s1=${s1.join(',')}&s2=${s2.join(',')}&g=resolutions`);
  const { page } = opened;
  try {
    await page.click('#ring', { position: { x: 3, y: 3 } });
    await page.keyboard.press('h');
    await page.keyboard.press('ArrowRight');
    await waitReady(page, { step: 1 });
    let seen = await quizSeen(page);
    assert.ok(seen.shown, 'the quiz panel shows');
    const first = askedState(seen.question);
    assert.ok(first, `the quiz asks about the state decided at this step: ${seen.question}`);
    assert.match(seen.narration, /is it a Win, a Lose or a Loop\?/, 'the narration asks rather than tells');
    assert.doesNotMatch(seen.narration, /Win in|Lose in|wins|loses|hands/, `the narration gives nothing away: ${seen.narration}`);
    const hidden = await page.evaluate(({ p, pos }) => document.querySelector('loopy-ring').describe(p, pos), first);
    assert.equal(hidden.hidden, true, 'the why of the asked state is hidden');
    assert.doesNotMatch(`${hidden.value} ${hidden.live} ${hidden.why}`, /Win in|Lose in|Loop:/, 'nothing in it gives the value away');
    const marks = await markValues(page);
    assert.ok(
      ['-', '?'].includes(marks[first.p - 1][first.pos - 1]),
      `the ring does not colour the asked state: ${marks[first.p - 1][first.pos - 1]}`,
    );
    await screenshot(page, 'quiz-asked.png');
    // A right answer, from the keyboard.
    const truth = words[first.p - 1][first.pos - 1];
    const frame = await page.evaluate(() => document.querySelector('loopy-ring').frameCount);
    await page.keyboard.press(key[truth]);
    // The answer recolours the ring in the next frame, not in the key press itself.
    await waitReady(page, { after: frame });
    seen = await quizSeen(page);
    assert.match(seen.feedback, /^Right/, `a right answer is praised: ${seen.feedback}`);
    assert.match(seen.feedback, /\+\d+ (→ \d+|lands on the hole)/, 'with the why, naming moves');
    assert.deepEqual(seen.tally, { right: 1, answered: 1 });
    assert.match(seen.score, /1 of 1/);
    const marksAfter = await markValues(page);
    assert.equal(marksAfter[first.p - 1][first.pos - 1], truth, 'answered, the ring shows its value');
    // A wrong answer.
    await page.keyboard.press('ArrowRight');
    await waitReady(page, { step: 2 });
    const second = askedState((await quizSeen(page)).question);
    const wrong = words[second.p - 1][second.pos - 1] === 'Win' ? 'Lose' : 'Win';
    await page.keyboard.press(key[wrong]);
    seen = await quizSeen(page);
    assert.match(seen.feedback, /^Not this time/, `a wrong answer is corrected: ${seen.feedback}`);
    assert.deepEqual(seen.tally, { right: 1, answered: 2 });
    // The right value with a wrong depth, typed in the depth box, answered by its key there.
    await page.keyboard.press('ArrowRight');
    await waitReady(page, { step: 3 });
    const third = askedState((await quizSeen(page)).question);
    const right = words[third.p - 1][third.pos - 1];
    await page.fill('loopy-ring #quiz-depth', String(Number(depths[third.p - 1][third.pos - 1]) + 2));
    await page.keyboard.press(key[right]);
    seen = await quizSeen(page);
    assert.match(seen.feedback, /value is right, but not the depth/, `a wrong depth is pointed out: ${seen.feedback}`);
    // Playing stops at the next question.
    await page.click('#ring', { position: { x: 3, y: 3 } });
    await page.keyboard.press(' ');
    await page.waitForFunction(() => !document.querySelector('loopy-ring').playing);
    // Its facts come from the worker's why module: the question shows once they are here.
    await page.waitForFunction(
      () => /Player \d to move/.test(document.querySelector('loopy-ring').shadowRoot.getElementById('quiz-q').textContent),
      null,
      {
        timeout: TIMEOUT,
      },
    );
    seen = await quizSeen(page);
    assert.ok(askedState(seen.question), `playing stopped at a question: ${seen.question}`);
    // Presenter mode: the quiz is there and answers from the keyboard.
    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('present', ''));
    await waitReady(page);
    seen = await quizSeen(page);
    assert.ok(seen.shown, 'the quiz shows in presenter mode');
    const fourth = askedState(seen.question);
    await page.keyboard.press(key[words[fourth.p - 1][fourth.pos - 1]]);
    assert.match((await quizSeen(page)).feedback, /^Right/, 'and answers there');
    await screenshot(page, 'quiz-present.png');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

/** Device pixels of the Win colour (settled or paler, queued) along the ray through state (p, pos). */
const winPixelsNear = async (page, p, pos) => blue(await coloursNear(page, p, pos, { ray: true }));

test('on a ring drawn as bands the quiz hides the asked value in its band too, until it is answered', async () => {
  // n = 100,000: bands. The first resolution decides one state (a Win in 1), the only one decided.
  const [n, s1, s2] = [100000, [2, 6], [7, 11, 99998]];
  const words = answerWords((await runCli(judgeInput(n, s1, s2))).stdout);
  const opened = await openLoopy(browser, `?n=${n}&s1=${s1.join(',')}&s2=${s2.join(',')}&g=resolutions&step=1`);
  const { page } = opened;
  try {
    await waitReady(page, { step: 1 });
    await page.evaluate(() => {
      document.querySelector('loopy-ring').quiz = true;
    });
    // The quiz's module comes the first time it is turned on.
    await page.waitForFunction(() => /is it a Win/.test(document.querySelector('loopy-ring').shadowRoot.getElementById('quiz-q')?.textContent));
    await waitReady(page, { step: 1 });
    const q = await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.getElementById('quiz-q').textContent);
    const m = /Player (\d) to move, token at ([\d,]+)/.exec(q);
    assert.ok(m, `the quiz asks about the state this step decides: ${q}`);
    const [p, pos] = [Number(m[1]), Number(m[2].replaceAll(',', ''))];
    const truth = words[p - 1][pos - 1];
    assert.equal(truth, 'Win', 'the first resolution is a Win (the CLI says)');
    assert.equal(await winPixelsNear(page, p, pos), 0, 'its band does not show the Win colour while asked');
    await screenshot(page, 'quiz-bands-asked.png');
    const frame = await page.evaluate(() => document.querySelector('loopy-ring').frameCount);
    await page.click('loopy-ring button[data-guess="Win"]');
    assert.match(await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.getElementById('quiz-feedback').textContent), /^Right/);
    await waitReady(page, { step: 1, after: frame });
    const shown = await winPixelsNear(page, p, pos);
    assert.ok(shown >= 12, `answered, its band shows the Win colour: ${shown} device pixels`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('the quiz on a graph: the vertex decided is asked (W, L or D), checked and scored', async () => {
  // By the rules: the goal 4 is lost for whoever is to move there (Lose in 0); 3 moves onto it
  // (Win); 2 can only move to 3 (Lose); 1 moves to 2 (Win).
  const truth = { 1: 'Win', 2: 'Lose', 3: 'Win', 4: 'Lose' };
  const key = { Win: 'w', Lose: 'l', Draw: 'd' };
  const opened = await openPage(browser, './graph.html?graph=1-2,2-3,3-1,3-4&goal=4&start=1&g=resolutions');
  const { page } = opened;
  try {
    await waitReady(page, { selector: 'loopy-graph' });
    await page.click('#graph', { position: { x: 3, y: 3 } });
    await page.keyboard.press('h');
    const asked = async () =>
      page.evaluate(() => {
        const sr = document.querySelector('loopy-graph').shadowRoot;
        return {
          question: sr.getElementById('quiz-q').textContent,
          narration: sr.getElementById('narration').textContent,
          feedback: sr.getElementById('quiz-feedback').textContent,
          tally: document.querySelector('loopy-graph').quizScore,
          marks: document
            .querySelector('loopy-graph')
            .marks.filter((m) => m.shape === 'asked')
            .map((m) => m.v),
        };
      });
    await page.keyboard.press('ArrowRight');
    await waitReady(page, { selector: 'loopy-graph', step: 1 });
    let seen = await asked();
    const v = Number(/Vertex (\d+)/.exec(seen.question)?.[1]);
    assert.ok(truth[v], `a vertex is asked: ${seen.question}`);
    assert.match(seen.narration, /a Win, a Lose or a Draw\?/, 'the narration asks');
    assert.deepEqual(seen.marks, [v], 'its mark is a question');
    await page.keyboard.press(key[truth[v]]);
    seen = await asked();
    assert.match(seen.feedback, /^Right/, seen.feedback);
    await page.keyboard.press('ArrowRight');
    await waitReady(page, { selector: 'loopy-graph', step: 2 });
    const w = Number(/Vertex (\d+)/.exec((await asked()).question)?.[1]);
    await page.keyboard.press(key.Draw);
    seen = await asked();
    assert.match(seen.feedback, new RegExp(`^Not this time: ${truth[w]}`), seen.feedback);
    assert.deepEqual(seen.tally, { right: 1, answered: 2 });
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

/** Where the focus is inside the element (its id), and what it shows. */
function focusSeen(page) {
  return page.evaluate(() => {
    const el = document.querySelector('loopy-ring');
    const a = el.shadowRoot.activeElement;
    return {
      focus: a?.id || a?.tagName || document.activeElement?.id || null,
      step: el.step,
      playing: el.playing,
      speed: Number(el.view.speed),
      g: el.view.g,
      checked: el.shadowRoot.querySelector('input[name="gran"]:checked')?.value,
    };
  });
}

test('one keyboard model: a focused control keeps its own keys (Space presses buttons, arrows move in radio groups and lists), every other key drives the ring; Esc and an outside click close every menu and popup', async () => {
  const opened = await openLoopy(browser, '?n=8&s1=2,3,4,6&s2=3,6&step=10&speed=1');
  const { page } = opened;
  try {
    // Space on a page button presses it (the share dialog opens) and does not play.
    await page.focus('#share');
    await page.keyboard.press(' ');
    await page.locator('#share-dialog').waitFor({ state: 'visible' });
    assert.equal((await focusSeen(page)).playing, false, 'Space on "Share" does not play');
    await page.keyboard.press('Escape');
    await page.locator('#share-dialog').waitFor({ state: 'hidden' });
    // Space on the element's step button steps.
    await page.focus('loopy-ring #fwd');
    await page.keyboard.press(' ');
    await waitReady(page, { step: 11 });
    assert.equal((await focusSeen(page)).playing, false, 'Space on "Step" steps, and does not play');
    // A key the button does not use drives the ring.
    await page.keyboard.press('Home');
    await waitReady(page, { step: 0 });
    // The arrows in the "One step" radio group change the choice, not the step.
    await page.locator('loopy-ring input[name="gran"][value="events"]').focus();
    await page.keyboard.press('ArrowRight');
    let seen = await focusSeen(page);
    assert.equal(seen.checked, 'resolutions', '→ moves to the next choice');
    assert.equal(seen.g, 'resolutions', 'which is the granularity now');
    assert.equal(seen.step, 0, '→ did not step the animation');
    assert.equal(seen.focus, 'INPUT', 'the focus stays in the group');
    // The arrows in the Speed list change the speed, and the focus stays there.
    await page.focus('loopy-ring #speed');
    const speed = (await focusSeen(page)).speed;
    await page.keyboard.press('ArrowDown');
    seen = await focusSeen(page);
    assert.notEqual(seen.speed, speed, '↓ changes the speed');
    assert.equal(seen.focus, 'speed', 'and the focus stays on the list');
    await page.keyboard.press('ArrowDown');
    assert.notEqual((await focusSeen(page)).speed, seen.speed, 'the second ↓ changes it again');
    // On the ring, the arrows step.
    await page.click('#ring', { position: { x: 3, y: 3 } });
    const at = (await focusSeen(page)).step;
    await page.keyboard.press('ArrowRight');
    await waitReady(page, { step: at + 1 });
    // An outside click closes the why popup.
    const spot = await page.evaluate(() => document.querySelector('loopy-ring').pointOf(2, 5));
    await page.mouse.click(spot.x, spot.y);
    await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'visible' });
    await page.click('h1');
    await page.locator('loopy-ring [part="popup"]').waitFor({ state: 'hidden' });
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
  // The compact "⋯" menu: Esc and an outside click close it, and it covers neither the narration nor the popup.
  const embed = await openLoopy(browser, '?n=8&s1=2,3,4,6&s2=3,6&embed=1', { viewport: { width: 390, height: 844 } });
  try {
    const { page } = embed;
    const menu = page.locator('loopy-ring details.menu');
    await page.click('loopy-ring details.menu summary');
    // It opens once its options (element/options.js, fetched on the first opening) are there.
    await page.waitForFunction(() => document.querySelector('loopy-ring').shadowRoot.querySelector('details.menu[open] #speed'), null, {
      timeout: TIMEOUT,
    });
    const overlap = await page.evaluate(() => {
      const sr = document.querySelector('loopy-ring').shadowRoot;
      const a = sr.querySelector('.menu-body').getBoundingClientRect();
      const b = sr.getElementById('narration').getBoundingClientRect();
      const s = sr.querySelector('[part="stage"]').getBoundingClientRect();
      const hit = (x, y) => x.left < y.right && y.left < x.right && x.top < y.bottom && y.top < x.bottom;
      return { narration: hit(a, b), stage: hit(a, s) };
    });
    assert.deepEqual(overlap, { narration: false, stage: false }, 'the open menu covers neither the narration nor the ring (and its popup)');
    await screenshot(page, 'menu-open-390.png');
    await page.keyboard.press('Escape');
    assert.equal(await menu.evaluate((d) => d.open), false, 'Esc closes the menu');
    await page.click('loopy-ring details.menu summary');
    assert.equal(await menu.evaluate((d) => d.open), true);
    await page.mouse.click(5, 5);
    assert.equal(await menu.evaluate((d) => d.open), false, 'a click outside closes the menu');
    assertClean(assert, embed);
  } finally {
    await embed.context.close();
  }
});
