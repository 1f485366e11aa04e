// picture.js: a frame for export on a canvas of its own: a slide (16:9: the drawing filling the height, title, legend and narration beside it), or the drawing with, optionally, a title above and the legend and narration below.

import { exportError } from './errors.js';

/**
 * The pieces a line may break between: runs of white space, one Han, kana or full-width
 * character each (with the closing punctuation that must not start a line, and the opening
 * punctuation that must not end one, kept on it), and runs of anything else (a Latin word
 * and its punctuation stay whole). Chinese has no spaces, so it breaks between characters.
 */
const PIECES =
  /\s+|[“‘（《「『【]*[\u2E80-\u9FFF\uF900-\uFAFF\uFF01-\uFF60][，。、：；！？）》」』】”’…\uFF01\uFF09\uFF0C\uFF1A\uFF1B\uFF1F]*|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF01-\uFF60]+/gu;

/** Lines of `text` that fit `width` pixels in the context's current font (English breaks at spaces, Chinese between characters). */
export function wrap(ctx, text, width) {
  const lines = [];
  let line = '';
  let space = false;
  for (const piece of String(text).match(PIECES) ?? []) {
    if (/^\s/.test(piece)) {
      space = line !== '';
      continue;
    }
    const next = line + (space ? ' ' : '') + piece;
    space = false;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = piece;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The legend's entries `[kind, name]` in `words`' language and terms (element/i18n.js: the
 * element's own words, so the picture speaks as the element does).
 */
export function legendItems(words) {
  return [
    ['win', words.t('term.win')],
    ['lose', words.t('term.lose')],
    ['loop', words.t('term.loop')],
    ['unknown', words.t('export.legend.unknown')],
  ];
}

/** One legend swatch in the shape the ring uses: circle Win, square Lose, diamond Loop, grey circle undecided. */
function swatch(ctx, colors, kind, x, y, r) {
  ctx.beginPath();
  if (kind === 'lose') ctx.rect(x - r * 0.9, y - r * 0.9, 1.8 * r, 1.8 * r);
  else if (kind === 'loop') {
    const h = r * 1.25;
    ctx.moveTo(x, y - h);
    ctx.lineTo(x + h, y);
    ctx.lineTo(x, y + h);
    ctx.lineTo(x - h, y);
    ctx.closePath();
  } else ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = colors[kind];
  ctx.fill();
  if (kind === 'unknown') {
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = colors.muted;
    ctx.stroke();
  }
}

/** True for a 16:9 size (1280 × 720, 1920 × 1080): a slide, laid out by layoutSlide. */
export const isSlide = (width, height) => Boolean(height) && Math.abs(width * 9 - height * 16) <= 16;

/**
 * A slide `width` × `height` (16:9): the drawing as tall as the frame less a margin (94 % of
 * it: a projector shows the picture, not the frame), a square for the ring (`square`) or as
 * wide as the words leave for a graph; the title, the legend (one entry a line) and the
 * narration in a column beside it, never above it, each text at least 3.4 % of the height (a
 * slide's words are read from the back of a room; 2.5 % is the least); `aspect` (a graph's
 * drawing's width / height) narrows a graph's box to its drawing. `narration`: a text
 * (a picture: as many lines as fit), true (a clip: room for the lines that fit, the same in
 * every frame) or false. Returns the layout { slide, width, height, pad, fs, textMin, box:
 * { x, y, w, h } (the drawing's), column: { x, w }, parts, narrLines } without drawing.
 */
export function layoutSlide(ctx, { width, height, square, aspect = null, title, legend, narration, font }) {
  const pad = Math.round(height * 0.03);
  const fs = Math.round(height * 0.034);
  const extras = Boolean(title || legend || narration);
  const h = height - 2 * pad;
  // A graph's box: as wide as its drawing's shape (`aspect`, width / height) asks, the words close beside it.
  const most = extras ? Math.round((width - 3 * pad) * 0.66) : width - 2 * pad;
  const w = square ? h : aspect ? Math.round(Math.min(most, Math.max(0.45 * width, h * aspect))) : most;
  const box = { x: extras ? pad : (width - w) / 2, y: pad, w, h };
  const column = { x: box.x + w + pad, w: width - (box.x + w + pad) - pad };
  const parts = { title: [], narration: [], legend: legend || null };
  ctx.font = `bold ${Math.round(fs * 1.25)}px ${font}`;
  if (title) parts.title = wrap(ctx, title, column.w);
  const titleH = parts.title.length ? parts.title.length * fs * 1.6 + fs : 0;
  const legendH = legend ? legend.length * fs * 1.6 + fs : 0;
  const narrTop = pad + titleH + legendH;
  const narrLines = narration ? Math.max(1, Math.floor((height - pad - narrTop) / (fs * 1.35))) : 0;
  ctx.font = `${fs}px ${font}`;
  if (typeof narration === 'string') parts.narration = fitLines(wrap(ctx, narration, column.w), narrLines);
  return { slide: true, width, height, pad, fs, textMin: Math.ceil(0.025 * height), box, column, parts, titleH, legendH, narrTop, narrLines };
}

/** `lines` cut to `most`, the last kept one ending in an ellipsis when some were left out. */
export function fitLines(lines, most) {
  return lines.length > most ? [...lines.slice(0, most - 1), `${lines[most - 1]} …`] : lines;
}

/** Paints slide `L` (from layoutSlide) with the drawing `picture` (a canvas the size of L.box, or larger at the same shape). */
function drawSlide(ctx, L, picture, colors, narrationLines) {
  const { pad, fs, column: col } = L;
  ctx.fillStyle = colors.bg;
  ctx.fillRect(0, 0, L.width, L.height);
  ctx.drawImage(picture, L.box.x, L.box.y, L.box.w, L.box.h);
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillStyle = colors.ink;
  ctx.font = `bold ${Math.round(fs * 1.25)}px ${colors.font}`;
  L.parts.title.forEach((line, k) => {
    ctx.fillText(line, col.x, pad + k * fs * 1.6);
  });
  ctx.font = `${fs}px ${colors.font}`;
  let y = pad + L.titleH;
  if (L.parts.legend) {
    const r = fs * 0.45;
    for (const [kind, name] of L.parts.legend) {
      swatch(ctx, colors, kind, col.x + r * 1.3, y + fs * 0.55, r);
      ctx.fillStyle = colors.ink;
      ctx.fillText(name, col.x + 2.6 * r + fs * 0.5, y);
      y += fs * 1.6;
    }
  }
  ctx.fillStyle = colors.ink;
  narrationLines.forEach((line, k) => {
    ctx.fillText(line, col.x, L.narrTop + k * fs * 1.35);
  });
}

/**
 * Lays out a frame `width` × `height` CSS pixels (height null: as tall as the parts need)
 * at `scale` device pixels each: `title` above, the ring's picture (`ring`, a canvas) as
 * large as fits, the legend (`legend`: its entries from legendItems, or false) and
 * `narration` below (each optional). Returns the layout
 * { width, height, ring: { x, y, size } } without drawing, so that a clip can fix its
 * size once; `draw` paints it.
 */
export function layoutFrame(ctx, { width, height = null, ringSize, title, legend, narration, font }) {
  const pad = Math.round(width / 40);
  const inner = width - 2 * pad;
  const parts = { title: [], narration: [], legend: legend || null };
  const fs = Math.max(12, Math.round(width / 42));
  ctx.font = `bold ${Math.round(fs * 1.25)}px ${font}`;
  if (title) parts.title = wrap(ctx, title, inner);
  ctx.font = `${fs}px ${font}`;
  if (narration) parts.narration = wrap(ctx, narration, inner);
  const titleH = parts.title.length ? parts.title.length * fs * 1.6 + pad / 2 : 0;
  const legendH = legend ? fs * 2 : 0;
  // A clip's frames all get room for three lines, so the ring does not jump as lines come and go.
  const narrLines = height === null ? parts.narration.length : narration === null || narration === false ? 0 : 3;
  const narrH = narrLines ? narrLines * fs * 1.35 + pad / 2 : 0;
  const extra = titleH + legendH + narrH;
  const size = height === null ? (extra ? Math.min(ringSize, inner) : ringSize) : Math.min(extra ? inner : width, height - extra - (extra ? pad : 0));
  const H = height ?? Math.ceil(size + extra + (extra ? 2 * pad : 0));
  const top = extra ? pad : (H - size) / 2;
  return { width, height: H, pad, fs, parts, titleH, legendH, ring: { x: (width - size) / 2, y: top + titleH, size } };
}

/** Paints layout `L` (from layoutFrame or layoutSlide) with the drawing `ring` (a canvas) on `ctx` (already scaled to CSS pixels). */
export function drawFrame(ctx, L, ring, colors, narrationLines = L.parts.narration) {
  if (L.slide) return drawSlide(ctx, L, ring, colors, narrationLines);
  const { pad, fs } = L;
  ctx.fillStyle = colors.bg;
  ctx.fillRect(0, 0, L.width, L.height);
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillStyle = colors.ink;
  ctx.font = `bold ${Math.round(fs * 1.25)}px ${colors.font}`;
  L.parts.title.forEach((line, k) => {
    ctx.fillText(line, pad, pad + k * fs * 1.6);
  });
  ctx.drawImage(ring, L.ring.x, L.ring.y, L.ring.size, L.ring.size);
  let y = L.ring.y + L.ring.size + pad / 2;
  ctx.font = `${fs}px ${colors.font}`;
  if (L.parts.legend) {
    let x = pad;
    const r = fs * 0.45;
    for (const [kind, name] of L.parts.legend) {
      swatch(ctx, colors, kind, x + r, y + fs * 0.55, r);
      ctx.fillStyle = colors.ink;
      ctx.fillText(name, x + 2 * r + fs * 0.4, y);
      x += 2 * r + fs * 0.4 + ctx.measureText(name).width + fs * 1.2;
    }
    y += L.legendH;
  }
  ctx.fillStyle = colors.ink;
  narrationLines.forEach((line, k) => {
    ctx.fillText(line, pad, y + k * fs * 1.35);
  });
}

/**
 * The PNG picture of an element's frame on screen (a `<loopy-ring>` or a `<loopy-graph>`,
 * `subject` its kind: export/subjects.js) with the chosen extras `{ title, narration }`
 * (texts, or false) and `legend` (true: in the element's words): a Blob. `slide` ({ width,
 * height }, 16:9): a slide of that many pixels (layoutSlide); else the frame on screen at
 * `scale` times its pixels, the words above and below it.
 */
export async function framePNG(el, subject, { scale = 2, slide = null, title = false, legend = false, narration = false } = {}) {
  const colors = el.palette;
  const items = legend && subject.legend(el._words);
  if (slide) {
    const probe = new OffscreenCanvas(1, 1).getContext('2d');
    const L = layoutSlide(probe, {
      ...slide,
      square: subject.square,
      aspect: subject.aspect?.(el),
      title,
      legend: items,
      narration,
      font: colors.font,
    });
    const picture = subject.slide(el, L.box.w, L.box.h, L.textMin);
    if (!picture) throw exportError('export.error.nothing', 'nothing is drawn yet');
    const canvas = new OffscreenCanvas(L.width, L.height);
    drawFrame(canvas.getContext('2d'), L, picture, colors);
    return canvas.convertToBlob({ type: 'image/png' });
  }
  const ring = subject.frame(el, scale);
  if (!ring) throw exportError('export.error.nothing', 'nothing is drawn yet');
  const size = ring.width / scale;
  const probe = new OffscreenCanvas(1, 1).getContext('2d');
  const L = layoutFrame(probe, { width: size, ringSize: size, title, legend: items, narration, font: colors.font });
  const canvas = new OffscreenCanvas(Math.round(L.width * scale), Math.round(L.height * scale));
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  drawFrame(ctx, L, ring, colors);
  return canvas.convertToBlob({ type: 'image/png' });
}
