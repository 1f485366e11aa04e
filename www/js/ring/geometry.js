// geometry.js: where each state sits on the ring (two tracks, the hole at the top, clockwise), the camera (zoom and pan), and hit-testing.

import { screenPoint, worldPoint } from '../element/canvas-view.js';

export const TAU = Math.PI * 2;
/** Marks narrower than this (screen px radius) are drawn as bands of pixels instead. */
const MIN_MARK = 6;
/** The closest zoom shows a state's mark at this radius (screen px). */
const MAX_MARK = 18;

/** The mark radius whose number (drawn at 1.05 radii, marks.js) is `text` px tall. */
const markFor = (text) => text / 1.05;

/**
 * The ring drawn `size` CSS pixels square: two tracks (outer: player 1 to move, inner:
 * player 2) in world coordinates, seen through a camera `{ s, cx, cy }`: the world point
 * (cx, cy) sits at the canvas centre, magnified s times. The default camera shows all.
 */
export class Geometry {
  constructor() {
    this.n = 0;
    this.size = 0;
    this.c = 0;
    this.cam = { s: 1, cx: 0, cy: 0 };
    /** The smallest text on the canvas (CSS px): 0 for the page's own sizes; presenter mode asks for a share of the screen. */
    this.textMin = 0;
  }

  set(n, size) {
    const reset = n !== this.n || size !== this.size;
    this.n = n;
    this.size = size;
    this.c = size / 2;
    // Each track is a band of half-width hw around its centre radius T1 or T2.
    // With a text minimum (presenter mode) the tracks are wide enough for marks that hold it.
    this.hw = Math.max(6, 0.0425 * size, markFor(this.textMin) / 0.95);
    // Room outside the outer track for the position numbers: 30 px, or as much as large
    // marks and large labels (presenter mode) need, estimated as refresh() and
    // positionNumbers() will size them.
    const r = Math.min(Math.max(MAX_MARK, size * 0.032, markFor(this.textMin)), this.hw * 0.95);
    const reach = Math.max(1.25 * r, 1.02 * r + Math.max(5.5, r * 0.5, this.textMin / 1.35), r + 10);
    const fs = Math.max(12, Math.round(size / 55), Math.ceil(this.textMin));
    // Beside the centre a label's whole width lies along the radius: the widest, n - 1 with
    // its group separators, estimated at 0.6 em a digit and 0.3 a separator (positionNumbers
    // puts it past the marks' reach, or 8 px past the bands). At most an eighth of the size
    // goes to it (a phone's ring stays large; a label that still would not fit is left out).
    const digits = String(Math.max(1, n - 1)).length;
    const wide = fs * (0.6 * digits + 0.3 * Math.floor((digits - 1) / 3));
    const forWide = Math.min(Math.max(reach + 12 + wide - this.hw, wide + 16), size / 8);
    const margin = Math.max(30, reach + fs + 12 - this.hw, forWide);
    this.T1 = size / 2 - margin - this.hw;
    this.T2 = this.T1 - 2 * this.hw - 8;
    this.inner = this.T2 - this.hw;
    if (reset) this.cam = { s: 1, cx: this.c, cy: this.c };
    this.refresh();
  }

  /** Derived sizes for the current camera: the mark radius, and whether marks or bands are drawn. */
  refresh() {
    const n = this.n || 2;
    const spacing = (TAU * this.T2 * this.cam.s) / n;
    // Rings larger than the page's (presenter mode, exported pictures) get larger marks, and
    // a text minimum (presenter mode) marks large enough to hold numbers that size.
    this.r = Math.min(Math.max(MAX_MARK, this.size * 0.032, markFor(this.textMin)), 0.42 * spacing, this.hw * this.cam.s * 0.95);
    this.marks = this.r >= MIN_MARK;
    // The open-moves badge on an undecided mark: its radius, and its number's size.
    this.badge = Math.max(5.5, this.r * 0.5, this.textMin / 1.35);
  }

  /**
   * How far past a mark's centre, outwards, anything drawn for it reaches (screen px): the
   * Loop diamond's tip, the open-moves badge, the selection ring. Labels start beyond it.
   */
  get markReach() {
    return Math.max(1.25 * this.r, 1.02 * this.r + this.badge, this.r + 10);
  }

  /** True when the whole ring is in view (no zoom). */
  get whole() {
    return this.cam.s === 1 && this.cam.cx === this.c && this.cam.cy === this.c;
  }

  /** Angle of position `pos` (clockwise from the top). */
  angle(pos) {
    return (pos / this.n) * TAU;
  }

  /** Screen point (CSS px) of world point (x, y). */
  toScreen(x, y) {
    return screenPoint(this.cam, this.c, this.c, x, y);
  }

  /** World point of screen point (x, y). */
  toWorld(x, y) {
    return worldPoint(this.cam, this.c, this.c, x, y);
  }

  /** Screen point for position pos at world radius r. */
  point(pos, r) {
    const a = this.angle(pos);
    return this.toScreen(this.c + r * Math.sin(a), this.c - r * Math.cos(a));
  }

  /** World radius of a player's track centre. */
  trackR(p) {
    return p === 1 ? this.T1 : this.T2;
  }

  /** The state `{ p, pos }` under screen point (x, y), or null. */
  hit(x, y) {
    if (!this.n) return null;
    const [wx, wy] = this.toWorld(x, y);
    const dx = wx - this.c;
    const dy = wy - this.c;
    const r = Math.hypot(dx, dy);
    // A little slack around each band (in screen px) so thin tracks stay clickable.
    const slack = Math.max(this.hw, 10 / this.cam.s);
    let p = 0;
    if (Math.abs(r - this.T1) <= slack) p = 1;
    else if (Math.abs(r - this.T2) <= slack) p = 2;
    if (!p) return null;
    let a = Math.atan2(dx, -dy);
    if (a < 0) a += TAU;
    const pos = Math.round((a / TAU) * this.n) % this.n;
    return pos === 0 ? null : { p, pos };
  }

  /** The positions whose marks may be on screen: [first, count] (a window of the ring, or all of it). */
  visible() {
    const n = this.n;
    const S = this.size;
    // The angle of each screen corner and edge midpoint seen from the ring's centre.
    const [ox, oy] = this.toScreen(this.c, this.c);
    if (ox >= -1 && ox <= S + 1 && oy >= -1 && oy <= S + 1) return [0, n];
    const pts = [];
    for (const fx of [0, 0.5, 1]) for (const fy of [0, 0.5, 1]) pts.push(this.toWorld(fx * S, fy * S));
    const angles = pts.map(([x, y]) => {
      const a = Math.atan2(x - this.c, -(y - this.c));
      return a < 0 ? a + TAU : a;
    });
    // The smallest arc holding every angle: the largest gap between them is outside it.
    angles.sort((a, b) => a - b);
    let gapAt = angles.length - 1;
    let gap = angles[0] + TAU - angles[angles.length - 1];
    for (let k = 0; k + 1 < angles.length; k++) {
      if (angles[k + 1] - angles[k] > gap) {
        gap = angles[k + 1] - angles[k];
        gapAt = k;
      }
    }
    const from = angles[(gapAt + 1) % angles.length];
    const span = TAU - gap;
    const first = Math.floor((from / TAU) * n) - 1;
    const count = Math.min(n, Math.ceil((span / TAU) * n) + 3);
    return [((first % n) + n) % n, count];
  }

  /** Zooms by factor f keeping screen point (x, y) still; clamped to [1, as close as one mark of MAX_MARK]. */
  zoom(f, x = this.c, y = this.c) {
    const [wx, wy] = this.toWorld(x, y);
    const most = Math.max(4, (MAX_MARK * 1.2 * this.n) / (0.42 * TAU * this.T2));
    const s = Math.min(most, Math.max(1, this.cam.s * f));
    this.cam = { s, cx: wx - (x - this.c) / s, cy: wy - (y - this.c) / s };
    this.clamp();
  }

  /** Moves the view by (dx, dy) screen px. */
  pan(dx, dy) {
    this.cam = { ...this.cam, cx: this.cam.cx - dx / this.cam.s, cy: this.cam.cy - dy / this.cam.s };
    this.clamp();
  }

  /** Centres the view on state (p, pos), keeping the zoom. */
  centreOn(p, pos) {
    const a = this.angle(pos);
    const R = this.trackR(p);
    this.cam = { ...this.cam, cx: this.c + R * Math.sin(a), cy: this.c - R * Math.cos(a) };
    this.clamp();
  }

  /** The whole ring again. */
  reset() {
    this.cam = { s: 1, cx: this.c, cy: this.c };
    this.refresh();
  }

  /** Keeps the view on the ring (its centre inside the ring's square), and snaps to whole at s = 1. */
  clamp() {
    const { s } = this.cam;
    if (s <= 1) {
      this.cam = { s: 1, cx: this.c, cy: this.c };
    } else {
      const lim = (v) => Math.max(0, Math.min(this.size, v));
      this.cam = { s, cx: lim(this.cam.cx), cy: lim(this.cam.cy) };
    }
    this.refresh();
  }
}
