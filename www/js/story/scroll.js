// story/scroll.js: which paragraph of a story is at its reading line (the viewport's middle, or the middle of what a figure stacked above the text leaves): an IntersectionObserver ending at that line wakes it, the paragraphs' tops decide.

import { activeIndex } from './settings.js';

/** How far above the viewport the observer's root reaches (CSS px): further than any story is long. */
const FAR = 1e6;

/**
 * Follows a story's paragraphs. An IntersectionObserver whose root ends at a line of the
 * viewport, `line()` pixels from its top (rootMargin), calls `changed()` whenever a
 * paragraph's top passes that line either way, and never while none does: no work per
 * scroll event. `active()` then reads the paragraphs' tops (a few
 * rectangles; in the observer's callback the layout is fresh), so that a jump over several
 * paragraphs at once is still right. `reline()` moves the line (the viewport or the
 * figure changed size).
 */
export class ScrollLine {
  #io = null;
  #els = [];
  #at = 0;
  #line;
  #changed;

  constructor(line, changed) {
    this.#line = line;
    this.#changed = changed;
  }

  /** Watches `els` (in the text's order) instead of the paragraphs before. */
  observe(els) {
    this.#els = els;
    this.reline(true);
  }

  /** The paragraphs are now `els`: `added` are watched too and `removed` no longer (an edit: the others are not observed again). */
  edit(els, added, removed) {
    this.#els = els;
    for (const el of removed) this.#io?.unobserve(el);
    for (const el of added) this.#io?.observe(el);
  }

  /** Places the line again (`force`: observe anew even where it stays). */
  reline(force = false) {
    const y = Math.round(this.#line());
    if (y === this.#at && !force) return;
    this.#at = y;
    this.#io?.disconnect();
    // The root runs from far above the viewport down to the line: a paragraph is in it once
    // its top has passed the line, so any crossing, however far a jump goes, changes it. The
    // root is this document's own viewport: in a cross-origin iframe (story.html in a post) the
    // implicit root is the top page's viewport, where a root margin is not applied, and the
    // figure took a paragraph only as it left the frame's top, hidden under the figure.
    const below = Math.max(0, innerHeight - y);
    this.#io = new IntersectionObserver(() => this.#changed(), { root: document, rootMargin: `${FAR}px 0px ${-below}px 0px`, threshold: 0 });
    for (const el of this.#els) this.#io.observe(el);
    this.#changed();
  }

  /** The paragraph at or above the line, last in the text's order (-1: none yet). */
  active() {
    return activeIndex(
      this.#els.map((el) => el.getBoundingClientRect().top),
      this.#at,
    );
  }

  stop() {
    this.#io?.disconnect();
  }
}
