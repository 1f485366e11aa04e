// bands.js: rings too dense for marks, as two bands of pixels: each pixel shows the states of its angular bin as a stacked bar (no moiré, no lost states).

// No imports: loaded on its own when first needed (ring.js), this module would otherwise
// fetch its imports as files of their own, though the element's bundle holds them.
const TAU = Math.PI * 2;

function abgr(rgb) {
  return (0xff000000 | ((rgb & 0xff) << 16) | (rgb & 0xff00) | (rgb >> 16)) >>> 0;
}

/** A look present in a bin takes at least this share of the band's width, so one decided state among thousands shows. */
const MIN_SHARE = 0.22;

/**
 * The band pixels of a ring. Each track is cut into angular bins about two pixels wide
 * at the current zoom (one state per bin once states are wider than that); a bin
 * shows the share of each look (value, queued) among its states as a stacked bar across
 * the band, each present look at least MIN_SHARE of it. Built once per game, size and
 * camera; repainted bin by bin as states change.
 */
export class Bands {
  /**
   * `bits`: the core's snapshot layout: its looks (`lookMask`) and the order they stack in
   * (`stack`); `states`: the core's numbering of a ring's states (workers/states.js, which the
   * element lends: `stateIndex`, `stateAt`), its `players` (the outer track's first) and the
   * `first` position a state is at (the hole, before it, has none).
   */
  constructor(bits, states) {
    this.bits = bits;
    this.states = states;
    this.map = null;
    this.lookA = new Uint32Array(bits.lookMask + 1);
    this.lookB = new Uint32Array(bits.lookMask + 1);
    this.lookP = new Uint8Array(bits.lookMask + 1);
  }

  /** Band colours by look (the core's look codes: value, queued) as [base, pattern colour, pattern] (0xRRGGBB):
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
    return w & this.bits.lookMask;
  }

  /** The pixel → (bin, place across the band) map for geometry `g` at `dpr`, for the visible pixels only. */
  build(g, dpr) {
    const n = g.n;
    const D = Math.round(g.size * dpr);
    const { s } = g.cam;
    // Bins: about two CSS pixels of the outer track's centre line each (so that a bin with
    // one decided state among many is still a visible block), never more than n.
    const B = Math.min(n, Math.max(1, Math.round((TAU * g.T1 * s) / 2)));
    const tracks = [g.T1, g.T2].map((T) => [T - g.hw, T + g.hw]);
    const cap = D * D;
    let P = 0;
    const pix = new Int32Array(cap);
    const bin = new Int32Array(cap); // track * B + bin
    const across = new Uint8Array(cap); // 0 at the outer edge .. 255 at the inner
    const pat = new Uint8Array(cap);
    const stripe = Math.max(1, Math.round(6 * dpr));
    const stripeOn = Math.max(1, Math.round(2 * dpr));
    const dot = Math.max(1, Math.round(6 * dpr));
    const dotOn = Math.max(1, Math.round(2 * dpr));
    // Gaps between states once a state is several pixels wide.
    const perState = (TAU * g.T2 * s * dpr) / n;
    const gap = perState >= 4 ? 0.8 * dpr : 0;
    const inv = 1 / (s * dpr);
    const half = g.c;
    const [R0, R1] = [tracks[1][0], tracks[0][1]];
    for (let y = 0; y < D; y++) {
      const wy = (y + 0.5) * inv - half / s + g.cam.cy - g.c;
      const wy2 = wy * wy;
      if (wy2 >= R1 * R1) continue;
      // The x range where this row meets the outer circle.
      const xr = Math.sqrt(R1 * R1 - wy2);
      const xLo = Math.max(0, Math.floor(((-xr + g.c - g.cam.cx) * s + half) * dpr));
      const xHi = Math.min(D - 1, Math.ceil(((xr + g.c - g.cam.cx) * s + half) * dpr));
      for (let x = xLo; x <= xHi; x++) {
        const wx = (x + 0.5) * inv - half / s + g.cam.cx - g.c;
        const r2 = wx * wx + wy2;
        if (r2 < R0 * R0 || r2 >= R1 * R1) continue;
        const r = Math.sqrt(r2);
        let t = -1;
        let u = 0;
        for (let k = 0; k < 2; k++) {
          const [a, b] = tracks[k];
          if (r >= a && r < b) {
            t = k;
            u = (b - r) / (b - a);
          }
        }
        if (t < 0) continue;
        let ang = Math.atan2(wx, -wy);
        if (ang < 0) ang += TAU;
        const f = (ang / TAU) * n + 0.5; // states are centred on their angle
        let pos = Math.floor(f);
        if (gap && (f - pos) * perState < gap) continue;
        if (pos >= n) pos -= n;
        if (pos === 0) continue; // the hole: drawn on top
        const k = Math.min(B - 1, Math.floor((pos * B) / n));
        pix[P] = y * D + x;
        bin[P] = t * B + k;
        across[P] = Math.min(255, Math.floor(u * 256));
        pat[P] = ((x + y) % stripe < stripeOn ? 1 : 0) | (x % dot < dotOn && y % dot < dotOn ? 2 : 0);
        P++;
      }
    }
    // Pixels sorted by bin, so a bin's pixels are one slice.
    const count = new Int32Array(2 * B + 1);
    for (let k = 0; k < P; k++) count[bin[k] + 1]++;
    for (let b = 0; b < 2 * B; b++) count[b + 1] += count[b];
    const start = count;
    const fill = count.slice(0, 2 * B);
    const sPix = new Int32Array(P);
    const sAcross = new Uint8Array(P);
    const sPat = new Uint8Array(P);
    for (let k = 0; k < P; k++) {
      const j = fill[bin[k]]++;
      sPix[j] = pix[k];
      sAcross[j] = across[k];
      sPat[j] = pat[k];
    }
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = D;
    const bctx = canvas.getContext('2d');
    const img = bctx.createImageData(D, D);
    this.map = {
      n,
      D,
      B,
      key: `${n}|${D}|${s}|${g.cam.cx}|${g.cam.cy}|${g.size}`,
      start,
      pix: sPix,
      across: sAcross,
      pat: sPat,
      canvas,
      bctx,
      img,
      data: new Uint32Array(img.data.buffer),
    };
  }

  /** Repaints bin `b` (track-major index) from the snapshot; returns false when it has no pixel. */
  paintBin(snap, b) {
    const m = this.map;
    const from = m.start[b];
    const to = m.start[b + 1];
    if (from === to) return false;
    const { stateIndex, players, first } = this.states;
    const t = b >= m.B ? 1 : 0;
    const k = b - t * m.B;
    const p0 = Math.max(first, Math.ceil((k * m.n) / m.B));
    const p1 = Math.ceil(((k + 1) * m.n) / m.B);
    const counts = [0, 0, 0, 0, 0, 0, 0, 0];
    const base = stateIndex(m.n, players[t], 0); // a track's states lie together, by position
    // The state the quiz asks about counts as undecided (the core's look for it): its value stays hidden.
    for (let pos = p0; pos < p1; pos++) counts[base + pos === m.asked ? this.bits.unknown : this.look(snap[base + pos])]++;
    // Shares, each present look at least MIN_SHARE, stacked from the outer edge.
    let total = 0;
    let present = 0;
    for (const L of this.bits.stack) {
      if (counts[L]) {
        total += counts[L];
        present++;
      }
    }
    const bounds = [];
    if (total) {
      const floor = present > 1 ? MIN_SHARE : 0;
      const spare = 1 - floor * present;
      let at = 0;
      for (const L of this.bits.stack) {
        if (!counts[L]) continue;
        at += floor + (spare * counts[L]) / total;
        bounds.push([Math.round(at * 256), L]);
      }
    }
    const { pix, across, pat, data } = m;
    const { lookA, lookB, lookP } = this;
    for (let j = from; j < to; j++) {
      const u = across[j];
      let L = 0;
      for (const [edge, look] of bounds) {
        L = look;
        if (u < edge) break;
      }
      data[pix[j]] = pat[j] & lookP[L] ? lookB[L] : lookA[L];
    }
    return true;
  }

  /**
   * Paints states into the band image for geometry `g`; `changed` is a list of state indices
   * or 'all'; `asked` the state index the quiz asks about (painted as undecided), or -1.
   * Returns the image.
   */
  paint(g, dpr, snap, changed, asked = -1) {
    const key = `${g.n}|${Math.round(g.size * dpr)}|${g.cam.s}|${g.cam.cx}|${g.cam.cy}|${g.size}`;
    const fresh = !this.map || this.map.key !== key;
    if (fresh) this.build(g, dpr);
    const m = this.map;
    const before = m.asked ?? -1;
    m.asked = asked;
    if (!fresh && changed !== 'all' && before !== asked) changed = [...changed, ...[before, asked].filter((s) => s >= 0)];
    if (changed === 'all' || fresh) {
      m.data.fill(0);
      for (let b = 0; b < 2 * m.B; b++) this.paintBin(snap, b);
      m.bctx.putImageData(m.img, 0, 0);
      return m.canvas;
    }
    const bins = new Set();
    const { stateAt, players, first } = this.states;
    for (const s of changed) {
      const { p, pos } = stateAt(m.n, s);
      if (pos >= first) bins.add(players.indexOf(p) * m.B + Math.min(m.B - 1, Math.floor((pos * m.B) / m.n)));
    }
    let x0 = m.D;
    let y0 = m.D;
    let x1 = -1;
    let y1 = -1;
    for (const b of bins) {
      if (!this.paintBin(snap, b)) continue;
      for (let j = m.start[b]; j < m.start[b + 1]; j++) {
        const p = m.pix[j];
        const y = (p / m.D) | 0;
        const x = p - y * m.D;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
    if (x1 >= 0) m.bctx.putImageData(m.img, 0, 0, x0, y0, x1 + 1 - x0, y1 + 1 - y0);
    return m.canvas;
  }
}
