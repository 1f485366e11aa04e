// story/present.js: a story's presenter mode, fetched the first time a story presents: its figure in its own presenter mode over the whole screen with the paragraph on screen as a large caption, paragraph by paragraph from the keyboard (page keys, arrows, a clicker's).

// No imports: fetched on its own (story-element.js loads it through the entry that defines the
// story), it is given what it needs.

const CSS = /* css */ `
/* A layout container is a containing block for fixed boxes: presenting, the story is none, so that the stage fills the screen. */
:host([present]) { container-type: normal; }
.stage {
  position: fixed; inset: 0; z-index: 2147483000; display: grid; grid-template-rows: minmax(0, 1fr) auto;
  background: var(--loopy-story-bg, Canvas); color: CanvasText; overscroll-behavior: contain;
}
.stage-figure { position: relative; min-height: 0; }
/* The figure's own presenter mode fills the screen; on the stage it fills the room above the caption. */
.stage-figure ::slotted(*) {
  position: absolute; inset: 0; width: auto; height: auto; max-width: none; max-height: none; margin: 0; z-index: auto; box-sizing: border-box;
}
.stage-text {
  display: flex; align-items: flex-end; gap: 2vw; padding: 1.2vh 2.5vw 2vh; border-top: 0.5vh solid var(--loopy-accent, #E69F00);
  font-family: var(--loopy-font, system-ui, sans-serif);
}
/* The paragraph: large enough to read from the back of the room (3 % of the height), at most 30 % of it (then it scrolls). */
.say { flex: 1 1 auto; margin: 0; max-height: 30vh; overflow: auto; font-size: clamp(16px, 3vh, 52px); line-height: 1.3; }
.stage-nav { flex: 0 0 auto; display: grid; grid-template-columns: auto auto; gap: 0.4em; justify-items: stretch; font-size: clamp(14px, 2.6vh, 40px); white-space: nowrap; }
.stage-nav .count { grid-column: 1 / -1; text-align: center; }
.stage-nav button { font: inherit; min-height: 1.9em; min-width: 2.6em; padding: 0 0.6em; cursor: pointer; }
.blank { position: fixed; inset: 0; z-index: 1; background: #000; }
.blank[hidden] { display: none; }
`;

let sheet = null;

/** Keys that go to the next paragraph, the previous one, the first and the last (a clicker sends the page keys). */
const NEXT = ['PageDown', 'ArrowRight', 'ArrowDown'];
const PREV = ['PageUp', 'ArrowLeft', 'ArrowUp'];
/** The keys a clicker's "blank screen" button sends (the period, or B), as slide tools take them: the screen goes black and back. */
const BLANK = ['.', 'b', 'B'];

/** Builds element `tag` with `props` and `kids`. */
function make(tag, props = {}, ...kids) {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...kids);
  return el;
}

/**
 * A story's presenter mode. `api` is what the story lends it: `host`, `root` (its shadow
 * root), `slot` (the figure's slot) and `box` (where the slot lives off stage), `figure()`,
 * `count()`, `paragraph(k)`, `at()`, `show(k)`, `t(key, params)` (the story's words) and
 * `leave()` (the story leaves presenter mode: its attribute goes, then `leave()` here).
 */
export class Stage {
  #api;
  #k = 0;
  #on = false;
  #focus = null; // what had the focus before: it has it again after
  #full = false; // the story has the whole screen
  #fig = null;
  #stage;
  #say;
  #count;
  #prev;
  #next;
  #blank;
  #place;
  #key = (e) => this.#onKey(e);
  #screenChanged = () => {
    if (document.fullscreenElement === this.#api.host) this.#full = true;
    else if (this.#full) {
      this.#full = false;
      this.#api.leave();
    }
  };
  // The figure's own way out (its ×) leaves the story's presenter mode too.
  #figureLeft = (e) => {
    if (e.target === this.#fig && !e.detail?.on && this.#on) this.#api.leave();
  };

  constructor(api) {
    this.#api = api;
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    api.root.adoptedStyleSheets = [...api.root.adoptedStyleSheets, sheet];
    this.#place = make('div', { className: 'stage-figure' });
    this.#say = make('p', { className: 'say', ariaLive: 'polite' });
    this.#say.setAttribute('part', 'stage-caption');
    this.#count = make('span', { className: 'count' });
    this.#prev = make('button', { type: 'button', textContent: '‹' });
    this.#prev.onclick = () => this.go(this.#k - 1);
    this.#next = make('button', { type: 'button', textContent: '›' });
    this.#next.onclick = () => this.go(this.#k + 1);
    this.#blank = make('div', { className: 'blank', hidden: true });
    this.#blank.onclick = () => {
      this.#blank.hidden = true;
    };
    const nav = make('div', { className: 'stage-nav' }, this.#count, this.#prev, this.#next);
    this.#stage = make(
      'div',
      { className: 'stage', role: 'region' },
      this.#place,
      make('div', { className: 'stage-text' }, this.#say, nav),
      this.#blank,
    );
    this.#stage.setAttribute('part', 'stage');
  }

  /** True while the story presents. */
  get on() {
    return this.#on;
  }

  /** The paragraph on stage (0-based). */
  get index() {
    return this.#k;
  }

  /** Presents from paragraph `k`: the figure in its own presenter mode on the stage, the paragraph below it. */
  enter(k) {
    const api = this.#api;
    this.#on = true;
    this.#focus = document.activeElement;
    this.#fig = api.figure();
    this.#place.append(api.slot);
    this.#blank.hidden = true;
    api.root.append(this.#stage);
    this.#fig?.setAttribute('present', '');
    this.#fig?.addEventListener('loopy-present', this.#figureLeft);
    addEventListener('keydown', this.#key, true);
    document.addEventListener('fullscreenchange', this.#screenChanged);
    this.#words();
    this.go(k);
  }

  /**
   * Leaves presenter mode; resolves to the paragraph it was at (the story scrolls the page to
   * it) once the whole screen is given back: leaving full screen puts back the page's scroll
   * of before, which would undo that scroll.
   */
  async leave() {
    if (!this.#on) return this.#k;
    const api = this.#api;
    this.#on = false;
    removeEventListener('keydown', this.#key, true);
    document.removeEventListener('fullscreenchange', this.#screenChanged);
    this.#fig?.removeEventListener('loopy-present', this.#figureLeft);
    this.#fig?.removeAttribute('present');
    api.box.prepend(api.slot);
    this.#stage.remove();
    this.#focus?.focus?.({ preventScroll: true });
    this.#focus = null;
    const full = this.#full;
    this.#full = false;
    if (full && document.fullscreenElement === api.host) {
      try {
        await document.exitFullscreen();
      } catch {
        // Already left (the browser's own Esc).
      }
    }
    if (full) await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return this.#k;
  }

  /** Asks the browser for the whole screen (refused without a user's gesture: the stage fills the window then). */
  async screen(on) {
    try {
      if (on && !document.fullscreenElement) await this.#api.host.requestFullscreen?.({ navigationUI: 'hide' });
    } catch {
      // Refused: the stage fills the window.
    }
  }

  /** Shows paragraph `k` (clamped to the story's): its view on the figure, its text below. */
  go(k) {
    const api = this.#api;
    const n = api.count();
    this.#k = Math.max(0, Math.min(n - 1, k));
    const p = api.paragraph(this.#k);
    this.#say.textContent = (p?.textContent ?? '').replace(/\s+/g, ' ').trim();
    this.#say.scrollTop = 0;
    this.#count.textContent = n ? api.t('story.present.count', { at: this.#k + 1, count: n }) : '';
    this.#prev.disabled = this.#k <= 0;
    this.#next.disabled = this.#k >= n - 1;
    if (n && api.at() !== this.#k) api.show(this.#k);
  }

  /** The stage's words, in the story's language. */
  #words() {
    const t = this.#api.t;
    this.#stage.setAttribute('aria-label', t('story.present.label'));
    this.#prev.setAttribute('aria-label', t('story.present.previous'));
    this.#prev.title = t('story.present.previous');
    this.#next.setAttribute('aria-label', t('story.present.next'));
    this.#next.title = t('story.present.next');
  }

  /** The keys while presenting, before anything else on the page hears them (the figure's own arrows and page keys would step it). */
  #onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const key = e.key;
    // Shift and an arrow still move the figure's selection.
    if (e.shiftKey && key.startsWith('Arrow')) return;
    if (NEXT.includes(key)) this.go(this.#k + 1);
    else if (PREV.includes(key)) this.go(this.#k - 1);
    else if (key === 'Home') this.go(0);
    else if (key === 'End') this.go(Infinity);
    else if (BLANK.includes(key)) this.#blank.hidden = !this.#blank.hidden;
    else if (key === 'Escape' || key === 'f' || key === 'F') this.#api.leave();
    else return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }
}
