// element/painters.js: the marks both elements' pictures draw alike: a value's mark (shape, number, open-moves badge), the quiz's asked mark, a checked answer's flag, text with a halo.

const TAU = Math.PI * 2;

/**
 * A mark of radius `r` centred on (x, y), for snapshot word `w` (see `mark`). `label`, if
 * given, replaces the depth inside a decided mark (a graph's Sprague-Grundy value); `badge`
 * is the open-moves badge's radius (half the mark's by default); `least`, the smallest text (CSS px,
 * presenter mode's share of the screen's height). Returns what it drew, for
 * tests: { x, y, r, text, size, badge: { x, y, r, size } or null }.
 */
export function markAt(ctx, colors, bits, x, y, r, w, label, badge = Math.max(5.5, r * 0.5), sub = undefined, least = 0) {
  const value = w & bits.valueMask;
  const num = w >>> bits.shift;
  let text = label ?? String(num);
  let ink = colors.onWin;
  ctx.beginPath();
  if (value === bits.unknown) {
    ctx.arc(x, y, r, 0, TAU);
    ctx.fillStyle = colors.unknown;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = colors.muted;
    ctx.stroke();
    text = '';
  } else if (value === bits.win) {
    ctx.arc(x, y, r, 0, TAU);
    ctx.fillStyle = colors.win;
    ctx.fill();
  } else if (value === bits.lose) {
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
    text = label ?? '∞';
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
  const drawn = { x, y, r, text: '', size: 0, badge: null };
  if (r < 7.5) return drawn;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (text && sub) {
    // Two lines: the value, and under it a smaller line (K under a graph's ∞), shrunk to fit the mark.
    const size = Math.max(Math.round(r * 0.8), least);
    let small = Math.round(r * 0.62);
    ctx.font = `${small}px ${colors.font}`;
    const fit = (1.9 * r) / Math.max(1, ctx.measureText(sub).width);
    if (fit < 1) small = Math.max(7, Math.floor(small * fit));
    // Never under the least size asked for (presenter mode): a long K then reaches past the mark, and
    // the two lines stand further apart than the mark's own spacing so that neither covers the other.
    small = Math.max(small, least);
    const apart = Math.max(0.75 * r, (size + small) / 2 + 2);
    ctx.font = `bold ${size}px ${colors.font}`;
    ctx.fillStyle = ink;
    ctx.fillText(text, x, y - apart * 0.4);
    ctx.font = `${small}px ${colors.font}`;
    if (ctx.measureText(sub).width > 1.9 * r) {
      // Past the mark's edge its ink would be lost on the background: an outline of the mark's own colour keeps it read.
      ctx.lineWidth = 4;
      ctx.lineJoin = 'round';
      ctx.strokeStyle = value === bits.win ? colors.win : value === bits.lose ? colors.lose : colors.loop;
      ctx.strokeText(sub, x, y + apart * 0.6);
    }
    ctx.fillText(sub, x, y + apart * 0.6);
    Object.assign(drawn, { text, size, sub, subSize: small });
  } else if (text) {
    const size = Math.max(Math.round(r * 1.05), least);
    ctx.font = `bold ${size}px ${colors.font}`;
    ctx.fillStyle = ink;
    ctx.fillText(text, x, y + 0.5);
    Object.assign(drawn, { text, size });
  } else {
    // Open moves: a small grey badge on the upper right of the circle.
    const b = badge;
    const [bx, by] = [x + r * 0.72, y - r * 0.72];
    ctx.beginPath();
    ctx.arc(bx, by, b, 0, TAU);
    ctx.fillStyle = colors.bg;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = colors.muted;
    ctx.stroke();
    const size = Math.round(b * 1.35);
    ctx.font = `${size}px ${colors.font}`;
    ctx.fillStyle = colors.muted;
    ctx.fillText(String(num), bx, by + 0.5);
    drawn.badge = { x: bx, y: by, r: b, text: String(num), size };
  }
  return drawn;
}

/**
 * The mark of a value the quiz asks for: a grey circle with a question mark, the same for
 * every value (nothing of the answer shows: neither colour, nor shape, nor number).
 */
export function askedAt(ctx, colors, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.fillStyle = colors.unknown;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = colors.ink;
  ctx.stroke();
  if (r < 5) return;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `bold ${Math.round(r * 1.2)}px ${colors.font}`;
  ctx.fillStyle = colors.ink;
  ctx.fillText('?', x, y + 0.5);
}

/**
 * A checked answer's difference at (x, y), on a mark of radius `r`: a thick ring in the
 * flag colour and a ✗ badge on its lower left, so that it reads without colour too.
 */
export function flagAt(ctx, colors, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r + 5, 0, TAU);
  ctx.lineWidth = 3;
  ctx.strokeStyle = colors.flag;
  ctx.stroke();
  const b = Math.max(6, r * 0.5);
  const [bx, by] = [x - r * 0.8, y + r * 0.8];
  ctx.beginPath();
  ctx.arc(bx, by, b, 0, TAU);
  ctx.fillStyle = colors.bg;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = colors.flag;
  ctx.stroke();
  const k = b * 0.45;
  ctx.beginPath();
  ctx.moveTo(bx - k, by - k);
  ctx.lineTo(bx + k, by + k);
  ctx.moveTo(bx + k, by - k);
  ctx.lineTo(bx - k, by + k);
  ctx.strokeStyle = colors.ink;
  ctx.stroke();
}

/**
 * Text with a halo of the background colour, readable over any mark; `size` its font size.
 * Returns its box (centred on x, y) for tests: { text, x, y, w, h, size }.
 */
export function halo(ctx, colors, text, x, y, color, size) {
  ctx.lineWidth = 4;
  ctx.strokeStyle = colors.halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
  return { text, x, y, w: ctx.measureText(text).width + 4, h: size + 4, size };
}
