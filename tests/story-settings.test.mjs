// Unit and property tests of www/js/story/settings.js (a story paragraph's data-loopy settings, each paragraph's view, which
// paragraph is at the middle line), of the story page's address (markup.js: its language), and of how an exported picture
// wraps its words (export/picture.js: English at spaces, Chinese between characters), under plain node, no browser: each
// against a plain statement of what it should do.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { wrap } from '../www/js/export/picture.js';
import { readStoryQuery, storyFrameUrl, storyIframe } from '../www/js/story/markup.js';
import { activeIndex, applyOrder, cumulativeViews, formatSettings, parseSettings, readSettings, recarry, stepOf } from '../www/js/story/settings.js';

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
  assert.equal(stepOf('012', 40), 12);
  assert.equal(stepOf('99', 40), 40);
  assert.equal(stepOf('100000000000000000000', 40), 40);
  assert.equal(stepOf('end', 40), 40);
  assert.equal(stepOf(undefined, 40), 0);
  assert.equal(stepOf('-3', 40), 0);
  assert.equal(stepOf('x', 40), 0);
  // The whole value is the number, or it is a bad value (issue 37: parseInt read these as 12 and 1).
  for (const bad of ['12abc', '1e309', '1e3', '12.5', ' 4', '4 ', '+4', '0x10', '', 'Infinity', '١٢'])
    assert.equal(stepOf(bad, 40), 0, JSON.stringify(bad));
  // As a property: any text that is not digits alone (nor end) is 0; digits alone are their number, up to the length.
  fc.assert(
    fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 1000 }), (text, length) => {
      const digits = /^[0-9]+$/.test(text);
      assert.equal(stepOf(text, length), text === 'end' ? length : digits ? Math.min(Number(text), length) : 0);
    }),
  );
});

test('a paragraph reads only the figure attributes (less the page ones) and its own keys; a highlight names a part or nothing', () => {
  const ring = ['n', 's1', 's2', 'step', 'granularity', 'selected', 'speed', 'controls', 'present', 'autoplay', 'lang', 'terms'];
  assert.deepEqual(readSettings("step=3 caption='Here.' highlight=ring n=9", ring), { step: '3', caption: 'Here.', highlight: 'ring', n: '9' });
  // Presenter mode, autoplay and the language are the page's (issue 37: &p=present%0Ax covered the page).
  assert.deepEqual(readSettings('present autoplay lang=fr step=2', ring), { step: '2' });
  // Prototype keys and unknown keys are not settings; a highlight that names no part is dropped.
  assert.deepEqual(readSettings('constructor=x tostring=1 hasownproperty=2 valueof=3 proto=4 step=1', ring), { step: '1' });
  for (const bad of ['__proto__', 'constructor', 'toString', 'prototype', 'x']) assert.deepEqual(readSettings(`highlight=${bad}`, ring), {}, bad);
  for (const part of ['ring', 'narration', 'controls', 'legend']) assert.deepEqual(readSettings(`highlight=${part}`, ring), { highlight: part });
  const read = readSettings('constructor=x', []);
  assert.equal(Object.hasOwn(read, 'constructor'), false);
  assert.equal(Object.getPrototypeOf(read), Object.prototype);
});

test('an edit to one paragraph recomputes the carried views from it on, and stops where they come out as before', () => {
  const keys = ['step', 'granularity', 'selected', 'caption', 'highlight'];
  const para = fc.dictionary(fc.constantFrom(...keys), fc.constantFrom('1', '2', 'end', ''), { maxKeys: 3 });
  // The oracle: the views made from scratch (cumulativeViews with no figure settings), their own keys aside.
  const carriedOf = (owns) =>
    cumulativeViews({}, owns).map(({ caption, highlight, ...rest }) => Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
  fc.assert(
    fc.property(fc.array(para, { minLength: 1, maxLength: 12 }), fc.nat(), para, fc.constantFrom('edit', 'add', 'remove'), (owns, at, fresh, how) => {
      const carried = carriedOf(owns);
      const k = at % owns.length;
      const next = [...owns];
      if (how === 'edit') next[k] = fresh;
      else if (how === 'add') {
        next.splice(k, 0, fresh);
        carried.splice(k, 0, undefined);
      } else {
        next.splice(k, 1);
        carried.splice(k, 1);
      }
      const stop = recarry(carried, next, Math.min(k, next.length));
      assert.deepEqual(carried, carriedOf(next));
      assert.ok(stop >= Math.min(k, next.length) && stop <= next.length);
    }),
  );
  // A caption changed in the middle of 2,000 paragraphs: only that paragraph is worked on.
  const owns = Array.from({ length: 2000 }, (_, j) => ({ step: String(j) }));
  const carried = carriedOf(owns);
  owns[1000] = { ...owns[1000], caption: 'New.' };
  assert.equal(recarry(carried, owns, 1000), 1001, 'stops at the next paragraph');
  // A step changed: its paragraph and the next (which sets its own step) are looked at, no further.
  owns[500] = { step: 'end' };
  assert.equal(recarry(carried, owns, 500), 501);
  assert.deepEqual(carried, carriedOf(owns));
});

test('the paragraph at the middle is the last whose top has passed the middle line; none before the first', () => {
  assert.equal(activeIndex([500, 900, 1300], 400), -1);
  assert.equal(activeIndex([400, 900, 1300], 400), 0);
  assert.equal(activeIndex([-800, -300, 300], 400), 2);
  assert.equal(activeIndex([-800, 350, 900], 400), 1);
  assert.equal(activeIndex([], 400), -1);
});

test('the story page address carries the language (not as a figure attribute), and the iframe its title escaped', () => {
  const story = { tag: 'loopy-ring', attrs: { n: '8', s1: '2-4,6' }, paragraphs: [{ settings: { step: '6' }, text: '先看终止位置。' }] };
  const zh = storyFrameUrl('https://example.test/story.html', { ...story, lang: 'zh-CN' });
  assert.deepEqual(readStoryQuery(new URL(zh).search), { ...story, paragraphs: [{ settings: 'step=6', text: '先看终止位置。' }], lang: 'zh-CN' });
  const en = storyFrameUrl('https://example.test/story.html', story);
  assert.equal(new URL(en).searchParams.has('lang'), false, 'English: no lang field');
  assert.equal(readStoryQuery(new URL(en).search).lang, null);
  assert.match(storyIframe(zh, 'Loopy：图随文字变化的故事 "x" <y>'), /title="Loopy：图随文字变化的故事 &quot;x&quot; &lt;y&gt;"/);
});

/** A context whose font is 1 pixel a character (the widths wrap measures with). */
const mono = { measureText: (text) => ({ width: [...text].length }) };

test('a picture wraps English at spaces and Chinese between characters, never starting a line with closing punctuation', () => {
  assert.deepEqual(wrap(mono, 'Ring of 8: player 1 steps 2, 3.', 12), ['Ring of 8:', 'player 1', 'steps 2, 3.']);
  assert.deepEqual(wrap(mono, '  a   b  ', 10), ['a b'], 'white space collapses');
  assert.deepEqual(wrap(mono, 'N-position P-position', 12), ['N-position', 'P-position'], 'a hyphenated word stays whole');
  assert.deepEqual(wrap(mono, '行动方的步长集合为二、三，第二十步。', 6), ['行动方的步长', '集合为二、', '三，第二十', '步。']);
  // Chinese beside Latin letters and numbers: the spaces between them kept inside a line, dropped at its break.
  assert.deepEqual(wrap(mono, 'n = 8 的环：第 20 步', 7), ['n = 8 的', '环：第 20', '步']);
  for (const line of wrap(mono, '“必胜态”、“必败态”和“循环”。（终止位置）', 3)) assert.doesNotMatch(line, /^[，。、：；）”]/, line);
});

test('wrapping loses no character but the spaces it breaks at, and each line fits unless one piece alone is wider', () => {
  const piece = fc.constantFrom('环', '的', '，', '。', '“', '”', 'ab', 'Loop', '3', ' ', '  ', '（', '）');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), (parts, width) => {
      const text = parts.join('');
      const lines = wrap(mono, text, width);
      assert.equal(lines.join('').replace(/\s+/g, ''), text.replace(/\s+/g, ''));
      for (const line of lines) {
        assert.equal(line, line.trim());
        if ([...line].length > width) assert.ok(!/\s/.test(line) || wrap(mono, line, width).length === 1, `${JSON.stringify(line)} over ${width}`);
      }
    }),
  );
});
