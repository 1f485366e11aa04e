// graph-view.js: a game graph on a canvas: its laid-out vertices as the ring's marks, moves as arrows, a camera (fit, zoom, pan) and hit-testing.

import { CanvasView, screenPoint, worldPoint } from '../element/canvas-view.js';
import { askedAt, flagAt, halo, markAt } from '../element/painters.js';
import { LABEL_CHAR, LABEL_GAP, MARK } from '../workers/graph-layout.js';
import { shapeOf, textOf } from './snapshot-word.js';

const TAU = Math.PI * 2;
/** Room around the drawing (CSS px), for labels and the goal's tag. */
export const PAD = 26;
/** The largest mark (CSS px radius): small graphs are not blown up past it. */
export const MAX_MARK = 18;
/** Below this radius a mark has no number inside, and vertices no label. */
const MIN_TEXT = 7.5;

/**
 * Draws a laid-out graph (workers/graph-layout.js) in a canvas of `w` × `h` CSS pixels, seen
 * through a camera { s, cx, cy }: world point (cx, cy) at the centre, magnified s times.
 * `fit()` shows the whole drawing.
 */
export class GraphView extends CanvasView {
  constructor(canvas) {
    super(canvas);
    this.w = 0;
    this.h = 0;
    this.d = null;
    this.cam = { s: 1, cx: 0, cy: 0 };
    this.fitS = 1;
    this.marks = [];
    this.grow = 1; // presenter mode: marks and type this many times their page size at most
    this.textMin = 0; // presenter mode: no text smaller (CSS px)
  }

  /** The largest mark (CSS px radius) at the present growth. */
  get maxMark() {
    return MAX_MARK * this.grow;
  }

  /**
   * Lets marks and type grow `g` times past their page size, with no text under `least` CSS px
   * (presenter mode: a share of the screen's height); false when nothing changed.
   */
  setGrow(g, least = 0) {
    if (g === this.grow && least === this.textMin) return false;
    this.grow = g;
    this.textMin = least;
    this.fit();
    return true;
  }

  /** Sizes the canvas: `w` × `h` CSS pixels at `dpr`; false when nothing changed. */
  resize(w, h, dpr) {
    const W = Math.round(Math.max(160, Math.floor(w)) * dpr);
    const H = Math.round(Math.max(160, Math.floor(h)) * dpr);
    if (W === this.canvas.width && H === this.canvas.height && dpr === this.dpr && this.w) return false;
    this.dpr = dpr;
    this.w = W / dpr;
    this.h = H / dpr;
    this.canvas.style.width = `${this.w}px`;
    this.canvas.style.height = `${this.h}px`;
    this.canvas.width = W;
    this.canvas.height = H;
    this.fit();
    return true;
  }

  /** The drawing's height for a width (layout units): what a canvas needs to show it whole at full width. */
  aspect() {
    return this.d ? (this.d.height + 2 * PAD) / (this.d.width + 2 * PAD) : 1;
  }

  /** The height (CSS px) that shows the whole drawing with marks at their largest: a taller canvas would only add empty rows. */
  fullHeight() {
    return this.d ? this.d.height * (this.maxMark / MARK) + 2 * PAD : Number.POSITIVE_INFINITY;
  }

  /** A new drawing: { ids, x, y, width, height, edges } (workers/graph-layout.js), shown whole. */
  setDrawing(d) {
    this.d = d;
    this.index = new Map();
    if (d) for (let k = 0; k < d.ids.length; k++) this.index.set(d.ids[k], k);
    this.twins = new Set();
    if (d) {
      const keys = new Set(d.edges.map((e) => `${e.from} ${e.to}`));
      for (const e of d.edges) if (e.from !== e.to && keys.has(`${e.to} ${e.from}`)) this.twins.add(`${e.from} ${e.to}`);
    }
    this.fit();
  }

  /** The camera that shows the whole drawing, marks at most MAX_MARK. */
  fit() {
    const d = this.d;
    if (!d || !this.w) return;
    this.fitS = Math.max(1e-3, Math.min((this.w - 2 * PAD) / d.width, (this.h - 2 * PAD) / d.height, this.maxMark / MARK));
    this.cam = { s: this.fitS, cx: d.width / 2, cy: d.height / 2 };
  }

  /** True when the camera shows the whole drawing. */
  get whole() {
    const d = this.d;
    return !d || (this.cam.s === this.fitS && this.cam.cx === d.width / 2 && this.cam.cy === d.height / 2);
  }

  /** The mark radius (CSS px) at the current zoom. */
  get r() {
    return Math.min(this.maxMark, MARK * this.cam.s);
  }

  toScreen(x, y) {
    return screenPoint(this.cam, this.w / 2, this.h / 2, x, y);
  }

  toWorld(x, y) {
    return worldPoint(this.cam, this.w / 2, this.h / 2, x, y);
  }

  /** Zooms by `factor` around screen point (x, y) (the centre by default): from the whole drawing to marks of MAX_MARK px. */
  zoom(factor, x = this.w / 2, y = this.h / 2) {
    if (!this.d) return;
    const [wx, wy] = this.toWorld(x, y);
    const s = Math.max(this.fitS, Math.min(Math.max(this.fitS, this.maxMark / MARK) * 1.5, this.cam.s * factor));
    this.cam = { s, cx: wx - (x - this.w / 2) / s, cy: wy - (y - this.h / 2) / s };
    this.clamp();
  }

  /** Moves the view by (dx, dy) screen pixels. */
  pan(dx, dy) {
    this.cam.cx -= dx / this.cam.s;
    this.cam.cy -= dy / this.cam.s;
    this.clamp();
  }

  /** Centres the view on vertex v. */
  centreOn(v) {
    const k = this.index?.get(v);
    if (k === undefined) return;
    this.cam.cx = this.d.x[k];
    this.cam.cy = this.d.y[k];
    this.clamp();
  }

  /** Keeps some of the drawing in view; at the fitting zoom, exactly the fitted view. */
  clamp() {
    const d = this.d;
    if (this.cam.s <= this.fitS) return this.fit();
    this.cam.cx = Math.max(0, Math.min(d.width, this.cam.cx));
    this.cam.cy = Math.max(0, Math.min(d.height, this.cam.cy));
  }

  /** Screen point of vertex v, or null when it is not drawn. */
  point(v) {
    const k = this.index?.get(v);
    return k === undefined ? null : this.toScreen(this.d.x[k], this.d.y[k]);
  }

  // ---- the camera and the targets, as the element core asks (element/camera.js) -------------

  /** Where vertex v is drawn ([x, y] in CSS px), or null when it is not. */
  pointOf(v) {
    return this.point(v);
  }

  /** Where the popup points at vertex v: its mark's centre (the drawing's when it is not drawn) and radius, and the picture's size. */
  targetPoint(v) {
    const p = this.point(v) ?? [this.w / 2, this.h / 2];
    return { x: p[0], y: p[1], r: this.r ?? 10, w: this.w, h: this.h };
  }

  /** Whether the camera can zoom (a drawing is there). */
  get zoomable() {
    return Boolean(this.d);
  }

  /** Zooms by `factor` around (x, y), or centred on the selected vertex `sel` when it is drawn, or around the centre. */
  zoomBy(factor, x, y, sel) {
    if (x === undefined && sel !== null && this.point(sel)) {
      this.zoom(factor);
      this.centreOn(sel);
    } else {
      this.zoom(factor, x, y);
    }
  }

  resetZoom() {
    this.fit();
  }

  /** The zoom (1: the whole drawing). */
  get zoomLevel() {
    return this.d ? this.cam.s / this.fitS : 1;
  }

  /** Whether a drag pans (zoomed in). */
  get canPan() {
    return !this.whole;
  }

  /** The vertex under screen point (x, y), or null. */
  hit(x, y) {
    if (!this.d) return null;
    const r = Math.max(this.r + 4, 10);
    let best = null;
    let bestD = r;
    for (let k = 0; k < this.d.ids.length; k++) {
      const [px, py] = this.toScreen(this.d.x[k], this.d.y[k]);
      const dist = Math.hypot(px - x, py - y);
      if (dist <= bestD) {
        best = this.d.ids[k];
        bestD = dist;
      }
    }
    return best;
  }

  /**
   * Draws one frame. `v`: { word(v) (a vertex's snapshot word), label(v) (the number inside a
   * decided mark, or undefined for its depth), event, current, sel, hover, flags (the
   * vertices where a checked answer differs), goal, start,
   * sinks (a Set), optimal (a Set of vertices), optimalMoves (a Set of "u w"), stubs
   * (vertex → { away, from } moves that leave the drawing), asked (the vertex whose value the quiz asks for),
   * goalTag (the word on the goal's tag), tree (a tree's painter, graph/graph-tree.js: its edges without a
   * move, and each mark's stones) }.
   */
  draw(v) {
    const { ctx, colors, d } = this;
    this.clear();
    this.marks = [];
    if (!d) return;
    this.inCssPixels();
    const r = this.r;
    const pts = new Map();
    for (let k = 0; k < d.ids.length; k++) pts.set(d.ids[k], this.toScreen(d.x[k], d.y[k]));
    // Optimal play: a soft disc behind its vertices.
    if (v.optimal) {
      ctx.fillStyle = colors.track;
      for (const u of v.optimal) {
        const p = pts.get(u);
        if (!p) continue;
        ctx.beginPath();
        ctx.arc(p[0], p[1], r + 7, 0, TAU);
        ctx.fill();
      }
    }
    const ev = v.event;
    // The quiz's asked vertex's deciding move is drawn as any other (it would give its value away).
    const looked = ev && ev.kind !== 'pop' && ev.step > 0 && ev.pos !== v.asked ? `${ev.pos} ${ev.succ}` : null;
    const into = v.current >= 0 ? v.current : -1;
    const thin = Math.max(0.8, Math.min(1.4, r / 8));
    for (const e of d.edges) {
      const key = `${e.from} ${e.to}`;
      if (key === looked) continue;
      const best = v.optimalMoves?.has(key);
      // The goal's edges are never moves (the game ends there): faint and dotted.
      if (e.from === v.goal) this.edge(e, pts, colors.track, thin, [2, 3]);
      else if (best) this.edge(e, pts, colors.ink, Math.max(1.6, thin * 2), []);
      else if (e.to === into) this.edge(e, pts, colors.muted, thin * 1.3, [4, 3]);
      else this.edge(e, pts, colors.track, thin, []);
    }
    if (looked) {
      const [u, w] = looked.split(' ').map(Number);
      const e = d.edges.find((x) => x.from === u && x.to === w);
      if (e) this.edge(e, pts, colors.accent, Math.max(2, r / 4), []);
    }
    this.stubs(v.stubs, pts, r);
    for (let k = 0; k < d.ids.length; k++) {
      const u = d.ids[k];
      const [x, y] = pts.get(u);
      if (x < -r - 40 || y < -r - 40 || x > this.w + r + 40 || y > this.h + r + 40) continue;
      if (u === v.asked) {
        // The quiz asks for its value: nothing of it shows.
        askedAt(ctx, colors, x, y, r);
        this.marks.push({ v: u, x, y, r, shape: 'asked', label: '?' });
        continue;
      }
      const w = v.word(u);
      const label = v.label(u);
      const sub = v.sub?.(u);
      const least = this.textMin;
      markAt(ctx, colors, this.bits, x, y, r, w, label, Math.max(5.5, r * 0.5, least / 1.35), sub, least);
      if (u === v.goal) this.goalTag(x, y, r, v.goalTag ?? 'goal');
      else if (v.sinks?.has(u)) this.ground(x, y, r);
      if (u === v.start) this.entry(x, y, r);
      this.marks.push({ v: u, x, y, r, shape: shapeOf(w, this.bits), label: textOf(w, this.bits, label), sub });
    }
    this.labelSize = 0;
    if (r >= MIN_TEXT * 0.8) {
      // Each number in its box's room on the right (workers/graph-layout.js), lower right: the upper
      // right holds an undecided mark's badge of open moves.
      const s = this.cam.s;
      this.labelSize = Math.max(this.textMin, Math.min(14 * this.grow, LABEL_CHAR * 1.75 * s));
      ctx.font = `${this.labelSize.toFixed(1)}px ${colors.font}`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      for (const m of this.marks)
        halo(ctx, colors, m.v.toLocaleString('en-US'), m.x + LABEL_GAP * Math.min(s, this.maxMark / MARK), m.y + r * 0.6, colors.ink);
    }
    // A tree's edges without a move, and its stones in the same room on the left (when the numbers show).
    v.tree?.(this, pts, r >= MIN_TEXT * 0.8 && LABEL_GAP * Math.min(this.cam.s, this.maxMark / MARK));
    if (ev && ev.kind !== 'pop' && ev.pos && ev.step > 0) this.ring(pts.get(ev.pos), r + 4.5, colors.accent, 3, [4, 3]);
    if (into >= 0) this.ring(pts.get(into), r + 4.5, colors.accent, 4, []);
    for (const u of v.flags || []) {
      const p = pts.get(u);
      if (p) flagAt(ctx, colors, p[0], p[1], r);
    }
    if (v.hover) this.ring(pts.get(v.hover), r + 8.5, colors.muted, 2, []);
    if (v.sel) this.ring(pts.get(v.sel), r + 8.5, colors.ink, 3, []);
  }

  /** One move as an arrow from centre to centre along the layout's bends, clipped at the marks. */
  edge(e, pts, color, width, dash) {
    const { ctx } = this;
    const a = pts.get(e.from);
    const b = pts.get(e.to);
    if (!a || !b) return;
    const r = this.r;
    if (e.from === e.to) return this.selfLoop(a, r, color, width);
    const path = [a];
    for (let k = 0; k < e.points.length; k += 2) path.push(this.toScreen(e.points[k], e.points[k + 1]));
    path.push(b);
    if (path.length === 2 && this.twins.has(`${e.from} ${e.to}`)) {
      // Both ways between two vertices: each arrow bends to its own left.
      const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      path.splice(1, 0, [mx + dy * 0.18, my - dx * 0.18]);
    }
    const unit = (p, q) => {
      const l = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      return [(q[0] - p[0]) / l, (q[1] - p[1]) / l];
    };
    const u0 = unit(path[0], path[1]);
    const u1 = unit(path[path.length - 2], path[path.length - 1]);
    const start = [a[0] + u0[0] * (r + 2), a[1] + u0[1] * (r + 2)];
    const end = [b[0] - u1[0] * (r + 3), b[1] - u1[1] * (r + 3)];
    const pts2 = [start, ...path.slice(1, -1), end];
    ctx.beginPath();
    ctx.moveTo(start[0], start[1]);
    // Through the bends' midpoints, the bends as control points: a smooth curve.
    for (let k = 1; k < pts2.length - 1; k++) {
      const next = k + 1 === pts2.length - 1 ? pts2[k + 1] : [(pts2[k][0] + pts2[k + 1][0]) / 2, (pts2[k][1] + pts2[k + 1][1]) / 2];
      ctx.quadraticCurveTo(pts2[k][0], pts2[k][1], next[0], next[1]);
    }
    if (pts2.length === 2) ctx.lineTo(end[0], end[1]);
    ctx.setLineDash(dash);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.setLineDash([]);
    this.head(end, u1, width, color);
  }

  head(end, u, width, color) {
    const { ctx } = this;
    const h = Math.max(4, Math.min(9, 3.5 + width * 1.5));
    ctx.beginPath();
    ctx.moveTo(end[0], end[1]);
    ctx.lineTo(end[0] - u[0] * h - u[1] * h * 0.5, end[1] - u[1] * h + u[0] * h * 0.5);
    ctx.lineTo(end[0] - u[0] * h + u[1] * h * 0.5, end[1] - u[1] * h - u[0] * h * 0.5);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
  }

  /** A move that stays put: a small loop on the vertex's upper left. */
  selfLoop(a, r, color, width) {
    const { ctx } = this;
    const c = [a[0] - r * 1.1, a[1] - r * 1.1];
    const rad = r * 0.75;
    ctx.beginPath();
    ctx.arc(c[0], c[1], rad, 0.1 * Math.PI, 1.45 * Math.PI, true);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.stroke();
    const end = [c[0] + rad * Math.cos(1.45 * Math.PI), c[1] + rad * Math.sin(1.45 * Math.PI)];
    this.head([end[0] + 2, end[1] + 1], [1, 0.25], width, color);
  }

  /** Moves that leave a neighbourhood, or come into it from outside: "+3→" and "→+2" under the vertex. */
  stubs(stubs, pts, r) {
    if (!stubs || r < MIN_TEXT * 0.8) return;
    const { ctx, colors } = this;
    ctx.font = `${Math.max(9, this.textMin, Math.min(12 * this.grow, r * 0.75)).toFixed(1)}px ${colors.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const [u, s] of stubs) {
      const p = pts.get(u);
      if (!p) continue;
      const text = [s.from ? `→+${s.from}` : '', s.away ? `+${s.away}→` : ''].filter(Boolean).join(' ');
      // Below the bar or tag that a vertex without a move or the goal has there.
      halo(ctx, colors, text, p[0], p[1] + r * 1.3 + 7, colors.muted);
    }
  }

  /** The goal: a dark tag under its mark, saying `text` (the reader's word for the goal). */
  goalTag(x, y, r, text) {
    const { ctx, colors } = this;
    const f = Math.max(9, this.textMin, Math.min(12 * this.grow, r * 0.7));
    ctx.font = `bold ${f}px ${colors.font}`;
    const w = ctx.measureText(text).width + 8;
    const top = y + r * 1.3 + 2;
    ctx.fillStyle = colors.ink;
    ctx.beginPath();
    ctx.roundRect(x - w / 2, top, w, f + 4, 3);
    ctx.fill();
    ctx.fillStyle = colors.bg;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x, top + (f + 4) / 2 + 0.5);
  }

  /** A vertex without a move: a dark bar under it, like the ring's hole. */
  ground(x, y, r) {
    const { ctx, colors } = this;
    ctx.fillStyle = colors.ink;
    ctx.beginPath();
    ctx.roundRect(x - r * 0.8, y + r * 1.3 + 2, r * 1.6, Math.max(3, r * 0.22), 1.5);
    ctx.fill();
  }

  /** The start: an arrow coming in from the upper left. */
  entry(x, y, r) {
    const { ctx, colors } = this;
    const u = [Math.SQRT1_2, Math.SQRT1_2];
    const end = [x - u[0] * (r + 9), y - u[1] * (r + 9)];
    const from = [end[0] - u[0] * Math.max(12, r), end[1] - u[1] * Math.max(12, r)];
    ctx.beginPath();
    ctx.moveTo(from[0], from[1]);
    ctx.lineTo(end[0], end[1]);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = colors.ink;
    ctx.stroke();
    this.head([end[0] + u[0] * 4, end[1] + u[1] * 4], u, 2.5, colors.ink);
  }

  ring(p, rad, color, width, dash) {
    if (!p) return;
    const { ctx } = this;
    ctx.beginPath();
    ctx.arc(p[0], p[1], rad, 0, TAU);
    ctx.setLineDash(dash);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.setLineDash([]);
  }
}
