// graph-parts.js: what <loopy-graph> has that the ring has not: its legend and its look (a large graph's own parts: graph/graph-large.js).

import { LEGEND_FLAG, LEGEND_LOSE, LEGEND_UNDECIDED } from '../element/controls.js';
import { sheetOf } from '../element/style.js';

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
.large-slot { display: contents; }
.sw.end { background: var(--loopy-ink); width: 14px; height: 5px; border-radius: 2px; align-self: center; }
.sw.optimal { border-radius: 50%; background: var(--loopy-track); border: 2px solid var(--loopy-ink); }
.sw.digits { border-radius: 50%; background: var(--loopy-panel); border: 1px solid var(--loopy-muted); color: var(--loopy-ink); }
.counts, .numbers { margin: 0; font-size: 0.9em; }
.box.full.wide:not(.present) .numbers.in-legend { display: none; }
.counts b { font-variant-numeric: tabular-nums; }
.around { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; font-size: 0.9em; }
.around input { width: 7em; min-height: 32px; padding: 2px 6px; border: 1px solid var(--loopy-line); border-radius: 6px; background: var(--loopy-bg); }
.around select { min-height: 32px; }
`;
/** The graph element's own stylesheet, shared by every instance. */
export function extraSheet() {
  return sheetOf(CSS);
}
