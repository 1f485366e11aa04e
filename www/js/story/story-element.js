// story/story-element.js: the <loopy-story> element: one figure (a <loopy-ring> or <loopy-graph>, slot="figure") kept in view while the paragraphs pass; each paragraph's data-loopy settings are the figure's when it reaches the middle of the viewport.

import { Localizer } from '../element/i18n.js';
import { isTextField } from '../element/keys.js';
import { h } from '../element/style.js';
import { Pictures } from './print.js';
import { ScrollLine } from './scroll.js';
import { applyOrder, readSettings, recarry, stepOf, transitionSpeed } from './settings.js';
import { storySheet } from './story-style.js';

/**
 * A story narrower than this (CSS px: a phone) shows its figure without controls: the
 * paragraphs say what it shows and drive it, and the controls' room goes to the drawing,
 * which keeps its numbers, and to the text, which then clears the figure.
 */
const NARROW = 560;

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
  #stage = null; // presenter mode (story/present.js's), once loaded
  #staging = null; // its load, on its way
  #plan = null; // the last transition: { index, from, to, steps, speed, author }
  #onKey = (e) => this.#key(e);
  #narrow = null; // the figure is shown without controls (a phone); null: not looked yet
  #leaving = false; // presenter mode is ending: the page scrolls back to its paragraph
  #leaves = 0; // how many times presenter mode was left (a new start ends the last one's scrolling)
  #unloaded = false; // presenter mode's module could not be loaded: the notice says so

  static get observedAttributes() {
    return ['present'];
  }

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open', slotAssignment: 'manual' });
    this.#root.adoptedStyleSheets = [storySheet()];
    this.#figureSlot = h('slot', { name: 'figure' });
    this.#caption = h('p', { className: 'caption', part: 'caption', hidden: true });
    this.#notice = h('p', { className: 'notice', part: 'notice', role: 'status', hidden: true });
    this.#text = h('div', { className: 'text', part: 'text' });
    // Presenter mode for a mouse (F for the keyboard): the figure and the paragraph on the whole screen.
    this.#presentButton = h('button', { type: 'button', className: 'present', part: 'present-button', hidden: true });
    this.#presentButton.onclick = () => this.present(true);
    this.#box = h('div', { className: 'figure', part: 'figure' }, this.#figureSlot, this.#notice, this.#caption, this.#presentButton);
    this.#root.append(h('div', { className: 'wrap' }, this.#box, this.#text));
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
    if (this.hasAttribute('present')) this.#presenting(true);
  }

  disconnectedCallback() {
    this.#unfit();
    this.removeEventListener('keydown', this.#onKey, true);
    this.#stage?.leave();
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
    if (name === 'present' && this.isConnected && (old === null) !== (value === null)) this.#presenting(value !== null);
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

  /**
   * The last transition the story made the figure play: paragraph `index`, from step `from`
   * to step `to` (`steps` apart, at the figure's granularity then) at `speed` steps a second:
   * the figure's own speed when the paragraph sets one (`author`), else one that takes at
   * most `MAX_TRANSITION` seconds (settings.js `transitionSpeed`). Null before the first.
   */
  get plan() {
    return this.#plan && { ...this.#plan };
  }

  /** True in presenter mode (the `present` attribute, once its module is here). */
  get presenting() {
    return Boolean(this.#stage?.on);
  }

  /**
   * Presenter mode on or off: the figure in its own presenter mode over the whole screen (full
   * screen when the browser grants it) with the paragraph on screen as a large caption; the
   * page keys, arrows and a clicker's keys go paragraph by paragraph, Esc or F leaves, and the
   * page is scrolled to the paragraph left on. Reflected in the `present` attribute.
   */
  async present(on = true) {
    if (on && this.#loopy(this.#figure)) {
      const stage = await this.#loadStage();
      if (!stage) return;
      this.toggleAttribute('present', true);
      await stage.screen(true);
    } else this.removeAttribute('present');
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
    if (this.#figure !== figure) {
      this.#unfit();
      this.#figure = figure;
    }
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

  /** On a phone (the story narrower than `NARROW`), the figure without controls; else with its own. */
  #fit() {
    const fig = this.#figure;
    if (!this.#loopy(fig) || !this.clientWidth) return;
    const narrow = this.clientWidth < NARROW;
    if (narrow === this.#narrow) return;
    if (narrow) setAttr(fig, 'controls', 'none');
    else if (this.#narrow) setAttr(fig, 'controls', this.#initial.get(fig)?.controls ?? null);
    this.#narrow = narrow;
  }

  /** The figure as its author wrote it (it leaves the story, or another takes its place). */
  #unfit() {
    const fig = this.#figure;
    if (this.#narrow && fig) setAttr(fig, 'controls', this.#initial.get(fig)?.controls ?? null);
    this.#narrow = null;
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
    if (this.presenting || this.#leaving) return;
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
    await fig.settled();
    // A load still on its way (a game's attributes load at the end of the task) is waited for
    // too, so that the step and the selection below land on the new game, not the one before.
    for (let i = 0; gen === this.#gen && fig.loading && i < 100; i++) await fig.settled();
    if (gen !== this.#gen) return;
    const step = stepOf(view.step, fig.length);
    if ('step' in view) {
      // However far the step is, the figure gets there within MAX_TRANSITION seconds, unless the
      // paragraph sets the speed itself (then the author's speed is the figure's).
      const from = fig.step;
      const steps = Math.abs(step - from);
      const author = 'speed' in (this.#paras[k]?.own ?? {});
      // The speed it plays at now (its `view`'s: the attribute, or the one it chose for the game's length).
      const own = Number(fig.view?.speed) || 1;
      const speed = author ? own : transitionSpeed(steps, own);
      this.#plan = { index: k, from, to: step, steps, speed, author };
      fig.playTo(step, author ? undefined : speed);
    }
    if ('selected' in view) setAttr(fig, 'selected', view.selected);
    fig.highlight?.(view.highlight ?? null);
    // Said in the figure's own words (its language), since its live region says it.
    if (k >= 0) fig.announce(view.caption ?? (fig._words ?? this.#words).t('story.goes', { step, length: fig.length }));
    this.dispatchEvent(new CustomEvent('loopy-story-step', { detail: { index: k, step }, bubbles: true }));
  }

  // ---- presenter mode (story/present.js) -----------------------------------------------------

  /** Presenter mode's module, loaded the first time (null when it cannot be: the notice says so). */
  #loadStage() {
    this.#staging ??= Promise.resolve(files.present?.()).then(
      (mod) => {
        if (!mod) throw new Error('no presenter mode');
        this.#unloaded = false;
        const { Stage } = mod;
        this.#stage = new Stage({
          host: this,
          root: this.#root,
          slot: this.#figureSlot,
          box: this.#box,
          figure: () => this.#figure,
          count: () => this.#paras.length,
          paragraph: (k) => this.#paras[k]?.el ?? null,
          at: () => this.#at,
          show: (k) => {
            this.#mark(k);
            return this.show(k);
          },
          t: (key, params) => this.#words.t(key, params),
          leave: () => this.removeAttribute('present'),
        });
        return this.#stage;
      },
      () => {
        this.#staging = null;
        this.#unloaded = true;
        this.#notice.hidden = false;
        this.#relabel();
        return null;
      },
    );
    return this.#staging;
  }

  /** The `present` attribute changed: presenter mode starts (at the paragraph on screen, else the first) or ends. */
  async #presenting(on) {
    if (!on) {
      if (!this.#stage?.on) return;
      const gen = ++this.#leaves;
      // The reader's own move (a wheel, a key, a touch) ends the story's scrolling at once.
      const mine = () => {
        if (gen === this.#leaves) this.#leaves++;
      };
      const moves = ['wheel', 'keydown', 'pointerdown', 'touchstart'];
      for (const m of moves) addEventListener(m, mine, { capture: true, passive: true });
      this.#leaving = true;
      try {
        const k = await this.#stage.leave();
        // Leaving full screen puts the page's scroll back, at a moment of the browser's choosing (a
        // busy machine: frames later): the page is brought to the paragraph again for a few frames.
        for (let i = 0; i < 12 && gen === this.#leaves && !this.#stage.on; i++) {
          this.#scrollTo(k);
          await new Promise((done) => requestAnimationFrame(done));
        }
      } finally {
        for (const m of moves) removeEventListener(m, mine, { capture: true });
        if (!this.#stage.on) this.#leaving = false;
      }
      return;
    }
    if (!this.#loopy(this.#figure)) return this.removeAttribute('present');
    const stage = await this.#loadStage();
    if (!stage) return this.removeAttribute('present');
    if (!this.hasAttribute('present') || !this.isConnected || stage.on) return;
    this.#leaves++;
    this.#leaving = false;
    stage.enter(Math.max(0, this.#at));
  }

  /** Scrolls the page so that paragraph `k` is at the reading line (the reader goes on where the presenter stopped), when it is not. */
  #scrollTo(k) {
    const el = this.#paras[k]?.el;
    if (!el) return;
    // A little above the line, so that the paragraph is the one at it.
    const by = el.getBoundingClientRect().top - this.#readingLine() + 8;
    if (Math.abs(by) >= 2) scrollBy({ top: by, behavior: 'instant' });
  }

  /** F (or f) anywhere in the story presents it, the figure with the paragraph (the figure alone would drop the text). */
  #key(e) {
    if (this.presenting || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.key !== 'f' && e.key !== 'F') || isTextField(e.composedPath()[0]) || !this.#loopy(this.#figure)) return;
    e.preventDefault();
    e.stopPropagation();
    this.present(true);
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

/**
 * Defines `<loopy-story>` (once), with the module it loads on first use, imported where its
 * URL is the file's own: `present` (story/present.js, presenter mode first on).
 */
export function defineLoopyStory(lazy = {}) {
  files = { ...files, ...lazy };
  if (!customElements.get('loopy-story')) customElements.define('loopy-story', LoopyStory);
}
