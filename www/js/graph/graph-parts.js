// graph-parts.js: what <loopy-graph> has that the ring has not: its legend and styles, the form that draws a large graph's neighbourhood, and its counts per value.

import { LEGEND_FLAG, LEGEND_LOSE, LEGEND_UNDECIDED } from '../element/controls.js';
import { h } from '../element/style.js';
import { count, fmt } from '../ring/explain.js';
import { parseVertex } from './graph-url.js';

/**
 * What the legend says of the numbers in the marks, by the values shown (`values`: depth or
 * grundy): the full legend's line, and the compact legend's note (the element's own line
 * under the legend says what the numbers are, in every mode: the note says the rest).
 */
export const LEGEND_NUMBERS = {
  depth: {
    long: 'The number in a Win or Lose mark is how many moves the game lasts with best play; ∞ marks a Draw, which never ends. Press S for Sprague-Grundy values.',
    note: '∞ marks a Draw, which never ends; grey discs and dark arrows, where correct play from the start goes.',
  },
  grundy: {
    long: 'The number in a mark is the vertex’s Sprague-Grundy value; ∞ is an infinite one, ∞(K), which the why explains. Press S for depths.',
    note: '∞ marks an infinite SG value; grey discs and dark arrows, where correct play from the start goes.',
  },
};

/** The graph's legend (see element/controls.js `legend`): `{ entries, note }`; `values`: what the numbers are. */
export function graphLegend(values) {
  const entries = [
    {
      always: true,
      cls: 'win',
      mark: '2',
      name: 'Win',
      short: 'Win (circle): the player to move can force a win.',
      long: 'Win (circle): the player to move can force a win.',
    },
    { ...LEGEND_LOSE, short: 'Lose (square): every move hands the opponent a win.', long: 'Lose (square): every move hands the opponent a win.' },
    {
      always: true,
      cls: 'loop',
      mark: '∞',
      name: 'Draw',
      short: 'Draw (diamond, ∞): neither player can force a win, so the game never ends.',
      long: 'Draw (diamond, ∞): neither player can force a win, so with best play the game never ends.',
    },
    LEGEND_UNDECIDED,
    {
      always: true,
      cls: 'optimal',
      mark: '',
      name: 'Optimal play',
      short: 'Grey discs and dark arrows: where correct play from the start can go, once the search is over.',
      long: 'Grey discs and dark arrows: the vertices and moves correct play from the start (the entering arrow) can use, shown once the search is over; the why says why a vertex is in or out.',
    },
    { cls: 'digits', mark: '3', name: 'Numbers', short: LEGEND_NUMBERS[values].long, long: LEGEND_NUMBERS[values].long },
    {
      cls: 'queued',
      mark: '',
      name: 'Waiting',
      short: 'Dashed outline: decided, waiting to be looked at.',
      long: 'Dashed outline: decided, and waiting to be looked at.',
    },
    {
      cls: 'popped',
      mark: '',
      name: 'Looked at now',
      short: 'Orange ring: looked at now.',
      long: 'Orange ring: the vertex looked at now; the vertices that move to it are checked.',
    },
    {
      cls: 'pred',
      mark: '',
      name: 'Move being checked',
      short: 'Orange arrow: the move being checked.',
      long: 'Orange arrow: the move being checked; the other moves into the vertex looked at are dashed.',
    },
    {
      cls: 'selected',
      mark: '',
      name: 'Selected',
      short: 'Black ring: the selected vertex.',
      long: 'Black ring: the selected vertex (click one, or press Shift and the arrows).',
    },
    {
      cls: 'end',
      mark: '',
      name: 'Game over',
      short: 'Dark tag: the goal; dark bar: a vertex without a move.',
      long: 'A dark tag under the goal and a dark bar under a vertex without a move: where the game is over.',
    },
    LEGEND_FLAG,
  ];
  return { entries, note: LEGEND_NUMBERS[values].note };
}

const CSS = /* css */ `
.stage { height: var(--stage-h, var(--ring, 300px)); }
.sw.end { background: var(--loopy-ink); width: 14px; height: 5px; border-radius: 2px; align-self: center; }
.sw.optimal { border-radius: 50%; background: var(--loopy-track); border: 2px solid var(--loopy-ink); }
.sw.digits { border-radius: 50%; background: var(--loopy-panel); border: 1px solid var(--loopy-muted); color: var(--loopy-ink); }
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
