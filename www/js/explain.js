// explain.js: pure text in plain words: the narration of each event, and the inspector's account of a state.

// A game context `g` is { n, steps: [, s1, s2] (ascending), out, dep, best, layout }, where
// out, dep and best hold the final Outcome codes, the depths and the core's best moves
// (Solution.bestMoves) at (player - 1) * n + pos, and `layout` is the core's layout()
// (Outcome codes, snapshot bits). A state's moves come from the core too (Solution.moves:
// rows of [step, succ, outcome, depth]): nothing here knows where a move leads, what a
// code means or where a bit sits.

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

const other = (p) => 3 - p;
const at = (g, p, i) => (p - 1) * g.n + i;

/** An Outcome code as a word. */
export function outcomeWord(g, o) {
  const c = g.layout.outcome;
  return o === c.win ? 'Win' : o === c.lose ? 'Lose' : 'Loop';
}

/**
 * Who makes the moves of a game that lasts `d` moves (plies) from a state where player
 * `p` moves: "(3 each)", "(2 by player 1, 1 by player 2)"; nothing for one move.
 */
export function plies(p, d) {
  if (d <= 1) return '';
  if (d % 2 === 0) return ` (${fmt(d / 2)} each)`;
  return ` (${fmt((d + 1) / 2)} by player ${p}, ${fmt((d - 1) / 2)} by player ${other(p)})`;
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

/** A final value with who moves: "Lose in 6 moves (3 each)". */
export function valueLong(g, p, i) {
  const o = g.out[at(g, p, i)];
  if (o === g.layout.outcome.loop) return 'Loop: neither player can force a win, so with best play the game never ends';
  const d = g.dep[at(g, p, i)];
  return `${inMoves(outcomeWord(g, o), d)}${plies(p, d)}`;
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
  const q = p ? other(p) : 0;
  const who = `Player ${p} at ${fmt(pos)}`;
  switch (ev.kind) {
    case 'resolve':
      if (ev.outcome === 'Win') {
        return ev.succ === 0
          ? `${who} can step +${fmt(ev.step)} onto the hole and win at once: Win in 1 move.`
          : `${who} can step +${fmt(ev.step)} to ${fmt(ev.succ)}, where player ${q} is sure to lose. So ${who.toLowerCase()} wins: ${inMoves('Win', ev.depth)}${plies(p, ev.depth)}.`;
      }
      return `${who}: ${allMoves(g.steps[p].length)} ${g.steps[p].length === 1 ? 'hands' : 'hand'} player ${q} a win. So ${who.toLowerCase()} loses: ${inMoves('Lose', ev.depth)}${plies(p, ev.depth)}.`;
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

/** Each move of a player-`p` state, from the core's rows: { step, to, hole, text, out, dep }. */
export function movesOf(g, p, rows) {
  const q = other(p);
  const c = g.layout.outcome;
  const w = g.layout.moveWords;
  const out = [];
  for (let k = 0; k + w <= rows.length; k += w) {
    const [step, j, o, d] = [rows[k], rows[k + 1], rows[k + 2], rows[k + 3]];
    if (j === 0) out.push({ step, to: 0, hole: true, out: c.win, dep: 0, text: `+${fmt(step)} onto the hole: an immediate win` });
    else
      out.push({
        step,
        to: j,
        hole: false,
        out: o,
        dep: d,
        text: `+${fmt(step)} → ${fmt(j)}: player ${q} ${o === c.loop ? 'Loop' : inMoves(outcomeWord(g, o), d)}`,
      });
  }
  return out;
}

/**
 * What the inspector says about state (p, i): { title, value, best, why, live, moves, hidden }.
 * `rows` are its moves from the core (Solution.moves); `live` is the snapshot word at the
 * animation's current step, or undefined. With `quiz`, a state the search has not decided
 * yet keeps its answer hidden (`hidden: true`): only what is known at this step is said.
 */
export function describe(g, p, i, rows, live, done, quiz = false) {
  const q = other(p);
  const o = g.out[at(g, p, i)];
  const d = g.dep[at(g, p, i)];
  const c = g.layout.outcome;
  const moves = movesOf(g, p, rows);
  const best = g.best[at(g, p, i)];
  const bm = moves.find((m) => m.step === best);
  let why;
  if (o === c.win) {
    const wins = moves.filter((m) => m.hole || m.out === c.lose).length;
    why = bm.hole
      ? `+${fmt(best)} lands on the hole: an immediate win.`
      : `+${fmt(best)} → ${fmt(bm.to)} leaves player ${q} in a losing state (${inMoves('Lose', bm.dep)}), so player ${p} wins in ${count(d, 'move')}.`;
    if (wins > 1) why += ` It is the fastest of ${fmt(wins)} winning moves.`;
  } else if (o === c.lose) {
    why = `${moveList(moves)}: every move hands player ${q} a win. The move that holds out longest is +${fmt(best)} → ${fmt(bm.to)}: player ${p} loses in ${count(d, 'move')}.`;
  } else {
    const loops = moves.filter((m) => m.out === c.loop);
    why = `No move reaches the hole or a state that player ${q} loses from, so player ${p} cannot force a win. But ${moveList(loops, 3)} ${loops.length === 1 ? 'is a Loop' : 'are Loops'} for player ${q}, so player ${p} never has to lose.`;
  }
  let liveText;
  let known = true;
  if (live !== undefined) {
    const s = decode(g, live);
    known = s.value !== 'Unknown';
    if (!known) {
      const of = count(moves.length, 'move');
      liveText =
        s.num === 1
          ? `Not decided yet at this step: 1 move of ${of} is still open (not yet known to hand player ${q} a win).`
          : `Not decided yet at this step: ${fmt(s.num)} moves of ${of} are still open (not yet known to hand player ${q} a win).`;
    } else if (s.value === 'Loop') {
      liveText = 'Decided at this step: Loop (the search is over and never decided it).';
    } else {
      const where = s.current ? ' It is being looked at now.' : s.queued ? ' It waits in the queue to be looked at.' : '';
      liveText = `Decided at this step: ${inMoves(s.value, s.num)}.${where}`;
    }
    if (done && known) liveText = liveText.replace(' at this step', '');
  }
  const title = `Player ${p} to move, token at ${fmt(i)}`;
  if (quiz && !known) {
    return {
      title,
      value: 'Hidden until the search decides it (answers are hidden).',
      best: 'Hidden.',
      why: 'Is it a Win, a Lose or a Loop? Guess, then step on until the search decides it.',
      live: liveText,
      bestStep: undefined,
      moves: moves.map((m) => ({ ...m, text: m.hole ? m.text : `+${fmt(m.step)} → ${fmt(m.to)}` })),
      hidden: true,
    };
  }
  return {
    title,
    value: valueLong(g, p, i),
    best: bm.hole ? `+${fmt(best)}: onto the hole` : `+${fmt(best)} → ${fmt(bm.to)} (player ${q} there: ${valueText(g, q, bm.to)})`,
    why,
    live: liveText,
    bestStep: best,
    moves,
    hidden: false,
  };
}
