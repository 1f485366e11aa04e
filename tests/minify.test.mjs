// The English catalog as `cargo xtask dist` puts it into a bundle (tests/tools/prune-catalog.mjs): the words the bundle's code can ask for, and only those.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { pruneCatalog, usedKeys } from './tools/prune-catalog.mjs';

const CATALOG = {
  $code: 'en',
  $name: 'English',
  'term.win': 'Win',
  'term.win@pn': 'N-position',
  'term.lose': 'Lose',
  'term.lose@pn': 'P-position',
  'ring.solved': 'Solved: {=term.win} for {count}.',
  'ring.legend.win': 'a {=term.lose} state',
  'ring.legend.lose': 'lose',
  'ring.keys.title': 'Keys',
  'ring.step': { one: '{count} step', other: '{count} steps' },
  'page.title': 'The ring game',
  'page.share.copy': 'Copy',
  'export.gif': 'GIF',
  'graph.goal': 'goal',
};

const prune = (code) => Object.keys(pruneCatalog(CATALOG, usedKeys(code))).sort();

test('a bundle keeps the keys its code names, their P/N forms and the messages they refer to, and drops the rest', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the code being pruned is text, its placeholders on purpose
  const code = `const a = t('ring.solved', { count: 3 }); el.title = w.t("ring.step", { count }); const x = \`${'${n}'}@pn\`;`;
  assert.deepEqual(prune(code), ['$code', '$name', 'ring.solved', 'ring.step', 'term.win', 'term.win@pn']);
});

test('keys made at run time stay in: a template with a key-like head, a string ending in a dot', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the code being pruned is text, its placeholders on purpose
  assert.deepEqual(prune('t(`ring.legend.${v}`); t(`page.${a}.copy`)'), [
    '$code',
    '$name',
    'page.share.copy',
    'ring.legend.lose',
    'ring.legend.win',
    'term.lose',
    'term.lose@pn',
  ]);
  assert.deepEqual(prune("t('export.' + kind)"), ['$code', '$name', 'export.gif']);
});

test('text that only looks like a key keeps nothing else: a stylesheet template, prose, a word with spaces', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the code being pruned is text, its placeholders on purpose
  assert.deepEqual(prune('const s = `.ring{color:red}`; const p = "page title"; const q = `${x} page.title`;'), ['$code', '$name']);
});

test('code that words a page marked with data-i18n keeps the keys the pages name, and an element does not', () => {
  const html = '<h1 data-i18n="page.title">The ring game</h1><button data-i18n-title="page.share.copy">';
  const words = (code) => Object.keys(pruneCatalog(CATALOG, usedKeys(code, [html]))).sort();
  assert.deepEqual(words("for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);"), [
    '$code',
    '$name',
    'page.share.copy',
    'page.title',
  ]);
  assert.deepEqual(words("t('ring.legend.lose')"), ['$code', '$name', 'ring.legend.lose']);
});

test('a bundle keeps the words that a module it imports lazily asks for, and a lazily loaded catalog names none', () => {
  const www = mkdtempSync(join(tmpdir(), 'loopy-minify-'));
  const out = mkdtempSync(join(tmpdir(), 'loopy-minified-'));
  try {
    const files = {
      'js/i18n/en.js': "export default { $code: 'en', 'ring.solved': 'Solved', 'quiz.right': 'Right', 'graph.goal': 'goal' };",
      'js/i18n/zh-CN.js': "export default { $code: 'zh-CN', 'ring.solved': '解', 'quiz.right': '对', 'graph.goal': '目标' };",
      'js/words.js': "import en from './i18n/en.js';\nexport const t = (k) => en[k] ?? k;",
      'js/quiz.js': "export const right = (t) => t('quiz.right');",
      'entry.js':
        "import { t } from './js/words.js';\nexport const said = t('ring.solved');\nexport const quiz = () => import('./js/quiz.js');\nexport const zh = () => import('./js/i18n/zh-CN.js');",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(www, name)), { recursive: true });
      writeFileSync(join(www, name), text);
    }
    execFileSync(process.execPath, [fileURLToPath(new URL('./tools/minify.mjs', import.meta.url)), www, out, '--bundle=entry.js', 'entry.js']);
    const bundle = readFileSync(join(out, 'entry.js'), 'utf8');
    assert.match(bundle, /Solved/, 'the entry asks for it');
    assert.match(bundle, /Right/, 'the lazy quiz asks for it');
    assert.doesNotMatch(bundle, /"goal"|'goal'/, 'nothing asks for it (the Chinese catalog names every key, and is not code)');
  } finally {
    rmSync(www, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});

test('a module loaded through withWords brings the words only it asks for: they leave the bundle and end its file as $words', async () => {
  const www = mkdtempSync(join(tmpdir(), 'loopy-minify-'));
  const out = mkdtempSync(join(tmpdir(), 'loopy-minified-'));
  try {
    const files = {
      'js/i18n/en.js':
        "export default { $code: 'en', 'ring.solved': 'Solved', 'quiz.right': 'Right {=term.win}', 'quiz.idle': 'Idle', 'term.win': 'Win', 'term.win@pn': 'N', 'popup.jump': 'Jump', 'graph.goal': 'goal' };",
      'js/words.js': "import en from './i18n/en.js';\nexport const t = (k) => en[k] ?? k;\nexport const withWords = (load) => load;",
      // The quiz asks for a word the entry names too (quiz.idle): that one stays in the bundle.
      'js/quiz.js': "export const right = (t) => t('quiz.right') + t('quiz.idle');",
      'js/popup.js': "export const jump = (t) => t('popup.jump');",
      'entry.js': [
        "import { t, withWords } from './js/words.js';",
        "export const said = t('ring.solved') + t('quiz.idle');",
        "export const quiz = withWords(() =>\n  import('./js/quiz.js'));",
        "export const popup = () => import('./js/popup.js');",
      ].join('\n'),
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(www, name)), { recursive: true });
      writeFileSync(join(www, name), text);
    }
    const minify = fileURLToPath(new URL('./tools/minify.mjs', import.meta.url));
    execFileSync(process.execPath, [minify, www, out, '--bundle=entry.js', 'entry.js', 'js/quiz.js', 'js/popup.js']);
    const bundle = readFileSync(join(out, 'entry.js'), 'utf8');
    assert.match(bundle, /Solved/, 'the entry asks for it');
    assert.match(bundle, /Idle/, 'the entry asks for it (and the quiz too)');
    assert.doesNotMatch(bundle, /Right/, 'only the quiz, loaded through withWords, asks for it');
    assert.match(bundle, /Jump/, 'the popup is loaded without withWords: its words stay in the bundle');
    const quiz = readFileSync(join(out, 'js/quiz.js'), 'utf8');
    const { $words: words } = await import(`data:text/javascript,${encodeURIComponent(quiz)}`);
    assert.deepEqual(
      words,
      { 'quiz.right': 'Right {=term.win}', 'term.win': 'Win', 'term.win@pn': 'N' },
      'the quiz brings its words, not those the bundle has',
    );
    assert.doesNotMatch(readFileSync(join(out, 'js/popup.js'), 'utf8'), /\$words/, 'the popup brings none');
  } finally {
    rmSync(www, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});

test("an error's words go into no bundle (English says an error's own message, other languages their own catalog) unless its code names the key whole", () => {
  const catalog = { ...CATALOG, 'error.game.nTooSmall': 'n must be at least 2, not {n}', 'ring.bad': 'Bad: {=term.lose}' };
  const kept = (code) => Object.keys(pruneCatalog(catalog, usedKeys(code))).sort();
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the code being pruned is text, its placeholders on purpose
  assert.deepEqual(kept("t(`error.${code}`); t('error.'); t('ring.bad')"), ['$code', '$name', 'ring.bad', 'term.lose', 'term.lose@pn']);
  // A failure to start has no English of its own: the module that says it names its keys (js/workers/start-failed.js).
  assert.deepEqual(kept("const KEYS = ['error.game.nTooSmall']"), ['$code', '$name', 'error.game.nTooSmall']);
});
