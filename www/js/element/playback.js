// element/playback.js: an element's playback: the step it heads for, playing or paused, speed and granularity, advanced frame by frame.

import { GRANULARITIES, SPEEDS } from './url.js';

/** Speed for a run of `length` steps when none is given: about 40 seconds, at least 2 a second. */
export function defaultSpeed(length) {
  return Math.max(2, SPEEDS.find((v) => length / v <= 40) || SPEEDS[SPEEDS.length - 1]);
}

/**
 * Playback over a worker session (the session holds the game on screen: `game.position`,
 * `game.length`, and takes `target` and `pump()`). The host is told through
 * `changed()` (redraw) and `navigated()` (the visitor moved: a line of its own ends).
 */
export class Playback {
  /** The step the animation heads for, fractional while playing. */
  #desired = 0;
  #playing = false;
  #speed = 0;
  #gran = 'events';
  // Moves by the visitor, counted, and the count when the granularity last changed: a new
  // granularity numbers the same place anew, unless the visitor moved meanwhile.
  #nav = 0;
  #navAtGran = -1;
  #last = 0;
  /** The step a `playTo` stops at (null: none; playing runs to the end). */
  #stop = null;
  /** The speed of that move alone (null: the speed). */
  #stopSpeed = null;
  #session;
  #host;

  constructor(host) {
    this.#host = host;
  }

  get playing() {
    return this.#playing;
  }

  get speed() {
    return this.#speed;
  }

  get granularity() {
    return this.#gran;
  }

  /** The session whose game is played (null: none yet). */
  attach(session) {
    this.#session = session;
  }

  /** The granularity before any game (the element's attribute, when it starts). */
  startAt(g) {
    this.#gran = g;
  }

  /** A new game is on screen at `position`: paused there (or playing, `autoplay`), at `speed`. */
  reset(position, speed, autoplay) {
    this.#desired = position;
    this.#stop = null;
    this.#speed = speed;
    this.#playing = autoplay;
    this.#host.changed();
  }

  play() {
    const game = this.#session?.game;
    if (!game || this.#playing) return;
    this.#stop = null;
    if (Math.floor(this.#desired) >= game.length) this.#desired = 0;
    this.#playing = true;
    this.#host.changed();
  }

  pause() {
    this.#stop = null;
    if (!this.#playing) return;
    this.#playing = false;
    this.#host.changed();
  }

  toggle() {
    if (this.#playing) this.pause();
    else this.play();
  }

  /** Shows step `m` (clamped to 0 .. length) at the current granularity. */
  seek(m) {
    const s = this.#session;
    if (!s?.game) return;
    const x = Number(m);
    this.#nav++;
    this.#host.navigated();
    this.#playing = false;
    this.#stop = null;
    this.#desired = Math.max(0, Math.min(s.game.length, Number.isNaN(x) ? 0 : x));
    s.target = Math.floor(this.#desired);
    s.force = true;
    s.pump(); // ask the worker now; the answer is drawn at the next frame
    this.#host.changed();
  }

  /**
   * Plays from the step on screen to step `m` (clamped), forwards or backwards, at the
   * speed (or at `speed`, for this move alone), and stops there: a story's paragraph taking
   * the figure to its step. Any other move of the visitor's (play, pause, seek) ends it.
   */
  playTo(m, speed) {
    const s = this.#session;
    if (!s?.game) return;
    const to = Math.max(0, Math.min(s.game.length, Math.floor(Number(m)) || 0));
    this.#nav++;
    this.#host.navigated();
    this.#stop = to;
    this.#stopSpeed = speed > 0 ? speed : null;
    this.#playing = to !== this.#desired;
    if (!this.#playing) {
      this.#stop = null;
      s.target = to;
      s.pump();
    }
    this.#host.changed();
  }

  /** Moves `d` steps forward (or back, when negative). */
  stepBy(d) {
    this.seek(Math.floor(this.#desired) + d);
  }

  setGranularity(g) {
    this.#gran = g;
    this.#host.navigated();
    this.#navAtGran = this.#nav;
    this.#session?.setGranularity(g);
    this.#host.changed();
  }

  /** The next granularity (`dir` 1) or the previous (-1), round. */
  cycleGranularity(dir) {
    const k = GRANULARITIES.indexOf(this.#gran) + dir;
    this.setGranularity(GRANULARITIES[(k + GRANULARITIES.length) % GRANULARITIES.length]);
  }

  setSpeed(v) {
    this.#speed = v;
    this.#host.changed();
  }

  /** The next speed up (`dir` 1) or down (-1). */
  faster(dir) {
    const k = SPEEDS.indexOf(this.#speed);
    this.setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, k + dir))]);
  }

  /** The worker drew a frame: at a new granularity the same place has a new number. */
  framed(m) {
    const s = this.#session;
    if (!m.stale && !m.moved && s?.game && this.#navAtGran === this.#nav) this.#desired = s.target = s.game.position;
  }

  /**
   * One animation frame at time `t`: while `moving` (playing on screen), the step advances
   * by the time since the last frame (at most 100 ms of it) at the speed, and at the end
   * stops or, with `loop`, starts again; then the session is asked for the step. True when
   * the picture moved. `skip(desired)`, when given, may move on by itself (true: it did).
   */
  advance(t, moving, loop, skip) {
    const s = this.#session;
    const game = s?.game;
    let moved = false;
    if (game && moving && skip?.(this.#desired)) {
      // moved on by itself; nothing else to advance this frame
    } else if (game && moving && this.#stop !== null) {
      const dt = this.#last ? Math.min(100, t - this.#last) : 0;
      const dir = this.#stop >= this.#desired ? 1 : -1;
      this.#desired += (dir * dt * (this.#stopSpeed ?? this.#speed)) / 1000;
      if (dir * (this.#desired - this.#stop) >= 0) {
        this.#desired = this.#stop;
        this.#stop = null;
        this.#playing = false;
      }
      moved = true;
    } else if (game && moving) {
      const dt = this.#last ? Math.min(100, t - this.#last) : 0;
      this.#desired = Math.min(game.length, this.#desired + (dt * this.#speed) / 1000);
      if (this.#desired >= game.length) {
        if (loop && game.length > 0 && s.target >= game.length && game.position >= game.length) this.#desired = 0;
        else if (!loop) this.#playing = false;
      }
      moved = true;
    }
    this.#last = moving ? t : 0;
    if (game) {
      s.target = Math.floor(this.#desired);
      s.pump();
    }
    return moved;
  }
}
