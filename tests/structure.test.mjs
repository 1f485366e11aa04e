// structure.test.mjs: the code's shape stays what issue 33 made it (plain node, no build): the element core's base at most
// 400 lines, no module under www/js over 500 lines but the catalogs, the entries at most 60, no file of the Rust crate over 700, and no
// import from element/ into a view or a page module's file, nor from workers/ into a view. Each bound is one a reviewer
// would otherwise have to count by hand: a file that outgrows it is a concern that wants a module of its own.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every file below `dir` (relative to the root) whose name ends in `ext`, as root-relative paths. */
function files(dir, ext) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(ext)) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

const lines = (path) => readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1;

/** The files of `paths` over `most` lines, with their counts. */
const over = (paths, most) => paths.filter((p) => lines(p) > most).map((p) => `${p}: ${lines(p)} lines (at most ${most})`);

test('the element core’s base is at most 400 lines', () => {
  assert.deepEqual(over(['www/js/element/base.js'], 400), []);
});

test('no module under www/js is over 500 lines, but the message catalogs', () => {
  const modules = files('www/js', '.js').filter((p) => !p.startsWith('www/js/i18n/'));
  assert.ok(modules.length > 50, 'the modules are found');
  assert.deepEqual(over(modules, 500), []);
});

test('the entries (www/loopy.js and www/loopy-*.js) are at most 60 lines', () => {
  const entries = readdirSync(join(ROOT, 'www'))
    .filter((n) => /^loopy(-[a-z]+)?\.js$/.test(n))
    .map((n) => `www/${n}`);
  assert.deepEqual(entries, ['www/loopy-graph.js', 'www/loopy-ring.js', 'www/loopy-story.js', 'www/loopy.js']);
  assert.deepEqual(over(entries, 60), []);
});

test('no Rust file of the crate is over 700 lines', () => {
  const rust = files('crate/src', '.rs');
  assert.ok(rust.length > 30, 'the Rust files are found');
  assert.deepEqual(over(rust, 700), []);
});

/** The relative module paths `path` imports (static and dynamic), resolved against it. */
function imports(path) {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const found = [...text.matchAll(/(?:from\s+|import\s*\(\s*|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return found.map((f) => relative(ROOT, join(ROOT, path, '..', f)));
}

test('element/ imports no view and no page, and workers/ import no view', () => {
  const bad = [];
  for (const f of files('www/js/element', '.js')) {
    for (const i of imports(f)) if (/^www\/js\/(ring|graph|page|story)\//.test(i)) bad.push(`${f} → ${i}`);
  }
  for (const f of files('www/js/workers', '.js')) {
    for (const i of imports(f)) if (/^www\/js\/(ring|graph|page|story)\//.test(i)) bad.push(`${f} → ${i}`);
  }
  assert.deepEqual(bad, []);
});
