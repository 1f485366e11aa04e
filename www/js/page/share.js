// share.js: the Share / Embed dialog: a link, an element snippet and an iframe snippet for exactly the view on screen.

import { elementAttributes, serializeQuery } from '../element/url.js';
import { $, copyText } from './page-parts.js';

/** The three snippets for view `v` (the element's `view`), with URLs resolved against `base`. */
export function snippets(v, base) {
  const link = new URL(serializeQuery(v) || './', base).href;
  const script = new URL('loopy-ring.js', base).href;
  const embed = new URL(serializeQuery({ ...v, embed: true }), base).href;
  return {
    link,
    element: `<script type="module" src="${script}"></script>\n<loopy-ring ${elementAttributes(v)} controls="compact">Ring game: n = ${v.game.n}, solved backwards by Loopy.</loopy-ring>`,
    iframe: `<iframe src="${embed}" title="Loopy: the ring game solved backwards" width="640" height="460" loading="lazy"></iframe>`,
  };
}

/** Opens the dialog for view `v`, its snippets made by `make(v, base)` (the ring's by default). */
export function openShare(v, make = snippets) {
  if (!v) return;
  const dialog = $('share-dialog');
  const s = make(v, document.baseURI);
  $('share-link').value = s.link;
  $('share-element').value = s.element;
  $('share-iframe').value = s.iframe;
  $('share-status').textContent = '';
  if (!dialog.dataset.wired) {
    dialog.dataset.wired = '1';
    for (const b of dialog.querySelectorAll('[data-copy]')) {
      b.onclick = async () => {
        const ok = await copyText($(b.dataset.copy).value);
        $('share-status').textContent = ok ? 'Copied.' : 'Copying is blocked here: select the text and press Ctrl+C.';
      };
    }
  }
  dialog.showModal();
}

/**
 * In an iframe (`embed=1`), tells the parent page this page's height whenever it changes:
 * `postMessage({ type: 'loopy:resize', height })`, as the README's parent-side snippet reads.
 */
export function reportHeight() {
  if (parent === window) return;
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      parent.postMessage({ type: 'loopy:resize', height }, '*');
    }
  }).observe(document.documentElement);
}
