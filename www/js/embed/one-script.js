// embed/one-script.js: what loopy.js does for a post: each Loopy element's module fetched when the page first has such an element, Markdown's ```loopy code blocks turned into figures (their module fetched only for a page that has one), and the catalogs registered given to every element, loaded or still to come.

/** What may be a Loopy code block (blocks.js reads them exactly): an element whose class or `data-lang` names loopy. */
const CANDIDATES = '[class*="loopy"],[data-lang^="loopy"]';
const BLOCK_CLASS = /(^|\s)(language-|lang-)?loopy(-ring|-graph|-story)?(\s|$)/;

/** Whether `root` (an element, a document or a shadow root) has an element that could be a Loopy code block. */
function hasBlock(root) {
  const all = [...(root.matches?.(CANDIDATES) ? [root] : []), ...root.querySelectorAll(CANDIDATES)];
  return all.some(
    (el) => BLOCK_CLASS.test(el.getAttribute('class') ?? '') || /^loopy(-ring|-graph|-story)?$/.test(el.getAttribute('data-lang') ?? ''),
  );
}

/**
 * The one script's API (see loopy.js) over `elements` (tag -> a function that imports its module) and
 * `importBlocks` (one that imports js/markdown/blocks.js): the entry imports them, its URL being the one to
 * trust once bundled. Starts on the page at once: the elements already in it, then those added, and the code
 * blocks once the page has loaded.
 */
export function oneScript(elements, importBlocks) {
  const tags = Object.keys(elements).join(',');
  const loaded = new Map(); // tag -> its module, on its way
  const catalogs = []; // what registerTranslation was given, for the modules that come later
  let blocks = null; // js/markdown/blocks.js, on its way
  let auto = true;

  /** Gives `m` the catalogs registered so far (a catalog refused was said to the call that gave it). */
  const lend = (m) => {
    if (catalogs.length) Promise.resolve(m.registerTranslation?.(...catalogs)).catch(() => {});
    return m;
  };
  /** The module of element `tag`, loaded once. */
  const need = (tag) => {
    if (!loaded.has(tag)) loaded.set(tag, elements[tag]().then(lend));
    return loaded.get(tag);
  };
  /** Loads what `root` needs: the modules of the elements in it, and (`withBlocks`) turns its code blocks into figures. */
  const scan = (root, withBlocks) => {
    const waits = [];
    for (const tag of Object.keys(elements)) if (root.matches?.(tag) || root.querySelector(tag)) waits.push(need(tag));
    if (withBlocks && hasBlock(root)) {
      blocks ||= importBlocks().then(lend);
      waits.push(blocks.then((m) => m.upgrade(root, need)));
    }
    return Promise.all(waits);
  };

  const api = {
    /**
     * Turns the Loopy code blocks in `root` (the document by default; an element or a shadow root) into figures and
     * loads the modules its elements need; resolves once they are in. For blocks a page adds after it has loaded
     * (VitePress and Docusaurus render a page again on navigation) when `auto` is off, or inside a shadow root.
     */
    run: (root = document) => scan(root, true).then(() => undefined),
    /** Adds catalogs to every element (Shoelace's `registerTranslation`), those loaded and those still to come. */
    registerTranslation(...added) {
      catalogs.push(...added);
      return Promise.all([...loaded.values(), ...(blocks ? [blocks] : [])].map((p) => p.then((m) => m.registerTranslation?.(...added))));
    },
    /** On: code blocks become figures once the page has loaded, and when added later. */
    get auto() {
      return auto;
    },
    set auto(on) {
      auto = Boolean(on);
    },
  };

  // A page may say `window.loopy = { auto: false }` in a script before this one.
  if (globalThis.loopy && typeof globalThis.loopy === 'object' && globalThis.loopy.auto === false) auto = false;
  if (!globalThis.loopy?.run) globalThis.loopy = api;
  if (typeof document === 'undefined') return api;
  // The elements already in the page: their modules come at once; those added later when they come.
  scan(document, false).catch(() => {});
  if (typeof MutationObserver !== 'undefined') {
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeType === 1 && (n.matches(tags) || n.querySelector(tags) || (auto && hasBlock(n)))) scan(n, auto).catch(() => {});
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  }
  // The code blocks once the page has loaded, after the page's own module scripts (which may turn `auto` off).
  let first = false;
  const go = () => {
    if (first) return;
    first = true;
    setTimeout(() => auto && api.run().catch(() => {}));
  };
  if (document.readyState === 'complete') go();
  else {
    addEventListener('DOMContentLoaded', go, { once: true });
    addEventListener('load', go, { once: true });
  }
  return api;
}
