// element/selection.js: an element's selection, hover and "why" popup: which target is picked, who explains it, and the words a screen reader hears.

import { Popup } from './popup.js';

/**
 * The selection of one element (`host`), for any kind of target (a ring's state, a
 * graph's vertex): the host compares targets (`same`), checks them (`valid`), names them
 * in events (`detail`), explains them (`describe`, null while their moves are fetched)
 * and places the popup (`point`: [x, y, size] on the canvas). Events: `loopy-select`,
 * `loopy-hover`, `loopy-why` (cancelled by a page that explains in its own panel) and
 * `loopy-describe` (what explains a target may say more now).
 */
export class Selection {
  #host;
  #popup;
  #sel = null;
  #hover = null;
  #popupFor = null;

  constructor(host) {
    this.#host = host;
    this.#popup = new Popup(
      () => this.close(true),
      () => this.#popupFor !== null && host.jump(this.#popupFor),
    );
  }

  /** The popup's element, for the stage. */
  get popupRoot() {
    return this.#popup.root;
  }

  get selected() {
    return this.#sel;
  }

  get hovered() {
    return this.#hover;
  }

  get popupOpen() {
    return this.#popup.open;
  }

  /** A new game: `sel` selected (when it names a target of it), nothing hovered, no popup. */
  reset(sel) {
    this.close(false);
    this.#sel = sel !== null && this.#host.valid(sel) ? sel : null;
    this.#hover = null;
  }

  /** Selects target t (null: nothing) for the inspector; fires `loopy-select`. */
  select(t) {
    const host = this.#host;
    if (t !== null && !host.valid(t)) return;
    this.#sel = t;
    this.said();
    this.close(false);
    host.dispatchEvent(new CustomEvent('loopy-select', { detail: t === null ? null : host.detail(t), bubbles: true, composed: true }));
    host.changed();
  }

  hover(t) {
    const host = this.#host;
    this.#hover = t;
    host.dispatchEvent(new CustomEvent('loopy-hover', { detail: t === null ? null : host.detail(t), bubbles: true, composed: true }));
    host.changed();
  }

  /** Asks whoever explains (the page's inspector, by cancelling `loopy-why`; else the popup) why target t has its value. */
  why(t) {
    const ev = new CustomEvent('loopy-why', { detail: this.#host.detail(t), cancelable: true, bubbles: true, composed: true });
    if (this.#host.dispatchEvent(ev)) this.open(t);
  }

  /** Opens the popup on target t (once its moves are there: `moved` opens it then). */
  open(t) {
    this.#popupFor = t;
    const d = this.#host.describe(t);
    if (!d) return;
    const [x, y, size] = this.#host.point(t);
    const first = !this.#popup.open;
    this.#popup.show(d, x, y, size);
    if (first) this.#popup.close.focus({ preventScroll: true });
  }

  /** Closes the popup; with `refocus`, the focus goes back to the canvas. */
  close(refocus) {
    if (!this.#popup.open) return;
    this.#popup.hide();
    this.#popupFor = null;
    if (refocus) this.#host.focusCanvas();
  }

  /** Target t's moves arrived: whatever explains it can now say why. */
  moved(t) {
    if (this.#popupFor !== null && this.#host.same(this.#popupFor, t)) this.open(t);
    this.said();
    this.described(t);
  }

  /** Fires `loopy-describe` for target t. */
  described(t) {
    const host = this.#host;
    host.dispatchEvent(new CustomEvent('loopy-describe', { detail: host.detail(t), bubbles: true, composed: true }));
  }

  /** The words changed (quiz, the values shown): everything that explains says it again. */
  reexplain() {
    this.said();
    if (this.#popupFor !== null) this.open(this.#popupFor);
    this.described(this.#sel);
  }

  /** The popup follows the picture (its target's value may have just been decided). */
  update() {
    if (this.#popupFor === null) return;
    const d = this.#host.describe(this.#popupFor);
    if (d) this.#popup.update(d);
  }

  /** Announces the selection to screen readers (the narration region is for the search). */
  said() {
    const t = this.#sel;
    const d = t !== null && this.#host.describe(t);
    this.#host.say(d ? `${d.title}: ${d.value}.${d.answer ? ` ${d.answer}` : ''}` : '');
  }
}
