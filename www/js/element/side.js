// element/side.js: the element's side panel controller: the `controls` attribute (none, compact, full), the playback controls and their options (element/options.js, fetched when they first show), the legend, and a press outside a menu, the popup or the keys box closing it.

import { side } from './skeleton.js';

const MODES = ['none', 'compact', 'full'];

/**
 * The side column of one element (`host`, the element core), built when the element first
 * comes into view (a post with several elements would otherwise build them all in the task
 * that parses it). What goes in it besides the controls is the element's (its words'
 * `legend()` and `sideKids(...)`); the quiz's panel goes right under the narration.
 */
export class SidePanel {
  #host;
  #built = false;
  #mode = 'compact';
  #controls = null;
  #options; // the lazy part: element/options.js

  constructor(host, load) {
    this.#host = host;
    this.#options = host._lazy(load, { ready: () => host._redraw(), failed: () => host._redraw() });
    // A press on the element's words (the narration, the legend, the counter) gives it the
    // keys, as a press on the canvas does: a post's reader or a teacher clicks it, then drives
    // it from the keyboard. A control keeps the press (and the focus) for itself. On the click,
    // not the press: the press's own default would move the focus to the page again.
    host._parts.side.addEventListener('click', (e) => {
      const t = e.composedPath()[0];
      if (t instanceof Element && t.closest('button, input, select, textarea, a, summary, label, [tabindex]')) return;
      host._focusCanvas();
    });
  }

  /** The controls' mode ('none', 'compact', 'full'). */
  get mode() {
    return this.#mode;
  }

  /** The playback controls (null before the side is built, or with none). */
  get controls() {
    return this.#controls;
  }

  connected() {
    document.addEventListener('pointerdown', this.#outside, true);
  }

  disconnected() {
    document.removeEventListener('pointerdown', this.#outside, true);
  }

  /** The element came into view: the side is built, once. */
  visible() {
    if (!this.#built) this.build();
  }

  attribute(name) {
    if (name !== 'controls') return false;
    if (this.#built) this.build();
    return true;
  }

  relabel() {
    if (this.#built) this.build();
  }

  /** Closes the options menu; true when it was open. */
  closeMenu() {
    return Boolean(this.#controls?.closeMenu());
  }

  /** Brings the controls in line with the frame (null: no game). */
  render(v) {
    this.#controls?.render(v);
  }

  /** Builds the side for the `controls` attribute; full controls show their options at once, so the side is built once they have come (or could not), whole, rather than built and then grown. */
  build() {
    const host = this.#host;
    this.#built = true;
    const asked = host.getAttribute('controls');
    const mode = MODES.includes(asked) ? asked : 'compact';
    this.#mode = mode;
    if (mode === 'full' && !this.#options.value && !this.#options.failed) {
      this.#options.get().then(() => this.build());
      return;
    }
    const play = host._play;
    const p = host._parts;
    const words = host._spec.words;
    this.#controls = side(p, mode, {
      jump: (m) => play.seek(m),
      step: (d) => play.stepBy(d),
      toggle: () => play.toggle(),
      scrub: (m) => play.seek(m),
      setSpeed: (v) => play.setSpeed(v),
      setGran: (g) => play.setGranularity(g),
      setQuiz: (on) => {
        host.quiz = on;
      },
      keys: () => host._keyboard.show(true),
      refocus: () => host._focusCanvas(),
      optionsModule: () => this.#options.value,
      loadOptions: () => this.#options.get().then((m) => m ?? Promise.reject(new Error('options'))),
      shadow: host._root,
      words: host._words,
      legend: words.legend(),
      // The quiz's questions and answers right under the narration, in every mode.
      kids: (...args) => {
        const kids = words.sideKids(...args);
        kids.splice(kids.indexOf(p.narration) + 1, 0, host._asking.slot);
        return kids;
      },
    });
    host._layout();
    host._redraw();
  }

  /** A press outside the options menu, the popup or the keys box closes it (a press on the canvas is the canvas's own: it explains what it hits). */
  #outside = (e) => {
    const host = this.#host;
    const path = e.composedPath();
    const menu = this.#controls?.menu;
    if (menu?.open && !path.includes(menu)) this.#controls.closeMenu();
    const pick = host._selection;
    if (pick.popupOpen && !path.includes(pick.popupRoot) && !path.includes(host._parts.canvas)) pick.close(false);
    const keys = host._parts.keys;
    if (!keys.hidden && !path.includes(keys) && !path.some((n) => n.id === 'keys')) keys.hidden = true;
  };
}
