// element/keyboard.js: the element's keyboard controller: its one key map (playback, the element's own keys, the quiz's answers, zoom, presenter mode, Esc, ?), run on a key and listed in the "Keys" box.

import { keyLines, keyMap, QUIZ_KEYS, runKey } from './keys.js';

/** The keys of one element (`host`, the element core); the element's words bring its own keys (`keys()`, `modeKeys()`). */
export class Keyboard {
  #host;

  constructor(host) {
    this.#host = host;
    host.addEventListener('keydown', (e) => this.handle(e));
  }

  /** Handles a key of the key map; true when it did. */
  handle(e) {
    return runKey(this.#map(), e);
  }

  /** The keys as the list shows them: [[keys, what they do], ...]. */
  get lines() {
    return keyLines(this.#map());
  }

  /** Shows the "Keys" box (its focus taken), or hides it (the focus back on the canvas). */
  show(on) {
    const box = this.#host._parts.keys;
    box.hidden = !on;
    if (on) box.focus({ preventScroll: true });
    else this.#host._focusCanvas();
  }

  /** The whole key map: playback first, then the element's own keys, then the common rest. */
  #map() {
    const host = this.#host;
    const play = host._play;
    const words = host._spec.words;
    const kind = host._kind;
    const t = (key) => host._t(key);
    return keyMap({
      toggle: () => play.toggle(),
      stepBy: (d) => play.stepBy(d),
      seek: (m) => play.seek(m),
      faster: (d) => play.faster(d),
      cycleGranularity: (d) => play.cycleGranularity(d),
      enter: (e) => this.#enter(e),
      jump: () => host._sel !== null && void host._jumpTo(host._sel),
      quiz: () => {
        host.quiz = !host._asking.on;
      },
      zoom: (f) => host.zoom(f),
      resetZoom: () => host.resetZoom(),
      escape: () => this.#escape(),
      showKeys: () => this.show(host._parts.keys.hidden),
      w: host._words,
      enterWhat: t(kind.enter),
      jumpWhat: t(kind.jump),
      zoomWhat: t(kind.zoom),
      escapeWhat: t('core.keys.escape'),
      own: words.keys(),
      modes: [...(words.modeKeys?.() ?? []), ...this.#quizKeys()],
      present: [{ keys: ['f', 'F'], label: 'F', what: t('core.keys.present'), run: () => void host.present(!host.presenting) }],
    });
  }

  /** The keys that answer the quiz: they apply only while it asks something. */
  #quizKeys() {
    const host = this.#host;
    const last = host._kind.draw === 'Loop' ? 'O' : 'D';
    const what = host._t(host._kind.quizKey);
    // Shown as the terms name the values: W, L under Win/Lose, N, P under terms="pn" (both answer either way).
    const label = host._words.terms === 'pn' ? `N, P, ${last}` : `W, L, ${last}`;
    return QUIZ_KEYS.map(({ keys, outcome }, k) => ({ keys, label, what: k ? '' : what, run: () => host._asking.answer(outcome) }));
  }

  #enter(e) {
    const host = this.#host;
    const t = host._sel;
    if ((e.composedPath()[0] || e.target) !== host._parts.canvas || t === null) return false;
    if (host._pick(t)) host._selection.why(t);
  }

  #escape() {
    const host = this.#host;
    const pick = host._selection;
    // In presenter mode one Esc leaves it, closing on the way whatever is open (the keys, the menu, the popup).
    if (host.presenting) {
      if (!host._parts.keys.hidden) this.show(false);
      host._side.closeMenu();
      if (pick.popupOpen) pick.close(true);
      host.present(false);
      return;
    }
    if (!host._parts.keys.hidden) this.show(false);
    else if (host._side.closeMenu()) return;
    else if (pick.popupOpen) pick.close(true);
    else if (host.presenting) host.present(false);
    else if (pick.selected !== null) pick.select(null);
    else return false;
  }
}
