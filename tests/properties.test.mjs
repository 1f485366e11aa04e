// Property tests (fast-check) of the page's pure modules: www/js/element/url.js (fields, step sets,
// query strings, the selection, element attributes) and www/js/ring/explain.js (the narration of
// every event the core produces, the inspector's account of every state), each held to a
// plain statement of what it should do. Plain node, no browser; the games come from the wasm core.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import fc from 'fast-check';
import { shortMessage } from '../www/js/element/errors.js';
import * as elementUrl from '../www/js/element/url.js';
import { INSPECT_WORDS, NARRATE_WORDS } from '../www/js/ring/explain.js';
import { inspector } from '../www/js/ring/inspect.js';
import { narrator } from '../www/js/ring/narrate.js';
import * as ringUrl from '../www/js/ring/ring-url.js';
import { LAYOUT } from '../www/pkg/layout.js';
import { ringContext } from './page-helpers.mjs';

const { narrate } = narrator(NARRATE_WORDS);

/** The view's parsing and serialising: what both elements share (element/url.js) and the ring's fields (ring/ring-url.js). */
const url = { ...elementUrl, ...ringUrl, shortMessage };

const { describe } = inspector(INSPECT_WORDS);

// The whole module: solve() and the Propagation constructor are its (the ring's own module leaves them out).
const pkg = new URL('../www/pkg/graphs/', import.meta.url);
const loopy = await import(new URL('loopy.js', pkg));
loopy.initSync({ module: await readFile(new URL('loopy_bg.wasm', pkg)) });
const layout = LAYOUT;

/** Separators a visitor may type between tokens: commas and any white space, any number of them. */
const separator = fc.constantFrom(',', ', ', ' ', '  ', '\t', '\n', ' ,\n', ',,');
const join = (parts, seps) => parts.map((p, k) => (k ? seps[k % seps.length] : '') + p).join('');
/** A message shown to a visitor: some words, no artefacts of a missing value. */
const sayable = (text) => typeof text === 'string' && text.length > 0 && !/undefined|NaN|\[object/.test(text);

/** Ascending distinct whole numbers from 1 (a step set as the core hands it out). */
const ascending = (max = 5000, maxLength = 40) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength }).map((a) => a.sort((x, y) => x - y));

test('parseN reads one whole number among separators, and says what is wrong with anything else', () => {
  fc.assert(
    fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), separator, separator, (x, a, b) => {
      assert.deepEqual(url.parseN(`${a}${x}${b}`), { value: x });
    }),
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (text) => {
      const t = text.split(/[\s,]+/).filter(Boolean);
      const r = url.parseN(text);
      if (t.length === 1 && /^[0-9]+$/.test(t[0])) assert.deepEqual(r, { value: Number(t[0]) });
      else {
        assert.equal(r.value, undefined, text);
        assert.ok(sayable(r.error) && r.error.length <= 120, r.error);
      }
    }),
  );
});

/** A step-set field: singles and ranges `a-b`, with what they stand for, in order. */
const stepField = fc
  .array(
    fc.oneof(
      fc.nat({ max: 5000 }).map((x) => ({ text: String(x), steps: [x] })),
      fc.tuple(fc.nat({ max: 5000 }), fc.nat({ max: 60 })).map(([a, d]) => ({
        text: `${a}-${a + d}`,
        steps: Array.from({ length: d + 1 }, (_, k) => a + k),
      })),
    ),
    { maxLength: 12 },
  )
  .chain((parts) => fc.array(separator, { minLength: 1, maxLength: 4 }).map((seps) => ({ parts, seps })));

test('parseSteps expands singles and ranges in order, and caps the total number of steps, not each range', () => {
  fc.assert(
    fc.property(stepField, fc.integer({ min: 0, max: 400 }), fc.constantFrom(1, 2), ({ parts, seps }, limit, player) => {
      const text = join(
        parts.map((p) => p.text),
        seps,
      );
      const want = parts.flatMap((p) => p.steps);
      const r = url.parseSteps(text, player, limit);
      if (want.length <= limit) {
        assert.ok(r.value instanceof Uint32Array);
        assert.deepEqual(Array.from(r.value), want, text);
      } else {
        assert.equal(r.value, undefined);
        assert.equal(r.error, `player ${player} has too many steps: at most ${limit.toLocaleString('en-US')} in all`);
      }
    }),
  );
  // Ranges far past the cap are refused by counting, before anything is allocated: ranges up
  // to 2^53 would not fit in any memory if they were.
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.nat({ max: 2 ** 40 }), fc.integer({ min: 2 ** 30, max: 2 ** 52 })), { minLength: 1, maxLength: 100 }),
      (ranges) => {
        const text = ranges.map(([a, d]) => `${a}-${a + d}`).join(',');
        assert.match(url.parseSteps(text, 1, 1e7).error, /^player 1 has too many steps/);
      },
    ),
    { numRuns: 50 },
  );
});

test('parseSteps names the first bad token, clipped, and a backwards range', () => {
  const bad = fc.oneof(
    fc.string({ minLength: 1, maxLength: 300 }).filter((t) => !/^\d+(-\d+)?$/.test(t) && !/[\s,]/.test(t)),
    fc.tuple(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 1e6 })).map(([a, d]) => `${a + d}-${a}`),
  );
  fc.assert(
    fc.property(fc.array(fc.nat({ max: 99 }).map(String), { maxLength: 5 }), bad, fc.constantFrom(1, 2), (good, token, player) => {
      const r = url.parseSteps([...good, token].join(','), player);
      assert.equal(r.value, undefined);
      assert.ok(sayable(r.error) && r.error.startsWith(`player ${player}`), r.error);
      assert.ok(r.error.includes(url.clip(token)), `${r.error} names ${token}`);
      assert.ok(url.clip(token).length <= 41, 'a token is shown in at most 40 characters and an ellipsis');
      if (/^\d+-\d+$/.test(token)) assert.match(r.error, /runs backwards/);
    }),
  );
});

test('formatSteps writes runs of three or more as ranges, and parseSteps reads it back', () => {
  fc.assert(
    fc.property(ascending(), fc.constantFrom(',', ', '), (steps, sep) => {
      const text = url.formatSteps(steps, sep);
      assert.deepEqual(Array.from(url.parseSteps(text, 1).value), steps, text);
      for (const t of url.tokens(text)) {
        const r = /^(\d+)-(\d+)$/.exec(t);
        if (r) assert.ok(Number(r[2]) - Number(r[1]) >= 2, `${t}: a range of fewer than three steps`);
      }
      // Nothing shorter: a token per run of three or more, one per other step.
      let k = 0;
      let count = 0;
      while (k < steps.length) {
        let e = k;
        while (e + 1 < steps.length && steps[e + 1] === steps[e] + 1) e++;
        count += e - k >= 2 ? 1 : e - k + 1;
        k = e + 1;
      }
      assert.equal(url.tokens(text).length, count, text);
    }),
  );
});

test("shortMessage keeps a live region's message short: the message cut at a word, marked with …", () => {
  const words = fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(' ', ', ', ': ', '(')), { maxLength: 80 }).map((w) => w.join(''));
  fc.assert(
    fc.property(words, fc.integer({ min: 20, max: 200 }), (message, max) => {
      const { text, cut } = url.shortMessage(message, max);
      assert.equal(cut, message.length > max);
      if (!cut) assert.equal(text, message);
      else {
        assert.ok(text.endsWith('…') && text.length <= max + 1, text);
        assert.ok(message.startsWith(text.slice(0, -1)), `${text} begins ${message}`);
      }
    }),
  );
});

/** A view as the element reports it (`ring.view`), with the page's flags. */
const view = fc.record({
  game: fc.record({ n: fc.integer({ min: 2, max: 1e7 }), s1: ascending(), s2: ascending() }),
  g: fc.constantFrom(...url.GRANULARITIES),
  step: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
  speed: fc.constantFrom(...url.SPEEDS),
  sel: fc.option(
    fc.tuple(fc.constantFrom(1, 2), fc.integer({ min: 1, max: 1e7 })).map(([p, pos]) => ({ p, pos })),
    { nil: null },
  ),
  autoplay: fc.boolean(),
  embed: fc.boolean(),
  present: fc.boolean(),
});

test('parseQuery reads back every view serializeQuery writes', () => {
  fc.assert(
    fc.property(view, (v) => {
      const q = url.serializeQuery(v);
      const back = url.parseQuery(q);
      const want = {
        game: { n: String(v.game.n), s1: url.formatSteps(v.game.s1), s2: url.formatSteps(v.game.s2) },
        autoplay: v.autoplay,
        embed: v.embed,
        present: v.present,
        speed: v.speed,
      };
      if (v.g !== 'events') want.g = v.g;
      if (v.step) want.step = v.step;
      if (v.sel) want.sel = v.sel;
      assert.deepEqual(back, want, q);
      // And the game's fields read as the same game.
      assert.equal(url.parseN(back.game.n).value, v.game.n);
      assert.deepEqual(Array.from(url.parseSteps(back.game.s1, 1).value), v.game.s1);
      assert.deepEqual(Array.from(url.parseSteps(back.game.s2, 2).value), v.game.s2);
    }),
  );
  // Whatever the query string, the view read from it holds only checked values.
  fc.assert(
    fc.property(
      fc.dictionary(fc.constantFrom('n', 's1', 'step', 'speed', 'g', 'p', 'pos', 'autoplay', 'embed', 'present', 'x'), fc.string()),
      (d) => {
        const v = url.parseQuery(new URLSearchParams(d).toString());
        if ('step' in v) assert.ok(Number.isSafeInteger(v.step) && v.step >= 0);
        if ('speed' in v) assert.ok(url.SPEEDS.includes(v.speed));
        if ('g' in v) assert.ok(url.GRANULARITIES.includes(v.g));
        if ('sel' in v) assert.ok([1, 2].includes(v.sel.p) && Number.isSafeInteger(v.sel.pos) && v.sel.pos > 0);
        assert.equal(typeof v.autoplay, 'boolean');
        assert.equal(typeof v.embed, 'boolean');
        assert.equal(typeof v.present, 'boolean');
      },
    ),
  );
});

test('parseSelected reads "player:position" and nothing else', () => {
  fc.assert(
    fc.property(fc.constantFrom(1, 2), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), separator, (p, pos, pad) => {
      const blank = pad.replace(/,/g, ' ');
      assert.deepEqual(url.parseSelected(`${blank}${p}:${pos}${blank}`), { p, pos });
    }),
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 30 }), (text) => {
      const m = /^([12]):(\d+)$/.exec(text.trim());
      const r = url.parseSelected(text);
      if (m && Number(m[2]) > 0) assert.deepEqual(r, { p: Number(m[1]), pos: Number(m[2]) });
      else assert.equal(r, null, text);
    }),
  );
  for (const bad of [null, undefined, '', '0:3', '3:1', '1:0', '1:-2', '1:2.5', '1:2:3', ':4', '2:']) assert.equal(url.parseSelected(bad), null, bad);
});

test("elementAttributes writes the element's attributes for a view, and the element reads the same view from them", () => {
  fc.assert(
    fc.property(view, (v) => {
      const text = url.elementAttributes(v);
      const attrs = {};
      const rest = text.replace(/([a-z0-9]+)="([^"<>&]*)"/g, (_, name, value) => {
        assert.equal(attrs[name], undefined, `${name} twice`);
        attrs[name] = value;
        return '';
      });
      assert.equal(rest.trim(), '', `only name="value" pairs: ${text}`);
      assert.equal(url.parseN(attrs.n).value, v.game.n);
      assert.deepEqual(Array.from(url.parseSteps(attrs.s1, 1).value), v.game.s1);
      assert.deepEqual(Array.from(url.parseSteps(attrs.s2, 2).value), v.game.s2);
      assert.equal(attrs.granularity ?? 'events', v.g);
      assert.equal(url.whole(attrs.step) ?? 0, v.step);
      assert.equal(url.snapSpeed(attrs.speed, undefined), v.speed);
      assert.deepEqual(url.parseSelected(attrs.selected), v.sel);
    }),
  );
});

/** A small game the core accepts: n from 2 to 40, one to five distinct steps each. */
const smallGame = fc.integer({ min: 2, max: 40 }).chain((n) => {
  const steps = fc.uniqueArray(fc.integer({ min: 1, max: n - 1 }), { minLength: 1, maxLength: Math.min(5, n - 1) });
  return fc.tuple(fc.constant(n), steps, steps);
});

test('every event the core produces is narrated in words, at every granularity', () => {
  const kinds = new Set();
  fc.assert(
    fc.property(smallGame, fc.constantFrom(...url.GRANULARITIES), ([n, s1, s2], gran) => {
      const { g, sol } = ringContext(loopy, n, s1, s2);
      const run = new loopy.Propagation(n, s1, s2, gran);
      try {
        assert.ok(sayable(narrate(g, undefined)));
        for (let e = run.next(); e; e = run.next()) {
          kinds.add(e.kind);
          const line = narrate(g, e);
          assert.ok(sayable(line) && !line.includes('\n'), `${JSON.stringify(e)}: ${line}`);
          if (e.player) assert.ok(line.includes(`player ${e.player}`) || line.includes(`Player ${e.player}`), line);
        }
      } finally {
        run.free();
        sol.free();
      }
    }),
    { numRuns: 150 },
  );
  // The games above produced every kind of event there is.
  assert.deepEqual([...kinds].sort(), ['done', 'layer', 'pop', 'resolve', 'skip', 'update']);
});

test("describe() lists exactly a state's moves, where the rules say they lead, with their values, at any step of the run", () => {
  fc.assert(
    fc.property(smallGame, fc.double({ min: 0, max: 1, noNaN: true }), ([n, s1, s2], at) => {
      const { g, sol } = ringContext(loopy, n, s1, s2);
      const run = new loopy.Propagation(n, s1, s2, 'events');
      try {
        run.seek(Math.floor(at * run.length));
        const snap = run.snapshot();
        for (const p of [1, 2]) {
          const q = 3 - p;
          for (let i = 1; i < n; i++) {
            const d = describe(g, sol.explain(p, i), snap, run.done);
            const where = `n=${n} s1=${s1} s2=${s2}: player ${p} at ${i}`;
            // One move per step of the player, in step order, to (i + step) mod n.
            const steps = [...g.steps[p]];
            assert.deepEqual(
              d.moves.map((m) => [m.step, m.to, m.hole]),
              steps.map((x) => [x, (i + x) % n, (i + x) % n === 0]),
              where,
            );
            // Each with the value of the state it leads to, for the other player.
            for (const m of d.moves) {
              if (m.hole) continue;
              const o = g.out[(q - 1) * n + m.to];
              assert.equal(m.outcome, o === layout.outcome.win ? 'Win' : o === layout.outcome.lose ? 'Lose' : 'Loop', where);
              if (o !== layout.outcome.loop) assert.equal(m.depth, g.dep[(q - 1) * n + m.to], where);
              // The button inspects that state.
              assert.deepEqual(m.target, { p: q, pos: m.to }, where);
            }
            assert.ok(steps.includes(d.bestStep), where);
            for (const key of ['title', 'value', 'best', 'why', 'live']) assert.ok(sayable(d[key]), `${where}: ${key} = ${d[key]}`);
          }
        }
      } finally {
        run.free();
        sol.free();
      }
    }),
    { numRuns: 100 },
  );
});
