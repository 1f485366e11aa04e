// element/loader.js: an element's loads: the game read from the element, handed to the worker, its progress, cancel and errors (shown in the element in the reader's words and fired as events in English).

import { words as wordsFor } from './i18n.js';
import { adopt, h } from './style.js';
import { snapSpeed, whole } from './url.js';

/**
 * English as the CLI says it (numbers as they are, not grouped): what `loopy-error` says
 * whatever the reader's language, and the error box to an English reader, word for word the
 * CLI's (crate/tests/error_codes.rs holds the English catalog to the CLI's words).
 */
const CLI = wordsFor('en');
CLI.num = String;

/**
 * The loads of one element (`el`, the element core), the same for every game source (its
 * `_source`):
 * - `source.read()` gives `{ source, progress, ... }` or `{ errors: [{ field, code, params,
 *   message? }], fields? }`, `source.key()` (optional) a key for what the element says now
 *   (null: load whatever it is, a game given as data; without it, its attributes' values),
 *   `source.load(session, read, granularity, at)` hands it to the worker;
 * - the attributes `step`, `selected` and `speed` apply to the first load only (what a link
 *   or an embed asks for);
 * - errors show in `parts.error` (short, whole in the title) and fire `loopy-error`; the
 *   game on screen stays, and the same game set again loads again. Every wrong field is
 *   named, each with its own error: the fields the element could not read are checked with
 *   the rest by the core (`source.check(fields)`, optional: `{ errors, nearest }`), and the
 *   error box offers a way back to a game (`source.offers(nearest)`: `[{ text, run }]`).
 *   The error box and the words of the errors (the catalog's `error.CODE`, or an error's own
 *   English) are element/errors.js's, fetched with the first error (`load`: with it come the
 *   English words of the errors); without it, the box says each error's own English (its
 *   code alone in the catalog's sentence).
 */
export class Loader {
  #el;
  #parts;
  #box; // the lazy part: element/errors.js
  #key = '';
  #queued = null;
  #opts = null;
  #timer = 0;
  #errors = null;
  #said = false; // the errors are in the box and loopy-error has fired
  #stopped = false;
  #shown = null; // the errors shown, to say again in another language: { all, nearest }
  #progress = null; // the worker's last progress of the load under way (null: the read's own words), to say again in another language

  constructor(el, load) {
    this.#el = el;
    this.#parts = el._parts;
    this.#box = el._lazy(load);
  }

  /**
   * The errors of the last load once they are said in the element (their words come with
   * element/errors.js, fetched with the first error), or null when it took or they are not
   * said yet: the element's `state` is 'error' only when a reader can see why.
   */
  get errors() {
    return this.#said ? this.#errors : null;
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
    const el = this.#el;
    const source = el._source;
    if (!el._session) return;
    const key = source.key ? source.key() : JSON.stringify(source.attributes.map((a) => el.getAttribute(a) ?? ''));
    if (key !== null && key === this.#key && !this.#errors) return;
    this.#key = key ?? '';
    const read = source.read();
    if (read.errors) return this.#unreadable(read);
    this.#opts = {
      at: initial ? (whole(el.getAttribute('step')) ?? 0) : 0,
      sel: initial ? el._targets.parse(el.getAttribute('selected')) : null,
      speed: snapSpeed(el.getAttribute('speed'), 0),
    };
    this.#stopped = false;
    source.load(el._session, read, el._play.granularity, this.#opts.at);
    clearTimeout(this.#timer);
    this.#parts.progress.value = 0;
    this.#progress = null;
    this.#parts.progressText.textContent = read.progress;
    // Quick solves never show the bar; slow ones show it after a moment.
    this.#timer = setTimeout(() => {
      this.#parts.progressBox.hidden = false;
    }, 150);
    el._redraw();
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

  /** A message of the worker's about the load: 'progress', 'error', 'cancelled' or 'fatal' (the worker is gone). */
  receive(type, m) {
    const el = this.#el;
    if (type === 'progress') {
      const { value, text, detail } = el._source.progress(m);
      this.#progress = m;
      this.#parts.progress.value = value;
      this.#parts.progressText.textContent = text;
      el.dispatchEvent(new CustomEvent('loopy-progress', { detail }));
    } else if (type === 'error') {
      // For a wrong game, each error and the nearest valid game; the same text again is tried again.
      this.#key = '';
      const first = { message: m.message, field: m.field, line: m.line, code: m.code, params: m.params };
      this.fail(m.errors?.[0] ?? first, m.errors?.length ? m.errors : [first], m.nearest ?? null);
    } else if (type === 'cancelled') {
      // The game on screen stays, and the same one may be asked again.
      this.#end();
      this.#key = '';
      this.#stopped = true;
      // The first load cancelled: nothing is loading any more, and nothing is shown.
      if (!el._g) this.#parts.narration.textContent = el._t('core.cancelled');
      el.dispatchEvent(new CustomEvent('loopy-cancel', { detail: {} }));
      el._redraw();
    } else if (type === 'fatal') {
      this.fail({ message: m.message, field: null, code: m.code, params: m.params });
    }
  }

  /**
   * Fields the element could not read (`read.errors`): the core checks the others too
   * (when the source can ask it), so that every wrong field is named at once, in the order
   * of the source's attributes.
   */
  async #unreadable(read) {
    const source = this.#el._source;
    const key = this.#key;
    const check = read.fields && source.check ? await source.check(read.fields) : null;
    if (key !== this.#key) return; // another load came meanwhile
    const mine = new Set(read.errors.map((e) => e.field));
    const all = [...read.errors, ...(check?.errors ?? []).filter((e) => !mine.has(e.field))];
    const order = source.attributes;
    all.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    this.fail(all[0], all, check?.nearest ?? null);
  }

  /**
   * Shows errors inside the element and fires `loopy-error` (its `message` in English, with
   * `nearest`, the valid game nearest to the one asked, when the core gave it); the last good
   * game stays. Both once the catalog's words for errors are here; the box offers the way
   * back to a game (`source.offers`).
   */
  fail(first, all = [first], nearest = null) {
    const el = this.#el;
    this.#end();
    this.#errors = all;
    this.#said = false;
    const shown = { all, nearest };
    this.#shown = shown;
    // Nothing is loading any more, and the text shown without a game is not the answer.
    this.#parts.fallback.hidden = true;
    el._redraw();
    this.#box.get().then(() => {
      if (this.#shown !== shown) return; // a newer load, or another error, since
      this.#show();
      this.#said = true;
      const english = (e) => ({ ...e, message: this.#say(CLI, e) });
      const detail = {
        message: this.#say(CLI, first),
        code: first.code ?? null,
        field: first.field,
        line: first.line ?? null,
        errors: all.map(english),
        nearest,
      };
      el.dispatchEvent(new CustomEvent('loopy-error', { detail, bubbles: true, composed: true }));
      el._redraw();
    });
  }

  /** The language changed: the errors shown (and the words said without a game) are said again. */
  reword() {
    const el = this.#el;
    // The status line of a load under way (its last progress, or the read's words) in the new language.
    const read = this.#progress ? null : el._source.read();
    const said = this.#progress ? el._source.progress(this.#progress).text : read.errors ? undefined : read.progress;
    if (said !== undefined) this.#parts.progressText.textContent = said;
    if (this.#shown && !this.#parts.error.hidden) this.#show();
    else if (!el._g) this.#parts.narration.textContent = el._t(this.#stopped ? 'core.cancelled' : 'core.loading');
  }

  /** Error `e` in words `w`: the catalog's (element/errors.js), or, when that module could not come, its own English (its code alone in the catalog's sentence). */
  #say(w, e) {
    const box = this.#box.value;
    if (box) return box.errorText(w.code === 'en' ? CLI : w, e);
    const message = e.message ?? e.error;
    return message === undefined || message === e.code ? w.t('core.errorCode', { code: e.code }) : String(message);
  }

  /** Shows the errors of the last load in the reader's words (its words' `kind.noun` names its game); without element/errors.js, only each error's own words. */
  #show() {
    const el = this.#el;
    const { all, nearest } = this.#shown;
    const texts = all.map((e) => ({ ...e, message: this.#say(el._words, e) }));
    const box = this.#parts.error;
    const module = this.#box.value;
    if (!module) {
      box.replaceChildren(h('ul', {}, ...texts.map((e) => h('li', {}, e.message))));
      box.hidden = false;
      return;
    }
    adopt(el._root, module.CSS);
    // A worker that could not start (`start.*`, workers/start.js) is no fault of the game: its whole sentence
    // (what failed, what the post's author can do) is the box's heading, and no game is offered.
    const start = all[0].code?.startsWith?.('start.');
    const said = module.box(el._words, el._kind.noun, el._g !== null);
    if (start) module.showErrors(box, h, texts[0].message, []);
    else module.showErrors(box, h, said.heading, texts, el._source.offers?.(nearest) ?? []);
    if (!el._g) this.#parts.narration.textContent = start ? '' : said.nothing;
  }

  /** What the errors shown were about has been put right (a graph's new start): the box closes. */
  clear() {
    this.#parts.error.hidden = true;
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
