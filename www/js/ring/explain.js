// explain.js: pure text in plain words: the narration of each event, and the inspector's account of a state.

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

/** A number as the page writes every number: 199,977. */
export const fmt = (x) => Number(x).toLocaleString('en-US');

/** "1 state", "2 states", "1,000 states". */
export function count(k, word, many = `${word}s`) {
  return `${fmt(k)} ${k === 1 ? word : many}`;
}

/** "its only move", "both of its moves", "all 3 of its moves". */
export function allMoves(k) {
  if (k === 1) return 'its only move';
  if (k === 2) return 'both of its moves';
  return `all ${fmt(k)} of its moves`;
}

const at = (g, p, i) => stateIndex(g.n, p, i);

/** An Outcome code as a word. */
export function outcomeWord(g, o, draw = 'Loop') {
  const c = g.layout.outcome;
  return o === c.win ? 'Win' : o === c.lose ? 'Lose' : draw;
}

/**
 * Who makes the moves of a game that lasts `d` moves (plies) from a state where player
 * `p` moves and `q` answers: "(3 each)", "(2 by player 1, 1 by player 2)"; nothing for one move.
 */
export function plies(p, d, q) {
  if (d <= 1) return '';
  if (d % 2 === 0) return ` (${fmt(d / 2)} each)`;
  return ` (${fmt((d + 1) / 2)} by player ${p}, ${fmt((d - 1) / 2)} by player ${q})`;
}

/** "Win in 3 moves", "Lose in 1 move"... for an outcome word and a depth. */
export function inMoves(word, d) {
  return `${word} in ${count(d, 'move')}`;
}

/** A final value as words: "Win in 3 moves", "Lose in 2 moves", "Loop". */
export function valueText(g, p, i) {
  const o = g.out[at(g, p, i)];
  return o === g.layout.outcome.loop ? 'Loop' : inMoves(outcomeWord(g, o), g.dep[at(g, p, i)]);
}

/** A snapshot word's fields, read with the core's layout: value as a word, queued, current, number. */
export function decode(g, w) {
  const b = g.layout.snapshot;
  const v = w & b.valueMask;
  const value = v === b.win ? 'Win' : v === b.lose ? 'Lose' : v === b.loop ? 'Loop' : 'Unknown';
  return { value, queued: (w & b.queued) !== 0, current: (w & b.current) !== 0, num: w >>> b.shift };
}

/** The glossary entry (on the rules page) that explains what an event does. */
export const TERM = { resolve: 'decided', pop: 'queue', update: 'open-moves', skip: 'check', layer: 'depth', done: 'loop' };

/** One line of narration for an event, in plain words (undefined: the start of the run). */
export function narrate(g, ev) {
  if (!ev) return 'Start: nothing is known yet. The search begins at the hole and works backwards from it. Press Play or Step.';
  const { player: p, pos } = ev;
  const q = p ? otherPlayer(p) : 0;
  const who = `Player ${p} at ${fmt(pos)}`;
  switch (ev.kind) {
    case 'resolve':
      if (ev.outcome === 'Win') {
        return ev.succ === 0
          ? `${who} can step +${fmt(ev.step)} onto the hole and win at once: Win in 1 move.`
          : `${who} can step +${fmt(ev.step)} to ${fmt(ev.succ)}, where player ${q} is sure to lose. So ${who.toLowerCase()} wins: ${inMoves('Win', ev.depth)}${plies(p, ev.depth, q)}.`;
      }
      return `${who}: ${allMoves(g.steps[p].length)} ${g.steps[p].length === 1 ? 'hands' : 'hand'} player ${q} a win. So ${who.toLowerCase()} loses: ${inMoves('Lose', ev.depth)}${plies(p, ev.depth, q)}.`;
    case 'pop':
      return `Now looking at player ${p} at ${fmt(pos)} (${inMoves(ev.outcome, ev.depth)}). Every player ${q} state that can move here is checked next.`;
    case 'update': {
      const k = fmt(g.steps[p].length);
      const open = ev.left === 1 ? `1 of its ${k} moves is still open` : `${fmt(ev.left)} of its ${k} moves are still open`;
      return `${who} could step +${fmt(ev.step)} to ${fmt(ev.succ)}, but that hands player ${q} a win. ${open}.`;
    }
    case 'skip':
      return `${who} could step +${fmt(ev.step)} to ${fmt(ev.succ)}, but ${who.toLowerCase()} is already decided (${valueText(g, p, pos)}): nothing changes.`;
    case 'layer':
      if (ev.count === 1)
        return `Depth ${fmt(ev.depth)} is complete: the only state whose game lasts exactly ${count(ev.depth, 'move')} is now known.`;
      return `Depth ${fmt(ev.depth)} is complete: ${ev.count === 2 ? 'both states' : `all ${fmt(ev.count)} states`} whose game lasts exactly ${count(ev.depth, 'move')} are now known.`;
    case 'done':
      if (!ev.loops) return 'Done: every state is decided, so no state is a Loop.';
      return ev.loops === 1
        ? 'Done: nothing is left to check. The 1 state never decided is a Loop: from there neither player can force a win, so with best play the game never ends.'
        : `Done: nothing is left to check. The ${fmt(ev.loops)} states never decided are Loops: from there neither player can force a win, so with best play the game never ends.`;
    default:
      return '';
  }
}

/** "+1 → 2, +2 → 3" for a list of moves, shortened past `max`. */
function moveList(moves, max = 6) {
  const shown = moves.slice(0, max).map((m) => `+${fmt(m.step)} → ${fmt(m.to)}`);
  if (moves.length > max) shown.push(`… (${count(moves.length, 'move')} in all)`);
  return shown.join(', ');
}

/** A value of the core's facts ("Win", "Lose", "Loop" and a depth) as words: "Win in 3 moves", "Loop" (or `draw`). */
export function factValue(outcome, depth, draw = 'Loop') {
  return outcome === 'Loop' ? draw : inMoves(outcome, depth);
}

/**
 * Each move of a state, from the core's facts (Solution.explain): { step, to, hole, text,
 * title, target, outcome, depth, out, dep } (`out` the Outcome code of `outcome`, `dep` =
 * `depth`). `f.opponent` is who moves where it leads.
 */
export function movesOf(g, f) {
  const q = f.opponent;
  return f.moves.map((m) => ({
    step: m.step,
    to: m.to,
    hole: m.hole,
    outcome: m.outcome,
    depth: m.depth,
    out: g.layout.outcome[m.outcome.toLowerCase()],
    dep: m.depth,
    text: m.hole ? `+${fmt(m.step)} onto the hole: an immediate win` : `+${fmt(m.step)} → ${fmt(m.to)}: player ${q} ${factValue(m.outcome, m.depth)}`,
    // The hole is no state to inspect: its move is listed, not a button.
    title: m.hole ? undefined : `Inspect player ${q} at ${m.to}`,
    target: m.hole ? undefined : { p: q, pos: m.to },
  }));
}

/** Why the state has its value, in words, from the rule the core names (`f.reason`). */
function whyText(f, moves) {
  const { player: p, opponent: q, depth: d, reason: r } = f;
  switch (r.kind) {
    case 'hole':
    case 'moveToLose': {
      let why =
        r.kind === 'hole'
          ? `+${fmt(r.step)} lands on the hole: an immediate win.`
          : `+${fmt(r.step)} → ${fmt(r.to)} leaves player ${q} in a losing state (${inMoves('Lose', r.depth)}), so player ${p} wins in ${count(d, 'move')}.`;
      if (r.winning > 1) why += ` It is the fastest of ${fmt(r.winning)} winning moves.`;
      return why;
    }
    case 'everyMoveToWin':
      return `${moveList(moves)}: every move hands player ${q} a win. The move that holds out longest is +${fmt(r.step)} → ${fmt(r.to)}: player ${p} loses in ${count(d, 'move')}.`;
    default: {
      const loops = moves.filter((m) => r.loops.includes(m.step));
      return `No move reaches the hole or a state that player ${q} loses from, so player ${p} cannot force a win. But ${moveList(loops, 3)} ${loops.length === 1 ? 'is a Loop' : 'are Loops'} for player ${q}, so player ${p} never has to lose.`;
    }
  }
}

/**
 * What the snapshot word `live` (undefined: none) says of a state or a vertex at the
 * shown step: `{ known, liveText }`. `moves`: how many moves it has; `opponent`: who is
 * handed a win ("player 2", "the opponent"); `draw`: the word for a draw; `done`: the
 * search is over.
 */
export function liveStatus(g, live, { moves, opponent, draw, done }) {
  if (live === undefined) return { known: true, liveText: undefined };
  const s = decode(g, live);
  const known = s.value !== 'Unknown';
  let liveText;
  if (!known) {
    const of = count(moves, 'move');
    liveText =
      s.num === 1
        ? `Not decided yet at this step: 1 move of ${of} is still open (not yet known to hand ${opponent} a win).`
        : `Not decided yet at this step: ${fmt(s.num)} moves of ${of} are still open (not yet known to hand ${opponent} a win).`;
  } else if (s.value === 'Loop') {
    liveText = `Decided at this step: ${draw} (the search is over and never decided it).`;
  } else {
    const where = s.current ? ' It is being looked at now.' : s.queued ? ' It waits in the queue to be looked at.' : '';
    liveText = `Decided at this step: ${inMoves(s.value, s.num)}.${where}`;
  }
  if (done && known) liveText = liveText.replace(' at this step', '');
  return { known, liveText };
}

/**
 * What the inspector says about a state: { title, value, best, why, live, moves, bestStep, hidden }.
 * `f` is what the core says about it (Solution.explain: its value, moves, best move and the
 * rule that decides it): this only puts those facts into words. `snap` is the snapshot at
 * the animation's current step (indexed by the core's `f.state`), or undefined. With `quiz`,
 * a state the search has not decided yet keeps its answer hidden (`hidden: true`): only
 * what is known at this step is said; `quiz` 'ask' hides it whatever the step (the quiz
 * asks for it).
 */
export function describe(g, f, snap, done, quiz = false) {
  const { player: p, opponent: q, pos: i } = f;
  const moves = movesOf(g, f);
  const bm = moves.find((m) => m.step === f.best);
  const { known, liveText } = liveStatus(g, snap?.[f.state], { moves: moves.length, opponent: `player ${q}`, draw: 'Loop', done });
  const title = `Player ${p} to move, token at ${fmt(i)}`;
  const asked = quiz === 'ask';
  if ((quiz && !known) || asked) {
    return {
      title,
      value: asked ? 'Hidden: the quiz asks you for it.' : 'Hidden until the search decides it (answers are hidden).',
      best: 'Hidden.',
      why: asked
        ? 'Is it a Win, a Lose or a Loop? Look at where its moves lead, then answer.'
        : 'Is it a Win, a Lose or a Loop? Guess, then step on until the search decides it.',
      live: asked && known ? 'Decided by this step: its value is the question.' : liveText,
      bestStep: undefined,
      moves: moves.map((m) => ({ ...m, text: m.hole ? m.text : `+${fmt(m.step)} → ${fmt(m.to)}` })),
      hidden: true,
    };
  }
  const value =
    f.outcome === 'Loop'
      ? 'Loop: neither player can force a win, so with best play the game never ends'
      : `${inMoves(f.outcome, f.depth)}${plies(p, f.depth, q)}`;
  return {
    title,
    value,
    best: bm.hole ? `+${fmt(f.best)}: onto the hole` : `+${fmt(f.best)} → ${fmt(bm.to)} (player ${q} there: ${factValue(bm.outcome, bm.depth)})`,
    why: whyText(f, moves),
    live: liveText,
    bestStep: f.best,
    moves,
    hidden: false,
  };
}
