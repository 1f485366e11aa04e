// page-parts.js: what the ring page and the graph page do alike: the address bar kept on the view, the inspector following the element, the copy button.

import { keyList } from '../element/controls.js';
import { addRulesPage } from '../element/glossary.js';
import { keyLines, runKey } from '../element/keys.js';
import { followElement, Inspector } from './inspector.js';
import { put, t, withLang } from './page-lang.js';

export const $ = (id) => document.getElementById(id);

/**
 * Defines a page's element with `define` (`defineLoopyRing`, `defineLoopyGraph`): the code
 * its entry defines for a post, here unbundled, so that the page's panels share its
 * modules; its `worker`, the modules both elements load on first use and its `own`; its
 * "What does this mean?" link to the rules in the reader's language.
 */
export function definePageElement(define, worker, own) {
  const rules = new URL('../../rules.html', import.meta.url);
  addRulesPage(rules, 'zh-CN', new URL('../../rules.zh-CN.html', import.meta.url));
  define({
    worker,
    rules,
    quiz: () => import('../element/quiz.js'),
    popup: () => import('../element/popup.js'),
    options: () => import('../element/options.js'),
    present: () => import('../element/present.js'),
    flags: () => import('../element/flags.js'),
    errors: () => import('../element/errors.js'),
    ...own,
  });
}

/**
 * Keeps the address bar on the element's view: `view()` gives `{ query, full }` (the
 * query string, and the link of the full page) or null to leave the bar as it is. While
 * playing the bar moves at most about once a second; `sync(true)` moves it now.
 */
export function addressBar(view) {
  let at = 0;
  let last = null;
  return function sync(force) {
    const seen = view();
    // The page's language and terms ride along (lang=zh-CN, terms=pn): a shared link reads as it was read.
    const v = seen && { query: withLang(seen.query), full: withLang(seen.full) };
    if (!v || v.query === last) return;
    const now = performance.now();
    if (!force && now - at < 1000) return;
    at = now;
    last = v.query;
    // Relative to the document, so an odd path (a doubled slash, say) cannot make it cross-origin.
    history.replaceState(null, '', v.query || '?');
    $('open-full').href = v.full;
  };
}

/**
 * The inspector panel, following `el`'s selection and hover: `look(hover)` gives what to
 * show, `{ key, target, facts }`; a move's button calls `select(target)`, the jump button
 * `jump(target)`; `idle()` is the text with nothing selected, `after()` runs after each
 * render and `synced()` when the visitor moved. Returns `inspect(spoken, focus)`.
 */
export function inspectorPanel(el, { look, select, jump, idle, after, synced }) {
  const inspector = new Inspector(
    $('insp-body'),
    $('insp-said'),
    (t) => {
      select(t);
      inspect(true, true);
    },
    jump,
    idle,
  );
  const followed = followElement(el, (spoken) => inspect(spoken), synced);
  function inspect(spoken = false, focus = false) {
    const { key, target, facts } = look(followed.hover);
    inspector.render(key, target, facts, spoken, focus);
    after?.();
  }
  return inspect;
}

/** The copy button copies `text()` (a promise of it) and says how it went. */
export function copyButton(text) {
  $('copy').onclick = async () => {
    const status = $('copy-status');
    put(status, () => t('page.copy.copying'));
    const all = await text();
    const ok = await copyText(all);
    put(status, () => (ok ? t('page.copy.copied', { count: all.length }) : t('page.copy.blocked')));
  };
}

/** Copies text to the clipboard; false when the browser refuses. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** The page shown in an iframe (`embed=1`): the page's chrome hides, the element's controls compact. */
export function embedded(el) {
  document.documentElement.classList.add('embed');
  el.setAttribute('controls', 'compact');
}

/** Marks the field `box` invalid (`invalid` true) or valid again, for assistive technology too. */
export function markInvalid(box, invalid) {
  if (invalid) box.setAttribute('aria-invalid', 'true');
  else box.removeAttribute('aria-invalid');
}

/** A button in `list` for each of `presets`, named by `name(preset)` (said again on a change of language); a click calls `choose(preset)`. */
export function presetButtons(list, presets, choose, name) {
  for (const [k, p] of presets.entries()) {
    const b = document.createElement('button');
    b.type = 'button';
    put(b, () => name(p));
    b.onclick = () => {
      list.dataset.at = String(k);
      choose(p);
    };
    list.append(b);
  }
}

/**
 * Chooses the preset `by` places after (or, negative, before) the one on screen (`current`: its
 * index, or -1 when the game on screen is none of them: then the last one chosen in `list`, or
 * none, and the next is the first).
 */
export function nextPreset(list, by, current = -1) {
  const buttons = list.querySelectorAll('button');
  const at = current >= 0 ? current : list.dataset.at === undefined ? (by > 0 ? -1 : 0) : Number(list.dataset.at);
  buttons[(at + by + buttons.length) % buttons.length]?.click();
}

/**
 * The page's own keys after its element's (`el`): `map` (element/keys.js bindings, in the
 * page's words when asked for), run on every key the element did not take, and listed with
 * the element's in `list` (again on a change of language: `relist()`).
 */
export function pageKeys(el, map, list) {
  document.addEventListener('keydown', (e) => el.handleKey(e) || runKey(map(), e));
  const relist = () => list.replaceChildren(keyList([...el.keys, ...keyLines(map())]));
  relist();
  return relist;
}

/** Shows `options` ([text, value] pairs) in the picker `pick`, with `value` chosen. */
export function fillPicker(pick, options, value) {
  pick.replaceChildren(...options.map(([text, v]) => new Option(text, v)));
  pick.value = value;
}

/** Runs `f` once the tasks queued now have run (after an element has re-worded itself, say). */
export function later(f) {
  setTimeout(f, 0);
}

/**
 * The element's next load, as it ends: true when the game is shown (`loopy-ready`), false on
 * `loopy-error` or `loopy-cancel`. `shows()`, when given, says whether the game now on screen
 * is the one asked for: the first frame of a load still under way (whose game was asked
 * for earlier) is then not taken for it.
 */
export function nextLoad(el, shows = () => true) {
  return new Promise((resolve) => {
    const done = (ok) => () => {
      if (ok && !shows()) return;
      for (const [type, f] of listeners) el.removeEventListener(type, f);
      resolve(ok);
    };
    const listeners = [
      ['loopy-ready', done(true)],
      ['loopy-error', done(false)],
      ['loopy-cancel', done(false)],
    ];
    for (const [type, f] of listeners) el.addEventListener(type, f);
  });
}

/** A part of the page fetched when first asked for (`load`: an `import()`): its module, or null when it could not come, which the page's status line says (no error that nobody sees, no button that does nothing). */
export async function pagePart(load) {
  try {
    const module = await load();
    if (String($('load-status')?.textContent) === t('page.unloaded')) put($('load-status'), '');
    return module;
  } catch {
    put($('load-status'), () => t('page.unloaded'));
    return null;
  }
}
