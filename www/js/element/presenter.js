// element/presenter.js: the element's presenter mode controller: the `present` attribute, following full screen, and presenter mode itself (element/present.js, its look and its moves, fetched the first time the element presents).

import { followFullscreen } from './presence.js';
import { sheetOf } from './style.js';

/**
 * Presenter mode of one element (`host`): large, high-contrast type that fills the screen
 * (the Fullscreen API when granted, else the window), driven by the keyboard. Its look
 * comes first, so that the screen never shows the element's own look stretched; one that
 * cannot be fetched leaves the element as it is, saying so.
 */
export class Presenter {
  #host;
  #mode; // the lazy part: present.js's presenter, its look adopted
  #unfull = null; // stops following full screen
  #gave = false; // the element gave the screen back itself: the full screen's end that follows is not the reader's Esc

  constructor(host, load) {
    this.#host = host;
    this.#mode = host._lazy(load, {
      // Its look right after the element's own sheet (an element's extra sheets keep the last word).
      made: ({ CSS, presenter }) => {
        const [own, ...rest] = host._root.adoptedStyleSheets;
        host._root.adoptedStyleSheets = [own, sheetOf(CSS), ...rest];
        return presenter(host);
      },
      ready: () => host._redraw(),
      failed: () => {
        host._say(host._t('core.present.unloaded'));
        host._redraw();
      },
    });
  }

  /** True in presenter mode (the `present` attribute, once its look is here). */
  get on() {
    return this.#host.hasAttribute('present') && this.#mode.value !== null;
  }

  connected() {
    // Leaving full screen (Esc, the browser's own button) leaves presenter mode too; the end of a full screen the
    // element gave back itself does not (presenter mode entered again meanwhile, F right after Esc, stays on).
    this.#unfull = followFullscreen(this.#host, () => {
      if (this.#gave) this.#gave = false;
      else this.present(false);
    });
  }

  disconnected() {
    this.#unfull?.();
  }

  attribute(name, value) {
    if (name !== 'present') return false;
    const host = this.#host;
    const on = value !== null;
    // Set by a page before its look has come: presenter mode starts once it is here.
    if (this.#mode.value) this.#mode.value.show(on);
    else if (on) this.#mode.get().then((mode) => (!mode ? host.removeAttribute('present') : host.hasAttribute('present') && mode.show(true)));
    return true;
  }

  /** Presenter mode on or off (see LoopyElement.present). */
  async present(on) {
    const mode = on ? await this.#mode.get() : this.#mode.value;
    if (on && !mode) return;
    this.#host.toggleAttribute('present', on);
    if (on) return mode?.screen(true);
    this.#gave = document.fullscreenElement === this.#host;
    await mode?.screen(false);
    // Not given back after all (refused): no end of it is coming.
    if (document.fullscreenElement === this.#host) this.#gave = false;
  }
}
