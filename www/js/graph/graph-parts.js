// graph-parts.js: what <loopy-graph> has that the ring has not: its legend and styles, the form that draws a large graph's neighbourhood, and its counts per value.

import { LEGEND_FLAG, LEGEND_LOSE, LEGEND_UNDECIDED } from '../element/controls.js';
import { h, sheetOf } from '../element/style.js';
import { parseVertex } from './graph-url.js';

/**
 * What the numbers in the marks are, by the values shown (`values`: depth or grundy): one
 * sentence, said by the element's own line under the legend (a compact embed has no radios
 * to say it) or, in full mode, by the full legend's line for the numbers instead.
 */
export function numbersText(w, values) {
  return values === 'grundy' ? w.t('graph.numbers.grundy') : w.t('graph.numbers.depth');
}

/**
 * The graph's legend (see element/controls.js `legend`): `{ entries, note }` in the reader's
 * words `w`; `values`: what the numbers are.
 */
export function graphLegend(w, values) {
  const numbers = numbersText(w, values);
  const entries = [
    { always: true, cls: 'win', mark: '2', name: w.t('graph.legend.win.name'), short: w.t('graph.legend.win'), long: w.t('graph.legend.win') },
    { ...LEGEND_LOSE, name: w.t('graph.legend.lose.name'), short: w.t('graph.legend.lose'), long: w.t('graph.legend.lose') },
    {
      always: true,
      cls: 'loop',
      mark: '∞',
      name: w.t('graph.legend.draw.name'),
      short: w.t('graph.legend.draw.short'),
      long: w.t('graph.legend.draw.long'),
    },
    LEGEND_UNDECIDED,
    {
      always: true,
      cls: 'optimal',
      mark: '',
      name: w.t('graph.legend.optimal.name'),
      short: w.t('graph.legend.optimal.short'),
      long: w.t('graph.legend.optimal.long'),
    },
    { cls: 'digits', mark: '3', name: w.t('graph.legend.digits.name'), short: numbers, long: numbers },
    {
      cls: 'queued',
      mark: '',
      name: w.t('graph.legend.queued.name'),
      short: w.t('graph.legend.queued.short'),
      long: w.t('graph.legend.queued.long'),
    },
    {
      cls: 'popped',
      mark: '',
      name: w.t('graph.legend.popped.name'),
      short: w.t('graph.legend.popped.short'),
      long: w.t('graph.legend.popped.long'),
    },
    {
      cls: 'pred',
      mark: '',
      name: w.t('graph.legend.pred.name'),
      short: w.t('graph.legend.pred.short'),
      long: w.t('graph.legend.pred.long'),
    },
    {
      cls: 'selected',
      mark: '',
      name: w.t('graph.legend.selected.name'),
      short: w.t('graph.legend.selected.short'),
      long: w.t('graph.legend.selected.long'),
    },
    {
      cls: 'end',
      mark: '',
      name: w.t('graph.legend.end.name'),
      short: w.t('graph.legend.end.short'),
      long: w.t('graph.legend.end.long'),
    },
    LEGEND_FLAG,
  ];
  return { entries, note: w.t('graph.legend.note') };
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
/** The graph element's own stylesheet, shared by every instance. */
export function extraSheet() {
  return sheetOf(CSS);
}

/**
 * The "Around vertex … within … moves" form of a large graph: `show(v, k)` when sent.
 * Returns its parts: `around` (the form), `centre` (the vertex box), `radius` (the list);
 * `labelAround` words them.
 */
export function aroundForm(show) {
  const centre = h('input', { type: 'text', id: 'centre', inputMode: 'numeric', autocomplete: 'off', spellcheck: false });
  const radius = h('select', { id: 'radius' });
  for (const k of [1, 2, 3, 4]) radius.add(new Option('', String(k)));
  const around = h(
    'form',
    { className: 'around', id: 'around', part: 'around', hidden: true },
    h('label', { for: 'centre', className: 'centre-label' }),
    centre,
    h('label', { for: 'radius', className: 'radius-label' }),
    radius,
    h('button', { type: 'submit' }),
  );
  around.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = parseVertex(centre.value, 'The centre');
    if (!v.error && v.value) show(v.value, Number(radius.value));
  });
  return { around, centre, radius };
}

/** Says the around form's words in the reader's words `w` (again on a change of language: its values kept). */
export function labelAround({ around, centre, radius }, w) {
  around.querySelector('.centre-label').textContent = w.t('graph.around.centre');
  around.querySelector('.radius-label').textContent = w.t('graph.around.radius');
  around.querySelector('button').textContent = w.t('graph.around.show');
  centre.ariaLabel = w.t('graph.around.centre.aria');
  radius.ariaLabel = w.t('graph.around.radius.aria');
  for (const o of radius.options) o.text = w.t('graph.around.moves', { count: Number(o.value) });
}

/**
 * The message `key` as nodes: each param given as a node (or an array of nodes) goes in at
 * its hole, the rest is text (a sentence stays one message, with its numbers in bold).
 */
function rich(w, key, params) {
  const nodes = [];
  const plain = {};
  for (const [name, value] of Object.entries(params)) {
    if (value instanceof Node || Array.isArray(value)) {
      plain[name] = `\u{E000}${nodes.length}\u{E001}`;
      nodes.push(value);
    } else plain[name] = value;
  }
  return w
    .t(key, plain)
    .split(/\u{E000}(\d+)\u{E001}/u)
    .flatMap((part, k) => (k % 2 ? nodes[Number(part)] : part ? [part] : []));
}

/**
 * The whole graph's counts per value into `p` (and per SG value, with `sg` and once they are
 * known), in the reader's words `w`: the core's (`g.counts`: GraphSolution.counts;
 * `g.grundyCounts`: GraphSolution.grundyCounts, value and vertices by turns, ascending).
 */
export function showCounts(p, g, sg, w) {
  const b = (x) => h('b', {}, w.num(x));
  const params = {
    vertices: w.t('graph.counts.vertices', { count: g.n }),
    moves: w.t('graph.counts.moves', { count: g.m }),
    win: b(g.counts.win),
    lose: b(g.counts.lose),
    draw: b(g.counts.draw),
  };
  const by = g.grundyCounts;
  if (!(by && sg)) return p.replaceChildren(...rich(w, 'graph.counts', params));
  const inf = g.layout.graph.grundyInfinite;
  const values = by.length / 2;
  const shown = Math.min(values, 8);
  const list = Array.from({ length: shown }, (_, k) => [
    ...(k ? [w.t('graph.counts.sg.sep')] : []),
    ...rich(w, 'graph.counts.sg.item', { value: by[2 * k] === inf ? '∞' : w.num(by[2 * k]), n: b(by[2 * k + 1]) }),
  ]).flat();
  const key = values > shown ? 'graph.counts.sg.more' : 'graph.counts.sg';
  p.replaceChildren(...rich(w, key, { ...params, list, values }));
}
