// graph-parts.js: what <loopy-graph> has that the ring has not: its legend and styles, the form that draws a large graph's neighbourhood, and its counts per value.

import { LEGEND_FLAG, LEGEND_LOSE, LEGEND_UNDECIDED } from '../element/controls.js';
import { h } from '../element/style.js';
import { count, fmt } from '../ring/explain.js';
import { parseVertex } from './graph-url.js';

export const LEGEND = [
  ['win', '', 'Win', 'the player to move can force a win; inside: how many moves the game lasts (or the SG value)'],
  LEGEND_LOSE,
  ['loop', '', 'Draw', 'neither player can force a win: the game never ends'],
  LEGEND_UNDECIDED,
  ['queued', '', 'Waiting to be looked at', 'dashed outline'],
  ['popped', '', 'Looked at now', 'the vertices that move to it are checked (orange ring)'],
  ['pred', '', 'Move being checked', 'orange arrow; the other moves into the vertex looked at are dashed'],
  ['selected', '', 'Selected', 'black ring: click a vertex, or Shift+arrows'],
  ['end', '', 'Game over', 'a dark tag under the goal, a dark bar under a vertex without a move'],
  ['optimal', '', 'Optimal play', 'once the search is over, from the start (the entering arrow): grey discs and dark arrows'],
  LEGEND_FLAG,
];

const CSS = /* css */ `
.stage { height: var(--stage-h, var(--ring, 300px)); }
.sw.end { background: var(--loopy-ink); width: 14px; height: 5px; border-radius: 2px; align-self: center; }
.sw.optimal { border-radius: 50%; background: var(--loopy-track); border: 2px solid var(--loopy-ink); }
.counts, .numbers { margin: 0; font-size: 0.9em; }
.counts b { font-variant-numeric: tabular-nums; }
.around { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; font-size: 0.9em; }
.around input { width: 7em; min-height: 32px; padding: 2px 6px; border: 1px solid var(--loopy-line); border-radius: 6px; background: var(--loopy-bg); }
.around select { min-height: 32px; }
`;
let graphSheet = null;

/** The graph element's own stylesheet, shared by every instance. */
export function extraSheet() {
  if (!graphSheet) {
    graphSheet = new CSSStyleSheet();
    graphSheet.replaceSync(CSS);
  }
  return graphSheet;
}

/**
 * The "Around vertex … within … moves" form of a large graph: `show(v, k)` when sent.
 * Returns its parts: `around` (the form), `centre` (the vertex box), `radius` (the list).
 */
export function aroundForm(show) {
  const centre = h('input', { type: 'text', id: 'centre', inputMode: 'numeric', autocomplete: 'off', spellcheck: false, ariaLabel: 'Centre vertex' });
  const radius = h('select', { id: 'radius', ariaLabel: 'Moves away from it' });
  for (const k of [1, 2, 3, 4]) radius.add(new Option(count(k, 'move'), String(k)));
  const around = h(
    'form',
    { className: 'around', id: 'around', part: 'around', hidden: true },
    h('label', { for: 'centre' }, 'Around vertex'),
    centre,
    h('label', { for: 'radius' }, 'within'),
    radius,
    h('button', { type: 'submit' }, 'Show'),
  );
  around.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = parseVertex(centre.value, 'The centre');
    if (!v.error && v.value) show(v.value, Number(radius.value));
  });
  return { around, centre, radius };
}

/** The whole graph's counts per value into `p` (and per SG value, with `sg` and once they are known). */
export function showCounts(p, g, sg) {
  const c = g.layout.outcome;
  const tally = [0, 0, 0];
  const by = new Map();
  for (let v = 1; v <= g.n; v++) {
    tally[g.out[v]]++;
    if (g.grundy) by.set(g.grundy[v], (by.get(g.grundy[v]) ?? 0) + 1);
  }
  const kids = [
    `Whole graph: ${count(g.n, 'vertex', 'vertices')}, ${count(g.m, 'move')}. `,
    ...[
      ['Win', c.win],
      ['Lose', c.lose],
      ['Draw', c.draw],
    ].flatMap(([w, o], k) => [k ? ' · ' : '', `${w} `, h('b', {}, fmt(tally[o]))]),
    '.',
  ];
  if (g.grundy && sg) {
    const inf = g.layout.graph.grundyInfinite;
    const values = [...by.keys()].sort((a, b) => a - b);
    const shown = values.slice(0, 8);
    kids.push(' SG values: ');
    shown.forEach((x, k) => {
      kids.push(k ? ' · ' : '', `${x === inf ? '∞' : fmt(x)} × `, h('b', {}, fmt(by.get(x))));
    });
    if (values.length > shown.length) kids.push(` · … (${fmt(values.length)} values)`);
    kids.push('.');
  }
  p.replaceChildren(...kids);
}
