// A Loopy code block's text read as an element's attributes, and a story paragraph's view (www/js/markdown/parse.js), under plain node: what a blogger writes, and what it becomes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attributeLines, checkAttributes, figureTag, readBlock, readMarker } from '../www/js/markdown/parse.js';

/** <loopy-ring>'s observed attributes. */
const RING_ATTRS = 'n s1 s2 granularity speed step selected autoplay loop controls theme quiz lang terms present'.split(' ');

test('a block is one name = value a line: spaces, quotes, a colon, a name alone, blank lines and comments', () => {
  const text = 'n = 8\r\n  s1=2-4,6\n\n# a comment\ns2: 3,6\ncaption = "a value, quoted"\nautoplay\n';
  assert.deepEqual(readBlock(text), {
    attrs: [
      ['n', '8'],
      ['s1', '2-4,6'],
      ['s2', '3,6'],
      ['caption', 'a value, quoted'],
      ['autoplay', ''],
    ],
    mistakes: [],
  });
});

test('a line that is not name = value, and a name given twice, are mistakes with their line', () => {
  const { attrs, mistakes } = readBlock('n = 8\nthis is prose\nn = 9\n= 3\n颜色 = 红\n');
  assert.deepEqual(attrs, [['n', '8']]);
  assert.deepEqual(mistakes, [
    { key: 'block.syntax', params: { line: 2, text: 'this is prose' } },
    { key: 'block.twice', params: { line: 3, name: 'n' } },
    { key: 'block.syntax', params: { line: 4, text: '= 3' } },
    { key: 'block.syntax', params: { line: 5, text: '颜色 = 红' } },
  ]);
});

test('the element a block makes: its language says, else a graph has graph or random', () => {
  assert.equal(figureTag('loopy', [['n', '8']]), 'loopy-ring');
  assert.equal(figureTag('loopy', [['graph', '1-2']]), 'loopy-graph');
  assert.equal(figureTag('loopy', [['random', '30']]), 'loopy-graph');
  assert.equal(figureTag('loopy-story', [['graph', '1-2']]), 'loopy-graph');
  assert.equal(figureTag('loopy-ring', [['graph', '1-2']]), 'loopy-ring');
  assert.equal(figureTag('loopy-graph', []), 'loopy-graph');
});

test('attributes checked against the element’s own: an unknown name is a mistake, switches on and off, globals allowed', () => {
  const text = 'n = 8\ncolour = red\nautoplay = false\nloop = yes\nquiz\nid = first';
  const { attrs } = readBlock(text);
  assert.deepEqual(checkAttributes('loopy-ring', attrs, RING_ATTRS, attributeLines(text)), {
    set: [
      ['n', '8'],
      ['loop', ''],
      ['quiz', ''],
      ['id', 'first'],
    ],
    mistakes: [{ key: 'block.unknown', params: { line: 2, name: 'colour', tag: '<loopy-ring>' } }],
  });
});

test('a paragraph’s view is a code span of name=value pairs, at least one with =; other code is not one', () => {
  assert.deepEqual(readMarker('step=12 selected=2:5'), { step: '12', selected: '2:5' });
  assert.deepEqual(readMarker(" step=end caption='Player 2 at 5: look.' "), { step: 'end', caption: 'Player 2 at 5: look.' });
  assert.equal(readMarker('n'), null, '`n` is the size: code, not a view');
  assert.equal(readMarker('a = b'), null, 'spaces around = are prose');
  assert.equal(readMarker('x=1; y=2'), null);
  assert.equal(readMarker('console.log(x=1)'), null);
});
