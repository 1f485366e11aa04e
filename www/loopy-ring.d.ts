// loopy-ring.d.ts: types for the <loopy-ring> element (loopy-ring.js).

import type { LoopyEvent } from './pkg/loopy.js';

/** Which events the animation steps through. */
export type Granularity = 'events' | 'resolutions' | 'layers';

/** An error of the element's attributes or of the core, as data. */
export interface LoopyErrorDetail {
  /** The message, the core's own for game errors. */
  message: string;
  /**
   * Its stable code, when it has one: the core's (`game.tooSmall`, ...), or a worker's that did not start
   * (`start.blocked`: the page's CSP refused it; `start.missing`, `start.cors`, `start.unreachable`,
   * `start.module`, `start.wasm`) or stopped (`worker.stopped`, `worker.unloaded`).
   */
  code: string | null;
  /** The attribute it concerns: "n", "s1", "s2", or null. */
  field: 'n' | 's1' | 's2' | null;
  /** The line of a text at fault; always null for a ring (its game is in attributes). */
  line: number | null;
  /** Every wrong field at once, each with its own message (the core checks what the element could not read with the rest). */
  errors: { message: string; field: 'n' | 's1' | 's2' | null }[];
  /** The valid game nearest to the one asked (the core's `checkGame`), which the error box offers; null when not known. */
  nearest: { n: number; s1: number[]; s2: number[] } | null;
}

export interface LoopyStepDetail {
  step: number;
  length: number;
  granularity: Granularity;
  /** The event shown (as `Propagation.next()` gives it), or null at the start. */
  event: LoopyEvent | null;
  /** The narration line on screen. */
  narration: string;
}

export interface LoopyReadyDetail extends LoopyStepDetail {
  n: number;
  s1: Uint32Array;
  s2: Uint32Array;
}

export interface LoopyDoneDetail extends LoopyStepDetail {
  /** States never decided: Loop. */
  loops: number;
}

export interface LoopyState {
  player: 1 | 2;
  pos: number;
}

export interface LoopyView {
  game: { n: number; s1: Uint32Array; s2: Uint32Array };
  g: Granularity;
  step: number;
  speed: number;
  sel: { p: 1 | 2; pos: number } | null;
}

/** What the "why" popup and the page's inspector say about a state. */
export interface LoopyDescription {
  title: string;
  value: string;
  best: string;
  why: string;
  live: string | undefined;
  /** The best step, or undefined while the answer is hidden (`hidden`). */
  bestStep: number | undefined;
  /**
   * The moves the core's `Solution.explain` lists (every move up to 64; else 64 of them: the
   * best, the Loops the why names, the smallest steps; `moveCount` says how many in all): where it leads and the opponent's
   * value there (`outcome` "Win" | "Lose" | "Loop" and `depth`; `out` is its Outcome code,
   * `dep` the depth again; the hole reads as Lose in 0), the words, and the state a button inspects.
   */
  moves: {
    step: number;
    to: number;
    hole: boolean;
    outcome: 'Win' | 'Lose' | 'Loop';
    depth: number;
    out: number;
    dep: number;
    text: string;
    title: string | undefined;
    target: { p: 1 | 2; pos: number } | undefined;
  }[];
  /** How many moves the state has in all (`moves` may list fewer). */
  moveCount: number;
  /** True when `quiz` is on and the search has not decided the state yet: the answer is not said. */
  hidden: boolean;
}

/** A move of a game against the solver (`movesFrom`): the opponent's value at `to` (0: the hole). */
export interface LoopyMove {
  step: number;
  to: number;
  /** The opponent's outcome code at `to` (0 Loop, 1 Win, 2 Lose). */
  outcome: number;
  depth: number;
  /** The core's grade of the move (`layout().grade`: 0 best, 1 a slower win, 2 lost sooner, 3 a win thrown away, 4 a loop thrown away). */
  grade: number;
  /** The mover's value once the move is made: outcome code and depth. */
  after: { outcome: number; depth: number };
}

/** A part of the element that `highlight()` can outline. */
export type LoopyRingRegion = 'ring' | 'narration' | 'controls' | 'legend';

/** A state where a checked answer differs: the judge's word and the answer's (null: no word there). */
export interface LoopyFlag {
  player: 1 | 2;
  pos: number;
  expected: string;
  found: string | null;
  /** The popup's line, when the page words it itself. */
  note?: string;
}

/**
 * Adds a catalog of words (Shoelace's `registerTranslation`): `{ $code: 'fr', $name: 'Français', 'term.win': '…', … }`; a missing key
 * falls back to English. Each catalog is checked first: the promise rejects with an error naming the key of the first one refused
 * (`code` `catalog.*`, `key`), the others taken.
 */
export function registerTranslation(...catalogs: Array<Record<string, unknown> & { $code: string; $name?: string }>): Promise<void>;

/**
 * `<loopy-ring n="8" s1="2-4,6" s2="3,6" controls="compact" autoplay>fallback text</loopy-ring>`
 *
 * Attributes (reflected by the properties of the same name): n, s1, s2 (steps; `a-b` is a
 * range), granularity, speed (steps a second), step, selected ("2:4"), autoplay, loop,
 * controls ("none" | "compact" | "full"), theme ("light" | "dark" | "auto"), quiz (hide
 * each answer until the search decides it), present (presenter mode: the element fills
 * the screen with large type; see `present()`). Also read, not reflected: lang (the
 * reader's language: the element's own, else its nearest ancestor's, else `<html lang>`;
 * "zh", "zh-CN", "zh-Hans", "zh-SG" are Simplified Chinese, others English) and terms
 * ("wl", the default: Win / Lose / Loop; "pn": N-position / P-position, Loop as before).
 * Changing either re-words the element, its game and step kept.
 * The statement's own names, reflected and used in every sentence, label, legend, popup and
 * export, in any language: players ("先手,后手", "Rick,Morty": player 1's name, then player
 * 2's, split at a comma; anything but two different names keeps 行动方 1 / player 1) and
 * hole ("黑洞": the name of position 0; the default 终止位置 / the hole).
 * CSS: --loopy-win, --loopy-lose, --loopy-loop, --loopy-accent, --loopy-ink, --loopy-muted,
 * --loopy-unknown, --loopy-track, --loopy-bg, --loopy-panel, --loopy-line, --loopy-on-win,
 * --loopy-on-lose (the numbers inside Win and Lose marks), --loopy-error, --loopy-focus, --loopy-flag,
 * --loopy-font, --loopy-max-height; parts: box, stage, canvas, side, narration, controls,
 * legend, popup, error, progress, keys (the list of keyboard shortcuts).
 * Slots: the default slot shows until the first picture (fallback text); with
 * controls="full", slot="side" goes into the side column.
 */
export class LoopyRing extends HTMLElement {
  static readonly observedAttributes: string[];
  n: string | null;
  s1: string | null;
  s2: string | null;
  granularity: string | null;
  speed: string | number | null;
  controls: string | null;
  theme: string | null;
  autoplay: boolean;
  loop: boolean;
  /** Hides each answer (the colours, the popup's value) until the search decides it: a quiz for the reader. */
  quiz: boolean;
  /** The players' own names, "first,second" ("先手,后手"); null: the catalog's (行动方 1, 行动方 2; player 1, player 2). */
  players: string | null;
  /** The hole's own name ("黑洞"); null: the catalog's (终止位置; the hole). */
  hole: string | null;
  /** The step on screen; setting it seeks. */
  step: number;
  /** The selected state, or null; setting it selects. */
  selected: LoopyState | null;
  /**
   * The states where a checked answer differs from the judge's (as the page's "Check your
   * answer" sets them): marked on the ring, a legend row, the popup's line. A new game clears them.
   */
  flagged: LoopyFlag[];
  readonly length: number;
  readonly playing: boolean;
  /** "ready" once idle and drawn, "busy" while solving, seeking or playing, "error" with no game to show. */
  readonly state: 'ready' | 'busy' | 'error';
  /** Whether a game is on its way (asked for, being solved, or waiting for its first frame): its loopy-ready, loopy-error or loopy-cancel is still to come. */
  readonly loading: boolean;
  readonly frameCount: number;
  /** The quiz so far in this game: how many answers, and how many were right. */
  readonly quizScore: { right: number; answered: number };
  readonly game: { n: number; s1: Uint32Array; s2: Uint32Array } | null;
  readonly view: LoopyView | null;
  play(): void;
  pause(): void;
  toggle(): void;
  seek(step: number): void;
  stepBy(delta: number): void;
  select(player: 1 | 2 | null, pos?: number): void;
  cancel(): void;
  /** Outcome codes by position with player `first` moving first (0 Loop, 1 Win, 2 Lose), as `Solution.outcomes`. */
  outcomes(first: 1 | 2): Uint8Array | null;
  depths(first: 1 | 2): Uint32Array | null;
  /** Best steps by position, as `Solution.bestMoves`; null with no game, or for a game of more than 2^22 moves (ask `describe`). */
  bestMoves(first: 1 | 2): Uint32Array | null;
  /**
   * What the popup says about a state; null with no game, or until its facts have come from
   * the worker (the core's why module, fetched on the first question of why): `loopy-describe` follows.
   */
  describe(player: 1 | 2, pos: number): LoopyDescription | null;
  pointOf(player: 1 | 2, pos: number): { x: number; y: number } | null;
  judgeText(): Promise<string>;
  /** Handles a key of the element's keyboard model; true when it did. Forward keys pressed outside the element to it. */
  handleKey(event: KeyboardEvent): boolean;
  /** The element's keys as its "Keys" list shows them, one `[keys, what they do]` a line (for a page that lists them too). */
  readonly keys: [keys: string, does: string][];
  /** Presenter mode on or off: full screen through the Fullscreen API when granted, else the whole window. */
  present(on?: boolean): Promise<void>;
  /** True in presenter mode: the `present` attribute, once presenter mode's look has come (fetched the first time). */
  readonly presenting: boolean;
  /**
   * The texts of the frame on screen (for tests), in CSS px of the canvas: the position
   * numbers and the centre's words as boxes centred on (x, y), and each mark with its number
   * and its badge of open moves.
   */
  readonly canvasTexts: {
    labels: { text: string; x: number; y: number; w: number; h: number; size: number }[];
    marks: {
      x: number;
      y: number;
      r: number;
      text: string;
      size: number;
      badge: { x: number; y: number; r: number; text: string; size: number } | null;
    }[];
  };
  /**
   * The moves from a state and the core's best step (Solution.bestMove), asked of the worker, with
   * the core's facts of the state: the player to move after it, the moves each side makes under
   * best play, and its move onto the hole and who wins by it (null when it has none).
   */
  movesFrom(player: 1 | 2, pos: number): Promise<{
    best: number;
    moves: LoopyMove[];
    opponent: 1 | 2;
    plies: { mover: number; opponent: number };
    hole: { step: number; winner: 1 | 2 } | null;
  } | null>;
  /**
   * Optimal play from a state (the core's line): its moves, and how it ends (in the hole,
   * coming back to the state of `moves[at]` for ever, or cut after the most it gives).
   */
  optimalLine(player: 1 | 2, pos: number): Promise<{
    moves: { player: 1 | 2; pos: number; step: number; to: number }[];
    end: { kind: 'hole'; winner: 1 | 2 } | { kind: 'repeat'; at: number } | { kind: 'cut' };
  } | null>;
  /** A game's token on the ring (pos 0: in the hole), or null; setting it places it at once. */
  token: LoopyState | { player: 1 | 2; pos: 0 } | null;
  /** Glides the token to a state (at once under reduced motion). */
  moveToken(to: LoopyState | { player: 1 | 2; pos: 0 }): Promise<void>;
  /** A line shown instead of the narration while set. */
  caption: string | null;
  /**
   * The frame on screen drawn afresh at `scale` device pixels per CSS pixel, or null before the
   * first frame; with a slide's `size` (CSS px) the ring scaled to it, its labels at least `textMin` CSS px.
   */
  frameCanvas(scale?: number, size?: number, textMin?: number): OffscreenCanvas | null;
  readonly narration: string;
  /** The ring's colours as the canvas draws them. */
  readonly palette: Record<string, string> | null;
  /**
   * Zooms in (`factor` > 1) or out by `factor`: around the point (x, y) of the ring in CSS
   * pixels from the canvas's top left when given, else around the selected state, else the
   * centre. The keys Z, Shift+Z and 0 do the same.
   */
  zoom(factor: number, x?: number, y?: number): void;
  /** Shows the whole ring again (the key 0). */
  resetZoom(): void;
  /** How far the ring is zoomed in: 1 is the whole ring. */
  readonly zoomLevel: number;
  /** Seeks to the step at which the search decides state (player, pos) (the key J); nothing without a game. */
  jumpToDecided(player: 1 | 2, pos: number): Promise<void>;
  /** Selects state (player, pos) and opens its popup, even on a page that explains in a panel of its own. */
  showWhy(player: 1 | 2, pos: number): void;
  /** Outlines one part of the element (for a guided tour of your own), or none with no argument. */
  highlight(part?: LoopyRingRegion | null): void;
  /** The page's worker client (the page's judge box asks it); not meant for posts. */
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
}

declare global {
  interface HTMLElementTagNameMap {
    'loopy-ring': LoopyRing;
  }
  interface HTMLElementEventMap {
    'loopy-ready': CustomEvent<LoopyReadyDetail>;
    'loopy-step': CustomEvent<LoopyStepDetail>;
    'loopy-done': CustomEvent<LoopyDoneDetail>;
    'loopy-error': CustomEvent<LoopyErrorDetail>;
    'loopy-select': CustomEvent<LoopyState | null>;
    'loopy-hover': CustomEvent<LoopyState | null>;
    /** A state clicked or chosen with Enter; cancel it to explain the state yourself instead of the popup. */
    'loopy-why': CustomEvent<LoopyState>;
    /** Solving a large game: how far it got (does not bubble: listen on the element). */
    'loopy-progress': CustomEvent<{ resolved: number; total: number; preparing: boolean }>;
    /** The solve was cancelled (does not bubble: listen on the element). */
    'loopy-cancel': CustomEvent<Record<string, never>>;
    'loopy-present': CustomEvent<{ on: boolean }>;
    /** A state clicked or chosen with Enter; cancel it to take the click (a game's move) instead of the "why". */
    'loopy-pick': CustomEvent<LoopyState>;
    /**
     * What `describe()` says may have changed: a state's moves arrived from the worker
     * (detail: that state), or `quiz` was switched (detail: the selected state, or null).
     */
    'loopy-describe': CustomEvent<LoopyState | null>;
  }
}
