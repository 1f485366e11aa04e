// export.js: clips of a <loopy-ring> or a <loopy-graph>: WebM or GIF clips of a range of steps drawn off screen, as slides (16:9) or squares.

// A clip is never filmed from the live canvas: a picture of its own, on an OffscreenCanvas,
// is fed by a worker session of its own that seeks step by step, so the page keeps
// playing (or not) as it likes while the clip is made. The encoders are loaded only here,
// when a visitor exports: mediabunny (WebM through WebCodecs) and gifenc (GIF), both
// pinned and copied to www/vendor/ by `cargo xtask build`.

import { exportError } from './errors.js';
import { drawFrame, fitLines, isSlide, layoutFrame, layoutSlide, wrap } from './picture.js';

/**
 * What an export needs of element `el` (export/ring-subject.js or export/graph-subject.js:
 * its legend, title, file name and clip painter), each loaded only for its own kind.
 */
export async function subjectOf(el) {
  const m = el.localName === 'loopy-graph' ? await import('./graph-subject.js') : await import('./ring-subject.js');
  return m.subject;
}

/** True when this browser can encode video (WebCodecs; only in secure contexts). */
export const hasWebCodecs = () => typeof VideoEncoder === 'function';

/**
 * How many frames a clip of steps `from` .. `to` at `speed` steps a second and `fps`
 * frames a second has, and the step that frame k shows: the first frame shows `from`,
 * the last `to`.
 */
export function clipFrames(from, to, speed, fps) {
  const count = Math.ceil(((to - from) * fps) / speed) + 1;
  return { count, step: (k) => Math.min(to, from + Math.floor((k * speed) / fps)) };
}

/**
 * How long frame k of a GIF at `fps` frames a second stays, in hundredths of a second (the
 * unit GIF delays are written in): the rounding is spread over the frames (at 15 fps 7, 6,
 * 7, 7, 6, 7, …) so that frames 0 .. k together last (k + 1) / fps to the nearest
 * hundredth; the same 7 cs for every frame would play 15 fps at 14.29.
 */
export function gifDelay(k, fps) {
  return Math.round(((k + 1) * 100) / fps) - Math.round((k * 100) / fps);
}

/**
 * A worker session of the element's shared client showing game `game` at granularity
 * `g`, stepped on request: `await seek(m)` resolves once step m's picture is here.
 */
class OwnSession {
  constructor(el) {
    this.waiter = null;
    this.el = el;
    // The element's own kind of session (its source's), on the element's shared worker.
    this.session = el._source.session(el.client, (type, m) => this.receive(type, m));
  }

  receive(type, m) {
    const w = this.waiter;
    if (!w) return;
    if (type === 'loaded' || (type === 'frame' && !this.session.busy)) {
      this.waiter = null;
      w.resolve();
    } else if (type === 'error' || type === 'fatal' || type === 'cancelled') {
      this.waiter = null;
      // The core's error keeps its code and parameters, so the dialog says it in the reader's words.
      w.reject(
        m?.code
          ? Object.assign(new Error(m.message), { code: m.code, params: m.params })
          : exportError('export.error.stopped', m?.message || 'the solver stopped'),
      );
    }
  }

  wait() {
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  /** Loads the game the element shows (as its attributes, or the data it was given, say) at granularity `g`, at step `at`. */
  load(g, at) {
    const el = this.el;
    const read = el._source.read();
    if (read.errors) return Promise.reject(exportError('export.error.nogame', 'no game on screen'));
    const done = this.wait();
    el._source.load(this.session, read, g, at);
    return done;
  }

  seek(m) {
    const s = this.session;
    s.target = m;
    if (s.game.position === m && !s.busy) return Promise.resolve();
    const done = this.wait();
    s.force = true;
    s.pump();
    return done;
  }

  get game() {
    return this.session.game;
  }

  drop() {
    this.session.drop();
  }
}

/**
 * Renders a clip of `el` (a `<loopy-ring>` or a `<loopy-graph>`): steps `from` .. `to` at the
 * element's granularity, `speed` steps a second, `fps` frames a second, `width` × `height`
 * pixels, `format` 'webm' or 'gif', with `title` (a text, or false), the legend when
 * `legend`, and the narration when `narration`, all in the element's words (its language and
 * terms): beside the drawing on a slide (16:9, export/picture.js layoutSlide), above and
 * under it on a square. `onProgress(k, count)` after each frame; `signal.cancelled` stops it
 * (then it resolves to null). Resolves to a Blob.
 */
export async function renderClip(el, opts, onProgress = () => {}, signal = { cancelled: false }) {
  const { from, to, speed, fps, width, height, format, narration, title = false, legend = false } = opts;
  const shown = el._session?.game;
  if (!shown?.snap) throw exportError('export.error.nogame', 'no game on screen');
  const subject = opts.subject ?? (await subjectOf(el));
  const { count, step } = clipFrames(from, to, speed, fps);
  const colors = el.palette;
  const frame = new OffscreenCanvas(width, height);
  const ctx = frame.getContext('2d', { willReadFrequently: format === 'gif' });
  const words = el._words;
  const items = legend && subject.legend(words);
  const font = colors.font;
  const L = isSlide(width, height)
    ? layoutSlide(ctx, {
        width,
        height,
        square: subject.square,
        aspect: subject.aspect?.(el),
        title,
        legend: items,
        narration: Boolean(narration),
        font,
      })
    : layoutFrame(ctx, { width, height, title, legend: items, narration: Boolean(narration), font });
  // The drawing's box: a slide's, or the square between a square frame's words.
  const box = L.slide ? L.box : { w: L.ring.size, h: L.ring.size };
  const textMin = L.slide ? L.textMin : 0;
  const painter = subject.painter(el, colors);
  const paint = (game) => {
    let lines = [];
    if (narration) {
      ctx.font = `${L.fs}px ${font}`;
      const width = L.slide ? L.column.w : L.width - 2 * L.pad;
      lines = fitLines(wrap(ctx, painter.narrate(game), width), L.slide ? L.narrLines : 3);
    }
    drawFrame(ctx, L, painter.draw(game, box.w, box.h, textMin), colors, lines);
  };

  const own = new OwnSession(el);
  let encoder = null;
  try {
    await own.load(shown.g, format === 'gif' ? to : from);
    const game = own.game;
    if (format === 'gif') {
      // A GIF's one palette, for every frame: from the last frame (every value it reaches) and the first.
      paint(game);
      const last = ctx.getImageData(0, 0, width, height).data;
      await own.seek(from);
      paint(game);
      encoder = await gif(ctx, fps, width, height, [last]);
    } else {
      encoder = await webm(frame, fps, width, height);
    }
    for (let k = 0; k < count; k++) {
      if (signal.cancelled) {
        await encoder.cancel();
        return null;
      }
      await own.seek(step(k));
      paint(game);
      await encoder.add(k);
      onProgress(k + 1, count);
    }
    return await encoder.finish();
  } catch (e) {
    await encoder?.cancel().catch(() => {});
    throw e;
  } finally {
    own.drop();
  }
}

/** A WebM encoder (mediabunny over WebCodecs, VP9 or else VP8) fed from canvas `frame`. */
async function webm(frame, fps, width, height) {
  if (!hasWebCodecs()) throw exportError('export.error.nowebcodecs', 'this browser has no WebCodecs video encoder: choose GIF', { api: 'WebCodecs' });
  const mb = await import('../../vendor/mediabunny.js');
  let codec = null;
  for (const c of ['vp9', 'vp8']) {
    if (await mb.canEncodeVideo(c, { width, height })) {
      codec = c;
      break;
    }
  }
  if (!codec) throw exportError('export.error.novp', 'this browser cannot encode VP9 or VP8 video: choose GIF');
  const output = new mb.Output({ format: new mb.WebMOutputFormat(), target: new mb.BufferTarget() });
  const source = new mb.CanvasSource(frame, { codec, bitrate: mb.QUALITY_HIGH });
  output.addVideoTrack(source, { frameRate: fps });
  await output.start();
  return {
    add: (k) => source.add(k / fps, 1 / fps),
    finish: async () => {
      await output.finalize();
      return new Blob([output.target.buffer], { type: 'video/webm' });
    },
    cancel: () => (output.state === 'finalized' || output.state === 'canceled' ? Promise.resolve() : output.cancel()),
  };
}

/**
 * The indices of `index` (w × h) that changed since `prev`: the rectangle { x, y, w, h }
 * that holds every change (null: none), and its pixels with `clear` where nothing changed.
 */
export function changedRect(prev, index, w, h, clear) {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (prev[row + x] !== index[row + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
  }
  if (x1 < 0) return null;
  const rw = x1 - x0 + 1;
  const rh = y1 - y0 + 1;
  const pixels = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    const row = (y + y0) * w + x0;
    for (let x = 0; x < rw; x++) pixels[y * rw + x] = prev[row + x] === index[row + x] ? clear : index[row + x];
  }
  return { x: x0, y: y0, w: rw, h: rh, pixels };
}

/**
 * A GIF encoder (gifenc) fed from `ctx`'s canvas: one global palette of 255 colours made
 * once from the frame on the canvas now and the `samples` (RGBA pixels of other frames),
 * and the 256th transparent; each frame after the first is only the rectangle that changed,
 * its unchanged pixels transparent over the frame before (kept: disposal 1). A clip whose
 * ring fills in mark by mark then weighs a fraction of whole frames (README "How fast").
 */
async function gif(ctx, fps, width, height, samples = []) {
  const { GIFEncoder, quantize, applyPalette } = await import('../../vendor/gifenc.js');
  const now = ctx.getImageData(0, 0, width, height).data;
  const all = new Uint8Array(now.length * (samples.length + 1));
  all.set(now);
  for (const [k, s] of samples.entries()) all.set(s, (k + 1) * now.length);
  const colours = quantize(all, 255);
  const clear = colours.length;
  // gifenc writes a table of 2^k entries: the transparent one after the colours, the rest black.
  const palette = [...colours, [0, 0, 0]];
  const enc = GIFEncoder();
  let prev = null;
  return {
    add: async (k) => {
      const index = applyPalette(ctx.getImageData(0, 0, width, height).data, colours);
      // gifenc takes milliseconds and rounds them to the hundredths the file holds.
      const delay = 10 * gifDelay(k, fps);
      if (!prev) {
        enc.writeFrame(index, width, height, { palette, delay, repeat: 0, dispose: 1 });
      } else {
        // Nothing changed: one transparent pixel, so that the frame still lasts its time.
        const r = changedRect(prev, index, width, height, clear) ?? { x: 0, y: 0, w: 1, h: 1, pixels: new Uint8Array([clear]) };
        const at = enc.bytesView().length;
        enc.writeFrame(r.pixels, r.w, r.h, { delay, transparent: true, transparentIndex: clear, dispose: 1 });
        placeFrame(enc.bytesView(), at, r.x, r.y);
      }
      prev = index;
      // A macrotask turn between frames: mapping a frame to the palette is the long piece of work here.
      await new Promise((r) => setTimeout(r, 0));
    },
    finish: async () => {
      enc.finish();
      return new Blob([enc.bytes()], { type: 'image/gif' });
    },
    cancel: async () => {},
  };
}

/**
 * gifenc writes every frame at (0, 0): frame differences need their rectangle's place. A
 * frame after the first, without a colour table of its own, starts at `at` with its graphic
 * control extension (8 bytes, GIF89a §23), then its image descriptor (0x2C, left, top as
 * 16-bit little-endian, §20): written here in place.
 */
function placeFrame(bytes, at, x, y) {
  if (bytes[at] !== 0x21 || bytes[at + 1] !== 0xf9 || bytes[at + 8] !== 0x2c) throw new Error('gifenc wrote an unexpected frame');
  bytes[at + 9] = x & 255;
  bytes[at + 10] = x >> 8;
  bytes[at + 11] = y & 255;
  bytes[at + 12] = y >> 8;
}
