// element/flagging.js: the element's controller of a checked answer's differences: the `flagged` property, what marks them (element/flags.js, fetched when a page first flags some) and the popup's line for each.

/** No target flagged: what an element's flags are until a page first flags some. */
const NO_FLAGS = { details: [], targets: [], size: 0, find: () => null, annotate: (_t, d) => d };

/**
 * The flags of one element (`host`): the first differences a page flags fetch element/flags.js
 * (a post never does); they show once it is here (settled() waits for it); one that cannot be
 * fetched leaves nothing flagged, and the element says so.
 */
export class Flagging {
  #host;
  #flags; // the lazy part: flags.js's Flags
  #wanted = []; // the differences last set, flagged once the module is here

  constructor(host, load) {
    this.#host = host;
    this.#flags = host._lazy(load, {
      made: ({ Flags }) =>
        new Flags({ parse: (d) => host._targets.fromDetail(host._g, d), same: (a, b) => host._targets.same(a, b), words: () => host._words }),
      ready: () => this.set(this.#wanted),
      failed: () => {
        host._say(host._t('core.flags.unloaded'));
        host._redraw();
      },
    });
  }

  /** The flags now (none until element/flags.js has come): `targets` for the view, `annotate(t, d)` for what explains t. */
  get now() {
    return this.#flags.value ?? NO_FLAGS;
  }

  /** Flags the game's targets where a checked answer differs (see LoopyElement.flagged). */
  set(details) {
    const host = this.#host;
    this.#wanted = details;
    const flags = this.#flags.value;
    if (!flags) {
      if (Array.isArray(details) && details.length) this.#flags.get();
      return;
    }
    flags.set(details);
    host._parts.box.classList.toggle('flagged', flags.size > 0);
    host._selection.reexplain();
    host._redraw();
  }

  /** A new game: a checked answer's differences were the last game's. */
  clear() {
    this.set([]);
  }
}
