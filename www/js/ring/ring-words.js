// ring/ring-words.js: what <loopy-ring> hands the element core to say: the canvas's labels, the legend, the side column, the narration and the line of states known, its keys (Shift and the arrows move the selection round the ring), and the caption a game played on it shows.

import { LAYOUT } from '../../pkg/layout.js';
import { LEGEND_FLAG, LEGEND_LOSE, LEGEND_UNDECIDED } from '../element/controls.js';
import { sayWith } from '../element/lazy.js';
import { h } from '../element/style.js';
import { NARRATE_WORDS } from './explain.js';

/** The ring's legend: every mark and every number its picture draws (see element/controls.js `legend`). */
const LEGEND = [
  { always: true, cls: 'win', mark: '3', name: 'core.legend.win', short: 'core.legend.win.short', long: 'core.legend.win.long' },
  LEGEND_LOSE,
  { always: true, cls: 'loop', mark: '∞', name: 'core.legend.loop', short: 'core.legend.loop.short', long: 'core.legend.loop.short' },
  LEGEND_UNDECIDED,
  { cls: 'queued', mark: '', name: 'core.legend.queued', short: 'core.legend.queued.short', long: 'core.legend.queued.short' },
  { cls: 'popped', mark: '', name: 'core.legend.popped', short: 'core.legend.popped.short', long: 'core.legend.popped.long' },
  { cls: 'pred', mark: '', name: 'core.legend.pred', short: 'core.legend.pred.short', long: 'core.legend.pred.short' },
  { cls: 'selected', mark: '', name: 'core.legend.selected', short: 'core.legend.selected.short', long: 'core.legend.selected.short' },
  { cls: 'hole', mark: '', name: 'core.legend.hole', short: 'core.legend.hole.short', long: 'core.legend.hole.short' },
  { cls: 'bands', mark: '', name: 'core.legend.bands', short: 'core.legend.bands.short', long: 'core.legend.bands.short' },
  LEGEND_FLAG,
];

/** What the compact legend says of its strip's marks and numbers: one whole sentence, two lines on a phone. */
const NOTE = 'core.legend.note';

/** The ring's words for the element `el`; its picture (`el._spec.view`) says when playback skipped the last checks. */
export class RingWords {
  /** The keys of the core's sentences that name a ring's things, and what its undecided value is called. */
  kind = {
    enter: 'core.keys.enter.state',
    jump: 'core.keys.jump.state',
    zoom: 'core.keys.zoom.ring',
    quizKey: 'core.keys.answer.loop',
    draw: 'Loop',
    // The words the quiz (core.quiz.idle.*) and the error box (core.error.*) say of them, which come with those parts.
    target: 'state',
    noun: 'game',
  };
  /** A line that replaces the narration while set (a game's commentary), or null. */
  caption = null;
  #el;
  #help = h('p', { className: 'hint', id: 'ring-help' });

  #say; // the narration of events (ring/narrate.js, fetched when the first event is told)

  constructor(el) {
    this.#el = el;
    const redraw = () => el._redraw();
    const narrator = el._lazy(el._files.narrate, { made: (m) => m.narrator(NARRATE_WORDS), ready: redraw, failed: redraw });
    this.#say = sayWith(el, narrator, 'core.narration.unloaded');
    // A game's commentary ends with its ring.
    el._use({
      loaded: () => {
        this.caption = null;
      },
    });
  }

  labels() {
    const t = (key) => this.#el._t(key);
    return { id: 'ring', roledescription: t('ring.canvas.role'), label: t('ring.canvas.label') };
  }

  legend() {
    return { entries: LEGEND, note: NOTE };
  }

  sideKids(mode, controls, compact, full) {
    const p = this.#el._parts;
    this.#help.textContent = this.#el._t('ring.help');
    // A one-line legend by the ring when the side column sits below it (phones); the full one beside it.
    if (mode === 'full') return [compact, p.narration, p.term, controls, p.known, full, h('slot', { name: 'side' }), this.#help];
    return mode === 'compact' ? [p.narration, p.term, controls, compact] : [p.narration];
  }

  known(game) {
    const el = this.#el;
    const params = { resolved: game.resolved, count: game.total, loops: el._t('ring.loops', { count: game.total - game.resolved }) };
    return game.done ? el._t('ring.known.done', params) : el._t('ring.known', params);
  }

  narration(game) {
    const el = this.#el;
    const note = el._spec.view.skipped;
    // The start needs no narrator: a ring shown and never played never fetches it.
    if (!note && !game.event) return el._t('ring.say.start');
    return this.#say(game.position, (n) => (note ? n.skipNote(el._words, note.left, note.loops) : n.narrate(el._g, game.event, el._words)));
  }

  /** The glossary entry: the checks' when playback skipped them, else the event's. */
  term() {
    return this.#el._spec.view.skipped ? 'skip' : undefined;
  }

  keys() {
    const el = this.#el;
    // Round the ring's positions (the core's first to n - 1), on a track of the core's players.
    const { player: players, firstPos: first } = LAYOUT.ring;
    const moveSel = (player, d) => {
      const g = el._g;
      if (!g) return;
      const m = g.n - first;
      const cur = el._sel || { p: players[0], pos: d > 0 ? first - 1 : first };
      el.select(player || cur.p, ((((cur.pos - first + d) % m) + m) % m) + first);
    };
    return [
      {
        keys: ['ArrowLeft', 'ArrowRight'],
        shift: true,
        label: 'Shift + ← →',
        what: el._t('ring.keys.position'),
        run: (e) => moveSel(0, e.key === 'ArrowLeft' ? -1 : 1),
      },
      { keys: ['PageUp', 'PageDown'], label: 'Shift + ← →', what: '', run: (e) => moveSel(0, e.key === 'PageUp' ? -10 : 10) },
      {
        keys: ['ArrowUp', 'ArrowDown'],
        shift: true,
        label: 'Shift + ↑ ↓',
        what: el._t('ring.keys.track'),
        run: (e) => moveSel(players[e.key === 'ArrowUp' ? 0 : 1], 0),
      },
    ];
  }
}
