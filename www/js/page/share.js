// share.js: the Share / Embed dialog: a link, an element snippet (loopy.js, the one script) and an iframe snippet (with the parent's lines that size it) for exactly the view on screen, in the page's language and terms.

import { PARENT_SNIPPET } from '../embed/height.js';
import { elementAttributes, serializeQuery } from '../ring/ring-url.js';
import { langState, put, t, withLang } from './page-lang.js';
import { $, copyText } from './page-parts.js';

export { reportHeight } from '../embed/height.js';

/**
 * The element snippet's language attributes: ` lang="zh-CN"` when the page is read in
 * another language than English (the element then speaks it in any post), ` terms="pn"`
 * under the P/N terms, the statement's own names (` players="先手,后手"`, ` hole="黑洞"`) when
 * the page has them; nothing for English with Win / Lose (the element follows its post).
 */
export function langAttributes({ lang, terms, players, hole } = langState()) {
  const attr = (name, v) => (v ? ` ${name}="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"` : '');
  return `${lang && lang !== 'en' ? ` lang="${lang}"` : ''}${terms === 'pn' ? ' terms="pn"' : ''}${attr('players', players)}${attr('hole', hole)}`;
}

/** The three snippets for view `v` (the element's `view`), with URLs resolved against `base`, in the page's language and terms. */
export function snippets(v, base) {
  const link = new URL(withLang(serializeQuery(v)) || './', base).href;
  const script = new URL('loopy.js', base).href;
  const embed = new URL(withLang(serializeQuery({ ...v, embed: true })), base).href;
  return {
    link,
    element: `<script type="module" src="${script}"></script>\n<loopy-ring ${elementAttributes(v)}${langAttributes()} controls="compact">${t('page.share.ringFallback', { n: String(v.game.n) })}</loopy-ring>`,
    iframe: iframeSnippet(embed, t('page.share.ringIframeTitle')),
  };
}

/** The iframe snippet for page address `src` (an `embed=1` page: it tells its parent its height), then the parent's lines that size it. */
export function iframeSnippet(src, title) {
  return `<iframe src="${src}" title="${title}" width="640" height="460" loading="lazy"></iframe>\n${PARENT_SNIPPET}`;
}

/** Opens the dialog for view `v`, its snippets made by `make(v, base)` (the ring's by default). */
export function openShare(v, make = snippets) {
  if (!v) return;
  const dialog = $('share-dialog');
  const s = make(v, document.baseURI);
  $('share-link').value = s.link;
  $('share-element').value = s.element;
  $('share-iframe').value = s.iframe;
  put($('share-status'), '');
  if (!dialog.dataset.wired) {
    dialog.dataset.wired = '1';
    for (const b of dialog.querySelectorAll('[data-copy]')) {
      b.onclick = async () => {
        const ok = await copyText($(b.dataset.copy).value);
        put($('share-status'), () => (ok ? t('page.share.copied') : t('page.copy.blocked')));
      };
    }
  }
  dialog.showModal();
}
