// The docs say what the code does (README.md, README.zh-CN.md, CONTRIBUTING.md, ARCHITECTURE.md, CHANGELOG.md and docs/):
// every relative link resolves, file and #anchor; every `loopy` line of a sh block runs with the CLI and exits as the
// line says (`# exit N`, else 0); every HTML snippet parses and gives the elements only attributes they observe (each
// named in its .d.ts); every JS snippet parses; docs/element.md's reference names exactly what the .d.ts files declare;
// docs/cli.md names every command and flag of `loopy --help` and no other; ARCHITECTURE.md names only paths that exist,
// every module of crate/src/ and every folder of www/js/. Plain node: the CLI's parts need LOOPY_CLI, and say so when
// it is not set.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { classMembers, elementFacts } from './tools/element-reference.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = process.env.LOOPY_CLI;
const md = new MarkdownIt({ html: true });

/** The Markdown files the docs are: the root's and docs/'s (recursively). */
function docFiles() {
  const out = readdirSync(ROOT)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, f));
  const walk = (dir) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.md')) out.push(p);
    }
  };
  walk(join(ROOT, 'docs'));
  return out.sort();
}

const FILES = docFiles();
const rel = (p) => relative(ROOT, p);
const tokensOf = new Map(FILES.map((f) => [f, md.parse(readFileSync(f, 'utf8'), {})]));

/** GitHub's anchor for a heading's text: lower case, punctuation but hyphens left out, spaces as hyphens. */
export function slug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown text's headings give (a repeated one gets -1, -2, ... as on GitHub). */
function anchorsOf(tokens) {
  const seen = new Map();
  const out = new Set();
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k].type !== 'heading_open') continue;
    const text = tokens[k + 1].children.map((c) => c.content).join('');
    const base = slug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every link and image target of a Markdown text, with its line. */
function linksOf(tokens) {
  const out = [];
  for (const t of tokens) {
    for (const c of t.children ?? []) {
      if (c.type === 'link_open') out.push({ href: c.attrGet('href'), line: (t.map?.[0] ?? 0) + 1 });
      if (c.type === 'image') out.push({ href: c.attrGet('src'), line: (t.map?.[0] ?? 0) + 1 });
    }
  }
  return out;
}

/** The broken relative links of `file`: `[{ line, href, why }]`. */
export function brokenLinks(file, tokens, anchorsFor) {
  const broken = [];
  for (const { href, line } of linksOf(tokens)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
    const [path, fragment] = href.split('#');
    const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    if (!existsSync(target)) {
      broken.push({ line, href, why: 'no such file' });
      continue;
    }
    if (fragment !== undefined && target.endsWith('.md')) {
      if (!anchorsFor(target).has(decodeURIComponent(fragment))) broken.push({ line, href, why: 'no such heading' });
    }
  }
  return broken;
}

/** The fenced code blocks of a Markdown text whose info string is one of `langs`: `[{ text, line }]`. */
function fences(tokens, langs) {
  return tokens
    .filter((t) => t.type === 'fence' && langs.includes(t.info.trim().split(/\s+/)[0]))
    .map((t) => ({ text: t.content, line: t.map[0] + 1 }));
}

const anchorCache = new Map();
function anchorsFor(file) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(tokensOf.get(file) ?? md.parse(readFileSync(file, 'utf8'), {})));
  return anchorCache.get(file);
}

test('every relative link of the docs resolves: its file, and its #anchor to a heading there', () => {
  assert.ok(FILES.length >= 12, `the docs are found: ${FILES.map(rel).join(', ')}`);
  const broken = FILES.flatMap((f) => brokenLinks(f, tokensOf.get(f), anchorsFor).map((b) => `${rel(f)}:${b.line}: ${b.href} (${b.why})`));
  assert.deepEqual(broken, []);
});

test('the link check finds a missing file and a missing heading', () => {
  const file = join(ROOT, 'docs', 'guide.md');
  const tokens = md.parse('[a](rules.md#games-on-graphs) [b](rules.md#no-such-heading) [c](nowhere.md) [d](#tutorial-a-game-in-a-blog-post)', {});
  assert.deepEqual(
    brokenLinks(file, tokens, anchorsFor).map((b) => `${b.href} ${b.why}`),
    ['rules.md#no-such-heading no such heading', 'nowhere.md no such file'],
  );
});

test('README.md fits on a screen or two: at most 300 lines, no issue numbers', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const shown = readme.replace(/<!--[\s\S]*?-->/g, '');
  assert.ok(readme.split('\n').length <= 300, `README.md has ${readme.split('\n').length} lines`);
  assert.deepEqual(shown.match(/[Ii]ssues? \d+/g) ?? [], [], 'issue numbers a reader sees (TODO(merge) comments aside)');
  assert.ok(readme.startsWith('[中文说明](README.zh-CN.md)'), 'the first line links the Chinese README');
});

test('the Chinese docs: README.zh-CN.md has at least 60 lines of Chinese, and the essentials of the element and the story', () => {
  const chinese = (file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .filter((l) => /\p{Script=Han}/u.test(l)).length;
  assert.ok(chinese('README.zh-CN.md') >= 60, `README.zh-CN.md: ${chinese('README.zh-CN.md')} lines of Chinese`);
  assert.ok(chinese('docs/zh-CN/element.md') >= 30, 'docs/zh-CN/element.md is in Chinese');
  assert.ok(chinese('docs/zh-CN/story.md') >= 20, 'docs/zh-CN/story.md is in Chinese');
  assert.match(readFileSync(join(ROOT, 'README.zh-CN.md'), 'utf8'), /\]\(README\.md\)/, 'README.zh-CN.md links the English README');
});

test('no registry host name in the docs', () => {
  const hosts = /crates\.io|npmjs\.(com|org)|pypi\.org/;
  const named = FILES.filter((f) => hosts.test(readFileSync(f, 'utf8'))).map(rel);
  assert.deepEqual(named, []);
});

// ---- commands -----------------------------------------------------------------------------------

/** The `loopy` lines of every sh block: `[{ file, line, command, exit }]`. */
function loopyCommands() {
  const out = [];
  for (const f of FILES) {
    for (const block of fences(tokensOf.get(f), ['sh', 'bash', 'shell'])) {
      block.text.split('\n').forEach((text, k) => {
        if (!/^loopy(\s|$)/.test(text)) return;
        const exit = /#\s*exit\s+(\d+)\s*$/.exec(text);
        out.push({ file: rel(f), line: block.line + 1 + k, command: text, exit: exit ? Number(exit[1]) : 0 });
      });
    }
  }
  return out;
}

/** A scratch copy of what the commands read (docs/samples/), and a PATH whose `loopy` is the CLI. */
function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'loopy-docs-'));
  cpSync(join(ROOT, 'docs', 'samples'), join(dir, 'docs', 'samples'), { recursive: true });
  mkdirSync(join(dir, 'bin'));
  symlinkSync(resolve(CLI), join(dir, 'bin', 'loopy'));
  return { dir, env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` } };
}

test('every loopy command of a sh block runs with the CLI and exits as the doc says', { skip: !CLI && 'LOOPY_CLI is not set' }, () => {
  const commands = loopyCommands();
  assert.ok(commands.length >= 20, `the docs' commands are found (${commands.length})`);
  const { dir, env } = scratch();
  try {
    const wrong = [];
    for (const { file, line, command, exit } of commands) {
      const run = spawnSync('sh', ['-c', command], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
      if (run.status !== exit)
        wrong.push(`${file}:${line}: \`${command}\` exits ${run.status}, the doc says ${exit}: ${run.stderr.trim().slice(0, 200)}`);
    }
    assert.deepEqual(wrong, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('docs/cli.md names every command and flag of loopy --help, and no flag it lacks', { skip: !CLI && 'LOOPY_CLI is not set' }, () => {
  const help = execFileSync(CLI, ['--help'], { encoding: 'utf8' });
  const doc = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
  const helpFlags = new Set(help.match(/--[a-z][a-z-]*/g));
  const usage = help
    .split('\n\n')[1]
    .split('\n')
    .filter((l) => /^\s*(usage: )?loopy /.test(l));
  // A usage line is `loopy` and its words, then (after two spaces or more) what it does.
  const synopses = usage.map((l) => l.replace(/^\s*(usage: )?/, '').split(/\s{2,}/)[0]);
  const commands = new Set(
    synopses
      .flatMap((l) =>
        l
          .replace(/[[\]|]/g, ' ')
          .split(/\s+/)
          .slice(1),
      )
      .filter((w) => /^[a-z]+$/.test(w)),
  );
  assert.ok(helpFlags.size >= 15 && commands.size >= 8, `read from --help: ${[...commands]} ${[...helpFlags]}`);
  const missing = [...commands].filter((c) => !new RegExp(`\\bloopy (\\S+ )?${c}\\b`).test(doc));
  missing.push(...[...helpFlags].filter((f) => !new RegExp(`${f}(?![a-z-])`).test(doc)));
  assert.deepEqual(missing, [], 'commands and flags of loopy --help that docs/cli.md does not name');
  // The flags docs/cli.md gives to loopy: in its sh lines and in code spans that start with loopy.
  const said = [...doc.matchAll(/^loopy .*$/gm), ...doc.matchAll(/`(loopy [^`]*)`/g)].flatMap(
    (m) => m[0].replace(/#.*/, '').match(/--[a-z][a-z-]*/g) ?? [],
  );
  assert.deepEqual([...new Set(said.filter((f) => !helpFlags.has(f)))], [], 'flags docs/cli.md gives loopy that --help does not have');
});

// ---- HTML and JS snippets ------------------------------------------------------------------------

/** Attributes any element has. */
const GLOBAL_ATTRS = new Set(['id', 'class', 'slot', 'style', 'title', 'hidden', 'lang', 'dir', 'tabindex', 'part', 'role', 'inert']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Reads an HTML snippet: `{ tags: [{ name, attrs }], scripts: [text], errors: [text] }`. A `<` that starts no tag, an
 * unclosed quote, a close tag without its open one and an element left open are errors.
 */
export function readHtml(html) {
  const tags = [];
  const scripts = [];
  const errors = [];
  const open = [];
  const tag = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
  let k = 0;
  while (k < html.length) {
    const lt = html.indexOf('<', k);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt);
      if (end < 0) errors.push('an unclosed comment');
      k = end < 0 ? html.length : end + 3;
      continue;
    }
    tag.lastIndex = lt;
    const m = tag.exec(html);
    if (!m) {
      if (/[a-zA-Z/]/.test(html[lt + 1] ?? '')) errors.push(`not a tag: ${html.slice(lt, lt + 40)}`);
      k = lt + 1;
      continue;
    }
    const name = m[2].toLowerCase();
    k = tag.lastIndex;
    if (m[1]) {
      if (open.at(-1) !== name) errors.push(`</${name}> closes ${open.at(-1) ? `<${open.at(-1)}>` : 'nothing'}`);
      else open.pop();
      continue;
    }
    const attrs = [...m[3].matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)].map((a) => a[1].toLowerCase());
    tags.push({ name, attrs });
    if (name === 'script') {
      const end = html.indexOf('</script>', k);
      if (end < 0) {
        errors.push('an unclosed <script>');
        break;
      }
      scripts.push(html.slice(k, end));
      k = end + '</script>'.length;
      continue;
    }
    if (!VOID.has(name) && !m[4]) open.push(name);
  }
  for (const name of open) errors.push(`<${name}> is not closed`);
  return { tags, scripts, errors };
}

/** What each Loopy element observes (its .d.ts naming each), as elementFacts reads them. */
const OBSERVED = new Map(elementFacts().map((e) => [e.tag, new Set(e.attributes.keys())]));

/** The attributes of Loopy elements in `tags` that the element does not observe. */
export function unknownAttributes(tags) {
  const out = [];
  for (const { name, attrs } of tags) {
    const observed = OBSERVED.get(name);
    if (!observed) continue;
    for (const a of attrs) {
      if (!observed.has(a) && !GLOBAL_ATTRS.has(a) && !a.startsWith('data-') && !a.startsWith('aria-')) out.push(`<${name} ${a}>`);
    }
  }
  return out;
}

/** Whether `code` parses as a module (or, for a value such as `layout()`'s object, as an expression): the error, or null. */
function jsError(code, dir, name) {
  const check = (text) => {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, text);
    const run = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
    return run.status === 0 ? null : run.stderr.split('\n').slice(0, 5).join(' ');
  };
  const asModule = check(code);
  return asModule && check(`(${code.replace(/;\s*$/, '')});`) ? asModule : null;
}

test('every HTML snippet parses and gives the elements only attributes they observe; its scripts parse', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loopy-docs-js-'));
  try {
    const wrong = [];
    let snippets = 0;
    for (const f of FILES) {
      for (const { text, line } of fences(tokensOf.get(f), ['html'])) {
        snippets++;
        const { tags, scripts, errors } = readHtml(text);
        for (const e of [...errors, ...unknownAttributes(tags)]) wrong.push(`${rel(f)}:${line}: ${e}`);
        scripts.forEach((s, k) => {
          const error = jsError(s, dir, `html-${snippets}-${k}`);
          if (error) wrong.push(`${rel(f)}:${line}: its script does not parse: ${error}`);
        });
      }
    }
    assert.ok(snippets >= 10, `the HTML snippets are found (${snippets})`);
    assert.deepEqual(wrong, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the HTML check finds a bad attribute, a stray close tag and an element left open', () => {
  const { tags, errors } = readHtml(
    '<loopy-ring n="8" colour="red" lang="zh-CN" data-x="1">x</loopy-ring></p><loopy-graph graph="1-2" values="grundy">',
  );
  assert.deepEqual(unknownAttributes(tags), ['<loopy-ring colour>']);
  assert.deepEqual(errors, ['</p> closes nothing', '<loopy-graph> is not closed']);
  assert.deepEqual(unknownAttributes(readHtml('<loopy-story n="8"><loopy-ring slot="figure" n="8"></loopy-ring></loopy-story>').tags), [
    '<loopy-story n>',
  ]);
});

test('every JS snippet parses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loopy-docs-js-'));
  try {
    const wrong = [];
    let snippets = 0;
    for (const f of FILES) {
      for (const { text, line } of fences(tokensOf.get(f), ['js', 'javascript', 'mjs'])) {
        const error = jsError(text, dir, `js-${snippets++}`);
        if (error) wrong.push(`${rel(f)}:${line}: ${error}`);
      }
    }
    assert.ok(snippets >= 4, `the JS snippets are found (${snippets})`);
    assert.deepEqual(wrong, []);
    assert.ok(jsError('const x = ;', dir, 'broken'), 'a snippet that does not parse is found');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// ---- the element reference -----------------------------------------------------------------------

const SECTIONS = [
  ['Attributes', 'attributes'],
  ['Properties', 'properties'],
  ['Methods', 'methods'],
  ['Events', 'events'],
  ['CSS custom properties', 'css'],
  ['Parts', 'parts'],
  ['Slots', 'slots'],
];

/** docs/element.md's reference: Map of tag to Map of section to the names its table's first column gives. */
export function documentedReference(text) {
  const out = new Map();
  const start = text.indexOf('\n## Reference');
  assert.ok(start >= 0, 'docs/element.md has a Reference section');
  let tag = null;
  let section = null;
  for (const line of text.slice(start).split('\n')) {
    const el = /^### `<([\w-]+)>`/.exec(line);
    if (el) {
      tag = el[1];
      out.set(tag, new Map());
      section = null;
      continue;
    }
    const sec = /^#### (.+)$/.exec(line);
    if (sec && tag) {
      section = SECTIONS.find(([title]) => title === sec[1].trim())?.[1] ?? null;
      assert.ok(section, `a section docs/element.md's reference cannot read: ${sec[1]}`);
      out.get(tag).set(section, []);
      continue;
    }
    const row = /^\| ([^|]+) \|/.exec(line);
    if (row && tag && section && !/^(name|-+)$/.test(row[1].trim()) && !/^-+$/.test(row[1].replace(/[|\s]/g, ''))) {
      const cell = row[1].trim();
      out
        .get(tag)
        .get(section)
        .push(cell === '(default)' ? cell : cell.replace(/^`|`$/g, '').replace(/\(\)$/, ''));
    }
  }
  return out;
}

/** The differences between docs/element.md's reference and the .d.ts files: `['<tag> section: missing x', ...]`. */
export function referenceDrift(documented) {
  const drift = [];
  for (const facts of elementFacts()) {
    const doc = documented.get(facts.tag) ?? new Map();
    for (const [, key] of SECTIONS) {
      const declared = [...facts[key].keys()];
      const said = doc.get(key) ?? [];
      for (const n of declared) if (!said.includes(n)) drift.push(`<${facts.tag}> ${key}: ${n} is declared in ${facts.dts} but not documented`);
      for (const n of said) if (!declared.includes(n)) drift.push(`<${facts.tag}> ${key}: ${n} is documented but not declared in ${facts.dts}`);
    }
  }
  return drift;
}

test("docs/element.md's reference names exactly the attributes, properties, methods, events, CSS properties, parts and slots of the .d.ts files", () => {
  const text = readFileSync(join(ROOT, 'docs', 'element.md'), 'utf8');
  assert.deepEqual(referenceDrift(documentedReference(text)), []);
  // And the check sees a member left out and one made up.
  const broken = text.replace('| `playTo()` |', '| `playUntil()` |');
  assert.notEqual(broken, text);
  assert.deepEqual(referenceDrift(documentedReference(broken)), [
    '<loopy-ring> methods: playTo is declared in loopy-ring.d.ts but not documented',
    '<loopy-ring> methods: playUntil is documented but not declared in loopy-ring.d.ts',
  ]);
});

// ---- the JS API ----------------------------------------------------------------------------------

/** Every name a Markdown text writes as code: its code spans and its fenced blocks, one text. */
function codeOf(text) {
  return md
    .parse(text, {})
    .flatMap((t) => (t.type === 'fence' ? [t.content] : (t.children ?? []).filter((c) => c.type === 'code_inline').map((c) => c.content)))
    .join('\n');
}

/** What a wasm module's .d.ts exports (classes, functions, enums) and its classes' public members, that `code` never names. */
export function undocumentedApi(dts, code) {
  const named = (n) => new RegExp(`(?<![\\w$])${n}(?![\\w$])`).test(code);
  const exports = [...dts.matchAll(/^export (?:class|function|enum) (\w+)/gm)].map((m) => m[1]);
  const missing = exports.filter((n) => !named(n));
  for (const cls of [...dts.matchAll(/^export class (\w+)/gm)].map((m) => m[1])) {
    const { properties, methods } = classMembers(dts, cls);
    for (const n of [...properties.keys(), ...methods.keys()]) if (n !== 'free' && n !== 'constructor' && !named(n)) missing.push(`${cls}.${n}`);
  }
  return missing;
}

/** The whole module's types, as `cargo xtask build` generates them (www/pkg/ is the build's). */
const API_DTS = join(ROOT, 'www', 'pkg', 'graphs', 'loopy.d.ts');

test('docs/api.md names every export of the whole wasm module and every public member of its classes', {
  skip: !existsSync(API_DTS) && 'www/pkg/ is not built (cargo xtask build)',
}, () => {
  const dts = readFileSync(API_DTS, 'utf8');
  const code = codeOf(readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8'));
  assert.deepEqual(undocumentedApi(dts, code), []);
  assert.deepEqual(undocumentedApi(dts, code.replaceAll('decidedAt', 'decided')), ['GraphPropagation.decidedAt', 'Propagation.decidedAt']);
});

// ---- paths ---------------------------------------------------------------------------------------

/** Paths of the repository a Markdown text names in code spans (`www/...`, `crate/...`, ...), with their lines. */
export function repositoryPaths(text) {
  const out = [];
  text.split('\n').forEach((line, k) => {
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      if (/^(crate|www|xtask|fuzz|vendor|docs|tests)\/[\w./@-]*$/.test(m[1])) out.push({ path: m[1], line: k + 1 });
    }
  });
  return out;
}

/** What the build writes, which a fresh clone lacks. */
const GENERATED = ['www/pkg/', 'www/vendor/'];

test('every path of the repository the docs name in code exists (what the build writes aside)', () => {
  const missing = [];
  let named = 0;
  for (const f of FILES) {
    for (const { path, line } of repositoryPaths(readFileSync(f, 'utf8'))) {
      named++;
      if (!GENERATED.some((g) => `${path}/`.startsWith(g)) && !existsSync(join(ROOT, path))) missing.push(`${rel(f)}:${line}: ${path}`);
    }
  }
  assert.ok(named > 150, `paths named: ${named}`);
  assert.deepEqual(missing, []);
  assert.deepEqual(
    repositoryPaths('`www/js/ring/states.js` and `js/ring/bands.js`, `www/pkg/loopy.js`').map((p) => p.path),
    ['www/js/ring/states.js', 'www/pkg/loopy.js'],
  );
});

// ---- the code map --------------------------------------------------------------------------------

/** Paths ARCHITECTURE.md names in code spans: those under the repository's folders, and its root files. */
function namedPaths(text) {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    .filter((p) => /^(crate|www|xtask|fuzz|vendor|docs|tests)\/|^Cargo\.(toml|lock)$/.test(p));
}

test('ARCHITECTURE.md names only paths that exist, and every module of crate/src/ and every folder of www/js/', () => {
  const named = namedPaths(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
  assert.ok(named.length > 100, `paths named: ${named.length}`);
  const missing = named.filter((p) => !GENERATED.some((g) => p.startsWith(g)) && !existsSync(join(ROOT, p)));
  assert.deepEqual(missing, [], 'paths ARCHITECTURE.md names that do not exist');
  const set = new Set(named.map((p) => p.replace(/\/$/, '')));
  const src = readdirSync(join(ROOT, 'crate', 'src')).map((f) => `crate/src/${f}`);
  const js = readdirSync(join(ROOT, 'www', 'js')).map((f) => `www/js/${f}`);
  const unnamed = [...src, ...js].filter((p) => !set.has(p));
  assert.deepEqual(unnamed, [], 'modules and folders ARCHITECTURE.md does not name');
});
