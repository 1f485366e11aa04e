// Playing against the solver on the page: the computer's moves and the hints against an
// oracle made of the CLI's values and depths (`loopy --depth`) and the rules as written
// in the spec (a move by x goes from i to (i + x) mod n; landing on 0 wins).
//
// From a Win start a visitor who throws the win away never wins after that, and one who
// follows the hints wins in exactly the depth; from a Lose start with the best defence the
// computer wins in exactly the depth; from a Loop start the computer never loses and the
// game never ends. Undo restores the exact position, and the review names the move that
// threw a win away.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, runCli, TIMEOUT } from './browser.mjs';
import { assertClean, gameQuery, judgeInput, openLoopy, rng, screenshot } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Patchwork (a preset): Win, Lose and Loop states on both rings, depths up to 34.
const GAME = { n: 29, s1: [8, 13], s2: [4, 16, 28] };

/** The oracle: each state's value from the CLI, and the moves by the rules. */
async function oracle({ n, s1, s2 }) {
  const { stdout, code, stderr } = await runCli(judgeInput(n, s1, s2), ['--depth']);
  assert.equal(code, 0, stderr);
  const [o1, o2, d1, d2] = stdout
    .trim()
    .split('\n')
    .map((l) => l.split(' '));
  const words = [null, o1, o2];
  const depths = [null, d1, d2];
  const steps = [null, s1, s2];
  const value = (p, pos) => ({ o: words[p][pos - 1], d: depths[p][pos - 1] === '-' ? 0 : Number(depths[p][pos - 1]) });
  /** The moves of player p at pos: { step, to, opp } with the opponent's value at `to` (null for the hole). */
  const moves = (p, pos) =>
    steps[p].map((step) => {
      const to = (pos + step) % n;
      return { step, to, opp: to === 0 ? null : value(3 - p, to) };
    });
  const states = [];
  for (const p of [1, 2]) for (let pos = 1; pos < n; pos++) states.push({ p, pos, ...value(p, pos) });
  return { n, value, moves, states };
}

/**
 * Opens the page on GAME and the play panel; `still`: with reduced motion, where the token
 * jumps instead of gliding and the computer answers at once (for the long games; the first
 * hint and the review watch it move and pause).
 */
async function openGame(still = false) {
  const opened = await openLoopy(browser, gameQuery(GAME.n, GAME.s1, GAME.s2), { viewport: { width: 1280, height: 900 } });
  if (still) await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  await opened.page.click('#play-open');
  await opened.page.waitForSelector('#play-start');
  return opened;
}

/** Starts a game from the panel's set-up: token at `pos`, player `first` moves first, the visitor plays `side`. */
async function start(page, { pos, first, side, show = true }) {
  if (await page.isVisible('#play-again')) await page.click('#play-again');
  await page.fill('#play-pos', String(pos));
  await page.check(`input[name="play-first"][value="${first}"]`);
  await page.check(`input[name="play-side"][value="${side}"]`);
  await page.setChecked('#play-show', show);
  await page.click('#play-start');
  return turn(page);
}

/** Waits until it is the visitor's move or the game is over; the game's state. */
async function turn(page) {
  await page.waitForFunction(
    () => {
      const g = document.getElementById('play').game;
      return g && (g.waiting || (g.over && !g.busy));
    },
    null,
    { timeout: TIMEOUT },
  );
  return page.evaluate(() => document.getElementById('play').game.state());
}

/** The visitor presses the button of move `step`, then waits for the computer's answer. */
async function move(page, step) {
  await page.click(`#play-moves button[data-step="${step}"]`);
  return turn(page);
}

/** From the mover's side: how good a move is (higher is better), by the oracle. */
function goodness(m) {
  if (m.to === 0) return 1000;
  if (m.opp.o === 'Lose') return 500 - m.opp.d;
  if (m.opp.o === 'Loop') return 0;
  return -500 + m.opp.d; // Win for the opponent: holding out longer is better
}

test("the first hint says why though the inspector's module comes late: a turn is offered once the state's account is here", async () => {
  const O = await oracle(GAME);
  const w = O.states.find((s) => s.o === 'Win' && s.d >= 3);
  // The inspector (ring/inspect.js) held back 1.5 s: the hint is asked for as soon as the visitor may move.
  const late = (context) =>
    context.route('**/js/ring/inspect.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
  const opened = await openLoopy(browser, gameQuery(GAME.n, GAME.s1, GAME.s2), { viewport: { width: 1280, height: 900 }, init: late });
  const { page } = opened;
  try {
    await page.click('#play-open');
    await page.waitForSelector('#play-start');
    await start(page, { pos: w.pos, first: w.p, side: w.p });
    await page.click('#play-hint');
    const hint = await page.textContent('#play-hint-text');
    assert.match(hint, /^Hint: \+\d+/);
    assert.ok(hint.length > 40, `the hint says why: “${hint}”`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('from a Win start: following the hints wins in exactly the depth; throwing the win away never wins', async () => {
  const O = await oracle(GAME);
  const opened = await openGame(true);
  const { page } = opened;
  try {
    // Hints: every Win start of depth 3 to 9 for the visitor moving first, a few of them.
    const wins = O.states.filter((s) => s.o === 'Win' && s.d >= 3 && s.d <= 9).slice(0, 3);
    assert.ok(wins.length > 0, 'the game has Win starts');
    for (const w of wins) {
      let s = await start(page, { pos: w.pos, first: w.p, side: w.p });
      assert.equal(
        await page.textContent('#play-value'),
        `You are Win in ${w.d} moves${w.d > 1 ? ` (${(w.d + 1) / 2} by you, ${(w.d - 1) / 2} by the computer)` : ''}: you can win whatever the computer does.`,
      );
      while (!s.over) {
        await page.click('#play-hint');
        const hint = await page.textContent('#play-hint-text');
        const step = Number(/^Hint: \+(\d+)/.exec(hint)?.[1]);
        const best = O.moves(s.p, s.pos).reduce((a, m) => (goodness(m) > goodness(a) ? m : a));
        assert.equal(goodness(O.moves(s.p, s.pos).find((m) => m.step === step)), goodness(best), `the hint ${hint} is a best move`);
        assert.ok(hint.length > 40, 'the hint says why');
        s = await move(page, step);
      }
      assert.equal(s.over.winner, w.p, `player ${w.p} from ${w.pos} wins by the hints`);
      assert.equal(s.moves.length, w.d, `in exactly ${w.d} moves`);
    }

    // Bad play: from Win starts with a move that throws the win away, the worst move each time
    // (and three seeded random visitors): once the win is thrown away the visitor never wins.
    const throwable = O.states.filter((s) => s.o === 'Win' && s.d >= 3 && O.moves(s.p, s.pos).some((m) => m.to !== 0 && m.opp.o !== 'Lose'));
    assert.ok(throwable.length > 0, 'some Win start has a move that throws the win away');
    const plans = [{ worst: true }, { seed: 1 }, { seed: 2 }, { seed: 3 }];
    for (const [k, plan] of plans.entries()) {
      const w = throwable[k % throwable.length];
      const pick = plan.worst ? null : rng(plan.seed);
      let s = await start(page, { pos: w.pos, first: w.p, side: w.p });
      let thrown = false;
      for (let ply = 0; ply < 30 && !s.over; ply++) {
        const ms = O.moves(s.p, s.pos);
        const m = plan.worst || (!thrown && ply === 0) ? ms.reduce((a, x) => (goodness(x) < goodness(a) ? x : a)) : ms[pick(ms.length)];
        if (O.value(s.p, s.pos).o === 'Win' && m.to !== 0 && m.opp.o !== 'Lose') thrown = true;
        s = await move(page, m.step);
        if (thrown && !s.over) {
          assert.notEqual(O.value(s.p, s.pos).o, 'Win', 'after the win is thrown away, the computer never hands it back');
        }
      }
      assert.ok(thrown, 'the visitor threw the win away');
      assert.ok(!s.over || s.over.winner !== w.p, `the visitor (${JSON.stringify(plan)}) never wins after throwing the win away`);
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('from a Lose start with the best defence, the computer wins in exactly the depth', async () => {
  const O = await oracle(GAME);
  const opened = await openGame(true);
  const { page } = opened;
  try {
    const loses = O.states.filter((s) => s.o === 'Lose' && s.d >= 4 && s.d <= 12).slice(0, 3);
    assert.ok(loses.length > 0);
    for (const l of loses) {
      let s = await start(page, { pos: l.pos, first: l.p, side: l.p });
      const computer = 3 - l.p;
      assert.match(
        await page.textContent('#play-value'),
        new RegExp(`^You are Lose in ${l.d} moves \\(${l.d / 2} each\\): the computer wins in at most ${l.d} moves`),
      );
      while (!s.over) {
        const ms = O.moves(s.p, s.pos);
        assert.ok(
          ms.every((m) => m.to !== 0 && m.opp.o === 'Win'),
          'the computer always leaves the visitor in a Lose state',
        );
        s = await move(page, ms.reduce((a, m) => (goodness(m) > goodness(a) ? m : a)).step);
      }
      assert.equal(s.over.winner, computer, 'the computer wins');
      assert.equal(s.moves.length, l.d, `in exactly ${l.d} moves, the depth`);
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('from a Loop start the computer never loses and never lets the game end', async () => {
  const O = await oracle(GAME);
  const opened = await openGame(true);
  const { page } = opened;
  try {
    const loops = O.states.filter((s) => s.o === 'Loop');
    // The visitor plays each side once, keeping to the Loop: 10 moves each, and nobody wins.
    for (const side of [1, 2]) {
      const l = loops.find((x) => x.p === side);
      let s = await start(page, { pos: l.pos, first: side, side });
      for (let k = 0; k < 10; k++) {
        assert.equal(s.over, null, 'the game goes on');
        assert.equal(O.value(s.p, s.pos).o, 'Loop', 'the computer keeps to the Loop');
        const m = O.moves(s.p, s.pos).find((x) => x.to !== 0 && x.opp.o === 'Loop');
        s = await move(page, m.step);
      }
      assert.equal(s.over, null, 'after 20 moves the game has not ended');
      assert.equal(s.moves.length, 20);
      await page.click('#play-stop');
      assert.match(await page.textContent('#play-status'), /Stopped after 20 moves/);
    }
    // A visitor who moves at random from a Loop start never beats the computer.
    for (const seed of [7, 8]) {
      const pick = rng(seed);
      const l = loops[seed % loops.length];
      let s = await start(page, { pos: l.pos, first: l.p, side: l.p });
      for (let k = 0; k < 12 && !s.over; k++) {
        const ms = O.moves(s.p, s.pos);
        s = await move(page, ms[pick(ms.length)].step);
      }
      assert.ok(!s.over || s.over.winner !== l.p, 'the computer never loses');
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

/** Everything the visitor sees of the position: the game's state, the token, the panel's words. */
function position(page) {
  return page.evaluate(() => {
    const g = document.getElementById('play').game.state();
    const ring = document.querySelector('loopy-ring');
    return {
      game: g,
      token: ring.token,
      caption: ring.caption,
      value: document.getElementById('play-value').textContent,
      buttons: [...document.querySelectorAll('#play-moves button')].map((b) => b.textContent),
      list: document.getElementById('play-list').textContent,
    };
  });
}

test('undo restores the exact position, also after the game is over', async () => {
  const O = await oracle(GAME);
  const opened = await openGame(true);
  const { page } = opened;
  try {
    const w = O.states.find((s) => s.o === 'Win' && s.d >= 5);
    let s = await start(page, { pos: w.pos, first: w.p, side: w.p });
    const m1 = O.moves(s.p, s.pos).find((m) => m.to !== 0);
    s = await move(page, m1.step);
    const before = await position(page);
    const m2 = O.moves(s.p, s.pos).find((m) => m.to !== 0) ?? O.moves(s.p, s.pos)[0];
    s = await move(page, m2.step);
    assert.notDeepEqual((await position(page)).game, before.game);
    await page.click('#play-undo');
    await turn(page);
    assert.deepEqual(await position(page), before, 'one undo takes back the visitor’s move and the computer’s answer');
    // Play on to the end with the worst moves, then undo the last one.
    let last = before;
    for (let k = 0; k < 40 && !s.over; k++) {
      last = await position(page);
      s = await move(page, O.moves(s.p, s.pos).reduce((a, x) => (goodness(x) < goodness(a) ? x : a)).step);
    }
    assert.ok(s.over, 'the game ended');
    await page.click('#play-undo');
    await turn(page);
    assert.deepEqual(await position(page), last, 'undo after the end restores the last position');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('the review names the move that threw the win away (screenshot of a finished game)', async () => {
  const O = await oracle(GAME);
  const opened = await openGame();
  const { page } = opened;
  try {
    // Win starts for the visitor where the first move can keep the win without ending the game.
    const starts = O.states.filter((s) => s.o === 'Win' && s.d >= 5);
    let named = false;
    for (const w of starts) {
      let s = await start(page, { pos: w.pos, first: w.p, side: w.p });
      let thrown = null;
      // Play well until a move that throws the win away is possible (not the first move), then make it.
      for (let ply = 0; !s.over && ply < 20; ply++) {
        const ms = O.moves(s.p, s.pos);
        const bad = ms.find((m) => m.to !== 0 && m.opp.o !== 'Lose');
        if (!thrown && bad && s.moves.length > 0) {
          thrown = { ply: s.moves.length + 1, from: s.pos, ...bad };
          s = await move(page, bad.step);
        } else if (!thrown) {
          const good = ms.filter((m) => m.to !== 0 && m.opp.o === 'Lose');
          if (!good.length) break; // only a win at once is left: try another start
          s = await move(page, good[0].step);
        } else {
          s = await move(page, ms.reduce((a, x) => (goodness(x) < goodness(a) ? x : a)).step);
        }
      }
      if (!thrown) continue;
      if (!s.over) await page.click('#play-stop');
      await page.waitForSelector('#play-verdict');
      const verdict = await page.textContent('#play-verdict');
      assert.ok(
        verdict.startsWith(`The move that threw the win away: move ${thrown.ply}, +${thrown.step} → ${thrown.to} from ${thrown.from};`),
        `the review names move ${thrown.ply} (+${thrown.step} → ${thrown.to} from ${thrown.from}): ${verdict}`,
      );
      const marked = await page.$$eval('#play-review li.threw', (lis) => lis.map((li) => li.value));
      assert.deepEqual(marked, [thrown.ply], 'that move, and only it, is marked in the list');
      await page.locator('loopy-ring').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.querySelector('loopy-ring').getBoundingClientRect().top + window.scrollY - 8));
      await screenshot(page, 'play-finished.png');
      named = true;
      break;
    }
    assert.ok(named, 'some start allowed the scripted game');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('watch optimal play: a Win start ends in exactly the depth, a Loop start stops when a position comes back', async () => {
  const O = await oracle(GAME);
  const opened = await openGame(true);
  const { page } = opened;
  const watch = async (s) => {
    if (await page.isVisible('#play-again')) await page.click('#play-again');
    await page.fill('#play-pos', String(s.pos));
    await page.check(`input[name="play-first"][value="${s.p}"]`);
    await page.click('#play-watch');
    await page.waitForFunction(() => document.getElementById('play').game?.over, null, { timeout: TIMEOUT });
    return page.evaluate(() => document.getElementById('play').game.state());
  };
  try {
    const w = O.states.find((s) => s.o === 'Win' && s.d >= 5);
    let s = await watch(w);
    assert.equal(s.over.winner, w.p, 'the player with the Win wins');
    assert.equal(s.moves.length, w.d, `in exactly ${w.d} moves`);
    const l = O.states.find((x) => x.o === 'Loop');
    s = await watch(l);
    assert.equal(s.over.reason, 'repeat');
    assert.ok(
      s.moves.every((m) => O.value(m.p, m.pos).o === 'Loop'),
      'every position on the way is a Loop',
    );
    assert.ok(
      s.moves.some((m) => m.p === s.p && m.pos === s.pos),
      'and the last one came up before',
    );
    assert.match(await page.textContent('#play-status'), /again: with best play the same moves repeat forever/);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a game from the keyboard: Space presses the focused move, Enter on a selected state moves there', async () => {
  const O = await oracle(GAME);
  const opened = await openGame(true);
  const { page } = opened;
  try {
    const w = O.states.find((s) => s.o === 'Win' && s.d >= 5);
    let s = await start(page, { pos: w.pos, first: w.p, side: w.p });
    const first = O.moves(s.p, s.pos)[0];
    await page.focus(`#play-moves button[data-step="${first.step}"]`);
    await page.keyboard.press(' ');
    s = await turn(page);
    assert.deepEqual(s.moves[0], { p: w.p, pos: w.pos, step: first.step, to: first.to, by: 'you' }, 'Space made the move');
    assert.equal(await page.evaluate(() => document.querySelector('loopy-ring').playing), false, 'and did not start the animation');
    if (!s.over) {
      const m = O.moves(s.p, s.pos).find((x) => x.to !== 0);
      await page.evaluate(({ p, to }) => document.querySelector('loopy-ring').select(p, to), { p: 3 - s.p, to: m.to });
      await page.focus('loopy-ring >> #ring');
      await page.keyboard.press('Enter');
      s = await turn(page);
      assert.deepEqual(
        s.moves[2],
        { p: s.moves[2].p, pos: s.moves[2].pos, step: m.step, to: m.to, by: 'you' },
        'Enter on the selected state moved there',
      );
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a won game that goes round: the third time a position comes up it is pointed out as a Loop, and the review names the move that let the win slip', async () => {
  // The issue's game: n = 8, start 1, player 1 first; +2 → 3 each time, the computer answers +6 → 1.
  const G = { n: 8, s1: [2, 3, 4, 6], s2: [3, 6] };
  const O = await oracle(G);
  assert.equal(O.value(1, 1).o, 'Win', 'the oracle: player 1 to move at 1 wins');
  const slow = O.moves(1, 1).find((m) => m.step === 2);
  const fastest = O.moves(1, 1).reduce((a, x) => (goodness(x) > goodness(a) ? x : a));
  assert.ok(slow.opp.o === 'Lose' && goodness(slow) < goodness(fastest), 'the oracle: +2 keeps the win but is not the fastest');
  const opened = await openLoopy(browser, gameQuery(G.n, G.s1, G.s2), { viewport: { width: 1280, height: 900 } });
  const { page } = opened;
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.click('#play-open');
    await page.waitForSelector('#play-start');
    let s = await start(page, { pos: 1, first: 1, side: 1 });
    for (let round = 1; round <= 2; round++) {
      assert.equal(await page.isVisible('#play-repeat'), false, `round ${round}: nothing to point out yet`);
      s = await move(page, 2);
      assert.deepEqual([s.p, s.pos], [1, 1], 'the computer answers back to 1');
    }
    // Now the token is at 1 with player 1 to move for the third time.
    assert.deepEqual(s.repeat && [s.repeat.p, s.repeat.pos, s.repeat.times], [1, 1, 3]);
    assert.equal(s.over, null, 'the game goes on: a Win can still be forced');
    const note = await page.textContent('#play-repeat');
    assert.match(note, /token is at 1 with player 1 to move for the 3rd time/);
    assert.match(note, /Loop, where nobody can force a win/);
    assert.match(note, /You can still force a win from here/);
    await page.click('#play-stop');
    await page.waitForSelector('#play-verdict');
    const verdict = await page.textContent('#play-verdict');
    assert.ok(
      verdict.startsWith(`The move that let the win slip into going round: move 1, +2 → 3 from 1; +${fastest.step} → ${fastest.to} wins fastest.`),
      verdict,
    );
    const slipped = await page.$$eval('#play-review li.slipped', (lis) => lis.map((li) => li.value));
    assert.deepEqual(slipped, [1], 'that move, and only it, is marked in the list');
    await screenshot(page, 'play-repeat.png');
    // Undo takes the repeat back with the moves.
    await page.click('#play-undo');
    s = await turn(page);
    assert.equal(s.repeat, null, 'after undo the position has come up twice');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});
