// element/loader.js: an element's loads: the game read from the element, handed to the worker, its progress, cancel and errors (shown in the element and fired as events).

import { errorText } from './errors.js';
import { showErrors } from './skeleton.js';
import { snapSpeed, whole } from './url.js';

/**
 * The load protocol of one element (`host`), the same for every game source:
 * - `host.ready()` says whether the worker's session is there (the element has started);
 * - `host.readGame()` gives `{ source, progress, ... }` or `{ errors: [{ field, message, line? }] }`,
 *   `host.gameKey()` a key for what the element says now (null: load whatever it is, a
 *   game given as data), `host.loadSession(read, at)` hands it to the worker;
 * - the attributes `step`, `selected` (`host.parseSelected`) and `speed` apply to the first
 *   load only (what a link or an embed asks for);
 * - errors show in `parts.error` (short, whole in the title) and fire `loopy-error`; the
 *   game on screen stays (`host.hasGame()`), and the same game set again loads again.
 *   Every wrong field is named, each with its own message: what the element could not
 *   read is checked with the rest by the core (`host.checkFields(read)`, optional:
 *   `{ errors, nearest }`), and the error box offers a way back to a game
 *   (`host.offers(nearest)`: `[{ text, run }]`, the nearest valid game and the default one).
 */
export class Loader {
  #host;
  #parts;
  #key = '';
  #queued = null;
  #opts = null;
  #timer = 0;
  #errors = null;
  #stopped = false;
  #shown = null; // the errors shown, to say again in another language: { all, nearest }

  constructor(host, parts) {
    this.#host = host;
    this.#parts = parts;
  }

  /** The errors of the last load, or null when it took. */
  get errors() {
    return this.#errors;
  }

  /** Whether the last load was cancelled and none has been asked for since. */
  get stopped() {
    return this.#stopped;
  }

  /** Whether a load is queued for the end of this task (attributes set one after another). */
  get queued() {
    return this.#queued !== null;
  }

  /** Loads at the end of this task: the game's attributes set one after another make one load. */
  queue() {
    if (this.#queued) return;
    this.#queued = Promise.resolve().then(() => {
      this.#queued = null;
      this.load(false);
    });
  }

  /** Reads the game and asks the worker to solve it, unless it is the game already shown (or there is no worker yet: the start loads then). */
  load(initial) {
    const host = this.#host;
    if (!host.ready()) return;
    const key = host.gameKey();
    if (key !== null && key === this.#key && !this.#errors) return;
    this.#key = key ?? '';
    const read = host.readGame();
    if (read.errors) return this.#unreadable(read);
    this.#opts = {
      at: initial ? (whole(host.getAttribute('step')) ?? 0) : 0,
      sel: initial ? host.parseSelected(host.getAttribute('selected')) : null,
      speed: snapSpeed(host.getAttribute('speed'), 0),
    };
    this.#stopped = false;
    host.loadSession(read, this.#opts.at);
    clearTimeout(this.#timer);
    this.#parts.progress.value = 0;
    this.#parts.progressText.textContent = read.progress;
    // Quick solves never show the bar; slow ones show it after a moment.
    this.#timer = setTimeout(() => {
      this.#parts.progressBox.hidden = false;
    }, 150);
    host.changed();
  }

  /** Forgets the key of the game shown, so that the same game loads again. */
  forget() {
    this.#key = '';
  }

  /** The worker's answer to a load arrived: the options of that load ({ at, sel, speed }). */
  loaded() {
    this.#end();
    this.#errors = null;
    this.#shown = null;
    this.#parts.error.hidden = true;
    return this.#opts || {};
  }

  /** The progress bar's value and words. */
  progress(value, text) {
    this.#parts.progress.value = value;
    this.#parts.progressText.textContent = text;
  }

  /** The load was cancelled: the game on screen stays, and the same one may be asked again. */
  cancelled() {
    this.#end();
    this.#key = '';
    this.#stopped = true;
    // The first load cancelled: nothing is loading any more, and nothing is shown.
    if (!this.#host.hasGame()) this.#parts.narration.textContent = this.#host.words.t('core.cancelled');
  }

  /**
   * Fields the element could not read (`read.errors`): the core checks the others too
   * (when the host can ask it), so that every wrong field is named at once.
   */
  async #unreadable(read) {
    const key = this.#key;
    const check = read.fields && this.#host.checkFields ? await this.#host.checkFields(read.fields) : null;
    if (key !== this.#key) return; // another load came meanwhile
    const mine = new Set(read.errors.map((e) => e.field));
    const all = [...read.errors, ...(check?.errors ?? []).filter((e) => !mine.has(e.field))];
    const order = ['n', 's1', 's2'];
    all.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    this.fail(all[0], all, check?.nearest ?? null);
  }

  /**
   * Shows errors inside the element and fires `loopy-error` (with `nearest`, the valid game
   * nearest to the one asked, when the core gave it); the last good game stays. The box
   * offers the way back to a game (`host.offers`).
   */
  fail(first, all = [first], nearest = null) {
    const host = this.#host;
    this.#end();
    this.#errors = all;
    this.#shown = { all, nearest };
    this.#show();
    // Nothing is loading any more, and the text shown without a game is not the answer.
    this.#parts.fallback.hidden = true;
    host.dispatchEvent(
      new CustomEvent('loopy-error', {
        detail: { message: first.message, code: first.code ?? null, field: first.field, line: first.line ?? null, errors: all, nearest },
        bubbles: true,
        composed: true,
      }),
    );
    host.changed();
  }

  /** An error from the worker (for a wrong game: each error and the nearest valid game): the same text again is tried again. */
  failed(m) {
    this.#key = '';
    const first = { message: m.message, field: m.field, line: m.line, code: m.code, params: m.params };
    this.fail(m.errors?.[0] ?? first, m.errors?.length ? m.errors : [first], m.nearest ?? null);
  }

  /** The language changed: the errors shown (and the words said without a game) are said again. */
  reword() {
    const host = this.#host;
    if (this.#shown && !this.#parts.error.hidden) this.#show();
    else if (!host.hasGame()) this.#parts.narration.textContent = host.words.t(this.#stopped ? 'core.cancelled' : 'core.loading');
  }

  /**
   * Shows the errors of the last load in the host's words (`host.words`, and `host.gameWords()`: the keys that name
   * its game). A worker that could not start (`start.*`, js/workers/start.js) is no fault of the game: its whole
   * sentence (what failed, what the post's author can do) is the box's heading, and no game is offered.
   */
  #show() {
    const host = this.#host;
    const w = host.words;
    const { all, nearest } = this.#shown;
    const said = host.gameWords();
    const texts = all.map((e) => ({ ...e, message: errorText(w, e) }));
    const start = all[0].code?.startsWith?.('start.');
    if (start) showErrors(this.#parts.error, texts[0].message, []);
    else showErrors(this.#parts.error, w.t(host.hasGame() ? said.cannotKept : said.cannot), texts, host.offers?.(nearest) ?? []);
    if (!host.hasGame()) this.#parts.narration.textContent = start ? '' : w.t(said.nothing);
  }

  /** The element left the page: its next game is read afresh. */
  reset() {
    this.#key = '';
  }

  #end() {
    clearTimeout(this.#timer);
    this.#parts.progressBox.hidden = true;
  }
}
