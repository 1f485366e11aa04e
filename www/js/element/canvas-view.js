// canvas-view.js: what the ring's and the graph's pictures share: the canvas and its context, the core's snapshot bits, the theme colours and the halo behind labels, clearing, CSS pixels.

import { LAYOUT } from '../../pkg/layout.js';
import { LIGHT } from './style.js';

/** Colour string → 0xRRGGBB, through the canvas's own colour parser. */
export function rgb(ctx, color) {
  ctx.fillStyle = '#000';
  ctx.fillStyle = color;
  const s = ctx.fillStyle;
  if (s.startsWith('#')) return parseInt(s.slice(1, 7), 16);
  const m = s.match(/[\d.]+/g) || [0, 0, 0];
  return (m[0] << 16) | (m[1] << 8) | m[2];
}

/** Screen point (CSS px) of world point (x, y) under camera `cam` ({ s, cx, cy }), the screen's centre at (mx, my). */
export const screenPoint = ({ s, cx, cy }, mx, my, x, y) => [(x - cx) * s + mx, (y - cy) * s + my];

/** World point of screen point (x, y): `screenPoint` undone. */
export const worldPoint = ({ s, cx, cy }, mx, my, x, y) => [(x - mx) / s + cx, (y - my) / s + cy];

/** A picture on a canvas, drawn from the core's snapshot words. */
export class CanvasView {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.dpr = 1;
    /** The core's snapshot layout (value codes, queued, current, looks). */
    this.bits = LAYOUT.snapshot;
    this.colors = { ...LIGHT };
  }

  /** Theme colours (CSS colour strings, by style.js COLOR_VARS's names), over the light theme's; `halo` follows the background. */
  setColors(colors) {
    this.colors = { ...LIGHT, ...colors };
    const bg = rgb(this.ctx, this.colors.bg);
    this.colors.halo = `rgba(${bg >> 16},${(bg >> 8) & 255},${bg & 255},0.9)`;
  }

  /** Clears the whole canvas (in device pixels). */
  clear() {
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  /** Draws in CSS pixels from here on. */
  inCssPixels() {
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
  }
}
