// story/print.js: a story's print pictures: once the reader's figure is idle, a hidden twin of it visits each paragraph's view and keeps its picture (pictureCanvas, as the PNG export draws) as the paragraph's printed image.

import { applyOrder, stepOf } from './settings.js';

/** How long the reader must leave the page still (ms) before the twin works: its first load has tasks over 50 ms. */
const STILL = 2000;

/** Waits for the browser to be idle (a frame at the latest after `ms`). */
function idle(ms = 1500) {
  return new Promise((resolve) => (globalThis.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: ms }) : setTimeout(resolve, 50)));
}

/**
 * The pictures of one story. `later()` (called whenever the figure reached a paragraph's
 * view) starts them once, when the reader has left the page still for a while and the
 * browser is idle (and each view waits again while the reader scrolls): a twin of the figure (the same
 * attributes, no controls, hidden from everyone, behind the figure so that it is in view
 * and starts) takes each view in turn, jumping, and each picture is drawn on `imgs[k]` (a canvas)
 * with the figure's narration as its name. The twin then leaves. It shares the figure's worker (one wasm download).
 */
export class Pictures {
  #figure;
  #views;
  #imgs;
  #started = false;
  #stopped = false;

  #place;

  /** `place`: where the twin goes (the story's figure box, in its shadow root). */
  constructor(figure, views, imgs, place) {
    this.#figure = figure;
    this.#place = place;
    this.#views = views;
    this.#imgs = imgs;
  }

  later() {
    if (this.#started || this.#stopped || this.#views.length === 0) return;
    this.#started = true;
    addEventListener('scroll', this.#scrolled, { passive: true });
    this.#still().then(() => this.#make());
  }

  stop() {
    this.#stopped = true;
    removeEventListener('scroll', this.#scrolled);
  }

  #lastScroll = 0;
  #scrolled = () => {
    this.#lastScroll = performance.now();
  };

  /** Resolves once the reader has not scrolled for STILL ms and the browser is idle: the twin never works while the reader scrolls. */
  async #still() {
    for (;;) {
      const seen = this.#lastScroll;
      await new Promise((resolve) => setTimeout(resolve, STILL));
      if (seen === this.#lastScroll) return idle();
    }
  }

  async #make() {
    const fig = this.#figure;
    if (this.#stopped) return;
    const twin = document.createElement(fig.localName);
    for (const a of fig.attributes) if (!['slot', 'id', 'autoplay', 'selected', 'step'].includes(a.name)) twin.setAttribute(a.name, a.value);
    twin.setAttribute('controls', 'none');
    twin.setAttribute('aria-hidden', 'true');
    twin.inert = true;
    twin.className = 'twin';
    // Its events are no news to the page.
    for (const type of ['loopy-ready', 'loopy-step', 'loopy-done', 'loopy-select', 'loopy-progress'])
      twin.addEventListener(type, (e) => e.stopPropagation());
    // In the top layer (a manual popover), fixed to the viewport and unseen: an element
    // starts only in view, and the story's own box may have scrolled away.
    const layer = document.createElement('div');
    layer.className = 'twin-layer';
    layer.popover = 'manual';
    layer.inert = true;
    layer.append(twin);
    this.#place.append(layer);
    layer.showPopover?.();
    try {
      for (const [k, view] of this.#views.entries()) {
        if (this.#stopped) return;
        if (performance.now() - this.#lastScroll < STILL) await this.#still();
        if (!(await this.#visit(twin, view))) continue;
        const picture = twin.pictureCanvas(2);
        if (!picture || this.#stopped) continue;
        // A canvas, not an image: a strict CSP (img-src 'self') refuses blob: and data: sources.
        const out = this.#imgs[k];
        out.width = picture.width;
        out.height = picture.height;
        out.getContext('2d').drawImage(picture, 0, 0);
        out.setAttribute('aria-label', twin.narration);
        out.hidden = false;
      }
    } finally {
      layer.remove();
      removeEventListener('scroll', this.#scrolled);
    }
  }

  /** Gives the twin `view` (jumping) and waits until it is drawn there. */
  async #visit(twin, view) {
    const known = new Set(twin.constructor.observedAttributes ?? []);
    for (const key of applyOrder(view)) {
      if (key === 'step' || !known.has(key) || key === 'controls') continue;
      const v = view[key];
      if (v === null || v === undefined) twin.removeAttribute(key);
      else twin.setAttribute(key, v);
    }
    await twin.settled();
    const step = stepOf(view.step, twin.length);
    twin.seek(step);
    // Drawn there: at the step and idle (a bound of about 10 s against a game that never comes).
    for (let i = 0; i < 600; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (twin.step === step && twin.state === 'ready') return true;
    }
    return false;
  }
}
