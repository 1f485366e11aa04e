// story/writer.js: the story writer ("Write a story" on the pages): the teacher steps through the solve, stops where a paragraph goes, types it, and gets the <loopy-story> HTML and an iframe to copy, with a preview as a post shows it.

import { h } from '../element/style.js';
import { buildStory } from './build.js';
import { storyFrameUrl, storyIframe, storyMarkup } from './markup.js';

/** The figure's attributes a story keeps from the element on the page (its game and look). */
const KEEP = {
  'loopy-ring': ['n', 's1', 's2', 'speed', 'theme'],
  'loopy-graph': ['graph', 'goal', 'start', 'random', 'seed', 'values', 'speed', 'theme'],
};

/** The settings of the element's view now: its step, granularity and selection (written out in full, so each paragraph stands alone). */
function viewOf(el) {
  const sel = el.selected;
  const selected = sel === null || sel === undefined ? null : typeof sel === 'object' ? `${sel.player}:${sel.pos}` : String(sel);
  // An empty selection is written too (selected=''), or the paragraph before would lend it its own.
  return { step: String(el.step), granularity: el.view?.g ?? 'events', selected: selected ?? '' };
}

/**
 * Opens the writer for the element `el` (a <loopy-ring> or <loopy-graph> on the page) in
 * `box` (an empty section of the page), built the first time. `copy(text)` copies
 * (resolves true when it could).
 */
export function openWriter(el, box, copy) {
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
  const story = () => {
    const attrs = {};
    for (const k of KEEP[tag]) if (el.hasAttribute(k)) attrs[k] = el.getAttribute(k);
    attrs.controls = 'compact';
    // The figure's own text on the page holds the page's panels: a sentence of its own instead.
    const fallback =
      tag === 'loopy-ring' ? `The ring game with n = ${attrs.n}, solved backwards by Loopy.` : 'A game on a graph, solved backwards by Loopy.';
    return { tag, attrs, paragraphs, fallback };
  };
  const refresh = () => {
    const s = story();
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
    await import('../../loopy-story.js');
    const allowed = customElements.get(tag).observedAttributes;
    const article = h('article', { className: 'post' }, buildStory(story(), allowed));
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
  refresh();
  text.focus();
}
