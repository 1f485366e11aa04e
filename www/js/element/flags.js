// element/flags.js: an element's flagged targets: where a checked answer differs from the judge's, marked on the picture and told in the popup.

// No imports: fetched on its own when a page first flags a checked answer's differences (element/flagging.js, the element core's controller), it takes the element core.

/**
 * The differences of a checked answer that fall on the game on screen of the element `el`,
 * as its targets (its targets strategy turns an event-style detail, `{ player, pos }` or
 * `{ vertex }`, into one, or null when it names none, and compares two; its words say
 * them), marked on its picture and told where it explains a target. Each keeps the
 * judge's word and the answer's (`expected`, `found`; found is null where the answer has
 * no word), which the checker reported, or a `note` the page wrote for it: nothing here
 * judges anything.
 */
export class Flags {
  #el;
  #list = [];

  constructor(el) {
    this.#el = el;
  }

  /** The flagged targets with their words, as they were given (details). */
  get details() {
    return this.#list.map((f) => f.detail);
  }

  /** The flagged targets, for the view to mark. */
  get targets() {
    return this.#list.map((f) => f.t);
  }

  get size() {
    return this.#list.length;
  }

  /** Flags `details` (an array; anything else clears): those that name no target of the game are left out. The picture and what explains follow. */
  set(details) {
    const el = this.#el;
    const list = [];
    for (const detail of Array.isArray(details) ? details : []) {
      const t = detail && typeof detail === 'object' ? el._targets.fromDetail(el._g, detail) : null;
      if (t !== null) list.push({ t, detail, expected: wordOf(detail.expected), found: wordOf(detail.found), note: detail.note });
    }
    this.#list = list;
    el._parts.box.classList.toggle('flagged', list.length > 0);
    el._selection.reexplain();
    el._redraw();
  }

  /** The flag on target t, or null. */
  find(t) {
    return this.#list.find((f) => this.#el._targets.same(f.t, t)) ?? null;
  }

  /** Description `d` of target t with the answer's word and why it is not the value (`d.answer`), when t is flagged. */
  annotate(t, d) {
    const f = d && t !== null ? this.find(t) : null;
    return f ? { ...d, answer: typeof f.note === 'string' ? f.note : answerLine(this.#el._words, f.found, f.expected) } : d;
  }
}

/** A word of an answer as given (a string, at most 40 characters shown), or null. */
function wordOf(w) {
  if (typeof w !== 'string') return null;
  return w.length > 40 ? `${w.slice(0, 39)}…` : w;
}

// Why a word is not the value, for each judge value the answer could have given wrongly
// (the judge's words stay the judge's); the description above it says why the value is what it is.
const NOT = {
  Win: 'core.answer.not.win',
  Lose: 'core.answer.not.lose',
  Loop: 'core.answer.not.loop',
  Draw: 'core.answer.not.draw',
  1: 'core.answer.not.one',
  '-1': 'core.answer.not.minus',
  0: 'core.answer.not.zero',
};

/** The popup's line, in words `w`, for an answer that says `found` where the judge says `expected`. */
export function answerLine(w, found, expected) {
  if (found === null) return w.t('core.answer.none', { expected });
  const why = Object.hasOwn(NOT, found) ? NOT[found] : null;
  if (!why) return w.t('core.answer.other', { found, expected });
  return w.t('core.answer.differs', { found, expected, why: w.t(why, { found }) });
}
