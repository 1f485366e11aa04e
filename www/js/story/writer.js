// story/writer.js: the story writer ("Write a story" on the pages): the teacher steps through the solve, stops where a paragraph goes, types it, and gets the <loopy-story> HTML and an iframe to copy, with a preview as a post shows it; its words in the page's language.

import { addCatalogLoader, Localizer } from '../element/i18n.js';
import { h } from '../element/style.js';
import { buildStory } from './build.js';
import { readDrafts, readStoryHtml, writeDrafts } from './drafts.js';
import { MAX_LINK, storyFrameUrl, storyIframe, storyMarkup } from './markup.js';
import { stepOf } from './settings.js';

// A module of its own, loaded when first used: under `cargo xtask dist` it has its own copy of
// element/i18n.js (the page's is inside the page's bundle), which must know where the Chinese words are.
addCatalogLoader('zh-CN', () => import('../i18n/zh-CN.js'));

/** The figure's look a story keeps from the element on the page, when set there (the game comes from the page: see openWriter). */
const LOOK = ['speed', 'theme', 'terms'];

/** A story's figure attributes that are the page's, not the story's: opening a story leaves them as they are. */
const PAGE_ONLY = ['controls', 'present', 'autoplay', 'lang', 'step', 'selected', 'granularity', 'quiz', 'loop'];

/** This browser's local storage, or null where the page may not use it (a sandboxed frame, storage blocked). */
function localStore() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The granularities' names, by the core's name (a name the table lacks is shown as it is). */
const GRANULARITY = { events: 'story.gran.events', resolutions: 'story.gran.resolutions', layers: 'story.gran.layers' };

/**
 * The settings of the element's view now: its step, granularity and selection, and the
 * numbers in its marks when it has a choice of them (a graph's `values`), written out in
 * full so that each paragraph stands alone.
 */
function viewOf(el) {
  const sel = el.selected;
  const selected = sel === null || sel === undefined ? null : typeof sel === 'object' ? `${sel.player}:${sel.pos}` : String(sel);
  // An empty selection is written too (selected=''), or the paragraph before would lend it its own.
  const view = { step: String(el.step), granularity: el.view?.g ?? 'events', selected: selected ?? '' };
  if (el.view?.values) view.values = el.view.values;
  return view;
}

/**
 * Opens the writer for the element `el` (a <loopy-ring> or <loopy-graph> on the page) in
 * `box` (an empty section of the page), built the first time. `copy(text)` copies
 * (resolves true when it could); `game()` gives the figure's game as the page knows it,
 * `{ attrs, fallback }` (the element's attributes that give the game, and a sentence saying
 * what the figure shows for readers without JavaScript), or null when the game cannot
 * travel in a story (a graph too large for an attribute). The writer speaks the page's
 * language (the lang around `box`, else `<html lang>`) and says everything again, its
 * paragraphs kept, when it changes.
 */
export function openWriter(el, box, { copy, game }) {
  box.hidden = false;
  if (box.dataset.built) return box.querySelector('textarea').focus();
  box.dataset.built = '1';
  const tag = el.localName;
  const paragraphs = [];
  const said = [];
  /** Node `node` shows message `key` (with `params`), now and after each change of language. */
  const say = (node, key, params = {}) => {
    said.push({ node, key, params });
    return node;
  };
  const words = new Localizer(box, () => relabel());
  const t = (key, params) => words.t(key, params);
  const text = h('textarea', { id: 'story-text', rows: 3 });
  const add = say(h('button', { type: 'button', id: 'story-add', className: 'primary' }), 'story.writer.add');
  const list = h('ol', { id: 'story-list' });
  const html = h('textarea', { id: 'story-html', rows: 8, readOnly: true, spellcheck: false });
  const iframe = h('textarea', { id: 'story-iframe', rows: 3, readOnly: true, spellcheck: false });
  const status = h('p', { id: 'story-status', className: 'hint', role: 'status' });
  const preview = h('div', { id: 'story-preview', className: 'story-preview' });
  const previewButton = say(h('button', { type: 'button', id: 'story-preview-open' }), 'story.writer.preview');
  const previewHeading = say(h('h3', {}), 'story.writer.preview.heading');
  // Drafts (kept in this browser) and stories opened from their HTML or from a lesson.
  const draftName = h('input', { id: 'story-draft-name', type: 'text', autocomplete: 'off' });
  const draftSave = say(h('button', { type: 'button', id: 'story-draft-save' }), 'story.writer.draft.save');
  const drafts = h('ul', { id: 'story-drafts' });
  const importText = h('textarea', { id: 'story-import', rows: 4, spellcheck: false });
  const importOpen = say(h('button', { type: 'button', id: 'story-import-open' }), 'story.writer.import.open');
  const lessons = h('select', { id: 'story-lesson' });
  const lessonOpen = say(h('button', { type: 'button', id: 'story-lesson-open' }), 'story.writer.lesson.open');
  /** The paragraph being edited goes back where it was (null: a new one goes last). */
  let editing = null;
  let edited = {}; // its settings, kept where the figure's view now does not say them (a game it changes to)
  /** The status line says message `key` (null: nothing new), and says it again after a change of language. */
  let said1 = null;
  const tell = (key, params = {}) => {
    said1 = key && { key, params };
    status.textContent = key ? t(key, params) : '';
  };
  const copyButton = (from, key) => {
    const b = say(h('button', { type: 'button' }), key, { iframe: 'iframe' });
    b.onclick = async () => {
      if (await copy(from.value)) tell('story.writer.copied');
      else tell('story.writer.blocked', { keys: 'Ctrl+C' });
    };
    return b;
  };
  /** The length of the story page's address when it is too long for an iframe (0: it fits). */
  let long = 0;
  /** The story as it stands, or null while the figure's game cannot travel in one. */
  const story = () => {
    // The figure's own text on the page holds the page's panels: the page gives a sentence of its own instead.
    const g = game();
    if (!g) return null;
    const attrs = { ...g.attrs };
    for (const k of LOOK) if (el.hasAttribute(k)) attrs[k] = el.getAttribute(k);
    attrs.controls = 'compact';
    return { tag, attrs, paragraphs, fallback: g.fallback };
  };
  const iframeCopy = copyButton(iframe, 'story.writer.copy.iframe');
  const refresh = () => {
    const s = story();
    if (!s) {
      html.value = '';
      iframe.value = '';
      long = 0;
      tell('story.writer.too.large');
      return;
    }
    const base = document.baseURI;
    // The story speaks the writer's language when it is not English: its lang in a post, the iframe's page's own <html lang>.
    const lang = words.code === 'en' ? null : words.code;
    html.value = storyMarkup({ ...s, lang, scripts: [new URL('loopy.js', base).href] });
    const src = storyFrameUrl(new URL('story.html', base).href, { ...s, lang });
    // An address no server takes is no iframe: the story then goes as HTML alone.
    long = src.length > MAX_LINK ? src.length : 0;
    iframe.value = long ? '' : storyIframe(src, t('story.iframe.title'));
    iframeCopy.disabled = Boolean(long);
    list.replaceChildren(
      ...paragraphs.map((p, k) => {
        const remove = h('button', { type: 'button', className: 'link' }, t('story.writer.remove'));
        remove.onclick = () => {
          paragraphs.splice(k, 1);
          if (editing !== null && editing > k) editing--;
          refresh();
        };
        // Edit: the figure goes to the paragraph's view and its text to the box; "Add" puts it back in its place.
        const edit = h('button', { type: 'button', className: 'link' }, t('story.writer.edit'));
        edit.onclick = () => {
          const [p] = paragraphs.splice(k, 1);
          editing = k;
          edited = p.settings;
          text.value = p.text;
          showView(p.settings);
          refresh();
          tell('story.writer.editing', { number: k + 1 });
          text.focus();
        };
        const g = p.settings.granularity;
        const params = { step: p.settings.step, granularity: GRANULARITY[g] ? t(GRANULARITY[g]) : g, selected: p.settings.selected };
        const where = p.settings.selected ? t('story.writer.at.selected', params) : t('story.writer.at', params);
        return h('li', {}, h('span', { className: 'hint' }, where), ' ', p.text, ' ', edit, ' ', remove);
      }),
    );
    if (long) tell('story.writer.link.tooLong', { length: long, max: MAX_LINK, iframe: 'iframe' });
    else tell(paragraphs.length === 0 ? 'story.writer.none' : null);
  };
  const relabel = () => {
    for (const { node, key, params } of said) node.textContent = t(key, params);
    const last = said1;
    refresh();
    listDrafts();
    listLessons();
    if (last) tell(last.key, last.params);
  };
  add.onclick = () => {
    // A figure whose game cannot go in a story takes no paragraph: refresh says why.
    if (!story()) return refresh();
    const typed = text.value.trim();
    if (!typed) {
      tell('story.writer.empty');
      return text.focus();
    }
    const at = editing ?? paragraphs.length;
    paragraphs.splice(at, 0, { settings: editing === null ? viewOf(el) : { ...edited, ...viewOf(el) }, text: typed });
    editing = null;
    edited = {};
    text.value = '';
    refresh();
    if (long) tell('story.writer.added.tooLong', { count: paragraphs.length, length: long, max: MAX_LINK, iframe: 'iframe' });
    else tell('story.writer.added', { count: at + 1 });
    text.focus();
  };
  /** Shows a paragraph's view on the page's figure: its granularity, then its step, its selection. */
  const showView = async (v) => {
    if (v.granularity) el.setAttribute('granularity', v.granularity);
    if (v.values && el.localName === 'loopy-graph') el.setAttribute('values', v.values);
    await el.settled();
    el.seek(stepOf(v.step, el.length));
    if ('selected' in v) {
      if (v.selected) el.setAttribute('selected', v.selected);
      else el.removeAttribute('selected');
    }
  };
  /**
   * Opens `s` (a story: `{ tag, attrs, paragraphs }`) to edit: the page's figure takes its game
   * and look (the page's own game attributes it lacks go), and its paragraphs replace the
   * writer's. A story of the other figure is for the other page's writer.
   */
  const openStory = async (s, done, params = {}) => {
    if (!s) return tell('story.writer.import.bad', { tag: '<loopy-story>' });
    if (s.tag !== tag) return tell('story.writer.import.otherFigure', { tag: `<${s.tag}>` });
    const allowed = customElements.get(tag)?.observedAttributes ?? [];
    const wanted = Object.entries(s.attrs).filter(([k]) => allowed.includes(k) && !PAGE_ONLY.includes(k));
    const had = game()?.attrs ?? {};
    const changed = wanted.some(([k, v]) => el.getAttribute(k) !== v) || Object.keys(had).some((k) => !(k in s.attrs));
    for (const k of Object.keys(had)) if (!(k in s.attrs)) el.removeAttribute(k);
    for (const [k, v] of wanted) el.setAttribute(k, v);
    if (changed) await new Promise((done) => el.addEventListener('loopy-ready', done, { once: true }));
    paragraphs.splice(0, paragraphs.length, ...s.paragraphs.map((p) => ({ settings: { ...p.settings }, text: p.text })));
    editing = null;
    if (paragraphs[0]) await showView(paragraphs[0].settings);
    refresh();
    tell(done, { ...params, count: paragraphs.length });
  };
  /** The drafts kept in this browser for this figure, listed with their Open and Delete buttons. */
  const listDrafts = () => {
    const all = readDrafts(localStore());
    const mine = Object.entries(all ?? {}).filter(([, d]) => d.tag === tag);
    if (!all) return drafts.replaceChildren(h('li', { className: 'hint' }, t('story.writer.draft.unstored')));
    if (!mine.length) return drafts.replaceChildren(h('li', { className: 'hint' }, t('story.writer.draft.none')));
    drafts.replaceChildren(
      ...mine.map(([name, d]) => {
        const open = h('button', { type: 'button', className: 'link' }, t('story.writer.draft.open'));
        open.onclick = () => openStory(d, 'story.writer.draft.opened', { name });
        const del = h('button', { type: 'button', className: 'link' }, t('story.writer.draft.delete'));
        del.onclick = () => {
          const now = readDrafts(localStore()) ?? {};
          delete now[name];
          writeDrafts(localStore(), now);
          listDrafts();
          tell('story.writer.draft.deleted', { name });
        };
        const when = new Date(d.saved).toLocaleString(words.code);
        const li = h('li', {}, t('story.writer.draft.item', { name, count: d.paragraphs.length, date: when }), ' ', open, ' ', del);
        li.dataset.name = name;
        return li;
      }),
    );
  };
  draftSave.onclick = () => {
    const name = draftName.value.trim();
    if (!name) {
      tell('story.writer.draft.noName');
      return draftName.focus();
    }
    const s = story();
    if (!s) return refresh();
    const all = readDrafts(localStore());
    if (!all) return tell('story.writer.draft.unstored');
    all[name] = { tag, attrs: s.attrs, paragraphs: s.paragraphs, saved: Date.now() };
    if (!writeDrafts(localStore(), all)) return tell('story.writer.draft.unstored');
    listDrafts();
    tell('story.writer.draft.saved', { name });
  };
  importOpen.onclick = () => openStory(readStoryHtml(importText.value), 'story.writer.import.opened');
  lessonOpen.onclick = async () => {
    const url = lessons.value;
    if (!url) return;
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(String(res.status));
      await openStory(readStoryHtml(await res.text()), 'story.writer.import.opened');
    } catch {
      tell('story.writer.lesson.failed');
    }
  };
  /**
   * The lessons the library lists (lessons/index.html, next to the page) in the writer's
   * language (a lesson's file says its language before `.html`, English says none), for "Open the lesson".
   */
  const listLessons = async () => {
    try {
      const index = new URL('lessons/index.html', document.baseURI);
      const res = await fetch(index);
      if (!res.ok) return;
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const seen = new Set();
      const options = [];
      for (const a of doc.querySelectorAll('a[href$=".html"]')) {
        const href = new URL(a.getAttribute('href'), index).href;
        if (href === index.href || seen.has(href) || !href.startsWith(new URL('.', index).href)) continue;
        const lang = /\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\.html$/.exec(href)?.[1] ?? 'en';
        if (lang !== words.code) continue;
        seen.add(href);
        options.push(h('option', { value: href }, a.textContent.trim()));
      }
      lessons.replaceChildren(...options);
      lessonOpen.disabled = options.length === 0;
    } catch {
      lessonOpen.disabled = true;
    }
  };
  previewButton.onclick = async () => {
    const s = story();
    if (!s) return refresh();
    await import('../../loopy-story.js');
    const allowed = customElements.get(tag).observedAttributes;
    const article = h('article', { className: 'post' }, buildStory(s, allowed));
    preview.replaceChildren(previewHeading, article);
    preview.scrollIntoView({ block: 'start' });
  };
  box.replaceChildren(
    say(h('h2', { id: 'story-h' }), 'story.writer.heading'),
    say(h('p', { className: 'hint' }), 'story.writer.hint'),
    say(h('label', { htmlFor: 'story-text' }), 'story.writer.paragraph'),
    text,
    h('div', { className: 'row' }, add, previewButton),
    list,
    say(h('label', { htmlFor: 'story-html' }), 'story.writer.html'),
    html,
    copyButton(html, 'story.writer.copy.html'),
    say(h('label', { htmlFor: 'story-iframe' }), 'story.writer.iframe', { iframe: 'iframe' }),
    iframe,
    iframeCopy,
    status,
    say(h('h3', { id: 'story-drafts-h' }), 'story.writer.drafts'),
    say(h('p', { className: 'hint' }), 'story.writer.drafts.hint'),
    say(h('label', { htmlFor: 'story-draft-name' }), 'story.writer.draft.name'),
    h('div', { className: 'row' }, draftName, draftSave),
    drafts,
    say(h('label', { htmlFor: 'story-import' }), 'story.writer.import'),
    importText,
    importOpen,
    say(h('label', { htmlFor: 'story-lesson' }), 'story.writer.lesson'),
    h('div', { className: 'row' }, lessons, lessonOpen),
    preview,
  );
  box.setAttribute('aria-labelledby', 'story-h');
  for (const { node, key, params } of said) node.textContent = t(key, params);
  words.connect();
  // Another game on the figure: the story's markup follows it.
  el.addEventListener('loopy-ready', refresh);
  refresh();
  listDrafts();
  listLessons();
  text.focus();
}
