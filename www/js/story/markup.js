// story/markup.js: the story writer's output: a <loopy-story> as HTML to paste into a post, and the address of the page that shows the same story in an iframe: pure, no DOM.

import { PARENT_SNIPPET } from '../embed/height.js';
import { formatSettings } from './settings.js';

/** Text made safe inside HTML (element content and double-quoted attribute values alike). */
export function escapeHtml(text) {
  return String(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * The whole story as HTML: the scripts (`scripts`: the URL of loopy.js, which defines the
 * story and its figure), then `<loopy-story>` (in `lang`, when given: the story and its figure
 * speak it in any post) with the figure (`tag`, its `attrs`, its `fallback` text for readers
 * without JavaScript) and one `<p data-loopy>` a paragraph (`{ settings, text }`).
 */
export function storyMarkup({ scripts, tag, attrs, fallback, paragraphs, lang = null }) {
  const attrText = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
    .join('');
  const lines = scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`);
  lines.push(lang ? `<loopy-story lang="${escapeHtml(lang)}">` : '<loopy-story>');
  lines.push(`  <${tag} slot="figure"${attrText}>${escapeHtml(fallback)}</${tag}>`);
  for (const p of paragraphs) lines.push(`  <p data-loopy="${escapeHtml(formatSettings(p.settings))}">${escapeHtml(p.text)}</p>`);
  lines.push('</loopy-story>');
  return lines.join('\n');
}

/**
 * The longest story page address the writer gives for an iframe, in characters: the
 * request line that common web servers take (8 KB in nginx's and Apache's defaults; a
 * browser takes 2 MB, but the page must also be served). A longer story goes as HTML.
 */
export const MAX_LINK = 8000;

/**
 * The address of the story page (`page`, an absolute URL) showing the same story, for an
 * iframe: the page's language (`lang`, when not English), the figure's attributes as query
 * fields, then each paragraph as a `p` field (its settings, a line break, its text).
 */
export function storyFrameUrl(page, { tag, attrs, paragraphs, lang = null }) {
  const q = new URLSearchParams();
  q.set('figure', tag);
  if (lang) q.set('lang', lang);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) q.set(k, v);
  for (const p of paragraphs) q.append('p', `${formatSettings(p.settings)}\n${p.text}`);
  return `${page}?${q}`;
}

/** What `storyFrameUrl` put in a query string: `{ tag, attrs, paragraphs: [{ settings (text), text }], lang }`. */
export function readStoryQuery(search) {
  const q = new URLSearchParams(search);
  const attrs = {};
  for (const [k, v] of q) if (k !== 'figure' && k !== 'p' && k !== 'lang') attrs[k] = v;
  const paragraphs = q.getAll('p').map((p) => {
    const cut = p.indexOf('\n');
    return cut < 0 ? { settings: p, text: '' } : { settings: p.slice(0, cut), text: p.slice(cut + 1) };
  });
  return { tag: q.get('figure') === 'loopy-graph' ? 'loopy-graph' : 'loopy-ring', attrs, paragraphs, lang: q.get('lang') };
}

/**
 * The iframe snippet for a story page address, with `title` (the frame's name for screen readers, in the post's
 * language), then the parent's lines that size it (the story scrolls inside: at most 90 % of the viewport high).
 */
export function storyIframe(src, title) {
  return `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="900" height="640" loading="lazy"></iframe>\n${PARENT_SNIPPET}`;
}
