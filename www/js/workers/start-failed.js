// workers/start-failed.js: why a worker did not start (the page's CSP refused it, its file is missing, its origin sends no CORS header, or it did not run), with the English words that say so and that say it stopped; fetched from next to the worker only when one failed (js/element/client.js).

import en from '../i18n/en.js';

/** The keys of the words of a failure: named whole, so that `cargo xtask dist` keeps their English here (tests/tools/prune-catalog.mjs). */
const KEYS = [
  'error.start.blocked',
  'error.start.missing',
  'error.start.cors',
  'error.start.unreachable',
  'error.start.module',
  'error.start.wasm',
  'error.worker.stopped',
  'error.worker.unloaded',
];

/** The English words of a failure to start, which the element adds to its English when this module comes (element/i18n.js's withWords). */
export const $words = Object.fromEntries(KEYS.map((k) => [k, en[k]]));

/** How long a worker made to test the page's CSP may take to be refused, in ms (a refusal comes at once; this only bounds the wait). */
const REFUSAL_MS = 1000;

/**
 * Why the worker `started` (js/workers/start.js: `{ worker, url }`) did not start, its error event having come
 * before any message from it, or none having been made: `{ code, params }`. The page's CSP refuses such a worker
 * (tried again, with a worker that does nothing), its file is missing, its origin cannot be fetched from the page
 * (no CORS header, or the network), or it was fetched but did not run (a module it imports failed, or a CSP
 * refused that import inside the worker).
 */
export async function whyNot(started) {
  const url = started.url;
  if (!url) return failure('start.module', started, '');
  const refused = await refusedBy(url);
  if (refused) return failure('start.blocked', started, refused);
  try {
    const res = await fetch(url, { mode: 'cors', cache: 'force-cache' });
    res.body?.cancel().catch(() => {});
    if (!res.ok) return failure('start.missing', started, String(res.status));
  } catch {
    return failure(url.origin === location.origin ? 'start.unreachable' : 'start.cors', started, '');
  }
  return failure('start.module', started, '');
}

/**
 * The directive of the page's CSP that refuses a worker like the one at `url` (its own URL when it has the page's
 * origin, else a blob:, as start.js makes them), or null. Such a worker is started again to see (a blob: that does
 * nothing, or the same-origin worker): the browser reports the violation (or throws), and the worker is ended.
 */
function refusedBy(url) {
  const same = url.origin === location.origin;
  const test = same ? url : URL.createObjectURL(new Blob([''], { type: 'text/javascript' }));
  return new Promise((resolve) => {
    let w = null;
    const seen = (e) => {
      if (e.blockedURI === 'blob' || e.blockedURI?.startsWith('blob:') || e.blockedURI === url.href) done(e.effectiveDirective);
    };
    const done = (directive) => {
      removeEventListener('securitypolicyviolation', seen);
      clearTimeout(timer);
      w?.terminate();
      resolve(directive);
    };
    addEventListener('securitypolicyviolation', seen);
    const timer = setTimeout(() => done(null), REFUSAL_MS);
    try {
      w = new Worker(test, { type: 'module' });
      // Started (a same-origin worker says hello): not refused. An error without a violation is not a refusal either.
      w.onmessage = () => done(null);
      w.onerror = (e) => {
        e.preventDefault();
        setTimeout(() => done(null), 50);
      };
    } catch (e) {
      done(e?.name === 'SecurityError' ? 'worker-src' : null);
    }
  });
}

/** Where the worker `started` is: its URL, and the origin of Loopy's files (what a CSP must allow). */
export function where(started) {
  return { url: started.url?.href ?? '', origin: started.url?.origin ?? '' };
}

/**
 * A failure to start as the element core says errors: a stable code (`start.blocked`, `start.missing`, `start.cors`,
 * `start.unreachable`, `start.module`, `start.wasm`) with where the worker is and a detail (the CSP directive, the HTTP
 * status, the wasm's error). The catalogs word it (error.start.*).
 */
function failure(code, started, detail) {
  return { code, params: { ...where(started), detail } };
}
