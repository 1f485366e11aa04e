// story/presenting.js: a story's way into presenter mode and out of it: F, its button and its `present` attribute fetch presenter mode (story/present.js) the first time, and leaving brings the page back to the paragraph left on.

import { isTextField } from '../element/keys.js';

/**
 * Presenter mode of one story. `api` is the story's: what story/present.js's Stage is lent
 * (`host`, `root`, `slot`, `box`, `figure()`, `count()`, `paragraph(k)`, `at()`, `show(k)`,
 * `t(key, params)`), plus `loopy()` (its figure is a Loopy element), `line()` (its reading
 * line, in px from the viewport's top) and `unloaded(yes)` (the module could not be fetched:
 * the story says so); `load()` imports story/present.js.
 */
export class Presenting {
  #api;
  #load;
  #stage = null; // presenter mode (story/present.js's), once loaded
  #staging = null; // its load, on its way
  #leaving = false; // presenter mode is ending: the page scrolls back to its paragraph
  #leaves = 0; // how many times presenter mode was left (a new start, or the reader's move, ends the last one's scrolling)

  constructor(api, load) {
    this.#api = api;
    this.#load = load;
  }

  /** True in presenter mode. */
  get on() {
    return Boolean(this.#stage?.on);
  }

  /** True while presenter mode is on or still ending: the story leaves the page's scroll alone. */
  get busy() {
    return this.on || this.#leaving;
  }

  /** Presenter mode on (its module fetched first, then the whole screen asked for) or off: the `present` attribute. */
  async request(on) {
    const host = this.#api.host;
    if (!on || !this.#api.loopy()) return host.removeAttribute('present');
    const stage = await this.#get();
    if (!stage) return;
    host.toggleAttribute('present', true);
    await stage.screen(true);
  }

  /** The `present` attribute changed: presenter mode starts (at the paragraph on screen, else the first) or ends. */
  async changed(on) {
    const api = this.#api;
    if (!on) return this.#end();
    if (!api.loopy()) return api.host.removeAttribute('present');
    const stage = await this.#get();
    if (!stage) return api.host.removeAttribute('present');
    if (!api.host.hasAttribute('present') || !api.host.isConnected || stage.on) return;
    this.#leaves++;
    this.#leaving = false;
    stage.enter(Math.max(0, api.at()));
  }

  /** F (or f) anywhere in the story presents it, the figure with the paragraph (the figure alone would drop the text). */
  key(e) {
    if (this.on || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.key !== 'f' && e.key !== 'F') || isTextField(e.composedPath()[0]) || !this.#api.loopy()) return;
    e.preventDefault();
    e.stopPropagation();
    this.request(true);
  }

  /** The story left the page: presenter mode ends with it. */
  disconnected() {
    this.#stage?.leave();
  }

  /** Scrolls the page so that paragraph `k` is at the reading line (the reader goes on where the presenter stopped), when it is not. */
  #scrollTo(k) {
    const el = this.#api.paragraph(k);
    if (!el) return;
    // A little above the line, so that the paragraph is the one at it.
    const by = el.getBoundingClientRect().top - this.#api.line() + 8;
    if (Math.abs(by) >= 2) scrollBy({ top: by, behavior: 'instant' });
  }

  /** Presenter mode's module, loaded the first time (null when it cannot be: the story says so). */
  #get() {
    const api = this.#api;
    this.#staging ??= Promise.resolve(this.#load?.()).then(
      (mod) => {
        if (!mod) throw new Error('no presenter mode');
        api.unloaded(false);
        this.#stage = new mod.Stage({ ...api, leave: () => api.host.removeAttribute('present') });
        return this.#stage;
      },
      () => {
        this.#staging = null;
        api.unloaded(true);
        return null;
      },
    );
    return this.#staging;
  }

  /** Leaves presenter mode, then brings the page to the paragraph left on. */
  async #end() {
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
  }
}
