// story/phone.js: a story on a phone shows its figure without controls: the paragraphs say what it shows and drive it, and the controls' room goes to the drawing, which keeps its numbers, and to the text, which then clears the figure.

/** A story narrower than this (CSS px: a phone) shows its figure without controls. */
export const NARROW = 560;

/** The figure's controls as the story's width asks: none on a phone, its author's elsewhere. */
export class PhoneFit {
  #fig = null;
  #own = null; // its author's `controls` (null: none set)
  #narrow = null; // shown without controls; null: not looked yet

  /** Figure `fig` (its author's controls `own`) in a story `width` px wide. */
  fit(fig, own, width) {
    if (fig !== this.#fig) this.unfit();
    if (!fig || !width) return;
    this.#fig = fig;
    this.#own = own;
    const narrow = width < NARROW;
    if (narrow === this.#narrow) return;
    if (narrow) fig.setAttribute('controls', 'none');
    else if (this.#narrow) this.#restore();
    this.#narrow = narrow;
  }

  /** The figure as its author wrote it (it leaves the story, or another takes its place). */
  unfit() {
    if (this.#narrow) this.#restore();
    this.#fig = null;
    this.#narrow = null;
  }

  #restore() {
    if (this.#own === null) this.#fig?.removeAttribute('controls');
    else this.#fig?.setAttribute('controls', this.#own);
  }
}
