// token.js: a game's token on the ring (play against the solver): a thick ring around its state, gliding clockwise to the next one.

import { TAU } from './geometry.js';

/**
 * Where the token is drawn: state (p, pos), or on its way there from `from` (a fraction
 * `t` of the way, eased), along the ring clockwise and across from one track to the
 * other. Position 0 is the hole, between the tracks.
 */
function place(g, tok) {
  const at = (p, pos) => ({ a: g.angle(pos), r: pos === 0 ? (g.T1 + g.T2) / 2 : g.trackR(p) });
  const b = at(tok.p, tok.pos);
  if (!tok.from || tok.t >= 1) return g.toScreen(g.c + b.r * Math.sin(b.a), g.c - b.r * Math.cos(b.a));
  const a = at(tok.from.p, tok.from.pos);
  const e = tok.t < 0.5 ? 2 * tok.t * tok.t : 1 - (-2 * tok.t + 2) ** 2 / 2;
  let da = b.a - a.a;
  if (da <= 0) da += TAU; // moves go clockwise
  const ang = a.a + da * e;
  const r = a.r + (b.r - a.r) * e;
  return g.toScreen(g.c + r * Math.sin(ang), g.c - r * Math.cos(ang));
}

/** Draws token `tok` = { p, pos, from, t } over the marks (or the bands of a large ring). */
export function drawToken(ctx, g, colors, tok) {
  const [x, y] = place(g, tok);
  const r = g.marks ? g.r + 9 : Math.max(9, g.hw * g.cam.s * 0.8);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.lineWidth = 7;
  ctx.strokeStyle = colors.ink;
  ctx.stroke();
  ctx.lineWidth = 4;
  ctx.strokeStyle = colors.accent;
  ctx.stroke();
}

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
