// story/print.js: a story's print pictures, drawn only when printing is near (asked for, or the browser's beforeprint): a hidden twin of the figure visits each paragraph's view and draws its picture at the print's size on a canvas lent by a small pool, given back once the reader reads on.

import { applyOrder, stepOf } from './settings.js';

/** Device pixels per CSS px of a printed picture: a printer's dots are finer than a screen's. */
const PRINT_SCALE = 2;

/**
 * At most this many pictures exist at once on the page, every story's together (about
 * 3.3 MB of pixels each at 908 × 908): a story longer than that prints its first ones and
 * the rest as text. Their canvases are kept and lent again (a pool), empty when not lent.
 */
export const MAX_PICTURES = 48;

/** A view that never comes (a game that fails in the twin) is given up after this long (ms). */
const GIVE_UP = 15000;

const spare = [];
let lent = 0;

/** A canvas from the pool, or null when MAX_PICTURES are lent. */
function borrow() {
  if (lent >= MAX_PICTURES) return null;
  lent++;
  return spare.pop() ?? document.createElement('canvas');
}

/** Gives canvas `c` back: taken out of the page and emptied (its pixels freed). */
function giveBack(c) {
  c.remove();
  c.width = 0;
  c.height = 0;
  c.removeAttribute('aria-label');
  lent--;
  spare.push(c);
}

/** `p`, or undefined once `ms` have passed without it. */
function bounded(p, ms = GIVE_UP) {
  let timer;
  return Promise.race([p, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}

/**
 * The print pictures of one story. `draw()` (the story's `preparePrint()`, or the browser's
 * `beforeprint`, whose print shows what is drawn by then) makes them once: a twin of the
 * figure (the same attributes, no controls, hidden from everyone, in the top layer so that
 * it is in view and starts; it shares the figure's worker) takes each paragraph's view in
 * turn, jumping, and its picture is drawn on a canvas placed after the paragraph, named
 * with the figure's narration. `drop()` gives every canvas back (the reader reads on
 * after a print, the story changed, it left the page). `paragraphs()` gives `[{ box, view }]` in the text's
 * order; `place` is where the twin goes (the story's figure box, in its shadow root).
 */
export class Pictures {
  #figure;
  #paragraphs;
  #place;
  #name;
  #drawing = null;
  #canvases = [];
  #run = 0;
  #printed = false;

  /** `name()`: a picture's name until it is drawn (then the figure's narration names it). */
  constructor(figure, paragraphs, place, name) {
    this.#figure = figure;
    this.#paragraphs = paragraphs;
    this.#place = place;
    this.#name = name;
  }

  /** How many pictures are drawn now. */
  get count() {
    return this.#canvases.filter((c) => !c.hidden).length;
  }

  /** Draws the pictures (once; again after a `drop()`); resolves when they are drawn, or as many as the pool lends. */
  draw() {
    this.#drawing ??= this.#make(++this.#run);
    return this.#drawing;
  }

  /** The browser printed (`afterprint`): the pictures drawn by then have served. */
  printed() {
    if (this.count > 0) this.#printed = true;
  }

  /** Whether a print came since the pictures were drawn: the reader reading on then lets them go. */
  get served() {
    return this.#printed;
  }

  /** Stops drawing and gives every canvas back. */
  drop() {
    this.#run++;
    this.#printed = false;
    this.#drawing = null;
    for (const c of this.#canvases.splice(0)) giveBack(c);
  }

  async #make(run) {
    const fig = this.#figure;
    const paragraphs = this.#paragraphs();
    if (paragraphs.length === 0 || typeof fig.pictureCanvas !== 'function') return;
    const twin = document.createElement(fig.localName);
    for (const a of fig.attributes)
      if (!['slot', 'id', 'autoplay', 'selected', 'step', 'present'].includes(a.name)) twin.setAttribute(a.name, a.value);
    twin.setAttribute('controls', 'none');
    twin.setAttribute('aria-hidden', 'true');
    twin.inert = true;
    twin.className = 'twin';
    // Its events are no news to the page.
    for (const type of ['loopy-ready', 'loopy-step', 'loopy-done', 'loopy-select', 'loopy-progress', 'loopy-error', 'loopy-cancel'])
      twin.addEventListener(type, (e) => e.stopPropagation());
    // In the top layer (a manual popover), fixed to the viewport and unseen, as wide as
    // the printed picture: an element starts only in view, and the story's box may have
    // scrolled away.
    const layer = document.createElement('div');
    layer.className = 'twin-layer'; // 12 cm wide (story-style.js), as the printed picture
    layer.popover = 'manual';
    layer.inert = true;
    layer.append(twin);
    this.#place.append(layer);
    layer.showPopover?.();
    try {
      for (const { box, view } of paragraphs) {
        if (run !== this.#run) return;
        const out = borrow();
        if (!out) return; // the pool is lent out: the rest print as text
        out.className = 'print';
        out.setAttribute('role', 'img');
        out.setAttribute('aria-label', this.#name());
        out.hidden = true;
        this.#canvases.push(out);
        box.append(out);
        if (!(await this.#visit(twin, view)) || run !== this.#run) continue;
        const picture = twin.pictureCanvas(PRINT_SCALE);
        if (!picture) continue;
        // A canvas, not an image: a strict CSP (img-src 'self') refuses blob: and data: sources.
        out.width = picture.width;
        out.height = picture.height;
        out.getContext('2d').drawImage(picture, 0, 0);
        out.setAttribute('aria-label', twin.narration);
        out.hidden = false;
      }
    } finally {
      layer.remove();
    }
  }

  /** Gives the twin `view` (jumping); resolves to whether it is drawn there. */
  async #visit(twin, view) {
    const known = new Set(twin.constructor.observedAttributes ?? []);
    for (const key of applyOrder(view)) {
      if (key === 'step' || !known.has(key) || key === 'controls' || key === 'present') continue;
      const v = view[key];
      if (v === null || v === undefined) twin.removeAttribute(key);
      else twin.setAttribute(key, v);
    }
    await bounded(twin.settled());
    const step = stepOf(view.step, twin.length);
    if (twin.step !== step) {
      // The element's own frame draws the step and says so: no frame loop of our own.
      const there = new Promise((resolve) => {
        const on = () => {
          if (twin.step !== step) return;
          twin.removeEventListener('loopy-step', on);
          resolve();
        };
        twin.addEventListener('loopy-step', on);
      });
      twin.seek(step);
      await bounded(there);
    }
    await bounded(twin.settled());
    return twin.step === step && twin.state === 'ready';
  }
}
