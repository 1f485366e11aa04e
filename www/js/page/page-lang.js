// page-lang.js: the pages' language and terms: the `lang=`, `terms=` (and the statement's own names, `players=` and `hole=`) URL parameters, <html lang> (the elements follow it), the language switch and the terms radio, the page's static words (data-i18n) and every text the page's modules put on it, said again when either changes.

import { loadCatalog, readNames, resolveLang, SHIPPED, words } from '../element/i18n.js';

/** The words in force on the page (English until `setupLanguage` has read the URL). */
let current = words('en');
/** Texts put on the page by code: node → (attribute → a function giving the text), said again on a change. */
const said = new Map();
/** What the page's modules redraw themselves on a change (an inspector, a picker, the URL). */
const hooks = new Set();

/** The message `key` in the page's language and terms. */
export function t(key, params) {
  return current.t(key, params);
}

/** The page's words (`t`, `num`, `list`, `code`, `terms`), for errorText and numbers. */
export function pageWords() {
  return current;
}

function set(node, attr, text) {
  if (attr === 'textContent') node.textContent = text;
  else if (text === '' || text === null) node.removeAttribute(attr);
  else node.setAttribute(attr, text);
}

/**
 * Puts a text on `node` (its textContent, or attribute `attr`): `text` a function of no
 * arguments giving it in the page's words (said again on every change of language or
 * terms), or a plain string (a name, a number, '' to clear) that stays as it is.
 */
export function put(node, text, attr = 'textContent') {
  if (!node) return;
  let m = said.get(node);
  if (typeof text === 'function') {
    if (!m) {
      m = new Map();
      said.set(node, m);
    }
    m.set(attr, text);
    set(node, attr, text());
  } else {
    m?.delete(attr);
    set(node, attr, text ?? '');
  }
}

/** Calls `redraw()` after every change of language or terms (the page's own texts are said again first). */
export function onWords(redraw) {
  hooks.add(redraw);
}

/**
 * The static words of `root`: an element's `data-i18n` attribute (a catalog key) sets its
 * text, `data-i18n-html` its markup (messages with <strong>, <var>, <code>, <a>: the
 * catalogs are the program's own text, never a visitor's), `data-i18n-ATTR` its attribute
 * ATTR (aria-label, title, placeholder, content).
 */
export function wordStatic(root = document) {
  for (const el of root.querySelectorAll('*')) {
    for (const a of el.getAttributeNames()) {
      if (!a.startsWith('data-i18n')) continue;
      const key = el.getAttribute(a);
      if (a === 'data-i18n') el.textContent = t(key);
      else if (a === 'data-i18n-html') el.replaceChildren(...markup(t(key)));
      else el.setAttribute(a.slice('data-i18n-'.length), t(key));
    }
  }
}

/** The inline tags a message may hold (a link with its href); anything else stays text. */
const TAG = /<(\/?)(strong|em|var|code|kbd|a)(?: href="([^"<>]*)")?>/g;

/**
 * A message's nodes: its text, and its inline tags (TAG) built as elements, not parsed as
 * HTML: a message is the program's own text, and even so nothing but those tags is made.
 */
export function markup(text) {
  const top = document.createDocumentFragment();
  const open = [top];
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > at) open.at(-1).append(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1]) {
      if (open.length > 1 && open.at(-1).localName === m[2]) open.pop();
    } else {
      const e = document.createElement(m[2]);
      if (m[2] === 'a' && m[3] !== undefined) e.setAttribute('href', m[3]);
      open.at(-1).append(e);
      open.push(e);
    }
  }
  if (at < text.length) open.at(-1).append(text.slice(at));
  return [...top.childNodes];
}

/** The statement's own names the page's URL gave (`players=先手,后手`, `hole=黑洞`), as written: '' for none. */
let given = { players: '', hole: '' };

/** The page's language code ('en', 'zh-CN'), terms ('wl', 'pn') and the statement's own names (`players`, `hole`: '' for none), as the URL keeps them. */
export function langState() {
  return { lang: current.code, terms: current.terms, ...given };
}

/**
 * `url` (a query string or a page's link, as serializeQuery gives it) with the page's
 * language and terms added: `lang=zh-CN` unless English, `terms=pn` unless Win / Lose, and
 * the statement's own names (`players=先手,后手`, `hole=黑洞`) when it has them.
 */
export function withLang(url, { lang, terms, players, hole } = langState()) {
  const extra = [];
  if (lang && lang !== 'en') extra.push(`lang=${encodeURIComponent(lang)}`);
  if (terms === 'pn') extra.push('terms=pn');
  if (players) extra.push(`players=${encodeURIComponent(players).replace(/%2C/g, ',')}`);
  if (hole) extra.push(`hole=${encodeURIComponent(hole)}`);
  if (!extra.length) return url;
  const base = url || '?';
  const joint = base.endsWith('?') ? '' : base.includes('?') ? '&' : '?';
  return `${base}${joint}${extra.join('&')}`;
}

/** The rules page in each language that has one (the others read the English one). */
const RULES = { en: 'rules.html', 'zh-CN': 'rules.zh-CN.html' };

/**
 * Points the page's links to the rules (rules.html#graphs, ...) at the rules in the reader's
 * language, and the links between the modes (the ring page, graph mode) at the other page
 * in the same language and terms.
 */
function links() {
  const page = RULES[current.code] ?? RULES.en;
  for (const a of document.querySelectorAll('a[href^="rules"]')) {
    a.setAttribute('href', a.getAttribute('href').replace(/^rules(\.[\w-]+)?\.html/, page));
  }
  for (const a of document.querySelectorAll('.modes a')) {
    a.dataset.page ??= a.getAttribute('href');
    a.setAttribute('href', withLang(a.dataset.page));
  }
}

/** Says the whole page again in the words in force: static words, every `put` text, then the hooks. */
function relabel() {
  document.documentElement.setAttribute('lang', current.code);
  wordStatic();
  links();
  for (const [node, m] of said) for (const [attr, f] of m) set(node, attr, f());
  const pick = document.getElementById('lang-pick');
  if (pick) pick.value = current.code;
  for (const r of document.querySelectorAll('input[name="terms"]')) r.checked = r.value === current.terms;
  for (const f of hooks) f();
}

/** Sets the language (a tag) and terms ('wl' or 'pn') of the page and of `element`; resolves once everything is said again. */
export async function setLanguage(tag, terms, element) {
  const code = resolveLang(tag);
  // <html lang> first: the elements follow it by themselves (their catalog loads as they need it).
  document.documentElement.setAttribute('lang', code);
  if (element) {
    if (terms === 'pn') element.setAttribute('terms', 'pn');
    else element.removeAttribute('terms');
  }
  await loadCatalog(code);
  current = words(code, terms, readNames(given.players, given.hole));
  relabel();
}

/**
 * Reads `lang=` and `terms=` from the URL, wires the language switch (#lang-pick, filled
 * from SHIPPED, each name in its own language) and the terms radio (name="terms") to
 * `element`, and says the page in that language. Resolves once the page's words are in.
 */
export async function setupLanguage(element) {
  const q = new URLSearchParams(location.search);
  const tag = q.get('lang') ?? document.documentElement.getAttribute('lang') ?? 'en';
  const terms = q.get('terms') === 'pn' ? 'pn' : 'wl';
  // The statement's own names (a ring's players and hole; a graph's players): the element says them too.
  const names = readNames(q.get('players'), element?.localName === 'loopy-graph' ? null : q.get('hole'));
  given = { players: names.players ? names.players.join(',') : '', hole: names.hole ?? '' };
  for (const [attr, value] of Object.entries(given)) if (value && element) element.setAttribute(attr, value);
  const pick = document.getElementById('lang-pick');
  if (pick) {
    pick.replaceChildren(
      ...SHIPPED.map(([code, name]) => {
        const o = new Option(name, code);
        o.lang = code; // a language's name in its own language
        return o;
      }),
    );
    pick.addEventListener('change', () => setLanguage(pick.value, current.terms, element));
  }
  for (const r of document.querySelectorAll('input[name="terms"]')) {
    r.addEventListener('change', () => r.checked && setLanguage(current.code, r.value, element));
  }
  await setLanguage(tag, terms, element);
}
