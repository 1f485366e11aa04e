// graph/graph-tree.js: a tree's own parts of <loopy-graph>'s picture (the tree format, AGC010F): the stones beside each mark, the tree's edges without a move as dashed lines, and the legend's lines that say so; fetched when a tree first loads.

// No imports: fetched on its own (graph/graph-words.js), it draws with what the view hands it.
// Every number is the core's (workers/graph-text.js): the stones, and which edges carry no move.

/**
 * The painter of tree `t` (the text's `tree`: its `stones` by vertex, decimal strings, and its
 * layout's edges without a move) in the reader's words `w`: `label(v)`, the stones as drawn;
 * `lines(view, pts, width)`, the tree's edges between equal stones (the layout's `lines`) as
 * dashed lines without a head, under the marks; `stones(...)`, each mark's stones on its left.
 */
export function painter(t, w) {
  const label = (v) => {
    const s = t.stones[v];
    if (typeof s !== 'string') return undefined;
    // Up to 999,999 as it is; a larger count by its first three digits (cut, not rounded: the
    // labels keep the counts' order) and its power of ten, read off the core's decimal digits
    // (exact past 2^53): 1e9, 1.84e19. The why says the whole count.
    if (s.length < 7) return w.num(Number(s));
    const head = `${s[0]}.${s.slice(1, 3)}`.replace(/\.?0+$/, '');
    return `${head}e${s.length - 1}`;
  };
  return {
    label,
    lines(view, pts, width) {
      for (const e of view.d.lines ?? []) view.edge(e, pts, view.colors.muted, width, [5, 4], true);
    },
    /** Each mark's stones, right-aligned `gap` left of its centre, after a pebble; `halo` the view's text painter. */
    stones(ctx, colors, marks, gap, r, halo) {
      const size = Number.parseFloat(ctx.font);
      ctx.textAlign = 'right';
      for (const m of marks) {
        if (m.stones === undefined) continue;
        const x = m.x - gap;
        const y = m.y + r * 0.6;
        halo(ctx, colors, m.stones, x, y, colors.ink);
        const px = x - ctx.measureText(m.stones).width - size * 0.45;
        ctx.beginPath();
        ctx.ellipse(px, y, size * 0.34, size * 0.27, 0, 0, Math.PI * 2);
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = colors.halo;
        ctx.stroke();
        ctx.fillStyle = colors.muted;
        ctx.fill();
      }
      ctx.textAlign = 'left';
    },
  };
}

/** The legend's lines of a tree (see element/controls.js `legend`) in words `w`: its stones, its moves, its edges without a move. */
export function legend(w) {
  const line = (cls, mark, name, long, always = false) => ({ always, cls, mark, name: w.t(name), short: w.t(long), long: w.t(long) });
  return [
    // The stones in the compact legend's strip too: a tree's first question is what its numbers on the left are.
    line('stones', '●', 'graph.tree.legend.stones.name', 'graph.tree.legend.stones', true),
    line('tree-move', '→', 'graph.tree.legend.move.name', 'graph.tree.legend.move'),
    line('tree-tie', '┄', 'graph.tree.legend.tie.name', 'graph.tree.legend.tie'),
  ];
}
