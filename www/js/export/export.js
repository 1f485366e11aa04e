// export.js: pictures and clips of a <loopy-ring>: a PNG of the frame on screen, and WebM or GIF clips of a range of steps drawn off screen.

// A clip is never filmed from the live canvas: a Ring of its own, on an OffscreenCanvas,
// is fed by a worker session of its own that seeks step by step, so the page keeps
// playing (or not) as it likes while the clip is made. The encoders are loaded only here,
// when a visitor exports: mediabunny (WebM through WebCodecs) and gifenc (GIF), both
// pinned and copied to www/vendor/ by `cargo xtask build`.

import { LAYOUT } from '../../pkg/layout.js';
import { Bands } from '../ring/bands.js';
import { NARRATE_WORDS } from '../ring/explain.js';
import { narrator } from '../ring/narrate.js';
import { Ring } from '../ring/ring.js';
import { RingSession } from '../ring/ring-client.js';
import { predecessorsOf } from '../workers/states.js';
import { exportError } from './errors.js';
import { drawFrame, layoutFrame, legendItems, wrap } from './picture.js';

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
  constructor(client) {
    this.waiter = null;
    this.session = client.session((type, m) => this.receive(type, m), RingSession);
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

  load(game, g, at) {
    const done = this.wait();
    this.session.load(game, g, at);
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
 * Renders a clip of `el` (a `<loopy-ring>`): steps `from` .. `to` at the element's
 * granularity, `speed` steps a second, `fps` frames a second, `width` × `height` pixels,
 * `format` 'webm' or 'gif', with `title` (a text, or false) above the ring, the legend
 * under it when `legend`, and the narration under that when `narration`, all in the
 * element's words (its language and terms).
 * `onProgress(k, count)` after each frame; `signal.cancelled` stops it (then it resolves
 * to null). Resolves to a Blob.
 */
export async function renderClip(el, opts, onProgress = () => {}, signal = { cancelled: false }) {
  const { from, to, speed, fps, width, height, format, narration, title = false, legend = false } = opts;
  const view = el.view;
  if (!view) throw exportError('export.error.nogame', 'no game on screen');
  const { count, step } = clipFrames(from, to, speed, fps);
  const colors = el.palette;
  const frame = new OffscreenCanvas(width, height);
  const ctx = frame.getContext('2d', { willReadFrequently: format === 'gif' });
  const words = el._words;
  const L = layoutFrame(ctx, { width, height, title, legend: legend && legendItems(words), narration: Boolean(narration), font: colors.font });
  // A clip's frames are drawn at once, one after another: the bands (for a clip too small for marks) are at hand.
  const ring = new Ring(new OffscreenCanvas(1, 1), { Bands });
  ring.setColors(colors);
  ring.layout(L.ring.size, 1);
  const sel = el.selected && { p: el.selected.player, pos: el.selected.pos };

  const own = new OwnSession(el.client);
  const encoder = format === 'webm' ? await webm(frame, fps, width, height) : await gif(ctx, fps, width, height);
  try {
    await own.load(view.game, view.g, from);
    const game = own.game;
    ring.setGame(game.n);
    const context = { n: game.n, steps: [null, game.s1, game.s2], out: game.out, dep: game.dep, best: game.best, layout: LAYOUT };
    for (let k = 0; k < count; k++) {
      if (signal.cancelled) {
        await encoder.cancel();
        return null;
      }
      await own.seek(step(k));
      ring.draw({
        snap: game.snap,
        changed: 'all',
        event: game.event,
        current: game.current,
        preds: game.preds && game.current >= 0 ? predecessorsOf(game.preds, game.current) : null,
        sel,
        hover: null,
        words, // the canvas's labels in the element's words
      });
      let lines = [];
      if (narration) {
        ctx.font = `${L.fs}px ${colors.font}`;
        lines = wrap(ctx, narrator(NARRATE_WORDS).narrate(context, game.event, words), L.width - 2 * L.pad);
        if (lines.length > 3) lines = [...lines.slice(0, 2), `${lines[2]} …`];
      }
      drawFrame(ctx, L, ring.canvas, colors, lines);
      await encoder.add(k);
      onProgress(k + 1, count);
    }
    return await encoder.finish();
  } catch (e) {
    await encoder.cancel().catch(() => {});
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

/** A GIF encoder (gifenc: a palette of 256 colours per frame) fed from `ctx`'s canvas. */
async function gif(ctx, fps, width, height) {
  const { GIFEncoder, quantize, applyPalette } = await import('../../vendor/gifenc.js');
  const enc = GIFEncoder();
  return {
    add: async (k) => {
      const data = ctx.getImageData(0, 0, width, height).data;
      const palette = quantize(data, 256);
      // gifenc takes milliseconds and rounds them to the hundredths the file holds.
      enc.writeFrame(applyPalette(data, palette), width, height, { palette, delay: 10 * gifDelay(k, fps), repeat: 0 });
      // A macrotask turn between frames: quantizing is the one long piece of work here.
      await new Promise((r) => setTimeout(r, 0));
    },
    finish: async () => {
      enc.finish();
      return new Blob([enc.bytes()], { type: 'image/gif' });
    },
    cancel: async () => {},
  };
}
