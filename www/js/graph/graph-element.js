// graph/graph-element.js: the <loopy-graph> element: a game on any directed graph, solved by retrograde analysis and animated; the element core (element/base.js) does the rest with the graph's strategies (graph-game.js, graph-picture.js, graph-words.js). `defineLoopyGraph` defines it (loopy-graph.js for a post, graph-page.js for the graph page).

import { COMMON_ATTRS, LoopyElement } from '../element/base.js';
import { reflectAttributes } from '../element/url.js';
import { GAME_ATTRS, GRAPH_TARGETS, GraphSource } from './graph-game.js';
import { extraSheet } from './graph-parts.js';
import { GraphPicture } from './graph-picture.js';
import { GraphWords } from './graph-words.js';

/** Where the element's files are (see `defineLoopyGraph`), given by whoever defines it from its own `import.meta.url`. */
let files = null;

export class LoopyGraph extends LoopyElement {
  static observedAttributes = [...GAME_ATTRS, 'start', ...COMMON_ATTRS, 'values'];

  static {
    reflectAttributes(
      LoopyGraph,
      ['graph', 'goal', 'start', 'random', 'seed', 'granularity', 'speed', 'controls', 'theme', 'values', 'players'],
      ['autoplay', 'loop', 'quiz'],
    );
  }

  constructor() {
    super({
      files,
      sheets: [extraSheet()],
      targets: GRAPH_TARGETS,
      source: (el) => new GraphSource(el),
      view: (el) => new GraphPicture(el),
      words: (el) => new GraphWords(el),
    });
  }

  /** The graph on screen: `{ n, m, goal, start, format, heroFirst, drawn }`, or null. */
  get game() {
    const g = this._g;
    if (!g) return null;
    return { n: g.n, m: g.m, goal: g.goal, start: g.start, format: g.format, heroFirst: g.heroFirst, drawn: g.small ? 'whole' : 'neighbourhood' };
  }

  /** What the text given to load() holds ({ format, count, instance, query, sizes, queries }), or null. */
  get text() {
    return this._g?.text ?? null;
  }

  /** What a link or an embed needs to show this view again (null for a graph too large to travel in a link). */
  get view() {
    const game = this._session?.game;
    const g = this._g;
    if (!game || !g?.share) return null;
    return { ...g.share, start: g.start, values: this._source.values, g: game.g, step: game.position, speed: this._play.speed, sel: this._sel };
  }

  /** The marks of the last frame, by vertex: [{ v, x, y, r, shape, label, sub }] (CSS px in the canvas; for tests and tours). */
  get marks() {
    return this._view ? this._view.marks.map((m) => ({ ...m })) : [];
  }

  /** The graph's colours (the theme's, as the canvas draws them). */
  get palette() {
    return this._view ? { ...this._view.colors } : null;
  }

  /** The canvas's size in CSS pixels: { width, height }. */
  get canvasSize() {
    return { width: this._view?.w ?? 0, height: this._view?.h ?? 0 };
  }

  /**
   * Shows a graph given as data rather than attributes: { text, instance?, query? } (a graph
   * text in any format the core reads: a plain edge list, format goal or format dag; pick
   * an instance or a query), { n, from, to, goal?, start? }, or { random: { n, seed } }.
   * Attributes set afterwards take over again.
   */
  load(source) {
    this._source.give(source);
  }

  /** Draws the neighbourhood of vertex `centre` (up to `k` moves away, either way) of a large graph. */
  showAround(centre, k = 2, announce = true) {
    return this._source.showAround(centre, k, announce);
  }

  /** The Sprague-Grundy values by vertex (∞ as layout().graph.grundyInfinite), or null until known (values="grundy" fetches them). */
  grundy() {
    return this._g?.grundy ? this._g.grundy.slice() : null;
  }

  /** The vertices correct play can visit from the start, ascending, or null without a start. */
  optimalSet() {
    return this._g?.optimal ? [...this._g.optimal].sort((a, b) => a - b) : null;
  }
}

/**
 * Defines `<loopy-graph>` (once: a second call changes nothing) with its files: `worker` (the
 * graph worker, as `(Worker) => new Worker(new URL(…, import.meta.url), { type: 'module' })`: workers/start.js
 * starts it from any origin) and `rules` (the rules page with its glossary) and the modules loaded
 * on first use, each a function that imports it where the module's URL is the file's own:
 * `quiz`, `popup`, `options`, `present`, `flags` and `errors` (see ring/ring-element.js
 * `defineLoopyRing`), `clear` (graph/graph-clear.js, what a popup keeps clear, fetched with it), `inspect` (graph/graph-inspect.js, a vertex first explained), `narrate`
 * (graph/graph-narrate.js, the first event told), `large` (graph/graph-large.js, a graph
 * too large to draw whole first loaded) and `tree` (graph/graph-tree.js, a tree first loaded).
 */
export function defineLoopyGraph({ worker, rules, ...lazy }) {
  files ??= { worker, rules: new URL(rules), ...lazy };
  if (!customElements.get('loopy-graph')) customElements.define('loopy-graph', LoopyGraph);
}
