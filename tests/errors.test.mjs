// Errors by code (issue 20) under plain node: every code the core and the pages' parsers can give has its words in every catalog, the wasm errors carry their code and params, and errorText words them in the reader's language (Chinese keeps the token as written; English stays the core's message).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { errorText } from '../www/js/element/errors.js';
import { registerTranslation, setCatalogCheck, words } from '../www/js/element/i18n.js';
import { parseN, parseSteps } from '../www/js/element/url.js';
import { graphFromAttributes, parseEdges, parseVertex } from '../www/js/graph/graph-url.js';
import en from '../www/js/i18n/en.js';
import zh from '../www/js/i18n/zh-CN.js';

// registerTranslation checks a catalog with this module, as an entry tells it to.
setCatalogCheck(() => import('../www/js/element/catalog-check.js'));

await registerTranslation(zh);
const ZH = words('zh-CN');
const EN = words('en');
const CATALOGS = { en, 'zh-CN': zh };

const pkg = new URL('../www/pkg/', import.meta.url);
const full = await import(new URL('graphs/loopy.js', pkg));
full.initSync({ module: await readFile(new URL('graphs/loopy_bg.wasm', pkg)) });

function files(dir, ext) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'pkg' || name === 'node_modules' || name === 'i18n') continue;
    if (statSync(path).isDirectory()) out.push(...files(path, ext));
    else if (name.endsWith(ext)) out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

/** Every code the core gives, read from its source (each is a string literal `"area.name"`), and the pages' parse codes. */
function codes() {
  const crate = fileURLToPath(new URL('../crate/', import.meta.url));
  const core = /"((?:game|graph|explain|grundy|judge|text|arg|what|at)\.[a-z][A-Za-z]+)"/g;
  const js = /'(attr\.[a-z][A-Za-z]+)'/g;
  const found = new Set();
  for (const text of [...files(join(crate, 'src'), '.rs'), ...files(join(crate, 'js'), '.js')]) {
    for (const m of text.matchAll(core)) found.add(m[1]);
    for (const m of text.matchAll(/'(arg\.[a-z][A-Za-z]+)'/g)) found.add(m[1]);
  }
  for (const text of files(fileURLToPath(new URL('../www/', import.meta.url)), '.js')) {
    for (const m of text.matchAll(js)) found.add(m[1]);
  }
  return [...found].sort();
}

test('every error code the core or a page parser gives has its words in every catalog', () => {
  const all = codes();
  assert.ok(all.length > 90, `codes found: ${all.length}`);
  for (const [lang, c] of Object.entries(CATALOGS)) {
    const missing = all.filter((code) => typeof c[`error.${code}`] !== 'string');
    assert.deepEqual(missing, [], `${lang}: error.CODE for each code`);
  }
});

test('the page parsers’ errors carry a code and params, and read in Chinese with the token kept', () => {
  const steps = parseSteps('1, 三', 1);
  assert.equal(steps.error, "player 1's steps must be whole numbers, not “三”");
  assert.deepEqual([steps.code, steps.params], ['attr.stepsNotWhole', { player: 1, token: '三' }]);
  assert.equal(errorText(ZH, steps), '行动方 1 的步长必须是正整数，而不是“三”。');
  assert.equal(errorText(EN, steps), steps.error, 'English: the message as it was');
  assert.equal(errorText(ZH, parseSteps('5-2', 2)), '行动方 2 的范围“5-2”写反了：请先写较小的数。');
  assert.equal(errorText(ZH, parseSteps('1-2000000', 1, 1000)), '行动方 1 的步长太多了：总共最多 1,000 个。');
  assert.equal(errorText(ZH, parseN('')), 'n 为空：请填一个整数，例如 12。');
  assert.equal(errorText(ZH, parseN('十二')), 'n 必须是整数，而不是“十二”。');
  assert.equal(errorText(ZH, parseN('1 2 3')), 'n 只能是一个数，而不是 3 个（“1 2 3”）。');
  assert.equal(errorText(ZH, parseEdges('1-2, 二-三')), '“二-三”既不是边 u-v，也不是顶点：请按 1-2,2-3,3-1 的形式写图。');
  assert.equal(errorText(ZH, parseVertex('七', 'The goal')), '目标点必须是顶点编号，而不是“七”。');
  const attrs = { graph: '1-2', goal: 'x', start: '二' };
  const read = graphFromAttributes((name) => attrs[name] ?? null);
  assert.deepEqual(
    read.errors.map((e) => [e.field, errorText(ZH, e), errorText(EN, e)]),
    [
      ['goal', '目标点必须是顶点编号，而不是“x”。', 'The goal must be a vertex number, not “x”'],
      ['start', '起点必须是顶点编号，而不是“二”。', 'The start must be a vertex number, not “二”'],
    ],
  );
});

/** The error `f` throws. */
function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('no error');
}

test('the wasm errors carry the core’s code and params beside the English message and field', () => {
  const e = thrown(() => full.solve(5, [9], [1]));
  assert.equal(e.message, "player 1's step 9 is out of range: steps go from 1 to n - 1 = 4");
  assert.deepEqual([e.field, e.code, e.params], ['s1', 'game.stepOutOfRange', { player: 1, step: 9, n: 5, last: 4 }]);
  assert.equal(errorText(ZH, e), '行动方 1 的步长 9 超出范围：步长须在 1 到 n - 1 = 4 之间。');
  assert.equal(errorText(EN, e), e.message);
  // English is the core's message word for word, as the CLI prints it (no digit grouping).
  const big = thrown(() => full.solve(20_000_000, [1], [1]));
  assert.equal(errorText(EN, big), 'n = 20000000 is too large: this program allows itself at most n = 10000000 (about 440 MB of memory)');
  // A phrase in a phrase: the place and what was expected, each worded from its own code.
  const j = thrown(() => full.parseJudge('1\n5\n1 三\n1 1\n'));
  assert.equal(j.code, 'judge.notANumber');
  assert.equal(j.line, 3);
  assert.equal(errorText(ZH, j), '第 1 局，第 3 行：应为行动方 1 的第 1 个步长（共 1 个），却读到“三”（不是整数）。');
  assert.equal(errorText(EN, j), 'game 1, line 3: expected player 1\'s step 1 of 1, found "三" (not a whole number)');
  // A game error inside a judge error.
  const g = thrown(() => full.parseJudge('1\n5\n1 9\n1 1\n'));
  assert.equal(errorText(ZH, g), '第 1 局，第 3 行：行动方 1 的步长 9 超出范围：步长须在 1 到 n - 1 = 4 之间。');
  // The argument checks of crate/js/args.js, with the argument named as a phrase.
  const a = thrown(() => full.solve(5, 'x', [1]));
  assert.deepEqual([a.code, a.params], ['arg.notAnArray', { what: { code: 'what.steps', params: { player: 1 } }, kind: 'string' }]);
  assert.equal(errorText(ZH, a), '行动方 1 的步长必须是数字数组或类型化数组，而不是 string。');
  assert.equal(a.message, "player 1's steps must be an array of numbers or a typed array, not string");
  const t = thrown(() => full.solve('5', [1], [1]));
  assert.deepEqual([t.code, t.params, t instanceof TypeError], ['arg.notANumber', { field: 'n', kind: 'string' }, true]);
  // A graph text error: the edge and line, and a value named by its place.
  const x = thrown(() => full.parseGraph('3 2 1\n1 2\n2 9\n1 3\n', 'goal'));
  assert.equal(x.code, 'text.notAVertex');
  assert.equal(errorText(ZH, x), '第 2 条边，第 3 行：应为第 2 条边（共 2 条）的第二个顶点，即 1 到 n = 3 之间的顶点编号，却读到 9。');
  // checkGame's errors, as data.
  const check = full.checkGame(5, [0], []);
  assert.deepEqual(
    check.errors.map((e) => [e.field, e.code, errorText(ZH, e)]),
    [
      ['s1', 'game.stepOutOfRange', '行动方 1 的步长 0 超出范围：步长须在 1 到 n - 1 = 4 之间。'],
      ['s2', 'game.noSteps', '行动方 2 没有步长：每个行动方至少需要一个步长。'],
    ],
  );
});

/** The English words of a bundle, without the error.* keys that only other languages need. */
const PRUNED_EN = { code: 'en', has: (key) => !key.startsWith('error.') && EN.has(key), t: (key, params) => EN.t(key, params) };

test('the ring module’s errors carry their code alone (no English, params or field), and the page says a bare code in a catalog sentence', async () => {
  const ring = await import(new URL('loopy.js', pkg));
  const bytes = await readFile(new URL('loopy_bg.wasm', pkg));
  ring.initSync({ module: bytes });
  // The same calls in the whole module give the English, field and params, and the oracle's code.
  for (const call of [
    (m) => new m.Solver(5, [9], [1]),
    (m) => new m.Solver(1, [1], [1]),
    (m) => new m.Solver(5, 'x', [1]),
    (m) => new m.Solver(5, [1, 2 ** 32], [1]),
    (m) => new m.Solver('5', [1], [1]),
    (m) => new m.Solver(5, [1], [1]).propagation('steps'),
    (m) => m.checkSeek(5, [1, 1], [1]),
  ]) {
    const e = thrown(() => call(ring));
    const english = thrown(() => call(full));
    assert.equal(e.message, english.code, `${english.message}: the ring module's message is the code`);
    assert.deepEqual([e.code, e.constructor], [english.code, english.constructor]);
    assert.deepEqual(Object.keys(e), ['code'], `${english.code}: the code alone, no params nor field`);
    assert.ok(english.params && english.field, 'the whole module has both, for the worker to post');
    // Its words, field and params are the whole module's (the worker asks it). Without it,
    // in every language, the catalog's sentence with the code (no sentence of error.CODE
    // can be filled without params); never the bare code.
    for (const w of [EN, ZH, PRUNED_EN]) assert.equal(errorText(w, e), w.t('core.errorCode', { code: e.code }));
    assert.equal(errorText(EN, e), `The words for this error could not be loaded (its code: ${e.code}).`);
  }
  // The core's English texts (its Display) are not in the ring module's bytes; they are in the whole module's.
  const text = (b) => new TextDecoder('latin1').decode(b);
  const wholeBytes = await readFile(new URL('graphs/loopy_bg.wasm', pkg));
  for (const phrase of ['is out of range: steps go from', 'is too small: the ring needs', 'must be a number, not']) {
    assert.ok(text(wholeBytes).includes(phrase), `the whole module says “${phrase}”`);
    assert.ok(!text(bytes).includes(phrase), `the ring module carries “${phrase}”`);
  }
});

test('errorText keeps what has no code: strings, old-style errors, codes no catalog knows', () => {
  assert.equal(errorText(ZH, 'plain words'), 'plain words');
  assert.equal(errorText(ZH, { message: 'no code' }), 'no code');
  assert.equal(errorText(ZH, { message: 'unknown', code: 'no.such.code', params: {} }), 'unknown');
  assert.equal(errorText(ZH, null), '');
});
