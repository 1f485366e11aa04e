// Unit and property tests of www/js/story/settings.js (a story paragraph's data-loopy settings, each paragraph's view, which
// paragraph is at the middle line) under plain node, no browser: each against a plain statement of what it should do.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { activeIndex, applyOrder, cumulativeViews, formatSettings, parseSettings, stepOf } from '../www/js/story/settings.js';

test('data-loopy reads key=value pairs, quoted values with spaces, bare keys, and lower-cases the keys', () => {
  assert.deepEqual(parseSettings('step=12 selected=1:5'), { step: '12', selected: '1:5' });
  assert.deepEqual(parseSettings("  Step=end  caption='Position 5 is decided here.'  "), { step: 'end', caption: 'Position 5 is decided here.' });
  assert.deepEqual(parseSettings('caption="It\'s a loss." granularity=layers'), { caption: "It's a loss.", granularity: 'layers' });
  assert.deepEqual(parseSettings('loop highlight=ring'), { loop: '', highlight: 'ring' });
  assert.deepEqual(parseSettings(''), {});
  assert.deepEqual(parseSettings(null), {});
});

test('settings written by formatSettings read back the same (the story writer writes what the story reads)', () => {
  const key = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
  // Any text without both kinds of quote (a value cannot hold both; the writer drops the double ones then).
  const value = fc.string({ maxLength: 30 }).filter((s) => !(s.includes("'") && s.includes('"')));
  fc.assert(
    fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (settings) => {
      assert.deepEqual(parseSettings(formatSettings(settings)), { ...settings });
    }),
  );
});

test('each paragraph view is the figure settings overlaid by every paragraph up to it; caption and highlight are the paragraph own', () => {
  const initial = { step: '0', granularity: 'events', selected: null };
  const paras = [{ step: '3' }, { selected: '1:5', caption: 'Here.' }, { granularity: 'layers', step: 'end', highlight: 'ring' }, {}];
  assert.deepEqual(cumulativeViews(initial, paras), [
    { step: '3', granularity: 'events', selected: null, caption: null, highlight: null },
    { step: '3', granularity: 'events', selected: '1:5', caption: 'Here.', highlight: null },
    { step: 'end', granularity: 'layers', selected: '1:5', caption: null, highlight: 'ring' },
    { step: 'end', granularity: 'layers', selected: '1:5', caption: null, highlight: null },
  ]);
  // As a property: paragraph k's value of a carried key is the last paragraph's at or before k that sets it, else the figure's.
  const keys = ['step', 'granularity', 'selected', 'speed', 'caption', 'highlight'];
  const para = fc.dictionary(fc.constantFrom(...keys), fc.string({ maxLength: 4 }), { maxKeys: 4 });
  fc.assert(
    fc.property(fc.array(para, { maxLength: 8 }), (list) => {
      const views = cumulativeViews({ step: '0' }, list);
      views.forEach((view, k) => {
        for (const key of keys) {
          const own = key === 'caption' || key === 'highlight';
          let want = own ? null : key === 'step' ? '0' : undefined;
          if (own) want = list[k][key] ?? null;
          else for (let j = 0; j <= k; j++) if (key in list[j]) want = list[j][key];
          assert.equal(view[key], want, `paragraph ${k}, ${key}`);
        }
      });
    }),
  );
});

test('a view is applied game and look first, then the granularity, then the step and the selection', () => {
  assert.deepEqual(applyOrder({ step: '3', selected: '1:2', granularity: 'layers', n: '8', caption: 'x', speed: '4' }), [
    'n',
    'speed',
    'granularity',
    'step',
    'selected',
  ]);
});

test('a step is a whole number up to the length; end is the last step; anything else is 0', () => {
  assert.equal(stepOf('12', 40), 12);
  assert.equal(stepOf('99', 40), 40);
  assert.equal(stepOf('end', 40), 40);
  assert.equal(stepOf(undefined, 40), 0);
  assert.equal(stepOf('-3', 40), 0);
  assert.equal(stepOf('x', 40), 0);
});

test('the paragraph at the middle is the last whose top has passed the middle line; none before the first', () => {
  assert.equal(activeIndex([500, 900, 1300], 400), -1);
  assert.equal(activeIndex([400, 900, 1300], 400), 0);
  assert.equal(activeIndex([-800, -300, 300], 400), 2);
  assert.equal(activeIndex([-800, 350, 900], 400), 1);
  assert.equal(activeIndex([], 400), -1);
});
