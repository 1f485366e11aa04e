// token.js: a game's token on the ring (play against the solver), gliding clockwise to the next state: where it is and how far it has come (ring/token-paint.js draws it).

/** How long the token takes to move along the ring (ms). */
const TOKEN_MS = 450;

/**
 * A game's token and its glide: where it is (`{ p, pos }`, or null), and, while it moves,
 * from where and how far (advanced by `tick(t)` once a frame until it is there).
 */
export class TokenMotion {
  #at = null;
  #move = null;

  /** Where the token is, `{ p, pos }`, or null. */
  get at() {
    return this.#at;
  }

  /** True while it glides. */
  get moving() {
    return this.#move !== null;
  }

  /** Places the token at once (null: none); a glide under way ends there. */
  place(at) {
    this.settle();
    this.#at = at;
  }

  /** Glides from where it is to `at`; resolves when it is there (at once when `animate` is false). */
  glide(at, animate) {
    const from = this.#at;
    this.place(at);
    if (!from || !at || !animate) return Promise.resolve();
    return new Promise((resolve) => {
      this.#move = { from, start: 0, t: 0, done: resolve };
    });
  }

  /** One frame at time `t`; true when the token moved. */
  tick(t) {
    const m = this.#move;
    if (!m) return false;
    m.start ||= t;
    m.t = Math.min(1, (t - m.start) / TOKEN_MS);
    return true;
  }

  /** After a frame: a glide that has arrived resolves. */
  arrived() {
    if (this.#move && this.#move.t >= 1) this.settle();
  }

  /** The glide, if any, ends where it was going (a hidden tab draws no frames). */
  settle() {
    const m = this.#move;
    this.#move = null;
    m?.done();
  }

  /** What the ring draws: the token, where it comes from and how far it is (or null). */
  get drawn() {
    const m = this.#move;
    return this.#at && { ...this.#at, from: m?.from ?? null, t: m?.t ?? 1 };
  }
}
