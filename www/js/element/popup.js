// popup.js: the small "why" box that opens inside the element beside a clicked (or hovered) state, so every page and embed explains itself where the reader looks.

import { h } from './style.js';

export class Popup {
  /** `onClose()` runs when the visitor closes it (button or Escape); `onJump()` when asked for the step that decides the state. */
  constructor(onClose, onJump) {
    this.title = h('strong', {});
    this.value = h('p', {});
    this.why = h('p', {});
    this.best = h('p', {});
    this.answer = h('p', { className: 'answer', hidden: true });
    const close = h('button', { type: 'button', className: 'close', ariaLabel: 'Close', title: 'Close (Esc)' }, '×');
    close.onclick = () => onClose();
    const jump = h('button', { type: 'button', className: 'jump', title: 'Jump to the step where it is decided (J)' }, 'Show when it is decided');
    jump.onclick = () => onJump();
    this.root = h(
      'div',
      { className: 'popup', part: 'popup', role: 'dialog', ariaLabel: 'Why this value', hidden: true },
      close,
      this.title,
      this.value,
      this.why,
      this.best,
      this.answer,
      jump,
    );
    this.root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    });
    this.close = close;
  }

  get open() {
    return !this.root.hidden;
  }

  /** Fills in description `d` (explain.js `describe`). */
  update(d) {
    this.title.textContent = d.title;
    this.value.textContent = `${d.value}${d.live ? ` ${d.live}` : ''}`;
    this.why.textContent = [d.why, d.sg, d.optimal].filter(Boolean).join(' ');
    this.best.textContent = d.hidden ? '' : `Best move: ${d.best}.`;
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
