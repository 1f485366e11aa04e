// bands.js: large rings as two bands of pixels: a pixel-to-state map built once per game and size, repainted state by state.

import { TAU } from './geometry.js';

function abgr(rgb) {
  return (0xff000000 | ((rgb & 0xff) << 16) | (rgb & 0xff00) | (rgb >> 16)) >>> 0;
}

/** The band pixels of a ring, with the look (value, queued) of each state painted in. */
export class Bands {
  /** `bits`: the core's snapshot layout ({ valueMask, queued }); `looks(code)`: [base, pattern colour, pattern] as 0xRRGGBB. */
  constructor(bits) {
    this.bits = bits;
    this.map = null;
    this.lookA = new Uint32Array(8);
    this.lookB = new Uint32Array(8);
    this.lookP = new Uint8Array(8);
  }

  /** Band colours by look (value code, + 4 when queued) as [base, pattern colour, pattern]:
   * pattern 0 solid, 1 stripes (Lose), 2 dots (Loop): the second cue besides colour. */
  setLooks(looks) {
    for (const [k, [a, b, p]] of Object.entries(looks)) {
      this.lookA[k] = abgr(a);
      this.lookB[k] = abgr(b);
      this.lookP[k] = p;
    }
    this.map = null;
  }

  invalidate() {
    this.map = null;
  }

  look(w) {
    return (w & this.bits.valueMask) | (w & this.bits.queued ? 4 : 0);
  }

  /** The pixel → state map of the bands (annulus pixels only), for geometry `g` at `dpr`. */
  build(g, dpr) {
    const n = g.n;
    const D = Math.round(g.size * dpr);
    const c = D / 2;
    const rings = [
      [(g.R1 - g.w) * dpr, g.R1 * dpr],
      [(g.R2 - g.w) * dpr, g.R2 * dpr],
    ];
    let cap = 0;
    for (const [a, b] of rings) cap += Math.ceil(Math.PI * (b * b - a * a) + 8 * (a + b) + 16);
    const px0 = new Int32Array(cap);
    const st0 = new Int32Array(cap);
    const pt0 = new Uint8Array(cap);
    // Pixels are bucketed by state (exactly while n <= 4096, else by a run of states),
    // with small count arrays even for huge n.
    const B = Math.min(n, 4096);
    const count = new Int32Array(2 * B + 1);
    const stripe = Math.max(1, Math.round(6 * dpr));
    const stripeOn = Math.max(1, Math.round(2 * dpr));
    const dot = Math.max(1, Math.round(6 * dpr));
    const dotOn = Math.max(1, Math.round(2 * dpr));
    const k2 = n / TAU;
    const gapMin = 4 * dpr;
    const gap = 0.8 * dpr;
    let P = 0;
    const xs = new Int32Array(4);
    const ys = new Int32Array(4);
    const angs = new Float64Array(4);
    // One quadrant (top right) through atan2; the other three are its mirror images.
    for (let y = 0; y < c; y++) {
      const dy = y + 0.5 - c;
      const dy2 = dy * dy;
      const ym = D - 1 - y;
      for (let t = 0; t < 2; t++) {
        const a2 = rings[t][0] * rings[t][0];
        const b2 = rings[t][1] * rings[t][1];
        if (dy2 >= b2) continue;
        const xo = Math.min(D - 1, Math.ceil(c + Math.sqrt(b2 - dy2)));
        const xi = dy2 < a2 ? Math.max(c, Math.floor(c + Math.sqrt(a2 - dy2) - 0.5)) : c;
        for (let x = xi; x <= xo; x++) {
          const dx = x + 0.5 - c;
          const r2 = dx * dx + dy2;
          if (r2 < a2 || r2 >= b2) continue;
          const ang = Math.atan2(dx, -dy);
          const arc = Math.sqrt(r2) / k2;
          const gaps = arc >= gapMin;
          const xm = D - 1 - x;
          xs[0] = x;
          ys[0] = y;
          angs[0] = ang;
          xs[1] = xm;
          ys[1] = y;
          angs[1] = TAU - ang;
          xs[2] = x;
          ys[2] = ym;
          angs[2] = Math.PI - ang;
          xs[3] = xm;
          ys[3] = ym;
          angs[3] = Math.PI + ang;
          for (let v = 0; v < 4; v++) {
            const f = angs[v] * k2 + 0.5;
            let pos = Math.floor(f);
            if (gaps && (f - pos) * arc < gap) continue; // a gap between wide states
            if (pos >= n) pos -= n;
            if (pos === 0) continue; // the hole: drawn on top
            const px = xs[v];
            const py = ys[v];
            px0[P] = py * D + px;
            st0[P] = t * n + pos;
            pt0[P] = ((px + py) % stripe < stripeOn ? 1 : 0) | (px % dot < dotOn && py % dot < dotOn ? 2 : 0);
            count[t * B + Math.floor((pos * B) / n) + 1]++;
            P++;
          }
        }
      }
    }
    for (let b = 0; b < 2 * B; b++) count[b + 1] += count[b];
    const start = count;
    const fill = count.slice(0, 2 * B);
    const pix = new Int32Array(P);
    const pst = new Int32Array(P);
    const pat = new Uint8Array(P);
    for (let k = 0; k < P; k++) {
      const st = st0[k];
      const t = st >= n ? 1 : 0;
      const j = fill[t * B + Math.floor(((st - t * n) * B) / n)]++;
      pix[j] = px0[k];
      pst[j] = st;
      pat[j] = pt0[k];
    }
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = D;
    const bctx = canvas.getContext('2d');
    const img = bctx.createImageData(D, D);
    this.map = { n, D, B, start, pix, pst, pat, canvas, bctx, img, data: new Uint32Array(img.data.buffer) };
  }

  /** Paints states into the band image; `changed` is a list of state indices or 'all'. Returns the image. */
  paint(g, dpr, snap, changed) {
    const fresh = !this.map || this.map.n !== g.n || this.map.D !== Math.round(g.size * dpr);
    if (fresh) this.build(g, dpr);
    const { D, B, start, pix, pst, pat, data, img, bctx, n } = this.map;
    const { lookA, lookB, lookP } = this;
    if (changed === 'all' || fresh) {
      for (let k = 0; k < pix.length; k++) {
        const look = this.look(snap[pst[k]]);
        data[pix[k]] = pat[k] & lookP[look] ? lookB[look] : lookA[look];
      }
      bctx.putImageData(img, 0, 0);
      return this.map.canvas;
    }
    let x0 = D;
    let y0 = D;
    let x1 = -1;
    let y1 = -1;
    for (const s of changed) {
      const look = this.look(snap[s]);
      const a = lookA[look];
      const b = lookB[look];
      const m = lookP[look];
      const t = s >= n ? 1 : 0;
      const bucket = t * B + Math.floor(((s - t * n) * B) / n);
      const end = start[bucket + 1];
      for (let k = start[bucket]; k < end; k++) {
        if (pst[k] !== s) continue;
        const p = pix[k];
        data[p] = pat[k] & m ? b : a;
        const y = (p / D) | 0;
        const x = p - y * D;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
    if (x1 >= 0) bctx.putImageData(img, 0, 0, x0, y0, x1 + 1 - x0, y1 + 1 - y0);
    return this.map.canvas;
  }
}
