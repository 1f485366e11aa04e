// Unit tests of the page's pure modules (www/js/element/url.js, www/js/ring/explain.js) under plain
// node, no browser. explain.js reads its values and best moves from the wasm core.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { test } from 'node:test';
import { registerTranslation, setCatalogCheck, words } from '../www/js/element/i18n.js';
import * as elementUrl from '../www/js/element/url.js';
import zh from '../www/js/i18n/zh-CN.js';
import { PRESETS } from '../www/js/page/input.js';
import { INSPECT_WORDS, NARRATE_WORDS, valueText } from '../www/js/ring/explain.js';
import { inspector } from '../www/js/ring/inspect.js';
import { narrator } from '../www/js/ring/narrate.js';
import { valueForVisitor } from '../www/js/ring/play.js';
import * as ringUrl from '../www/js/ring/ring-url.js';
import { LAYOUT } from '../www/pkg/layout.js';
import { ringContext } from './page-helpers.mjs';

const { narrate, skipNote } = narrator(NARRATE_WORDS);

/** The view's parsing and serialising: what both elements share (element/url.js) and the ring's fields (ring/ring-url.js). */
const url = { ...elementUrl, ...ringUrl };
// registerTranslation checks a catalog with this module, as an entry tells it to.
setCatalogCheck(() => import('../www/js/element/catalog-check.js'));

const { describe, movesOf } = inspector(INSPECT_WORDS);

const pkg = new URL('../www/pkg/', import.meta.url);
// The judge text readers are in the full module (games on graphs too), as the page loads them.
const full = await import(new URL('graphs/loopy.js', pkg));
full.initSync({ module: await readFile(new URL('graphs/loopy_bg.wasm', pkg)) });
// solve() and the Propagation constructor are the whole module's (the ring's own leaves them out).
const loopy = full;

test('fields: n, steps, ranges and their error messages', () => {
  assert.deepEqual(url.parseN(' 12 '), { value: 12 });
  assert.match(url.parseN('').error, /missing/);
  assert.match(url.parseN('1 2').error, /one number/);
  assert.match(url.parseN('x7').error, /“x7”/);
  assert.match(url.parseN('5.5').error, /whole number/);
  const steps = (text, p, limit) => {
    const r = url.parseSteps(text, p, limit);
    return r.error ? r : { value: Array.from(r.value) };
  };
  assert.deepEqual(steps('1, 2 3,,4', 1), { value: [1, 2, 3, 4] });
  assert.deepEqual(steps('2-5,9', 2), { value: [2, 3, 4, 5, 9] });
  assert.deepEqual(steps('', 1), { value: [] });
  assert.match(steps('1, two', 2).error, /player 2.*“two”/);
  assert.match(steps('-3', 1).error, /“-3”/);
  assert.match(steps('5-2', 1).error, /backwards/);
  assert.ok(url.parseSteps('1-9', 1).value instanceof Uint32Array, 'steps are a typed array');
  assert.equal(url.formatSteps([1, 2, 3, 7, 8, 10]), '1-3,7,8,10');
  assert.equal(url.formatSteps([4], ', '), '4');
  assert.equal(url.formatSteps([]), '');
});

test('step fields are capped in all, not per range: ten huge ranges cost nothing', () => {
  const limit = LAYOUT.maxN;
  assert.equal(url.parseSteps(`1-${limit}`, 1, limit).value.length, limit);
  const ten = Array.from({ length: 10 }, () => `1-${limit - 1}`).join(',');
  assert.match(url.parseSteps(ten, 1, limit).error, /player 1 has too many steps: at most 10,000,000 in all/);
  assert.match(url.parseSteps(`1-${limit},1`, 2, limit).error, /player 2 has too many steps/);
  const long = url.parseSteps(`x${'9'.repeat(500)}`, 1).error;
  assert.ok(long.length < 120 && long.includes('…'), `a long bad token is clipped: ${long.length} characters`);
});

test("the core's errors name their field as data", () => {
  const field = (f) => {
    try {
      f();
    } catch (e) {
      return e.field;
    }
    return 'no error';
  };
  assert.equal(
    field(() => loopy.solve(1, [1], [1])),
    'n',
  );
  assert.equal(
    field(() => loopy.solve(5, [9], [1])),
    's1',
  );
  assert.equal(
    field(() => loopy.solve(5, [1], [])),
    's2',
  );
  assert.equal(
    field(() => loopy.solve(5, [2], [1, 1])),
    's2',
  );
  assert.equal(
    field(() => full.parseJudge('1\n5\n1 9\n1 1\n')),
    'text',
  );
});

test('query strings round-trip and ignore malformed values', () => {
  const v = {
    game: { n: 29, s1: [8, 13], s2: [4, 16, 28] },
    g: 'layers',
    step: 7,
    speed: 50,
    sel: { p: 2, pos: 4 },
    autoplay: true,
    embed: true,
    present: true,
  };
  const q = url.serializeQuery(v);
  assert.equal(q, '?n=29&s1=8,13&s2=4,16,28&g=layers&step=7&speed=50&p=2&pos=4&autoplay=1&embed=1&present=1');
  const back = url.parseQuery(q);
  assert.deepEqual(back.game, { n: '29', s1: '8,13', s2: '4,16,28' });
  assert.deepEqual(
    { ...back, game: undefined },
    { game: undefined, step: 7, speed: 50, g: 'layers', sel: { p: 2, pos: 4 }, autoplay: true, embed: true, present: true },
  );
  assert.equal(url.serializeQuery({ game: { n: 7000, s1: [1, 2, 3, 4], s2: [5] }, g: 'events', step: 0 }), '?n=7000&s1=1-4&s2=5');
  const bad = url.parseQuery('?step=-1&speed=abc&g=sideways&p=3&pos=2&autoplay=yes&present=yes');
  assert.deepEqual(bad, { autoplay: false, embed: false, present: false });
  assert.equal(url.parseQuery('?speed=3').speed, 2, 'speed snaps to the nearest level');
  assert.deepEqual(url.parseQuery('').game, undefined);
  assert.deepEqual(url.parseQuery('?n=5').game, { n: '5', s1: '', s2: '' });
});

test("the inspector lists every move where the rules say it leads, and its best move follows the spec's policy", () => {
  let seed = 7;
  const rnd = (k) => {
    seed = (seed * 16807) % 2147483647;
    return seed % k;
  };
  const games = PRESETS.filter((p) => p.n <= 2000 && typeof p.s1 !== 'string').map((p) => [p.n, p.s1, p.s2]);
  for (let t = 0; t < 200; t++) {
    const n = 2 + rnd(40);
    const pick = () => {
      const s = new Set();
      const k = 1 + rnd(Math.min(4, n - 1));
      while (s.size < k) s.add(1 + rnd(n - 1));
      return [...s];
    };
    games.push([n, pick(), pick()]);
  }
  for (const [n, s1, s2] of games) {
    const { g, sol } = ringContext(loopy, n, s1, s2);
    for (const p of [1, 2]) {
      for (let i = 1; i < n; i++) {
        const at = `game ${n} ${s1} ${s2}: player ${p} at ${i}`;
        const f = sol.explain(p, i);
        const d = describe(g, f, undefined, true);
        // The inspector lists every move of the state, where the rules say it leads.
        const steps = [...g.steps[p]];
        assert.deepEqual(
          d.moves.map((m) => [m.step, m.to]),
          steps.map((x) => [x, (i + x) % n]),
          at,
        );
        // The move the inspector calls best leads where the spec's policy says.
        const m = movesOf(g, f).find((m) => m.step === d.bestStep);
        const [o, dep] = [g.out[(p - 1) * n + i], g.dep[(p - 1) * n + i]];
        if (o === 1) assert.ok(m.hole ? dep === 1 : m.outcome === 'Lose' && m.depth === dep - 1, at);
        if (o === 2) assert.ok(m.outcome === 'Win' && m.depth === dep - 1, at);
        if (o === 0) assert.ok(!m.hole && m.outcome === 'Loop', at);
      }
    }
    sol.free();
  }
});

test('a state of more moves than its facts list is said as its whole list would say it, with the counts of all its moves', () => {
  // The whole list from the core's move rows (Solution.moves: every move), not from the facts.
  const code = Object.fromEntries(['win', 'lose', 'loop'].map((k) => [LAYOUT.outcome[k], k[0].toUpperCase() + k.slice(1)]));
  const whole = (sol, f) => {
    const rows = sol.moves(f.player, f.pos);
    const moves = [];
    for (let k = 0; k < rows.length; k += LAYOUT.moveWords) {
      const [step, to, o, depth] = rows.subarray(k, k + 4);
      moves.push({ step, to, hole: to === 0, outcome: to === 0 ? 'Lose' : code[o], depth: to === 0 ? 0 : depth });
    }
    const loops = moves.filter((m) => m.outcome === 'Loop').map((m) => m.step);
    const reason = f.reason.kind === 'undecided' ? { ...f.reason, loops, count: loops.length } : f.reason;
    return { ...f, moves, moveCount: moves.length, reason };
  };
  let seed = 17;
  const rnd = (k) => {
    seed = (seed * 16807) % 2147483647;
    return seed % k;
  };
  const seen = { cut: 0, lose: 0, loops: 0 };
  const range = (a, b) => Array.from({ length: b - a + 1 }, (_, k) => a + k);
  // Player 2 wins at once from anywhere: player 1 loses from 1 to 199, by each of 100 moves.
  const games = [[300, range(1, 100), range(1, 299)]];
  for (let t = 0; t < 3; t++) {
    const n = 150 + rnd(150);
    const pick = () => [...new Set(Array.from({ length: 70 + rnd(n - 71) }, () => 1 + rnd(n - 1)))];
    const s1 = pick();
    games.push([n, s1, t % 2 ? s1 : pick()]);
  }
  for (const [n, s1, s2] of games) {
    const { g, sol } = ringContext(loopy, n, s1, s2);
    const open = (LAYOUT.snapshot.unknown | (2 << LAYOUT.snapshot.shift)) >>> 0; // 2 moves still open
    const snap = new Proxy([], { get: () => open });
    for (const p of [1, 2]) {
      for (let i = 1; i < n; i++) {
        if (i % 3 !== p % 3) continue; // a third of the states: each said twice with every move
        const f = sol.explain(p, i);
        const all = whole(sol, f);
        if (all.moveCount <= 64) continue;
        const at = `n=${n} player ${p} at ${i}`;
        seen.cut++;
        if (f.reason.kind === 'everyMoveToWin') seen.lose++;
        if (f.reason.kind === 'undecided' && f.reason.count > f.reason.loops.length) seen.loops++;
        assert.equal(f.moves.length, 64, at);
        for (const [live, done] of [
          [undefined, true],
          [snap, false],
        ]) {
          const [d, w] = [describe(g, f, live, done), describe(g, all, live, done)];
          for (const k of ['title', 'value', 'best', 'why', 'live', 'bestStep', 'moveCount']) assert.equal(d[k], w[k], `${at}: ${k}`);
          // The inspector shows 24 moves: the same ones.
          assert.deepEqual(d.moves.slice(0, 24), w.moves.slice(0, 24), at);
        }
      }
    }
    sol.free();
  }
  assert.ok(seen.cut > 100 && seen.lose > 0 && seen.loops > 0, JSON.stringify(seen));
});

test('the inspector explains the spec sample in plain words', () => {
  const { g, sol } = ringContext(loopy, 5, [2, 3], [1, 2, 3]);
  // The live word of state (p, i) alone in a snapshot, at the core's index of the state.
  const describeAt = (p, i, live, done, quiz) => {
    const f = sol.explain(p, i);
    const snap = [];
    snap[f.state] = live;
    return describe(g, f, snap, done, quiz);
  };
  // Player 1 at 2: +3 lands on the hole.
  let d = describeAt(1, 2, (1 | (1 << 4)) >>> 0, true);
  assert.equal(d.title, 'Player 1 to move, token at 2');
  assert.equal(d.value, 'Win in 1 move');
  assert.match(d.why, /^\+3 lands on the hole: an immediate win\./);
  assert.equal(d.bestStep, 3);
  // Player 1 at 1: both moves give player 2 a Win.
  d = describeAt(1, 1, 2 | (2 << 4), true);
  assert.equal(d.value, 'Lose in 2 moves (1 each)');
  assert.match(d.why, /^\+2 → 3, \+3 → 4: every move hands player 2 a win\. The move that holds out longest/);
  assert.equal(d.live, 'Decided.', 'the value is the line above: not said twice');
  // Player 1 at 4: a Loop, and not decided yet early in the run.
  d = describeAt(1, 4, 2 << 4, false);
  assert.match(d.value, /^Loop/);
  assert.match(d.why, /cannot force a win/);
  assert.match(d.why, /\+2 → 1 is a Loop for player 2/);
  assert.equal(d.live, 'Not decided yet at this step: 2 moves of 2 moves are still open (not yet known to hand player 2 a win).');
  // Queued and being looked at.
  assert.match(describeAt(2, 4, 1 | 4 | (1 << 4), false).live, /waits in the queue/);
  assert.match(describeAt(2, 4, 1 | 8 | (1 << 4), false).live, /being looked at now/);
  const moves = movesOf(g, sol.explain(2, 4));
  assert.deepEqual(
    moves.map((m) => m.text),
    ['+1 onto the hole: an immediate win', '+2 → 1: player 1 Lose in 2 moves', '+3 → 2: player 1 Win in 1 move'],
  );
  assert.equal(valueText(g, 2, 1), 'Loop');
  // Quiz: an undecided state keeps its answer; a decided one shows it.
  const hidden = describeAt(1, 1, 2 << 4, false, true);
  assert.equal(hidden.hidden, true);
  assert.doesNotMatch(`${hidden.value} ${hidden.best} ${hidden.moves.map((m) => m.text).join()}`, /Lose|Win|Loop/);
  assert.doesNotMatch(hidden.why, /in \d+ moves?/);
  assert.equal(describeAt(1, 1, 2 | (2 << 4), false, true).hidden, false);
});

test('narration of the first 40 steps of both samples, word for word', async () => {
  for (const [n, s1, s2, file] of [
    [5, [2, 3], [1, 2, 3], 'sample1.txt'],
    [8, [2, 3, 4, 6], [3, 6], 'sample2.txt'],
  ]) {
    const { g } = ringContext(loopy, n, s1, s2);
    const run = new loopy.Propagation(n, s1, s2, 'events');
    const lines = [narrate(g, undefined)];
    for (let k = 0; k < 40; k++) {
      const e = run.next();
      if (!e) break;
      lines.push(narrate(g, e));
    }
    run.free();
    const expected = (await readFile(new URL(`transcripts/${file}`, import.meta.url), 'utf8')).trimEnd().split('\n');
    assert.deepEqual(lines, expected, file);
  }
});

test('narration of the first 40 steps of both samples in Chinese, and in P/N terms in both languages, word for word', async () => {
  // Pinned as the English is (tests/transcripts/sample*.txt); UPDATE_TRANSCRIPTS=1 writes them anew, for review.
  await registerTranslation(zh);
  for (const [n, s1, s2, name] of [
    [5, [2, 3], [1, 2, 3], 'sample1'],
    [8, [2, 3, 4, 6], [3, 6], 'sample2'],
  ]) {
    const { g } = ringContext(loopy, n, s1, s2);
    for (const [lang, terms, suffix] of [
      ['zh-CN', 'wl', 'zh-CN'],
      ['en', 'pn', 'pn'],
      ['zh-CN', 'pn', 'zh-CN.pn'],
    ]) {
      const w = words(lang, terms);
      const run = new loopy.Propagation(n, s1, s2, 'events');
      const lines = [narrate(g, undefined, w)];
      for (let k = 0; k < 40; k++) {
        const e = run.next();
        if (!e) break;
        lines.push(narrate(g, e, w));
      }
      run.free();
      const file = new URL(`transcripts/${name}.${suffix}.txt`, import.meta.url);
      if (process.env.UPDATE_TRANSCRIPTS) await writeFile(file, `${lines.join('\n')}\n`);
      const expected = (await readFile(file, 'utf8')).trimEnd().split('\n');
      assert.deepEqual(lines, expected, `${name}.${suffix}.txt`);
      const text = lines.join('\n');
      if (terms === 'pn') assert.doesNotMatch(text, lang === 'en' ? /\b(Win|Lose)\b/ : /必胜态|必败态/);
      else assert.doesNotMatch(text, /[A-Za-z]{2,}/, 'no English word left in the Chinese');
    }
  }
});

test('every event and every state of a handful of games is said in Chinese with no English word, no hole left and nothing empty', async () => {
  await registerTranslation(zh);
  const games = [
    [5, [2, 3], [1, 2, 3]],
    [8, [2, 3, 4, 6], [3, 6]],
    [13, [1, 2, 3, 5], [2, 4, 7]],
    [20, [3, 5, 7], [1, 4]],
    [9, [1], [2]],
    [12, [2, 5], [3, 5, 6, 8]],
    [9, [1, 2, 3], [1, 2, 3]],
  ];
  const seen = new Set();
  for (const [n, s1, s2] of games) {
    const { g, sol } = ringContext(loopy, n, s1, s2);
    for (const terms of ['wl', 'pn']) {
      const w = words('zh-CN', terms);
      const said = (line, what) => {
        assert.ok(line, `${what}: something is said`);
        assert.doesNotMatch(line, /[A-Za-z]{2,}|[{}]/, `${what}: ${line}`);
      };
      const run = new loopy.Propagation(n, s1, s2, 'events');
      said(narrate(g, undefined, w), 'start');
      for (let e = run.next(); e; e = run.next()) {
        seen.add(e.kind);
        said(narrate(g, e, w), `n=${n} ${e.kind}`);
      }
      const snap = run.snapshot();
      for (const p of [1, 2]) {
        for (let i = 1; i < n; i++) {
          for (const quiz of [false, 'ask']) {
            const d = describe(g, sol.explain(p, i), snap, run.done, quiz, w);
            for (const field of ['title', 'value', 'best', 'why', 'live']) said(d[field], `n=${n} (${p}, ${i}) ${field}`);
            for (const m of d.moves) said(`${m.text} ${m.title ?? ''}`, `n=${n} (${p}, ${i}) move`);
          }
        }
      }
      run.free();
    }
    sol.free();
  }
  assert.deepEqual([...seen].sort(), ['done', 'layer', 'pop', 'resolve', 'skip', 'update']);
});

test('the skipped checks and a game against the solver are said whole, in English as before and in Chinese', async () => {
  await registerTranslation(zh);
  const en = words('en');
  const cn = words('zh-CN');
  assert.equal(
    skipNote(en, 123456, 2),
    'Every state that can be decided is decided. The remaining 123,456 checks only look at moves into decided states and change nothing, so playback skipped them: Done: nothing is left to check. The 2 states never decided are Loops: from there neither player can force a win, so with best play the game never ends.',
  );
  assert.equal(
    skipNote(cn, 123456, 0),
    '能确定的状态都已确定。剩下的 123,456 次检查只会查看走向已确定状态的走法，不会改变任何结果，所以播放时跳过了它们。完成：每个状态都已确定，没有循环状态。',
  );
  // The visitor is player 1; player `p` is to move; the moves each side makes are the core's (its facts' plies).
  assert.equal(
    valueForVisitor({ o: 'win', d: 3, plies: { mover: 2, opponent: 1 } }, 1, 1, en),
    'You are Win in 3 moves (2 by you, 1 by the computer): you can win whatever the computer does.',
  );
  assert.equal(
    valueForVisitor({ o: 'win', d: 4, plies: { mover: 2, opponent: 2 } }, 2, 1, en),
    'You are Lose in 4 moves (2 each): the computer wins in at most 4 moves whatever you do.',
  );
  assert.equal(
    valueForVisitor({ o: 'lose', d: 1, plies: { mover: 1, opponent: 0 } }, 2, 1),
    'You are Win in 1 move: you can win whatever the computer does.',
  );
  assert.equal(
    valueForVisitor({ o: 'loop', d: 0 }, 1, 1, words('en', 'pn')),
    'Loop: neither side can force a win, so with best play the game never ends.',
  );
  assert.equal(
    valueForVisitor({ o: 'win', d: 3, plies: { mover: 2, opponent: 1 } }, 1, 1, words('en', 'pn')),
    'You win in 3 moves (2 by you, 1 by the computer): you can win whatever the computer does.',
  );
  assert.equal(
    valueForVisitor({ o: 'lose', d: 5, plies: { mover: 3, opponent: 2 } }, 2, 1, cn),
    '你必胜：最优对弈下游戏持续 5 步（电脑走 3 步，你走 2 步），无论电脑怎么走，你都能赢。',
  );
  assert.equal(
    valueForVisitor({ o: 'lose', d: 2, plies: { mover: 1, opponent: 1 } }, 1, 1, cn),
    '你必败：最优对弈下游戏持续 2 步（双方各走 1 步），无论你怎么走，电脑最多 2 步就能赢。',
  );
});

test('plurals, counts and numbers read right', () => {
  const { g } = ringContext(loopy, 8, [2, 3, 4, 6], [3, 6]);
  const layer = (d, c) => narrate(g, { kind: 'layer', depth: d, count: c });
  assert.equal(layer(2, 1), 'Depth 2 is complete: the only state whose game lasts exactly 2 moves is now known.');
  assert.equal(layer(1, 2), 'Depth 1 is complete: both states whose game lasts exactly 1 move are now known.');
  assert.equal(layer(3, 12345), 'Depth 3 is complete: all 12,345 states whose game lasts exactly 3 moves are now known.');
  assert.match(narrate(g, { kind: 'done', loops: 1 }), /The 1 state never decided is a Loop/);
  assert.match(narrate(g, { kind: 'done', loops: 199977 }), /The 199,977 states never decided are Loops/);
  assert.equal(narrate(g, { kind: 'done', loops: 0 }), 'Done: every state is decided, so no state is a Loop.');
  for (const line of [layer(2, 1), narrate(g, { kind: 'done', loops: 1 })]) assert.doesNotMatch(line, /all 1 |1 states|1 moves/);
});
