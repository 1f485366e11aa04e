// ring/token-paint.js: how a game's token is drawn on the ring (a thick ring around its state, gliding clockwise to the next one), fetched when a token is first drawn (a post never plays a game on its ring).

// No imports: fetched on its own (ring.js), this module would otherwise fetch its imports as
// files of their own, though the element's bundle holds them.

const TAU = 2 * Math.PI;

/**
 * Where the token is drawn: state (p, pos), or on its way there from `from` (a fraction
 * `t` of the way, eased), along the ring clockwise and across from one track to the
 * other. Position 0 is the hole, between the tracks.
 */
function place(g, tok) {
  const at = (p, pos) => ({ a: g.angle(pos), r: pos === 0 ? (g.T1 + g.T2) / 2 : g.trackR(p) });
  const b = at(tok.p, tok.pos);
  if (!tok.from || tok.t >= 1) return g.toScreen(g.c + b.r * Math.sin(b.a), g.c - b.r * Math.cos(b.a));
  const a = at(tok.from.p, tok.from.pos);
  const e = tok.t < 0.5 ? 2 * tok.t * tok.t : 1 - (-2 * tok.t + 2) ** 2 / 2;
  let da = b.a - a.a;
  if (da <= 0) da += TAU; // moves go clockwise
  const ang = a.a + da * e;
  const r = a.r + (b.r - a.r) * e;
  return g.toScreen(g.c + r * Math.sin(ang), g.c - r * Math.cos(ang));
}

/** Draws token `tok` = { p, pos, from, t } over the marks (or the bands of a large ring). */
export function drawToken(ctx, g, colors, tok) {
  const [x, y] = place(g, tok);
  const r = g.marks ? g.r + 9 : Math.max(9, g.hw * g.cam.s * 0.8);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.lineWidth = 7;
  ctx.strokeStyle = colors.ink;
  ctx.stroke();
  ctx.lineWidth = 4;
  ctx.strokeStyle = colors.accent;
  ctx.stroke();
}
