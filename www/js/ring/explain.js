// explain.js: the ring's facts in the reader's words: the narration of each event, and the values in words the inspector's account of a state (ring/inspect.js) uses too.

import { words as wordsFor } from '../element/i18n.js';
import { otherPlayer, stateIndex } from '../workers/states.js';

// A game context `g` is { n, steps: [, s1, s2] (ascending), out, dep, best, layout }, where
// out, dep and best hold the final Outcome codes, the depths and the core's best moves
// (Solution.bestMoves) at the core's state index (states.js), and `layout` is the core's layout()
// (Outcome codes, snapshot bits). The inspector's account of a state puts into words what
// the core says about it (Solution.explain: its value, each move with where it leads and
// what that is worth, the best move and the rule that decides it): nothing here knows
// where a move leads, which rule applies, what a code means or where a bit sits. (The
// narration of an event names the other player and reads a state's final value through
// states.js, the core's numbering.)
//
// Every sentence is one message of the reader's catalog (`ring.*` in www/js/i18n/*.js),
// taken from `w`, the reader's words (element/i18n.js `Words`: the element's language and
// terms; English when not given). A hole holds a number, or a whole phrase that is a
// message of its own (a value: "Win in 3 moves (2 by player 1, 1 by player 2)").

/** English words, for callers that give none (tests, exports of an English page). */
export const EN = wordsFor('en');

const at = (g, p, i) => stateIndex(g.n, p, i);

// ---- values in words -------------------------------------------------------------------------

/** A game of `d` moves (plies) as a noun phrase: "3 moves", "3 步". */
export const lasting = (w, d) => w.t('ring.plies', { count: d });

/** The core's value ('Win', 'Lose' or 'Loop') and depth as words: "Win in 3 moves", "Loop". */
export function valueWords(w, outcome, depth) {
  if (outcome === 'Win') return w.t('ring.value.win', { count: depth });
  if (outcome === 'Lose') return w.t('ring.value.lose', { count: depth });
  return w.t('ring.value.loop');
}

/**
 * A value with who makes its moves, from a state where player `p` moves and `q` answers, the
 * core's `plies` (`{ mover, opponent }`: the moves each makes, from its event or facts):
 * "Win in 3 moves (2 by player 1, 1 by player 2)", "Lose in 2 moves (1 each)"; a game of one
 * move, or a Loop, as `valueWords` says it.
 */
export function valueByPlayers(w, outcome, d, plies, p, q) {
  if (d <= 1 || outcome === 'Loop' || !plies) return valueWords(w, outcome, d);
  const win = outcome === 'Win';
  if (plies.mover === plies.opponent) return w.t(win ? 'ring.value.win.each' : 'ring.value.lose.each', { count: d, each: plies.mover });
  return w.t(win ? 'ring.value.win.split' : 'ring.value.lose.split', { count: d, p, q, more: plies.mover, fewer: plies.opponent });
}

/** An Outcome code and a depth as words (the code named as the core names it). */
function codeWords(g, w, o, d) {
  return valueWords(w, g.layout.outcomeNames[o], d);
}

/** A final value as words: "Win in 3 moves", "Lose in 2 moves", "Loop". */
export function valueText(g, p, i, w = EN) {
  return codeWords(g, w, g.out[at(g, p, i)], g.dep[at(g, p, i)]);
}

/** A snapshot word's fields, read with the core's layout: value ('Win', 'Lose', 'Loop', 'Unknown'), queued, current, number. */
export function decode(g, w) {
  const b = g.layout.snapshot;
  const v = w & b.valueMask;
  const value = v === b.win ? 'Win' : v === b.lose ? 'Lose' : v === b.loop ? 'Loop' : 'Unknown';
  return { value, queued: (w & b.queued) !== 0, current: (w & b.current) !== 0, num: w >>> b.shift };
}

// ---- the narration ---------------------------------------------------------------------------

/** The last line of a run: how many states were never decided (Loops). */
function doneLine(w, loops) {
  if (!loops) return w.t('ring.say.done.none');
  return w.t('ring.say.done', { count: loops });
}

/** One line of narration for an event, in the reader's words `w` (undefined event: the start of the run). */
export function narrate(g, ev, w = EN) {
  if (!ev) return w.t('ring.say.start');
  const { player: p, pos } = ev;
  const q = p ? otherPlayer(p) : 0;
  switch (ev.kind) {
    case 'resolve': {
      const value = valueByPlayers(w, ev.outcome, ev.depth, ev.plies, p, q);
      if (ev.outcome === 'Win') {
        return ev.succ === 0
          ? w.t('ring.say.win.hole', { p, pos, step: ev.step, value })
          : w.t('ring.say.win', { p, pos, q, step: ev.step, succ: ev.succ, value });
      }
      const k = g.steps[p].length;
      if (k === 1) return w.t('ring.say.lose.one', { p, pos, q, value });
      if (k === 2) return w.t('ring.say.lose.two', { p, pos, q, value });
      return w.t('ring.say.lose.all', { p, pos, q, value, count: k });
    }
    case 'pop':
      return w.t('ring.say.pop', { p, pos, q, value: valueWords(w, ev.outcome, ev.depth) });
    case 'update':
      return w.t('ring.say.update', { p, pos, q, step: ev.step, succ: ev.succ, moves: g.steps[p].length, count: ev.left });
    case 'skip':
      return w.t('ring.say.skip', { p, pos, step: ev.step, succ: ev.succ, value: valueText(g, p, pos, w) });
    case 'layer': {
      const params = { depth: ev.depth, lasting: lasting(w, ev.depth), count: ev.count };
      if (ev.count === 1) return w.t('ring.say.layer.one', params);
      if (ev.count === 2) return w.t('ring.say.layer.two', params);
      return w.t('ring.say.layer.all', params);
    }
    case 'done':
      return doneLine(w, ev.loops);
    default:
      return '';
  }
}

/**
 * The line said when playback skips the checks left once every decidable state is
 * decided: `left` checks skipped, `loops` states never decided.
 */
export function skipNote(w, left, loops) {
  return w.t('ring.say.skipped', { count: left, done: doneLine(w, loops) });
}

/**
 * What ring/inspect.js (fetched on the first question about a state, with no imports of
 * its own) puts its words together with: `inspector(INSPECT_WORDS)` there gives its
 * `describe` and `movesOf`.
 */
export const INSPECT_WORDS = { valueWords, valueByPlayers, lasting, decode, en: EN };
