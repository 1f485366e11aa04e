// element/presenter.js: the element's presenter mode controller: the `present` attribute, the whole screen (the Fullscreen API when granted, else the window), and its look (element/present.js, fetched the first time it presents).

import { followFullscreen } from './presence.js';
import { sheetOf } from './style.js';

/**
 * Presenter mode of one element (`host`): large, high-contrast type that fills the screen,
 * driven by the keyboard. Its look comes first, so that the screen never shows the element's
 * own look stretched; one that cannot be fetched leaves the element as it is, saying so.
 */
export class Presenter {
  #host;
  #look; // the lazy part: present.js's sheet, adopted once here
  #unfull = null; // stops following full screen

  constructor(host, load) {
    this.#host = host;
    this.#look = host._lazy(load, {
      // Adopted right after the element's own sheet (an element's extra sheets keep the last word).
      made: ({ CSS }) => {
        const look = sheetOf(CSS);
        const [own, ...rest] = host._root.adoptedStyleSheets;
        host._root.adoptedStyleSheets = [own, look, ...rest];
        return look;
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
    return this.#host.hasAttribute('present') && this.#look.value !== null;
  }

  connected() {
    // Leaving full screen (Esc, the browser's own button) leaves presenter mode too.
    this.#unfull = followFullscreen(this.#host, () => this.present(false));
  }

  disconnected() {
    this.#unfull?.();
  }

  attribute(name, value) {
    if (name !== 'present') return false;
    this.#presented(value !== null);
    return true;
  }

  /** Presenter mode on or off (see LoopyElement.present). */
  async present(on) {
    const host = this.#host;
    if (on && !(await this.#look.get())) return;
    host.toggleAttribute('present', on);
    try {
      if (on && !document.fullscreenElement) await host.requestFullscreen?.({ navigationUI: 'hide' });
      if (!on && document.fullscreenElement === host) await document.exitFullscreen();
    } catch {
      // Refused (no user gesture, or not allowed here): presenter mode fills the window instead.
    }
  }

  #presented(on) {
    const host = this.#host;
    // Set by a page before its look has come: presenter mode starts once it is here.
    if (on && !this.#look.value) {
      this.#look.get().then((look) => {
        if (!look) host.removeAttribute('present');
        else if (host.hasAttribute('present')) this.#presented(true);
      });
      return;
    }
    host._parts.box.classList.toggle('present', on);
    host._selection.close(false);
    host._layout();
    host._focusCanvas();
    host.dispatchEvent(new CustomEvent('loopy-present', { detail: { on }, bubbles: true, composed: true }));
  }
}
