// markdown/blocks.js: Loopy's code blocks in the HTML that Markdown renderers write (markdown-it, marked, Hugo's Chroma, Jekyll's Rouge, Hexo's highlight.js, pandoc, VitePress, Docusaurus) become figures; a `loopy-story` block takes the paragraphs after it that start with a view. loopy.js loads this module when a page has such a block.

import { addCatalogLoader, langOf, loadCatalog, readNames, resolveLang, words } from '../element/i18n.js';
import { attributeLines, checkAttributes, figureTag, LANGS, readBlock, readMarker } from './parse.js';

export { registerTranslation } from '../element/i18n.js';

// The Chinese words are fetched only for a reader whose language is Chinese.
addCatalogLoader('zh-CN', () => import('../i18n/zh-CN.js'));

/** What may mark a block's language: a class `language-loopy` (`lang-loopy`, or `loopy` alone, as pandoc and Hexo write it) or `data-lang`. */
export const CANDIDATES = '[class*="loopy"],[data-lang^="loopy"]';
const CLASS = /^(?:language-|lang-)?(loopy(?:-ring|-graph|-story)?)$/;
/** The elements a renderer wraps one code block in (a line-number table's parts too), from the inside out. */
const WRAPPERS =
  'pre, code, table, tbody, tr, td, div.highlight, div.chroma, div.highlighter-rouge, div.sourceCode, div[class*="language-"], figure.highlight, div.codehilite';
/** The blocks on their way to being figures (their element's module coming): not taken twice. */
const taken = new WeakSet();
/** The figures this module made (their fallback holds the block again: it is not read twice). */
const FIGURES = 'loopy-ring, loopy-graph, loopy-story, .loopy-block';
/** What ends a story: the paragraphs it takes come before any of these (a heading, a rule, a table, any code block). */
const STORY_END = `h1, h2, h3, h4, h5, h6, hr, pre, table, .loopy-block, ${WRAPPERS}`;

/** The language of a block's element, or null: its class names it, or its `data-lang`. */
export function blockLang(el) {
  for (const c of el.classList ?? []) {
    const m = CLASS.exec(c);
    if (m) return m[1];
  }
  const d = el.getAttribute?.('data-lang');
  return LANGS.includes(d) ? d : null;
}

/** A `pre` that holds only line numbers (a renderer's gutter), not code. */
const gutter = (pre) => /^[\d\s]*$/.test(pre.textContent);

/**
 * The Loopy blocks in `root` (and `root` itself): `[{ top, lang, text }]`, `top` the outermost element the
 * renderer wrote for the block (what the figure replaces), `text` the block's text with one line a line.
 */
export function findBlocks(root) {
  const blocks = new Map();
  const all = [...(root.matches?.(CANDIDATES) ? [root] : []), ...root.querySelectorAll(CANDIDATES)];
  for (const el of all) {
    const lang = blockLang(el);
    if (!lang || el.closest(FIGURES)) continue;
    // A class on inline code (`code.language-loopy` inside a paragraph) is not a block.
    if (!el.closest('pre') && !el.querySelector('pre')) continue;
    const top = outermost(el);
    if (blocks.has(top) || taken.has(top)) continue;
    const code = top.matches('pre') ? top : ([...top.querySelectorAll('pre')].find((p) => !gutter(p)) ?? top);
    blocks.set(top, { top, lang, text: textOf(code) });
  }
  return [...blocks.values()];
}

/** The outermost wrapper of the block `el` belongs to that holds nothing but it (and line numbers). */
function outermost(el) {
  let top = el.closest('pre') ?? el;
  for (let up = top.parentElement; up?.matches(WRAPPERS); up = up.parentElement) {
    if (![...up.querySelectorAll('pre')].every((p) => p.contains(el) || el.contains(p) || top.contains(p) || gutter(p))) break;
    top = up;
  }
  return top;
}

/** A block's text: its text nodes, a `<br>` as a line break (highlight.js's line tables), Windows line ends as `\n`. */
export function textOf(node) {
  let out = '';
  const walk = (n) => {
    if (n.nodeType === 3) out += n.data;
    else if (n.nodeName === 'BR') out += '\n';
    else for (const c of n.childNodes) walk(c);
  };
  walk(node);
  return out.replace(/\r\n?/g, '\n');
}

/**
 * Turns every Loopy block in `root` into a figure: `need(tag)` loads the element's module (loopy.js's), whose
 * attributes check the block's. Resolves once every figure is in the page.
 */
export async function upgrade(root, need) {
  const blocks = findBlocks(root);
  for (const b of blocks) taken.add(b.top);
  await Promise.all(blocks.map((b) => figure(b, need)));
}

/** The figure for block `b`: its element (a story's with the paragraphs after it), and a note of its mistakes. */
async function figure({ top, lang, text }, need) {
  const { attrs, mistakes } = readBlock(text);
  const tag = figureTag(lang, attrs);
  await need(tag);
  if (lang === 'loopy-story') await need('loopy-story');
  const known = customElements.get(tag)?.observedAttributes ?? [];
  const checked = checkAttributes(tag, attrs, known, attributeLines(text));
  const all = [...mistakes, ...checked.mistakes].sort((a, b) => a.params.line - b.params.line);
  if (!top.isConnected) return;
  const el = document.createElement(tag);
  for (const [name, value] of checked.set) el.setAttribute(name, value);
  // A plain box (the post's own styles for figures stay theirs): the element, then what the block got wrong.
  const box = document.createElement('div');
  box.className = 'loopy-block';
  const note = document.createElement('div');
  note.className = 'loopy-block-note';
  note.hidden = true;
  const source = document.createElement('pre');
  source.textContent = text.replace(/\n$/, '');
  top.replaceWith(box);
  // The block as the renderer wrote it is the element's fallback: shown until the element runs, or if it cannot.
  el.append(top);
  if (lang === 'loopy-story') {
    const story = document.createElement('loopy-story');
    el.slot = 'figure';
    story.append(el, ...paragraphs(box, all, [...known, 'caption', 'highlight']));
    box.append(story, note);
  } else {
    box.append(el, note);
  }
  const say = async (errors) => {
    const lines = [...all, ...errors];
    note.hidden = lines.length === 0;
    if (note.hidden) return;
    const code = resolveLang(langOf(el));
    await loadCatalog(code);
    const w = words(code, el.getAttribute('terms'), readNames(el.getAttribute('players'), el.getAttribute('hole')));
    note.replaceChildren(...lines.map((m) => Object.assign(document.createElement('p'), { textContent: w.t(m.key, m.params) })), source);
  };
  // A value the element refuses (its own box says why): the block's text is shown under it, until a game loads.
  el.addEventListener('loopy-error', (e) => {
    if (!String(e.detail?.code ?? '').startsWith('start.')) say([{ key: 'block.refused', params: {} }]);
  });
  el.addEventListener('loopy-ready', () => say([]));
  await say([]);
}

/**
 * The paragraphs a story block takes: those after it (`box`, where the block was) that start with a view
 * (`step=0`, in a code span), and any others between two of them, up to a heading, a rule, another block or
 * the end. Each view goes to `data-loopy` and its code span leaves the text; a key the figure does not have
 * is a mistake (pushed onto `mistakes`).
 */
function paragraphs(box, mistakes, keys) {
  const taken = [];
  let last = -1;
  for (let n = box.nextElementSibling; n && !n.matches(STORY_END) && !findBlocks(n).length; n = n.nextElementSibling) {
    taken.push(n);
    const code = n.matches('p') ? leadingCode(n) : null;
    const view = code ? readMarker(code.textContent) : null;
    if (!view) continue;
    last = taken.length - 1;
    for (const name of Object.keys(view)) {
      if (!keys.includes(name)) mistakes.push({ key: 'block.view', params: { name, text: code.textContent } });
    }
    n.dataset.loopy = code.textContent.trim();
    code.remove();
    // The space that followed the code span.
    if (n.firstChild?.nodeType === 3) n.firstChild.data = n.firstChild.data.replace(/^\s+/, '');
  }
  return taken.slice(0, last + 1);
}

/** The code span paragraph `p` starts with (white space before it aside), or null. */
function leadingCode(p) {
  for (const n of p.childNodes) {
    if (n.nodeType === 3 && !n.data.trim()) continue;
    return n.nodeName === 'CODE' ? n : null;
  }
  return null;
}
