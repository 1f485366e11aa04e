// graph/graph-clear.js: what a popup about a vertex keeps clear of the graph's drawing, fetched with the popup (a post's first download never needs it).

import { LABEL_GAP, MARK } from '../workers/graph-layout.js';

/**
 * What a popup about a vertex keeps clear, as rectangles ({ left, top, right, bottom }, CSS
 * px of the canvas): the marks of vertices `targets` that the view of `el` (graph/graph-view.js)
 * drew last, each with its number on its right and, for the goal, its tag below (as `goalTag` sizes it).
 */
export function clearOf(el, targets) {
  const view = el._view;
  const goal = el._g?.goal;
  const out = [];
  for (const v of targets) {
    const m = view.marks.find((x) => x.v === v);
    if (!m) continue;
    const label = view.labelSize ? String(v).length * 0.62 * view.labelSize + LABEL_GAP * Math.min(view.cam.s, view.maxMark / MARK) + 4 : 0;
    const below = v === goal ? m.r * 1.3 + 12 + Math.max(9, view.textMin, Math.min(12 * view.grow, m.r * 0.7)) : m.r;
    out.push({ left: m.x - m.r - 4, top: m.y - m.r - 4, right: m.x + Math.max(m.r + 4, label), bottom: m.y + below + 4 });
  }
  return out;
}

/** Every mark `view` drew last, as rectangles (CSS px of the canvas): what a popup covers as little of as it can. */
export function markRects(view) {
  return view.marks.map((m) => ({ left: m.x - m.r, top: m.y - m.r, right: m.x + m.r, bottom: m.y + m.r }));
}

/** The vertices the account `d` (graph/graph-inspect.js `describe`) names: where its moves lead. */
export function named(d) {
  return d.moves.map((m) => m.to);
}
