// story/writer.js: the story writer ("Write a story" on the pages): the teacher steps through the solve, stops where a paragraph goes, types it, and gets the <loopy-story> HTML and an iframe to copy, with a preview as a post shows it.

import { h } from '../element/style.js';
import { buildStory } from './build.js';
import { storyFrameUrl, storyIframe, storyMarkup } from './markup.js';

/** The figure's look a story keeps from the element on the page, when set there (the game comes from the page: see openWriter). */
const LOOK = ['speed', 'theme'];

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
 * travel in a story (a graph too large for an attribute).
 */
export function openWriter(el, box, { copy, game }) {
  box.hidden = false;
  if (box.dataset.built) return box.querySelector('textarea').focus();
  box.dataset.built = '1';
  const tag = el.localName;
  const paragraphs = [];
  const text = h('textarea', { id: 'story-text', rows: 3 });
  const add = h('button', { type: 'button', id: 'story-add', className: 'primary' }, 'Add a paragraph at this step');
  const list = h('ol', { id: 'story-list' });
  const html = h('textarea', { id: 'story-html', rows: 8, readOnly: true, spellcheck: false });
  const iframe = h('textarea', { id: 'story-iframe', rows: 3, readOnly: true, spellcheck: false });
  const status = h('p', { id: 'story-status', className: 'hint', role: 'status' });
  const preview = h('div', { id: 'story-preview', className: 'story-preview' });
  const previewButton = h('button', { type: 'button', id: 'story-preview-open' }, 'Preview the story');
  const copyButton = (from, label) => {
    const b = h('button', { type: 'button' }, label);
    b.onclick = async () => {
      status.textContent = (await copy(from.value)) ? 'Copied.' : 'Copying is blocked here: select the text and press Ctrl+C.';
    };
    return b;
  };
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
  const refresh = () => {
    const s = story();
    if (!s) {
      html.value = '';
      iframe.value = '';
      status.textContent = 'This game is too large to write into a story: choose a smaller one.';
      return;
    }
    const base = document.baseURI;
    html.value = storyMarkup({ ...s, scripts: [new URL(`${tag}.js`, base).href, new URL('loopy-story.js', base).href] });
    iframe.value = storyIframe(storyFrameUrl(new URL('story.html', base).href, s));
    list.replaceChildren(
      ...paragraphs.map((p, k) => {
        const remove = h('button', { type: 'button', className: 'link' }, 'Remove');
        remove.onclick = () => {
          paragraphs.splice(k, 1);
          refresh();
        };
        const where = p.settings.selected
          ? `At step ${p.settings.step} (${p.settings.granularity}), with ${p.settings.selected} selected:`
          : `At step ${p.settings.step} (${p.settings.granularity}):`;
        return h('li', {}, h('span', { className: 'hint' }, where), ' ', p.text, ' ', remove);
      }),
    );
    status.textContent = paragraphs.length === 0 ? 'No paragraph yet.' : '';
  };
  add.onclick = () => {
    // A figure whose game cannot go in a story takes no paragraph: refresh says why.
    if (!story()) return refresh();
    const t = text.value.trim();
    if (!t) {
      status.textContent = 'Type the paragraph first: it is what the reader reads while the figure shows this step.';
      return text.focus();
    }
    paragraphs.push({ settings: viewOf(el), text: t });
    text.value = '';
    refresh();
    status.textContent = `Paragraph ${paragraphs.length} added.`;
    text.focus();
  };
  previewButton.onclick = async () => {
    const s = story();
    if (!s) return refresh();
    await import('../../loopy-story.js');
    const allowed = customElements.get(tag).observedAttributes;
    const article = h('article', { className: 'post' }, buildStory(s, allowed));
    preview.replaceChildren(h('h3', {}, 'Preview'), article);
    preview.scrollIntoView({ block: 'start' });
  };
  box.replaceChildren(
    h('h2', { id: 'story-h' }, 'Write a story'),
    h(
      'p',
      { className: 'hint' },
      'Step through the solve with the controls above. Where a paragraph should go, type it here and add it: the reader will see the figure at this step, with this granularity and this selection, when the paragraph reaches the middle of the screen.',
    ),
    h('label', { htmlFor: 'story-text' }, 'The paragraph'),
    text,
    h('div', { className: 'row' }, add, previewButton),
    list,
    h('label', { htmlFor: 'story-html' }, 'The story for your post (HTML)'),
    html,
    copyButton(html, 'Copy the story'),
    h('label', { htmlFor: 'story-iframe' }, 'Or an iframe, for hosts that take no scripts'),
    iframe,
    copyButton(iframe, 'Copy the iframe'),
    status,
    preview,
  );
  box.setAttribute('aria-labelledby', 'story-h');
  // Another game on the figure: the story's markup follows it.
  el.addEventListener('loopy-ready', refresh);
  refresh();
  text.focus();
}
