// loopy.js: Loopy in any post with one script: defines <loopy-ring>, <loopy-graph> and <loopy-story> when the page first has one (each element's code, worker, wasm and words are fetched only then, from next to this file, whatever its origin), and turns Markdown's ```loopy code blocks into figures (js/markdown/blocks.js, fetched only for a page that has one). What it does is js/embed/one-script.js's; the modules are found from here.

import { oneScript } from './js/embed/one-script.js';

/**
 * The API, also `window.loopy` when the page has none: `run(root?)` (turns the code blocks in `root` into
 * figures), `registerTranslation(...)` (catalogs for every element, loaded or to come), and `auto` (on: code
 * blocks become figures once the page has loaded, and when added later; set it to false before then, in the
 * module that imports this one, or with `window.loopy = { auto: false }` in a script before this one, to call
 * `run()` yourself).
 */
export const loopy = oneScript(
  {
    'loopy-ring': () => import('./loopy-ring.js'),
    'loopy-graph': () => import('./loopy-graph.js'),
    'loopy-story': () => import('./loopy-story.js'),
  },
  () => import('./js/markdown/blocks.js'),
);
export const run = loopy.run;
export const registerTranslation = (...added) => loopy.registerTranslation(...added);
export default loopy;
