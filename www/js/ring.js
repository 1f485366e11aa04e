// ring.js: the ring on a canvas: sizes it, and draws one frame from the snapshot (marks for small rings, bands for large).

import { Bands } from './bands.js';
import { Geometry, SMALL_N } from './geometry.js';
import { arrow, centreLabels, hole, mark, positionNumbers, quarterMarks, ringAt, tick } from './marks.js';

export { SMALL_N };

/** The colours a theme gives (CSS colour strings), and the light theme's defaults. */
export const LIGHT = {
  win: '#0072B2',
  lose: '#D55E00',
  loop: '#CC79A7',
  accent: '#E69F00',
  ink: '#1a1a1a',
  muted: '#6B6B6B',
  unknown: '#EDEDED',
  track: '#C8C8C8',
  bg: '#ffffff',
  onWin: '#ffffff',
  onLose: '#000000',
  font: 'system-ui, sans-serif',
};

/** Colour string → 0xRRGGBB, through the canvas's own colour parser. */
function rgb(ctx, color) {
  ctx.fillStyle = '#000';
  ctx.fillStyle = color;
  const s = ctx.fillStyle;
  if (s.startsWith('#')) return parseInt(s.slice(1, 7), 16);
  const m = s.match(/[\d.]+/g) || [0, 0, 0];
  return (m[0] << 16) | (m[1] << 8) | m[2];
}
const mix = (a, b, t) => {
  let out = 0;
  for (const sh of [16, 8, 0]) out |= Math.round(((a >> sh) & 255) * (1 - t) + ((b >> sh) & 255) * t) << sh;
  return out;
};

export class Ring {
  /** `layout`: the core's layout (snapshot bits and value codes), from the worker's hello. */
  constructor(canvas, layout) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.g = new Geometry();
    this.dpr = 1;
    this.bits = layout.snapshot;
    this.values = layout.snapshot; // its value codes: unknown, win, lose, loop
    this.bands = new Bands(this.bits);
    this.setColors(LIGHT);
  }

  get n() {
    return this.g.n;
  }

  get small() {
    return this.g.small;
  }

  /** Theme colours; band looks derive from them (paler when queued, darker patterns). */
  setColors(colors) {
    this.colors = { ...LIGHT, ...colors };
    const c = this.colors;
    const v = this.values;
    const win = rgb(this.ctx, c.win);
    const lose = rgb(this.ctx, c.lose);
    const loop = rgb(this.ctx, c.loop);
    const bg = rgb(this.ctx, c.bg);
    const unk = rgb(this.ctx, c.unknown);
    const dark = 0;
    c.halo = `rgba(${bg >> 16},${(bg >> 8) & 255},${bg & 255},0.9)`;
    this.bands.setLooks({
      [v.unknown]: [mix(unk, dark, 0.06), mix(unk, dark, 0.06), 0],
      [v.win]: [win, win, 0],
      [v.lose]: [lose, mix(lose, dark, 0.45), 1],
      [v.loop]: [loop, mix(loop, dark, 0.45), 2],
      [v.win + 4]: [mix(win, bg, 0.45), mix(win, bg, 0.45), 0],
      [v.lose + 4]: [mix(lose, bg, 0.45), mix(lose, dark, 0.2), 1],
    });
  }

  /** Sizes the canvas: `size` CSS pixels square at `dpr` device pixels each; false when unchanged. */
  layout(size, dpr) {
    // An even number of device pixels keeps the centre between pixels (the quadrants of
    // the band map mirror exactly), and CSS size × dpr = that number keeps it crisp.
    const D = 2 * Math.round((Math.max(160, Math.floor(size)) * dpr) / 2);
    if (D === this.canvas.width && dpr === this.dpr && this.g.size) return false;
    this.dpr = dpr;
    this.canvas.style.width = this.canvas.style.height = `${D / dpr}px`;
    this.canvas.width = this.canvas.height = D;
    this.g.set(this.g.n, D / dpr);
    this.bands.invalidate();
    return true;
  }

  /** A new game of `n` positions. */
  setGame(n) {
    this.g.set(n, this.g.size);
    this.bands.invalidate();
  }

  point(pos, r) {
    return this.g.point(pos, r);
  }

  trackR(p) {
    return this.g.trackR(p);
  }

  hit(x, y) {
    return this.g.hit(x, y);
  }

  /** The move being looked at, from the event: the predecessor (p, i) → the popped (q, j). */
  focusMove(ev) {
    if (!ev || ev.step === undefined) return null;
    return { p: ev.player, i: ev.pos, q: 3 - ev.player, j: ev.succ, step: ev.step };
  }

  /**
   * Draws the whole picture. `v`: { snap, changed, event, current, preds, sel, hover }:
   * `current` is the popped state's index (or -1), `preds` its predecessors as
   * [{ p, i, step }] in the order the search checks them.
   */
  draw(v) {
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (!this.g.n || !v.snap) return;
    if (this.small) {
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawSmall(v);
    } else {
      ctx.drawImage(this.bands.paint(this.g, this.dpr, v.snap, v.changed), 0, 0);
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawLarge(v);
    }
    centreLabels(ctx, this.g, this.colors);
  }

  drawSmall(v) {
    const { ctx, g, colors } = this;
    const n = g.n;
    ctx.lineWidth = 1;
    ctx.strokeStyle = colors.track;
    for (const R of [g.R1, g.R2]) {
      ctx.beginPath();
      ctx.arc(g.c, g.c, R, 0, 2 * Math.PI);
      ctx.stroke();
    }
    hole(ctx, g, colors);
    positionNumbers(ctx, g, colors);
    // The popped state's predecessors, as arrows into it: checked ones dark, the rest dashed.
    const fm = this.focusMove(v.event);
    if (v.current >= 0) {
      const q = v.current < n ? 1 : 2;
      const j = v.current % n;
      const upto = fm && fm.q === q && fm.j === j ? fm.step : 0;
      for (const { p, i, step } of v.preds || []) {
        if (step === upto) continue;
        const done = step < upto;
        arrow(ctx, g, p, i, q, j, done ? colors.muted : colors.track, done ? 1.5 : 1, done ? [] : [3, 4]);
      }
    }
    if (fm) arrow(ctx, g, fm.p, fm.i, fm.q, fm.j, colors.accent, 3.5, []);
    for (let p = 1; p <= 2; p++) {
      for (let i = 1; i < n; i++) mark(ctx, g, colors, this.bits, this.values, p, i, v.snap[(p - 1) * n + i]);
    }
    const r = g.r;
    if (fm?.i) ringAt(ctx, g, fm.p, fm.i, r + 4.5, colors.accent, 3, [4, 3]);
    if (v.current >= 0) ringAt(ctx, g, v.current < n ? 1 : 2, v.current % n, r + 4.5, colors.accent, 4, []);
    if (v.hover) ringAt(ctx, g, v.hover.p, v.hover.pos, r + 8.5, colors.muted, 2, []);
    if (v.sel) ringAt(ctx, g, v.sel.p, v.sel.pos, r + 8.5, colors.ink, 3, []);
  }

  drawLarge(v) {
    const { ctx, g, colors } = this;
    const n = g.n;
    quarterMarks(ctx, g, colors);
    hole(ctx, g, colors);
    const fm = this.focusMove(v.event);
    if (fm) arrow(ctx, g, fm.p, fm.i, fm.q, fm.j, colors.accent, 2.5, []);
    if (v.current >= 0) tick(ctx, g, colors, v.current < n ? 1 : 2, v.current % n, colors.accent, 3, true);
    if (fm?.i) tick(ctx, g, colors, fm.p, fm.i, colors.accent, 2, false);
    if (v.hover) tick(ctx, g, colors, v.hover.p, v.hover.pos, colors.muted, 2, false);
    if (v.sel) tick(ctx, g, colors, v.sel.p, v.sel.pos, colors.ink, 2, true);
  }
}
