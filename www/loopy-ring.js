// loopy-ring.js: the <loopy-ring> element for any page: import this module, then use the tag (its worker, wasm and rules are found next to it).

import { addRulesPage } from './js/element/glossary.js';
import { addCatalogLoader, setCatalogCheck, withWords } from './js/element/i18n.js';
import { defineLoopyRing } from './js/ring/ring-element.js';

export { registerTranslation } from './js/element/i18n.js';
export { LoopyRing } from './js/ring/ring-element.js';

// The Chinese words are fetched only for a reader whose language is Chinese.
addCatalogLoader('zh-CN', () => import('./js/i18n/zh-CN.js'));
// registerTranslation's check of a blogger's catalog, loaded on its first call.
setCatalogCheck(withWords(() => import('./js/element/catalog-check.js')));

addRulesPage(new URL('./rules.html', import.meta.url), 'zh-CN', new URL('./rules.zh-CN.html', import.meta.url));
// Each module loaded when first used brings the English words that only it asks for (withWords).
defineLoopyRing({
  // Written as `new Worker(new URL(...))` so that bundlers bundle the worker; js/workers/start.js starts it from any origin.
  worker: (Worker) => new Worker(new URL('./js/workers/worker.js', import.meta.url), { type: 'module' }),
  rules: new URL('./rules.html', import.meta.url),
  // The quiz is fetched only when it is first turned on (most readers never do).
  quiz: withWords(() => import('./js/element/quiz.js')),
  // And the why popup when one first opens (a click or a hover on a state).
  popup: withWords(() => import('./js/element/popup.js')),
  // With what a popup keeps clear of the drawing (the ring's own geometry).
  clear: withWords(() => import('./js/ring/ring-clear.js')),
  // So are the bands that draw rings too dense for marks (most posts draw small rings).
  bands: withWords(() => import('./js/ring/bands.js')),
  // And the token of a game played on the ring, when one is first drawn (a post never plays one).
  token: withWords(() => import('./js/ring/token-paint.js')),
  // And the inspector's account of a state when one is first explained (a click, a hover, the quiz).
  inspect: withWords(() => import('./js/ring/inspect.js')),
  // And the narration of each event, when the first is told (a figure never played never needs it).
  narrate: withWords(() => import('./js/ring/narrate.js')),
  // And the controls' options (speed, granularity, quiz, keys) when they first show (a compact bar's menu opened).
  options: withWords(() => import('./js/element/options.js')),
  // And presenter mode's look when it first presents.
  present: withWords(() => import('./js/element/present.js')),
  // And what marks a checked answer's differences, when a page first flags some (a post never does).
  flags: withWords(() => import('./js/element/flags.js')),
  // And the words of the core's errors (the catalog's, with their English), when a game first cannot be shown.
  errors: withWords(() => import('./js/element/errors.js')),
});
