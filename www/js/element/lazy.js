// element/lazy.js: the parts of an element fetched the first time they are used (the quiz, the options, presenter mode's look, the flags, the popup, a view's own modules): one helper for all, and the list that says whether any is on its way.

/**
 * One part loaded on first use. `load()` is an `import()` written where the file's URL is
 * its own (the entry's `files`); `made(module)` makes the part from its module (the default:
 * the module itself); `ready(part)` runs once it is here, `failed()` when it could not be
 * fetched. `get()` fetches it once and resolves to the part, or to null when the fetch
 * failed (never rejecting: a page must not see an unhandled error for a module that did not
 * come); a failed fetch is tried again by the next `get()`.
 */
export class LazyPart {
  #load;
  #made;
  #ready;
  #failed;
  #value = null;
  #loading = null;
  /** Whether the last fetch failed (and none is on its way). */
  failed = false;

  constructor(load, { made = (m) => m, ready = () => {}, failed = () => {} } = {}) {
    this.#load = load;
    this.#made = made;
    this.#ready = ready;
    this.#failed = failed;
  }

  /** The part, or null until it has come. */
  get value() {
    return this.#value;
  }

  /** Whether it is on its way. */
  get loading() {
    return this.#loading !== null;
  }

  /** The part, fetched the first time: a promise of it, or of null when it could not be fetched. */
  get() {
    if (this.#value !== null) return Promise.resolve(this.#value);
    this.#loading ??= Promise.resolve()
      .then(this.#load)
      .then(
        (module) => {
          this.#value = this.#made(module);
          this.#loading = null;
          this.failed = false;
          this.#ready(this.#value);
          return this.#value;
        },
        () => {
          this.#loading = null;
          this.failed = true;
          this.#failed();
          return null;
        },
      );
    return this.#loading;
  }
}

/** An element's parts loaded on first use: each made by `add`, and whether any is on its way (the element is busy, and settled() waits). */
export class LazyParts {
  #all = [];

  /** A new part (see LazyPart), counted in `loading`. */
  add(load, hooks) {
    const part = new LazyPart(load, hooks);
    this.#all.push(part);
    return part;
  }

  get loading() {
    return this.#all.some((p) => p.loading);
  }
}

/**
 * What a part loaded on first use says (the narration of an event, whose words come with
 * its module): `said(key, say)` is `say(part)` once the part is here; null while it comes
 * (the frame waits for it: element/updates.js; the part redraws when it comes or fails); the
 * catalog's `unloaded` sentence once it could not be fetched, fetched again for the next
 * `key` (the next step told), never in a loop of frames.
 */
export function sayWith(el, part, unloaded) {
  let tried; // the key whose fetch was asked for last
  return (key, say) => {
    if (part.value !== null) return say(part.value);
    if (!part.loading && !(part.failed && key === tried)) {
      tried = key;
      void part.get();
    }
    return part.failed ? el._t(unloaded) : null;
  };
}
