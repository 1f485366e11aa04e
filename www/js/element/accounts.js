// element/accounts.js: what explains a target (the popup, the selection's words, the quiz, a page's inspector): the core's facts from the worker, put into words by the element's inspector, which comes on first use.

/**
 * The accounts of one element's targets (`el`, the element core): its inspector is a part
 * loaded on first use (`load`, its module made into the inspector by `made`): a post whose
 * reader never asks about a target never downloads it. Meanwhile an account says nothing
 * yet, as while a target's facts come from the worker; once it is here, each target asked
 * about meanwhile is explained (`loopy-describe` follows, the popup opens). A module that
 * cannot be fetched leaves the element going on: its popups say so (and it is not fetched
 * again, each frame asking).
 */
export class Accounts {
  #el;
  #inspector; // the lazy part
  #asked = []; // the targets explained while it came: their words follow it

  constructor(el, load, made) {
    this.#el = el;
    this.#inspector = el._lazy(load, {
      made,
      ready: () => {
        el._redraw();
        for (const t of this.#asked.splice(0)) el._selection.moved(t);
      },
      failed: () => {
        el._redraw();
        this.#unavailable();
      },
    });
  }

  /**
   * The account of target t, whose facts are `facts` (null while they come): `say(inspector)`
   * puts them into words, with a checked answer's line where t is flagged; null until the
   * inspector and the facts are both here (both asked for at once, each fetched once).
   */
  of(t, facts, say) {
    const inspector = this.#inspector.value;
    if (!inspector) {
      if (!this.#asked.some((a) => this.#el._targets.same(a, t))) this.#asked.push(t);
      // After a failed fetch, the popup asking now says so once it has asked (not in the middle of it).
      if (this.#inspector.failed) queueMicrotask(() => this.#unavailable());
      else this.#inspector.get();
      return null;
    }
    return facts && this.#el._flagging.now.annotate(t, say(inspector));
  }

  /** The inspector, fetched now if it is not here (or could not come): resolves when it is here, or could not come. */
  prepare() {
    return this.#inspector.value || this.#inspector.failed ? Promise.resolve() : this.#inspector.get();
  }

  /** The targets asked about say that they cannot be explained (the inspector could not be fetched). */
  #unavailable() {
    for (const t of this.#asked.splice(0)) this.#el._selection.unavailable(t);
  }
}
