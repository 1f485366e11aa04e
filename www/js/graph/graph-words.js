// graph/graph-words.js: what <loopy-graph> hands the element core to say: the canvas's labels, the legend, the side column with the parts only a graph has (the line on what the numbers are; a large graph's form that draws a neighbourhood and its counts per value, graph/graph-large.js, fetched when one first loads), the narration and the line of vertices known, and its keys.

import { sayWith } from '../element/lazy.js';
import { h } from '../element/style.js';
import { GRAPH_NARRATE_WORDS } from './graph-explain.js';
import { graphLegend, numbersText } from './graph-parts.js';
import { parseVertex } from './graph-url.js';

/** The graph's words for the element `el`; what they say of its values and neighbourhood is its source's (`el._source`). */
export class GraphWords {
  /** The keys of the core's sentences that name a graph's things, and what its undecided value is called. */
  kind = {
    enter: 'core.keys.enter.vertex',
    jump: 'core.keys.jump.vertex',
    zoom: 'core.keys.zoom.drawing',
    quizKey: 'core.keys.answer.draw',
    draw: 'Draw',
    // The words the quiz (core.quiz.idle.*) and the error box (core.error.*) say of them, which come with those parts.
    target: 'vertex',
    noun: 'graph',
  };
  #el;
  #said = null; // what the live region last said of the neighbourhood drawn
  #large; // the lazy part: graph-large.js's parts of a large graph
  #asked = { around: null, drawn: null }; // what was asked of those parts before they came
  /** The parts only a graph has: the line on what the numbers are, the help, and where a large graph's parts go (full controls, compact). */
  parts;

  #say; // the narration of events (graph/graph-narrate.js, fetched when the first event is told)

  constructor(el) {
    this.#el = el;
    const redraw = () => el._redraw();
    const narrator = el._lazy(el._files.narrate, { made: (m) => m.narrator(GRAPH_NARRATE_WORDS), ready: redraw, failed: redraw });
    this.#say = sayWith(el, narrator, 'core.narration.unloaded');
    this.parts = {
      // What the numbers in the marks are (a compact embed has no radios to say it; the full legend says it itself).
      numbers: h('p', { className: 'numbers', id: 'numbers' }),
      help: h('p', { className: 'hint', id: 'graph-help' }),
      full: h('div', { className: 'large-slot' }),
      compact: h('div', { className: 'large-slot' }),
    };
    this.#large = el._lazy(el._files.large, {
      made: ({ largeParts }) => largeParts(el, { h, parseVertex }),
      ready: () => this.#came(),
    });
    this.#label();
  }

  /** A large graph's parts have come: they show where the side puts them, in the reader's words, with what was asked of them meanwhile. */
  #came() {
    const el = this.#el;
    this.#place(el._side.mode);
    this.#label();
    if (el._g && !el._g.small) this.loaded(el._g);
    const { around, drawn } = this.#asked;
    if (around) this.around(...around);
    if (drawn) this.drawn(...drawn);
    el._redraw();
  }

  /** A large graph's parts (once here) in the slot of controls `mode`: the counts, the around form and the stubs' line beside the full controls; the form and the line in the compact ones. */
  #place(mode) {
    const l = this.#large.value;
    if (!l) return;
    const o = this.parts;
    if (mode === 'full') o.full.replaceChildren(l.counts, l.around, l.stubsHelp);
    else if (mode === 'compact') o.compact.replaceChildren(l.around, l.stubsHelp);
  }

  labels() {
    const t = (key) => this.#el._t(key);
    return { id: 'graph', roledescription: t('graph.canvas.role'), label: t('graph.canvas.label') };
  }

  legend() {
    // Built when the element first comes into view, maybe before it starts: the attribute says which values.
    return graphLegend(this.#el._words, this.#el.getAttribute('values') === 'grundy' ? 'grundy' : 'depth');
  }

  sideKids(mode, controls, compact, full) {
    const p = this.#el._parts;
    const o = this.parts;
    // The full legend has a line of its own on what the numbers are: the element's is then hidden where the full legend
    // shows (beside the drawing, not presenting), not said twice; on a phone and in presenter mode it is the line in view.
    o.numbers.hidden = false;
    o.numbers.classList.toggle('in-legend', mode === 'full');
    this.#place(mode);
    if (mode === 'full') return [compact, p.narration, p.term, controls, p.known, o.full, o.numbers, full, h('slot', { name: 'side' }), o.help];
    return mode === 'compact' ? [p.narration, p.term, controls, o.compact, compact, o.numbers] : [p.narration];
  }

  /** Whether the line on what the numbers are shows (a short compact embed gives its room to the drawing). */
  showNumbers(shown) {
    this.parts.numbers.hidden = !shown;
  }

  /**
   * Says again what this element built besides the side panel (the core rebuilds that): the
   * lines under the legend, the around form, the counts, the live region's word on the
   * neighbourhood, and the picture's words (its next frame draws them all).
   */
  relabel() {
    const el = this.#el;
    this.#label();
    this.counts();
    // The live region, if what it says is still this element's word on the neighbourhood.
    if (el._source.ball?.ids && this.#said && el._parts.said.textContent === this.#said) this.#announce();
    el._session?.redrawAll();
    el._selection.reexplain();
  }

  /** The words of the parts this element adds to the side, in the reader's language. */
  #label() {
    const el = this.#el;
    const o = this.parts;
    o.numbers.textContent = numbersText(el._words, el._source?.values ?? 'depth');
    o.help.textContent = el._t('graph.help');
    this.#large.value?.label();
  }

  /** The values the marks show changed: the legend and the line under it say what the numbers are now. */
  showValues() {
    const el = this.#el;
    const text = numbersText(el._words, el._source.values);
    for (const li of el._root.querySelectorAll('.legend li.digits')) li.lastChild.textContent = text;
    this.parts.numbers.textContent = text;
  }

  /** A new graph: a large one has the around form and its counts (their module fetched the first time); a small one is drawn whole. */
  loaded(game) {
    const l = this.#large.value;
    if (!l) {
      if (!game.small) this.#large.get();
      return;
    }
    l.around.hidden = game.small;
    if (game.small) l.stubsHelp.hidden = true;
    l.counts.hidden = game.small;
    this.counts();
  }

  /** Counts per value of a large graph (its drawing shows only a neighbourhood). */
  counts() {
    const el = this.#el;
    const g = el._g;
    if (g && !g.small) this.#large.value?.showCounts(g, el._source.values === 'grundy');
  }

  /** The neighbourhood of `v` within `k` moves is asked for: the form says so. */
  around(v, k) {
    const l = this.#large.value;
    this.#asked.around = l ? null : [v, k];
    if (!l) return;
    l.centre.value = String(v);
    l.radius.value = String(k);
  }

  /** A neighbourhood `ball` is drawn: its stubs are explained when it has some, and (`announce`) the live region says it. */
  drawn(ball, announce) {
    const l = this.#large.value;
    this.#asked.drawn = l ? null : [ball, announce];
    if (!l) return;
    l.stubsHelp.hidden = ball.stubs.size === 0;
    if (announce) this.#announce();
  }

  /** The live region says which neighbourhood is drawn. */
  #announce() {
    this.#said = this.#showing();
    this.#el._say(this.#said);
  }

  /** "Showing the 12 vertices around vertex 5.": what the live region says of a neighbourhood drawn. */
  #showing() {
    return this.#large.value.showing(this.#el._source.ball);
  }

  known(game) {
    const el = this.#el;
    const t = (key, params) => el._t(key, params);
    const draws = game.total - game.resolved;
    const known = game.done
      ? t('graph.known.done', { resolved: game.resolved, count: game.total, draws: t('graph.known.draws', { count: draws }) })
      : t('graph.known', { resolved: game.resolved, count: game.total });
    const b = el._source.ball;
    const l = this.#large.value;
    return b?.ids && l ? l.known(known, b) : known;
  }

  narration(game) {
    const el = this.#el;
    // The start needs no narrator: a graph shown and never played never fetches it.
    if (!game.event) return el._t('graph.narrate.start');
    return this.#say(game.position, (n) => n.narrate(el._g, game.event, el._words));
  }

  keys() {
    const el = this.#el;
    const moveSel = (d) => {
      const ids = el._view?.d?.ids ?? [];
      if (!ids.length) return;
      const k = ids.indexOf(el._sel ?? -1);
      const next = k < 0 ? (d > 0 ? 0 : ids.length - 1) : (((k + d) % ids.length) + ids.length) % ids.length;
      el.select(ids[next]);
    };
    return [
      {
        keys: ['ArrowLeft', 'ArrowRight'],
        shift: true,
        label: 'Shift + ← →',
        what: el._t('graph.keys.select'),
        run: (e) => moveSel(e.key === 'ArrowLeft' ? -1 : 1),
      },
      {
        keys: ['ArrowDown'],
        shift: true,
        label: 'Shift + ↓',
        what: el._t('graph.keys.best'),
        run: () => {
          if (el._sel === null || !el._g) return false;
          const next = el._g.best[el._sel];
          if (next) el.select(next);
        },
      },
    ];
  }

  modeKeys() {
    const el = this.#el;
    return [
      {
        keys: ['s', 'S'],
        label: 'S',
        what: el._t('graph.keys.values'),
        run: () => {
          el.values = el._source.values === 'grundy' ? 'depth' : 'grundy';
        },
      },
      {
        keys: ['c', 'C'],
        label: 'C',
        what: el._t('graph.keys.around'),
        run: () => {
          if (el._sel === null || el._g?.small) return false;
          el._source.showAround(el._sel, el._source.ball?.k ?? 2);
        },
      },
    ];
  }
}
