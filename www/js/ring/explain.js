// explain.js: the ring's facts in the reader's words: the narration of each event, and the inspector's account of a state.

import { words as wordsFor } from '../element/i18n.js';
import { otherPlayer, stateIndex } from './states.js';

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
const EN = wordsFor('en');

const at = (g, p, i) => stateIndex(g.n, p, i);

// ---- values in words -------------------------------------------------------------------------

/** A game of `d` moves (plies) as a noun phrase: "3 moves", "3 步". */
const lasting = (w, d) => w.t('ring.plies', { count: d });

/** The core's value ('Win', 'Lose' or 'Loop') and depth as words: "Win in 3 moves", "Loop". */
export function valueWords(w, outcome, depth) {
  if (outcome === 'Win') return w.t('ring.value.win', { count: depth });
  if (outcome === 'Lose') return w.t('ring.value.lose', { count: depth });
  return w.t('ring.value.loop');
}

/**
 * A value with who makes its moves, from a state where player `p` moves and `q` answers:
 * "Win in 3 moves (2 by player 1, 1 by player 2)", "Lose in 2 moves (1 each)"; a game of
 * one move, or a Loop, as `valueWords` says it.
 */
function valueByPlayers(w, outcome, d, p, q) {
  if (d <= 1 || outcome === 'Loop') return valueWords(w, outcome, d);
  const win = outcome === 'Win';
  if (d % 2 === 0) return w.t(win ? 'ring.value.win.each' : 'ring.value.lose.each', { count: d, each: d / 2 });
  return w.t(win ? 'ring.value.win.split' : 'ring.value.lose.split', { count: d, p, q, more: (d + 1) / 2, fewer: (d - 1) / 2 });
}

/** An Outcome code and a depth as words. */
function codeWords(g, w, o, d) {
  const c = g.layout.outcome;
  return valueWords(w, o === c.win ? 'Win' : o === c.lose ? 'Lose' : 'Loop', d);
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

/** The glossary entry (on the rules page) that explains what an event does. */
export const TERM = { resolve: 'decided', pop: 'queue', update: 'open-moves', skip: 'check', layer: 'depth', done: 'loop' };

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
      const value = valueByPlayers(w, ev.outcome, ev.depth, p, q);
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

// ---- the inspector ---------------------------------------------------------------------------

/** Moves joined as the reader's language lists them ("+1 → 2, +2 → 3"; "+1 → 2、+2 → 3"). */
const lists = new Map();
function joined(w, items) {
  if (!lists.has(w.code)) lists.set(w.code, new Intl.ListFormat(w.code, { type: 'conjunction', style: 'narrow' }));
  return lists.get(w.code).format(items);
}

/**
 * "+1 → 2, +2 → 3" for a list of moves, shortened past `max`: "…, +6 → 7, … (500,000 moves
 * in all)" when `count` (how many there are in all, from the core: the facts may list fewer)
 * is more than it shows.
 */
function moveList(w, moves, count, max = 6) {
  const shown = moves.slice(0, max).map((m) => w.t('ring.move.arrow', { step: m.step, to: m.to }));
  if (count > shown.length) shown.push(w.t('ring.move.more', { count }));
  return joined(w, shown);
}

/**
 * Each move the core's facts list (Solution.explain; a state of many moves lists some: its
 * `moveCount` says how many there are), as { step, to, hole, text,
 * title, target, outcome, depth, out, dep } (`out` the Outcome code of `outcome`, `dep` =
 * `depth`). `f.opponent` is who moves where it leads.
 */
export function movesOf(g, f, w = EN) {
  const q = f.opponent;
  return f.moves.map((m) => ({
    step: m.step,
    to: m.to,
    hole: m.hole,
    outcome: m.outcome,
    depth: m.depth,
    out: g.layout.outcome[m.outcome.toLowerCase()],
    dep: m.depth,
    text: m.hole
      ? w.t('ring.move.hole', { step: m.step })
      : w.t('ring.move.to', { step: m.step, to: m.to, q, value: valueWords(w, m.outcome, m.depth) }),
    // The hole is no state to inspect: its move is listed, not a button.
    title: m.hole ? undefined : w.t('ring.move.inspect', { q, to: m.to }),
    target: m.hole ? undefined : { p: q, pos: m.to },
  }));
}

/**
 * Why the state has its value, in words, from the rule the core names (`f.reason`). The
 * facts of a state of many moves list some of them (the best, the Loops the reason names,
 * the smallest steps): every count said is the core's (`f.moveCount`, `r.count`).
 */
function whyText(w, f, moves) {
  const { player: p, opponent: q, depth: d, reason: r } = f;
  const fastest = r.winning > 1;
  switch (r.kind) {
    case 'hole':
      return w.t(fastest ? 'ring.why.hole.fastest' : 'ring.why.hole', { step: r.step, winning: r.winning });
    case 'moveToLose': {
      const params = { step: r.step, to: r.to, p, q, value: valueWords(w, 'Lose', r.depth), lasting: lasting(w, d), winning: r.winning };
      return w.t(fastest ? 'ring.why.moveToLose.fastest' : 'ring.why.moveToLose', params);
    }
    case 'everyMoveToWin':
      return w.t('ring.why.everyMoveToWin', { list: moveList(w, moves, f.moveCount), p, q, step: r.step, to: r.to, lasting: lasting(w, d) });
    default: {
      const loops = moves.filter((m) => r.loops.includes(m.step));
      return w.t('ring.why.loop', { p, q, list: moveList(w, loops, r.count, 3), count: r.count });
    }
  }
}

/**
 * What the snapshot word `live` (undefined: none) says of state `f` (the core's facts) at
 * the shown step, in words: `{ known, liveText }`. `moves`: how many moves it has; `done`:
 * the search is over.
 */
function liveWords(g, w, live, f, moves, done) {
  if (live === undefined) return { known: true, liveText: undefined };
  const s = decode(g, live);
  const q = f.opponent;
  if (s.value === 'Unknown') {
    return { known: false, liveText: w.t('ring.live.open', { count: s.num, q, of: w.t('ring.options', { count: moves }) }) };
  }
  if (s.value === 'Loop') return { known: true, liveText: w.t(done ? 'ring.live.loop.done' : 'ring.live.loop') };
  // When it was decided, not what: the value is the line above (once decided, it is the final one).
  if (done) return { known: true, liveText: w.t('ring.live.decided.done') };
  const key = s.current ? 'ring.live.decided.current' : s.queued ? 'ring.live.decided.queued' : 'ring.live.decided';
  return { known: true, liveText: w.t(key) };
}

/**
 * What the inspector says about a state: { title, value, best, why, live, moves, moveCount, bestStep, hidden },
 * in the reader's words `w`. `moves` are the moves the core's facts list (all of them up to
 * its bound, else the best, the Loops named and the smallest steps); `moveCount` is how many
 * there are in all, so a list that shows fewer can say so.
 * `f` is what the core says about it (Solution.explain: its value, moves, best move and the
 * rule that decides it): this only puts those facts into words. `snap` is the snapshot at
 * the animation's current step (indexed by the core's `f.state`), or undefined. With `quiz`,
 * a state the search has not decided yet keeps its answer hidden (`hidden: true`): only
 * what is known at this step is said; `quiz` 'ask' hides it whatever the step (the quiz
 * asks for it).
 */
export function describe(g, f, snap, done, quiz = false, w = EN) {
  const { player: p, opponent: q, pos: i } = f;
  const moves = movesOf(g, f, w);
  const bm = moves.find((m) => m.step === f.best);
  const { known, liveText } = liveWords(g, w, snap?.[f.state], f, f.moveCount, done);
  const title = w.t('ring.state.title', { p, pos: i });
  const asked = quiz === 'ask';
  if ((quiz && !known) || asked) {
    return {
      title,
      value: w.t(asked ? 'ring.hidden.asked' : 'ring.hidden.value'),
      best: w.t('ring.hidden.best'),
      why: w.t(asked ? 'ring.hidden.why.asked' : 'ring.hidden.why'),
      live: asked && known ? w.t('ring.hidden.live') : liveText,
      bestStep: undefined,
      moves: moves.map((m) => ({ ...m, text: m.hole ? m.text : w.t('ring.move.arrow', { step: m.step, to: m.to }) })),
      moveCount: f.moveCount,
      hidden: true,
    };
  }
  const value = f.outcome === 'Loop' ? w.t('ring.state.loop') : valueByPlayers(w, f.outcome, f.depth, p, q);
  return {
    title,
    value,
    best: bm.hole
      ? w.t('ring.best.hole', { step: f.best })
      : w.t('ring.best.to', { step: f.best, to: bm.to, q, value: valueWords(w, bm.outcome, bm.depth) }),
    why: whyText(w, f, moves),
    live: liveText,
    bestStep: f.best,
    moves,
    moveCount: f.moveCount,
    hidden: false,
  };
}
