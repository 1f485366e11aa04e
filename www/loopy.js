// loopy.js: Loopy in any post with one script: defines <loopy-ring>, <loopy-graph> and <loopy-story> when the page first has one (each element's code, worker, wasm and words are fetched only then, from next to this file, whatever its origin), and turns Markdown's ```loopy code blocks into figures (js/markdown/blocks.js, fetched only for a page that has one).

/** Each element's module, next to this one: imported when the page first has such an element. */
const ELEMENTS = {
  'loopy-ring': () => import('./loopy-ring.js'),
  'loopy-graph': () => import('./loopy-graph.js'),
  'loopy-story': () => import('./loopy-story.js'),
};
const TAGS = Object.keys(ELEMENTS).join(',');
/** What may be a Loopy code block (blocks.js reads them exactly): an element whose class or `data-lang` names loopy. */
const CANDIDATES = '[class*="loopy"],[data-lang^="loopy"]';
const BLOCK_CLASS = /(^|\s)(language-|lang-)?loopy(-ring|-graph|-story)?(\s|$)/;

const loaded = new Map(); // tag -> its module, on its way
const catalogs = []; // what registerTranslation was given, for the modules that come later
let blocks = null; // js/markdown/blocks.js, on its way
let auto = true;
let observer = null;

/** Loads the module of element `tag` (once); every catalog registered so far is given to it. */
function need(tag) {
  if (!loaded.has(tag)) {
    loaded.set(
      tag,
      ELEMENTS[tag]().then((m) => {
        // A catalog refused was said to the call that gave it (when a module was there to check it).
        if (catalogs.length) Promise.resolve(m.registerTranslation?.(...catalogs)).catch(() => {});
        return m;
      }),
    );
  }
  return loaded.get(tag);
}

/** The code block module, loaded once. */
function blockModule() {
  blocks ||= import('./js/markdown/blocks.js').then((m) => {
    if (catalogs.length) Promise.resolve(m.registerTranslation(...catalogs)).catch(() => {});
    return m;
  });
  return blocks;
}

/** Whether `root` (an element, a document or a shadow root) has an element that could be a Loopy code block. */
function hasBlock(root) {
  const all = [...(root.matches?.(CANDIDATES) ? [root] : []), ...root.querySelectorAll(CANDIDATES)];
  return all.some(
    (el) => BLOCK_CLASS.test(el.getAttribute('class') ?? '') || /^loopy(-ring|-graph|-story)?$/.test(el.getAttribute('data-lang') ?? ''),
  );
}

/** Loads what `root` needs: the modules of the elements in it, and (`withBlocks`) turns its code blocks into figures. */
function scan(root, withBlocks) {
  const waits = [];
  for (const tag of Object.keys(ELEMENTS)) if (root.matches?.(tag) || root.querySelector(tag)) waits.push(need(tag));
  if (withBlocks && hasBlock(root)) waits.push(blockModule().then((m) => m.upgrade(root, need)));
  return Promise.all(waits);
}

/**
 * Turns the Loopy code blocks in `root` (the document by default; an element or a shadow root) into figures and
 * loads the modules its elements need; resolves once they are in. For blocks a page adds after it has loaded
 * (VitePress and Docusaurus render a page again on navigation) when `auto` is off, or inside a shadow root.
 */
export function run(root = document) {
  return scan(root, true).then(() => undefined);
}

/**
 * Adds catalogs to every element (Shoelace's `registerTranslation`: `{ $code: 'fr', $name: 'Français', ... }`),
 * those loaded and those still to come.
 */
export function registerTranslation(...added) {
  catalogs.push(...added);
  return Promise.all([...loaded.values(), ...(blocks ? [blocks] : [])].map((p) => p.then((m) => m.registerTranslation?.(...added))));
}

/** Watches the page for elements and (while `auto` is on) code blocks added later. */
function watch() {
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        if (n.matches(TAGS) || n.querySelector(TAGS) || (auto && hasBlock(n))) scan(n, auto).catch(() => {});
      }
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

/**
 * The API, also `window.loopy` when the page has none: `run(root?)`, `registerTranslation(...)`, and `auto`
 * (on: code blocks become figures once the page has loaded, and when added later; set it to false before then,
 * in the module that imports this one, to call `run()` yourself).
 */
export const loopy = {
  run,
  registerTranslation,
  get auto() {
    return auto;
  },
  set auto(on) {
    auto = Boolean(on);
  },
};
export default loopy;

// A page may say `window.loopy = { auto: false }` in a script before this one.
if (globalThis.loopy && typeof globalThis.loopy === 'object' && globalThis.loopy.auto === false) auto = false;
if (!globalThis.loopy?.run) globalThis.loopy = loopy;

if (typeof document !== 'undefined') {
  // The elements already in the page: their modules come at once.
  scan(document, false).catch(() => {});
  watch();
  // The code blocks once the page has loaded, after the page's own module scripts (which may turn `auto` off).
  let first = false;
  const go = () => {
    if (first) return;
    first = true;
    setTimeout(() => auto && run().catch(() => {}));
  };
  if (document.readyState === 'complete') go();
  else {
    addEventListener('DOMContentLoaded', go, { once: true });
    addEventListener('load', go, { once: true });
  }
}
