// The catalogs (www/js/i18n/*.js) against the code that uses them, and the words module (element/i18n.js) under plain node: every key the code asks for exists in every catalog, no catalog key is unused, every catalog has English's keys and holes, and words fall back to English, never to a key name.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { catalogError, MAX_MESSAGE } from '../www/js/element/catalog-check.js';
import { registerTranslation, resolveLang, setCatalogCheck, withWords, words } from '../www/js/element/i18n.js';
import en from '../www/js/i18n/en.js';
import zh from '../www/js/i18n/zh-CN.js';

// registerTranslation checks a catalog with this module, as an entry tells it to.
setCatalogCheck(() => import('../www/js/element/catalog-check.js'));

const WWW = fileURLToPath(new URL('../www/', import.meta.url));
const CATALOGS = { en, 'zh-CN': zh };

/** Every source file that may use a key: the site's modules and pages, not the catalogs, the generated pkg or vendored code. */
function sources(dir = WWW) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(WWW, path);
    if (/^(pkg|vendor|js[\\/]i18n)$/.test(rel) || name === 'node_modules') continue;
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.(js|html)$/.test(name)) out.push({ rel, text: readFileSync(path, 'utf8') });
  }
  return out;
}

/** The keys of the core's error codes and their phrases (crate/src/error.rs). */
const CORE_ERROR = /^error\.(game|graph|explain|grundy|judge|text|tree|arg|what|at)\./;
const keysOf = (c) => Object.keys(c).filter((k) => !k.startsWith('$'));
/** A message's `{param}` holes (not its `{=key}` references), plural forms merged. */
const holes = (m) =>
  [
    ...new Set(
      // A player's name opening a sentence ({p.Name}) or not ({p.name}) is the same hole: each language chooses.
      [...(typeof m === 'object' ? Object.values(m).join(' ') : m).matchAll(/\{([\w.@-]+)\}/g)]
        .map((x) => x[1].replace(/\.Name$/, '.name'))
        .filter((x) => x !== 'count'),
    ),
  ].sort();

test('every key the code asks for exists in the English catalog', () => {
  const missing = [];
  for (const { rel, text } of sources()) {
    const asked = [
      ...[...text.matchAll(/(?:^|[^\w$])_?t\(\s*(['"`])([\w.@-]+)\1/g)].map((m) => m[2]),
      ...[...text.matchAll(/data-i18n(?:-[\w-]+)?="([\w.@-]+)"/g)].map((m) => m[1]),
    ];
    for (const key of asked) if (!(key in en)) missing.push(`${rel}: ${key}`);
  }
  assert.deepEqual(missing, []);
});

test('no catalog key is unused: each is named in the code, or referenced by another message', () => {
  const code = sources()
    .map((s) => s.text)
    .join('\n');
  const named = new Set([...code.matchAll(/(['"`])([\w.@-]+)\1|data-i18n(?:-[\w-]+)?="([\w.@-]+)"/g)].map((m) => m[2] ?? m[3]));
  const referenced = new Set(
    Object.values(en)
      .flatMap((m) => (typeof m === 'object' ? Object.values(m) : [m]))
      .flatMap((m) => [...String(m).matchAll(/\{=([\w.@-]+)\}/g)].map((x) => x[1])),
  );
  // An error's key is `error.CODE` (element/errors.js): it is used when the code is named in
  // the code (the pages' parse errors), or is one the core gives (crate/tests/error_codes.rs
  // holds those keys to the core's errors).
  const byCode = (k) => k.startsWith('error.') && (named.has(k.slice('error.'.length)) || CORE_ERROR.test(k));
  // A key made at run time from a template whose text names it (`core.error.${noun}.kept`,
  // `core.quiz.idle.${target}`), as the bundles' pruning reads the code (tests/tools/prune-catalog.mjs);
  // `error.${code}` is left to byCode, or it would name every error key.
  const templates = [...code.matchAll(/`([^`]*)`/g)]
    .map((m) => m[1].split(/\$\{[^}]*\}/))
    .filter((parts) => parts.length > 1 && parts.every((p) => p === '' || /^[\w.@-]+$/.test(p)) && /^\w+\.\w+\./.test(parts[0]))
    .map((parts) => new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('[\\w.@-]*')}$`));
  const byTemplate = (k) => templates.some((t) => t.test(k));
  const unused = keysOf(en)
    .map((k) => k.replace(/@pn$/, ''))
    .filter((k) => !named.has(k) && !referenced.has(k) && !byCode(k) && !byTemplate(k));
  assert.deepEqual([...new Set(unused)], []);
});

test('every catalog has exactly the English keys, with the same holes', () => {
  for (const [code, c] of Object.entries(CATALOGS)) {
    assert.deepEqual(keysOf(c).sort(), keysOf(en).sort(), `${code}: the same keys as English`);
    for (const k of keysOf(en)) assert.deepEqual(holes(c[k]), holes(en[k]), `${code} ${k}: the same {holes}`);
    assert.equal(typeof c.$name, 'string');
  }
});

test('the Chinese catalog has no English sentence left in it', () => {
  // Names the issue lets through: Loopy, SG, mex, key names, format names, a contest's problem (AGC010F), and the holes; and what a
  // post's author writes as it is (a CSP's directives and sources, an HTTP header, a MIME type: error.start.*);
  // and the API's own literals, which an error names as the code spells them ("events", from, options, Solver).
  const allowed =
    /"\w+"|\b(?:from|to|options|format|state|start|random|seed|Uint8Array|ArrayBuffer|Solver|AnswerCheck)\b|[\w-]+-src|blob:|'wasm-unsafe-eval'|Access-Control-Allow-Origin|application\/wasm|\.wasm|CSP|CDN|HTTP|worker|\{[\w.@=-]+\}|loopy(?: graph| dag)?(?: < input\.txt)?|iframe|Ctrl|JavaScript|WebAssembly|Tyvj|Loopy|SG|mex|Esc|Enter|Space|Shift|Home|End|PageUp|PageDown|Tab|GIF|PNG|WebM|MP4|URL|HTML|CSV|JSON|goal|dag|tree|AGC\d{3}[A-F]|sg|BFS|[A-Z](?=\s*[态点])|n|s1|s2|K|P|N/g;
  const english = [];
  for (const k of keysOf(zh)) {
    const m = zh[k];
    for (const text of typeof m === 'object' ? Object.values(m) : [m]) {
      // A message with markup (a page's data-i18n-html): its tags, and code (format syntax), are not words.
      const left = String(text)
        .replace(/<code>[^<]*<\/code>|<[^>]*>/g, '')
        .replace(allowed, '');
      if (/[A-Za-z]{3,}/.test(left)) english.push(`${k}: ${text}`);
    }
  }
  assert.deepEqual(english, []);
});

test('words: holes, numbers in the reader’s format, plurals, terms, and English for a missing key', async () => {
  await registerTranslation(
    { $code: 'en', 'test.count': { one: '{count} step', other: '{count} steps' }, 'test.hole': 'n = {n}, {=term.win}' },
    { $code: 'zz', $name: 'Test', 'test.hole': 'N = {n} ({=term.lose})' },
  );
  const w = words('en');
  assert.equal(w.t('test.count', { count: 1 }), '1 step');
  assert.equal(w.t('test.count', { count: 1234567 }), '1,234,567 steps');
  assert.equal(w.t('test.hole', { n: 8 }), 'n = 8, Win');
  assert.equal(words('en', 'pn').t('test.hole', { n: 8 }), 'n = 8, N-position');
  assert.equal(words('zz').t('test.hole', { n: 8 }), 'N = 8 (Lose)', 'a missing term falls back to English');
  assert.equal(words('zz').t('test.count', { count: 2 }), '2 steps', 'a missing key falls back to English');
  assert.equal(w.t('no.such.key'), '', 'never the key name');
});

test('a bad catalog is refused whole, with its key named, before anything says it; the good ones of the same call are taken, and a later one too', async () => {
  // Each a catalog of issue 37's probe, with the error it must give: its code and the key at fault.
  const bad = [
    [{ $code: 'qa', 'term.win': 'G{=term.win}' }, 'catalog.cycle', 'term.win'],
    [{ $code: 'qa', 'test.a': 'a {=test.b}', 'test.b': 'b {=test.a}' }, 'catalog.cycle', 'test.a'],
    [
      { $code: 'qa', 'term.win': 'W', 'term.lose': 'L {=term.draw}', 'term.draw': 'D {=term.lose@pn}', 'term.lose@pn': 'P {=term.lose}' },
      'catalog.cycle',
      'term.lose@pn',
    ],
    [{ $code: 'qa', 'term.win': 5 }, 'catalog.notText', 'term.win'],
    [{ $code: 'qa', 'term.win': ['W'] }, 'catalog.notText', 'term.win'],
    [{ $code: 'qa', 'term.win': null }, 'catalog.notText', 'term.win'],
    [{ $code: 'qa', 'term.win': '{=constructor}' }, 'catalog.unknownMessage', 'term.win'],
    [{ $code: 'qa', 'term.win': '{=__proto__}' }, 'catalog.unknownMessage', 'term.win'],
    [{ $code: 'qa', 'story.goes': 'Step {stepp} of {length}' }, 'catalog.unknownHole', 'story.goes'],
    [{ $code: 'qa', 'story.writer.added': { one: 'one', several: 'x' } }, 'catalog.badPlural', 'story.writer.added'],
    [{ $code: 'qa', 'story.writer.added': { one: 'one' } }, 'catalog.badPlural', 'story.writer.added'],
    [{ $code: 'qa', 'term.win': 'x'.repeat(10 * 1024 * 1024) }, 'catalog.tooLong', 'term.win'],
    [JSON.parse('{"$code":"qa","__proto__":"x"}'), 'catalog.badKey', '__proto__'],
    [{ $code: 'not a tag', 'term.win': 'W' }, 'catalog.badCode', '$code'],
    [{ $code: 'en-', 'term.win': 'W' }, 'catalog.badCode', '$code'],
    [{ $code: 7 }, 'catalog.badCode', '$code'],
    [{ $code: 'qa', $name: {} }, 'catalog.notText', '$name'],
  ];
  for (const [catalog, code, key] of bad) {
    const what = `${code} ${key}`;
    const e = catalogError(catalog, en, undefined);
    assert.ok(e instanceof Error, what);
    assert.equal(e.code, code, what);
    assert.equal(e.key, key, what);
    assert.match(e.message, new RegExp(JSON.stringify(key).replace(/[$.]/g, '\\$&')), `${what}: the message names the key`);
    await assert.rejects(registerTranslation(catalog), (thrown) => thrown.code === code && thrown.key === key, what);
  }
  assert.equal(words('qa').code, 'en', 'no bad catalog was taken');
  assert.equal(words('qa').t('term.win'), 'Win');
  // A bad catalog beside a good one: the good one is taken, then the refusal is thrown.
  await assert.rejects(registerTranslation({ $code: 'qb', 'term.win': 'G{=term.win}' }, { $code: 'qc', 'term.win': 'Gagne' }), /term\.win/);
  assert.equal(words('qc').t('term.win'), 'Gagne');
  assert.equal(words('qb').code, 'en');
  // And after every refusal a good catalog is taken, plurals, references and holes included.
  await registerTranslation({
    $code: 'qa',
    $name: 'Test',
    'term.win': 'Gagne',
    'story.goes': 'Étape {step} sur {length} ({=term.win})',
    'story.writer.added': { one: '{count} ajouté', other: '{count} ajoutés' },
  });
  assert.equal(words('qa').t('story.goes', { step: 3, length: 9 }), 'Étape 3 sur 9 (Gagne)');
  assert.equal(words('qa').t('story.writer.added', { count: 2 }), '2 ajoutés');
  // The shipped catalogs pass, and a message at the limit does.
  assert.equal(catalogError(zh, en, undefined), null);
  assert.equal(catalogError({ $code: 'qa', 'term.win': 'x'.repeat(MAX_MESSAGE) }, en, undefined), null);
});

test('words never say a prototype property, and a reference chain that slipped in ends', () => {
  const w = words('en');
  for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) assert.equal(w.t(key), '', key);
  assert.equal(w.t('term.win', { constructor: 1 }), 'Win');
});

test('a module loaded through withWords adds the English words it brings before it is used; a language without them falls back to them', async () => {
  await registerTranslation({ $code: 'en', 'test.kept': 'as the blogger says' }, { $code: 'yy', $name: 'Test', 'test.lazy.win': 'gagné' });
  assert.equal(words('en').t('test.lazy.quiz'), '', 'not before the module comes');
  const module = { $words: { 'test.lazy.quiz': 'Is it {=term.win}?', 'test.kept': 'the module’s', 'test.lazy.win': 'won' }, Quiz: 'the code' };
  const load = withWords(() => Promise.resolve(module));
  const m = await load();
  assert.equal(m.Quiz, 'the code', 'the module itself');
  assert.equal(words('en').t('test.lazy.quiz'), 'Is it Win?');
  assert.equal(words('en', 'pn').t('test.lazy.quiz'), 'Is it N-position?', 'its references follow the terms');
  assert.equal(words('en').t('test.kept'), 'as the blogger says', 'a word English has stays');
  assert.equal(words('yy').t('test.lazy.quiz'), 'Is it Win?', 'a language without it falls back to it');
  assert.equal(words('yy').t('test.lazy.win'), 'gagné', 'a language with it says its own');
  assert.equal(await withWords(() => Promise.resolve({ plain: 1 }))().then((x) => x.plain), 1, 'a module without words (unbundled) as it is');
  await assert.rejects(withWords(() => Promise.reject(new Error('offline')))(), /offline/, 'a failed load fails as the import did');
});

test('every module an element entry loads lazily comes through withWords (its English words travel with it in dist), the catalogs aside', () => {
  for (const entry of ['loopy-ring.js', 'loopy-graph.js']) {
    const code = readFileSync(join(WWW, entry), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const lazy = [...code.matchAll(/\bimport\(\s*(['"`])([^'"`]+)\1\s*\)/g)].map((m) => m[2]).filter((p) => !/\/i18n\//.test(p));
    assert.ok(lazy.length >= 2, `${entry} loads its quiz and popup lazily`);
    const wrapped = [...code.matchAll(/\bwithWords\(\s*\(\)\s*=>\s*import\(\s*(['"`])([^'"`]+)\1\s*\)\s*\)/g)].map((m) => m[2]);
    assert.deepEqual(
      lazy.filter((p) => !wrapped.includes(p)),
      [],
      `${entry}: each lazy module as withWords(() => import('...'))`,
    );
  }
});

test('which language: Chinese tags are Simplified Chinese, unknown ones English', () => {
  for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-SG', 'zh-hans-cn', 'ZH_cn']) assert.equal(resolveLang(tag), 'zh-CN', tag);
  for (const tag of ['', 'en', 'en-GB', 'fr', 'xx-YY', 'zh-TW', 'zh-Hant']) assert.equal(resolveLang(tag), 'en', tag);
});
