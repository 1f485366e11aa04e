// story/story-element.js: the <loopy-story> element: one figure (a <loopy-ring> or <loopy-graph>, slot="figure") kept in view while the paragraphs pass; each paragraph's data-loopy settings are the figure's when it reaches the middle of the viewport.

import { Localizer } from '../element/i18n.js';
import { h } from '../element/style.js';
import { PhoneFit } from './phone.js';
import { Presenting } from './presenting.js';
import { Pictures } from './print.js';
import { ScrollLine } from './scroll.js';
import { applyOrder, readSettings, recarry, stepOf, transitionPlan } from './settings.js';
import { storySheet } from './story-style.js';

/** The figure elements a story can hold. */
const FIGURES = ['loopy-ring', 'loopy-graph'];

/** Printing (or a print preview): the paragraphs reflow, which is no reader's move. */
const printing = matchMedia('print');

/** The modules loaded on first use, as the entry that defines the story imports them (see defineLoopyStory). */
let files = {};

/**
 * `<loopy-story>`. Its children stay in the light DOM (without JavaScript, or in a feed
 * reader, they are the story: the text and the figure's fallback content); the shadow
 * root places them by manual slot assignment, so that each paragraph can carry its print
 * picture right after it. An edit of the children (a paragraph's `data-loopy`, a child
 * added or removed) redoes only what it changes: the children's boxes, and the views from
 * the first paragraph it touches on (settings.js `recarry`).
 */
export class LoopyStory extends HTMLElement {
  #root;
  #figure = null;
  #figureSlot;
  #box;
  #caption;
  #notice;
  #text;
  #paras = []; // [{ el, own (its settings), box (its wrapper) }], in the text's order
  #boxes = new Map(); // child element -> its box in the shadow root
  #carried = []; // what paragraphs 0..k set, their own keys aside (settings.js recarry)
  #uses = new Map(); // key -> how many paragraphs set it: the view before the first restores these
  #keys = null; // the settings a paragraph may give (the figure's attributes); null until its class is defined
  #initial = new WeakMap(); // figure -> its attributes when the story first saw it
  #at = -2; // the paragraph on screen (-1: before the first; -2: none applied yet)
  #lineAt = -3; // the paragraph at the reading line when the story last looked (-3: not looked yet)
  #marked = null; // the box marked as the one on screen
  #gen = 0;
  #line = null;
  #sizes = null;
  #resized = () => this.#line.reline();
  #watch = null;
  #pictures = null;
  #printNear = () => this.#pictures?.draw();
  #printDone = () => this.#pictures?.printed();
  // The story's own words (its notice): its lang, its ancestors', <html lang>.
  #words = new Localizer(this, () => this.#relabel());
  #presentButton;
  #plan = null; // the last transition: { index, from, to, steps, speed, author }
  #onKey = (e) => this.#presenter.key(e);
  #presenter;
  #phone = new PhoneFit(); // on a phone, the figure without controls
  #unloaded = false; // presenter mode's module could not be loaded: the notice says so

  static observedAttributes = ['present'];

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open', slotAssignment: 'manual' });
    this.#root.adoptedStyleSheets = [storySheet()];
    this.#figureSlot = h('slot', { name: 'figure' });
    this.#caption = h('p', { className: 'caption', part: 'caption', hidden: true });
    this.#notice = h('p', { className: 'notice', part: 'notice', role: 'status', hidden: true });
    this.#text = h('div', { className: 'text', part: 'text' });
    this.#presentButton = h('button', { type: 'button', className: 'present', part: 'present-button', hidden: true });
    this.#presentButton.onclick = () => this.present(true);
    this.#box = h('div', { className: 'figure', part: 'figure' }, this.#figureSlot, this.#notice, this.#caption, this.#presentButton);
    this.#root.append(h('div', { className: 'wrap' }, this.#box, this.#text));
    const parts = { host: this, root: this.#root, slot: this.#figureSlot, box: this.#box, t: (key, params) => this.#words.t(key, params) };
    const reads = { figure: () => this.#figure, count: () => this.#paras.length, paragraph: (k) => this.#paras[k]?.el, at: () => this.#at };
    const acts = { show: (k) => this.#mark(k) ?? this.show(k), loopy: () => this.#loopy(this.#figure), line: () => this.#readingLine() };
    const unloaded = (yes) => {
      this.#unloaded = yes;
      this.#notice.hidden &&= !yes;
      this.#relabel();
    };
    this.#presenter = new Presenting({ ...parts, ...reads, ...acts, unloaded }, () => files.present?.());
  }

  connectedCallback() {
    this.#line = new ScrollLine(
      () => this.#readingLine(),
      () => this.#update(),
    );
    this.#sizes = new ResizeObserver(() => {
      this.#fit();
      this.#line.reline();
    });
    this.#sizes.observe(this);
    this.#sizes.observe(this.#box);
    this.#sizes.observe(this.#text);
    addEventListener('resize', this.#resized);
    addEventListener('beforeprint', this.#printNear);
    addEventListener('afterprint', this.#printDone);
    // The story's own children and their data-loopy: a paragraph's text is its own business.
    this.#watch = new MutationObserver((records) => this.#edited(records));
    this.#watch.observe(this, { childList: true, attributes: true, subtree: true, attributeFilter: ['data-loopy', 'slot'] });
    this.addEventListener('keydown', this.#onKey, true);
    this.#build();
    this.#words.connect();
    if (this.hasAttribute('present')) this.#presenter.changed(true);
  }

  disconnectedCallback() {
    this.#phone.unfit();
    this.removeEventListener('keydown', this.#onKey, true);
    this.#presenter.disconnected();
    this.#words.disconnect();
    this.#line?.stop();
    this.#sizes?.disconnect();
    removeEventListener('resize', this.#resized);
    removeEventListener('beforeprint', this.#printNear);
    removeEventListener('afterprint', this.#printDone);
    this.#watch?.disconnect();
    this.#pictures?.drop();
    this.#gen++;
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'present' && this.isConnected && (old === null) !== (value === null)) this.#presenter.changed(value !== null);
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

  /** Each paragraph's view: the figure's own settings, then every paragraph's up to it (see settings.js `cumulativeViews`). */
  get views() {
    return this.#paras.map((_, k) => this.#view(k));
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

  /** The last transition: paragraph `index` took the figure from step `from` to `to` (`steps`) at `speed` a second (`author`: the paragraph's). */
  get plan() {
    return this.#plan && { ...this.#plan };
  }

  /** True in presenter mode (the `present` attribute, once its module is here). */
  get presenting() {
    return this.#presenter.on;
  }

  /** Presenter mode on or off (the `present` attribute): the figure over the whole screen, the paragraph as its caption (story/present.js). */
  present(on = true) {
    return this.#presenter.request(on);
  }

  /**
   * Draws each paragraph's print picture (at most `MAX_PICTURES` on the page at once: a
   * longer story prints the rest as text); resolves once they are drawn. They are given
   * back when the reader moves to another paragraph after a print. `beforeprint` starts them too,
   * but a print cannot wait: that print shows what is drawn by then.
   */
  preparePrint() {
    return this.#pictures?.draw() ?? Promise.resolve();
  }

  /** Prints the page once the story's pictures are drawn (`preparePrint()`, then `print()`). */
  async print() {
    await this.preparePrint();
    globalThis.print();
  }

  // ---- the children -------------------------------------------------------------------------

  /** Whether `fig` is a figure a story can drive (a Loopy element). */
  #loopy(fig) {
    return Boolean(fig) && FIGURES.includes(fig.localName);
  }

  /** The figure among the children: the one in slot "figure", else the first Loopy element. */
  #findFigure() {
    const kids = [...this.children];
    return kids.find((e) => e.slot === 'figure') ?? kids.find((e) => FIGURES.includes(e.localName)) ?? null;
  }

  /** Places every child (again) and reads every paragraph's settings: on connecting, and when the figure changes. */
  #build() {
    const figure = this.#findFigure();
    if (figure && !this.#initial.has(figure)) {
      this.#initial.set(figure, Object.fromEntries([...figure.attributes].map((a) => [a.name, a.value])));
    }
    this.#figure = figure;
    this.#figureSlot.assign(...(figure ? [figure] : []));
    this.#fit();
    const loopy = this.#loopy(figure);
    this.#keys = loopy ? (customElements.get(figure.localName)?.observedAttributes ?? null) : [];
    this.#notice.hidden = loopy || !figure;
    this.#presentButton.hidden = !loopy;
    this.#relabel();
    this.#boxes.clear();
    this.#paras = [];
    this.#marked = null;
    const boxes = [];
    for (const el of this.children) {
      if (el === figure) continue;
      const box = this.#boxFor(el);
      boxes.push(box);
      if (el.hasAttribute('data-loopy')) this.#paras.push(this.#para(el, box));
    }
    this.#text.replaceChildren(...boxes);
    this.#recount();
    this.#carried = [];
    recarry(
      this.#carried,
      this.#paras.map((p) => p.own),
      0,
    );
    this.#at = -2;
    this.#lineAt = -3;
    this.#line.observe(this.#paras.map((p) => p.el));
    this.#pictures?.drop();
    this.#pictures = loopy
      ? new Pictures(
          figure,
          () => this.#paras.map((p, k) => ({ box: p.box, view: this.#view(k) })),
          this.#box,
          () => this.#words.t('story.picture'),
        )
      : null;
    if (!loopy) return;
    customElements.whenDefined(figure.localName).then(() => {
      if (this.#figure !== figure || !this.isConnected) return;
      // Read with the figure's own attributes as the whitelist, now that its class says them.
      if (this.#keys === null) return this.#build();
      this.#update();
    });
  }

  /** On a phone, the figure without controls; else with its own (story/phone.js). */
  #fit() {
    const fig = this.#figure;
    this.#phone.fit(this.#loopy(fig) ? fig : null, this.#initial.get(fig)?.controls ?? null, this.clientWidth);
  }

  /** The box that places child `el` in the text: a slot, in a wrapper for a paragraph (its print picture goes after it). */
  #boxFor(el) {
    const slot = document.createElement('slot');
    slot.assign(el);
    const box = el.hasAttribute('data-loopy') ? h('div', { className: 'step' }, slot) : slot;
    this.#boxes.set(el, box);
    return box;
  }

  /** Paragraph `el` in `box`, its settings read from the whitelist. */
  #para(el, box) {
    return { el, box, own: readSettings(el.getAttribute('data-loopy'), this.#keys ?? []) };
  }

  /** Counts again which keys the paragraphs set (the view before the first restores each). */
  #recount() {
    this.#uses.clear();
    for (const p of this.#paras) this.#use(p.own, 1);
  }

  #use(own, d) {
    for (const k of Object.keys(own)) {
      if (k === 'caption' || k === 'highlight') continue;
      const n = (this.#uses.get(k) ?? 0) + d;
      if (n > 0) this.#uses.set(k, n);
      else this.#uses.delete(k);
    }
  }

  /**
   * The children changed: a figure that came, went or changed is a new story (built anew);
   * anything else redoes only the boxes of the children it touches, and the views from the
   * first paragraph it touches on.
   */
  #edited(records) {
    const figure = this.#findFigure();
    const touched = new Set();
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target.parentElement !== this) continue;
        if (r.target === figure || r.attributeName === 'slot') return this.#build();
        touched.add(r.target);
      } else if (r.target === this) {
        for (const n of [...r.addedNodes, ...r.removedNodes]) if (n.nodeType === 1) touched.add(n);
      }
    }
    if (figure !== this.#figure || touched.has(figure)) return this.#build();
    if (touched.size === 0) return;
    const old = this.#paras;
    const before = new Map(old.map((p, k) => [p, k]));
    const byEl = new Map(old.map((p) => [p.el, p]));
    const added = [];
    const removed = [];
    const changed = new Set();
    // Children gone, or no longer paragraphs or no longer plain text: their boxes go.
    for (const el of touched) {
      const box = this.#boxes.get(el);
      const was = byEl.get(el);
      const stays = el.parentElement === this && el !== figure && Boolean(was) === el.hasAttribute('data-loopy');
      if (box && !stays) {
        box.remove();
        this.#boxes.delete(el);
        if (was) {
          this.#use(was.own, -1);
          byEl.delete(el);
          removed.push(el);
        }
      } else if (was) {
        // A paragraph whose data-loopy changed: read again.
        this.#use(was.own, -1);
        was.own = this.#para(el, was.box).own;
        this.#use(was.own, 1);
        changed.add(was);
      }
    }
    // Children new here (or that became or stopped being paragraphs): boxes in their place.
    for (const el of touched) {
      if (el.parentElement !== this || el === figure || this.#boxes.has(el)) continue;
      const box = this.#boxFor(el);
      let next = el.nextElementSibling;
      while (next && !this.#boxes.has(next)) next = next.nextElementSibling;
      this.#text.insertBefore(box, next ? this.#boxes.get(next) : null);
      if (el.hasAttribute('data-loopy')) {
        const p = this.#para(el, box);
        this.#use(p.own, 1);
        byEl.set(el, p);
        changed.add(p);
        added.push(el);
      }
    }
    // The paragraphs in the text's order, each with what it carried before (for recarry's early stop).
    const paras = [];
    for (const el of this.children) {
      const p = byEl.get(el);
      if (p) paras.push(p);
    }
    let from = paras.length;
    for (const [k, p] of paras.entries()) {
      if (changed.has(p) || before.get(p) !== k) {
        from = k;
        break;
      }
    }
    const carried = paras.map((p) => (before.has(p) ? this.#carried[before.get(p)] : undefined));
    this.#paras = paras;
    this.#carried = carried;
    recarry(
      carried,
      paras.map((p) => p.own),
      Math.min(from, paras.length),
    );
    this.#line.edit(
      paras.map((p) => p.el),
      added,
      removed,
    );
    this.#pictures?.drop();
    // The view on screen may have changed (or moved to another index): look again.
    if (from <= Math.max(this.#at, this.#lineAt)) {
      this.#at = -2;
      this.#lineAt = -3;
      this.#update();
    }
  }

  /** Paragraph `k`'s view (-1: before the first, the figure's own settings), or null. */
  #view(k) {
    const initial = (this.#figure && this.#initial.get(this.#figure)) ?? {};
    const before = {};
    for (const key of this.#uses.keys()) before[key] = Object.hasOwn(initial, key) ? initial[key] : key === 'step' ? '0' : null;
    if (k < 0) return { ...before, caption: null, highlight: null };
    const p = this.#paras[k];
    if (!p) return null;
    return { ...before, ...this.#carried[k], caption: p.own.caption ?? null, highlight: p.own.highlight ?? null };
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
    // Presenter mode drives the story by its keys: the page behind it scrolls for nobody.
    if (this.#presenter.busy) return;
    if (!this.#loopy(this.#figure) || !customElements.get(this.#figure.localName) || printing.matches) return;
    const k = this.#line.active();
    const moved = k !== this.#lineAt;
    this.#lineAt = k;
    if (!moved || k === this.#at) return;
    // The reader reads on after a print: the print pictures go back to the pool.
    if (this.#at !== -2 && this.#pictures?.served) this.#pictures.drop();
    this.#at = k;
    this.#mark(k);
    this.#apply(k);
  }

  /** Marks paragraph `k`'s box as the one on screen. */
  #mark(k) {
    this.#marked?.classList.remove('at');
    this.#marked = this.#paras[k]?.box ?? null;
    this.#marked?.classList.add('at');
  }

  /** Gives the figure view `k`'s settings: game and look first, then the granularity, then the step (animated), the selection. */
  async #apply(k) {
    const gen = ++this.#gen;
    const fig = this.#figure;
    if (!this.#loopy(fig)) return;
    const view = this.#view(k);
    if (!view) return;
    await customElements.whenDefined(fig.localName);
    if (gen !== this.#gen) return;
    const known = this.#keys ?? [];
    for (const key of applyOrder(view)) {
      if (key === 'step' || key === 'selected' || !known.includes(key)) continue;
      setAttr(fig, key, view[key]);
    }
    this.#showCaption(view.caption);
    // The new game, if these attributes asked for one, is on screen once this resolves (settled() waits for a
    // load queued or on its way): the step and the selection below land on it, not on the one before.
    await fig.settled();
    if (gen !== this.#gen) return;
    const step = stepOf(view.step, fig.length);
    if ('step' in view) {
      // Within MAX_TRANSITION seconds however far, unless the paragraph sets a speed; the figure's speed is its view's.
      this.#plan = transitionPlan(k, fig.step, step, this.#paras[k]?.own ?? {}, Number(fig.view?.speed) || 1);
      fig.playTo(step, this.#plan.author ? undefined : this.#plan.speed);
    }
    if ('selected' in view) setAttr(fig, 'selected', view.selected);
    fig.highlight?.(view.highlight ?? null);
    // Said in the figure's own words (its language), since its live region says it.
    if (k >= 0) fig.announce(view.caption ?? (fig._words ?? this.#words).t('story.goes', { step, length: fig.length }));
    this.dispatchEvent(new CustomEvent('loopy-story-step', { detail: { index: k, step }, bubbles: true }));
  }

  /** The language changed: the notice is said again. */
  #relabel() {
    this.#presentButton.textContent = this.#words.t('story.present');
    this.#presentButton.title = this.#words.t('story.present.title');
    const fig = this.#figure;
    if (this.#notice.hidden || !fig) return;
    if (this.#unloaded) this.#notice.textContent = this.#words.t('story.present.unloaded');
    else this.#notice.textContent = this.#words.t('story.notFigure', { tag: `<${fig.localName}>` });
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

/** Defines `<loopy-story>` (once), with the module it loads on first use as its entry imports it: `present` (story/present.js). */
export function defineLoopyStory(lazy = {}) {
  files = { ...files, ...lazy };
  if (!customElements.get('loopy-story')) customElements.define('loopy-story', LoopyStory);
}
