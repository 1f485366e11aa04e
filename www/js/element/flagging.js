// element/flagging.js: the element's controller of a checked answer's differences: the `flagged` property, and what marks them (element/flags.js, fetched when a page first flags some: the picture's marks and the popup's line for each).

/** No target flagged: what an element's flags are until a page first flags some. */
const NO_FLAGS = { details: [], targets: [], size: 0, find: () => null, annotate: (_t, d) => d };

/**
 * The flags of one element (`host`): the first differences a page flags fetch element/flags.js
 * (a post never does); they show once it is here (settled() waits for it); one that cannot be
 * fetched leaves nothing flagged, and the element says so.
 */
export class Flagging {
  #flags; // the lazy part: flags.js's Flags
  #wanted = []; // the differences last set, flagged once the module is here

  constructor(host, load) {
    this.#flags = host._lazy(load, {
      made: ({ Flags }) => new Flags(host),
      ready: (flags) => flags.set(this.#wanted),
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
    this.#wanted = details;
    const flags = this.#flags.value;
    if (flags) flags.set(details);
    else if (Array.isArray(details) && details.length) this.#flags.get();
  }

  /** A new game: a checked answer's differences were the last game's. */
  clear() {
    this.set([]);
  }
}
