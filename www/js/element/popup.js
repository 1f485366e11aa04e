// popup.js: the small "why" box that opens inside the element over a clicked state, so an embed explains itself.

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

  /** Shows description `d` next to point (x, y) of a stage `size` pixels square. */
  show(d, x, y, size) {
    this.update(d);
    this.root.hidden = false;
    const w = this.root.offsetWidth;
    const ht = this.root.offsetHeight;
    const left = Math.max(4, Math.min(size - w - 4, x + 14));
    const top = y + 14 + ht <= size ? y + 14 : Math.max(4, y - ht - 14);
    this.root.style.left = `${left}px`;
    this.root.style.top = `${top}px`;
  }

  hide() {
    this.root.hidden = true;
  }
}
