// story/build.js: a <loopy-story> built with the DOM (never from HTML text) from what the story writer holds or a story page's query says: the preview and the iframe page use it.

import { parseSettings } from './settings.js';

/**
 * A `<loopy-story>` element: the figure `tag` (only `loopy-ring` or `loopy-graph`) with
 * `attrs` (names of its observed attributes only: `allowed`) and `fallback` text, then
 * one `<p data-loopy>` a paragraph (`{ settings, text }`, the settings as data-loopy text
 * or an object). Every text goes in as text.
 */
export function buildStory({ tag, attrs, fallback, paragraphs }, allowed) {
  const story = document.createElement('loopy-story');
  const fig = document.createElement(tag === 'loopy-graph' ? 'loopy-graph' : 'loopy-ring');
  fig.slot = 'figure';
  for (const [k, v] of Object.entries(attrs)) if (allowed.includes(k) && v !== null && v !== undefined) fig.setAttribute(k, v);
  const fb = document.createElement('p');
  fb.textContent = fallback;
  fig.append(fb);
  story.append(fig);
  for (const p of paragraphs) {
    const el = document.createElement('p');
    const settings =
      typeof p.settings === 'string'
        ? p.settings
        : Object.entries(p.settings)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ');
    // Read and written again, so that only key=value pairs reach the attribute.
    el.dataset.loopy = Object.entries(parseSettings(settings))
      .map(([k, v]) => (/[\s'"]/.test(v) || v === '' ? `${k}='${v.replaceAll("'", '')}'` : `${k}=${v}`))
      .join(' ');
    el.textContent = p.text;
    story.append(el);
  }
  return story;
}
