// element/selection.js: an element's selection, hover and "why" popup: which target is picked, who explains it, and the words a screen reader hears.

import { adopt, h } from './style.js';

/**
 * The selection of one element (`el`, the element core), for any kind of target (a ring's
 * state, a graph's vertex): its targets strategy checks, compares and names them in events,
 * its source explains them (`describe`, null while their facts are fetched) and its view
 * places the popup (`targetPoint`: the mark's centre and radius and the stage's size), in
 * its words (element/i18n.js). A click or Enter opens the popup beside the target and keeps it open (a
 * page's inspector follows as well); on a device that hovers, the pointer over a target
 * previews it there until the pointer moves off. Events: `loopy-select`, `loopy-hover`,
 * `loopy-why` (cancelable: a listener that explains in a box of its own cancels it) and
 * `loopy-describe` (what explains a target may say more now). The popup's code and look
 * (element/popup.js) come the first time one opens (`popup`, a part loaded on first use:
 * element/lazy.js); till then its root waits in the stage, empty and hidden. A module that
 * cannot be fetched leaves the element working, its selection said to screen readers, and
 * says so where the popup would be.
 */
export class Selection {
  #el;
  #popup = null; // element/popup.js's Popup, once fetched
  #hushed = false; // something was announced since the selection: its facts, arriving later, do not replace it
  #asked = null; // while the popup is fetched: whether it is to take the focus, and where the focus was then
  #module; // popup.js, loaded on first use
  #root = h('div', { className: 'popup', part: 'popup', role: 'dialog', hidden: true });
  #sel = null;
  #hover = null;
  #popupFor = null;
  #pinned = false;
  #canHover = globalThis.matchMedia?.('(hover: hover)');

  constructor(el, popup) {
    this.#el = el;
    this.#module = popup;
  }

  /** The popup's element, for the stage (filled when the popup first opens). */
  get popupRoot() {
    return this.#root;
  }

  get selected() {
    return this.#sel;
  }

  get hovered() {
    return this.#hover;
  }

  get popupOpen() {
    return !this.#root.hidden;
  }

  /** A new game: `sel` selected (when it names a target of it), nothing hovered, no popup. */
  reset(sel) {
    this.close(false);
    this.#sel = sel !== null && this.#el._valid(sel) ? sel : null;
    this.#hover = null;
  }

  /** Selects target t (null: nothing) for the inspector; fires `loopy-select`. */
  select(t) {
    const el = this.#el;
    if (t !== null && !el._valid(t)) return;
    this.#sel = t;
    this.#hushed = false;
    this.said();
    this.close(false);
    el.dispatchEvent(new CustomEvent('loopy-select', { detail: t === null ? null : el._targets.detail(t), bubbles: true, composed: true }));
    el._redraw();
  }

  /** The pointer is over target t (null: none); on a device that hovers, the popup previews it unless one is kept open. */
  hover(t) {
    const el = this.#el;
    this.#hover = t;
    el.dispatchEvent(new CustomEvent('loopy-hover', { detail: t === null ? null : el._targets.detail(t), bubbles: true, composed: true }));
    if (!this.#pinned && this.#canHover?.matches) {
      if (t === null) this.close(false);
      else this.open(t, false);
    }
    el._redraw();
  }

  /** Asks why target t has its value: the popup says it beside t, unless a listener cancels `loopy-why` to say it elsewhere. */
  why(t) {
    const ev = new CustomEvent('loopy-why', { detail: this.#el._targets.detail(t), cancelable: true, bubbles: true, composed: true });
    if (this.#el.dispatchEvent(ev)) this.open(t, true);
  }

  /**
   * Opens the popup on target t (once its moves are there: `moved` opens it then); `pin`:
   * it stays until closed and takes the focus (else a hover's preview, which follows the pointer);
   * `focus`: whether it takes it (a popup fetched late does not take it from where the reader has moved it since).
   */
  open(t, pin = this.#pinned, focus = pin) {
    this.#popupFor = t;
    this.#pinned = pin;
    const d = this.#el._source.describe(t);
    if (!d) return;
    if (!this.#popup) return this.#fetchPopup(focus);
    const first = !this.#popup.open;
    this.#popup.show(d, this.#el, t);
    if (first && focus) this.#popup.close.focus({ preventScroll: true });
  }

  /**
   * Fetches the popup (once), then opens it where it was asked for, unless it was closed
   * meanwhile; it takes the focus (`focus`) only if the focus is still where it was asked
   * for (a reader who pressed ? meanwhile keeps the keys list's).
   */
  #fetchPopup(focus) {
    const shadow = this.#root.getRootNode();
    // The latest ask says where the focus was (a hover's preview, then a click: the click's).
    this.#asked = { focus, was: shadow.activeElement };
    if (this.#module.loading) return;
    this.#module.get().then((module) => {
      // Not fetched: the element goes on; the popup's place says why it stays empty, till closed.
      if (!module) return this.#popupFor !== null && this.#unloaded();
      const el = this.#el;
      this.#popup ??= new module.Popup(this.#root, {
        // Esc in the popup closes it; in presenter mode it leaves presenter mode too (one Esc, whatever is open).
        onClose: (escaped) => {
          this.close(true);
          if (escaped && el.presenting) el.present(false);
        },
        onJump: () => this.#popupFor !== null && el._jumpTo(this.#popupFor),
        w: el._words,
        h,
        adopt,
        sentences,
        clear: module.clear,
      });
      const { focus, was } = this.#asked;
      if (this.#popupFor !== null) this.open(this.#popupFor, this.#pinned, focus && shadow.activeElement === was);
    });
  }

  /** The popup's place says that what it needed could not be fetched (the element goes on), till closed. */
  #unloaded() {
    const close = h('button', { type: 'button', className: 'close' }, '×');
    close.onclick = () => this.close(true);
    close.setAttribute('aria-label', this.#el._t('core.popup.close'));
    this.#root.replaceChildren(close, h('p', {}, this.#el._t('core.popup.unloaded')));
    this.#root.style.left = this.#root.style.top = '4px';
    this.#root.hidden = false;
    this.#popup = null; // its parts are gone: a later popup is made afresh
  }

  /** The live region has just said something else (a story's paragraph): the selection's words, when its facts come, do not replace it. */
  hush() {
    this.#hushed = true;
  }

  /** Target t's facts cannot come (the module that explains could not be fetched): its popup says so. */
  unavailable(t) {
    if (this.#popupFor !== null && this.#el._targets.same(this.#popupFor, t)) this.#unloaded();
  }

  /** Closes the popup; with `refocus`, the focus goes back to the canvas. */
  close(refocus) {
    this.#pinned = false;
    if (this.#root.hidden) {
      this.#popupFor = null;
      return;
    }
    this.#root.hidden = true;
    this.#popupFor = null;
    if (refocus) this.#el._focusCanvas();
  }

  /** Target t's moves arrived: whatever explains it can now say why (the live region, unless something was announced since the selection). */
  moved(t) {
    if (this.#popupFor !== null && this.#el._targets.same(this.#popupFor, t)) this.open(t);
    if (!this.#hushed) this.said();
    this.described(t);
  }

  /** Fires `loopy-describe` for target t. */
  described(t) {
    const el = this.#el;
    el.dispatchEvent(new CustomEvent('loopy-describe', { detail: el._targets.detail(t), bubbles: true, composed: true }));
  }

  /** The words changed (quiz, the values shown): everything that explains says it again. */
  reexplain() {
    this.said();
    if (this.#popupFor !== null) this.open(this.#popupFor);
    this.described(this.#sel);
  }

  /** The language changed: the popup's frame and everything that explains says it again. */
  relabel() {
    this.#popup?.relabel();
    this.reexplain();
  }

  /** The popup follows the picture (its target's value may have just been decided). */
  update() {
    if (this.#popupFor === null || !this.#popup) return;
    const d = this.#el._source.describe(this.#popupFor);
    if (d) this.#popup.update(d);
  }

  /** Announces the selection to screen readers (the narration region is for the search). */
  said() {
    const t = this.#sel;
    const d = t !== null && this.#el._source.describe(t);
    const w = this.#el._words;
    this.#el._say(d ? sentences(w, [w.t('core.said', { title: d.title, value: d.value }), d.answer]) : '');
  }
}

/** Whole sentences one after another, as the language runs them on (a space between them in English, none in Chinese). */
export function sentences(w, list) {
  const kept = list.filter(Boolean);
  return kept.length ? kept.reduce((first, second) => w.t('core.sentences', { first, second })) : '';
}
