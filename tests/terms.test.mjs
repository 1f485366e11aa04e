// The term table (docs/terms.md): one word per concept in each language. Each key a row names says the row's word in
// English and in Chinese (every plural form, under the key's own terms), no Chinese message holds a variant the row
// forbids, and no key of a row holds what the row keeps out of it (an animation step is 格, never 步). Pure: no browser.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import en from '../www/js/i18n/en.js';
import zh from '../www/js/i18n/zh-CN.js';

const TABLE = readFileSync(new URL('../docs/terms.md', import.meta.url), 'utf8');

/** The table's rows: { concept, en, zh, never, keys, keep }; lists are split at ' / '. */
function rows() {
  const body = TABLE.slice(TABLE.indexOf('<!-- terms:begin -->'), TABLE.indexOf('<!-- terms:end -->'));
  const list = (cell) =>
    cell
      .split(' / ')
      .map((s) => s.trim())
      .filter(Boolean);
  return body
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*(concept|---)/.test(l))
    .map((l) => l.split('|').slice(1, -1))
    .map(([concept, enWord, zhWord, never, keys, keep]) => ({
      concept: concept.trim(),
      en: enWord.trim(),
      zh: zhWord.trim(),
      never: list(never),
      keys: list(keys),
      keep: list(keep),
    }));
}

/** Every text of a message (its plural forms), the `{=key}` references said with the catalog's terms. */
function texts(catalog, key) {
  const m = catalog[key];
  assert.ok(m !== undefined, `${catalog.$code} has ${key}`);
  const terms = key.endsWith('@pn') ? 'pn' : 'wl';
  const fill = (s) =>
    String(s).replace(/\{=([\w.@-]+)\}/g, (_, k) => {
      const own = terms === 'pn' && Object.hasOwn(catalog, `${k}@pn`) ? catalog[`${k}@pn`] : catalog[k];
      return fill(typeof own === 'object' ? own.other : own);
    });
  return (typeof m === 'object' ? Object.values(m) : [m]).map(fill);
}

/** Every message of a catalog, by key. */
const messages = (catalog) => Object.entries(catalog).filter(([k]) => !k.startsWith('$'));

test('the term table has a row for each concept the issue names, each with its words and keys', () => {
  const all = rows();
  assert.ok(all.length >= 25, `${all.length} rows`);
  for (const r of all) {
    assert.ok(r.en && r.zh, `${r.concept}: a word in each language`);
    assert.ok(r.keys.length > 0, `${r.concept}: keys that say it`);
  }
  const concepts = all.map((r) => r.concept).join('\n');
  for (const c of ['force a win', 'hand the opponent a win', 'a move still open', 'a value with its depth', 'the inspector', 'an animation step'])
    assert.match(concepts, new RegExp(c), c);
});

test('each key a row names says the row’s word, in English and in Chinese', () => {
  const wrong = [];
  for (const r of rows()) {
    for (const key of r.keys) {
      for (const t of texts(en, key)) if (!t.toLowerCase().includes(r.en.toLowerCase())) wrong.push(`en ${key} (${r.concept}: ${r.en}): ${t}`);
      for (const t of texts(zh, key)) if (!t.includes(r.zh)) wrong.push(`zh-CN ${key} (${r.concept}: ${r.zh}): ${t}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('no Chinese message uses a variant the table forbids', () => {
  const found = [];
  for (const r of rows())
    for (const variant of r.never)
      for (const [key] of messages(zh))
        for (const t of texts(zh, key)) if (t.includes(variant)) found.push(`${key} (${r.concept}: ${variant}): ${t}`);
  assert.deepEqual(found, []);
});

test('an animation step has a word of its own: the keys that say it never say 步 (depth’s and step size’s)', () => {
  const found = [];
  for (const r of rows())
    for (const kept of r.keep) for (const key of r.keys) for (const t of texts(zh, key)) if (t.includes(kept)) found.push(`${key}: ${t}`);
  assert.deepEqual(found, []);
  assert.ok(
    rows().some((r) => r.zh === '格' && r.keep.includes('步')),
    'the table gives an animation step its own word',
  );
});
