// marks.js: what is drawn on top of the tracks: state marks (shape, depth inside, open moves in the corner), arrows, pointers, the hole, labels, the mini-map.

import { halo, markAt } from '../element/painters.js';
import { TAU } from './geometry.js';

/**
 * One state's mark (when states are wide enough for marks). `w` is its snapshot word,
 * read with the core's layout `bits`; the value decides the shape (circle Win, square
 * Lose, diamond Loop), so colour is never the only cue. A decided state shows its depth
 * inside; an undecided one is an empty grey circle with its count of open moves small in
 * its corner, so the two kinds of number never look alike.
 */
export function mark(ctx, g, colors, bits, p, i, w) {
  const [x, y] = g.point(i, g.trackR(p));
  // The number inside never under presenter mode's least size, though a dense ring caps the mark's radius by its spacing.
  return markAt(ctx, colors, bits, x, y, g.r, w, undefined, g.badge, undefined, Math.ceil(g.textMin || 0));
}

/**
 * The state the quiz asks about on a band: a tick in the ink colour pointing at it, and a
 * "?" on the band right there (the band shows it as undecided: bands.js), inside the band
 * so that it never meets the labels around the ring.
 */
export function askedTick(ctx, g, colors, p, pos) {
  tick(ctx, g, colors, p, pos, colors.ink, 2, false);
  const size = Math.max(12, g.textMin || 0, Math.min(28, 1.2 * g.hw * g.cam.s));
  const [x, y] = g.point(pos, g.trackR(p));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `bold ${Math.round(size)}px ${colors.font}`;
  ctx.lineWidth = 4;
  ctx.strokeStyle = colors.halo;
  ctx.strokeText('?', x, y);
  ctx.fillStyle = colors.ink;
  ctx.fillText('?', x, y);
}

/** A circle around state (p, i): the state looked at, the checked move's start, the selection. */
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
  const gap = g.marks ? g.r + 3 : 2;
  const [x0, y0] = g.point(i, g.trackR(p));
  const [x1, y1] = j === 0 ? g.point(0, (g.T1 + g.T2) / 2) : g.point(j, g.trackR(q));
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

/**
 * A pointer at a state of a dense ring: a triangle outside the pair of tracks pointing at
 * it (outer track from outside, inner track from inside), so that nothing covers the band
 * itself; `across` also draws a thin line over the band (for the state looked at now).
 */
export function tick(ctx, g, colors, p, pos, color, width, across) {
  const T = g.trackR(p);
  if (across) {
    const [x0, y0] = g.point(pos, T - g.hw);
    const [x1, y1] = g.point(pos, T + g.hw);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.stroke();
  }
  // Outer track: a triangle outside it, pointing in; inner track: inside it, pointing out.
  const s = g.cam.s;
  const out = p === 1 ? 1 : -1;
  const edge = T + out * g.hw;
  const [tx, ty] = g.point(pos, edge + (out * 2) / s);
  const [bx, by] = g.point(pos, edge + (out * 14) / s);
  const a = g.angle(pos);
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

/** The hole: a bar across both tracks at the top (marks), or a notch above them (bands, where a bar would hide its neighbours). */
export function hole(ctx, g, colors) {
  if (!g.marks) {
    const [tx, ty] = g.point(0, g.T1 + g.hw + 1 / g.cam.s);
    const [bx, by] = g.point(0, g.T1 + g.hw + 9 / g.cam.s);
    const a = g.angle(0);
    const [ox, oy] = [Math.cos(a) * 5, Math.sin(a) * 5];
    ctx.beginPath();
    ctx.moveTo(tx, ty);
    ctx.lineTo(bx + ox, by + oy);
    ctx.lineTo(bx - ox, by - oy);
    ctx.closePath();
    ctx.fillStyle = colors.ink;
    ctx.fill();
    return;
  }
  // Across both tracks, as far out as the marks reach; zoomed in, where the tracks are far
  // apart on screen, a short bar on each track instead.
  const out = g.r / g.cam.s;
  const apart = (g.T1 - g.T2) * g.cam.s > 160;
  const bars = apart
    ? [
        [g.T1 + 1.3 * out, g.T1 - 1.3 * out],
        [g.T2 + 1.3 * out, g.T2 - 1.3 * out],
      ]
    : [[g.T1 + out, g.T2 - out]];
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(6, 1.3 * g.r);
  ctx.strokeStyle = colors.ink;
  for (const [a, b] of bars) {
    const [x0, y0] = g.point(0, a);
    const [x1, y1] = g.point(0, b);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
}

/** A round step between labels: 1, 2, 5, 10, 20, 50, ... at least `min`. */
function niceStep(min) {
  let k = 1;
  while (k < min) {
    if (k * 2 >= min) return k * 2;
    if (k * 5 >= min) return k * 5;
    k *= 10;
  }
  return k;
}

/**
 * Position numbers outside the outer track, in words `w`: every position when marks have room, else
 * round numbers far enough apart; the hole is labelled "0 hole". `first, count` is the
 * window of positions in view. Each label sits beyond everything its mark draws (see
 * Geometry.markReach), as far again as its own box reaches towards the ring, so that no
 * label covers a mark or its badge whatever its size. Returns the labels' boxes.
 */
export function positionNumbers(ctx, g, colors, first, count, w) {
  const n = g.n;
  const fs = Math.max(12, Math.round(g.size / 55), Math.ceil(g.textMin));
  ctx.font = `${fs}px ${colors.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const spacing = (TAU * g.T1 * g.cam.s) / n;
  // Every position when marks have room; round numbers well apart on bands.
  const wide = ctx.measureText(w.num(n - 1)).width;
  const every = niceStep(Math.ceil((g.marks ? Math.max(30, wide + 8) : Math.max(110, 2 * wide + 16)) / spacing));
  // How far out from the track (screen px) the nearest edge of a label may come.
  const clear = g.marks ? g.markReach + 6 : g.hw * g.cam.s + 8;
  const S = g.size;
  // The hole's bar (hole() below) reaches out to about 2 mark radii; where large marks make
  // it reach the label above it, the label moves beside the bar.
  const bar = g.marks ? 1.95 * g.r : 0;
  const holeText = w.t('ring.canvas.hole');
  const holeShift = g.marks && clear < bar ? 0.7 * g.r + 4 + ctx.measureText(holeText).width / 2 : 0;
  const start = Math.ceil(first / every) * every;
  // Each position once (the window wraps round past n), the hole's label first: a number whose box
  // would touch a label already placed (the wide "0 hole" beside 1 or n - 1 on large type) is left out.
  const wanted = new Map();
  for (let k = start; k < first + count + every; k += every) {
    const i = k % n;
    if (wanted.has(i)) continue;
    const text = i === 0 ? holeText : w.num(i);
    // Half the label's box along the radius at this angle, plus its halo.
    const a = g.angle(i);
    const tw = ctx.measureText(text).width + 4;
    const half = (Math.abs(Math.sin(a)) * tw) / 2 + (Math.abs(Math.cos(a)) * (fs + 4)) / 2;
    const [x, y] = g.point(i, g.T1 + (clear + half) / g.cam.s);
    // Whole labels only: one the canvas would cut (a wide number beside a small ring) is left out.
    if (x - tw / 2 < 0 || x + tw / 2 > S || y < fs / 2 || y > S - fs / 2) continue;
    wanted.set(i, { text, x: i === 0 ? x + holeShift : x, y, w: tw, h: fs + 4 });
  }
  const boxes = [];
  const order = [...wanted.keys()].sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : 0));
  for (const i of order) {
    const l = wanted.get(i);
    if (boxes.some((b) => Math.abs(b.x - l.x) < (b.w + l.w) / 2 + 1 && Math.abs(b.y - l.y) < (b.h + l.h) / 2 + 1)) continue;
    const box = halo(ctx, colors, l.text, l.x, l.y, colors.ink, fs);
    if (i === 0) box.hole = true;
    boxes.push(box);
  }
  return boxes;
}

/** "Outer ring: player 1 to move" in the middle, in words `w`, when there is room and the whole ring shows. Returns the lines' boxes. */
export function centreLabels(ctx, g, colors, w) {
  if (g.inner < 60 || !g.whole) return [];
  const f = Math.max(11, Math.min(Math.max(15, g.size / 45), g.inner / 9), Math.ceil(g.textMin));
  ctx.font = `${f}px ${colors.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Each track's words as the catalog breaks them into lines, a blank line between the two.
  const lines = [...w.t('ring.canvas.outer').split('\n'), '', ...w.t('ring.canvas.inner').split('\n')];
  const mid = (lines.length - 1) / 2;
  return lines.flatMap((t, k) => (t ? [halo(ctx, colors, t, g.c, g.c + (k - mid) * f * 1.2, colors.ink, f)] : []));
}

/** The whole ring small in a corner, with the part in view outlined (shown while zoomed in). */
export function miniMap(ctx, g, colors) {
  const m = Math.min(110, g.size * 0.26);
  const x0 = g.size - m - 6;
  const y0 = 6;
  const k = m / g.size;
  ctx.fillStyle = colors.bg;
  ctx.strokeStyle = colors.muted;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.rect(x0, y0, m, m);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = colors.track;
  ctx.lineWidth = Math.max(2, g.hw * 2 * k);
  for (const T of [g.T1, g.T2]) {
    ctx.beginPath();
    ctx.arc(x0 + g.c * k, y0 + g.c * k, T * k, 0, TAU);
    ctx.stroke();
  }
  ctx.fillStyle = colors.ink;
  ctx.fillRect(x0 + g.c * k - 1.5, y0 + (g.c - g.T1 - g.hw) * k, 3, (g.T1 - g.T2 + 2 * g.hw) * k);
  // The view: the screen's corners in world coordinates.
  const [ax, ay] = g.toWorld(0, 0);
  const [bx, by] = g.toWorld(g.size, g.size);
  ctx.strokeStyle = colors.accent;
  ctx.lineWidth = 2;
  ctx.strokeRect(x0 + ax * k, y0 + ay * k, Math.max(3, (bx - ax) * k), Math.max(3, (by - ay) * k));
  return { x: x0, y: y0, size: m };
}
