// workers/graph-layout.js: where each vertex of a game graph is drawn: a layered drawing by dagre (handed in by the caller), pure data out.

/** A mark's radius in layout units. */
export const MARK = 13;
/** A vertex's box height: its mark, and room under it for the goal's tag or the moves leaving a neighbourhood. */
export const BOX_H = 46;
/** Where a vertex's number starts, right of its centre, and how wide a character of it is (layout units). */
export const LABEL_GAP = MARK + 8;
export const LABEL_CHAR = 6.6;

/** A vertex's box width: its mark with its number (up to `chars` characters) on the right, kept symmetric. */
export function boxWidth(chars) {
  return 2 * (LABEL_GAP + chars * LABEL_CHAR + 2);
}

/**
 * Lays out the vertices `ids` (ascending) and the moves `from[k] -> to[k]` among them with
 * dagre's layered layout (`dagre` is the library's module). Moves run downwards (or to the
 * right), so the vertices without moves end up near the bottom; a cycle gets one edge
 * reversed by dagre and drawn back up. Repeated edges are laid out once and self-loops
 * not at all (the drawing puts those beside their vertex). `direction` is 'TB', 'LR' or
 * 'auto' (the one whose drawing fits a square best).
 *
 * Returns { width, height, ids, x, y, edges, box }: `x[k], y[k]` is the centre of vertex
 * `ids[k]`, and `edges` lists each distinct move { from, to, points } with the route's
 * bends as [x0, y0, x1, y1, ...] (without the end points: those are the vertices' centres),
 * and `box` a vertex's box [width, height].
 */
export function layeredLayout(dagre, ids, from, to, direction = 'auto') {
  if (direction === 'auto') {
    const tb = layeredLayout(dagre, ids, from, to, 'TB');
    if (ids.length > 120) return tb;
    // A drawing much taller than wide (a chain, say) may read better across; one much
    // wider than tall (a neighbourhood: a few layers of many vertices) may read better
    // down, in a canvas that can be taller than wide: larger marks with their numbers.
    if (tb.height > 1.6 * tb.width) {
      const lr = layeredLayout(dagre, ids, from, to, 'LR');
      return fitScale(lr) > fitScale(tb) ? lr : tb;
    }
    if (tb.width > 2 * tb.height) {
      const lr = layeredLayout(dagre, ids, from, to, 'LR');
      return fitTall(lr) > 1.25 * fitTall(tb) ? lr : tb;
    }
    return tb;
  }
  const widest = ids.length ? Math.max(...ids).toLocaleString('en-US').length : 1;
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: direction, nodesep: 14, ranksep: 30, edgesep: 10, marginx: 4, marginy: 4 });
  g.setDefaultEdgeLabel(() => ({}));
  const w = boxWidth(widest);
  for (const v of ids) g.setNode(String(v), { width: w, height: BOX_H });
  const seen = new Set();
  const edges = [];
  for (let k = 0; k < from.length; k++) {
    const key = `${from[k]} ${to[k]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push({ from: from[k], to: to[k], points: [] });
    if (from[k] !== to[k]) g.setEdge(String(from[k]), String(to[k]));
  }
  dagre.layout(g);
  const x = new Float64Array(ids.length);
  const y = new Float64Array(ids.length);
  ids.forEach((v, k) => {
    const node = g.node(String(v));
    x[k] = node.x;
    y[k] = node.y;
  });
  for (const e of edges) {
    if (e.from === e.to) continue;
    const pts = g.edge(String(e.from), String(e.to))?.points ?? [];
    // dagre's first and last points sit on the boxes' borders: the drawing clips at the marks instead.
    for (const p of pts.slice(1, -1)) e.points.push(p.x, p.y);
  }
  const { width, height } = g.graph();
  return { width: Math.max(width, w), height: Math.max(height, BOX_H), ids: Uint32Array.from(ids), x, y, edges, box: [w, BOX_H] };
}

/** How large a drawing would be shown in a unit square (bigger is better). */
function fitScale(l) {
  return 1 / Math.max(l.width, l.height);
}

/** How large a drawing would be shown in a box as wide as the element and up to 1.8 times as tall (the element's most: loopy-graph.js `_size`). */
function fitTall(l) {
  return 1 / Math.max(l.width, l.height / 1.8);
}
