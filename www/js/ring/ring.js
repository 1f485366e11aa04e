// ring.js: the ring on a canvas: sizes it, and draws one frame from the snapshot (marks for small rings, bands for large).

import { LAYOUT } from '../../pkg/layout.js';
import { CanvasView, rgb } from '../element/canvas-view.js';
import { words as wordsFor } from '../element/i18n.js';
import { askedAt, flagAt } from '../element/painters.js';
import { otherPlayer, stateAt, stateIndex } from '../workers/states.js';
import { Geometry, TAU } from './geometry.js';
import { arrow, askedTick, centreLabels, hole, mark, miniMap, positionNumbers, ringAt, tick } from './marks.js';

/** The canvas's words when the frame brings none (an export's own ring). */
const EN = wordsFor('en');

const mix = (a, b, t) => {
  let out = 0;
  for (const sh of [16, 8, 0]) out |= Math.round(((a >> sh) & 255) * (1 - t) + ((b >> sh) & 255) * t) << sh;
  return out;
};

export class Ring extends CanvasView {
  /**
   * `parts`: how rings too dense for marks are painted (bands.js), which most posts never
   * draw: `{ Bands }`, the class, or `{ loadBands }`, its module as a part loaded on first
   * use (element/lazy.js: the element's, fetched the first time a frame needs bands); and
   * how a game's token is drawn (token-paint.js), which a post never draws: `{ drawToken }`,
   * or `{ loadToken }`, its module as a part loaded on first use.
   */
  constructor(canvas, parts = {}) {
    super(canvas);
    this.Bands = parts.Bands ?? null;
    this.loadBands = parts.loadBands ?? null;
    this.drawToken = parts.drawToken ?? null;
    this.loadToken = parts.loadToken ?? null;
    /** The band painter, made when a frame first needs one. */
    this.bands = null;
    /** What the last frame wrote, in CSS px, for tests: { labels: [{ text, x, y, w, h, size }], marks: [markAt's answers] }. */
    this.texts = { labels: [], marks: [] };
    this.drawn = [];
    this.g = new Geometry();
    this.setColors({});
  }

  get n() {
    return this.g.n;
  }

  /** True when states are drawn as marks (small rings, or zoomed in far enough). */
  get marks() {
    return this.g.marks;
  }

  /** Theme colours; band looks derive from them (paler when queued, darker patterns). */
  setColors(colors) {
    super.setColors(colors);
    const c = this.colors;
    const b = this.bits;
    const win = rgb(this.ctx, c.win);
    const lose = rgb(this.ctx, c.lose);
    const loop = rgb(this.ctx, c.loop);
    const bg = rgb(this.ctx, c.bg);
    const unk = rgb(this.ctx, c.unknown);
    const dark = 0;
    this.looks = {
      [b.unknown]: [mix(unk, dark, 0.06), mix(unk, dark, 0.06), 0],
      [b.win]: [win, win, 0],
      [b.lose]: [lose, mix(lose, dark, 0.45), 1],
      [b.loop]: [loop, mix(loop, dark, 0.45), 2],
      [b.win | b.queued]: [mix(win, bg, 0.45), mix(win, bg, 0.45), 0],
      [b.lose | b.queued]: [mix(lose, bg, 0.45), mix(lose, dark, 0.2), 1],
    };
    this.bands?.setLooks(this.looks);
  }

  /** The band painter, or null while its module is on the way (then asked for: a module that did not come is asked for again by the next frame). */
  /** The token's painter (token-paint.js's drawToken), or null while its module comes (asked for then). */
  tokenPainter() {
    this.drawToken ??= this.loadToken?.value?.drawToken ?? null;
    if (!this.drawToken) this.loadToken?.get();
    return this.drawToken;
  }

  bandPainter() {
    if (this.bands) return this.bands;
    this.Bands ??= this.loadBands?.value?.Bands ?? null;
    if (!this.Bands) {
      this.loadBands?.get();
      return null;
    }
    this.bands = new this.Bands(this.bits, { stateIndex, stateAt, players: LAYOUT.ring.player, first: LAYOUT.ring.firstPos });
    this.bands.setLooks(this.looks);
    return this.bands;
  }

  /**
   * The smallest text on the canvas, in CSS px (0: the page's own sizes): presenter mode
   * asks for a share of the screen's height, and the marks grow to hold numbers that size.
   * False when unchanged.
   */
  setTextMin(px) {
    if (px === this.g.textMin) return false;
    this.g.textMin = px;
    // The tracks make room for the larger labels: laid out again, the camera kept.
    const cam = this.g.cam;
    this.g.set(this.g.n, this.g.size);
    this.g.cam = cam;
    this.g.refresh();
    this.bands?.invalidate();
    return true;
  }

  /** Sizes the canvas: `size` CSS pixels square at `dpr` device pixels each; false when unchanged. */
  layout(size, dpr) {
    // An even number of device pixels keeps the centre between pixels, and CSS size × dpr
    // = that number keeps it crisp.
    const D = 2 * Math.round((Math.max(160, Math.floor(size)) * dpr) / 2);
    if (D === this.canvas.width && dpr === this.dpr && this.g.size) return false;
    this.dpr = dpr;
    // (An OffscreenCanvas, for exports, has no CSS size.)
    if (this.canvas.style) this.canvas.style.width = this.canvas.style.height = `${D / dpr}px`;
    this.canvas.width = this.canvas.height = D;
    this.g.set(this.g.n, D / dpr);
    this.bands?.invalidate();
    return true;
  }

  /**
   * The frame `state` (as `draw` takes it) drawn afresh at `scale` device pixels per CSS
   * pixel on an OffscreenCanvas of its own (never read back from this canvas): the same
   * size, colours, game and view. For exports; a slide asks for its own `size` (CSS px; the
   * view scaled to it) and `textMin` (its labels' least size).
   */
  copy(scale, state, size = this.g.size, textMin = this.g.textMin) {
    const { Bands, loadBands, drawToken, loadToken } = this;
    const ring = new Ring(new OffscreenCanvas(1, 1), { Bands, loadBands, drawToken, loadToken });
    ring.setColors(this.colors);
    ring.layout(size, scale);
    ring.setTextMin(textMin);
    ring.setGame(this.g.n);
    const k = ring.g.size / this.g.size;
    ring.g.cam = { ...this.g.cam, cx: this.g.cam.cx * k, cy: this.g.cam.cy * k };
    ring.g.refresh();
    ring.draw(state);
    return ring.canvas;
  }

  /** A new game of `n` positions (the whole ring in view). */
  setGame(n) {
    this.g.set(n, this.g.size);
    this.g.reset();
    this.bands?.invalidate();
  }

  point(pos, r) {
    return this.g.point(pos, r);
  }

  trackR(p) {
    return this.g.trackR(p);
  }

  // ---- the camera and the targets, as the element core asks (element/camera.js) -------------

  /** The state under the canvas point (x, y), `{ p, pos }`, or null. */
  hit(x, y) {
    return this.g.hit(x, y);
  }

  /** Where state t (`{ p, pos }`) is drawn, [x, y] in CSS px of the canvas. */
  pointOf(t) {
    return this.g.point(t.pos, this.g.trackR(t.p));
  }

  /** Where the popup points at state t: its mark's centre and radius, and the picture's size. */
  targetPoint(t) {
    const [x, y] = this.pointOf(t);
    return { x, y, r: this.g.marks ? this.g.r : 4, w: this.g.size, h: this.g.size };
  }

  /** Whether the camera can zoom (a ring is drawn). */
  get zoomable() {
    return Boolean(this.g.n);
  }

  /** Zooms by `factor` around (x, y), or around the selected state `sel`, or the centre. */
  zoomBy(factor, x, y, sel) {
    const g = this.g;
    if (x === undefined && sel) {
      g.centreOn(sel.p, sel.pos);
      g.zoom(factor);
    } else {
      g.zoom(factor, x, y);
    }
  }

  resetZoom() {
    this.g.reset();
  }

  /** The zoom (1: the whole ring). */
  get zoomLevel() {
    return this.g.cam.s;
  }

  /** Whether a drag pans (zoomed in). */
  get canPan() {
    return !this.g.whole;
  }

  pan(dx, dy) {
    this.g.pan(dx, dy);
  }

  /** The move being looked at, from the event: the predecessor (p, i) → the popped (q, j). */
  focusMove(ev) {
    if (!ev || ev.step === undefined) return null;
    return { p: ev.player, i: ev.pos, q: otherPlayer(ev.player), j: ev.succ, step: ev.step };
  }

  /**
   * Draws the whole picture. `v`: { snap, changed, event, current, preds, sel, hover, token, asked, flags, words }:
   * `current` is the popped state's index (or -1), `preds` its predecessors as
   * [{ p, i, step }] in the order the search checks them, `token` a game's token (token.js),
   * `asked` the state index whose value the quiz asks for (drawn as a question: a grey "?" mark,
   * or in bands its bin painted as if it were undecided and a "?" tick),
   * `flags` the states where a checked answer differs ([{ p, pos }]), `words` the reader's
   * words for the labels (element/i18n.js; English if none).
   */
  draw(v) {
    const ctx = this.ctx;
    const g = this.g;
    this.clear();
    this.drawn = [];
    if (!g.n || !v.snap) return;
    const [first, count] = g.visible();
    if (g.marks) {
      this.inCssPixels();
      this.drawMarks(v, first, count);
    } else {
      // Until the bands' module has come the frame stays empty (the element waits for it: settled()).
      const bands = this.bandPainter();
      if (!bands) return;
      ctx.drawImage(bands.paint(g, this.dpr, v.snap, v.changed, v.asked ?? -1), 0, 0);
      this.inCssPixels();
      this.drawBandOverlay(v);
    }
    // Until the token's painter has come the token is not drawn (the element waits for it: settled()).
    if (v.token) this.tokenPainter()?.(ctx, g, this.colors, v.token);
    const w = v.words ?? EN;
    this.texts = { labels: [...positionNumbers(ctx, g, this.colors, first, count, w), ...centreLabels(ctx, g, this.colors, w)], marks: this.drawn };
    if (!g.whole) this.mini = miniMap(ctx, g, this.colors);
    else this.mini = null;
  }

  drawMarks(v, first, count) {
    const { ctx, g, colors } = this;
    const n = g.n;
    ctx.lineWidth = 1;
    ctx.strokeStyle = colors.track;
    for (const R of [g.T1, g.T2]) {
      const [cx, cy] = g.toScreen(g.c, g.c);
      ctx.beginPath();
      ctx.arc(cx, cy, R * g.cam.s, 0, TAU);
      ctx.stroke();
    }
    hole(ctx, g, colors);
    // The popped state's predecessors, as arrows into it: checked ones dark, the rest dashed.
    // The quiz's asked state's moves all look unchecked (its deciding move would give its value away).
    const fm = this.focusMove(v.event);
    const shown = fm && stateIndex(n, fm.p, fm.i) !== v.asked ? fm : null;
    if (v.current >= 0) {
      const { p: q, pos: j } = stateAt(n, v.current);
      const upto = fm && fm.q === q && fm.j === j ? fm.step : 0;
      for (const { p, i, step } of v.preds || []) {
        if (shown && step === upto) continue;
        const done = step < upto && stateIndex(n, p, i) !== v.asked;
        arrow(ctx, g, p, i, q, j, done ? colors.muted : colors.track, done ? 1.5 : 1, done ? [] : [3, 4]);
      }
    }
    if (shown) arrow(ctx, g, fm.p, fm.i, fm.q, fm.j, colors.accent, 3.5, []);
    for (const p of LAYOUT.ring.player) {
      for (let k = 0; k < count; k++) {
        const i = (first + k) % n;
        if (i === 0) continue;
        const s = stateIndex(n, p, i);
        if (s === v.asked) askedAt(ctx, colors, ...g.point(i, g.trackR(p)), g.r);
        else this.drawn.push(mark(ctx, g, colors, this.bits, p, i, v.snap[s]));
      }
    }
    const r = g.r;
    for (const f of v.flags || []) {
      const [x, y] = g.point(f.pos, g.trackR(f.p));
      if (x > -r && y > -r && x < g.size + r && y < g.size + r) flagAt(ctx, colors, x, y, r);
    }
    if (fm?.i) ringAt(ctx, g, fm.p, fm.i, r + 4.5, colors.accent, 3, [4, 3]);
    if (v.current >= 0) {
      const at = stateAt(n, v.current);
      ringAt(ctx, g, at.p, at.pos, r + 4.5, colors.accent, 4, []);
    }
    if (v.hover) ringAt(ctx, g, v.hover.p, v.hover.pos, r + 8.5, colors.muted, 2, []);
    if (v.sel) ringAt(ctx, g, v.sel.p, v.sel.pos, r + 8.5, colors.ink, 3, []);
  }

  drawBandOverlay(v) {
    const { ctx, g, colors } = this;
    const n = g.n;
    hole(ctx, g, colors);
    // The move being checked, when its ends are far enough apart to read as an arrow.
    const fm = this.focusMove(v.event);
    if (fm && stateIndex(n, fm.p, fm.i) !== v.asked) {
      const [a, b] = [g.point(fm.i, g.trackR(fm.p)), fm.j ? g.point(fm.j, g.trackR(fm.q)) : g.point(0, (g.T1 + g.T2) / 2)];
      if (Math.hypot(a[0] - b[0], a[1] - b[1]) > 24) {
        ctx.globalAlpha = 0.75; // the bands under it stay readable
        arrow(ctx, g, fm.p, fm.i, fm.q, fm.j, colors.accent, 1.5, []);
        ctx.globalAlpha = 1;
      }
    }
    if (fm?.i) tick(ctx, g, colors, fm.p, fm.i, colors.accent, 2, false);
    for (const f of v.flags || []) tick(ctx, g, colors, f.p, f.pos, colors.flag, 2, true);
    if (v.current >= 0) {
      const at = stateAt(n, v.current);
      tick(ctx, g, colors, at.p, at.pos, colors.accent, 1.5, false);
    }
    if (v.hover) tick(ctx, g, colors, v.hover.p, v.hover.pos, colors.muted, 2, false);
    if (v.sel) tick(ctx, g, colors, v.sel.p, v.sel.pos, colors.ink, 2, false);
    if (v.asked >= 0) {
      const at = stateAt(n, v.asked);
      askedTick(ctx, g, colors, at.p, at.pos);
    }
  }
}
