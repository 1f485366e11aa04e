// loopy-story.d.ts: types for the <loopy-story> element (loopy-story.js).

/** A paragraph's settings as `data-loopy` gives them: attribute name to value (`step` may be "end"). */
export type LoopySettings = Record<string, string>;

/** A paragraph's view: the settings up to it; null for an attribute the figure goes without. */
export type LoopyStoryView = Record<string, string | null>;

/** A transition the story made its figure play: paragraph `index` took it from step `from` to `to`, `steps` apart, at `speed` steps a second (the figure's own speed when the paragraph sets `speed`: `author`). */
export interface LoopyStoryPlan {
  index: number;
  from: number;
  to: number;
  steps: number;
  speed: number;
  author: boolean;
}

export interface LoopyStoryStepDetail {
  /** The paragraph whose view the figure took (0-based; -1: before the first). */
  index: number;
  /** The step the figure heads for, at its granularity. */
  step: number;
}

/**
 * `<loopy-story><loopy-ring slot="figure" n="8" s1="2-4,6" s2="3,6"></loopy-ring><p data-loopy="step=12 selected=1:5">…</p></loopy-story>`
 *
 * Attributes: `present` (presenter mode: see `present()`). Its children: one figure (`slot="figure"`, a <loopy-ring> or
 * <loopy-graph>), then the text; a child with `data-loopy` is a paragraph whose settings
 * (`key=value`, a value with spaces quoted: any attribute of the figure but `present`,
 * `autoplay` and `lang`, which are the page's, `step` also as `end`, plus `caption` and
 * `highlight`, which only their own paragraph has) the figure
 * takes when the paragraph reaches the middle of the viewport. Event: `loopy-story-step`.
 * A paragraph's view is reached within 2 s however far its step is, unless the paragraph sets
 * `speed` itself (see `plan`). On a phone (narrower than 560 px) the figure is shown without its controls.
 * CSS: --loopy-story-bg, --loopy-story-caption-bg, --loopy-story-figure-height,
 * --loopy-story-figure-half; parts: figure, caption, notice, text, present-button (and, presenting, stage, stage-caption).
 */
export class LoopyStory extends HTMLElement {
  /** The figure, or null. */
  readonly figure: HTMLElement | null;
  /** The paragraph whose view is on screen (0-based), or -1 before the first. */
  readonly at: number;
  /** Each paragraph's view. */
  readonly views: LoopyStoryView[];
  /**
   * Shows paragraph `k`'s view now, as if the reader had scrolled to it (-1: the figure's own settings).
   * The story follows the reader again once the reading line moves to another paragraph.
   */
  show(k: number): Promise<void>;
  /**
   * Draws each paragraph's print picture (at most 48 on the page at once; a longer story prints
   * the rest as text) and resolves once they are drawn; they go when the reader moves on after a print.
   */
  preparePrint(): Promise<void>;
  /** `preparePrint()`, then the browser's `print()`. */
  print(): Promise<void>;
  /** The last transition to a paragraph's step (null before the first): its speed takes it there within 2 s unless the paragraph sets one. */
  readonly plan: LoopyStoryPlan | null;
  /** True in presenter mode. */
  readonly presenting: boolean;
  /**
   * Presenter mode on or off (F in the story, or its Present button): the figure in its own presenter mode over the whole
   * screen with the paragraph as a large caption; Page Down, Page Up and the arrows go paragraph by paragraph, Home and
   * End to the first and the last, B or the period blanks the screen, Esc or F leaves (the page scrolled to that paragraph).
   */
  present(on?: boolean): Promise<void>;
}

/** Reads `data-loopy` text. */
export function parseSettings(text: string | null): LoopySettings;
/** Writes settings as `parseSettings` reads them. */
export function formatSettings(settings: Record<string, string | number | null | undefined>): string;
/** Adds a catalog of words (Shoelace's `registerTranslation`) to the story's own words (its announcements, its print pictures' names); loopy.js gives it every catalog registered through it. */
export function registerTranslation(...catalogs: Array<Record<string, unknown> & { $code: string; $name?: string }>): void;
/** Each paragraph's view from the figure's own settings and the paragraphs'. */
export function cumulativeViews(initial: LoopyStoryView, paragraphs: LoopySettings[]): LoopyStoryView[];
/** The longest transition, in seconds, when the paragraph sets no speed. */
export const MAX_TRANSITION: number;
/** The speed (steps a second) of a transition of `steps` steps for a figure playing at `speed`: its own, or one that takes `MAX_TRANSITION` seconds. */
export function transitionSpeed(steps: number, speed: number): number;

declare global {
  interface HTMLElementTagNameMap {
    'loopy-story': LoopyStory;
  }
  interface HTMLElementEventMap {
    'loopy-story-step': CustomEvent<LoopyStoryStepDetail>;
  }
}
