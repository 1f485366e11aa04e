// element/updates.js: the element's update loop: a frame asked for only when something changed or moves (frames.js, one loop a page), playback advanced, the picture and the words drawn, busy and settled() derived from the element's controllers and parts.

import { requestFrame } from './frames.js';
import { rulesHref } from './glossary.js';

/**
 * The frames of one element (`host`, the element core, with its `controllers` and its parts
 * loaded on first use, `lazies`). Each frame advances playback (a controller may move it on
 * by itself: `advance(game, desired)`), lets every controller move what it animates
 * (`update(t)`: true when the picture changed), draws when something changed (the element's
 * view, its words, the quiz, the controls), tells the controllers (`updated()`), then
 * resolves what settled() promised once nothing is awaited any more.
 */
export class Updates {
  #host;
  #controllers;
  #lazies;
  #dirty = true;
  #relayout = false; // the element's size changed: its next frame lays it out
  #frames = 0;
  #settling = []; // what settled() promised, until a frame finds the element settled

  constructor(host, controllers, lazies) {
    this.#host = host;
    this.#controllers = controllers;
    this.#lazies = lazies;
  }

  /** Frames drawn so far. */
  get frames() {
    return this.#frames;
  }

  /** Whether anything is awaited: a part on its way, a fact asked of the worker, the source's own (a neighbourhood), a controller's. */
  #waiting() {
    const host = this.#host;
    return this.#lazies.loading || Boolean(host._session?.asking) || Boolean(host._source.busy?.()) || this.#controllers.some((c) => c.busy?.());
  }

  /** Whether the element is busy: no game yet, solving, seeking, playing, a frame to draw, or anything awaited. */
  busy() {
    const s = this.#host._session;
    return !s?.game || s.busy || this.#dirty || this.#host.playing || this.#waiting();
  }

  /** Whether a game is on screen at the element's granularity and nothing is awaited (no part, no answer of the worker's, no game solved but not yet shown). */
  #settled() {
    const host = this.#host;
    const s = host._session;
    return Boolean(s?.game) && !this.#waiting() && !s.pending && !s.loading && !host._loader.queued && s.game.g === host._play.granularity;
  }

  /**
   * The element's size changed: laid out in its next frame, not at once, since a size changed
   * inside a ResizeObserver callback is a "loop completed with undelivered notifications" error
   * on the host page's window.
   */
  relayout() {
    this.#relayout = true;
    this.wake();
  }

  /** Something changed: a frame draws it. */
  redraw() {
    this.#dirty = true;
    this.wake();
  }

  /** Asks for a frame when there is something to draw, or when playing or animating on screen (off screen, playback waits). */
  wake() {
    const host = this.#host;
    if (document.hidden) return;
    const animating = this.#controllers.some((c) => c.animating?.());
    if (this.#relayout || this.#dirty || this.#settling.length || host._session?.busy || animating || (host.playing && host._visible))
      requestFrame(this);
  }

  /** Resolves once the element is settled: at once, or at the frame that finds it so. */
  settled() {
    if (this.#settled()) return Promise.resolve();
    return new Promise((resolve) => {
      this.#settling.push(resolve);
      this.wake();
    });
  }

  /** One animation frame (called by frames.js). */
  frame(t) {
    const host = this.#host;
    if (this.#relayout) {
      this.#relayout = false;
      host._layout();
    }
    const game = host._session?.game;
    const skip = (desired) => this.#controllers.some((c) => c.advance?.(game, desired));
    if (host._play.advance(t, host.playing && host._visible, host.hasAttribute('loop'), skip)) this.#dirty = true;
    for (const c of this.#controllers) if (c.update?.(t)) this.#dirty = true;
    if (this.#dirty) {
      this.#dirty = false;
      this.#render();
    }
    if (this.#settling.length && this.#settled()) for (const resolve of this.#settling.splice(0)) resolve();
    for (const c of this.#controllers) c.updated?.();
    this.wake();
  }

  /** Draws the game on screen, when there is one to draw. */
  #render() {
    const host = this.#host;
    const s = host._session;
    const game = s?.game;
    const g = host._g;
    if (!game?.snap || !g || g.id !== game.id) {
      if (!g) host._side.render(null);
      return;
    }
    const { view, words, source } = host._spec;
    // The quiz's question: its value stays hidden on the picture, in the narration and in every why.
    const q = host._asking.frame();
    view.draw(game, s.takeChanged());
    const asked = host._asking.narrate(game, q, () => words.narration(game));
    // null: the narration's module is on its way (element/lazy.js sayWith); its arrival draws this frame again.
    const said = words.caption ?? asked;
    const p = host._parts;
    if (said !== null && p.narration.textContent !== said) p.narration.textContent = said;
    p.narration.setAttribute('aria-busy', String(host.playing));
    // The glossary entry for what the last event did.
    const term = rulesHref(host._files.rules.href, host._words.code, words.term?.(game), game.event?.kind);
    if (p.term.href !== term) p.term.href = term;
    host._side.render({
      playing: host.playing,
      position: game.position,
      target: s.target,
      length: game.length,
      speed: host._play.speed,
      g: game.g,
      quiz: host._asking.on,
    });
    const known = words.known(game);
    if (p.known.textContent !== known) p.known.textContent = known;
    host._selection.update();
    this.#frames++;
    p.fallback.hidden = true;
    // The events carry the frame's narration: they wait for it.
    if (said === null) return;
    host._events.report(
      game,
      said,
      () => source.readyDetail(game),
      () => source.loops(game),
    );
  }
}
