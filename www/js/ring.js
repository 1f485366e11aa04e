// ring.js: draws the ring on the canvas (shapes for small n, ImageData bands for large n) and hit-tests it.

export const SMALL_N = 60;
const TAU = Math.PI * 2;
const COLOR = { win: '#0072B2', lose: '#D55E00', loop: '#CC79A7', hi: '#E69F00', ink: '#1a1a1a', unk: '#EDEDED', grey: '#6B6B6B' };

// Band colours by look (value + 4 if queued), as [base, pattern colour, pattern].
// Pattern 0 solid, 1 stripes (Lose), 2 dots (Loop): the second cue besides colour.
const LOOKS = {
  0: ['#E0E0E0', '#E0E0E0', 0],
  1: ['#0072B2', '#0072B2', 0],
  2: ['#D55E00', '#7A3300', 1],
  3: ['#CC79A7', '#6E2C55', 2],
  5: ['#8CC3E3', '#8CC3E3', 0],
  6: ['#F0B088', '#A8582A', 1],
};

function abgr(hex) {
  const v = parseInt(hex.slice(1), 16);
  return (0xff000000 | ((v & 0xff) << 16) | (v & 0xff00) | (v >> 16)) >>> 0;
}
const LOOK_A = new Uint32Array(8);
const LOOK_B = new Uint32Array(8);
const LOOK_P = new Uint8Array(8);
for (const [k, [a, b, p]] of Object.entries(LOOKS)) {
  LOOK_A[k] = abgr(a);
  LOOK_B[k] = abgr(b);
  LOOK_P[k] = p;
}

export class Ring {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.n = 0;
    this.size = 0;
    this.dpr = 1;
    this.map = null;
  }

  /** Sizes the canvas: `size` CSS pixels square at `dpr` device pixels each. */
  layout(size, dpr) {
    // An even number of device pixels keeps the centre between pixels (the quadrants of
    // the band map mirror exactly), and CSS size × dpr = that number keeps it crisp.
    const D = 2 * Math.round((Math.max(200, Math.floor(size)) * dpr) / 2);
    if (D === this.canvas.width && dpr === this.dpr && this.size) return false;
    this.dpr = dpr;
    this.size = D / dpr;
    this.canvas.style.width = this.canvas.style.height = `${this.size}px`;
    this.canvas.width = this.canvas.height = D;
    this.map = null;
    this.geometry();
    return true;
  }

  setGame(n, steps) {
    this.n = n;
    this.steps = steps;
    this.map = null;
    this.geometry();
  }

  get small() {
    return this.n <= SMALL_N;
  }

  geometry() {
    const S = this.size;
    const n = this.n || 2;
    const g = (this.g = { c: S / 2 });
    if (this.small) {
      // Markers as big as the inner track leaves room for (2.4 radii per position).
      g.r = Math.max(4, Math.min(18, (TAU * (S / 2 - 36)) / (2.4 * n + 6 * Math.PI)));
      g.R1 = S / 2 - g.r - 22;
      g.R2 = g.R1 - 2 * g.r - 14;
      g.inner = g.R2 - g.r;
    } else {
      g.w = Math.max(12, S * 0.085);
      g.R1 = S / 2 - 34;
      g.R2 = g.R1 - g.w - 8;
      g.inner = g.R2 - g.w;
    }
  }

  /** Angle of position `pos` (clockwise from the top). */
  angle(pos) {
    return (pos / this.n) * TAU;
  }

  /** Point at radius r for position pos, in CSS pixels. */
  point(pos, r) {
    const a = this.angle(pos);
    return [this.g.c + r * Math.sin(a), this.g.c - r * Math.cos(a)];
  }

  /** Radius of a state's track centre. */
  trackR(p) {
    const g = this.g;
    return this.small ? (p === 1 ? g.R1 : g.R2) : (p === 1 ? g.R1 : g.R2) - g.w / 2;
  }

  /** The state under CSS point (x, y), or null. */
  hit(x, y) {
    if (!this.n) return null;
    const g = this.g;
    const dx = x - g.c;
    const dy = y - g.c;
    const r = Math.hypot(dx, dy);
    let p = 0;
    if (this.small) {
      const tol = Math.max(g.r + 5, 12);
      if (Math.abs(r - g.R1) <= tol) p = 1;
      else if (Math.abs(r - g.R2) <= tol) p = 2;
    } else if (r >= g.R1 - g.w - 4 && r <= g.R1 + 6) p = 1;
    else if (r >= g.R2 - g.w - 6 && r <= g.R2 + 4) p = 2;
    if (!p) return null;
    let a = Math.atan2(dx, -dy);
    if (a < 0) a += TAU;
    const pos = Math.round((a / TAU) * this.n) % this.n;
    return pos === 0 ? null : { p, pos };
  }

  /** The pixel → state map of the bands, built once per game and size (annulus pixels only). */
  buildMap() {
    const n = this.n;
    const dpr = this.dpr;
    const D = this.canvas.width;
    const g = this.g;
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
    // Pixels are bucketed by state (exactly while n <= BUCKETS, else by a run of states),
    // with small count arrays even for huge n.
    const B = Math.min(n, 4096);
    const count = new Int32Array(2 * B + 1);
    const stripe = Math.max(1, Math.round(6 * dpr));
    const stripeOn = Math.max(1, Math.round(2 * dpr));
    const dot = Math.max(1, Math.round(6 * dpr));
    const dotOn = Math.max(1, Math.round(2 * dpr));
    const k2 = n / TAU;
    const gapMin = 4 * dpr;
    let P = 0;
    const gap = 0.8 * dpr;
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
          xs[0] = x; ys[0] = y; angs[0] = ang;
          xs[1] = xm; ys[1] = y; angs[1] = TAU - ang;
          xs[2] = x; ys[2] = ym; angs[2] = Math.PI - ang;
          xs[3] = xm; ys[3] = ym; angs[3] = Math.PI + ang;
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
    this.map = { D, B, start, pix, pst, pat, canvas, bctx, img, data: new Uint32Array(img.data.buffer) };
  }

  /** Paints states into the band image; `changed` is a list of state indices or 'all'. */
  paintBands(snap, changed) {
    const fresh = !this.map;
    if (fresh) this.buildMap();
    const { D, B, start, pix, pst, pat, data, img, bctx } = this.map;
    if (changed === 'all' || fresh) {
      for (let k = 0; k < pix.length; k++) {
        const w = snap[pst[k]];
        const look = (w & 3) | (w & 4);
        data[pix[k]] = pat[k] & LOOK_P[look] ? LOOK_B[look] : LOOK_A[look];
      }
      bctx.putImageData(img, 0, 0);
      return;
    }
    const n = this.n;
    let x0 = D;
    let y0 = D;
    let x1 = -1;
    let y1 = -1;
    for (const s of changed) {
      const w = snap[s];
      const look = (w & 3) | (w & 4);
      const a = LOOK_A[look];
      const b = LOOK_B[look];
      const m = LOOK_P[look];
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
  }

  /**
   * Draws the whole picture. `v`: { snap, changed, event, current, sel, hover, done }.
   */
  draw(v) {
    const ctx = this.ctx;
    const S = this.size;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (!this.n || !v.snap) return;
    if (this.small) {
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawSmall(v);
    } else {
      this.paintBands(v.snap, v.changed);
      ctx.drawImage(this.map.canvas, 0, 0);
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawLargeOverlay(v);
    }
    this.centreLabels(S);
  }

  centreLabels() {
    const ctx = this.ctx;
    const { c, inner } = this.g;
    if (inner < 60) return; // no room: the page says it below the ring
    const f = Math.max(11, Math.min(15, inner / 9));
    ctx.font = `${f}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const lines = ['Outer ring:', 'player 1 to move', '', 'Inner ring:', 'player 2 to move'];
    lines.forEach((t, k) => halo(ctx, t, c, c + (k - 2) * f * 1.2, COLOR.ink));
  }

  /** The move being looked at: predecessor (p, i) → popped (q, j), from the event. */
  focusMove(v) {
    const ev = v.event;
    if (!ev || ev.step === undefined) return null;
    return { p: ev.player, i: ev.pos, q: 3 - ev.player, j: ev.succ, step: ev.step };
  }

  drawSmall(v) {
    const ctx = this.ctx;
    const { c, R1, R2, r } = this.g;
    const n = this.n;
    const snap = v.snap;
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#C8C8C8';
    for (const R of [R1, R2]) {
      ctx.beginPath();
      ctx.arc(c, c, R, 0, TAU);
      ctx.stroke();
    }
    // The hole: a bar across both tracks at the top.
    ctx.fillStyle = COLOR.ink;
    roundRect(ctx, c - r, c - R1 - r, 2 * r, R1 - R2 + 2 * r, r);
    ctx.fill();
    // Position numbers, thinned out when crowded.
    const Rn = R1 + r + 11;
    const every = [1, 2, 5, 10].find((k) => (TAU * Rn * k) / n >= 22) || 10;
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#333';
    for (let i = 0; i < n; i += every) {
      const [x, y] = this.point(i, Rn);
      ctx.fillText(i === 0 ? '0 hole' : String(i), x, y);
    }
    // Moves of the popped state's predecessors, as arrows into it.
    const cur = v.current;
    const fm = this.focusMove(v);
    if (cur >= 0) {
      const q = cur < n ? 1 : 2;
      const j = cur % n;
      const p = 3 - q;
      const upto = fm && fm.q === q && fm.j === j ? fm.step : 0;
      for (const x of this.steps[p]) {
        if (x === j) continue;
        const i = (j - x + n) % n;
        const style = x === upto ? 2 : x < upto ? 1 : 0;
        if (style < 2) this.arrow(p, i, q, j, style ? '#555' : '#B0B0B0', style ? 1.5 : 1, style ? [] : [3, 4]);
      }
    }
    if (fm) this.arrow(fm.p, fm.i, fm.q, fm.j, COLOR.hi, 3.5, []);
    // The states.
    for (let p = 1; p <= 2; p++) {
      for (let i = 1; i < n; i++) this.marker(p, i, snap[(p - 1) * n + i]);
    }
    // Rings that mark roles.
    if (fm && fm.i) this.ringAt(fm.p, fm.i, r + 4.5, COLOR.hi, 3, [4, 3]);
    if (cur >= 0) this.ringAt(cur < n ? 1 : 2, cur % n, r + 4.5, COLOR.hi, 4, []);
    if (v.hover) this.ringAt(v.hover.p, v.hover.pos, r + 8.5, '#777', 2, []);
    if (v.sel) this.ringAt(v.sel.p, v.sel.pos, r + 8.5, COLOR.ink, 3, []);
  }

  marker(p, i, w) {
    const ctx = this.ctx;
    const r = this.g.r;
    const [x, y] = this.point(i, this.trackR(p));
    const value = w & 3;
    const num = w >>> 4;
    let text = String(num);
    let ink = '#fff';
    ctx.beginPath();
    if (value === 0) {
      ctx.arc(x, y, r, 0, TAU);
      ctx.fillStyle = COLOR.unk;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = COLOR.grey;
      ctx.stroke();
      ink = '#333';
    } else if (value === 1) {
      ctx.arc(x, y, r, 0, TAU);
      ctx.fillStyle = COLOR.win;
      ctx.fill();
    } else if (value === 2) {
      const h = r * 0.9;
      ctx.rect(x - h, y - h, 2 * h, 2 * h);
      ctx.fillStyle = COLOR.lose;
      ctx.fill();
      ink = '#000';
    } else {
      const h = r * 1.25;
      ctx.moveTo(x, y - h);
      ctx.lineTo(x + h, y);
      ctx.lineTo(x, y + h);
      ctx.lineTo(x - h, y);
      ctx.closePath();
      ctx.fillStyle = COLOR.loop;
      ctx.fill();
      ink = '#000';
      text = '∞';
    }
    if (w & 4) {
      ctx.beginPath();
      ctx.arc(x, y, r + 2.5, 0, TAU);
      ctx.setLineDash([3, 2]);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = COLOR.ink;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (r >= 7.5) {
      ctx.font = `${value === 0 ? '' : 'bold '}${Math.round(r * 1.05)}px system-ui, sans-serif`;
      ctx.fillStyle = ink;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, x, y + 0.5);
    }
  }

  ringAt(p, i, rad, color, width, dash) {
    const ctx = this.ctx;
    const [x, y] = this.point(i, this.trackR(p));
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, TAU);
    ctx.setLineDash(dash);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** An arrow for the move (p, i) → (q, j); j = 0 ends at the hole. */
  arrow(p, i, q, j, color, width, dash) {
    const ctx = this.ctx;
    const small = this.small;
    const gap = small ? this.g.r + 3 : 2;
    const [x0, y0] = this.point(i, this.trackR(p));
    const [x1, y1] = j === 0 ? this.point(0, (this.trackR(1) + this.trackR(2)) / 2) : this.point(j, this.trackR(q));
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

  /** A radial mark across a state's band, with a pointer outside the ring pair. */
  tick(p, pos, color, width, pointer) {
    const ctx = this.ctx;
    const g = this.g;
    const R = p === 1 ? g.R1 : g.R2;
    const [x0, y0] = this.point(pos, R - g.w - 1);
    const [x1, y1] = this.point(pos, R + 1);
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
    const a = this.angle(pos);
    const [tx, ty] = this.point(pos, tip);
    const [bx, by] = this.point(pos, base);
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
    ctx.strokeStyle = '#fff';
    ctx.stroke();
  }

  drawLargeOverlay(v) {
    const ctx = this.ctx;
    const n = this.n;
    const g = this.g;
    // Quarter marks with their positions.
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // Quarter marks: the hole outside the ring, the others just inside it (long numbers fit).
    for (let k = 0; k < 4; k++) {
      const pos = Math.round((k * n) / 4);
      const [x, y] = this.point(pos, k ? g.inner - 6 : g.R1 + 12);
      ctx.textAlign = ['center', 'right', 'center', 'left'][k];
      ctx.textBaseline = ['middle', 'middle', 'bottom', 'middle'][k];
      halo(ctx, k ? String(pos) : '0 hole', x, y, '#333');
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // The hole: a bar across both bands.
    ctx.fillStyle = COLOR.ink;
    roundRect(ctx, g.c - 3, g.c - g.R1 - 3, 6, g.R1 - g.inner + 6, 3);
    ctx.fill();
    const fm = this.focusMove(v);
    if (fm) this.arrow(fm.p, fm.i, fm.q, fm.j, COLOR.hi, 2.5, []);
    if (v.current >= 0) this.tick(v.current < n ? 1 : 2, v.current % n, COLOR.hi, 3, true);
    if (fm && fm.i) this.tick(fm.p, fm.i, COLOR.hi, 2, false);
    if (v.hover) this.tick(v.hover.p, v.hover.pos, '#777', 2, false);
    if (v.sel) this.tick(v.sel.p, v.sel.pos, COLOR.ink, 2, true);
  }
}

function halo(ctx, text, x, y, color) {
  ctx.lineWidth = 4;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}
