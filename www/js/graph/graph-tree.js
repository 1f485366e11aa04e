// graph/graph-tree.js: a tree's own parts of <loopy-graph> (the tree format, AGC010F): the stones beside each mark, the tree's edges without a move as dashed lines, and the legend's lines that say so; fetched when a tree first loads.

// No imports: fetched on its own (graph/graph-picture.js), it draws with what the view hands
// it. Every number is the core's (workers/graph-text.js): the stones, and which edges carry no move.

/** The legend's lines of a tree: [class, swatch, catalog key]. */
const LINES = [
  ['stones', '●', 'graph.tree.legend.stones'],
  ['tree-move', '→', 'graph.tree.legend.move'],
  ['tree-tie', '┄', 'graph.tree.legend.tie'],
];

/**
 * Called for each frame of graph `g` in the element `el` (the element core): keeps the legend's
 * tree lines in step with it (there while a tree is shown, in the reader's words, after any
 * rebuild of the side), and gives the frame's painter of the tree, or undefined for a graph that
 * is not one. The painter paints on `view` (graph-view.js; `pts` its vertices' screen points)
 * the tree's edges between equal stones (the layout's `lines`: straight, clipped at the marks)
 * as dashed lines without a head, then, when `gap` is a number (the numbers show), each mark's
 * stones right-aligned `gap` left of its centre, after a pebble.
 */
export function treeFrame(el, g) {
  const t = g.text?.tree;
  legend(el, Boolean(t));
  if (!t) return undefined;
  return (view, pts, gap) => {
    const { ctx, colors, r } = view;
    ctx.setLineDash([5, 4]);
    ctx.lineWidth = Math.max(0.8, Math.min(1.4, r / 8)) * 1.2;
    ctx.strokeStyle = colors.muted;
    for (const e of view.d.lines ?? []) {
      const [a, b] = [pts.get(e.from), pts.get(e.to)];
      const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const [ux, uy] = [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
      ctx.beginPath();
      ctx.moveTo(a[0] + ux * (r + 2), a[1] + uy * (r + 2));
      ctx.lineTo(b[0] - ux * (r + 3), b[1] - uy * (r + 3));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    if (gap === false) return;
    const size = Number.parseFloat(ctx.font);
    ctx.textAlign = 'right';
    ctx.lineWidth = 4;
    for (const m of view.marks) {
      const text = label(t.stones[m.v], el._words);
      if (text === undefined) continue;
      const x = m.x - gap;
      const y = m.y + m.r * 0.6;
      // With a halo of the background, as the view's numbers.
      ctx.strokeStyle = colors.halo;
      ctx.strokeText(text, x, y);
      ctx.fillStyle = colors.ink;
      ctx.fillText(text, x, y);
      const px = x - ctx.measureText(text).width - size * 0.45;
      ctx.beginPath();
      ctx.ellipse(px, y, size * 0.34, size * 0.27, 0, 0, Math.PI * 2);
      ctx.fillStyle = colors.muted;
      ctx.fill();
    }
    ctx.textAlign = 'left';
  };
}

/**
 * Stones `s` (the core's decimal string) as drawn, in words `w`: up to 999,999 as it is; a
 * larger count by its first three digits (cut, not rounded: the labels keep the counts' order)
 * and its power of ten, read off the digits (exact past 2^53): 1e9, 1.84e19. The why says the
 * whole count.
 */
function label(s, w) {
  if (typeof s !== 'string') return undefined;
  if (s.length < 7) return w.num(Number(s));
  const head = `${s[0]}.${s.slice(1, 3)}`.replace(/\.?0+$/, '');
  return `${head}e${s.length - 1}`;
}

/**
 * Puts the tree's lines into the element's legend (`on`), or takes them out: at the end of the
 * full legend's list, or of the compact one's "Every mark" list, as element/controls.js draws a
 * line (the swatch, then the sentence). A legend rebuilt (another language, other controls) has
 * none: they come again with the next frame, in its words.
 */
function legend(el, on) {
  const make = (tag, className, ...kids) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    e.append(...kids);
    return e;
  };
  // Each legend the element has (a page's full controls keep a compact one too).
  for (const box of el._root.querySelectorAll('[part="legend"]')) {
    const list = box.matches('ul') ? box : box.querySelector('details ul');
    if (!list || Boolean(list.querySelector('li.tree-tie')) === on) continue;
    for (const [cls, mark, key] of LINES) {
      if (!on) {
        list.querySelector(`li.${cls}`)?.remove();
        continue;
      }
      const sw = make('span', `sw ${cls}`, make('i', '', mark));
      sw.ariaHidden = 'true';
      list.append(make('li', cls, sw, make('span', '', el._words.t(key))));
    }
  }
}
