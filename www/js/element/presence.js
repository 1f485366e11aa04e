// element/presence.js: what an element watches while it is on a page: coming into view, its size, the colour scheme, reduced motion, the tab's visibility; and the events that tell a page where playback is.

const dark = matchMedia('(prefers-color-scheme: dark)');
export const reduced = matchMedia('(prefers-reduced-motion: reduce)');

/**
 * Watches `el` for `on`: `visible(v)` (near the viewport or not: an element starts work
 * only when it is), `resized()`, `scheme()` (the system's colours), `motion()` (reduced
 * motion asked for), `hidden()` (the tab's visibility changed). Returns `stop()`.
 */
export function watch(el, on) {
  let visible = false;
  const seen = new IntersectionObserver(
    (entries) => {
      const v = entries[entries.length - 1].isIntersecting;
      if (v === visible) return;
      visible = v;
      on.visible(v);
    },
    { rootMargin: '100px' },
  );
  seen.observe(el);
  const size = new ResizeObserver(() => on.resized());
  size.observe(el);
  const motion = () => reduced.matches && on.motion();
  dark.addEventListener('change', on.scheme);
  reduced.addEventListener('change', motion);
  document.addEventListener('visibilitychange', on.hidden);
  return () => {
    seen.disconnect();
    size.disconnect();
    dark.removeEventListener('change', on.scheme);
    reduced.removeEventListener('change', motion);
    document.removeEventListener('visibilitychange', on.hidden);
  };
}

/** Calls `leave()` when full screen, once `el`'s, ends (Esc, the browser's own button). Returns `stop()`. */
export function followFullscreen(el, leave) {
  let mine = false;
  const changed = () => {
    if (document.fullscreenElement === el) mine = true;
    else if (mine) {
      mine = false;
      leave();
    }
  };
  document.addEventListener('fullscreenchange', changed);
  return () => document.removeEventListener('fullscreenchange', changed);
}

/**
 * Fires `loopy-ready` (a game's first frame), `loopy-step` (a new step on screen) and
 * `loopy-done` (the end reached) on `el`, each once per change.
 */
export class StepEvents {
  #el;
  #r = { step: -1, ready: false, done: false };

  constructor(el) {
    this.#el = el;
  }

  /** A new game: its first frame is `loopy-ready` again. */
  reset() {
    this.#r = { step: -1, ready: false, done: false };
  }

  /** The frame drawn shows `game` (its narration `narration`); `ready` and `loops` give those events' own fields. */
  report(game, narration, ready, loops) {
    const r = this.#r;
    const fire = (type, detail) => this.#el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    const detail = () => ({ step: game.position, length: game.length, granularity: game.g, event: game.event ?? null, narration });
    if (!r.ready) {
      r.ready = true;
      r.step = game.position;
      fire('loopy-ready', { ...ready(), ...detail() });
    } else if (game.position !== r.step) {
      r.step = game.position;
      fire('loopy-step', detail());
    }
    const done = game.position >= game.length;
    if (done && !r.done) fire('loopy-done', { ...detail(), loops: loops() });
    r.done = done;
  }
}
