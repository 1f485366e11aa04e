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
/* A phone's bottom sheet: the popup under the drawing, as wide as the element, scrolling on its own; the drawing stays in view above it. */
.popup.sheet { overflow: auto; border-radius: 12px 12px 0 0; box-shadow: 0 -4px 18px rgba(0,0,0,0.22); }
`;

export class Popup {
  #w;
  #jump;
  #sentences;
  #clear; // the view's own module of what a popup keeps clear (graph/graph-clear.js, ring/ring-clear.js)

  /**
   * Fills `root` (the element's `div.popup`, already in its stage, hidden) and adopts the
   * popup's stylesheet in `root`'s shadow root. `onClose(escaped)` runs when the visitor closes it
   * (the button, or Escape: `escaped`); `onJump()` when asked for the step that decides the state; `w`: the
   * words of its frame (element/i18n.js); `h` makes its DOM and `adopt` its look
   * (element/style.js), and `sentences(w, list)` runs whole sentences on (element/selection.js).
   */
  constructor(root, { onClose, onJump, w, h, adopt, sentences, clear }) {
    this.#clear = clear;
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
   * Shows description `d` of target `t` of the element `el` (the element core) where `placeOf`
   * says: beside its mark and clear of what it names, or a phone's bottom sheet.
   */
  show(d, el, t) {
    this.update(d);
    const root = this.root;
    root.hidden = false;
    const at = placeOf(el, t, d, this.#clear);
    root.classList.toggle('sheet', Boolean(at.sheet));
    if (at.sheet) {
      // On the screen's bottom edge (`at.sheet.bottom`), from `at.sheet.top` at the highest; its words scroll in it.
      const { left, width, top, bottom } = at.sheet;
      root.style.width = `${width}px`;
      root.style.left = `${left}px`;
      root.style.maxHeight = `${Math.max(80, bottom - top)}px`;
      root.style.top = `${Math.max(top, bottom - root.offsetHeight)}px`;
      return;
    }
    root.style.width = root.style.maxHeight = '';
    const { left, top } = placeClear(at, root.offsetWidth, root.offsetHeight);
    root.style.left = `${left}px`;
    root.style.top = `${top}px`;
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

/** The area two rectangles ({ left, top, right, bottom }) share. */
function shared(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where a box `w` × `h` goes for the mark `at` = { x, y, r, w, h, clear, soft, bounds } (stage
 * coordinates): `{ left, top, side }`. It covers none of `at.clear` (the mark, the states its
 * sentences name, the hole) wherever that can be, else as little of them as it can; then as
 * little as it can of `at.soft` (every other mark drawn); among equals it takes the place
 * nearest the mark, beside it first (`besideMark`). It stays inside `at.bounds` (default: the stage) where it fits in them,
 * else inside `at.outer` (the element's whole box).
 */
export function placeClear(at, w, h, gap = 8) {
  // Where the element's part of the screen cannot hold the box (the element mostly scrolled away), the
  // element's whole box does: the popup never leaves the element to cover the page's own controls.
  let b = at.bounds ?? { left: 0, top: 0, right: at.w, bottom: at.h };
  if (at.outer && (b.bottom - b.top < h + 8 || b.right - b.left < w + 8)) b = at.outer;
  const clear = [{ left: at.x - at.r, top: at.y - at.r, right: at.x + at.r, bottom: at.y + at.r }, ...(at.clear ?? [])];
  const fitX = (x) => Math.max(b.left + 4, Math.min(b.right - w - 4, x));
  const fitY = (y) => Math.max(b.top + 4, Math.min(b.bottom - h - 4, y));
  const soft = at.soft ?? [];
  const cost = (left, top) => {
    const box = { left: left - gap, top: top - gap, right: left + w + gap, bottom: top + h + gap };
    let covered = 0;
    for (const c of clear) covered += 1e3 * shared(box, c);
    // Each other mark (or panel) covered weighs as much as 50 px further from the mark.
    for (const c of soft) if (shared(box, c) > 0) covered += 150;
    // How far the box's nearest edge is from the mark: a box beside it reads as its own.
    const dx = Math.max(left - at.x, 0, at.x - (left + w));
    const dy = Math.max(top - at.y, 0, at.y - (top + h));
    return covered + 3 * Math.hypot(dx, dy);
  };
  const first = besideMark(at, w, h, gap);
  let best = { left: fitX(first.left), top: fitY(first.top), side: first.side };
  let least = cost(best.left, best.top);
  if (least < 3 * (at.r + gap) + 1) return best;
  // Every place on a grid over the bounds, and each side of the mark slid along it.
  const step = Math.max(12, Math.min(w, h) / 8);
  const tries = [];
  for (let top = b.top; top <= b.bottom - h; top += step) for (let left = b.left; left <= b.right - w; left += step) tries.push([left, top, 'grid']);
  const off = at.r + gap;
  for (let k = -8; k <= 8; k++) {
    tries.push([at.x + off, at.y - h / 2 + (k * h) / 8, 'right'], [at.x - off - w, at.y - h / 2 + (k * h) / 8, 'left']);
    tries.push([at.x - w / 2 + (k * w) / 8, at.y + off, 'below'], [at.x - w / 2 + (k * w) / 8, at.y - off - h, 'above']);
  }
  for (const [x, y, side] of tries) {
    const left = fitX(x);
    const top = fitY(y);
    const c = cost(left, top);
    if (c < least) {
      least = c;
      best = { left, top, side };
    }
  }
  return best;
}

/**
 * Where the popup about target `t` (its account `d`) of the element `el` goes, in the element's stage
 * coordinates: its mark `{ x, y, r, w, h }` (the view's `targetPoint`) with `clear` (rectangles it covers
 * none of), `soft` (as few as it can) and `bounds`, or `sheet` instead ({ left, width, top, bottom }):
 * beside t's mark, clear of the marks of t and of the states its sentences name and of what
 * the view always keeps clear (the ring's hole), covering as few of its other marks as it can
 * (`clear`: the view's own module, graph/graph-clear.js or ring/ring-clear.js), within the element's part of the
 * screen; on a phone (at most 480 px wide) a bottom sheet as wide as the element, under the
 * drawing where there is room, so that the drawing stays in view.
 */
function placeOf(el, t, d, clear) {
  const view = el._view;
  const at = { ...view.targetPoint(t) };
  at.clear = clear?.clearOf(el, [t, ...clear.named(d)]) ?? [];
  at.soft = clear?.markRects(view) ?? [];
  const stage = el._parts.stage.getBoundingClientRect();
  const host = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  const left = host.left + parseFloat(cs.paddingLeft) + parseFloat(cs.borderLeftWidth);
  const right = host.right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth);
  if (window.innerWidth <= 480) {
    // A bottom sheet on the screen's bottom edge: under the drawing where the screen leaves a fifth of its height there,
    // else over the drawing's lower part but never over the state it explains. Nothing scrolls.
    const vh = window.innerHeight;
    const canvas = el._parts.canvas.getBoundingClientRect();
    const mark = stage.top + at.y + at.r + 8;
    const top = vh - canvas.bottom - 8 >= 0.2 * vh ? canvas.bottom + 8 : Math.max(mark, 0.58 * vh);
    at.sheet = { left: left - stage.left, width: right - left, top: top - stage.top, bottom: vh - 4 - stage.top };
    return at;
  }
  // In presenter mode the line on what the numbers mean (the top of the side column) and the quiz's question stay in view too.
  if (el.presenting)
    for (const [sel, list] of [
      ['.legend.compact, #numbers, #quiz-box', at.clear],
      // The narration and the transport as little as can be, like the marks.
      ['.narration, .transport', at.soft],
    ])
      for (const e of el._root.querySelectorAll(sel)) {
        const r = e.getBoundingClientRect();
        if (r.height) list.push({ left: r.left - stage.left, top: r.top - stage.top, right: r.right - stage.left, bottom: r.bottom - stage.top });
      }
  at.outer = { left: left - stage.left, top: host.top - stage.top, right: right - stage.left, bottom: host.bottom - stage.top };
  at.bounds = {
    left: Math.max(left, 0) - stage.left,
    top: Math.max(host.top, 0) - stage.top,
    right: Math.min(right, document.documentElement.clientWidth) - stage.left,
    bottom: Math.min(host.bottom, window.innerHeight) - stage.top,
  };
  return at;
}
