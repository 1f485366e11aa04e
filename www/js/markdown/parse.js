// markdown/parse.js: a Loopy code block's text read as an element's attributes (one `name = value` a line), and a story paragraph's view read from its leading code span: pure, no DOM.

import { parseSettings } from '../story/settings.js';

/** The languages a block may name: `loopy` (a ring, or a graph when it has `graph` or `random`), or the element itself; `loopy-story` makes a story. */
export const LANGS = ['loopy', 'loopy-ring', 'loopy-graph', 'loopy-story'];

/** Attributes that are on or off: on when named alone or `= true` (`yes`, `on`), off when `= false` (`no`, `off`). */
export const SWITCHES = ['autoplay', 'loop', 'quiz', 'present'];

/** Attributes any element takes besides its own. */
export const GLOBAL = ['id', 'class', 'title'];

/** The attributes that make a `loopy` block a graph (a ring has neither). */
const GRAPH_KEYS = ['graph', 'random'];

const OFF = /^(false|no|off)$/i;
const ON = /^(true|yes|on)$/i;

/**
 * A block's text as `{ attrs, mistakes }`: `attrs` the `[name, value]` pairs in order (a name given alone has
 * the value ''), `mistakes` what could not be read, each `{ key, params }` for the catalogs (`block.syntax`,
 * `block.twice`), with the line's number. A line is `name = value` (a value may be quoted with ' or "), a name
 * alone, blank, or a comment that starts with `#`.
 */
export function readBlock(text) {
  const attrs = [];
  const mistakes = [];
  const seen = new Set();
  for (const [k, raw] of String(text).replace(/\r\n?/g, '\n').split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^([A-Za-z][\w-]*)\s*(?:[=:]\s*(.*))?$/.exec(line);
    const name = m?.[1].toLowerCase();
    if (!m) mistakes.push({ key: 'block.syntax', params: { line: k + 1, text: line } });
    else if (seen.has(name)) mistakes.push({ key: 'block.twice', params: { line: k + 1, name } });
    else {
      seen.add(name);
      attrs.push([name, unquote(m[2] ?? '')]);
    }
  }
  return { attrs, mistakes };
}

/** A value without the quotes around it, if it has a pair. */
function unquote(v) {
  const s = v.trim();
  return /^(['"]).*\1$/s.test(s) && s.length >= 2 ? s.slice(1, -1) : s;
}

/** The element a block makes: `loopy-graph` when its language says so, or a `loopy` block names a graph (`graph`, `random`); else `loopy-ring`. */
export function figureTag(lang, attrs) {
  if (lang === 'loopy-graph' || lang === 'loopy-ring') return lang;
  return attrs.some(([name]) => GRAPH_KEYS.includes(name)) ? 'loopy-graph' : 'loopy-ring';
}

/**
 * The attributes to set on element `tag`, whose own are `known` (its observedAttributes), and the mistakes:
 * a name that is not one of its attributes (`block.unknown`). A switch set off is left out; one set on is ''.
 * `lines` gives each name's line number, for the mistake.
 */
export function checkAttributes(tag, attrs, known, lines = new Map()) {
  const set = [];
  const mistakes = [];
  for (const [name, value] of attrs) {
    if (!known.includes(name) && !GLOBAL.includes(name)) {
      mistakes.push({ key: 'block.unknown', params: { line: lines.get(name) ?? 0, name, tag: `<${tag}>` } });
      continue;
    }
    if (SWITCHES.includes(name)) {
      if (!OFF.test(value)) set.push([name, ON.test(value) ? '' : value]);
      continue;
    }
    set.push([name, value]);
  }
  return { set, mistakes };
}

/** Each attribute's line in a block's text (its first), for the mistakes `checkAttributes` finds. */
export function attributeLines(text) {
  const lines = new Map();
  for (const [k, raw] of String(text).replace(/\r\n?/g, '\n').split('\n').entries()) {
    const m = /^\s*([A-Za-z][\w-]*)/.exec(raw);
    if (m && !lines.has(m[1].toLowerCase())) lines.set(m[1].toLowerCase(), k + 1);
  }
  return lines;
}

/**
 * A story paragraph's view, read from the text of the code span it starts with (`step=12 selected=2:5`,
 * as `data-loopy` is written): the settings, or null when the span is not a view (it must hold `name=value`
 * pairs only, at least one of them with `=`, their values without code's `;` and brackets; `` `n` is the size ``
 * and `` `x=1; y=2` `` are paragraphs that start with code).
 */
export function readMarker(text) {
  const s = String(text).trim();
  if (!s.includes('=')) return null;
  // A value as data-loopy has them (`2-4,6`, `2:5`, `end`, a quoted caption): not code's `;`, brackets or quotes.
  const pair = /([A-Za-z][\w-]*)(?:=(?:'[^']*'|"[^"]*"|[^\s;(){}'"]*))?/y;
  for (let at = 0; at < s.length; ) {
    pair.lastIndex = at;
    if (!pair.exec(s)) return null;
    at = pair.lastIndex;
    const gap = /\s*/y;
    gap.lastIndex = at;
    gap.exec(s);
    if (gap.lastIndex === at && at < s.length) return null;
    at = gap.lastIndex;
  }
  return parseSettings(s);
}
