// The elements' reference as the .d.ts files in www/ declare it, read as text under plain node: each element's attributes
// (its observedAttributes, resolved from the element's source, each one named in the .d.ts), properties, methods, events,
// CSS custom properties, parts and slots, with the .d.ts comment of each. `node tests/tools/element-reference.mjs` prints
// the tables of docs/element.md's reference; tests/docs.test.mjs holds that section to the same names, both ways.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const WWW = new URL('../../www/', import.meta.url);
const read = (path) => readFileSync(new URL(path, WWW), 'utf8');

/** The text with every comment and string literal blanked (same length, same line breaks; strings keep their quotes). */
export function blankCommentsAndStrings(text) {
  let out = '';
  let k = 0;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (k < text.length) {
    const c = text[k];
    const two = text.slice(k, k + 2);
    let end;
    if (two === '/*') end = text.indexOf('*/', k + 2) + 2 || text.length;
    else if (two === '//') end = text.indexOf('\n', k) === -1 ? text.length : text.indexOf('\n', k);
    else if (c === "'" || c === '"' || c === '`') {
      end = k + 1;
      while (end < text.length && text[end] !== c) end += text[end] === '\\' ? 2 : 1;
      end++;
    }
    if (end === undefined) {
      out += c;
      k++;
    } else {
      const piece = text.slice(k, end);
      out += two === '/*' || two === '//' ? blank(piece) : piece[0] + blank(piece.slice(1, -1)) + piece.slice(-1);
      k = end;
    }
  }
  return out;
}

/** A JSDoc comment's text on one line, without its stars. */
function docText(comment) {
  return comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The last JSDoc comment in `source` between `from` and `to`, as text, or ''. */
function lastDoc(source, from, to) {
  const slice = source.slice(from, to);
  const start = slice.lastIndexOf('/**');
  const end = slice.lastIndexOf('*/');
  return start >= 0 && end > start ? docText(slice.slice(start, end + 2)) : '';
}

/**
 * The top-level statements of the braces body that starts at `open` (the index of its `{`) in `source`:
 * `[{ text, doc }]`, `doc` the JSDoc just above the statement.
 */
function bodyStatements(source, open) {
  const code = blankCommentsAndStrings(source);
  const out = [];
  let depth = 0;
  let begin = open + 1;
  for (let k = open + 1; k < code.length; k++) {
    const c = code[k];
    if (depth === 0 && c === '}') break;
    if ('({['.includes(c)) depth++;
    if (')}]'.includes(c)) depth--;
    if (depth === 0 && c === ';') {
      const text = source.slice(begin, k);
      const lead = code.slice(begin, k).search(/\S/);
      out.push({ text: text.slice(lead).trim(), doc: lastDoc(source, begin, begin + lead) });
      begin = k + 1;
    }
  }
  return out;
}

/** Class `name`'s members in a .d.ts: `{ properties, methods, doc }` (Maps of name to its comment), `doc` the class's comment. */
export function classMembers(source, name) {
  const code = blankCommentsAndStrings(source);
  const head = new RegExp(`\\bclass\\s+${name}\\b[^{]*\\{`).exec(code);
  if (!head) throw new Error(`no class ${name}`);
  const properties = new Map();
  const methods = new Map();
  for (const { text, doc } of bodyStatements(source, head.index + head[0].length - 1)) {
    // A computed key (`[Symbol.dispose]()`, which wasm-bindgen declares) is the platform's, not a name of the API.
    if (text.startsWith('[') || text.startsWith('private ')) continue;
    const m = /^(static\s+)?(readonly\s+)?(?:(get|set)\s+)?([A-Za-z_$][\w$]*)\s*(\??)\s*([(:<])/.exec(text);
    if (!m) throw new Error(`a declaration of class ${name} this reader cannot read: ${text}`);
    if (m[1]) continue;
    const method = m[6] !== ':' && !m[3];
    if (method) {
      if (!methods.has(m[4])) methods.set(m[4], doc);
    } else {
      properties.set(m[4], doc);
    }
  }
  const before = source.slice(0, head.index);
  const start = before.lastIndexOf('/**');
  const end = before.lastIndexOf('*/');
  return { properties, methods, doc: start >= 0 && end > start ? docText(before.slice(start, end + 2)) : '' };
}

/** The events `interface HTMLElementEventMap` declares in a .d.ts: Map of name to `{ detail, doc }`. */
export function eventMap(source) {
  const code = blankCommentsAndStrings(source);
  const head = /\binterface\s+HTMLElementEventMap\s*\{/.exec(code);
  const events = new Map();
  if (!head) return events;
  for (const { text, doc } of bodyStatements(source, head.index + head[0].length - 1)) {
    const m = /^'([\w-]+)'\s*:\s*CustomEvent<([\s\S]*)>$/.exec(text);
    if (!m) throw new Error(`an event this reader cannot read: ${text}`);
    events.set(m[1], { detail: m[2].replace(/\s+/g, ' '), doc });
  }
  return events;
}

/** The value of `export const NAME = ...` in an element module: an array of strings or a string's split(' '). */
function constList(name, files) {
  for (const file of files) {
    const text = read(file);
    const m = new RegExp(`export const ${name} = (\\[[^\\]]*\\]|'[^']*'\\.split\\(' '\\))`).exec(text);
    if (!m) continue;
    if (m[1].startsWith('[')) return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
    return /'([^']*)'/.exec(m[1])[1].split(' ');
  }
  throw new Error(`no export const ${name} in ${files.join(', ')}`);
}

/** An element's observed attributes, read from `static observedAttributes = [...]` in its module. */
function observedAttributes(file, constFiles) {
  const m = /static observedAttributes = \[([^\]]*)\]/.exec(read(file));
  if (!m) throw new Error(`no observedAttributes in ${file}`);
  return m[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((item) => (item.startsWith('...') ? constList(item.slice(3), constFiles) : [item.replace(/^'|'$/g, '')]));
}

/** The parts a class comment lists after "parts:", parentheses left out. */
function partsOf(doc) {
  const m = /parts: ([^.]*)\./.exec(doc);
  if (!m) return [];
  let text = m[1];
  while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, '');
  return text.split(',').map((s) => s.trim().split(/\s+/)[0]);
}

/**
 * What the reference says where the .d.ts has no comment of its own for a name: the old README's tables, kept here so
 * that the generated tables read whole. Keyed by `section:name` (section: attr, prop, method, css, part, slot).
 */
const WORDS = {
  'attr:n': 'Positions on the ring, the hole (0) included.',
  'attr:s1': "Player 1's steps: `2-4,6` (`a-b` is a range).",
  'attr:s2': "Player 2's steps, as `s1`.",
  'attr:graph': 'The moves as `u-v` pairs (and lone vertices), comma-separated: `1-2,2-3,3-1,3-4`.',
  'attr:goal': 'The goal vertex: whoever moves onto it wins.',
  'attr:start': 'The start vertex: optimal play from it is drawn.',
  'attr:random': 'A random graph of this many vertices (and about twice as many moves) instead of `graph`.',
  'attr:seed': "The random graph's seed (1 when left out).",
  'attr:granularity': 'The size of a step: `events` (check one move), `resolutions` (decide one position), `layers` (finish one depth).',
  'attr:speed': 'Steps a second while playing.',
  'attr:autoplay': 'Plays once the element first scrolls into view.',
  'attr:loop': 'Starts again at the end.',
  'attr:controls': '`none`, `compact` (a one-line legend, options in a menu) or `full`.',
  'attr:theme': '`light`, `dark` or `auto`.',
  'attr:lang':
    "The reader's language (read, not reflected): the element's own, else its nearest ancestor's, else `<html lang>`; `zh`, `zh-CN`, `zh-Hans`, `zh-SG` are Simplified Chinese, others English.",
  'attr:terms': '`wl` (the default: Win / Lose / Loop, Draw on graphs) or `pn` (N-position / P-position).',
  'attr:present': 'Presenter mode: the element fills the screen with large type (see `present()`).',
  'attr:values': '`depth` (the default) or `grundy`: what the marks show.',
  'prop:length': 'Steps in the whole run at the current granularity.',
  'prop:playing': 'Whether it is playing.',
  'prop:frameCount': 'Frames drawn so far.',
  'prop:game': 'The game on screen, or null.',
  'prop:view': 'What a link or an embed needs to show this view again.',
  'prop:narration': 'The narration line on screen.',
  'method:play': 'Plays from the step on screen.',
  'method:pause': 'Pauses.',
  'method:toggle': 'Plays or pauses.',
  'method:seek': 'Shows a step (clamped to 0 .. length).',
  'method:stepBy': 'Moves that many steps forward (back when negative).',
  'method:select': 'Selects a state, or nothing with `select(null)`.',
  'method:cancel': 'Cancels the solve in flight; the game on screen stays.',
  'method:depths': 'Depths by state for the player moving first, as `Solution.depths`.',
  'method:pointOf': 'Where a state is drawn, in viewport coordinates, or null.',
  'method:judgeText': 'What the judge (`loopy`) prints for the game on screen.',
  'method:addEventListener': "The element's events, typed (see Events).",
  'method:removeEventListener': "The element's events, typed (see Events).",
  'css:--loopy-win': 'The colour of Win.',
  'css:--loopy-lose': 'The colour of Lose.',
  'css:--loopy-loop': 'The colour of Loop (a Draw on graphs).',
  'css:--loopy-accent': 'The state looked at and the move checked.',
  'css:--loopy-ink': 'Text and lines.',
  'css:--loopy-muted': 'Secondary text.',
  'css:--loopy-unknown': 'A state not decided yet.',
  'css:--loopy-track': "The ring's tracks.",
  'css:--loopy-bg': 'The background.',
  'css:--loopy-panel': 'Panels and the popup.',
  'css:--loopy-line': 'Borders.',
  'css:--loopy-on-win': 'The numbers inside Win marks.',
  'css:--loopy-on-lose': 'The numbers inside Lose marks.',
  'css:--loopy-error': 'The error box.',
  'css:--loopy-focus': 'The focus ring.',
  'css:--loopy-flag': 'A checked answer’s differences.',
  'css:--loopy-font': "The font (the element inherits the page's unless it is set).",
  'css:--loopy-max-height': 'The most height the element takes (its height follows its width).',
  'css:--loopy-story-bg': "The story's background.",
  'css:--loopy-story-caption-bg': "The caption's background.",
  'css:--loopy-story-figure-height': "The figure's height on a phone (at most 46 % of the viewport).",
  'css:--loopy-story-figure-half': "The figure's share of a wide story.",
  'part:box': 'The whole element.',
  'part:stage': 'The drawing and its overlays.',
  'part:canvas': 'The canvas.',
  'part:side': 'The side column (`controls="full"`).',
  'part:narration': 'The narration line.',
  'part:controls': 'The transport and options.',
  'part:legend': 'The legend.',
  'part:popup': 'The why popup.',
  'part:error': 'The error box.',
  'part:progress': 'The progress bar.',
  'part:keys': 'The list of keyboard shortcuts.',
  'part:around': 'A large graph\'s "around vertex" form.',
  'part:figure': "The figure's place.",
  'part:caption': "A paragraph's caption under the figure.",
  'part:notice': 'What the story says of a figure it cannot drive.',
  'part:text': 'The text column.',
  'slot:(default)': 'Fallback content, shown until the first picture (and without JavaScript).',
  'slot:side': 'Your own content in the side column, with `controls="full"`.',
  'slot:figure': 'The figure: a `<loopy-ring>` or a `<loopy-graph>`.',
};

/** What the reference says of `name` in `section`: the .d.ts comment, else WORDS, else a reflected attribute's line. */
function words(section, name, doc, attributes) {
  if (doc) return doc;
  if (WORDS[`${section}:${name}`]) return WORDS[`${section}:${name}`];
  if (section === 'prop' && attributes?.has(name)) return `Reflects the \`${name}\` attribute.`;
  return '';
}

const ELEMENTS = [
  {
    tag: 'loopy-ring',
    dts: 'loopy-ring.d.ts',
    cls: 'LoopyRing',
    source: 'js/ring/ring-element.js',
    consts: ['js/ring/ring-game.js', 'js/element/base.js'],
  },
  {
    tag: 'loopy-graph',
    dts: 'loopy-graph.d.ts',
    cls: 'LoopyGraph',
    source: 'js/graph/graph-element.js',
    consts: ['js/graph/graph-game.js', 'js/element/base.js'],
  },
  { tag: 'loopy-story', dts: 'loopy-story.d.ts', cls: 'LoopyStory', source: null, consts: [] },
];

/**
 * Every element's reference: `[{ tag, dts, attributes, properties, methods, events, css, parts, slots, doc }]`, each a
 * Map of name to what the .d.ts says of it (attributes: '' when the .d.ts comment names them only in its list).
 * Throws when an observed attribute is not named in the .d.ts class comment.
 */
export function elementFacts() {
  return ELEMENTS.map(({ tag, dts, cls, source, consts }) => {
    const text = read(dts);
    const { properties, methods, doc } = classMembers(text, cls);
    const attributes = new Map();
    for (const a of source ? observedAttributes(source, consts) : []) {
      if (!new RegExp(`(?<![\\w-])${a}(?![\\w-])`).test(doc)) throw new Error(`${dts} does not name the attribute ${a}`);
      attributes.set(a, properties.get(a) ?? '');
    }
    const css = new Map([...doc.matchAll(/--loopy-[a-z-]+/g)].map((m) => [m[0], '']));
    const parts = new Map(partsOf(doc).map((p) => [p, '']));
    const slots = new Map([...doc.matchAll(/slot="([\w-]+)"/g)].map((m) => [m[1], '']));
    if (/default slot/.test(doc)) slots.set('(default)', '');
    return { tag, dts, attributes, properties, methods, events: eventMap(text), css, parts, slots, doc };
  });
}

/** The reference tables in Markdown (what docs/element.md's reference section starts from). */
export function referenceMarkdown() {
  let out = '';
  for (const e of elementFacts()) {
    const rows = (title, section, map, code = (n) => `\`${n}\``, what = (v) => v) => {
      if (map.size === 0) return '';
      const lines = [`#### ${title}`, '', '| name | what |', '|---|---|'];
      for (const [name, value] of map) {
        const said = words(section, name, what(value), e.attributes);
        lines.push(`| ${code(name)} | ${said.replace(/\|/g, '\\|')} |`);
      }
      return `${lines.join('\n')}\n\n`;
    };
    out += `### \`<${e.tag}>\`\n\n`;
    out += rows('Attributes', 'attr', e.attributes);
    out += rows('Properties', 'prop', e.properties);
    out += rows('Methods', 'method', e.methods, (n) => `\`${n}()\``);
    out += rows('Events', 'event', e.events, undefined, (v) => `\`${v.detail}\`${v.doc ? `: ${v.doc}` : ''}`);
    out += rows('CSS custom properties', 'css', e.css);
    out += rows('Parts', 'part', e.parts);
    out += rows('Slots', 'slot', e.slots, (n) => (n === '(default)' ? '(default)' : `\`${n}\``));
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(referenceMarkdown());
