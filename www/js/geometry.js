// geometry.js: where each state sits on the ring (two tracks, the hole at the top, clockwise) and which state is under a point.

export const SMALL_N = 60;
export const TAU = Math.PI * 2;

/** Positions, radii and hit-testing for a ring of `n` positions drawn `size` CSS pixels square. */
export class Geometry {
  constructor() {
    this.n = 0;
    this.size = 0;
    this.c = 0;
  }

  /** True when each state gets its own mark (else the tracks are bands of pixels). */
  get small() {
    return this.n <= SMALL_N;
  }

  set(n, size) {
    this.n = n;
    this.size = size;
    const S = size;
    const m = n || 2;
    this.c = S / 2;
    if (this.small) {
      // Marks as big as the inner track leaves room for (2.4 radii per position).
      this.r = Math.max(4, Math.min(18, (TAU * (S / 2 - 36)) / (2.4 * m + 6 * Math.PI)));
      this.R1 = S / 2 - this.r - 22;
      this.R2 = this.R1 - 2 * this.r - 14;
      this.inner = this.R2 - this.r;
    } else {
      this.w = Math.max(12, S * 0.085);
      this.R1 = S / 2 - 34;
      this.R2 = this.R1 - this.w - 8;
      this.inner = this.R2 - this.w;
    }
  }

  /** Angle of position `pos` (clockwise from the top). */
  angle(pos) {
    return (pos / this.n) * TAU;
  }

  /** Point at radius r for position pos, in CSS pixels. */
  point(pos, r) {
    const a = this.angle(pos);
    return [this.c + r * Math.sin(a), this.c - r * Math.cos(a)];
  }

  /** Radius of a player's track: the centre of its marks, or of its band. */
  trackR(p) {
    const R = p === 1 ? this.R1 : this.R2;
    return this.small ? R : R - this.w / 2;
  }

  /** The state `{ p, pos }` under CSS point (x, y), or null. */
  hit(x, y) {
    if (!this.n) return null;
    const dx = x - this.c;
    const dy = y - this.c;
    const r = Math.hypot(dx, dy);
    let p = 0;
    if (this.small) {
      const tol = Math.max(this.r + 5, 12);
      if (Math.abs(r - this.R1) <= tol) p = 1;
      else if (Math.abs(r - this.R2) <= tol) p = 2;
    } else if (r >= this.R1 - this.w - 4 && r <= this.R1 + 6) p = 1;
    else if (r >= this.R2 - this.w - 6 && r <= this.R2 + 4) p = 2;
    if (!p) return null;
    let a = Math.atan2(dx, -dy);
    if (a < 0) a += TAU;
    const pos = Math.round((a / TAU) * this.n) % this.n;
    return pos === 0 ? null : { p, pos };
  }
}
