// story/scroll.js: which paragraph of a story is at the middle of the viewport: an IntersectionObserver on the middle line wakes it, the paragraphs' tops decide.

import { activeIndex } from './settings.js';

/**
 * Follows a story's paragraphs. An IntersectionObserver whose root is the viewport's
 * middle line (rootMargin -50% above and below) calls `changed()` whenever a paragraph
 * meets or leaves that line, and never while nothing crosses it: no work per scroll event.
 * `active()` then reads the paragraphs' tops (a few rectangles, in the observer's callback
 * the layout is fresh) so that a jump over several paragraphs at once is still right.
 */
export class ScrollLine {
  #io;
  #els = [];

  constructor(changed) {
    this.#io = new IntersectionObserver(() => changed(), { rootMargin: '-50% 0px -50% 0px', threshold: 0 });
  }

  /** Watches `els` (in the text's order) instead of the paragraphs before. */
  observe(els) {
    this.#io.disconnect();
    this.#els = els;
    for (const el of els) this.#io.observe(el);
  }

  /** The paragraph at or above the middle line, last in the text's order (-1: none yet). */
  active() {
    return activeIndex(
      this.#els.map((el) => el.getBoundingClientRect().top),
      innerHeight / 2,
    );
  }

  stop() {
    this.#io.disconnect();
  }
}
