// marks.js: what is drawn on top of the tracks: state marks (shape, number), arrows for moves, pointers, the hole, labels.

import { TAU } from './geometry.js';

/**
 * Draws one state's mark for small rings. `w` is its snapshot word, read with the core's
 * layout `bits`; the value decides the shape (circle Win, square Lose, diamond Loop), so
 * colour is never the only cue.
 */
export function mark(ctx, g, colors, bits, values, p, i, w) {
  const r = g.r;
  const [x, y] = g.point(i, g.trackR(p));
  const value = w & bits.valueMask;
  const num = w >>> bits.shift;
  let text = String(num);
  let ink = colors.onWin;
  ctx.beginPath();
  if (value === values.unknown) {
    ctx.arc(x, y, r, 0, TAU);
    ctx.fillStyle = colors.unknown;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = colors.muted;
    ctx.stroke();
    ink = colors.ink;
  } else if (value === values.win) {
    ctx.arc(x, y, r, 0, TAU);
    ctx.fillStyle = colors.win;
    ctx.fill();
  } else if (value === values.lose) {
    const h = r * 0.9;
    ctx.rect(x - h, y - h, 2 * h, 2 * h);
    ctx.fillStyle = colors.lose;
    ctx.fill();
    ink = colors.onLose;
  } else {
    const h = r * 1.25;
    ctx.moveTo(x, y - h);
    ctx.lineTo(x + h, y);
    ctx.lineTo(x, y + h);
    ctx.lineTo(x - h, y);
    ctx.closePath();
    ctx.fillStyle = colors.loop;
    ctx.fill();
    ink = colors.onLose;
    text = '∞';
  }
  if (w & bits.queued) {
    ctx.beginPath();
    ctx.arc(x, y, r + 2.5, 0, TAU);
    ctx.setLineDash([3, 2]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = colors.ink;
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (r >= 7.5) {
    ctx.font = `${value === values.unknown ? '' : 'bold '}${Math.round(r * 1.05)}px ${colors.font}`;
    ctx.fillStyle = ink;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x, y + 0.5);
  }
}

/** A circle around state (p, i): the popped state, the checked move's start, the selection. */
export function ringAt(ctx, g, p, i, rad, color, width, dash) {
  const [x, y] = g.point(i, g.trackR(p));
  ctx.beginPath();
  ctx.arc(x, y, rad, 0, TAU);
  ctx.setLineDash(dash);
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.stroke();
  ctx.setLineDash([]);
}

/** An arrow for the move (p, i) → (q, j); j = 0 ends at the hole. */
export function arrow(ctx, g, p, i, q, j, color, width, dash) {
  const gap = g.small ? g.r + 3 : 2;
  const [x0, y0] = g.point(i, g.trackR(p));
  const [x1, y1] = j === 0 ? g.point(0, (g.trackR(1) + g.trackR(2)) / 2) : g.point(j, g.trackR(q));
  const d = Math.hypot(x1 - x0, y1 - y0) || 1;
  const ux = (x1 - x0) / d;
  const uy = (y1 - y0) / d;
  const ax = x0 + ux * gap;
  const ay = y0 + uy * gap;
  const bx = x1 - ux * gap;
  const by = y1 - uy * gap;
  ctx.beginPath();
  ctx.moveTo(ax, ay);
  ctx.lineTo(bx, by);
  ctx.setLineDash(dash);
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.stroke();
  ctx.setLineDash([]);
  const h = 5 + width * 1.5;
  ctx.beginPath();
  ctx.moveTo(bx, by);
  ctx.lineTo(bx - ux * h - uy * h * 0.5, by - uy * h + ux * h * 0.5);
  ctx.lineTo(bx - ux * h + uy * h * 0.5, by - uy * h - ux * h * 0.5);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** A radial mark across a state's band, with a pointer outside the ring pair (large rings). */
export function tick(ctx, g, colors, p, pos, color, width, pointer) {
  const R = p === 1 ? g.R1 : g.R2;
  const [x0, y0] = g.point(pos, R - g.w - 1);
  const [x1, y1] = g.point(pos, R + 1);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.stroke();
  if (!pointer) return;
  // Outer track: a triangle outside it, pointing in; inner track: inside it, pointing out.
  const tip = p === 1 ? R + 2 : R - g.w - 2;
  const base = p === 1 ? R + 14 : R - g.w - 14;
  const a = g.angle(pos);
  const [tx, ty] = g.point(pos, tip);
  const [bx, by] = g.point(pos, base);
  const ox = Math.cos(a) * 6;
  const oy = Math.sin(a) * 6;
  ctx.beginPath();
  ctx.moveTo(tx, ty);
  ctx.lineTo(bx + ox, by + oy);
  ctx.lineTo(bx - ox, by - oy);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = colors.bg;
  ctx.stroke();
}

/** The hole: a bar across both tracks at the top. */
export function hole(ctx, g, colors) {
  ctx.fillStyle = colors.ink;
  ctx.beginPath();
  if (g.small) ctx.roundRect(g.c - g.r, g.c - g.R1 - g.r, 2 * g.r, g.R1 - g.R2 + 2 * g.r, g.r);
  else ctx.roundRect(g.c - 3, g.c - g.R1 - 3, 6, g.R1 - g.inner + 6, 3);
  ctx.fill();
}

/** Text with a halo of the background colour, readable over any mark. */
export function halo(ctx, colors, text, x, y, color) {
  ctx.lineWidth = 4;
  ctx.strokeStyle = colors.halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

/** Position numbers around a small ring, thinned out when crowded. */
export function positionNumbers(ctx, g, colors) {
  const n = g.n;
  const Rn = g.R1 + g.r + 11;
  const every = [1, 2, 5, 10].find((k) => (TAU * Rn * k) / n >= 22) || 10;
  ctx.font = `12px ${colors.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colors.ink;
  for (let i = 0; i < n; i += every) {
    const [x, y] = g.point(i, Rn);
    ctx.fillText(i === 0 ? '0 hole' : String(i), x, y);
  }
}

/** Quarter marks of a large ring: the hole outside the ring, the others just inside it. */
export function quarterMarks(ctx, g, colors) {
  ctx.font = `12px ${colors.font}`;
  for (let k = 0; k < 4; k++) {
    const pos = Math.round((k * g.n) / 4);
    const [x, y] = g.point(pos, k ? g.inner - 6 : g.R1 + 12);
    ctx.textAlign = ['center', 'right', 'center', 'left'][k];
    ctx.textBaseline = ['middle', 'middle', 'bottom', 'middle'][k];
    halo(ctx, colors, k ? String(pos) : '0 hole', x, y, colors.ink);
  }
}

/** "Outer ring: player 1 to move" in the middle, when there is room. */
export function centreLabels(ctx, g, colors) {
  if (g.inner < 60) return; // no room: the element says it below the ring
  const f = Math.max(11, Math.min(15, g.inner / 9));
  ctx.font = `${f}px ${colors.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lines = ['Outer ring:', 'player 1 to move', '', 'Inner ring:', 'player 2 to move'];
  for (const [k, t] of lines.entries()) halo(ctx, colors, t, g.c, g.c + (k - 2) * f * 1.2, colors.ink);
}
