// popup.js: the small "why" box that opens inside the element beside a clicked (or hovered) state, so every page and embed explains itself where the reader looks.

// No imports: fetched on its own when a popup first opens (element/selection.js), this
// module would otherwise fetch its imports as files of their own, though the element's
// bundle holds them. What it needs comes with its constructor.

/** The popup's look, which comes with it (its box is the element's: element/style.js, so that
 * a popup that could not be fetched says so in one), CSP-safe: a constructable sheet, adopted beside the element's. */
const CSS = /* css */ `
.popup p { margin: 4px 0 0; }
.popup .close { position: absolute; top: 4px; right: 4px; min-height: 28px; padding: 0 8px; border: 0; }
.popup strong { display: block; padding-right: 28px; }
.popup .jump { margin-top: 8px; min-height: 30px; font-size: 0.95em; }
.popup .answer { font-weight: 600; }
/* The why popup as large as the rest of the presenter's screen (at least 2.5 % of its height), its box growing with its words. */
.box.present .popup { width: min(24em, 46vw); font-size: max(1em, 2.6vh); padding: 0.45em 0.6em 0.6em; }
.box.present .popup .close { min-height: 1.4em; top: 0.15em; right: 0.15em; padding: 0 0.35em; }
.box.present .popup strong { padding-right: 1.6em; }
.box.present .popup .jump { margin-top: 0.4em; min-height: 1.9em; font-size: 1em; }
`;

export class Popup {
  #w;
  #jump;
  #sentences;

  /**
   * Fills `root` (the element's `div.popup`, already in its stage, hidden) and adopts the
   * popup's stylesheet in `root`'s shadow root. `onClose(escaped)` runs when the visitor closes it
   * (the button, or Escape: `escaped`); `onJump()` when asked for the step that decides the state; `w`: the
   * words of its frame (element/i18n.js); `h` makes its DOM and `adopt` its look
   * (element/style.js), and `sentences(w, list)` runs whole sentences on (element/selection.js).
   */
  constructor(root, { onClose, onJump, w, h, adopt, sentences }) {
    this.#w = w;
    this.#sentences = sentences;
    adopt(root.getRootNode(), CSS);
    this.title = h('strong', {});
    this.value = h('p', {});
    this.why = h('p', {});
    this.best = h('p', {});
    this.answer = h('p', { className: 'answer', hidden: true });
    const close = h('button', { type: 'button', className: 'close' }, '×');
    close.onclick = () => onClose();
    const jump = h('button', { type: 'button', className: 'jump' });
    jump.onclick = () => onJump();
    this.#jump = jump;
    this.root = root;
    root.replaceChildren(close, this.title, this.value, this.why, this.best, this.answer, jump);
    this.root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose(true);
      }
    });
    this.close = close;
    this.relabel();
  }

  /** Says the frame's words again (the language changed); the content is said by `update`. */
  relabel() {
    const w = this.#w;
    this.close.setAttribute('aria-label', w.t('core.popup.close'));
    this.close.title = w.t('core.popup.close.title');
    this.#jump.title = w.t('core.popup.jump.title');
    this.#jump.textContent = w.t('core.popup.jump');
    this.root.setAttribute('aria-label', w.t('core.popup'));
  }

  get open() {
    return !this.root.hidden;
  }

  /**
   * Fills in description `d` (explain.js `describe`): its sentences, each whole (`bestLine`,
   * when the element gives it, is the best move's whole sentence; else the frame says it
   * around `best`).
   */
  update(d) {
    const w = this.#w;
    this.title.textContent = d.title;
    // The value is a phrase ("Win in 3 moves"), the live line a sentence: the message ends the phrase as the language does.
    this.value.textContent = d.value ? w.t(d.live ? 'core.popup.value.live' : 'core.popup.value', { value: d.value, live: d.live }) : (d.live ?? '');
    this.why.textContent = this.#sentences(w, [d.why, d.sg, d.optimal]);
    this.best.textContent = d.hidden ? '' : (d.bestLine ?? w.t('core.popup.best', { best: d.best }));
    // A checked answer's word here, when it differs (element/flags.js).
    this.answer.textContent = d.answer ?? '';
    this.answer.hidden = !d.answer;
  }

  /**
   * Shows description `d` beside the mark at `at` = { x, y, r, w, h } (its centre and radius,
   * the stage's width and height, CSS px): to its right, else its left, else below or above
   * it, whichever has more room, never over the mark itself (the reader sees both).
   */
  show(d, at) {
    this.update(d);
    this.root.hidden = false;
    const { left, top } = besideMark(at, this.root.offsetWidth, this.root.offsetHeight);
    this.root.style.left = `${left}px`;
    this.root.style.top = `${top}px`;
  }

  hide() {
    this.root.hidden = true;
  }
}

/**
 * Where a box `w` × `h` goes beside the mark `at` = { x, y, r, w, h } (stage coordinates):
 * `{ left, top, side }`. Beside it first (right, then left), vertically centred on it;
 * else below or above it, whichever has more room (a phone's stage is narrower than a box
 * beside a mark; the box may then reach past the stage, which does not clip it). The
 * box keeps `gap` pixels off the mark's edge either way.
 */
export function besideMark(at, w, h, gap = 8) {
  const off = at.r + gap;
  const clampX = (x) => Math.max(4, Math.min(at.w - w - 4, x));
  const clampY = (y) => Math.max(4, Math.min(at.h - h - 4, y));
  if (at.x + off + w <= at.w - 4) return { left: at.x + off, top: clampY(at.y - h / 2), side: 'right' };
  if (at.x - off - w >= 4) return { left: at.x - off - w, top: clampY(at.y - h / 2), side: 'left' };
  const below = at.h - (at.y + off);
  const above = at.y - off;
  if (below >= h || below >= above) return { left: clampX(at.x - w / 2), top: at.y + off, side: 'below' };
  return { left: clampX(at.x - w / 2), top: at.y - off - h, side: 'above' };
}
