// ring/ring-clear.js: what a popup about a state keeps clear of the ring's drawing, fetched with the popup (a post's first download never needs it).

/**
 * What a popup about a state keeps clear, as rectangles ({ left, top, right, bottom }, CSS
 * px of the canvas): the marks of `targets` (states, with their badges) that the view of `el`
 * (ring/ring.js) drew last, and the hole with its label, which every popup of the ring may name.
 */
export function clearOf(el, targets) {
  const view = el._view;
  const g = view.g;
  const out = [];
  const reach = g.marks ? g.markReach : g.hw * g.cam.s;
  for (const t of targets) {
    const [x, y] = view.pointOf(t);
    out.push({ left: x - reach, top: y - reach, right: x + reach, bottom: y + reach });
  }
  if (g.n) {
    const half = g.marks ? Math.max(3, 0.65 * g.r) : 6;
    const out0 = g.marks ? g.r / g.cam.s : g.hw;
    const [x0, y0] = g.point(0, g.T1 + out0);
    const [x1, y1] = g.point(0, g.T2 - out0);
    out.push({ left: Math.min(x0, x1) - half, top: Math.min(y0, y1) - half, right: Math.max(x0, x1) + half, bottom: Math.max(y0, y1) + half });
  }
  for (const l of view.texts.labels) if (l.hole) out.push({ left: l.x - l.w / 2, top: l.y - l.h / 2, right: l.x + l.w / 2, bottom: l.y + l.h / 2 });
  return out;
}

/** Every mark `view` drew last, as rectangles (CSS px of the canvas): what a popup covers as little of as it can. */
export function markRects(view) {
  return view.drawn.map((m) => ({ left: m.x - m.r, top: m.y - m.r, right: m.x + m.r, bottom: m.y + m.r }));
}

/** The states the account `d` (ring/inspect.js `describe`) names: where its moves lead (the hole is `clearOf`'s to keep clear). */
export function named(d) {
  return d.moves.filter((m) => m.target).map((m) => m.target);
}
