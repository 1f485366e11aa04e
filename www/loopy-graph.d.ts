// loopy-graph.d.ts: types for the <loopy-graph> element (loopy-graph.js).

import type { LoopyEvent } from './pkg/graphs/loopy.js';

/** Which events the animation steps through. */
export type Granularity = 'events' | 'resolutions' | 'layers';

/** Where the graph on screen came from: a text in format goal or dag, an edge list, or the `random` attribute. */
export type LoopyGraphFormat = 'goal' | 'dag' | 'edges' | 'random';

/** An error of the element's attributes, of a graph text or of the core, as data. */
export interface LoopyGraphErrorDetail {
  /** The message, the core's own for graph errors. */
  message: string;
  /** Its stable code, when it has one: the core's, or a worker's that did not start (`start.*`) or stopped (`worker.*`), as `<loopy-ring>`'s. */
  code: string | null;
  /** What it concerns: an attribute ("graph", "goal", "start", "random"), a `load()` field ("instance", "query", ...), or null. */
  field: string | null;
  /** The line of a graph text at fault (1 is the first), or null. */
  line: number | null;
  /** Every error found at once (attribute errors are all reported). */
  errors: { message: string; field: string | null; line?: number | null }[];
  /** A ring's nearest valid game; always null for a graph. */
  nearest: null;
}

export interface LoopyGraphStepDetail {
  step: number;
  length: number;
  granularity: Granularity;
  /** The event shown (as `GraphPropagation.next()` gives it: `pos` is the vertex), or null at the start. */
  event: LoopyEvent | null;
  /** The narration line on screen. */
  narration: string;
}

export interface LoopyGraphReadyDetail extends LoopyGraphStepDetail {
  /** Vertices (numbered 1 to n). */
  n: number;
  /** Moves (edges). */
  m: number;
  /** The goal vertex, or null. */
  goal: number | null;
  /** The start vertex (optimal play is drawn from it), or null. */
  start: number | null;
  format: LoopyGraphFormat;
}

export interface LoopyGraphDoneDetail extends LoopyGraphStepDetail {
  /** Vertices never decided: Draws. */
  loops: number;
}

/** A vertex, as the events give it. */
export interface LoopyVertex {
  vertex: number;
}

/** The graph on screen (`game`). */
export interface LoopyGraphGame {
  n: number;
  m: number;
  goal: number | null;
  start: number | null;
  format: LoopyGraphFormat;
  /** Format dag: true when the hero moves first; else null. */
  heroFirst: boolean | null;
  /** "whole" for a graph small enough to draw; "neighbourhood" for a large one (see `showAround()`). */
  drawn: 'whole' | 'neighbourhood';
}

/** What a graph text given to `load()` holds (for a picker of its instances and queries). */
export interface LoopyGraphText {
  format: LoopyGraphFormat;
  /** How many instances the text has. */
  count: number;
  /** The instance on screen (0 is the first). */
  instance: number;
  /** The query on screen (0 is the first), or null for a text without queries. */
  query: number | null;
  /** The first instances' sizes. */
  sizes: { n: number; m: number; heroFirst?: boolean }[];
  /** Format goal: the queries of the instance on screen, query k from `starts[k]` with the goal `goals[k]`; else null. */
  queries: { starts: Uint32Array; goals: Uint32Array } | null;
}

/**
 * What a link or an embed needs to show this view again: the graph (a random graph's size
 * and seed, or a small graph's edges as the `graph` attribute writes them and its goal),
 * and the view's start, values, granularity (`g`), step, speed and selected vertex.
 */
export type LoopyGraphView = ({ random: { n: number; seed: number } } | { graph: string; goal: number | null }) & {
  start: number | null;
  values: 'depth' | 'grundy';
  g: Granularity;
  step: number;
  speed: number;
  sel: number | null;
};

/** A mark as drawn in the last frame (CSS pixels in the canvas). */
export interface LoopyGraphMark {
  v: number;
  x: number;
  y: number;
  r: number;
  /** circle: Win, square: Lose, diamond: Draw, empty: not decided yet. */
  shape: 'circle' | 'square' | 'diamond' | 'empty';
  /** The number inside the mark (a depth or an SG value), '' while undecided. */
  label: string;
  /** Under an ∞ SG value, its K (the finite values its moves reach) as drawn: "{0, 2}"; else undefined. */
  sub?: string;
}

/** What the "why" popup and the page's inspector say about a vertex. */
export interface LoopyGraphDescription {
  title: string;
  value: string;
  best: string;
  why: string;
  /** Why the vertex has its Sprague-Grundy value (values="grundy"), else null. */
  sg: string | null;
  /** Why the vertex is in the optimal-play set from the start, or not (when the graph has a start), else null. */
  optimal: string | null;
  live: string | undefined;
  bestStep: number | undefined;
  moves: {
    to: number;
    /** The opponent's value at `to`, as the core's `GraphSolution.explain` gives it (`out`: its Outcome code). */
    outcome: 'Win' | 'Lose' | 'Loop';
    depth: number;
    out: number;
    dep: number;
    gamma: string | null;
    text: string;
    title: string;
    step: number;
    target: { p: 0; pos: number };
  }[];
  /** True when `quiz` is on and the search has not decided the vertex yet: the answer is not said. */
  hidden: boolean;
}

/**
 * A graph for `load()`: a graph text in any format the core reads (a plain edge list,
 * format goal or format dag; `instance` and `query` pick one, 0 is the first), the edges
 * `from[i] -> to[i]` of vertices 1 to n, or a random graph of n vertices with `degree`
 * moves a vertex on average (2 when left out, and seed 1, as for the `random` attribute).
 */
export type LoopyGraphSource =
  | { text: string; instance?: number; query?: number }
  | { n: number; from: ArrayLike<number>; to: ArrayLike<number>; goal?: number; start?: number }
  | { random: { n: number; degree?: number; seed?: number }; start?: number };

/** The events of `<loopy-graph>` and their details (`addEventListener` on the element knows them). */
export interface LoopyGraphEventMap {
  'loopy-ready': CustomEvent<LoopyGraphReadyDetail>;
  'loopy-step': CustomEvent<LoopyGraphStepDetail>;
  'loopy-done': CustomEvent<LoopyGraphDoneDetail>;
  'loopy-error': CustomEvent<LoopyGraphErrorDetail>;
  'loopy-select': CustomEvent<LoopyVertex | null>;
  'loopy-hover': CustomEvent<LoopyVertex | null>;
  /** A vertex clicked or chosen with Enter; cancel it to explain the vertex yourself instead of the popup. */
  'loopy-why': CustomEvent<LoopyVertex>;
  /** Reading, solving, valuing and laying out a graph: the phase and how many of the `of` phases are done (does not bubble: listen on the element). */
  'loopy-progress': CustomEvent<{ phase: 'read' | 'solve' | 'values' | 'draw'; done: number; of: number; n?: number }>;
  /** The solve was cancelled (does not bubble: listen on the element). */
  'loopy-cancel': CustomEvent<Record<string, never>>;
  /**
   * What `describe()` says may have changed: a vertex's moves or its SG reasons arrived
   * (detail: that vertex), or `quiz` or `values` was switched (detail: the selected vertex, or null).
   */
  'loopy-describe': CustomEvent<{ vertex: number | null }>;
  /** The `start` attribute changed and the optimal play from the new start is drawn. */
  'loopy-start': CustomEvent<{ start: number }>;
  /** What the marks show changed (the S key, the `values` attribute or property): a page's own controls follow it. */
  'loopy-values': CustomEvent<{ values: 'depth' | 'grundy' }>;
  /** A large graph's drawing now shows the `vertices` within `k` moves of vertex `centre`. */
  'loopy-around': CustomEvent<{ centre: number; k: number; vertices: number }>;
  /** Presenter mode was turned on or off. */
  'loopy-present': CustomEvent<{ on: boolean }>;
}

/**
 * Adds a catalog of words (Shoelace's `registerTranslation`): `{ $code: 'fr', $name: 'Français', 'term.win': '…', … }`; a missing key
 * falls back to English. Each catalog is checked first: the promise rejects with an error naming the key of the first one refused
 * (`code` `catalog.*`, `key`), the others taken.
 */
export function registerTranslation(...catalogs: Array<Record<string, unknown> & { $code: string; $name?: string }>): Promise<void>;

/**
 * `<loopy-graph graph="1-2 2-3 3-1 3-4" goal="4" start="1" controls="compact">fallback text</loopy-graph>`
 *
 * Attributes (reflected by the properties of the same name): graph (the moves as `u-v`
 * pairs), goal (whoever moves onto it wins), start (optimal play is drawn from it), random
 * (a random graph of that many vertices instead of `graph`) and seed, granularity, speed
 * (steps a second), step, selected (a vertex), autoplay, loop, controls ("none" | "compact"
 * | "full"), theme ("light" | "dark" | "auto"), quiz (hide each answer until the search
 * decides it), values ("depth" | "grundy": what the marks show), present (presenter mode:
 * the element fills the screen with large type; see `present()`). Also read, not reflected:
 * lang (the reader's language: the element's own, else its nearest ancestor's, else
 * `<html lang>`; "zh", "zh-CN", "zh-Hans", "zh-SG" are Simplified Chinese, others English)
 * and terms ("wl", the default: Win / Lose / Draw; "pn": N-position / P-position, the
 * Draw as before). Changing either re-words the element, its game and step kept.
 * players ("先手,后手", "Alice,Bob"; reflected): the statement's own names for the player to
 * move at a vertex and their opponent, used in every sentence, label, legend, popup and
 * export, in any language; anything but two different names keeps 当前行动方 / 对手.
 * CSS: --loopy-win, --loopy-lose, --loopy-loop (Draw), --loopy-accent, --loopy-ink,
 * --loopy-muted, --loopy-unknown, --loopy-track, --loopy-bg, --loopy-panel, --loopy-line,
 * --loopy-on-win, --loopy-on-lose, --loopy-error, --loopy-focus, --loopy-flag, --loopy-font,
 * --loopy-max-height; parts: box, stage, canvas, side, narration, controls, legend, popup,
 * error, progress, keys (the list of keyboard shortcuts), around (a large graph's "around
 * vertex" form).
 * Slots: the default slot shows until the first picture (fallback text); with
 * controls="full", slot="side" goes into the side column.
 */
export class LoopyGraph extends HTMLElement {
  static readonly observedAttributes: string[];
  graph: string | null;
  goal: string | null;
  start: string | null;
  random: string | null;
  seed: string | null;
  granularity: string | null;
  speed: string | number | null;
  controls: string | null;
  theme: string | null;
  /** "depth" (the default) or "grundy": the marks show how long the game lasts, or Sprague-Grundy values. */
  values: string | null;
  autoplay: boolean;
  loop: boolean;
  /** Hides each answer (the colours, the popup's value) until the search decides it: a quiz for the reader. */
  quiz: boolean;
  /** The statement's names, "first,second" ("先手,后手"): the player to move, then the opponent; null: the catalog's. */
  players: string | null;
  /** The step on screen; setting it seeks. */
  step: number;
  /** The selected vertex, or null; setting it selects. */
  selected: number | null;
  /** Steps in the whole run at the current granularity. */
  readonly length: number;
  readonly playing: boolean;
  /** Presenter mode on or off: the element fills the screen (full screen when granted, else the window) with large type; Esc, F or the × leave it. */
  present(on?: boolean): Promise<void>;
  /** True in presenter mode (the `present` attribute). */
  /** True in presenter mode: the `present` attribute, once presenter mode's look has come (fetched the first time). */
  readonly presenting: boolean;
  /** "ready" once idle and drawn, "busy" while solving, seeking, playing or laying out, "error" with no graph to show. */
  readonly state: 'ready' | 'busy' | 'error';
  /** Whether a graph is on its way (asked for, being solved, or waiting for its first frame): its loopy-ready, loopy-error or loopy-cancel is still to come. */
  readonly loading: boolean;
  /** Frames drawn so far. */
  readonly frameCount: number;
  /** The quiz so far on this graph: how many answers, and how many were right. */
  readonly quizScore: { right: number; answered: number };
  /** The graph on screen, or null. */
  readonly game: LoopyGraphGame | null;
  /** What the text given to `load()` holds, or null. */
  readonly text: LoopyGraphText | null;
  /** What a link or an embed needs to show this view again; null for a large graph given as data (too large for a link). */
  readonly view: LoopyGraphView | null;
  /** The narration line on screen. */
  readonly narration: string;
  /** The marks of the last frame, one a drawn vertex. */
  readonly marks: LoopyGraphMark[];
  /** The canvas's size in CSS pixels. */
  readonly canvasSize: { width: number; height: number };
  /** The graph's colours as the canvas draws them. */
  readonly palette: Record<string, string> | null;
  /** Shows a graph given as data rather than attributes; setting `graph`, `goal`, `random` or `seed` afterwards takes over again. */
  load(source: LoopyGraphSource): void;
  /** Cancels the solve in flight; the graph on screen stays. */
  cancel(): void;
  /** A large graph: draws the vertices up to `k` (default 2) moves from vertex `centre`, either way (the key C, a double click). */
  showAround(centre: number, k?: number, announce?: boolean): Promise<void>;
  play(): void;
  pause(): void;
  toggle(): void;
  /** Shows step `step` (clamped to 0 .. length). */
  seek(step: number): void;
  /** Moves `delta` steps forward (or back, when negative). */
  stepBy(delta: number): void;
  /** Selects vertex v, or nothing with `select(null)`. */
  select(v: number | null): void;
  /** Outcome codes by vertex (entry 0 unused; a Draw is the Loop code 0, 1 Win, 2 Lose), as `GraphSolution.outcomes`. */
  outcomes(): Uint8Array | null;
  /** Depths by vertex (moves until the game ends with best play), as `GraphSolution.depths`. */
  depths(): Uint32Array | null;
  /** The core's best move from every vertex (0 for none), as `GraphSolution.bestMoves`. */
  bestMoves(): Uint32Array | null;
  /** Sprague-Grundy values by vertex (∞ as `layout().graph.grundyInfinite`), or null until known (values="grundy" fetches them). */
  grundy(): Uint32Array | null;
  /** The vertices correct play can visit from the start, ascending, or null without a start. */
  optimalSet(): number[] | null;
  /** What the inspector says about vertex v now, or null while its moves are fetched. */
  describe(v: number): LoopyGraphDescription | null;
  /** Where vertex v is drawn, in viewport coordinates, or null when it is not drawn. */
  pointOf(v: number): { x: number; y: number } | null;
  /** Seeks to the step at which the search decides vertex v (the key J); nothing without a graph. */
  jumpToDecided(v: number): Promise<void>;
  /** Selects vertex v and opens its popup, even on a page that explains in a panel of its own. */
  showWhy(v: number): void;
  /** The vertices where a checked answer differs (marked, a legend row, the popup's line); a new graph clears them. */
  flagged: { vertex: number; expected: string; found: string | null; note?: string }[];
  /** Handles a key of the element's keyboard model; true when it did. Forward keys pressed outside the element to it. */
  handleKey(event: KeyboardEvent): boolean;
  /** The element's keys as its "Keys" list shows them, one `[keys, what they do]` a line (for a page that lists them too). */
  readonly keys: [keys: string, does: string][];
  /**
   * Zooms in (`factor` > 1) or out by `factor`: around the point (x, y) of the canvas in CSS
   * pixels when given, else around the selected vertex, else the centre. The keys Z,
   * Shift+Z and 0 do the same.
   */
  zoom(factor: number, x?: number, y?: number): void;
  /** Shows the whole drawing again (the key 0). */
  resetZoom(): void;
  /** How far the drawing is zoomed in: 1 is the whole drawing. */
  readonly zoomLevel: number;
  /** The page's graph worker client (the page's judge box asks it); not meant for posts. */
  readonly client: unknown;
  /** Plays from the step on screen to `step` (either way) at the element's speed, or at `speed` steps a second for this move alone, and stops there; jumps under reduced motion (a story's paragraph). */
  playTo(step: number, speed?: number): void;
  /** Resolves once a game is on screen at the element's granularity and no answer of its worker's is awaited. */
  settled(): Promise<void>;
  /** Says `text` once in the element's live region. */
  announce(text: string): void;
  /** The picture on screen on a canvas of its own at `scale` device pixels per CSS pixel, or null before the first frame. */
  pictureCanvas(scale?: number): OffscreenCanvas | null;
  /** Draws one animation frame at time `t` (ms); called by the element's own frame loop, not by you. */
  frame(t: DOMHighResTimeStamp): void;
  addEventListener<K extends keyof LoopyGraphEventMap>(
    type: K,
    listener: (this: LoopyGraph, ev: LoopyGraphEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: LoopyGraph, ev: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof LoopyGraphEventMap>(
    type: K,
    listener: (this: LoopyGraph, ev: LoopyGraphEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: LoopyGraph, ev: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'loopy-graph': LoopyGraph;
  }
  // The events only <loopy-graph> fires. Those it shares with <loopy-ring> (loopy-ready,
  // loopy-select, ...) carry other details, so they are typed on the element itself
  // (LoopyGraphEventMap): two global declarations of one name would clash.
  interface HTMLElementEventMap {
    'loopy-start': CustomEvent<{ start: number }>;
    'loopy-values': CustomEvent<{ values: 'depth' | 'grundy' }>;
    'loopy-around': CustomEvent<{ centre: number; k: number; vertices: number }>;
  }
}
