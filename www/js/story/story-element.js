// story/story-element.js: the <loopy-story> element: one figure (a <loopy-ring> or <loopy-graph>, slot="figure") kept in view while the paragraphs pass; each paragraph's data-loopy settings are the figure's when it reaches the middle of the viewport.

import { Localizer } from '../element/i18n.js';
import { h } from '../element/style.js';
import { Pictures } from './print.js';
import { ScrollLine } from './scroll.js';
import { applyOrder, cumulativeViews, OWN_KEYS, parseSettings, stepOf } from './settings.js';
import { storySheet } from './story-style.js';

/** The figure elements a story can hold. */
const FIGURES = ['loopy-ring', 'loopy-graph'];

/**
 * `<loopy-story>`. Its children stay in the light DOM (without JavaScript, or in a feed
 * reader, they are the story: the text and the figure's fallback content); the shadow
 * root places them by manual slot assignment, so that each paragraph can carry its print
 * picture right after it.
 */
export class LoopyStory extends HTMLElement {
  #root;
  #figure = null;
  #figureSlot;
  #box;
  #caption;
  #text;
  #paras = []; // [{ el, own (its settings), box (its wrapper), img (its print picture) }]
  #views = [];
  #before = {}; // the view before the first paragraph: the figure's own settings
  #initial = new WeakMap(); // figure -> its attributes when the story first saw it
  #at = -2; // the paragraph on screen (-1: before the first; -2: none applied yet)
  #lineAt = -3; // the paragraph at the reading line when the story last looked (-3: not looked yet)
  #gen = 0;
  #line = null;
  #sizes = null;
  #resized = () => this.#line.reline();
  #watch = null;
  #pictures = null;
  // The story's own words (its print pictures' names): its lang, its ancestors', <html lang>.
  #words = new Localizer(this, () => this.#relabel());

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open', slotAssignment: 'manual' });
    this.#root.adoptedStyleSheets = [storySheet()];
    this.#figureSlot = h('slot', { name: 'figure' });
    this.#caption = h('p', { className: 'caption', part: 'caption', hidden: true });
    this.#text = h('div', { className: 'text', part: 'text' });
    this.#box = h('div', { className: 'figure', part: 'figure' }, this.#figureSlot, this.#caption);
    this.#root.append(h('div', { className: 'wrap' }, this.#box, this.#text));
  }

  connectedCallback() {
    this.#line = new ScrollLine(
      () => this.#readingLine(),
      () => this.#update(),
    );
    this.#sizes = new ResizeObserver(() => this.#line.reline());
    this.#sizes.observe(this.#box);
    this.#sizes.observe(this.#text);
    addEventListener('resize', this.#resized);
    this.#watch = new MutationObserver(() => this.#build());
    this.#watch.observe(this, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-loopy'] });
    this.#build();
    this.#words.connect();
  }

  disconnectedCallback() {
    this.#words.disconnect();
    this.#line?.stop();
    this.#sizes?.disconnect();
    removeEventListener('resize', this.#resized);
    this.#watch?.disconnect();
    this.#pictures?.stop();
    this.#gen++;
  }

  // ---- what a page reads --------------------------------------------------------------------

  /** The figure (the slotted <loopy-ring> or <loopy-graph>), or null. */
  get figure() {
    return this.#figure;
  }

  /** The paragraph whose view is on screen (0-based), or -1 before the first. */
  get at() {
    return Math.max(-1, this.#at);
  }

  /** Each paragraph's view: the settings up to it (see settings.js `cumulativeViews`). */
  get views() {
    return this.#views.map((v) => ({ ...v }));
  }

  /**
   * Shows paragraph `k`'s view now, as if the reader had scrolled to it (-1: the figure's own
   * settings). The story follows the reader again once the reading line moves to another
   * paragraph; its first look at the line after loading is not a move, so it does not undo this.
   */
  show(k) {
    this.#at = k;
    if (this.#line) this.#lineAt = this.#line.active();
    return this.#apply(k);
  }

  // ---- the children -------------------------------------------------------------------------

  /** Places the children (again, after any change to them) and reads the paragraphs' settings. */
  #build() {
    const kids = [...this.children];
    const figure = kids.find((e) => e.slot === 'figure') ?? kids.find((e) => FIGURES.includes(e.localName)) ?? null;
    if (figure && !this.#initial.has(figure)) {
      this.#initial.set(figure, Object.fromEntries([...figure.attributes].map((a) => [a.name, a.value])));
    }
    this.#figure = figure;
    this.#figureSlot.assign(...(figure ? [figure] : []));
    const boxes = [];
    this.#paras = [];
    for (const el of kids) {
      if (el === figure) continue;
      const slot = document.createElement('slot');
      slot.assign(el);
      if (!el.hasAttribute('data-loopy')) {
        boxes.push(slot);
        continue;
      }
      const img = h('canvas', { className: 'print', role: 'img', ariaLabel: this.#words.t('story.picture'), hidden: true });
      const box = h('div', { className: 'step' }, slot, img);
      boxes.push(box);
      this.#paras.push({ el, own: parseSettings(el.getAttribute('data-loopy')), box, img });
    }
    this.#text.replaceChildren(...boxes);
    const keys = new Set(this.#paras.flatMap((p) => Object.keys(p.own)));
    const initial = figure ? this.#initial.get(figure) : {};
    this.#before = {};
    for (const k of keys) if (!OWN_KEYS.includes(k)) this.#before[k] = initial[k] ?? (k === 'step' ? '0' : null);
    this.#views = cumulativeViews(
      this.#before,
      this.#paras.map((p) => p.own),
    );
    this.#at = -2;
    this.#lineAt = -3;
    this.#line.observe(this.#paras.map((p) => p.el));
    this.#pictures?.stop();
    this.#pictures = figure
      ? new Pictures(
          figure,
          this.#views,
          this.#paras.map((p) => p.img),
          this.#box,
        )
      : null;
    if (figure) customElements.whenDefined(figure.localName).then(() => this.#update());
  }

  // ---- following the reader -----------------------------------------------------------------

  /**
   * Where a paragraph takes the figure, in pixels from the viewport's top: the middle of
   * the viewport when the figure sits beside the text; when it is stacked above the text
   * (a phone), the middle of what it leaves below itself, so that the paragraph that takes
   * it is one the reader can see.
   */
  #readingLine() {
    const mid = innerHeight / 2;
    const fig = this.#box.getBoundingClientRect();
    const text = this.#text.getBoundingClientRect();
    if (text.left >= fig.right - 1) return mid;
    const below = Math.min(fig.height, innerHeight * 0.6);
    return Math.max(mid, (below + innerHeight) / 2);
  }

  /** The reader scrolled: the paragraph at the middle of the viewport, if it changed, takes the figure. */
  #update() {
    if (!this.#figure || !customElements.get(this.#figure.localName)) return;
    const k = this.#line.active();
    const moved = k !== this.#lineAt;
    this.#lineAt = k;
    if (!moved || k === this.#at) return;
    this.#at = k;
    for (const [i, p] of this.#paras.entries()) p.box.classList.toggle('at', i === k);
    this.#apply(k);
  }

  /** Gives the figure view `k`'s settings: game and look first, then the granularity, then the step (animated), the selection. */
  async #apply(k) {
    const gen = ++this.#gen;
    const fig = this.#figure;
    const view = k < 0 ? { ...this.#before, caption: null, highlight: null } : this.#views[k];
    if (!fig || !view) return;
    await customElements.whenDefined(fig.localName);
    if (gen !== this.#gen) return;
    const known = new Set(fig.constructor.observedAttributes ?? []);
    for (const key of applyOrder(view)) {
      if (key === 'step' || key === 'selected' || !known.has(key)) continue;
      setAttr(fig, key, view[key]);
    }
    this.#showCaption(view.caption);
    await fig.settled();
    if (gen !== this.#gen) return;
    const step = stepOf(view.step, fig.length);
    if ('step' in view) fig.playTo(step);
    if ('selected' in view) setAttr(fig, 'selected', view.selected);
    fig.highlight?.(view.highlight ?? null);
    // Said in the figure's own words (its language), since its live region says it.
    if (k >= 0) fig.announce(view.caption ?? (fig._words ?? this.#words).t('story.goes', { step, length: fig.length }));
    this.dispatchEvent(new CustomEvent('loopy-story-step', { detail: { index: k, step }, bubbles: true }));
    this.#pictures?.later();
  }

  /** The language changed: the pictures not drawn yet are named again (a drawn one bears its narration, in the figure's words). */
  #relabel() {
    for (const p of this.#paras) if (p.img.hidden) p.img.setAttribute('aria-label', this.#words.t('story.picture'));
  }

  #showCaption(text) {
    this.#caption.hidden = !text;
    this.#caption.textContent = text ?? '';
  }
}

/** Sets attribute `name` to `value` on `el` (null removes it), only when it differs. */
function setAttr(el, name, value) {
  if (value === null || value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) {
    el.setAttribute(name, value);
  }
}

/** Defines `<loopy-story>` (once). */
export function defineLoopyStory() {
  if (!customElements.get('loopy-story')) customElements.define('loopy-story', LoopyStory);
}
